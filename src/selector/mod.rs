//! Selectors: the syntax (`parse`) and its meaning over a document (`resolve`).
//!
//! A [`Selector`] is plain data parsed once; resolving it against documents never
//! re-reads the string. Grammar (SPEC §3):
//!
//! ```text
//! selector  := [namespace "::"] step ("/" step)* ["?" query ("&" query)*]
//! step      := type [index] | "*" | "root"
//! index     := "." spec | "[" spec "]"
//! spec      := N | N "-" M | N ("," N)*
//! query     := "head=" N | "tail=" N | "full=true"
//! ```

mod error;
mod parse;
mod repair;
mod resolve;
mod types;

use std::fmt;

use crate::tree::BlockKind;

pub use error::{Reason, SyntaxError};
pub use parse::parse;
pub(crate) use parse::{looks_like_selector, split_selectors};
pub(crate) use repair::repairs;
pub(crate) use resolve::{
    Hit, anchor_selector, canonical, children_available, loose_matches, resolve_in, type_name,
};
pub use resolve::{Miss, resolve};

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

/// How a link names its document (SPEC §14).
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

    /// Splits one argument into selectors at commas where the next character is
    /// not a digit (`h2.0,h3.4`; `h2.0,2,4` is one selector), as SPEC §3 says,
    /// or where another namespace follows; a namespace written once carries over
    /// the rest of the list (SPEC §17).
    ///
    /// ```
    /// assert_eq!(mdsel::Selector::split("h2.0,h3.4"), ["h2.0", "h3.4"]);
    /// assert_eq!(mdsel::Selector::split("h2.0,2,4"), ["h2.0,2,4"]);
    /// assert_eq!(mdsel::Selector::split("ns::h2.3,h3.4"), ["ns::h2.3", "ns::h3.4"]);
    /// ```
    pub fn split(arg: &str) -> Vec<std::borrow::Cow<'_, str>> {
        split_selectors(arg)
    }

    /// Whether text is shaped like a selector even when it does not parse (a
    /// word followed by `.N`, `[N]` or `,N`, or holding `::`, `/`, `[`, `?`):
    /// such an argument is a selector with a typo, never a search (SPEC §4, §13).
    pub fn looks_like(text: &str) -> bool {
        looks_like_selector(text)
    }
}

/// The Markdown file a site's page address names, if one is there: a path
/// that does not exist and reads as a link's (ending in `.html`/`.htm`, or
/// holding a `/` and no extension), read as a link's path would be
/// (`guide/build.html` → `guide/build.md`, `../guide/build` →
/// `../guide/build.md`, `guide/` → `guide/index.md`), on disk from the
/// working directory; a path from the site's root (`/guide/build`) also
/// without its leading `/`. A bare word is no address: `install` stays a
/// query even beside an `install.md`.
///
/// ```
/// assert_eq!(mdsel::page_source("install"), None);
/// assert_eq!(mdsel::page_source("no/such/page"), None);
/// ```
pub fn page_source(path: &str) -> Option<String> {
    use std::path::Path;
    if Path::new(path).exists() || !parse::is_link_path(path) {
        return None;
    }
    disk_spellings(path)
        .into_iter()
        .find(|p| Path::new(p).is_file())
}

/// Where on disk a link's path may be, most likely first: each of its
/// spellings ([`crate::paths::link_spellings`]), and for one from the site's root,
/// that one again without its leading `/`, from the working directory.
fn disk_spellings(path: &str) -> Vec<String> {
    let mut out = Vec::new();
    for spelling in crate::paths::link_spellings(path) {
        let rooted = spelling.trim_start_matches('/');
        let rooted =
            (rooted.len() < spelling.len() && !rooted.is_empty()).then(|| rooted.to_owned());
        if !spelling.is_empty() {
            out.push(spelling);
        }
        out.extend(rooted);
    }
    out
}

/// Where a path that names no file may have its page in a parallel folder:
/// the same path with one of its folders swapped for a sibling folder, as
/// another version or language keeps it (`es/guide/x.md`, a page not yet
/// translated → `en/guide/x.md`), for the path as given and, for a site's
/// page address, each of its Markdown spellings ([`page_source`]'s). Files on
/// disk, at most `max`, nearest folder first, then in folder name order.
/// Looks at no more than a few thousand names: it runs only on the way to a
/// "no such file" error.
pub(crate) fn parallel_sources(path: &str, max: usize) -> Vec<String> {
    use std::path::Path;
    const LOOKS: usize = 4096;
    const MAX_DEPTH: usize = 64;
    let spellings = if parse::is_link_path(path) {
        disk_spellings(path)
    } else {
        vec![path.to_owned()]
    };
    let mut out: Vec<String> = Vec::new();
    let mut looks = 0;
    for spelling in &spellings {
        let parts: Vec<&str> = spelling.split('/').collect();
        if parts.len() > MAX_DEPTH {
            continue; // no doc set is this deep: a hostile path
        }
        // A folder's index page is named by its folder: that one stays.
        let name = parts
            .last()
            .map_or(String::new(), |n| n.to_ascii_lowercase());
        let named_by_folder = ["index.", "readme.", "_index."]
            .iter()
            .any(|i| name.starts_with(i));
        let folders = parts.len().saturating_sub(1 + usize::from(named_by_folder));
        // Nearest folder first: the one holding the page, then its parent's.
        for i in (0..folders)
            .rev()
            .filter(|&i| !matches!(parts[i], "" | "." | ".."))
        {
            let parent = match parts[..i].join("/") {
                p if !p.is_empty() => p,
                _ if i > 0 => "/".to_owned(),
                _ => ".".to_owned(),
            };
            let Ok(entries) = std::fs::read_dir(&parent) else {
                continue;
            };
            let mut siblings: Vec<String> = entries
                .take(LOOKS)
                .filter_map(Result::ok)
                .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n != parts[i] && !n.starts_with('.'))
                .collect();
            siblings.sort();
            for sibling in siblings {
                looks += 1;
                if looks > LOOKS || out.len() >= max {
                    return out;
                }
                let mut swapped = parts.clone();
                swapped[i] = &sibling;
                let candidate = swapped.join("/");
                if Path::new(&candidate).is_file() && !out.contains(&candidate) {
                    out.push(candidate);
                }
            }
        }
    }
    out
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
pub enum Target {
    /// `*`: the whole document at the first step, all children later.
    All,
    /// `#anchor`: the section whose heading has that anchor (SPEC §14).
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
