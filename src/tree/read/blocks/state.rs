//! What the block-level pass finds ([`Piece`]) and the block open after the
//! lines read so far ([`State`]).

use std::ops::Range;

use super::items::Items;
use crate::tree::model::BlockKind;

/// What the pass found, in document order.
pub(crate) enum Piece {
    /// A top-level block: its first line's start to its last line's end.
    Block(BlockKind, Range<usize>),
    /// A top-level heading with no inline markup but code spans: its first
    /// line's start, its level, its title (whitespace not yet folded) and
    /// whether it holds a code span ([`code_title`](super::code_title) reads
    /// it).
    Heading {
        start: usize,
        level: u8,
        title: Range<usize>,
        code: bool,
    },
    /// Lines for the parser, starting and ending where no block is open.
    Parse(Range<usize>),
    /// A link reference definition's label: it makes no block, but a link
    /// elsewhere may name it.
    Definition(Range<usize>),
    /// A tight list whose items hold one paragraph each: its lines, and each
    /// item's.
    List(Range<usize>, Items),
    /// A blockquote holding one paragraph: its lines.
    Quote(Range<usize>),
}

/// The block open after the lines read so far.
pub(super) enum State {
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
        items: Items,
        ended: bool,
    },
    /// A table since `start` (its head's line), its last row ending at
    /// `last`.
    Table { start: usize, last: usize },
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

/// Hands `piece` on; `None` if the caller gives up.
pub(super) fn put(each: &mut impl FnMut(Piece) -> bool, piece: Piece) -> Option<()> {
    each(piece).then_some(())
}

/// Lines for the parser from `start` on.
pub(super) fn parse_from(start: usize) -> State {
    State::Parse {
        start,
        after_blank: false,
        fence: None,
        html: None,
    }
}
