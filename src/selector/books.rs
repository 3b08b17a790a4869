//! Books (docs/links.md, "Generators that build links their own way"): an
//! mdBook (`book.toml`) or a GitBook space synced from Git (`.gitbook.yaml`)
//! builds the pages its `SUMMARY.md` lists, and no other; a GitBook's
//! folder page is its `README.md`.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

/// A book whose configuration is in the first of a site's folders that
/// holds one.
#[derive(Clone, Debug)]
pub(crate) struct Book {
    /// Whether it is a GitBook space, whose folder pages are `README.md`.
    pub gitbook: bool,
    /// Of the pages of the inputs, each in order, whether the book leaves it
    /// unbuilt: a Markdown file in its source folder that its `SUMMARY.md`
    /// does not list (but for the summary itself, and a GitBook's first
    /// page). None unbuilt where a GitBook has no summary: it makes one of
    /// its folders.
    pub unlisted: Vec<bool>,
}

/// The book of the first of `folders` that holds a `book.toml` or a
/// `.gitbook.yaml`, for the pages at `paths`; `None` where there is none.
pub(crate) fn book(folders: impl IntoIterator<Item = PathBuf>, paths: &[&str]) -> Option<Book> {
    let (folder, config, gitbook) = (folders.into_iter()).find_map(|folder| {
        let read = |name: &str| fs::read_to_string(folder.join(name)).ok();
        let (config, gitbook) = match read("book.toml") {
            Some(config) => (config, false),
            None => (read(".gitbook.yaml")?, true),
        };
        Some((folder.clone(), config, gitbook))
    })?;
    let layout = match gitbook {
        true => gitbook_layout(&config),
        false => Layout {
            source: source_folder(&config),
            summary: "SUMMARY.md",
            readme: None,
        },
    };
    let unlisted = unlisted(&folder, &layout, paths).unwrap_or_else(|| vec![false; paths.len()]);
    Some(Book { gitbook, unlisted })
}

/// Where a book's files are, as its configuration names them (below its
/// folder).
struct Layout<'c> {
    source: &'c str,
    summary: &'c str,
    readme: Option<&'c str>,
}

/// Of the pages at `paths`, those the book in `folder` laid out so leaves
/// unbuilt; `None` where it has no summary.
fn unlisted(folder: &Path, layout: &Layout<'_>, paths: &[&str]) -> Option<Vec<bool>> {
    let source = folder.join(layout.source).canonicalize().ok()?;
    // A source folder linked from elsewhere is no book's of these inputs.
    if !source.starts_with(folder.canonicalize().ok()?) {
        return None;
    }
    let summary_path = source.join(layout.summary);
    let summary = fs::read_to_string(&summary_path).ok()?;
    let summary_path = summary_path.canonicalize().ok()?;
    let listed: HashSet<PathBuf> = (targets(&summary))
        .chain(layout.readme)
        .filter_map(|target| source.join(target).canonicalize().ok())
        .collect();
    let unlisted = |path: &str| {
        let Ok(real) = Path::new(path).canonicalize() else {
            return false;
        };
        real.starts_with(&source) && real != summary_path && !listed.contains(&real)
    };
    Some(paths.iter().map(|path| unlisted(path)).collect())
}

/// A `.gitbook.yaml`'s `root` and its `structure`'s `readme` and `summary`
/// (each relative to the root; `README.md` and `SUMMARY.md` where it names
/// none, or names one outside its folder).
fn gitbook_layout(config: &str) -> Layout<'_> {
    let mut layout = Layout {
        source: ".",
        summary: "SUMMARY.md",
        readme: Some("README.md"),
    };
    let mut in_structure = false;
    for line in config.lines() {
        let indented = line.starts_with([' ', '\t']);
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.split(" #").next().unwrap_or_default();
        let value = value.trim().trim_matches(['"', '\'']);
        match (indented, key.trim()) {
            (false, "root") => layout.source = below(value).unwrap_or("."),
            (false, key) => in_structure = key == "structure",
            (true, "readme") if in_structure => layout.readme = below(value).or(layout.readme),
            (true, "summary") if in_structure => {
                layout.summary = below(value).unwrap_or("SUMMARY.md")
            }
            _ => {}
        }
    }
    layout
}

/// A path named in a book's configuration, if below the book's folder (no
/// `..`, not from the root), so that no file outside it is read; `./x`
/// as `x`.
fn below(named: &str) -> Option<&str> {
    let named = named.trim_start_matches("./");
    let below = !named.is_empty()
        && !named.starts_with(['/', '\\'])
        && !named.contains(':')
        && !named.split(['/', '\\']).any(|part| part == "..");
    below.then_some(named)
}

/// The source folder a `book.toml` names, else `src`.
fn source_folder(config: &str) -> &str {
    below(named_source(config)).unwrap_or("src")
}

/// The source folder a `book.toml`'s `[book]` table names, as written.
fn named_source(config: &str) -> &str {
    let mut in_book = false;
    for line in config.lines().map(str::trim) {
        if line.starts_with('[') {
            in_book = line == "[book]";
        } else if in_book
            && let Some(value) = line.strip_prefix("src")
            && let Some(value) = value.trim_start().strip_prefix('=')
        {
            return value.trim().trim_matches(['"', '\'']);
        }
    }
    "src"
}

/// The paths a `SUMMARY.md` links, as written (`[Intro](intro.md)`,
/// `- [Types](types/index.md)`; a draft chapter's `()` none), without an
/// anchor.
fn targets(summary: &str) -> impl Iterator<Item = &str> {
    summary.split("](").skip(1).filter_map(|rest| {
        let target = &rest[..rest.find(')')?];
        let target = target.split('#').next().unwrap_or_default().trim();
        let target = target.trim_start_matches('<').trim_end_matches('>');
        (!target.is_empty() && !target.contains("://")).then_some(target)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_books_source_folder_and_its_summarys_links() {
        assert_eq!(source_folder("[book]\ntitle = \"x\"\n"), "src");
        assert_eq!(
            source_folder("[book]\nsrc = \"text\"\n[output.html]\nsrc = \"no\"\n"),
            "text"
        );
        assert_eq!(source_folder("[output.html]\nsrc = \"no\"\n"), "src");
        // Never outside the book's folder.
        for outside in ["../../etc", "/etc", "a/../../b", "C:\\\\x"] {
            let config = format!("[book]\nsrc = \"{outside}\"\n");
            assert_eq!(source_folder(&config), "src", "{outside}");
            let config = format!("root: {outside}\nstructure:\n  summary: {outside}/S.md\n");
            let layout = gitbook_layout(&config);
            assert_eq!(
                (layout.source, layout.summary),
                (".", "SUMMARY.md"),
                "{outside}"
            );
        }
        let summary =
            "# S\n\n[Intro](intro.md)\n- [A](a/index.md#top)\n- [Draft]()\n- [B](<b c.md>)\n";
        assert_eq!(
            targets(summary).collect::<Vec<_>>(),
            ["intro.md", "a/index.md", "b c.md"]
        );
    }
}
