//! Selector meaning: which nodes of a document a parsed selector names.
//!
//! The first step counts document-global ordinals; later steps count relative to
//! the previous match. A miss says what was asked and what exists (a [`Reason`],
//! worded by `render`) and carries suggestions that resolve.

use std::fmt::Write as _;

use super::Reason;
use super::{Index, Selector, Step, Target};
use crate::tree::{Anchors, loose};
use crate::tree::{BlockKind, Document, Kind, NodeId};

/// A node a selector names, and which of its pages when the last step is `page`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Hit {
    pub node: NodeId,
    /// `Some(None)`: every page; `Some(Some(ix))`: the pages `ix` names.
    pub pages: Option<Option<Index>>,
}

/// Why a selector found nothing in one document.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Miss {
    /// The 0-based step that found nothing (deeper misses explain more).
    pub step: usize,
    /// What was wrong: what was asked and what exists.
    pub reason: Reason,
    /// Working selectors close to the one given, without namespace.
    pub suggestions: Vec<String>,
}

/// How many suggestions an out-of-range index gets (the nearest indices).
const NEAREST: usize = 3;
/// How many suggestions any other miss gets.
const MAX_SUGGESTIONS: usize = 5;

/// The nodes a selector names in one document, in document order, or why it
/// names none. The namespace is not checked (the caller picks the document);
/// a last `page` step gives the node it pages (pages are the fit stage's).
///
/// ```
/// let doc = mdsel::parse_document(mdsel::Source::new("g.md", "# G\n\n## A\n\n```\nx\n```\n"));
/// let sel = mdsel::parse_selector("h2.0/code.0").unwrap();
/// let nodes = mdsel::resolve(&doc, &sel).unwrap();
/// assert_eq!(doc.content(doc.node(nodes[0]).span()), "```\nx\n```\n");
/// assert!(mdsel::resolve(&doc, &mdsel::parse_selector("h2.5").unwrap()).is_err());
/// ```
pub fn resolve(doc: &Document, sel: &Selector) -> Result<Vec<NodeId>, Miss> {
    resolve_in(doc, sel).map(|hits| hits.into_iter().map(|h| h.node).collect())
}

/// Resolves a selector's steps in one document (the namespace is checked by the caller).
pub(crate) fn resolve_in(doc: &Document, sel: &Selector) -> Result<Vec<Hit>, Miss> {
    let mut current: Vec<Option<NodeId>> = vec![None];
    for (k, step) in sel.steps.iter().enumerate() {
        if step.target == Target::Page {
            let nodes = current.iter().map(|c| c.unwrap_or(NodeId::DOCUMENT));
            return Ok(nodes
                .map(|node| Hit {
                    node,
                    pages: Some(step.index.clone()),
                })
                .collect());
        }
        if let (Target::Anchor, Some(anchor)) = (step.target, &step.anchor) {
            // Only a first step (the parser sees to that).
            current = vec![Some(
                find_anchor(doc, anchor).ok_or_else(|| anchor_miss(doc, k, anchor))?,
            )];
            continue;
        }
        let mut next = Vec::new();
        let mut failure: Option<(Option<NodeId>, Vec<NodeId>)> = None;
        for &ctx in &current {
            let candidates = candidates(doc, ctx, step.target);
            match &step.index {
                None => next.extend(candidates.iter().copied()),
                Some(ix) => {
                    let picked = ix.pick(candidates.len());
                    if picked.is_empty() {
                        // `h2.5/para.68`, the block a search hit named by its
                        // ordinal in the document, inside the section before.
                        let within = global_within(doc, ctx, step.target, ix);
                        if !within.is_empty() {
                            next.extend(within);
                            continue;
                        }
                        if failure.is_none() {
                            failure = Some((ctx, candidates.clone()));
                        }
                    }
                    next.extend(picked.into_iter().map(|i| candidates[i]));
                }
            }
            if candidates.is_empty() && failure.is_none() {
                failure = Some((ctx, candidates));
            }
        }
        if next.is_empty() {
            let (ctx, candidates) = failure.unwrap_or((current[0], Vec::new()));
            return Err(miss(doc, k, ctx, step, &candidates));
        }
        next.sort_by_key(|&id| (doc.node(id).span.start, id));
        next.dedup();
        current = next.into_iter().map(Some).collect();
    }
    Ok(current
        .into_iter()
        .map(|c| Hit {
            node: c.unwrap_or(NodeId::DOCUMENT),
            pages: None,
        })
        .collect())
}

/// The document-level blocks of `target` that `ix` names by their ordinals in
/// the whole document and that lie inside the section `ctx`: a later step
/// written with the ordinal an outline or a search hit shows for the block
/// (`h3.1/para.4`, or `h3.1/para.2-4` around it).
fn global_within(doc: &Document, ctx: Option<NodeId>, target: Target, ix: &Index) -> Vec<NodeId> {
    let Some(section) = ctx.filter(|&c| matches!(doc.node(c).kind, Kind::Section { .. })) else {
        return Vec::new();
    };
    if !matches!(target, Target::Block(_)) {
        return Vec::new();
    }
    let span = doc.node(section).span.clone();
    let all = candidates(doc, None, target);
    let picked = ix.pick(all.len());
    if picked.is_empty() {
        return Vec::new();
    }
    // A range keeps whichever of its blocks are inside, as ranges do.
    picked
        .iter()
        .map(|&i| all[i])
        .filter(|&id| {
            let s = &doc.node(id).span;
            span.start <= s.start && s.end <= span.end
        })
        .collect()
}

/// The section whose heading has `anchor` (docs/links.md, "Following links"),
/// else where a link with that fragment lands ([`Document::id_section`]).
fn find_anchor(doc: &Document, anchor: &str) -> Option<NodeId> {
    find_heading(doc.anchors(), &doc.titles, anchor)
        .map(|k| doc.sections()[k])
        .or_else(|| {
            let section = doc.id_section(anchor)?;
            Some(section.map_or(NodeId::DOCUMENT, |k| doc.sections()[k]))
        })
}

/// Which heading has `anchor`, given each heading's anchors and plain title:
/// a GitHub slug or an explicit id, exactly; else ignoring case; else
/// loosely, the first heading whose anchor or text has the same letters and
/// digits (`#serverport` finds `server.port`).
pub(crate) fn find_heading(anchors: &[Anchors], titles: &[String], anchor: &str) -> Option<usize> {
    let named =
        |a: &Anchors, eq: &dyn Fn(&str) -> bool| eq(&a.slug) || a.ids.iter().any(|id| eq(id));
    let exact = |s: &str| s == anchor;
    let folded =
        |s: &str| s.eq_ignore_ascii_case(anchor) || s.to_lowercase() == anchor.to_lowercase();
    let wanted = loose(anchor);
    let by = |eq: &dyn Fn(&str) -> bool| anchors.iter().position(|a| named(a, eq));
    by(&exact).or_else(|| by(&folded)).or_else(|| {
        (!wanted.is_empty())
            .then(|| {
                (0..anchors.len()).find(|&k| {
                    loose(&titles[k]) == wanted || named(&anchors[k], &|s| loose(s) == wanted)
                })
            })
            .flatten()
    })
}

/// How many headings `anchor` matches only loosely (0 when one matches
/// exactly or ignoring case): more than one is an ambiguous link.
pub(crate) fn loose_matches(doc: &Document, anchor: &str) -> usize {
    let wanted = loose(anchor);
    let anchors = doc.anchors();
    let exact = anchors.iter().any(|a| {
        a.slug.to_lowercase() == anchor.to_lowercase()
            || a.ids
                .iter()
                .any(|id| id.to_lowercase() == anchor.to_lowercase())
    });
    if exact || wanted.is_empty() {
        return 0;
    }
    (0..doc.sections().len())
        .filter(|&k| {
            loose(&doc.titles[k]) == wanted
                || loose(&anchors[k].slug) == wanted
                || anchors[k].ids.iter().any(|id| loose(id) == wanted)
        })
        .count()
}

/// No heading has the anchor: the nearest anchors of the document, as
/// working selectors.
fn anchor_miss(doc: &Document, step: usize, anchor: &str) -> Miss {
    Miss {
        step,
        reason: Reason::NoAnchor {
            anchor: anchor.to_owned(),
            headings: doc.sections().len(),
        },
        suggestions: nearest_anchors(doc.anchors(), anchor)
            .map(anchor_selector)
            .collect(),
    }
}

/// The anchors nearest to `anchor`, nearest first (at most [`NEAREST`]).
pub(crate) fn nearest_anchors<'a>(
    anchors: &'a [Anchors],
    anchor: &str,
) -> impl Iterator<Item = &'a str> {
    let wanted = anchor.to_lowercase();
    let mut scored: Vec<(f32, usize)> = anchors
        .iter()
        .enumerate()
        .map(|(k, a)| (crate::fuzzy::name_similarity(&wanted, a.main()), k))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored
        .into_iter()
        .take(NEAREST)
        .map(move |(_, k)| anchors[k].main())
}

/// `#anchor` as a selector reads it back: the characters that end a step or
/// split selectors (`/ ? , %` and white space) percent-escaped.
pub(crate) fn anchor_selector(anchor: &str) -> String {
    let mut out = String::with_capacity(anchor.len() + 1);
    out.push('#');
    for c in anchor.chars() {
        if matches!(c, '/' | '?' | ',' | '%') || c.is_whitespace() {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The nodes a step of type `target` can pick from, in document order, inside
/// `ctx` (`None`: the document level of a first step).
fn candidates(doc: &Document, ctx: Option<NodeId>, target: Target) -> Vec<NodeId> {
    let Some(ctx) = ctx else {
        return match target {
            Target::All => vec![NodeId::DOCUMENT],
            Target::Root => doc.root().into_iter().collect(),
            Target::Front => doc.front().into_iter().collect(),
            Target::Heading(level) => doc.headings(level).to_vec(),
            Target::Section => doc.sections().to_vec(),
            Target::Block(kind) => doc.blocks(kind).to_vec(),
            Target::Item | Target::Page | Target::Anchor => Vec::new(),
        };
    };
    if target == Target::All {
        return children_available(doc, ctx);
    }
    let node = doc.node(ctx);
    match node.kind {
        Kind::Document => candidates(doc, None, target),
        Kind::Section { .. } => match target {
            Target::Heading(level) => doc.sections_in(doc.headings(level), &node.span).to_vec(),
            Target::Section => doc.sections_in(doc.sections(), &node.span).to_vec(),
            Target::Block(kind) => doc.starting_in(doc.blocks(kind), &node.span).to_vec(),
            _ => Vec::new(),
        },
        Kind::Root => match target {
            Target::Block(kind) => doc.starting_in(doc.blocks(kind), &node.span).to_vec(),
            _ => Vec::new(),
        },
        Kind::Block(BlockKind::List | BlockKind::Quote) | Kind::Item => {
            let wanted = |kind: Kind| match target {
                Target::Item => kind == Kind::Item,
                Target::Block(k) => kind == Kind::Block(k),
                _ => false,
            };
            doc.children(ctx)
                .filter(|&c| wanted(doc.node(c).kind))
                .collect()
        }
        Kind::Front | Kind::Block(_) => Vec::new(),
    }
}

/// The nodes one level below `id`, as `children_available` lists them: for the
/// document its front matter, preamble and top-level sections; for a section the
/// blocks before its first subsection and its direct subsections; for a
/// container its direct children.
pub(crate) fn children_available(doc: &Document, id: NodeId) -> Vec<NodeId> {
    let node = doc.node(id);
    match node.kind {
        Kind::Document => {
            let mut out: Vec<NodeId> = doc.front().into_iter().chain(doc.root()).collect();
            out.extend(
                doc.sections()
                    .iter()
                    .copied()
                    .filter(|&s| doc.node(s).parent.is_none()),
            );
            out
        }
        Kind::Section { .. } => {
            let subsections: Vec<NodeId> = doc
                .sections_in(doc.sections(), &node.span)
                .iter()
                .copied()
                .filter(|&s| doc.node(s).parent == Some(id))
                .collect();
            let blocks_end = subsections
                .first()
                .map_or(node.span.end, |&s| doc.node(s).span.start);
            let mut out = blocks_between(doc, node.span.start..blocks_end);
            out.extend(subsections);
            out
        }
        Kind::Root => blocks_between(doc, node.span.clone()),
        Kind::Block(BlockKind::List | BlockKind::Quote) | Kind::Item => doc.children(id).collect(),
        Kind::Front | Kind::Block(_) => Vec::new(),
    }
}

/// Document-level blocks of every kind starting inside `span`, in document order.
fn blocks_between(doc: &Document, span: std::ops::Range<usize>) -> Vec<NodeId> {
    let mut out: Vec<NodeId> = BlockKind::ALL
        .iter()
        .flat_map(|&k| doc.starting_in(doc.blocks(k), &span).iter().copied())
        .collect();
    out.sort_by_key(|&id| (doc.node(id).span.start, id));
    out
}

/// The canonical selector of a node: global shorthand for document-level nodes
/// (`h2.1`, `code.7`), a path from the outermost container for nested ones
/// (`list.0/item.3/code.0`).
pub(crate) fn canonical(doc: &Document, id: NodeId) -> String {
    // Each step's name and number, innermost first, written out at once (a
    // link listing names the block holding each link so).
    let mut steps: Vec<(&str, Option<u32>)> = Vec::new();
    let mut at = Some(id);
    while let Some(cur) = at {
        let node = doc.node(cur);
        let name = Target::of(node.kind).name();
        let number = match node.kind {
            Kind::Document => return name.to_owned(),
            Kind::Root | Kind::Front => None,
            Kind::Section { .. } | Kind::Block(_) | Kind::Item => Some(node.ordinal),
        };
        steps.push((name, number));
        at = match node.kind {
            Kind::Section { .. } => None,
            _ => node.parent,
        };
    }
    let mut out = String::new();
    for (k, &(name, number)) in steps.iter().rev().enumerate() {
        if k > 0 {
            out.push('/');
        }
        out.push_str(name);
        if let Some(number) = number {
            // (Writing to a `String` cannot fail.)
            let _ = write!(out, ".{number}");
        }
    }
    out
}

/// The type name of a node as output shows it (`h2`, `code`, `item`, `root`).
pub(crate) fn type_name(doc: &Document, id: NodeId) -> &'static str {
    Target::of(doc.node(id).kind).info().node
}

fn miss(
    doc: &Document,
    step_no: usize,
    ctx: Option<NodeId>,
    step: &Step,
    candidates: &[NodeId],
) -> Miss {
    let owner = ctx
        .filter(|&c| c != NodeId::DOCUMENT)
        .map(|c| canonical(doc, c));
    let prefix = owner.as_ref().map(|p| format!("{p}/")).unwrap_or_default();
    let make = |reason: Reason, suggestions: Vec<String>| Miss {
        step: step_no,
        reason,
        suggestions,
    };

    if step.target == Target::Item
        && !ctx.is_some_and(|c| doc.node(c).kind == Kind::Block(BlockKind::List))
    {
        // The suggestions name lists that exist: those inside the context, else
        // the document's (a table holds no list to step into).
        let inside = self::candidates(doc, ctx, Target::Block(BlockKind::List));
        let lists = if inside.is_empty() {
            doc.blocks(BlockKind::List)
        } else {
            inside.as_slice()
        };
        let suggestions = lists
            .iter()
            .take(MAX_SUGGESTIONS)
            .map(|&l| format!("{}/{}.0", canonical(doc, l), Target::Item.name()))
            .collect();
        let lists = inside.len();
        return make(Reason::ItemNeedsList { owner, lists }, suggestions);
    }
    if candidates.is_empty() {
        let suggestions = alternatives(doc, ctx, step.target);
        let target = step.target;
        return make(Reason::NoneOfType { owner, target }, suggestions);
    }
    // The NEAREST indices around the one asked for, within range.
    let index = step.index.as_ref().map_or(0, Index::anchor);
    let len = candidates.len() as u64;
    let near = NEAREST as u64;
    let from = if index >= len {
        len.saturating_sub(near)
    } else {
        index.saturating_sub(1)
    };
    let from = from.min(len.saturating_sub(near));
    let suggestions = (from..len.min(from + near))
        .map(|i| format!("{prefix}{}.{i}", step.target.name()))
        .collect();
    let reason = Reason::OutOfRange {
        owner,
        target: step.target,
        count: candidates.len(),
    };
    make(reason, suggestions)
}

/// Selectors that do resolve near a step that found no node of its type: other
/// heading levels first for a heading, then whatever the context holds.
fn alternatives(doc: &Document, ctx: Option<NodeId>, target: Target) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    match ctx.filter(|&c| c != NodeId::DOCUMENT) {
        None => {
            let mut levels: Vec<u8> = (1..=6).collect();
            if let Target::Heading(want) = target {
                levels.sort_by_key(|&l| (l.abs_diff(want), l));
            }
            let headings = levels.iter().filter_map(|&l| doc.headings(l).first());
            let blocks = BlockKind::ALL.iter().filter_map(|&k| doc.blocks(k).first());
            let mut nodes: Vec<NodeId> = if matches!(target, Target::Heading(_) | Target::Section) {
                headings.chain(blocks).copied().collect()
            } else {
                blocks.chain(headings).copied().collect()
            };
            if let Some(root) = doc.root() {
                nodes.push(root);
            }
            out.extend(nodes.into_iter().map(|n| canonical(doc, n)));
        }
        Some(c) => {
            let kids = children_available(doc, c);
            let mut seen_types = Vec::new();
            for kid in kids {
                let t = type_name(doc, kid);
                if !seen_types.contains(&t) {
                    seen_types.push(t);
                    out.push(canonical(doc, kid));
                }
            }
        }
    }
    out.truncate(MAX_SUGGESTIONS);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selector::parse;
    use crate::tree::parse_document;

    const DOC: &str = "\
intro para

# Title

para one

```sh
code zero
```

## Install

- a
- b
  - b1
  - b2

    ```
    nested code
    ```

```
code one
```

### Deep

> quote
>
> ```
> quoted code
> ```

## Usage

| a | b |
|---|---|
| 1 | 2 |

<div>html</div>
";

    fn doc() -> Document {
        parse_document(crate::source::Source::new("README.md", DOC))
    }

    fn resolve(sel: &str) -> Result<Vec<String>, Miss> {
        let d = doc();
        let sel = parse(sel).unwrap();
        resolve_in(&d, &sel).map(|hits| hits.iter().map(|h| canonical(&d, h.node)).collect())
    }

    #[test]
    fn resolves_paths_to_canonical_selectors() {
        let cases: &[(&str, &[&str])] = &[
            ("*", &["*"]),
            ("root", &["root"]),
            ("h1.0", &["h1.0"]),
            ("h2", &["h2.0", "h2.1"]),
            ("h2.1", &["h2.1"]),
            ("section.2", &["h3.0"]),
            ("section", &["h1.0", "h2.0", "h3.0", "h2.1"]),
            ("code.1", &["code.1"]),
            ("code", &["code.0", "code.1"]),
            ("code.0-99", &["code.0", "code.1"]),
            ("code.1,0", &["code.0", "code.1"]),
            ("para.0", &["para.0"]),
            ("h1.0/h2.1", &["h2.1"]),
            ("h1.0/h3", &["h3.0"]),
            ("h1.0/section", &["h2.0", "h3.0", "h2.1"]),
            ("h2.0/code.0", &["code.1"]),
            ("h2.0/quote.0", &["quote.0"]),
            ("quote.0/code.0", &["quote.0/code.0"]),
            ("list.0/item.1", &["list.0/item.1"]),
            (
                "list.0/item.1/list.0/item",
                &["list.0/item.1/list.0/item.0", "list.0/item.1/list.0/item.1"],
            ),
            (
                "list.0/item.1/list.0/item.1/code.0",
                &["list.0/item.1/list.0/item.1/code.0"],
            ),
            ("h2.0/*", &["list.0", "code.1", "h3.0"]),
            ("list.0/*", &["list.0/item.0", "list.0/item.1"]),
            ("*/*", &["root", "h1.0"]),
            ("root/para.0", &["para.0"]),
            ("h2/table.0", &["table.0"]),
            ("h2/code.0", &["code.1"]),
            ("html.0", &["html.0"]),
        ];
        for (sel, want) in cases {
            assert_eq!(
                resolve(sel).unwrap_or_else(|m| panic!("{sel}: {m:?}")),
                *want,
                "{sel}"
            );
        }
    }

    #[test]
    fn misses_explain_and_suggest() {
        let cases: &[(&str, &str, &[&str])] = &[
            (
                "h2.99",
                "Index out of range: document has 2 h2 headings",
                &["h2.0", "h2.1"],
            ),
            (
                "code.7",
                "Index out of range: document has 2 code blocks",
                &["code.0", "code.1"],
            ),
            (
                "h4.0",
                "Document has no h4 headings",
                &["h3.0", "h2.0", "h1.0", "code.0", "para.0"],
            ),
            (
                "h2.0/code.3",
                "Index out of range: h2.0 has 1 code block",
                &["h2.0/code.0"],
            ),
            (
                "h2.1/code.0",
                "h2.1 has no code blocks",
                &["table.0", "html.0"],
            ),
            (
                "item.0",
                "'item' selects the items of a list, so it must follow a list step (e.g. list.0/item.0)",
                &["list.0/item.0"],
            ),
            (
                "h2.0/item.0",
                "'item' selects the items of a list, so it must follow a list step (e.g. h2.0/list.0/item.0)",
                &["list.0/item.0"],
            ),
            // issue 8: the example in the reason and the suggestions exist.
            (
                "table.0/item.0",
                "'item' selects the items of a list, so it must follow a list step; table.0 has no lists",
                &["list.0/item.0"],
            ),
            (
                "quote.0/item.0",
                "'item' selects the items of a list, so it must follow a list step; quote.0 has no lists",
                &["list.0/item.0"],
            ),
            (
                "list.0/item.1/item.0",
                "'item' selects the items of a list, so it must follow a list step (e.g. list.0/item.1/list.0/item.0)",
                &["list.0/item.1/list.0/item.0"],
            ),
            (
                "front",
                "Document has no front matter blocks",
                &["code.0", "para.0", "list.0", "table.0", "quote.0"],
            ),
        ];
        for (sel, reason, suggestions) in cases {
            let m = resolve(sel).expect_err(sel);
            let text = m.reason.to_string();
            assert_eq!(text, *reason, "{sel}");
            assert_eq!(m.suggestions, *suggestions, "{sel}");
            for s in m.suggestions {
                assert!(resolve(&s).is_ok(), "suggestion {s} for {sel} must resolve");
            }
            if let Some((_, example)) = text.split_once("(e.g. ") {
                let example = example.trim_end_matches(')');
                assert!(
                    resolve(example).is_ok(),
                    "example {example} for {sel} must resolve"
                );
            }
        }
    }

    #[test]
    fn nearest_indices_for_out_of_range() {
        let text: String = (0..9).map(|i| format!("## S{i}\n")).collect();
        let d = parse_document(crate::source::Source::new("d.md", text));
        let sugg = |s: &str| resolve_in(&d, &parse(s).unwrap()).unwrap_err().suggestions;
        assert_eq!(sugg("h2.99"), ["h2.6", "h2.7", "h2.8"]);
        assert_eq!(sugg("h2.9"), ["h2.6", "h2.7", "h2.8"]);
        assert_eq!(sugg("h2.99/code.0"), ["h2.6", "h2.7", "h2.8"]);
    }
}
