//! A site address as the site's configuration serves it (docs/links.md, "A
//! site's page links"): through its versions ([`Versions`], read when a
//! first address is landed) and its redirects ([`Redirects`], read when a
//! first address lands nowhere); and what a generator known by its
//! configuration builds its own way (docs/links.md, "Generators that build
//! links their own way": Docusaurus, VitePress, MkDocs, mdBook here, Astro
//! in `astro.rs`), each configuration looked for once, in the same folders.

use std::path::{Path, PathBuf};

use super::books::Book;
use super::docs::components;
use super::landing::{Broken, Inputs, Landing, Lands};
use super::link_paths::joined;
use super::mkdocs::MkDocs;
use super::near_page::is_page;
use super::partials::{Partials, translated};
use super::redirects::Redirects;
use super::routes::version_root;
use super::versions::{DOCUSAURUS_CONFIGS, Versions};
use crate::paths::{is_index_name, is_markdown_name, last_separator, parts};

/// Rspress' configuration files.
const RSPRESS_CONFIGS: [&str; 4] = [
    "rspress.config.ts",
    "rspress.config.js",
    "rspress.config.mjs",
    "rspress.config.mts",
];

/// VitePress' configuration files.
const VITEPRESS_CONFIGS: [&str; 6] = [
    ".vitepress/config.js",
    ".vitepress/config.ts",
    ".vitepress/config.mjs",
    ".vitepress/config.mts",
    ".vitepress/config.cjs",
    ".vitepress/config.cts",
];

/// The folders generators copy to a site's root as they are.
const AS_IS: [&str; 2] = ["public", "static"];

/// The most redirects one link is followed through: a chain longer than
/// this (or a loop) lands nowhere.
const HOPS: u8 = 8;

/// How many folders above the one every input is in a site's configuration
/// is looked for (GitBook's `.gitbook.yaml` beside a `docs/` it names).
const ABOVE: usize = 2;

impl Inputs<'_> {
    /// Whether a configuration file of one of `names` (paths from a
    /// folder: `.vitepress/config.ts`) is where a site's is looked for.
    pub(super) fn configured(&self, names: &[&str]) -> bool {
        (self.config_folders().iter())
            .any(|(folder, _)| names.iter().any(|name| folder.join(name).is_file()))
    }

    /// Whether the inputs are an Rspress site's: its configuration where a
    /// site's is looked for.
    pub(super) fn rspress(&self) -> bool {
        *self
            .rspress
            .get_or_init(|| self.configured(&RSPRESS_CONFIGS))
    }

    /// Whether document `doc` is a partial its site builds no page for.
    pub(super) fn partial(&self, doc: usize) -> bool {
        let partials = *self.partials.get_or_init(|| {
            if self.rspress() {
                Some(Partials::OneUnderscore)
            } else if self.docusaurus() {
                Some(Partials::AnyPart)
            } else {
                self.astro_config().map(|_| Partials::FileName)
            }
        });
        partials.is_some_and(|partials| partials.holds(&self.pages[doc].path))
    }

    /// Whether document `doc` is a Docusaurus translation of a page the
    /// default docs do not have, which Docusaurus builds no page for: where
    /// the inputs hold the default docs (some page of theirs is among them).
    pub(super) fn orphan_translation(&self, doc: usize) -> bool {
        if !self.docusaurus() {
            return false;
        }
        let orphans = self.orphans.get_or_init(|| {
            let translates: Vec<Option<String>> = (self.pages.iter())
                .map(|page| translated(&components(&page.path)))
                .collect();
            let found = |page: &String| self.exact.contains_key(page.as_str());
            let defaults = translates.iter().flatten().any(found);
            (translates.iter())
                .map(|page| defaults && page.as_ref().is_some_and(|page| !found(page)))
                .collect()
        });
        orphans[doc]
    }

    /// The site's redirects: those of the configuration in the folder every
    /// input is in, or in one of the [`ABOVE`] folders above it.
    pub(super) fn redirects(&self) -> &Redirects {
        self.redirects.get_or_init(|| {
            (self.config_folders().iter())
                .find_map(|(folder, root)| {
                    let mut redirects = Redirects::read(folder)?;
                    redirects.root = root.clone();
                    Some(redirects)
                })
                .unwrap_or_default()
        })
    }

    /// The folders a site's configuration is looked for in, nearest first,
    /// each with its components: the folder every input is in and the
    /// [`ABOVE`] above it, those that may be read (found once: every
    /// generator's configuration, and each page a site copies as it is, is
    /// looked for there).
    pub(super) fn config_folders(&self) -> &[(PathBuf, Vec<String>)] {
        self.config_folders
            .get_or_init(|| self.find_config_folders())
    }

    fn find_config_folders(&self) -> Vec<(PathBuf, Vec<String>)> {
        let first = self.pages.first().map_or("", |p| p.path.as_str());
        // The folder every path is in, as their text shares it (no copy
        // of each path's components).
        let mut shared = last_separator(first).map_or("", |at| &first[..=at]);
        for page in self.pages {
            while !page.path.starts_with(shared) {
                let parent = shared[..shared.len() - 1].rfind(['/', '\\']);
                shared = parent.map_or("", |at| &shared[..=at]);
            }
        }
        let shared = components(shared);
        let absolute = if first.starts_with('/') { "/" } else { "" };
        (shared.len().saturating_sub(ABOVE)..=shared.len())
            .rev()
            .filter_map(|depth| {
                let folder = format!("{absolute}{}", shared[..depth].join("/"));
                let folder = PathBuf::from(if folder.is_empty() { "." } else { &folder });
                self.may_read(&folder)
                    .then(|| (folder, shared[..depth].to_vec()))
            })
            .collect()
    }

    /// Whether the inputs are the site of a generator that serves a page
    /// with a `slug` only there: Astro's ([`Inputs::astro_config`]) or
    /// Docusaurus' ([`Inputs::docusaurus`]).
    pub(super) fn slugs_move(&self) -> bool {
        self.astro_config().is_some() || self.docusaurus()
    }

    /// Whether the inputs are a Docusaurus site's: a versioned docs folder
    /// among them, or its configuration where a site's is looked for or in
    /// a `website/` folder below the one every input is in (the docs beside
    /// the site, as React Native and Jest keep them).
    pub(super) fn docusaurus(&self) -> bool {
        *self.docusaurus.get_or_init(|| {
            if self.versions().is_some() {
                return true;
            }
            let folders = self.config_folders();
            let website = (folders.first())
                .map(|(nearest, _)| nearest.join("website"))
                .filter(|website| self.may_read(website));
            (folders.iter().map(|(folder, _)| folder.clone()))
                .chain(website)
                .any(|folder| {
                    DOCUSAURUS_CONFIGS
                        .iter()
                        .any(|name| folder.join(name).is_file())
                })
        })
    }

    /// Why the site builds no page for document `doc`, if it builds none:
    /// a book's page its summary lists not ([`Inputs::unlisted`]), a
    /// partial ([`Inputs::partial`]), a Docusaurus translation of no page
    /// ([`Inputs::orphan_translation`]).
    pub(super) fn unbuilt(&self, doc: usize) -> Option<fn(String) -> Broken> {
        if self.unlisted(doc) {
            Some(Broken::Unlisted)
        } else if self.partial(doc) {
            Some(Broken::Partial)
        } else if self.orphan_translation(doc) {
            Some(Broken::Orphan)
        } else {
            None
        }
    }

    /// Whether document `doc` is a page a book leaves unbuilt: its
    /// `SUMMARY.md` lists it not ([`Book::unlisted`]).
    pub(super) fn unlisted(&self, doc: usize) -> bool {
        self.book().is_some_and(|book| book.unlisted[doc])
    }

    /// The book the inputs are, if any: an mdBook or a GitBook space
    /// ([`super::books::book`]).
    fn book(&self) -> Option<&Book> {
        (self.book)
            .get_or_init(|| {
                let paths: Vec<&str> = self.pages.iter().map(|p| p.path.as_str()).collect();
                let folders = (self.config_folders().iter()).map(|(folder, _)| folder.clone());
                super::books::book(folders, &paths)
            })
            .as_ref()
    }

    /// Whether the inputs are a Quartz site's: its `quartz.config.ts` where
    /// a site's configuration is looked for.
    pub(super) fn quartz(&self) -> bool {
        self.configured(&["quartz.config.ts", "quartz.config.js", "quartz.config.mjs"])
    }

    /// Whether the inputs are a GitBook space.
    pub(super) fn gitbook(&self) -> bool {
        self.book().is_some_and(|book| book.gitbook)
    }

    /// Whether a GitBook serves document `doc` elsewhere than the link's
    /// `path` (no anchor) says: a folder (`x/`) is its `README.md` only.
    fn gitbook_refuses(&self, doc: usize, path: &str) -> bool {
        self.gitbook() && names_folder(path) && !file_named(&self.pages[doc].path, "README.md")
    }

    /// Whether a Mintlify site serves document `doc` elsewhere than the
    /// site address `path` (no anchor) says: from its root, `/agent` as
    /// `agent.mdx` or `agent/index.mdx` there, never a page of that name in
    /// another folder, as a site whose base path no input shows is read
    /// elsewhere (`/docs/es/cli`, the site at `/docs`, is `es/cli.mdx`).
    pub(super) fn mintlify_refuses(&self, doc: usize, path: &str) -> bool {
        let redirects = self.redirects();
        if !redirects.mintlify {
            return false;
        }
        let page = components(&self.pages[doc].path);
        let Some(served) = page.strip_prefix(&redirects.root[..]) else {
            return true;
        };
        let address = components(path);
        let stem = |name: &str| match name.rsplit_once('.') {
            Some((stem, _)) if is_markdown_name(name) => stem.to_owned(),
            _ => name.to_owned(),
        };
        let served: Vec<String> = served.iter().map(|part| stem(part)).collect();
        let address: Vec<String> = address.iter().map(|part| stem(part)).collect();
        // The address, but for a base path before it.
        let same = |page: &[String], address: &[String]| {
            let base = address.len().checked_sub(page.len());
            base.is_some_and(|base| {
                (page.iter().zip(&address[base..])).all(|(a, b)| a.eq_ignore_ascii_case(b))
            })
        };
        let index = served
            .split_last()
            .filter(|(last, _)| last.eq_ignore_ascii_case("index"));
        !(same(&served, &address) || index.is_some_and(|(_, folder)| same(folder, &address)))
    }

    /// The MkDocs configuration where a site's is looked for, if any.
    pub(super) fn mkdocs(&self) -> Option<MkDocs> {
        *(self.mkdocs).get_or_init(|| {
            MkDocs::find(
                self.config_folders()
                    .iter()
                    .map(|(folder, _)| folder.clone()),
            )
        })
    }

    /// Whether a VitePress site serves document `doc` elsewhere than the
    /// link's `path` (no anchor) says: VitePress reads `x/` as
    /// `x/index.md` only, and `x`, `x.md` or `x.html` as `x.md` only.
    pub(super) fn vitepress_refuses(&self, doc: usize, path: &str) -> bool {
        if !self.vitepress() {
            return false;
        }
        let index = file_named(&self.pages[doc].path, "index.md");
        let last = path
            .trim_end_matches('/')
            .rsplit('/')
            .next()
            .unwrap_or_default();
        let stem = [".md", ".html"]
            .iter()
            .find_map(|ext| last.strip_suffix(ext))
            .unwrap_or(last);
        match names_folder(path) {
            true => !index,
            false => index && !stem.eq_ignore_ascii_case("index"),
        }
    }

    /// The folder (as the inputs' paths start) of the Docsify site the
    /// inputs are, where it reads a relative link from its root: its
    /// `index.html` loads Docsify and does not set `relativePath: true`.
    pub(super) fn docsify_root(&self) -> Option<&str> {
        (self.docsify_root)
            .get_or_init(|| {
                self.config_folders().iter().find_map(|(folder, parts)| {
                    let page = std::fs::read_to_string(folder.join("index.html")).ok()?;
                    let relative = page.split("relativePath").nth(1).is_some_and(|rest| {
                        let rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ':');
                        rest.starts_with("true") || rest.starts_with("!0")
                    });
                    (page.contains("$docsify") && !relative).then(|| match parts.is_empty() {
                        true => ".".to_owned(),
                        false => parts.join("/"),
                    })
                })
            })
            .as_deref()
    }

    /// Whether the inputs are a VitePress site's: its `.vitepress/config`
    /// where a site's configuration is looked for.
    fn vitepress(&self) -> bool {
        *self
            .vitepress
            .get_or_init(|| self.configured(&VITEPRESS_CONFIGS))
    }

    /// Whether a site serves `path` (from its root: `/pure.html`, or `/pure` for
    /// `pure.html`) as a file of its own: one in a folder a generator copies to the site's
    /// root as it is (VitePress' and Astro's `public/`, Docusaurus' and Hugo's
    /// `static/`), where a site's configuration is looked for.
    pub(super) fn serves_as_is(&self, path: &str) -> bool {
        let path = path.trim_start_matches('/');
        // Served without its extension too (VitePress' `cleanUrls`).
        let bare = !path.ends_with('/') && !path.rsplit('/').next().unwrap_or(path).contains('.');
        let html = bare.then(|| format!("{path}.html"));
        !path.is_empty()
            && !path.split('/').any(|part| part == "..")
            && (self.config_folders().iter()).any(|(folder, _)| {
                (AS_IS.iter()).any(|copied| {
                    let copied = folder.join(copied);
                    copied.join(path).is_file()
                        || html.as_ref().is_some_and(|h| copied.join(h).is_file())
                })
            })
    }

    /// Whether a site's configuration in `folder` may be read: anywhere,
    /// or, in a call confined to some folders (over MCP, its roots), only
    /// within them.
    pub(super) fn may_read(&self, folder: &Path) -> bool {
        match &self.within {
            None => true,
            Some(roots) => {
                (folder.canonicalize()).is_ok_and(|real| roots.iter().any(|r| real.starts_with(r)))
            }
        }
    }

    /// The site address of a path joined to a linking page's folder: from
    /// the site's root, where the path is below it.
    pub(super) fn address_of(&self, joined: &str) -> Option<String> {
        let redirects = self.redirects();
        if redirects.is_empty() {
            return None;
        }
        let parts = components(joined);
        let below = parts.strip_prefix(&redirects.root[..])?;
        Some(format!("/{}", below.join("/")))
    }
}

impl Lands<'_, '_> {
    /// Where a link to site `address` lands through the site's redirects,
    /// if it redirects the address: as a link to where it is sent, with the
    /// same `anchor`.
    pub(super) fn redirected(
        &mut self,
        from: usize,
        address: &str,
        anchor: Option<&str>,
    ) -> Option<Landing> {
        if self.hops >= HOPS {
            return None;
        }
        let to = self.inputs.redirects().target(address)?;
        let to = match anchor {
            Some(anchor) => format!("{to}#{anchor}"),
            None => to,
        };
        self.hops += 1;
        let landing = self.land(from, &to, false);
        self.hops -= 1;
        Some(landing)
    }
}

impl Inputs<'_> {
    /// The site's versions, where a `versioned_docs/version-…/` folder is
    /// among the inputs' (read when a first site address is landed).
    pub(super) fn versions(&self) -> Option<&Versions> {
        (self.versions)
            .get_or_init(|| {
                // The first `versioned_docs/` among the inputs, and its
                // versions' folders (`version-30.0/`).
                let mut folder: Option<&str> = None;
                let mut found: Vec<String> = Vec::new();
                for page in self.pages {
                    let path = page.path.strip_prefix("./").unwrap_or(&page.path);
                    let Some((parent, version)) = version_root(path)
                        .and_then(|root| root.rsplit_once(['/', '\\']))
                        .and_then(|(parent, name)| Some((parent, name.strip_prefix("version-")?)))
                    else {
                        continue;
                    };
                    if *folder.get_or_insert(parent) == parent
                        && !found.iter().any(|v| v == version)
                    {
                        found.push(version.to_owned());
                    }
                }
                let folder = folder?;
                let site = Path::new(folder).parent().unwrap_or(Path::new("."));
                Some(Versions::read(folder, found, self.may_read(site)))
            })
            .as_ref()
    }
}

impl Lands<'_, '_> {
    /// Why a link from document `from` by `path` (no anchor) to document
    /// `doc` is broken all the same, where the site serves no page there:
    /// a page the site does not build ([`Inputs::unbuilt`]), a Markdown
    /// file's path on an Astro site ([`Inputs::astro_refuses`]; the page as
    /// its suggestion), an address a VitePress site reads otherwise
    /// ([`Inputs::vitepress_refuses`]) or a GitBook
    /// ([`Inputs::gitbook_refuses`]).
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
        // From a page the site leaves unbuilt too, the link is read as
        // between files: no reader follows it.
        if let Some(why) = self.inputs.unbuilt(doc)
            && self.inputs.unbuilt(from).is_none()
        {
            let page = self.inputs.pages[doc].shown_path().to_owned();
            return Some(Landing::Broken {
                suggestion: None,
                why: why(page),
            });
        }
        if self.inputs.astro_refuses(from, path) {
            return Some(Landing::Broken {
                suggestion: Some(self.inputs.pages[doc].shown_path().to_owned()),
                why: Broken::NotServed(path.to_owned()),
            });
        }
        (self.inputs.vitepress_refuses(doc, path) || self.inputs.gitbook_refuses(doc, path))
            .then(|| self.no_file(from, path.to_owned(), anchor))
    }

    /// Where a relative `path` to a page (no Markdown file's) from document
    /// `from` lands, where the site serves every page as a folder of its
    /// own (`guides/a.mdx` at `/guides/a/`) and leaves such links as
    /// written: an Astro site's page, or an MkDocs site's with directory
    /// addresses. The browser reads `path` from the page's address alone
    /// (an index page's is its file's folder). On a Docsify site that reads
    /// relative links from its root, from there (but `../`). `None`
    /// elsewhere.
    pub(super) fn by_page_address(&mut self, from: usize, path: &str) -> Option<Option<usize>> {
        // Docsify reads `./x.md` and `x` from its root, from any page.
        if let Some(root) = self.inputs.docsify_root()
            && !path.starts_with("../")
        {
            let root = format!("{root}/.");
            return Some(self.relative(&joined(&root, path)));
        }
        let page = &self.inputs.pages[from].path;
        let last = path.rsplit('/').next().unwrap_or_default();
        let folders =
            || self.inputs.astro_anchors(from) || self.inputs.mkdocs().is_some_and(MkDocs::folders);
        if is_markdown_name(last) || !is_page(path) || !folders() {
            return None;
        }
        let file = parts(page).next_back().unwrap_or(page);
        Some(match is_index_name(file) {
            true => self.in_folder(from, path),
            false => self.by_address(from, path),
        })
    }

    /// A site address as the site's versions serve it: `/docs/x` as the
    /// latest version's page, `/docs/30.0/x` as that version's.
    pub(super) fn versioned(&self, path: &str) -> Option<String> {
        self.inputs.versions()?.address(path)
    }
}

/// Whether a link's path (no anchor) names a folder: `x/`, `.` or `..`.
fn names_folder(path: &str) -> bool {
    path.ends_with('/') || matches!(path.rsplit('/').next(), Some("" | "." | ".."))
}

/// Whether the file at `path` is named `name`, in any case.
fn file_named(path: &str, name: &str) -> bool {
    parts(path)
        .next_back()
        .is_some_and(|file| file.eq_ignore_ascii_case(name))
}
