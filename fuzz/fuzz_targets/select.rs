//! Fuzzes the whole select pipeline over a document and selectors.
//!
//! Input layout: byte 0 sets the options (page size 1 to 32 words from its low 5
//! bits, `--full` from bit 5, a second copy of the document from bit 6); the
//! first line after it holds the selector argument (commas split it, as on the
//! command line); the rest is the document, raw bytes checked like a file.
//!
//! Checks that `run` and every renderer never panic and that the JSON parses;
//! that every match is a valid slice of its document and a paged match holds at
//! most a page of words; that a match's canonical selector, pasted back, names
//! the same node; and that the pages of `*/page` concatenate to the whole text.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mdsel::{Command, Input, Report, Request};

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let split = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    let selector = String::from_utf8_lossy(&rest[..split]).into_owned();
    let body = rest.get(split + 1..).unwrap_or_default();
    let max_words = usize::from(flags & 0x1f) + 1;
    let full = flags & 0x20 != 0;
    let mut inputs = vec![doc_input("a/doc.md", body)];
    if flags & 0x40 != 0 {
        inputs.push(doc_input("b/doc.md", body));
    }

    let report = select(&inputs, vec![selector], max_words, full);
    render(&report);
    for m in &report.matches {
        let text = &report.documents[m.doc].text;
        assert!(m.span.start <= m.span.end && m.span.end <= text.len());
        assert!(text.is_char_boundary(m.span.start) && text.is_char_boundary(m.span.end));
        if m.page.is_some() {
            let words = mdsel::count_words(&text[m.span.clone()]);
            assert!(
                words <= max_words,
                "a page holds {words} words, over {max_words}"
            );
        }
    }
    if let Some(m) = report.matches.first() {
        pasted_back(&inputs, &report, m);
    }
    if !report.documents.is_empty() {
        pages_concatenate(&inputs, max_words);
    }
});

fn doc_input(name: &str, bytes: &[u8]) -> Input {
    Input::Bytes {
        name: name.into(),
        bytes: bytes.to_vec(),
    }
}

fn select(inputs: &[Input], selectors: Vec<String>, max_words: usize, full: bool) -> Report {
    let mut request = Request::new(Command::Select(selectors), inputs.to_vec());
    request.threads = 1;
    request.max_words = max_words;
    request.full = full;
    mdsel::run(&request)
}

fn render(report: &Report) {
    let mut out = Vec::new();
    mdsel::write_text(report, &mut out).unwrap();
    mdsel::write_errors(report, &mut out).unwrap();
    let mut json = Vec::new();
    mdsel::write_json(report, &mut json).unwrap();
    serde_json::from_slice::<serde_json::Value>(&json).expect("JSON output parses");
}

/// Every selector shown works when pasted back.
fn pasted_back(inputs: &[Input], report: &Report, m: &mdsel::Match) {
    let shown = report.display_selector(m, None);
    let again = select(inputs, vec![shown.clone()], usize::MAX, true);
    let doc = &report.documents[m.doc];
    let want = doc.node(m.node).span.clone();
    assert!(
        again
            .matches
            .iter()
            .any(|n| n.doc == m.doc && n.span == want),
        "{shown} does not name {want:?} again: {:?}",
        again.matches
    );
}

/// Concatenating all pages of the document gives back its text.
fn pages_concatenate(inputs: &[Input], max_words: usize) {
    let report = select(&inputs[..1], vec!["*/page".into()], max_words, false);
    let doc = &report.documents[0];
    let mut joined = String::new();
    for (k, m) in report.matches.iter().enumerate() {
        let page = m.page.expect("every */page match is a page");
        assert_eq!((page.index, page.count), (k, report.matches.len()));
        joined.push_str(&doc.text[m.span.clone()]);
    }
    assert_eq!(joined, doc.text, "pages concatenate to the document");
}
