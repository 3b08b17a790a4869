//! Pages of outline lines, for an outline whose shallowest fold does not fit:
//! each page the next run of lines that fits the room a page has, only the
//! page asked for kept.

use super::budget::{Budget, Size};
use super::measure::line_size;
use crate::render::lines::Line;

/// Pages of lines: each the next run that fits in `room`.
#[derive(Debug)]
pub(super) struct Pager {
    room: Budget,
    used: Size,
    /// The page being filled (0-based) and whether it holds a line yet.
    index: usize,
    started: bool,
    /// The page asked for, and its lines.
    wanted: usize,
    pub(super) lines: Vec<(Line, u32)>,
}

impl Pager {
    pub(super) fn new(room: Budget, wanted: usize) -> Pager {
        Pager {
            room,
            used: Size::default(),
            index: 0,
            started: false,
            wanted,
            lines: Vec::new(),
        }
    }

    pub(super) fn push(&mut self, line: &Line, hidden: u32) {
        self.push_sized(line, hidden, line_size(line, hidden));
    }

    /// [`Pager::push`] of a line whose size noting `hidden` is known.
    pub(super) fn push_sized(&mut self, line: &Line, hidden: u32, size: Size) {
        if self.started && !self.room.fits(self.used + size) {
            self.index += 1;
            self.used = Size::default();
        }
        self.used += size;
        self.started = true;
        if self.index == self.wanted {
            self.lines.push((line.clone(), hidden));
        }
    }

    pub(super) fn count(&self) -> usize {
        self.index + 1
    }
}
