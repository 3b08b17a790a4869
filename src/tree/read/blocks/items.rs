//! A list's items, as the block-level pass collects them.

use std::ops::Range;

/// A list's items' lines, in order: the first kept in place, since most
/// lists the pass reads have one item (a step, a note), and the others in a
/// vector allocated only for a second; and whether the list is loose (a
/// blank line between two items: each item's text is a paragraph).
pub(in crate::tree) struct Items {
    first: Range<usize>,
    more: Vec<Range<usize>>,
    loose: bool,
}

impl Items {
    pub(super) fn new(first: Range<usize>) -> Items {
        Items {
            first,
            more: Vec::new(),
            loose: false,
        }
    }

    /// Whether a blank line is between two of the items.
    pub(in crate::tree) fn loose(&self) -> bool {
        self.loose
    }

    /// Another item, after a blank line if `loose`.
    pub(super) fn push(&mut self, item: Range<usize>, loose: bool) {
        self.more.push(item);
        self.loose |= loose;
    }

    pub(super) fn last_mut(&mut self) -> &mut Range<usize> {
        self.more.last_mut().unwrap_or(&mut self.first)
    }

    /// Where the last item ends.
    pub(super) fn end(&self) -> usize {
        self.more.last().unwrap_or(&self.first).end
    }
}

impl IntoIterator for Items {
    type Item = Range<usize>;
    type IntoIter =
        std::iter::Chain<std::iter::Once<Range<usize>>, std::vec::IntoIter<Range<usize>>>;

    fn into_iter(self) -> Self::IntoIter {
        std::iter::once(self.first).chain(self.more)
    }
}
