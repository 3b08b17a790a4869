//! What one document offers the links that land on it (docs/links.md,
//! "Links both ways"): kept for every document of a listing once its tree is
//! dropped, its anchors made only when a first fragment lands on it.

use std::sync::{LazyLock, OnceLock};

use memchr::memmem::Finder;

use super::anchors::{
    AnchorLookup, AnchorOrder, NEAREST_AMONG_ALL, Shape, nearest_anchor, shapes_of,
};
use super::routes::{Moves, routes_of};
use super::syntax::Target;
use crate::tree::{
    Anchors, BlockKind, Document, Kind, Written, anchors_of, front_matter_values, heading_ids,
    placed_ids, starts_a_line,
};

/// What one document offers the links that land on it: its path and name,
/// its headings' anchors and their selectors, and its HTML ids.
#[derive(Clone, Debug)]
pub(crate) struct Targets {
    pub path: String,
    pub namespace: String,
    /// The addresses its front matter sets, each with whether the page is
    /// served there in place of its file's address ([`routes_of`]).
    pub routes: Vec<(String, Moves)>,
    /// Each heading's anchors, made when a first link with a fragment lands
    /// here from its explicit ids (taken from the text as it was read) and
    /// its title: most pages are named by no fragment.
    anchors: OnceLock<Vec<Anchors>>,
    heading_ids: Vec<(Vec<String>, bool)>,
    titles: Vec<String>,
    /// Each heading's section selector (`h2.3`: its type and ordinal),
    /// parallel to `anchors`.
    sections: Vec<(&'static str, u32)>,
    /// Each HTML id, with the section it is written in (`None`: before the
    /// first heading).
    ids: Vec<(String, Option<usize>)>,
    /// Each MyST label (`(name)=`), with the section it names: the one its
    /// heading opens, or the one it is written in.
    pub labels: Vec<(String, Option<usize>)>,
    /// The files it includes, as written (VitePress' `<!--@include: ./x.md-->`):
    /// their headings are the page's too.
    pub includes: Vec<String>,
    /// The headings by name, made when a first link with a fragment lands
    /// here: a page many links land on is not read heading by heading for each.
    lookup: OnceLock<AnchorLookup>,
    /// The headings as GitBook names them ([`AnchorLookup::gitbook`]), made
    /// when a first link lands here on a GitBook space.
    gitbook: OnceLock<AnchorLookup>,
    /// The anchors in order, made when a first broken fragment names a page
    /// too large to read whole for each.
    order: OnceLock<AnchorOrder>,
    /// The anchors' shapes, made when a first broken fragment names the page.
    shapes: OnceLock<Vec<Shape>>,
}

/// How a fragment names a heading ([`Targets::find`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exact {
    /// As written, in another case, or loosely (letters and digits).
    Loose,
    /// As written: a heading's slug or id, as a browser finds it.
    AsWritten,
    /// As a GitBook space names its headings: one with an id of its own by
    /// that id only, as written; another as [`Exact::Loose`] finds it.
    GitBook,
}

impl Targets {
    /// What `doc` offers, given the HTML ids its text holds (with their
    /// byte offsets); the document's anchors and titles are moved, not copied.
    pub fn of(doc: Document, written: Written) -> Targets {
        let Written {
            ids,
            headings,
            labels,
            ..
        } = written;
        let (starts, sections): (Vec<usize>, _) = (doc.sections().iter())
            .map(|&id| {
                let node = doc.node(id);
                debug_assert!(matches!(node.kind(), Kind::Section { .. }));
                (
                    node.span().start,
                    (Target::of(node.kind()).name(), node.ordinal()),
                )
            })
            .unzip();
        let text = doc.text();
        let ids = placed_ids(text, &starts, ids, headings);
        let section_at = |at: usize| starts.partition_point(|&s| s <= at).checked_sub(1);
        // A label names what follows it: the section a heading there opens.
        let mut labels: Vec<(String, Option<usize>)> = (labels.into_iter())
            .map(|(label, end)| {
                let next = end + (text[end..].len() - text[end..].trim_start().len());
                (label, section_at(next))
            })
            .collect();
        // mystmd's page label (`label: directives_list` in front matter)
        // names the whole page.
        let front = doc.front().map(|id| &text[doc.node(id).span()]);
        if let Some(front) = front.filter(|front| starts_a_line(front, &["label"])) {
            let named = front_matter_values(front, "label").into_iter();
            labels.extend(named.filter(|l| is_label(l)).map(|l| (l, None)));
        }
        // Anchors made already are kept; else the ids they need of the text.
        let heading_ids = match doc.anchors.get() {
            Some(_) => Vec::new(),
            None => heading_ids(doc.text(), &starts),
        };
        let routes = front.map_or_else(Vec::new, routes_of);
        let includes = includes_of(&doc);
        let Document {
            path,
            namespace,
            anchors,
            titles,
            ..
        } = doc;
        Targets {
            path,
            namespace,
            routes,
            anchors: anchors
                .into_inner()
                .map_or_else(OnceLock::new, OnceLock::from),
            heading_ids,
            titles,
            sections,
            ids,
            labels,
            includes,
            lookup: OnceLock::new(),
            gitbook: OnceLock::new(),
            order: OnceLock::new(),
            shapes: OnceLock::new(),
        }
    }

    /// The anchor nearest to a fragment no heading has.
    pub(super) fn nearest(&self, anchor: &str) -> Option<&str> {
        let anchors = self.anchors();
        let shapes = self.shapes.get_or_init(|| shapes_of(anchors));
        if anchors.len() <= NEAREST_AMONG_ALL {
            return nearest_anchor(anchors, shapes, anchor);
        }
        let order = self.order.get_or_init(|| AnchorOrder::new(anchors));
        order.nearest(anchors, shapes, anchor)
    }

    /// Each heading's anchors.
    fn anchors(&self) -> &[Anchors] {
        (self.anchors).get_or_init(|| anchors_of(self.heading_ids.clone(), &self.titles))
    }

    /// The path as a listing shows it: without a leading `./`, as the
    /// caller can still pass it back.
    pub fn shown_path(&self) -> &str {
        match self.path.strip_prefix("./") {
            Some(rest) if !rest.is_empty() && !rest.starts_with('-') => rest,
            _ => &self.path,
        }
    }

    /// The selector of the document (`None`) or of one of its sections.
    pub fn selector(&self, section: Option<usize>) -> String {
        match section {
            Some(k) => format!("{}.{}", self.sections[k].0, self.sections[k].1),
            None => "*".to_owned(),
        }
    }

    /// The section a fragment names: a heading's anchor, else the section
    /// holding an HTML id that is the fragment (`Some(None)`: one before any
    /// heading), found as `exact` says: loosely, or as a site that matches
    /// ids exactly finds it (a browser's reading, case and all).
    pub(super) fn find(&self, anchor: &str, exact: Exact) -> Option<Option<usize>> {
        let anchors = self.anchors();
        let lookup = self.lookup.get_or_init(|| AnchorLookup::new(anchors));
        let found = match exact {
            Exact::Loose => lookup.find(anchors, &self.titles, anchor),
            Exact::AsWritten => lookup.exact(anchor),
            // A heading with no id of its own is found loosely still: its
            // slug is GitBook's (`id-1.-create-a-vue-3-app`), not GitHub's.
            Exact::GitBook => (self.gitbook)
                .get_or_init(|| AnchorLookup::gitbook(anchors))
                .exact(anchor)
                .or_else(|| {
                    (lookup.find(anchors, &self.titles, anchor))
                        .filter(|&k| anchors[k].ids.is_empty())
                }),
        };
        found.map(Some).or_else(|| {
            self.ids
                .iter()
                .find(|(id, _)| id == anchor)
                .map(|&(_, section)| section)
        })
    }
}

/// The Markdown paths, relative or from the root, the import statements starting on the line
/// at `at` import (`import Part from './_part.mdx'`; several to a line, and
/// the last may end on the next line, as Prettier wraps them).
fn imports_of_line(text: &str, at: usize) -> Vec<&str> {
    let mut lines = text[at..].split('\n');
    let mut statements: Vec<&str> = lines.next().unwrap_or_default().split(';').collect();
    let last = statements.pop().unwrap_or_default();
    let mut found: Vec<&str> = (statements.into_iter())
        .filter_map(|s| imported_path(s.split_whitespace()))
        .collect();
    let end = lines.next().unwrap_or_default().split(';').next();
    let path = imported_path(last.split_whitespace())
        .or_else(|| imported_path(last.split_whitespace().chain(end?.split_whitespace())));
    found.extend(path);
    found
}

/// Whether the import statement starting `text` may name a Markdown file:
/// a `.m` (of `.md`, `.mdx`, `.markdown`, in any case) on its line or the
/// next, which [`imports_of_line`] reads. (Most imports are JavaScript's, in
/// code.)
fn may_import_markdown(text: &[u8]) -> bool {
    let first = memchr::memchr(b'\n', text).map_or(text.len(), |i| i + 1);
    let second = memchr::memchr(b'\n', &text[first..]).map_or(text.len(), |i| first + i);
    text[..second]
        .windows(2)
        .any(|w| w[0] == b'.' && w[1].eq_ignore_ascii_case(&b'm'))
}

/// The relative Markdown path an import statement's words import.
fn imported_path<'t>(mut words: impl Iterator<Item = &'t str>) -> Option<&'t str> {
    if words.next() != Some("import") {
        return None;
    }
    let words: Vec<&str> = words.collect();
    let from = words.iter().rposition(|&w| w == "from")?;
    let path = words.get(from + 1)?;
    let path = path.strip_prefix(['\'', '"'])?.strip_suffix(['\'', '"'])?;
    // Relative, or from the site's root (Mintlify's `/snippets/x.mdx`).
    let relative = path.starts_with("./") || path.starts_with("../") || path.starts_with('/');
    (relative && crate::paths::is_markdown_name(path)).then_some(path)
}

/// The files a page includes: as VitePress reads `<!--@include: path-->`
/// (a line range `{3,}` or a region `#name` after the path left out), as
/// Fumadocs' include tags name them ([`included`]), and as MDX imports a
/// Markdown partial (`import Part from './_part.mdx'` on a line of its own,
/// Docusaurus' way; a path from the page's folder only). None is read in a
/// code block, where a page shows one.
fn includes_of(doc: &Document) -> Vec<String> {
    // (Each search made once, and the three ways of writing an include
    // found by one: a doc set's every page is read for them.)
    static FIND: LazyLock<[Finder<'static>; 2]> =
        LazyLock::new(|| [Finder::new("include"), Finder::new("import")]);
    let text = doc.text();
    // An import statement starts a line; a line may hold several, and one
    // may go on to the next line (as Prettier wraps them).
    let imported = (FIND[1].find_iter(text.as_bytes()))
        .filter(|&at| at == 0 || text.as_bytes()[at - 1] == b'\n')
        .filter(|&at| may_import_markdown(&text.as_bytes()[at..]))
        .flat_map(|at| imports_of_line(text, at).into_iter().map(move |p| (at, p)));
    let mut found: Vec<(usize, &str)> = imported.collect();
    found.extend(
        FIND[0]
            .find_iter(text.as_bytes())
            .filter_map(|at| included(text, at)),
    );
    // In order, for the nodes holding them to be found from the last.
    found.sort_by_key(|&(at, _)| at);
    let mut holders = doc.holders();
    (found.into_iter())
        .filter(|&(at, _)| doc.node(holders.of(at)).kind() != Kind::Block(BlockKind::Code))
        .map(|(_, path)| path.to_owned())
        .collect()
}

/// The file an `include` at `at` names, with where its mark starts: as
/// VitePress reads `<!--@include: path-->`, or as Fumadocs reads its tag,
/// `<include>./part.mdx</include>`, and its directive,
/// `::include[./part.mdx]`, each from the page's folder. A tag's or a
/// directive's section (`#id`) is left aside, and one with `cwd` names a
/// path from where the site is built, not looked for.
fn included(text: &str, at: usize) -> Option<(usize, &str)> {
    let before = &text.as_bytes()[..at];
    let after = &text[at + "include".len()..];
    if before.ends_with(b"<!--@") {
        let rest = after.strip_prefix(':')?;
        let path = &rest[..rest.find("-->")?];
        let path = path.split(['{', '#']).next().unwrap_or(path).trim();
        return (!path.is_empty()).then_some((at - "<!--@".len(), path));
    }
    let (start, path) = if before.ends_with(b"<") {
        let (attributes, rest) = after.split_once('>')?;
        let plain = attributes.is_empty() || attributes.starts_with(char::is_whitespace);
        let from_cwd = attributes
            .split_whitespace()
            .any(|a| a == "cwd" || a.starts_with("cwd="));
        (plain && !from_cwd && !attributes.ends_with('/')).then_some(())?;
        (at - 1, &rest[..rest.find("</include>")?])
    } else if before.ends_with(b"::") {
        let (path, rest) = after.strip_prefix('[')?.split_once(']')?;
        let from_cwd = rest.starts_with('{') && rest[..rest.find('}')?].contains("cwd");
        (!from_cwd).then_some((at - 2, path))?
    } else {
        return None;
    };
    let path = path.split('#').next().unwrap_or(path).trim();
    (!path.is_empty() && !path.contains('\n')).then_some((start, path))
}

/// Whether a front matter value may be a label: a name a fragment can be
/// (no white space), not a sidebar's title.
fn is_label(value: &str) -> bool {
    !value.is_empty() && !value.contains(char::is_whitespace)
}

#[cfg(test)]
mod tests {
    use super::may_import_markdown;

    #[test]
    fn only_an_import_naming_a_markdown_file_is_read() {
        for text in [
            "import Part from './_part.mdx'\n",
            "import Tabs from '@theme/Tabs'; import\nKotlin from './_kotlin.MD';\n",
            "import A from \"../a.markdown\"",
        ] {
            assert!(may_import_markdown(text.as_bytes()), "{text:?}");
        }
        for text in [
            "import http from 'k6/http';\n",
            "import { check } from 'k6';\nexport default function () {}\n\n./x.md\n",
        ] {
            assert!(!may_import_markdown(text.as_bytes()), "{text:?}");
        }
    }
}
