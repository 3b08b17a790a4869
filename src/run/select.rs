//! `select`: every selector looked up in each document as it is parsed, the
//! matches fitted (SPEC §5), then — collected or streamed — the misses
//! explained once all documents have been seen.
//!
//! Matches come in the order the selectors were given, each selector's in
//! document order (SPEC §6). Streamed, a document's matches are copied out of
//! it on its worker, and the [`Selection`] keeps the content only of those the
//! budget may still show; the rest are kept as names, for the marker.

use std::borrow::Cow;
use std::io::{self, Write};
use std::ops::ControlFlow;

use super::load::Walk;
use super::selectors::{DocFinds, Misses, Selectors};
use crate::fit::{self, Piece, Selection};
use crate::options::Options;
use crate::report::{Match, Report};
use crate::selector::{self, Miss, Selector, resolve_in};
use crate::tree::Document;

/// Runs `select`, keeping every document and match in the report.
pub(super) fn collect(options: &Options, args: &[String], walk: Walk, report: &mut Report) {
    let selectors = parse(args, &walk);
    let mut misses = Misses::new(&selectors);
    let mut matches: Vec<Vec<Match>> = (0..selectors.len()).map(|_| Vec::new()).collect();
    walk.for_each(
        options.threads,
        options.max_bytes,
        |i, doc| {
            let finds = look(options, &selectors, i, &doc);
            (doc, finds)
        },
        |loaded| {
            match loaded {
                Ok((doc, mut finds)) => {
                    misses.add(&selectors, &mut finds);
                    let d = report.documents.len();
                    report.documents.push(doc);
                    for (k, found) in finds.found.into_iter().enumerate() {
                        if let Some(Ok(found)) = found {
                            matches[k].extend(found.into_iter().map(|m| Match { doc: d, ..m }));
                        }
                    }
                }
                Err(failed) => report.failed.push(failed),
            }
            ControlFlow::Continue(())
        },
    );
    report.matches = matches.into_iter().flatten().collect();
    report.unresolved = misses.finish(&selectors, report.namespaced());
}

/// Runs `select` and writes its text, keeping only what may be shown.
pub(super) fn stream(
    options: &Options,
    args: &[String],
    walk: Walk,
    report: &mut Report,
    out: &mut dyn Write,
) -> io::Result<()> {
    let selectors = parse(args, &walk);
    let mut misses = Misses::new(&selectors);
    let mut selection = Selection::new(report.budget, selectors.len());
    let mut loaded = 0usize;
    walk.for_each(
        options.threads,
        options.max_bytes,
        |i, doc| {
            let finds = look(options, &selectors, i, &doc);
            pieces(&doc, finds)
        },
        |found| {
            match found {
                Ok(mut finds) => {
                    loaded += 1;
                    misses.add(&selectors, &mut finds);
                    for (k, found) in finds.found.into_iter().enumerate() {
                        if let Some(Ok(found)) = found {
                            found.into_iter().for_each(|p| selection.push(k, p));
                        }
                    }
                }
                Err(failed) => report.failed.push(failed),
            }
            ControlFlow::Continue(())
        },
    );
    let (pieces, more) = selection.finish();
    crate::render::write_selection(&pieces, more, loaded > 1, report.budget, out)?;
    report.unresolved = misses.finish(&selectors, loaded > 1);
    Ok(())
}

fn parse(args: &[String], walk: &Walk) -> Selectors {
    let texts = args.iter().flat_map(|a| selector::split_selectors(a));
    Selectors::parse(texts, &walk.namespaces())
}

/// What every selector finds in one document, fitted.
fn look(
    options: &Options,
    selectors: &Selectors,
    i: usize,
    doc: &Document,
) -> DocFinds<Vec<Match>> {
    selectors.look(
        i,
        doc,
        |sel| find(options, doc, sel),
        |sel| find(options, doc, sel).is_ok(),
    )
}

fn find(options: &Options, doc: &Document, sel: &Selector) -> Result<Vec<Match>, Miss> {
    resolve_in(doc, sel).and_then(|hits| fit::matches(options, doc, 0, sel, &hits))
}

/// A document's matches copied out of it, so it can be dropped.
fn pieces(doc: &Document, finds: DocFinds<Vec<Match>>) -> DocFinds<Vec<Piece<'static>>> {
    finds.map(|found| {
        found
            .into_iter()
            .map(|m| Piece {
                content: Some(Cow::Owned(doc.content(m.span.clone()).into_owned())),
                namespace: Cow::Owned(doc.namespace().to_owned()),
                m,
            })
            .collect()
    })
}
