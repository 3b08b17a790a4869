//! A textbook scorer beside the fast one: BM25F written from its definition
//! over plain word lists, with none of the counting machinery (`scan`'s tallies,
//! local and global term ids, per-document sums merged in `rank`).
//!
//! Random documents of plain words, read through the real pipeline (parse,
//! `scan` per document, one `Accumulator`), must rank every unit as this
//! reference does: the same units, in the same order, at the same scores. The
//! words are chosen so no stem, typo or identifier rule applies: what is under
//! test is the arithmetic and its plumbing, every rule of `rank.rs` written a
//! second time, plainly.

use proptest::prelude::*;

use super::query::Query;
use super::rank::{Accumulator, TITLE_OVER_BODY};
use super::scan::{Scanning, scan};
use crate::source::Source;
use crate::tree::parse_document;

/// Content words, each its own stem and many edits from every other, and
/// stop words. No file name below is near any of them.
const WORDS: [&str; 12] = [
    "apple", "bridge", "copper", "dolphin", "ember", "forest", "granite", "harbor", "the", "how",
    "of", "and",
];
const NAMES: [&str; 4] = ["notes", "quartz", "mystic", "velvet"];

/// The constants of BM25F as the module documents them, restated.
const K1: f64 = 1.2;
const FIELD_WEIGHT: [f64; 3] = [TITLE_OVER_BODY as f64, 2.0, 1.0];
const FIELD_B: [f64; 3] = [0.3, 0.3, 0.6];
const ALL_TERMS: f64 = 0.5;
const PHRASE: f64 = 0.25;
const STOP: f64 = 0.1;

/// One section as generated: its level, title words and body words.
#[derive(Clone, Debug)]
struct Section {
    level: usize,
    title: Vec<&'static str>,
    body: Vec<&'static str>,
}

/// One unit as the textbook sees it: its three fields as word lists.
struct Unit {
    doc: usize,
    start: usize,
    fields: [Vec<&'static str>; 3],
}

/// Writes a document and the units the textbook reads in it.
fn write(doc: usize, name: &'static str, sections: &[Section], units: &mut Vec<Unit>) -> String {
    let mut text = String::new();
    // The titles around the current section: (level, words).
    let mut around: Vec<(usize, Vec<&'static str>)> = Vec::new();
    for s in sections {
        while around.last().is_some_and(|&(level, _)| level >= s.level) {
            around.pop();
        }
        let mut path = vec![name];
        path.extend(around.iter().flat_map(|(_, t)| t.iter().copied()));
        units.push(Unit {
            doc,
            start: text.len(),
            fields: [s.title.clone(), path, s.body.clone()],
        });
        text.push_str(&"#".repeat(s.level));
        text.push(' ');
        text.push_str(&s.title.join(" "));
        text.push_str("\n\n");
        for (i, word) in s.body.iter().enumerate() {
            text.push_str(word);
            text.push_str(if i % 7 == 6 { "\n" } else { " " });
        }
        text.push_str("\n\n");
        around.push((s.level, s.title.clone()));
    }
    text
}

/// Every unit with a match, scored by the textbook: (doc, start, score), best
/// first, ties in document order.
fn textbook(units: &[Unit], words: &[&str]) -> Vec<(usize, usize, f64)> {
    // Distinct query words, in query order, and the phrase they make.
    let mut terms: Vec<&str> = Vec::new();
    for &w in words {
        if !terms.contains(&w) {
            terms.push(w);
        }
    }
    let stop: Vec<bool> = terms.iter().map(|t| super::stem::is_stop_word(t)).collect();
    let stop_only = stop.iter().all(|&s| s);
    let count = |field: &[&str], term: &str| field.iter().filter(|&&w| w == term).count() as f64;
    let n = units.len() as f64;
    let avg: [f64; 3] = std::array::from_fn(|f| {
        let non_empty: Vec<f64> = (units.iter())
            .map(|u| u.fields[f].len() as f64)
            .filter(|&l| l > 0.0)
            .collect();
        if non_empty.is_empty() {
            1.0
        } else {
            non_empty.iter().sum::<f64>() / non_empty.len() as f64
        }
    });
    let weight: Vec<f64> = (terms.iter().zip(&stop))
        .map(|(&t, &s)| {
            let df = (units.iter())
                .filter(|u| u.fields.iter().any(|f| count(f, t) > 0.0))
                .count() as f64;
            let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
            match df {
                0.0 => 0.0,
                _ if s && !stop_only => idf * STOP,
                _ => idf,
            }
        })
        .collect();
    let phrase_bonus = if words.len() >= 2 { PHRASE } else { 0.0 };
    let best = weight.iter().sum::<f64>() * (1.0 + ALL_TERMS + phrase_bonus);
    let mut out = Vec::new();
    for u in units {
        // A unit matches when it holds a content word, or any word of a query
        // of stop words only.
        let holds = |i: usize| u.fields.iter().any(|f| count(f, terms[i]) > 0.0);
        if !(0..terms.len()).any(|i| holds(i) && (stop_only || !stop[i])) {
            continue;
        }
        let mut sum = 0.0;
        for (i, &t) in terms.iter().enumerate() {
            let mut tf = 0.0;
            for f in 0..3 {
                // The path stands in for a title that lacks the word.
                if f == 1 && count(&u.fields[0], t) > 0.0 {
                    continue;
                }
                let len = u.fields[f].len() as f64;
                let norm = 1.0 - FIELD_B[f] + FIELD_B[f] * len / avg[f];
                tf += FIELD_WEIGHT[f] * count(&u.fields[f], t) / norm;
            }
            sum += weight[i] * tf / (K1 + tf);
        }
        let all = (0..terms.len())
            .filter(|&i| weight[i] > 0.0 && (stop_only || !stop[i]))
            .all(holds);
        let phrase = words.len() >= 2
            && [&u.fields[0], &u.fields[2]]
                .iter()
                .any(|f| f.windows(words.len()).any(|w| w == words));
        let bonus =
            1.0 + if all { ALL_TERMS } else { 0.0 } + if phrase { phrase_bonus } else { 0.0 };
        out.push((u.doc, u.start, (sum * bonus / best).min(1.0)));
    }
    out.sort_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(&b.0)).then(a.1.cmp(&b.1)));
    out
}

fn words(max: usize) -> impl Strategy<Value = Vec<&'static str>> {
    prop::collection::vec(prop::sample::select(&WORDS[..]), 1..max)
}

fn document() -> impl Strategy<Value = Vec<Section>> {
    let section = |levels: std::ops::RangeInclusive<usize>| {
        (
            levels,
            words(4),
            prop::collection::vec(prop::sample::select(&WORDS[..]), 0..30),
        )
            .prop_map(|(level, title, body)| Section { level, title, body })
    };
    (section(1..=1), prop::collection::vec(section(2..=4), 0..6)).prop_map(|(first, rest)| {
        let mut all = vec![first];
        all.extend(rest);
        all
    })
}

/// Ranks documents through the real pipeline and by the textbook, and
/// holds them equal.
fn rank_both(docs: &[Vec<Section>], query: &[&'static str]) -> Result<(), TestCaseError> {
    let mut units = Vec::new();
    let parsed: Vec<_> = docs
        .iter()
        .enumerate()
        .map(|(i, sections)| {
            let text = write(i, NAMES[i], sections, &mut units);
            parse_document(Source::new(format!("{}.md", NAMES[i]), text))
        })
        .collect();
    let text = query.join(" ");
    let q = Query::new(&text);
    let mut scanning = Scanning::new(&q);
    let mut acc = Accumulator::new(&q);
    for (i, doc) in parsed.iter().enumerate() {
        acc.add(i, scan(doc, &q, &mut scanning, 2000));
    }
    let ranking = acc.rank();
    let expected = textbook(&units, query);
    let got: Vec<(usize, usize, f64)> = (ranking.candidates.iter())
        .map(|c| (c.doc, c.start, f64::from(c.score)))
        .collect();
    prop_assert_eq!(
        got.len(),
        expected.len(),
        "{:?}\ngot {:?}\nexpected {:?}",
        text,
        got,
        expected
    );
    for g in &got {
        let e = expected.iter().find(|e| (e.0, e.1) == (g.0, g.1));
        prop_assert!(
            e.is_some_and(|e| (e.2 - g.2).abs() < 1e-4),
            "{:?}: got {:?}, textbook {:?}\ngot {:?}\nexpected {:?}",
            text,
            g,
            e,
            got,
            expected
        );
    }
    // Best first: with the same units at the same scores, the same order up to
    // units that tie.
    prop_assert!(got.windows(2).all(|w| w[0].2 >= w[1].2));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The real pipeline ranks random documents as the textbook does.
    #[test]
    fn ranking_is_the_textbook_bm25f(
        docs in prop::collection::vec(document(), 1..=NAMES.len()),
        query in words(5),
    ) {
        rank_both(&docs, &query)?;
    }
}

/// A phrase that repeats its own start (`apple bridge apple copper`) is found
/// where a first try at it fails part way (`apple bridge apple bridge apple
/// copper`).
#[test]
fn a_phrase_that_overlaps_itself_is_found() {
    let body = "apple bridge apple bridge apple copper the"
        .split(' ')
        .collect();
    let docs = vec![vec![
        Section {
            level: 1,
            title: vec!["ember"],
            body,
        },
        Section {
            level: 2,
            title: vec!["forest"],
            body: vec!["apple", "bridge", "copper"],
        },
    ]];
    rank_both(&docs, &["apple", "bridge", "apple", "copper"]).unwrap();
}
