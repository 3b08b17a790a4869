//! Where a link written in a document lands (docs/links.md, "Links both ways"): the
//! same reading as following it ("Following links"), done by mdsel from the
//! linking file rather than by the agent.
//!
//! A relative path is joined to the linking file's folder and looked up among
//! the inputs by its spellings (`build.html` → `build.md`, `guide/` →
//! `guide/index.md`, numeric ordering prefixes left out); a path from a
//! site's root (`/guide/build#x`) as a selector's page address is (a base no
//! input has passed over); a wiki link by its note's name. The fragment names
//! a heading as `#anchor` does, or else an HTML `id` in the page. A relative
//! path to no input is looked for on disk (an image, a page outside the
//! inputs); anything with a scheme (`https:`, `mailto:`) is external, and is
//! never fetched.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::OnceLock;

use foldhash::{HashMap, HashMapExt};

use super::books::Book;
use super::docs::{Paths, components, file_languages, is_root};
use super::link_paths::{
    Disk, PathKeys, joined, lands_outside, path_and_anchor, without_page_extension,
};
use super::mkdocs::MkDocs;
use super::near_page::{PageNames, is_page};
use super::notes::Notes;
use super::partials::Partials;
use super::redirects::Redirects;
use super::routes::{Moves, RouteTables};
use super::targets::{Exact, Targets};
use super::templates::{is_page_reference, untemplated};
use super::versions::Versions;
use crate::paths::{is_markdown_name, last_separator, parts};

/// Where a link lands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Landing {
    /// A document among the inputs, by position, and the section its
    /// fragment names (`None`: the whole document).
    Page { doc: usize, section: Option<usize> },
    /// A file on disk that is not among the inputs (an image, a page
    /// elsewhere), by its path from the working folder.
    File(String),
    /// A URL with a scheme, or a site's own file outside the Markdown.
    External,
    /// Nowhere: why, and the closest target that works, as a selector.
    Broken {
        why: Broken,
        suggestion: Option<String>,
    },
}

/// Why a link lands nowhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Broken {
    /// No such file: no input and no file on disk is the path (as joined to
    /// the linking file's folder).
    File(String),
    /// No such note: none has the wiki link's name.
    Note(String),
    /// A Markdown file's path, at which an Astro site serves no page.
    NotServed(String),
    /// A page an mdBook's `SUMMARY.md` does not list, so never built.
    Unlisted(String),
    /// A partial, named `_…`: the site builds no page for it.
    Partial(String),
    /// A Docusaurus translation of no page of the default docs.
    Orphan(String),
    /// No such anchor: the page is there, no heading or id is the fragment.
    Anchor { anchor: String, doc: usize },
}

impl Broken {
    /// The reason as the listing prints it for a link in document `from`:
    /// `no such file: docs/a.md`, `no anchor #x in docs/a.md` (`here` in
    /// `from` itself).
    pub fn reason(&self, pages: &[Targets], from: usize) -> String {
        match self {
            Broken::File(path) => format!("no such file: {path}"),
            Broken::Note(note) => format!("no such note: {note}"),
            Broken::NotServed(path) => format!("no page at a Markdown file's path: {path}"),
            Broken::Unlisted(path) => format!("not in SUMMARY.md, never built: {path}"),
            Broken::Partial(path) => format!("a partial (named `_…`), never built: {path}"),
            Broken::Orphan(path) => {
                format!("a translation of no page in the default docs, never built: {path}")
            }
            Broken::Anchor { anchor, doc } if *doc == from => format!("no anchor #{anchor} here"),
            Broken::Anchor { anchor, doc } => {
                format!("no anchor #{anchor} in {}", pages[*doc].shown_path())
            }
        }
    }
}

/// What every resolver of a call shares: the documents loaded, and their
/// paths made ready for lookups (made once, whatever the threads).
pub(crate) struct Inputs<'p> {
    pub(super) pages: &'p [Targets],
    /// The paths the pages' front matter sets ([`RouteTables`]).
    pub(super) routes: Vec<(String, usize)>,
    /// The paths made ready for a site address's lookup, and a note's,
    /// when a first one is looked up.
    site_paths: OnceLock<Paths>,
    /// The site's redirects, read when a first address lands nowhere, and
    /// its versions, when a first is landed.
    pub(super) redirects: OnceLock<Redirects>,
    pub(super) versions: OnceLock<Option<Versions>>,
    pub(super) notes_named: OnceLock<Notes>,
    /// Every MyST label (lowercase) with the page and section it names, the
    /// first kept.
    pub(super) labels: OnceLock<HashMap<String, (usize, Option<usize>)>>,
    /// Each input's path, its components joined: as written, lowercase, and
    /// lowercase without numeric ordering prefixes.
    pub(super) exact: HashMap<String, usize>,
    pub(super) folded: HashMap<String, usize>,
    pub(super) bare: HashMap<String, usize>,
    /// Each route, its components joined, lowercase.
    pub(super) routed: HashMap<String, usize>,
    /// The language each input's file name carries, if any (Nextra's
    /// `api.ja.mdx`).
    pub(super) languages: Vec<Option<&'p str>>,
    /// The language each input is in: its file name's, else its language
    /// folder's at the top (made when a first one is asked for).
    pub(super) page_languages: OnceLock<Vec<Option<Box<str>>>>,
    /// Whether a page is served as a folder of its own (`guide/setup.md` at
    /// `/guide/setup/`), as Hugo and Zola serve a site with section pages
    /// (`_index.md`): a page's `./` and `../` are read from that folder
    /// first.
    pub(super) folders: bool,
    /// Each input's name, for the nearest to a missing one (read when a
    /// first one is missing).
    stems: OnceLock<PageNames>,
    /// Whether each input's front matter serves it at an address in place of
    /// its file's (Docusaurus' `id`; its `slug` on a Docusaurus site).
    pub(super) moved: Vec<Moves>,
    /// Whether the inputs are a Docusaurus site's (read when first asked:
    /// a page with a `slug` looked up by its file's address, an anchor).
    pub(super) docusaurus: OnceLock<bool>,
    /// Whether the inputs are a VitePress site's; the configuration of the
    /// Astro site they are, and whether it leaves links to Markdown files
    /// as written.
    pub(super) vitepress: OnceLock<bool>,
    /// The folder of the Docsify site the inputs are, where it reads
    /// relative links from its root (its `relativePath` unset).
    pub(super) docsify_root: OnceLock<Option<String>>,
    /// Whether the inputs are an Rspress site's, and the partials their
    /// site builds no page for ([`Inputs::partial`]).
    pub(super) rspress: OnceLock<bool>,
    pub(super) partials: OnceLock<Option<Partials>>,
    /// Whether the inputs are a GitHub wiki's ([`Inputs::github_wiki`]),
    /// and which repository's ([`Inputs::read_own_wiki`]).
    pub(super) github_wiki: OnceLock<bool>,
    /// Each input's being a translation of no page ([`Inputs::orphan_translation`]).
    pub(super) orphans: OnceLock<Vec<bool>>,
    pub(super) own_wiki: Option<String>,
    pub(super) astro: OnceLock<Option<PathBuf>>,
    pub(super) astro_rewrites_none: OnceLock<bool>,
    /// What the MkDocs configuration says, where the inputs are its site's;
    /// the book they are, an mdBook or a GitBook space.
    pub(super) mkdocs: OnceLock<Option<MkDocs>>,
    /// Where a site's configuration is looked for ([`Inputs::config_folders`]).
    pub(super) config_folders: OnceLock<Vec<(PathBuf, Vec<String>)>>,
    pub(super) book: OnceLock<Option<Book>>,
    /// Folders (canonical) outside which no file is looked for on disk
    /// (`None`: anywhere).
    pub(super) within: Option<Arc<[PathBuf]>>,
}

impl<'p> Inputs<'p> {
    /// `pages`, the documents loaded, in input order, made ready; files not
    /// among them are looked for on disk only `within` those folders when
    /// given. Their routes and their paths' keys are made side by side where
    /// `threads` allow and there are enough pages to be worth it.
    pub fn new(pages: &'p [Targets], within: Option<Arc<[PathBuf]>>, threads: usize) -> Self {
        let each: Vec<(&str, &[(String, Moves)])> = (pages.iter())
            .map(|p| (p.path.as_str(), &p.routes[..]))
            .collect();
        let keys = || PathKeys::of(pages.iter().map(|p| p.path.as_str()));
        let (
            RouteTables {
                routes,
                moved,
                routed,
            },
            PathKeys {
                exact,
                folded,
                bare,
            },
        ) = match threads > 1 && pages.len() >= PAGES_APART {
            true => std::thread::scope(|scope| {
                let keys = scope.spawn(keys);
                let tables = RouteTables::of(&each);
                (
                    tables,
                    keys.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
                )
            }),
            false => (RouteTables::of(&each), keys()),
        };
        let languages = file_languages(pages.iter().map(|p| p.path.as_str()));
        let folders = (pages.iter()).any(|p| {
            let file = parts(&p.path).next_back().unwrap_or_default();
            file.split_once('.')
                .is_some_and(|(stem, _)| stem == "_index")
                && is_markdown_name(file)
        });
        Inputs {
            pages,
            routes,
            site_paths: OnceLock::new(),
            redirects: OnceLock::new(),
            versions: OnceLock::new(),
            notes_named: OnceLock::new(),
            labels: OnceLock::new(),
            exact,
            folded,
            bare,
            routed,
            stems: OnceLock::new(),
            languages,
            page_languages: OnceLock::new(),
            folders,
            moved,
            docusaurus: OnceLock::new(),
            vitepress: OnceLock::new(),
            docsify_root: OnceLock::new(),
            rspress: OnceLock::new(),
            partials: OnceLock::new(),
            github_wiki: OnceLock::new(),
            orphans: OnceLock::new(),
            own_wiki: None,
            astro: OnceLock::new(),
            astro_rewrites_none: OnceLock::new(),
            mkdocs: OnceLock::new(),
            config_folders: OnceLock::new(),
            book: OnceLock::new(),
            within,
        }
        .with_eleventy_routes()
    }

    /// Whether a link by `path` may land on document `doc` by its file's
    /// address: a Markdown file's path always does, a page's address not
    /// where the page's front matter serves it elsewhere.
    pub(super) fn served(&self, doc: usize, path: &str) -> bool {
        is_markdown_name(path)
            || match self.moved[doc] {
                Moves::No => true,
                Moves::Always => false,
                Moves::BySlug => !self.slugs_move(),
            }
    }

    /// Makes the tables a call's links read ahead of them, so that no
    /// resolver waits for one (on a thread of its own): the paths made ready
    /// for site addresses (`sites`) and for wiki links (`notes`).
    pub fn make_ready(&self, sites: bool, notes: bool) {
        if sites {
            self.site_paths();
        }
        if notes {
            self.notes();
        }
    }

    /// Makes the pages' names a broken link's suggestion is looked for
    /// among, ahead of the first suggestion (on a thread of its own).
    pub fn make_names_ready(&self) {
        self.page_names();
    }

    /// The inputs' paths and routes, made ready for site addresses.
    pub(super) fn site_paths(&self) -> &Paths {
        (self.site_paths).get_or_init(|| Paths::with_routes(&self.paths(), &self.routes))
    }

    /// Each input's name, for the nearest to a missing one.
    pub(super) fn page_names(&self) -> &PageNames {
        (self.stems).get_or_init(|| PageNames::new(self.pages, &self.languages))
    }

    /// The path of each document, in input order.
    pub(super) fn paths(&self) -> Vec<String> {
        self.pages.iter().map(|p| p.path.clone()).collect()
    }
}

/// The fewest pages whose routes and keys are made on two threads.
const PAGES_APART: usize = 2048;

/// Resolves links over the documents a call loaded, remembering what it
/// looked up: one per thread, over the inputs they share.
pub(crate) struct Lands<'i, 'p> {
    pub(super) inputs: &'i Inputs<'p>,
    /// Site addresses, joined relative paths, notes and nearest names
    /// already looked up, and the nearest anchor for a broken one of a page.
    sites: HashMap<String, Option<usize>>,
    /// Site addresses whose page depends on the linking page's folder.
    sites_from: HashMap<&'p str, HashMap<String, Option<usize>>>,
    pub(super) relatives: HashMap<String, Option<usize>>,
    pub(super) by_folder: HashMap<&'p str, HashMap<String, Option<usize>>>,
    pub(super) notes: HashMap<String, Option<usize>>,
    pub(super) nearest: HashMap<(Option<String>, String), Vec<usize>>,
    pub(super) nearest_anchors: HashMap<(usize, String), Option<String>>,
    /// The files each page's includes reach ([`Lands::includes`]).
    pub(super) reach: HashMap<usize, Vec<usize>>,
    /// What the file system said of each path looked for on disk, and of
    /// each address a site may serve as it is ([`Lands::on_disk`]).
    pub(super) disk: HashMap<String, Disk>,
    pub(super) as_is: HashMap<String, bool>,
    /// The redirects the link being landed has been sent through.
    pub(super) hops: u8,
    /// Whether a broken link gets a suggestion (a resolver that only asks
    /// where links land needs none).
    pub suggests: bool,
}

impl<'i, 'p> Lands<'i, 'p> {
    /// A resolver over `inputs`.
    pub fn new(inputs: &'i Inputs<'p>) -> Lands<'i, 'p> {
        Lands {
            inputs,
            sites: HashMap::new(),
            sites_from: HashMap::new(),
            relatives: HashMap::new(),
            by_folder: HashMap::new(),
            notes: HashMap::new(),
            nearest: HashMap::new(),
            nearest_anchors: HashMap::new(),
            reach: HashMap::new(),
            disk: HashMap::new(),
            as_is: HashMap::new(),
            hops: 0,
            suggests: true,
        }
    }

    /// From now on, a broken link gets a suggestion: those of links
    /// landed without are forgotten.
    pub fn suggesting(&mut self) {
        self.suggests = true;
        self.nearest_anchors.clear();
    }

    /// Where a link written in document `from` with `target` lands. On an
    /// Rspress site, which reads a Markdown file's path as its page's
    /// address (`/b.md` is `/b`, the page `b.mdx`), that address where
    /// the path names no file.
    pub fn land(&mut self, from: usize, target: &str, wiki: bool) -> Landing {
        if let Some(landing) = self.own_wiki_page(from, target).filter(|_| !wiki) {
            return landing;
        }
        let landing = self.land_as_written(from, target, wiki);
        let no_file = |landing: &Landing| {
            matches!(
                landing,
                Landing::Broken {
                    why: Broken::File(_),
                    ..
                }
            )
        };
        if no_file(&landing) && !wiki && self.inputs.rspress() {
            let again =
                without_page_extension(target).map(|t| self.land_as_written(from, &t, false));
            if let Some(again) = again.filter(|again| !no_file(again)) {
                return again;
            }
        }
        landing
    }

    /// [`Lands::land`], the target read as written.
    fn land_as_written(&mut self, from: usize, target: &str, wiki: bool) -> Landing {
        if wiki {
            return self.wiki(from, target);
        }
        if let Some(file) = target.trim().strip_prefix("@/") {
            return self.zola(from, file);
        }
        // Through a site's template: where it puts the link, or a value
        // from elsewhere.
        let reference = is_page_reference(target);
        let Some(target) = untemplated(target).filter(|t| !lands_outside(t, false)) else {
            return Landing::External;
        };
        let (path, anchor) = path_and_anchor(target.trim());
        let doc = if path.is_empty() {
            // `#name`: an anchor of this page, else a MyST label anywhere.
            let label = anchor
                .as_deref()
                .filter(|a| self.inputs.pages[from].find(a, Exact::Loose).is_none());
            if let Some(landing) = label.and_then(|name| self.label(name)) {
                return landing;
            }
            from
        } else if path.starts_with('/') {
            let versioned = self.versioned(path);
            let path = versioned.as_deref().unwrap_or(path);
            let found = (self.in_own_version(from, path))
                .unwrap_or_else(|| {
                    self.site(from, path)
                        .or_else(|| self.in_language(from, path))
                })
                .filter(|&doc| !self.inputs.mintlify_refuses(doc, path));
            match found {
                Some(doc) => doc,
                None if let Some(to) = self.redirected(from, path, anchor.as_deref()) => return to,
                // Every site has a root page, from its Markdown or not, and
                // builds the pages listing a taxonomy's terms.
                None if is_page(path)
                    && !is_root(path)
                    && !self.is_taxonomy(path)
                    && !self.serves_as_is(path) =>
                {
                    return self.no_file(from, path.to_owned(), anchor.as_deref());
                }
                None => return Landing::External,
            }
        } else {
            let found = match self.by_page_address(from, path) {
                Some(found) => found,
                None => (self.by_own_address(from, path))
                    .or_else(|| self.in_folder(from, path))
                    .or_else(|| self.by_address(from, path))
                    .or_else(|| self.in_folders_above(from, path))
                    .or_else(|| self.in_language(from, path)),
            };
            // Hugo reads a page reference's path from the content root, or
            // as a page's name, where the linking page's folder has none,
            // and in any case.
            let found = found.or_else(|| {
                if !reference {
                    return None;
                }
                let joined = joined(&self.inputs.pages[from].path, path);
                (self.site(from, &format!("/{path}")))
                    .or_else(|| self.site(from, &format!("/{joined}")))
            });
            match found {
                Some(doc) => doc,
                None => return self.no_relative(from, path, anchor.as_deref()),
            }
        };
        if let Some(refused) = self.refused(from, doc, path, anchor.as_deref()) {
            return refused;
        }
        self.in_page(doc, anchor.as_deref())
    }

    /// Where a relative `path` (no anchor) from document `from` that names
    /// no input lands: where the site redirects its address, at a MyST label
    /// of that name, on a file on disk, or broken.
    fn no_relative(&mut self, from: usize, path: &str, anchor: Option<&str>) -> Landing {
        let joined = joined(&self.inputs.pages[from].path, path);
        let address = (self.inputs.address_of(&joined)).filter(|_| !is_markdown_name(path));
        if let Some(to) = address.and_then(|a| self.redirected(from, &a, anchor)) {
            return to;
        }
        if anchor.is_none() {
            return (self.label(path)).unwrap_or_else(|| self.on_disk(from, joined, None));
        }
        self.on_disk(from, joined, anchor)
    }

    /// The input a site address from the root names, as a selector's page
    /// address does, for a link in document `from`: where several trees
    /// (languages, versions) have the address, the page of the linking
    /// page's own is meant ([`Paths::find_from`]).
    pub(super) fn site(&mut self, from: usize, path: &str) -> Option<usize> {
        if let Some(found) = self.sites.get(path) {
            return *found;
        }
        let page: &'p str = &self.inputs.pages[from].path;
        let folder = last_separator(page).map_or("", |at| &page[..at]);
        if let Some(found) = self
            .sites_from
            .get(folder)
            .and_then(|paths| paths.get(path))
        {
            return *found;
        }
        let paths = self.site_paths();
        let found = match paths.find_from(path, Some(&components(folder))) {
            // Served elsewhere: only a route names it.
            (Some(doc), depends) if !self.inputs.served(doc, path) => {
                (paths.find_routed(path), depends)
            }
            found => found,
        };
        match found {
            (found, true) => {
                (self.sites_from.entry(folder).or_default()).insert(path.to_owned(), found)
            }
            (found, false) => self.sites.insert(path.to_owned(), found),
        };
        found.0
    }

    /// Whether a site address that names no input is a page listing a
    /// taxonomy's terms, which a site generator builds (Hugo's and
    /// Docusaurus' blog's `/tags/x/`, `/categories/x/`) where no input is
    /// in such a folder.
    fn is_taxonomy(&self, path: &str) -> bool {
        self.site_paths().is_taxonomy(path)
    }

    /// The inputs' paths and routes, made ready for site addresses.
    pub(super) fn site_paths(&self) -> &'i Paths {
        self.inputs.site_paths()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selector::near_page::stem;
    use crate::source::Source;
    use crate::tree::parse_named;

    fn pages(files: &[(&str, &str)]) -> Vec<Targets> {
        files
            .iter()
            .map(|(path, text)| {
                let ns = stem(path).to_lowercase();
                let doc = parse_named(Source::new(*path, *text), ns);
                let written = doc.written_links();
                Targets::of(doc, written)
            })
            .collect()
    }

    fn set() -> Vec<Targets> {
        pages(&[
            (
                "docs/guide/install.md",
                "# Install\n\n## Proxy {#proxy-setup}\n",
            ),
            (
                "docs/config/server.md",
                "# Server\n\n## server.port\n\n<a id=\"legacy\"></a>\n",
            ),
            ("docs/1.start/2.intro.md", "# Intro\n"),
            ("docs/api/index.md", "# API\n\n## Calls\n"),
            (
                "notes/Big Idea.md",
                "# Big Idea\n\n## Why\n\nBecause. ^reason\n",
            ),
        ])
    }

    fn page(doc: usize, section: Option<usize>) -> Landing {
        Landing::Page { doc, section }
    }

    fn broken(landing: Landing) -> bool {
        matches!(landing, Landing::Broken { .. })
    }

    #[test]
    fn the_site_root_is_the_index_of_the_top_folder_only() {
        let set = set();
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        // `docs/api/index.md` ends with `index.md`, but is not the root.
        assert_eq!(lands.land(0, "/", false), Landing::External);
        assert_eq!(lands.land(0, "/#calls", false), Landing::External);
        let mut with_home = set.clone();
        with_home.extend(pages(&[("docs/index.md", "# Home\n\n## Start\n")]));
        let inputs = Inputs::new(&with_home, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(lands.land(0, "/#start", false), page(5, Some(1)));
        assert_eq!(lands.land(0, "/api/#calls", false), page(3, Some(1)));
    }

    #[test]
    fn front_matter_routes_a_page_for_its_addresses_only() {
        let set = pages(&[
            ("docs/Configuration.md", "# Configuration\n"),
            (
                "docs/TutorialReactNative.md",
                "---\nid: tutorial-react-native\n---\n# React Native\n\n## Setup\n",
            ),
            (
                "docs/blog/2021-03-31-april.md",
                "---\nurl: /blog/2021/03/april-update/\n---\n# April\n",
            ),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        let route = "tutorial-react-native#setup";
        assert_eq!(lands.land(0, route, false), page(1, Some(1)));
        assert_eq!(
            lands.land(0, &format!("/docs/{route}"), false),
            page(1, Some(1))
        );
        assert_eq!(
            lands.land(0, "/blog/2021/03/april-update/", false),
            page(2, None)
        );
        assert!(
            broken(lands.land(0, "tutorial-react-native.md", false)),
            "a file's path is no route"
        );
        assert!(
            broken(lands.land(0, "/blog/2020/03/april-update/", false)),
            "a route's own components are not passed over"
        );
        // Docusaurus serves a page with an `id` there only; its file's path
        // still names it. Another key leaves the file's address served.
        for gone in ["TutorialReactNative", "/docs/TutorialReactNative#setup"] {
            assert!(broken(lands.land(0, gone, false)), "{gone}");
        }
        assert_eq!(
            lands.land(0, "TutorialReactNative.md#setup", false),
            page(1, Some(1))
        );
        assert_eq!(
            lands.land(0, "/docs/blog/2021-03-31-april/", false),
            page(2, None)
        );
    }

    #[test]
    fn a_page_link_that_lands_nowhere_from_the_folder_lands_from_the_pages_address() {
        let set = pages(&[
            ("site/commands/get.md", "# GET\n"),
            ("site/develop/spec.md", "# Spec\n\n## Arrays\n"),
            ("site/commands/index.md", "# Commands\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        // Served at `/commands/get/`, as a site with pretty URLs serves it.
        let link = "../../develop/spec#arrays";
        assert_eq!(lands.land(0, link, false), page(1, Some(1)));
        // From the folder first: `../develop/spec` is the same page.
        assert_eq!(lands.land(0, "../develop/spec", false), page(1, None));
        assert!(
            broken(lands.land(0, "../../develop/spec.md", false)),
            "a file's path"
        );
        assert!(
            broken(lands.land(2, link, false)),
            "an index page is its folder's address"
        );
    }

    #[test]
    fn relative_paths_land_from_the_linking_folder() {
        let set = set();
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(lands.land(0, "../config/server.md", false), page(1, None));
        assert_eq!(
            lands.land(0, "../config/server.md#serverport", false),
            page(1, Some(1))
        );
        assert_eq!(lands.land(0, "#proxy-setup", false), page(0, Some(1)));
        assert_eq!(lands.land(0, "", false), page(0, None));
        assert_eq!(
            lands.land(0, "../config/server.html#server-port", false),
            page(1, Some(1))
        );
        assert_eq!(lands.land(0, "../api/", false), page(3, None));
        assert_eq!(lands.land(0, "../start/intro", false), page(2, None));
        assert_eq!(
            lands.land(0, "../config/server.md#legacy", false),
            page(1, Some(1))
        );
        assert_eq!(
            lands.land(0, "./install.md?x=1#proxy-setup", false),
            page(0, Some(1))
        );
    }

    #[test]
    fn a_base_passed_over_leaves_a_folder_and_its_page_or_a_page_at_the_root() {
        let set = pages(&[
            ("docs/configuration/build-options.md", "# Build\n"),
            ("docs/blog/2019/0809-myths/index.md", "# Myths\n"),
            ("docs/_tutorials/navigation.md", "# Navigation\n"),
            ("docs/intro.md", "# Intro\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        // `config/` renamed `configuration/`: a page's name alone, found in
        // another folder, is another page.
        assert!(broken(lands.land(0, "/config/build-options", false)));
        assert!(broken(lands.land(0, "/config/build-options.md", false)));
        for (address, doc) in [
            ("/v2/configuration/build-options", 0),
            ("/2019/08/09/myths/", 1),
            ("/tutorials/navigation/", 2),
            ("/docs/4.x/intro", 3),
        ] {
            assert_eq!(lands.land(0, address, false), page(doc, None), "{address}");
        }
    }

    #[test]
    fn past_a_base_a_page_is_in_a_folder_the_address_names_or_in_a_tree_there() {
        let set = pages(&[
            (
                "self-hosting/environment/webapp.md",
                "# Webapp
",
            ),
            (
                "k6/next/using-k6/lifecycle.md",
                "# Lifecycle
",
            ),
            (
                "k6/v0.52.x/using-k6/lifecycle.md",
                "# Lifecycle
",
            ),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        // `environment/` renamed from `env/`: another folder, so another page.
        assert!(broken(lands.land(0, "/self-hosting/env/webapp", false)));
        // A version's folder, which another version mirrors, stands where
        // the address has a placeholder.
        assert_eq!(
            lands.land(0, "/docs/k6/<K6_VERSION>/using-k6/lifecycle", false),
            page(1, None)
        );
    }

    #[test]
    fn a_site_address_in_several_trees_is_the_linking_pages_own() {
        // Languages and versions side by side, none at the top.
        let set = pages(&[
            ("docs/de/4x/guide/x.md", "# X\n"),
            ("docs/en/4x/guide/x.md", "# X\n"),
            ("docs/en/4x/api.md", "# Api\n"),
            ("api/4x/app.md", "# App\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(lands.land(2, "/guide/x", false), page(1, None));
        assert_eq!(lands.land(1, "/guide/x", false), page(1, None));
        // A page in no such tree: the first.
        assert_eq!(lands.land(3, "/guide/x", false), page(0, None));
    }

    #[test]
    fn a_site_address_without_a_language_is_the_default_languages() {
        // The default language at the top, mirrored by the others.
        let set = pages(&[
            ("index.mdx", "# Home\n"),
            ("guide/a.mdx", "# A\n"),
            ("guide/Debug.mdx", "# Debug\n"),
            ("de/index.mdx", "# Start\n"),
            ("de/guide/a.mdx", "# A\n"),
            ("de/guide/Debug.mdx", "# Debug\n"),
            ("de/reference/c.mdx", "# C\n"),
            ("fr/reference/c.mdx", "# C\n"),
            ("api/4x/app.md", "# App\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        // The top has no `reference/` (renamed): a link to it is broken
        // from any page, however many translations still have one.
        for from in [0, 1, 4, 8] {
            assert!(broken(lands.land(from, "/reference/c/", false)), "{from}");
        }
        assert_eq!(lands.land(4, "/de/reference/c/", false), page(6, None));
        // The address from the top is the top's page, in any case.
        assert_eq!(lands.land(4, "/guide/debug", false), page(2, None));
    }

    #[test]
    fn a_translation_stands_in_for_no_page_of_the_default_language() {
        let set = pages(&[
            ("index.md", "# Home\n"),
            ("guide/a.md", "# A\n"),
            ("zh/index.md", "# Home\n"),
            ("zh/file-based-routing/index.md", "# Routing\n"),
            ("README.md", "# Repo\n"),
            ("docs/README.md", "# Docs\n"),
            ("docs/setup/x.md", "# X\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        // `file-based-routing/` renamed: only the Chinese copy is left.
        for from in [0, 1, 2] {
            assert!(broken(lands.land(from, "/file-based-routing/", false)));
        }
        assert_eq!(
            lands.land(1, "/zh/file-based-routing/", false),
            page(3, None)
        );
        // A folder that is no language's is the one tree that has it.
        assert_eq!(lands.land(4, "/setup/x", false), page(6, None));
    }

    #[test]
    fn a_heading_s_own_id_replaces_its_slug_in_a_listing() {
        let set = pages(&[(
            "a.md",
            "# A\n\n## Supported storage locations {#supported-storage-services}\n\n## Later\n",
        )]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        let id = "#supported-storage-services";
        assert_eq!(lands.land(0, id, false), page(0, Some(1)));
        let Landing::Broken { suggestion, .. } =
            lands.land(0, "#supported-storage-locations", false)
        else {
            panic!("the slug is no anchor of the page its generator writes");
        };
        assert_eq!(
            suggestion.as_deref(),
            Some("a::#supported-storage-services")
        );
        // Following the link still finds the heading.
        let doc = parse_named(
            Source::new("a.md", "## Supported storage locations {#s}\n"),
            "a".into(),
        );
        assert!(
            crate::selector::resolve::find_heading(
                doc.anchors(),
                &doc.titles,
                "supported-storage-locations"
            )
            .is_some()
        );
    }

    #[test]
    fn a_page_listing_a_taxonomys_terms_is_built_by_the_site() {
        let set = pages(&[("docs/intro.md", "# Intro\n"), ("docs/a/b.md", "# B\n")]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        // Unless an input is in such a folder.
        for listing in ["/tags/security/", "/blog/tags/release", "/categories/"] {
            assert_eq!(
                lands.land(0, listing, false),
                Landing::External,
                "{listing}"
            );
        }
        let mut with_tags = set.clone();
        with_tags.extend(pages(&[("docs/tags/rust.md", "# Rust\n")]));
        let inputs = Inputs::new(&with_tags, None, 1);
        let mut lands = Lands::new(&inputs);
        assert!(broken(lands.land(0, "/tags/go/", false)));
    }

    #[test]
    fn site_addresses_wiki_links_and_urls_land_as_they_are_followed() {
        let set = set();
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(
            lands.land(0, "/docs/4.x/api/#calls", false),
            page(3, Some(1))
        );
        assert_eq!(lands.land(0, "Big Idea#why", true), page(4, Some(1)));
        assert_eq!(lands.land(0, "big idea", true), page(4, None));
        assert_eq!(
            lands.land(4, "#Why", true),
            page(4, Some(1)),
            "[[#Why]]: this note"
        );
        assert_eq!(
            lands.land(0, "Big Idea#Big Idea#Why", true),
            page(4, Some(1))
        );
        assert_eq!(
            lands.land(0, "https://x.org/a.md", false),
            Landing::External
        );
        assert_eq!(lands.land(0, "mailto:me@x.org", false), Landing::External);
        assert_eq!(lands.land(0, "//cdn.x.org/a.js", false), Landing::External);
        assert_eq!(lands.land(0, "/img/logo.png", false), Landing::External);
        for (target, wiki) in [
            ("https://x.org", false),
            (" mailto:a@x.org", false),
            ("http:x", true),
            ("/a.md", false),
        ] {
            let listed = lands.land(0, target, wiki) == Landing::External;
            assert_eq!(
                lands_outside(target, wiki),
                listed && !target.starts_with('/'),
                "{target}"
            );
        }
    }

    #[test]
    fn broken_links_say_why_and_what_would_work() {
        let set = set();
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(
            lands.land(0, "../config/server.md#server-prot", false),
            Landing::Broken {
                why: Broken::Anchor {
                    anchor: "server-prot".into(),
                    doc: 1
                },
                suggestion: Some("server::#serverport".into()),
            }
        );
        let Landing::Broken { why, suggestion } = lands.land(0, "../config/servr.md", false) else {
            panic!("a missing file is broken");
        };
        assert_eq!(why, Broken::File("docs/config/servr.md".into()));
        assert_eq!(why.reason(&set, 0), "no such file: docs/config/servr.md");
        assert_eq!(suggestion.as_deref(), Some("docs/config/server.md"));
        assert!(matches!(
            lands.land(0, "Big Ide", true),
            Landing::Broken { why: Broken::Note(_), suggestion: Some(s) } if s == "[[Big Idea]]"
        ));
        assert!(matches!(
            lands.land(0, "/guide/missing", false),
            Landing::Broken {
                why: Broken::File(_),
                ..
            }
        ));
    }

    /// The suggestion for a broken link `target` written in the first of `set`.
    fn suggested_in(set: &[Targets], target: &str) -> Option<String> {
        let inputs = Inputs::new(set, None, 1);
        match Lands::new(&inputs).land(0, target, false) {
            Landing::Broken { suggestion, .. } => suggestion,
            other => panic!("{target} is broken, not {other:?}"),
        }
    }

    #[test]
    fn another_languages_copy_of_a_page_is_no_suggestion() {
        let set = pages(&[
            ("site/index.md", "# Home\n"),
            ("site/es/guide/setup.md", "# Instalar\n"),
            ("site/fr/guide/setup.md", "# Installer\n"),
            ("site/guide/setup-old.md", "# Old\n"),
            ("site/api/intro.md", "# Api\n"),
        ]);
        assert_eq!(
            suggested_in(&set, "guide/setup.md"),
            None,
            "es/ and fr/ are translations"
        );
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        let Landing::Broken { suggestion, .. } = lands.land(1, "setp.md", false) else {
            panic!("broken");
        };
        assert_eq!(
            suggestion.as_deref(),
            Some("site/es/guide/setup.md"),
            "its own"
        );
        // A folder named like a language that mirrors no other tree is no translation.
        assert_eq!(
            suggested_in(&set, "api/intr.md").as_deref(),
            Some("site/api/intro.md")
        );
    }

    #[test]
    fn a_missing_page_is_suggested_by_its_letters_its_words_or_its_folder() {
        let set = pages(&[
            ("docs/guide.md", "# Guide\n"),
            ("docs/cargo-features.md", "# Features\n"),
            ("docs/tests.md", "# Tests\n"),
            ("docs/api/index.md", "# API\n"),
        ]);
        let suggested = |target: &str| suggested_in(&set, target);
        assert_eq!(suggested("gide.md").as_deref(), Some("docs/guide.md"));
        assert_eq!(
            suggested("features.md").as_deref(),
            Some("docs/cargo-features.md"),
            "renamed: every word sought is there"
        );
        assert_eq!(
            suggested("documentation-tests.md"),
            None,
            "half the words sought"
        );
        assert_eq!(
            suggested("nomicon/index.html"),
            None,
            "an index page goes by its folder's name"
        );
        assert_eq!(
            suggested("old/api/index.md").as_deref(),
            Some("docs/api/index.md")
        );
        assert_eq!(suggested("img/guide.png"), None, "an image is no page");
        let moved = pages(&[
            ("docs/guide.md", "# Guide\n"),
            ("docs/maintenance/releases.md", "# Releases\n"),
            ("docs/users/policies/releases.md", "# Releases\n"),
        ]);
        assert_eq!(
            suggested_in(&moved, "users/releases.md").as_deref(),
            Some("docs/users/policies/releases.md"),
            "of two pages of that name, the one in the folder the link names"
        );
        // A page moved with a stub left in its name's place: the one with
        // the link's anchor.
        let stubbed = pages(&[
            ("docs/guides/unions.md", "# Unions\n"),
            ("docs/api/fields.md", "# Fields\n\nStub.\n"),
            (
                "docs/concepts/fields.md",
                "# Fields\n\n## The annotated pattern\n",
            ),
        ]);
        let anchored = suggested_in(&stubbed, "./fields.md#the-annotated-pattern");
        assert_eq!(anchored.as_deref(), Some("docs/concepts/fields.md"));
        assert_eq!(
            suggested_in(&stubbed, "./fields.md").as_deref(),
            Some("docs/api/fields.md")
        );
    }

    #[test]
    fn a_site_address_that_is_a_path_from_the_root_beats_one_a_path_ends_with() {
        let set = pages(&[
            ("site/docs/contributing/blog.md", "# Writing a post\n"),
            ("site/blog/_index.md", "# Blog\n"),
            ("site/docs/guide.md", "# Guide\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(lands.land(2, "/blog", false), page(1, None));
        assert_eq!(lands.land(2, "/contributing/blog", false), page(0, None));
    }

    /// The folder the inputs are named by is no site's: a doc set lists the
    /// same links whether it is given as `a/` or as `otel/`.
    #[test]
    fn how_the_inputs_folder_is_named_changes_no_landing() {
        let named = |top: &str| {
            let set = pages(&[
                (&format!("{top}/docs/concepts/glossary.md"), "# Glossary\n"),
                (&format!("{top}/docs/index.md"), "# Docs\n"),
            ]);
            let inputs = Inputs::new(&set, None, 1);
            let mut lands = Lands::new(&inputs);
            let link = "/otel/glossary/";
            // (A suggestion names the page by its path, the folder in it.)
            let landed = format!("{:?}", lands.land(1, link, false));
            landed.replace(&format!("Some(\"{top}/"), "Some(\"top/")
        };
        assert_eq!(named("otel"), named("site"));
    }

    #[test]
    fn a_link_through_a_site_template_lands_where_the_template_puts_it() {
        let set = set();
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        let relref = r#"{{< relref "../config/server.md" >}}#legacy"#;
        assert_eq!(lands.land(0, relref, false), page(1, Some(1)));
        let liquid = "{{ '/guide/install/#proxy-setup' | relative_url }}";
        assert_eq!(lands.land(1, liquid, false), page(0, Some(1)));
        assert!(matches!(
            lands.land(0, "{{ site.baseurl }}/guide/gone/", false),
            Landing::Broken {
                why: Broken::File(_),
                ..
            }
        ));
        assert_eq!(lands.land(0, "{{ post.url }}", false), Landing::External);
    }

    #[test]
    fn a_bare_markdown_path_is_looked_for_from_the_folders_above_too() {
        let set = pages(&[
            ("docs/options.md", "# Options\n"),
            ("docs/guides/a.md", "# A\n"),
            ("docs/guides/deep/b.md", "# B\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(lands.land(1, "options.md", false), page(0, None));
        assert_eq!(lands.land(2, "options.md", false), page(0, None));
        assert_eq!(
            lands.land(2, "a.md", false),
            page(1, None),
            "the nearest folder first"
        );
        for written in ["./options.md", "../deep/options.md", "options"] {
            assert!(broken(lands.land(1, written, false)), "{written}");
        }
    }

    #[test]
    fn where_every_language_has_a_folder_an_address_is_the_linking_pages_own() {
        // Rspress: `en/` and `zh/`, no default language at the top.
        let set = pages(&[
            ("docs/en/index.md", "# Home\n"),
            ("docs/en/guide/a.md", "# A\n"),
            ("docs/en/guide/both.md", "# Both\n"),
            ("docs/zh/index.md", "# 首页\n"),
            ("docs/zh/guide/both.md", "# Both\n"),
            ("docs/zh/guide/zh-only.md", "# Zh\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(lands.land(1, "/guide/both", false), page(2, None));
        assert_eq!(lands.land(5, "/guide/both", false), page(4, None));
        assert!(
            broken(lands.land(1, "/guide/zh-only", false)),
            "not the other language's"
        );
        assert_eq!(lands.land(1, "/zh/guide/zh-only", false), page(5, None));
    }

    #[test]
    fn where_a_file_name_carries_its_language_an_address_is_the_linking_pages_own() {
        let set = pages(&[
            ("pages/docs/api.en-US.mdx", "# API\n\n## Options\n"),
            (
                "pages/docs/api.ja.mdx",
                "# API\n\n## オプション [#options]\n",
            ),
            ("pages/docs/cache.en-US.mdx", "# Cache\n"),
            ("pages/docs/cache.ja.mdx", "# キャッシュ\n"),
            ("pages/docs/index.ja.mdx", "# ドキュメント\n"),
            ("pages/blog/news.en-US.mdx", "# News\n"),
            ("README.md", "# SWR\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(lands.land(2, "/docs/api#options", false), page(0, Some(1)));
        assert_eq!(lands.land(3, "/docs/api#options", false), page(1, Some(1)));
        assert_eq!(lands.land(3, "./api", false), page(1, None));
        assert_eq!(lands.land(3, "/docs", false), page(4, None));
        assert_eq!(lands.land(6, "/ja/docs/cache", false), page(3, None));
        // No other language's page stands in for the linking page's own.
        assert!(broken(lands.land(1, "/blog/news", false)));
        assert!(broken(lands.land(2, "/docs", false)));
        // A missing page is suggested in the linking page's language.
        assert_eq!(
            suggested_in(&set, "/docs/cach").as_deref(),
            Some("pages/docs/cache.en-US.mdx")
        );
        let landing = lands.land(3, "/docs/cach", false);
        let Landing::Broken { suggestion, .. } = landing else {
            panic!("{landing:?}")
        };
        assert_eq!(suggestion.as_deref(), Some("pages/docs/cache.ja.mdx"));
    }

    #[test]
    fn a_folder_group_names_no_part_of_an_address() {
        let set = pages(&[
            ("docs/(framework)/markdown/index.mdx", "# Markdown\n"),
            ("docs/(framework)/(more)/page.mdx", "# Page\n\n## Hello\n"),
            ("docs/ui/x.mdx", "# X\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(lands.land(2, "/docs/markdown", false), page(0, None));
        assert_eq!(lands.land(2, "/docs/page#hello", false), page(1, Some(1)));
        assert!(broken(lands.land(2, "/docs/markdown/page", false)));
        // A relative link names the file as it is.
        assert_eq!(
            lands.land(2, "../(framework)/markdown/index.mdx", false),
            page(0, None)
        );
    }

    #[test]
    fn docsify_addresses_a_heading_as_a_query() {
        let set = set();
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        let via = lands.land(1, "../guide/install.md?id=proxy-setup", false);
        assert_eq!(via, lands.land(1, "../guide/install.md#proxy-setup", false));
        assert_eq!(via, page(0, Some(1)));
        assert!(broken(lands.land(1, "../guide/install.md?id=nope", false)));
        assert_eq!(
            lands.land(1, "../guide/install.md?v=2", false),
            page(0, None)
        );
    }

    #[test]
    fn a_zola_internal_link_is_a_files_path_from_the_content_folder() {
        for top in ["", "site/content/"] {
            let set = pages(&[
                (
                    &format!("{top}docs/a.md") as &str,
                    "# A\n\n## Front matter\n",
                ),
                (&format!("{top}docs/guide/b.md"), "# B\n"),
            ]);
            let inputs = Inputs::new(&set, None, 1);
            let mut lands = Lands::new(&inputs);
            assert_eq!(lands.land(1, "@/docs/a.md", false), page(0, None), "{top}");
            assert_eq!(
                lands.land(1, "@/docs/a.md#front-matter", false),
                page(0, Some(1))
            );
            assert_eq!(lands.land(0, "@/docs/guide/b.md", false), page(1, None));
            // Zola looks the path up as written: `.md` and all.
            for gone in ["@/docs/a", "@/a.md", "@/docs/c.md", "@/guide/b.md"] {
                assert!(broken(lands.land(1, gone, false)), "{gone}");
            }
            let Landing::Broken { why, .. } = lands.land(1, "@/docs/a.md#nope", false) else {
                panic!("a missing anchor");
            };
            assert!(matches!(why, Broken::Anchor { doc: 0, .. }));
        }
    }

    #[test]
    fn a_site_address_spells_a_space_in_a_path_as_a_dash() {
        let set = pages(&[
            ("docs/guide.md", "# Guide\n"),
            (
                "docs/concept/Inter-Process Communication/index.md",
                "# IPC\n\n## Events\n",
            ),
            ("docs/Reference/API/Kustomization File.md", "# File\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        let ipc = "/concept/inter-process-communication/#events";
        assert_eq!(lands.land(0, ipc, false), page(1, Some(1)));
        let file = "/reference/api/kustomization-file/";
        assert_eq!(lands.land(0, file, false), page(2, None));
    }

    #[test]
    fn a_heading_in_a_container_is_landed_on_by_its_anchor() {
        let set = pages(&[
            ("docs/guide.md", "# Guide\n"),
            (
                "docs/config.md",
                "# Config\n\n## Theme\n\n> #### `custom_dir`\n>\n> Text.\n\n- ### Item {#item-id}\n",
            ),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(
            lands.land(0, "config.md#custom_dir", false),
            page(1, Some(1))
        );
        assert_eq!(lands.land(0, "config.md#item-id", false), page(1, Some(1)));
        assert!(matches!(
            lands.land(0, "config.md#custom-dir-x", false),
            Landing::Broken { .. }
        ));
    }

    #[test]
    fn a_myst_label_is_linked_by_name_from_any_page() {
        let set = pages(&[
            (
                "docs/syntax/glossary.md",
                "# Glossary\n\n(units/length)=\n## Length\n\n(para-label)=\n\nA paragraph.\n\n(glued)=\nText.\n",
            ),
            (
                "docs/guide.md",
                "# Guide\n\n```md\n(in-code)=\n```\n\n## Usage\n",
            ),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(lands.land(1, "#units/length", false), page(0, Some(1)));
        assert_eq!(lands.land(1, "units/length", false), page(0, Some(1)));
        assert_eq!(
            lands.land(0, "#units/length", false),
            page(0, Some(1)),
            "its own page"
        );
        assert_eq!(lands.land(1, "#para-label", false), page(0, Some(1)));
        assert_eq!(
            lands.land(1, "#glued", false),
            page(0, Some(1)),
            "text on the next line"
        );
        assert!(
            matches!(
                lands.land(0, "#in-code", false),
                Landing::Broken {
                    why: Broken::Anchor { .. },
                    ..
                }
            ),
            "a label in code is no label"
        );
        assert!(matches!(
            lands.land(0, "units/width", false),
            Landing::Broken { .. }
        ));
    }

    #[test]
    fn an_anchor_in_an_included_file_is_the_including_pages() {
        let set = pages(&[
            (
                "docs/guide.md",
                "See [flag](cli#shard) and [no](cli#nothing).\n",
            ),
            (
                "docs/cli.md",
                "# CLI\n\n<!--@include: ./parts/options.md{3,}-->\n<!--@include: ./cli.md-->\n\n\
                 ```md\n<!--@include: ./shown.md-->\nimport Shown from './shown.md'\n```\n",
            ),
            (
                "docs/parts/options.md",
                "## Options\n\n<!--@include: ../more.md#region-->\n",
            ),
            ("docs/more.md", "### shard\n\nSplit.\n"),
            ("docs/shown.md", "## shown\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        // Through an include of an include; a page including itself ends.
        assert_eq!(lands.land(0, "cli#shard", false), page(3, Some(0)));
        assert_eq!(lands.land(0, "cli#options", false), page(2, Some(0)));
        // An include shown in a code block includes nothing.
        assert!(matches!(
            lands.land(0, "cli#shown", false),
            Landing::Broken { .. }
        ));
        assert!(matches!(
            lands.land(0, "cli#nothing", false),
            Landing::Broken {
                why: Broken::Anchor { doc: 1, .. },
                ..
            }
        ));
    }

    #[test]
    fn a_missing_pages_suggestion_is_in_the_linking_pages_language() {
        let set = pages(&[
            ("docs/en/a.mdx", "# A\n"),
            ("docs/en/guide/set-up.mdx", "# Set up\n"),
            ("docs/zh/a.mdx", "# A\n"),
            ("docs/zh/guide/setup.mdx", "# Setup\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        let suggestion = |landing: Landing| match landing {
            Landing::Broken { suggestion, .. } => suggestion,
            other => panic!("{other:?}"),
        };
        // `zh/guide/setup.mdx` is nearer by name, in another language.
        let en = lands.land(0, "/guide/setup", false);
        assert_eq!(suggestion(en).as_deref(), Some("docs/en/guide/set-up.mdx"));
        let zh = lands.land(2, "/guide/set-up", false);
        assert_eq!(suggestion(zh).as_deref(), Some("docs/zh/guide/setup.mdx"));
    }

    #[test]
    fn an_anchor_in_a_file_an_include_tag_names_is_the_including_pages() {
        // Fumadocs' `<include>` and its directive, from the page's folder.
        let set = pages(&[
            (
                "docs/guide.mdx",
                "# Guide\n\n<include>./shared/part.mdx</include>\n\n::include[more.mdx#part]\n\n\
                 <include cwd>./shared/cwd.mdx</include>\n\n```mdx\n<include>./shown.mdx</include>\n```\n",
            ),
            ("docs/shared/part.mdx", "## Root Folder\n"),
            ("docs/more.mdx", "## Meta\n"),
            ("docs/shared/cwd.mdx", "## Cwd\n"),
            ("docs/shown.mdx", "## Shown\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(lands.land(0, "#root-folder", false), page(1, Some(0)));
        assert_eq!(lands.land(0, "#meta", false), page(2, Some(0)));
        // From where the site is built, or shown in a code block: none.
        for not in ["#cwd", "#shown"] {
            assert!(
                matches!(lands.land(0, not, false), Landing::Broken { .. }),
                "{not}"
            );
        }
    }

    #[test]
    fn an_anchor_in_an_imported_markdown_partial_is_the_importing_pages() {
        let set = pages(&[
            (
                "docs/settings.mdx",
                "# Settings\n\nimport Shell from './_shell.mdx';\nimport Data from './data.json'\n\
                 import Site from '@site/_site.mdx'\n\n<Shell />\n\n    import Code from './_code.md'\n",
            ),
            ("docs/_shell.mdx", "## scriptShell\n"),
            ("docs/_site.mdx", "## site\n"),
            ("docs/_code.md", "## code\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(lands.land(0, "#scriptshell", false), page(1, Some(0)));
        // Several imports to a line, the last ending on the next (Prettier's).
        let wrapped = pages(&[
            (
                "docs/apps.mdx",
                "import Tabs from '@theme/Tabs'; import Ios from './_ios.md'; import\n\
                 Kotlin from './_kotlin.md';\n\n# Apps\n",
            ),
            ("docs/_ios.md", "## Podfile\n"),
            ("docs/_kotlin.md", "## Configuring Gradle\n"),
        ]);
        let inputs = Inputs::new(&wrapped, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(lands.land(0, "#podfile", false), page(1, Some(0)));
        assert_eq!(
            lands.land(0, "#configuring-gradle", false),
            page(2, Some(0))
        );
        // Only a relative Markdown file, on a line of its own, is a partial.
        for not in ["#site", "#code"] {
            assert!(
                matches!(lands.land(0, not, false), Landing::Broken { .. }),
                "{not}"
            );
        }
    }

    #[test]
    fn a_table_of_contents_marker_is_no_missing_note_unless_a_note_has_its_name() {
        let set = pages(&[("docs/guide.md", "# Guide\n")]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        for marker in ["toc", "TOC", "_TOC_"] {
            assert_eq!(lands.land(0, marker, true), Landing::External, "{marker}");
        }
        assert!(matches!(
            lands.land(0, "TOC#Part", true),
            Landing::Broken {
                why: Broken::Note(_),
                ..
            }
        ));
        let vault = pages(&[("notes/guide.md", "# Guide\n"), ("notes/TOC.md", "# All\n")]);
        let inputs = Inputs::new(&vault, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(
            lands.land(0, "TOC", true),
            page(1, None),
            "a note of that name"
        );
    }

    #[test]
    fn a_path_on_disk_outside_the_inputs_is_a_file() {
        let set = pages(&[("a.md", "# A\n")]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(
            lands.land(0, "Cargo.toml", false),
            Landing::File("Cargo.toml".into())
        );
    }

    #[test]
    fn a_confined_call_looks_on_disk_only_within_its_folders() {
        let here = std::env::current_dir().unwrap().canonicalize().unwrap();
        let src: Arc<[PathBuf]> = Arc::from(vec![here.join("src")]);
        let set = pages(&[("src/a.md", "# A\n")]);
        let inputs = Inputs::new(&set, Some(src), 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(
            lands.land(0, "lib.rs", false),
            Landing::File("src/lib.rs".into())
        );
        assert_eq!(lands.land(0, "../Cargo.toml", false), Landing::External);
        assert!(matches!(
            lands.land(0, "gone.rs", false),
            Landing::Broken {
                why: Broken::File(_),
                ..
            }
        ));
    }

    #[test]
    fn a_confined_call_reads_no_configuration_above_its_folders() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir(root.join("docs")).unwrap();
        let redirects = r#"{"redirects": [{"source": "/old", "destination": "/docs/new"}]}"#;
        std::fs::write(root.join("docs.json"), redirects).unwrap();
        let at = |name: &str| root.join("docs").join(name).to_string_lossy().into_owned();
        let set = pages(&[(&at("a.md"), "# A\n"), (&at("new.md"), "# New\n")]);
        let docs: Arc<[PathBuf]> = Arc::from(vec![root.join("docs")]);
        for (within, lands_on_new) in [(None, true), (Some(docs), false)] {
            let inputs = Inputs::new(&set, within, 1);
            let landing = Lands::new(&inputs).land(0, "/old", false);
            assert_eq!(landing == page(1, None), lands_on_new, "{landing:?}");
        }
    }

    #[test]
    fn versioned_docs_folders_at_two_depths_are_read_from_the_first() {
        // Two docs plugins' versions, the second's path shorter than the
        // first's folder: only the first folder's versions count.
        let set = pages(&[
            (
                "a-long-plugin-folder/versioned_docs/version-1/a.md",
                "# A\n",
            ),
            ("b/versioned_docs/version-2/b.md", "# B\n"),
        ]);
        let inputs = Inputs::new(&set, None, 1);
        let mut lands = Lands::new(&inputs);
        assert_eq!(lands.land(1, "/docs/a", false), page(0, None));
        assert!(broken(lands.land(0, "/docs/2/b", false)));
    }

    #[test]
    fn joins_fold_dots() {
        assert_eq!(joined("docs/a/b.md", "../c.md"), "docs/c.md");
        assert_eq!(joined("b.md", "../c.md"), "../c.md");
        assert_eq!(joined("/abs/b.md", "./c/"), "/abs/c/");
        assert_eq!(joined("docs/b.md", "sp%20ace.md"), "docs/sp ace.md");
    }
}
