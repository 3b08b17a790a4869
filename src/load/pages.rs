//! Site page addresses and the files they name on disk: what auto mode reads as
//! a file when a page's address is pasted, and where a missing page may be in a
//! parallel folder (added to a missing file's suggestions).

use std::path::Path;

use crate::error::{FailedFile, FileError};
use crate::paths::link_spellings;
use crate::selector::is_link_path;
use crate::source;

/// The Markdown file a site's page address names, if one is there: a path
/// that does not exist and reads as a link's (ending in `.html`/`.htm`, or
/// holding a `/` and no extension), read as a link's path would be
/// (`guide/build.html` → `guide/build.md`, `../guide/build` →
/// `../guide/build.md`, `guide/` → `guide/index.md`), on disk from the
/// working directory; a path from the site's root (`/guide/build`) also
/// without its leading `/`. A bare word is no address: `install` stays a
/// query even beside an `install.md`.
///
/// ```
/// assert_eq!(mdsel::page_source("install"), None);
/// assert_eq!(mdsel::page_source("no/such/page"), None);
/// ```
pub fn page_source(path: &str) -> Option<String> {
    if Path::new(path).exists() || !is_link_path(path) {
        return None;
    }
    disk_spellings(path)
        .into_iter()
        .find(|p| Path::new(p).is_file())
}

/// Where on disk a link's path may be, most likely first: each of its
/// spellings ([`crate::paths::link_spellings`]), and for one from the site's root,
/// that one again without its leading `/`, from the working directory.
fn disk_spellings(path: &str) -> Vec<String> {
    let mut out = Vec::new();
    for spelling in link_spellings(path) {
        let rooted = spelling.trim_start_matches('/');
        let rooted =
            (rooted.len() < spelling.len() && !rooted.is_empty()).then(|| rooted.to_owned());
        if !spelling.is_empty() {
            out.push(spelling);
        }
        out.extend(rooted);
    }
    out
}

/// Where a path that names no file may have its page in a parallel folder:
/// the same path with one of its folders swapped for a sibling folder, as
/// another version or language keeps it (`es/guide/x.md`, a page not yet
/// translated → `en/guide/x.md`), for the path as given and, for a site's
/// page address, each of its Markdown spellings ([`page_source`]'s). Files on
/// disk, at most `max`, nearest folder first, then in folder name order.
/// Looks at no more than a few thousand names: it runs only on the way to a
/// "no such file" error.
fn parallel_sources(path: &str, max: usize) -> Vec<String> {
    const LOOKS: usize = 4096;
    const MAX_DEPTH: usize = 64;
    let spellings = if is_link_path(path) {
        disk_spellings(path)
    } else {
        vec![path.to_owned()]
    };
    let mut out: Vec<String> = Vec::new();
    let mut looks = 0;
    for spelling in &spellings {
        let parts: Vec<&str> = spelling.split('/').collect();
        if parts.len() > MAX_DEPTH {
            continue; // no doc set is this deep: a hostile path
        }
        // A folder's index page is named by its folder: that one stays.
        let name = parts
            .last()
            .map_or(String::new(), |n| n.to_ascii_lowercase());
        let named_by_folder = ["index.", "readme.", "_index."]
            .iter()
            .any(|i| name.starts_with(i));
        let folders = parts.len().saturating_sub(1 + usize::from(named_by_folder));
        // Nearest folder first: the one holding the page, then its parent's.
        for i in (0..folders)
            .rev()
            .filter(|&i| !matches!(parts[i], "" | "." | ".."))
        {
            let parent = match parts[..i].join("/") {
                p if !p.is_empty() => p,
                _ if i > 0 => "/".to_owned(),
                _ => ".".to_owned(),
            };
            let Ok(entries) = std::fs::read_dir(&parent) else {
                continue;
            };
            let mut siblings: Vec<String> = entries
                .take(LOOKS)
                .filter_map(Result::ok)
                .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n != parts[i] && !n.starts_with('.'))
                .collect();
            siblings.sort();
            for sibling in siblings {
                looks += 1;
                if looks > LOOKS || out.len() >= max {
                    return out;
                }
                let mut swapped = parts.clone();
                swapped[i] = &sibling;
                let candidate = swapped.join("/");
                if Path::new(&candidate).is_file() && !out.contains(&candidate) {
                    out.push(candidate);
                }
            }
        }
    }
    out
}

/// A missing file's error with, after the files beside it that the reading
/// stage named, the same page in a parallel folder (another version's or
/// language's, [`parallel_sources`]): what a missing path may have meant, at
/// most [`source::SIMILAR_FILES`].
pub(super) fn with_parallel_pages(mut failed: FailedFile) -> FailedFile {
    if failed.error != FileError::NotFound || failed.path.is_empty() {
        return failed;
    }
    for other in parallel_sources(&failed.path, source::SIMILAR_FILES) {
        if failed.suggestions.len() < source::SIMILAR_FILES && !failed.suggestions.contains(&other)
        {
            failed.suggestions.push(other);
        }
    }
    failed
}
