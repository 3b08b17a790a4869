//! Namespaces through the whole pipeline (issue 8): every document is reachable
//! by the namespace the index shows, whatever the names; one file named twice is
//! one document. The naming rule's own table tests live in `src/namespace.rs`;
//! the fixture cases in `tests/cmd/issue8_namespace_*.toml`.

use crate::common;

use std::fs;
use std::path::Path;

use common::bin::mdsel_in;
use common::memory::{self, Run};
use common::scratch::Scratch;
use proptest::prelude::*;

fn stdout(cwd: &Path, args: &[&str]) -> String {
    let out = mdsel_in(cwd, args, b"");
    assert!(
        out.status.success(),
        "mdsel {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Names that differ only in case are two documents on a case-sensitive disk
/// (each reachable by its own namespace) and one file named twice elsewhere.
/// Made at run time: a checkout on a case-insensitive disk could not hold both.
#[test]
fn names_differing_only_in_case() {
    let dir = Scratch::new("ns-case");
    let c = dir.mkdir("c");
    fs::write(c.join("Notes.md"), "# Upper\n\nNotes in upper case.\n").unwrap();
    fs::write(c.join("notes.md"), "# Lower\n\nNotes in lower case.\n").unwrap();
    let args = ["c/Notes.md", "c/notes.md"];
    if fs::read_dir(&c).unwrap().count() == 1 {
        // The disk folds case: the second write replaced the first file.
        let index = stdout(dir.path(), &args);
        assert_eq!(index, "h1.0 Lower (6w)\n---\npara:1\n");
        return;
    }
    let index = stdout(dir.path(), &args);
    assert!(index.starts_with("Notes c/Notes.md (6w)\n"), "{index}");
    assert!(index.contains("\nnotes c/notes.md (6w)\n"), "{index}");
    assert_eq!(
        stdout(dir.path(), &["Notes::para.0", "c"]),
        "Notes in upper case.\n"
    );
    assert_eq!(
        stdout(dir.path(), &["notes::para.0", "c"]),
        "Notes in lower case.\n"
    );
    let hits = stdout(dir.path(), &["search", "case", "c"]);
    assert_eq!(
        hits,
        "c/Notes.md\nh1.0 L1-3 45% Upper\n  Notes in upper case. (whole)\n\
         c/notes.md\nh1.0 L1-3 45% Notes in lower case.\n"
    );
}

/// A file reached by two names (another spelling of its path, a hard link) is
/// one document: no namespaces, one index.
#[test]
fn same_file_named_twice_is_one_document() {
    let dir = Scratch::new("ns-twice");
    let docs = dir.mkdir("docs");
    fs::write(docs.join("a.md"), "# A\n\nText.\n").unwrap();
    let one = "h1.0 A (3w)\n---\npara:1\n";
    assert_eq!(stdout(&docs, &["a.md", "./a.md", "../docs/a.md", "."]), one);
    if fs::hard_link(docs.join("a.md"), docs.join("b.md")).is_ok() && cfg!(unix) {
        assert_eq!(stdout(&docs, &["a.md", "b.md"]), one);
    }
}

/// Walking a folder, a file is known by the inode number its listing gives:
/// a hard link inside the tree, a folder given twice or inside another, and
/// a file named beside its folder are each one document, listed once.
#[test]
fn files_found_twice_by_walks_are_one_document() {
    let dir = Scratch::new("ns-walked-twice");
    let docs = dir.mkdir("docs");
    let sub = docs.join("sub");
    fs::create_dir(&sub).unwrap();
    fs::write(docs.join("a.md"), "# A\n\nText.\n").unwrap();
    fs::write(sub.join("c.md"), "# C\n\nMore.\n").unwrap();
    // Document lines and the folder lines above them.
    let listed = |args: &[&str]| {
        stdout(&docs, args)
            .lines()
            .filter(|l| l.contains(".md (") || l.ends_with('/'))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let want = "a.md (3w)\n./sub/\nc.md (3w)";
    assert_eq!(listed(&["."]), want);
    assert_eq!(listed(&[".", "."]), want, "a folder given twice");
    assert_eq!(listed(&[".", "sub"]), want, "a folder inside another");
    assert_eq!(listed(&["sub", "."]), "sub/\nc.md (3w)\n./\na.md (3w)");
    assert_eq!(
        listed(&["a.md", "."]),
        "a a.md (3w)\n./sub/\nc.md (3w)",
        "a file beside its folder"
    );
    assert_eq!(listed(&[".", "a.md"]), want, "a folder, then a file in it");
    if cfg!(unix) && fs::hard_link(docs.join("a.md"), sub.join("b.md")).is_ok() {
        assert_eq!(listed(&["."]), want, "a hard link in the tree");
        assert_eq!(listed(&[".", "sub/b.md"]), want);
    }
}

/// Document names chosen to collide: case, extension, directories, `..`, and
/// characters the selector grammar treats specially.
fn name() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "a",
        "A",
        "..",
        "x.md",
        "X.md",
        "x.mdx",
        "x.MD",
        "readme.md",
        "README.md",
        "a,b.md",
        "t:.md",
        "a::b.md",
        " s.md",
        "-",
    ]);
    prop::collection::vec(piece, 1..4).prop_map(|parts| parts.join("/"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the names, `ns::*` with each namespace the index reports returns
    /// exactly that document and no other.
    #[test]
    fn every_namespace_reaches_its_document(
        names in prop::collection::vec(name(), 1..6)
    ) {
        let with_docs = |run: Run| {
            names
                .iter()
                .enumerate()
                .fold(run, |run, (i, n)| run.doc(n, format!("# Doc {i}\n")))
        };
        let index = with_docs(Run::index()).report();
        prop_assert_eq!(index.documents.len(), names.len());
        for (i, doc) in index.documents.iter().enumerate() {
            let selector = format!("{}::*", memory::namespace(doc));
            let report = with_docs(Run::select(&selector)).report();
            prop_assert!(report.unresolved.is_empty(), "{} {:?}", selector, report.unresolved);
            prop_assert_eq!(report.matches.len(), 1, "{}", selector);
            prop_assert_eq!(report.matches[0].doc, i, "{}", selector);
        }
    }
}

/// Issue 38: names that read as options are never printed as such: a file
/// `-dash.md` is the namespace `_dash`, and a folder `-rf` is expanded as
/// `./-rf`; each runs as printed.
#[test]
fn names_like_options_are_printed_so_they_run() {
    let dir = Scratch::new("ns-dash");
    fs::write(dir.path().join("-dash.md"), "# D\n\n## X\n\nx\n").unwrap();
    for (sub, text) in [("-rf", "more text words here"), ("b", "text")] {
        let folder = dir.mkdir(sub);
        for i in 0..30 {
            fs::write(
                folder.join(format!("p{i}.md")),
                format!("# P{i}\n\n{text}\n"),
            )
            .unwrap();
        }
    }
    let index = stdout(dir.path(), &["--max-words", "30", "index", "."]);
    assert!(index.starts_with("_dash ./-dash.md (5w) D\n"), "{index}");
    assert!(
        index.ends_with("· expand: mdsel index --max-words 30 ./-rf]\n"),
        "{index}"
    );
    assert_eq!(stdout(dir.path(), &["_dash::h2.0", "."]), "## X\n\nx\n");
    assert!(stdout(dir.path(), &["index", "./-rf"]).starts_with("./-rf/\np0.md ("));
}

/// Issue 38: a folder `[[wiki]]` gives namespaces a selector can hold; issue
/// 49: one plain shell word (`__wiki__/readme`). The folder's own spelling
/// still names the document, in a comma list too.
#[test]
fn a_folder_in_brackets_gives_a_plain_namespace() {
    let dir = Scratch::new("ns-brackets");
    fs::write(
        dir.mkdir("[[wiki]]").join("readme.md"),
        "# W\n\n## A\n\nw\n",
    )
    .unwrap();
    fs::write(dir.mkdir("other").join("readme.md"), "# O\n\n## B\n\no\n").unwrap();
    let index = stdout(dir.path(), &["index", "."]);
    assert!(
        index.starts_with("__wiki__/readme ./[[wiki]]/readme.md (5w)\n"),
        "{index}"
    );
    for ns in ["__wiki__/readme", "[[wiki]]/readme"] {
        assert_eq!(
            stdout(dir.path(), &[&format!("{ns}::h2.0"), "."]),
            "## A\n\nw\n"
        );
        assert_eq!(
            stdout(dir.path(), &[&format!("{ns}::h2.0,h1.0"), "."]),
            "__wiki__/readme::h2.0:\n## A\n\nw\n__wiki__/readme::h1.0:\n# W\n\n## A\n\nw\n"
        );
    }
}
