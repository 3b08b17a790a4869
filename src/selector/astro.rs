//! Astro's sites (Starlight): where their configuration is, and the links
//! they serve no page at (docs/links.md, "A site's page links").

use std::fs;
use std::path::{Path, PathBuf};

use super::landing::Inputs;
use super::routes::{CONTENT, content_root};
use crate::paths::is_markdown_name;

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
            (self
                .config_folders()
                .iter()
                .map(|(folder, _)| folder.clone()))
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
        if !is_markdown_name(last)
            || self.astro_config().is_none()
            || content_root(&self.pages[from].path).is_none()
        {
            return false;
        }
        *self.astro_rewrites_none.get_or_init(|| {
            self.astro_config()
                .and_then(|config| fs::read_to_string(config).ok())
                .is_some_and(|text| !text.contains("markdown-links"))
        })
    }

    /// Whether document `doc` is a page of an Astro site, whose anchors a
    /// browser finds as written (Starlight's link checker too): no other
    /// case, no slug of another generator.
    pub(super) fn astro_anchors(&self, doc: usize) -> bool {
        self.astro_config().is_some() && content_root(&self.pages[doc].path).is_some()
    }
}
