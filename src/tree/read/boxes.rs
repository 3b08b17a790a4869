//! Site containers (`:::note … :::`, docs/dialects.md) as the tree holds
//! them: a `quote` holding the document-level blocks within its lines. Both
//! readers place a block by the same rule ([`Boxes::before`]): the walk over
//! the parser's events, and the block-level pass, whose blocks the
//! [`Builder`](super::builder::Builder) places as it adds them.

use std::ops::Range;

/// A text's containers, as block spans in order (none inside another), and
/// the one the blocks read last are in.
pub(super) struct Boxes {
    spans: Vec<Range<usize>>,
    /// The first container neither entered nor passed.
    next: usize,
    open: Option<Range<usize>>,
}

/// A block crosses a container's edge: the text is read as written, with
/// no container.
pub(super) struct Crossed;

/// What placing a block did: whether it left the open container, and the
/// span of the one it entered.
pub(super) struct Moved {
    pub left: bool,
    pub entered: Option<Range<usize>>,
}

impl Boxes {
    /// `spans` are the containers' block spans, in order.
    pub fn new(spans: Vec<Range<usize>>) -> Boxes {
        Boxes {
            spans,
            next: 0,
            open: None,
        }
    }

    /// Whether a container is open or still ahead.
    pub fn any(&self) -> bool {
        self.open.is_some() || self.next < self.spans.len()
    }

    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Before a document-level block from `start` to `end` (the end of its
    /// last line the parser reads as not blank): leaves the open container
    /// where the block is past it, and enters the one it starts in.
    pub fn before(&mut self, start: usize, end: usize) -> Result<Moved, Crossed> {
        if self.crosses(start, end) {
            return Err(Crossed);
        }
        let left = self.open.as_ref().is_some_and(|b| start >= b.end);
        if left {
            self.open = None;
        }
        let mut entered = None;
        if self.open.is_none()
            && let Some(b) = self.spans.get(self.next).filter(|b| b.start <= start)
        {
            entered = Some(b.clone());
            self.open = Some(b.clone());
            self.next += 1;
        }
        Ok(Moved { left, entered })
    }

    /// Whether text from `start` to `end`, which starts after every block
    /// placed so far, crosses a container's edge: it starts before one and
    /// runs into it, or starts in one and runs past it.
    pub fn crosses(&mut self, start: usize, end: usize) -> bool {
        // Containers that ended before it are behind it: only the open one
        // and the next to open can cross it.
        while self.spans.get(self.next).is_some_and(|b| b.end <= start) {
            self.next += 1;
        }
        let crosses = |b: &Range<usize>| {
            (start < b.start && b.start < end) || (b.start <= start && start < b.end && end > b.end)
        };
        self.open.as_ref().is_some_and(crosses) || self.spans.get(self.next).is_some_and(crosses)
    }

    /// Whether `at` is within a container's lines.
    pub fn holds(&self, at: usize) -> bool {
        let i = self.spans.partition_point(|b| b.end <= at);
        self.spans.get(i).is_some_and(|b| b.start <= at)
    }
}
