//! Tests whose point is size: a million headings, megabytes of hostile
//! markup, twenty thousand pages. Each must finish with the right answer, in
//! time and memory that grow with the input, never faster; a debug build takes
//! minutes over them, so `cargo test` lists them as ignored and `.ci/run` runs
//! them in release: `cargo test --release --test integration scale:: -- --ignored`.
//!
//! Hostile inputs of modest size stay in `hostile.rs`, small trees of folders
//! in `folders.rs`, both in every `cargo test`.

use crate::common;
use crate::folders::index as index_in;
use crate::hostile::{index, index_fitted, select, selected};

use std::collections::{BTreeSet, VecDeque};

use common::bin::mdsel_in;
use common::memory;
use common::scratch::Scratch;

#[test]
#[ignore = "takes minutes in a debug build; run: cargo test --release --test integration scale:: -- --ignored"]
fn a_million_headings() {
    let text: String = (0..1_000_000).map(|i| format!("## h{i}\n")).collect();
    let out = index(&text);
    assert_eq!(out.lines().count(), 1_000_000);
    assert!(out.ends_with("h2.999999 h999999 (2w)\n"));
    let fitted = index_fitted(&text);
    assert!(memory::words(&fitted) <= 2010, "the budget holds");
    assert!(
        fitted.ends_with("[page 1/1504 · next: page.1]\n"),
        "{}",
        &fitted[fitted.len() - 80..]
    );
    let r = select(&text, "h2.999999");
    assert_eq!(selected(&r), ["## h999999\n"]);
    let r = select(&text, "h2.0-4000000000");
    assert_eq!(
        r.matches.len(),
        1_000_000,
        "a huge range visits only what exists"
    );
}

/// Site markup never closed (docs/dialects.md, "Site markup: MDX and templates").
#[test]
#[ignore = "takes a minute in a debug build; run: cargo test --release --test integration scale:: -- --ignored"]
fn hostile_markup_is_read_once() {
    // Tags never closed, expressions never closed, `{{` with no closer: each
    // scan is bounded, so these take as long as any file of their size.
    let unclosed_tags = "<Tabs groupId=\"a\n".repeat(100_000);
    let unclosed_exprs = "{ a: [\n".repeat(100_000);
    let braces = "{{{{{{{{ {% {{< ".repeat(60_000) + "\n# End\n";
    let fences = "    ```\n    # h\n".repeat(20_000);
    let dir = Scratch::with(
        "hostile",
        &[
            ("tags.mdx", unclosed_tags.as_str()),
            ("exprs.mdx", unclosed_exprs.as_str()),
            ("braces.mdx", braces.as_str()),
            ("fences.mdx", fences.as_str()),
        ],
    );
    let run = |args: &[&str]| {
        let out = mdsel_in(dir.path(), args, b"");
        (String::from_utf8(out.stdout).unwrap(), out.status.code())
    };
    for file in ["tags.mdx", "exprs.mdx", "braces.mdx", "fences.mdx"] {
        let (outline, code) = run(&["index", file]);
        assert_eq!(code, Some(0), "{file}: {outline}");
        let (_, code) = run(&["search", "groupId End", file]);
        assert!(matches!(code, Some(0 | 1)), "{file}");
        let (all, _) = run(&["select", "*?full=true", file]);
        let original = std::fs::read_to_string(dir.join(file)).unwrap();
        assert_eq!(all, original, "{file}");
    }
}

/// A link listing's own reading of blocks (docs/links.md): runs of
/// backticks that close nothing, each shorter than the one before, and
/// tables of a hundred thousand rows, read with their links in time that
/// grows with the page.
#[test]
#[ignore = "takes a minute in a debug build; run: cargo test --release --test integration scale:: -- --ignored"]
fn a_link_listing_reads_hostile_blocks_once() {
    let ticks: String = (1..=3000)
        .rev()
        .map(|n| format!("a {} x\n", "`".repeat(n)))
        .collect::<String>()
        + "[a](b.md)\n";
    let rows = "| [x](y.md) | z |\n".repeat(100_000);
    let table = format!("| a | b |\n|---|---|\n{rows}");
    // (The pipe in the code span parts the cell: the parser reads these.)
    let parted = format!(
        "| a | b |\n|---|---|\n{}",
        "| [x](y.md) `a|b` |\n".repeat(50_000)
    );
    let dir = Scratch::with(
        "hostile-links",
        &[
            ("ticks.md", ticks.as_str()),
            ("table.md", table.as_str()),
            ("parted.md", parted.as_str()),
        ],
    );
    for (file, links) in [
        ("ticks.md", 1),
        ("table.md", 100_000),
        ("parted.md", 50_000),
    ] {
        let out = mdsel_in(dir.path(), &["--full", "links", file], b"");
        let out = String::from_utf8(out.stdout).unwrap();
        let listed = out
            .lines()
            .filter(|l| l.contains("→ broken: no such file"))
            .count();
        assert_eq!(listed, links, "{file}: {}", &out[..out.len().min(200)]);
    }
}

/// The response budget's ceiling at `max_words`, with the few words
/// a marker may run over.
fn assert_fits(text: &str, max_words: usize, call: &str) {
    let words = text.split_whitespace().count();
    assert!(words <= max_words + 10, "{call}: {words} words");
    assert!(text.len() <= 16 * max_words, "{call}: {} bytes", text.len());
}

/// Folders (README, "Text"): twenty thousand small pages in forty folders,
/// some nested: one response names every top folder; following folder lines
/// and page markers reaches every page exactly as the tree holds them; every
/// response fits.
#[test]
#[ignore = "takes half a minute in a debug build; run: cargo test --release --test integration scale:: -- --ignored"]
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
    let top = index_in(tree.path(), &["index", "pages"]);
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
        let text = index_in(tree.path(), &args);
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
