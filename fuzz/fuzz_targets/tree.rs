//! Fuzzes the tree builder on arbitrary bytes, read as `.md` and as `.mdx`.
//!
//! Valid UTF-8 is parsed with `parse_document`, and every node reachable through
//! the public API (document, front matter, root, sections, document-level blocks
//! and their nested children) is checked: its span lies within the text on char
//! boundaries and covers whole lines (ended by LF, CRLF or a lone CR), a nested
//! node lies within its container, and front, root and top-level sections follow
//! each other without overlap.
//! Then the raw bytes, valid or not, go through `run` as an index request over an
//! in-memory input, rendered as text, errors and JSON: none of it may panic.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mdsel::{BlockKind, Command, Document, Input, NodeId, Request};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        // As CommonMark, and as MDX (a prepared copy is parsed).
        for name in ["fuzz.md", "fuzz.mdx"] {
            let doc = mdsel::parse_document(mdsel::Source::new(name, text.to_owned()));
            check_tree(&doc);
        }
    }
    let mut request = Request::new(
        Command::Index,
        vec![Input::Bytes {
            name: "fuzz.md".into(),
            bytes: data.to_vec(),
        }],
    );
    request.threads = 1;
    let report = mdsel::run(&request);
    let mut out = Vec::new();
    mdsel::write_text(&report, &mut out).unwrap();
    mdsel::write_errors(&report, &mut out).unwrap();
    mdsel::write_json(&report, &mut out).unwrap();
});

fn check_tree(doc: &Document) {
    let text = doc.text.as_str();
    assert_eq!(doc.node(NodeId::DOCUMENT).span, 0..text.len());
    let mut pending: Vec<NodeId> = Vec::new();
    pending.extend(doc.front());
    pending.extend(doc.root());
    pending.extend_from_slice(doc.sections());
    for kind in BlockKind::ALL {
        pending.extend_from_slice(doc.blocks(kind));
    }
    while let Some(id) = pending.pop() {
        let node = doc.node(id);
        let span = node.span.clone();
        assert!(
            span.start <= span.end && span.end <= text.len(),
            "{span:?} in {} bytes",
            text.len()
        );
        assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
        assert!(at_line_start(text, span.start), "{span:?} starts mid-line");
        assert!(
            span.is_empty() || at_line_end(text, span.end),
            "{span:?} ends mid-line"
        );
        if let Some(parent) = node.parent {
            let outer = &doc.node(parent).span;
            assert!(
                outer.start <= span.start && span.end <= outer.end,
                "{:?} {span:?} escapes its container {outer:?}",
                node.kind
            );
        }
        let _ = (doc.title(id), doc.node_words(id), doc.lines_of(&span));
        pending.extend(doc.children(id));
    }
    // Front matter, preamble and top-level sections come in order, apart.
    let mut at = 0;
    let top = doc
        .sections()
        .iter()
        .filter(|&&s| doc.node(s).parent.is_none());
    for id in doc
        .front()
        .into_iter()
        .chain(doc.root())
        .chain(top.copied())
    {
        let span = &doc.node(id).span;
        assert!(
            span.start >= at,
            "{span:?} overlaps what came before (up to {at})"
        );
        at = span.end;
    }
}

fn at_line_start(text: &str, at: usize) -> bool {
    at == 0 || ends_line(text.as_bytes(), at - 1)
}

fn at_line_end(text: &str, at: usize) -> bool {
    at == text.len() || ends_line(text.as_bytes(), at - 1)
}

/// A line ends at `\n`, or at a `\r` not followed by `\n` (CommonMark's lone CR).
fn ends_line(bytes: &[u8], i: usize) -> bool {
    match bytes[i] {
        b'\n' => true,
        b'\r' => bytes.get(i + 1) != Some(&b'\n'),
        _ => false,
    }
}
