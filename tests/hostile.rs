//! Hostile input, generated in memory (never committed as large files): deep
//! nesting, huge tables, giant lines, unclosed fences, runs of `[` and `*`, and
//! hostile selectors. Each must finish with the right answer; a panic, hang or
//! runaway allocation fails the suite. Inputs whose point is their size (a
//! million headings) are `scale.rs`'s, run in release.

use crate::common;

use common::bin::{fixtures, mdsel, mdsel_in};
use common::memory::{self, CommandKind, ErrorCode, Report, Run};
use common::scratch::Scratch;

/// The whole index: `full` lifts the response budget, so the whole
/// answer can be checked.
pub(crate) fn index(text: &str) -> String {
    index_with(Run::index().full(), text)
}

/// The index as the default budget shows it.
pub(crate) fn index_fitted(text: &str) -> String {
    index_with(Run::index(), text)
}

fn index_with(run: Run, text: &str) -> String {
    let r = run.doc("hostile.md", text).threads(1).report();
    let out = memory::text(&r);
    memory::json_bytes(&r);
    String::from_utf8(out).unwrap()
}

pub(crate) fn select(text: &str, selector: &str) -> Report {
    let r = Run::select(selector)
        .doc("hostile.md", text)
        .threads(1)
        .full()
        .report();
    memory::text(&r);
    memory::json_bytes(&r);
    r
}

pub(crate) fn selected(r: &Report) -> Vec<&str> {
    r.matches.iter().map(|m| memory::matched(r, m)).collect()
}

#[test]
fn fifty_thousand_nested_blockquotes() {
    let text = format!("{} deep\n", ">".repeat(50_000));
    assert_eq!(index(&text), "root (2w)\n---\nquote:1\n");
    let path = vec!["quote.0"; 200].join("/");
    let r = select(&text, &path);
    assert_eq!(r.exit_code(), 0);
    assert_eq!(
        selected(&r),
        [text.as_str()],
        "every nested quote is the same line"
    );
}

#[test]
fn fifty_thousand_nested_list_items() {
    let text = format!("{}x\n", "- ".repeat(50_000));
    assert_eq!(index(&text), "root (50001w)\n---\nlist:1\n");
    let r = select(&text, "list.0/item.0/list.0/item.0/list.0");
    assert_eq!(r.exit_code(), 0);
    assert_eq!(r.matches[0].selector, "list.0/item.0/list.0/item.0/list.0");
    let r = select(&text, "list.0/item.1");
    assert_eq!(r.exit_code(), 1, "the list has one item");
}

#[test]
fn fifty_thousand_lines_of_nested_lists_and_quotes() {
    let text: String = (0..50_000)
        .map(|i| format!("{}- item {i}\n", " ".repeat((i % 4) * 2)))
        .collect();
    let out = index(&text);
    assert!(out.ends_with("---\nlist:1\n"), "{out}");
    let mixed = format!("{}x\n", "> - ".repeat(25_000));
    assert_eq!(index(&mixed), "root (50001w)\n---\nquote:1\n");
}

#[test]
fn twenty_thousand_column_table() {
    let row = |cell: &str| format!("|{}|\n", vec![cell; 20_000].join("|"));
    let text = format!("{}{}{}", row("h"), row("-"), row("v"));
    assert_eq!(index(&text), "root (3w)\n---\ntable:1\n");
    let r = select(&text, "table.0");
    assert_eq!(selected(&r), [text.as_str()]);
}

#[test]
fn a_hundred_thousand_character_heading() {
    let title = "x".repeat(100_000);
    let text = format!("# {title}\n\nbody\n");
    assert_eq!(index(&text), format!("h1.0 {title} (3w)\n---\npara:1\n"));
    // One line over the budget alone is a page of its own.
    assert_eq!(
        index_fitted(&text),
        format!("h1.0 {title} (3w)\n[page 1/1]\n")
    );
}

#[test]
fn thousands_of_unclosed_fences() {
    // Each fence is shorter than the one before, so none closes another.
    let text: String = (0..3000)
        .rev()
        .map(|n| format!("{}\n", "`".repeat(n + 3)))
        .collect();
    assert_eq!(index(&text), "root (3000w)\n---\ncode:1\n");
    let alternating: String = (0..5000)
        .map(|i| if i % 2 == 0 { "```\n" } else { "~~~~\n" })
        .collect();
    // ``` ~~~~ ``` closes, then ~~~~ ``` ~~~~: three lines a block.
    assert_eq!(index(&alternating), "root (5000w)\n---\ncode:1667\n");
}

#[test]
fn long_runs_of_brackets_and_stars() {
    for text in [
        format!("{}\n", "[".repeat(200_000)),
        format!("{}\n", "*".repeat(200_000)),
        "[a](".repeat(50_000),
    ] {
        let r = select(&text, "*");
        assert_eq!(r.exit_code(), 0);
        let out = index(&text);
        assert!(
            out.starts_with("root (") || out.starts_with("---"),
            "{}",
            &out[..out.len().min(80)]
        );
    }
}

#[test]
fn hostile_selectors_fail_clearly_or_stay_bounded() {
    let text = "# A\n\n## B\n\ntext\n";
    let invalid = |sel: &str| {
        let r = select(text, sel);
        assert_eq!(r.exit_code(), 1, "{}", &sel[..sel.len().min(40)]);
        assert_eq!(
            r.unresolved[0].code(),
            ErrorCode::InvalidSelector,
            "{}",
            &sel[..sel.len().min(40)]
        );
        memory::reason(&r.unresolved[0])
    };
    assert!(invalid(&vec!["h1.0"; 10_000].join("/")).contains("too many steps"));
    assert!(invalid("h2.99999999999999999999999").contains("index too large"));
    assert!(invalid(&format!("h2.0/{}", "h".repeat(1 << 20))).contains("expected at most 65536"));
    let query = select(text, &"h".repeat(1 << 20));
    assert_eq!(
        (query.command, query.matches.len()),
        (CommandKind::Search, 0),
        "plain words search"
    );
    assert!(invalid("h2.٣").contains("expected an index"));
    assert!(invalid("ℌ2.0/x").contains("expected a type"));
    let r = select(text, "h2.0-18446744073709551615");
    assert_eq!(r.exit_code(), 0);
    assert_eq!(r.matches.len(), 1);
    let list: String = (0..10_000)
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let r = select(text, &format!("h2.{list}"));
    assert_eq!(r.matches.len(), 1);
    let r = select(text, &vec!["*"; 256].join("/"));
    assert_eq!(r.exit_code(), 1, "no node is 256 levels deep here");
}

#[test]
fn dev_zero_and_endless_stdin_are_refused() {
    let out = mdsel(&["/dev/zero", "guide.md"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("!NOT_A_FILE: /dev/zero\n"));
    assert!(!out.stdout.is_empty(), "the good file is still indexed");
    let zeros = vec![0u8; 2 << 20];
    let out = mdsel_in(&fixtures(), &["--max-bytes", "1048576", "-"], &zeros);
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("!FILE_TOO_LARGE: -\n"));
}

#[test]
fn oversized_file_is_refused_from_its_metadata() {
    let s = Scratch::new("hostile-big");
    let file = std::fs::File::create(s.join("sparse.md")).unwrap();
    file.set_len(100 << 30).unwrap(); // 100 GiB, sparse: reading it would never end
    let out = mdsel_in(s.path(), &["sparse.md"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with(
            "!FILE_TOO_LARGE: sparse.md\nFile is 107374182400 bytes, over the 67108864-byte limit"
        ),
        "{err}"
    );
}

#[test]
fn no_limit_lets_a_document_past_four_gib() {
    let s = Scratch::new("hostile-4g");
    let file = std::fs::File::create(s.join("huge.md")).unwrap();
    file.set_len(5 << 30).unwrap(); // sparse
    let out = mdsel_in(s.path(), &["--max-bytes", "99999999999", "huge.md"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("over the 4294967295-byte limit"), "{err}");
}

/// Issue 10: when every section matches and most are nested in better hits,
/// search still answers at once with distinct hits (each dropped candidate costs
/// a lookup, not a pass over the document's sections).
#[test]
fn search_over_a_hundred_thousand_matching_sections_stays_bounded() {
    // The first chapter ranks first and holds 499 sections that rank next: each
    // is passed over as nested, before four sections of the next chapter.
    let sections = "## cache\n\ncache cache\n\n".repeat(499);
    let first = format!("# cache cache\n\ncache cache cache\n\n{sections}");
    let text = first + &format!("# cache\n\n{sections}").repeat(199);
    let r = Run::search("cache")
        .doc("hostile.md", &text)
        .threads(1)
        .report();
    memory::text(&r);
    memory::json_bytes(&r);
    assert_eq!(r.matches[0].selector, "h1.0");
    assert_eq!(r.matches.len(), mdsel::DEFAULT_LIMIT);
    let mut spans: Vec<_> = r.matches.iter().map(|m| m.span.clone()).collect();
    spans.sort_by_key(|s| s.start);
    assert!(
        spans.windows(2).all(|w| w[0].end <= w[1].start),
        "hits never nest"
    );
}

/// Issue 38: error text has a budget too. A huge selector is quoted
/// cut; thousands of missing files are one line with a count and examples;
/// what does not fit is counted, never dumped.
#[test]
fn error_text_stays_within_the_budget() {
    let dir = Scratch::with("hostile-errors", &[("f.md", "# F\n\n## A\n\ntext\n")]);
    let huge = format!("h2.0?{}", "x".repeat(20_000));
    let out = common::bin::Mdsel::new(&[&huge, "f.md"])
        .cwd(dir.path())
        .output();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(err.len() < 1_000, "{} bytes", err.len());
    assert!(err.contains("… (+"), "{err}");
    let missing: Vec<String> = (0..20_000).map(|i| format!("missing{i}.md")).collect();
    let mut args = vec!["h2.0", "f.md"];
    args.extend(missing.iter().map(String::as_str));
    let out = common::bin::Mdsel::new(&args).cwd(dir.path()).output();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "## A\n\ntext\n",
        "good results still shown"
    );
    assert!(
        err.starts_with(
            "!FILE_NOT_FOUND: 20,000 files, e.g. missing0.md missing1.md missing2.md …\n"
        ),
        "{err}"
    );
    assert!(err.lines().count() <= 3, "{err}");
    // A few missing files are each named with their suggestions, as before.
    let out = common::bin::Mdsel::new(&["h2.0", "f.md", "g.md", "f.mdx"])
        .cwd(dir.path())
        .output();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("!FILE_NOT_FOUND: g.md\n"), "{err}");
    assert!(err.contains("!FILE_NOT_FOUND: f.mdx\n"), "{err}");
    // Many unresolved selectors: as many as fit, then a count.
    let many: Vec<String> = (0..3000).map(|i| format!("h6.{i}")).collect();
    let args: Vec<&str> = many.iter().map(String::as_str).chain(["f.md"]).collect();
    let out = common::bin::Mdsel::new(&args).cwd(dir.path()).output();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.len() <= 16 * 2000 + 200, "{} bytes", err.len());
    assert!(
        err.trim_end().ends_with("left out · all: --full]"),
        "{}",
        &err[err.len() - 200..]
    );
}

/// Issue 38: a newline, a tab or U+202E in a file or folder name would split
/// or garble its line; such names print in the shell's `$'…'` quoting, one
/// line each, and run when pasted.
#[cfg(unix)]
#[test]
fn names_that_would_garble_a_line_are_escaped() {
    let dir = Scratch::new("hostile-names");
    let names = ["a\nb/new\nline.md", "t\tab/r\u{202e}dm.md"];
    for (k, name) in names.iter().enumerate() {
        dir.write(name, format!("# A{k}\n\n## X\n\nneedle {k}\n"));
    }
    let run = |args: &[&str]| {
        let out = common::bin::Mdsel::new(args).cwd(dir.path()).output();
        String::from_utf8(out.stdout).unwrap()
    };
    let index = run(&["index", "."]);
    assert!(!index.contains(['\t', '\u{202e}']), "{index:?}");
    // Each folder's and document's line is one line, its name escaped.
    assert_eq!(index.lines().count(), 12, "{index}");
    assert!(
        index.contains("$'./a\\nb/'\n$'new\\nline.md' (6w)\n"),
        "{index}"
    );
    assert!(
        index.contains("$'./t\\tab/'\n$'r\\u202edm.md' (6w)\n"),
        "{index}"
    );
    // A hit's file line is its path, escaped.
    let hits = run(&["--limit", "2", "search", "needle", "."]);
    let files: Vec<&str> = hits.lines().filter(|l| l.starts_with("$'")).collect();
    assert_eq!(
        files,
        ["$'a\\nb/new\\nline.md'", "$'t\\tab/r\\u202edm.md'"],
        "{hits}"
    );
    for file in files {
        assert!(file.starts_with("$'"), "{file}");
        // Pasted into bash, the name is the file's.
        let out = std::process::Command::new("bash")
            .arg("-c")
            .arg(format!("\"$MDSEL\" h2.0 {file}"))
            .env("MDSEL", env!("CARGO_BIN_EXE_mdsel"))
            .current_dir(dir.path())
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with("## X\n\nneedle "), "{file}: {text}");
    }
}

/// Issue 49 (G18): help and the version are output like any other: written to
/// a full disk, they fail with a message, not a silent success.
#[cfg(target_os = "linux")]
#[test]
fn help_and_version_to_a_full_disk_fail() {
    for arg in ["--help", "--version", "-h", "-V"] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = std::process::Command::new(common::bin::EXE)
            .arg(arg)
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{arg}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("cannot write output"), "{arg}: {err}");
    }
    // To a working output, they succeed.
    let out = mdsel(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8(out.stdout).unwrap().starts_with("mdsel "));
}

/// Issue 49 (G7): a file named to run a command when its name is pasted into a
/// shell (`q;id>pwned.md`, `b$(touch x).md`) gives a namespace of one plain
/// word, and every name and selector printed, pasted into bash as printed,
/// selects its document and runs nothing.
#[cfg(unix)]
#[test]
fn names_that_would_run_a_command_are_never_printed_so() {
    let dir = Scratch::new("hostile-shell-names");
    let names = [
        "q;id>pwned.md",
        "b$(touch ran).md",
        "c`touch ran2`.md",
        "d|e&f.md",
    ];
    for (k, name) in names.iter().enumerate() {
        dir.write(name, format!("# A{k}\n\n## X\n\nneedle {k}\n"));
    }
    let run = |args: &[&str]| {
        let out = common::bin::Mdsel::new(args).cwd(dir.path()).output();
        String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap()
    };
    let bash = |command: &str| {
        std::process::Command::new("bash")
            .arg("-c")
            .arg(format!("\"$MDSEL\" {command}"))
            .env("MDSEL", common::bin::EXE)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let index = run(&["index", "."]);
    let hits = run(&["--limit", "9", "search", "needle", "."]);
    let misses = run(&["nope::h2.0", "."]);
    // The namespaces, as the miss lists them: plain words.
    let loaded = misses.lines().nth(1).unwrap();
    assert!(
        loaded.ends_with("loaded: b__touch-ran_, c_touch-ran2_, d_e_f, q_id_pwned"),
        "{misses}"
    );
    // Every suggestion and every file line, pasted.
    let suggestions = misses.lines().nth(2).unwrap();
    for word in suggestions.split(' ') {
        let out = bash(&format!("{word} ."));
        assert_eq!(
            out.status.code(),
            Some(0),
            "{word}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let files: Vec<&str> = hits.lines().filter(|l| l.starts_with('\'')).collect();
    assert_eq!(files.len(), 4, "{hits}");
    for file in files {
        let out = bash(&format!("h2.0 {file}"));
        assert!(
            String::from_utf8(out.stdout).unwrap().starts_with("## X\n"),
            "{file}"
        );
    }
    assert!(index.contains("'q;id>pwned.md' (6w)\n"), "{index}");
    for canary in ["pwned", "ran", "ran2", "e", "f.md"] {
        assert!(!dir.path().join(canary).exists(), "{canary} was made");
    }
}

/// Issue 49 (G15): text derived from a heading or a passage holds no control
/// characters: an escape sequence in a heading would clear the terminal and
/// set its title when the outline is printed.
#[test]
fn derived_text_holds_no_control_characters() {
    let dir = Scratch::with(
        "hostile-controls",
        &[(
            "a.md",
            "# Title \u{1b}[2J\u{1b}]0;pwned\u{7} x\n\nBody \u{1b}[31mred\u{1b}[0m needle.\n",
        )],
    );
    let controls = |text: &str| text.chars().any(|c| c.is_control() && c != '\n');
    for args in [
        &["index", "a.md"][..],
        &["search", "needle", "a.md"],
        &["search", "title", "a.md"],
    ] {
        let out = common::bin::Mdsel::new(args).cwd(dir.path()).output();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(!text.is_empty() && !controls(&text), "{args:?}: {text:?}");
    }
    // The content itself stays byte-exact.
    let out = common::bin::Mdsel::new(&["h1.0", "a.md"])
        .cwd(dir.path())
        .output();
    assert!(String::from_utf8(out.stdout).unwrap().contains('\u{1b}'));
}

/// Issue 49 (G3): a comma list of thousands is looked up no more than a few
/// hundred at a time; the rest are named as left out, and memory stays small.
#[test]
fn a_comma_list_of_thousands_is_capped() {
    let dir = Scratch::with("hostile-commas", &[("a.md", "# A\n\n## B\n\nb\n")]);
    let list = vec!["#s1"; 16_000].join(",");
    let out = common::bin::Mdsel::new(&[&list, &list, "h2.0", "a.md"])
        .cwd(dir.path())
        .output();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("At most 256 selectors are looked up in one call; 31745 more were left out"),
        "{}",
        &err[..err.len().min(2000)]
    );
    assert!(err.len() < 16 * 2000 + 200, "{} bytes", err.len());
}

/// Issue 49 (G2): a query of a hundred kilobytes is not printed back whole.
#[test]
fn a_huge_query_is_not_echoed() {
    let dir = Scratch::with("hostile-query", &[("a.md", "# A\n\ntext\n")]);
    let query = "zzqq ".repeat(24_000);
    let out = common::bin::Mdsel::new(&["search", &query, "a.md"])
        .cwd(dir.path())
        .output();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stdout.len() + out.stderr.len() < 1000,
        "{}",
        out.stderr.len()
    );
}

/// Issue 49 (G8): a right-sized read's list of subsections fits the budget,
/// however long their titles.
#[test]
fn a_right_sized_read_fits_the_budget() {
    let titles: String = (0..40)
        .map(|i| format!("### {}\n\ntext\n\n", format!("Long title {i} ").repeat(150)))
        .collect();
    let text = format!("## Big\n\n{}\n\n{titles}", "word ".repeat(400));
    let dir = Scratch::with("hostile-read", &[("a.md", text.as_str())]);
    for words in [600, 2000] {
        let out = common::bin::Mdsel::new(&["--max-words", &words.to_string(), "h2.0", "a.md"])
            .cwd(dir.path())
            .output();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            memory::words(&text) <= words + 20,
            "{words}: {} words",
            memory::words(&text)
        );
        assert!(text.len() <= 16 * words, "{words}: {} bytes", text.len());
        assert!(text.ends_with(" · whole: h2.0?full=true]\n"), "{text}");
    }
}

/// Issue 49 (G10): paths missing by the thousand are counted, not each looked
/// for beside its name; a few missing paths still get suggestions, and the
/// files found are read either way.
#[test]
fn many_missing_paths_are_counted_not_searched_for() {
    let files: Vec<(String, String)> = (0..8)
        .map(|i| (format!("docs/guide{i}.md"), format!("# Guide {i}\n")))
        .collect();
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let dir = Scratch::with("hostile-missing", &files);
    let suggested = |missing: usize| {
        let mut args = vec!["--json".to_string(), "h1.0".to_string()];
        args.extend((0..missing).map(|i| format!("docs/guid{i}.md")));
        args.push("docs/guide0.md".to_string());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = common::bin::Mdsel::new(&args).cwd(dir.path()).output();
        assert_eq!(out.status.code(), Some(1));
        let json = common::bin::json(&out);
        assert_eq!(json["data"]["matches"][0]["file"], "docs/guide0.md");
        let errors = json["errors"].as_array().unwrap();
        assert_eq!(errors.len(), missing);
        errors
            .iter()
            .map(|e| e["suggestions"].as_array().unwrap().len())
            .sum::<usize>()
    };
    assert!(suggested(1) > 0);
    assert!(suggested(5) >= 5);
    assert_eq!(suggested(6), 0);
    assert_eq!(suggested(3000), 0);
}

/// Issue 49 (G13): a query word that names something on disk holding no
/// Markdown stays a query word beside other inputs, with a note; written as a
/// path, it is read.
#[test]
fn words_naming_what_holds_no_markdown_stay_query_words() {
    let dir = Scratch::with(
        "hostile-words",
        &[
            ("build/out.o", "binary\n"),
            ("install", "# Not read\n"),
            ("docs/a.md", "# Cache\n\nThe build cache lives in target.\n"),
        ],
    );
    let search = |args: &[&str]| {
        let out = common::bin::Mdsel::new(args).cwd(dir.path()).output();
        common::bin::json(&out)
    };
    let json = search(&["search", "--json", "build", "cache", "docs/"]);
    assert_eq!(json["data"]["query"], "build cache");
    assert_eq!(json["data"]["matches"][0]["file"], "docs/a.md");
    let note = json["warnings"][0].as_str().unwrap();
    assert!(
        note.starts_with("build is a folder holding no Markdown"),
        "{note}"
    );
    let json = search(&["--json", "install", "docs/a.md"]);
    assert_eq!(json["command"], "search");
    assert_eq!(json["data"]["query"], "install");
    let note = json["warnings"][0].as_str().unwrap();
    assert!(note.ends_with("write ./install"), "{note}");
    // Alone, or written as a path, it is read.
    let json = search(&["--json", "./install"]);
    assert_eq!(json["command"], "index");
    assert!(json["warnings"].as_array().unwrap().is_empty());
    // A folder holding Markdown is an input, as before.
    let json = search(&["search", "--json", "cache", "docs"]);
    assert_eq!(json["data"]["query"], "cache");
}

/// Issue 49 (G11): a fold marker's call repeats the options that shaped the
/// response (`--max-bytes`, `--max-words`, `--lines`), so it runs as printed
/// on a file only a raised `--max-bytes` lets in.
#[test]
fn a_fold_marker_repeats_the_options_that_shaped_it() {
    let sections: String = (0..300)
        .map(|i| {
            format!(
                "## Section {i}\n\n{}\n\n### Sub {i}\n\ntext\n\n",
                "word ".repeat(30)
            )
        })
        .collect();
    let text = format!("# Big\n\n{sections}");
    let dir = Scratch::with("hostile-flags", &[("big.md", text.as_str())]);
    let size = text.len().to_string();
    let args = [
        "--max-bytes",
        &size,
        "--max-words",
        "500",
        "--lines",
        "big.md",
    ];
    let out = common::bin::Mdsel::new(&args).cwd(dir.path()).output();
    let text = String::from_utf8(out.stdout).unwrap();
    let marker = text.lines().last().unwrap();
    let call = marker
        .split(" · expand: mdsel ")
        .nth(1)
        .expect(marker)
        .trim_end_matches(']');
    let want = format!("index --max-words 500 --max-bytes {size} --lines ");
    assert!(call.starts_with(&want), "{marker}");
    let words: Vec<&str> = call.split(' ').map(|w| w.trim_matches('\'')).collect();
    let out = common::bin::Mdsel::new(&words).cwd(dir.path()).output();
    assert_eq!(out.status.code(), Some(0), "{marker}");
    let expanded = String::from_utf8(out.stdout).unwrap();
    assert!(
        expanded.lines().nth(1).is_some_and(|l| l.contains(" L")),
        "{expanded}"
    );
}

/// Issue 49 (G1): a call whose flag is set reads no further file, so a server
/// whose client cancelled a request stops its work.
#[test]
fn a_cancelled_call_reads_no_further_file() {
    let files: Vec<(String, String)> = (0..50)
        .map(|i| (format!("d/p{i}.md"), format!("# Page {i}\n\ntext\n")))
        .collect();
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let dir = Scratch::with("hostile-cancel", &files);
    let folder = dir.path().join("d");
    let call = mdsel::Call::new(
        mdsel::Command::Select(vec!["h1.0".to_owned()]),
        vec![mdsel::Input::from_arg(folder.to_str().unwrap())],
    );
    let mut options = mdsel::Options::default();
    options.full = true;
    assert_eq!(mdsel::run(&options, &call).matches.len(), 50);
    options.cancel.cancel();
    assert!(mdsel::run(&options, &call).matches.is_empty());
}

/// Issue 49 (G4): a file under the byte limit that opens more blocks than the
/// limit allows (one per 16 bytes) is refused before it is parsed, saying how
/// to read it; raising `--max-bytes` reads it.
#[test]
fn a_file_of_a_million_tiny_blocks_is_refused_by_its_limit() {
    let text = "#\n".repeat(70_000);
    let dir = Scratch::with("hostile-blocks", &[("e.md", text.as_str())]);
    let run = |max: &str| {
        common::bin::Mdsel::new(&["--max-bytes", max, "e.md"])
            .cwd(dir.path())
            .output()
    };
    let out = run("1000000");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("!FILE_TOO_LARGE: e.md\nFile opens 62501 blocks or more, over the 62500"),
        "{err}"
    );
    assert!(err.contains("raise it with --max-bytes"), "{err}");
    assert_eq!(run("2240000").status.code(), Some(0));
}
