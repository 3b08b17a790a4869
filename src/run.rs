//! The pipeline, orchestrated: walk → read and parse → resolve or search → fit →
//! a [`Report`] or text.
//!
//! Two entry points run the same stages. [`run`] collects: it keeps every
//! document in the report, for the JSON writer and for embedding. [`run_text`]
//! streams: documents pass through a bounded window of workers in input order
//! and only what the response can still show is kept, so memory follows the
//! largest file and the output, not the number of files; an outline whose
//! document lines alone overflow starts printing before the walk ends. Each
//! stage's work is its module's (`source`, `tree`, `selector`, `search`,
//! `fit`); rendering and exit codes are the caller's.

mod index;
mod load;
mod search;
mod select;
mod selectors;

use std::io::{self, Write};

use crate::call::{Call, Command};
use crate::fit::Budget;
use crate::options::Options;
use crate::report::{CommandKind, Report};
use crate::selector;

pub use self::index::write_outline;
use self::load::Walk;

/// Runs one call to completion with the process's options, keeping every
/// document in the report.
pub fn run(options: &Options, call: &Call) -> Report {
    let (mut report, walk) = begin(options, call);
    let Some(walk) = walk else {
        return report;
    };
    match &call.command {
        Command::Index(args) => index::collect(options, call, args, walk, &mut report),
        Command::Select(args) if report.command == CommandKind::Select => {
            select::collect(options, args, walk, &mut report);
        }
        Command::Select(args) => search(options, &args.join(" "), walk, &mut report),
        Command::Search(query) => search(options, query, walk, &mut report),
    }
    report
}

/// Runs one call and writes its text (SPEC §6, within the budget of §12) to
/// `out` as it is produced. The report returned holds what went wrong (failed
/// files, unresolved selectors, warnings, a usage error) for
/// [`crate::write_errors`] and the exit code; of `index` and `select` it holds
/// no documents or matches, as they were written and dropped on the way.
///
/// Writes exactly what [`crate::write_text`] writes for [`run`]'s report.
pub fn run_text(options: &Options, call: &Call, out: &mut dyn Write) -> io::Result<Report> {
    let (mut report, walk) = begin(options, call);
    let Some(walk) = walk else {
        return Ok(report);
    };
    match &call.command {
        Command::Index(args) => index::stream(options, call, args, walk, &mut report, out)?,
        Command::Select(args) if report.command == CommandKind::Select => {
            select::stream(options, args, walk, &mut report, out)?;
        }
        Command::Select(args) => {
            search(options, &args.join(" "), walk, &mut report);
            crate::render::write_text(&report, &mut &mut *out)?;
        }
        Command::Search(query) => {
            search(options, query, walk, &mut report);
            crate::render::write_text(&report, &mut &mut *out)?;
        }
    }
    Ok(report)
}

/// The report of a call before any file is read, and the files to read (none
/// when the call cannot start: the report says why).
fn begin(options: &Options, call: &Call) -> (Report, Option<Walk>) {
    let kind = match &call.command {
        Command::Index(_) => CommandKind::Index,
        Command::Select(args) if is_query(args) => CommandKind::Search,
        Command::Select(_) => CommandKind::Select,
        Command::Search(_) => CommandKind::Search,
    };
    let mut report = Report::new(kind);
    report.budget = Budget::of(options);
    report.warnings.extend(options.warnings.iter().cloned());
    if call.inputs.is_empty() {
        report.usage_error =
            Some("no files given; name Markdown files, directories or '-' for stdin".to_owned());
        return (report, None);
    }
    let walk = Walk::new(&call.inputs);
    if walk.is_empty() {
        report.usage_error = Some(
            "no Markdown files found (directories are searched for *.md, *.markdown and *.mdx)"
                .to_owned(),
        );
        return (report, None);
    }
    if let Command::Select(args) = &call.command
        && args.iter().all(|a| selector::split_selectors(a).is_empty())
    {
        report.usage_error =
            Some("no selector given; try `mdsel index FILE` to list selectors".to_owned());
        return (report, None);
    }
    (report, Some(walk))
}

/// Whether select's arguments are plainly not selectors, so the call is a
/// search (SPEC §4): none parses and none looks like selector syntax.
fn is_query(args: &[String]) -> bool {
    let texts: Vec<&str> = args
        .iter()
        .flat_map(|a| selector::split_selectors(a))
        .collect();
    !texts.is_empty()
        && texts
            .iter()
            .all(|t| selector::parse(t).is_err() && !selector::looks_like_selector(t))
}

fn search(options: &Options, query: &str, walk: Walk, report: &mut Report) {
    report.command = CommandKind::Search;
    report.query = Some(query.to_owned());
    search::run(options, query, walk, report);
}
