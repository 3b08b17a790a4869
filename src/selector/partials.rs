//! The partials a generator builds no page for (docs/links.md, "Generators
//! that build links their own way"): a file or folder whose name starts
//! with `_` on a Docusaurus site, an Rspress site (but `__`), and a file so
//! named on an Astro site. A page includes one; no link reaches it. And a
//! Docusaurus translation of no page of the default docs.

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
        let mut parts = crate::paths::parts(path);
        match self {
            Partials::AnyPart => parts.any(|part| part.starts_with('_')),
            Partials::OneUnderscore => {
                parts.any(|part| part.starts_with('_') && !part.starts_with("__"))
            }
            Partials::FileName => parts.next_back().is_some_and(|file| file.starts_with('_')),
        }
    }
}

/// Where Docusaurus keeps a locale's translated docs, below `i18n/<locale>/`.
const TRANSLATED_DOCS: &str = "docusaurus-plugin-content-docs";

/// The path of the page a Docusaurus translation translates, if `parts`
/// (a path's components) are a translated doc's:
/// `i18n/fr/docusaurus-plugin-content-docs/current/a.md` translates
/// `docs/a.md`, `…/version-2.0/a.md` `versioned_docs/version-2.0/a.md`.
pub(super) fn translated(parts: &[String]) -> Option<String> {
    let at = parts.iter().position(|p| p == "i18n")?;
    // `i18n/<locale>/docusaurus-plugin-content-docs/<version>/…`
    let (version, rest) = match parts.get(at + 2..)? {
        [docs, version, rest @ ..] if docs == TRANSLATED_DOCS && !rest.is_empty() => {
            (version, rest)
        }
        _ => return None,
    };
    let mut page: Vec<&str> = parts[..at].iter().map(String::as_str).collect();
    match version.as_str() {
        "current" => page.push("docs"),
        version => page.extend(["versioned_docs", version]),
    }
    page.extend(rest.iter().map(String::as_str));
    Some(page.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_translation_names_the_page_it_translates() {
        let parts = |path: &str| path.split('/').map(str::to_owned).collect::<Vec<_>>();
        let of = |path: &str| translated(&parts(path));
        let current = "site/i18n/fr/docusaurus-plugin-content-docs/current/guide/a.md";
        assert_eq!(of(current).as_deref(), Some("site/docs/guide/a.md"));
        let versioned = "i18n/zh/docusaurus-plugin-content-docs/version-5.0/a.md";
        assert_eq!(
            of(versioned).as_deref(),
            Some("versioned_docs/version-5.0/a.md")
        );
        assert_eq!(of("i18n/zh/docusaurus-plugin-content-blog/a.md"), None);
        assert_eq!(of("docs/a.md"), None);
    }
}
