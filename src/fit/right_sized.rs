//! A right-sized read (docs/output.md, "Text"): a section over the read size shown
//! as its own text and its subsections' outline lines, and the link reference
//! definitions that end a read's text left out.

use super::budget::{Budget, Size};
use super::matched::{Folded, Match};
use super::page::page_size;
use crate::options::Options;
use crate::render::lines::{Item, Line, outline_line};
use crate::tree::{Document, Kind, NodeId};

/// Most outline lines a right-sized read shows beneath a section's own text.
const FOLDED_LINES: usize = 40;

/// Room kept for the marker after a right-sized read's outline: its words
/// and bytes, a long selector included.
const MARKER_WORDS: usize = 12;
const MARKER_BYTES: usize = 400;

/// A section over the read size, with subsections, as a right-sized read shows
/// it (docs/output.md, "Text"): its own text (heading to first subsection, trailing blank
/// lines dropped), then its subsections as outline lines. `None` when the
/// section is shown as before: within the read size, no subsections, cut by
/// `?head`/`?tail`, or its own text alone over a page (then it pages whole).
pub(super) fn right_sized(options: &Options, doc: &Document, m: &Match) -> Option<Match> {
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
    // The lines fit the budget beside the text, however long their titles.
    let room = page_size(options)
        .less(Size::of(&doc.text()[own.clone()]))
        .less(Size {
            words: MARKER_WORDS,
            bytes: MARKER_BYTES,
        });
    let (outline, listed) = outline_lines(options, doc, subs, fold_level(doc, subs), room);
    Some(Match {
        span: own,
        folded: Some(Folded {
            outline,
            count: subs.len(),
            shown: listed,
            links: 0,
        }),
        ..m.clone()
    })
}

/// The heading level from which a right-sized read's outline folds: below
/// every level while the lines fit [`FOLDED_LINES`], else below the
/// shallowest levels that do.
fn fold_level(doc: &Document, subs: &[NodeId]) -> u8 {
    let top = subs.iter().map(|&id| level(doc, id)).min().unwrap_or(0);
    let mut depth = 1;
    for d in 1..=6 {
        let n = subs.iter().filter(|&&id| level(doc, id) < top + d).count();
        if n > FOLDED_LINES && d > 1 {
            break;
        }
        depth = d;
    }
    top + depth
}

/// The outline lines of the subsections above level `folds` (at most
/// [`FOLDED_LINES`]), each noting the deeper ones it holds, while they fit
/// `room`; and how many that is.
fn outline_lines(
    options: &Options,
    doc: &Document,
    subs: &[NodeId],
    folds: u8,
    mut room: Budget,
) -> (String, usize) {
    let shown = subs
        .iter()
        .copied()
        .filter(|&id| level(doc, id) < folds)
        .take(FOLDED_LINES);
    let mut outline = Vec::new();
    let mut listed = 0;
    for id in shown {
        let hidden = subs
            .iter()
            .filter(|&&c| {
                level(doc, c) >= folds && doc.node(id).span.contains(&doc.node(c).span.start)
            })
            .count();
        let line = Line {
            depth: 0,
            descendants: 0,
            item: Item::Heading {
                level: level(doc, id),
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
    (String::from_utf8(outline).unwrap_or_default(), listed)
}

/// A section's heading level (0 for a node that is not a section).
fn level(doc: &Document, id: NodeId) -> u8 {
    match doc.node(id).kind {
        Kind::Section { level } => level,
        _ => 0,
    }
}

/// Fewest link reference definitions worth leaving out of a read.
const LINK_LINES: usize = 3;

/// A read of a section with the link reference definitions that end its
/// text left out (a read is right-sized), when there are
/// [`LINK_LINES`] or more and some other text before them; the marker after it
/// says how many, and `?full=true` shows them. Not for a page of a longer
/// match, nor a cut one, nor a whole file (`*`).
pub(super) fn without_link_definitions(options: &Options, doc: &Document, m: Match) -> Match {
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
