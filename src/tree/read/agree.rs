//! The agreement check: the block-level pass reads as the parser does, and a
//! reading for sections has the whole reading's sections. Every parse of a
//! debug build runs it; a release build does not pay for it, and the tests
//! call it directly, so they check in any build.

use std::borrow::Cow;

use super::builder::Builder;
use super::walk::{Walked, walk};
#[cfg(test)]
use crate::paths::Dialect;
use crate::tree::dialect::containers_marked;
use crate::tree::model::{Document, Lines, NodeId};

/// Holds a document read for its sections to the whole reading of its text:
/// the same sections (spans, levels, titles), front matter and preamble.
pub(super) fn same_sections(doc: &Document, whole: &Document) {
    let sections = |d: &Document| -> Vec<_> {
        (d.sections.iter().enumerate())
            .map(|(k, &id)| {
                let node = d.node(id);
                (
                    node.span.clone(),
                    node.kind,
                    node.ordinal,
                    d.titles[k].clone(),
                )
            })
            .collect()
    };
    assert_eq!(sections(doc), sections(whole), "{}", doc.path);
    let span = |d: &Document, id: Option<NodeId>| id.map(|id| d.node(id).span.clone());
    assert_eq!(
        span(doc, doc.front),
        span(whole, whole.front),
        "{}",
        doc.path
    );
    assert_eq!(span(doc, doc.root), span(whole, whole.root), "{}", doc.path);
    assert_eq!(
        (&doc.title, doc.title_source),
        (&whole.title, whole.title_source)
    );
}

/// Holds a document read with its links ([`parse_linked`]) to the usual
/// reading: the same nodes, sections and titles, and the same links.
///
/// [`parse_linked`]: super::build::parse_linked
pub(super) fn same_linked(linked: &Document, usual: &Document) {
    assert_eq!(
        format!("{:?}", linked.nodes),
        format!("{:?}", usual.nodes),
        "{}: blocks differ from the usual reading's",
        linked.path
    );
    same_sections(linked, usual);
    assert_eq!(linked.blocks, usual.blocks, "{}", linked.path);
    if let Some(links) = &linked.links {
        assert_eq!(links, &usual.written_links(), "{}", linked.path);
    }
}

/// Holds the block-level pass to the parser's reading of the whole text
/// (`whole`, the body's bytes, its site containers marked, or with
/// `containers` false, as written): the same headings and titles, the
/// same nodes, the same block lists.
pub(super) fn same_as_parsed(
    quick: &Builder,
    lines: &Lines<'_>,
    whole: std::ops::Range<usize>,
    containers: bool,
) {
    let mut full = Builder::new(lines.text());
    full.nodes.truncate(0);
    full.nodes.extend(
        quick.nodes[..usize::from(quick.front.is_some()) + 1]
            .iter()
            .cloned(),
    );
    full.front = quick.front;
    let written = Cow::Borrowed(&lines.text()[whole.clone()]);
    let (marked, boxes) = match containers {
        true => containers_marked(written),
        false => (written, Vec::new()),
    };
    let walked = walk(&mut full, lines, whole, &marked, boxes);
    assert!(
        matches!(walked, Walked::Done { .. }),
        "the parser's blocks cross a container's edge"
    );
    let titles = |b: &Builder| -> Vec<(usize, u8, String)> {
        b.headings
            .iter()
            .map(|h| (h.start, h.level, h.title.clone()))
            .collect()
    };
    assert_eq!(
        titles(quick),
        titles(&full),
        "headings differ from the parser's"
    );
    assert_eq!(
        format!("{:?}", quick.nodes),
        format!("{:?}", full.nodes),
        "blocks differ from the parser's"
    );
    assert_eq!(
        quick.blocks, full.blocks,
        "block lists differ from the parser's"
    );
}

/// Whether the block-level pass reads `text` without giving the document up to
/// a whole parse, and if so, whether it read its site containers as such
/// (or, a block crossing one's edge, the text as written); when it does,
/// its reading is held to the parser's, in any build (a debug build's
/// every parse checks it too).
#[cfg(test)]
pub(super) fn read_by_blocks(text: &str) -> Option<bool> {
    let lines = Lines::new(text);
    let mut quick = Builder::new(text);
    let read = quick.read(&lines, 0, Dialect::Markdown);
    if let Some(containers) = read {
        same_as_parsed(&quick, &lines, 0..text.len(), containers);
    }
    read
}

/// Panics unless a reading of `text` for its sections has the whole
/// reading's sections, titles, spans, front matter and preamble (a debug
/// build checks every such reading; a test of any build checks this one).
#[cfg(test)]
pub(super) fn assert_sections_agree(text: &str) {
    let source = crate::source::Source::new("doc.md", text.to_owned());
    let doc = super::build::parse_sections(source, "doc".to_owned());
    same_sections(&doc, &super::build::whole_reading(&doc));
}
