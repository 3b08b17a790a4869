//! The JSON format (docs/output.md, "JSON"): one object, fields in a stable documented
//! order; an index's documents are `json_index`'s.

use std::io::{self, Write};

use serde::Serialize;

use super::json_index::{IndexData, index_data};
use super::matches::{content, next_page, qualify};
use crate::error::ErrorCode;
use crate::report::{CommandKind, Match, Report};
use crate::search::preview;
use crate::selector::{canonical, children_available};
use crate::tree::{Document, Kind, NodeId};

/// Longest `children_available` preview, in characters.
const CHILD_PREVIEW_CHARS: usize = 80;

#[derive(Serialize)]
struct Envelope<'a> {
    success: bool,
    command: &'static str,
    /// The path filters that narrowed the call, when any did.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    narrowed: &'a [String],
    data: Data<'a>,
    warnings: &'a [String],
    errors: Vec<FileErrorOut<'a>>,
}

#[derive(Serialize)]
struct FileErrorOut<'a> {
    code: ErrorCode,
    path: &'a str,
    message: String,
    suggestions: &'a [String],
}

#[derive(Serialize)]
struct SelectData<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    query: Option<&'a str>,
    matches: Vec<MatchOut<'a>>,
    unresolved: Vec<UnresolvedOut<'a>>,
    /// Of a search listing files (`--files`, `--count`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    files: Vec<FileOut<'a>>,
    /// Of a search: how many hits (or files) it found in all, and where this
    /// response's start among them.
    #[serde(skip_serializing_if = "Option::is_none")]
    total: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<usize>,
}

#[derive(Serialize)]
struct FileOut<'a> {
    file: &'a str,
    namespace: &'a str,
    hits: usize,
    selector: &'a str,
    line_start: usize,
    line_end: usize,
    score: f32,
}

#[derive(Serialize)]
struct MatchOut<'a> {
    selector: String,
    namespace: &'a str,
    title: &'a str,
    /// The document's path, as the caller can pass it back.
    file: &'a str,
    #[serde(rename = "type")]
    kind: &'static str,
    content: std::borrow::Cow<'a, str>,
    truncated: bool,
    children_available: Vec<ChildOut>,
    words: usize,
    line_start: usize,
    line_end: usize,
    byte_start: usize,
    byte_end: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    page: Option<PageOut>,
    /// A search hit's passage: the sentences holding its best match.
    #[serde(skip_serializing_if = "Option::is_none")]
    passage: Option<&'a str>,
    /// Whether the passage is all of the hit's text.
    #[serde(skip_serializing_if = "Option::is_none")]
    whole: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<&'a [String]>,
    /// A search hit's copies: the same text in other documents.
    #[serde(skip_serializing_if = "Option::is_none")]
    copies: Option<&'a [String]>,
}

#[derive(Serialize)]
struct ChildOut {
    selector: String,
    #[serde(rename = "type")]
    kind: &'static str,
    preview: String,
}

#[derive(Serialize)]
struct PageOut {
    index: usize,
    count: usize,
    next: Option<String>,
}

#[derive(Serialize)]
struct UnresolvedOut<'a> {
    selector: &'a str,
    code: ErrorCode,
    reason: String,
    suggestions: &'a [String],
}

/// What `data` holds: an index, or matches (select and search).
#[derive(Serialize)]
#[serde(untagged)]
enum Data<'a> {
    Index(IndexData<'a>),
    Matches(SelectData<'a>),
    Links(LinksData<'a>),
}

#[derive(Serialize)]
struct LinksData<'a> {
    links: Vec<LinkOut<'a>>,
    /// How many links the call could list in all, and where this response
    /// starts among them.
    total: usize,
    offset: usize,
    unresolved: Vec<UnresolvedOut<'a>>,
}

#[derive(Serialize)]
struct LinkOut<'a> {
    from: &'a str,
    file: &'a str,
    line: usize,
    text: &'a str,
    target: &'a str,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    suggestion: Option<&'a str>,
}

fn unresolved_out(report: &Report) -> Vec<UnresolvedOut<'_>> {
    report
        .unresolved
        .iter()
        .map(|u| UnresolvedOut {
            selector: &u.selector,
            code: u.code(),
            reason: u.reason.to_string(),
            suggestions: &u.suggestions,
        })
        .collect()
}

/// Writes the whole report as one JSON object and a newline.
pub fn write_json(report: &Report, out: &mut impl Write) -> io::Result<()> {
    let data = match report.command {
        CommandKind::Index => Data::Index(index_data(report)),
        CommandKind::Links => Data::Links(LinksData {
            links: report
                .links
                .iter()
                .map(|l| LinkOut {
                    from: &l.from,
                    file: &l.file,
                    line: l.line,
                    text: &l.text,
                    target: &l.target,
                    status: l.status.as_str(),
                    to: l.to.as_deref(),
                    reason: l.reason.as_deref(),
                    suggestion: l.suggestion.as_deref(),
                })
                .collect(),
            total: report.link_list.total,
            offset: report.view.offset,
            unresolved: unresolved_out(report),
        }),
        CommandKind::Select | CommandKind::Search => Data::Matches(SelectData {
            query: report.query.as_deref(),
            matches: report
                .matches
                .iter()
                .map(|m| match_out(report, m))
                .collect(),
            files: report
                .files
                .iter()
                .map(|f| FileOut {
                    file: &f.file,
                    namespace: &f.namespace,
                    hits: f.hits,
                    selector: &f.selector,
                    line_start: f.lines.0,
                    line_end: f.lines.1,
                    score: (f.score * 1000.0).round() / 1000.0,
                })
                .collect(),
            total: (report.command == CommandKind::Search).then_some(report.matched),
            offset: (report.command == CommandKind::Search).then_some(report.view.offset),
            unresolved: unresolved_out(report),
        }),
    };
    let envelope = Envelope {
        success: report.success(),
        command: report.command.as_str(),
        narrowed: &report.narrowed_by,
        data,
        warnings: &report.warnings,
        errors: file_errors(report),
    };
    serde_json::to_writer(&mut *out, &envelope).map_err(io::Error::from)?;
    writeln!(out)
}

fn file_errors(report: &Report) -> Vec<FileErrorOut<'_>> {
    let mut errors: Vec<FileErrorOut<'_>> = Vec::new();
    if let Some(usage) = &report.usage_error {
        errors.push(FileErrorOut {
            code: ErrorCode::UsageError,
            path: "",
            message: usage.clone(),
            suggestions: &[],
        });
    }
    errors.extend(report.failed.iter().map(|f| FileErrorOut {
        code: f.error.code(),
        path: &f.path,
        message: f.error.to_string(),
        suggestions: &f.suggestions,
    }));
    // A selector that found nothing is an error of the call too (select and
    // search also list them in `data.unresolved`).
    errors.extend(report.unresolved.iter().map(|u| FileErrorOut {
        code: u.code(),
        path: "",
        message: format!("{}: {}", u.selector, u.reason),
        suggestions: &u.suggestions,
    }));
    errors
}

fn match_out<'a>(report: &'a Report, m: &'a Match) -> MatchOut<'a> {
    let doc = &report.documents[m.doc];
    let text = content(report, m);
    let (line_start, line_end) = doc.lines_of(&m.span);
    let namespace = (report.namespaced() || m.score.is_some()).then_some(doc.namespace());
    let children_available = children_available(doc, m.node)
        .into_iter()
        .map(|c| ChildOut {
            selector: qualify(namespace, canonical(doc, c)),
            kind: crate::selector::type_name(doc, c),
            preview: child_preview(doc, c),
        })
        .collect();
    MatchOut {
        selector: report.display_selector(m, m.page.filter(|_| m.page_step).map(|p| p.index)),
        namespace: &doc.namespace,
        title: doc.doc_title(),
        file: doc.path(),
        kind: crate::selector::type_name(doc, m.node),
        words: crate::words::count_words(text.as_bytes()),
        content: text,
        truncated: m.truncated(),
        children_available,
        line_start,
        line_end,
        byte_start: m.span.start + doc.offset,
        byte_end: m.span.end + doc.offset,
        page: m.page.map(|p| PageOut {
            index: p.index,
            count: p.count,
            next: next_page(namespace, m),
        }),
        passage: m.hit.as_ref().map(|h| h.passage.as_str()),
        whole: m.hit.as_ref().map(|h| h.whole),
        score: m.score.map(|s| (s * 1000.0).round() / 1000.0),
        path: m.hit.as_ref().map(|h| h.path.as_slice()),
        copies: m
            .hit
            .as_ref()
            .map(|h| h.copies.as_slice())
            .filter(|c| !c.is_empty()),
    }
}

fn child_preview(doc: &Document, id: NodeId) -> String {
    match doc.node(id).kind {
        Kind::Section { .. } => preview(doc.title(id), CHILD_PREVIEW_CHARS),
        _ => preview(doc.slice(id), CHILD_PREVIEW_CHARS),
    }
}
