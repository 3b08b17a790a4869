//! A document's title (docs/output.md, "Titles"), the first of: its front matter's `title`; the
//! text of its one top heading; its file name (for `index`, `_index` and
//! `readme`, its folder's).
//!
//! Front matter is read by a small scanner for a top-level key (`title`, and
//! the keys of a page's address) of YAML or TOML, not by a full parser: a value that is empty, a list, a map,
//! multi-line or badly quoted is no title, and the next rule applies.

use crate::paths::is_index_name;

/// Where a document's title comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TitleSource {
    /// Front matter's `title`.
    FrontMatter,
    /// The document's one top heading (section index 0).
    Heading,
    /// The file name, or the folder's name for `index`/`readme` files.
    FileName,
}

/// Longest title kept, in characters; a longer one is cut with `…`.
pub(crate) const MAX_TITLE_CHARS: usize = 200;

/// The `title` of YAML (`---`) or TOML (`+++`) front matter, folded to plain
/// text; `None` when there is none that reads as one line of text.
pub(crate) fn front_matter_title(front: &str) -> Option<String> {
    let value = fold(&plain(&front_matter_value(front, "title")?));
    (!value.is_empty()).then_some(value)
}

/// The value of the first top-level `key` of YAML (`---`) or TOML (`+++`)
/// front matter, as written; `None` when it is not one line of text.
pub(crate) fn front_matter_value(front: &str, key: &str) -> Option<String> {
    find_key(front, key)?.scalar()
}

/// The values of the first top-level `key` of front matter, as
/// [`front_matter_value`] reads one: a list (YAML's `[a, b]` or `- a` lines,
/// TOML's `["a", "b"]`) item by item, or one value.
pub(crate) fn front_matter_values(front: &str, key: &str) -> Vec<String> {
    let Some(found) = find_key(front, key) else {
        return Vec::new();
    };
    let item = |text: &str| match found.toml {
        true => toml_string(text),
        false => yaml_scalar(text, false),
    };
    let flow = (found.rest.strip_prefix('[')).and_then(|r| r.trim_end().strip_suffix(']'));
    if let Some(flow) = flow {
        return flow.split(',').filter_map(|i| item(i.trim())).collect();
    }
    if found.rest.is_empty() && !found.toml {
        let block = found.lines[found.line + 1..].iter().map_while(|l| {
            let l = l.trim_start();
            (l.starts_with("- ")).then(|| l[2..].trim())
        });
        return block.filter_map(item).collect();
    }
    found.scalar().into_iter().collect()
}

/// Where a top-level key is in front matter: its lines (past the opening
/// fence), which one holds the key, and what follows the key on it.
struct FoundKey<'a> {
    toml: bool,
    lines: Vec<&'a str>,
    line: usize,
    rest: &'a str,
}

impl FoundKey<'_> {
    /// The key's value, if it is one line of text.
    fn scalar(&self) -> Option<String> {
        // A plain YAML value continued on indented lines is multi-line.
        let continued = (self.lines.get(self.line + 1))
            .is_some_and(|next| next.starts_with([' ', '\t']) && !next.trim().is_empty());
        match self.toml {
            true => toml_string(self.rest),
            false => yaml_scalar(self.rest, continued),
        }
    }
}

/// Whether a line of front matter after its fence starts with one of
/// `keys`, as a top-level key does: read in one pass for all of them.
pub(crate) fn starts_a_line(front: &str, keys: &[&str]) -> bool {
    let bytes = front.as_bytes();
    let keyed = |at: usize| (keys.iter()).any(|key| bytes[at + 1..].starts_with(key.as_bytes()));
    memchr::memchr_iter(b'\n', bytes).any(keyed)
}

/// The first top-level `key` of YAML (`---`) or TOML (`+++`) front matter.
fn find_key<'a>(front: &'a str, key: &str) -> Option<FoundKey<'a>> {
    // Most front matter names few of the keys asked for, and is not split
    // into lines for them.
    if !starts_a_line(front, &[key]) {
        return None;
    }
    let mut lines = front.lines();
    let toml = lines.next()?.trim_end() == "+++";
    // TOML's top-level keys end at its first table.
    let lines: Vec<&str> =
        (lines.take_while(|l| !(toml && l.trim_start().starts_with('[')))).collect();
    let (line, rest) = (lines.iter().enumerate())
        .find_map(|(k, l)| key_value(l, key, toml).map(|rest| (k, rest)))?;
    Some(FoundKey {
        toml,
        lines,
        line,
        rest,
    })
}

/// The value after a top-level `key:` (YAML) or `key =` (TOML).
fn key_value<'a>(line: &'a str, key: &str, toml: bool) -> Option<&'a str> {
    let rest = line.strip_prefix(key)?;
    let rest = if toml {
        rest.trim_start().strip_prefix('=')?
    } else {
        rest.strip_prefix(':')?
    };
    (rest.is_empty() || rest.starts_with([' ', '\t'])).then(|| rest.trim())
}

/// A one-line YAML scalar: plain (a ` #` comment cut), single or double quoted.
fn yaml_scalar(value: &str, continued: bool) -> Option<String> {
    match value.chars().next()? {
        '"' => double_quoted(value),
        '\'' => single_quoted(value),
        // Lists, maps, block scalars, anchors, tags and aliases are no title.
        '[' | '{' | '|' | '>' | '&' | '*' | '!' => None,
        '-' if value == "-" || value.starts_with("- ") => None,
        _ if continued => None,
        _ => {
            let value = match value.find(" #") {
                Some(at) => &value[..at],
                None => value,
            };
            Some(value.trim().to_owned())
        }
    }
}

/// A one-line TOML string: basic (`"…"`, escapes) or literal (`'…'`).
fn toml_string(value: &str) -> Option<String> {
    if value.starts_with("\"\"\"") || value.starts_with("'''") {
        return None; // multi-line
    }
    match value.chars().next()? {
        '"' => double_quoted(value),
        '\'' => {
            let body = &value[1..];
            let end = body.find('\'')?;
            trailing_ok(&body[end + 1..]).then(|| body[..end].to_owned())
        }
        _ => None,
    }
}

/// A `"…"` string with backslash escapes, nothing but a comment after it.
fn double_quoted(value: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = value[1..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return trailing_ok(&value[i + 2..]).then_some(out),
            '\\' => {
                let (_, e) = chars.next()?;
                match e {
                    'n' | 't' | 'r' => out.push(' '),
                    '"' | '\\' | '/' => out.push(e),
                    'u' => {
                        let hex: String = (0..4)
                            .filter_map(|_| chars.next().map(|(_, h)| h))
                            .collect();
                        out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                    }
                    _ => out.push(e),
                }
            }
            _ => out.push(c),
        }
    }
    None // never closed
}

/// A `'…'` YAML string (`''` is one quote), nothing but a comment after it.
fn single_quoted(value: &str) -> Option<String> {
    let mut out = String::new();
    let body = &value[1..];
    let mut chars = body.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '\'' {
            if chars.peek().is_some_and(|&(_, n)| n == '\'') {
                chars.next();
                out.push('\'');
            } else {
                return trailing_ok(&body[i + 1..]).then_some(out);
            }
        } else {
            out.push(c);
        }
    }
    None
}

/// What may follow a quoted value on its line: nothing, or a comment.
/// A title's plain text as an outline folds a heading's (docs/output.md, "Titles"):
/// emphasis, code and link marks dropped, entities and escapes decoded,
/// formatting tags (those with their closing tag in the title: `<b>…</b>`)
/// dropped; a tag without one is the title's subject and stays
/// (MDN's `<input>: The Input element`). Titles without a mark are as written.
fn plain(value: &str) -> std::borrow::Cow<'_, str> {
    use pulldown_cmark::{Event, Parser};
    if !value.contains(['*', '_', '`', '&', '<', '[', '\\', '~']) {
        return std::borrow::Cow::Borrowed(value);
    }
    // Read as a heading's text: one line, no other block can start there.
    let line = format!("# {}", value.replace(['\n', '\r'], " "));
    let closed = |name: &str| value.to_ascii_lowercase().contains(&format!("</{name}"));
    let mut out = String::with_capacity(value.len());
    for event in Parser::new_ext(&line, crate::tree::options::options()) {
        match event {
            Event::Text(t) | Event::Code(t) => out.push_str(&t),
            Event::InlineHtml(tag) | Event::Html(tag) => {
                let name: String = tag
                    .trim_start_matches('<')
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                let kept = !tag.starts_with("</") && !name.is_empty() && !closed(&name);
                if kept {
                    out.push_str(&tag);
                }
            }
            Event::SoftBreak | Event::HardBreak => out.push(' '),
            _ => {}
        }
    }
    std::borrow::Cow::Owned(out)
}

fn trailing_ok(rest: &str) -> bool {
    let rest = rest.trim();
    rest.is_empty() || rest.starts_with('#')
}

/// A title as an outline folds heading text: control characters and whitespace runs
/// become one space, and past [`MAX_TITLE_CHARS`] it is cut with `…`.
pub(crate) fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4 * MAX_TITLE_CHARS));
    let mut chars = 0;
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() || c.is_control() {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            chars += 1;
            space = false;
        }
        if chars == MAX_TITLE_CHARS {
            out.push('…');
            return out;
        }
        out.push(c);
        chars += 1;
    }
    out
}

/// The title a file's name gives: its name without the last extension; for
/// `index`, `_index` and `readme` (any case), the name of its folder.
pub(crate) fn file_title(path: &str) -> String {
    if path == "-" {
        return "stdin".to_owned();
    }
    let mut parts = path
        .rsplit(['/', '\\'])
        .filter(|p| !p.is_empty() && *p != ".");
    let file = parts.next().unwrap_or(path);
    let stem = file.rsplit_once('.').map_or(file, |(s, _)| s);
    let generic = is_index_name(file);
    match parts.next().filter(|_| generic).filter(|p| *p != "..") {
        Some(folder) => fold(folder),
        None => fold(stem),
    }
}

/// A heading's title as outlines and search show it: template markup left
/// out, whitespace runs folded to one space, the ends trimmed.
pub(crate) fn plain_title(title: &str) -> String {
    match crate::tree::dialect::without_templates(title) {
        Some(bare) => fold_whitespace(&bare),
        None => fold_whitespace(title),
    }
}

/// Folds whitespace runs to one space and trims the ends.
fn fold_whitespace(s: &str) -> String {
    // Most titles are printable ASCII words between single spaces, already
    // folded.
    let mut space = true; // as if after a space: no leading one
    let folded = s.bytes().all(|b| {
        let ok = (0x20..0x7f).contains(&b) && !(b == b' ' && space);
        space = b == b' ';
        ok
    });
    if folded && !space {
        return s.to_owned();
    }
    // A control or bidirectional formatting character (an escape sequence
    // that clears a terminal, U+202E) is a space, as whitespace is.
    let mut out = String::with_capacity(s.len());
    let apart = |c: char| c.is_whitespace() || crate::namespace::garbles(c);
    for word in s.split(apart).filter(|w| !w.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_matter_titles() {
        let cases: &[(&str, Option<&str>)] = &[
            (
                "---\ntitle: Array.prototype.map()\nslug: x\n---\n",
                Some("Array.prototype.map()"),
            ),
            (
                "---\ntitle: \"Quoted: \\\"yes\\\"\"\n---\n",
                Some("Quoted: \"yes\""),
            ),
            ("---\ntitle: 'It''s here' # note\n---\n", Some("It's here")),
            ("---\ntitle: Plain # a comment\n---\n", Some("Plain")),
            (
                "+++\ntitle = \"Solar panels\"\n[params]\ntitle = \"no\"\n+++\n",
                Some("Solar panels"),
            ),
            ("+++\ntitle = 'Literal'\n+++\n", Some("Literal")),
            ("+++\n[params]\ntitle = \"nested\"\n+++\n", None),
            ("---\ntitle:\n---\n", None),
            ("---\ntitle: \"\"\n---\n", None),
            ("---\ntitle: [a, b]\n---\n", None),
            ("---\ntitle:\n  - a\n---\n", None),
            ("---\ntitle: >\n  folded\n---\n", None),
            ("---\ntitle: first\n  second line\n---\n", None),
            ("---\ntitle: \"unclosed\n---\n", None),
            // Issue 38: plain text as a heading's, a tag that names the
            // subject kept.
            (
                "---\ntitle: The *big* `map` & **more**\n---\n",
                Some("The big map & more"),
            ),
            (
                "---\ntitle: Tom &amp; Jerry&#39;s <b>best</b>\n---\n",
                Some("Tom & Jerry's best"),
            ),
            (
                "---\ntitle: \"<input>: The Input (Form Input) element\"\n---\n",
                Some("<input>: The Input (Form Input) element"),
            ),
            (
                "---\ntitle: \"<td>: the cell, <em>not</em> the row\"\n---\n",
                Some("<td>: the cell, not the row"),
            ),
            (
                "---\ntitle: A [link](x.md) and a_snake_name\n---\n",
                Some("A link and a_snake_name"),
            ),
            (
                "---\ntitle: 1. Getting started\n---\n",
                Some("1. Getting started"),
            ),
            ("---\ntitle: 'bad' trailing\n---\n", None),
            ("---\n  title: indented\n---\n", None),
            ("---\ntitles: no\nsubtitle: no\n---\n", None),
            ("---\ntitle: \"tab\\tand\\u00e9\"\n---\n", Some("tab andé")),
        ];
        for (front, want) in cases {
            assert_eq!(front_matter_title(front).as_deref(), *want, "{front}");
        }
    }

    #[test]
    fn folding_and_cutting() {
        assert_eq!(fold("  a \u{7}\tb\n c "), "a b c");
        let long = "x".repeat(300);
        let cut = fold(&long);
        assert_eq!(cut.chars().count(), MAX_TITLE_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(
            fold(&"y".repeat(MAX_TITLE_CHARS)),
            "y".repeat(MAX_TITLE_CHARS)
        );
    }

    #[test]
    fn file_titles() {
        let cases = [
            ("docs/Internal links.md", "Internal links"),
            ("web/array/map/index.md", "map"),
            ("content/en/docs/_index.md", "docs"),
            ("README.md", "README"),
            ("api/Readme.markdown", "api"),
            ("./guide.mdx", "guide"),
            ("-", "stdin"),
        ];
        for (path, want) in cases {
            assert_eq!(file_title(path), want, "{path}");
        }
    }

    #[test]
    fn folding_leaves_folded_titles_as_they_are_and_folds_the_rest() {
        let cases = [
            "Title",
            "Two words",
            "",
            " ",
            " lead",
            "trail ",
            "two  spaces",
            "tab\there",
            "line\nbreak",
            "vertical\u{b}tab",
            "no\u{a0}break",
            "caf\u{e9} au lait",
            "\u{3000}ideographic",
            "a\r\nb",
        ];
        for case in cases {
            let want = case
                .split(char::is_whitespace)
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join(" ");
            assert_eq!(fold_whitespace(case), want, "{case:?}");
        }
        // Controls that would drive a terminal are no part of a title.
        assert_eq!(
            fold_whitespace("Title \u{1b}[2J\u{1b}]0;pwned\u{7} x\u{202e}y"),
            "Title [2J ]0;pwned x y"
        );
    }
}
