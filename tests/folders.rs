//! Folders (docs/output.md, "Text"): a directory whose document lines do not fit folds by
//! folders before it pages, and every document stays reachable by following
//! folder lines and page markers, each response within the budget.

use crate::common;

use std::collections::{BTreeSet, VecDeque};
use std::path::Path;

use common::bin::mdsel_in;
use common::scratch::Scratch;

/// The response budget's ceiling at `max_words`, with the few words
/// a marker may run over.
fn assert_fits(text: &str, max_words: usize, call: &str) {
    let words = text.split_whitespace().count();
    assert!(words <= max_words + 10, "{call}: {words} words");
    assert!(text.len() <= 16 * max_words, "{call}: {} bytes", text.len());
}

fn index(dir: &Path, args: &[&str]) -> String {
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

/// Twenty thousand small pages in forty folders, some nested: one response
/// names every top folder; following folder lines and page markers reaches
/// every page exactly as the tree holds them; every response fits.
#[test]
fn twenty_thousand_pages_are_reachable_by_folders() {
    let tree = Scratch::new("folders-big");
    let mut all = BTreeSet::new();
    for f in 0..40 {
        for p in 0..500 {
            // Every fourth folder keeps its pages in five subfolders.
            let rel = if f % 4 == 0 {
                format!("pages/f{f:02}/s{}/p{p:03}.md", p % 5)
            } else {
                format!("pages/f{f:02}/p{p:03}.md")
            };
            tree.write(
                &rel,
                format!("# Page {p}\n\nwords of page {p} in folder {f}\n"),
            );
            all.insert(rel);
        }
    }
    let max_words = 2000;
    let top = index(tree.path(), &["index", "pages"]);
    assert_fits(&top, max_words, "index pages");
    for f in 0..40 {
        assert!(
            top.lines()
                .any(|l| l.starts_with(&format!("f{f:02}/ (500 docs, "))),
            "f{f:02}/ missing from\n{top}"
        );
    }
    let last = top.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("[folded into folders below depth ")
            && last.contains(" · expand: mdsel index pages/f"),
        "{top}"
    );

    // Breadth first over every call a response names.
    let mut reached = BTreeSet::new();
    let mut calls: VecDeque<Vec<String>> = VecDeque::from([vec!["pages".to_owned()]]);
    let mut made = 0;
    while let Some(call) = calls.pop_front() {
        made += 1;
        assert!(made < 200, "too many calls");
        let mut args = vec!["index"];
        args.extend(call.iter().map(String::as_str));
        let text = index(tree.path(), &args);
        assert_fits(&text, max_words, &call.join(" "));
        let dir = &call[0];
        // The folder line above the document lines that follow it.
        let mut folder = String::new();
        for line in text.lines() {
            if let Some(next) = line
                .strip_prefix("[page ")
                .and_then(|l| l.split("next: ").nth(1))
            {
                let next = next.trim_end_matches(']');
                calls.push_back(vec![dir.clone(), next.to_owned()]);
            } else if line.starts_with('[') {
                continue;
            } else if let Some((folder, _)) = line.split_once("/ (") {
                if !line.contains(" docs, ") && !line.contains(" doc, ") {
                    continue;
                }
                // Only folders below the shown depth need a call of their own;
                // following every one still reaches each page once.
                calls.push_back(vec![format!("{dir}/{folder}")]);
            } else if let Some(path) = line.split(' ').nth(1).filter(|p| p.ends_with(".md")) {
                // A document's whole line (headings and block counts are not).
                reached.insert(path.to_owned());
            } else if line.ends_with('/') && !line.contains(' ') {
                folder = line.trim_end_matches('/').to_owned();
            } else if let Some(name) = line.split(' ').next().filter(|p| p.ends_with(".md")) {
                // A document named under its folder's line.
                reached.insert(format!("{folder}/{name}"));
            }
        }
    }
    assert_eq!(reached, all, "every page, by folders and pages");
}
