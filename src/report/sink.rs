//! The pipeline's output as events, handed to a sink in the order a response
//! shows them.
//!
//! `run` produces events, never bytes. Two sinks take them: the text writer
//! (`render::TextSink`), which writes each part as soon as it is certain and
//! keeps only what the budget may still show, and [`Report`](super::Report),
//! which collects everything for the JSON writer and for embedding. A new
//! output is a new sink; the pipeline does not change.

use std::io;

use super::{CommandKind, FileHits, HitView, LinkList, Unresolved};
use crate::error::FailedFile;
use crate::fit::{Budget, Match, Piece, Row, Scope};
use crate::render::lines::Marker;
use crate::tree::Document;

/// One thing a call produced.
#[derive(Debug)]
pub(crate) enum Event {
    /// What runs (after any select-to-search fallback), before anything else.
    Begin {
        command: CommandKind,
        query: Option<String>,
        budget: Budget,
        view: HitView,
    },
    /// A document was loaded, in input order; the document itself only to a
    /// sink that keeps documents, with the scope of an `index` outline.
    Loaded {
        doc: Option<Box<Document>>,
        scope: Option<Scope>,
    },
    /// Outline rows certain to be printed, in order.
    Rows(Vec<Row>),
    /// The line that ends a folded or paged outline.
    Marker(Marker),
    /// A match of selector number `selector`, from the document loaded last.
    Piece {
        selector: usize,
        piece: Box<Piece<'static>>,
    },
    /// A search hit, best first; its document was handed over before.
    Hit(Box<HitRow>),
    /// The files holding a search's hits (`--files`, `--count`).
    Files(Vec<FileHits>),
    /// What a `links` call lists.
    Links(Box<LinkList>),
    /// An input that could not be loaded.
    Failed(FailedFile),
    /// A selector that found nothing.
    Unresolved(Unresolved),
    /// The line that ends an outline or a hit list path filters narrowed
    /// (with its newline), and the filters, sent before anything of the
    /// response.
    Narrowed(String, Vec<String>),
    /// A note that does not change the exit code.
    Warning(String),
    /// A usage problem that stops the call.
    Usage(String),
    /// How many more documents a search looked through.
    Searched(usize),
    /// How many hits a search could show in all (the hits shown among them).
    Matched(usize),
    /// Nothing follows.
    End,
}

/// A search hit as a response shows it.
#[derive(Debug)]
pub(crate) struct HitRow {
    /// The hit (its `doc` counts the documents handed over).
    pub m: Match,
    pub namespace: String,
    /// The node is the front matter (it has no heading path).
    pub front: bool,
    /// The document's path, as the caller can pass it back.
    pub file: String,
    /// The document's title, where its path does not show it.
    pub title: Option<String>,
    /// The node's first and last line, 1-based.
    pub lines: (usize, usize),
}

/// Where a call's events go.
pub(crate) trait Sink {
    /// Whether [`Event::Loaded`] should carry the document: when not, each
    /// document is dropped on the worker that parsed it.
    fn keeps_documents(&self) -> bool;

    /// Takes the next event; an error (a closed output) stops the call.
    fn event(&mut self, event: Event) -> io::Result<()>;
}
