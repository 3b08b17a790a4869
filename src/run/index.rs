//! `index`: each document's outline, scoped by selectors and folded or paged to
//! the budget (docs/output.md, "Text").
//!
//! Selectors scope the outline: a section (`h2.3`) shows the outline beneath
//! it, a document (`ns::*`) its whole outline, and a last step `page.K` (or
//! `page.K` alone) names a page of the outline. A document no selector finds
//! anything in has no outline. Each document becomes a compact outline on its
//! worker; the [`Folder`] keeps what may still be printed and plans the
//! outline once.

use std::io;

use super::selectors::{DocFinds, Misses, Parsed, Selectors};
use crate::call::Call;
use crate::fit::{self, CallText, DocOutline, Folder, Plan, Scope, page_selector};
use crate::load::{File, Loaded, Walk, Work};
use crate::options::Options;
use crate::report::{Event, Sink, Unresolved};
use crate::selector::{Index, Miss, Query, Reason, Selector, Step, Target, resolve_in};
use crate::source::Input;
use crate::tree::{Document, Kind, NodeId};

/// What a worker made of one document: its outline, what the selectors found
/// in it and the document itself when the sink keeps it.
/// (Boxed: results wait in a ring of slots, and most are only counted.)
struct Worked {
    outline: Option<DocOutline>,
    finds: Option<DocFinds<Vec<NodeId>>>,
    kept: Option<(Document, Option<Scope>)>,
}

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

/// Runs `index`: outline rows go to the sink as soon as they are certain to
/// be printed (once the document lines alone overflow, before the walk ends).
pub(super) fn run(
    options: &Options,
    call: &Call,
    parsed: Vec<Parsed>,
    walk: Walk,
    sink: &mut dyn Sink,
) -> io::Result<()> {
    let scoping = scoping(options, call, parsed, &walk);
    let mut misses = scoping.selectors.as_ref().map(Misses::new);
    let budget = fit::listing_budget(options);
    let mut folder = Folder::new(budget, scoping.call.clone(), scoping.page);
    let walked = walk.walked_a_directory();
    if walked {
        folder = folder.by_folders();
    }
    let keep = sink.keeps_documents();
    // Documents deep in folders that fold are only counted, unless each one
    // is wanted whole (a JSON report) or a selector looks into it.
    let may_count = !keep && scoping.selectors.is_none() && walked;
    let outlines = Outlines {
        scoping: &scoping,
        options,
        keep,
    };
    let mut loaded = 0usize;
    walk.outline(options, &outlines, |file| {
        let handed = match file {
            Ok(file) => {
                loaded += 1;
                hand_over(file, &scoping, misses.as_mut(), &mut folder, sink)
            }
            Err(failed) => sink.event(Event::Failed(failed)),
        };
        handed.map(|()| folder.counts_only_from().filter(|_| may_count))
    })?;
    let plan = folder.finish();
    sink.event(Event::Rows(plan.rows.clone()))?;
    if let Some(marker) = plan.marker.clone() {
        sink.event(Event::Marker(marker))?;
    }
    for miss in finish(&scoping, misses, &plan, loaded > 1) {
        sink.event(Event::Unresolved(miss))?;
    }
    Ok(())
}

/// What `index` makes of each document on the thread that read it.
struct Outlines<'a> {
    scoping: &'a Scoping,
    options: &'a Options,
    /// Whether the sink keeps documents.
    keep: bool,
}

impl Work for Outlines<'_> {
    type Out = Box<Worked>;
    type Scratch = ();

    fn scratch(&self) {}

    fn work(&self, (): &mut (), file: File<'_>, doc: Document) -> Box<Worked> {
        let (scope, finds) = scope_of(self.scoping, file.index, &doc);
        let outline = scope.as_ref().map(|s| {
            DocOutline::build(&doc, doc.namespace(), s, self.options.line_ranges)
                .placed(file.place.cloned())
        });
        let kept = self.keep.then_some((doc, scope));
        Box::new(Worked {
            outline,
            finds,
            kept,
        })
    }
}

/// A document's outline to the folder, and its rows that are certain to be
/// printed to the sink; a document only counted, its words.
fn hand_over(
    file: Loaded<'_, Box<Worked>>,
    scoping: &Scoping,
    misses: Option<&mut Misses>,
    folder: &mut Folder,
    sink: &mut dyn Sink,
) -> io::Result<()> {
    let Worked {
        outline,
        finds,
        kept,
    } = match file {
        Loaded::Worked(worked) => *worked,
        Loaded::Counted { words, place } => {
            folder.push_counted(words, place);
            return sink.event(Event::Loaded {
                doc: None,
                scope: None,
            });
        }
    };
    add(scoping, misses, finds);
    let (doc, scope) = kept.map_or((None, None), |(d, s)| (Some(Box::new(d)), s));
    folder.push(outline);
    let rows = folder.ready();
    sink.event(Event::Loaded { doc, scope })?;
    if rows.is_empty() {
        Ok(())
    } else {
        sink.event(Event::Rows(rows))
    }
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
    plan: &Plan,
    namespaced: bool,
) -> Vec<Unresolved> {
    let mut unresolved = Vec::new();
    if let (Some(selectors), Some(misses)) = (scoping.selectors.as_ref(), misses) {
        unresolved = misses.finish(selectors, namespaced);
    }
    unresolved.extend(scoping.errors.iter().cloned());
    let missing = plan.page_missing && unresolved.is_empty();
    if let (true, Some(text)) = (missing, &scoping.page_text) {
        let count = plan.pages.max(1);
        unresolved.push(Unresolved {
            selector: text.clone(),
            reason: Reason::OutlinePageOutOfRange { pages: count },
            suggestions: (count.saturating_sub(3)..count)
                .map(|k| page_selector(&scoping.call, k))
                .collect(),
        });
    }
    unresolved
}

/// Splits the selectors into scope selectors and a page.
fn scoping(options: &Options, call: &Call, parsed: Vec<Parsed>, walk: &Walk) -> Scoping {
    let mut scope = Vec::new();
    let mut texts = Vec::new();
    let mut page = None;
    let mut page_text = None;
    let mut errors = Vec::new();
    for p in parsed {
        let sel = match p {
            Ok(sel) => sel,
            Err(err) => {
                texts.push(err.input.clone());
                scope.push(Err(err)); // reported as a miss
                continue;
            }
        };
        if sel.steps.last().is_none_or(|s| s.target != Target::Page) {
            texts.push(sel.source.clone());
            scope.push(Ok(sel));
            continue;
        }
        match &sel.steps[sel.steps.len() - 1].index {
            Some(Index::One(k)) if page.is_none_or(|p| p == *k as usize) => {
                page = Some(*k as usize);
                page_text = Some(sel.source.clone());
            }
            _ => errors.push(Unresolved {
                selector: sel.source.clone(),
                reason: Reason::OutlineOnePage,
                suggestions: Vec::new(),
            }),
        }
        if let Some(rest) = without_page(&sel) {
            texts.push(rest.source.clone());
            scope.push(Ok(rest));
        }
    }
    let selectors = (!scope.is_empty()).then(|| {
        let routes = || walk.routes(&options.limits());
        Selectors::new(scope, &walk.namespaces(), &walk.paths(), &routes)
    });
    Scoping {
        selectors,
        page,
        page_text,
        call: CallText {
            scope: texts,
            inputs: call.inputs.iter().map(input_text).collect(),
            flags: options.call_flags.clone(),
        },
        errors,
    }
}

/// A selector without its last `page` step: `h2.3/page.1` → `h2.3`,
/// `ns::page.1` → `ns::*`, `page.1` → nothing (the whole outline).
fn without_page(sel: &Selector) -> Option<Selector> {
    let body = sel.source.split('?').next().unwrap_or(&sel.source);
    let after_ns = body.find("::").map_or(0, |p| p + 2);
    let mut steps = sel.steps.clone();
    steps.pop();
    let source = match body[after_ns..].rfind('/') {
        Some(slash) => body[..after_ns + slash].to_owned(),
        None => {
            sel.namespace.as_ref()?;
            steps.push(Step {
                target: Target::All,
                index: None,
                anchor: None,
            });
            format!("{}*", &body[..after_ns])
        }
    };
    Some(Selector {
        source,
        namespace: sel.namespace.clone(),
        steps,
        query: Query::default(),
        doc: sel.doc.clone(),
    })
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::call::{Call, Command};
    use crate::load::Walk;
    use crate::options::Options;
    use crate::render::TextSink;
    use crate::report::{Event, Sink};
    use crate::source::{Globs, Input};

    /// The text sink, asking for every document whole: then none is only
    /// counted, and every outline is built.
    struct Whole<'w>(TextSink<'w>);

    impl Sink for Whole<'_> {
        fn keeps_documents(&self) -> bool {
            true
        }

        fn event(&mut self, event: Event) -> std::io::Result<()> {
            self.0.event(event)
        }
    }

    /// `index` of `dir` as printed, with documents counted where they may be
    /// or every one parsed.
    fn index(dir: &std::path::Path, args: &[String], options: &Options, count: bool) -> String {
        let call = Call::new(
            Command::Index(args.to_vec()),
            vec![Input::Path(dir.to_path_buf())],
        );
        let mut out = Vec::new();
        let mut sink = TextSink::new(&mut out);
        if count {
            super::super::run(options, &call, &mut sink).unwrap();
        } else {
            super::super::run(options, &call, &mut Whole(sink)).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    /// The folders of a tree, shallow and deep; deep folders come before
    /// the documents beside them (`a-v2/` before `p1.md`).
    const FOLDERS: [&str; 7] = [
        "",
        "guide",
        "guide/a-v2",
        "aa/ref",
        "guide/a-v2/zh",
        "guide/a-v2/de",
        "aa/ref/old",
    ];

    /// Writes a tree of `counts[k]` documents in `FOLDERS[k]`, of a few
    /// sizes: headings, words and titles of some length.
    fn tree(counts: &[usize]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let mut i = 0;
        for (folder, &count) in FOLDERS.iter().zip(counts) {
            let path = dir.path().join(folder);
            std::fs::create_dir_all(&path).unwrap();
            for _ in 0..count {
                let mut text = format!("# Page {}\n\n", "long ".repeat(i % 4));
                for h in 0..i % 3 {
                    text.push_str(&format!(
                        "## Part {h}\n\n{}\n\n",
                        "word ".repeat(i * 7 % 40)
                    ));
                }
                std::fs::write(path.join(format!("p{i}.md")), text).unwrap();
                i += 1;
            }
        }
        dir
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(160))]

        /// Counting documents a fold cannot list prints what parsing every
        /// one prints, at any budget and number of threads, for the whole
        /// outline and its pages.
        #[test]
        fn counting_documents_prints_what_parsing_them_prints(
            counts in prop::collection::vec(0..40usize, FOLDERS.len()),
            max_words in 8..300usize,
            threads in 1..4usize,
            page in 0..3usize,
        ) {
            let dir = tree(&counts);
            let options = Options { max_words, threads, ..Options::default() };
            let args: Vec<String> = match page {
                0 => Vec::new(),
                k => vec![format!("page.{k}")],
            };
            let counted = index(dir.path(), &args, &options, true);
            let parsed = index(dir.path(), &args, &options, false);
            prop_assert_eq!(counted, parsed);
        }

        /// Words counted ahead, while the files are named, print what words
        /// counted as each file is read print.
        #[test]
        fn words_counted_ahead_print_what_counting_on_reading_prints(
            counts in prop::collection::vec(0..40usize, FOLDERS.len()),
            max_words in 8..300usize,
            threads in 1..4usize,
        ) {
            let dir = tree(&counts);
            let options = Options { max_words, threads, ..Options::default() };
            let inputs = vec![Input::Path(dir.path().to_path_buf())];
            let call = Call::new(Command::Index(Vec::new()), inputs.clone());
            let print = |walk: Walk| {
                let mut out = Vec::new();
                super::run(&options, &call, Vec::new(), walk, &mut TextSink::new(&mut out)).unwrap();
                String::from_utf8(out).unwrap()
            };
            let ahead = Walk::new(&inputs, threads, &Globs::default()).counted_ahead(&options.limits());
            prop_assert_eq!(print(ahead), print(Walk::new(&inputs, threads, &Globs::default())));
        }
    }

    /// A walk large enough to count ahead on another thread prints what one
    /// thread prints.
    #[test]
    fn an_outline_counted_ahead_is_the_outline_of_one_thread() {
        let dir = tree(&[1500, 1500, 600, 500, 400, 100, 100]);
        let outline = |threads| {
            let options = Options {
                max_words: 400,
                threads,
                ..Options::default()
            };
            index(dir.path(), &[], &options, true)
        };
        let one = outline(1);
        assert!(one.contains(" docs, "), "{one}");
        assert_eq!(outline(2), one);
        assert_eq!(outline(3), one);
    }
}
