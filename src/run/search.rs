//! `search`, streamed: each document is scanned on its worker as the walk hands
//! it over and leaves only per-section counts of the query's terms behind; once
//! every document is in, the counts are ranked and only the documents of the
//! best candidates are read again, to name and preview the hits (docs/search.md, "Search").
//!
//! Memory follows the largest file, the hits and the sections where a query
//! term occurs, not the corpus. A file that changed between its scan and its
//! second reading loses its hits, with a warning, rather than showing text that
//! was not ranked; standard input, which cannot be read twice, is kept.

use std::io;

use crate::fit::{self, HitInfo, Match};
use crate::load::{File, Need, Reopen, Walk, Work};
use crate::options::Listing;
use crate::options::Options;
use crate::report::{Event, FileHits, HitRow, Sink};
use crate::search::{self, Accumulator, DocScan, Query, Scanning, SearchHit};
use crate::selector;
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
        let matched = scan.as_ref().is_some_and(|s| !s.matched.is_empty());
        let keep = (matched && self.stdin == Some(file.index)).then_some(doc);
        Scanned {
            file: file.index,
            scan,
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
    let (mut searched, mut failed, mut kept) = (0, Vec::new(), Vec::new());
    let mut docs = walk.load(options, &scan, |scanned| {
        match scanned {
            Ok(scanned) => {
                searched += 1;
                kept.extend(scanned.keep.map(|doc| (scanned.file, doc)));
                if let Some(counts) = scanned.scan {
                    acc.add(scanned.file, counts);
                }
            }
            Err(f) => failed.push(f),
        }
        Ok(())
    })?;
    for (i, doc) in kept {
        docs.keep(i, doc);
    }
    for f in failed {
        sink.event(Event::Failed(f))?;
    }
    sink.event(Event::Searched(searched))?;
    if !scan.searching {
        return Ok(());
    }
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
    changed(&docs, sink)?;
    hand_over(options, hits, docs, sink)
}

/// The documents of hits, in input order, then the hits.
fn hand_over(
    options: &Options,
    hits: Vec<SearchHit>,
    docs: Reopen,
    sink: &mut dyn Sink,
) -> io::Result<()> {
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

/// A warning for each file that changed between its scan and its second
/// reading.
fn changed(docs: &Reopen, sink: &mut dyn Sink) -> io::Result<()> {
    for path in docs.changed() {
        sink.event(Event::Warning(format!(
            "{path} changed while it was searched; its hits are left out, search again"
        )))?;
    }
    Ok(())
}

/// `--files` and `--count`: the files holding hits, ranked (or, counting, in
/// input order), those the response can show read again for where their best
/// hit lies.
fn list_files(
    options: &Options,
    ranking: &search::Ranking,
    docs: &mut Reopen,
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
        let Some(doc) = docs.document(tally.doc) else {
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
    changed(docs, sink)?;
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
impl search::Documents for Reopen {
    fn get(&mut self, i: usize) -> Option<&Document> {
        self.document(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Report;
    use crate::source::{Globs, Input};

    fn file(dir: &tempfile::TempDir, name: &str, text: &str) -> Input {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        Input::Path(path)
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
}
