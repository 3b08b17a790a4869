//! A vault's Markdown links (docs/links.md, "Links both ways"): Obsidian
//! resolves `[App](App)` as it does `[[App]]`, a note by name.

use super::landing::{Broken, Landing, Lands};
use super::link_paths::{is_attachment, lands_outside};
use crate::paths::{is_markdown_name, percent_decoded};

impl Lands<'_, '_> {
    /// Where a Markdown link lands in a vault, which resolves one as it does
    /// a wiki link (Obsidian): `landing` as it is, unless no file is its path;
    /// then the note its path names (its extension and leading `./`, `../`
    /// aside; folders written must hold it) and the heading its fragment
    /// does, when a note has that name.
    pub fn as_note(&mut self, from: usize, target: &str, landing: Landing) -> Landing {
        let missing = matches!(
            &landing,
            Landing::Broken {
                why: Broken::File(_),
                ..
            }
        );
        let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
        if !missing || path.starts_with('/') || lands_outside(target, false) {
            return landing;
        }
        let decoded = |t: &str| percent_decoded(t).unwrap_or_else(|_| t.to_owned());
        let path = decoded(path);
        let mut note = path.trim();
        while let Some(rest) = note.strip_prefix("./").or_else(|| note.strip_prefix("../")) {
            note = rest;
        }
        let note = match is_markdown_name(note) {
            true => note.rsplit_once('.').map_or(note, |(stem, _)| stem),
            false => note,
        };
        if note.is_empty() || is_attachment(note, false) {
            return landing;
        }
        match self.wiki(from, &format!("{note}#{}", decoded(anchor))) {
            found @ (Landing::Page { .. }
            | Landing::Broken {
                why: Broken::Anchor { .. },
                ..
            }) => found,
            _ => landing,
        }
    }
}
