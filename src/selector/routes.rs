//! A page's address as its front matter sets it (docs/links.md, "Following
//! links"): Docusaurus serves a doc at its `id` in place of its file name, or
//! at its `slug`; Hugo at its `slug` or `url`; Jekyll at its `permalink`. A
//! link by such an address lands on the page as one by its file's path does:
//! each route is filed as one more path of the page, after every real path.

use foldhash::{HashMap, HashMapExt};

use super::docs::{components, depth};
use crate::paths::is_index_name;
use crate::tree::{front_matter_values, starts_a_line};

/// The keys that set a page's address: a name in the page's folder (`id`),
/// a path from that folder or, starting with `/`, from the site's root
/// (`slug`; Hugo's `aliases`, old addresses it redirects from), and a path
/// from the root whatever its start (`url`, `permalink`; Jekyll's
/// `redirect_from`). Each may be a list.
const KEYS: [(&str, Route); 6] = [
    ("id", Route::Name),
    ("slug", Route::Path),
    ("url", Route::FromRoot),
    ("permalink", Route::FromRoot),
    ("aliases", Route::Path),
    ("redirect_from", Route::FromRoot),
];

#[derive(Clone, Copy)]
enum Route {
    Name,
    Path,
    FromRoot,
}

/// Whether a page is served at a route in place of its file's address.
/// In order: a page some of whose routes move it is moved as the most
/// sure of them says.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) enum Moves {
    /// Besides it: another generator's address key may spell the file's
    /// address as that generator's configuration maps it (Jekyll's `_docs/`
    /// served at `/docs/`, Hugo's `/:year/:slug/` permalinks), which is not
    /// read here, so a page stays found at its file's address besides theirs.
    No,
    /// In its place on a site whose generator serves a page with a `slug`
    /// only there (Docusaurus, Astro's Starlight); another generator's slug
    /// fills a permalink pattern.
    BySlug,
    /// In its place: Docusaurus' `id`, its own key.
    Always,
}

impl Moves {
    fn of(key: &str) -> Moves {
        match key {
            "id" => Moves::Always,
            "slug" => Moves::BySlug,
            _ => Moves::No,
        }
    }
}

/// The routes front matter (`front`, its fences included) sets, each a path
/// from the page's folder or, starting with `/`, from the site's root, and
/// whether it is where the page is served in place of its file's address.
pub(crate) fn routes_of(front: &str) -> Vec<(String, Moves)> {
    let mut routes = Vec::new();
    // Most front matter sets no address: its lines are read once for every
    // key before any key is looked for.
    if !starts_a_line(front, &KEYS.map(|(key, _)| key)) {
        return routes;
    }
    for (key, route) in KEYS {
        for value in front_matter_values(front, key) {
            let value = value.trim();
            let moves = Moves::of(key);
            if let Some(path) = route_path(route, value) {
                routes.push((path, moves));
            }
        }
    }
    // Docusaurus serves a page with both at its `slug` only: the `id`
    // names the doc, no longer its address.
    let slugged = routes.iter().any(|&(_, m)| m == Moves::BySlug);
    if slugged && routes.iter().any(|&(_, m)| m == Moves::Always) {
        routes.retain(|&(_, m)| m != Moves::Always);
        for (_, moves) in &mut routes {
            if *moves == Moves::BySlug {
                *moves = Moves::Always;
            }
        }
    }
    routes
}

/// `value` as a route of its kind, if it is one.
fn route_path(route: Route, value: &str) -> Option<String> {
    match route {
        // A name holds no folder, and none that is empty or a dot.
        Route::Name if value.contains(['/', '\\']) || value.trim_matches('.').is_empty() => None,
        Route::Name | Route::Path if !value.is_empty() => Some(value.to_owned()),
        Route::FromRoot if !value.is_empty() => Some(format!("/{}", value.trim_start_matches('/'))),
        _ => None,
    }
}

/// The routes of a call's pages made ready for lookups: each as a path
/// among the inputs' with the page it names ([`route_paths`]), whether each
/// page is served at its file's address ([`Moves`]), and the routes by
/// their components joined, lowercase.
pub(crate) struct RouteTables {
    pub routes: Vec<(String, usize)>,
    pub moved: Vec<Moves>,
    pub routed: HashMap<String, usize>,
}

impl RouteTables {
    /// The tables of `pages`, each a path and its routes.
    pub fn of(pages: &[(&str, &[(String, Moves)])]) -> RouteTables {
        let mut moved = vec![Moves::No; pages.len()];
        let routes: Vec<(String, usize)> = (route_paths(pages).into_iter())
            .map(|(path, doc, moves)| {
                moved[doc] = moved[doc].max(moves);
                (path, doc)
            })
            .collect();
        let mut routed = HashMap::with_capacity(routes.len());
        for (path, i) in &routes {
            routed
                .entry(components(path).join("/").to_lowercase())
                .or_insert(*i);
        }
        RouteTables {
            routes,
            moved,
            routed,
        }
    }
}

/// Each page's routes as paths among the inputs', with the page they name
/// (by position) and whether the page is served there in place of its
/// file's address: a route from the root starts at the folder of the inputs
/// with the fewest components (a site's content folder); a page address is
/// the Markdown file it would be built from (`/guide/` → `guide.md`, `/` →
/// `index.md` in that folder).
pub(crate) fn route_paths(pages: &[(&str, &[(String, Moves)])]) -> Vec<(String, usize, Moves)> {
    let mut out = Vec::new();
    if pages.iter().all(|(_, routes)| routes.is_empty()) {
        return out;
    }
    let folder = |path: &str| {
        let mut parts = components(path);
        parts.pop();
        parts.join("/")
    };
    // The shallowest path's folder: found by counting, the one folder copied.
    let top = (pages.iter().map(|(path, _)| *path))
        .min_by_key(|path| depth(path))
        .map(folder)
        .unwrap_or_default();
    for (doc, &(path, routes)) in pages.iter().enumerate() {
        for (route, moves) in routes {
            let from = match (route.starts_with('/'), content_root(path)) {
                (true, _) => version_root(path).map_or_else(|| top.clone(), str::to_owned),
                // Starlight reads every slug from its content folder.
                (false, Some(root)) if *moves == Moves::BySlug => root.to_owned(),
                (false, _) => folder(path),
            };
            let mut parts = components(&format!("{from}/{route}"));
            // `/` and `./` are the folder's index page.
            let name = match route.trim_matches(['/', '.']).is_empty() {
                true => "index.md".to_owned(),
                false => {
                    let Some(last) = parts.pop() else { continue };
                    let stem = [".html", ".htm"]
                        .iter()
                        .find_map(|e| last.strip_suffix(e))
                        .unwrap_or(&last);
                    format!("{stem}.md")
                }
            };
            parts.push(name);
            let route = parts.join("/");
            // Most routes spell the page's own address: filed once, as its path.
            if address(&route) != address(path) {
                out.push((route, doc, *moves));
            }
        }
    }
    out
}

/// The folder of a Docusaurus version a page is in
/// (`website/versioned_docs/version-0.85` of `…/version-0.85/text.md`),
/// whose root a `slug` from the root starts at, as the current docs' start
/// at theirs.
pub(super) fn version_root(path: &str) -> Option<&str> {
    const FOLDER: &str = "versioned_docs/version-";
    let at = memchr::memmem::find(path.as_bytes(), FOLDER.as_bytes())?;
    let end = at + FOLDER.len() + path[at + FOLDER.len()..].find(['/', '\\'])?;
    (at == 0 || path[..at].ends_with(['/', '\\'])).then(|| &path[..end])
}

/// Where Astro's Starlight keeps its pages, below its site's folder.
pub(super) const CONTENT: &str = "src/content/docs";

/// The content folder of Astro's Starlight a page is in (`src/content/docs`
/// of `docs/src/content/docs/guides/a.md`), whose root every `slug` starts
/// at, with or without a leading `/`.
pub(super) fn content_root(path: &str) -> Option<&str> {
    let at = memchr::memmem::find(path.as_bytes(), CONTENT.as_bytes())?;
    let end = at + CONTENT.len();
    path[end..].starts_with('/').then_some(())?;
    (at == 0 || path[..at].ends_with('/')).then(|| &path[..end])
}

/// The address a page's path serves it at, lowercase: without its
/// extension, an index page as its folder (`guide/_index.md` → `guide`).
fn address(path: &str) -> String {
    let mut parts = components(&path.to_lowercase());
    if let Some(last) = parts.pop().filter(|last| !is_index_name(last)) {
        let stem = last
            .rsplit_once('.')
            .map_or(last.as_str(), |(stem, _)| stem);
        parts.push(stem.to_owned());
    }
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selector::docs::components_joined;

    #[test]
    fn an_ordering_prefix_is_a_number_and_a_separator_before_a_name() {
        use crate::selector::docs::unnumbered;
        for (part, bare) in [
            ("2.installation.md", "installation.md"),
            ("50-configuration.md", "configuration.md"),
            ("01_intro", "intro"),
            ("001 - My Doc", "My Doc"),
            ("10.api", "api"),
            // Versions and dates are names.
            ("1.0-notes.md", "1.0-notes.md"),
            ("2021-01-31-post.md", "2021-01-31-post.md"),
            ("8.0", "8.0"),
            // No separator, or nothing after it.
            ("2fa.md", "2fa.md"),
            ("01 intro", "01 intro"),
            ("01-", "01-"),
            ("guide", "guide"),
        ] {
            assert_eq!(unnumbered(part), bare, "{part:?}");
        }
    }

    #[test]
    fn a_paths_depth_and_plain_spelling_are_its_components() {
        for path in [
            "",
            ".",
            "/",
            "a",
            "a/b.md",
            "./a/b/",
            "/a//b",
            "..",
            "../../a",
            "a/../..",
            "a/./b/../c",
            "a\\b",
            "x/../../y/..",
            "../a/b/../../..",
        ] {
            let parts = components(path);
            assert_eq!(depth(path), parts.len(), "{path:?}");
            assert_eq!(components_joined(path), parts.join("/"), "{path:?}");
        }
    }

    /// The routes front matter sets, without whether each moves the page.
    fn routes_of(front: &str) -> Vec<String> {
        super::routes_of(front)
            .into_iter()
            .map(|(r, _)| r)
            .collect()
    }

    #[test]
    fn front_matter_sets_names_and_paths() {
        let yaml = "---\nid: cli\nslug: /reference/cli\ntitle: CLI\n---\n";
        // (A `slug` is the address in place of the `id`.)
        assert_eq!(routes_of(yaml), ["/reference/cli"]);
        assert_eq!(routes_of("---\nid: cli\n---\n"), ["cli"]);
        // Only a key that starts a line sets a route.
        let within = "---\ntitle: the id: x\n  slug: /nested\nurl_for: /y\n---\n";
        assert!(routes_of(within).is_empty());
        let toml = "+++\nurl = \"blog/2021/march/\"\npermalink = '/x.html'\n+++\n";
        assert_eq!(routes_of(toml), ["/blog/2021/march/", "/x.html"]);
        let lists = "---\naliases: [/old/, \"older\"]\nredirect_from:\n  - /docs/templates/\n  - '/t/'\n---\n";
        assert_eq!(
            routes_of(lists),
            ["/old/", "older", "/docs/templates/", "/t/"]
        );
        let toml = "+++\naliases = [\"/a/\", '/b/']\n+++\n";
        assert_eq!(routes_of(toml), ["/a/", "/b/"]);
        let none = "---\nid: a/b\nslug: \"\"\nid_other: x\n---\n";
        assert!(routes_of(none).is_empty(), "{:?}", routes_of(none));
    }

    #[test]
    fn a_versions_route_from_the_root_starts_at_its_version_folder() {
        let slug = [("/text-component".to_owned(), Moves::BySlug)];
        let none: &[(String, Moves)] = &[];
        let pages = [
            ("docs/intro.md", none),
            ("website/versioned_docs/version-0.85/text.md", &slug[..]),
            ("docs/text.md", &slug[..]),
        ];
        let found: Vec<String> = route_paths(&pages).into_iter().map(|(p, ..)| p).collect();
        assert_eq!(
            found,
            [
                "website/versioned_docs/version-0.85/text-component.md",
                "docs/text-component.md"
            ]
        );
        assert_eq!(
            version_root("versioned_docs/version-1.0/a/b.md"),
            Some("versioned_docs/version-1.0")
        );
        assert_eq!(version_root("my_versioned_docs/version-1.0/b.md"), None);
    }

    #[test]
    fn routes_are_markdown_paths_from_the_folder_or_the_top() {
        let paths = [
            "docs/intro.md",
            "docs/api/Calls.md",
            "docs/api/more/_index.md",
        ];
        let routes = [
            // The page's own address, in any case, is no route of its own.
            ["call-api", "/reference/calls/", "calls", "/api/calls"]
                .map(|r| (r.into(), Moves::Always)),
            ["/", "../old.html", "/api/more/", "."].map(|r| (r.into(), Moves::No)),
        ];
        let none: &[(String, Moves)] = &[];
        let pages = [
            (paths[0], none),
            (paths[1], &routes[0][..]),
            (paths[2], &routes[1][..]),
        ];
        let found = route_paths(&pages);
        let found: Vec<(&str, usize, Moves)> =
            found.iter().map(|(p, d, m)| (p.as_str(), *d, *m)).collect();
        assert_eq!(
            found,
            [
                ("docs/api/call-api.md", 1, Moves::Always),
                ("docs/reference/calls.md", 1, Moves::Always),
                ("docs/index.md", 2, Moves::No),
                ("docs/api/old.md", 2, Moves::No),
            ]
        );
        // An address in place of the file's (Docusaurus' `id`; its `slug`
        // on a Docusaurus site, and in place of the `id`'s), and others
        // besides it.
        let moving = "---\nid: press\naliases: [/old/]\n---\n";
        assert_eq!(
            super::routes_of(moving),
            [
                ("press".to_owned(), Moves::Always),
                ("/old/".to_owned(), Moves::No)
            ]
        );
        let slugged = "---\nslug: /p\n---\n";
        assert_eq!(
            super::routes_of(slugged),
            [("/p".to_owned(), Moves::BySlug)]
        );
        let both = "---\nid: press\nslug: /p\naliases: [/old/]\n---\n";
        assert_eq!(
            super::routes_of(both),
            [
                ("/p".to_owned(), Moves::Always),
                ("/old/".to_owned(), Moves::No)
            ]
        );
    }
}
