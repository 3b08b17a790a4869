//! Which of the pages in several trees (a site's languages or versions,
//! `de/…` and `en/4x/…`) that end with a site address a link means
//! (docs/links.md, "Following links").

use std::cell::Cell;

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use super::{Paths, lowercase};
use crate::paths::is_markdown_name;

impl Paths {
    /// Of the paths `first`, then `rest`, that end with an address of
    /// `len` components, the one meant by a link in a page in folder `from`
    /// (its components), the first of:
    /// - none, where the linking page is in a language's folder and every
    ///   tree is another language's folder beside it;
    /// - `first`, where all are in one tree (a `docs/` folder linked from
    ///   outside it) but a translation's (a language's folder at the top);
    /// - the one that is the address from the site's top folder (in another
    ///   case);
    /// - none, where the trees mirror the top folder: it holds the site's
    ///   default language, which an address without a language names;
    /// - the one in the deepest tree holding the linking page;
    /// - none, where a tree mirrors a folder holding the linking page (its
    ///   own tree, parallel to theirs, lacks the page);
    /// - `first`.
    ///
    /// The answer `depends` on `from` where it may differ with it.
    pub(super) fn in_tree(
        &self,
        first: usize,
        rest: impl Iterator<Item = usize>,
        len: usize,
        from: &[String],
        depends: &Cell<bool>,
    ) -> Option<usize> {
        let tree = |i: usize| &self.all[i][..self.all[i].len() - len];
        let holds = |i: usize| from.starts_with(tree(i));
        let mut found = vec![first];
        found.extend(rest.filter(|&i| tree(i) != tree(first)));
        // One tree: its page, unless the tree is a translation's (a language
        // folder at the top), which serves none of the default language's.
        let top = self.shared();
        let translated = |i: usize| match &tree(i)[top.min(tree(i).len())..] {
            [language] => is_language(language),
            _ => false,
        };
        // A page in a language's folder means its own language's page (Nextra's
        // `content/en/` beside `content/ru/`): where every tree found is
        // another language's folder beside it, its own lacks the page.
        let beside = |i: usize| match tree(i).split_last() {
            Some((language, parent)) => {
                is_language(language)
                    && from.starts_with(parent)
                    && (from.get(parent.len()))
                        .is_some_and(|own| is_language(own) && own != language)
            }
            None => false,
        };
        let languages = |i: usize| tree(i).last().is_some_and(|last| is_language(last));
        if found.iter().any(|&i| languages(i)) {
            depends.set(true);
            if found.iter().all(|&i| beside(i)) {
                return None;
            }
        }
        if found.len() == 1 && !translated(first) {
            return Some(first);
        }
        // A path that is the address from the site's root is it, whatever
        // its case.
        if let Some(&i) = found.iter().find(|&&i| tree(i).len() == top) {
            return Some(i);
        }
        // Whether a tree mirrors one of `indexes`' folders.
        let mirrored = |indexes: Vec<String>| {
            (found.iter()).any(|&i| {
                let tree = tree(i).join("/");
                (indexes.iter()).any(|index| self.is_path(&format!("{tree}/{index}")))
            })
        };
        // The top folder is a tree itself (a site's default language) where
        // the others mirror it: an address written without a tree is its.
        if mirrored(self.indexes_above(&from[..top.min(from.len())])) {
            return None;
        }
        depends.set(true);
        let held = (found.iter().copied().filter(|&i| holds(i))).max_by_key(|&i| tree(i).len());
        held.or_else(|| (!mirrored(self.indexes_above(from))).then_some(first))
    }

    /// Whether document `doc` is another language's copy of a page, to
    /// suggest for a link in document `from`: in a language's folder at the
    /// top that `from` is not in, where another tree holds the same page
    /// (a site's translations mirror its pages; `api/` and `cli/` hold pages
    /// of their own).
    pub(crate) fn is_translation_for(&self, doc: usize, from: usize) -> bool {
        let top = self.shared();
        let language = |i: usize| self.language_folder(i);
        let within = |i: usize| {
            let parts = self.folded(i);
            let skip = top + usize::from(language(i).is_some());
            parts[skip.min(parts.len())..].join("/")
        };
        let held = self.held.get_or_init(|| {
            let mut held = HashMap::with_capacity(self.paths());
            for i in 0..self.paths() {
                *held.entry(within(i)).or_default() += 1;
            }
            held
        });
        language(doc).is_some()
            && language(doc) != language(from)
            && held.get(&within(doc)).is_some_and(|&n| n >= 2)
    }

    /// The language folder at the top that document `i` is in (`zh` of
    /// `zh/guide/setup.mdx`), if any.
    pub(crate) fn language_folder(&self, i: usize) -> Option<&str> {
        match &self.all[i][self.shared().min(self.all[i].len())..] {
            [folder, _, ..] if is_language(folder) => Some(folder.as_str()),
            _ => None,
        }
    }

    /// The index pages of folder `folder` (its components) and of the
    /// folders above it up to the site's root, each as its path from there:
    /// where another tree has a page at the same path (`de/index.mdx` beside
    /// `index.mdx`, `de/guides/_index.md` beside `guides/_index.md`), that
    /// tree mirrors one holding `folder`.
    fn indexes_above(&self, folder: &[String]) -> Vec<String> {
        let names = ["index.md", "index.mdx", "_index.md", "readme.md"];
        let root = self.shared().min(folder.len());
        // In a language's folder at the top (Rspress' `en/`, where no
        // default language is at the top), from there too: `zh/index.md`
        // beside `en/index.md` mirrors it.
        let language = (folder.get(root)).is_some_and(|f| is_language(f));
        let mut indexes = Vec::new();
        for depth in root..=folder.len() {
            for name in names {
                let path = |parts: &[String]| match parts {
                    [] => name.to_owned(),
                    _ => format!("{}/{name}", parts.join("/")),
                };
                if self.is_path(&path(&folder[..depth])) {
                    indexes.push(path(&folder[root..depth]));
                    if language && depth > root {
                        indexes.push(path(&folder[root + 1..depth]));
                    }
                }
            }
        }
        indexes
    }

    /// Whether an input's path is `path` (`/`-separated components),
    /// ignoring case.
    fn is_path(&self, path: &str) -> bool {
        let every = self.every.get_or_init(|| {
            (0..self.paths())
                .map(|i| self.folded(i).join("/"))
                .collect()
        });
        every.contains(lowercase(path).as_ref())
    }
}

/// Whether a folder's name is a language's code, as sites name the folder of
/// a translation: two or three letters, and perhaps a region or script
/// (`zh`, `pt-BR`, `zh-hans`).
pub(in crate::selector) fn is_language(name: &str) -> bool {
    let (language, region) = name.split_once(['-', '_']).unwrap_or((name, "ab"));
    (2..=3).contains(&language.len())
        && language.bytes().all(|b| b.is_ascii_alphabetic())
        && (2..=4).contains(&region.len())
        && region.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The language each of `paths` carries in its file's name, where it
/// carries one of the doc set's: a language one page is written in beside
/// another (`api.en-US.mdx` and `api.ja.mdx`), so that a name such as
/// `routes.ts.md` carries none.
pub(in crate::selector) fn file_languages<'p>(
    paths: impl Iterator<Item = &'p str> + Clone,
) -> Vec<Option<&'p str>> {
    let carried: Vec<Option<&str>> = paths.clone().map(file_language).collect();
    // Each page by its path without the language (`pages/docs/api.`), with
    // the first language it is found in.
    let mut pages: HashMap<&str, &str> = HashMap::new();
    let mut languages: HashSet<&str> = HashSet::new();
    for (path, language) in paths.zip(&carried) {
        let Some(language) = *language else { continue };
        let extension = path.rsplit('.').next().unwrap_or_default();
        let page = &path[..path.len() - extension.len() - language.len() - 1];
        match pages.insert(page, language) {
            Some(other) if other != language => languages.extend([other, language]),
            _ => {}
        }
    }
    (carried.into_iter())
        .map(|language| language.filter(|l| languages.contains(l)))
        .collect()
}

/// The language a Markdown file's name may carry before its extension
/// (`api.en-US.mdx` → `en-US`, `index.ja.md` → `ja`): a language's code.
fn file_language(path: &str) -> Option<&str> {
    let bytes = path.as_bytes();
    let name = memchr::memrchr2(b'/', b'\\', bytes).map_or(0, |at| at + 1);
    // (Most names hold one dot: they are passed by at once.)
    let extension = memchr::memrchr(b'.', &bytes[name..])? + name;
    let language = memchr::memrchr(b'.', &bytes[name..extension])? + name;
    let language_name = &path[language + 1..extension];
    let carried = language > name && is_language(language_name);
    (carried && is_markdown_name(&path[name..])).then_some(language_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_is_carried_where_a_page_is_written_in_two() {
        let paths = [
            "pages/docs/api.en-US.mdx",
            "pages/docs/api.ja.mdx",
            "pages/index.ja.mdx",
            "pages/index.ko.mdx",
            "api/routes.ts.md",
            "api/root.tsx.md",
            "guide.old.md",
        ];
        let languages = file_languages(paths.iter().copied());
        let ja = Some("ja");
        assert_eq!(
            languages,
            [Some("en-US"), ja, ja, Some("ko"), None, None, None]
        );
    }

    #[test]
    fn a_file_names_its_language_before_its_extension() {
        assert_eq!(file_language("pages/docs/api.en-US.mdx"), Some("en-US"));
        assert_eq!(file_language("pages/index.ja.md"), Some("ja"));
        assert_eq!(file_language("pages/docs/api.mdx"), None);
        assert_eq!(file_language("pages/v1.2.md"), None);
        assert_eq!(file_language("pages/.ja.md"), None);
        assert_eq!(file_language("pages/api.ja.txt"), None);
    }
}
