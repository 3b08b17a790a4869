//! The JSON of an index (docs/output.md, "JSON"): each document's parts, headings
//! (with their anchors) and block counts, limited to what a scope outlines,
//! and the summary of them all.

use serde::Serialize;

use crate::fit::Scope;
use crate::report::Report;
use crate::selector::canonical;
use crate::tree::{BlockKind, Document, Kind, NodeId};

#[derive(Serialize)]
pub(super) struct IndexData<'a> {
    documents: Vec<DocumentOut<'a>>,
    summary: Summary,
}

#[derive(Serialize)]
struct DocumentOut<'a> {
    namespace: &'a str,
    path: &'a str,
    title: &'a str,
    words: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    root: Option<PartOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    front: Option<PartOut>,
    headings: Vec<HeadingOut<'a>>,
    blocks: Blocks,
}

#[derive(Serialize)]
struct PartOut {
    selector: &'static str,
    words: usize,
    line_start: usize,
    line_end: usize,
}

#[derive(Serialize)]
struct HeadingOut<'a> {
    selector: String,
    level: u8,
    text: &'a str,
    /// `null` when the heading has none a link could name (a title of
    /// punctuation alone slugs to nothing).
    anchor: Option<&'a str>,
    words: usize,
    line_start: usize,
    line_end: usize,
    children: usize,
}

#[derive(Serialize)]
struct Blocks {
    code: usize,
    para: usize,
    list: usize,
    table: usize,
    quote: usize,
    html: usize,
}

#[derive(Serialize)]
struct Summary {
    total_documents: usize,
    total_nodes: usize,
    total_selectors: usize,
}

pub(super) fn index_data(report: &Report) -> IndexData<'_> {
    // Documents a scope selector found nothing in have no outline.
    let scoped: Vec<(&Document, &Scope)> = report
        .documents
        .iter()
        .enumerate()
        .filter_map(|(k, d)| match report.scopes.get(k) {
            Some(scope) => scope.as_ref().map(|s| (d, s)),
            None => Some((d, &Scope::Whole)),
        })
        .collect();
    let documents: Vec<DocumentOut<'_>> = scoped
        .iter()
        .map(|&(d, scope)| document_out(d, scope))
        .collect();
    let total_nodes = scoped.iter().map(|(d, _)| d.nodes.len() - 1).sum();
    let total_selectors = scoped
        .iter()
        .map(|(d, _)| {
            let blocks: usize = BlockKind::ALL.iter().map(|&k| d.blocks(k).len()).sum();
            d.sections().len()
                + blocks
                + usize::from(d.root().is_some())
                + usize::from(d.front().is_some())
        })
        .sum();
    IndexData {
        documents,
        summary: Summary {
            total_documents: scoped.len(),
            total_nodes,
            total_selectors,
        },
    }
}

/// A document's index, its headings limited to those a scope outlines.
fn document_out<'a>(doc: &'a Document, scope: &Scope) -> DocumentOut<'a> {
    let within = |id: NodeId| match scope {
        Scope::Whole => true,
        Scope::Nodes(nodes) => nodes.iter().any(|&n| {
            let (outer, inner) = (doc.node(n).span(), doc.node(id).span());
            n == id
                || (matches!(doc.node(n).kind(), Kind::Section { .. })
                    && inner.start >= outer.start
                    && inner.end <= outer.end)
        }),
    };
    let part = |id: Option<NodeId>, selector: &'static str| {
        id.filter(|&id| within(id)).map(|id| {
            let (line_start, line_end) = doc.lines_of(&doc.node(id).span);
            PartOut {
                selector,
                words: doc.node_words(id),
                line_start,
                line_end,
            }
        })
    };
    let mut children = vec![0usize; doc.sections().len()];
    for &id in doc.sections() {
        if let Some(parent) = doc.node(id).parent.and_then(|p| doc.section_index(p)) {
            children[parent] += 1;
        }
    }
    let headings = doc
        .sections()
        .iter()
        .enumerate()
        .filter(|&(_, &id)| within(id))
        .map(|(k, &id)| {
            let node = doc.node(id);
            let (line_start, line_end) = doc.lines_of(&node.span);
            let level = match node.kind {
                Kind::Section { level } => level,
                _ => 0,
            };
            HeadingOut {
                selector: canonical(doc, id),
                level,
                text: &doc.titles[k],
                anchor: Some(doc.anchors()[k].main()).filter(|a| !a.is_empty()),
                words: doc.section_words[k],
                line_start,
                line_end,
                children: children[k],
            }
        })
        .collect();
    let count = |k| doc.blocks(k).len();
    DocumentOut {
        namespace: &doc.namespace,
        path: &doc.path,
        title: doc.doc_title(),
        words: doc.words(),
        root: part(doc.root(), "root"),
        front: part(doc.front(), "front"),
        headings,
        blocks: Blocks {
            code: count(BlockKind::Code),
            para: count(BlockKind::Paragraph),
            list: count(BlockKind::List),
            table: count(BlockKind::Table),
            quote: count(BlockKind::Quote),
            html: count(BlockKind::Html),
        },
    }
}
