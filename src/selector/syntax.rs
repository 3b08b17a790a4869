//! What a selector is once parsed (docs/selectors.md, "Selectors"): plain data, read by
//! every stage that resolves or writes one. Parsing it is `parse`'s, its
//! meaning over a document `resolve`'s.

use std::fmt;

use crate::tree::BlockKind;

/// Longest selector accepted, in bytes.
pub const MAX_SELECTOR_LEN: usize = 64 * 1024;
/// Most path steps accepted in one selector.
pub const MAX_STEPS: usize = 256;

/// A parsed selector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selector {
    /// The text as given, for error messages.
    pub(crate) source: String,
    /// The namespace before `::`, as written (trimmed), if any: it names the
    /// document whose namespace is exactly this, else the one equal ignoring case.
    pub(crate) namespace: Option<String>,
    /// Path steps, at least one.
    pub(crate) steps: Vec<Step>,
    /// Options after `?`.
    pub(crate) query: Query,
    /// The document a link names by its path or note name, if it does.
    pub(crate) doc: Option<DocRef>,
}

/// How a link names its document (docs/links.md, "Following links").
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum DocRef {
    /// `docs/config/server.md#server-proxy`: a Markdown file's path.
    Path(String),
    /// `[[Internal links#Heading]]`: a note's file name without extension, any
    /// case, a folder part narrowing it.
    Note(String),
}

impl Selector {
    /// The selector as given.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The namespace before `::`, as written, if any.
    pub fn namespace(&self) -> Option<&str> {
        self.namespace.as_deref()
    }

    /// The path a `PATH#anchor` link names, if it is one: in auto mode, a file
    /// to read.
    pub fn link_path(&self) -> Option<&str> {
        match &self.doc {
            Some(DocRef::Path(p)) => Some(p),
            _ => None,
        }
    }
}

/// One path step: a target type and an optional index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// What the step selects.
    pub target: Target,
    /// Which of the matches; `None` means all.
    pub index: Option<Index>,
    /// Of an anchor step (`#server-proxy`): the anchor, percent-escapes decoded.
    pub anchor: Option<String>,
}

/// The node type a step selects. Its names and nouns are its row of the one
/// table of types (`types.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Target {
    /// `*`: the whole document at the first step, all children later.
    All,
    /// `#anchor`: the section whose heading has that anchor (docs/links.md, "Following
    /// links").
    Anchor,
    /// `root`: the preamble.
    Root,
    /// `front`: front matter.
    Front,
    /// `h1`…`h6`: sections of one heading level.
    Heading(u8),
    /// `section`: sections of any level.
    Section,
    /// A block type.
    Block(BlockKind),
    /// `item`: items of a list.
    Item,
    /// `page`: virtual pages of the previous match.
    Page,
}

/// Which matches a step keeps, by 0-based position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Index {
    /// `.N`
    One(u64),
    /// `.N-M`, inclusive.
    Range(u64, u64),
    /// `.N,M,…`
    List(Vec<u64>),
}

impl Index {
    /// Positions below `len` this index keeps, ascending and distinct; and whether
    /// any position it names is missing.
    pub(crate) fn pick(&self, len: usize) -> Vec<usize> {
        let len = len as u64;
        let mut picked: Vec<usize> = match self {
            Index::One(n) => (*n < len).then_some(*n as usize).into_iter().collect(),
            Index::Range(a, b) => (*a..=(*b).min(len.saturating_sub(1)))
                .filter(|&i| i < len)
                .map(|i| i as usize)
                .collect(),
            Index::List(ns) => ns
                .iter()
                .filter(|&&n| n < len)
                .map(|&n| n as usize)
                .collect(),
        };
        picked.sort_unstable();
        picked.dedup();
        picked
    }

    /// The position a suggestion should stay close to.
    pub(crate) fn anchor(&self) -> u64 {
        match self {
            Index::One(n) | Index::Range(n, _) => *n,
            Index::List(ns) => ns.first().copied().unwrap_or(0),
        }
    }
}

impl fmt::Display for Index {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Index::One(n) => write!(f, "{n}"),
            Index::Range(a, b) => write!(f, "{a}-{b}"),
            Index::List(ns) => {
                for (i, n) in ns.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{n}")?;
                }
                Ok(())
            }
        }
    }
}

/// Options after `?`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    /// `head=N`: keep the first N lines.
    pub head: Option<usize>,
    /// `tail=N`: keep the last N lines.
    pub tail: Option<usize>,
    /// `full=true`: no paging.
    pub full: bool,
}

impl Query {
    /// The query as it is written back in page markers (without `full`).
    pub fn suffix(&self, full: bool) -> String {
        let mut parts = Vec::new();
        if let Some(n) = self.head {
            parts.push(format!("head={n}"));
        }
        if let Some(n) = self.tail {
            parts.push(format!("tail={n}"));
        }
        if full {
            parts.push("full=true".to_owned());
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!("?{}", parts.join("&"))
        }
    }
}
