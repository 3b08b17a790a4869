//! Pages whose file name carries their language (Nextra's i18n:
//! `api.en-US.mdx`, `api.ja.mdx`; docs/links.md, "A site's page links"):
//! the address `/docs/api` is served from the linking page's own
//! language's file, with no other language's in its place.

use super::docs::is_language;
use super::landing::Lands;
use crate::paths::parts;

impl Lands<'_, '_> {
    /// The input a page address (no extension: `/docs/api`, `./api`,
    /// `/docs/`) names in the language of the page `from` that links it,
    /// where that page's file name carries one (`cache.ja.mdx`): its own
    /// language's page (`/docs/api` → `docs/api.ja.mdx`) or folder index
    /// (`/docs` → `docs/index.ja.mdx`). Looked for only where the address
    /// names no input as written.
    pub(super) fn in_language(&mut self, from: usize, path: &str) -> Option<usize> {
        let inputs = self.inputs;
        // A language's address (`/ja/docs/api`) names its page wherever
        // the link is.
        let named = (path.strip_prefix('/'))
            .and_then(|rest| rest.split_once('/'))
            .filter(|(language, rest)| is_language(language) && !rest.is_empty());
        let (locale, path) = match named {
            Some((language, _)) => (language, &path[language.len() + 1..]),
            None => (inputs.languages[from]?, path),
        };
        let name = path.rsplit('/').next().unwrap_or(path);
        if name.contains('.') || path.contains(['?', '\\']) {
            return None;
        }
        let folder = path.trim_end_matches('/');
        let page =
            (!folder.is_empty() && !path.ends_with('/')).then(|| format!("{folder}.{locale}"));
        let index = format!("{folder}/index.{locale}");
        let find = |lands: &mut Self, address: &str| match address.starts_with('/') {
            true => lands.site(from, address),
            false => (lands.in_folder(from, address)).or_else(|| lands.by_address(from, address)),
        };
        // The folder's own index, not one a base passed over found above it.
        let named = folder.rsplit('/').next().unwrap_or(folder);
        let own_index = |doc: &usize| {
            let path = &inputs.pages[*doc].path;
            let parent = parts(path).nth_back(1).unwrap_or_default();
            matches!(named, "" | "." | "..") || parent.eq_ignore_ascii_case(named)
        };
        (page.and_then(|page| find(self, &page))).or_else(|| find(self, &index).filter(own_index))
    }

    /// The language document `doc` is in: its file's name's, else its
    /// language folder's at the top.
    pub(super) fn language_of(&self, doc: usize) -> Option<&str> {
        let inputs = self.inputs;
        let all = inputs.page_languages.get_or_init(|| {
            // (Most doc sets have no folder a language could name: their
            // paths are not made ready for it.)
            let folders = (inputs.pages.iter()).any(|page| {
                let mut parts = crate::paths::parts(&page.path);
                parts.next_back();
                parts.any(is_language)
            });
            let paths = folders.then(|| self.site_paths());
            (0..inputs.pages.len())
                .map(|doc| {
                    let folder = paths.and_then(|paths| paths.language_folder(doc));
                    inputs.languages[doc].or(folder).map(Box::from)
                })
                .collect()
        });
        all[doc].as_deref()
    }

    /// Whether document `doc` is another language's copy of a page, to
    /// suggest for a link in document `from`: by the language its file's
    /// name carries, else by its folder ([`Paths::is_translation_for`]).
    ///
    /// [`Paths::is_translation_for`]: super::docs::Paths::is_translation_for
    pub(super) fn is_translation_for(&self, doc: usize, from: usize) -> bool {
        match (self.inputs.languages[from], self.inputs.languages[doc]) {
            (Some(ours), Some(theirs)) => ours != theirs,
            _ => self.site_paths().is_translation_for(doc, from),
        }
    }
}
