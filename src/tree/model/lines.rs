//! Line arithmetic on byte offsets: nodes are always whole source lines.
//!
//! Blocks almost always start and end within a few bytes of a line boundary, so a
//! short scan answers; when it does not (thousands of nested blocks on one long
//! line), a table of line starts, built on first need, answers in O(log n). Either
//! way widening a span never costs more than a short scan plus a binary search.
//!
//! A line ends at `\n`, `\r\n`, or a `\r` on its own, as CommonMark says.

use std::cell::OnceCell;

/// How far a scan looks for a newline before the line table takes over.
const SCAN: usize = 4096;

/// The line structure of one text.
pub(crate) struct Lines<'a> {
    text: &'a str,
    table: OnceCell<Vec<usize>>,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(text: &'a str) -> Lines<'a> {
        Lines {
            text,
            table: OnceCell::new(),
        }
    }

    /// The text the lines are of.
    pub(crate) fn text(&self) -> &'a str {
        self.text
    }

    /// Start of the line holding byte `pos` (the end of the text is its own start
    /// after a final newline).
    pub(crate) fn start_of(&self, pos: usize) -> usize {
        let bytes = self.text.as_bytes();
        let pos = pos.min(bytes.len());
        // Most blocks start a line: the byte before ends one.
        if pos == 0 || ends_line(bytes, pos - 1) {
            return pos;
        }
        let from = pos.saturating_sub(SCAN);
        let mut upto = pos;
        // The `\r` of a `\r\n` ends no line: look further back past it.
        let found = loop {
            match memchr::memrchr2(b'\n', b'\r', &bytes[from..upto]) {
                Some(i) if ends_line(bytes, from + i) => break Some(from + i),
                Some(i) => upto = from + i,
                None => break None,
            }
        };
        match found {
            Some(i) => i + 1,
            None if from == 0 => 0,
            None => {
                let table = self.table();
                table[table.partition_point(|&s| s <= pos) - 1]
            }
        }
    }

    /// End (after the newline, or EOF) of the line holding byte `end - 1`; a span
    /// ending exactly after a newline keeps its end.
    pub(crate) fn end_of(&self, end: usize) -> usize {
        let bytes = self.text.as_bytes();
        let end = end.min(bytes.len());
        if end == 0 || ends_line(bytes, end - 1) {
            return end;
        }
        let to = (end + SCAN).min(bytes.len());
        // The first `\n` or `\r` ends the line (a `\r\n` at its `\n`).
        match memchr::memchr2(b'\n', b'\r', &bytes[end..to]) {
            Some(i) if ends_line(bytes, end + i) => end + i + 1,
            Some(i) => end + i + 2,
            None if to == bytes.len() => to,
            None => {
                let table = self.table();
                table
                    .get(table.partition_point(|&s| s < end))
                    .copied()
                    .unwrap_or(bytes.len())
            }
        }
    }

    /// Moves `end` back over whole blank lines, never before the end of the line
    /// holding `start`.
    pub(crate) fn trim_blank_tail(&self, start: usize, end: usize) -> usize {
        // Everything after the line holding the last non-blank byte is blank lines.
        let bytes = self.text.as_bytes();
        let last_text = bytes[start..end]
            .iter()
            .rposition(|b| !b.is_ascii_whitespace());
        self.end_of(start + last_text.unwrap_or(0) + 1).min(end)
    }

    fn table(&self) -> &Vec<usize> {
        self.table.get_or_init(|| line_starts(self.text))
    }
}

/// Whether the byte at `i` ends a line: a `\n`, or a `\r` not followed by `\n`.
pub(crate) fn ends_line(bytes: &[u8], i: usize) -> bool {
    match bytes[i] {
        b'\n' => true,
        b'\r' => bytes.get(i + 1) != Some(&b'\n'),
        _ => false,
    }
}

/// The offset just after each line ending in `bytes`, in order.
pub(crate) fn line_ends(bytes: &[u8]) -> impl DoubleEndedIterator<Item = usize> + '_ {
    memchr::memchr2_iter(b'\n', b'\r', bytes)
        .filter(|&i| ends_line(bytes, i))
        .map(|i| i + 1)
}

/// The end (after its line ending, or `limit`) of the line starting at `pos`.
pub(crate) fn next_line_end(bytes: &[u8], pos: usize, limit: usize) -> usize {
    line_ends(&bytes[pos..limit])
        .next()
        .map_or(limit, |e| pos + e)
}

/// The 1-based line numbers of offsets asked in increasing order, each
/// counted on from the one before: `line_starts` without its table, for a
/// text whose offsets are asked once, in order (a page's links).
pub(crate) struct LineCursor<'a> {
    bytes: &'a [u8],
    /// The offset counted up to, and the line it is on.
    at: usize,
    line: usize,
}

impl<'a> LineCursor<'a> {
    pub(crate) fn new(text: &'a str) -> LineCursor<'a> {
        LineCursor {
            bytes: text.as_bytes(),
            at: 0,
            line: 1,
        }
    }

    /// The line holding byte `pos`, as `line_starts` numbers it (the end of
    /// a text after a final line ending is on its last line). An offset
    /// before the last one asked is counted from the start again.
    pub(crate) fn line_of(&mut self, pos: usize) -> usize {
        if pos < self.at {
            (self.at, self.line) = (0, 1);
        }
        // The last byte's line ending starts no line.
        let upto = pos.min(self.bytes.len().saturating_sub(1)).max(self.at);
        let between = &self.bytes[self.at..upto];
        let ends = match memchr::memchr(b'\r', between) {
            // Without a CR, each LF ends a line.
            None => memchr::memchr_iter(b'\n', between).count(),
            Some(_) => memchr::memchr2_iter(b'\n', b'\r', between)
                .filter(|&i| ends_line(self.bytes, self.at + i))
                .count(),
        };
        (self.at, self.line) = (upto, self.line + ends);
        self.line
    }
}

/// Byte offsets where each line starts; line `n` (1-based) starts at `[n - 1]`. A
/// final newline starts no extra line.
pub(crate) fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = Vec::with_capacity(text.len() / 40 + 1);
    starts.push(0);
    starts.extend(line_ends(text.as_bytes()));
    if starts.last() == Some(&text.len()) && !text.is_empty() {
        starts.pop();
    }
    starts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_lines() {
        let text = "ab\ncd\n\n  \nef";
        let l = Lines::new(text);
        assert_eq!(l.start_of(4), 3);
        assert_eq!(l.start_of(3), 3);
        assert_eq!(l.start_of(0), 0);
        assert_eq!(l.start_of(12), 10);
        assert_eq!(l.end_of(4), 6);
        assert_eq!(l.end_of(6), 6);
        assert_eq!(l.end_of(12), 12);
        assert_eq!(l.end_of(11), 12);
        assert_eq!(l.trim_blank_tail(0, 10), 6);
        assert_eq!(l.trim_blank_tail(7, 10), 10, "never before the first line");
        assert_eq!(
            Lines::new("a\r\n\r\n").trim_blank_tail(0, 5),
            3,
            "CRLF blank lines"
        );
        assert_eq!(line_starts(text), [0, 3, 6, 7, 10]);
        let l = Lines::new("a\nb\n");
        assert_eq!(l.start_of(4), 4);
        assert_eq!(l.end_of(3), 4);
        assert_eq!(line_starts("a\nb\n"), [0, 2]);
        assert_eq!(line_starts(""), [0]);
    }

    #[test]
    fn lines_counted_in_order_are_those_of_the_table() {
        for text in [
            "",
            "a",
            "\n",
            "ab\ncd\n\n  \nef",
            "a\rb\r\nc\nd\r",
            "x\r\n\r\n",
            "\r\r\n\n",
        ] {
            let starts = line_starts(text);
            let line = |pos: usize| starts.partition_point(|&s| s <= pos);
            let mut cursor = LineCursor::new(text);
            for pos in 0..=text.len() {
                assert_eq!(cursor.line_of(pos), line(pos), "{text:?} at {pos}");
            }
            for pos in [text.len(), 0, text.len() / 2] {
                assert_eq!(cursor.line_of(pos), line(pos), "{text:?} back to {pos}");
            }
        }
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line() {
        let text = "a\rb\r\nc\nd";
        let l = Lines::new(text);
        assert_eq!(line_starts(text), [0, 2, 5, 7]);
        assert_eq!(l.start_of(1), 0);
        assert_eq!(l.start_of(2), 2);
        assert_eq!(
            l.start_of(4),
            2,
            "the \\n of a \\r\\n is in the line it ends"
        );
        assert_eq!(l.start_of(5), 5);
        assert_eq!(l.end_of(1), 2);
        assert_eq!(l.end_of(3), 5, "a span ending inside \\r\\n takes the \\n");
        assert_eq!(l.end_of(4), 5);
        assert_eq!(l.end_of(6), 7);
        let ends: Vec<usize> = line_ends(text.as_bytes()).collect();
        assert_eq!(ends, [2, 5, 7]);
    }

    #[test]
    fn long_lines_use_the_table_and_agree_with_short_scans() {
        let long = format!("{}\n{}\nend\n", "x".repeat(5000), " ".repeat(4500));
        let l = Lines::new(&long);
        let starts = [0, 1, 2500, 4999, 5000, 5001, 7000, 9500, 9501, 9503];
        for pos in starts {
            let want = long[..pos].rfind('\n').map_or(0, |i| i + 1);
            assert_eq!(l.start_of(pos), want, "start_of({pos})");
        }
        for end in [1, 500, 5000, 5001, 5002, 9000, 9501, 9502, 9505] {
            let want = if long.as_bytes()[end - 1] == b'\n' {
                end
            } else {
                long[end..].find('\n').map_or(long.len(), |i| end + i + 1)
            };
            assert_eq!(l.end_of(end), want, "end_of({end})");
        }
        assert_eq!(
            l.trim_blank_tail(0, 9502),
            5001,
            "a long blank line is dropped"
        );
        assert_eq!(
            l.trim_blank_tail(5001, 9502),
            9502,
            "but never the first line"
        );
    }
}
