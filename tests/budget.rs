//! The response budget over generated corpora (docs/output.md, "Text"): hundreds of files
//! with deep and wide outlines, in nested folders. Outlines that fit are
//! unchanged; folded and paged ones stay within the budget; following page
//! markers and drill-downs reaches every document and every heading; selections
//! over many documents stay within the budget and name the rest; thread counts
//! and the streamed and collected paths give the same bytes.

use crate::common;

use std::collections::{BTreeSet, VecDeque};
use std::path::Path;

use common::bin::{json, mdsel_in};
use common::memory::{self, CommandKind, Run};
use common::scratch::Scratch;

/// Words the marker lines of a selection (a page marker and the marker naming
/// the rest) may add past the budget.
const MARKER_WORDS: usize = 32;
/// Bytes they may add past the byte ceiling.
const MARKER_BYTES: usize = 600;

/// Deterministic filler: `n` words.
fn words(seed: usize, n: usize) -> String {
    (0..n)
        .map(|k| format!("w{}", (seed * 31 + k * 7) % 97))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One document: a title, then a wide and deep outline whose shape varies with `i`.
fn document(i: usize) -> String {
    let mut text = format!("# Document {i}\n\n{}\n\n", words(i, 12));
    for a in 0..2 + i % 5 {
        text.push_str(&format!(
            "## Part {i}.{a}\n\n{}\n\n",
            words(i + a, 20 + i % 17)
        ));
        for b in 0..(i + a) % 4 {
            text.push_str(&format!("### Topic {a}.{b}\n\n{}\n\n", words(a + b, 15)));
            for c in 0..(i + b) % 3 {
                text.push_str(&format!("#### Detail {b}.{c}\n\n{}\n\n", words(c, 8)));
                if (i + c).is_multiple_of(4) {
                    text.push_str(&format!("##### Note {c}\n\n{}\n\n", words(i, 5)));
                    text.push_str(&format!("###### Aside {c}\n\n{}\n\n", words(a, 3)));
                }
            }
        }
    }
    text
}

/// A corpus of `files` documents under nested folders.
fn corpus(name: &str, files: usize) -> Scratch {
    let dir = Scratch::new(name);
    for i in 0..files {
        let path = format!("part{}/sub{}/doc{i:03}.md", i % 4, i % 3);
        dir.write(&path, document(i));
    }
    dir
}

fn run(cwd: &Path, args: &[&str]) -> (String, i32) {
    let out = mdsel_in(cwd, args, b"");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    (text, out.status.code().unwrap_or(-1))
}

fn size(text: &str) -> (usize, usize) {
    (memory::words(text), text.len())
}

fn assert_within(text: &str, max_words: usize, slack: (usize, usize), what: &str) {
    let (w, b) = size(text);
    assert!(
        w <= max_words + slack.0 && b <= 16 * max_words + slack.1,
        "{what}: {w} words, {b} bytes for a budget of {max_words}\n{}",
        &text[text.len().saturating_sub(300)..]
    );
}

/// Every (namespace, heading selector) of the corpus, from the unfolded JSON index.
fn all_headings(cwd: &Path) -> (Vec<String>, BTreeSet<(String, String)>) {
    let out = mdsel_in(cwd, &["index", "--json", "."], b"");
    let index = json(&out);
    let mut namespaces = Vec::new();
    let mut headings = BTreeSet::new();
    for doc in index["data"]["documents"].as_array().unwrap() {
        let ns = doc["namespace"].as_str().unwrap().to_owned();
        for h in doc["headings"].as_array().unwrap() {
            headings.insert((ns.clone(), h["selector"].as_str().unwrap().to_owned()));
        }
        namespaces.push(ns);
    }
    (namespaces, headings)
}

#[test]
fn an_outline_that_fits_is_printed_as_before() {
    let dir = corpus("budget-fits", 6);
    let (full, code) = run(dir.path(), &["index", "--full", "."]);
    assert_eq!(code, 0);
    assert!(
        size(&full).0 < 2000,
        "the whole outline fits the default budget"
    );
    let (fitted, _) = run(dir.path(), &["index", "."]);
    assert_eq!(fitted, full, "nothing is folded, nothing is added");
    assert!(full.ends_with('\n') && !full.contains("[folded") && !full.contains("[page"));
    // Each document's outline is its own index, under its document line.
    let (one, _) = run(dir.path(), &["index", "part0/sub0/doc000.md"]);
    assert!(full.contains(&one), "{one}");
}

#[test]
fn folded_and_paged_outlines_stay_within_the_budget() {
    let dir = corpus("budget-fold", 300);
    for max in [40, 150, 600, 2000, 6000] {
        let max_arg = max.to_string();
        let (out, code) = run(dir.path(), &["--max-words", &max_arg, "index", "."]);
        assert_eq!(code, 0, "max {max}");
        assert_within(&out, max, (0, 0), &format!("index at {max}"));
        let last = out.lines().last().unwrap();
        assert!(
            last.starts_with("[folded below depth ")
                || last.starts_with("[folded into folders below depth ")
                || last.starts_with("[page 1/"),
            "max {max}: {last}"
        );
        // One document is folded too, below its top headings at the least.
        let (one, _) = run(
            dir.path(),
            &["--max-words", &max_arg, "index", "part3/sub2/doc299.md"],
        );
        assert_within(&one, max, (0, 0), &format!("one document at {max}"));
    }
}

#[test]
fn following_pages_lists_every_document_once() {
    let dir = corpus("budget-pages", 300);
    let (namespaces, _) = all_headings(dir.path());
    // Files named one by one have no folders to fold into: their lines page.
    let index = json(&mdsel_in(dir.path(), &["index", "--json", "."], b""));
    let files: Vec<String> = index["data"]["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["path"].as_str().unwrap().to_owned())
        .collect();
    let mut listed = Vec::new();
    let mut next = Some("page.0".to_owned());
    let mut pages = 0;
    while let Some(page) = next.take() {
        let mut args = vec!["--max-words", "150", "index", &page];
        args.extend(files.iter().map(String::as_str));
        let (out, code) = run(dir.path(), &args);
        assert_eq!(code, 0, "{page}");
        assert_within(&out, 150, (0, 0), &page);
        let (lines, marker) = out.trim_end().rsplit_once('\n').unwrap();
        listed.extend(
            lines
                .lines()
                .map(|l| l.split(' ').next().unwrap().to_owned()),
        );
        next = marker
            .split(" · next: ")
            .nth(1)
            .map(|n| n.trim_end_matches(']').to_owned());
        pages += 1;
        assert!(marker.starts_with(&format!("[page {pages}/")), "{marker}");
    }
    assert!(
        pages > 3,
        "the document lines alone overflow: {pages} pages"
    );
    assert_eq!(listed, namespaces, "every document once, in input order");
}

/// Outline lines: the namespace of document lines, the selector of the others,
/// and the call that expands a line that hides lines beneath it: `(scope,
/// input)`, a folder line's being its folder as input.
fn drill(
    out: &str,
    input: &str,
    mut ns: String,
    seen: &mut BTreeSet<(String, String)>,
) -> Vec<(String, String)> {
    let mut calls = Vec::new();
    for line in out.lines() {
        if let Some(next) = line.split(" · next: ").nth(1) {
            calls.push((next.trim_end_matches(']').to_owned(), input.to_owned()));
            continue;
        }
        if line.starts_with('[') {
            continue;
        }
        if let Some((folder, _)) = line
            .split_once("/ (")
            .filter(|(_, r)| r.contains(" docs, "))
        {
            let folder = if input == "." {
                folder.to_owned()
            } else {
                format!("{input}/{folder}")
            };
            calls.push((String::new(), folder));
            continue;
        }
        let first = line.trim_start().split(' ').next().unwrap();
        let heading = line.starts_with(' ') || first.starts_with('h') && first.contains('.');
        let hides = line.ends_with(")") && line.contains(", +");
        if heading {
            seen.insert((ns.clone(), first.to_owned()));
            if hides {
                calls.push((format!("{ns}::{first}"), input.to_owned()));
            }
        } else if line.ends_with('/') && !line.contains(' ') {
            continue; // the folder line above documents
        } else if !matches!(first, "front" | "root" | "---") && !first.contains(':') {
            // A document line: its namespace, or under its folder's line its
            // file name, which gives it.
            ns = match first.strip_suffix(".md") {
                Some(stem) if line.split(' ').nth(1).is_some_and(|w| w.starts_with('(')) => {
                    stem.to_lowercase()
                }
                _ => first.to_owned(),
            };
            if hides {
                calls.push((format!("{ns}::*"), input.to_owned()));
            }
        }
    }
    calls
}

#[test]
fn drilling_down_reaches_every_heading() {
    let dir = corpus("budget-drill", 40);
    let (_, headings) = all_headings(dir.path());
    let mut seen = BTreeSet::new();
    let mut queue: VecDeque<(String, String)> = VecDeque::from([(String::new(), ".".to_owned())]);
    let mut done = BTreeSet::new();
    while let Some((scope, input)) = queue.pop_front() {
        if !done.insert((scope.clone(), input.clone())) {
            continue;
        }
        let mut args = vec!["--max-words", "60", "index"];
        if !scope.is_empty() {
            args.push(&scope);
        }
        args.push(&input);
        let (out, code) = run(dir.path(), &args);
        assert_eq!(code, 0, "{scope} {input}: {out}");
        assert_within(&out, 60, (0, 0), &scope);
        // The call a fold marker names works: `mdsel index SELECTOR INPUT`
        let marker = out.lines().last().unwrap_or_default();
        if let Some(call) = marker.strip_prefix("[folded below depth ") {
            let call = call.split(" · expand: mdsel index ").nth(1).unwrap();
            // It repeats the options that shaped the response.
            let call = call.strip_prefix("--max-words 60 ").expect(marker);
            let (selector, files) = call.trim_end_matches(']').split_once(' ').unwrap();
            assert_eq!(files, input, "{marker}");
            let selector = selector.trim_matches('\'');
            let (out, code) = run(
                dir.path(),
                &["--max-words", "60", "index", selector, &input],
            );
            assert_eq!(code, 0, "{marker}");
            assert_within(&out, 60, (0, 0), selector);
        }
        // Namespaces are the documents' own names, whatever folder is given.
        queue.extend(drill(&out, &input, String::new(), &mut seen));
        assert!(done.len() < 5000, "drilling down ends");
    }
    assert_eq!(seen, headings, "every heading was reached");
}

#[test]
fn selections_over_many_documents_stay_within_the_budget_and_name_the_rest() {
    let dir = corpus("budget-select", 300);
    let found = json(&mdsel_in(
        dir.path(),
        &["select", "--json", "h2.1", "."],
        b"",
    ));
    let total = found["data"]["matches"].as_array().unwrap().len();
    assert_eq!(total, 300, "every document has an h2.1");
    for max in [30, 300, 2000] {
        let max_arg = max.to_string();
        let (out, code) = run(
            dir.path(),
            &["--max-words", &max_arg, "select", "h2.1", "."],
        );
        assert_eq!(code, 0);
        assert_within(
            &out,
            max,
            (MARKER_WORDS, MARKER_BYTES),
            &format!("select at {max}"),
        );
        let last = out.lines().last().unwrap();
        let shown = out.lines().filter(|l| l.ends_with("::h2.1:")).count();
        assert!(
            last.starts_with(&format!("[shown {shown} of 300 matches · rest: ")),
            "{last}"
        );
        let rest: Vec<&str> = last
            .split(" · rest: ")
            .nth(1)
            .unwrap()
            .split(' ')
            .take_while(|w| w.contains("::"))
            .collect();
        assert!(
            rest.len() >= 3,
            "at least a few of the rest are named: {last}"
        );
        let unnamed: usize = last
            .split(" +")
            .nth(1)
            .map_or(0, |n| n.split(' ').next().unwrap().parse().unwrap());
        assert_eq!(shown + rest.len() + unnamed, 300, "{last}");
        // The rest are named in order, and each name selects its match.
        for name in rest.iter().take(3) {
            let (one, code) = run(dir.path(), &["--max-words", &max_arg, "select", name, "."]);
            assert_eq!(code, 0, "{name}");
            assert!(one.starts_with("## Part "), "{name}: {one}");
        }
    }
}

#[test]
fn search_output_stays_within_the_budget() {
    let dir = corpus("budget-search", 120);
    let (out, code) = run(
        dir.path(),
        &[
            "--max-words",
            "60",
            "--limit",
            "500",
            "search",
            "Topic",
            ".",
        ],
    );
    assert_eq!(code, 0);
    assert_within(&out, 60, (MARKER_WORDS, MARKER_BYTES), "search");
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("[") && last.contains(" more hits · next: --offset "),
        "{out}"
    );
    // The hits shown are few: the budget decides, and the offset it names
    // shows the next ones.
    let shown = common::bin::hits(&out).len();
    assert!((2..20).contains(&shown), "{out}");
    assert!(last.ends_with(&format!("--offset {shown}]")), "{out}");
}

#[test]
fn content_pages_obey_the_byte_ceiling() {
    let dir = Scratch::new("budget-bytes");
    let urls: String = (0..400)
        .map(|i| format!("- https://example.com/a/very/long/path/to/resource/{i}/index.html\n"))
        .collect();
    let text = format!("# Links\n\n{urls}");
    dir.write("links.md", &text);
    let (first, code) = run(
        dir.path(),
        &["--max-words", "100", "select", "list.0", "links.md"],
    );
    assert_eq!(code, 0);
    let content = first.rsplit_once("[page 1/").unwrap().0;
    assert!(
        content.len() <= 1600 && memory::words(content) < 100,
        "{}",
        content.len()
    );
    // The pages, followed to the last, give back the list byte for byte.
    let mut all = String::new();
    let mut next = Some("list.0/page.0".to_owned());
    while let Some(page) = next.take() {
        let (out, _) = run(
            dir.path(),
            &["--max-words", "100", "select", &page, "links.md"],
        );
        let (body, marker) = out.trim_end().rsplit_once('\n').unwrap();
        all.push_str(body);
        all.push('\n');
        next = marker
            .split(" · next: ")
            .nth(1)
            .map(|n| n.split(' ').next().unwrap().to_owned());
    }
    assert_eq!(all, urls);
}

#[test]
fn thread_count_does_not_change_output() {
    let dir = corpus("budget-threads", 200);
    let cases: &[&[&str]] = &[
        &["index", "."],
        &["--max-words", "150", "index", "page.0", "."],
        &["--max-words", "10", "index", "page.1", "."],
        &["--max-words", "300", "index", "h2.1", "."],
        &["index", "doc013::*", "."],
        &["--max-words", "300", "select", "h2.1", "."],
        &["--max-words", "500", "select", "h3", "."],
    ];
    for args in cases {
        let mut outputs = Vec::new();
        for threads in ["1", "3", "8"] {
            let mut with = vec!["-j", threads];
            with.extend_from_slice(args);
            outputs.push(run(dir.path(), &with));
        }
        assert!(outputs.windows(2).all(|w| w[0] == w[1]), "{args:?}");
        assert!(!outputs[0].0.is_empty(), "{args:?}");
    }
}

#[test]
fn streamed_text_is_the_collected_text() {
    let dir = corpus("budget-stream", 120);
    // 0: no budget (`--full`).
    let calls = [
        (Run::index(), 0),
        (Run::select("h3"), 0),
        (Run::index(), 2000),
        (Run::index(), 100),
        (Run::index_scoped(&["page.3"]), 100),
        (Run::index_scoped(&["h2.0"]), 400),
        (Run::index_scoped(&["h3.9"]), 400),
        (Run::select("h2.1"), 400),
        (Run::select("h4,h2.9"), 400),
        (Run::select("nope::h1.0"), 400),
        (Run::search("install"), 400),
        (Run::search("zzzzqqq"), 400),
    ];
    for (run, max_words) in calls {
        let mut run = run.path(dir.path()).threads(2).max_words(max_words.max(1));
        if max_words == 0 {
            run = run.full();
        }
        let collected = run.report();
        let want = memory::text(&collected);
        let (got, streamed) = run.streamed();
        assert_eq!(
            String::from_utf8(got).unwrap(),
            String::from_utf8(want).unwrap(),
            "{run:?} at {max_words}"
        );
        assert_eq!(streamed.unresolved, collected.unresolved, "{run:?}");
        assert_eq!(streamed.exit_code(), collected.exit_code(), "{run:?}");
        // A streamed report holds no documents, yet knows how many were read.
        if collected.command != CommandKind::Search {
            assert!(collected.namespaced(), "{run:?}");
            assert_eq!(streamed.namespaced(), collected.namespaced(), "{run:?}");
        }
    }
}

/// Issue 21: a section whose direct children do not fit beside it was named
/// as the part to expand, and expanding it printed the same outline again.
/// The hint names its children (`h1.0/*`), whose outline pages; following it
/// reaches every entry.
#[test]
fn the_expand_hint_never_repeats_the_outline() {
    let mut changelog = String::from("# Changelog\n\n");
    for i in 0..800 {
        changelog.push_str(&format!(
            "## v1.{i}.0\n\n- fixed bug number {i} in the parser\n\n"
        ));
    }
    let dir = Scratch::with("budget-changelog", &[("CHANGELOG.md", changelog.as_str())]);
    let (first, code) = run(dir.path(), &["index", "CHANGELOG.md"]);
    assert_eq!(code, 0);
    let marker = first.lines().last().unwrap();
    let call = marker
        .split(" · expand: mdsel index ")
        .nth(1)
        .expect(marker)
        .trim_end_matches(']');
    let (selector, file) = call.split_once(' ').unwrap();
    let selector = selector.trim_matches('\'');
    assert_eq!(selector, "h1.0/*", "{marker}");
    let mut seen = BTreeSet::new();
    let mut next = Some(selector.to_owned());
    while let Some(scope) = next.take() {
        let (out, code) = run(dir.path(), &["index", &scope, file]);
        assert_eq!(code, 0, "{scope}");
        assert_ne!(out, first, "{scope} shows something new");
        assert_within(&out, 2000, (0, 0), &scope);
        seen.extend(
            out.lines()
                .filter_map(|l| l.strip_prefix(" h2."))
                .map(|l| l.split(' ').next().unwrap().to_owned()),
        );
        next = out
            .lines()
            .last()
            .and_then(|m| m.split(" · next: ").nth(1))
            .map(|n| n.trim_end_matches(']').to_owned());
    }
    assert_eq!(seen.len(), 800, "every entry by the pages of the hint");
}
