//! Search: a small search engine over the loaded documents, built per call.
//!
//! The stages, each its own file: `terms` cuts text into tokens (case folded,
//! identifiers whole and split, CJK bigrams) by the character classes of `chars`;
//! `query` parses the query (words by their English stem, `stem`) and `matcher`
//! finds its terms in tokens; `scan` reads one document into per-unit term
//! counts (numbers only); `rank` scores every unit with BM25F once all documents
//! are in; `hit` names and previews the best units from their documents. `fuzzy`
//! holds the edit similarity that typo tolerance and every "did you mean" share.
//!
//! Documents enter one at a time and leave nothing behind but counts, so only the
//! documents of the final hits are needed again after ranking: the caller feeds
//! [`scan`]s to an [`Accumulator`] as documents stream past, ranks, and hands
//! [`hits`] a way to get the few documents it names back ([`Documents`]).

mod chars;
mod hit;
mod matcher;
mod page;
mod passage;
mod place;
mod query;
mod rank;
mod scan;
mod skip;
mod stem;
mod tally;
mod terms;
#[cfg(test)]
mod textbook;
mod units;

pub use hit::SearchHit;
pub(crate) use hit::preview;
pub(crate) use place::Documents;
pub(crate) use query::Query;
pub(crate) use rank::{Accumulator, Ranking};
pub(crate) use scan::{DocScan, Scanning, scan};
pub(crate) use units::by_blocks;

use std::collections::HashMap;

/// Hits on a search's first page scoring under this share of its best hit
/// are not shown there (docs/search.md, "Search"); the last line counts
/// them, and `--offset` shows them.
pub(crate) const TELLING: f32 = 0.6;

/// How many units of a ranking score high enough to be hits and could be
/// shown as hits of their own: not inside a better unit's section, nor a copy
/// of a better unit in another document (copies are named beside it).
pub(crate) fn matching(ranking: &Ranking) -> usize {
    let mut copies: HashMap<u64, usize> = HashMap::new();
    let mut shown = Shown::default();
    let mut count = 0;
    for c in ranking.above_floor() {
        if copies.get(&c.digest).is_some_and(|&d| d != c.doc) || !shown.add(c) {
            continue;
        }
        copies.entry(c.digest).or_insert(c.doc);
        count += 1;
    }
    count
}

/// A document holding hits, as `--files` and `--count` list it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FileTally {
    /// Index of the document.
    pub doc: usize,
    /// Its hits (units not inside a better unit's section; copies count in
    /// each document that holds them).
    pub hits: usize,
    /// Its best candidate, by index in the ranking.
    pub best: usize,
}

/// The documents holding hits, the one with the best hit first.
pub(crate) fn files(ranking: &Ranking) -> Vec<FileTally> {
    let mut shown = Shown::default();
    let mut out: Vec<FileTally> = Vec::new();
    let mut at: HashMap<usize, usize> = HashMap::new();
    for (i, c) in ranking.above_floor().enumerate() {
        if !shown.add(c) {
            continue;
        }
        match at.get(&c.doc) {
            Some(&k) => out[k].hits += 1,
            None => {
                at.insert(c.doc, out.len());
                out.push(FileTally {
                    doc: c.doc,
                    hits: 1,
                    best: i,
                });
            }
        }
    }
    out
}

/// The spans of the units counted so far, per document: merged and in order.
#[derive(Default)]
struct Shown {
    spans: HashMap<usize, Vec<std::ops::Range<usize>>>,
}

impl Shown {
    /// Counts a candidate's unit, with its subsections: whether it was not
    /// inside one counted before.
    fn add(&mut self, c: &rank::Candidate) -> bool {
        let spans = self.spans.entry(c.doc).or_default();
        let at = spans.partition_point(|s| s.end <= c.start);
        if spans.get(at).is_some_and(|s| s.start <= c.start) {
            return false;
        }
        let mut span = c.start..c.end.max(c.start + 1);
        let mut to = at;
        while to < spans.len() && spans[to].start < span.end {
            span.end = span.end.max(spans[to].end);
            to += 1;
        }
        spans.splice(at..to, [span]);
        true
    }
}

/// The hits of a ranking: hits number `offset` to `offset + limit` (at most)
/// of the distinct hits, best first, none nested in another. Sections over
/// `max_words` words are named by their best block. A candidate whose
/// document is gone, or no longer has the unit (changed since its scan), is
/// skipped. The first page (`offset` 0) leaves out hits far below the best
/// ([`TELLING`]), unless `asked` for more hits than the default: asking for
/// a few is asking to read less, and asking for many is asking for a list.
///
/// Copies (the same text in other documents: a page's versions) are one hit,
/// naming the others in `copies`; near copies wait behind new results, at
/// [`NEAR_COPY`] of their score for each hit they repeat.
pub(crate) fn hits(
    ranking: &Ranking,
    query: &Query,
    offset: usize,
    (limit, asked): (usize, bool),
    max_words: usize,
    docs: &mut impl Documents,
) -> Vec<SearchHit> {
    let mut hits = place::placed(
        ranking,
        query,
        offset.saturating_add(limit),
        max_words,
        docs,
    );
    if offset == 0 && !(asked && limit > crate::options::DEFAULT_LIMIT) {
        let top = hits.first().map_or(0.0, |h| h.score);
        let telling = hits.iter().take_while(|h| h.score >= top * TELLING).count();
        hits.truncate(telling.max(1));
    }
    hits.drain(..offset.min(hits.len()));
    hits
}

/// Searches documents already in memory for `text` (what the streamed search
/// of `run` does, in one call).
#[cfg(test)]
pub(crate) fn search(
    docs: &[crate::tree::Document],
    text: &str,
    limit: usize,
    max_words: usize,
    threads: usize,
) -> Vec<SearchHit> {
    use std::ops::ControlFlow;
    let query = Query::new(text);
    if query.terms.is_empty() || limit == 0 {
        return Vec::new();
    }
    let mut acc = Accumulator::new(&query);
    let mut i = 0;
    crate::ordered::for_each_ordered_with(
        docs.iter().collect(),
        threads,
        || Scanning::new(&query),
        |scanning, doc| scan(doc, &query, scanning, max_words),
        |s| {
            acc.add(i, s);
            i += 1;
            ControlFlow::Continue(())
        },
    );
    place::placed(&acc.rank(), &query, limit, max_words, &mut { docs })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{Document, parse_document};

    fn docs(texts: &[&str]) -> Vec<Document> {
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| parse_document(crate::source::Source::new(format!("d{i}.md"), *t)))
            .collect()
    }

    /// `(namespace::selector, score)` of every hit.
    fn hits(docs: &[Document], query: &str) -> Vec<(String, f32)> {
        search(docs, query, 10, 2000, 1)
            .into_iter()
            .map(|h| {
                let doc = &docs[h.doc];
                let sel = crate::selector::canonical(doc, h.node);
                (format!("{}::{sel}", doc.namespace()), h.score)
            })
            .collect()
    }

    fn first(docs: &[Document], query: &str) -> String {
        hits(docs, query)
            .first()
            .map(|h| h.0.clone())
            .unwrap_or_default()
    }

    const GUIDE: &str = "# mdsel\n\nA tool.\n\n## Installation Guide\n\nRun the installer.\n\n```sh\nnpm install -g mdsel\n```\n\n## Usage\n\nCall it.\n";

    #[test]
    fn typos_case_and_order_still_find_the_heading_first() {
        let d = docs(&[GUIDE]);
        for q in [
            "Instalation",
            "install guide",
            "GUIDE installation",
            "installing",
            "instal gide",
        ] {
            assert_eq!(first(&d, q), "d0::h2.0", "{q}: {:?}", hits(&d, q));
        }
        assert!(hits(&d, "zzzz qqqq").is_empty());
    }

    /// Issue 49 (G14): text and query meet whatever compatibility form each
    /// is written in: ligatures, fullwidth letters, the Kelvin sign, `ß`.
    #[test]
    fn compatibility_forms_and_sharp_s_fold_as_a_reader_reads_them() {
        let d = docs(&[
            "# A\n\n## Notes\n\nThe con\u{FB01}g \u{FB01}le lives here.\n",
            "# B\n\n## Notes\n\nSet FULL mode.\n",
            "# C\n\n## Notes\n\nTemperatures in \u{212A}elvin.\n",
            "# D\n\n## Notes\n\nThe Gro\u{DF}e Stra\u{DF}e.\n",
        ]);
        for (q, want) in [
            ("config file", "d0::"),
            ("\u{FF46}\u{FF55}\u{FF4C}\u{FF4C}", "d1::"),
            ("kelvin", "d2::"),
            ("GROSSE STRASSE", "d3::"),
            ("\"grosse strasse\"", "d3::"),
        ] {
            let found = hits(&d, q);
            assert!(
                found.first().is_some_and(|h| h.0.starts_with(want)),
                "{q}: {found:?}"
            );
        }
    }

    #[test]
    fn a_title_match_outranks_a_body_match() {
        // The body says `borrow` twice in fewer words than the title's section.
        let d = docs(&[
            "## Other notes here\n\nborrow, borrow.\n\n## Borrowing rules\n\nReferences must be valid.\n",
        ]);
        assert_eq!(
            first(&d, "borrowing"),
            "d0::h2.1",
            "{:?}",
            hits(&d, "borrowing")
        );
    }

    #[test]
    fn rare_terms_outrank_common_ones() {
        let common = "## Rust\n\nrust rust\n\n";
        let text = format!(
            "{}## A\n\nrust program\n\n## B\n\nlifetime elision\n",
            common.repeat(8)
        );
        let d = docs(&[&text]);
        let got = hits(&d, "rust lifetime");
        assert!(got[0].0.ends_with("h2.9"), "{got:?}");
    }

    #[test]
    fn all_terms_beat_partial_matches() {
        // `beta` is common, so without the bonus four `alpha`s would win.
        let common = "## Other\n\nbeta and more.\n\n".repeat(6);
        let text = format!(
            "## A\n\nalpha alpha alpha alpha alpha alpha.\n\n## B\n\nalpha beta words here.\n\n{common}"
        );
        let d = docs(&[&text]);
        assert_eq!(
            first(&d, "alpha beta"),
            "d0::h2.1",
            "{:?}",
            hits(&d, "alpha beta")
        );
    }

    #[test]
    fn a_phrase_beats_scattered_terms() {
        let d = docs(&["## A\n\nchecker then borrow kind.\n\n## B\n\nthe borrow checker kind.\n"]);
        assert_eq!(
            first(&d, "borrow checker"),
            "d0::h2.1",
            "{:?}",
            hits(&d, "borrow checker")
        );
    }

    /// A word near a term that occurs (`cut` for `cat`) is judged only while
    /// the term has not been found, so a phrase it makes must not count: the
    /// score may not depend on which document came first.
    #[test]
    fn a_phrase_does_not_depend_on_which_document_came_first() {
        let near = "## Notes\n\nwrap cut here, and more words.\n";
        let term = "## Pets\n\na cat and a dog.\n";
        let score = |texts: &[&str]| {
            let d = docs(texts);
            let k = texts.iter().position(|t| *t == near).unwrap();
            let got = hits(&d, "wrap cat");
            got.iter()
                .find(|h| h.0.starts_with(&format!("d{k}::")))
                .map(|h| h.1)
                .unwrap_or_else(|| panic!("{got:?}"))
        };
        assert_eq!(score(&[near, term]), score(&[term, near]));
    }

    #[test]
    fn typos_find_the_word_they_miss() {
        let d =
            docs(&["## Ownership\n\nEach value has an owner.\n\n## Traits\n\nShared behaviour.\n"]);
        assert_eq!(first(&d, "ownreship"), "d0::h2.0");
        assert_eq!(first(&d, "behavoir"), "d0::h2.1");
    }

    #[test]
    fn identifiers_versions_and_cjk_are_found_as_typed() {
        let d = docs(&[
            "## Options\n\nUse `--concurrent-fragments` to download faster.\n\n## Types\n\n`Rc<T>` counts references; `snake_case` names; `camelCase` too.\n\n## Release 1.7.0\n\nFixed.\n\n## 所有权\n\n所有权规则很重要。\n",
        ]);
        assert_eq!(first(&d, "--concurrent-fragments"), "d0::h2.0");
        assert_eq!(first(&d, "concurrent fragments"), "d0::h2.0");
        assert_eq!(first(&d, "Rc<T>"), "d0::h2.1");
        assert_eq!(first(&d, "snake_case"), "d0::h2.1");
        assert_eq!(first(&d, "camel case"), "d0::h2.1");
        assert_eq!(first(&d, "1.7.0"), "d0::h2.2");
        assert_eq!(first(&d, "所有权规则"), "d0::h2.3");
    }

    #[test]
    fn hits_are_never_nested_and_several_come_from_one_file() {
        let d = docs(&[
            "# Cache\n\ncache intro\n\n## Cache size\n\ncache size\n\n## Cache keys\n\ncache keys\n",
            "## cache\n\ncache\n",
        ]);
        let got = search(&d, "cache", 10, 2000, 1);
        assert!(got.len() >= 2, "{got:?}");
        for (i, a) in got.iter().enumerate() {
            for b in &got[i + 1..] {
                let (sa, sb) = (&d[a.doc].node(a.node).span, &d[b.doc].node(b.node).span);
                assert!(
                    a.doc != b.doc || sa.end <= sb.start || sb.end <= sa.start,
                    "{a:?} {b:?}"
                );
            }
        }
        let d = docs(&["## One\n\nalpha\n\n## Two\n\nalpha beta\n"]);
        assert_eq!(
            hits(&d, "alpha").len(),
            2,
            "two distinct sections of one file"
        );
    }

    #[test]
    fn scores_are_shares_of_a_perfect_match() {
        let d = docs(&[GUIDE, "## Usage notes\n\nusage usage usage\n"]);
        for q in ["usage", "install guide", "mdsel", "call"] {
            let got = hits(&d, q);
            assert!(got.iter().all(|h| h.1 > 0.0 && h.1 <= 1.0), "{q}: {got:?}");
            assert!(got.windows(2).all(|w| w[0].1 >= w[1].1), "{q}: {got:?}");
        }
        assert!(
            hits(&d, "call")[0].1 < 0.9,
            "a body word alone is no perfect match"
        );
    }

    #[test]
    fn an_over_budget_section_is_named_by_its_best_block() {
        let filler = "word ".repeat(30);
        let text = format!("## Big\n\n{filler}\n\n{filler} needle\n\n{filler}\n");
        let d = docs(&[&text]);
        let got = search(&d, "needle", 10, 40, 1);
        assert_eq!(crate::selector::canonical(&d[0], got[0].node), "para.1");
        assert_eq!(got[0].path, ["Big"]);
        let got = search(&d, "needle", 10, 2000, 1);
        assert_eq!(crate::selector::canonical(&d[0], got[0].node), "h2.0");
    }
}
