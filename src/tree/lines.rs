//! Line arithmetic on byte offsets: nodes are always whole source lines.

/// Start of the line holding byte `pos`.
pub(crate) fn line_start(text: &str, pos: usize) -> usize {
    let pos = pos.min(text.len());
    text.as_bytes()[..pos]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1)
}

/// End (after the newline, or EOF) of the line holding byte `end - 1`; a span
/// ending exactly after a newline keeps its end.
pub(crate) fn line_end(text: &str, end: usize) -> usize {
    let end = end.min(text.len());
    if end == 0 || text.as_bytes()[end - 1] == b'\n' {
        return end;
    }
    text.as_bytes()[end..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(text.len(), |i| end + i + 1)
}

/// Moves `end` back over whole blank lines, never before the line holding `start`.
pub(crate) fn trim_blank_tail(text: &str, start: usize, mut end: usize) -> usize {
    let bytes = text.as_bytes();
    while end > start {
        let line = line_start(text, end - 1);
        if line <= start || !bytes[line..end].iter().all(|b| b.is_ascii_whitespace()) {
            break;
        }
        end = line;
    }
    end
}

/// Byte offsets where each line starts; line `n` (1-based) starts at `[n - 1]`.
pub(crate) fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = Vec::with_capacity(text.len() / 40 + 1);
    starts.push(0);
    starts.extend(
        text.bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .map(|(i, _)| i + 1),
    );
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
        assert_eq!(line_start(text, 4), 3);
        assert_eq!(line_start(text, 3), 3);
        assert_eq!(line_start(text, 0), 0);
        assert_eq!(line_end(text, 4), 6);
        assert_eq!(line_end(text, 6), 6);
        assert_eq!(line_end(text, 12), 12);
        assert_eq!(line_end(text, 11), 12);
        assert_eq!(trim_blank_tail(text, 0, 10), 6);
        assert_eq!(
            trim_blank_tail(text, 7, 10),
            10,
            "never before the first line"
        );
        assert_eq!(trim_blank_tail("a\r\n\r\n", 0, 5), 3, "CRLF blank lines");
        assert_eq!(line_starts(text), [0, 3, 6, 7, 10]);
        assert_eq!(line_starts("a\nb\n"), [0, 2]);
        assert_eq!(line_starts(""), [0]);
    }
}
