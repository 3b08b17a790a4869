//! Links as `links` lists them (docs/links.md, "Links both ways").

/// Where a link lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LinkStatus {
    /// On a document or section among the inputs, or a file on disk.
    Ok,
    /// A URL with a scheme, or a file a site serves from its root; never
    /// fetched.
    External,
    /// Nowhere: no such file, note or anchor.
    Broken,
}

impl LinkStatus {
    /// The name JSON gives it.
    pub fn as_str(self) -> &'static str {
        match self {
            LinkStatus::Ok => "ok",
            LinkStatus::External => "external",
            LinkStatus::Broken => "broken",
        }
    }
}

/// One link, where it is written and where it lands.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LinkInfo {
    /// The selector of the node holding it, in its document (`para.3`,
    /// `h2.1` for a heading's own line).
    pub from: String,
    /// Its document's path, as the caller can pass it back.
    pub file: String,
    /// Its document's namespace.
    pub namespace: String,
    /// Its 1-based line.
    pub line: usize,
    /// The link as written (its first line).
    pub text: String,
    /// Its target as written (a reference link's, from its definition).
    pub target: String,
    /// Where it lands.
    pub status: LinkStatus,
    /// Of a link that lands: a selector (`ns::h2.1`, `h2.1` in its own
    /// document), or a path (a whole document, a file on disk).
    pub to: Option<String>,
    /// Of a broken link: why (`no anchor #x in docs/a.md`).
    pub reason: Option<String>,
    /// Of a broken link: the closest target that works, if one is close.
    pub suggestion: Option<String>,
}

/// What a `links` call found: the links listed (from the offset asked for),
/// how many it could list in all, and what it looked through.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LinkList {
    pub links: Vec<LinkInfo>,
    pub total: usize,
    /// Links read in all, and the documents they were read in.
    pub read: usize,
    pub documents: usize,
    /// What the call asked for, as the empty answer names it.
    pub asked: Asked,
}

impl Default for Asked {
    fn default() -> Asked {
        Asked::Out { scoped: false }
    }
}

/// Which links a `links` call lists, as its text says when there are none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Asked {
    /// Out of every document, or of the nodes selected (`scoped`).
    Out { scoped: bool },
    /// Into the node a selector names (as given).
    To(String),
    /// Broken ones.
    Broken,
}
