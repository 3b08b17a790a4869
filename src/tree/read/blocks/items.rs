//! A list's items, as the block-level pass collects them, with the tight
//! lists nested in them, one level deep.

use std::ops::Range;

/// A list's items' lines, in order: the first kept in place, since most
/// lists the pass reads have one item (a step, a note), and the others in a
/// vector allocated only for a second; whether the list is loose (a blank
/// line between two items: each item's text is a paragraph); and the lists
/// nested in its items.
pub(in crate::tree) struct Items {
    first: Range<usize>,
    more: Vec<Range<usize>>,
    loose: bool,
    /// The last item's text column: a nested item's marker is at it or
    /// up to three columns past it.
    column: usize,
    nested: Vec<Nested>,
}

/// A tight list of one-paragraph items nested in an item (at most one in
/// each): the item's index, the list's marker, its items' lines, and its
/// last item's text column (a marker there or past it would nest deeper).
pub(in crate::tree) struct Nested {
    pub item: usize,
    marker: u8,
    pub items: Vec<Range<usize>>,
    column: usize,
}

impl Items {
    /// A list's first item, its lines and its text column.
    pub(super) fn new(first: Range<usize>, column: usize) -> Items {
        Items {
            first,
            more: Vec::new(),
            loose: false,
            column,
            nested: Vec::new(),
        }
    }

    /// Whether a blank line is between two of the items.
    pub(in crate::tree) fn loose(&self) -> bool {
        self.loose
    }

    /// Whether a list is nested in an item.
    pub(super) fn nests(&self) -> bool {
        !self.nested.is_empty()
    }

    /// Another item, after a blank line if `loose`, its text at `column`.
    pub(super) fn push(&mut self, item: Range<usize>, loose: bool, column: usize) {
        self.more.push(item);
        self.loose |= loose;
        self.column = column;
    }

    /// The last item's lines run on to `end` (a line that goes on its
    /// paragraph, or the last nested item's).
    pub(super) fn extend(&mut self, end: usize) {
        let last = self.more.len();
        match self.more.last_mut() {
            Some(item) => item.end = end,
            None => self.first.end = end,
        }
        if let Some(nested) = self.nested.last_mut().filter(|n| n.item == last) {
            let item = nested.items.last_mut().expect("a nested list has an item");
            item.end = end;
        }
    }

    /// A line whose marker (`marker`, `indent` columns in, its text at
    /// `column`) may start an item nested in the last: one more item of the
    /// list nested there, or, where `interrupts` (its marker may interrupt
    /// the item's paragraph), the first of one. False where it would nest
    /// otherwise (deeper, or a second list in the item).
    pub(super) fn nest(
        &mut self,
        line: Range<usize>,
        (indent, marker, column): (usize, u8, usize),
        interrupts: bool,
    ) -> bool {
        if indent < self.column || indent > self.column + 3 {
            return false;
        }
        let last = self.more.len();
        match self.nested.last_mut().filter(|n| n.item == last) {
            Some(nested) if nested.marker == marker && indent < nested.column => {
                nested.items.push(line.clone());
                nested.column = column;
            }
            Some(_) => return false,
            None if interrupts => self.nested.push(Nested {
                item: last,
                marker,
                items: vec![line.clone()],
                column,
            }),
            None => return false,
        }
        self.extend(line.end);
        true
    }

    /// Where the last item ends.
    pub(super) fn end(&self) -> usize {
        self.more.last().unwrap_or(&self.first).end
    }

    /// The items' lines, in order, and the lists nested in them.
    pub(in crate::tree) fn into_parts(self) -> (Vec<Range<usize>>, Vec<Nested>) {
        let mut all = Vec::with_capacity(self.more.len() + 1);
        all.push(self.first);
        all.extend(self.more);
        (all, self.nested)
    }
}
