//! Reading economy: a hit says where it is, few telling hits, quoted
//! phrases are literal, reads are right-sized, the first look is lean, words are
//! one query, and a namespace carries over a comma list.

use crate::common;

use common::bin::{Mdsel, hits, json};
use common::scratch::Scratch;

fn run(dir: &Scratch, args: &[&str]) -> (String, String, i32) {
    let out = Mdsel::new(args).cwd(dir.path()).output();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

fn stdout(dir: &Scratch, args: &[&str]) -> String {
    run(dir, args).0
}

/// A guide whose `## Options` section is long, with three subsections.
fn guide() -> String {
    let filler = "Every option below changes how the tool runs. ".repeat(40);
    let filler = filler.trim_end();
    let sub = |name: &str| format!("### {name}\n\n{}\n\n", "word ".repeat(150));
    format!(
        "# Guide\n\nThe guide.\n\n## Options\n\n{filler}\n\n{}{}{}## Other\n\nOther text.\n",
        sub("Colour"),
        sub("Depth"),
        sub("Threads")
    )
}

#[test]
fn a_hit_names_its_file_and_lines() {
    let dir = Scratch::with(
        "economy-where",
        &[(
            "docs/sub/Page.md",
            "# Page\n\nintro\n\n## Needle\n\nthe needle here\n",
        )],
    );
    let out = stdout(&dir, &["search", "needle", "docs"]);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("docs/sub/Page.md"), "{out}");
    let hit = lines.next().unwrap();
    assert!(
        hit.starts_with("h2.0 L5-7 ") && hit.ends_with("% Needle"),
        "{out}"
    );
    // The path above and the selector select it.
    let (section, _, code) = run(&dir, &["h2.0", "docs/sub/Page.md"]);
    assert_eq!(
        (section.as_str(), code),
        ("## Needle\n\nthe needle here\n", 0)
    );
    let j = json(
        &Mdsel::new(&["--json", "search", "needle", "docs"])
            .cwd(dir.path())
            .output(),
    );
    assert_eq!(j["data"]["matches"][0]["file"], "docs/sub/Page.md");
    assert_eq!(j["data"]["matches"][0]["line_start"], 5);
    assert_eq!(j["data"]["matches"][0]["line_end"], 7);
}

#[test]
fn a_files_path_is_printed_once_above_its_hits() {
    let dir = Scratch::with(
        "economy-heading",
        &[
            ("a.md", "## One\n\nneedle here\n\n## Two\n\nneedle there\n"),
            ("b.md", "## Three\n\nneedle again\n"),
        ],
    );
    let out = stdout(&dir, &["--limit", "9", "search", "needle", "."]);
    assert_eq!(out.matches("a.md\n").count(), 1, "{out}");
    assert_eq!(out.matches("b.md\n").count(), 1, "{out}");
    let found = hits(&out);
    assert_eq!(found.len(), 3, "{out}");
    // No namespace is printed: the path gives it.
    assert!(!out.contains("::"), "{out}");
    // Every selector runs as printed, with the path above it.
    for (file, selector) in &found {
        let (text, err, code) = run(&dir, &[selector, file]);
        assert_eq!(code, 0, "{selector} {file}: {err}");
        assert!(text.contains("needle"), "{text}");
    }
}

#[test]
fn few_telling_hits_and_a_line_naming_the_next() {
    let files: Vec<(String, String)> = (0..12)
        .map(|i| (format!("d{i:02}.md"), format!("# Doc {i}\n\nneedle {i}\n")))
        .collect();
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let dir = Scratch::with("economy-few", &files);
    let out = stdout(&dir, &["search", "needle", "."]);
    let first = hits(&out);
    assert_eq!(first.len(), mdsel::DEFAULT_LIMIT, "{out}");
    let line = format!(
        "[{} more hits · next: --offset {}]\n",
        12 - mdsel::DEFAULT_LIMIT,
        mdsel::DEFAULT_LIMIT
    );
    assert!(out.ends_with(&line), "{out}");
    // The call the line names shows the next ones, none of these again.
    let offset = mdsel::DEFAULT_LIMIT.to_string();
    let next = stdout(&dir, &["search", "--offset", &offset, "needle", "."]);
    let second = hits(&next);
    assert_eq!(second.len(), mdsel::DEFAULT_LIMIT, "{next}");
    assert!(second.iter().all(|h| !first.contains(h)), "{out}{next}");
    // Past the end: the rest, and no line.
    let last = stdout(&dir, &["search", "--offset", "10", "needle", "."]);
    assert_eq!(hits(&last).len(), 2, "{last}");
    assert!(!last.contains("more hit"), "{last}");
    let all = stdout(&dir, &["search", "--limit", "12", "needle", "."]);
    assert_eq!(hits(&all).len(), 12);
    assert!(!all.contains("more hit"), "{all}");
}

#[test]
fn hits_far_below_the_best_are_left_to_the_next_page() {
    let dir = Scratch::with(
        "economy-floor",
        &[
            (
                "a.md",
                "## Lock timeout\n\nThe lock timeout is five minutes.\n",
            ),
            (
                "b.md",
                "## Other\n\nThe timeout and the lock.\n\n## More\n\ntext text text text text\n",
            ),
        ],
    );
    let out = stdout(&dir, &["search", "lock timeout", "."]);
    assert_eq!(
        hits(&out),
        [("a.md".to_owned(), "h2.0".to_owned())],
        "{out}"
    );
    assert!(out.ends_with("[1 more hit · next: --offset 1]\n"), "{out}");
    let next = stdout(&dir, &["search", "--offset", "1", "lock timeout", "."]);
    assert_eq!(
        hits(&next),
        [("b.md".to_owned(), "h2.0".to_owned())],
        "{next}"
    );
    // Asking for a few hits is asking to read less: the same first page.
    let few = stdout(&dir, &["search", "--limit", "2", "lock timeout", "."]);
    assert_eq!(few, out);
    // Asking for more than the default is asking for a list: every hit.
    let list = stdout(&dir, &["search", "--limit", "4", "lock timeout", "."]);
    assert_eq!(hits(&list).len(), 2, "{list}");
}

#[test]
fn the_best_hit_shows_the_sentences_that_answer() {
    let text = "# Cache\n\n\
                The cache is cleaned now and then, when the tool sees fit to do so, and not \
                before; it keeps what it holds until the next cleaning comes around again. \
                Files unused for three months are deleted from the cache when cleaning \
                runs, and files made offline after one month. Nothing else is ever touched \
                by it, whatever the settings, the platform or the user who runs the tool.\n\n\
                Another cache paragraph, which says much less about it than the one before.\n";
    let dir = Scratch::with(
        "economy-passage",
        &[("a.md", text), ("b.md", "# B\n\ncache\n")],
    );
    let out = stdout(&dir, &["search", "cache files deleted", "."]);
    // The sentence holding every term, whole, with its neighbours in its
    // paragraph; not the other paragraph.
    let passage = out.lines().nth(2).unwrap();
    assert!(
        passage.contains(
            " Files unused for three months are deleted from the cache when cleaning \
             runs, and files made offline after one month. "
        ),
        "{out}"
    );
    assert!(passage.chars().count() <= 402, "{passage}");
    assert!(!passage.contains("Another"), "{out}");
    assert!(!passage.ends_with("(whole)"), "{out}");
    // A section all of whose text fits is shown whole, and says so.
    let dir = Scratch::with(
        "economy-whole",
        &[(
            "a.md",
            "# Cache\n\nThe cache is kept for [a month](x.md).\n\n- Then it goes.\n",
        )],
    );
    let out = stdout(&dir, &["search", "cache", "."]);
    assert_eq!(
        out,
        "a.md\nh1.0 L1-5 88% Cache\n  The cache is kept for a month. - Then it goes. (whole)\n"
    );
}

#[test]
fn every_other_hit_is_one_short_line_around_its_match() {
    let long = |k: usize| {
        format!(
            "# Part {k}\n\n{} needle {}\n",
            "word ".repeat(40),
            "tail ".repeat(40)
        )
    };
    let long = format!("{}{}{}", long(1), long(2), long(3));
    let dir = Scratch::with("economy-lines", &[("c.md", long.as_str())]);
    let out = stdout(&dir, &["--limit", "3", "search", "needle", "."]);
    let found = hits(&out);
    assert_eq!(found.len(), 3, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    // The file, the best hit and its passage, then one line per hit.
    assert_eq!(lines.len(), 5, "{out}");
    for line in &lines[3..] {
        assert!(line.contains("needle"), "{out}");
        assert!(line.chars().count() <= 170, "{line}");
    }
}

#[test]
fn a_block_a_hit_names_is_found_under_its_section_too() {
    let dir = Scratch::with(
        "economy-global-step",
        &[(
            "a.md",
            "# A\n\none\n\n## B\n\ntwo\n\nthree\n\n## C\n\nfour\n",
        )],
    );
    // para.2 is the document's third paragraph; under h2.0 it is its second.
    assert_eq!(stdout(&dir, &["para.2", "a.md"]), "three\n");
    assert_eq!(stdout(&dir, &["h2.0/para.2", "a.md"]), "three\n");
    assert_eq!(stdout(&dir, &["h2.0/para.1", "a.md"]), "three\n");
    // A block outside the section is still out of range there.
    let (out, err, code) = run(&dir, &["h2.0/para.3", "a.md"]);
    assert_eq!((out.as_str(), code), ("", 1), "{err}");
    // A range around a hit's block (para.3 is under h2.1) keeps the blocks
    // inside the section.
    assert_eq!(stdout(&dir, &["h2.0/para.2-3", "a.md"]), "three\n");
}

#[test]
fn a_quoted_phrase_must_occur_as_written() {
    let dir = Scratch::with(
        "economy-phrase",
        &[
            ("a.md", "# Cache\n\nThe dir of the cache.\n"),
            ("b.md", "# Where\n\nSet the cache  Dir here.\n"),
        ],
    );
    let files = |args: &[&str]| -> Vec<String> {
        hits(&stdout(&dir, args)).into_iter().map(|h| h.0).collect()
    };
    assert_eq!(files(&["search", "\"cache dir\"", "."]), ["b.md"]);
    // Unquoted, both match.
    let mut both = files(&["--offset", "0", "--limit", "9", "search", "cache dir", "."]);
    both.sort();
    assert_eq!(both, ["a.md", "b.md"]);
    // A phrase nowhere: nothing found, exit 1.
    let (out, err, code) = run(&dir, &["search", "\"dir of cache\"", "."]);
    assert_eq!((out.as_str(), code), ("", 1), "{err}");
}

#[test]
fn a_pattern_term_is_a_regular_expression() {
    let dir = Scratch::with(
        "economy-regex",
        &[
            ("a.md", "# Env\n\nSet `APP_LOCK_TIMEOUT` to wait longer.\n"),
            ("b.md", "# Other\n\nThe lock and the timeout, apart.\n"),
        ],
    );
    let files = |args: &[&str]| -> Vec<String> {
        hits(&stdout(&dir, args)).into_iter().map(|h| h.0).collect()
    };
    assert_eq!(files(&["/[a-z]+_lock_timeout/", "."]), ["a.md"]);
    assert_eq!(files(&["search", "wait /lock.timeout/", "."]), ["a.md"]);
    // Case folds as the rest of a query does.
    assert_eq!(files(&["search", "/app_LOCK/", "."]), ["a.md"]);
    // One that is no expression says so and is searched as words.
    let (out, err, code) = run(&dir, &["search", "/(lock/", "."]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("/(lock/ is not a regular expression"), "{err}");
    assert!(!hits(&out).is_empty(), "{out}");
}

#[test]
fn files_and_counts_list_the_files_holding_hits() {
    let dir = Scratch::with(
        "economy-files",
        &[
            ("a.md", "## One\n\nneedle\n\n## Two\n\nneedle needle\n"),
            ("b.md", "## Needle\n\nneedle needle needle\n"),
            ("c.md", "## Other\n\nnothing\n"),
        ],
    );
    let out = stdout(&dir, &["--files", "needle", "."]);
    assert_eq!(
        out,
        "b.md: 1 hit, best h2.0 L1-3\na.md: 2 hits, best h2.1 L5-7\n"
    );
    let out = stdout(&dir, &["--count", "needle", "."]);
    assert_eq!(out, "a.md:2\nb.md:1\n");
    let out = stdout(&dir, &["--files", "--limit", "1", "needle", "."]);
    assert_eq!(
        out,
        "b.md: 1 hit, best h2.0 L1-3\n[1 more file · next: --offset 1]\n"
    );
    let j = json(
        &Mdsel::new(&["--json", "--files", "needle", "."])
            .cwd(dir.path())
            .output(),
    );
    assert_eq!(j["data"]["files"][1]["file"], "./a.md");
    assert_eq!(j["data"]["files"][1]["hits"], 2);
}

#[test]
fn nested_sections_are_not_counted_as_more_hits() {
    let dir = Scratch::with(
        "economy-nested",
        &[(
            "guide.md",
            "# Install guide\n\nHow to install.\n\n## Install on Linux\n\nx\n\n\
             ## Install on macOS\n\nx\n\n## Install on Windows\n\nx\n\n## Install on BSD\n\nx\n",
        )],
    );
    let out = stdout(&dir, &["search", "install guide", "guide.md"]);
    assert_eq!(hits(&out).len(), 1, "{out}");
    assert!(!out.contains("more hit"), "{out}");
}

#[test]
fn a_long_section_prints_its_own_text_and_an_outline_of_its_subsections() {
    let text = guide();
    let dir = Scratch::with("economy-read", &[("guide.md", text.as_str())]);
    let out = stdout(&dir, &["h2.0", "guide.md"]);
    let own_end = text.find("### Colour").unwrap();
    let own = text[text.find("## Options").unwrap()..own_end].trim_end();
    assert_eq!(
        out,
        format!(
            "{own}\n  h3.0 Colour (152w)\n  h3.1 Depth (152w)\n  h3.2 Threads (152w)\n\
             [folded: 3 subsections · whole: h2.0?full=true]\n"
        )
    );
    // Whole when asked, in JSON, with a read size of 0 or one over the section.
    let whole = &text[text.find("## Options").unwrap()..text.find("## Other").unwrap()];
    let whole = format!("{}\n", whole.trim_end_matches('\n'));
    let whole = whole.as_str();
    assert_eq!(stdout(&dir, &["h2.0?full=true", "guide.md"]), whole);
    assert_eq!(
        stdout(&dir, &["--read-words", "0", "h2.0", "guide.md"]),
        whole
    );
    assert_eq!(
        stdout(&dir, &["--read-words", "2000", "h2.0", "guide.md"]),
        whole
    );
    let env = Mdsel::new(&["h2.0", "guide.md"])
        .cwd(dir.path())
        .env("MDSEL_READ_WORDS", "0")
        .output();
    assert_eq!(String::from_utf8(env.stdout).unwrap(), whole);
    let j = json(
        &Mdsel::new(&["--json", "h2.0", "guide.md"])
            .cwd(dir.path())
            .output(),
    );
    assert_eq!(j["data"]["matches"][0]["content"], whole);
    // ?head keeps its lines, as before.
    assert_eq!(
        stdout(&dir, &["h2.0?head=1", "guide.md"]),
        "## Options\n[truncated]\n"
    );
    // A subsection pasted from the outline prints whole (it is small).
    assert!(stdout(&dir, &["h3.1", "guide.md"]).starts_with("### Depth\n"));
    // A section without subsections prints whole, however long.
    assert!(!stdout(&dir, &["h3.2", "guide.md"]).contains("[folded"));
}

#[test]
fn a_read_leaves_out_the_link_definitions_that_end_it() {
    let text = "# Guide\n\n## Attributes\n\nParse it with [`parse`][p] and [`lower`][l].\n\n\
                [p]: https://example.com/parse\n[l]: https://example.com/lower\n\
                [x]: https://example.com/x\n\n## Short\n\nSee [a][a].\n\n[a]: https://a.example\n";
    let dir = Scratch::with("economy-links", &[("guide.md", text)]);
    assert_eq!(
        stdout(&dir, &["h2.0", "guide.md"]),
        "## Attributes\n\nParse it with [`parse`][p] and [`lower`][l].\n\
         [folded: 3 link definitions · whole: h2.0?full=true]\n"
    );
    // Whole when asked, and in JSON; one or two definitions stay.
    let whole = &text[text.find("## Attributes").unwrap()..text.find("## Short").unwrap()];
    assert_eq!(
        stdout(&dir, &["h2.0?full=true", "guide.md"]),
        whole.trim_end().to_owned() + "\n"
    );
    let j = json(
        &Mdsel::new(&["--json", "h2.0", "guide.md"])
            .cwd(dir.path())
            .output(),
    );
    assert!(
        j["data"]["matches"][0]["content"]
            .as_str()
            .unwrap()
            .contains("[x]: ")
    );
    assert!(stdout(&dir, &["h2.1", "guide.md"]).ends_with("[a]: https://a.example\n"));
}

#[test]
fn a_folded_outline_leaves_out_front_matter_and_preamble_lines() {
    let doc = |i: usize| {
        format!(
            "---\ntitle: T{i}\n---\n\nPreamble {i}.\n\n# Top {i}\n\n## A\n\ntext\n\n## B\n\ntext\n"
        )
    };
    let files: Vec<(String, String)> = (0..3).map(|i| (format!("d{i}.md"), doc(i))).collect();
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let dir = Scratch::with("economy-lean", &files);
    let whole = stdout(&dir, &["index", "."]);
    assert!(
        whole.contains("front (") && whole.contains("root ("),
        "{whole}"
    );
    let folded = stdout(&dir, &["--max-words", "30", "index", "."]);
    assert!(folded.contains("[folded below depth"), "{folded}");
    assert!(
        !folded.contains("front (") && !folded.contains("root ("),
        "{folded}"
    );
    // A document that is only front matter keeps its line.
    let b: String = (0..10).map(|i| format!("## C{i}\n\ntext\n\n")).collect();
    let b = format!("---\ntitle: Bee\n---\n\nPreamble.\n\n# B\n\n{b}");
    let dir = Scratch::with(
        "economy-lean-front",
        &[("a.md", "---\ntitle: A\n---\n"), ("b.md", b.as_str())],
    );
    let folded = stdout(&dir, &["--max-words", "30", "index", "."]);
    assert_eq!(
        folded,
        "a.md (4w) A\nfront (4w)\nb.md (37w) Bee\nh1.0 B (32w, +10)\n\
         [folded below depth 1 · expand: mdsel index --max-words 30 'b::h1.0/*' .]\n"
    );
}

#[test]
fn documents_under_a_folder_line_are_named_by_file_name() {
    let mut files: Vec<(String, String)> = (0..40)
        .map(|i| {
            (
                format!("api/page{i:02}.md"),
                format!("# Page {i}\n\ntext\n"),
            )
        })
        .collect();
    files.push(("api/sub/readme.md".into(), "# Sub\n".into()));
    files.push(("guide/README.md".into(), "# Guide\n".into()));
    files.push(("top.md".into(), "# Top\n".into()));
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let dir = Scratch::with("economy-members", &files);
    let out = stdout(&dir, &["--max-words", "200", "index", "."]);
    assert!(out.starts_with("api/ (41 docs"), "{out}");
    // Its own documents come right after the folder line, before its subfolders.
    assert!(
        out.contains("api/ (41 docs, 162w)\npage00.md (4w) Page 0\n"),
        "{out}"
    );
    assert!(!out.contains("page00 api/page00.md"), "{out}");
    // A namespace the file name does not give is written first.
    assert!(out.contains("guide/readme README.md (2w) Guide\n"), "{out}");
    // A document directly in the directory given is named by its file too.
    assert!(out.contains("\ntop.md (2w) Top\n"), "{out}");
    // Every name printed selects its document.
    assert_eq!(stdout(&dir, &["page07::*", "."]), "# Page 7\n\ntext\n");
}

#[test]
fn a_folders_documents_are_listed_under_one_line_naming_it() {
    let files = [
        ("vault/Bases/Bases syntax.md", "# Bases syntax\n\ntext\n"),
        ("vault/Bases/Views.md", "# Views\n\ntext\n"),
        ("vault/Bases/index.md", "# Index\n\ntext\n"),
        ("vault/Other/index.md", "# Other\n\ntext\n"),
        ("vault/Other/Notes.md", "# Notes\n\ntext\n"),
    ];
    let dir = Scratch::with("economy-lean-folders", &files);
    let out = stdout(&dir, &["--max-words", "60", "index", "vault"]);
    assert_eq!(
        out,
        "vault/Bases/\nBases syntax.md (4w)\nh1.0 Bases syntax (4w)\n---\npara:1\n\
         Views.md (3w)\nh1.0 Views (3w)\n---\npara:1\n\
         bases/index index.md (3w)\nh1.0 Index (3w)\n---\npara:1\n\
         vault/Other/\nNotes.md (3w)\nh1.0 Notes (3w)\n---\npara:1\n\
         other/index index.md (3w)\nh1.0 Other (3w)\n---\npara:1\n"
    );
    // Every name printed with its folder's line selects its document.
    assert_eq!(
        stdout(&dir, &["*", "vault/Bases/Bases syntax.md"]),
        "# Bases syntax\n\ntext\n"
    );
    // On a vault of notes named by their titles, no more bytes a document
    // than `find` prints for it.
    let notes: Vec<(String, String)> = (0..60)
        .map(|i| {
            let folder = ["Editing and formatting", "Plugins", "Getting started"][i % 3];
            let name = format!("vault/{folder}/Note number {i} about things.md");
            (
                name,
                format!("Some text about note {i}.\n\n## Part\n\nMore.\n"),
            )
        })
        .collect();
    let notes: Vec<(&str, &str)> = notes
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let dir = Scratch::with("economy-lean-vault", &notes);
    let first = stdout(&dir, &["--max-words", "480", "index", "vault"]);
    assert!(first.contains(" about things.md (8w, +2)\n"), "{first}");
    let find: usize = notes.iter().map(|(f, _)| f.len() + 1).sum();
    assert!(first.len() <= find, "{} > {find}: {first}", first.len());
    // A document whose name gives no namespace, first in its folder, keeps
    // its whole line, which names the folder for the next.
    let dir = Scratch::with(
        "economy-lean-whole",
        &[
            ("d/a/index.md", "# A\n"),
            ("d/a/x.md", "# X\n"),
            ("d/b/index.md", "# B\n"),
        ],
    );
    let out = stdout(&dir, &["--max-words", "20", "index", "d"]);
    assert!(out.starts_with("a/index d/a/index.md (2w)\n"), "{out}");
    assert!(out.contains("\nx.md (2w)\n"), "{out}");
}

#[test]
fn words_that_are_not_on_disk_are_one_query() {
    let dir = Scratch::with(
        "economy-words",
        &[(
            "notes/a.md",
            "# Restore\n\nRestore a deleted file from the trash.\n",
        )],
    );
    let (out, err, code) = run(&dir, &["search", "restore", "deleted", "file", "notes/"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("notes/a.md\nh1.0 L1-3 "), "{out}");
    assert!(err.is_empty(), "{err}");
    // Auto mode reads them the same way.
    let (auto, _, _) = run(&dir, &["restore", "deleted", "file", "notes/"]);
    assert_eq!(auto, out);
    // A missing last argument is still a file, reported missing.
    let (_, err, code) = run(&dir, &["search", "restore", "nowhere.md"]);
    assert_eq!(code, 1);
    assert!(err.contains("FILE_NOT_FOUND: nowhere.md"), "{err}");
}

#[test]
fn words_with_spaces_between_are_a_query_never_a_selector_or_an_option() {
    let dir = Scratch::with(
        "economy-spaced",
        &[(
            "docs/a.md",
            "# Flags\n\nThe `--exclude` flag overrides the config's exclude patterns.\n\n\
             # Image\n\nThe tiangolo/uvicorn image is deprecated.\n",
        )],
    );
    for query in [
        "--exclude flag config exclude patterns",
        "tiangolo/uvicorn image deprecated",
    ] {
        for args in [
            vec!["--limit", "1", query, "docs/"],
            vec!["search", query, "docs/"],
        ] {
            let (out, err, code) = run(&dir, &args);
            assert_eq!(code, 0, "{args:?}: {err}");
            assert_eq!(hits(&out).len(), 1, "{args:?}: {out}");
        }
    }
    // A mistyped flag without spaces is still an error, with a hint.
    let (_, err, code) = run(&dir, &["--limt", "3", "flag", "docs/"]);
    assert_eq!(code, 2, "{err}");
    // The value an option takes is its value.
    let (_, err, code) = run(&dir, &["--max-words", "-1 0", "flag", "docs/"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_suggestion_runs_when_pasted_with_its_mark() {
    let dir = Scratch::with(
        "economy-tilde",
        &[("fs.md", "# Fs\n\n## A\n\na\n\n## B\n\nb\n")],
    );
    let (_, err, code) = run(&dir, &["h2.9", "fs.md"]);
    assert_eq!(code, 1);
    let line = err.lines().nth(2).unwrap();
    assert_eq!(line, "~h2.0 ~h2.1");
    for word in line.split(' ') {
        let (out, err, code) = run(&dir, &[word, "fs.md"]);
        assert_eq!(code, 0, "{word}: {err}");
        assert!(out.starts_with("## "), "{out}");
    }
    let (out, _, code) = run(&dir, &["~fs::h2.1", "fs.md"]);
    assert_eq!((out.as_str(), code), ("## B\n\nb\n", 0));
    // A missing file's suggestions are paths, without the mark a shell
    // reads as the home folder.
    let (_, err, _) = run(&dir, &["h2.0", "fss.md"]);
    assert!(err.ends_with("did you mean: fs.md\n"), "{err}");
}

#[test]
fn a_namespace_carries_over_a_comma_list() {
    let dir = Scratch::with(
        "economy-carry",
        &[
            ("a.md", "# A\n\n## A0\n\na0\n\n## A1\n\na1\n"),
            ("b.md", "# B\n\n## B0\n\nb0\n\n## B1\n\nb1\n"),
            ("4706-kep/readme.md", "# K\n\n## K0\n\nk0\n"),
            ("other/readme.md", "# O\n"),
        ],
    );
    let out = stdout(&dir, &["a::h2.0,h2.1", "."]);
    assert_eq!(out, "a::h2.0:\n## A0\n\na0\na::h2.1:\n## A1\n\na1\n");
    let out = stdout(&dir, &["a::h2.1,4706-kep/readme::h2.0", "."]);
    assert_eq!(
        out,
        "a::h2.1:\n## A1\n\na1\n4706-kep/readme::h2.0:\n## K0\n\nk0\n"
    );
    // A bare index list stays one selector.
    let out = stdout(&dir, &["b::h2.0,1", "."]);
    assert_eq!(out, "b::h2.0:\n## B0\n\nb0\nb::h2.1:\n## B1\n\nb1\n");
}
