//! Selector syntax errors: where parsing stopped and what would have fit there.
//! Each [`Expected`] variant's doc shows an input that produces it; those inputs
//! are the parser's table tests.

use std::fmt;

use super::{MAX_SELECTOR_LEN, MAX_STEPS, Target};
use crate::error::ErrorCode;

/// A malformed selector: the input, where it went wrong, and what would fit there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The selector as given.
    pub input: String,
    /// Byte offset of the problem in `input`.
    pub offset: usize,
    /// What the parser needed at `offset`.
    pub expected: Expected,
}

impl SyntaxError {
    /// 1-based character column of the problem.
    pub fn column(&self) -> usize {
        let end = self.offset.min(self.input.len());
        let end = (0..=end)
            .rev()
            .find(|&i| self.input.is_char_boundary(i))
            .unwrap_or(0);
        self.input[..end].chars().count() + 1
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Invalid selector at column {}: {}",
            self.column(),
            self.expected
        )
    }
}

impl std::error::Error for SyntaxError {}

/// What the parser expected where it stopped. Each variant's doc shows an input
/// that produces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// `h2.` — a number after `.` or `[`.
    Index {
        /// `.` or `[`.
        after: char,
    },
    /// `h2.1-` — the end of a range.
    RangeEnd,
    /// `h2.3-1` — a range must not run backwards.
    RangeOrder {
        /// The range start.
        start: u64,
        /// The (smaller) range end.
        end: u64,
    },
    /// `h2[1` — a closing bracket.
    CloseBracket,
    /// `h2.0/` or the empty string — a step type.
    Type,
    /// `#` — an anchor after `#`.
    Anchor,
    /// `#caf%C3` — a percent-escape that decodes to text.
    AnchorEscape,
    /// `[[Note` — `]]` to close a wiki link.
    WikiClose,
    /// `[[Note]]/h2.0` — nothing after a wiki link, which names a whole
    /// selector; the document's own selector instead.
    WikiEnd {
        /// What would select it: the note's namespace and the rest.
        instead: String,
    },
    /// `[[#]]` — a note or a heading inside `[[…]]`.
    WikiTarget,
    /// `h9.0/x` — a type name that does not exist.
    KnownType {
        /// The name found.
        found: String,
    },
    /// `h7.0` — a heading level from 1 to 6.
    HeadingLevel {
        /// The name found (`h7`).
        found: String,
    },
    /// `h2.0x` — the selector should have ended or continued with `/` or `?`.
    End {
        /// The character found.
        found: char,
    },
    /// `::h2.0` — a namespace before `::`.
    Namespace,
    /// `h2.99999999999999999999` — an index that fits in 64 bits.
    SmallNumber,
    /// `h2.0?foo=1` — a known query key.
    QueryKey {
        /// The key found.
        found: String,
    },
    /// `h2.0?head=x` — a value of the right form for the key.
    QueryValue {
        /// The key whose value is wrong.
        key: &'static str,
    },
    /// `h2.0?head=1&head=2` — each query key once.
    UniqueKey {
        /// The repeated key.
        key: &'static str,
    },
    /// `root.1` — `*` and `root` take no index.
    NoIndex {
        /// The step that took an index.
        step: &'static str,
    },
    /// `page.0/code.0` — `page` only as the last step.
    PageLast,
    /// `h2.0/root` — `root` and `front` only as the first step.
    FirstOnly {
        /// The step found later.
        step: &'static str,
    },
    /// A selector longer than [`MAX_SELECTOR_LEN`] bytes.
    ShorterSelector {
        /// The length found.
        len: usize,
    },
    /// A selector with more than [`MAX_STEPS`] steps.
    FewerSteps,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Index { after } => {
                write!(f, "expected an index after '{after}' (e.g. 0, 1-3 or 0,2)")
            }
            Expected::RangeEnd => f.write_str("expected a number after '-' to end the range"),
            Expected::RangeOrder { start, end } => {
                write!(f, "range {start}-{end} runs backwards; write {end}-{start}")
            }
            Expected::CloseBracket => f.write_str("expected ']' to close the index"),
            Expected::Anchor => f.write_str("expected an anchor after '#' (e.g. #installation)"),
            Expected::WikiClose => f.write_str("expected ']]' to close the wiki link"),
            Expected::WikiEnd { instead } => write!(
                f,
                "expected nothing after a wiki link's ']]' (it names a note or its heading); to select inside the note, write {instead}"
            ),
            Expected::WikiTarget => f.write_str(
                "expected a note, a heading or both in the wiki link (e.g. [[Note#Heading]])",
            ),
            Expected::AnchorEscape => {
                f.write_str("expected a percent-escape that decodes to text (e.g. %C3%A9 for é)")
            }
            Expected::Type => write!(f, "expected a type ({})", Target::listed(" or ")),
            Expected::KnownType { found } => {
                write!(
                    f,
                    "unknown type '{found}'; expected {}",
                    Target::listed(" or ")
                )
            }
            Expected::HeadingLevel { found } => {
                write!(f, "there is no {found}; heading levels go from h1 to h6")
            }
            Expected::End { found } => write!(
                f,
                "unexpected '{found}'; expected '/', '?' or the end of the selector"
            ),
            Expected::Namespace => f.write_str("expected a namespace before '::'"),
            Expected::SmallNumber => f.write_str("index too large; expected a number below 2^64"),
            Expected::QueryKey { found } => write!(
                f,
                "unknown query key '{found}'; expected head=N, tail=N or full=true"
            ),
            Expected::QueryValue { key: "full" } => f.write_str("expected full=true or full=false"),
            Expected::QueryValue { key } => write!(f, "expected a number of lines after '{key}='"),
            Expected::UniqueKey { key } => {
                write!(f, "'{key}' is given twice; give each query key once")
            }
            Expected::NoIndex { step } => write!(f, "'{step}' takes no index"),
            Expected::PageLast => f.write_str("'page' must be the last step (e.g. h2.1/page.2)"),
            Expected::FirstOnly { step } => write!(f, "'{step}' can only be the first step"),
            Expected::ShorterSelector { len } => {
                write!(
                    f,
                    "selector is {len} bytes long; expected at most {MAX_SELECTOR_LEN}"
                )
            }
            Expected::FewerSteps => write!(f, "too many steps; expected at most {MAX_STEPS}"),
        }
    }
}

/// Why a selector found nothing, or is not one: what was asked and what exists.
/// `render` turns it into words, the same for text, JSON and MCP.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// `h2.` — the selector does not parse.
    Syntax(SyntaxError),
    /// `h2.99`, `h2.1/page.9` — an index past the last node of its type.
    OutOfRange {
        /// Where they were counted (a canonical selector); `None`: the document.
        owner: Option<String>,
        /// The type counted.
        target: Target,
        /// How many there are.
        count: usize,
    },
    /// `h4.0` in a document without h4 headings — no node of the type there.
    NoneOfType {
        /// Where none was found (a canonical selector); `None`: the document.
        owner: Option<String>,
        /// The type asked for.
        target: Target,
    },
    /// `item.0`, `table.0/item.0` — `item` not right after a list step.
    ItemNeedsList {
        /// Where the step looked (a canonical selector); `None`: the document.
        owner: Option<String>,
        /// How many lists are there to step into.
        lists: usize,
    },
    /// `nope::h1.0` — no loaded document has the namespace.
    NamespaceNotFound {
        /// The namespace as written.
        namespace: String,
        /// The namespaces of the loaded documents, in input order.
        loaded: Vec<String>,
    },
    /// `[[No such note]]` — no loaded file is the note a wiki link names.
    NoteNotFound {
        /// The note as written.
        note: String,
    },
    /// `guide/missing.md#usage` — no loaded file is the page a link's path
    /// names (nor, for a site's page, its Markdown source).
    PathNotFound {
        /// The path as written.
        path: String,
    },
    /// `#no-such-heading` — no heading has the anchor.
    NoAnchor {
        /// The anchor as written (decoded).
        anchor: String,
        /// How many headings the document has.
        headings: usize,
    },
    /// `index page.9` — a page past the last page of the outline.
    OutlinePageOutOfRange {
        /// How many pages the outline has.
        pages: usize,
    },
    /// `index page.0-2`, `index page.0 page.1` — an outline is shown one page
    /// at a time.
    OutlineOnePage,
    /// A comma list of thousands: the selectors past the most one call looks
    /// up are left out.
    TooManySelectors {
        /// The most one call looks up.
        max: usize,
        /// How many were left out.
        left_out: usize,
    },
    /// `index code.0` — an index scope that names a block, which has no outline.
    NoOutline {
        /// The scope selector as given.
        selector: String,
        /// The type of the first node it names.
        target: Target,
    },
}

impl Reason {
    /// The stable code: `INVALID_SELECTOR`, `NAMESPACE_NOT_FOUND` or
    /// `SELECTOR_NOT_FOUND`.
    pub fn code(&self) -> ErrorCode {
        match self {
            Reason::Syntax(_) | Reason::OutlineOnePage => ErrorCode::InvalidSelector,
            Reason::TooManySelectors { .. } => ErrorCode::UsageError,
            Reason::NamespaceNotFound { .. } => ErrorCode::NamespaceNotFound,
            Reason::OutOfRange { .. }
            | Reason::NoneOfType { .. }
            | Reason::ItemNeedsList { .. }
            | Reason::NoAnchor { .. }
            | Reason::NoteNotFound { .. }
            | Reason::PathNotFound { .. }
            | Reason::OutlinePageOutOfRange { .. }
            | Reason::NoOutline { .. } => ErrorCode::SelectorNotFound,
        }
    }
}
