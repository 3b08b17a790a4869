//! The block-level pass: the top-level blocks of plain Markdown read line by line,
//! without the parser's inline pass, and everything else handed to the parser.
//!
//! An outline needs a document's top-level headings, its block counts and the
//! spans of its blocks, none of which depends on inline markup except a heading's
//! title. Most of a document is paragraphs, headings, code, plain link
//! definitions, tight lists of one-paragraph items and one-paragraph blockquotes,
//! whose extent CommonMark decides from a line's first bytes. This pass reads
//! those itself and hands every other stretch of lines (nested or loose lists,
//! other blockquotes, tables, HTML that may be inline, headings with markup in
//! them) to the parser as a [`Piece::Parse`] of its own.
//!
//! A stretch handed over starts where no block is open and ends at a line no
//! block can run across: a line at the left margin, after a blank line, that
//! does not continue a list. There every container has closed (a list item's
//! text is indented, a blockquote ends at the blank line, laziness needs an open
//! paragraph) and so has every paragraph; only a fenced code block or an HTML
//! block opened at top level could still be open, which the caller checks from
//! the parse of the stretch (it then runs to the stretch's end), falling back to
//! the whole document's parse. Anything this pass is unsure of gives up the same
//! way: [`scan`] returns false and the document is parsed whole. Tests hold it
//! to the full parse node for node (the tests below, generated documents, and
//! every parse of a debug build).

use std::ops::Range;

use memchr::{memchr, memmem};

use super::BlockKind;

/// What the pass found, in document order.
pub(super) enum Piece {
    /// A top-level block: its first line's start to its last line's end.
    Block(BlockKind, Range<usize>),
    /// A top-level heading with no inline markup: its first line's start, its
    /// level and its title (whitespace not yet folded).
    Heading {
        start: usize,
        level: u8,
        title: Range<usize>,
    },
    /// Lines for the parser, starting and ending where no block is open.
    Parse(Range<usize>),
    /// A link reference definition's label: it makes no block, but a link
    /// elsewhere may name it.
    Definition(Range<usize>),
    /// A tight list whose items hold one paragraph each: its lines, and each
    /// item's.
    List(Range<usize>, Vec<Range<usize>>),
    /// A blockquote holding one paragraph: its lines.
    Quote(Range<usize>),
}

/// Reads `text[from..]` block by block, handing each piece to `each`. False as
/// soon as it meets something it does not read exactly or `each` returns false:
/// the caller then parses the document whole.
pub(super) fn scan(text: &str, from: usize, mut each: impl FnMut(Piece) -> bool) -> bool {
    let bytes = text.as_bytes();
    let mut state = State::Idle;
    let mut pos = from;
    while pos < bytes.len() {
        let newline = memchr(b'\n', &bytes[pos..]).map_or(bytes.len(), |i| pos + i);
        let next = (newline + 1).min(bytes.len());
        let end = if newline > pos && bytes[newline - 1] == b'\r' {
            newline - 1
        } else {
            newline
        };
        let Some(line) = Line::new(pos, &bytes[pos..end]) else {
            return false;
        };
        let Some(after) = step(state, &line, text, next, &mut each) else {
            return false;
        };
        state = after;
        pos = next;
    }
    finish(state, bytes.len(), &mut each)
}

/// The block open after the lines read so far.
enum State {
    /// None: the next line starts a block.
    Idle,
    /// A paragraph since `start`, its last line ending at `last`.
    Paragraph { start: usize, last: usize },
    /// A fenced code block since `start`: its fence's character and length.
    Fence { start: usize, fence: u8, len: usize },
    /// An indented code block since `start`, its last line that is not blank
    /// ending at `last`.
    Indented { start: usize, last: usize },
    /// Link reference definitions, one a line, since `start`.
    Definitions { start: usize },
    /// A list since `start`, its marker (`-`, `+`, `*`, or an ordered list's
    /// `.` or `)`), its items so far, and whether a blank line ended it (the
    /// next line tells whether it goes on).
    List {
        start: usize,
        marker: u8,
        items: Vec<Range<usize>>,
        ended: bool,
    },
    /// A blockquote of one paragraph since `start`, to `last`.
    Quote { start: usize, last: usize },
    /// An HTML block: its end string (types 1 to 5), or `None` (type 6: it
    /// ends before a blank line).
    Html {
        start: usize,
        last: usize,
        until: Option<&'static str>,
    },
    /// Lines for the parser since `start`; whether the line before was blank,
    /// and a fence or HTML block opened at the left margin and not yet closed.
    Parse {
        start: usize,
        after_blank: bool,
        fence: Option<(u8, usize)>,
        html: Option<&'static str>,
    },
}

/// One line: where it starts, its bytes (without the line end), its
/// indentation in columns and the position of its first other byte.
struct Line<'a> {
    start: usize,
    bytes: &'a [u8],
    indent: usize,
    first: usize,
}

impl<'a> Line<'a> {
    /// `None` for a line whose indentation holds a vertical tab or a form feed,
    /// which the parser counts as blank space in some places and not others.
    fn new(start: usize, bytes: &'a [u8]) -> Option<Line<'a>> {
        let mut indent = 0;
        let mut first = 0;
        while let Some(&b) = bytes.get(first) {
            match b {
                b' ' => indent += 1,
                b'\t' => indent += 4 - indent % 4,
                0x0b | 0x0c => return None,
                _ => break,
            }
            first += 1;
        }
        Some(Line {
            start,
            bytes,
            indent,
            first,
        })
    }

    fn end(&self) -> usize {
        self.start + self.bytes.len()
    }

    fn is_blank(&self) -> bool {
        self.first == self.bytes.len()
    }

    /// The line past its indentation.
    fn rest(&self) -> &'a [u8] {
        &self.bytes[self.first..]
    }
}

/// One line in `state`; `next` is where the following line starts.
fn step(
    state: State,
    line: &Line<'_>,
    text: &str,
    next: usize,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let here = Here { line, text, next };
    match state {
        State::Idle => open(line, text, next, each),
        State::Paragraph { start, last } => paragraph(start, last, here, each),
        State::Definitions { start } => definitions(start, here, each),
        State::List {
            start,
            marker,
            items,
            ended,
        } => list(start, marker, items, ended, here, each),
        State::Quote { start, last } => quote(start, last, here, each),
        State::Fence { start, fence, len } => fenced(start, fence, len, here, each),
        State::Indented { start, last } => indented(start, last, here, each),
        State::Html { start, last, until } => html(start, last, until, here, each),
        State::Parse {
            start,
            after_blank,
            fence,
            html,
        } => parsed(start, after_blank, fence, html, here, each),
    }
}

/// The line a state reads: the line, the text it is in, and where the line
/// after it starts.
#[derive(Clone, Copy)]
struct Here<'a> {
    line: &'a Line<'a>,
    text: &'a str,
    next: usize,
}

/// A line after a paragraph's: a setext underline, a block that interrupts it,
/// a table's delimiter row, or more of it.
fn paragraph(
    start: usize,
    last: usize,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    if line.is_blank() {
        put(each, Piece::Block(BlockKind::Paragraph, start..last))?;
        return Some(State::Idle);
    }
    let rest = line.rest();
    if line.indent < 4 {
        if let Some(level) = setext(rest) {
            if plain(&text.as_bytes()[start..last]) {
                put(
                    each,
                    Piece::Heading {
                        start,
                        level,
                        title: start..last,
                    },
                )?;
            } else {
                put(each, Piece::Parse(start..next))?;
            }
            return Some(State::Idle);
        }
        match interrupts(rest, text.as_bytes(), line.start + line.first) {
            Interrupt::Yes => {
                put(each, Piece::Block(BlockKind::Paragraph, start..last))?;
                return open(line, text, next, each);
            }
            Interrupt::Unsure => return Some(parse_from(start)),
            Interrupt::No => {}
        }
    }
    if delimiter_row(line.rest()) {
        // The paragraph's lines may be a table's head.
        return Some(parse_from(start));
    }
    Some(State::Paragraph {
        start,
        last: line.end(),
    })
}

/// A line after link reference definitions: another, or the parser's to read.
fn definitions(
    start: usize,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    if line.is_blank() {
        return Some(State::Idle);
    }
    match definition(line) {
        Some(label) => {
            put(each, Piece::Definition(label))?;
            Some(State::Definitions { start })
        }
        // A title on the next line, a paragraph the definitions run
        // into, a list interrupting them: the parser decides.
        None => step(parse_from(start), line, text, next, each),
    }
}

/// A line after a tight list's: another item, more of the last one, the list's
/// end, or the parser's to read (a loose or nested list).
fn list(
    start: usize,
    marker: u8,
    mut items: Vec<Range<usize>>,
    ended: bool,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    if line.is_blank() {
        return Some(State::List {
            start,
            marker,
            items,
            ended: true,
        });
    }
    let rest = line.rest();
    if ended {
        // A line indented or a marker may carry the list on, loose.
        if line.first > 0 || list_marker(rest) {
            return step(parse_from(start), line, text, next, each);
        }
        let end = items.last().map_or(start, |item| item.end);
        put(each, Piece::List(start..end, items))?;
        return open(line, text, next, each);
    }
    if line.first == 0
        && let Some(m) = item_marker(rest)
        && m == marker
    {
        items.push(line.start..line.end());
        return Some(State::List {
            start,
            marker,
            items,
            ended,
        });
    }
    if continues(rest) {
        if let Some(item) = items.last_mut() {
            item.end = line.end();
        }
        return Some(State::List {
            start,
            marker,
            items,
            ended,
        });
    }
    step(parse_from(start), line, text, next, each)
}

/// A line after a one-paragraph blockquote's: more of it, its end, or the
/// parser's to read.
fn quote(
    start: usize,
    last: usize,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    if line.is_blank() {
        put(each, Piece::Quote(start..last))?;
        return Some(State::Idle);
    }
    if line.indent < 4 && quoted(line.rest()) {
        return Some(State::Quote {
            start,
            last: line.end(),
        });
    }
    step(parse_from(start), line, text, next, each)
}

/// A line inside a fenced code block: its closing fence, or more code.
fn fenced(
    start: usize,
    fence: u8,
    len: usize,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, .. } = here;
    if closes_fence(line, fence, len) {
        put(each, Piece::Block(BlockKind::Code, start..line.end()))?;
        return Some(State::Idle);
    }
    Some(State::Fence { start, fence, len })
}

/// A line after indented code: more of it (blank lines too), or its end.
fn indented(
    start: usize,
    last: usize,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    if line.is_blank() {
        return Some(State::Indented { start, last });
    }
    if line.indent >= 4 {
        return Some(State::Indented {
            start,
            last: line.end(),
        });
    }
    put(each, Piece::Block(BlockKind::Code, start..last))?;
    open(line, text, next, each)
}

/// A line inside an HTML block: its end string, or (type 6) a blank line, ends it.
fn html(
    start: usize,
    last: usize,
    until: Option<&'static str>,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    match until {
        Some(until) => {
            if contains(&text.as_bytes()[line.start..next], until) {
                put(each, Piece::Block(BlockKind::Html, start..line.end()))?;
                return Some(State::Idle);
            }
            Some(State::Html {
                start,
                last: line.end(),
                until: Some(until),
            })
        }
        None if line.is_blank() => {
            put(each, Piece::Block(BlockKind::Html, start..last))?;
            Some(State::Idle)
        }
        None => Some(State::Html {
            start,
            last: line.end(),
            until,
        }),
    }
}

/// A line of a stretch for the parser: it ends at a line at the left margin
/// after a blank line, outside any fence or HTML block opened at the margin.
fn parsed(
    start: usize,
    after_blank: bool,
    fence: Option<(u8, usize)>,
    html: Option<&'static str>,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    if let Some((ch, len)) = fence {
        let fence = (!closes_fence(line, ch, len)).then_some((ch, len));
        return Some(State::Parse {
            start,
            after_blank: false,
            fence,
            html,
        });
    }
    if let Some(until) = html {
        let html = (!contains(&text.as_bytes()[line.start..next], until)).then_some(until);
        return Some(State::Parse {
            start,
            after_blank: false,
            fence,
            html,
        });
    }
    if line.is_blank() {
        return Some(State::Parse {
            start,
            after_blank: true,
            fence,
            html,
        });
    }
    let margin = line.first == 0;
    if after_blank && margin && !list_marker(line.rest()) {
        put(each, Piece::Parse(start..line.start))?;
        return open(line, text, next, each);
    }
    let (fence, html) = if margin {
        let at = line.start;
        (
            opens_fence(line.rest()),
            html_end(text.as_bytes(), at)
                .filter(|until| !contains(&text.as_bytes()[at..next], until)),
        )
    } else {
        (None, None)
    };
    Some(State::Parse {
        start,
        after_blank: false,
        fence,
        html,
    })
}

/// Hands `piece` on; `None` if the caller gives up.
fn put(each: &mut impl FnMut(Piece) -> bool, piece: Piece) -> Option<()> {
    each(piece).then_some(())
}

/// Lines for the parser from `start` on.
fn parse_from(start: usize) -> State {
    State::Parse {
        start,
        after_blank: false,
        fence: None,
        html: None,
    }
}

/// A line with no block open: the block it starts.
fn open(
    line: &Line<'_>,
    text: &str,
    next: usize,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    if line.is_blank() {
        return Some(State::Idle);
    }
    if line.indent >= 4 {
        return Some(State::Indented {
            start: line.start,
            last: line.end(),
        });
    }
    let rest = line.rest();
    let paragraph = || {
        if delimiter_row(rest) {
            parse_from(line.start)
        } else {
            State::Paragraph {
                start: line.start,
                last: line.end(),
            }
        }
    };
    let state = match rest[0] {
        b'#' => match atx(rest)? {
            Some(level) => {
                let title = atx_title(line, level);
                let piece = match title {
                    Some(title) => Piece::Heading {
                        start: line.start,
                        level,
                        title,
                    },
                    None => Piece::Parse(line.start..next),
                };
                put(each, piece)?;
                State::Idle
            }
            None => paragraph(),
        },
        b'`' | b'~' => match opens_fence(rest) {
            Some((fence, len)) => State::Fence {
                start: line.start,
                fence,
                len,
            },
            None => paragraph(),
        },
        b'<' => {
            let at = line.start + line.first;
            if let Some(until) = html_end(text.as_bytes(), at) {
                if contains(&text.as_bytes()[at..next], until) {
                    put(each, Piece::Block(BlockKind::Html, line.start..line.end()))?;
                    State::Idle
                } else {
                    State::Html {
                        start: line.start,
                        last: line.end(),
                        until: Some(until),
                    }
                }
            } else if html_block_tag(&rest[1..]) {
                State::Html {
                    start: line.start,
                    last: line.end(),
                    until: None,
                }
            } else {
                // Perhaps a block of HTML type 7, perhaps inline HTML.
                parse_from(line.start)
            }
        }
        b'_' if hrule(rest) => State::Idle,
        b'[' => match definition(line) {
            Some(label) => {
                put(each, Piece::Definition(label))?;
                State::Definitions { start: line.start }
            }
            None => parse_from(line.start),
        },
        b'>' if quoted(rest) => State::Quote {
            start: line.start,
            last: line.end(),
        },
        b'>' => parse_from(line.start),
        b'-' | b'+' | b'*' | b'0'..=b'9' if line.first == 0 && item_marker(rest).is_some() => {
            let marker = item_marker(rest).expect("just checked");
            let item = line.start..line.end();
            State::List {
                start: line.start,
                marker,
                items: vec![item],
                ended: false,
            }
        }
        b'-' | b'+' | b'*' if list_marker(rest) || hrule(rest) => parse_from(line.start),
        b'0'..=b'9' if list_marker(rest) => parse_from(line.start),
        _ => paragraph(),
    };
    Some(state)
}

/// Ends the open block at the end of the text.
fn finish(state: State, len: usize, each: &mut impl FnMut(Piece) -> bool) -> bool {
    match state {
        State::Idle => true,
        State::Paragraph { start, last } => each(Piece::Block(BlockKind::Paragraph, start..last)),
        State::Fence { start, .. } => each(Piece::Block(BlockKind::Code, start..len)),
        State::Indented { start, last } => each(Piece::Block(BlockKind::Code, start..last)),
        State::Html { start, last, .. } => each(Piece::Block(BlockKind::Html, start..last)),
        State::Parse { start, .. } => each(Piece::Parse(start..len)),
        State::Definitions { .. } => true,
        State::List { start, items, .. } => {
            let end = items.last().map_or(start, |item| item.end);
            each(Piece::List(start..end, items))
        }
        State::Quote { start, last } => each(Piece::Quote(start..last)),
    }
}

/// The marker of a list item whose line is one of plain text: `-`, `+` or `*`,
/// or an ordered item's `.` or `)`, then one space and text no block starts
/// with.
fn item_marker(rest: &[u8]) -> Option<u8> {
    let (width, marker) = match rest[0] {
        b'-' | b'+' | b'*' => (1, rest[0]),
        b'0'..=b'9' => {
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            match rest.get(digits) {
                Some(&m @ (b'.' | b')')) if digits <= 9 => (digits + 1, m),
                _ => return None,
            }
        }
        _ => return None,
    };
    let text = rest.get(width + 1..)?;
    (rest[width] == b' ' && continues(text)).then_some(marker)
}

/// Whether `rest` (a line past its indentation, or an item's or a quote's
/// text) can only go on a paragraph: it starts no block (heading, fence,
/// quote, HTML, list, break, setext underline, definition, table, indented
/// code) and holds no `|`.
fn continues(rest: &[u8]) -> bool {
    let Some(&first) = rest.first() else {
        return false;
    };
    let starts_block = match first {
        b'#' | b'>' | b'<' | b'=' | b'\t' | b' ' | 0x0b | 0x0c => true,
        b'`' | b'~' => opens_fence(rest).is_some(),
        b'-' | b'+' | b'*' | b'_' | b'0'..=b'9' => {
            list_marker(rest) || hrule(rest) || setext(rest).is_some()
        }
        // A definition, a footnote, a task or a GFM alert.
        b'[' => {
            memmem::find(rest, b"]:").is_some()
                || rest.starts_with(b"[^")
                || rest.starts_with(b"[!")
        }
        _ => false,
    };
    !starts_block && !delimiter_row(rest)
}

/// Whether `rest` could be a table's delimiter row (`|---|:--:|`): only pipes,
/// hyphens, colons, spaces and tabs, at least one pipe and one hyphen. A table
/// needs one under its head, so lines with pipes but no such row beneath make
/// no table.
fn delimiter_row(rest: &[u8]) -> bool {
    let (mut pipe, mut hyphen) = (false, false);
    for &b in rest {
        match b {
            b'|' => pipe = true,
            b'-' => hyphen = true,
            b':' | b' ' | b'\t' => {}
            _ => return false,
        }
    }
    pipe && hyphen
}

/// Whether `rest` (past up to three spaces) is a blockquote line whose text
/// goes on a paragraph: `>`, perhaps one space, text that starts no block.
fn quoted(rest: &[u8]) -> bool {
    let Some(text) = rest.strip_prefix(b">") else {
        return false;
    };
    let text = text.strip_prefix(b" ").unwrap_or(text);
    continues(text)
}

/// The label of a link reference definition that `line` is whole and alone,
/// in its plainest form: `[label]: destination`, perhaps a title in quotes or
/// parentheses, nothing else. No brackets or backslashes in the label, no
/// parentheses, angle brackets or backslashes in the destination; a label
/// starting `^` would be a footnote's.
fn definition(line: &Line<'_>) -> Option<Range<usize>> {
    let rest = line.rest();
    let close = memchr(b']', rest)?;
    let label = &rest[1..close];
    let after = rest[close + 1..].strip_prefix(b":")?;
    if label.is_empty()
        || label.len() > 999
        || label[0] == b'^'
        || label.iter().any(|&b| matches!(b, b'[' | b'\\'))
        || label.trim_ascii().is_empty()
    {
        return None;
    }
    let after = after.trim_ascii_start();
    let dest = after.iter().take_while(|&&b| b > b' ' && b != 0x7f).count();
    if dest == 0
        || after[..dest]
            .iter()
            .any(|&b| matches!(b, b'(' | b')' | b'<' | b'\\'))
    {
        return None;
    }
    let title = after[dest..].trim_ascii();
    let plain_title = match title {
        [] => true,
        [open, inner @ .., close] if after[dest].is_ascii_whitespace() => {
            let end = match open {
                b'"' => b'"',
                b'\'' => b'\'',
                b'(' => b')',
                _ => return None,
            };
            *close == end && !inner.iter().any(|&b| b == end || b == *open || b == b'\\')
        }
        _ => false,
    };
    let start = line.start + line.first + 1;
    plain_title.then_some(start..start + label.len())
}

/// Whether a paragraph's next line (past its indentation, under four columns)
/// ends it.
enum Interrupt {
    Yes,
    No,
    /// A list, a blockquote or a footnote might start here: the
    /// parser decides.
    Unsure,
}

fn interrupts(rest: &[u8], text: &[u8], at: usize) -> Interrupt {
    let yes = |b: bool| if b { Interrupt::Yes } else { Interrupt::No };
    match rest[0] {
        b'#' => match atx(rest) {
            Some(level) => yes(level.is_some()),
            None => Interrupt::Unsure,
        },
        b'`' | b'~' => yes(opens_fence(rest).is_some()),
        b'<' => yes(html_end(text, at).is_some() || html_block_tag(&rest[1..])),
        b'_' => yes(hrule(rest)),
        b'>' => Interrupt::Unsure,
        b'[' if rest.starts_with(b"[^") => Interrupt::Unsure,
        b'-' | b'+' | b'*' if list_marker(rest) || hrule(rest) => Interrupt::Unsure,
        b'0'..=b'9' if list_marker(rest) => Interrupt::Unsure,
        _ => Interrupt::No,
    }
}

/// An ATX heading's level, if `rest` opens one; `None` (outer) when the byte
/// after the marks is a space the parser and this pass might read apart.
fn atx(rest: &[u8]) -> Option<Option<u8>> {
    let marks = rest.iter().take_while(|&&b| b == b'#').count();
    match rest.get(marks) {
        Some(0x0b | 0x0c) => None,
        Some(b' ' | b'\t') | None if marks <= 6 => Some(Some(marks as u8)),
        _ => Some(None),
    }
}

/// The title of an ATX heading line, if it holds no inline markup and no closing
/// marks to strip.
fn atx_title(line: &Line<'_>, level: u8) -> Option<Range<usize>> {
    let from = line.first + usize::from(level);
    let title = line.bytes[from..].trim_ascii();
    if title.last() == Some(&b'#') || !plain(title) {
        return None;
    }
    let start = line.start
        + from
        + (line.bytes[from..].len() - line.bytes[from..].trim_ascii_start().len());
    Some(start..start + title.len())
}

/// Whether inline parsing leaves `text` as it is (but for its whitespace): no
/// byte that opens markup, an escape, an entity or a break.
fn plain(text: &[u8]) -> bool {
    !text.iter().any(|b| {
        matches!(
            b,
            b'\\' | b'`' | b'*' | b'_' | b'~' | b'[' | b']' | b'<' | b'&' | b'!' | 0
        )
    })
}

/// A setext underline's level.
fn setext(rest: &[u8]) -> Option<u8> {
    let level = match rest[0] {
        b'=' => 1,
        b'-' => 2,
        _ => return None,
    };
    let run = rest.iter().take_while(|&&b| b == rest[0]).count();
    rest[run..]
        .iter()
        .all(|&b| b == b' ' || b == b'\t')
        .then_some(level)
}

/// A thematic break: three or more of one of `*`, `-`, `_`, and spaces or tabs.
fn hrule(rest: &[u8]) -> bool {
    let c = rest[0];
    let mut n = 0;
    for &b in rest {
        match b {
            b' ' | b'\t' => {}
            _ if b == c => n += 1,
            _ => return false,
        }
    }
    n >= 3
}

/// Whether `rest` starts with a list item's marker: `-`, `+` or `*`, or one to
/// nine digits and `.` or `)`, followed by a space, a tab or the line's end.
fn list_marker(rest: &[u8]) -> bool {
    let marker = match rest[0] {
        b'-' | b'+' | b'*' => 1,
        b'0'..=b'9' => {
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits > 9 || !matches!(rest.get(digits), Some(b'.' | b')')) {
                return false;
            }
            digits + 1
        }
        _ => return false,
    };
    matches!(rest.get(marker), None | Some(b' ' | b'\t' | 0x0b | 0x0c))
}

/// A code fence's character and length, if `rest` opens one.
fn opens_fence(rest: &[u8]) -> Option<(u8, usize)> {
    let c = *rest.first()?;
    if c != b'`' && c != b'~' {
        return None;
    }
    let len = rest.iter().take_while(|&&b| b == c).count();
    if len < 3 || (c == b'`' && memchr(b'`', &rest[len..]).is_some()) {
        return None;
    }
    Some((c, len))
}

/// Whether `line` closes a fence of `len` or more `fence` characters: under
/// four columns in, then only spaces or tabs (CommonMark; cmark-gfm,
/// markdown-it and the parser agree).
fn closes_fence(line: &Line<'_>, fence: u8, len: usize) -> bool {
    if line.indent >= 4 || line.is_blank() {
        return false;
    }
    let rest = line.rest();
    let run = rest.iter().take_while(|&&b| b == fence).count();
    run >= len && rest[run..].iter().all(|&b| b == b' ' || b == b'\t')
}

/// The string that ends an HTML block of types 1 to 5 opening at `text[at]`
/// (a `<`), as the parser has them (case matters in the end string).
fn html_end(text: &[u8], at: usize) -> Option<&'static str> {
    let after = &text[at + 1..];
    for (tag, end) in [
        (&b"pre"[..], "</pre>"),
        (b"style", "</style>"),
        (b"script", "</script>"),
        (b"textarea", "</textarea>"),
    ] {
        if after.len() < tag.len() {
            break;
        }
        if after[..tag.len()].eq_ignore_ascii_case(tag)
            && after
                .get(tag.len())
                .is_none_or(|&b| matches!(b, b'\t'..=b'\r' | b' ' | b'>'))
        {
            return Some(end);
        }
    }
    for (start, end) in [(&b"!--"[..], "-->"), (b"?", "?>"), (b"![CDATA[", "]]>")] {
        if after.starts_with(start) {
            return Some(end);
        }
    }
    (after.len() > 1 && after[0] == b'!' && after[1].is_ascii_alphabetic()).then_some(">")
}

/// Whether the text after a `<` opens an HTML block of type 6: one of the
/// block-level tag names, then a space, a tab, the line's end, `>` or `/>`.
fn html_block_tag(after: &[u8]) -> bool {
    const TAGS: [&str; 62] = [
        "address",
        "article",
        "aside",
        "base",
        "basefont",
        "blockquote",
        "body",
        "caption",
        "center",
        "col",
        "colgroup",
        "dd",
        "details",
        "dialog",
        "dir",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "frame",
        "frameset",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "head",
        "header",
        "hr",
        "html",
        "iframe",
        "legend",
        "li",
        "link",
        "main",
        "menu",
        "menuitem",
        "nav",
        "noframes",
        "ol",
        "optgroup",
        "option",
        "p",
        "param",
        "search",
        "section",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "title",
        "tr",
        "track",
        "ul",
    ];
    let after = after.strip_prefix(b"/").unwrap_or(after);
    let n = after
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    let name = &after[..n];
    if !TAGS.iter().any(|t| t.as_bytes().eq_ignore_ascii_case(name)) {
        return false;
    }
    match after.get(n) {
        None | Some(b' ' | b'\t' | b'\r' | b'\n' | b'>') => true,
        Some(b'/') => after.get(n + 1) == Some(&b'>'),
        _ => false,
    }
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    memmem::find(haystack, needle.as_bytes()).is_some()
}

#[cfg(test)]
mod tests {
    use super::super::build::read_by_blocks;

    /// Reads `text` with the pass, which must not give it up (and, reading it,
    /// agrees with the parser: `read_by_blocks` checks).
    fn read(text: &str) {
        assert!(read_by_blocks(text), "the pass gave up on {text:?}");
    }

    #[test]
    fn plain_blocks_are_read_without_the_parser() {
        read("# Title\n\nText *with* `markup`\nand a second line.\n\n## Two #\n");
        read("Setext\n======\n\nAnother\n---\n\nA paragraph\n    indented continuation\n");
        read("```rust\nfn main() {}\n\n# not a heading\n```\n\n~~~~\n```\n~~~~\n");
        read("    indented code\n\n    more\n\npara\n");
        read("<div>\nhtml\n</div>\n\n<!-- a\n\ncomment -->\n# after\n");
        read("text\n<details>\ninterrupts\n\n___\n\n***\n");
        read("```\nnever closed\n\n# still code\n");
        read("\t# tab-indented code\n\n# Heading with trailing spaces   \n");
        read("a\r\nb\r\n\r\n## crlf\r\n");
    }

    #[test]
    fn stretches_are_handed_to_the_parser_and_agree() {
        read("# A\n\n- item\n  - nested\n\n  more of the item\n\ntext\n");
        read("> quote\nlazy\n\n# B\n\n1. one\n2. two\n```\ncode\n\nstill code\n```\n\nafter\n");
        read("| a | b |\n|---|---|\n| 1 | 2 |\n\ntext | with a pipe\n---|---\n\nend\n");
        // Pipes with no delimiter row beneath make no table: read by the pass.
        read("`tar {{[-C|--directory]}}`\n\n- a | b\n- c\n\n> d | e\n");
        read("# Heading with *emphasis* and `code`\n\nSetext with [a link](x)\n---\n");
        read("<span>inline html</span> text\n\n<custom-element>\n\nafter\n");
        read("para\n- list interrupts\n\npara\n2. does not\n\n[ref]: /url\n\n[^1]: note\n");
        // Definitions the pass reads, and ones it leaves to the parser.
        read("[a]: /a\n[B c]: https://x/y \"Title\"\n[d]: #d (paren)\n\n# [a] and [b C]\n");
        read("[a]: /a\n\"title on the next line\"\n\n[b]: /b\nparagraph after\n\n[c]: <x>\n");
        read("[a]: /a\n- a list\n\n[b]: /b(c)\n\n[^1]: a footnote\n");
    }

    #[test]
    fn a_heading_link_defined_elsewhere_reads_as_the_parser_reads_it() {
        // A changelog: each version's heading links to a definition at the end.
        read(
            "# Changelog\n\n## [1.1.0] - 2024-02-01\n\n- fix\n\n## [1.0.0]\n\ntext\n\n[1.1.0]: https://x/1.1.0\n[1.0.0]: https://x/1.0.0\n",
        );
        read("## [Unreleased]\n\n## [not defined] here\n\n[unreleased]: https://x\n");
        read("# Notes [^1]\n\ntext\n");
    }

    #[test]
    fn a_fence_open_at_a_stretch_end_gives_the_document_up() {
        // Indented less than the item's text, the fence closes the list and
        // runs on at top level past the blank line: the pass cannot tell where
        // it ends, and the parser reads the document whole.
        assert!(!read_by_blocks("- a\n ```\ncode\n\nfoo\n```\n"));
        // Indented as the item's text, it is the item's and ends with it.
        read("- a\n  ```\ncode\n\nfoo\n```\n");
    }

    #[test]
    fn generated_documents_agree_with_the_parser() {
        const LINES: [&str; 50] = [
            "a | b",
            "--|--",
            "`cmd {{[-C|--dir]}}`",
            "| :-: |",
            "> q | r",
            "[a b]: /u \"t\"",
            "\"title\"",
            "[x]: /u (p)",
            "[y]:",
            "   [link]: <x>",
            "",
            "",
            "",
            "# Head",
            "## Head *em*",
            "### [link]",
            "Para text",
            "more text",
            "   indented three",
            "    code four",
            "\tcode tab",
            "- item",
            "  continued",
            "* star",
            "+ plus",
            "1. one",
            "2) two",
            "> quote",
            ">",
            "```",
            "```rust",
            "~~~",
            "  ```",
            "<div>",
            "</div>",
            "<!-- c",
            "-->",
            "<span>x</span>",
            "===",
            "---",
            "- - -",
            "___",
            "| a | b |",
            "|---|---|",
            "[link]: /u",
            "[^n]: note",
            "[^n]",
            "text with [link]",
            "#5 not heading",
            "  - nested",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut read = 0;
        let total = 3000;
        for _ in 0..total {
            let n = 1 + next() % 14;
            let mut text = String::new();
            for _ in 0..n {
                text.push_str(LINES[(next() % LINES.len() as u64) as usize]);
                text.push('\n');
            }
            read += usize::from(read_by_blocks(&text));
        }
        // Enough of them are read by the pass for the comparison to mean something.
        assert!(read > total / 4, "only {read} of {total} read by the pass");
    }
}
