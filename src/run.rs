//! The pipeline, orchestrated: walk → read and parse → resolve or search → fit →
//! events for a sink.
//!
//! One function per command (`index`, `select`, `search`) runs the stages and
//! hands what they produce to a [`Sink`] as [`Event`]s, in output order: the
//! text writer writes them as they come, the [`Report`](crate::Report) collects
//! them. Documents pass through the loading stage's bounded window of workers
//! in input order, and reach the sink only when it keeps them, so memory
//! follows the largest file and the output, not the number of files. Each
//! stage's work is its module's (`source`, `load`, `tree`, `selector`,
//! `search`, `fit`); words and bytes are the sink's.

mod index;
mod links;
mod search;
mod select;
mod selectors;

use std::io;

use crate::call::{Call, Command, LinkView};
use crate::fit::{self, Budget};
use crate::load::Walk;
use crate::options::{Hints, Options};
use crate::render::lines::{narrowed_text, shell_word};
use crate::report::{CommandKind, Event, HitView, Sink, Unresolved};
use crate::selector;
use crate::source::{GlobError, Globs};

use self::selectors::Parsed;

/// Runs one call with the process's options, handing its events to `sink`;
/// stops early only when the sink fails.
pub(crate) fn run(options: &Options, call: &Call, sink: &mut dyn Sink) -> io::Result<()> {
    let (parsed, over) = parse(call);
    let (command, query) = match &call.command {
        Command::Index(_) => (CommandKind::Index, None),
        Command::Select(args) if is_query(&parsed) => (CommandKind::Search, Some(args.join(" "))),
        Command::Select(_) => (CommandKind::Select, None),
        Command::Search(query) => (CommandKind::Search, Some(query.clone())),
        Command::Links { .. } => (CommandKind::Links, None),
    };
    let budget = match command {
        CommandKind::Select => Budget::of(options),
        CommandKind::Index | CommandKind::Search | CommandKind::Links => {
            fit::listing_budget(options)
        }
    };
    sink.event(Event::Begin {
        command,
        query: query.clone(),
        budget,
        view: HitView::of(options),
    })?;
    for warning in &options.warnings {
        sink.event(Event::Warning(warning.clone()))?;
    }
    if let Some((first, left_out)) = over.filter(|_| command != CommandKind::Search) {
        sink.event(Event::Unresolved(Unresolved {
            selector: format!("{first} …"),
            reason: selector::Reason::TooManySelectors {
                max: MAX_SELECTORS,
                left_out,
            },
            suggestions: Vec::new(),
        }))?;
    }
    if let Some(walk) = begin(options, call, command, &parsed, sink)? {
        match (&call.command, command, query) {
            (Command::Links { view, .. }, ..) => links::run(options, view, parsed, walk, sink)?,
            (_, CommandKind::Index, _) => index::run(options, call, parsed, walk, sink)?,
            (_, CommandKind::Select, _) => select::run(options, parsed, walk, sink)?,
            (.., query) => search::run(options, &query.unwrap_or_default(), walk, sink)?,
        }
    }
    sink.event(Event::End)
}

/// Most selectors one call looks up: a comma list of a million costs no more
/// than this many (each looked up in every document).
pub(crate) const MAX_SELECTORS: usize = 256;

/// The selectors of a call, each parsed once (at most [`MAX_SELECTORS`]), and
/// the first of those left out with how many were.
fn parse(call: &Call) -> (Vec<Parsed>, Option<(String, usize)>) {
    let to;
    let args = match &call.command {
        Command::Index(args) | Command::Select(args) => args,
        Command::Links {
            view: LinkView::To(target),
            ..
        } => {
            to = vec![target.clone()];
            &to
        }
        Command::Links { selectors, .. } => selectors,
        Command::Search(_) => return (Vec::new(), None),
    };
    let mut parsed = Vec::new();
    let mut over: Option<(String, usize)> = None;
    for part in args.iter().flat_map(|a| selector::split_selectors(a)) {
        match &mut over {
            Some((_, n)) => *n += 1,
            None if parsed.len() == MAX_SELECTORS => over = Some((part.into_owned(), 1)),
            None => parsed.push(selector::parse(&part)),
        }
    }
    (parsed, over)
}

/// The files to read, or `None` when the call cannot start (the sink was told why).
fn begin(
    options: &Options,
    call: &Call,
    command: CommandKind,
    parsed: &[Parsed],
    sink: &mut dyn Sink,
) -> io::Result<Option<Walk>> {
    if call.inputs.is_empty() {
        return usage(
            sink,
            "no files given; name Markdown files, directories or '-' for stdin",
        );
    }
    let globs = match Globs::new(&options.globs) {
        Ok(globs) => globs,
        Err(e) => return usage(sink, &bad_glob(&e, options.hints)),
    };
    // An outline of the whole of a large tree counts most of its pages.
    let walk = if command == CommandKind::Index && parsed.is_empty() && !sink.keeps_documents() {
        Walk::counting(&call.inputs, options.threads, &globs, &options.limits())
    } else {
        Walk::new(&call.inputs, options.threads, &globs)
    };
    let narrowed = walk.dirs() > 0 && !globs.is_empty();
    if walk.is_empty() {
        if narrowed {
            return usage(sink, &no_file_left(options));
        }
        return usage(
            sink,
            "no Markdown files found (directories are searched for *.md, *.markdown and *.mdx)",
        );
    }
    if narrowed {
        if !walk.walked_a_directory() {
            // Files named directly are read; the folders gave nothing.
            sink.event(Event::Warning(no_file_left(options)))?;
        }
        let line = narrowed_text(&options.globs, options.hints);
        if let Some(line) = line {
            sink.event(Event::Narrowed(line, options.globs.clone()))?;
        }
    }
    if command == CommandKind::Select && parsed.is_empty() {
        return usage(
            sink,
            "no selector given; try `mdsel index FILE` to list selectors",
        );
    }
    Ok(Some(walk))
}

/// A path filter that cannot be used: which, why, and what works.
fn bad_glob(e: &GlobError, hints: Hints) -> String {
    let (given, example) = match hints {
        Hints::Flags => (
            format!("--glob {}", shell_word(&e.pattern)),
            "--glob 'api/**' --glob '!*.draft.md'",
        ),
        Hints::Parameters => (
            format!(
                "glob {}",
                serde_json::to_string(&e.pattern).unwrap_or_default()
            ),
            r#"glob: ["api/**", "!*.draft.md"]"#,
        ),
    };
    format!(
        "{given} is not a usable pattern: {}; a pattern is a .gitignore line matched \
         against paths relative to each directory given, `!` leaving out what it \
         matches, e.g. {example}",
        e.problem
    )
}

/// Path filters that left no file in any directory given, and how they match.
fn no_file_left(options: &Options) -> String {
    let given = match options.hints {
        Hints::Flags => options
            .globs
            .iter()
            .map(|g| format!("--glob {}", shell_word(g)))
            .collect::<Vec<_>>()
            .join(" "),
        Hints::Parameters => format!(
            "glob {}",
            serde_json::to_string(&options.globs).unwrap_or_default()
        ),
    };
    format!(
        "{given} left no Markdown file in the directories given: a pattern matches \
         paths relative to each (api/** for docs/api/x.md under docs/) and only \
         narrows (what .gitignore or the hidden-file rule leaves out stays out)"
    )
}

fn usage(sink: &mut dyn Sink, problem: &str) -> io::Result<Option<Walk>> {
    sink.event(Event::Usage(problem.to_owned()))?;
    Ok(None)
}

/// Whether select's arguments are plainly not selectors, so the call is a
/// search (docs/options.md, "Commands and options"): none parses and none looks like
/// selector syntax.
fn is_query(parsed: &[Parsed]) -> bool {
    !parsed.is_empty()
        && parsed.iter().all(|p| {
            p.as_ref()
                .is_err_and(|e| !selector::looks_like_selector(&e.input))
        })
}
