//! The one fuzzy scorer: search hits and every "did you mean".
//!
//! Text is cut into lowercase alphanumeric tokens; each query token takes its best
//! match among a candidate's tokens (exact, prefix, or within a small edit
//! distance), so typos, case and word order do not defeat a match. Heading titles
//! weigh more than body text. Scores run from 0 to 1.

use std::collections::HashMap;

use crate::tree::{BlockKind, Document, NodeId};

/// Body text scores this much of an equally good heading title.
const BODY_WEIGHT: f32 = 0.8;
/// Hits scoring below this are not shown.
const MIN_SCORE: f32 = 0.5;
/// Tokens longer than this are compared exactly or by prefix only.
const MAX_EDIT_LEN: usize = 48;

/// One search result.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchHit {
    /// Index of the document.
    pub doc: usize,
    /// The node found: a section (by its title) or a document-level block.
    pub node: NodeId,
    /// Relevance, 0 to 1.
    pub score: f32,
}

/// Searches section titles and document-level blocks; best `limit` hits first,
/// ties in document order.
pub fn search(docs: &[Document], query: &str, limit: usize) -> Vec<SearchHit> {
    let scorer = Scorer::new(query);
    if scorer.tokens.is_empty() {
        return Vec::new();
    }
    let mut hits = Vec::new();
    let mut cache = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, &id) in doc.sections().iter().enumerate() {
            let score = scorer.score(&doc.titles[k], &mut cache);
            if score >= MIN_SCORE {
                hits.push((
                    SearchHit {
                        doc: d,
                        node: id,
                        score,
                    },
                    doc.node(id).span.start,
                ));
            }
        }
        let blocks = BlockKind::ALL
            .iter()
            .flat_map(|&k| doc.blocks(k).iter().copied());
        for id in blocks.chain(doc.root()).chain(doc.front()) {
            let score = scorer.score(doc.slice(id), &mut cache) * BODY_WEIGHT;
            if score >= MIN_SCORE {
                hits.push((
                    SearchHit {
                        doc: d,
                        node: id,
                        score,
                    },
                    doc.node(id).span.start,
                ));
            }
        }
    }
    hits.sort_by(|(a, pa), (b, pb)| {
        b.score
            .total_cmp(&a.score)
            .then(a.doc.cmp(&b.doc))
            .then(pa.cmp(pb))
            .then(a.node.cmp(&b.node))
    });
    hits.truncate(limit);
    hits.into_iter().map(|(h, _)| h).collect()
}

struct Scorer {
    phrase: String,
    tokens: Vec<String>,
}

impl Scorer {
    fn new(query: &str) -> Scorer {
        let tokens: Vec<String> = tokens(query).map(|t| t.to_lowercase()).collect();
        Scorer {
            phrase: tokens.join(" "),
            tokens,
        }
    }

    /// Mean over query tokens of their best match in `text`; a text holding the
    /// whole query as a phrase scores 1.
    fn score(&self, text: &str, cache: &mut HashMap<String, Vec<f32>>) -> f32 {
        let mut best = vec![0f32; self.tokens.len()];
        let mut words: Vec<String> = Vec::new();
        for token in tokens(text) {
            let lower = token.to_lowercase();
            let sims = cache.entry(lower.clone()).or_insert_with(|| {
                self.tokens
                    .iter()
                    .map(|q| token_similarity(q, &lower))
                    .collect()
            });
            for (b, s) in best.iter_mut().zip(sims.iter()) {
                *b = b.max(*s);
            }
            if self.tokens.len() > 1 && words.len() < 4096 {
                words.push(lower);
            }
        }
        if self.tokens.len() > 1 && words.join(" ").contains(&self.phrase) {
            return 1.0;
        }
        best.iter().sum::<f32>() / best.len() as f32
    }
}

fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
}

/// How well a candidate token matches a query token, 0 to 1.
fn token_similarity(query: &str, candidate: &str) -> f32 {
    if query == candidate {
        return 1.0;
    }
    let (q, c) = (query.chars().count(), candidate.chars().count());
    if q >= 3 && candidate.starts_with(query) {
        // "install" finds "installation", ranked below an exact word.
        return 0.8 + 0.15 * q as f32 / c as f32;
    }
    if q.max(c) > MAX_EDIT_LEN || q.abs_diff(c) > q.max(c) / 3 {
        return 0.0;
    }
    let s = similarity(query, candidate);
    if s >= 0.7 { s } else { 0.0 }
}

/// Edit similarity: 1 − (optimal-string-alignment distance / longer length).
///
/// ```
/// assert!((mdsel::similarity("instalation", "installation") - 11.0 / 12.0).abs() < 1e-6);
/// assert_eq!(mdsel::similarity("abc", "abc"), 1.0);
/// ```
pub fn similarity(a: &str, b: &str) -> f32 {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let longest = a.len().max(b.len());
    if longest == 0 {
        return 1.0;
    }
    1.0 - distance(&a, &b) as f32 / longest as f32
}

/// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
fn distance(a: &[char], b: &[char]) -> usize {
    let width = b.len() + 1;
    let mut prev2 = vec![0usize; width];
    let mut prev: Vec<usize> = (0..width).collect();
    let mut cur = vec![0usize; width];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(prev2[j - 2] + 1);
            }
            cur[j] = d;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
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
    use crate::tree::parse_document;

    #[test]
    fn similarity_table() {
        let cases = [
            ("kitten", "sitting", 1.0 - 3.0 / 7.0),
            ("ab", "ba", 0.5),
            ("", "", 1.0),
            ("readme", "redme", 1.0 - 1.0 / 6.0),
        ];
        for (a, b, want) in cases {
            assert!((similarity(a, b) - want).abs() < 1e-6, "{a} {b}");
        }
    }

    #[test]
    fn token_matches() {
        assert_eq!(token_similarity("install", "install"), 1.0);
        assert!(token_similarity("install", "installation") > 0.8);
        assert!(token_similarity("instalation", "installation") > 0.9);
        assert_eq!(token_similarity("cat", "dog"), 0.0);
        assert_eq!(
            token_similarity("in", "installation"),
            0.0,
            "short prefixes are noise"
        );
    }

    const DOC: &str = "# mdsel\n\nA tool.\n\n## Installation Guide\n\nRun the installer.\n\n```sh\nnpm install -g mdsel\n```\n\n## Usage\n\nCall it.\n";

    fn hits(query: &str) -> Vec<(String, f32)> {
        let d = parse_document(crate::source::Source::new("README.md", DOC));
        let docs = [d];
        search(&docs, query, 10)
            .into_iter()
            .map(|h| (crate::selector::canonical(&docs[0], h.node), h.score))
            .collect()
    }

    #[test]
    fn typos_case_and_order_still_find_the_heading_first() {
        for q in [
            "Instalation",
            "install guide",
            "GUIDE installation",
            "installation",
            "instal gide",
        ] {
            let got = hits(q);
            assert_eq!(
                got.first().map(|h| h.0.as_str()),
                Some("h2.0"),
                "{q}: {got:?}"
            );
        }
        let got = hits("instalation");
        assert!((got[0].1 - 11.0 / 12.0).abs() < 1e-6, "{got:?}");
        let got = hits("install");
        assert_eq!(
            got[0].0, "h2.0",
            "a title prefix outranks a body word: {got:?}"
        );
        assert!(
            got.iter().any(|h| h.0 == "code.0"),
            "body text is searched too: {got:?}"
        );
        assert!(hits("zzzz qqqq").is_empty());
    }

    #[test]
    fn previews_fit_in_one_line() {
        assert_eq!(preview("a\n  b\tc", 100), "a b c");
        assert_eq!(preview("alpha beta gamma", 11), "alpha beta…");
        assert_eq!(preview(&"x".repeat(200), 10).chars().count(), 10);
    }
}
