//! The partials a generator builds no page for (docs/links.md, "Generators
//! that build links their own way"): a file or folder whose name starts
//! with `_` on a Docusaurus site, an Rspress site (but `__`), and a file so
//! named on an Astro site. A page includes one; no link reaches it.

/// Which names a site leaves unbuilt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Partials {
    /// A file or folder named `_…` (Docusaurus' `**/_*` and `**/_*/**`).
    AnyPart,
    /// A file or folder named `_…` but `__…` (Rspress'
    /// `route.excludeConvention`, `**/_[^_]*`).
    OneUnderscore,
    /// A file named `_…` (Starlight's content, `**/[^_]*.md`).
    FileName,
}

impl Partials {
    /// Whether a site that leaves these partials unbuilt builds no page for
    /// the file at `path`.
    pub(super) fn holds(self, path: &str) -> bool {
        let mut parts = path.split(['/', '\\']);
        match self {
            Partials::AnyPart => parts.any(|part| part.starts_with('_')),
            Partials::OneUnderscore => {
                parts.any(|part| part.starts_with('_') && !part.starts_with("__"))
            }
            Partials::FileName => parts.next_back().is_some_and(|file| file.starts_with('_')),
        }
    }
}
