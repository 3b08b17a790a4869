//! The pipeline, orchestrated: load → parse → resolve or search → fit → a [`Report`].
//!
//! This is the one entry point every face calls. It reads inputs but writes
//! nothing; each stage's work is its module's (`source`, `tree`, `selector`,
//! `search`, `fit`), and rendering and exit codes are the caller's.

use crate::call::{Call, Command};
use crate::error::Reason;
use crate::fit;
use crate::namespace;
use crate::options::Options;
use crate::ordered::map_ordered;
use crate::report::{CommandKind, Match, Report, Unresolved};
use crate::selector::{self, Miss, Selector, resolve_in};
use crate::source::{self, Entry};
use crate::tree::parse_document;

/// Runs one call to completion with the process's options.
pub fn run(options: &Options, call: &Call) -> Report {
    let kind = match call.command {
        Command::Index => CommandKind::Index,
        Command::Select(_) => CommandKind::Select,
        Command::Search(_) => CommandKind::Search,
    };
    let mut report = Report::new(kind);
    report.warnings.extend(options.warnings.iter().cloned());
    if call.inputs.is_empty() {
        report.usage_error =
            Some("no files given; name Markdown files, directories or '-' for stdin".to_owned());
        return report;
    }
    load(options, &call.inputs, &mut report);
    if report.documents.is_empty() && report.failed.is_empty() {
        report.usage_error = Some(
            "no Markdown files found (directories are searched for *.md, *.markdown and *.mdx)"
                .to_owned(),
        );
        return report;
    }
    match &call.command {
        Command::Index => {}
        Command::Select(args) => select(options, args, &mut report),
        Command::Search(query) => search(options, query, &mut report),
    }
    report
}

/// Loads and parses every input in parallel; results keep input order.
fn load(options: &Options, inputs: &[crate::source::Input], report: &mut Report) {
    let mut entries: Vec<Entry> = Vec::new();
    let mut slots = Vec::new(); // Ok(entry index) or Err(failure), in input order
    for found in source::expand(inputs) {
        match found {
            Ok(entry) => {
                slots.push(Ok(entries.len()));
                entries.push(entry);
            }
            Err(failed) => slots.push(Err(failed)),
        }
    }
    let max_bytes = options.max_bytes;
    let mut parsed = map_ordered(entries, options.threads, |entry| {
        source::read(&entry, max_bytes).map(parse_document)
    })
    .into_iter()
    .map(Some)
    .collect::<Vec<_>>();
    for slot in slots {
        let result = match slot {
            Ok(i) => parsed[i].take().expect("each entry is parsed once"),
            Err(failed) => Err(failed),
        };
        match result {
            Ok(doc) => report.documents.push(doc),
            Err(failed) => report.failed.push(failed),
        }
    }
    let paths: Vec<&str> = report.documents.iter().map(|d| d.path.as_str()).collect();
    let names = namespace::namespaces(&paths);
    for (doc, name) in report.documents.iter_mut().zip(names) {
        doc.namespace = name;
    }
}

fn select(options: &Options, args: &[String], report: &mut Report) {
    let mut parsed = Vec::new();
    let mut syntax_errors = Vec::new();
    for arg in args {
        for text in selector::split_selectors(arg) {
            match selector::parse(text) {
                Ok(sel) => parsed.push(Ok(sel)),
                Err(err) => {
                    syntax_errors.push((text.to_owned(), selector::looks_like_selector(text)));
                    parsed.push(Err(err));
                }
            }
        }
    }
    if parsed.is_empty() {
        report.usage_error =
            Some("no selector given; try `mdsel index FILE` to list selectors".to_owned());
        return;
    }
    // Text that is plainly not a selector is a search query (SPEC §4).
    if !syntax_errors.is_empty()
        && parsed.iter().all(Result::is_err)
        && syntax_errors.iter().all(|(_, looks)| !looks)
    {
        report.command = CommandKind::Search;
        return search(options, &args.join(" "), report);
    }
    for result in parsed {
        match result {
            Ok(sel) => select_one(options, &sel, report),
            Err(err) => {
                let suggestions = fix_syntax(options, report, &err);
                report.unresolved.push(Unresolved {
                    selector: err.input.clone(),
                    reason: Reason::Syntax(err),
                    suggestions,
                });
            }
        }
    }
}

/// Rewrites of a malformed selector that fix it and resolve (`tabel.0` →
/// `table.0`, `h7.0` → `h6.0`, `h2,0` → `h2.0`), at most five.
fn fix_syntax(options: &Options, report: &Report, err: &selector::SyntaxError) -> Vec<String> {
    selector::repairs(err)
        .into_iter()
        .filter(|fixed| finds(options, report, fixed))
        .take(5)
        .collect()
}

fn select_one(options: &Options, sel: &Selector, report: &mut Report) {
    if report.documents.is_empty() {
        return; // the file errors already say why nothing could match
    }
    match lookup(options, report, sel) {
        Ok(found) => report.matches.extend(found),
        Err(mut unresolved) => {
            // Whatever proposed them, only suggestions that work are shown.
            unresolved.suggestions.retain(|s| finds(options, report, s));
            report.unresolved.push(unresolved);
        }
    }
}

/// Whether a selector finds something (suggestions are only offered if they do).
fn finds(options: &Options, report: &Report, text: &str) -> bool {
    selector::parse(text).is_ok_and(|sel| lookup(options, report, &sel).is_ok())
}

/// Everything one selector finds across the loaded documents, or why it found
/// nothing: the miss of the document that got furthest, with its suggestions.
fn lookup(options: &Options, report: &Report, sel: &Selector) -> Result<Vec<Match>, Unresolved> {
    let docs: Vec<usize> = match &sel.namespace {
        None => (0..report.documents.len()).collect(),
        Some(ns) => {
            match namespace::find(report.documents.iter().map(|d| d.namespace.as_str()), ns) {
                Some(i) => vec![i],
                None => return Err(namespace_miss(options, report, sel, ns)),
            }
        }
    };
    let mut found = Vec::new();
    let mut best_miss: Option<(usize, Miss)> = None;
    for i in docs {
        let doc = &report.documents[i];
        let outcome =
            resolve_in(doc, sel).and_then(|hits| fit::matches(options, doc, i, sel, &hits));
        match outcome {
            Ok(matches) => found.extend(matches),
            Err(miss) => {
                if best_miss.as_ref().is_none_or(|(_, m)| miss.step > m.step) {
                    best_miss = Some((i, miss));
                }
            }
        }
    }
    if !found.is_empty() {
        return Ok(found);
    }
    let Some((doc, miss)) = best_miss else {
        // No document was loaded to look in (the file errors say why).
        return Err(Unresolved {
            selector: sel.source.clone(),
            reason: Reason::NoDocument,
            suggestions: Vec::new(),
        });
    };
    let prefix = if report.namespaced() {
        format!("{}::", report.documents[doc].namespace)
    } else {
        String::new()
    };
    Err(Unresolved {
        selector: sel.source.clone(),
        reason: miss.reason,
        suggestions: miss
            .suggestions
            .into_iter()
            .map(|s| format!("{prefix}{s}"))
            .collect(),
    })
}

fn namespace_miss(options: &Options, report: &Report, sel: &Selector, ns: &str) -> Unresolved {
    let rest = sel.source.split_once("::").map_or("", |(_, r)| r);
    let mut scored: Vec<(f32, usize)> = report
        .documents
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let (ns, known) = (ns.to_lowercase(), d.namespace.to_lowercase());
            let exact_tail = known == ns || known.ends_with(&format!("/{ns}"));
            let score = if exact_tail {
                1.0
            } else {
                crate::search::similarity(&ns, &known)
            };
            (score, i)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let suggestions = scored
        .iter()
        .map(|&(_, i)| format!("{}::{rest}", report.documents[i].namespace))
        .filter(|s| finds(options, report, s))
        .take(5)
        .collect();
    let loaded = report.documents.iter().map(|d| d.namespace.clone());
    Unresolved {
        selector: sel.source.clone(),
        reason: Reason::NamespaceNotFound {
            namespace: ns.to_owned(),
            loaded: loaded.collect(),
        },
        suggestions,
    }
}

fn search(options: &Options, query: &str, report: &mut Report) {
    report.query = Some(query.to_owned());
    let hits = crate::search::search(
        &report.documents,
        query,
        options.limit,
        options.max_words,
        options.threads,
    );
    for hit in hits {
        let doc = &report.documents[hit.doc];
        let m = Match {
            score: Some(hit.score),
            hit: Some(crate::report::HitInfo {
                path: hit.path,
                preview: hit.preview,
            }),
            ..fit::whole(hit.doc, doc, hit.node, selector::Query::default())
        };
        report.matches.push(fit::paged(options, doc, m));
    }
}
