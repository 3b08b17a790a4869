//! From a ranked unit to a hit: the node it names, its heading path, and the line
//! that best shows the match. This is the only step of a search that reads text
//! after ranking, and it needs only the hit's own document.

use super::matcher::{Found, Matcher};
use super::passage::{self, Passage};
use super::query::Query;
use super::rank::{Candidate, Weights};
use super::terms::Tokenizer;
use super::units::Unit;
use crate::tree::{BlockKind, Document, Kind, NodeId};

/// Longest line of words around a hit's best match, in characters.
pub(crate) const CONTEXT_CHARS: usize = 100;

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
    /// The sentence or sentences holding the best match, on one line (the
    /// passage a response shows for its best hit).
    pub passage: Passage,
    /// The words around the best match, on one line.
    pub context: Passage,
    /// The same text in other documents (a page's other versions), as
    /// namespaced selectors, best first.
    pub copies: Vec<String>,
    /// The block holding the preview line, when the hit is long enough that
    /// reading just that block saves reading it, as a selector
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
    let found: Vec<passage::Found> = spots
        .iter()
        .filter(|s| region.contains(&s.start))
        .map(|s| passage::Found {
            start: s.start,
            term: s.term,
            weight: s.weight,
        })
        .collect();
    let text = doc.search_text();
    // The terms the hit's heading shows already.
    let titled = spots
        .iter()
        .filter(|s| s.start < unit.body && unit.body > unit.span.start)
        .fold(0u64, |m, s| m | 1u64.checked_shl(s.term).unwrap_or(0));
    let mut shown = passage::passage(text, region.clone(), &found, titled, passage::PASSAGE_CHARS);
    let context = passage::context(text, region.clone(), &found, titled, CONTEXT_CHARS);
    if shown.text.is_empty() && doc.node(unit.node).kind() != Kind::Front {
        // Only a heading: its title says all there is.
        shown.text = doc.title(unit.node).to_owned();
    }
    let focus = shown.at.unwrap_or(region.start);
    SearchHit {
        doc: c.doc,
        node,
        score: c.score,
        path: heading_path(doc, unit.node),
        context: if context.text.is_empty() {
            shown.clone()
        } else {
            context
        },
        passage: shown,
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
/// the unit's own (docs/output.md, "Titles": the title is not repeated when the top heading
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
}
