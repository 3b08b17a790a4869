//! The page a missing one most likely meant (docs/links.md): the input
//! whose name is nearest by its letters or its words
//! ([`crate::fuzzy::name_similarity`]), among those as near the one in more
//! of the folders the link names.

use super::targets::{Exact, Targets};
use crate::fuzzy::{Bag, WordList, WordShape, Words, name_likeness};
use crate::paths::parts;

/// Each input's name ([`named_stem`]; without the language its file's
/// name carries, if any), lowercase, its length in characters and its
/// words' shape (of the name as written: `JestCLI`).
pub(super) struct PageNames {
    names: Vec<Name>,
}

/// One input's name as [`PageNames`] compares it.
struct Name {
    /// Lowercase, and its length in characters.
    lower: String,
    len: usize,
    /// Its words (of the name as written), and their shape.
    words: WordList,
    shape: WordShape,
    /// Its letters counted, for the bound that passes most names by.
    bag: Bag,
}

impl PageNames {
    /// The names of `pages`, whose file names carry `languages`.
    pub fn new(pages: &[Targets], languages: &[Option<&str>]) -> PageNames {
        let names = (pages.iter().zip(languages))
            .map(|(p, language)| {
                let written = named_stem(&p.path, *language);
                let lower = written.to_lowercase();
                let (words, shape) = WordList::with_shape(written);
                Name {
                    len: lower.chars().count(),
                    bag: Bag::of(&lower),
                    shape,
                    words,
                    lower,
                }
            })
            .collect();
        PageNames { names }
    }

    /// The inputs `among` whose names ([`named_stem`]) are nearest to
    /// `name` (a path's [`named_stem`]), all as near, in input order; none
    /// if none is near.
    pub fn nearest(&self, name: &str, among: &dyn Fn(usize) -> bool) -> Vec<usize> {
        let wanted = name.to_lowercase();
        if wanted.is_empty() {
            return Vec::new();
        }
        let chars: Vec<char> = wanted.chars().collect();
        let len = chars.len();
        let wanted_words = Words::of(name);
        let bag = Bag::of(&wanted);
        // The most each name can be, from its length, its letters and its
        // words' shape alone (with room for rounding: a name as near still
        // ties); the names that may be near, most first.
        let mut order: Vec<(f32, usize)> = (self.names.iter().enumerate())
            .filter_map(|(i, name)| {
                let longest = len.max(name.len);
                let words = wanted_words.bound_listed(&name.words, name.shape);
                let most = |fewest: usize| {
                    let letters = 1.0 - fewest as f32 / longest as f32;
                    name_likeness(letters, words) + 1e-3
                };
                // (The lengths alone pass most names by before their
                // letters are counted against each other.)
                let apart = len.abs_diff(name.len);
                if most(apart) < NEAR {
                    return None;
                }
                let most = most(apart.max(bag.distance(&name.bag)));
                (most >= NEAR && among(i)).then_some((most, i))
            })
            .collect();
        order.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        // The best nearness so far, and the names that have it.
        let mut best: (f32, Vec<usize>) = (NEAR, Vec::new());
        let mut name_chars = Vec::new();
        for (most, i) in order {
            let needed = best.0;
            if most < needed {
                break;
            }
            let name = &self.names[i];
            let longest = len.max(name.len);
            let words = wanted_words.alike_listed(&name.words, name.shape);
            // The edits a name may be apart from `wanted` and still be as
            // near as the best so far, as `fuzzy::name_similarity` weighs them.
            let alike = |edits: usize| 1.0 - edits as f32 / longest as f32;
            let near = |edits: usize| name_likeness(alike(edits), words);
            let Some(within) = (0..=longest).rev().find(|&e| near(e) >= needed) else {
                continue;
            };
            name_chars.clear();
            name_chars.extend(name.lower.chars());
            let Some(edits) = crate::fuzzy::distance_within(&chars, &name_chars, within) else {
                continue;
            };
            match near(edits) {
                score if score > best.0 || best.1.is_empty() => best = (score, vec![i]),
                score if score == best.0 => best.1.push(i),
                _ => {}
            }
        }
        // In input order.
        best.1.sort_unstable();
        best.1
    }
}

/// Of pages as near ([`PageNames::nearest`]), of those with the link's
/// `anchor` if any has it (a page moved, a stub left with its name), the
/// one in more of the folders `path` names (the first of those): a page
/// moved keeps some of them (`users/Releases.mdx` is now
/// `users/policies/Releases.mdx`, not `maintenance/Releases.mdx`).
pub(super) fn in_folders(
    pages: &[Targets],
    near: &[usize],
    path: &str,
    anchor: Option<&str>,
) -> Option<usize> {
    let anchored: Vec<usize> = match (anchor, near.len()) {
        (Some(anchor), 2..) => (near.iter().copied())
            .filter(|&doc| pages[doc].find(anchor, Exact::Loose).is_some())
            .collect(),
        _ => Vec::new(),
    };
    let near = if anchored.is_empty() { near } else { &anchored };
    let folders: Vec<&str> = path.split(['/', '\\']).rev().skip(1).collect();
    let shared = |doc: &usize| {
        let theirs = pages[*doc].path.split(['/', '\\']).rev().skip(1);
        theirs
            .filter(|f| folders.iter().any(|w| w.eq_ignore_ascii_case(f)))
            .count()
    };
    // The first of the most: `max_by_key` keeps the last.
    near.iter().rev().max_by_key(|d| shared(d)).copied()
}

/// How alike two file names must be for one to be suggested for the other.
const NEAR: f32 = 0.7;

/// A path's last component without a page's extension (Markdown's, `.html`,
/// `.htm`); a name such as `expr.closure` or `announcing-linkerd-2.3` keeps
/// what follows its dot.
pub(super) fn stem(path: &str) -> &str {
    let file = parts(path).next_back().unwrap_or(path);
    match file.rsplit_once('.') {
        Some((stem, ext)) if is_page(file) && !ext.is_empty() => stem,
        _ => file,
    }
}

/// The name a path's page goes by: its file's [`stem`] without the
/// `language` its name carries (`api.ja.mdx`: `api`), or for an index page
/// (`guide/index.md`, `nomicon/index.html`) its folder's name.
pub(super) fn named_stem<'p>(path: &'p str, language: Option<&str>) -> &'p str {
    let name = stem(path);
    let name = match language {
        Some(language) => name
            .strip_suffix(language)
            .and_then(|n| n.strip_suffix('.'))
            .unwrap_or(name),
        None => name,
    };
    let folder = parts(path)
        .nth_back(1)
        .filter(|f| !matches!(*f, "" | "." | ".."));
    match folder {
        Some(folder) if crate::paths::is_index_name(name) => folder,
        _ => name,
    }
}

/// Whether a path from a site's root names a page (no extension, `.html`,
/// `.htm`, a Markdown extension, or a folder), not a file the site serves
/// as it is (`/img/logo.png`).
pub(super) fn is_page(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    match name.rsplit_once('.') {
        None => true,
        Some((_, ext)) => {
            ["html", "htm"].iter().any(|e| ext.eq_ignore_ascii_case(e))
                || crate::paths::is_markdown_name(name)
        }
    }
}
