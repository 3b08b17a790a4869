//! Making a response fit: everything that decides how much of a node is shown.
//!
//! Resolving names nodes; this stage turns them into [`Match`]es with the byte
//! spans a response prints: `?head`/`?tail` cuts, pages within the budget's words
//! and bytes (SPEC §5), and whole matches with `--full` or `?full=true`. It also
//! owns the budget of a whole response (SPEC §12): the folded and paged outline
//! of `index`, and which whole matches of a selection are shown. It reads the
//! document text to count words and find line ends, and measures outline lines
//! and markers with the text writer's own functions; it never writes output.

mod budget;
mod fold;
mod folders;
mod lines;
mod outline;
mod page;
mod select;

use crate::options::Options;
use std::ops::Range;

use crate::selector::{Hit, Miss, Query, Reason, Selector, Target, canonical};
use crate::tree::{Document, NodeId};

pub(crate) use budget::{Budget, Size};
pub(crate) use fold::{CallText, Folder, Plan, Row, page_selector};
pub(crate) use folders::Place;
pub(crate) use lines::{Marker, block_lines, marker_text, outline_line};
pub(crate) use outline::{DocOutline, Scope};
pub(crate) use page::{head_tail, pages};
pub(crate) use select::{Piece, Selection, choose};

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
}

/// What a search shows of a hit besides its selector and score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HitInfo {
    /// Titles of the sections holding the hit, outermost first.
    pub path: Vec<String>,
    /// The source line that best shows the match, cut to one short line.
    pub preview: String,
    /// The same text in other documents (a page's other versions), as
    /// namespaced selectors.
    pub copies: Vec<String>,
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
    }
}

/// Applies a selector's query and paging to the nodes it resolved to.
///
/// A last step `page.K` picks pages; otherwise each match is whole (with
/// `--full` or `?full=true`) or cut to its first page. Misses only when every
/// page a `page` step named is out of range.
pub(crate) fn matches(
    options: &Options,
    doc: &Document,
    doc_index: usize,
    sel: &Selector,
    hits: &[Hit],
) -> Result<Vec<Match>, Miss> {
    let mut out = Vec::new();
    let mut page_miss = None;
    for hit in hits {
        let base = whole(doc_index, doc, hit.node, sel.query.clone());
        let (span, cut_head, cut_tail) = head_tail(
            doc.text(),
            base.span.clone(),
            sel.query.head,
            sel.query.tail,
        );
        let base = Match {
            span,
            cut_head,
            cut_tail,
            ..base
        };
        match &hit.pages {
            Some(which) => {
                let all = pages(doc.text(), base.span.clone(), page_size(options));
                let picked: Vec<usize> = match which {
                    None => (0..all.len()).collect(),
                    Some(ix) => ix.pick(all.len()),
                };
                if picked.is_empty() && page_miss.is_none() {
                    page_miss = Some(page_out_of_range(sel, &base.selector, all.len()));
                }
                let count = all.len();
                out.extend(picked.into_iter().map(|p| Match {
                    span: all[p].clone(),
                    page: Some(PageInfo { index: p, count }),
                    page_step: true,
                    ..base.clone()
                }));
            }
            None if options.full || sel.query.full => out.push(base),
            None => out.push(first_page(doc, base, page_size(options))),
        }
    }
    match (out.is_empty(), page_miss) {
        (true, Some(miss)) => Err(miss),
        _ => Ok(out),
    }
}

/// A `page.K` past the last page: the last pages instead.
fn page_out_of_range(sel: &Selector, selector: &str, count: usize) -> Miss {
    let last = count - 1;
    let from = last.saturating_sub(2);
    Miss {
        step: sel.steps.len() - 1,
        reason: Reason::OutOfRange {
            owner: Some(selector.to_owned()),
            target: Target::Page,
            count,
        },
        suggestions: (from..=last)
            .map(|p| format!("{selector}/page.{p}{}", sel.query.suffix(false)))
            .collect(),
    }
}

/// A match as a response shows it by default: whole, or cut to its first page
/// when it is over the word limit (not with `--full`).
pub(crate) fn paged(options: &Options, doc: &Document, m: Match) -> Match {
    if options.full {
        m
    } else {
        first_page(doc, m, page_size(options))
    }
}

/// How much one page holds: the response budget's words and bytes (SPEC §5,
/// §12), whether or not `--full` lifts the budget (a `page.K` still names pages).
pub(crate) fn page_size(options: &Options) -> Budget {
    Budget::new(options.max_words)
}

/// A match cut to its first page when it is over the page size.
fn first_page(doc: &Document, m: Match, size: Budget) -> Match {
    if size.fits(Size::of(&doc.text()[m.span.clone()])) {
        return m;
    }
    let all = pages(doc.text(), m.span.clone(), size);
    Match {
        span: all[0].clone(),
        page: Some(PageInfo {
            index: 0,
            count: all.len(),
        }),
        ..m
    }
}
