//! The pipeline: load → parse → select or search → a [`Report`].
//!
//! This is the one entry point every face calls. It reads inputs but writes
//! nothing; rendering and exit codes are the caller's.

use crate::error::ErrorCode;
use crate::page::{head_tail, pages};
use crate::pool::map_ordered;
use crate::report::{CommandKind, Match, PageInfo, Report, Unresolved};
use crate::request::{Command, Request};
use crate::selector::{self, Hit, Miss, Selector, canonical, resolve_in};
use crate::source::{self, Entry};
use crate::tree::{Document, parse_document};
use crate::words::count_words;

/// Runs a request to completion.
pub fn run(request: &Request) -> Report {
    let kind = match request.command {
        Command::Index => CommandKind::Index,
        Command::Select(_) => CommandKind::Select,
        Command::Search(_) => CommandKind::Search,
    };
    let mut report = Report::new(kind);
    if request.inputs.is_empty() {
        report.usage_error =
            Some("no files given; name Markdown files, directories or '-' for stdin".to_owned());
        return report;
    }
    load(request, &mut report);
    if report.documents.is_empty() && report.failed.is_empty() {
        report.usage_error = Some(
            "no Markdown files found (directories are searched for *.md, *.markdown and *.mdx)"
                .to_owned(),
        );
        return report;
    }
    match &request.command {
        Command::Index => {}
        Command::Select(args) => select(request, args, &mut report),
        Command::Search(query) => search(request, query, &mut report),
    }
    report
}

/// Loads and parses every input in parallel; results keep input order.
fn load(request: &Request, report: &mut Report) {
    let mut entries: Vec<Entry> = Vec::new();
    let mut slots = Vec::new(); // Ok(entry index) or Err(failure), in input order
    for found in source::expand(&request.inputs) {
        match found {
            Ok(entry) => {
                slots.push(Ok(entries.len()));
                entries.push(entry);
            }
            Err(failed) => slots.push(Err(failed)),
        }
    }
    let max_bytes = request.max_bytes;
    let mut parsed = map_ordered(entries, request.threads, |entry| {
        source::read(&entry, max_bytes)
            .map(|s| parse_document(String::new(), s.path, s.text, s.offset))
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
    let names = source::namespaces(&paths);
    for (doc, name) in report.documents.iter_mut().zip(names) {
        doc.namespace = name;
    }
}

fn select(request: &Request, args: &[String], report: &mut Report) {
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
        return search(request, &args.join(" "), report);
    }
    for result in parsed {
        match result {
            Ok(sel) => select_one(request, &sel, report),
            Err(err) => {
                let suggestions = fix_type(request, report, &err);
                report.unresolved.push(Unresolved {
                    selector: err.input.clone(),
                    code: ErrorCode::InvalidSelector,
                    reason: err.to_string(),
                    suggestions,
                });
            }
        }
    }
}

/// For an unknown type name, the same selector with the closest known types,
/// kept only where they resolve.
fn fix_type(request: &Request, report: &Report, err: &selector::SyntaxError) -> Vec<String> {
    let selector::Expected::KnownType { found } = &err.expected else {
        return Vec::new();
    };
    let mut names: Vec<(f32, &str)> = selector::Target::NAMES
        .iter()
        .map(|&n| (crate::search::similarity(&found.to_lowercase(), n), n))
        .filter(|&(s, _)| s >= 0.4)
        .collect();
    names.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out = Vec::new();
    for (_, name) in names {
        let fixed = format!(
            "{}{}{}",
            &err.input[..err.offset],
            name,
            &err.input[err.offset + found.len()..]
        );
        if finds(request, report, &fixed) && !out.contains(&fixed) {
            out.push(fixed);
        }
        if out.len() == 5 {
            break;
        }
    }
    out
}

fn select_one(request: &Request, sel: &Selector, report: &mut Report) {
    if report.documents.is_empty() {
        return; // the file errors already say why nothing could match
    }
    match lookup(request, report, sel) {
        Ok(found) => report.matches.extend(found),
        Err(unresolved) => report.unresolved.push(unresolved),
    }
}

/// Whether a selector finds something (suggestions are only offered if they do).
fn finds(request: &Request, report: &Report, text: &str) -> bool {
    selector::parse(text).is_ok_and(|sel| lookup(request, report, &sel).is_ok())
}

/// Everything one selector finds across the loaded documents, or why it found
/// nothing: the miss of the document that got furthest, with its suggestions.
fn lookup(request: &Request, report: &Report, sel: &Selector) -> Result<Vec<Match>, Unresolved> {
    let docs: Vec<usize> = match &sel.namespace {
        None => (0..report.documents.len()).collect(),
        Some(ns) => match report.documents.iter().position(|d| d.namespace == *ns) {
            Some(i) => vec![i],
            None => return Err(namespace_miss(request, report, sel, ns)),
        },
    };
    let mut found = Vec::new();
    let mut best_miss: Option<(usize, Miss)> = None;
    for i in docs {
        let doc = &report.documents[i];
        let outcome =
            resolve_in(doc, sel).and_then(|hits| materialize(request, doc, i, sel, &hits));
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
            code: ErrorCode::SelectorNotFound,
            reason: "No document was loaded to look in".to_owned(),
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
        code: ErrorCode::SelectorNotFound,
        reason: miss.reason,
        suggestions: miss
            .suggestions
            .into_iter()
            .map(|s| format!("{prefix}{s}"))
            .collect(),
    })
}

fn namespace_miss(request: &Request, report: &Report, sel: &Selector, ns: &str) -> Unresolved {
    let rest = sel.source.split_once("::").map_or("", |(_, r)| r);
    let mut scored: Vec<(f32, usize)> = report
        .documents
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let exact_tail = d.namespace.rsplit('/').next() == Some(ns)
                || d.namespace.ends_with(&format!("/{ns}"));
            let score = if exact_tail {
                1.0
            } else {
                crate::search::similarity(ns, &d.namespace)
            };
            (score, i)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let suggestions = scored
        .iter()
        .map(|&(_, i)| format!("{}::{rest}", report.documents[i].namespace))
        .filter(|s| finds(request, report, s))
        .take(5)
        .collect();
    let known: Vec<&str> = report
        .documents
        .iter()
        .take(10)
        .map(|d| d.namespace.as_str())
        .collect();
    Unresolved {
        selector: sel.source.clone(),
        code: ErrorCode::NamespaceNotFound,
        reason: format!(
            "no document has namespace '{ns}'; loaded: {}",
            known.join(", ")
        ),
        suggestions,
    }
}

/// Applies the query and paging to resolved nodes, giving matches with spans.
fn materialize(
    request: &Request,
    doc: &Document,
    i: usize,
    sel: &Selector,
    hits: &[Hit],
) -> Result<Vec<Match>, Miss> {
    let mut out = Vec::new();
    let mut page_miss = None;
    for hit in hits {
        let selector = canonical(doc, hit.node);
        let base = Match {
            doc: i,
            node: hit.node,
            selector: selector.clone(),
            span: doc.node(hit.node).span.clone(),
            page: None,
            page_step: false,
            cut_head: false,
            cut_tail: false,
            query: sel.query.clone(),
            score: None,
            hit: None,
        };
        let (span, cut_head, cut_tail) =
            head_tail(&doc.text, base.span.clone(), sel.query.head, sel.query.tail);
        let base = Match {
            span,
            cut_head,
            cut_tail,
            ..base
        };
        match &hit.pages {
            Some(which) => {
                let all = pages(&doc.text, base.span.clone(), request.max_words);
                let picked: Vec<usize> = match which {
                    None => (0..all.len()).collect(),
                    Some(ix) => ix.pick(all.len()),
                };
                if picked.is_empty() && page_miss.is_none() {
                    let last = all.len() - 1;
                    let from = last.saturating_sub(2);
                    page_miss = Some(Miss {
                        step: sel.steps.len() - 1,
                        reason: format!(
                            "Index out of range: {selector} has {}",
                            selector::Target::Page.noun(all.len())
                        ),
                        suggestions: (from..=last)
                            .map(|p| format!("{selector}/page.{p}{}", sel.query.suffix(false)))
                            .collect(),
                    });
                }
                let count = all.len();
                out.extend(picked.into_iter().map(|p| Match {
                    span: all[p].clone(),
                    page: Some(PageInfo { index: p, count }),
                    page_step: true,
                    ..base.clone()
                }));
            }
            None if request.full || sel.query.full => out.push(base),
            None => out.push(first_page(doc, base, request.max_words)),
        }
    }
    match (out.is_empty(), page_miss) {
        (true, Some(miss)) => Err(miss),
        _ => Ok(out),
    }
}

/// A match cut to its first page when it is over the word limit.
pub(crate) fn first_page(doc: &Document, m: Match, max_words: usize) -> Match {
    if count_words(&doc.text[m.span.clone()]) <= max_words {
        return m;
    }
    let all = pages(&doc.text, m.span.clone(), max_words);
    Match {
        span: all[0].clone(),
        page: Some(PageInfo {
            index: 0,
            count: all.len(),
        }),
        ..m
    }
}

fn search(request: &Request, query: &str, report: &mut Report) {
    report.query = Some(query.to_owned());
    let hits = crate::search::search(
        &report.documents,
        query,
        request.limit,
        request.max_words,
        request.threads,
    );
    for hit in hits {
        let doc = &report.documents[hit.doc];
        let m = Match {
            doc: hit.doc,
            node: hit.node,
            selector: canonical(doc, hit.node),
            span: doc.node(hit.node).span.clone(),
            page: None,
            page_step: false,
            cut_head: false,
            cut_tail: false,
            query: selector::Query::default(),
            score: Some(hit.score),
            hit: Some(crate::report::HitInfo {
                path: hit.path,
                preview: hit.preview,
            }),
        };
        let m = if request.full {
            m
        } else {
            first_page(doc, m, request.max_words)
        };
        report.matches.push(m);
    }
}
