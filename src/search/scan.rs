//! One document's contribution to a search: its units, their field lengths, and
//! how often each query term occurs in each field — numbers only, no text.
//!
//! A unit is a section's own text (its heading up to the next heading of any
//! level), the front matter, or the preamble; a document without headings is cut
//! into its document-level blocks instead. Each unit has three fields: its title,
//! its path (the file name and the titles of the sections around it) and its body.
//! Units where no query term occurs are only counted; the others keep their
//! counts, so a scan's size grows with the matches, not with the document.

use std::ops::Range;

use super::chars::is_cjk;
use super::matcher::{Found, Matcher};
use super::page::{digest, page_weight, twins};
use super::query::Query;
use super::skip::{Skimmer, word_runs};
use super::tally::{Match, Tally, bump};
use super::terms::{Token, TokenKind, Tokenizer};
use super::units::{Unit, units};
use crate::lanes;
use crate::tree::{Document, NodeId, TitleSource};

/// Counts of one term in the three fields of a unit: title, path, body (the
/// order of every per-field array), in quarters of an occurrence (see [`UNIT`]).
pub(crate) type Counts = [u16; 3];

/// What one occurrence of a term as the query typed it counts: a word in one of
/// the query's own forms, a whole identifier, a gram, a symbol, or a near word
/// standing in for a typo.
pub(crate) const UNIT: u16 = 4;

/// What another word of a query word's stem counts (`callout` for `callouts`,
/// `configured` for `configuration`): it shares the subject, but the word the
/// query typed names it more surely, so a heading that has it outranks one that
/// has its kin.
const STEMMED: u16 = 3;

/// A unit where some query term occurs.
#[derive(Clone, Debug)]
pub(crate) struct UnitScan {
    /// The section, front matter, preamble or block.
    pub(crate) node: NodeId,
    /// Where it starts in the text (to order ties).
    pub(crate) start: usize,
    /// Where its node ends: a section's subsections lie inside it.
    pub(crate) end: usize,
    /// Tokens per field.
    pub(crate) lens: [u32; 3],
    /// Its term counts, a range of [`DocScan::tf`].
    pub(crate) tf: Range<u32>,
    /// Where the whole query occurs as a phrase in its title or body: for
    /// each such place, the query terms it matched by a near word that does
    /// not start as the term's words do (none: it needs no such word),
    /// distinct. Whether such a word is judged at all depends on when its
    /// term was first found, so its phrase counts only if the term occurs
    /// nowhere, when every such word is judged. (Title and body may repeat one.)
    pub(crate) phrase: Vec<u64>,
    /// A digest of its text, heading included: units with the same one are
    /// copies (a page's versions).
    pub(crate) digest: u64,
    /// A digest of its document's title and its own title: units with the same
    /// one and other text are near copies (a changed line).
    pub(crate) key: u64,
    /// Whether it is the front matter.
    pub(crate) front: bool,
    /// Its place among its document's units: the same in parallel pages
    /// ([`DocScan::twins`]).
    pub(crate) place: u32,
}

/// A word of the text within a few edits of a query word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Near {
    /// The query term.
    pub(crate) term: u32,
    /// Edits apart.
    pub(crate) edits: u8,
    /// The word as it occurs (lowercase).
    pub(crate) word: Box<str>,
}

/// What one document adds to a search. Term ids are the query's term indices,
/// then `query.terms.len() + i` for `near[i]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct DocScan {
    /// Units in the document.
    pub(crate) units: u32,
    /// Sum of field lengths over all units.
    pub(crate) len_sum: [u64; 3],
    /// Units with a non-empty field.
    pub(crate) len_count: [u32; 3],
    /// Units in which each term occurs, by term id.
    pub(crate) df: Vec<u32>,
    /// Words near query words, in order of first occurrence.
    pub(crate) near: Vec<Near>,
    /// Units where a term occurs, in document order.
    pub(crate) matched: Vec<UnitScan>,
    /// Term counts of matched units: (term id, counts).
    pub(crate) tf: Vec<(u32, Counts)>,
    /// What the document's units are worth beside other pages' (see
    /// [`page_weight`]); set only when a unit matched.
    pub(crate) weight: f32,
    /// What a parallel page shares with it (see [`twins`]); set only when a
    /// unit matched.
    pub(crate) twins: Vec<u64>,
}

/// What one thread carries from one document's scan to the next: the matcher
/// (its memory of words already judged), once the query's typos are settled
/// the skimmer, and the tokenizers' buffers.
pub(crate) struct Scanning<'q> {
    pub(crate) matcher: Matcher<'q>,
    skimmer: Option<Skimmer>,
    /// For titles and paths.
    headings: Tokenizer,
    /// For bodies read whole.
    bodies: Tokenizer,
}

impl<'q> Scanning<'q> {
    pub(crate) fn new(query: &'q Query) -> Scanning<'q> {
        Scanning {
            matcher: Matcher::new(query),
            skimmer: None,
            headings: Tokenizer::default(),
            bodies: Tokenizer::default(),
        }
    }
}

/// Scans one document for a query, with what this thread kept from the
/// documents it scanned before: once typos are settled, bodies are skimmed
/// (with every body read instead, see [`read_all`], the result is the same).
pub(crate) fn scan<'q>(
    doc: &Document,
    query: &'q Query,
    scanning: &mut Scanning<'q>,
    max_words: usize,
) -> DocScan {
    scan_as(doc, query, scanning, max_words, true)
}

/// Every body read, none skimmed.
#[cfg(test)]
fn read_all<'q>(
    doc: &Document,
    query: &'q Query,
    scanning: &mut Scanning<'q>,
    max_words: usize,
) -> DocScan {
    scan_as(doc, query, scanning, max_words, false)
}

fn scan_as<'q>(
    doc: &Document,
    query: &'q Query,
    scanning: &mut Scanning<'q>,
    max_words: usize,
    skim: bool,
) -> DocScan {
    let Scanning {
        matcher,
        skimmer,
        headings,
        bodies: tokenizer,
    } = scanning;
    headings.refilter(query.filter());
    let mut s = Scanner {
        query,
        matcher,
        near_ids: foldhash::HashMap::default(),
        out: DocScan {
            df: vec![0; query.terms.len()],
            ..DocScan::default()
        },
        tokenizer: std::mem::take(headings),
        stop_only: !query.has_content(),
        literal: true,
    };
    let units = units(doc, max_words);
    // A unit's path is its document's name and title (docs/output.md, "Titles": the title
    // weighs for every unit as a top section's would), then its sections'.
    // The name and the title mostly say the same thing (`localization.md`,
    // titled `localization`): a word in both counts once, as in either.
    let mut file = s.tally_text(doc.namespace());
    if doc.title_source() != TitleSource::Heading {
        file.either(&s.tally_text(doc.doc_title()));
    }
    let (titles, paths) = s.headings(doc, &file);
    let mut body = Tally::default();
    tokenizer.refilter(query.filter());
    let search_text = doc.search_text();
    for (place, u) in units.iter().enumerate() {
        body.reset();
        // Typos settle as terms are found, in this document or another thread's:
        // from then on, bodies may be skimmed and fewer words need a look.
        if skim && skimmer.is_none() {
            *skimmer = Skimmer::new(query);
            if skimmer.is_some() {
                tokenizer.refilter(query.filter());
            }
        }
        let (title, path) = match u.section {
            Some(k) => (Some(&titles[k]), &paths[k]),
            None => (None, &file),
        };
        let text = &search_text[u.body..u.span.end];
        // A unit whose title or path holds a content term is kept, so every
        // stop word in its body counts.
        let kept = [Some(path), title]
            .into_iter()
            .flatten()
            .any(|t| keeps(query, s.stop_only, &t.hits));
        s.count_body(text, u.body, kept, skimmer, tokenizer, &mut body);
        query.symbols_in(text, |term, _| bump(&mut body.hits, term, UNIT));
        s.literal = query.holds_literals(&doc.text()[u.span.clone()]);
        s.finish(u, place as u32, title, path, &body, || {
            let own = match u.section {
                Some(_) => doc.title(u.node),
                None => "",
            };
            (
                digest(&[doc.text()[u.span.clone()].as_bytes()]),
                digest(&[doc.doc_title().as_bytes(), &[0xff], own.as_bytes()]),
            )
        });
    }
    if !s.out.matched.is_empty() {
        s.out.weight = page_weight(doc.path());
        s.out.twins = twins(doc);
    }
    *headings = s.tokenizer;
    s.out
}

/// Whether some of these hits keep their unit: stop words alone do not make
/// a match, unless the query is nothing else.
fn keeps<T: Copy>(query: &Query, stop_only: bool, hits: &[(u32, T)]) -> bool {
    let terms = &query.terms;
    (hits.iter()).any(|&(id, _)| stop_only || terms.get(id as usize).is_none_or(|t| !t.stop))
}

/// The grams of text written without spaces in `text`, as the tokenizer cuts
/// them: a run of such characters gives one for each pair, or one if alone.
fn grams(text: &str) -> u32 {
    // (`is_ascii` reads a word at a time: most bodies are ASCII.)
    if text.is_ascii() {
        return 0;
    }
    let (mut grams, mut run) = (0, 0u32);
    let mut end_run = |run: &mut u32| {
        if *run > 0 {
            grams += (*run - 1).max(1);
            *run = 0;
        }
    };
    // Every such character is encoded from byte 0xE3 on, which is always a
    // character's first byte: only those are decoded, and text skipped between
    // two of them holds some other character, which ends a run.
    let mut at = 0;
    while let Some(lead) = next_from_e3(text.as_bytes(), at) {
        if lead > at {
            end_run(&mut run);
        }
        let c = text[lead..]
            .chars()
            .next()
            .expect("a character starts here");
        if is_cjk(c) {
            run += 1;
        } else {
            end_run(&mut run);
        }
        at = lead + c.len_utf8();
    }
    end_run(&mut run);
    grams
}

/// The first byte from 0xE3 on at or after `from`, eight at a time.
fn next_from_e3(bytes: &[u8], mut from: usize) -> Option<usize> {
    while from < bytes.len() {
        let lanes = lanes::from_e3(lanes::load(bytes, from));
        if lanes != 0 {
            return Some(from + (lanes.trailing_zeros() / 8) as usize);
        }
        from += 8;
    }
    None
}

struct Scanner<'q, 'm> {
    query: &'q Query,
    matcher: &'m mut Matcher<'q>,
    near_ids: foldhash::HashMap<Box<str>, u32>,
    out: DocScan,
    tokenizer: Tokenizer,
    stop_only: bool,
    /// The unit being finished holds the query's quoted phrases;
    /// one that does not counts for the statistics but is no match.
    literal: bool,
}

impl Scanner<'_, '_> {
    /// What a token that matches is to the query.
    fn find(&mut self, token: &Token<'_>) -> Option<Match> {
        let found = self.matcher.find(token)?;
        Some(self.matched(token, found))
    }

    /// What a token the matcher found is to the unit.
    fn matched(&mut self, token: &Token<'_>, found: Found) -> Match {
        match found {
            Found::Term(t) => Match {
                id: t,
                term: t,
                worth: if self.query.terms[t as usize].typed(token.text) {
                    UNIT
                } else {
                    STEMMED
                },
            },
            Found::Near { term, edits } => {
                let id = match self.near_ids.get(token.text) {
                    Some(&id) => id,
                    None => {
                        let id = (self.query.terms.len() + self.out.near.len()) as u32;
                        self.out.near.push(Near {
                            term,
                            edits,
                            word: token.text.into(),
                        });
                        self.out.df.push(0);
                        self.near_ids.insert(token.text.into(), id);
                        id
                    }
                };
                Match {
                    id,
                    term,
                    worth: UNIT,
                }
            }
        }
    }

    /// Counts a unit's body (`text`, from `base` in the document): skimmed
    /// when the skimmer can, else read whole; the counts are the same.
    fn count_body(
        &mut self,
        text: &str,
        base: usize,
        kept: bool,
        skimmer: &mut Option<Skimmer>,
        tokenizer: &mut Tokenizer,
        body: &mut Tally,
    ) {
        let query = self.query;
        let skimmed =
            (skimmer.as_mut()).is_some_and(|skim| skim.skim(text, base, self.matcher, kept));
        // A body's length: its runs of letters and digits, plus its grams where
        // text has no spaces; the same whether it is read or skipped.
        body.len = skimmer
            .as_ref()
            .map_or_else(|| word_runs(text.as_bytes()), Skimmer::runs);
        match &skimmer {
            Some(skim) if skimmed => {
                body.len += grams(text);
                for (token, found) in skim.tokens() {
                    let found = self.matched(&token, found);
                    body.add(&token, Some(found), query);
                }
            }
            _ => tokenizer.run(text, base, |token| {
                body.len += u32::from(token.kind == TokenKind::Gram);
                let found = self.find(token);
                body.add(token, found, query);
            }),
        }
    }

    fn tally_text(&mut self, text: &str) -> Tally {
        let mut tally = Tally::default();
        let mut tokenizer = std::mem::take(&mut self.tokenizer);
        tokenizer.reset();
        let query = self.query;
        tokenizer.run(text, 0, |t| {
            let found = self.find(t);
            tally.add(t, found, query);
        });
        self.query
            .symbols_in(text, |term, _| bump(&mut tally.hits, term, UNIT));
        tally.len = tokenizer.position();
        self.tokenizer = tokenizer;
        tally
    }

    /// Each section's title counts, and its path counts (file name and the titles
    /// of the sections around it).
    fn headings(&mut self, doc: &Document, file: &Tally) -> (Vec<Tally>, Vec<Tally>) {
        let sections = doc.sections();
        let mut titles = Vec::with_capacity(sections.len());
        let mut paths: Vec<Tally> = Vec::with_capacity(sections.len());
        for (k, &id) in sections.iter().enumerate() {
            titles.push(self.tally_text(doc.title(id)));
            let parent = doc.node(id).parent.and_then(|p| doc.section_index(p));
            let path = match parent.filter(|&p| p < k) {
                Some(p) => {
                    let mut path = paths[p].counts();
                    path.append(&titles[p]);
                    path
                }
                None => file.counts(),
            };
            paths.push(path);
        }
        (titles, paths)
    }

    /// Records a unit: always its lengths; its counts when a term occurs.
    fn finish(
        &mut self,
        unit: &Unit,
        place: u32,
        title: Option<&Tally>,
        path: &Tally,
        body: &Tally,
        digests: impl FnOnce() -> (u64, u64),
    ) {
        let out = &mut self.out;
        out.units += 1;
        let lens = [title.map_or(0, |t| t.len), path.len, body.len];
        for (f, &len) in lens.iter().enumerate() {
            out.len_sum[f] += u64::from(len);
            out.len_count[f] += u32::from(len > 0);
        }
        let from = out.tf.len();
        let fields = [
            title.map_or(&[][..], |t| &t.hits[..]),
            &path.hits,
            &body.hits,
        ];
        for (f, hits) in fields.into_iter().enumerate() {
            for &(id, n) in hits {
                match out.tf[from..].iter_mut().find(|(t, _)| *t == id) {
                    Some((_, counts)) => counts[f] = n,
                    None => {
                        let mut counts = [0; 3];
                        counts[f] = n;
                        out.tf.push((id, counts));
                    }
                }
            }
        }
        for &(id, _) in &out.tf[from..] {
            out.df[id as usize] += 1;
        }
        let keep = self.literal && keeps(self.query, self.stop_only, &out.tf[from..]);
        if keep {
            let (digest, key) = digests();
            out.matched.push(UnitScan {
                digest,
                key,
                front: unit.front,
                place,
                node: unit.node,
                start: unit.span.start,
                end: unit.end,
                lens,
                tf: from as u32..out.tf.len() as u32,
                phrase: (body.phrase.iter())
                    .chain(title.map_or(&[][..], |t| &t.phrase))
                    .copied()
                    .collect(),
            });
        } else {
            out.tf.truncate(from);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Source;
    use crate::tree::parse_document;
    use proptest::prelude::*;

    /// Skimming counts exactly what reading every body counts: over the
    /// project's own documents and text made to trip it (identifiers, humps,
    /// apostrophes, phrases across chunks and joiners), for many queries.
    #[test]
    fn skimming_counts_what_reading_counts() {
        let tricky = "## Borrow checker\n\nThe borrow-checker, borrow (checker) and \
            borrowChecker; BorrowChecker's rules: don't borrow' checker -- borrow checker.\n\
            `Rc<T>` counts; rc<t> and snake_case_name, SNAKE_case, 1.7.0 or v1.7.0-beta.\n\
            The the THE then, a a.b a-b, how to install; install-guide installing.\n\
            \n## Beyond ASCII\n\nborrow—checker, borrow’s checker; naïve borrow checker é borrow \
            checker 所有权 borrow checker 锈 checker “borrow” checker Ünïcode-borrow checker.\n";
        let mut texts = vec![tricky.to_owned()];
        for file in ["README.md", "ARCHITECTURE.md", "BENCHMARKS.md"] {
            texts.push(std::fs::read_to_string(file).unwrap());
        }
        let docs: Vec<Document> = texts
            .into_iter()
            .map(|t| parse_document(Source::new("doc.md", t)))
            .collect();
        let queries = [
            "borrow checker",
            "the borrow checker",
            "Rc<T> counts",
            "snake_case name",
            "1.7.0",
            "how to install",
            "what is the budget of a page",
            "install guide",
            "budget words page",
            "mdsel select selector",
            "don't",
            "a b",
            "search ranking bm25",
            "json output format",
            "zzzz qqqq",
            "naive borrow",
            "所有权 borrow",
        ];
        for text in queries {
            let query = Query::new(text);
            let mut scanning = Scanning::new(&query);
            // Find every term once, so typos are settled and skimming is allowed.
            for doc in &docs {
                read_all(doc, &query, &mut scanning, 2000);
            }
            // One skimmer for every document, as a thread keeps it.
            for doc in &docs {
                let read = read_all(doc, &query, &mut scanning, 2000);
                let skimmed = scan(doc, &query, &mut scanning, 2000);
                assert_eq!(format!("{skimmed:?}"), format!("{read:?}"), "{text}");
            }
        }
    }

    /// Words that trip a fast path: identifiers split and kept whole, humps,
    /// apostrophes of both kinds, dotted versions, stems and their forms,
    /// typos, stop words, letters beyond ASCII and text without spaces.
    const WORDS: [&str; 30] = [
        "borrow",
        "checker",
        "borrowChecker",
        "borrow-checker",
        "Borrow_Checker",
        "snake_case",
        "Rc<T>",
        "1.7.0",
        "v1.7.0-beta",
        "don't",
        "don’t",
        "所有权",
        "锈所有",
        "한국어。ｶﾀｶﾅ",
        "…あ",
        "install",
        "installing",
        "instal",
        "installation",
        "the",
        "a",
        "how",
        "naïve",
        "naive",
        "Ünïcode",
        "borow",
        "chekcer",
        "zzzz",
        "page.1",
        "x",
    ];
    /// What may stand between two words of a body.
    const GLUE: [&str; 8] = [" ", ", ", "\n", " -- ", "—", " `", "` ", "\n\n"];

    fn words(max: usize) -> impl Strategy<Value = Vec<(usize, usize)>> {
        prop::collection::vec((0..WORDS.len(), 0..GLUE.len()), 1..max)
    }

    fn joined(picks: &[(usize, usize)]) -> String {
        let mut out = String::new();
        for &(w, g) in picks {
            out.push_str(WORDS[w]);
            out.push_str(GLUE[g]);
        }
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// The fast path equals reading every body: random sections of tricky
        /// words against random queries of the same words (some quoted as a
        /// phrase), skimmed and read, count alike.
        #[test]
        fn skimming_counts_what_reading_counts_on_random_texts(
            sections in prop::collection::vec((words(4), words(40)), 1..5),
            query in words(4),
            quoted in any::<bool>(),
        ) {
            let mut text = String::new();
            for (title, body) in &sections {
                text.push_str("## ");
                text.push_str(&joined(title).replace('\n', " "));
                text.push_str("\n\n");
                text.push_str(&joined(body));
                text.push_str("\n\n");
            }
            let doc = parse_document(Source::new("doc.md", text.clone()));
            let mut q: Vec<&str> = query.iter().map(|&(w, _)| WORDS[w]).collect();
            let phrase;
            if quoted && q.len() > 1 {
                phrase = format!("\"{} {}\"", q[0], q[1]);
                q.splice(0..2, [phrase.as_str()]);
            }
            let query = Query::new(&q.join(" "));
            let mut scanning = Scanning::new(&query);
            read_all(&doc, &query, &mut scanning, 2000);
            let read = read_all(&doc, &query, &mut scanning, 2000);
            let skimmed = scan(&doc, &query, &mut scanning, 2000);
            prop_assert_eq!(format!("{skimmed:?}"), format!("{read:?}"), "{:?} in {:?}", q, text);
        }
    }

    #[test]
    fn grams_are_counted_as_the_characters_give_them() {
        let by_chars = |t: &str| {
            let (mut grams, mut run) = (0, 0u32);
            for c in t.chars().chain(std::iter::once(' ')) {
                if is_cjk(c) {
                    run += 1;
                } else if run > 0 {
                    grams += (run - 1).max(1);
                    run = 0;
                }
            }
            grams
        };
        for t in [
            "",
            "plain ascii text",
            "所有权",
            "所",
            "所有。权",
            "所有 权 x",
            "所 权",
            "a所b有c",
            "前置き…あいう",
            "한국어 テキスト ｶﾀｶﾅ 𠀀𠀁",
            "naïve—所有权—é",
            "12345678所有权12345678所",
            "。、「」",
        ] {
            assert_eq!(grams(t), by_chars(t), "{t}");
        }
    }

    #[test]
    fn word_runs_are_runs_of_letters_digits_and_bytes_beyond_ascii() {
        let slow = |t: &str| {
            let mut runs = 0;
            let mut inside = false;
            for b in t.bytes() {
                let word = b.is_ascii_alphanumeric() || b >= 0x80;
                runs += u32::from(word && !inside);
                inside = word;
            }
            runs
        };
        for t in [
            "",
            "a",
            "| --- | --- |",
            "snake_case camelCase 1.7.0",
            "don’t 所有权 x",
            "exactly8 bytes!!aaaaaaaabbbbbbbb cccccccc",
            "Zz@[`{09/:",
        ] {
            assert_eq!(word_runs(t.as_bytes()), slow(t), "{t:?}");
        }
        let text = std::fs::read_to_string("README.md").unwrap();
        assert_eq!(word_runs(text.as_bytes()), slow(&text));
        // A skimmer counts them too, whether it skims (`zz`), finds the body
        // dense with starts (`a`) at any point, or reads it whole (`所有权`).
        for q in ["zz", "a", "所有权"] {
            let query = Query::new(q);
            let mut matcher = Matcher::new(&query);
            let mut skimmer = Skimmer::new(&query).unwrap();
            for cut in (0..text.len())
                .step_by(997)
                .filter(|&c| text.is_char_boundary(c))
            {
                skimmer.skim(&text[cut..], 0, &mut matcher, false);
                assert_eq!(skimmer.runs(), slow(&text[cut..]), "{q} from {cut}");
            }
        }
    }
}
