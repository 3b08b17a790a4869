//! The block pass's line scanners: what one line is (a fence, a list marker,
//! a setext underline, an HTML block's start…), as byte predicates with no
//! state. The state machine that strings lines into blocks is `blocks`'s.

use std::ops::Range;

use memchr::{memchr, memmem};

use super::titles::{code_spans, plain};

/// One line: where it starts, its bytes (without the line end), its
/// indentation in columns and the position of its first other byte.
pub(super) struct Line<'a> {
    pub start: usize,
    pub bytes: &'a [u8],
    pub indent: usize,
    pub first: usize,
}

impl<'a> Line<'a> {
    /// `None` for a line whose indentation holds a vertical tab or a form feed,
    /// which the parser counts as blank space in some places and not others.
    pub fn new(start: usize, bytes: &'a [u8]) -> Option<Line<'a>> {
        let mut indent = 0;
        let mut first = 0;
        while let Some(&b) = bytes.get(first) {
            match b {
                b' ' => indent += 1,
                b'\t' => indent += 4 - indent % 4,
                0x0b | 0x0c => return None,
                _ => break,
            }
            first += 1;
        }
        Some(Line {
            start,
            bytes,
            indent,
            first,
        })
    }

    pub fn end(&self) -> usize {
        self.start + self.bytes.len()
    }

    pub fn is_blank(&self) -> bool {
        self.first == self.bytes.len()
    }

    /// The line past its indentation.
    pub fn rest(&self) -> &'a [u8] {
        &self.bytes[self.first..]
    }
}

/// A plain list item's marker ([`item_marker`]): its kind (`-`, `+`, `*`,
/// or an ordered item's `.` or `)`), the column its text starts at (past
/// the marker and its space), and whether it may interrupt a paragraph (a
/// bullet, or an ordered item numbered 1: `1.`, `01)`).
#[derive(Clone, Copy)]
pub(super) struct Marker {
    pub kind: u8,
    pub text: usize,
    pub interrupts: bool,
}

/// The marker of a list item whose line is one of plain text: `-`, `+` or `*`,
/// or an ordered item's `.` or `)`, then one space and text no block starts
/// with.
pub(super) fn item_marker(rest: &[u8]) -> Option<Marker> {
    let (width, kind, interrupts) = match rest[0] {
        b'-' | b'+' | b'*' => (1, rest[0], true),
        b'0'..=b'9' => {
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            let one = rest[..digits].iter().skip_while(|&&b| b == b'0').eq(b"1");
            match rest.get(digits) {
                Some(&m @ (b'.' | b')')) if digits <= 9 => (digits + 1, m, one),
                _ => return None,
            }
        }
        _ => return None,
    };
    let text = rest.get(width + 1..)?;
    (rest[width] == b' ' && continues(text)).then_some(Marker {
        kind,
        text: width + 1,
        interrupts,
    })
}

/// Whether `rest` (a line past its indentation, or an item's or a quote's
/// text) can only go on a paragraph: it starts no block (heading, fence,
/// quote, HTML, list, break, setext underline, definition, table, indented
/// code) and holds no `|`.
pub(super) fn continues(rest: &[u8]) -> bool {
    let Some(&first) = rest.first() else {
        return false;
    };
    let starts_block = match first {
        b'#' | b'>' | b'<' | b'=' | b'\t' | b' ' | 0x0b | 0x0c => true,
        b'`' | b'~' => opens_fence(rest).is_some(),
        b'-' | b'+' | b'*' | b'_' | b'0'..=b'9' => {
            list_marker(rest) || hrule(rest) || setext(rest).is_some()
        }
        // A definition, a footnote, a task or a GFM alert.
        b'[' => {
            memmem::find(rest, b"]:").is_some()
                || rest.starts_with(b"[^")
                || rest.starts_with(b"[!")
        }
        _ => false,
    };
    !starts_block && !delimiter_row(rest)
}

/// Whether `rest` could be a table's delimiter row (`|---|:--:|`): only pipes,
/// hyphens, colons, spaces and tabs, at least one pipe and one hyphen. A table
/// needs one under its head, so lines with pipes but no such row beneath make
/// no table.
pub(super) fn delimiter_row(rest: &[u8]) -> bool {
    let (mut pipe, mut hyphen) = (false, false);
    for &b in rest {
        match b {
            b'|' => pipe = true,
            b'-' => hyphen = true,
            b':' | b' ' | b'\t' => {}
            _ => return false,
        }
    }
    pipe && hyphen
}

/// Whether `rest` (past up to three spaces) is a blockquote line whose text
/// goes on a paragraph: `>`, perhaps one space, text that starts no block.
pub(super) fn quoted(rest: &[u8]) -> bool {
    let Some(text) = rest.strip_prefix(b">") else {
        return false;
    };
    let text = text.strip_prefix(b" ").unwrap_or(text);
    continues(text)
}

/// The label of a link reference definition that `line` is whole and alone,
/// in its plainest form: `[label]: destination`, perhaps a title in quotes or
/// parentheses, nothing else. No brackets or backslashes in the label, no
/// parentheses, angle brackets or backslashes in the destination; a label
/// starting `^` would be a footnote's.
pub(super) fn definition(line: &Line<'_>) -> Option<Range<usize>> {
    let rest = line.rest();
    let close = memchr(b']', rest)?;
    let label = &rest[1..close];
    let after = rest[close + 1..].strip_prefix(b":")?;
    if label.is_empty()
        || label.len() > 999
        || label[0] == b'^'
        || label.iter().any(|&b| matches!(b, b'[' | b'\\'))
        || label.trim_ascii().is_empty()
    {
        return None;
    }
    let after = after.trim_ascii_start();
    let dest = after.iter().take_while(|&&b| b > b' ' && b != 0x7f).count();
    if dest == 0
        || after[..dest]
            .iter()
            .any(|&b| matches!(b, b'(' | b')' | b'<' | b'\\'))
    {
        return None;
    }
    let title = after[dest..].trim_ascii();
    let plain_title = match title {
        [] => true,
        [open, inner @ .., close] if after[dest].is_ascii_whitespace() => {
            let end = match open {
                b'"' => b'"',
                b'\'' => b'\'',
                b'(' => b')',
                _ => return None,
            };
            *close == end && !inner.iter().any(|&b| b == end || b == *open || b == b'\\')
        }
        _ => false,
    };
    let start = line.start + line.first + 1;
    plain_title.then_some(start..start + label.len())
}

/// Whether a paragraph's next line (past its indentation, under four columns)
/// ends it.
pub(super) enum Interrupt {
    Yes,
    No,
    /// A list, a blockquote or a footnote might start here: the
    /// parser decides.
    Unsure,
}

pub(super) fn interrupts(rest: &[u8], text: &[u8], at: usize) -> Interrupt {
    let yes = |b: bool| if b { Interrupt::Yes } else { Interrupt::No };
    match rest[0] {
        b'#' => match atx(rest) {
            Some(level) => yes(level.is_some()),
            None => Interrupt::Unsure,
        },
        b'`' | b'~' => yes(opens_fence(rest).is_some()),
        b'<' => yes(html_end(text, at).is_some() || html_block_tag(&rest[1..])),
        b'_' => yes(hrule(rest)),
        b'>' => Interrupt::Unsure,
        b'[' if rest.starts_with(b"[^") => Interrupt::Unsure,
        // A plain item: one that may interrupt a paragraph does.
        b'-' | b'+' | b'*' | b'0'..=b'9' => match item_marker(rest) {
            Some(marker) => yes(marker.interrupts),
            None if list_marker(rest) || hrule(rest) => Interrupt::Unsure,
            None => Interrupt::No,
        },
        _ => Interrupt::No,
    }
}

/// An ATX heading's level, if `rest` opens one; `None` (outer) when the byte
/// after the marks is a space the parser and this pass might read apart.
pub(super) fn atx(rest: &[u8]) -> Option<Option<u8>> {
    let marks = rest.iter().take_while(|&&b| b == b'#').count();
    match rest.get(marks) {
        Some(0x0b | 0x0c) => None,
        Some(b' ' | b'\t') | None if marks <= 6 => Some(Some(marks as u8)),
        _ => Some(None),
    }
}

/// The title of an ATX heading line, if it holds no inline markup but code
/// spans ([`code_spans`]) and no closing marks to strip, and whether it
/// holds a code span.
pub(super) fn atx_title(line: &Line<'_>, level: u8) -> Option<(Range<usize>, bool)> {
    let from = line.first + usize::from(level);
    let title = line.bytes[from..].trim_ascii();
    if title.last() == Some(&b'#') {
        return None;
    }
    let code = !plain(title);
    if code && code_spans(title, |_| {}).is_none() {
        return None;
    }
    let start = line.start
        + from
        + (line.bytes[from..].len() - line.bytes[from..].trim_ascii_start().len());
    Some((start..start + title.len(), code))
}

/// A setext underline's level.
pub(super) fn setext(rest: &[u8]) -> Option<u8> {
    let level = match rest[0] {
        b'=' => 1,
        b'-' => 2,
        _ => return None,
    };
    let run = rest.iter().take_while(|&&b| b == rest[0]).count();
    rest[run..]
        .iter()
        .all(|&b| b == b' ' || b == b'\t')
        .then_some(level)
}

/// A thematic break: three or more of one of `*`, `-`, `_`, and spaces or tabs.
pub(super) fn hrule(rest: &[u8]) -> bool {
    let c = rest[0];
    let mut n = 0;
    for &b in rest {
        match b {
            b' ' | b'\t' => {}
            _ if b == c => n += 1,
            _ => return false,
        }
    }
    n >= 3
}

/// Whether `rest` starts with a list item's marker: `-`, `+` or `*`, or one to
/// nine digits and `.` or `)`, followed by a space, a tab or the line's end.
pub(super) fn list_marker(rest: &[u8]) -> bool {
    let marker = match rest[0] {
        b'-' | b'+' | b'*' => 1,
        b'0'..=b'9' => {
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits > 9 || !matches!(rest.get(digits), Some(b'.' | b')')) {
                return false;
            }
            digits + 1
        }
        _ => return false,
    };
    matches!(rest.get(marker), None | Some(b' ' | b'\t' | 0x0b | 0x0c))
}

/// A code fence's character and length, if `rest` opens one.
pub(super) fn opens_fence(rest: &[u8]) -> Option<(u8, usize)> {
    let c = *rest.first()?;
    if c != b'`' && c != b'~' {
        return None;
    }
    let len = rest.iter().take_while(|&&b| b == c).count();
    if len < 3 || (c == b'`' && memchr(b'`', &rest[len..]).is_some()) {
        return None;
    }
    Some((c, len))
}

/// Whether `line` closes a fence of `len` or more `fence` characters: under
/// four columns in, then only spaces or tabs (CommonMark; cmark-gfm,
/// markdown-it and the parser agree).
pub(super) fn closes_fence(line: &Line<'_>, fence: u8, len: usize) -> bool {
    if line.indent >= 4 || line.is_blank() {
        return false;
    }
    let rest = line.rest();
    let run = rest.iter().take_while(|&&b| b == fence).count();
    run >= len && rest[run..].iter().all(|&b| b == b' ' || b == b'\t')
}

/// The string that ends an HTML block of types 1 to 5 opening at `text[at]`
/// (a `<`), as the parser has them (case matters in the end string).
pub(super) fn html_end(text: &[u8], at: usize) -> Option<&'static str> {
    let after = &text[at + 1..];
    for (tag, end) in [
        (&b"pre"[..], "</pre>"),
        (b"style", "</style>"),
        (b"script", "</script>"),
        (b"textarea", "</textarea>"),
    ] {
        if after.len() < tag.len() {
            break;
        }
        if after[..tag.len()].eq_ignore_ascii_case(tag)
            && after
                .get(tag.len())
                .is_none_or(|&b| matches!(b, b'\t'..=b'\r' | b' ' | b'>'))
        {
            return Some(end);
        }
    }
    for (start, end) in [(&b"!--"[..], "-->"), (b"?", "?>"), (b"![CDATA[", "]]>")] {
        if after.starts_with(start) {
            return Some(end);
        }
    }
    (after.len() > 1 && after[0] == b'!' && after[1].is_ascii_alphabetic()).then_some(">")
}

/// Whether the text after a `<` opens an HTML block of type 6: one of the
/// block-level tag names, then a space, a tab, the line's end, `>` or `/>`.
pub(super) fn html_block_tag(after: &[u8]) -> bool {
    const TAGS: [&str; 62] = [
        "address",
        "article",
        "aside",
        "base",
        "basefont",
        "blockquote",
        "body",
        "caption",
        "center",
        "col",
        "colgroup",
        "dd",
        "details",
        "dialog",
        "dir",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "frame",
        "frameset",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "head",
        "header",
        "hr",
        "html",
        "iframe",
        "legend",
        "li",
        "link",
        "main",
        "menu",
        "menuitem",
        "nav",
        "noframes",
        "ol",
        "optgroup",
        "option",
        "p",
        "param",
        "search",
        "section",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "title",
        "tr",
        "track",
        "ul",
    ];
    let after = after.strip_prefix(b"/").unwrap_or(after);
    let n = after
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    let name = &after[..n];
    if !TAGS.iter().any(|t| t.as_bytes().eq_ignore_ascii_case(name)) {
        return false;
    }
    match after.get(n) {
        None | Some(b' ' | b'\t' | b'\r' | b'\n' | b'>') => true,
        Some(b'/') => after.get(n + 1) == Some(&b'>'),
        _ => false,
    }
}

pub(super) fn contains(haystack: &[u8], needle: &str) -> bool {
    memmem::find(haystack, needle.as_bytes()).is_some()
}

/// Whether a stretch for the parser may hold what a reading for sections
/// takes from it: a top-level heading, or a top-level fenced code block or
/// HTML block, which may run on past the stretch. Every line is judged by its
/// first byte past spaces and tabs, whatever container it may be in: one
/// starting with `#`, a fence's character or `<` may, and so may a setext
/// underline (`=` or `-` alone, repeated). A stretch without such a line holds
/// none of them.
pub(in crate::tree) fn may_give_sections(stretch: &str) -> bool {
    stretch.split(['\n', '\r']).any(|line| {
        let line = line.trim_start_matches([' ', '\t']).as_bytes();
        match line.first() {
            Some(b'#' | b'`' | b'~' | b'<') => true,
            Some(&c @ (b'=' | b'-')) => {
                let run = line.iter().take_while(|&&b| b == c).count();
                line[run..].iter().all(u8::is_ascii_whitespace)
            }
            _ => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atx_levels() {
        for (rest, want) in [
            (&b"# A"[..], Some(Some(1))),
            (b"###### A", Some(Some(6))),
            (b"#\tA", Some(Some(1))),
            (b"##", Some(Some(2))),
            (b"####### A", Some(None)),
            (b"#A", Some(None)),
            (b"#\x0bA", None),
        ] {
            assert_eq!(atx(rest), want, "{:?}", String::from_utf8_lossy(rest));
        }
    }

    #[test]
    fn setext_underlines_and_breaks() {
        for (rest, want) in [
            (&b"==="[..], Some(1)),
            (b"-", Some(2)),
            (b"---  \t", Some(2)),
            (b"= =", None),
            (b"--a", None),
            (b"***", None),
        ] {
            assert_eq!(setext(rest), want, "{:?}", String::from_utf8_lossy(rest));
        }
        for (rest, want) in [
            (&b"***"[..], true),
            (b"- - -", true),
            (b"_\t_ _", true),
            (b"**", false),
            (b"*-*", false),
            (b"---a", false),
        ] {
            assert_eq!(hrule(rest), want, "{:?}", String::from_utf8_lossy(rest));
        }
    }

    #[test]
    fn list_markers() {
        for (rest, want) in [
            (&b"- a"[..], true),
            (b"+\ta", true),
            (b"*", true),
            (b"1. a", true),
            (b"123456789) a", true),
            (b"1234567890. a", false),
            (b"1.a", false),
            (b"-a", false),
            (b"a. b", false),
        ] {
            assert_eq!(
                list_marker(rest),
                want,
                "{:?}",
                String::from_utf8_lossy(rest)
            );
        }
    }

    #[test]
    fn fences_open() {
        for (rest, want) in [
            (&b"```"[..], Some((b'`', 3))),
            (b"~~~~ rust", Some((b'~', 4))),
            (b"```rust", Some((b'`', 3))),
            (b"``", None),
            (b"``` a`b", None),
            (b"~~~ a`b", Some((b'~', 3))),
            (b"", None),
        ] {
            assert_eq!(
                opens_fence(rest),
                want,
                "{:?}",
                String::from_utf8_lossy(rest)
            );
        }
    }

    #[test]
    fn plain_text_and_delimiter_rows() {
        assert!(plain(b"Just words, and digits 42."));
        // A `_` within a word opens no emphasis.
        assert!(plain(b"spec.bdb_size and no_stem_2"));
        for markup in [
            "a *b*", "`c`", "[d]", "e\\", "&amp;", "<f>", "![g]", "_h", "h_", "h__i", "h_ i",
            "~~j~~",
        ] {
            assert!(!plain(markup.as_bytes()), "{markup:?}");
        }
        for (rest, want) in [
            (&b"|---|:--:|"[..], true),
            (b"--- | ---", true),
            (b"---", false),
            (b"| a |", false),
        ] {
            assert_eq!(
                delimiter_row(rest),
                want,
                "{:?}",
                String::from_utf8_lossy(rest)
            );
        }
    }
}
