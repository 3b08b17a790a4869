//! Placing ranked candidates as hits (docs/search.md, "Copies" and "Hits"):
//! distinct, never nested, copies of a hit counted beside it, near copies
//! waiting behind new results. Each candidate is looked up in tables of the
//! hits placed so far (by text, by titles, by place, by document), so placing
//! takes time in proportion to the candidates, whatever the limit.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::hit::{self, SearchHit};
use super::query::Query;
use super::rank::{self, Ranking};
use super::units;
use crate::selector;
use crate::tree::Document;

/// Near copies (the same titles in another document, or the same place in a
/// parallel page: another version's or language's folder; other text) count this
/// share of their score for each earlier hit they repeat, so one version of a
/// page does not bury the rest of the results. (On a doc set of four versions,
/// 0.5 left 0.5 of the top 10 slots repeating an earlier hit, 0.3 left 0.3;
/// neither moved any answer out of the top 5.)
const NEAR_COPY: f32 = 0.3;
/// Copies named beside one hit, at most.
const MAX_COPIES: usize = 16;

/// The documents of a search, by the index their scans were added under, for
/// naming the hits once ranking is done. Only the documents of candidates are
/// asked for, best first, and at most as many as hits are wanted.
pub(crate) trait Documents {
    /// Document `i`, or `None` when it can no longer be had (it is skipped).
    fn get(&mut self, i: usize) -> Option<&Document>;
}

impl Documents for &[Document] {
    fn get(&mut self, i: usize) -> Option<&Document> {
        <[Document]>::get(self, i)
    }
}

/// What placing a candidate reads: the query and its weights, the size a
/// hit is named at, and the documents with their units, read once each.
struct Placing<'a, D> {
    query: &'a Query,
    weights: &'a rank::Weights,
    max_words: usize,
    docs: &'a mut D,
    units: HashMap<usize, Vec<units::Unit>>,
}

/// A hit placed, and what its copies would share with it.
struct Placed {
    hit: SearchHit,
    digest: u64,
    key: u64,
    place: u32,
}

/// The hits placed so far, with the tables a candidate is looked up in.
#[derive(Default)]
struct Board {
    placed: Vec<Placed>,
    by_digest: HashMap<u64, Vec<usize>>,
    by_key: HashMap<u64, Vec<usize>>,
    /// By what its page shares with parallel pages, and its place there.
    by_twin_place: HashMap<(u64, u32), Vec<usize>>,
    by_doc: HashMap<usize, Vec<usize>>,
}

impl Board {
    fn push(&mut self, placed: Placed, ranking: &Ranking) {
        let k = self.placed.len();
        self.by_digest.entry(placed.digest).or_default().push(k);
        self.by_key.entry(placed.key).or_default().push(k);
        for &twin in ranking.twins(placed.hit.doc) {
            let at = (twin, placed.place);
            self.by_twin_place.entry(at).or_default().push(k);
        }
        self.by_doc.entry(placed.hit.doc).or_default().push(k);
        self.placed.push(placed);
    }

    /// The hit a candidate copies (the same text in another document).
    fn copied(&self, c: &rank::Candidate) -> Option<usize> {
        let same = self.by_digest.get(&c.digest)?;
        same.iter()
            .copied()
            .find(|&k| self.placed[k].hit.doc != c.doc)
    }

    /// How many hits placed a candidate repeats without copying them: the
    /// same titles, or the same place in a parallel page, in another document.
    fn repeats(&self, c: &rank::Candidate, ranking: &Ranking) -> usize {
        let mut near: Vec<usize> = Vec::new();
        near.extend(self.by_key.get(&c.key).into_iter().flatten());
        for &twin in ranking.twins(c.doc) {
            near.extend(
                self.by_twin_place
                    .get(&(twin, c.place))
                    .into_iter()
                    .flatten(),
            );
        }
        near.sort_unstable();
        near.dedup();
        near.iter()
            .filter(|&&k| {
                let p = &self.placed[k];
                p.digest != c.digest && p.hit.doc != c.doc
            })
            .count()
    }

    /// The hits placed in document `doc`.
    fn in_doc(&self, doc: usize) -> impl Iterator<Item = &SearchHit> {
        let ks = self.by_doc.get(&doc).map_or(&[][..], Vec::as_slice);
        ks.iter().map(|&k| &self.placed[k].hit)
    }
}

/// A candidate waiting behind new results: its score as repeated, first by
/// score, then in rank order.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Waiting {
    score: u32,
    at: Reverse<usize>,
    repeated: usize,
}

/// The first `limit` distinct hits of a ranking, best first.
pub(super) fn placed(
    ranking: &Ranking,
    query: &Query,
    limit: usize,
    max_words: usize,
    docs: &mut impl Documents,
) -> Vec<SearchHit> {
    let candidates = &ranking.candidates[..ranking.above_floor().count()];
    let mut placing = Placing {
        query,
        weights: &ranking.weights,
        max_words,
        docs,
        units: HashMap::new(),
    };
    let mut board = Board::default();
    // Near copies waiting (scores are shares, 0 to 1: their bits order them).
    let mut waiting: BinaryHeap<Waiting> = BinaryHeap::new();
    let mut next = 0;
    while board.placed.len() < limit {
        let take_waiting = waiting.peek().is_some_and(|w| {
            candidates
                .get(next)
                .is_none_or(|c| f32::from_bits(w.score) > c.score)
        });
        let (i, repeated) = if take_waiting {
            let w = waiting.pop().expect("peeked");
            (w.at.0, w.repeated)
        } else if next < candidates.len() {
            next += 1;
            (next - 1, 0)
        } else {
            break;
        };
        let c = &candidates[i];
        if placing.fold(&mut board, c) {
            continue;
        }
        let n = board.repeats(c, ranking);
        if n > repeated {
            let score = (c.score * NEAR_COPY.powi(n as i32)).max(0.0);
            waiting.push(Waiting {
                score: score.to_bits(),
                at: Reverse(i),
                repeated: n,
            });
            continue;
        }
        if let Some(hit) = placing.place(&board, c) {
            let placed = Placed {
                hit,
                digest: c.digest,
                key: c.key,
                place: c.place,
            };
            board.push(placed, ranking);
        }
    }
    // Copies of the hits shown, further down.
    let rest = candidates[next..]
        .iter()
        .chain(waiting.iter().map(|w| &candidates[w.at.0]));
    for c in rest {
        if board.copied(c).is_some() {
            placing.fold(&mut board, c);
        }
    }
    board.placed.into_iter().map(|p| p.hit).collect()
}

impl<D: Documents> Placing<'_, D> {
    /// Folds `c` into the hit it copies, if any (naming it there while there
    /// is room): whether it was one.
    fn fold(&mut self, board: &mut Board, c: &rank::Candidate) -> bool {
        let Some(k) = board.copied(c) else {
            return false;
        };
        let p = &mut board.placed[k];
        if p.hit.copies.len() < MAX_COPIES
            && let Some(doc) = self.docs.get(c.doc)
            && let Some(unit) = unit_of(doc, c, self.max_words, &mut self.units)
        {
            let hit = hit::materialise(
                doc,
                c,
                unit,
                self.query,
                self.weights,
                self.max_words,
                false,
            );
            let name =
                crate::namespace::qualified(doc.namespace(), &selector::canonical(doc, hit.node));
            p.hit.copies.push(name);
        }
        true
    }

    /// The hit a candidate makes, unless a better hit already shows it, or its
    /// document is gone or changed.
    fn place(&mut self, board: &Board, c: &rank::Candidate) -> Option<SearchHit> {
        let doc = self.docs.get(c.doc)?;
        if board
            .in_doc(c.doc)
            .any(|h| doc.node(h.node).span.contains(&c.start))
        {
            return None; // a better hit already shows this unit
        }
        let unit = unit_of(doc, c, self.max_words, &mut self.units)?;
        let overlaps = |hit: &SearchHit| {
            let span = &doc.node(hit.node).span;
            board.in_doc(c.doc).any(|h| {
                let other = &doc.node(h.node).span;
                span.start < other.end && other.start < span.end
            })
        };
        let materialise = |by_block| {
            hit::materialise(
                doc,
                c,
                unit,
                self.query,
                self.weights,
                self.max_words,
                by_block,
            )
        };
        let hit = materialise(false);
        if !overlaps(&hit) {
            return Some(hit);
        }
        // A section holding better hits is named by its own best block, if one
        // matches.
        let hit = materialise(true);
        (hit.node != c.node && !overlaps(&hit)).then_some(hit)
    }
}

/// The unit a candidate names in its document, if the document still has it.
fn unit_of<'u>(
    doc: &Document,
    c: &rank::Candidate,
    max_words: usize,
    units: &'u mut HashMap<usize, Vec<units::Unit>>,
) -> Option<&'u units::Unit> {
    let units = units
        .entry(c.doc)
        .or_insert_with(|| units::units(doc, max_words));
    let at = units
        .binary_search_by_key(&c.start, |u| u.span.start)
        .ok()?;
    // Another node there: the document changed since it was scanned.
    Some(&units[at]).filter(|u| u.node == c.node)
}
