//! The text the parser reads, made once per document: lone CRs as LFs, tabs
//! after a bare fence as spaces (in every dialect), and the body as its
//! dialect has the parser read it. Every change is one byte for one byte, so
//! offsets hold in the text.
//!
//! What a dialect changes in reading is decided here, by a match over
//! [`Dialect`] with no catch-all: a new dialect does not compile until each
//! decision is made for it (and `markup::searchable`'s, what search blanks).

use std::borrow::Cow;

use crate::paths::Dialect;

/// `text` (a document's body) as the parser reads it in `dialect`: as
/// written in Markdown, prepared in MDX (see `mdx`).
pub(crate) fn parser_text(text: &str, dialect: Dialect) -> Cow<'_, str> {
    match dialect {
        Dialect::Markdown => Cow::Borrowed(text),
        Dialect::Mdx => Cow::Owned(super::mdx::prepare(text)),
    }
}

/// Whether the parser reads a text of `dialect` as written, so that the
/// block-level pass, which reads the raw text, may read it too. A dialect the
/// parser reads prepared must say no: the pass would read its text as
/// Markdown, and the check beside it, which parses the raw text too, would
/// agree.
pub(crate) fn read_as_written(dialect: Dialect) -> bool {
    match dialect {
        Dialect::Markdown => true,
        Dialect::Mdx => false,
    }
}

/// The text the parser reads: `text` itself, or, if a line of it ends in a lone CR,
/// a copy with each such CR made a LF. CommonMark and the line arithmetic here end
/// a line there; pulldown-cmark does not always (in `# A\r```\rcode\r```\r` it
/// sees no opening fence). One byte for one byte, so every offset the parser
/// reports holds in `text`, which content is still sliced from.
pub(crate) fn lone_crs_as_lf(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut lone = memchr::memchr_iter(b'\r', bytes)
        .filter(|&i| bytes.get(i + 1) != Some(&b'\n'))
        .peekable();
    if lone.peek().is_none() {
        return Cow::Borrowed(text);
    }
    let mut copy = bytes.to_vec();
    for i in lone {
        copy[i] = b'\n';
    }
    // An ASCII byte for an ASCII byte keeps the text UTF-8.
    String::from_utf8(copy).map_or(Cow::Borrowed(text), Cow::Owned)
}

/// The text with each tab after a bare fence line's marker (up to three spaces,
/// three or more backticks or tildes, then only spaces and tabs) made a space:
/// CommonMark lets a closing fence be followed by spaces or tabs, as cmark-gfm
/// and markdown-it read it, where the parser takes only spaces. Lengths and
/// lines stay in place; an opening fence means the same either way.
pub(crate) fn fence_tabs_as_spaces(text: Cow<'_, str>) -> Cow<'_, str> {
    if memchr::memchr(b'\t', text.as_bytes()).is_none() {
        return text;
    }
    let bytes = text.as_bytes();
    let mut tabs = Vec::new();
    let mut start = 0;
    while start < bytes.len() {
        let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |k| start + k);
        let line = &bytes[start..end];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let indent = line.iter().take_while(|&&b| b == b' ').count();
        if indent <= 3 {
            let rest = &line[indent..];
            let mark = rest.first().copied().filter(|b| matches!(b, b'`' | b'~'));
            let run = mark.map_or(0, |m| rest.iter().take_while(|&&b| b == m).count());
            if run >= 3 && rest[run..].iter().all(|&b| b == b' ' || b == b'\t') {
                let at = start + indent + run;
                tabs.extend((at..at + rest.len() - run).filter(|&i| bytes[i] == b'\t'));
            }
        }
        start = end + 1;
    }
    if tabs.is_empty() {
        return text;
    }
    let mut copy = text.into_owned().into_bytes();
    for i in tabs {
        copy[i] = b' ';
    }
    // An ASCII byte for an ASCII byte keeps the text UTF-8.
    Cow::Owned(String::from_utf8(copy).expect("ASCII for ASCII"))
}
