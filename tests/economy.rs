//! Reading economy (SPEC §17): a hit says where it is, few telling hits, quoted
//! phrases are literal, reads are right-sized, the first look is lean, words are
//! one query, and a namespace carries over a comma list.

use crate::common;

use common::bin::{Mdsel, json};
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
    let first = out.lines().nth(1).unwrap();
    assert!(first.starts_with("page::h2.0 ("), "{out}");
    assert!(first.ends_with(" docs/sub/Page.md:5-7"), "{out}");
    // The path is the one to pass back: selecting by it works.
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
}

#[test]
fn five_hits_by_default_and_a_line_naming_the_rest() {
    let files: Vec<(String, String)> = (0..12)
        .map(|i| (format!("d{i:02}.md"), format!("# Doc {i}\n\nneedle {i}\n")))
        .collect();
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let dir = Scratch::with("economy-few", &files);
    let out = stdout(&dir, &["search", "needle", "."]);
    assert_eq!(
        out.lines().filter(|l| l.contains("% match")).count(),
        5,
        "{out}"
    );
    assert!(
        out.ends_with("[5 of 12 hits · more: --limit 12]\n"),
        "{out}"
    );
    let more = stdout(&dir, &["search", "--limit", "12", "needle", "."]);
    assert_eq!(more.lines().filter(|l| l.contains("% match")).count(), 12);
    assert!(!more.contains("hits · more"), "{more}");
}

#[test]
fn the_preview_is_the_line_with_most_query_terms_and_the_top_one_runs_on() {
    let text = "# Cache\n\n\
                The cache is cleaned now and then.\n\
                Files unused for three months are deleted from the cache when cleaning\n\
                runs, and files made offline after one month.\n\n\
                Another cache paragraph.\n";
    let dir = Scratch::with(
        "economy-preview",
        &[("a.md", text), ("b.md", "# B\n\ncache\n")],
    );
    let out = stdout(&dir, &["search", "cache files deleted", "."]);
    let preview = out.lines().nth(3).unwrap();
    assert_eq!(
        preview,
        "  Files unused for three months are deleted from the cache when cleaning \
         runs, and files made offline after one month."
    );
    // Other hits keep to 100 characters.
    let long = format!(
        "# Two\n\n{}\n\n# One\n\nneedle needle\n",
        "needle word ".repeat(30)
    );
    let dir = Scratch::with("economy-preview-short", &[("c.md", long.as_str())]);
    let out = stdout(&dir, &["search", "needle", "."]);
    let previews: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("  ") && !l.contains(" > "))
        .collect();
    assert!(previews.len() >= 2, "{out}");
    assert!(
        previews[1..]
            .iter()
            .all(|p| p.trim().chars().count() <= 100),
        "{out}"
    );
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
    let out = stdout(&dir, &["search", "\"cache dir\"", "."]);
    assert!(out.contains("b::h1.0"), "{out}");
    assert!(!out.contains("a::h1.0"), "{out}");
    // Unquoted, both match.
    let out = stdout(&dir, &["search", "cache dir", "."]);
    assert!(out.contains("a::h1.0") && out.contains("b::h1.0"), "{out}");
    // A phrase nowhere: nothing found, exit 1.
    let (out, err, code) = run(&dir, &["search", "\"dir of cache\"", "."]);
    assert_eq!((out.as_str(), code), ("", 1), "{err}");
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
        "a ./a.md (4w) A\nfront (4w)\nb ./b.md (37w) Bee\nh1.0 B (32w, +10)\n\
         [folded below depth 1 · expand: mdsel index 'b::h1.0/*' .]\n"
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
    // A document directly in the directory given keeps its full line.
    assert!(
        out.contains("top ./top.md (2w) Top\n") || out.contains("top top.md (2w) Top\n"),
        "{out}"
    );
    // Every name printed selects its document.
    assert_eq!(stdout(&dir, &["page07::*", "."]), "# Page 7\n\ntext\n");
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
    assert!(
        out.starts_with("Search results for \"restore deleted file\":\n"),
        "{out}"
    );
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
