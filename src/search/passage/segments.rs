//! A passage's units: the text of a hit cut into *segments* (the sentences of
//! a paragraph or list item, a heading's text, a table row, a line of code or
//! HTML), each in a *group*, its block, which a passage crosses only from
//! prose into prose.

use std::ops::Range;

use super::shown::tag;

/// One segment: its bytes in the text and the block it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Segment {
    pub span: Range<usize>,
    pub group: u32,
    pub kind: Kind,
}

/// What a segment is, which decides what its terms are worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A sentence of a paragraph or list item.
    Prose,
    /// A heading's text.
    Title,
    /// A table's row: a fact under the table's header (its first row).
    Row,
    /// A line of code or of HTML.
    Code,
}

/// The segments of `region`, in order.
pub(super) fn segments(text: &str, region: Range<usize>) -> Vec<Segment> {
    let mut reader = Reader {
        text,
        out: Vec::new(),
        group: 0,
        prose: None,
        fence: None,
        table: false,
    };
    let mut pos = region.start;
    while pos < region.end {
        let end = text[pos..region.end]
            .find('\n')
            .map_or(region.end, |k| pos + k);
        reader.line(pos, end);
        pos = if end < region.end {
            end + 1
        } else {
            region.end
        };
    }
    reader.flush();
    reader.out
}

/// The segments of a text, read line by line.
struct Reader<'t> {
    text: &'t str,
    out: Vec<Segment>,
    group: u32,
    /// The prose run being read: its text so far, and the length of the list
    /// item's marker it starts with.
    prose: Option<(Range<usize>, usize)>,
    /// The open fence's character and length.
    fence: Option<(u8, usize)>,
    /// Whether the lines before were a table's.
    table: bool,
}

impl Reader<'_> {
    /// Reads the line `from..end` (without its line ending).
    fn line(&mut self, from: usize, end: usize) {
        let line = &self.text[from..end];
        // A quote's markers are no part of its text.
        let mut inner = line.trim_start();
        while let Some(after) = inner.strip_prefix('>') {
            inner = after.trim_start();
        }
        let rest = inner.trim_end();
        let start = from + (line.len() - inner.len());
        let span = start..start + rest.len();
        if let Some(fence) = self.fence {
            return self.code(rest, span, fence);
        }
        let is_table = rest.starts_with('|');
        if self.table && !is_table {
            self.table = false;
            self.group += 1;
        }
        if rest.is_empty() || is_rule(rest) || is_container_mark(rest) {
            return self.flush();
        }
        if let Some(mark) = fence_mark(rest) {
            self.flush();
            self.fence = Some(mark);
        } else if is_table {
            self.flush();
            self.table = true;
            let delimiters = rest
                .bytes()
                .all(|b| matches!(b, b'|' | b'-' | b':' | b' ' | b'\t'));
            if !delimiters {
                self.push(span, Kind::Row);
            }
        } else if self.prose.is_none() && is_link_definition(rest) {
            // A link reference definition shows nothing: its label is the
            // text of the links that use it, wherever they are.
        } else if let Some(title) = rest.strip_prefix('#') {
            let title = title.trim_start_matches('#').trim();
            self.flush();
            if !title.is_empty() {
                self.push(span.end - title.len()..span.end, Kind::Title);
            }
            self.group += 1;
        } else {
            self.prose_line(rest, span);
        }
    }

    /// A line inside a fence: a literal segment, or the fence's end.
    fn code(&mut self, rest: &str, span: Range<usize>, (mark, len): (u8, usize)) {
        let run = rest.bytes().take_while(|&b| b == mark).count();
        if run >= len && rest[run..].trim().is_empty() {
            self.fence = None;
            self.group += 1;
        } else if !rest.is_empty() {
            self.push(span, Kind::Code);
        }
    }

    /// A line of a paragraph, a list item (its marker kept as written) or HTML.
    fn prose_line(&mut self, rest: &str, span: Range<usize>) {
        let (marker, body) = block_marker(rest);
        if marker > 0 {
            self.flush();
            if !body.is_empty() {
                self.prose = Some((span, marker));
            }
        } else if rest.starts_with('<')
            && tag(self.text, span.start).is_some()
            && self.prose.is_none()
        {
            // A line of HTML: markup, read as a literal line.
            self.push(span, Kind::Code);
        } else {
            match &mut self.prose {
                Some((run, _)) => run.end = span.end,
                None => self.prose = Some((span, 0)),
            }
        }
    }

    fn push(&mut self, span: Range<usize>, kind: Kind) {
        self.out.push(Segment {
            span,
            group: self.group,
            kind,
        });
    }

    /// Ends the prose run being read: its sentences, a group of their own.
    fn flush(&mut self) {
        if let Some((run, marker)) = self.prose.take() {
            sentences(self.text, run, marker, self.group, &mut self.out);
            self.group += 1;
        }
    }
}

/// Whether a line is a link reference definition (`[label]: destination`),
/// which cannot start inside a paragraph; a footnote's (`[^1]: …`) is text.
fn is_link_definition(rest: &str) -> bool {
    let Some(label) = rest.strip_prefix('[') else {
        return false;
    };
    let Some(close) = label.find("]:") else {
        return false;
    };
    let (label, destination) = (&label[..close], &label[close + 2..]);
    !label.is_empty()
        && !label.starts_with('^')
        && !label.contains('[')
        && destination.starts_with([' ', '\t'])
        && !destination.trim().is_empty()
}

/// A fence's character and length, when the line opens one.
fn fence_mark(rest: &str) -> Option<(u8, usize)> {
    let mark = *rest.as_bytes().first()?;
    if mark != b'`' && mark != b'~' {
        return None;
    }
    let run = rest.bytes().take_while(|&b| b == mark).count();
    (run >= 3).then_some((mark, run))
}

/// A line opening or closing a site's container (`:::note`, `::::`,
/// `!!! warning "Careful"`, an MDC `::callout`): markup, no part of the text.
fn is_container_mark(rest: &str) -> bool {
    let colons = rest.bytes().take_while(|&b| b == b':').count();
    let after = &rest[colons..];
    (colons >= 3 || colons == 2 && after.starts_with(|c: char| c.is_ascii_alphabetic()))
        && !after.starts_with(':')
        || ["!!! ", "??? ", "???+ "]
            .iter()
            .any(|m| rest.starts_with(m))
}

/// A thematic break or a setext underline.
fn is_rule(rest: &str) -> bool {
    let mut chars = rest.chars().filter(|c| !c.is_whitespace());
    let Some(first) = chars.next() else {
        return false;
    };
    matches!(first, '-' | '=' | '*' | '_') && chars.all(|c| c == first) && rest.len() >= 2
}

/// The length of the list item markers starting a line (a task's box
/// included), and the text after them.
fn block_marker(rest: &str) -> (usize, &str) {
    let mut s = rest;
    let mut total = 0;
    loop {
        let before = s.len();
        if let Some(after) = ["- ", "* ", "+ "].iter().find_map(|m| s.strip_prefix(m)) {
            s = after.trim_start();
        } else {
            let digits = s.bytes().take_while(u8::is_ascii_digit).count();
            if (1..=9).contains(&digits)
                && let Some(after) = s[digits..]
                    .strip_prefix(". ")
                    .or_else(|| s[digits..].strip_prefix(") "))
            {
                s = after.trim_start();
            } else {
                break;
            }
        }
        total += before - s.len();
    }
    // A task list's box.
    for b in ["[ ] ", "[x] ", "[X] "] {
        if total > 0
            && let Some(after) = s.strip_prefix(b)
        {
            total += b.len();
            s = after;
        }
    }
    (total, s)
}

/// Words a period ends without ending a sentence.
const ABBREVIATIONS: &[&str] = &[
    "e.g", "i.e", "etc", "vs", "cf", "approx", "incl", "resp", "viz", "no", "fig", "mr", "mrs",
    "dr", "st", "al",
];

/// Cuts a prose run into its sentences.
pub(super) fn sentences(
    text: &str,
    run: Range<usize>,
    marker: usize,
    group: u32,
    out: &mut Vec<Segment>,
) {
    let s = &text[run.clone()];
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = marker.min(bytes.len());
    let mut code = false;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'`' {
            code = !code;
        } else if !code && matches!(b, b'.' | b'!' | b'?') {
            let mut end = i + 1;
            while end < bytes.len() && matches!(bytes[end], b'"' | b'\'' | b')' | b'*' | b'_') {
                end += 1;
            }
            let after = &s[end..];
            let gap = after.len() - after.trim_start().len();
            let opens =
                after.trim_start().chars().next().is_some_and(|c| {
                    c.is_uppercase() || c.is_ascii_digit() || "`*_[(\"'<".contains(c)
                });
            if gap > 0 && opens && !abbreviated(&s[start..i]) {
                out.push(Segment {
                    span: run.start + start..run.start + end,
                    group,
                    kind: Kind::Prose,
                });
                start = end + gap;
                i = start;
                continue;
            }
        }
        i += 1;
    }
    if start < bytes.len() {
        out.push(Segment {
            span: run.start + start..run.end,
            group,
            kind: Kind::Prose,
        });
    }
}

/// Whether the text before a period ends in an abbreviation or an initial.
fn abbreviated(before: &str) -> bool {
    let word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("");
    let lower = word.to_ascii_lowercase();
    ABBREVIATIONS.contains(&lower.as_str())
        || (word.chars().count() == 1 && word.chars().all(char::is_uppercase))
}
