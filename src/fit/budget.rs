//! The response budget (docs/output.md, "Text"): how many words and bytes one text response
//! may hold, and the sizes measured against it.
//!
//! A word is a run of non-whitespace. The byte ceiling is 16 bytes a
//! word, so a response of long paths or URLs (one word, many tokens) still fits
//! a client's context. `--full` lifts both limits.

use crate::options::Options;
use crate::words::count_words;

/// Bytes allowed per word of the budget.
pub(crate) const BYTES_PER_WORD: usize = 16;

/// The words and bytes of some text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Size {
    pub words: usize,
    pub bytes: usize,
}

impl Size {
    /// The size of `text`.
    pub fn of(text: &str) -> Size {
        Size {
            words: count_words(text),
            bytes: text.len(),
        }
    }

    /// The size of text in bytes (expected UTF-8).
    pub fn of_bytes(bytes: &[u8]) -> Size {
        Size {
            words: crate::words::count_words_bytes(bytes),
            bytes: bytes.len(),
        }
    }
}

impl std::ops::Add for Size {
    type Output = Size;
    fn add(self, other: Size) -> Size {
        Size {
            words: self.words.saturating_add(other.words),
            bytes: self.bytes.saturating_add(other.bytes),
        }
    }
}

impl std::ops::AddAssign for Size {
    fn add_assign(&mut self, other: Size) {
        *self = *self + other;
    }
}

impl std::ops::Sub for Size {
    type Output = Size;
    fn sub(self, other: Size) -> Size {
        Size {
            words: self.words.saturating_sub(other.words),
            bytes: self.bytes.saturating_sub(other.bytes),
        }
    }
}

/// The most one response may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    /// Words (the page size too).
    pub words: usize,
    /// Bytes.
    pub bytes: usize,
}

impl Budget {
    /// No limit at all (`--full`).
    pub const UNLIMITED: Budget = Budget {
        words: usize::MAX,
        bytes: usize::MAX,
    };

    /// `max_words` words and 16 bytes a word.
    pub fn new(max_words: usize) -> Budget {
        let words = max_words.max(1);
        Budget {
            words,
            bytes: words.saturating_mul(BYTES_PER_WORD),
        }
    }

    /// The budget of a response under these options: unlimited with `--full`.
    pub fn of(options: &Options) -> Budget {
        if options.full {
            Budget::UNLIMITED
        } else {
            Budget::new(options.max_words)
        }
    }

    /// Whether `size` is within the budget.
    pub fn fits(self, size: Size) -> bool {
        size.words <= self.words && size.bytes <= self.bytes
    }

    /// Whether there is no limit.
    pub fn unlimited(self) -> bool {
        self == Budget::UNLIMITED
    }

    /// What is left after `used`.
    pub fn less(self, used: Size) -> Budget {
        if self.unlimited() {
            return self;
        }
        Budget {
            words: self.words.saturating_sub(used.words),
            bytes: self.bytes.saturating_sub(used.bytes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_limits() {
        assert_eq!(
            Size::of("a bb\n  ccc\n"),
            Size {
                words: 3,
                bytes: 11
            }
        );
        let budget = Budget::new(2);
        assert_eq!(budget.bytes, 32);
        assert!(budget.fits(Size::of("a b")));
        assert!(!budget.fits(Size::of("a b c")));
        assert!(!budget.fits(Size::of(&"x".repeat(33))));
        assert!(Budget::UNLIMITED.fits(Size::of(&"x ".repeat(10_000))));
        assert_eq!(budget.less(Size::of("a")).words, 1);
        assert_eq!(Budget::new(0), Budget::new(1));
    }
}
