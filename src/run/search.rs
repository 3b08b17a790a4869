//! `search`, streamed: each document is scanned on its worker as the walk hands
//! it over and leaves only per-section counts of the query's terms behind; once
//! every document is in, the counts are ranked and only the documents of the
//! best candidates are read again, to name and preview the hits (README, "Search").
//!
//! Memory follows the largest file, the hits and the sections where a query
//! term occurs, not the corpus. A file that changed between its scan and its
//! second reading loses its hits, with a warning, rather than showing text that
//! was not ranked; standard input, which cannot be read twice, is kept.

use std::collections::{BTreeMap, HashMap};
use std::io;

use crate::error::FailedFile;
use crate::fit::{self, HitInfo, Match};
use crate::load::{File, Need, Reopen, Walk, Work};
use crate::options::Listing;
use crate::options::Options;
use crate::report::{Event, FileHits, HitRow, Sink};
use crate::search::{self, Accumulator, DocScan, Query, Scanning, SearchHit};
use crate::selector;
use crate::source::Limits;
use crate::tree::{Document, Kind};

/// What `search` makes of each document on the thread that read it: its
/// counts of the query's terms (when `searching`). Most small documents hold
/// no match: read for their sections, they give the counts ranking needs. One
/// that holds a match, or whose units are its blocks, is read whole; so is a
/// large one, and every one where matches are common (reading a document
/// twice would cost more than it saves).
struct Scan<'q> {
    query: &'q Query,
    options: &'q Options,
    searching: bool,
    /// Which file is standard input: it cannot be read again, so its
    /// document is kept if it may hold a hit.
    stdin: Option<usize>,
}

/// One document scanned.
struct Scanned {
    file: usize,
    scan: Option<DocScan>,
    /// Its text's length at its scan.
    len: usize,
    /// The document, when it cannot be read again and may hold a hit.
    keep: Option<Document>,
}

impl<'q> Work for Scan<'q> {
    type Out = Scanned;
    type Scratch = (Scanning<'q>, Matches);
    const AGAIN: bool = true;

    fn scratch(&self) -> Self::Scratch {
        (Scanning::new(self.query), Matches::default())
    }

    fn need(&self, (_, matches): &Self::Scratch, len: usize) -> Need {
        match len <= SMALL && matches.rare() {
            true => Need::Sections,
            false => Need::Whole,
        }
    }

    fn work(
        &self,
        (scanning, matches): &mut Self::Scratch,
        file: File<'_>,
        doc: Document,
    ) -> Scanned {
        let (doc, scan) = self.scan(doc, scanning, matches);
        let len = doc.text().len();
        let matched = scan.as_ref().is_some_and(|s| !s.matched.is_empty());
        let keep = (matched && self.stdin == Some(file.index)).then_some(doc);
        Scanned {
            file: file.index,
            scan,
            len,
            keep,
        }
    }
}

impl<'q> Scan<'q> {
    /// A document's counts (when searching), the document read whole first
    /// when it was read for its sections only and holds a match.
    fn scan(
        &self,
        mut doc: Document,
        scanning: &mut Scanning<'q>,
        matches: &mut Matches,
    ) -> (Document, Option<DocScan>) {
        let max_words = self.options.max_words;
        let mut scan = None;
        if self.searching && !search::by_blocks(&doc, max_words) {
            let counted = search::scan(&doc, self.query, scanning, max_words);
            if counted.matched.is_empty() || doc.is_complete() {
                scan = Some(counted);
            }
        }
        if self.searching && scan.is_none() {
            doc = doc.reparse();
            scan = Some(search::scan(&doc, self.query, scanning, max_words));
        }
        matches.add(scan.as_ref().is_some_and(|s| !s.matched.is_empty()));
        (doc, scan)
    }
}

/// The largest document first read for its sections only, in bytes: the
/// more text, the likelier a match.
const SMALL: usize = 16 * 1024;

/// How often the documents one thread scanned held a match.
#[derive(Default)]
struct Matches {
    scanned: u32,
    matched: u32,
}

impl Matches {
    fn add(&mut self, matched: bool) {
        self.scanned += 1;
        self.matched += u32::from(matched);
    }

    /// Whether matches are rare enough that a document is first read for its
    /// sections only: under one in ten (the first documents count as
    /// without, so a thread starts by reading for sections).
    fn rare(&self) -> bool {
        self.matched * 10 < self.scanned + 10
    }
}

/// Runs a search for `text`: the documents of its hits, in input order, then
/// the hits, best first.
pub(super) fn run(
    options: &Options,
    text: &str,
    walk: Walk,
    sink: &mut dyn Sink,
) -> io::Result<()> {
    let query = Query::new(text);
    for note in &query.notes {
        sink.event(Event::Warning(note.clone()))?;
    }
    let scan = Scan {
        query: &query,
        options,
        searching: !query.terms.is_empty() && options.listed() > 0,
        stdin: walk.stdin(),
    };
    let mut acc = Accumulator::new(&query);
    let mut lens = HashMap::new();
    let mut kept = HashMap::new();
    let mut searched = 0;
    let mut failed = Vec::new();
    let reopen = walk.load(options, &scan, |scanned| {
        match scanned {
            Ok(Scanned {
                file,
                scan,
                len,
                keep,
            }) => {
                searched += 1;
                lens.insert(file, len);
                if let Some(doc) = keep {
                    kept.insert(file, doc);
                }
                if let Some(scan) = scan {
                    acc.add(file, scan);
                }
            }
            Err(f) => failed.push(f),
        }
        Ok(())
    })?;
    for f in failed {
        sink.event(Event::Failed(f))?;
    }
    sink.event(Event::Searched(searched))?;
    if !scan.searching {
        return Ok(());
    }
    let mut docs = Again {
        reopen,
        limits: options.limits(),
        lens,
        kept,
        read: BTreeMap::new(),
        changed: Vec::new(),
    };
    let ranking = acc.rank();
    if options.listing != Listing::Hits {
        return list_files(options, &ranking, &mut docs, sink);
    }
    let hits = search::hits(
        &ranking,
        &query,
        options.offset,
        (options.listed(), options.limit.is_some()),
        options.max_words,
        &mut docs,
    );
    let matched = search::matching(&ranking).max(options.offset + hits.len());
    sink.event(Event::Matched(matched))?;
    for path in &docs.changed {
        sink.event(Event::Warning(format!(
            "{path} changed while it was searched; its hits are left out, search again"
        )))?;
    }
    // The documents of hits, in input order, then the hits.
    let mut order: Vec<usize> = hits.iter().map(|h| h.doc).collect();
    order.sort_unstable();
    order.dedup();
    let mut loaded = docs.into_documents();
    let mut rows = Vec::with_capacity(hits.len());
    for hit in hits {
        let Some(doc) = loaded.get(&hit.doc) else {
            continue;
        };
        let d = order.binary_search(&hit.doc).unwrap_or_default();
        rows.push(hit_row(options, doc, d, hit));
    }
    let keep = sink.keeps_documents();
    for i in order {
        let doc = loaded.remove(&i).filter(|_| keep).map(Box::new);
        sink.event(Event::Loaded { doc, scope: None })?;
    }
    for row in rows {
        sink.event(Event::Hit(Box::new(row)))?;
    }
    Ok(())
}

/// `--files` and `--count`: the files holding hits, ranked (or, counting, in
/// input order), those the response can show read again for where their best
/// hit lies.
fn list_files(
    options: &Options,
    ranking: &search::Ranking,
    docs: &mut Again,
    sink: &mut dyn Sink,
) -> io::Result<()> {
    let mut files = search::files(ranking);
    if options.listing == Listing::Count {
        files.sort_unstable_by_key(|f| f.doc);
    }
    sink.event(Event::Matched(files.len()))?;
    let window = files.iter().skip(options.offset).take(options.listed());
    let mut rows = Vec::new();
    for tally in window {
        let c = &ranking.candidates[tally.best];
        let Some(doc) = search::Documents::get(docs, tally.doc) else {
            continue;
        };
        rows.push(FileHits {
            file: doc.path().to_owned(),
            namespace: doc.namespace().to_owned(),
            hits: tally.hits,
            selector: selector::canonical(doc, c.node),
            lines: doc.lines_of(&doc.node(c.node).span),
            score: c.score,
        });
    }
    for path in &docs.changed {
        sink.event(Event::Warning(format!(
            "{path} changed while it was searched; its hits are left out, search again"
        )))?;
    }
    sink.event(Event::Files(rows))
}

/// A hit as the sink gets it: the section it names (paged as a selection
/// would be), where it lies and what it holds; `d` is its document's place
/// among the documents of hits.
fn hit_row(options: &Options, doc: &Document, d: usize, hit: SearchHit) -> HitRow {
    let node = hit.node;
    let m = Match {
        score: Some(hit.score),
        hit: Some(HitInfo {
            path: hit.path,
            passage: hit.passage.text,
            whole: hit.passage.whole,
            context: hit.context.text,
            copies: hit.copies,
            block: hit.block,
        }),
        ..fit::whole(d, doc, node, selector::Query::default())
    };
    HitRow {
        m: fit::paged(options, doc, m),
        namespace: doc.namespace().to_owned(),
        front: doc.node(node).kind() == Kind::Front,
        file: doc.path().to_owned(),
        title: doc.title_beside_path().map(str::to_owned),
        lines: doc.lines_of(&doc.node(node).span),
    }
}

/// The documents of candidates, read again on demand (or kept, for standard
/// input), each once.
struct Again {
    reopen: Reopen,
    limits: Limits,
    /// Text length of each document at its scan, by file index.
    lens: HashMap<usize, usize>,
    /// Documents that cannot be read again, by file index.
    kept: HashMap<usize, Document>,
    /// Documents read again (`None`: that failed, or it changed).
    read: BTreeMap<usize, Option<Document>>,
    /// Paths of files that changed since their scan.
    changed: Vec<String>,
}

impl Again {
    fn into_documents(self) -> BTreeMap<usize, Document> {
        let read = self.read.into_iter().filter_map(|(i, d)| Some((i, d?)));
        read.chain(self.kept).collect()
    }
}

impl search::Documents for Again {
    fn get(&mut self, i: usize) -> Option<&Document> {
        if self.kept.contains_key(&i) {
            return self.kept.get(&i);
        }
        if !self.read.contains_key(&i) {
            let doc = match self.reopen.reopen(i, &self.limits) {
                Some(Ok(doc)) if Some(&doc.text().len()) == self.lens.get(&i) => Some(doc),
                Some(Ok(doc)) => {
                    self.changed.push(doc.path().to_owned());
                    None
                }
                Some(Err(FailedFile { path, .. })) => {
                    self.changed.push(path);
                    None
                }
                None => None,
            };
            self.read.insert(i, doc);
        }
        self.read.get(&i)?.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Report;
    use crate::search::Documents;
    use crate::source::{Globs, Input};

    fn file(dir: &tempfile::TempDir, name: &str, text: &str) -> Input {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        Input::Path(path)
    }

    fn again(inputs: &[Input], lens: &[usize]) -> Again {
        Again {
            reopen: Walk::new(inputs, 1, &Globs::default()).reopener(),
            limits: Limits::new(u64::MAX),
            lens: lens.iter().copied().enumerate().collect(),
            kept: HashMap::new(),
            read: BTreeMap::new(),
            changed: Vec::new(),
        }
    }

    #[test]
    fn the_report_holds_only_the_documents_of_hits() {
        let dir = tempfile::tempdir().unwrap();
        let mut inputs: Vec<Input> = (0..30)
            .map(|i| file(&dir, &format!("d{i:02}.md"), "## Other\n\nnothing here\n"))
            .collect();
        inputs.push(file(&dir, "hit.md", "## Needle\n\nthe needle\n"));
        let mut report = Report::new(crate::report::CommandKind::Search);
        run(
            &Options::default(),
            "needle",
            Walk::new(&inputs, 1, &Globs::default()),
            &mut report,
        )
        .unwrap();
        assert_eq!(report.searched, 31);
        assert_eq!(report.documents.len(), 1, "only the hit's document is kept");
        assert_eq!(report.documents[0].namespace(), "hit");
        assert_eq!(report.matches.len(), 1);
        assert_eq!(report.matches[0].doc, 0);
    }

    #[test]
    fn a_file_that_changed_since_its_scan_loses_its_hits() {
        let dir = tempfile::tempdir().unwrap();
        let text = "## Needle\n\nthe needle\n";
        let inputs = [file(&dir, "a.md", text)];
        let mut same = again(&inputs, &[text.len()]);
        assert!(same.get(0).is_some());
        assert!(same.changed.is_empty());
        let mut grown = again(&inputs, &[text.len() - 1]);
        assert!(grown.get(0).is_none());
        assert!(grown.changed[0].ends_with("a.md"), "{:?}", grown.changed);
        let mut gone = again(&inputs, &[text.len()]);
        std::fs::remove_file(dir.path().join("a.md")).unwrap();
        assert!(gone.get(0).is_none());
        assert_eq!(gone.changed.len(), 1);
    }

    #[test]
    fn what_cannot_be_read_again_is_kept() {
        let inputs = [Input::Stdin, Input::from_arg("README.md")];
        let walk = Walk::new(&inputs, 1, &Globs::default());
        assert_eq!(walk.stdin(), Some(0));
        let reopen = walk.reopener();
        assert!(
            reopen.reopen(0, &Limits::new(u64::MAX)).is_none(),
            "standard input is read once"
        );
        assert!(reopen.reopen(1, &Limits::new(u64::MAX)).is_some());
        assert!(
            reopen.reopen(2, &Limits::new(u64::MAX)).is_none(),
            "there is no third file"
        );
    }
}
