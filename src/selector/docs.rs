//! Which loaded document a selector names (docs/selectors.md, "Selectors", "Following
//! links"): by its namespace, by a link's path, or by a wiki link's note.
//! Lookups over the names and paths a call loaded; what the names are is
//! `namespace`'s.

use crate::namespace::{find, sanitize};
use std::borrow::Cow;
use std::cell::Cell;
use std::cell::OnceCell;
use std::sync::OnceLock;

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use crate::paths::{is_index_name, is_markdown_name, link_spellings, parts};

mod named;
mod trees;

use named::Named;
pub(super) use trees::{file_languages, is_language};

/// Which document a selector's namespace names (docs/selectors.md, "Selectors"): as [`find`]
/// does; else the namespace spelled as the file is (white space where the
/// namespace has `-`: `Internal links::h2.0`); else any suffix of a
/// document's path without its extension that names exactly one
/// (`blog/2022/post/index::*`), ignoring case.
pub(crate) fn find_in(namespaces: &[String], paths: &[String], wanted: &str) -> Option<usize> {
    let names = || namespaces.iter().map(String::as_str);
    if let Some(i) = find(names(), wanted) {
        return Some(i);
    }
    let dashed = sanitize(wanted);
    if dashed != wanted
        && let Some(i) = find(names(), &dashed)
    {
        return Some(i);
    }
    let wanted: Vec<String> = components(wanted)
        .iter()
        .map(|c| c.to_lowercase())
        .collect();
    if wanted.is_empty() {
        return None;
    }
    let mut fits = paths.iter().enumerate().filter(|(_, path)| {
        let mut parts: Vec<String> = components(path).iter().map(|c| c.to_lowercase()).collect();
        if let Some(last) = parts.last_mut()
            && let Some((stem, _)) = last.rsplit_once('.')
        {
            *last = stem.to_owned();
        }
        parts.len() >= wanted.len() && parts[parts.len() - wanted.len()..] == wanted[..]
    });
    match (fits.next(), fits.next()) {
        (Some((i, _)), None) => Some(i),
        _ => None,
    }
}

/// The document a path names ([`Paths::find`]), else, for a page's address,
/// the one whose front matter routes it there: the paths made ready when a
/// first one is looked up, the routes (`routes`, the files' front matter
/// read: [`route_paths`](super::routes::route_paths)) when a first address
/// no path is.
pub(crate) struct PageFinder<'a> {
    paths: &'a [String],
    routes: &'a dyn Fn() -> Vec<(String, usize)>,
    by_path: OnceCell<Paths>,
    by_route: OnceCell<Paths>,
}

impl<'a> PageFinder<'a> {
    pub fn new(paths: &'a [String], routes: &'a dyn Fn() -> Vec<(String, usize)>) -> Self {
        PageFinder {
            paths,
            routes,
            by_path: OnceCell::new(),
            by_route: OnceCell::new(),
        }
    }

    /// The document `wanted` names, if any.
    pub fn find(&self, wanted: &str) -> Option<usize> {
        let by_path = self.by_path.get_or_init(|| Paths::new(self.paths));
        by_path.find(wanted).or_else(|| {
            // A Markdown file's path is no page's address.
            (!is_markdown_name(wanted)).then(|| {
                let by_route = (self.by_route)
                    .get_or_init(|| Paths::with_routes(self.paths, &(self.routes)()));
                by_route.find(wanted)
            })?
        })
    }
}

/// The paths of a call's documents, made ready for [`Paths::find`]'s lookups:
/// many links are looked up at the cost of a few paths each.
pub(crate) struct Paths {
    /// Each path's components, then each route's (a path a page's front
    /// matter sets).
    all: Vec<Vec<String>>,
    /// The document each route names, by position after the paths.
    routed: Vec<usize>,
    /// Each path's components lowercase, and as [`bare_part`] reads them
    /// (a folder's leading `_` dropped), for lookups that ignore case (and
    /// prefixes).
    /// (`None`: as written, as most are.)
    folded: Vec<Option<Vec<String>>>,
    bare: Vec<Option<Vec<String>>>,
    /// The paths by their file name, lowercase and without a numeric
    /// ordering prefix, in input order (and among many of a name, by
    /// their folders).
    by_name: HashMap<String, Named>,
    /// Every component of every path, lowercase, as written and without a
    /// numeric ordering prefix: made when a site's base is first looked for.
    known: OnceLock<HashSet<String>>,
    /// Every input's path, lowercase: made when a first link is looked
    /// for in several trees.
    every: OnceLock<HashSet<String>>,
    /// How many trees (the top's and each language's) hold each document's
    /// path within its tree, lowercase: made when a first suggestion is
    /// looked for.
    held: OnceLock<HashMap<String, u32>>,
    /// How many leading components every document's path shares (the
    /// folder they are all in): made when a first address is looked up.
    root: OnceLock<usize>,
}

impl Paths {
    /// The paths made ready.
    pub fn new(paths: &[String]) -> Paths {
        Paths::with_routes(paths, &[])
    }

    /// The paths made ready, and the routes that name documents among them
    /// (found after every path: [`route_paths`](super::routes::route_paths)).
    pub fn with_routes(paths: &[String], routes: &[(String, usize)]) -> Paths {
        let all: Vec<Vec<String>> = (paths.iter())
            .chain(routes.iter().map(|(path, _)| path))
            .map(|p| served_components(p))
            .collect();
        let routed = routes.iter().map(|&(_, doc)| doc).collect();
        let lower = |p: &String| p.is_ascii() && !p.bytes().any(|b| b.is_ascii_uppercase());
        let bare = |p: &String| lower(p) && unnumbered(p) == p && !p.contains(' ');
        let folded = (all.iter())
            .map(|parts: &Vec<String>| {
                (!parts.iter().all(lower)).then(|| parts.iter().map(|p| p.to_lowercase()).collect())
            })
            .collect();
        let bare = (all.iter())
            .map(|parts: &Vec<String>| {
                let folders = parts.len().saturating_sub(1);
                let collection = parts[..folders].iter().any(|p| p.starts_with('_'));
                (collection || !parts.iter().all(bare)).then(|| {
                    let folder = |p: &String| bare_part(p.strip_prefix('_').unwrap_or(p));
                    let name = parts[folders..].iter().map(|p| bare_part(p));
                    parts[..folders].iter().map(folder).chain(name).collect()
                })
            })
            .collect();
        let mut by_name: HashMap<String, Named> = HashMap::new();
        for (i, parts) in all.iter().enumerate() {
            if let Some(last) = parts.last() {
                by_name.entry(name_key(last)).or_default().push(i);
            }
        }
        Paths {
            all,
            routed,
            folded,
            bare,
            by_name,
            known: OnceLock::new(),
            every: OnceLock::new(),
            held: OnceLock::new(),
            root: OnceLock::new(),
        }
    }

    /// Path `i`'s components lowercase.
    fn folded(&self, i: usize) -> &[String] {
        self.folded[i].as_deref().unwrap_or(&self.all[i])
    }

    /// Path `i`'s components as [`bare_part`] reads them.
    fn bare(&self, i: usize) -> &[String] {
        self.bare[i].as_deref().unwrap_or(&self.all[i])
    }

    /// How many leading components every document's path shares: the
    /// folder they are all in, a site's root.
    fn shared(&self) -> usize {
        *self.root.get_or_init(|| {
            let docs = &self.all[..self.paths()];
            let first = docs
                .first()
                .map_or(&[][..], |p| &p[..p.len().saturating_sub(1)]);
            (docs.iter()).fold(first.len(), |n, p| {
                let shared = first.iter().zip(p).take_while(|(a, b)| a == b).count();
                n.min(shared).min(p.len().saturating_sub(1))
            })
        })
    }

    /// Every component of every path below the folder they are all in,
    /// lowercase (and without its numeric ordering prefix).
    fn known(&self) -> &HashSet<String> {
        self.known.get_or_init(|| {
            let mut known = HashSet::new();
            // Most components recur (a folder's name in each of its paths):
            // each is copied once.
            let mut add = |part: &str| {
                let part = lowercase(part);
                if !known.contains(part.as_ref()) {
                    known.insert(part.into_owned());
                }
            };
            // The folders the inputs were named by are no site's (`otel/` of
            // `otel/content/…`): how the call names them changes nothing.
            let shared = self.shared();
            for part in self.all[..self.paths()].iter().flat_map(|p| &p[shared..]) {
                add(part);
                add(unnumbered(part));
            }
            known
        })
    }

    /// Which document a link's path names (docs/links.md, "Following
    /// links"): for each of its spellings in turn (as typed, then a site
    /// page's Markdown sources: `build.html` → `build.md`), the one whose
    /// path is that, else the first whose path ends with it, comparing
    /// `/`-separated components with `.` and `..` folded; then the same
    /// ignoring case. The root (`/`) is the top folder's index page.
    pub fn find(&self, wanted: &str) -> Option<usize> {
        self.find_from(wanted, None).0
    }

    /// [`Paths::find`] for a link written in a page in folder `from` (its
    /// components): where pages in several folders end with the address
    /// (a site's languages or versions, `de/…` and `en/…`), the one in a
    /// folder holding the linking page, and none where the linking page is
    /// in a tree parallel to theirs ([`Paths::in_tree`]). With whether the
    /// answer depended on `from`.
    pub fn find_from(&self, wanted: &str, from: Option<&[String]>) -> (Option<usize>, bool) {
        let depends = Cell::new(false);
        let found = if is_root(wanted) {
            self.root()
        } else {
            let spellings = link_spellings(wanted);
            let find = |routes: bool| {
                (spellings.iter())
                    .find_map(|spelling| self.find_spelling(spelling, routes, from, &depends))
            };
            // A path that is a spelling exactly beats one that ends with an
            // earlier spelling (`/blog` is `blog/_index.md`, not
            // `docs/contributing/blog.md`); a route is looked for where no
            // path is the address, and a Markdown file's path is no page's
            // address.
            let exact = (spellings.iter()).find_map(|spelling| self.find_exact(spelling));
            exact.or_else(|| find(false)).or_else(|| {
                let routed = !self.routed.is_empty() && !is_markdown_name(wanted);
                routed.then(|| find(true)).flatten()
            })
        };
        // A route names its document.
        let found = found.map(|i| i.checked_sub(self.paths()).map_or(i, |r| self.routed[r]));
        (found, depends.get())
    }

    /// The path that is `wanted` from the folder every document is in (a
    /// site's root), if one is.
    fn find_exact(&self, wanted: &str) -> Option<usize> {
        if !self.may_name(wanted) {
            return None;
        }
        let wanted = components(wanted);
        let named = self.by_name.get(&name_key(wanted.last()?))?;
        let candidates = self.under(named, &wanted);
        let root = self.shared();
        (candidates.iter().copied())
            .find(|&i| i < self.paths() && self.all[i].get(root..) == Some(&wanted[..]))
    }

    /// Whether some path has the file name `wanted` ends with, looked at
    /// before its components are made: most spellings of an address
    /// (`x/index.md`, `x.mdx`) name no file. (A path ending with `..`
    /// is named by a component above, and is read whole.)
    fn may_name(&self, wanted: &str) -> bool {
        match parts(wanted).rev().find(|p| !matches!(*p, "" | ".")) {
            Some("..") => true,
            Some(last) => self.by_name.contains_key(&name_key(last)),
            None => false,
        }
    }

    /// The paths of a name that may end with `address` (its components):
    /// those in the folder it names above the name ([`Named::under`]).
    fn under<'n>(&self, named: &'n Named, address: &[String]) -> &'n [usize] {
        named.under(folder_of(address), |i| folder_of(&self.all[i]))
    }

    /// Whether a site address is under a folder named `tags` or
    /// `categories`, its last component or the one before, that no input
    /// is in: a page listing a taxonomy's terms, which the site builds.
    pub fn is_taxonomy(&self, wanted: &str) -> bool {
        let parts = components(wanted);
        let term = parts.len().saturating_sub(2);
        (parts[term..].iter()).any(|c| {
            let c = c.to_lowercase();
            matches!(c.as_str(), "tags" | "categories") && !self.known().contains(&c)
        })
    }

    /// The document a route names `wanted`, as [`Paths::find`] finds one
    /// where no path is it.
    pub fn find_routed(&self, wanted: &str) -> Option<usize> {
        let spellings = link_spellings(wanted);
        let unread = Cell::new(false);
        let found = (spellings.iter())
            .find_map(|spelling| self.find_spelling(spelling, true, None, &unread))?;
        Some(self.routed[found.checked_sub(self.paths())?])
    }

    /// How many of the entries are paths (the routes follow them).
    fn paths(&self) -> usize {
        self.all.len() - self.routed.len()
    }

    /// A site's root page (`/`): an index page in the inputs' top folder
    /// (where the paths with the fewest components are), never one further
    /// down, which any index would end with.
    fn root(&self) -> Option<usize> {
        let top = self.all[..self.paths()].iter().map(Vec::len).min()?;
        link_spellings("/").iter().find_map(|spelling| {
            let name = components(spelling).pop()?;
            let folded = Some(name.to_lowercase());
            let candidates = self.by_name.get(&name_key(&name))?;
            (candidates.all().iter().copied())
                .find(|&i| self.all[i].len() == top && self.folded(i).last() == folded.as_ref())
        })
    }

    /// [`Paths::find`] for one spelling: the path that is it, else the first
    /// that ends with it, then the same ignoring case; then the same with
    /// each component's numeric ordering prefix ignored (Nuxt Content's
    /// `1.getting-started/2.installation.md` is served as
    /// `/getting-started/installation`); then, for a site's page address,
    /// with leading components that no input has passed over (a base such as
    /// `/docs/4.x/`). With `routes`, the same among the routes only, none
    /// passed over: passing over a route's own components (a date, say)
    /// would land on another page of the same name.
    fn find_spelling(
        &self,
        wanted: &str,
        routes: bool,
        from: Option<&[String]>,
        depends: &Cell<bool>,
    ) -> Option<usize> {
        if !self.may_name(wanted) {
            return None;
        }
        let wanted = components(wanted);
        let last = wanted.last()?;
        // Every path these rules can match has the same file name, folded.
        let candidates = self.by_name.get(&name_key(last))?;
        let paths = self.paths();
        let lower: Vec<String> = wanted.iter().map(|c| c.to_lowercase()).collect();
        // Against the bare paths: a space as the paths have it, `-`.
        let bare: Vec<String> = lower.iter().map(|c| c.replace(' ', "-")).collect();
        // The paths that are the address from component `k` on: that end
        // with it, or, past a base (`k > 0`), that are it from the site's
        // root or end with it below a folder the base names.
        let find = |k: usize| {
            let (base, wanted, lower, bare) = (&bare[..k], &wanted[k..], &lower[k..], &bare[k..]);
            let root = self.shared();
            // (No other path ends with the address in any case.)
            let narrowed = self.under(candidates, wanted);
            let is = |i: usize, parts: &[String], address: &[String]| {
                let Some(above) = parts.len().checked_sub(address.len()) else {
                    return false;
                };
                // Past a base, a page in the folder the base names last
                // before it (`/2019/08/09/post/` in `2019/`), not in a folder
                // the address does not name (`/guide/env/x` is not
                // `guide/environment/x`).
                // A folder the address does not name may stand where the base's
                // unknown component is where another tree there has the page
                // too (a version: `/docs/k6/<VERSION>/x` in `k6/next/x`).
                let bare = self.bare(i);
                let mirrored = || {
                    (candidates.all().iter()).any(|&j| {
                        let theirs = self.bare(j);
                        j != i
                            && theirs.len() == bare.len()
                            && theirs[above..] == bare[above..]
                            && theirs[..above - 1] == bare[..above - 1]
                    })
                };
                parts.ends_with(address)
                    && (k == 0
                        || above == root
                        || (above > root && base.contains(&bare[above - 1]))
                        || (above > root + 1 && base.contains(&bare[above - 2]) && mirrored()))
            };
            let among = |i: &usize| (*i < paths) != routes;
            let first = |test: &dyn Fn(usize) -> bool| {
                let mut found = (narrowed.iter().copied()).filter(|i| among(i) && test(*i));
                let first = found.next()?;
                match from.filter(|_| k == 0) {
                    Some(from) => self.in_tree(first, found, wanted.len(), from, depends),
                    None => Some(first),
                }
            };
            first(&|i| self.all[i] == wanted)
                .or_else(|| first(&|i| is(i, &self.all[i], wanted)))
                .or_else(|| first(&|i| is(i, self.folded(i), lower)))
                .or_else(|| first(&|i| is(i, self.bare(i), bare)))
        };
        if let Some(i) = find(0) {
            return Some(i);
        }
        if routes {
            return None;
        }
        // A base: leading components, one of which no input has.
        let known = |c: &String| self.known().contains(&c.to_lowercase());
        // The page itself (and a folder's index page under it) is never passed
        // over: a missing page is no base.
        let index_page = is_index_name(last);
        let page = wanted.len() - 1 - usize::from(index_page && wanted.len() > 1);
        let first_unknown = wanted
            .iter()
            .position(|c| !known(c))
            .filter(|&u| u < page)?;
        // A base ends with a component no input has. What follows it is a
        // page's path from the site's root, or from a folder the base names
        // (`/2019/08/09/post/` is `blog/2019/0809-post/index.md`): a path
        // found below another folder is another page (`/guide/x/y` where
        // `guide/` was renamed `guides/`).
        (first_unknown + 1..=page)
            .filter(|&k| !known(&wanted[k - 1]))
            .find_map(find)
    }
}

/// The folder above the name of a path's `components`, if it has one.
fn folder_of(components: &[String]) -> Option<&str> {
    let at = components.len().checked_sub(2)?;
    Some(&components[at])
}

/// Whether a site address is the site's root (`/`, `/./`): no component.
pub(super) fn is_root(address: &str) -> bool {
    address.starts_with('/') && components(address).is_empty()
}

/// A file name as [`Paths`] files it: as [`bare_part`] reads it.
fn name_key(name: &str) -> String {
    bare_part(name)
}

/// A path component as a site's address spells it: lowercase, without a
/// numeric ordering prefix, a space as `-` (Hugo serves `Kustomization
/// File/` at `kustomization-file/`). A folder's leading `_` is dropped
/// too ([`Paths::with_routes`]): Jekyll serves a collection's `_tutorials/`
/// at `/tutorials/`.
fn bare_part(part: &str) -> String {
    let lower = unnumbered(part).to_lowercase();
    match lower.contains(' ') {
        true => lower.replace(' ', "-"),
        false => lower,
    }
}

/// A path component without its numeric ordering prefix, as Nuxt Content
/// and Docusaurus read one: digits, then `-`, `_` or `.` (spaces around
/// them allowed), then the name (`2.installation.md` → `installation.md`,
/// `50-configuration.md` → `configuration.md`, `01 - Intro` → `Intro`).
/// Digits and a separator before more digits are a version or a date, not
/// a prefix (`1.0-guide`, `2021-01-31-post.md`); others as they are.
pub(super) fn unnumbered(part: &str) -> &str {
    let digits = part.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &part[digits..];
    let spaced = rest.trim_start();
    let name = spaced.trim_start_matches(['-', '_', '.']);
    let separated = name.len() < spaced.len();
    let dated = (rest.bytes().next()).is_some_and(|b| matches!(b, b'-' | b'_' | b'.'))
        && rest.as_bytes().get(1).is_some_and(u8::is_ascii_digit);
    let name = name.trim_start();
    match digits > 0 && separated && !dated && !name.is_empty() {
        true => name,
        false => part,
    }
}

/// A path's [`components`] joined by `/`: the path itself where it is
/// written so already (most are), else a copy.
pub(super) fn components_joined(path: &str) -> Cow<'_, str> {
    // (Byte by byte: a pattern searcher costs tens of instructions a byte.)
    let bytes = path.as_bytes();
    let plain = !bytes.contains(&b'\\')
        && (bytes.split(|&b| b == b'/')).all(|p| !matches!(p, b"" | b"." | b".."));
    match plain {
        true => Cow::Borrowed(path),
        false => Cow::Owned(components(path).join("/")),
    }
}

/// `text` in lowercase, not copied where it is so already.
pub(super) fn lowercase(text: &str) -> Cow<'_, str> {
    match text.is_ascii() && !text.bytes().any(|b| b.is_ascii_uppercase()) {
        true => Cow::Borrowed(text),
        false => Cow::Owned(text.to_lowercase()),
    }
}

/// How many [`components`] a path has, counted without making them.
pub(super) fn depth(path: &str) -> usize {
    // `..` is kept only ahead of every other component.
    let (mut depth, mut ups) = (0, 0);
    for part in parts(path) {
        match part {
            "" | "." => {}
            ".." if depth > ups => depth -= 1,
            ".." => (depth, ups) = (depth + 1, ups + 1),
            _ => depth += 1,
        }
    }
    depth
}

/// A page's path as its site serves it: its [`components`], but for a
/// folder group (Next.js' and Fumadocs' `(guides)/`), which names no
/// part of the address.
fn served_components(path: &str) -> Vec<String> {
    let mut parts = components(path);
    let folders = parts.len().saturating_sub(1);
    let group = |p: &String| p.len() > 2 && p.starts_with('(') && p.ends_with(')');
    if parts[..folders].iter().any(group) {
        let name = parts.pop();
        parts.retain(|p| !group(p));
        parts.extend(name);
    }
    parts
}

/// A path's components, `/` or `\` separated, `.` dropped and `..` folded.
pub(super) fn components(path: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in parts(path) {
        match part {
            "" | "." => {}
            ".." => {
                if out.last().is_some_and(|p| p != "..") {
                    out.pop();
                } else {
                    out.push("..".to_owned());
                }
            }
            _ => out.push(part.to_owned()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_looked_at_as_the_components_end_with_it() {
        let paths: Vec<String> = [
            "docs/guide/setup.md",
            "docs/a/_index.md",
            "docs/01-intro.md",
        ]
        .map(str::to_owned)
        .into();
        let found = Paths::new(&paths);
        let wanted = [
            "setup.md",
            "/guide/setup.md/",
            "guide/./setup.md/.",
            "guide/SETUP.md",
            "b/_index.md",
            "intro.md",
            "x/setup.md/..",
            "setup.md/../a/_index.md",
            "setup.md/x/../..",
            "..",
            "../..",
            "./",
            "",
            "/",
            "guide\\setup.md",
            "guide/setups.md",
        ];
        for wanted in wanted {
            let named = (components(wanted).last())
                .is_some_and(|last| found.by_name.contains_key(&name_key(last)));
            // (A path ending with `..` is read whole.)
            let whole = parts(wanted).rev().find(|p| !matches!(*p, "" | ".")) == Some("..");
            assert_eq!(found.may_name(wanted), named || whole, "{wanted}");
        }
        assert!(found.may_name("/Guide/Setup.md"));
        assert!(!found.may_name("guide/index.md"));
    }
}
