//! The query: its terms, its phrase, and the tables its matcher looks words up in.
//!
//! A query is tokenised like the text (see `terms`); its words are stemmed
//! (`stem`), and its prefilter says which document words may stem to a term or lie
//! within a few edits of one, so that `matcher` stems or measures only those.
//! Quoted phrases, `/…/` patterns and operators typed alone are read from the
//! query text apart, as the tokenizer cannot see them.

use std::sync::atomic::{AtomicU64, Ordering};

use super::chars::{self, has_joiner};
use super::stem::{is_stop_word, stem, stem_start};
use super::terms::{Filter, Pairs, Token, TokenKind, Tokenizer};
use crate::fuzzy::Typo;

/// Queries longer than this keep their first terms (term sets are 64-bit masks).
pub(crate) const MAX_TERMS: usize = 64;

/// The longest symbol term, in bytes.
const MAX_SYMBOL: usize = 16;

/// Bytes that continue an operator: a symbol term found next to one is part of
/// another operator (`??` in `??=`), as one next to a letter or digit is part
/// of a name (`$_` in `$_foo`).
const OPERATOR: &[u8] = b"!#$%&*+-/<=>?@\\^|~_";

/// The quoted phrases of query text, case-folded with whitespace runs as one
/// space: `uv "cache dir"` holds `cache dir`. An unclosed quote quotes nothing.
fn literals(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut parts = text.split('"');
    parts.next();
    while let (Some(quoted), Some(_)) = (parts.next(), parts.clone().next()) {
        let folded = fold_space(&chars::folded(quoted));
        if !folded.is_empty() && !out.contains(&folded) {
            out.push(folded);
        }
        parts.next();
    }
    out
}

/// The longest regular expression a query may hold, compiled (bytes of the
/// engine's program): a query never costs more than a small search.
const MAX_PATTERN: usize = 1 << 20;

/// The `/…/` terms of query text (docs/search.md, "Search"), each compiled to match case
/// folded, and the text without them; a term that is no valid expression is
/// left in the text as words, with a note saying why.
fn patterns(text: &str) -> (Vec<(String, regex::Regex)>, String, Vec<String>) {
    let mut found = Vec::new();
    let mut rest = String::with_capacity(text.len());
    let mut notes = Vec::new();
    for word in text.split_whitespace() {
        let inner = word
            .strip_prefix('/')
            .and_then(|w| w.strip_suffix('/'))
            .filter(|w| !w.is_empty());
        let compiled = inner.map(|p| {
            regex::RegexBuilder::new(p)
                .case_insensitive(true)
                .size_limit(MAX_PATTERN)
                .dfa_size_limit(MAX_PATTERN)
                .build()
        });
        match (inner, compiled) {
            (Some(p), Some(Ok(re))) => {
                if !found.iter().any(|(q, _)| q == p) {
                    found.push((p.to_owned(), re));
                }
            }
            (Some(p), Some(Err(e))) => {
                let why = e.to_string();
                let why = why.lines().last().unwrap_or_default().trim();
                notes.push(format!(
                    "/{p}/ is not a regular expression ({why}); searched for its words"
                ));
                rest.push_str(word);
                rest.push(' ');
            }
            _ => {
                rest.push_str(word);
                rest.push(' ');
            }
        }
    }
    (found, rest, notes)
}

/// The terms the tokenizer finds in query text, in query order, and the
/// phrase its words and grams make, as term indices.
fn worded_terms(text: &str) -> (Vec<Term>, Vec<u32>) {
    let mut terms: Vec<Term> = Vec::new();
    let mut phrase = Vec::new();
    let mut whole_end = 0; // where the last whole identifier ends
    Tokenizer::default().run(text, 0, |t| {
        // A compound without joiners (`camelCase`) is looked for as a word.
        let mut t = *t;
        let compound = t.kind == TokenKind::Whole && !has_joiner(t.text);
        if t.kind == TokenKind::Whole {
            whole_end = t.start + t.text.len();
        }
        if compound {
            t.kind = TokenKind::Word;
        }
        // A lone character split off an identifier (the `T` of `Rc<T>`, the
        // `0` of `1.7.0`) means nothing alone; the whole stands for it.
        if t.kind == TokenKind::Word && t.start < whole_end && t.text.chars().nth(1).is_none() {
            return;
        }
        let key = match t.kind {
            TokenKind::Word => stem(t.text).into_owned(),
            _ => t.text.to_owned(),
        };
        let existing = terms.iter().position(|q| q.kind == t.kind && q.text == key);
        let id = match existing {
            Some(id) => {
                let term = &mut terms[id];
                if term.kind == TokenKind::Word && !term.typed(t.text) {
                    term.forms.push(t.text.into());
                }
                id
            }
            None if terms.len() < MAX_TERMS => {
                terms.push(Term::new(&t, key));
                terms.len() - 1
            }
            None => return,
        };
        if t.kind != TokenKind::Whole && !compound {
            phrase.push(id as u32);
        }
    });
    (terms, phrase)
}

/// Adds the terms the tokenizer cannot see: operators typed alone (`$?`,
/// `??`, `*>`, as typed, quotes and backticks aside) and the `/…/` terms;
/// returns the latter, each with its term's index.
fn unworded_terms(
    text: &str,
    patterns: Vec<(String, regex::Regex)>,
    terms: &mut Vec<Term>,
) -> Vec<(u32, regex::Regex)> {
    for chunk in text.split_whitespace() {
        let symbol = chunk.trim_matches(['`', '"', '\'']);
        if (2..=MAX_SYMBOL).contains(&symbol.len())
            && symbol.bytes().all(|b| b.is_ascii_punctuation())
            && terms.len() < MAX_TERMS
            && !terms
                .iter()
                .any(|t| t.kind == TokenKind::Symbol && t.text == symbol)
        {
            terms.push(Term::symbol(symbol));
        }
    }
    let mut out = Vec::new();
    for (source, re) in patterns {
        if terms.len() < MAX_TERMS {
            out.push((terms.len() as u32, re));
            terms.push(Term::pattern(&source));
        }
    }
    out
}

/// Text with each run of whitespace as one space, none at either end.
fn fold_space(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// One distinct term of the query.
#[derive(Clone, Debug)]
pub(crate) struct Term {
    /// The stem of a word; a whole identifier or a gram as typed (lowercase).
    pub(crate) text: String,
    /// What kind of token it matches.
    pub(crate) kind: TokenKind,
    /// A stop word: counted, but not required for the all-terms bonus.
    pub(crate) stop: bool,
    /// Typo tolerance, for words of letters that are not stop words.
    pub(crate) typo: Option<Typo>,
    /// The shortest start a document word needs to possibly stem to `text`.
    pub(super) prefix: usize,
    /// For a word: the query's words that stem to it, as typed (lowercase).
    forms: Vec<Box<str>>,
}

/// A parsed query.
#[derive(Debug)]
pub(crate) struct Query {
    /// Distinct terms, in query order.
    pub(crate) terms: Vec<Term>,
    /// The words and grams in query order, as term indices: the phrase.
    pub(crate) phrase: Vec<u32>,
    /// Quoted phrases (docs/search.md, "Search"), case-folded, whitespace runs as one space: a
    /// unit matches only when its text holds each of them.
    pub(crate) literals: Vec<String>,
    /// `/…/` terms: a unit matches only when each finds a match in its text,
    /// and every match counts as the term's.
    patterns: Vec<(u32, regex::Regex)>,
    /// What the query's reader should know: a `/…/` that did not compile.
    pub(crate) notes: Vec<String>,
    /// Which words of a text may match a word term.
    pub(super) prefilter: Prefilter,
    /// The symbol terms, each with its finder.
    symbols: Vec<(u32, memchr::memmem::Finder<'static>)>,
    /// Terms found somewhere already, one bit each. Words near a term matter only
    /// if the term itself occurs nowhere, so once it is seen, matchers stop
    /// looking for them (whichever thread sees it first; the ranking ignores near
    /// words of terms that occur, so results do not depend on when).
    pub(super) known: AtomicU64,
}

/// Which words of a text may match the query's word terms, by tables a word
/// is looked up in before any stemming or measuring.
#[derive(Debug)]
pub(super) struct Prefilter {
    /// Per first byte: the word terms a word starting with it may stem to.
    pub(super) first: Box<[u64; 256]>,
    /// The first two bytes of the words that may stem to some word term.
    pairs: Pairs,
    /// Per typo-tolerant term, its bit and the lengths of plain ASCII words that
    /// may be near it (bit `len`; bit 63: longer).
    near_ascii: Vec<(u64, u64)>,
    /// Per length in bytes (the last slot: longer): the typo-tolerant words a word
    /// of that length may be near.
    pub(super) near_len: [u64; 64],
}

impl Prefilter {
    /// The tables for these terms.
    fn of(terms: &[Term]) -> Prefilter {
        let mut first = Box::new([0u64; 256]);
        let mut pairs = Pairs::default();
        let mut near_len = [0u64; 64];
        let mut near_ascii = Vec::new();
        for (i, q) in terms.iter().enumerate() {
            if q.kind != TokenKind::Word {
                continue;
            }
            let prefix = &q.text.as_bytes()[..q.prefix];
            first[usize::from(prefix[0])] |= 1 << i;
            pairs.add(prefix);
            if let Some(typo) = &q.typo {
                for (len, slot) in near_len.iter_mut().enumerate() {
                    if typo.may_have_len(len) || len == 63 {
                        *slot |= 1 << i;
                    }
                }
                let lens = (0..64)
                    .filter(|&len| typo.may_have_ascii_len(len, len == 63))
                    .fold(0u64, |lens, len| lens | 1 << len);
                near_ascii.push((1 << i, lens));
            }
        }
        Prefilter {
            first,
            pairs,
            near_ascii,
            near_len,
        }
    }
}

impl Query {
    /// Whether `text` holds every quoted phrase of the query (case-folded,
    /// whitespace runs equal); true when it has none.
    pub(crate) fn holds_literals(&self, text: &str) -> bool {
        if !self.patterns.iter().all(|(_, re)| re.is_match(text)) {
            return false;
        }
        if self.literals.is_empty() {
            return true;
        }
        let folded = fold_space(&chars::folded(text));
        self.literals.iter().all(|l| folded.contains(l.as_str()))
    }

    /// Parses query text.
    pub(crate) fn new(text: &str) -> Query {
        let (found, words, notes) = patterns(text);
        let text = words.as_str();
        let (mut terms, phrase) = worded_terms(text);
        let patterns = unworded_terms(text, found, &mut terms);
        let symbols = terms
            .iter()
            .enumerate()
            .filter(|(_, t)| t.kind == TokenKind::Symbol)
            .map(|(i, t)| {
                (
                    i as u32,
                    memchr::memmem::Finder::new(t.text.as_bytes()).into_owned(),
                )
            })
            .collect();
        Query {
            prefilter: Prefilter::of(&terms),
            terms,
            phrase,
            literals: literals(text),
            patterns,
            notes,
            symbols,
            known: AtomicU64::new(0),
        }
    }

    /// Calls `found(term, at)` for each match of a `/…/` term in `text` (an
    /// empty match is none), and each place where a symbol term stands alone:
    /// not touching a letter, a digit or another operator character (`$?` in
    /// `` `$?` `` and `($?)`, not in `$?x` or `$??`).
    pub(crate) fn symbols_in(&self, text: &str, mut found: impl FnMut(u32, usize)) {
        for (term, re) in &self.patterns {
            for m in re.find_iter(text).filter(|m| !m.is_empty()) {
                found(*term, m.start());
            }
        }
        let bytes = text.as_bytes();
        let free =
            |b: Option<&u8>| b.is_none_or(|b| !b.is_ascii_alphanumeric() && !OPERATOR.contains(b));
        for (term, finder) in &self.symbols {
            let len = finder.needle().len();
            for at in finder.find_iter(bytes) {
                let before = at.checked_sub(1).map(|i| &bytes[i]);
                if free(before) && free(bytes.get(at + len)) {
                    found(*term, at);
                }
            }
        }
    }

    /// The plain words a matcher needs to see now: those that start like a
    /// term, or have the length of a word near an unseen typo-tolerant term.
    pub(crate) fn filter(&self) -> Filter {
        let unseen = !self.known.load(Ordering::Relaxed);
        let mut filter = Filter {
            pairs: self.prefilter.pairs,
            len: 0,
            wholes: self.terms.iter().any(|t| t.kind == TokenKind::Whole),
        };
        for &(term, lens) in &self.prefilter.near_ascii {
            if term & unseen != 0 {
                filter.len |= lens;
            }
        }
        filter
    }

    /// Whether every typo-tolerant term has been found somewhere already, so no
    /// word near one matters any more.
    pub(crate) fn typos_settled(&self) -> bool {
        let known = self.known.load(Ordering::Relaxed);
        self.terms
            .iter()
            .enumerate()
            .all(|(i, t)| t.typo.is_none() || known >> i & 1 == 1)
    }

    /// Whether some term is not a stop word.
    pub(crate) fn has_content(&self) -> bool {
        self.terms.iter().any(|t| !t.stop)
    }
}

impl Term {
    fn pattern(source: &str) -> Term {
        Term {
            kind: TokenKind::Pattern,
            ..Term::symbol(source)
        }
    }

    fn symbol(text: &str) -> Term {
        Term {
            text: text.to_owned(),
            kind: TokenKind::Symbol,
            stop: false,
            typo: None,
            prefix: text.len(),
            forms: Vec::new(),
        }
    }

    /// Whether a token this term matches is as the query typed it: any whole,
    /// gram or symbol; a word only in one of the query's own forms (`callouts`
    /// for `callouts`, not for `callout`, which stems the same).
    pub(crate) fn typed(&self, token: &str) -> bool {
        self.kind != TokenKind::Word || self.forms.iter().any(|f| **f == *token)
    }

    /// What every token this term matches starts with (lowercase): the stem's
    /// first letters for a word, the whole text otherwise.
    pub(crate) fn start(&self) -> &str {
        &self.text[..self.prefix]
    }

    fn new(token: &Token<'_>, key: String) -> Term {
        let word = token.kind == TokenKind::Word;
        let stop = word && is_stop_word(token.text);
        let letters = token.text.chars().all(char::is_alphabetic);
        let prefix = if word { stem_start(&key) } else { key.len() };
        Term {
            typo: (word && letters && !stop)
                .then(|| Typo::new(token.text))
                .flatten(),
            forms: if word {
                vec![token.text.into()]
            } else {
                Vec::new()
            },
            text: key,
            kind: token.kind,
            stop,
            prefix,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_terms_and_phrase() {
        let q = Query::new("Installing the CLI, install!");
        let texts: Vec<&str> = q.terms.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts, ["instal", "the", "cli"]);
        assert_eq!(q.phrase, [0, 1, 2, 0]);
        assert!(q.terms[1].stop && !q.terms[0].stop);
        let q = Query::new("--max-words");
        let texts: Vec<&str> = q.terms.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts, ["max-words", "max", "word"]);
        assert_eq!(q.phrase, [1, 2], "wholes are not phrase steps");
        for (text, want) in [
            ("Rc<T>", &["rc<t", "rc"][..]),
            ("1.7.0", &["1.7.0"]),
            ("x", &["x"]),
        ] {
            let q = Query::new(text);
            let texts: Vec<&str> = q.terms.iter().map(|t| t.text.as_str()).collect();
            assert_eq!(texts, want, "lone characters split off {text} are no terms");
        }
        let q = Query::new("camelCase");
        let texts: Vec<&str> = q.terms.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(
            texts,
            ["camelcas", "camel", "case"],
            "a compound is a word too"
        );
        assert_eq!(q.phrase, [1, 2]);
    }
}
