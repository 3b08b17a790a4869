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
//! A body dense with starts (a one-letter stop word's, say) and a body beyond
//! ASCII when some term starts beyond ASCII are read whole instead; so is every
//! body until each typo-tolerant term has been found somewhere (a word near it
//! could be anything).

use super::chars::{CLASS, SEPARATOR, chunk_end, class, is_cjk};
use super::query::{Found, Matcher, Query};
use super::terms::{Token, TokenKind, Tokenizer};
use crate::lanes;

/// A body with more starts than one per this many bytes is read whole: it is
/// cheaper than a chunk at a time.
const DENSE: usize = 24;

/// Finds a query's terms in bodies without tokenizing all of them.
pub(crate) struct Skimmer {
    /// Per lowercase first byte: the terms' starts beginning with it.
    by_first: Vec<Vec<Vec<u8>>>,
    /// The lowercase first bytes of `by_first` that hold a start, one bit each.
    firsts: [u64; 4],
    /// Whether every term starts with ASCII, so bodies beyond ASCII may be
    /// skimmed too (a term starting otherwise is looked for by reading).
    ascii_starts: bool,
    tokenizer: Tokenizer,
    /// The word runs of the last body (see [`word_runs`]).
    runs: u32,
    starts: Vec<usize>,
    found: Vec<Skimmed>,
    /// The texts of `found`, one after another.
    texts: String,
}

/// A token found by skimming, its text a range of [`Skimmer::texts`].
struct Skimmed {
    /// What the matcher found it to be.
    found: Found,
    kind: TokenKind,
    start: usize,
    pos: u32,
    text: std::ops::Range<usize>,
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

impl Skimmer {
    /// A skimmer for this document, if bodies may be skimmed now: no typo is
    /// still open.
    pub(crate) fn new(query: &Query) -> Option<Skimmer> {
        if !query.typos_settled() {
            return None;
        }
        let mut by_first = vec![Vec::new(); 256];
        let mut firsts = [0; 4];
        for term in query.terms.iter().filter(|t| t.start().is_ascii()) {
            let start = term.start().as_bytes();
            by_first[usize::from(start[0])].push(start.to_vec());
            firsts[usize::from(start[0] >> 6)] |= 1 << (start[0] & 63);
        }
        Some(Skimmer {
            by_first,
            firsts,
            ascii_starts: query.terms.iter().all(|t| t.start().is_ascii()),
            tokenizer: Tokenizer::default(),
            runs: 0,
            starts: Vec::new(),
            found: Vec::new(),
            texts: String::new(),
        })
    }

    /// Finds every token of `body` the matcher finds, in order, for
    /// [`Skimmer::tokens`], and returns true; or returns false when the body is
    /// better read whole. `base` is added to offsets. Either way it counts the
    /// body's word runs, for [`Skimmer::runs`], in the same pass.
    pub(crate) fn skim(&mut self, body: &str, base: usize, matcher: &mut Matcher<'_>) -> bool {
        self.found.clear();
        self.texts.clear();
        let ascii = body.is_ascii();
        if !(ascii || self.ascii_starts) {
            self.runs = word_runs(body.as_bytes());
            return false;
        }
        if !self.find_starts(body) {
            return false;
        }
        let bytes = body.as_bytes();
        let mut done = 0; // where the last chunk tokenized ends
        let mut last: Option<Last> = None;
        let mut next_pos = 0u32;
        for k in 0..self.starts.len() {
            let at = self.starts[k];
            if at < done {
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
            // Renumber them: consecutive exactly when adjacent in the body.
            for t in &mut self.found[first..] {
                if t.kind == TokenKind::Whole {
                    t.pos = next_pos + 1; // a whole's position counts for nothing
                    continue;
                }
                let follows = match &last {
                    Some(l) if l.chunk_end == end => l.pos + 1 == t.pos,
                    Some(l) => l.last_part && t.pos == 0 && !has_token(&body[l.chunk_end..from]),
                    None => false,
                };
                last = Some(Last {
                    pos: t.pos,
                    last_part: t.pos + 1 == parts,
                    chunk_end: end,
                });
                t.pos = if follows { next_pos } else { next_pos + 1 };
                next_pos = t.pos + 1;
            }
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
        let most = bytes.len() / DENSE + 1;
        let (mut carry, mut runs, mut run_carry) = (0, 0, 0);
        for at in (0..bytes.len()).step_by(8) {
            let x = lanes::load(bytes, at);
            let word = lanes::alnum(x);
            let run = word | (x & lanes::HIGH);
            runs += (run & !lanes::shifted(run, run_carry)).count_ones();
            run_carry = lanes::carry(run);
            let mut part = word & (!lanes::shifted(word, carry) | lanes::upper(x));
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
                let first = usize::from(first);
                let rest = &bytes[here..];
                let starts = |start: &Vec<u8>| {
                    rest.get(..start.len())
                        .is_some_and(|h| h.eq_ignore_ascii_case(start))
                };
                if self.by_first[first].iter().any(starts) {
                    self.starts.push(here);
                    if self.starts.len() > most {
                        self.runs = runs + word_runs_from(bytes, at + 8, run_carry);
                        return false;
                    }
                }
            }
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
    for at in (from..bytes.len()).step_by(8) {
        let x = lanes::load(bytes, at);
        let word = lanes::alnum(x) | (x & lanes::HIGH);
        runs += (word & !lanes::shifted(word, carry)).count_ones();
        carry = lanes::carry(word);
    }
    runs
}
