//! Ranking: BM25F over every unit loaded, fed one document's scan at a time.
//!
//! Each term's counts in a unit's fields are weighted and length-normalised per
//! field, summed, then saturated (BM25F, as Robertson and Zaragoza describe it);
//! rarer terms weigh more (inverse document frequency over all units). A unit that
//! holds every query term, or the query as a phrase, earns a bonus. A query word
//! that occurs nowhere stands for the closest words of the text (fewest edits), at
//! a discount. A unit of an announcement (a blog post, release notes) counts
//! less than one of the pages it announces. Scores are divided by the best a
//! unit could score for the query, so they read as a share of a perfect match.
//!
//! The accumulator keeps numbers only; it never sees text. Naming a hit and
//! previewing it is the caller's step, on the document the hit came from.

use std::collections::HashMap;

use super::matcher::Found;
use super::query::Query;
use super::scan::{Counts, DocScan, Near, UNIT};
use crate::fuzzy::Typo;
use crate::tree::NodeId;

/// Term-frequency saturation: the usual BM25 value.
const K1: f32 = 1.2;
/// Weight of a term in each field (title, path, body): the heading path weighs
/// well above the body, the unit's own title most.
const WEIGHT: [f32; 3] = [TITLE_OVER_BODY, 2.0, 1.0];
/// Length normalisation per field: light for headings, which are short and
/// similar in length; for the body, below the usual 0.75, because sections run
/// from a one-line stub to pages of text, and full normalisation let a stub
/// that mentions the query's words outrank the section whose heading names
/// them. (On the five question sets of BENCHMARKS.md, each asked as keywords
/// and as content words, 0.6 ranks the answer first as often as 0.75 or more
/// often in nine runs of ten, and within the top five as often or more often
/// in all ten.)
const B: [f32; 3] = [0.3, 0.3, 0.6];
/// Bonus for a unit that holds every query term (stop words aside).
const ALL_TERMS: f32 = 0.5;
/// Bonus for a unit that holds the query's words in order, as a phrase.
const PHRASE: f32 = 0.25;
/// What a stop word is worth beside content words, as a share of its rarity:
/// enough to break ties, never enough that "How can I" in a heading outranks
/// the section the content words name.
const STOP: f32 = 0.1;

/// How much more a word in a unit's own title counts than one in its body: a
/// section's heading is its name. (Measured on questions over the shared corpus,
/// 8 ranks the answer first more often than 4 or 6, and no better than 10.)
pub(crate) const TITLE_OVER_BODY: f32 = 8.0;

/// A unit worth ranking, from some document.
#[derive(Clone, Debug)]
struct Scored {
    doc: u32,
    node: NodeId,
    start: usize,
    end: usize,
    lens: [u32; 3],
    tf: std::ops::Range<u32>,
    phrase: Vec<u64>,
    digest: u64,
    key: u64,
    front: bool,
    /// Its page's weight ([`DocScan::weight`]).
    weight: f32,
    /// Its place among its document's units (parallel pages share places).
    place: u32,
}

/// Collects document scans, then ranks their units.
pub(crate) struct Accumulator<'q> {
    query: &'q Query,
    units: u64,
    len_sum: [u64; 3],
    len_count: [u64; 3],
    /// Per term id: query terms first, then near words.
    df: Vec<u64>,
    near: Vec<Near>,
    near_ids: HashMap<Box<str>, u32>,
    scored: Vec<Scored>,
    tf: Vec<(u32, Counts)>,
    /// The highest page weight among documents with a match: scores are
    /// weighed against it, so a search among announcements only is not
    /// marked down.
    top_weight: f32,
    /// Per document with a match: its keys shared with parallel pages.
    twins: HashMap<usize, Box<[u64]>>,
}

/// One ranked unit.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Candidate {
    /// Index of its document, in the order documents were added.
    pub(crate) doc: usize,
    /// The unit's node: a section, front matter, preamble or block.
    pub(crate) node: NodeId,
    /// Where the unit starts in its document's text.
    pub(crate) start: usize,
    /// Where its node ends (a section's subsections are inside it).
    pub(crate) end: usize,
    /// Share of the best possible score for the query, 0 to 1.
    pub(crate) score: f32,
    /// The query terms it matched, one bit per term index.
    pub(crate) terms: u64,
    /// Its text's digest: candidates with the same one are copies.
    pub(crate) digest: u64,
    /// Its document's and its own title's digest: near copies share it.
    pub(crate) key: u64,
    /// Its place among its document's units ([`super::scan::UnitScan::place`]).
    pub(crate) place: u32,
}

/// What a match is worth: per query term, and per near word standing in for one.
#[derive(Clone, Debug, Default)]
pub(crate) struct Weights {
    term: Vec<f32>,
    near: HashMap<Box<str>, f32>,
}

impl Weights {
    /// The weight of a token the query's matcher found (0 when it does not count).
    pub(crate) fn of(&self, found: Found, word: &str) -> f32 {
        match found {
            Found::Term(t) => self.term.get(t as usize).copied().unwrap_or(0.0),
            Found::Near { .. } => self.near.get(word).copied().unwrap_or(0.0),
        }
    }
}

/// Units scoring under this share of the best unit's score are noise: never hits.
const FLOOR: f32 = 0.1;

/// Ranked units, best first, and the weights that ranked them.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ranking {
    pub(crate) candidates: Vec<Candidate>,
    pub(crate) weights: Weights,
    twins: HashMap<usize, Box<[u64]>>,
}

impl Ranking {
    /// The candidates above the noise floor, best first.
    pub(crate) fn above_floor(&self) -> impl Iterator<Item = &Candidate> {
        let floor = self.candidates.first().map_or(0.0, |c| c.score * FLOOR);
        self.candidates.iter().take_while(move |c| c.score >= floor)
    }

    /// What a document shares with its parallel pages (one page in two
    /// versions' or languages' folders); none without a match.
    pub(crate) fn twins(&self, doc: usize) -> &[u64] {
        self.twins.get(&doc).map_or(&[], |t| t)
    }
}

impl<'q> Accumulator<'q> {
    pub(crate) fn new(query: &'q Query) -> Accumulator<'q> {
        Accumulator {
            query,
            units: 0,
            len_sum: [0; 3],
            len_count: [0; 3],
            df: vec![0; query.terms.len()],
            near: Vec::new(),
            near_ids: HashMap::new(),
            scored: Vec::new(),
            tf: Vec::new(),
            top_weight: 0.0,
            twins: HashMap::new(),
        }
    }

    /// Adds one document's scan; `doc` is its index, echoed in candidates.
    pub(crate) fn add(&mut self, doc: usize, scan: DocScan) {
        self.units += u64::from(scan.units);
        for f in 0..3 {
            self.len_sum[f] += scan.len_sum[f];
            self.len_count[f] += u64::from(scan.len_count[f]);
        }
        let nq = self.query.terms.len();
        // Local term ids to global ones: query terms keep theirs, near words are
        // shared by their spelling.
        let mut ids: Vec<u32> = (0..nq as u32).collect();
        for near in scan.near {
            let id = match self.near_ids.get(&near.word) {
                Some(&id) => id,
                None => {
                    let id = (nq + self.near.len()) as u32;
                    self.near_ids.insert(near.word.clone(), id);
                    self.near.push(near);
                    self.df.push(0);
                    id
                }
            };
            ids.push(id);
        }
        for (local, n) in scan.df.into_iter().enumerate() {
            self.df[ids[local] as usize] += u64::from(n);
        }
        if !scan.matched.is_empty() {
            self.top_weight = self.top_weight.max(scan.weight);
            self.twins.insert(doc, scan.twins.into_boxed_slice());
        }
        for unit in scan.matched {
            let from = self.tf.len() as u32;
            for &(t, counts) in &scan.tf[unit.tf.start as usize..unit.tf.end as usize] {
                self.tf.push((ids[t as usize], counts));
            }
            self.scored.push(Scored {
                doc: doc as u32,
                node: unit.node,
                start: unit.start,
                end: unit.end,
                lens: unit.lens,
                tf: from..self.tf.len() as u32,
                phrase: unit.phrase,
                digest: unit.digest,
                key: unit.key,
                front: unit.front,
                weight: scan.weight,
                place: unit.place,
            });
        }
    }

    /// Ranks every unit where a term occurs, best first (ties in document order).
    pub(crate) fn rank(self) -> Ranking {
        let stats = Stats::new(&self);
        let mut candidates: Vec<Candidate> = self
            .scored
            .iter()
            .filter_map(|u| stats.score(&self, u))
            .collect();
        candidates.sort_by(|a, b| {
            b.score
                .total_cmp(&a.score)
                .then(a.doc.cmp(&b.doc))
                .then(a.start.cmp(&b.start))
        });
        let weights = Weights {
            term: stats.weight.clone(),
            near: self
                .near
                .iter()
                .enumerate()
                .filter(|&(i, _)| stats.near_active[i])
                .map(|(i, n)| (n.word.clone(), stats.near_weight(&self, i)))
                .collect(),
        };
        Ranking {
            candidates,
            weights,
            twins: self.twins,
        }
    }
}

/// Corpus-wide numbers fixed once every document is in.
struct Stats {
    avg_len: [f32; 3],
    idf: Vec<f32>,
    /// Per query term: what it is worth at best (0: dropped, found nowhere).
    weight: Vec<f32>,
    /// Per near word: whether it stands in for its query term.
    near_active: Vec<bool>,
    /// The best score any unit could reach.
    best: f32,
    /// Query terms a unit must hold for the all-terms bonus, as a mask.
    required: u64,
    /// Query terms that occur nowhere, as a mask: only their near words make
    /// phrases.
    found_nowhere: u64,
}

impl Stats {
    fn new(acc: &Accumulator<'_>) -> Stats {
        let n = acc.units as f32;
        let idf: Vec<f32> = acc
            .df
            .iter()
            .map(|&df| (1.0 + (n - df as f32 + 0.5) / (df as f32 + 0.5)).ln())
            .collect();
        let avg_len = std::array::from_fn(|f| {
            if acc.len_count[f] == 0 {
                1.0
            } else {
                acc.len_sum[f] as f32 / acc.len_count[f] as f32
            }
        });
        let terms = &acc.query.terms;
        let nq = terms.len();
        let stop_only = !acc.query.has_content();
        let mut weight = vec![0.0f32; nq];
        let mut near_active = vec![false; acc.near.len()];
        for (i, term) in terms.iter().enumerate() {
            if acc.df[i] > 0 {
                weight[i] = idf[i] * if term.stop && !stop_only { STOP } else { 1.0 };
                continue;
            }
            // Found nowhere: the closest words found stand in for it.
            let nearest = acc
                .near
                .iter()
                .enumerate()
                .filter(|&(j, w)| w.term as usize == i && acc.df[nq + j] > 0)
                .map(|(_, w)| w.edits)
                .min();
            for (j, w) in acc.near.iter().enumerate() {
                if w.term as usize == i && Some(w.edits) == nearest && acc.df[nq + j] > 0 {
                    near_active[j] = true;
                    weight[i] = weight[i].max(idf[nq + j]);
                }
            }
            debug_assert!(nearest.is_none() || term.typo.is_some());
        }
        let required = terms
            .iter()
            .enumerate()
            .filter(|&(i, t)| weight[i] > 0.0 && (stop_only || !t.stop))
            .fold(0u64, |m, (i, _)| m | 1 << i);
        let phrase = if acc.query.phrase.len() >= 2 {
            PHRASE
        } else {
            0.0
        };
        let best = weight.iter().sum::<f32>() * (1.0 + ALL_TERMS + phrase);
        let found_nowhere = (0..nq)
            .filter(|&i| acc.df[i] == 0)
            .fold(0u64, |m, i| m | 1 << i);
        Stats {
            found_nowhere,
            avg_len,
            idf,
            weight,
            near_active,
            best,
            required,
        }
    }

    /// What near word `j` is worth at best: its rarity, discounted by its edits.
    fn near_weight(&self, acc: &Accumulator<'_>, j: usize) -> f32 {
        let near = &acc.near[j];
        let typo: Option<&Typo> = acc.query.terms[near.term as usize].typo.as_ref();
        let discount = typo.map_or(0.0, |t| t.discount(&near.word, usize::from(near.edits)));
        discount * self.idf[acc.query.terms.len() + j]
    }

    /// BM25F's saturated term frequency, 0 to 1; `front` for a front matter.
    fn saturation(&self, counts: Counts, lens: [u32; 3], front: bool) -> f32 {
        let mut tf = 0.0;
        for f in 0..3 {
            // The titles around a unit stand in for words its own title lacks; a
            // word its title has gains nothing from being in a parent's too.
            if f == 1 && counts[0] > 0 {
                continue;
            }
            // A front matter's keys repeat its page's title (`title:`,
            // `signatures: [hugo.Store]`, `aliases:`): a word of the title counts
            // there as the title, which every section of the page shares, and
            // its repeats in the keys add nothing, so the section that answers
            // is not outranked by the page's metadata. Words the title lacks
            // count as any body's (a question about the `description:`).
            if f == 2 && front && counts[1] > 0 {
                continue;
            }
            if counts[f] > 0 {
                let norm = 1.0 - B[f] + B[f] * lens[f] as f32 / self.avg_len[f];
                tf += WEIGHT[f] * f32::from(counts[f]) / f32::from(UNIT) / norm;
            }
        }
        tf / (K1 + tf)
    }

    fn score(&self, acc: &Accumulator<'_>, u: &Scored) -> Option<Candidate> {
        if self.best <= 0.0 {
            return None;
        }
        let nq = acc.query.terms.len();
        let mut best = [0.0f32; super::query::MAX_TERMS];
        for &(id, counts) in &acc.tf[u.tf.start as usize..u.tf.end as usize] {
            let id = id as usize;
            let (term, worth) = if id < nq {
                (id, self.weight[id])
            } else if self.near_active[id - nq] {
                (
                    acc.near[id - nq].term as usize,
                    self.near_weight(acc, id - nq),
                )
            } else {
                continue;
            };
            if id < nq && acc.df[id] == 0 {
                continue;
            }
            let s = worth * self.saturation(counts, u.lens, u.front);
            best[term] = best[term].max(s);
        }
        let terms = best[..nq]
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s > 0.0)
            .fold(0u64, |m, (i, _)| m | 1 << i);
        if terms == 0 {
            return None;
        }
        let mut bonus = 1.0;
        if terms & self.required == self.required {
            bonus += ALL_TERMS;
        }
        // A front matter's phrases are its keys' values, mostly the title
        // again beside a word (`signatures: ['js.Babel [OPTIONS]']`): no
        // sign that the page's metadata answers better than its sections.
        let phrase = u.phrase.iter().any(|&m| m & !self.found_nowhere == 0);
        if phrase && !u.front && acc.query.phrase.len() >= 2 {
            bonus += PHRASE;
        }
        let score = best[..nq].iter().sum::<f32>() * bonus * u.weight / acc.top_weight;
        Some(Candidate {
            doc: u.doc as usize,
            node: u.node,
            start: u.start,
            end: u.end,
            score: (score / self.best).min(1.0),
            terms,
            digest: u.digest,
            key: u.key,
            place: u.place,
        })
    }
}
