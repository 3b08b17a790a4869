//! What a call produced: documents, matches, misses and file errors.
//!
//! The pipeline hands its output to a [`Sink`] as [`Event`]s (`sink.rs`). A
//! [`Report`] is the sink that collects them all, for the JSON writer and for
//! embedding; the text writer is the other sink, and keeps a `Report` of what
//! went wrong. Either way the report is the single place the exit code is
//! decided. Matches hold byte spans into their document's text.

mod links;
mod sink;

use std::io;

use crate::error::{ErrorCode, FailedFile};
use crate::exit::ExitCode;
use crate::fit::{Budget, Row, Scope};
use crate::namespace::qualified;
use crate::options::{Hints, Listing};
use crate::render::lines::Marker;
use crate::selector::Reason;
use crate::tree::Document;

pub use crate::fit::{Folded, HitInfo, Match, PageInfo};
pub(crate) use links::{Asked, LinkList};
pub use links::{LinkInfo, LinkStatus};
pub(crate) use sink::{Event, HitRow, Sink};

/// The kind of command that ran (after any select-to-search fallback).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CommandKind {
    /// `index`
    Index,
    /// `select`
    Select,
    /// `search`
    Search,
    /// `links`
    Links,
}

impl CommandKind {
    /// The name used in JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            CommandKind::Index => "index",
            CommandKind::Select => "select",
            CommandKind::Search => "search",
            CommandKind::Links => "links",
        }
    }
}

/// How a search's hits are listed: which of them (`offset`, `limit`), as
/// hits, files or counts, and how a marker names the next ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HitView {
    pub offset: usize,
    pub limit: usize,
    pub listing: Listing,
    pub hints: Hints,
}

impl HitView {
    pub(crate) fn of(options: &crate::Options) -> HitView {
        HitView {
            offset: options.offset,
            limit: options.listed(),
            listing: options.listing,
            hints: options.hints,
        }
    }
}

impl Default for HitView {
    fn default() -> HitView {
        HitView::of(&crate::Options::default())
    }
}

/// A file holding search hits, as `--files` and `--count` list it.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct FileHits {
    /// The file's path, as the caller can pass it back.
    pub file: String,
    pub namespace: String,
    /// How many hits it holds.
    pub hits: usize,
    /// Its best hit: selector, first and last line (1-based), score (0–1).
    pub selector: String,
    pub lines: (usize, usize),
    pub score: f32,
}

/// A selector that matched nothing, or did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unresolved {
    /// The selector as given.
    pub selector: String,
    /// What is wrong, as data (`render` words it).
    pub reason: Reason,
    /// Working selectors to try instead.
    pub suggestions: Vec<String>,
}

impl Unresolved {
    /// `INVALID_SELECTOR`, `SELECTOR_NOT_FOUND` or `NAMESPACE_NOT_FOUND`, from the reason.
    pub fn code(&self) -> ErrorCode {
        self.reason.code()
    }
}

/// Everything a call produced.
#[derive(Debug)]
pub struct Report {
    /// What ran.
    pub command: CommandKind,
    /// Loaded documents, in input order; of a search, only those its hits
    /// come from (the rest were scanned and dropped); of a streamed call, none.
    pub documents: Vec<Document>,
    /// Of a search: how many documents were searched.
    pub searched: usize,
    /// Of a search: how many hits it could show, with more room.
    pub matched: usize,
    /// Inputs that could not be loaded, in input order.
    pub failed: Vec<FailedFile>,
    /// Selected content, in output order.
    pub matches: Vec<Match>,
    /// Of a search listing files (`--files`, `--count`): the files, in order.
    pub files: Vec<FileHits>,
    /// Of `links`: the links listed, from the offset asked for.
    pub links: Vec<LinkInfo>,
    /// Of `links`: how many it could list, and how many links it read in
    /// how many documents.
    pub(crate) link_list: LinkList,
    /// Selectors that found nothing.
    pub unresolved: Vec<Unresolved>,
    /// The search query, for `search`.
    pub query: Option<String>,
    /// Notes that do not change the exit code.
    pub warnings: Vec<String>,
    /// A usage problem that stopped the call (exit 2).
    pub usage_error: Option<String>,
    /// The line that ends an outline or a hit list path filters narrowed.
    pub(crate) narrowed: Option<String>,
    /// The path filters that narrowed the call (JSON's `narrowed`).
    pub(crate) narrowed_by: Vec<String>,
    /// The budget text output fits.
    pub(crate) budget: Budget,
    /// Of a search: which hits it lists, and how.
    pub(crate) view: HitView,
    /// Documents loaded (kept or not), and search hits found.
    loaded: usize,
    hits: usize,
    /// Of `index`: per document kept, what its outline shows (`None`: nothing).
    pub(crate) scopes: Vec<Option<Scope>>,
    /// Of `index`: the outline as planned, rows and last line.
    pub(crate) rows: Vec<Row>,
    pub(crate) marker: Option<Marker>,
    /// Of `select`: the selector each match answers, parallel to `matches`
    /// until the end puts them in selector order.
    order: Vec<usize>,
}

impl Default for Report {
    fn default() -> Report {
        Report::new(CommandKind::Index)
    }
}

impl Report {
    pub(crate) fn new(command: CommandKind) -> Report {
        Report {
            command,
            documents: Vec::new(),
            searched: 0,
            matched: 0,
            failed: Vec::new(),
            matches: Vec::new(),
            files: Vec::new(),
            links: Vec::new(),
            link_list: LinkList::default(),
            unresolved: Vec::new(),
            query: None,
            warnings: Vec::new(),
            usage_error: None,
            narrowed: None,
            narrowed_by: Vec::new(),
            budget: Budget::new(crate::options::DEFAULT_MAX_WORDS),
            view: HitView::default(),
            loaded: 0,
            hits: 0,
            scopes: Vec::new(),
            rows: Vec::new(),
            marker: None,
            order: Vec::new(),
        }
    }

    /// The report of a call that could not start: its arguments were wrong
    /// (`problem` says how). Its exit code is 2; its JSON names the problem.
    pub fn usage(command: CommandKind, problem: &str) -> Report {
        Report {
            usage_error: Some(problem.to_owned()),
            ..Report::new(command)
        }
    }

    /// Whether selectors in output carry a `namespace::` prefix: several
    /// documents were loaded.
    pub fn namespaced(&self) -> bool {
        self.loaded > 1
    }

    /// A match's selector as output shows it, with namespace when several
    /// documents are loaded (or for a search hit), and an optional page step.
    pub fn display_selector(&self, m: &Match, page: Option<usize>) -> String {
        let mut s = m.selector.clone();
        if let Some(p) = page {
            s.push_str(&format!("/page.{p}"));
        }
        if self.namespaced() || m.score.is_some() {
            qualified(self.documents[m.doc].namespace(), &s)
        } else {
            s
        }
    }

    /// The one exit-code decision: 0 all found, 1 something missing or failed,
    /// 2 a usage error.
    pub fn exit_code(&self) -> ExitCode {
        if self.usage_error.is_some() {
            ExitCode::Usage
        } else if !self.failed.is_empty()
            || !self.unresolved.is_empty()
            || (self.link_list.asked == Asked::Broken && self.link_list.total > 0)
            || (self.command == CommandKind::Search && self.hits == 0)
        {
            ExitCode::Failure
        } else {
            ExitCode::Success
        }
    }

    /// Whether everything asked for was found (exit code 0).
    pub fn success(&self) -> bool {
        self.exit_code().is_success()
    }

    /// Whether a search found nothing after searching something.
    pub(crate) fn searched_in_vain(&self) -> bool {
        self.command == CommandKind::Search && self.hits == 0 && self.searched > 0
    }

    /// Takes the events that say what ran and what went wrong, and leaves
    /// those of the response itself in `event` (each sink handles those).
    pub(crate) fn note(&mut self, event: &mut Option<Event>) {
        let Some(taken) = event.take() else { return };
        match taken {
            Event::Begin {
                command,
                query,
                budget,
                view,
            } => {
                self.command = command;
                self.query = query;
                self.budget = budget;
                self.view = view;
            }
            Event::Failed(f) => self.failed.push(f),
            Event::Unresolved(u) => self.unresolved.push(u),
            Event::Warning(w) => self.warnings.push(w),
            Event::Usage(u) => self.usage_error = Some(u),
            Event::Narrowed(line, globs) => {
                self.narrowed = Some(line);
                self.narrowed_by = globs;
            }
            Event::Searched(n) => self.searched += n,
            Event::Matched(n) => self.matched = n,
            other => *event = Some(other),
        }
    }
}

/// The collector: every event kept, for the JSON writer and embedding.
impl Sink for Report {
    fn keeps_documents(&self) -> bool {
        true
    }

    fn event(&mut self, event: Event) -> io::Result<()> {
        let mut event = Some(event);
        self.note(&mut event);
        let Some(event) = event else { return Ok(()) };
        match event {
            Event::Loaded { doc, scope } => {
                self.loaded += 1;
                if let Some(doc) = doc {
                    self.documents.push(*doc);
                    self.scopes.push(scope);
                }
            }
            Event::Rows(rows) => self.rows.extend(rows),
            Event::Marker(marker) => self.marker = Some(marker),
            Event::Piece { selector, piece } => {
                let doc = self.documents.len().saturating_sub(1);
                self.matches.push(Match { doc, ..piece.m });
                self.order.push(selector);
            }
            Event::Hit(hit) => {
                self.hits += 1;
                self.matches.push(hit.m);
            }
            Event::Files(files) => {
                self.hits += files.len();
                self.files.extend(files);
            }
            Event::Links(mut list) => {
                self.links = std::mem::take(&mut list.links);
                self.link_list = *list;
            }
            Event::End => {
                if !self.order.is_empty() {
                    // Matches in the order the selectors were given, each
                    // selector's in document order.
                    let mut keyed: Vec<(usize, Match)> =
                        self.order.drain(..).zip(self.matches.drain(..)).collect();
                    keyed.sort_by_key(|(k, _)| *k);
                    self.matches = keyed.into_iter().map(|(_, m)| m).collect();
                }
            }
            Event::Begin { .. }
            | Event::Failed(_)
            | Event::Unresolved(_)
            | Event::Warning(_)
            | Event::Usage(_)
            | Event::Narrowed(..)
            | Event::Searched(_)
            | Event::Matched(_) => {}
        }
        Ok(())
    }
}
