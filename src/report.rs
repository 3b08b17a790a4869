//! What a call produced: documents, matches, misses and file errors.
//!
//! A [`Report`] is the single value every renderer reads and the single place the
//! exit code is decided. Matches hold byte spans into their document's text.

use std::ops::Range;

use crate::error::{ErrorCode, FailedFile, Reason};
use crate::exit::ExitCode;
use crate::fit::{Budget, OutlineCall};
use crate::selector::Query;
use crate::tree::{Document, NodeId};

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
}

impl CommandKind {
    /// The name used in JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            CommandKind::Index => "index",
            CommandKind::Select => "select",
            CommandKind::Search => "search",
        }
    }
}

/// Which page of a paged match this is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageInfo {
    /// 0-based page number.
    pub index: usize,
    /// How many pages the content has.
    pub count: usize,
}

/// One selected piece of a document.
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    /// Index of the document in [`Report::documents`].
    pub doc: usize,
    /// The node selected.
    pub node: NodeId,
    /// Canonical selector of the node, without namespace or page step.
    pub selector: String,
    /// The bytes of the document text this match returns.
    pub span: Range<usize>,
    /// Set when the node's content was split into pages.
    pub page: Option<PageInfo>,
    /// The page was named by a `page` step (so the selector shows it).
    pub page_step: bool,
    /// `?head` cut lines off the end.
    pub cut_head: bool,
    /// `?tail` cut lines off the start.
    pub cut_tail: bool,
    /// The query of the selector, repeated in page markers.
    pub query: Query,
    /// Relevance from 0 to 1, for search hits.
    pub score: Option<f32>,
    /// Where a search hit sits and what it matched.
    pub hit: Option<HitInfo>,
}

/// What a search shows of a hit besides its selector and score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HitInfo {
    /// Titles of the sections holding the hit, outermost first.
    pub path: Vec<String>,
    /// The source line that best shows the match, cut to one short line.
    pub preview: String,
}

impl Match {
    /// Whether the returned content is less than the node's whole content.
    pub fn truncated(&self) -> bool {
        self.cut_head || self.cut_tail || self.page.is_some_and(|p| p.count > 1)
    }
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
    /// come from (the rest were scanned and dropped).
    pub documents: Vec<Document>,
    /// Of a search: how many documents were searched.
    pub searched: usize,
    /// Inputs that could not be loaded, in input order.
    pub failed: Vec<FailedFile>,
    /// Selected content, in output order.
    pub matches: Vec<Match>,
    /// Selectors that found nothing.
    pub unresolved: Vec<Unresolved>,
    /// The search query, for `search`.
    pub query: Option<String>,
    /// Notes that do not change the exit code.
    pub warnings: Vec<String>,
    /// A usage problem that stopped the call (exit 2).
    pub usage_error: Option<String>,
    /// The budget text output fits (SPEC §12).
    pub(crate) budget: Budget,
    /// For `index`: what each document's outline shows.
    pub(crate) outline: OutlineCall,
}

impl Report {
    pub(crate) fn new(command: CommandKind) -> Report {
        Report {
            command,
            documents: Vec::new(),
            searched: 0,
            failed: Vec::new(),
            matches: Vec::new(),
            unresolved: Vec::new(),
            query: None,
            warnings: Vec::new(),
            usage_error: None,
            budget: Budget::new(crate::options::DEFAULT_MAX_WORDS),
            outline: OutlineCall::default(),
        }
    }

    /// Whether selectors in output carry a `namespace::` prefix.
    pub fn namespaced(&self) -> bool {
        self.documents.len() > 1
    }

    /// `namespace::` when selectors of this match are shown namespaced (several
    /// documents loaded, or a search hit), else nothing.
    pub fn namespace_prefix(&self, m: &Match) -> String {
        if self.namespaced() || m.score.is_some() {
            format!("{}::", self.documents[m.doc].namespace)
        } else {
            String::new()
        }
    }

    /// A match's selector as output shows it, with namespace when several
    /// documents are loaded, and an optional page step.
    pub fn display_selector(&self, m: &Match, page: Option<usize>) -> String {
        let mut s = self.namespace_prefix(m);
        s.push_str(&m.selector);
        if let Some(p) = page {
            s.push_str(&format!("/page.{p}"));
        }
        s
    }

    /// The one exit-code decision: 0 all found, 1 something missing or failed,
    /// 2 a usage error.
    pub fn exit_code(&self) -> ExitCode {
        if self.usage_error.is_some() {
            ExitCode::Usage
        } else if !self.failed.is_empty()
            || !self.unresolved.is_empty()
            || (self.command == CommandKind::Search && self.matches.is_empty())
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
}
