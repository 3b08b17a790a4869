//! A field's or a unit's term counts while it is read: how often each term
//! occurs (in quarters of an occurrence, see [`UNIT`](super::scan::UNIT)), its
//! length, and the places where the whole query occurs as a phrase.

use super::query::Query;
use super::terms::{Token, TokenKind};

/// Term counts while a field or unit is read.
#[derive(Default)]
pub(super) struct Tally {
    /// Words and grams (set by the caller, from tokenizer positions).
    pub(super) len: u32,
    /// Each term's count (local id, count in quarters).
    pub(super) hits: Vec<(u32, u16)>,
    /// See [`UnitScan::phrase`](super::scan::UnitScan::phrase).
    pub(super) phrase: Vec<u64>,
    /// How far into the phrase the tokens just read reach: bit `k` is set when
    /// they end with its first `k + 1` words (shift-and, so a phrase that
    /// repeats its own start is found after a try that fails part way).
    runs: u64,
    /// Per bit of `runs`: the terms that run matched by a near word.
    run_near: Vec<u64>,
    last_pos: u32,
}

impl Tally {
    pub(super) fn reset(&mut self) {
        self.len = 0;
        self.hits.clear();
        self.phrase.clear();
        self.runs = 0;
    }

    /// Its length and counts alone, as a field made of other fields starts
    /// (a section's path from its parent's).
    pub(super) fn counts(&self) -> Tally {
        Tally {
            len: self.len,
            hits: self.hits.clone(),
            ..Tally::default()
        }
    }

    /// Counts another field after this one, as a path goes on with the title
    /// of the section it passes through.
    pub(super) fn append(&mut self, other: &Tally) {
        self.len += other.len;
        for &(id, n) in &other.hits {
            bump(&mut self.hits, id, n);
        }
    }

    /// Takes in another spelling of the same field: each term counts as often
    /// as in the one that has it more, the length is the longer one's.
    pub(super) fn either(&mut self, other: &Tally) {
        self.len = self.len.max(other.len);
        for &(id, n) in &other.hits {
            match self.hits.iter_mut().find(|(t, _)| *t == id) {
                Some((_, m)) => *m = (*m).max(n),
                None => self.hits.push((id, n)),
            }
        }
    }

    /// Counts one token: the term it matched (`id` local, `term` the query
    /// term it stands for, `worth` what it counts).
    pub(super) fn add(&mut self, token: &Token<'_>, found: Option<Match>, query: &Query) {
        let phrase = &query.phrase;
        if token.kind == TokenKind::Whole {
            if let Some(m) = found {
                bump(&mut self.hits, m.id, m.worth);
            }
            return;
        }
        let Some(Match { id, term, worth }) = found else {
            self.runs = 0;
            return;
        };
        bump(&mut self.hits, id, worth);
        if phrase.len() < 2 {
            return;
        }
        // A near word is sure to be seen, whenever its document is read,
        // where it starts as its term's words do; elsewhere only while its
        // term is found nowhere, which is known when ranking.
        let sure = id == term || token.text.starts_with(query.terms[term as usize].start());
        let near = if sure { 0 } else { 1 << term };
        // A phrase of more than 64 words is looked for by its first 64.
        let phrase = &phrase[..phrase.len().min(64)];
        let last = phrase.len() - 1;
        if token.pos != self.last_pos.wrapping_add(1) {
            self.runs = 0;
        }
        let at = (phrase.iter().enumerate())
            .filter(|&(_, &t)| t == term)
            .fold(0u64, |m, (k, _)| m | 1 << k);
        self.runs = (self.runs << 1 | 1) & at;
        self.run_near.resize(phrase.len(), 0);
        // From the longest run down, so each extends its shorter one's terms.
        for k in (0..phrase.len()).rev().filter(|&k| self.runs & 1 << k != 0) {
            self.run_near[k] = near | if k > 0 { self.run_near[k - 1] } else { 0 };
        }
        if self.runs & 1 << last != 0 {
            if !self.phrase.contains(&self.run_near[last]) {
                self.phrase.push(self.run_near[last]);
            }
            self.runs &= !(1 << last);
        }
        self.last_pos = token.pos;
    }
}

/// A token that matched: its local id, the query term it stands for, and what
/// it counts.
#[derive(Clone, Copy)]
pub(super) struct Match {
    pub(super) id: u32,
    pub(super) term: u32,
    pub(super) worth: u16,
}

pub(super) fn bump(hits: &mut Vec<(u32, u16)>, id: u32, worth: u16) {
    match hits.iter_mut().find(|(t, _)| *t == id) {
        Some((_, n)) => *n = n.saturating_add(worth),
        None => hits.push((id, worth)),
    }
}
