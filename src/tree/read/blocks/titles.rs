//! A heading's title as the block-level pass reads it: text with no inline
//! markup ([`plain`]), or with code spans alone, whose contents it reads as
//! the parser does ([`code_title`]).

use std::ops::Range;

/// Whether inline parsing leaves `text` as it is (but for its whitespace): no
/// byte that opens markup, an escape, an entity or a break, and no `_` but
/// within a word (`bdb_size`), where it neither opens nor closes emphasis.
pub(super) fn plain(text: &[u8]) -> bool {
    memchr::memchr(b'`', text).is_none() && plain_but_backticks(text)
}

/// [`plain`], but for backticks (in a text where no run of them opens a
/// code span).
fn plain_but_backticks(text: &[u8]) -> bool {
    let within_word = |i: usize| {
        i > 0
            && text[i - 1].is_ascii_alphanumeric()
            && text.get(i + 1).is_some_and(u8::is_ascii_alphanumeric)
    };
    !(text.iter().enumerate()).any(|(i, &b)| match b {
        b'\\' | b'*' | b'~' | b'[' | b']' | b'<' | b'&' | b'!' | 0 => true,
        b'_' => !within_word(i),
        _ => false,
    })
}

/// The title a heading's text (`text`, its only markup code spans) gives,
/// as the parser's events give it: its text and the spans' contents
/// (whitespace not yet folded).
pub(crate) fn code_title(text: &str) -> String {
    let mut title = String::with_capacity(text.len());
    let read = code_spans(text.as_bytes(), |part| title.push_str(&text[part]));
    debug_assert!(read.is_some(), "a title the pass read");
    title
}

/// The most backtick runs in a line read for its code spans: past them,
/// matching runs is left to the parser.
const RUNS_MOST: usize = 64;

/// Reads a line whose only inline markup is code spans: hands `each` its
/// pieces in order, text and each code span's content as the parser gives
/// it (a run of backticks opens a span the next run of its length closes,
/// an unclosed run is text; one space is taken off each end of a content
/// that starts and ends with one and is not all spaces). `None` where the
/// text outside the spans is not [`plain`], or it has over [`RUNS_MOST`]
/// runs.
pub(super) fn code_spans(text: &[u8], mut each: impl FnMut(Range<usize>)) -> Option<()> {
    let mut runs = Vec::new();
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'`', &text[i..]) {
        let at = i + k;
        let len = text[at..].iter().take_while(|&&b| b == b'`').count();
        runs.push(at..at + len);
        if runs.len() > RUNS_MOST {
            return None;
        }
        i = at + len;
    }
    let mut from = 0; // where the text not yet handed on starts
    let mut r = 0;
    while r < runs.len() {
        let open = runs[r].clone();
        let Some(close) = (r + 1..runs.len()).find(|&c| runs[c].len() == open.len()) else {
            r += 1; // an unclosed run is text
            continue;
        };
        let before = from..open.start;
        if !plain_but_backticks(&text[before.clone()]) {
            return None;
        }
        each(before);
        let mut content = open.end..runs[close].start;
        let inner = &text[content.clone()];
        if inner.len() >= 2
            && inner[0] == b' '
            && inner[inner.len() - 1] == b' '
            && inner.iter().any(|&b| b != b' ')
        {
            content = content.start + 1..content.end - 1;
        }
        each(content);
        from = runs[close].end;
        r = close + 1;
    }
    let rest = from..text.len();
    if !plain_but_backticks(&text[rest.clone()]) {
        return None;
    }
    each(rest);
    Some(())
}
