//! Line arithmetic on byte offsets: nodes are always whole source lines.
//!
//! One table of line starts answers every question in O(log n), so widening a
//! span to whole lines costs the same on a 100 KB line as on a short one (deep
//! nesting puts thousands of blocks on one line).

/// The line structure of one text.
pub(crate) struct Lines<'a> {
    text: &'a str,
    /// Byte offset of every line start; a final newline starts no extra line.
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(text: &'a str) -> Lines<'a> {
        let mut starts = Vec::with_capacity(text.len() / 40 + 1);
        starts.push(0);
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        if starts.last() == Some(&text.len()) && !text.is_empty() {
            starts.pop();
        }
        Lines { text, starts }
    }

    /// The text the table describes.
    pub(crate) fn text(&self) -> &'a str {
        self.text
    }

    /// The table of line starts, for line numbers.
    pub(crate) fn into_starts(self) -> Vec<usize> {
        self.starts
    }

    /// Start of the line holding byte `pos` (the end of the text is its own start
    /// after a final newline).
    pub(crate) fn start_of(&self, pos: usize) -> usize {
        if pos >= self.text.len() {
            return if self.text.ends_with('\n') {
                self.text.len()
            } else {
                *self.starts.last().unwrap_or(&0)
            };
        }
        let i = self.starts.partition_point(|&s| s <= pos);
        self.starts[i - 1]
    }

    /// End (after the newline, or EOF) of the line holding byte `end - 1`; a span
    /// ending exactly after a newline keeps its end.
    pub(crate) fn end_of(&self, end: usize) -> usize {
        let end = end.min(self.text.len());
        if end == 0 || self.text.as_bytes()[end - 1] == b'\n' {
            return end;
        }
        let i = self.starts.partition_point(|&s| s < end);
        self.starts.get(i).copied().unwrap_or(self.text.len())
    }

    /// Moves `end` back over whole blank lines, never before the line holding `start`.
    pub(crate) fn trim_blank_tail(&self, start: usize, mut end: usize) -> usize {
        let bytes = self.text.as_bytes();
        while end > start {
            let line = self.start_of(end - 1);
            if line <= start || !bytes[line..end].iter().all(u8::is_ascii_whitespace) {
                break;
            }
            end = line;
        }
        end
    }
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
        assert_eq!(l.into_starts(), [0, 3, 6, 7, 10]);
        let l = Lines::new("a\nb\n");
        assert_eq!(l.start_of(4), 4);
        assert_eq!(l.end_of(3), 4);
        assert_eq!(l.into_starts(), [0, 2]);
        assert_eq!(Lines::new("").into_starts(), [0]);
    }
}
