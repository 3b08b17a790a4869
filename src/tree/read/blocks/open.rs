//! A line with no block open: the block it starts, read by its first byte.

use super::items::Items;
use super::scanners::{
    Line, atx, atx_title, contains, definition, delimiter_row, hrule, html_block_tag, html_end,
    item_marker, list_marker, opens_fence, quoted,
};
use super::state::{Piece, State, parse_from, put};
use crate::tree::model::BlockKind;

/// A line with no block open: the block it starts.
pub(super) fn open(
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
            Some(level) => atx_heading(line, level, next, each)?,
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
        b'<' => html_start(line, text, next, each)?,
        b'_' if hrule(rest) => State::Idle,
        b'[' => match definition(line) {
            Some(label) => {
                put(each, Piece::Definition(label))?;
                State::Definitions { start: line.start }
            }
            None if no_label(rest) => paragraph(),
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
                marker: marker.kind,
                items: Items::new(item, marker.text),
                ended: false,
            }
        }
        b'-' | b'+' | b'*' if list_marker(rest) || hrule(rest) => parse_from(line.start),
        b'0'..=b'9' if list_marker(rest) => parse_from(line.start),
        _ => paragraph(),
    };
    Some(state)
}

/// An ATX heading's line: the heading, or, with markup in its title, the
/// line for the parser.
fn atx_heading(
    line: &Line<'_>,
    level: u8,
    next: usize,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let piece = match atx_title(line, level) {
        Some((title, code)) => Piece::Heading {
            start: line.start,
            level,
            title,
            code,
        },
        None => Piece::Parse(line.start..next),
    };
    put(each, piece)?;
    Some(State::Idle)
}

/// A line opening with `<`: an HTML block (ended on this line, or by its end
/// string, or by a blank line), or, when it may be inline HTML, the parser's
/// to read.
fn html_start(
    line: &Line<'_>,
    text: &str,
    next: usize,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let at = line.start + line.first;
    let state = if let Some(until) = html_end(text.as_bytes(), at) {
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
    } else if html_block_tag(&line.rest()[1..]) {
        State::Html {
            start: line.start,
            last: line.end(),
            until: None,
        }
    } else if may_be_tag_alone(line.rest()) {
        // Perhaps a block of HTML type 7, perhaps inline HTML.
        parse_from(line.start)
    } else {
        // A paragraph's, opening with inline HTML.
        State::Paragraph {
            start: line.start,
            last: line.end(),
        }
    };
    Some(state)
}

/// Whether a line opening with `<` (`rest`) may open an HTML block of type
/// 7: a tag alone on its line, which the parser reads on that line, only
/// white space after it (a vertical tab and a form feed too). A `>` ends a
/// tag unless it is in a quoted value: where no quote comes before the
/// first `>`, the tag ends there or is none.
fn may_be_tag_alone(rest: &[u8]) -> bool {
    let blank = |b: &u8| matches!(b, b' ' | b'\t' | 0x0b | 0x0c | b'\r');
    let Some(close) = memchr::memchr(b'>', rest) else {
        return false;
    };
    match memchr::memchr2(b'"', b'\'', &rest[..close]) {
        None => rest[close + 1..].iter().all(blank),
        Some(_) => rest.iter().rev().find(|b| !blank(b)) == Some(&b'>'),
    }
}

/// Whether a line opening with `[` opens no link reference definition: its
/// label (up to the first `]` not escaped) holds a `[`, or is not followed
/// by `:`. (A label the line does not close may go on to the next one.)
fn no_label(rest: &[u8]) -> bool {
    let mut i = 1;
    while i < rest.len() {
        match rest[i] {
            b'\\' => i += 1,
            b'[' => return true,
            b']' => return rest.get(i + 1) != Some(&b':'),
            _ => {}
        }
        i += 1;
    }
    false
}
