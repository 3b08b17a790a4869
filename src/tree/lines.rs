//! Line arithmetic on byte offsets: nodes are always whole source lines.
//!
//! Blocks almost always start and end within a few bytes of a line boundary, so a
//! short scan answers; when it does not (thousands of nested blocks on one long
//! line), a table of line starts, built on first need, answers in O(log n). Either
//! way widening a span never costs more than a short scan plus a binary search.

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
        let from = pos.saturating_sub(SCAN);
        match memchr::memrchr(b'\n', &bytes[from..pos]) {
            Some(i) => from + i + 1,
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
        if end == 0 || bytes[end - 1] == b'\n' {
            return end;
        }
        let to = (end + SCAN).min(bytes.len());
        match memchr::memchr(b'\n', &bytes[end..to]) {
            Some(i) => end + i + 1,
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

/// Byte offsets where each line starts; line `n` (1-based) starts at `[n - 1]`. A
/// final newline starts no extra line.
pub(crate) fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = Vec::with_capacity(text.len() / 40 + 1);
    starts.push(0);
    starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
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
