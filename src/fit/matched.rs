//! A [`Match`]: what a response shows of one node, its span cut or paged,
//! with a right-sized read's outline or a search hit's passage; `run` hands
//! them on to the sinks, and the writers slice the document with them.

use std::ops::Range;

use crate::selector::{Query, canonical};
use crate::tree::{Document, NodeId};

/// Which page of a paged match this is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageInfo {
    /// 0-based page number.
    pub index: usize,
    /// How many pages the content has.
    pub count: usize,
}

/// One selected piece of a document.
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    /// Index of the document among those the report holds (`Report::documents`).
    pub doc: usize,
    /// The node selected.
    pub node: NodeId,
    /// Canonical selector of the node, without namespace or page step.
    pub selector: String,
    /// The bytes of the document text this match returns.
    pub span: Range<usize>,
    /// Set when the node's content was split into pages.
    pub page: Option<PageInfo>,
    /// The page was named by a `page` step (so the selector shows it).
    pub page_step: bool,
    /// `?head` cut lines off the end.
    pub cut_head: bool,
    /// `?tail` cut lines off the start.
    pub cut_tail: bool,
    /// The query of the selector, repeated in page markers.
    pub query: Query,
    /// Relevance from 0 to 1, for search hits.
    pub score: Option<f32>,
    /// Where a search hit sits and what it matched.
    pub hit: Option<HitInfo>,
    /// A section shown by its own text, its subsections as outline lines
    /// (a read is right-sized).
    pub folded: Option<Folded>,
}

/// What a right-sized read shows after a section's own text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folded {
    /// The subsections' outline lines as the index prints them, each ending
    /// in a newline (unqualified: the marker names the document).
    pub outline: String,
    /// Subsections beneath the section, at any depth.
    pub count: usize,
    /// Of them, how many the outline shows.
    pub shown: usize,
    /// Link reference definitions left out at the end of the text shown
    /// (`[fs.readFile()]: fs.md#fsreadfile`): what the links lead to, which a
    /// reader of the text rarely needs.
    pub links: usize,
}

/// What a search shows of a hit besides its selector and score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HitInfo {
    /// Titles of the sections holding the hit, outermost first.
    pub path: Vec<String>,
    /// The sentence or sentences holding the best match, on one line: whitespace
    /// folded, links by their text (a hit's passage, docs/output.md, "Text").
    pub passage: String,
    /// Whether the passage is all the text of the hit.
    pub whole: bool,
    /// The words around the best match, on one line.
    pub context: String,
    /// The same text in other documents (a page's other versions), as
    /// namespaced selectors.
    pub copies: Vec<String>,
    /// The block holding the preview line, when reading it alone saves reading
    /// the hit (a selector without namespace).
    pub block: Option<String>,
}

impl Match {
    /// Whether the returned content is less than the node's whole content.
    pub fn truncated(&self) -> bool {
        self.cut_head || self.cut_tail || self.page.is_some_and(|p| p.count > 1)
    }
}

/// A match of the whole node `id` of document number `doc_index`, not yet cut.
pub(crate) fn whole(doc_index: usize, doc: &Document, id: NodeId, query: Query) -> Match {
    Match {
        doc: doc_index,
        node: id,
        selector: canonical(doc, id),
        span: doc.node(id).span.clone(),
        page: None,
        page_step: false,
        cut_head: false,
        cut_tail: false,
        query,
        score: None,
        hit: None,
        folded: None,
    }
}
