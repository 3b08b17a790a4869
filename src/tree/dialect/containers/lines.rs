//! Lines as the search for containers reads them: found as they are read
//! (never listed), within a bound on the bytes read ([`Work`]), and what a
//! line's start says (its indentation, a code fence).

use std::cell::Cell;
use std::ops::Range;

/// How many bytes the searches for containers' ends may read: a few times the
/// text. Each opener looks ahead for its end, so thousands of unclosed or
/// nested openers would read the text once each; past this, the rest of the
/// text is left as written (its content is exact all the same), and time stays
/// linear in the text whatever its containers.
pub(super) struct Work(pub(super) Cell<usize>);

impl Work {
    /// Room for reading a text of `len` bytes eight times over.
    pub(super) fn for_text(len: usize) -> Work {
        Work(Cell::new(len.saturating_mul(8).saturating_add(1 << 16)))
    }

    /// Takes the cost of reading `line`; false once nothing is left.
    pub(super) fn read(&self, line: &Range<usize>) -> bool {
        let cost = line.len() + 1;
        let left = self.0.get();
        self.0.set(left.saturating_sub(cost));
        left >= cost
    }

    pub(super) fn spent(&self) -> bool {
        self.0.get() == 0
    }
}

/// The line starting at byte `at`, its `\n` (and a `\r` before it)
/// excluded; `None` past the text's end (a final line break starts no line).
pub(super) fn line_at(bytes: &[u8], at: usize) -> Option<Range<usize>> {
    if at >= bytes.len() {
        return None;
    }
    let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |k| at + k);
    let stop = if end > at && bytes[end - 1] == b'\r' {
        end - 1
    } else {
        end
    };
    Some(at..stop)
}

/// Where the line after `line` starts (past the text's end after the last).
pub(super) fn after(bytes: &[u8], line: &Range<usize>) -> usize {
    let end = line.end + usize::from(bytes.get(line.end) == Some(&b'\r'));
    end + 1
}

/// The lines from the one starting at byte `from` on.
pub(super) fn lines_from(bytes: &[u8], from: usize) -> impl Iterator<Item = Range<usize>> + '_ {
    std::iter::successors(line_at(bytes, from), move |line| {
        line_at(bytes, after(bytes, line))
    })
}

/// [`lines_from`], while `work` has room for them.
pub(super) fn lines_within<'a>(
    bytes: &'a [u8],
    from: usize,
    work: &'a Work,
) -> impl Iterator<Item = Range<usize>> + 'a {
    lines_from(bytes, from).take_while(|line| work.read(line))
}

pub(super) fn indent(line: &[u8]) -> usize {
    line.iter()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count()
}

pub(super) fn trim_start(line: &[u8]) -> &[u8] {
    &line[indent(line)..]
}

pub(super) fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// Whether a line closes a fence of `n` `c`s: a bare run of at least `n`.
pub(super) fn closes_fence(line: &[u8], (c, n): (u8, usize)) -> bool {
    let rest = trim_start(line);
    let run = rest.iter().take_while(|&&b| b == c).count();
    run >= n && is_blank(&rest[run..])
}

pub(super) fn code_fence(line: &[u8]) -> Option<(u8, usize)> {
    let rest = trim_start(line);
    let c = *rest.first()?;
    let n = rest.iter().take_while(|&&b| b == c).count();
    ((c == b'`' || c == b'~') && n >= 3).then_some((c, n))
}

/// The columns of a line's indentation (a tab to the next multiple of four).
pub(super) fn columns(line: &[u8]) -> usize {
    let mut col = 0;
    for &b in line {
        match b {
            b' ' => col += 1,
            b'\t' => col += 4 - col % 4,
            _ => break,
        }
    }
    col
}
