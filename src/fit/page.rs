//! Mechanical truncation and paging: byte ranges, never rewritten text.
//!
//! `?head`/`?tail` keep whole lines; pages are runs of whole lines within the
//! budget's words and bytes, a longer line split between words. Concatenating
//! every page gives back the content byte for byte.

use std::ops::Range;

use super::budget::{Budget, Size};
use super::matched::{Match, PageInfo};
use crate::options::Options;
use crate::selector::{Miss, Reason, Selector, Target};
use crate::tree::{Document, line_ends, next_line_end};
use crate::words::word_start;

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

/// Splits `span` into pages of whole lines holding at most `budget.words` words
/// and `budget.bytes` bytes each; a single line over either limit
/// is split between words (inside a word only when one word alone is over the
/// byte limit). Always at least one page; the pages concatenate to the span.
pub(crate) fn pages(text: &str, span: Range<usize>, budget: Budget) -> Vec<Range<usize>> {
    let max = Budget {
        words: budget.words.max(1),
        bytes: budget.bytes.max(MIN_PAGE_BYTES),
    };
    let mut pages = Vec::new();
    let mut page_start = span.start;
    let mut used = Size::default();
    let mut pos = span.start;
    while pos < span.end {
        // A line longer than the room left cannot fit: its end is looked for no
        // further than a few bytes past the room (so a huge line costs a page's
        // work per page, not its whole length), and what is seen of it is
        // enough to cut it where a full reading would.
        let room = max.bytes - used.bytes;
        let mut limit = span.end.min(pos.saturating_add(room).saturating_add(SLACK));
        while !text.is_char_boundary(limit) {
            limit -= 1;
        }
        let line_end = next_line_end(text.as_bytes(), pos, limit);
        let line = Size::of(&text[pos..line_end]);
        if max.fits(used + line) {
            used += line;
            pos = line_end;
            continue;
        }
        if pos > page_start {
            pages.push(page_start..pos);
            page_start = pos;
            used = Size::default();
            continue; // retry this line on a fresh page
        }
        // One line alone is over a limit: cut off the most of it that fits.
        let cut = cut_point(text, pos..line_end, max);
        pages.push(page_start..cut);
        page_start = cut;
        pos = cut;
    }
    if page_start < span.end || pages.is_empty() {
        pages.push(page_start..span.end);
    }
    pages
}

/// The smallest byte ceiling a page can have: room for any one character.
const MIN_PAGE_BYTES: usize = 4;

/// How far past the room left a line's end is looked for: more than a character,
/// so a line seen only in part is known to be over the room, and its cut (within
/// the byte ceiling plus one) falls where it would on the whole line.
const SLACK: usize = 8;

/// Where to end a page that starts a line too big for it: before the word that
/// would pass the word limit, or before the last word that starts within the
/// byte limit, or, when the first word alone is over the byte limit, at the last
/// character boundary within it. Always past `line.start`.
fn cut_point(text: &str, line: Range<usize>, max: Budget) -> usize {
    let rest = &text[line.clone()];
    let by_words = word_start(rest, max.words).unwrap_or(rest.len());
    if by_words <= max.bytes {
        return line.start + by_words;
    }
    let mut last_start = None;
    let mut in_word = false;
    for (i, c) in rest.char_indices() {
        if i > max.bytes {
            break;
        }
        if c.is_whitespace() {
            in_word = false;
        } else if !in_word {
            in_word = true;
            if i > 0 {
                last_start = Some(i);
            }
        }
    }
    let cut = last_start.unwrap_or_else(|| {
        let mut at = max.bytes.min(rest.len());
        while !rest.is_char_boundary(at) {
            at -= 1;
        }
        at
    });
    line.start + cut
}

/// A `page.K` past the last page: the last pages instead.
pub(super) fn page_out_of_range(sel: &Selector, selector: &str, count: usize) -> Miss {
    let last = count - 1;
    let from = last.saturating_sub(2);
    Miss {
        step: sel.steps.len() - 1,
        reason: Reason::OutOfRange {
            owner: Some(selector.to_owned()),
            target: Target::Page,
            count,
        },
        suggestions: (from..=last)
            .map(|p| format!("{selector}/page.{p}{}", sel.query.suffix(false)))
            .collect(),
    }
}

/// A match as a response shows it by default: whole, or cut to its first page
/// when it is over the word limit (not with `--full`).
pub(crate) fn paged(options: &Options, doc: &Document, m: Match) -> Match {
    if options.full {
        m
    } else {
        first_page(doc, m, page_size(options))
    }
}

/// How much one page holds: the response budget's words and bytes, whether or
/// not `--full` lifts the budget (a `page.K` still names pages).
pub(crate) fn page_size(options: &Options) -> Budget {
    Budget::new(options.max_words)
}

/// A match cut to its first page when it is over the page size.
pub(super) fn first_page(doc: &Document, m: Match, size: Budget) -> Match {
    if size.fits(Size::of(&doc.text()[m.span.clone()])) {
        return m;
    }
    let all = pages(doc.text(), m.span.clone(), size);
    Match {
        span: all[0].clone(),
        page: Some(PageInfo {
            index: 0,
            count: all.len(),
        }),
        ..m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::count_words;

    fn split(text: &str, max: usize) -> Vec<&str> {
        split_by(text, Budget::new(max))
    }

    fn split_by(text: &str, budget: Budget) -> Vec<&str> {
        pages(text, 0..text.len(), budget)
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
    fn pages_end_at_the_byte_ceiling_too() {
        let bytes = |words, bytes| Budget { words, bytes };
        let cases: &[(&str, Budget, &[&str])] = &[
            // Whole lines while both limits hold.
            (
                "aaaa\nbbbb\ncccc\n",
                bytes(100, 10),
                &["aaaa\nbbbb\n", "cccc\n"],
            ),
            // A line over the byte limit is cut between words.
            (
                "aaa bbb ccc ddd\n",
                bytes(100, 8),
                &["aaa bbb ", "ccc ddd\n"],
            ),
            // Whichever limit comes first.
            ("a b c d e f\n", bytes(2, 1000), &["a b ", "c d ", "e f\n"]),
            ("a b c d e f\n", bytes(5, 4), &["a b ", "c d ", "e f\n"]),
            // One word over the byte limit is cut inside, at a character boundary.
            ("abcdefghij\n", bytes(100, 4), &["abcd", "efgh", "ij\n"]),
            ("ééééé\n", bytes(100, 5), &["éé", "éé", "é\n"]),
            // Leading blanks before a long word go on their own page.
            ("   abcdefgh\n", bytes(100, 5), &["   ", "abcde", "fgh\n"]),
        ];
        for (text, budget, want) in cases {
            let got = split_by(text, *budget);
            assert_eq!(got, *want, "{text:?} {budget:?}");
            assert_eq!(got.concat(), *text);
            assert!(got.iter().all(|p| budget.fits(Size::of(p))), "{text:?}");
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

    /// Pages as they were computed before a long line's end was looked for only
    /// near the room left: the whole line measured at every step.
    fn pages_measuring_whole_lines(text: &str, budget: Budget) -> Vec<Range<usize>> {
        let max = Budget {
            words: budget.words.max(1),
            bytes: budget.bytes.max(MIN_PAGE_BYTES),
        };
        let span = 0..text.len();
        let mut pages = Vec::new();
        let (mut page_start, mut pos, mut used) = (0, 0, Size::default());
        while pos < span.end {
            let line_end = next_line_end(text.as_bytes(), pos, span.end);
            let line = Size::of(&text[pos..line_end]);
            if max.fits(used + line) {
                used += line;
                pos = line_end;
                continue;
            }
            if pos > page_start {
                pages.push(page_start..pos);
                page_start = pos;
                used = Size::default();
                continue;
            }
            let cut = cut_point(text, pos..line_end, max);
            pages.push(page_start..cut);
            page_start = cut;
            pos = cut;
        }
        if page_start < span.end || pages.is_empty() {
            pages.push(page_start..span.end);
        }
        pages
    }

    #[test]
    fn a_long_line_is_cut_where_measuring_all_of_it_would_cut_it() {
        let pieces = [
            "word ",
            "é ",
            "所有权 ",
            "\r\n",
            "\n",
            "\r",
            "  ",
            "x",
            "long_identifier_",
            "ab\r\ncd ",
        ];
        let mut seed = 7u64;
        for round in 0..150 {
            let mut text = String::new();
            let len = 20 + round * 5;
            while text.len() < len {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let k = (seed >> 33) as usize % pieces.len();
                // Mostly words, so long lines are common.
                text.push_str(pieces[if k < 3 || round % 3 == 0 { k } else { 0 }]);
            }
            for words in [1, 2, 3, 5, 8, 40] {
                for bytes in [0, 4, 5, 7, 9, 16, 33, 100] {
                    let budget = Budget { words, bytes };
                    assert_eq!(
                        pages(&text, 0..text.len(), budget),
                        pages_measuring_whole_lines(&text, budget),
                        "{text:?} {words} {bytes}"
                    );
                }
            }
        }
    }
}
