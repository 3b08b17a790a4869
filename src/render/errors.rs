//! What belongs on stderr in the text format (docs/output.md, "Text"): file errors
//! (many failing for one reason as one line), unresolved selectors with their
//! suggestions, usage problems, an empty search and warnings, within the
//! budget, each line cut to a readable length.

use std::borrow::Cow;
use std::io::{self, Write};

use super::lines::{printable, shell_word};
use super::marked::marked;
use crate::fit::Size;
use crate::report::Report;

/// Writes what belongs on stderr: file errors, unresolved selectors, usage
/// problems, and an empty search.
pub fn write_errors(report: &Report, err: &mut impl Write) -> io::Result<()> {
    let mut entries: Vec<String> = Vec::new();
    if let Some(usage) = &report.usage_error {
        entries.push(format!(
            "!USAGE_ERROR: {}\nRun `mdsel --help` for usage.\n",
            cut_line(usage)
        ));
    }
    failed_entries(&report.failed, &mut entries);
    for u in &report.unresolved {
        entries.push(format!(
            "!{}\n{}\n{}",
            cut_line(&u.selector),
            cut_line(&u.reason.to_string()),
            suggestions(&u.suggestions)
        ));
    }
    if report.searched_in_vain() {
        let n = report.searched;
        let (noun, their) = if n == 1 {
            ("document", "its")
        } else {
            ("documents", "their")
        };
        entries.push(format!(
            "No matches found for: {}\nSearched the headings and text of {n} {noun}; list {their} sections with `mdsel index`.\n",
            cut_line(report.query.as_deref().unwrap_or_default())
        ));
    }
    for w in &report.warnings {
        entries.push(format!("warning: {}\n", cut_line(w)));
    }
    // Errors fit the budget too: entries while they fit, then one
    // line saying how many were left out.
    let budget = report.budget;
    let mut used = Size::default();
    for (k, entry) in entries.iter().enumerate() {
        let size = Size::of(entry);
        if k > 0 && !budget.fits(used + size) {
            let left = entries.len() - k;
            let noun = if left == 1 { "error" } else { "errors" };
            return writeln!(err, "[{left} more {noun} left out · all: --full]");
        }
        used += size;
        err.write_all(entry.as_bytes())?;
    }
    Ok(())
}

/// Longest line of an error, in characters: a longer one (a selector of a
/// megabyte) is quoted cut, with how much was left out.
const ERROR_LINE_CHARS: usize = 300;

/// More files than this failing for one reason are named in one line.
const FAILED_NAMED: usize = 5;

/// A line of an error, cut to [`ERROR_LINE_CHARS`].
fn cut_line(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(ERROR_LINE_CHARS) {
        None => Cow::Borrowed(text),
        Some((at, _)) => Cow::Owned(format!("{}… (+{} bytes)", &text[..at], text.len() - at)),
    }
}

/// The file errors: each with its reason and suggestions, except that many
/// files failing for one reason are one line with a count and examples
/// (`!FILE_NOT_FOUND: 20,000 files, e.g. a.md b.md c.md …`), in the place of
/// the first.
fn failed_entries(failed: &[crate::error::FailedFile], out: &mut Vec<String>) {
    let mut done: Vec<&str> = Vec::new();
    for f in failed {
        let code = f.error.code();
        let code = code.as_str();
        if done.contains(&code) {
            continue;
        }
        let same: Vec<&crate::error::FailedFile> = failed
            .iter()
            .filter(|g| g.error.code().as_str() == code)
            .collect();
        if same.len() > FAILED_NAMED {
            done.push(code);
            let examples: Vec<String> = same
                .iter()
                .take(3)
                .map(|g| cut_line(&printable(&g.path)).into_owned())
                .collect();
            out.push(format!(
                "!{code}: {} files, e.g. {} …\n{}\n",
                thousands(same.len()),
                examples.join(" "),
                cut_line(&capitalize(&f.error.to_string()))
            ));
            continue;
        }
        out.push(format!(
            "!{code}: {}\n{}\n{}",
            cut_line(&printable(&f.path)),
            cut_line(&capitalize(&f.error.to_string())),
            paths(&f.suggestions)
        ));
    }
}

/// `20,000`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The suggestions line (up to five, `~` each), or nothing.
fn suggestions(suggestions: &[String]) -> String {
    if suggestions.is_empty() {
        return String::new();
    }
    let line: Vec<String> = suggestions
        .iter()
        .take(5)
        .map(|s| marked(&cut_line(s)))
        .collect();
    format!("{}\n", line.join(" "))
}

/// The suggestions line of a missing file: paths to paste in its place, as
/// shell words (no `~`, which a shell would read as a home folder).
fn paths(paths: &[String]) -> String {
    if paths.is_empty() {
        return String::new();
    }
    let line: Vec<String> = paths
        .iter()
        .take(5)
        .map(|p| shell_word(&cut_line(p)).into_owned())
        .collect();
    format!("did you mean: {}\n", line.join(" "))
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
