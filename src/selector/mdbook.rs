//! mdBook's books (docs/links.md, "A site's page links"): a book builds the
//! pages its `SUMMARY.md` lists, and no other.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Of the pages at `paths`, those an mdBook whose `book.toml` is in the
/// first of `folders` that holds one leaves unbuilt: a Markdown file in
/// its source folder (`src`, or the `src` its `[book]` table names) that
/// its `SUMMARY.md` does not list (its `SUMMARY.md` itself aside). `None`
/// where there is no book.
pub(crate) fn unlisted(
    folders: impl IntoIterator<Item = PathBuf>,
    paths: &[&str],
) -> Option<Vec<bool>> {
    let (folder, config) = (folders.into_iter()).find_map(|folder| {
        Some((
            folder.clone(),
            fs::read_to_string(folder.join("book.toml")).ok()?,
        ))
    })?;
    let source = folder.join(source_folder(&config)).canonicalize().ok()?;
    // A source folder linked from elsewhere is no book's of these inputs.
    if !source.starts_with(folder.canonicalize().ok()?) {
        return None;
    }
    let summary = fs::read_to_string(source.join("SUMMARY.md")).ok()?;
    let listed: HashSet<PathBuf> = (targets(&summary))
        .filter_map(|target| source.join(target).canonicalize().ok())
        .collect();
    let unlisted = |path: &str| {
        let Ok(real) = Path::new(path).canonicalize() else {
            return false;
        };
        real.starts_with(&source) && real != source.join("SUMMARY.md") && !listed.contains(&real)
    };
    Some(paths.iter().map(|path| unlisted(path)).collect())
}

/// The source folder a `book.toml` names (`src = "text"` in its `[book]`
/// table), else `src`; one below the book's folder only (no `..`, not
/// from the root), so that no file outside it is read.
fn source_folder(config: &str) -> &str {
    let named = named_source(config);
    let below = !named.starts_with(['/', '\\'])
        && !named.contains(':')
        && !named.split(['/', '\\']).any(|part| part == "..");
    if below { named } else { "src" }
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
        }
        let summary =
            "# S\n\n[Intro](intro.md)\n- [A](a/index.md#top)\n- [Draft]()\n- [B](<b c.md>)\n";
        assert_eq!(
            targets(summary).collect::<Vec<_>>(),
            ["intro.md", "a/index.md", "b c.md"]
        );
    }
}
