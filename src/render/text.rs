//! The compact text format of SPEC §6: results for stdout, errors for stderr.

use std::io::{self, Write};

use super::{content, page_marker};
use crate::report::{CommandKind, Report};
use crate::search::preview;
use crate::selector::Target;
use crate::tree::{BlockKind, Document, Kind};

/// Longest search preview, in characters.
const PREVIEW_CHARS: usize = 100;

/// Writes what belongs on stdout: the index, the selected content or the hits.
pub fn write_text(report: &Report, out: &mut impl Write) -> io::Result<()> {
    match report.command {
        CommandKind::Index => {
            for doc in &report.documents {
                write_index(doc, report.namespaced(), out)?;
            }
        }
        CommandKind::Select => write_matches(report, out)?,
        CommandKind::Search => write_hits(report, out)?,
    }
    Ok(())
}

fn write_index(doc: &Document, header: bool, out: &mut impl Write) -> io::Result<()> {
    if header {
        writeln!(out, "{} {} ({}w)", doc.namespace, doc.path, doc.words())?;
    }
    if let Some(front) = doc.front() {
        writeln!(out, "front ({}w)", doc.node_words(front))?;
    }
    if let Some(root) = doc.root() {
        writeln!(out, "root ({}w)", doc.node_words(root))?;
    }
    // One line per heading; built by hand into one buffer, as formatting
    // machinery is measurable on indexes with thousands of headings.
    let mut buf = Vec::with_capacity(doc.sections().len() * 32);
    for (k, &id) in doc.sections().iter().enumerate() {
        let node = doc.node(id);
        let Kind::Section { level } = node.kind else {
            continue;
        };
        buf.extend(std::iter::repeat_n(b' ', usize::from(level - 1)));
        buf.extend_from_slice(Target::Heading(level).name().as_bytes());
        buf.push(b'.');
        push_number(&mut buf, node.ordinal as usize);
        if !doc.titles[k].is_empty() {
            buf.push(b' ');
            buf.extend_from_slice(doc.titles[k].as_bytes());
        }
        buf.extend_from_slice(b" (");
        push_number(&mut buf, doc.section_words[k]);
        buf.extend_from_slice(b"w)\n");
    }
    out.write_all(&buf)?;
    let counts: Vec<String> = BlockKind::ALL
        .iter()
        .filter(|&&k| !doc.blocks(k).is_empty())
        .map(|&k| format!("{}:{}", Target::Block(k).name(), doc.blocks(k).len()))
        .collect();
    if !counts.is_empty() {
        writeln!(out, "---")?;
        writeln!(out, "{}", counts.join(" "))?;
    }
    Ok(())
}

/// Appends the decimal digits of `n`.
fn push_number(buf: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[at..]);
}

fn write_matches(report: &Report, out: &mut impl Write) -> io::Result<()> {
    let labelled = report.matches.len() > 1;
    for m in &report.matches {
        if labelled {
            writeln!(
                out,
                "{}:",
                report.display_selector(m, m.page.filter(|_| m.page_step).map(|p| p.index))
            )?;
        }
        let first_page = m.page.is_none_or(|p| p.index == 0);
        let last_page = m.page.is_none_or(|p| p.index + 1 == p.count);
        if m.cut_tail && first_page {
            writeln!(out, "[truncated]")?;
        }
        let text = content(report, m);
        out.write_all(text.as_bytes())?;
        if !text.is_empty() && !text.ends_with(['\n', '\r']) {
            writeln!(out)?;
        }
        if m.cut_head && last_page {
            writeln!(out, "[truncated]")?;
        }
        if let Some(marker) = page_marker(report, m) {
            writeln!(out, "{marker}")?;
        }
    }
    Ok(())
}

fn write_hits(report: &Report, out: &mut impl Write) -> io::Result<()> {
    if report.matches.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "Search results for \"{}\":",
        report.query.as_deref().unwrap_or_default()
    )?;
    for m in &report.matches {
        let doc = &report.documents[m.doc];
        let percent = (m.score.unwrap_or(0.0) * 100.0).round() as u32;
        writeln!(
            out,
            "{} ({percent}% match, {}w)",
            report.display_selector(m, None),
            doc.node_words(m.node)
        )?;
        let Some(hit) = &m.hit else { continue };
        let place = match doc.node(m.node).kind {
            _ if !hit.path.is_empty() => heading_path(&hit.path),
            Kind::Front => "(front matter)".to_owned(),
            _ => "(no heading)".to_owned(),
        };
        writeln!(out, "  {place}")?;
        writeln!(out, "  {}", hit.preview)?;
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
    if report.command == CommandKind::Search
        && report.matches.is_empty()
        && !report.documents.is_empty()
    {
        writeln!(
            err,
            "No matches found for: {}",
            report.query.as_deref().unwrap_or_default()
        )?;
        let n = report.documents.len();
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

#[cfg(test)]
mod tests {
    use super::push_number;

    #[test]
    fn numbers_in_decimal() {
        for n in [0usize, 7, 10, 99, 100, 12345, usize::MAX] {
            let mut buf = Vec::new();
            push_number(&mut buf, n);
            assert_eq!(String::from_utf8(buf).unwrap(), n.to_string());
        }
    }
}
