//! The pass over a text's lines: each line read in the state the lines
//! before it left ([`State`]), the blocks it ends handed on as [`Piece`]s.

use memchr::memchr;

use super::items::Items;
use super::open::open;
use super::scanners::{
    Interrupt, Line, closes_fence, contains, continues, definition, delimiter_row, html_end,
    interrupts, item_marker, list_marker, opens_fence, quoted, setext,
};
use super::state::{Piece, State, parse_from, put};
use super::tables::{opens_table, table_row};
use super::titles::plain;
use crate::tree::model::BlockKind;

/// Reads `text[from..]` block by block, handing each piece to `each`. False as
/// soon as it meets something it does not read exactly or `each` returns false:
/// the caller then parses the document whole.
pub(crate) fn scan(text: &str, from: usize, mut each: impl FnMut(Piece) -> bool) -> bool {
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
        State::Table { start, last } => table(start, last, here, each),
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
    // A paragraph's only line and a delimiter row under it with as many
    // columns open a table, as the parser reads it before anything else.
    let delimiter = delimiter_row(rest);
    let head = &text.as_bytes()[start..last];
    if delimiter && !head.contains(&b'\n') && opens_table(head.trim_ascii_start(), line.bytes) {
        return Some(State::Table {
            start,
            last: line.end(),
        });
    }
    if line.indent < 4 {
        if let Some(level) = setext(rest) {
            if plain(&text.as_bytes()[start..last]) {
                put(
                    each,
                    Piece::Heading {
                        start,
                        level,
                        title: start..last,
                        code: false,
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
    if delimiter {
        // The paragraph's lines may be a table's head.
        return Some(parse_from(start));
    }
    Some(State::Paragraph {
        start,
        last: line.end(),
    })
}

/// A line after a table's rows: another row, or its end (a blank line; a
/// line that may start a block, which would end it, is the parser's to read
/// with the table).
fn table(
    start: usize,
    last: usize,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    if line.is_blank() {
        put(each, Piece::Block(BlockKind::Table, start..last))?;
        return Some(State::Idle);
    }
    if table_row(line.rest()) {
        return Some(State::Table {
            start,
            last: line.end(),
        });
    }
    step(parse_from(start), line, text, next, each)
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

/// A line after a list's of one-paragraph items: another item (after a
/// blank line, the list is loose), an item of a tight list nested in the
/// last, more of the last one, the list's end (another list's marker ends
/// it too), or the parser's to read (a list nested deeper or in a loose
/// one, an item of more than one paragraph).
fn list(
    start: usize,
    marker: u8,
    mut items: Items,
    ended: bool,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    let more = |items: Items, ended: bool| {
        Some(State::List {
            start,
            marker,
            items,
            ended,
        })
    };
    if line.is_blank() {
        return more(items, true);
    }
    let rest = line.rest();
    let item = item_marker(rest);
    if line.first == 0
        && let Some(m) = item.filter(|m| m.kind == marker)
    {
        if ended && items.nests() {
            // Loose, with a list nested in an item: the parser's.
            return step(parse_from(start), line, text, next, each);
        }
        items.push(line.start..line.end(), ended, m.text);
        return more(items, false);
    }
    // Another list's marker starts it: after a blank line any, else one
    // that may interrupt the last item's paragraph.
    if line.first == 0 && item.is_some_and(|m| ended || m.interrupts) {
        let end = items.end();
        put(each, Piece::List(start..end, items))?;
        return open(line, text, next, each);
    }
    if ended {
        // A line indented or a marker may carry the list on.
        if line.first > 0 || list_marker(rest) {
            return step(parse_from(start), line, text, next, each);
        }
        let end = items.end();
        put(each, Piece::List(start..end, items))?;
        return open(line, text, next, each);
    }
    // (Spaces alone before a nested marker: a tab's columns are the
    // parser's to count.)
    if let Some(m) = item.filter(|_| line.first == line.indent && !items.loose()) {
        let at = (line.indent, m.kind, line.indent + m.text);
        if items.nest(line.start..line.end(), at, m.interrupts) {
            return more(items, false);
        }
    } else if continues(rest) {
        items.extend(line.end());
        return more(items, false);
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
            let end = items.end();
            each(Piece::List(start..end, items))
        }
        State::Quote { start, last } => each(Piece::Quote(start..last)),
        State::Table { start, last } => each(Piece::Block(BlockKind::Table, start..last)),
    }
}
