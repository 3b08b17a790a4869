//! Skimming bodies: most of a section's words are no query term, and finding the
//! ones that are need not cut all of its text into tokens.
//!
//! Every token a term matches starts with the term's first letters
//! ([`Term::start`]: all of its stem, unless the stem's last letters may differ
//! from its words') where a part of an identifier starts. So a body is searched
//! for those starts (each part's first letter looked up, eight bytes at a
//! time), and only the chunks (runs of text between separators) where one is
//! found are tokenized, whole, and shown to the matcher. The tokens found reach
//! the caller in order, numbered so that two are consecutive exactly when
//! nothing but separators and joiners lies between them, which is all a phrase
//! needs of positions: the caller counts exactly what reading the whole body
//! would count.
//!
//! A unit is kept only if some content term (not a stop word) is found in it;
//! in one dropped, a stop word counts only in its rarity, for which it is
//! enough to find it once. So in a body where no content term may start, and
//! whose unit's title holds none, only a stop word's first token is looked for
//! (`to`, `how`: looking at every one cost more than all the content terms).
//!
//! A body dense with starts (a one-letter stop word's, say), a body beyond
//! ASCII when some term starts beyond ASCII, and one holding a character
//! search reads as ASCII letters (`ﬁ`, `ß`) are read whole instead; so is every
//! body until each typo-tolerant term has been found somewhere (a word near it
//! could be anything).

use std::ops::Range;

use super::chars::{CLASS, SEPARATOR, chunk_end, class, folds_to_ascii, is_cjk};
use super::matcher::{Found, Matcher};
use super::query::Query;
use super::terms::{Pairs, Token, TokenKind, Tokenizer};
use crate::lanes;

/// A body with more starts than one per this many bytes is read whole: it is
/// cheaper than a chunk at a time.
const DENSE: usize = 24;

/// Finds a query's terms in bodies without tokenizing all of them.
pub(crate) struct Skimmer {
    /// The terms' starts that are ASCII (a query has a few).
    starts_ascii: Vec<Start>,
    /// Their lowercase first bytes, one bit each: the first test, which needs
    /// no byte but the one in hand (about 1% of search's instructions).
    firsts: [u64; 4],
    /// Their first two bytes.
    pairs: Pairs,
    /// Whether every term starts with ASCII, so bodies beyond ASCII may be
    /// skimmed too (a term starting otherwise is looked for by reading).
    ascii_starts: bool,
    tokenizer: Tokenizer,
    /// The word runs of the last body (see [`word_runs`]).
    runs: u32,
    /// Where a token of some term may start in the last body, and the stop
    /// words it may be, one bit per term (0 when it may be a content term).
    starts: Vec<(usize, u64)>,
    /// Whether a content term may start in the last body.
    content: bool,
    found: Vec<Skimmed>,
    /// The texts of `found`, one after another.
    texts: String,
}

/// A term's start (see [`Term::start`](super::query::Term::start)).
struct Start {
    text: Vec<u8>,
    /// The term's bit if it is a stop word in a query of other words too.
    stop: u64,
}

/// A token found by skimming, its text a range of [`Skimmer::texts`].
struct Skimmed {
    /// What the matcher found it to be.
    found: Found,
    kind: TokenKind,
    start: usize,
    pos: u32,
    text: Range<usize>,
}

/// Where the chunk holding `at` starts: after the last separator or character
/// written without spaces before it (what [`chunk_end`] is to its end).
fn chunk_start(text: &str, at: usize) -> usize {
    text[..at]
        .char_indices()
        .rev()
        .find(|&(_, c)| is_cjk(c) || class(c) == SEPARATOR)
        .map_or(0, |(i, c)| i + c.len_utf8())
}

/// Whether text between chunks holds a token: a letter, a digit or a
/// character written without spaces (chunks of joiners alone hold none).
fn has_token(text: &str) -> bool {
    if text.is_ascii() {
        text.bytes().any(|b| b.is_ascii_alphanumeric())
    } else {
        text.chars().any(char::is_alphanumeric)
    }
}

/// The last part found: its position in its chunk, whether it is the chunk's
/// last part, and where its chunk ends.
struct Last {
    pos: u32,
    last_part: bool,
    chunk_end: usize,
}

/// The positions of a body's skimmed tokens, chunk after chunk: two are
/// consecutive exactly when adjacent in the body.
#[derive(Default)]
struct Numbering {
    last: Option<Last>,
    /// The position of a token that follows the last.
    next: u32,
}

impl Numbering {
    /// Renumbers the tokens found in one chunk (`chunk` in `body`, `parts`
    /// its parts), which the tokenizer numbered within the chunk.
    fn renumber(&mut self, found: &mut [Skimmed], body: &str, chunk: Range<usize>, parts: u32) {
        for t in found {
            if t.kind == TokenKind::Whole {
                t.pos = self.next + 1; // a whole's position counts for nothing
                continue;
            }
            let follows = match &self.last {
                Some(l) if l.chunk_end == chunk.end => l.pos + 1 == t.pos,
                Some(l) => l.last_part && t.pos == 0 && !has_token(&body[l.chunk_end..chunk.start]),
                None => false,
            };
            self.last = Some(Last {
                pos: t.pos,
                last_part: t.pos + 1 == parts,
                chunk_end: chunk.end,
            });
            t.pos = if follows { self.next } else { self.next + 1 };
            self.next = t.pos + 1;
        }
    }
}

impl Skimmer {
    /// A skimmer for this document, if bodies may be skimmed now: no typo is
    /// still open.
    pub(crate) fn new(query: &Query) -> Option<Skimmer> {
        if !query.typos_settled() {
            return None;
        }
        let mut starts_ascii = Vec::new();
        let mut firsts = [0; 4];
        let mut pairs = Pairs::default();
        let content = query.has_content();
        for (i, term) in query.terms.iter().enumerate() {
            let start = term.start().as_bytes();
            if !start.is_ascii() {
                continue;
            }
            // A body may write the apostrophe typographically (`don’t`), which
            // the tokenizer reads as `'`: a start is looked for up to it.
            let start = match start.iter().position(|&b| b == b'\'') {
                Some(cut) if cut > 0 => &start[..cut],
                _ => start,
            };
            starts_ascii.push(Start {
                text: start.to_vec(),
                stop: if term.stop && content { 1 << i } else { 0 },
            });
            firsts[usize::from(start[0] >> 6)] |= 1 << (start[0] & 63);
            pairs.add(start);
        }
        Some(Skimmer {
            starts_ascii,
            firsts,
            pairs,
            ascii_starts: query.terms.iter().all(|t| t.start().is_ascii()),
            tokenizer: Tokenizer::default(),
            runs: 0,
            starts: Vec::new(),
            content: false,
            found: Vec::new(),
            texts: String::new(),
        })
    }

    /// Finds every token of `body` the matcher finds, in order, for
    /// [`Skimmer::tokens`], and returns true; or returns false when the body is
    /// better read whole. `base` is added to offsets. Either way it counts the
    /// body's word runs, for [`Skimmer::runs`], in the same pass.
    ///
    /// `kept` says the body's unit is kept whatever the body holds (its title
    /// holds a content term). If it is not, and no content term may start in
    /// the body, only the first token of each stop word is found.
    pub(crate) fn skim(
        &mut self,
        body: &str,
        base: usize,
        matcher: &mut Matcher<'_>,
        kept: bool,
    ) -> bool {
        self.found.clear();
        self.texts.clear();
        let ascii = body.is_ascii();
        if !ascii && (!self.ascii_starts || folds_to_ascii(body)) {
            self.runs = word_runs(body.as_bytes());
            return false;
        }
        if !self.find_starts(body) {
            return false;
        }
        let bytes = body.as_bytes();
        let mut done = 0; // where the last chunk tokenized ends
        let mut numbering = Numbering::default();
        // The stop words still looked for, when only their first tokens are.
        let mut unseen = if kept || self.content {
            None
        } else {
            Some(!0u64)
        };
        for k in 0..self.starts.len() {
            let (at, stops) = self.starts[k];
            if at < done || unseen.is_some_and(|unseen| stops & unseen == 0) {
                continue;
            }
            let from = if ascii {
                bytes[..at]
                    .iter()
                    .rposition(|&b| CLASS[usize::from(b)] == SEPARATOR)
                    .map_or(0, |i| i + 1)
            } else {
                chunk_start(body, at)
            };
            let end = chunk_end(body, at);
            done = end;
            // The chunk's tokens the matcher finds, numbered within the chunk.
            let first = self.found.len();
            let mut parts = 0u32;
            self.tokenizer.reset();
            let (found, texts) = (&mut self.found, &mut self.texts);
            self.tokenizer.run(&body[from..end], base + from, |token| {
                if token.kind != TokenKind::Whole {
                    parts = token.pos + 1;
                }
                if let Some(what) = matcher.find(token) {
                    let at = texts.len();
                    texts.push_str(token.text);
                    found.push(Skimmed {
                        found: what,
                        kind: token.kind,
                        start: token.start,
                        pos: token.pos,
                        text: at..texts.len(),
                    });
                }
            });
            if let Some(unseen) = &mut unseen {
                for t in &self.found[first..] {
                    if let Found::Term(term) = t.found {
                        *unseen &= !(1 << term);
                    }
                }
            }
            numbering.renumber(&mut self.found[first..], body, from..end, parts);
        }
        true
    }

    /// The word runs of the body last skimmed (or not).
    pub(crate) fn runs(&self) -> u32 {
        self.runs
    }

    /// The tokens the last successful [`Skimmer::skim`] found, in order, with
    /// what the matcher found each to be.
    pub(crate) fn tokens(&self) -> impl Iterator<Item = (Token<'_>, Found)> {
        self.found.iter().map(|t| {
            let token = Token {
                text: &self.texts[t.text.clone()],
                kind: t.kind,
                start: t.start,
                pos: t.pos,
            };
            (token, t.found)
        })
    }

    /// Collects, in order, where a token of some term may start in `body`;
    /// false when there are too many to be worth it. Eight bytes at a time: a
    /// lane is a candidate where a part of an identifier starts (a letter or
    /// digit after none, or a capital) with the first letter of some term.
    /// Counts the body's word runs on the way, to its end.
    fn find_starts(&mut self, body: &str) -> bool {
        let bytes = body.as_bytes();
        self.starts.clear();
        self.content = false;
        let most = bytes.len() / DENSE + 1;
        let (mut carry, mut runs, mut run_carry) = (0, 0, 0);
        // A `while` loop: `step_by` costs a few instructions per step here.
        let mut at = 0;
        while at < bytes.len() {
            let x = lanes::load(bytes, at);
            let (word, upper) = lanes::alnum_upper(x);
            let run = word | (x & lanes::HIGH);
            runs += lanes::count(run & !lanes::shifted(run, run_carry));
            run_carry = lanes::carry(run);
            let mut part = word & (!lanes::shifted(word, carry) | upper);
            carry = lanes::carry(word);
            // About one part starts in eight bytes: each is looked up.
            while part != 0 {
                let lane = part.trailing_zeros() / 8;
                part &= part - 1;
                // A letter or digit, lowercase with bit 5 set.
                let first = (x >> (lane * 8)) as u8 | 0x20;
                if self.firsts[usize::from(first >> 6)] >> (first & 63) & 1 == 0 {
                    continue;
                }
                let here = at + lane as usize;
                if !self.pairs.has(first, bytes.get(here + 1).map_or(0, |&b| b)) {
                    continue;
                }
                let rest = &bytes[here..];
                let (mut hit, mut stops) = (false, 0);
                for start in &self.starts_ascii {
                    let text = &start.text;
                    if rest
                        .get(..text.len())
                        .is_some_and(|h| h.eq_ignore_ascii_case(text))
                    {
                        hit = true;
                        stops |= start.stop;
                        self.content |= start.stop == 0;
                    }
                }
                if hit {
                    self.starts.push((here, stops));
                    if self.starts.len() > most {
                        self.runs = runs + word_runs_from(bytes, at + 8, run_carry);
                        return false;
                    }
                }
            }
            at += 8;
        }
        self.runs = runs;
        true
    }
}

/// The runs of ASCII letters and digits and of bytes beyond ASCII in `bytes`:
/// about its words and identifier parts, without cutting it into tokens
/// (markup such as `|`, `---` or `*` counts for nothing). Eight bytes at a time.
pub(crate) fn word_runs(bytes: &[u8]) -> u32 {
    word_runs_from(bytes, 0, 0)
}

/// [`word_runs`] of `bytes[from..]`, where `carry` says whether the byte before
/// `from` is in a run (as [`lanes::carry`] gives it).
fn word_runs_from(bytes: &[u8], from: usize, mut carry: u64) -> u32 {
    let mut runs = 0;
    let mut at = from;
    while at < bytes.len() {
        let x = lanes::load(bytes, at);
        let word = lanes::alnum(x) | (x & lanes::HIGH);
        runs += lanes::count(word & !lanes::shifted(word, carry));
        carry = lanes::carry(word);
        at += 8;
    }
    runs
}
