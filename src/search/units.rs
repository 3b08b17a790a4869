//! What search reads as one unit of a document (docs/search.md, "Search"): a section's own
//! text, the front matter, the preamble, or, in a long document without
//! headings, each of its blocks.

use std::ops::Range;

use crate::tree::{BlockKind, Document, NodeId, next_line_end};

/// A unit to scan: where its body is, and which section gives its title and path.
#[derive(Clone, Debug)]
pub(crate) struct Unit {
    pub(crate) node: NodeId,
    /// The own text, heading included.
    pub(crate) span: Range<usize>,
    /// Where its body starts (after the heading line).
    pub(crate) body: usize,
    /// Where its node ends: past its subsections, for a section.
    pub(crate) end: usize,
    /// Index in `doc.sections()`, for a section.
    pub(crate) section: Option<usize>,
    /// Whether it is the front matter.
    pub(crate) front: bool,
}

/// Whether a document's units are its blocks: it has no headings, and its
/// preamble is over `max_words`.
pub(crate) fn by_blocks(doc: &Document, max_words: usize) -> bool {
    doc.sections().is_empty() && doc.root().is_some_and(|r| doc.node_words(r) > max_words)
}

/// The units of a document, in document order. A document without headings is
/// one unit, its preamble, unless that is over `max_words`: then each of its
/// document-level blocks is one (text outside them is not searched).
pub(crate) fn units(doc: &Document, max_words: usize) -> Vec<Unit> {
    let mut out = Vec::new();
    let whole = |id: NodeId| {
        let span = doc.node(id).span.clone();
        Unit {
            node: id,
            body: span.start,
            end: span.end,
            span,
            section: None,
            front: false,
        }
    };
    out.extend(doc.front().map(|id| Unit {
        front: true,
        ..whole(id)
    }));
    let sections = doc.sections();
    if sections.is_empty() {
        if !by_blocks(doc, max_words) {
            out.extend(doc.root().map(whole));
            return out;
        }
        let mut blocks: Vec<NodeId> = BlockKind::ALL
            .iter()
            .flat_map(|&k| doc.blocks(k).iter().copied())
            .collect();
        blocks.sort_by_key(|&id| doc.node(id).span.start);
        if blocks.is_empty() {
            out.extend(doc.root().map(whole));
        }
        out.extend(blocks.into_iter().map(whole));
        return out;
    }
    out.extend(doc.root().map(whole));
    let bytes = doc.text().as_bytes();
    for (k, &id) in sections.iter().enumerate() {
        let start = doc.node(id).span.start;
        let end = sections
            .get(k + 1)
            .map_or(doc.text().len(), |&n| doc.node(n).span.start);
        out.push(Unit {
            node: id,
            span: start..end,
            body: next_line_end(bytes, start, end),
            end: doc.node(id).span.end,
            section: Some(k),
            front: false,
        });
    }
    out
}
