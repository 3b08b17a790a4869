//! Astro's sites (Starlight): where their configuration is, and the links
//! they serve no page at (docs/links.md, "A site's page links").

use std::fs;
use std::path::{Path, PathBuf};

use super::landing::{Broken, Inputs, Landing, Lands};
use super::mkdocs::MkDocs;
use super::near_page::is_page;
use super::routes::{CONTENT, content_root};
use crate::paths::{is_index_name, is_markdown_name};

/// Astro's configuration files (Starlight is an Astro integration).
const ASTRO_CONFIGS: [&str; 6] = [
    "astro.config.mjs",
    "astro.config.js",
    "astro.config.ts",
    "astro.config.mts",
    "astro.config.cjs",
    "astro.config.cts",
];

impl Inputs<'_> {
    /// The configuration of the Astro site the inputs are, if they are
    /// one's: where a site's configuration is looked for, or in the folder
    /// Starlight's content folder (`src/content/docs`) is in.
    pub(super) fn astro_config(&self) -> Option<&Path> {
        let found = self.astro.get_or_init(|| {
            let site = (self.pages.first())
                .and_then(|page| content_root(&page.path))
                .map(|root| {
                    let site = root.trim_end_matches(CONTENT).trim_end_matches('/');
                    PathBuf::from(if site.is_empty() { "." } else { site })
                })
                .filter(|site| self.may_read(site));
            (self.config_folders().into_iter().map(|(folder, _)| folder))
                .chain(site)
                .find_map(|folder| {
                    (ASTRO_CONFIGS.iter())
                        .map(|name| folder.join(name))
                        .find(|config| config.is_file())
                })
        });
        found.as_deref()
    }

    /// Whether an Astro site serves no page at a link's `path` written in
    /// document `from`: Astro builds a page of each Markdown file of its
    /// content folder but leaves its links as written, so a link from one
    /// to a Markdown file (`../guide.md`, `/start.mdx`) is to no page,
    /// unless its configuration names a plugin that rewrites them (one
    /// whose name says `markdown-links`).
    pub(super) fn astro_refuses(&self, from: usize, path: &str) -> bool {
        let last = path.rsplit('/').next().unwrap_or_default();
        if !is_markdown_name(last) || content_root(&self.pages[from].path).is_none() {
            return false;
        }
        *self.astro_rewrites_none.get_or_init(|| {
            self.astro_config()
                .and_then(|config| fs::read_to_string(config).ok())
                .is_some_and(|text| !text.contains("markdown-links"))
        })
    }
}

impl Inputs<'_> {
    /// Whether document `doc` is a page of an Astro site, whose anchors a
    /// browser finds as written (Starlight's link checker too): no other
    /// case, no slug of another generator.
    pub(super) fn astro_anchors(&self, doc: usize) -> bool {
        content_root(&self.pages[doc].path).is_some() && self.astro_config().is_some()
    }
}

impl Lands<'_, '_> {
    /// Why a link from document `from` by `path` (no anchor) to document
    /// `doc` is broken all the same, where the site serves no page there:
    /// a page an mdBook does not build ([`Inputs::unlisted`]), a Markdown
    /// file's path on an Astro site ([`Inputs::astro_refuses`]; the page as
    /// its suggestion), an address a VitePress site reads otherwise
    /// ([`Inputs::vitepress_refuses`]).
    pub(super) fn refused(
        &mut self,
        from: usize,
        doc: usize,
        path: &str,
        anchor: Option<&str>,
    ) -> Option<Landing> {
        if path.is_empty() {
            return None;
        }
        if self.inputs.unlisted(doc) {
            let page = self.inputs.pages[doc].shown_path().to_owned();
            return Some(Landing::Broken {
                suggestion: None,
                why: Broken::Unlisted(page),
            });
        }
        if self.inputs.astro_refuses(from, path) {
            return Some(Landing::Broken {
                suggestion: Some(self.inputs.pages[doc].shown_path().to_owned()),
                why: Broken::NotServed(path.to_owned()),
            });
        }
        (self.inputs.vitepress_refuses(doc, path))
            .then(|| self.no_file(from, path.to_owned(), anchor))
    }

    /// Where a relative `path` to a page (no Markdown file's) from document
    /// `from` lands, where the site serves every page as a folder of its
    /// own (`guides/a.mdx` at `/guides/a/`) and leaves such links as
    /// written: an Astro site's page, or an MkDocs site's with directory
    /// addresses. The browser reads `path` from the page's address alone
    /// (an index page's is its file's folder). `None` elsewhere.
    pub(super) fn by_page_address(&mut self, from: usize, path: &str) -> Option<Option<usize>> {
        let page = &self.inputs.pages[from].path;
        let last = path.rsplit('/').next().unwrap_or_default();
        let folders =
            || self.inputs.astro_anchors(from) || self.inputs.mkdocs().is_some_and(MkDocs::folders);
        if is_markdown_name(last) || !is_page(path) || !folders() {
            return None;
        }
        let file = page.rsplit(['/', '\\']).next().unwrap_or(page);
        Some(match is_index_name(file) {
            true => self.in_folder(from, path),
            false => self.by_address(from, path),
        })
    }
}
