//! Folders (docs/output.md, "Text"): a directory whose document lines do not fit folds by
//! folders before it pages, and every document stays reachable by following
//! folder lines and page markers, each response within the budget (over twenty
//! thousand pages: `scale.rs`).

use crate::common;

use std::path::Path;

use common::bin::mdsel_in;
use common::scratch::Scratch;

/// `mdsel ARGS` in `dir`, which must succeed: its output.
pub(crate) fn index(dir: &Path, args: &[&str]) -> String {
    let out = mdsel_in(dir, args, b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn a_small_tree_folds_into_its_folders() {
    // No title but the file name: document lines stay short.
    let page = "Intro.\n\n## Part\n\none two\n";
    let mut files = vec![
        ("docs/a.md".to_owned(), page),
        ("docs/guide/install.md".to_owned(), page),
        ("docs/guide/use.md".to_owned(), page),
        ("docs/api/v1/fs.md".to_owned(), page),
    ];
    files.extend((0..11).map(|k| (format!("docs/api/v2/n{k:02}.md"), page)));
    let files: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    let tree = Scratch::with("folders-small", &files);
    let whole = index(tree.path(), &["index", "docs"]);
    assert!(
        whole.starts_with("docs/\na.md (5w)\nroot (1w)\n h2.0 Part (4w)\n"),
        "{whole}"
    );
    // Fifteen document lines do not fit 25 words: the folders at depth 1.
    let folded = index(tree.path(), &["index", "--max-words", "25", "docs"]);
    assert_eq!(
        folded,
        "docs/\na.md (5w)\napi/ (12 docs, 60w)\nguide/ (2 docs, 10w)\n\
         [folded into folders below depth 1 · expand: mdsel index --max-words 25 docs/api]\n"
    );
    // Room for depth 2: the folders of api/, the documents of guide/ right
    // beneath its line, by file name.
    let deeper = index(tree.path(), &["index", "--max-words", "40", "docs"]);
    assert_eq!(
        deeper,
        "docs/\na.md (5w)\napi/ (12 docs, 60w)\napi/v1/ (1 doc, 5w)\napi/v2/ (11 docs, 55w)\n\
         guide/ (2 docs, 10w)\ninstall.md (5w)\nuse.md (5w)\n\
         [folded into folders below depth 2 · expand: mdsel index --max-words 40 docs/api/v2]\n"
    );
    // The expand call runs as printed.
    let v2 = index(tree.path(), &["index", "--max-words", "40", "docs/api/v2"]);
    assert!(v2.starts_with("docs/api/v2/\nn00.md (5w"), "{v2}");
    // Even the top folder level over the budget: it is paged, and the pages
    // hold each of its lines once.
    let first = index(tree.path(), &["index", "--max-words", "12", "docs"]);
    let second = index(
        tree.path(),
        &["index", "--max-words", "12", "docs", "page.1"],
    );
    assert_eq!(
        format!("{first}{second}"),
        "docs/\na.md (5w)\napi/ (12 docs, 60w)\n[page 1/2 · next: page.1]\n\
         guide/ (2 docs, 10w)\n[page 2/2]\n"
    );
}

#[test]
fn files_named_one_by_one_page_as_before() {
    let page = "# Page\n\none two three\n";
    let tree = Scratch::with(
        "folders-files",
        &[("x/a.md", page), ("x/b.md", page), ("y/c.md", page)],
    );
    let paged = index(
        tree.path(),
        &["index", "--max-words", "8", "x/a.md", "x/b.md", "y/c.md"],
    );
    assert!(paged.contains("[page 1/"), "{paged}");
    assert!(!paged.contains("docs,"), "no folder lines: {paged}");
}
