//! The compact text format (docs/output.md, "Text"), within the budget: what belongs
//! on stdout (an outline, a selection, hits, links), written by the text sink
//! as it goes or over a collected report; stderr's lines are `errors`'.

use std::borrow::Cow;
use std::io::{self, Write};

use super::lines::{Lean, marker_text};
use super::matches::{content, page_marker, qualify};
use super::outline::write_rows;
use crate::fit::{self, Budget, Folded, Match, Piece, Selection, Size};
use crate::report::{CommandKind, Event, HitRow, Report, Sink};
use crate::tree::Kind;

/// Writes what belongs on stdout for a collected report: the index, the
/// selected content or the hits, folded, paged or cut to the report's budget,
/// exactly as the text sink wrote them while the call ran.
pub fn write_text(report: &Report, out: &mut impl Write) -> io::Result<()> {
    match report.command {
        CommandKind::Index => {
            write_rows(&report.rows, &mut Lean::default(), out)?;
            if let Some(marker) = &report.marker {
                out.write_all(marker_text(marker).as_bytes())?;
            }
            let listed = !report.rows.is_empty() || report.marker.is_some();
            write_narrowed(report, listed, out)?;
        }
        CommandKind::Select => {
            let pieces: Vec<Piece<'_>> = report
                .matches
                .iter()
                .map(|m| Piece {
                    m: m.clone(),
                    namespace: Cow::Borrowed(report.documents[m.doc].namespace()),
                    content: Some(content(report, m)),
                })
                .collect();
            write_selection(&pieces, 0, report.namespaced(), report.budget, out)?;
        }
        CommandKind::Search => {
            let hits: Vec<HitRow> = report
                .matches
                .iter()
                .map(|m| {
                    let doc = &report.documents[m.doc];
                    HitRow {
                        m: m.clone(),
                        namespace: doc.namespace().to_owned(),
                        front: doc.node(m.node).kind() == Kind::Front,
                        file: doc.path().to_owned(),
                        title: doc.title_beside_path().map(str::to_owned),
                        lines: doc.lines_of(&doc.node(m.node).span),
                    }
                })
                .collect();
            super::hits::write_hits(report, &hits, out)?;
            super::hits::write_files(report, &report.files, out)?;
            let listed = !hits.is_empty() || !report.files.is_empty();
            write_narrowed(report, listed, out)?;
        }
        CommandKind::Links => {
            super::links::write_links(report, &report.links, &report.link_list, out)?;
            write_narrowed(report, true, out)?;
        }
    }
    Ok(())
}

/// The line saying path filters narrowed an outline or a hit list, after
/// it, when something was `listed` (an outline or a hit list that is not
/// there is not narrowed).
fn write_narrowed(
    report: &Report,
    listed: bool,
    out: &mut (impl Write + ?Sized),
) -> io::Result<()> {
    match &report.narrowed {
        Some(line) if listed && report.command != CommandKind::Select => {
            out.write_all(line.as_bytes())
        }
        _ => Ok(()),
    }
}

/// The text sink: writes each part of a response as soon as it is certain
/// (outline rows at once; a selection or the hits once all are in, as the
/// budget chooses among them), and keeps a [`Report`] of what ran and what
/// went wrong, for stderr and the exit code. Documents never reach it.
pub(crate) struct TextSink<'w> {
    out: &'w mut dyn Write,
    report: Report,
    selection: Option<Selection>,
    hits: Vec<HitRow>,
    /// What the outline rows written so far said.
    lean: Lean,
    /// Whether some of an outline or a hit list was written.
    listed: bool,
}

impl<'w> TextSink<'w> {
    /// A sink writing to `out`.
    pub fn new(out: &'w mut dyn Write) -> TextSink<'w> {
        TextSink {
            out,
            report: Report::default(),
            selection: None,
            hits: Vec::new(),
            lean: Lean::default(),
            listed: false,
        }
    }

    /// What ran and what went wrong (no documents, no matches).
    pub fn into_report(self) -> Report {
        self.report
    }
}

impl Sink for TextSink<'_> {
    fn keeps_documents(&self) -> bool {
        false
    }

    fn event(&mut self, event: Event) -> io::Result<()> {
        let mut event = Some(event);
        self.report.note(&mut event);
        let Some(event) = event else { return Ok(()) };
        let budget = self.report.budget;
        match event {
            Event::Loaded { .. } => self.report.event(event)?,
            Event::Rows(rows) => {
                self.listed |= !rows.is_empty();
                write_rows(&rows, &mut self.lean, &mut self.out)?;
                self.out.flush()?;
            }
            Event::Marker(marker) => {
                self.listed = true;
                self.out.write_all(marker_text(&marker).as_bytes())?;
            }
            Event::Piece { selector, piece } => {
                let selection = self.selection.get_or_insert_with(|| Selection::new(budget));
                selection.push(selector, *piece);
            }
            Event::Hit(hit) => {
                self.report.event(Event::Hit(Box::new(HitRow {
                    m: hit.m.clone(),
                    namespace: String::new(),
                    front: false,
                    file: String::new(),
                    title: None,
                    lines: (0, 0),
                })))?;
                self.hits.push(*hit);
            }
            Event::Files(files) => {
                self.listed |= !files.is_empty();
                super::hits::write_files(&self.report, &files, &mut self.out)?;
                self.report.event(Event::Files(files))?;
            }
            Event::Links(list) => {
                self.listed = true;
                super::links::write_links(&self.report, &list.links, &list, &mut self.out)?;
                self.report.event(Event::Links(list))?;
            }
            Event::End => {
                if let Some(selection) = self.selection.take() {
                    let (pieces, more) = selection.finish();
                    let namespaced = self.report.namespaced();
                    write_selection(&pieces, more, namespaced, budget, &mut self.out)?;
                }
                if !self.hits.is_empty() {
                    self.listed = true;
                    let hits = std::mem::take(&mut self.hits);
                    super::hits::write_hits(&self.report, &hits, &mut self.out)?;
                }
                write_narrowed(&self.report, self.listed, &mut self.out)?;
                self.report.matches.clear();
            }
            _ => {}
        }
        Ok(())
    }
}

/// Writes the matches of a selection that fit the budget, then a marker naming
/// the rest. `pieces` hold every match kept (those without content cannot be
/// shown, only named); `more` counts matches past them, neither shown nor named.
pub(crate) fn write_selection(
    pieces: &[Piece<'_>],
    more: usize,
    namespaced: bool,
    budget: Budget,
    out: &mut (impl Write + ?Sized),
) -> io::Result<()> {
    let total = pieces.len() + more;
    let labelled = total > 1;
    let mut texts: Vec<String> = Vec::new();
    let names = |from: usize, count: usize| -> Vec<String> {
        pieces[from..from + count]
            .iter()
            .map(|p| piece_name(p, namespaced))
            .collect()
    };
    let marker = |shown: usize, listed: usize| {
        rest_marker(shown, total, &names(shown, listed), "matches", namespaced)
    };
    let cut = fit::choose(
        budget,
        total,
        pieces.len(),
        |k| {
            let text = piece_text(pieces.get(k)?, namespaced, labelled)?;
            let size = Size::of(&text);
            texts.push(text);
            Some(size)
        },
        |shown, listed| Size::of(&marker(shown, listed)),
    );
    for text in &texts[..cut.shown] {
        out.write_all(text.as_bytes())?;
    }
    if cut.shown < total {
        out.write_all(marker(cut.shown, cut.listed).as_bytes())?;
    }
    Ok(())
}

/// One match as printed: its label when several are, its content and markers;
/// `None` when its content was not kept.
fn piece_text(p: &Piece<'_>, namespaced: bool, labelled: bool) -> Option<String> {
    let content = p.content.as_deref()?;
    let m = &p.m;
    let namespace = namespaced.then_some(&*p.namespace);
    let mut out = String::with_capacity(content.len() + 64);
    if labelled {
        let mut label = m.selector.clone();
        if let Some(page) = m.page.filter(|_| m.page_step) {
            label.push_str(&format!("/page.{}", page.index));
        }
        out.push_str(&qualify(namespace, label));
        out.push_str(":\n");
    }
    let first_page = m.page.is_none_or(|p| p.index == 0);
    let last_page = m.page.is_none_or(|p| p.index + 1 == p.count);
    if m.cut_tail && first_page {
        out.push_str("[truncated]\n");
    }
    out.push_str(content);
    if !content.is_empty() && !content.ends_with(['\n', '\r']) {
        out.push('\n');
    }
    if m.cut_head && last_page {
        out.push_str("[truncated]\n");
    }
    if let Some(marker) = page_marker(namespace, m) {
        out.push_str(&marker);
        out.push('\n');
    }
    if let Some(folded) = &m.folded {
        out.push_str(&folded.outline);
        out.push_str(&folded_marker(namespace, m, folded));
    }
    Some(out)
}

/// `[folded: 7 subsections · whole: ns::h2.9?full=true]` after a right-sized
/// read, or `[folded: 12 link definitions · …]`, or both.
fn folded_marker(namespace: Option<&str>, m: &Match, folded: &Folded) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let mut parts = Vec::new();
    if folded.count > 0 {
        let listed = if folded.shown < folded.count {
            format!(", {} listed", folded.shown)
        } else {
            String::new()
        };
        parts.push(format!(
            "{}{listed}",
            plural(folded.count, "subsection", "subsections")
        ));
    }
    if folded.links > 0 {
        parts.push(plural(folded.links, "link definition", "link definitions"));
    }
    let whole = qualify(namespace, format!("{}?full=true", m.selector));
    format!("[folded: {} · whole: {whole}]\n", parts.join(", "))
}

/// The selector that shows this match again, as the marker lists it.
fn piece_name(p: &Piece<'_>, namespaced: bool) -> String {
    let m = &p.m;
    let mut name = m.selector.clone();
    if let Some(page) = m.page.filter(|_| m.page_step) {
        name.push_str(&format!("/page.{}", page.index));
    }
    name.push_str(&m.query.suffix(m.query.full));
    qualify(namespaced.then_some(&*p.namespace), name)
}

/// `[shown 3 of 640 matches · rest: a::h2.1 b::h2.1 … +600 more · narrow with a namespace]`
fn rest_marker(
    shown: usize,
    total: usize,
    names: &[String],
    noun: &str,
    namespaced: bool,
) -> String {
    let unnamed = total - shown - names.len();
    let mut rest = names.join(" ");
    if unnamed > 0 {
        if !rest.is_empty() {
            rest.push_str(" … ");
        }
        rest.push_str(&format!("+{unnamed} more"));
    }
    let narrow = if unnamed > 0 && namespaced {
        " · narrow with a namespace"
    } else {
        ""
    };
    format!("[shown {shown} of {total} {noun} · rest: {rest}{narrow}]\n")
}
