//! Finding a query's terms in a text's tokens: most words are turned away by
//! the query's prefilter tables; the matcher stems or measures the few that
//! pass, and remembers its verdict on each.

use std::sync::atomic::Ordering;

use super::chars::has_joiner;
use super::query::Query;
use super::stem::stem;
use super::terms::{Token, TokenKind};
use crate::fuzzy::Shape;

/// How a token matched the query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// It is a query term (after stemming).
    Term(u32),
    /// It is within `edits` edits of a query word.
    Near {
        /// The query term.
        term: u32,
        /// Edits between the query word and the token.
        edits: u8,
    },
}

/// Finds query terms in tokens, remembering its verdict on each word it had to
/// stem or measure.
pub(crate) struct Matcher<'q> {
    query: &'q Query,
    /// Keyed by words of documents: a hash seeded per process.
    seen: foldhash::HashMap<Box<str>, Option<Found>>,
}

impl<'q> Matcher<'q> {
    pub(crate) fn new(query: &'q Query) -> Matcher<'q> {
        Matcher {
            query,
            seen: foldhash::HashMap::default(),
        }
    }

    /// What a token is to the query, if anything.
    pub(crate) fn find(&mut self, token: &Token<'_>) -> Option<Found> {
        let query = self.query;
        if token.kind != TokenKind::Word {
            let exact = query
                .terms
                .iter()
                .position(|q| q.kind == token.kind && q.text == token.text)
                .map(|i| Found::Term(i as u32));
            // A compound without joiners (`camelCase`) is a word as written too.
            if exact.is_some() || token.kind != TokenKind::Whole || has_joiner(token.text) {
                return exact;
            }
        }
        // Two table lookups reject almost every word: no term starts with its
        // first byte, and no unseen typo-tolerant word has its length.
        let word = token.text;
        let bytes = word.as_bytes();
        let stems = query.prefilter.first[usize::from(bytes[0])];
        let unseen = !query.known.load(Ordering::Relaxed);
        let near = query.prefilter.near_len[bytes.len().min(63)] & unseen;
        if stems | near == 0 {
            return None;
        }
        let stemmed = query.terms.iter().enumerate().any(|(i, q)| {
            stems >> i & 1 == 1 && starts_with(bytes, &q.text.as_bytes()[..q.prefix])
        });
        let maybe = stemmed
            || (near != 0 && {
                let shape = Shape::of(word);
                query.terms.iter().enumerate().any(|(i, q)| {
                    near >> i & 1 == 1 && q.typo.as_ref().is_some_and(|t| t.may_match_shape(&shape))
                })
            });
        if !maybe {
            return None;
        }
        if let Some(found) = self.seen.get(word) {
            return *found;
        }
        let found = self.judge(word);
        if let Some(Found::Term(i)) = found
            && query.known.load(Ordering::Relaxed) >> i & 1 == 0
        {
            query.known.fetch_or(1 << i, Ordering::Relaxed);
        }
        self.seen.insert(word.into(), found);
        found
    }

    fn judge(&self, word: &str) -> Option<Found> {
        let terms = &self.query.terms;
        let stemmed = stem(word);
        if let Some(i) = terms
            .iter()
            .position(|q| q.kind == TokenKind::Word && q.text == stemmed)
        {
            return Some(Found::Term(i as u32));
        }
        terms
            .iter()
            .enumerate()
            .filter_map(|(i, q)| {
                let edits = q.typo.as_ref()?.edits(word)?;
                Some(Found::Near {
                    term: i as u32,
                    edits: edits as u8,
                })
            })
            .min_by_key(|f| match f {
                Found::Near { edits, .. } => *edits,
                Found::Term(_) => 0,
            })
    }
}

/// `bytes.starts_with(prefix)` for short prefixes, without a call to `memcmp`.
fn starts_with(bytes: &[u8], prefix: &[u8]) -> bool {
    bytes.len() >= prefix.len() && bytes.iter().zip(prefix).all(|(a, b)| a == b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::terms::Tokenizer;

    fn find(query: &str, text: &str) -> Vec<Option<Found>> {
        let q = Query::new(query);
        let mut m = Matcher::new(&q);
        let mut out = Vec::new();
        Tokenizer::default().run(text, 0, |t| out.push(m.find(t)));
        out
    }

    #[test]
    fn finds_stems_wholes_grams_and_near_words() {
        use Found::*;
        assert_eq!(
            find("installation", "Installing installs instill"),
            [Some(Term(0)), Some(Term(0)), None]
        );
        assert_eq!(
            find("ownreship", "ownership owner"),
            [Some(Near { term: 0, edits: 1 }), None]
        );
        assert_eq!(
            find("snake_case", "a snake_case"),
            [None, Some(Term(0)), Some(Term(1)), Some(Term(2))]
        );
        assert_eq!(find("所有权", "所有"), [Some(Term(0))]);
        assert_eq!(
            find("happy", "happiness happy"),
            [Some(Term(0)), Some(Term(0))]
        );
    }

    /// The filtered tokenizer skips words only when the matcher would find
    /// nothing in them: over real text, every match survives the filter.
    #[test]
    fn the_filter_never_hides_a_match() {
        let text = std::fs::read_to_string("README.md").unwrap()
            + " A a I happiness Happy hoping DYING camelCase Rc<T> 1.7.0 ÉTÉ été 所有权"
            + " supercalifragilisticexpialidociousnessessessos";
        let queries = [
            "installation guide",
            "instalation",
            "a I",
            "happy hope die",
            "camelCase rc<t> 1.7.0",
            "ete thresholds",
            "mdsel selector index",
            "xy",
            "supercalifragilisticexpialidociousnessessesses",
        ];
        for query in queries {
            // A fresh query each time: what one run finds changes what the
            // next looks for.
            let matched = |filtered: bool| {
                let q = Query::new(query);
                let mut tokenizer = Tokenizer::default();
                if filtered {
                    tokenizer.refilter(q.filter());
                }
                let mut m = Matcher::new(&q);
                let mut out = Vec::new();
                tokenizer.run(&text, 0, |t| {
                    if let Some(found) = m.find(t) {
                        out.push((t.start, t.kind, found));
                    }
                });
                out
            };
            let all = matched(false);
            let filtered = matched(true);
            assert!(
                !all.is_empty() || query == "xy",
                "{query}: test text has matches"
            );
            assert_eq!(filtered, all, "{query}");
        }
    }
}
