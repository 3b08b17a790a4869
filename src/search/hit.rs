//! From a ranked unit to a hit: the node it names, its heading path, and the line
//! that best shows the match. This is the only step of a search that reads text
//! after ranking, and it needs only the hit's own document.

use super::query::{Found, Matcher, Query};
use super::rank::{Candidate, Weights};
use super::terms::Tokenizer;
use super::units::Unit;
use crate::tree::{BlockKind, Document, Kind, NodeId};

/// Longest preview, in characters: the best line and what follows it, for the
/// top hit (SPEC §17: a question one line answers is answered by the search).
pub(crate) const LONG_PREVIEW_CHARS: usize = 200;

/// One search result.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchHit {
    /// Index of the document.
    pub doc: usize,
    /// The node found: a section, or a block when the section is over the page
    /// budget; front matter or the preamble.
    pub node: NodeId,
    /// Relevance, 0 to 1: the share of the best score possible for the query.
    pub score: f32,
    /// Titles of the sections holding the hit, outermost first (the hit's own last).
    pub path: Vec<String>,
    /// The source line that best shows the match and what follows it, on one
    /// line of at most 200 characters (a renderer cuts it shorter).
    pub preview: String,
    /// The same text in other documents (a page's other versions), as
    /// namespaced selectors, best first.
    pub copies: Vec<String>,
    /// The block holding the preview line, when the hit is long enough that
    /// reading just that block saves reading it (SPEC §17), as a selector
    /// without namespace.
    pub block: Option<String>,
}

/// A token of the unit that matched the query: where, for which query term, and
/// what it is worth.
struct Spot {
    start: usize,
    term: u32,
    weight: f32,
}

/// Names and previews a ranked unit of `doc`; `by_block`: name it by its best
/// block even when it fits the page budget.
pub(crate) fn materialise(
    doc: &Document,
    c: &Candidate,
    unit: &Unit,
    query: &Query,
    weights: &Weights,
    max_words: usize,
    by_block: bool,
) -> SearchHit {
    let spots = spots(doc, unit, query, weights);
    let node = name(doc, unit, &spots, max_words, by_block);
    let region = if node == unit.node {
        unit.body..unit.span.end
    } else {
        doc.node(node).span.clone()
    };
    let (preview, focus) = best_line(doc, unit, region, &spots);
    SearchHit {
        doc: c.doc,
        node,
        score: c.score,
        path: heading_path(doc, unit.node),
        preview,
        copies: Vec::new(),
        block: holding(doc, node, focus).map(|id| crate::selector::canonical(doc, id)),
    }
}

/// A hit of more words than this names the block holding its preview line.
const BLOCK_WORDS: usize = 120;
/// A block of more words than this is named by its item (or nested block)
/// holding the preview line, when it has one.
const PART_WORDS: usize = 150;

/// The block of `node` holding byte `at`, when `node` is over [`BLOCK_WORDS`]
/// and the block is less than all of it: a document-level block, or within a
/// long list or quote the item or block holding `at`.
fn holding(doc: &Document, node: NodeId, at: usize) -> Option<NodeId> {
    let words = doc.node_words(node);
    if words <= BLOCK_WORDS {
        return None;
    }
    let span = doc.node(node).span.clone();
    let mut id = BlockKind::ALL
        .iter()
        .flat_map(|&k| doc.starting_in(doc.blocks(k), &span).iter().copied())
        .find(|&b| doc.node(b).span.contains(&at))?;
    while doc.node_words(id) > PART_WORDS {
        match doc.children(id).find(|&c| doc.node(c).span.contains(&at)) {
            Some(child) => id = child,
            None => break,
        }
    }
    (doc.node_words(id) * 2 <= words).then_some(id)
}

/// The matching tokens of a unit (heading line included), in order.
fn spots(doc: &Document, unit: &Unit, query: &Query, weights: &Weights) -> Vec<Spot> {
    let mut matcher = Matcher::new(query);
    let mut out = Vec::new();
    let span = unit.span.clone();
    Tokenizer::default().run(&doc.search_text()[span.clone()], span.start, |t| {
        if let Some(found) = matcher.find(t) {
            let weight = weights.of(found, t.text);
            let term = match found {
                Found::Term(term) | Found::Near { term, .. } => term,
            };
            if weight > 0.0 {
                out.push(Spot {
                    start: t.start,
                    term,
                    weight,
                });
            }
        }
    });
    let before = out.len();
    query.symbols_in(&doc.search_text()[span.clone()], |term, at| {
        out.push(Spot {
            start: span.start + at,
            term,
            weight: weights.of(Found::Term(term), ""),
        });
    });
    if out.len() > before {
        out.sort_by_key(|s| s.start);
    }
    out
}

/// The node a hit names: the unit's section, front matter or preamble, or — when
/// that is over the page budget, or `by_block` — the document-level block in it
/// that holds the best match. A heading that matches as well as any block holds
/// the best match itself: then the section is named all the same (unless
/// `by_block`), as it is when no block matches.
fn name(doc: &Document, unit: &Unit, spots: &[Spot], max_words: usize, by_block: bool) -> NodeId {
    let over = matches!(doc.node(unit.node).kind, Kind::Section { .. } | Kind::Root)
        && (by_block || doc.node_words(unit.node) > max_words);
    if !over || spots.is_empty() {
        return unit.node;
    }
    let within = unit.body..unit.span.end;
    let mut blocks: Vec<NodeId> = BlockKind::ALL
        .iter()
        .flat_map(|&k| doc.starting_in(doc.blocks(k), &within).iter().copied())
        .collect();
    blocks.sort_by_key(|&id| doc.node(id).span.start);
    let Some((best, mut id)) = best_of(doc, blocks.iter().copied(), spots) else {
        return unit.node;
    };
    // When the heading holds the best match, the section's opening explains it:
    // the section itself (its first page), or else its first block that matches.
    let heading =
        super::rank::TITLE_OVER_BODY * worth(spots.iter().filter(|s| s.start < unit.body));
    if heading >= best {
        if !by_block {
            return unit.node;
        }
        let first = spots.iter().find(|s| s.start >= unit.body).map(|s| s.start);
        if let Some(opening) = blocks
            .iter()
            .find(|&&b| first.is_some_and(|f| doc.node(b).span.contains(&f)))
        {
            id = *opening;
        }
    }
    // A block over the budget too (a list of thousands of items): the item or
    // nested block inside it that holds the best match, and so on down.
    while doc.node_words(id) > max_words {
        match best_of(doc, doc.children(id), spots) {
            Some((_, child)) => id = child,
            None => break,
        }
    }
    id
}

/// The node whose matches are worth most (the first of equals), and their worth,
/// if any matched.
fn best_of(
    doc: &Document,
    nodes: impl Iterator<Item = NodeId>,
    spots: &[Spot],
) -> Option<(f32, NodeId)> {
    let mut best: Option<(f32, NodeId)> = None;
    for id in nodes {
        let span = doc.node(id).span.clone();
        let s = worth(spots.iter().filter(|s| span.contains(&s.start)));
        if s > 0.0 && best.is_none_or(|(b, _)| s > b) {
            best = Some((s, id));
        }
    }
    best
}

/// What a set of matches is worth: each query term's weight, saturating with
/// repetition.
fn worth<'a>(spots: impl Iterator<Item = &'a Spot>) -> f32 {
    let mut per_term: Vec<(u32, f32, u32)> = Vec::new();
    for s in spots {
        match per_term.iter_mut().find(|(t, _, _)| *t == s.term) {
            Some((_, w, n)) => {
                *w = w.max(s.weight);
                *n += 1;
            }
            None => per_term.push((s.term, s.weight, 1)),
        }
    }
    per_term
        .iter()
        .map(|&(_, w, n)| w * n as f32 / (n as f32 + 1.2))
        .sum()
}

/// The document's title, then the titles from the outermost section down to
/// the unit's own (SPEC §14: the title is not repeated when the top heading
/// gave it).
fn heading_path(doc: &Document, node: NodeId) -> Vec<String> {
    let mut path = Vec::new();
    let mut at = Some(node);
    while let Some(id) = at {
        if !matches!(doc.node(id).kind, Kind::Section { .. }) {
            break;
        }
        path.push(doc.title(id).to_owned());
        at = doc.node(id).parent;
    }
    path.push(doc.doc_title().to_owned());
    path.reverse();
    if path.len() > 1 && path[1] == path[0] {
        path.remove(0);
    }
    path
}

/// The line of `region` holding the most query terms (each counted once per
/// line), the more telling of equals (by the terms' weights), the first of
/// those; the heading line when only the title matched; else the region's
/// first line with text. The preview runs on into the lines after it, up to
/// [`LONG_PREVIEW_CHARS`].
fn best_line(
    doc: &Document,
    unit: &Unit,
    region: std::ops::Range<usize>,
    spots: &[Spot],
) -> (String, usize) {
    // Markup is blanked here: never shown, never the first line with text.
    let text = doc.search_text();
    let line_of = |at: usize| {
        let start = text[..at].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let end = text[at..].find(['\n', '\r']).map_or(text.len(), |i| at + i);
        start..end
    };
    let mut best: Option<((usize, f32), std::ops::Range<usize>, usize)> = None;
    let inside: Vec<&Spot> = spots.iter().filter(|s| region.contains(&s.start)).collect();
    let mut i = 0;
    while i < inside.len() {
        let line = line_of(inside[i].start);
        let mut j = i;
        while j < inside.len() && inside[j].start < line.end {
            j += 1;
        }
        let mut seen: Vec<u32> = Vec::new();
        let mut s = 0.0;
        for spot in &inside[i..j] {
            if !seen.contains(&spot.term) {
                seen.push(spot.term);
                s += spot.weight;
            }
        }
        let s = (seen.len(), s);
        if best
            .as_ref()
            .is_none_or(|(b, _, _)| s.0 > b.0 || s.0 == b.0 && s.1 > b.1)
        {
            best = Some((s, line, inside[i].start));
        }
        i = j;
    }
    let (line, focus) = match best {
        Some((_, line, focus)) => (line, focus),
        None if unit.body > unit.span.start => (unit.span.start..unit.body, unit.span.start),
        None => {
            let first = text[region.clone()]
                .find(|c: char| !c.is_whitespace())
                .map_or(region.start, |i| region.start + i);
            (line_of(first), first)
        }
    };
    // Run on into the next lines of the paragraph, while the preview has room:
    // not past a heading, a blank line or the start of another block.
    let mut end = line.end;
    let mut chars = text[line.clone()].chars().count();
    let mut open = !starts_block(&text[line.clone()]) || starts_item(&text[line.clone()]);
    while open && chars < LONG_PREVIEW_CHARS && end < region.end {
        let after = text[end..region.end]
            .find(|c: char| !c.is_whitespace())
            .map_or(region.end, |k| end + k);
        let stop = text[after..region.end]
            .find(['\n', '\r'])
            .map_or(region.end, |k| after + k);
        let next = &text[after..stop];
        if after >= region.end || text[end..after].matches('\n').count() > 1 || starts_block(next) {
            break;
        }
        chars += next.chars().count();
        end = stop;
        open = true;
    }
    (
        around(&text[line.start..end], focus.saturating_sub(line.start)),
        focus,
    )
}

/// Whether a line (leading whitespace dropped) opens a block of its own: a
/// heading, a list item, a table row, a fence, a quote or an HTML tag.
fn starts_block(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with(['#', '|', '>', '<'])
        || line.starts_with("```")
        || line.starts_with("~~~")
        || starts_item(line)
}

/// Whether a line (leading whitespace dropped) opens a list item.
fn starts_item(line: &str) -> bool {
    let line = line.trim_start();
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &line[digits..];
    if digits > 0 {
        return rest.starts_with(". ") || rest.starts_with(") ");
    }
    ["* ", "- ", "+ "].iter().any(|m| line.starts_with(m))
}

/// A line cut to the long preview length around byte `focus`, whitespace folded.
fn around(line: &str, focus: usize) -> String {
    let folded = preview(line, usize::MAX);
    if folded.chars().count() <= LONG_PREVIEW_CHARS {
        return folded;
    }
    // Start a little before the match, at a word boundary, and mark the cut.
    let from = line[..focus.min(line.len())]
        .char_indices()
        .rev()
        .nth(30)
        .map_or(0, |(i, _)| i);
    let from = line[from..]
        .find(char::is_whitespace)
        .filter(|&k| from > 0 && from + k < focus)
        .map_or(from, |k| from + k);
    if from == 0 {
        return preview(line, LONG_PREVIEW_CHARS);
    }
    let rest = preview(&line[from..], LONG_PREVIEW_CHARS - 1);
    format!("…{rest}")
}

/// A one-line preview of at most `max` characters, whitespace folded.
pub(crate) fn preview(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut count = 0;
    for word in text.split_whitespace() {
        let needed = word.chars().count() + usize::from(!out.is_empty());
        if count + needed > max {
            if out.is_empty() {
                out.extend(word.chars().take(max.saturating_sub(1)));
            }
            while out.chars().count() + 1 > max && out.pop().is_some() {}
            out.push('…');
            return out;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
        count += needed;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn previews_fit_in_one_line() {
        assert_eq!(preview("a\n  b\tc", 100), "a b c");
        assert_eq!(preview("alpha beta gamma", 11), "alpha beta…");
        assert_eq!(preview(&"x".repeat(200), 10).chars().count(), 10);
    }

    #[test]
    fn long_lines_are_cut_around_the_match() {
        let line = format!("{} needle {}", "word ".repeat(60), "tail ".repeat(60));
        let focus = line.find("needle").unwrap();
        let got = around(&line, focus);
        assert!(got.starts_with('…') && got.contains("needle"), "{got}");
        assert!(got.chars().count() <= LONG_PREVIEW_CHARS, "{got}");
        assert_eq!(around("short line", 6), "short line");
    }
}
