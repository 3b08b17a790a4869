//! `index`: each document's outline, scoped by selectors and folded or paged to
//! the budget (SPEC §12), collected or streamed.
//!
//! Selectors scope the outline: a section (`h2.3`) shows the outline beneath
//! it, a document (`ns::*`) its whole outline, and a last step `page.K` (or
//! `page.K` alone) names a page of the outline. A document no selector finds
//! anything in has no outline. Streamed, each document becomes a compact
//! outline on its worker and is dropped; the [`Folder`] keeps what may still
//! be printed.

use std::io::{self, Write};
use std::ops::ControlFlow;

use super::load::Walk;
use super::selectors::{DocFinds, Misses, Selectors};
use crate::call::Call;
use crate::error::Reason;
use crate::fit::{Budget, CallText, DocOutline, Folder, OutlineCall, Plan, Scope, page_selector};
use crate::options::Options;
use crate::render::{marker_text, write_rows};
use crate::report::{Report, Unresolved};
use crate::selector::{self, Index, Miss, Selector, Target, resolve_in};
use crate::source::Input;
use crate::tree::{Document, Kind, NodeId};

/// A call's scope: its selectors (without the page step), and the page.
struct Scoping {
    /// `None`: every document whole.
    selectors: Option<Selectors>,
    page: Option<usize>,
    /// The selector that named the page, as given.
    page_text: Option<String>,
    call: CallText,
    /// Page steps that name no single page.
    errors: Vec<Unresolved>,
}

/// Writes the outline of one parsed document exactly as `mdsel index PATH`
/// prints it (PATH being the document's path): whole, or folded or paged to
/// the budget of `options`, its markers naming that path. For a front end that
/// already holds the document, as the Claude Code hook's outline mode does
/// (SPEC §10, with [`Options::line_ranges`]).
pub fn write_outline(options: &Options, doc: &Document, out: &mut dyn Write) -> io::Result<()> {
    let call = CallText {
        scope: Vec::new(),
        inputs: vec![doc.path().to_owned()],
    };
    let mut folder = Folder::new(Budget::of(options), call, None);
    let outline = DocOutline::build(doc, doc.namespace(), &Scope::Whole, options.line_ranges);
    folder.push(Some(outline));
    write_rows(&folder.ready(), out)?;
    let plan = folder.finish();
    write_rows(&plan.rows, out)?;
    if let Some(marker) = &plan.marker {
        out.write_all(marker_text(marker).as_bytes())?;
    }
    Ok(())
}

/// Runs `index`, keeping every document in the report.
pub(super) fn collect(
    options: &Options,
    call: &Call,
    args: &[String],
    walk: Walk,
    report: &mut Report,
) {
    let scoping = scoping(call, args, &walk);
    let mut misses = scoping.selectors.as_ref().map(Misses::new);
    let mut scopes = Vec::new();
    walk.for_each(
        options.threads,
        options.max_bytes,
        |i, doc| {
            let (scope, finds) = scope_of(&scoping, i, &doc);
            (doc, scope, finds)
        },
        |loaded| {
            match loaded {
                Ok((doc, scope, finds)) => {
                    add(&scoping, misses.as_mut(), finds);
                    report.documents.push(doc);
                    scopes.push(scope);
                }
                Err(failed) => report.failed.push(failed),
            }
            ControlFlow::Continue(())
        },
    );
    report.outline = OutlineCall {
        scopes,
        page: scoping.page,
        call: scoping.call.clone(),
        line_ranges: options.line_ranges,
    };
    // Only a page asked for can be missing; the plan says.
    let plan = scoping.page.map(|_| crate::fit::outline_plan(report));
    finish(&scoping, misses, plan.as_ref(), report.namespaced(), report);
}

/// Runs `index` and writes its text: lines of a page certain to be printed go
/// out as soon as they are.
pub(super) fn stream(
    options: &Options,
    call: &Call,
    args: &[String],
    walk: Walk,
    report: &mut Report,
    out: &mut dyn Write,
) -> io::Result<()> {
    let scoping = scoping(call, args, &walk);
    let mut misses = scoping.selectors.as_ref().map(Misses::new);
    let mut folder = Folder::new(report.budget, scoping.call.clone(), scoping.page);
    let mut loaded = 0usize;
    let mut written = Ok(());
    walk.for_each(
        options.threads,
        options.max_bytes,
        |i, doc| {
            let (scope, finds) = scope_of(&scoping, i, &doc);
            let outline =
                scope.map(|s| DocOutline::build(&doc, doc.namespace(), &s, options.line_ranges));
            (outline, finds)
        },
        |loaded_doc| {
            match loaded_doc {
                Ok((outline, finds)) => {
                    loaded += 1;
                    add(&scoping, misses.as_mut(), finds);
                    folder.push(outline);
                    let rows = folder.ready();
                    if !rows.is_empty() {
                        written = write_rows(&rows, out).and_then(|()| out.flush());
                        if written.is_err() {
                            return ControlFlow::Break(());
                        }
                    }
                }
                Err(failed) => report.failed.push(failed),
            }
            ControlFlow::Continue(())
        },
    );
    written?;
    let plan = folder.finish();
    write_rows(&plan.rows, out)?;
    if let Some(marker) = &plan.marker {
        out.write_all(marker_text(marker).as_bytes())?;
    }
    finish(&scoping, misses, Some(&plan), loaded > 1, report);
    Ok(())
}

fn add(scoping: &Scoping, misses: Option<&mut Misses>, finds: Option<DocFinds<Vec<NodeId>>>) {
    if let (Some(selectors), Some(misses), Some(mut finds)) =
        (scoping.selectors.as_ref(), misses, finds)
    {
        misses.add(selectors, &mut finds);
    }
}

/// The misses of the scope selectors, and a page past the last.
fn finish(
    scoping: &Scoping,
    misses: Option<Misses>,
    plan: Option<&Plan>,
    namespaced: bool,
    report: &mut Report,
) {
    if let (Some(selectors), Some(misses)) = (scoping.selectors.as_ref(), misses) {
        report.unresolved = misses.finish(selectors, namespaced);
    }
    report.unresolved.extend(scoping.errors.iter().cloned());
    let missing = plan.filter(|p| p.page_missing && report.unresolved.is_empty());
    if let (Some(plan), Some(text)) = (missing, &scoping.page_text) {
        let count = plan.pages.max(1);
        report.unresolved.push(Unresolved {
            selector: text.clone(),
            reason: Reason::OutlinePageOutOfRange { pages: count },
            suggestions: (count.saturating_sub(3)..count)
                .map(|k| page_selector(&scoping.call, k))
                .collect(),
        });
    }
}

/// Splits the arguments into scope selectors and a page.
fn scoping(call: &Call, args: &[String], walk: &Walk) -> Scoping {
    let mut scope = Vec::new();
    let mut page = None;
    let mut page_text = None;
    let mut errors = Vec::new();
    for text in args.iter().flat_map(|a| selector::split_selectors(a)) {
        let Ok(sel) = selector::parse(text) else {
            scope.push(text.to_owned()); // its error is reported as a miss
            continue;
        };
        let Some(last) = sel.steps.last().filter(|s| s.target == Target::Page) else {
            scope.push(text.to_owned());
            continue;
        };
        match &last.index {
            Some(Index::One(k)) if page.is_none_or(|p| p == *k as usize) => {
                page = Some(*k as usize);
                page_text = Some(text.to_owned());
            }
            _ => errors.push(Unresolved {
                selector: text.to_owned(),
                reason: Reason::OutlineOnePage,
                suggestions: Vec::new(),
            }),
        }
        scope.extend(without_page(&sel, text));
    }
    let selectors = (!scope.is_empty())
        .then(|| Selectors::parse(scope.iter().map(String::as_str), &walk.namespaces()));
    Scoping {
        selectors,
        page,
        page_text,
        call: CallText {
            scope,
            inputs: call.inputs.iter().map(input_text).collect(),
        },
        errors,
    }
}

/// A selector's text without its last `page` step: `h2.3/page.1` → `h2.3`,
/// `ns::page.1` → `ns::*`, `page.1` → nothing (the whole outline).
fn without_page(sel: &Selector, text: &str) -> Option<String> {
    let body = text.split('?').next().unwrap_or(text);
    let after_ns = body.find("::").map_or(0, |p| p + 2);
    match body[after_ns..].rfind('/') {
        Some(slash) => Some(body[..after_ns + slash].to_owned()),
        None => sel
            .namespace
            .as_ref()
            .map(|_| format!("{}*", &body[..after_ns])),
    }
}

/// An input as the user gave it, for markers that repeat the call.
fn input_text(input: &Input) -> String {
    match input {
        Input::Path(p) => p.to_string_lossy().into_owned(),
        Input::Stdin => "-".to_owned(),
        Input::Bytes { name, .. } => name.clone(),
        Input::Refused { path, .. } => path.clone(),
    }
}

/// What document `i`'s outline shows, and what the selectors found in it.
fn scope_of(
    scoping: &Scoping,
    i: usize,
    doc: &Document,
) -> (Option<Scope>, Option<DocFinds<Vec<NodeId>>>) {
    let Some(selectors) = &scoping.selectors else {
        return (Some(Scope::Whole), None);
    };
    let finds = selectors.look(i, doc, |s| outlined(doc, s), |s| outlined(doc, s).is_ok());
    let mut roots: Vec<NodeId> = finds
        .found
        .iter()
        .flatten()
        .filter_map(|r| r.as_ref().ok())
        .flatten()
        .copied()
        .collect();
    let scope = if roots.contains(&NodeId::DOCUMENT) {
        Some(Scope::Whole)
    } else if roots.is_empty() {
        None
    } else {
        roots.sort_by_key(|&id| (doc.node(id).span().start, id));
        let mut kept: Vec<NodeId> = Vec::with_capacity(roots.len());
        for id in roots {
            let inside = kept.last().is_some_and(|&k| {
                let (outer, inner) = (doc.node(k).span(), doc.node(id).span());
                k == id || (inner.start >= outer.start && inner.end <= outer.end)
            });
            if !inside {
                kept.push(id);
            }
        }
        Some(Scope::Nodes(kept))
    };
    (scope, Some(finds))
}

/// The nodes a scope selector outlines in one document: sections, front
/// matter, preamble or the whole document; a block has no outline.
fn outlined(doc: &Document, sel: &Selector) -> Result<Vec<NodeId>, Miss> {
    let hits = resolve_in(doc, sel)?;
    let nodes: Vec<NodeId> = hits
        .iter()
        .map(|h| h.node)
        .filter(|&id| {
            matches!(
                doc.node(id).kind(),
                Kind::Document | Kind::Section { .. } | Kind::Front | Kind::Root
            )
        })
        .collect();
    if let (true, Some(hit)) = (nodes.is_empty(), hits.first()) {
        return Err(Miss {
            step: sel.steps.len(),
            reason: Reason::NoOutline {
                selector: sel.source.clone(),
                target: Target::of(doc.node(hit.node).kind()),
            },
            suggestions: Vec::new(),
        });
    }
    Ok(nodes)
}
