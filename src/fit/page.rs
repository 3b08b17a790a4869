//! Mechanical truncation and paging (SPEC §5): byte ranges, never rewritten text.
//!
//! `?head`/`?tail` keep whole lines; pages are runs of whole lines holding at most
//! `max_words` words, a longer line split between words. Concatenating every page
//! gives back the content byte for byte.

use std::ops::Range;

use crate::tree::{line_ends, next_line_end};
use crate::words::{count_words, word_start};

/// The span left after `head` then `tail` (in lines), and whether each cut anything.
pub(crate) fn head_tail(
    text: &str,
    span: Range<usize>,
    head: Option<usize>,
    tail: Option<usize>,
) -> (Range<usize>, bool, bool) {
    let mut span = span;
    let mut cut_head = false;
    let mut cut_tail = false;
    if let Some(n) = head {
        let end = nth_line_end(text, span.clone(), n);
        cut_head = end < span.end;
        span.end = end;
    }
    if let Some(n) = tail {
        let start = nth_line_start_from_end(text, span.clone(), n);
        cut_tail = start > span.start;
        span.start = start;
    }
    (span, cut_head, cut_tail)
}

/// End of the first `n` lines of `span`.
fn nth_line_end(text: &str, span: Range<usize>, n: usize) -> usize {
    if n == 0 {
        return span.start;
    }
    let bytes = &text.as_bytes()[span.clone()];
    line_ends(bytes)
        .nth(n - 1)
        .map_or(span.end, |e| span.start + e)
}

/// Start of the last `n` lines of `span`.
fn nth_line_start_from_end(text: &str, span: Range<usize>, n: usize) -> usize {
    if n == 0 {
        return span.end;
    }
    let bytes = &text.as_bytes()[span.clone()];
    // A final line ending ends the last line; it does not start another.
    let body = match bytes {
        [rest @ .., b'\r', b'\n'] | [rest @ .., b'\n' | b'\r'] => rest,
        _ => bytes,
    };
    line_ends(body)
        .rev()
        .nth(n - 1)
        .map_or(span.start, |e| span.start + e)
}

/// Splits `span` into pages of whole lines with at most `max_words` words each; a
/// single line over the limit is split between words. Always at least one page.
pub(crate) fn pages(text: &str, span: Range<usize>, max_words: usize) -> Vec<Range<usize>> {
    let max_words = max_words.max(1);
    let mut pages = Vec::new();
    let mut page_start = span.start;
    let mut words = 0usize;
    let mut pos = span.start;
    while pos < span.end {
        let line_end = next_line_end(text.as_bytes(), pos, span.end);
        let line_words = count_words(&text[pos..line_end]);
        if words + line_words <= max_words {
            words += line_words;
            pos = line_end;
            continue;
        }
        if words > 0 {
            pages.push(page_start..pos);
            page_start = pos;
            words = 0;
            continue; // retry this line on a fresh page
        }
        // One line alone is over the limit: cut it before word `max_words`.
        let mut cut = pos;
        let mut left = line_words;
        while left > max_words {
            let at = word_start(&text[cut..line_end], max_words).map_or(line_end, |i| cut + i);
            pages.push(page_start..at);
            page_start = at;
            cut = at;
            left -= max_words;
        }
        words = left;
        pos = line_end;
    }
    if page_start < span.end || pages.is_empty() {
        pages.push(page_start..span.end);
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str, max: usize) -> Vec<&str> {
        pages(text, 0..text.len(), max)
            .into_iter()
            .map(|r| &text[r])
            .collect()
    }

    #[test]
    fn pages_hold_whole_lines_up_to_the_limit() {
        let cases: &[(&str, usize, &[&str])] = &[
            ("", 5, &[""]),
            ("a b\nc d\n", 5, &["a b\nc d\n"]),
            ("a b\nc d\n", 2, &["a b\n", "c d\n"]),
            ("a b\nc d\n", 3, &["a b\n", "c d\n"]),
            ("a\n\n\nb\n", 1, &["a\n\n\n", "b\n"]),
            ("a b c d e\n", 2, &["a b ", "c d ", "e\n"]),
            ("a b c d\nx\n", 2, &["a b ", "c d\n", "x\n"]),
            ("a b c\nx y\n", 2, &["a b ", "c\n", "x y\n"]),
            ("a b\r\nc d\r\n", 2, &["a b\r\n", "c d\r\n"]),
            ("no newline at end", 2, &["no newline ", "at end"]),
        ];
        for (text, max, want) in cases {
            let got = split(text, *max);
            assert_eq!(got, *want, "{text:?} max={max}");
            assert_eq!(got.concat(), *text);
            assert!(got.iter().all(|p| count_words(p) <= *max), "{text:?}");
        }
    }

    #[test]
    fn head_and_tail_keep_whole_lines() {
        let text = "1\n2\n3\n4\n";
        let all = 0..text.len();
        let cut = |h, t| {
            let (r, a, b) = head_tail(text, all.clone(), h, t);
            (&text[r], a, b)
        };
        assert_eq!(cut(Some(2), None), ("1\n2\n", true, false));
        assert_eq!(cut(Some(4), None), ("1\n2\n3\n4\n", false, false));
        assert_eq!(cut(Some(99), None), ("1\n2\n3\n4\n", false, false));
        assert_eq!(cut(None, Some(1)), ("4\n", false, true));
        assert_eq!(cut(None, Some(4)), ("1\n2\n3\n4\n", false, false));
        assert_eq!(cut(Some(3), Some(2)), ("2\n3\n", true, true));
        assert_eq!(cut(Some(0), None), ("", true, false));
        assert_eq!(cut(None, Some(0)), ("", false, true));
        let cr = "1\r2\r\n3\r";
        assert_eq!(&cr[head_tail(cr, 0..cr.len(), Some(1), None).0], "1\r");
        assert_eq!(&cr[head_tail(cr, 0..cr.len(), None, Some(2)).0], "2\r\n3\r");
        assert_eq!(split(cr, 1), ["1\r", "2\r\n", "3\r"]);
        let open = "1\n2";
        assert_eq!(&open[head_tail(open, 0..3, None, Some(1)).0], "2");
    }
}
