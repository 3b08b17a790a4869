//! The compact text format of SPEC §6, within the budget of §12: results for
//! stdout, errors for stderr.

use std::borrow::Cow;
use std::io::{self, Write};

use super::outline::{marker_text, write_rows};
use super::{content, page_marker};
use crate::fit::{self, Budget, Piece, Size};
use crate::report::{CommandKind, Report};
use crate::search::preview;
use crate::tree::Kind;

/// Longest search preview, in characters.
const PREVIEW_CHARS: usize = 100;

/// Writes what belongs on stdout: the index, the selected content or the hits,
/// folded, paged or cut to the report's budget.
pub fn write_text(report: &Report, out: &mut impl Write) -> io::Result<()> {
    match report.command {
        CommandKind::Index => {
            let plan = fit::outline_plan(report);
            write_rows(&plan.rows, out)?;
            if let Some(marker) = &plan.marker {
                out.write_all(marker_text(marker).as_bytes())?;
            }
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
        CommandKind::Search => write_hits(report, out)?,
    }
    Ok(())
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
    let prefix = prefix(p, namespaced);
    let mut out = String::with_capacity(content.len() + 64);
    if labelled {
        out.push_str(&prefix);
        out.push_str(&m.selector);
        if let Some(page) = m.page.filter(|_| m.page_step) {
            out.push_str(&format!("/page.{}", page.index));
        }
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
    if let Some(marker) = page_marker(&prefix, m) {
        out.push_str(&marker);
        out.push('\n');
    }
    Some(out)
}

fn prefix(p: &Piece<'_>, namespaced: bool) -> String {
    if namespaced {
        format!("{}::", p.namespace)
    } else {
        String::new()
    }
}

/// The selector that shows this match again, as the marker lists it.
fn piece_name(p: &Piece<'_>, namespaced: bool) -> String {
    let m = &p.m;
    let mut name = prefix(p, namespaced);
    name.push_str(&m.selector);
    if let Some(page) = m.page.filter(|_| m.page_step) {
        name.push_str(&format!("/page.{}", page.index));
    }
    name.push_str(&m.query.suffix(m.query.full));
    name
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

fn write_hits(report: &Report, out: &mut impl Write) -> io::Result<()> {
    if report.matches.is_empty() {
        return Ok(());
    }
    let heading = format!(
        "Search results for \"{}\":\n",
        report.query.as_deref().unwrap_or_default()
    );
    let hits: Vec<String> = report
        .matches
        .iter()
        .map(|m| {
            let doc = &report.documents[m.doc];
            let percent = (m.score.unwrap_or(0.0) * 100.0).round() as u32;
            let mut hit = format!(
                "{} ({percent}% match, {}w)\n",
                report.display_selector(m, None),
                doc.node_words(m.node)
            );
            if let Some(info) = &m.hit {
                let place = match doc.node(m.node).kind {
                    _ if !info.path.is_empty() => heading_path(&info.path),
                    Kind::Front => "(front matter)".to_owned(),
                    _ => "(no heading)".to_owned(),
                };
                hit.push_str(&format!("  {place}\n  {}\n", info.preview));
            }
            hit
        })
        .collect();
    let names: Vec<String> = report
        .matches
        .iter()
        .map(|m| report.display_selector(m, None))
        .collect();
    let total = hits.len();
    let marker = |shown: usize, listed: usize| {
        rest_marker(shown, total, &names[shown..shown + listed], "hits", false)
    };
    let budget = report.budget.less(Size::of(&heading));
    let cut = fit::choose(
        budget,
        total,
        total,
        |k| Some(Size::of(&hits[k])),
        |shown, listed| Size::of(&marker(shown, listed)),
    );
    out.write_all(heading.as_bytes())?;
    for hit in &hits[..cut.shown] {
        out.write_all(hit.as_bytes())?;
    }
    if cut.shown < total {
        out.write_all(marker(cut.shown, cut.listed).as_bytes())?;
    }
    Ok(())
}

/// `Usage > Download Options`, outer titles dropped (`… >`) to fit the preview length.
fn heading_path(path: &[String]) -> String {
    for skip in 0..path.len() {
        let mut line = path[skip..].join(" > ");
        if skip > 0 {
            line.insert_str(0, "… > ");
        }
        if line.chars().count() <= PREVIEW_CHARS {
            return line;
        }
    }
    preview(&path[path.len() - 1], PREVIEW_CHARS)
}

/// Writes what belongs on stderr: file errors, unresolved selectors, usage
/// problems, and an empty search.
pub fn write_errors(report: &Report, err: &mut impl Write) -> io::Result<()> {
    if let Some(usage) = &report.usage_error {
        writeln!(err, "!USAGE_ERROR: {usage}")?;
        writeln!(err, "Run `mdsel --help` for usage.")?;
    }
    for f in &report.failed {
        writeln!(err, "!{}: {}", f.error.code(), f.path)?;
        writeln!(err, "{}", capitalize(&f.error.to_string()))?;
        write_suggestions(&f.suggestions, err)?;
    }
    for u in &report.unresolved {
        writeln!(err, "!{}", u.selector)?;
        writeln!(err, "{}", u.reason)?;
        write_suggestions(&u.suggestions, err)?;
    }
    if report.command == CommandKind::Search && report.matches.is_empty() && report.searched > 0 {
        writeln!(
            err,
            "No matches found for: {}",
            report.query.as_deref().unwrap_or_default()
        )?;
        let n = report.searched;
        let (noun, their) = if n == 1 {
            ("document", "its")
        } else {
            ("documents", "their")
        };
        writeln!(
            err,
            "Searched the headings and text of {n} {noun}; list {their} sections with `mdsel index`."
        )?;
    }
    for w in &report.warnings {
        writeln!(err, "warning: {w}")?;
    }
    Ok(())
}

fn write_suggestions(suggestions: &[String], err: &mut impl Write) -> io::Result<()> {
    if suggestions.is_empty() {
        return Ok(());
    }
    let line: Vec<String> = suggestions
        .iter()
        .take(5)
        .map(|s| format!("~{s}"))
        .collect();
    writeln!(err, "{}", line.join(" "))
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
