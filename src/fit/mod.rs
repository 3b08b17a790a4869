//! Making a response fit: everything that decides how much of a node is shown.
//!
//! Resolving names nodes; this stage turns them into [`Match`]es with the byte
//! spans a response prints: `?head`/`?tail` cuts, pages within the budget's words
//! and bytes, and whole matches with `--full` or `?full=true`. It also
//! owns the budget of a whole response (README, "Text"): the folded and paged outline
//! of `index`, and which whole matches of a selection are shown. It reads the
//! document text to count words and find line ends, and measures outline lines
//! and markers with the line format's own functions (`render/lines.rs`, the
//! one part of `render` it may use); it never writes output.

mod budget;
mod fold;
mod folders;
mod measure;
mod outline;
mod page;
mod select;

use crate::options::Options;
use std::ops::Range;

use crate::render::lines::{Item, Line, outline_line};
use crate::selector::{Hit, Miss, Query, Reason, Selector, Target, canonical};
use crate::tree::{Document, Kind, NodeId};

pub(crate) use budget::{Budget, Size};
pub(crate) use fold::{CallText, Folder, Plan, Row, page_selector};
pub(crate) use folders::Place;
pub(crate) use measure::listing_budget;
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
    /// folded, links by their text (a hit's passage, README, "Text").
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

/// Most outline lines a right-sized read shows beneath a section's own text.
const FOLDED_LINES: usize = 40;
/// Room kept for the marker after a right-sized read's outline: its words
/// and bytes, a long selector included.
const MARKER_WORDS: usize = 12;
const MARKER_BYTES: usize = 400;

/// A section over the read size, with subsections, as a right-sized read shows
/// it (README, "Text"): its own text (heading to first subsection, trailing blank
/// lines dropped), then its subsections as outline lines. `None` when the
/// section is shown as before: within the read size, no subsections, cut by
/// `?head`/`?tail`, or its own text alone over a page (then it pages whole).
fn right_sized(options: &Options, doc: &Document, m: &Match) -> Option<Match> {
    let node = doc.node(m.node);
    if options.read_words == 0
        || m.cut_head
        || m.cut_tail
        || !matches!(node.kind, Kind::Section { .. })
        || doc.node_words(m.node) <= options.read_words
    {
        return None;
    }
    let subs = doc.sections_in(doc.sections(), &node.span);
    let first = doc.node(*subs.first()?).span.start;
    let own = node.span.start..trim_blank_lines(doc.text(), node.span.start, first);
    if !page_size(options).fits(Size::of(&doc.text()[own.clone()])) {
        return None;
    }
    // Every depth while it fits the lines allowed, else the shallowest levels.
    let mut depth = 1;
    let level = |id: NodeId| match doc.node(id).kind {
        Kind::Section { level } => level,
        _ => 0,
    };
    let top = subs.iter().map(|&id| level(id)).min().unwrap_or(0);
    for d in 1..=6 {
        let n = subs.iter().filter(|&&id| level(id) < top + d).count();
        if n > FOLDED_LINES && d > 1 {
            break;
        }
        depth = d;
    }
    let shown: Vec<NodeId> = subs
        .iter()
        .copied()
        .filter(|&id| level(id) < top + depth)
        .take(FOLDED_LINES)
        .collect();
    // The lines fit the budget beside the text, however long their titles.
    let mut room = page_size(options)
        .less(Size::of(&doc.text()[own.clone()]))
        .less(Size {
            words: MARKER_WORDS,
            bytes: MARKER_BYTES,
        });
    let mut outline = Vec::new();
    let mut listed = 0;
    for &id in &shown {
        let hidden = subs
            .iter()
            .filter(|&&c| {
                level(c) >= top + depth && doc.node(id).span.contains(&doc.node(c).span.start)
            })
            .count();
        let line = Line {
            depth: 0,
            descendants: 0,
            item: Item::Heading {
                level: level(id),
                ordinal: doc.node(id).ordinal(),
                title: doc.title(id).to_owned(),
            },
            words: doc.node_words(id),
            lines: options
                .line_ranges
                .then(|| doc.lines_of(&doc.node(id).span)),
        };
        let before = outline.len();
        outline_line(&line, hidden as u32, &mut outline);
        let size = Size::of_bytes(&outline[before..]);
        if !room.fits(size) {
            outline.truncate(before);
            break;
        }
        room = room.less(size);
        listed += 1;
    }
    Some(Match {
        span: own,
        folded: Some(Folded {
            outline: String::from_utf8(outline).unwrap_or_default(),
            count: subs.len(),
            shown: listed,
            links: 0,
        }),
        ..m.clone()
    })
}

/// Fewest link reference definitions worth leaving out of a read.
const LINK_LINES: usize = 3;

/// A read of a section with the link reference definitions that end its
/// text left out (a read is right-sized), when there are
/// [`LINK_LINES`] or more and some other text before them; the marker after it
/// says how many, and `?full=true` shows them. Not for a page of a longer
/// match, nor a cut one, nor a whole file (`*`).
fn without_link_definitions(options: &Options, doc: &Document, m: Match) -> Match {
    let section = matches!(doc.node(m.node).kind, Kind::Section { .. });
    if !section
        || options.read_words == 0
        || m.cut_head
        || m.cut_tail
        || m.page.is_some_and(|p| p.count > 1)
    {
        return m;
    }
    let text = doc.text();
    let mut end = m.span.end;
    let mut links = 0;
    while end > m.span.start {
        let start = text[m.span.start..end]
            .trim_end_matches(['\n', '\r'])
            .rfind('\n')
            .map_or(m.span.start, |k| m.span.start + k + 1);
        let line = text[start..end].trim_end();
        if line.is_empty() {
            end = start;
        } else if is_link_definition(line) {
            links += 1;
            end = start;
        } else {
            break;
        }
    }
    let kept = trim_blank_lines(text, m.span.start, end);
    if links < LINK_LINES || kept == m.span.start {
        return m;
    }
    let folded = m.folded.clone().unwrap_or(Folded {
        outline: String::new(),
        count: 0,
        shown: 0,
        links: 0,
    });
    Match {
        span: m.span.start..kept,
        folded: Some(Folded { links, ..folded }),
        ..m
    }
}

/// Whether a line is a link reference definition: `[label]: destination`,
/// indented at most three spaces.
fn is_link_definition(line: &str) -> bool {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let rest = &line[indent..];
    if indent > 3 || !rest.starts_with('[') || rest.starts_with("[^") {
        return false;
    }
    let bytes = rest.as_bytes();
    let mut i = 1;
    while i < bytes.len() && bytes[i] != b']' {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    i > 1
        && bytes.get(i + 1) == Some(&b':')
        && rest[(i + 2).min(rest.len())..]
            .split_whitespace()
            .next()
            .is_some()
}

/// The end of the last line of `text[start..end]` that holds more than
/// whitespace (`start` when none does).
fn trim_blank_lines(text: &str, start: usize, end: usize) -> usize {
    let body = &text[start..end];
    match body.rfind(|c: char| !c.is_whitespace()) {
        Some(last) => start + body[last..].find('\n').map_or(body.len(), |k| last + k + 1),
        None => start,
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

/// How much one page holds: the response budget's words and bytes, whether or
/// not `--full` lifts the budget (a `page.K` still names pages).
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
