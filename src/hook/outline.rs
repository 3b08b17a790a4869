//! `mdsel hook claude --outline`: a whole-file `Read` of big Markdown inside
//! the project becomes a read of the file's opening, with its outline beside it
//! (docs/hook.md, "Outline mode").
//!
//! Claude Code delivers a `PreToolUse` hook's context beside the tool's result,
//! so a reminder cannot save the first read; `updatedInput` can. It is asked
//! only once the reminder applies (a `Read` of Markdown over the threshold, the
//! cheap count), so only then is the file read whole and parsed. Whatever keeps
//! the outline from applying (an `offset` or `limit`: the agent chose a range; a
//! file outside `cwd`; a file mdsel refuses) answers `None`, and the caller
//! prints the reminder. It never widens a permission: `allow` is given only for
//! a file inside `cwd`, which Claude Code lets the agent read anyway, and its
//! deny rules still override a hook's `allow`.

use std::path::{Path, PathBuf};

use mdsel::{Document, Options, Source};
use serde_json::{Value, json};

/// The most lines the narrowed read returns: the opening, cut here.
pub const MAX_OPENING: usize = 40;

/// Why the hook allowed the read, as Claude Code shows it.
pub const REASON: &str = "mdsel: the outline instead of the whole file";

/// The hook's output for a whole `Read` of the big Markdown file this input
/// names, if outline mode applies; `max_words` is the response budget.
pub fn narrow(input: &Value, max_words: usize) -> Option<String> {
    if input.get("tool_name")?.as_str()? != "Read" {
        return None;
    }
    let args = input.get("tool_input")?.as_object()?;
    let ranged = |key: &str| args.get(key).is_some_and(|v| !v.is_null());
    if ranged("offset") || ranged("limit") {
        return None;
    }
    let given = args.get("file_path")?.as_str()?;
    let cwd = Path::new(input.get("cwd")?.as_str()?);
    if !cwd.is_absolute() {
        return None;
    }
    let path = cwd.join(given); // an absolute `given` replaces `cwd`
    let real = inside(&path, cwd)?;
    let doc = load(&real, &path)?;
    let lines = doc.lines_of(&(0..doc.text().len())).1;
    let limit = opening(&doc);
    let opened = match limit {
        1 => "line 1".to_owned(),
        n => format!("lines 1-{n}"),
    };
    let note = format!(
        "This Markdown file is large ({} words, {lines} lines), so mdsel narrowed this Read \
         to its opening, {opened}. Its outline follows, each part with its line range: \
         read one by selector with mdsel_select (or `mdsel select SELECTOR FILE`), or with Read \
         and offset/limit.",
        doc.words()
    );
    let outline = outline(&doc, max_words.saturating_sub(mdsel::count_words(&note)))?;
    // Claude Code replaces the whole input with `updatedInput`: keep every
    // other field the call had, and the path exactly as given.
    let mut updated = args.clone();
    updated.insert("offset".to_owned(), json!(1));
    updated.insert("limit".to_owned(), json!(limit));
    let output = json!({"hookSpecificOutput": {
        "hookEventName": "PreToolUse",
        "permissionDecision": "allow",
        "permissionDecisionReason": REASON,
        "updatedInput": updated,
        "additionalContext": format!("{note}\n{outline}"),
    }});
    Some(output.to_string())
}

/// The file behind `path`, resolved, if it lies inside `cwd` (both with every
/// symlink resolved: a link in the project to a file outside it is outside).
fn inside(path: &Path, cwd: &Path) -> Option<PathBuf> {
    let real = std::fs::canonicalize(path).ok()?;
    let dir = std::fs::canonicalize(cwd).ok()?;
    real.starts_with(&dir).then_some(real)
}

/// Reads and parses the file as `mdsel index` would, named `shown` (the path
/// markers repeat); `None` for a file mdsel refuses: over its default size
/// limit, binary, or not UTF-8.
fn load(real: &Path, shown: &Path) -> Option<Document> {
    let source = Source::read(real, shown.to_str()?, Options::default().max_bytes).ok()?;
    Some(mdsel::parse_document(source))
}

/// How many lines the narrowed read returns: the front matter and preamble,
/// everything before the first heading, at least one line and at most
/// [`MAX_OPENING`]. A file that opens with its title shows that line; the
/// outline beside it says the rest.
pub fn opening(doc: &Document) -> usize {
    let last_line = |id| doc.lines_of(&doc.node(id).span()).1;
    let front = doc.front().map_or(0, last_line);
    let root = doc.root().map_or(0, last_line);
    root.max(front).clamp(1, MAX_OPENING)
}

/// The file's outline as `mdsel index FILE` folds it to `max_words`, each line
/// with its line range.
fn outline(doc: &Document, max_words: usize) -> Option<String> {
    let mut options = Options::default();
    options.max_words = max_words.max(1);
    options.threads = 1;
    options.line_ranges = true;
    let mut out = Vec::new();
    mdsel::write_outline(&options, doc, &mut out).ok()?;
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opening_of(text: &str) -> usize {
        opening(&mdsel::parse_document(mdsel::Source::new("a.md", text)))
    }

    #[test]
    fn the_opening_is_front_matter_and_preamble() {
        // Front matter and preamble, up to the first heading.
        assert_eq!(opening_of("intro\n\n# Title\n\ntext\n"), 1);
        assert_eq!(opening_of("---\na: 1\n---\n\none\ntwo\n\n\n## H\n"), 6);
        assert_eq!(opening_of("```\n# not a heading\n```\n\n# H\n\nx\n"), 3);
        assert_eq!(opening_of("no heading at all\n"), 1);
        assert_eq!(opening_of(&"line\n\n".repeat(30)), MAX_OPENING);
        // No preamble: the first line (the title), or the front matter.
        assert_eq!(opening_of("# Title\n\nlead\n\n## A\n\nx\n"), 1);
        assert_eq!(opening_of("# Title\n## A\n"), 1);
        assert_eq!(opening_of("Title\n=====\n\nlead\n\nA\n-\n"), 1);
        assert_eq!(opening_of("---\na: 1\n---\n\n# Title\n\nlead\n\n## A\n"), 3);
        assert_eq!(opening_of("---\na: 1\n---\n"), 3);
        assert_eq!(opening_of(&format!("# T\n{}## A\n", "x\n".repeat(60))), 1);
    }
}
