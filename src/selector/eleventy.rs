//! Eleventy's sites (docs/links.md, "Generators that build links their own
//! way"): a page is served at its `permalink` alone, from its front matter
//! or else from the nearest folder's data file (`blog/blog.json`,
//! `blog/blog.11tydata.json`), whose `{{ page.fileSlug }}` is the page's.

use std::path::Path;

use foldhash::{HashMap, HashMapExt};

use super::docs::components;
use super::landing::Inputs;
use super::routes::{Moves, RouteTables};

/// Eleventy's configuration files.
const ELEVENTY_CONFIGS: [&str; 5] = [
    "eleventy.config.js",
    "eleventy.config.mjs",
    "eleventy.config.cjs",
    "eleventy.config.ts",
    ".eleventy.js",
];

/// The largest folder data file read, in bytes.
const DATA_MOST: u64 = 1 << 20;

impl Inputs<'_> {
    /// The inputs, their routes read as an Eleventy site serves them where
    /// they are one's (its configuration where a site's is looked for).
    pub(super) fn with_eleventy_routes(mut self) -> Self {
        if !self.configured(&ELEVENTY_CONFIGS) {
            return self;
        }
        let mut permalinks: HashMap<String, Option<String>> = HashMap::new();
        let routes: Vec<Vec<(String, Moves)>> = (self.pages.iter())
            .map(|page| {
                // A permalink is the page's one address.
                if !page.routes.is_empty() {
                    return (page.routes.iter())
                        .map(|(route, _)| (route.clone(), Moves::Always))
                        .collect();
                }
                let data = self.folder_permalink(&page.path, &mut permalinks);
                (data.and_then(|link| filled(&link, &page.path)))
                    .map(|route| vec![(route, Moves::Always)])
                    .unwrap_or_default()
            })
            .collect();
        let each: Vec<(&str, &[(String, Moves)])> = (self.pages.iter().zip(&routes))
            .map(|(page, routes)| (page.path.as_str(), &routes[..]))
            .collect();
        let tables = RouteTables::of(&each);
        (self.routes, self.moved, self.routed) = (tables.routes, tables.moved, tables.routed);
        self
    }

    /// The permalink the data file of the nearest folder holding the page
    /// at `path` that has one sets, if any (each folder's read once).
    fn folder_permalink(
        &self,
        path: &str,
        read: &mut HashMap<String, Option<String>>,
    ) -> Option<String> {
        let mut parts = components(path);
        parts.pop();
        while let Some(name) = parts.last() {
            let folder = parts.join("/");
            let found = read.entry(folder.clone()).or_insert_with(|| {
                let folder = Path::new(&folder);
                (self.may_read(folder))
                    .then(|| {
                        [format!("{name}.11tydata.json"), format!("{name}.json")]
                            .iter()
                            .find_map(|file| permalink_of(&folder.join(file)))
                    })
                    .flatten()
            });
            if found.is_some() {
                return found.clone();
            }
            parts.pop();
        }
        None
    }
}

/// The `permalink` a JSON data file sets, if it is a string.
fn permalink_of(file: &Path) -> Option<String> {
    let size = std::fs::metadata(file).ok()?.len();
    if size > DATA_MOST {
        return None;
    }
    let data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).ok()?).ok()?;
    data.get("permalink")?.as_str().map(str::to_owned)
}

/// A permalink with the page at `path`'s `{{ page.fileSlug }}` filled in;
/// none with any other template value.
fn filled(permalink: &str, path: &str) -> Option<String> {
    let mut out = String::new();
    let mut rest = permalink;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find("}}")? + at;
        if rest[at + 2..end].trim() != "page.fileSlug" {
            return None;
        }
        out.push_str(&file_slug(path));
        rest = &rest[end + 2..];
    }
    out.push_str(rest);
    (!out.contains("{%")).then(|| format!("/{}", out.trim_start_matches('/')))
}

/// Eleventy's `fileSlug` of the page at `path`: its file's stem without a
/// leading date (`2021-09-03-2million.md` → `2million`); an index page's
/// folder's name.
fn file_slug(path: &str) -> String {
    let parts = components(path);
    let file = parts.last().map_or("", String::as_str);
    let stem = file.rsplit_once('.').map_or(file, |(stem, _)| stem);
    if stem == "index" {
        return parts.iter().rev().nth(1).cloned().unwrap_or_default();
    }
    let dated = stem.len() > 11
        && stem.as_bytes()[10] == b'-'
        && (stem[..10].bytes().enumerate()).all(|(i, b)| {
            matches!(i, 4 | 7) && b == b'-' || !matches!(i, 4 | 7) && b.is_ascii_digit()
        });
    match dated {
        true => stem[11..].to_owned(),
        false => stem.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_slug_drops_a_date_and_names_an_index_by_its_folder() {
        assert_eq!(file_slug("src/blog/2021-09-03-2million.md"), "2million");
        assert_eq!(file_slug("src/blog/2021-09-03.md"), "2021-09-03");
        assert_eq!(file_slug("src/docs/tips/index.md"), "tips");
        assert_eq!(file_slug("src/docs/inline-css.md"), "inline-css");
    }

    #[test]
    fn a_permalink_is_filled_with_the_file_slug_only() {
        let page = "src/blog/2021-09-03-2million.md";
        assert_eq!(
            filled("/blog/{{ page.fileSlug }}/", page).as_deref(),
            Some("/blog/2million/")
        );
        assert_eq!(
            filled("blog/{{page.fileSlug}}/", page).as_deref(),
            Some("/blog/2million/")
        );
        assert_eq!(filled("/blog/{{ title | slugify }}/", page), None);
    }
}
