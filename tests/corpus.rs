//! Real Markdown written by others (`../shared/corpus`, or `$MDSEL_CORPUS`): every
//! file loads without a panic, `*` returns it unchanged, and every indexed heading
//! selects a slice that starts on that heading's line.
//!
//! Opt-in, so that `cargo test` passes on a machine without the corpus and never
//! reports a test as passed that had nothing to read: run these with
//! `cargo test --test integration corpus:: -- --ignored`, which fails when the corpus is
//! missing. `.ci/run` always does.

use crate::common;

use std::path::{Path, PathBuf};

use common::bin::{mdsel_in, root};
use common::memory::{self, Run};

/// The corpus folder; a test asked to read it fails when it is not there.
fn corpus() -> PathBuf {
    let dir = std::env::var_os("MDSEL_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/corpus"));
    assert!(
        dir.is_dir(),
        "corpus not found at {}: set MDSEL_CORPUS to the corpus folder, or place it at ../shared/corpus",
        dir.display()
    );
    dir
}

fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if memory::is_markdown(&path) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The file as `*` must return it: BOM dropped, one final newline ensured.
fn expected_whole(bytes: &[u8]) -> Vec<u8> {
    let mut want = bytes
        .strip_prefix(b"\xef\xbb\xbf")
        .unwrap_or(bytes)
        .to_vec();
    if !want.is_empty() && !want.ends_with(b"\n") && !want.ends_with(b"\r") {
        want.push(b'\n');
    }
    want
}

fn check_file(path: &Path) {
    let bytes = std::fs::read(path).unwrap();

    let report = Run::select("*").path(path).full().report();
    assert_eq!(report.exit_code(), 0, "{}", path.display());
    let out = memory::text(&report);
    assert!(
        out == expected_whole(&bytes),
        "* is not the file: {}",
        path.display()
    );

    let json = memory::json(&Run::index().path(path).report());
    let headings = json["data"]["documents"][0]["headings"]
        .as_array()
        .unwrap()
        .clone();
    if headings.is_empty() {
        return;
    }
    let levels: Vec<String> = (1..=6).map(|l| format!("h{l}")).collect();
    let report = Run::select_each(&levels).path(path).full().report();
    let doc = &report.documents[0];
    let mut matches: Vec<_> = report.matches.iter().collect();
    matches.sort_by_key(|m| m.span.start);
    assert_eq!(matches.len(), headings.len(), "{}", path.display());
    for (m, h) in matches.iter().zip(&headings) {
        assert_eq!(
            m.selector,
            h["selector"].as_str().unwrap(),
            "{}",
            path.display()
        );
        let line = memory::line_of(doc, m.span.start) as u64;
        assert_eq!(
            line,
            h["line_start"].as_u64().unwrap(),
            "{} {}",
            path.display(),
            m.selector
        );
        assert!(m.span.start == 0 || memory::doc_text(doc).as_bytes()[m.span.start - 1] == b'\n');
        let words = memory::words(memory::matched(&report, m)) as u64;
        assert_eq!(
            words,
            h["words"].as_u64().unwrap(),
            "{} {}",
            path.display(),
            m.selector
        );
    }
}

#[test]
#[ignore = "reads ../shared/corpus or $MDSEL_CORPUS; run: cargo test --test integration corpus:: -- --ignored"]
fn every_corpus_file_round_trips_and_its_headings_resolve() {
    let files = markdown_files(&corpus());
    assert!(
        files.len() > 2000,
        "expected the whole corpus, found {} files",
        files.len()
    );
    for file in &files {
        check_file(file);
    }
}

#[test]
#[ignore = "reads ../shared/corpus or $MDSEL_CORPUS; run: cargo test --test integration corpus:: -- --ignored"]
fn big_corpus_files_round_trip_through_the_binary() {
    let dir = corpus();
    let files = markdown_files(&dir.join("big-files"));
    assert!(!files.is_empty(), "no big-files in {}", dir.display());
    for file in files {
        let out = mdsel_in(&dir, &["*", file.to_str().unwrap(), "--full"], b"");
        assert_eq!(out.status.code(), Some(0));
        assert!(
            out.stdout == expected_whole(&std::fs::read(&file).unwrap()),
            "{}",
            file.display()
        );
    }
}

/// Issue 10: questions of our own over real Markdown find the section that
/// answers them in the top 5, each searched in its part of the corpus: a hit
/// counts when it is in the answer's file and its content holds the answer.
#[test]
#[ignore = "reads ../shared/corpus or $MDSEL_CORPUS; run: cargo test --test integration corpus:: -- --ignored"]
fn search_finds_the_answering_section_in_the_top_five() {
    let dir = corpus();
    let cases = [
        // (query, folder searched, file, text of the answer)
        (
            "shadowing variables",
            "rust-book/src",
            "ch03-01-variables-and-mutability.md",
            "is _shadowed_ by the second",
        ),
        (
            "borow chekcer references",
            "rust-book/src",
            "ch10-03-lifetime-syntax.md",
            "has a _borrow checker_ that compares scopes",
        ),
        (
            "unwrap_or_else closure",
            "rust-book/src",
            "ch13-01-closures.md",
            "`unwrap_or_else` calls the closure",
        ),
        (
            "process.nextTick",
            "nodejs-api",
            "process.md",
            "adds `callback` to the \"next tick queue\"",
        ),
        (
            "EventEmitter once listener",
            "nodejs-api",
            "events.md",
            "Adds a **one-time** `listener` function for the event named `eventName`. The",
        ),
        (
            "strikethrough tildes",
            "gfm-spec",
            "0017.md",
            "A proper ~strikethrough~.",
        ),
        (
            "active-passive failover",
            "big-files",
            "system-design-primer-README.md",
            "Active-passive failover can also be referred to",
        ),
        (
            "众人认同的决策程序",
            "rust-rfcs/text/3392-leadership-council",
            "Leadership-Council-RFCzh-Hans.md",
            "众人认同的决策程序",
        ),
    ];
    let mut misses = Vec::new();
    for (query, folder, file, answer) in cases {
        let report = Run::search(query).path(&dir.join(folder)).report();
        let found = report.matches.iter().take(5).any(|m| {
            memory::doc_path(&report.documents[m.doc]).ends_with(file)
                && memory::matched(&report, m).contains(answer)
        });
        if !found {
            let got: Vec<&str> = report.matches.iter().map(|m| m.selector.as_str()).collect();
            misses.push(format!("{query:?}: {got:?}"));
        }
    }
    assert!(
        misses.is_empty(),
        "not in the top 5:\n{}",
        misses.join("\n")
    );
}

/// Issue 13: `mdsel hook claude --outline` on a whole read of every corpus
/// file: files over the threshold are narrowed to at most 40 lines, their
/// outline stays within the budget's byte ceiling, and every heading's line range
/// starts on that heading (ATX or setext) and lies within the file.
#[test]
#[ignore = "reads ../shared/corpus or $MDSEL_CORPUS; run: cargo test --test integration corpus:: -- --ignored"]
fn every_outline_fits_and_its_ranges_name_the_headings() {
    let dir = corpus();
    let mut narrowed = 0;
    for file in markdown_files(&dir) {
        let input = serde_json::json!({
            "cwd": dir, "hook_event_name": "PreToolUse", "tool_name": "Read",
            "tool_input": {"file_path": file},
        });
        let out = mdsel_in(
            &dir,
            &["hook", "claude", "--outline"],
            input.to_string().as_bytes(),
        );
        assert_eq!(out.status.code(), Some(0));
        if out.stdout.is_empty() {
            continue;
        }
        narrowed += 1;
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let h = &v["hookSpecificOutput"];
        let limit = h["updatedInput"]["limit"].as_u64().unwrap();
        assert!((1..=40).contains(&limit), "{}", file.display());
        let context = h["additionalContext"].as_str().unwrap();
        assert!(context.len() <= 32 * 1024, "{}", file.display());
        let text = std::fs::read_to_string(&file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for line in context.lines().skip(1) {
            let Some((head, range)) = line.rsplit_once(" L") else {
                continue; // block counts and markers
            };
            let (first, last) = range.split_once('-').unwrap();
            let (first, last): (usize, usize) = (first.parse().unwrap(), last.parse().unwrap());
            assert!(
                first <= last && last <= lines.len(),
                "{}: {line}",
                file.display()
            );
            if head.trim_start().starts_with('h') {
                let at = lines[first - 1].trim_start();
                let setext = lines
                    .get(first)
                    .is_some_and(|l| l.trim_start().starts_with(['=', '-']));
                assert!(at.starts_with('#') || setext, "{}: {line}", file.display());
            }
        }
    }
    assert!(narrowed > 500, "only {narrowed} files narrowed");
}
