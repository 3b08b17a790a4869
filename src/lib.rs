//! mdsel: read large Markdown corpora one selector at a time.
//!
//! Markdown is parsed into a semantic tree (sections by heading, document-level
//! blocks, nested blocks under their container); an index lists the selectors, and
//! a selector returns exactly the source bytes it names — never re-serialized.
//!
//! The pipeline, as every face (CLI, MCP server) runs it: [`Options`] are
//! resolved once per process, each [`Call`] is a command and its inputs, and
//! [`run`] loads, parses, resolves or searches, and fits the answer into a
//! [`Report`] that the writers render. [`run_text`] runs the same stages and
//! writes the text as it goes, holding only what the response can still show
//! (every text response fits `max_words`), which is what the CLI and
//! the MCP server use. ARCHITECTURE.md walks through the stages.
//!
//! ```
//! use mdsel::{Call, Command, ExitCode, Input, Options, run, write_text};
//!
//! let guide = "# Guide\n\n## Install\n\n```sh\ncargo install mdsel\n```\n\n## Use\n\nRun it.\n";
//! let input = || vec![Input::Bytes { name: "guide.md".into(), bytes: guide.into() }];
//! let options = Options::default();
//!
//! // Index: which selectors exist?
//! let report = run(&options, &Call::new(Command::Index(vec![]), input()));
//! let mut out = Vec::new();
//! write_text(&report, &mut out).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "h1.0 Guide (13w)\n h2.0 Install (7w)\n h2.1 Use (4w)\n---\ncode:1 para:1\n");
//!
//! // Select: the exact bytes of the first code block under "Install".
//! let report = run(&options, &Call::new(Command::Select(vec!["h2.0/code.0".into()]), input()));
//! let mut out = Vec::new();
//! write_text(&report, &mut out).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "```sh\ncargo install mdsel\n```\n");
//! assert_eq!(report.exit_code(), ExitCode::Success);
//!
//! // Streamed: the text written as it is produced, here the outline beneath h2.1.
//! let scoped = Call::new(Command::Index(vec!["h2.1".into()]), input());
//! let mut out = Vec::new();
//! let report = mdsel::run_text(&options, &scoped, &mut out).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), " h2.1 Use (4w)\n");
//! assert_eq!(report.exit_code(), ExitCode::Success);
//!
//! // Embedding without the pipeline: parse one text, resolve a selector, slice.
//! let doc = mdsel::parse_document(mdsel::Source::new("guide.md", guide));
//! let nodes = mdsel::resolve(&doc, &mdsel::parse_selector("h2.1").unwrap()).unwrap();
//! assert_eq!(doc.content(doc.node(nodes[0]).span()), "## Use\n\nRun it.\n");
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod call;
mod cancel;
mod error;
mod exit;
mod fit;
mod fuzzy;
mod lanes;
mod load;
mod namespace;
mod options;
mod ordered;
mod paths;
mod render;
mod report;
mod run;
mod search;
mod selector;
mod source;
mod tree;
mod words;

pub use call::{Call, Command, LinkView};
pub use cancel::Cancel;
pub use error::{ErrorCode, FailedFile, FileError};
pub use exit::ExitCode;
pub use load::page_source;
pub use options::{DEFAULT_LIMIT, DEFAULT_READ_WORDS, Hints, Listing, Options};
pub use render::{shell_word, write_errors, write_json, write_outline, write_text};
pub use report::{
    CommandKind, Folded, HitInfo, LinkInfo, LinkStatus, Match, PageInfo, Report, Unresolved,
};
pub use selector::{Miss, Reason, Selector, SyntaxError, Target, parse as parse_selector, resolve};
pub use source::{Input, Source};
pub use tree::{BlockKind, Document, Kind, Node, NodeId, parse_document};
pub use words::count_words;

use std::io;

/// Runs one call to completion with the process's options, collecting
/// everything in the report: every document, match and miss (for
/// [`write_json`], [`write_text`] and embedding).
pub fn run(options: &Options, call: &Call) -> Report {
    let mut report = Report::default();
    // Collecting cannot fail: the report is the sink.
    let _ = run::run(options, call, &mut report);
    report
}

/// Runs one call and writes its text, within the budget, to
/// `out` as it is produced, holding only what the response can still show.
/// The report returned holds what ran and what went wrong (failed files,
/// unresolved selectors, warnings, a usage error) for [`write_errors`] and the
/// exit code; no documents or matches, as they were written and dropped.
///
/// Writes exactly what [`write_text`] writes for [`run`]'s report.
pub fn run_text(options: &Options, call: &Call, out: &mut dyn io::Write) -> io::Result<Report> {
    let mut sink = render::TextSink::new(out);
    run::run(options, call, &mut sink)?;
    Ok(sink.into_report())
}
