//! Where a relative link lands (docs/links.md, "Following links"): joined
//! to the linking file's folder and looked up among the inputs by its
//! spellings, as written, ignoring case, then without numeric ordering
//! prefixes; else from the page's own address (pretty URLs), else, for a
//! Markdown file's bare path, from the folders above (Docusaurus).

use std::borrow::Cow;

use super::docs::{components_joined, lowercase};
use super::landing::Lands;
use super::link_paths::{bare_key, joined};
use super::near_page::{is_page, stem};
use super::routes::version_root;
use crate::paths::{is_index_name, is_markdown_name, last_separator, link_spellings, parts};

impl<'p> Lands<'_, 'p> {
    /// The input `path`, a link's relative path in document `from`, names
    /// from that document's folder: looked up once per folder and path, as
    /// every page of a folder links to the same few.
    pub(super) fn in_folder(&mut self, from: usize, path: &str) -> Option<usize> {
        let page: &'p str = &self.inputs.pages[from].path;
        let folder = last_separator(page).map_or("", |at| &page[..at]);
        if let Some(found) = self.by_folder.get(folder).and_then(|paths| paths.get(path)) {
            return *found;
        }
        let found = self.relative(&joined(page, path));
        (self.by_folder.entry(folder).or_default()).insert(path.to_owned(), found);
        found
    }

    /// Where a Markdown file's path from the site's root (`/cli/add.md`)
    /// lands from document `from`, a page of a Docusaurus version
    /// (`versioned_docs/version-10.x/`): Docusaurus reads it from that
    /// version's folder (and then the site's, which holds no docs), never
    /// from the current docs. `None` where the page is in no version's
    /// folder or the path names no Markdown file.
    pub(super) fn in_own_version(&mut self, from: usize, path: &str) -> Option<Option<usize>> {
        if !is_markdown_name(path) {
            return None;
        }
        let root = version_root(&self.inputs.pages[from].path)?;
        Some(self.relative(&joined(&format!("{root}/."), path.trim_start_matches('/'))))
    }

    /// The input a path joined to the linking file's folder names, looked
    /// up once per path.
    pub(super) fn relative(&mut self, joined: &str) -> Option<usize> {
        if let Some(found) = self.relatives.get(joined) {
            return *found;
        }
        let found = self.spelled(joined);
        self.relatives.insert(joined.to_owned(), found);
        found
    }

    /// The input `joined` names: by its spellings, as written; a page's
    /// address (no Markdown file's path) then ignoring case, then without
    /// numeric ordering prefixes, then the page whose front matter routes it
    /// there. A Markdown file's path is a file's exactly, as GitHub, a site
    /// generator and any file system that tells case apart read it.
    fn spelled(&self, joined: &str) -> Option<usize> {
        let spellings = link_spellings(joined);
        let keys: Vec<Cow<'_, str>> = spellings.iter().map(|s| components_joined(s)).collect();
        let served = |doc: &&usize| self.inputs.served(**doc, joined);
        let exact = (keys.iter()).find_map(|k| self.inputs.exact.get(k.as_ref()).filter(served));
        if is_markdown_name(joined) {
            return exact.copied();
        }
        let routed = |k: &Cow<'_, str>| self.inputs.routed.get(lowercase(k).as_ref());
        exact
            .or_else(|| {
                (keys.iter())
                    .find_map(|k| self.inputs.folded.get(lowercase(k).as_ref()).filter(served))
            })
            .or_else(|| {
                (keys.iter())
                    .find_map(|k| self.inputs.bare.get(bare_key(k).as_ref()).filter(served))
            })
            .or_else(|| keys.iter().find_map(routed))
            .copied()
    }

    /// A page's address relative to the address of page `from`, served as
    /// a folder (pretty URLs: `commands/get.md` at `/commands/get/`, where
    /// `../../develop/x` is `/develop/x`): for a link to a page (no Markdown
    /// file's path) that lands nowhere from the file's folder.
    pub(super) fn by_address(&mut self, from: usize, path: &str) -> Option<usize> {
        let page = &self.inputs.pages[from].path;
        let file = parts(page).next_back().unwrap_or(page);
        if is_index_name(file) || !is_page(path) || is_markdown_name(path) {
            return None;
        }
        let folder = &page[..page.len() - file.len()];
        self.relative(&joined(&format!("{folder}{}/", stem(file)), path))
    }

    /// On a site that serves every page as a folder of its own
    /// ([`Inputs::folders`]), the page `./` and `../` name from the linking
    /// page's own address, which a page that is no index differs from its
    /// file's folder by: from `a/b.md`, at `/a/b/`, `./#x` is the page and
    /// `../#x` its folder's index. (A longer path, `../x`, lands nowhere
    /// from the file's folder where the address differs, and is looked up
    /// from the page's address then.)
    ///
    /// [`Inputs::folders`]: super::landing::Inputs
    pub(super) fn by_own_address(&mut self, from: usize, path: &str) -> Option<usize> {
        match self.inputs.folders && matches!(path, "." | "./" | ".." | "../") {
            true => self.by_address(from, path),
            false => None,
        }
    }

    /// The input a Markdown file's bare path (`options.md`, not `./`,
    /// `../`) names from a folder above the linking page's, the nearest
    /// first: Docusaurus resolves `[x](target.md)` from the page's folder,
    /// then from the docs' roots.
    pub(super) fn in_folders_above(&mut self, from: usize, path: &str) -> Option<usize> {
        if !is_markdown_name(path) || path.starts_with('.') {
            return None;
        }
        let mut folder: &str = &self.inputs.pages[from].path;
        while let Some(at) = last_separator(folder) {
            folder = &folder[..at];
            let up = last_separator(folder)?;
            let found = self.relative(&joined(&format!("{}/.", &folder[..up]), path));
            if found.is_some() {
                return found;
            }
        }
        None
    }
}
