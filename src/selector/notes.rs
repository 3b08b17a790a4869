//! Which notes a wiki link names (docs/links.md, "Following links"): by
//! file name without extension, any case, a folder part narrowing it.

use foldhash::{HashMap, HashMapExt};

use super::docs::components;

/// The documents a wiki link's note names, in input order: file name without
/// extension equal to the note's last part, any case (whitespace runs alike);
/// a folder part narrows it to paths whose folders end with it.
pub(crate) fn find_notes(paths: &[String], note: &str) -> Vec<usize> {
    Notes::new(paths).find(note)
}

/// The paths of a call's documents, made ready for [`find_notes`]'s lookups.
pub(crate) struct Notes {
    /// The paths by file name without extension, folded, in input order.
    by_name: HashMap<String, Vec<usize>>,
    /// Each path's folders, folded.
    folders: Vec<Vec<String>>,
}

impl Notes {
    /// The paths made ready.
    pub fn new(paths: &[String]) -> Notes {
        let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
        let mut folders = Vec::with_capacity(paths.len());
        for (i, path) in paths.iter().enumerate() {
            let mut parts = components(path);
            if let Some(file) = parts.pop() {
                let stem = file.rsplit_once('.').map_or(file.as_str(), |(s, _)| s);
                by_name.entry(note_key(stem)).or_default().push(i);
            }
            folders.push(parts.iter().map(|p| note_key(p)).collect());
        }
        Notes { by_name, folders }
    }

    /// [`find_notes`] over these paths.
    pub fn find(&self, note: &str) -> Vec<usize> {
        let found = self.find_named(note);
        // `[[C#]]` names the note `C#`, or else the note `C`.
        match note.strip_suffix('#') {
            Some(bare) if found.is_empty() && !bare.is_empty() => self.find_named(bare),
            _ => found,
        }
    }

    /// [`Notes::find`] for one spelling of the note.
    fn find_named(&self, note: &str) -> Vec<usize> {
        let wanted = components(note);
        let Some((name, folders)) = wanted.split_last() else {
            return Vec::new();
        };
        let folders: Vec<String> = folders.iter().map(|f| note_key(f)).collect();
        let Some(named) = self.by_name.get(&note_key(name)) else {
            return Vec::new();
        };
        (named.iter().copied())
            .filter(|&i| self.folders[i].ends_with(&folders))
            .collect()
    }
}

/// A note's name or folder as wiki links match it: lowercase, white space
/// runs one space.
fn note_key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}
