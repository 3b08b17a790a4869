//! Which whole matches a response shows (docs/output.md, "Text"): matches in order while they
//! fit the budget, then one marker line naming as many of the rest as fit.
//!
//! The first match is always shown (paged already when it alone is over the
//! budget). Later ones are shown while they and a marker naming a few of the
//! rest still fit; the marker then lists as many further selectors as the
//! budget allows. [`Selection`] takes matches a document at a time and keeps
//! only what can still be shown, plus the names of the rest.

use std::borrow::Cow;

use super::budget::{Budget, Size};
use super::matched::Match;

/// How many of the rest the marker is sure to have room for when deciding
/// whether one more match fits.
const NAMES_RESERVED: usize = 5;
/// How many of the rest the marker names even when the matches shown left no
/// room (a few words over the budget).
const NAMES_ALWAYS: usize = 3;

/// A match as a response prints it, apart from its document.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Piece<'a> {
    /// Which node and which part of it (`doc` is not used).
    pub m: Match,
    pub namespace: Cow<'a, str>,
    /// The content as printed, or `None` when only its name is kept.
    pub content: Option<Cow<'a, str>>,
}

/// How many matches are shown and how many of the rest are named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cut {
    pub shown: usize,
    pub listed: usize,
}

/// Chooses how many matches to show and how many of the rest to name.
///
/// `size(k)` is the printed size of match `k`, `None` when its content was not
/// kept (it cannot be shown); `names` are the names of every match known, in
/// order (at least those past the shown ones that may be listed); `marker(s,
/// l)` is the size of the marker after `s` shown matches naming `l` of the rest.
pub(crate) fn choose(
    budget: Budget,
    total: usize,
    names: usize,
    mut size: impl FnMut(usize) -> Option<Size>,
    marker: impl Fn(usize, usize) -> Size,
) -> Cut {
    let mut used = Size::default();
    let mut shown = 0;
    while shown < total {
        let Some(next) = size(shown) else { break };
        let after = total - shown - 1;
        let reserve = if after > 0 {
            let listed = after
                .min(NAMES_RESERVED)
                .min(names.saturating_sub(shown + 1));
            marker(shown + 1, listed)
        } else {
            Size::default()
        };
        if shown > 0 && !budget.fits(used + next + reserve) {
            break;
        }
        used += next;
        shown += 1;
    }
    if shown == total {
        return Cut { shown, listed: 0 };
    }
    // The most names that fit: the marker grows with each one.
    let most = names.saturating_sub(shown).min(total - shown);
    let (mut lo, mut hi) = (0, most);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if budget.fits(used + marker(shown, mid)) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    Cut {
        shown,
        listed: lo.max(most.min(NAMES_ALWAYS)),
    }
}

/// The matches of each selector, a document at a time, keeping the content of
/// only those that may still be shown.
#[derive(Debug)]
pub(crate) struct Selection {
    budget: Budget,
    groups: Vec<Group>,
}

#[derive(Debug, Default)]
struct Group {
    pieces: Vec<Piece<'static>>,
    /// Size of the content kept.
    used: Size,
    /// A match's content was dropped: every later one is named only.
    spilled: bool,
    /// Matches past the names kept, counted only.
    more: usize,
}

impl Selection {
    /// An empty selection; a group per selector is made as its matches come.
    pub fn new(budget: Budget) -> Selection {
        Selection {
            budget,
            groups: Vec::new(),
        }
    }

    /// Adds the next match of selector `k`.
    pub fn push(&mut self, k: usize, mut piece: Piece<'static>) {
        let budget = self.budget;
        if self.groups.len() <= k {
            self.groups.resize_with(k + 1, Group::default);
        }
        let g = &mut self.groups[k];
        let size = piece.content.as_deref().map_or(Size::default(), Size::of);
        if !g.spilled && (g.pieces.is_empty() || budget.fits(g.used + size)) {
            g.used += size;
            g.pieces.push(piece);
            return;
        }
        g.spilled = true;
        // A marker cannot name more than a word each.
        if g.pieces.len() <= budget.words {
            piece.content = None;
            g.pieces.push(piece);
        } else {
            g.more += 1;
        }
    }

    /// Every match kept, in order, and how many more there were.
    pub fn finish(self) -> (Vec<Piece<'static>>, usize) {
        let mut pieces = Vec::new();
        let mut more = 0;
        for g in self.groups {
            // Past uncounted names, later matches cannot be named in order.
            if more == 0 {
                pieces.extend(g.pieces);
            } else {
                more += g.pieces.len();
            }
            more += g.more;
        }
        (pieces, more)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(n: usize) -> Size {
        Size {
            words: n,
            bytes: n * 2,
        }
    }

    #[test]
    fn whole_matches_while_they_fit_then_names() {
        let budget = Budget::new(100);
        // Markers: 10 words plus one a name.
        let marker = |_, listed: usize| words(10 + listed);
        let cut = choose(budget, 3, 3, |_| Some(words(30)), marker);
        assert_eq!(
            cut,
            Cut {
                shown: 3,
                listed: 0
            },
            "all fit: no marker"
        );
        let cut = choose(budget, 10, 10, |_| Some(words(30)), marker);
        // 30 + 30 + 15 (marker with 5 names) fits; a third match does not.
        assert_eq!(cut.shown, 2);
        assert_eq!(
            cut.listed, 8,
            "40 words left: 10 for the marker, 30 names at most"
        );
        // The first match is shown whatever its size; a few names always are.
        let cut = choose(budget, 5, 5, |_| Some(words(150)), marker);
        assert_eq!(
            cut,
            Cut {
                shown: 1,
                listed: 3
            }
        );
        // Matches whose content was not kept are not shown.
        let cut = choose(budget, 4, 4, |k| (k == 0).then(|| words(1)), marker);
        assert_eq!(
            cut,
            Cut {
                shown: 1,
                listed: 3
            }
        );
    }

    #[test]
    fn a_selection_keeps_content_only_while_it_may_fit() {
        let piece = |text: &str| Piece {
            m: Match {
                doc: 0,
                node: crate::tree::NodeId::DOCUMENT,
                selector: "h2.0".into(),
                span: 0..0,
                page: None,
                page_step: false,
                cut_head: false,
                cut_tail: false,
                query: Default::default(),
                score: None,
                hit: None,
                folded: None,
            },
            namespace: Cow::Borrowed("a"),
            content: Some(Cow::Owned(text.to_owned())),
        };
        let mut sel = Selection::new(Budget::new(4));
        for text in ["a b c", "d e", "f"] {
            sel.push(0, piece(text));
        }
        sel.push(1, piece("g h i j k"));
        let (pieces, more) = sel.finish();
        let kept: Vec<bool> = pieces.iter().map(|p| p.content.is_some()).collect();
        // "d e" would pass 4 words: it and every later match of its selector are names.
        assert_eq!(kept, [true, false, false, true]);
        assert_eq!(more, 0);
        // Past as many names as the budget has words, matches are only counted,
        // and so is every match of a later selector.
        let mut sel = Selection::new(Budget::new(2));
        for _ in 0..10 {
            sel.push(0, piece("a b c"));
        }
        sel.push(1, piece("x"));
        let (pieces, more) = sel.finish();
        assert_eq!((pieces.len(), more), (3, 8));
    }
}
