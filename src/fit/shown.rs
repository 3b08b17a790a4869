//! How much of each node a selection shows: a selector's `?head`/`?tail`
//! cuts, the pages a `page` step names, and otherwise the node whole (with
//! `--full` or `?full=true`), right-sized, or cut to its first page.

use super::matched::{Match, PageInfo, whole};
use super::page::{first_page, head_tail, page_out_of_range, page_size, pages};
use super::right_sized::{right_sized, without_link_definitions};
use crate::options::Options;
use crate::selector::{Hit, Miss, Selector};
use crate::tree::Document;

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
            None => out.push(match right_sized(options, doc, &base) {
                Some(folded) => without_link_definitions(options, doc, folded),
                None => without_link_definitions(
                    options,
                    doc,
                    first_page(doc, base, page_size(options)),
                ),
            }),
        }
    }
    match (out.is_empty(), page_miss) {
        (true, Some(miss)) => Err(miss),
        _ => Ok(out),
    }
}
