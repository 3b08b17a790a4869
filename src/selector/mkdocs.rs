//! MkDocs' sites (docs/links.md, "A site's page links"): where their
//! configuration is, and how they serve pages and match anchors.

use std::fs;
use std::path::PathBuf;

/// MkDocs' configuration files.
const MKDOCS_CONFIGS: [&str; 2] = ["mkdocs.yml", "mkdocs.yaml"];

/// What an MkDocs configuration says about links, where the inputs are an
/// MkDocs site's.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MkDocs {
    /// Whether each page is served as a folder of its own (`a/b.md` at
    /// `/a/b/`: `use_directory_urls`, true unless set false).
    folders: bool,
    /// Whether the configuration names a `slugify` of its own, whose
    /// anchors may keep their case.
    own_slugs: bool,
}

impl MkDocs {
    /// The configuration in the first of `folders` that holds one.
    pub(crate) fn find(folders: impl IntoIterator<Item = PathBuf>) -> Option<MkDocs> {
        let text = (folders.into_iter())
            .flat_map(|folder| MKDOCS_CONFIGS.map(|name| folder.join(name)))
            .find_map(|config| fs::read_to_string(config).ok())?;
        let set_false = |key: &str| {
            (text.lines()).any(|line| {
                line.strip_prefix(key)
                    .and_then(|rest| rest.trim_start().strip_prefix(':'))
                    .is_some_and(|value| value.trim().eq_ignore_ascii_case("false"))
            })
        };
        Some(MkDocs {
            folders: !set_false("use_directory_urls"),
            own_slugs: text.contains("slugify"),
        })
    }

    /// Whether the site serves each page as a folder of its own and, as
    /// MkDocs does on every site, leaves a link that names no Markdown
    /// file as written: the browser reads it from the page's address.
    pub(crate) fn folders(self) -> bool {
        self.folders
    }

    /// Whether the site's anchors are lowercase (its `toc` extension's
    /// own slugs): a fragment in another case is one as written (an
    /// explicit id) or none.
    pub(crate) fn lowercase(self) -> bool {
        !self.own_slugs
    }
}
