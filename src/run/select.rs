//! `select`: every selector looked up in each document as it is parsed, the
//! matches fitted and handed to the sink document by document, then
//! the misses explained once all documents have been seen.
//!
//! A document's matches are copied out of it on its worker (unless the sink
//! keeps documents), so it can be dropped there.

use std::borrow::Cow;
use std::io;

use super::selectors::{DocFinds, Misses, Parsed, Selectors};
use crate::fit::{self, Match, Piece};
use crate::load::Walk;
use crate::options::Options;
use crate::report::{Event, Sink};
use crate::selector::{Miss, Selector, resolve_in};
use crate::tree::Document;

/// Runs `select`.
pub(super) fn run(
    options: &Options,
    parsed: Vec<Parsed>,
    walk: Walk,
    sink: &mut dyn Sink,
) -> io::Result<()> {
    let routes = || walk.routes(&options.limits());
    let selectors = Selectors::new(parsed, &walk.namespaces(), &walk.paths(), &routes);
    for warning in &selectors.warnings {
        sink.event(Event::Warning(warning.clone()))?;
    }
    let mut misses = Misses::new(&selectors);
    let keep = sink.keeps_documents();
    let mut loaded = 0usize;
    walk.for_each(
        options,
        |i, doc| {
            // A suggestion need only resolve; only one naming pages is paged
            // to be checked.
            let finds = selectors.look(
                i,
                &doc,
                |sel| find(options, &doc, sel),
                |sel| {
                    resolve_in(&doc, sel).is_ok_and(|hits| {
                        hits.iter().all(|h| h.pages.is_none())
                            || fit::matches(options, &doc, 0, sel, &hits).is_ok()
                    })
                },
            );
            let finds = pieces(&doc, finds, keep);
            (keep.then_some(doc), finds)
        },
        |found| match found {
            Ok((doc, mut finds)) => {
                loaded += 1;
                misses.add(&selectors, &mut finds);
                hand_over(doc, finds, sink)
            }
            Err(failed) => sink.event(Event::Failed(failed)),
        },
    )?;
    for miss in misses.finish(&selectors, loaded > 1) {
        sink.event(Event::Unresolved(miss))?;
    }
    Ok(())
}

/// A document, then its matches, selector by selector.
fn hand_over(
    doc: Option<Document>,
    finds: DocFinds<Vec<Piece<'static>>>,
    sink: &mut dyn Sink,
) -> io::Result<()> {
    sink.event(Event::Loaded {
        doc: doc.map(Box::new),
        scope: None,
    })?;
    for warning in finds.warnings {
        sink.event(Event::Warning(warning))?;
    }
    for (selector, found) in finds.found.into_iter().enumerate() {
        if let Some(Ok(found)) = found {
            for piece in found {
                sink.event(Event::Piece {
                    selector,
                    piece: Box::new(piece),
                })?;
            }
        }
    }
    Ok(())
}

fn find(options: &Options, doc: &Document, sel: &Selector) -> Result<Vec<Match>, Miss> {
    resolve_in(doc, sel).and_then(|hits| fit::matches(options, doc, 0, sel, &hits))
}

/// A document's matches as pieces: with their content copied out of it
/// unless the sink keeps the document itself.
fn pieces(
    doc: &Document,
    finds: DocFinds<Vec<Match>>,
    keep: bool,
) -> DocFinds<Vec<Piece<'static>>> {
    finds.map(|found| {
        found
            .into_iter()
            .map(|m| Piece {
                content: (!keep).then(|| Cow::Owned(doc.content(m.span.clone()).into_owned())),
                namespace: Cow::Owned(doc.namespace().to_owned()),
                m,
            })
            .collect()
    })
}
