//! What a page's path and shape say about it, beside its text: an announcement
//! counts less than the page it announces, and parallel pages (the same page in
//! another version's or language's folder) know each other.

use std::ops::Range;

use crate::tree::Document;

/// What an announcement's units count for beside other pages'.
const ANNOUNCEMENT: f32 = 0.7;

/// What a page's units are worth beside other pages', by what its path says it
/// is: an announcement (a post of a blog or news folder, release notes, a page
/// named by its date, `2024-05-01-launch.md`) names features in passing, while
/// the guide or reference page on them explains them, so its units count at
/// [`ANNOUNCEMENT`]; every other page at 1. (On the doc sets of BENCHMARKS.md,
/// webpack's and Material for MkDocs' blog posts ranked above the pages
/// they announce.)
pub(crate) fn page_weight(path: &str) -> f32 {
    let mut parts = path.rsplit(['/', '\\']);
    let name = parts.next().unwrap_or_default();
    let news = |folder: &str| {
        const FOLDERS: [&str; 10] = [
            "blog",
            "blogs",
            "news",
            "posts",
            "_posts",
            "releases",
            "release-notes",
            "changelog",
            "changelogs",
            "whats-new",
        ];
        FOLDERS.iter().any(|f| folder.eq_ignore_ascii_case(f)) || dated(folder)
    };
    if dated(name) || parts.any(news) {
        ANNOUNCEMENT
    } else {
        1.0
    }
}

/// The keys a page shares with its parallel pages: the same page in another
/// version's or language's folder (`docs/v1/api.md` and `docs/v2/api.md`,
/// `en/guides/x.mdx` and `fr/guides/x.mdx`), whose paths differ in one folder
/// and whose headings run at the same levels. One key per folder of its path:
/// the path with that folder left out, and the heading levels. Two pages are
/// parallel when they share a key; their units at the same place are near
/// copies even where the titles were translated or renamed.
pub(super) fn twins(doc: &Document) -> Vec<u64> {
    let levels: Vec<u8> = (doc.sections().iter())
        .map(|&id| match doc.node(id).kind() {
            crate::tree::Kind::Section { level } => level,
            _ => 0,
        })
        .collect();
    let parts: Vec<&str> = doc.path().split(['/', '\\']).collect();
    let folders = parts.len().saturating_sub(1);
    (0..folders)
        .map(|skip| {
            let at = (skip as u64).to_le_bytes();
            let mut key: Vec<&[u8]> = vec![&levels, &at];
            for (i, part) in parts.iter().enumerate() {
                key.push(if i == skip { b"" } else { part.as_bytes() });
            }
            digest(&key)
        })
        .collect()
}

/// Whether a file or folder name starts with a date, `2024-05-01`.
fn dated(name: &str) -> bool {
    let b = name.as_bytes();
    let digits = |r: Range<usize>| b.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
    digits(0..4)
        && b.get(4) == Some(&b'-')
        && digits(5..7)
        && b.get(7) == Some(&b'-')
        && digits(8..10)
}

/// A 64-bit digest of some byte strings, read as one with its parts' lengths
/// (not for keys an attacker chooses: two different texts folded as copies cost
/// one result, and need equal lengths and a 1 in 2^64 chance).
pub(super) fn digest(parts: &[&[u8]]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = K;
    let mut mix = |w: u64| h = (h ^ w).wrapping_mul(K).rotate_left(29);
    for part in parts {
        mix(part.len() as u64);
        let mut words = part.chunks_exact(8);
        for w in &mut words {
            mix(u64::from_le_bytes(w.try_into().expect("eight bytes")));
        }
        let mut tail = [0u8; 8];
        tail[..words.remainder().len()].copy_from_slice(words.remainder());
        mix(u64::from_le_bytes(tail));
    }
    (h ^ h >> 32).wrapping_mul(K) ^ h >> 29
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announcements_are_known_by_their_folders_and_dates() {
        for path in [
            "blog/launch.md",
            "docs/Blog/2024/launch/index.md",
            "site/news/launch.md",
            "_posts/launch.md",
            "content\\release-notes\\5.2.md",
            "2024-05-01-launch.md",
            "blog-site/2024-05-01/index.md",
            "docs/whats-new/5.2.md",
        ] {
            assert_eq!(page_weight(path), ANNOUNCEMENT, "{path}");
        }
        for path in [
            "guide/launch.md",
            "blog-site/launch.md",
            "news.md",
            "CHANGELOG.md",
            "2024-05.md",
            "reference/7.5/Get-Date.md",
            "",
        ] {
            assert_eq!(page_weight(path), 1.0, "{path}");
        }
    }
}
