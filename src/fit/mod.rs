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
mod outline;
mod page;
mod select;

use crate::error::Reason;
use crate::options::Options;
use crate::report::{Match, PageInfo, Report};
use crate::selector::{Hit, Miss, Query, Selector, Target, canonical};
use crate::tree::{Document, NodeId};

pub(crate) use budget::{Budget, Size};
pub(crate) use fold::{CallText, Folder, Marker, Plan, Row, page_selector};
pub(crate) use outline::{DocOutline, Item, Line, Scope};
pub(crate) use page::{head_tail, pages};
pub(crate) use select::{Piece, Selection, choose};

/// What `index` outlines in a collected report: each document's scope, the
/// page asked for, and how markers name the call.
#[derive(Clone, Debug, Default)]
pub(crate) struct OutlineCall {
    /// Per document, parallel to the report's documents: what its outline
    /// shows, `None` when it has none. Empty: every document whole.
    pub scopes: Vec<Option<Scope>>,
    /// The `page.K` asked for.
    pub page: Option<usize>,
    pub call: CallText,
    /// Whether outline lines carry their line ranges ([`Options::line_ranges`]).
    pub line_ranges: bool,
}

/// The outline of a collected `index` report, as it is printed.
pub(crate) fn outline_plan(report: &Report) -> Plan {
    let o = &report.outline;
    let mut folder = Folder::new(report.budget, o.call.clone(), o.page);
    for (k, doc) in report.documents.iter().enumerate() {
        let scope = match o.scopes.get(k) {
            Some(scope) => scope.as_ref(),
            None => Some(&Scope::Whole),
        };
        folder.push(scope.map(|s| DocOutline::build(doc, doc.namespace(), s, o.line_ranges)));
    }
    folder.finish()
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
