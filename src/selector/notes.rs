//! Which notes a wiki link names (docs/links.md, "Following links"): by
//! file name without extension, any case, a folder part narrowing it.

use foldhash::{HashMap, HashMapExt};

use super::docs::components;
use crate::paths::is_markdown_name;

/// The documents a wiki link's note names, in input order: file name without
/// extension equal to the note's last part, any case (whitespace runs alike);
/// a folder part narrows it to paths whose folders end with it.
pub(crate) fn find_notes(paths: &[String], note: &str) -> Vec<usize> {
    Notes::new(paths, Names::AnyCase).find(note)
}

/// Whether a wiki link's target may name a note: text that happens to be
/// spelled as one (a JSON array in a shortcode, `[[\"black\",\"blue\"]]`,
/// `[[80,100,120]]`) names none. A note's name holds no `"`, `[` or `]`
/// (Obsidian refuses them), and is not a list of numbers.
pub(crate) fn may_name_a_note(target: &str) -> bool {
    let note = target.split(['#', '|']).next().unwrap_or(target);
    let numbers = note.contains(',') && (note.split(',')).all(|n| n.trim().parse::<f64>().is_ok());
    !numbers && !note.contains(['"', '[', ']'])
}

/// How a vault's names are matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Names {
    /// In any case, white space runs alike (Obsidian's).
    AnyCase,
    /// By slug, in their own case: a space and a `-` alike (Quartz's, whose
    /// pages are at their names' slugs).
    Slugs,
}

/// The paths of a call's documents, made ready for [`find_notes`]'s lookups.
pub(crate) struct Notes {
    /// The paths by file name without extension, folded, in input order.
    by_name: HashMap<String, Vec<usize>>,
    /// Each path's folders, folded.
    folders: Vec<Vec<String>>,
    /// Whether most notes' names hold a dot ([`Notes::names_dotted`]).
    dotted: bool,
    names: Names,
}

impl Notes {
    /// The paths made ready.
    pub fn new(paths: &[String], names: Names) -> Notes {
        let note_key = |name: &str| note_key(name, names);
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
        let dotted: usize = (by_name.iter())
            .filter(|(name, _)| name.contains('.'))
            .map(|(_, paths)| paths.len())
            .sum();
        let dotted = dotted * 2 > paths.len();
        Notes {
            by_name,
            folders,
            dotted,
            names,
        }
    }

    /// [`find_notes`] over these paths.
    pub fn find(&self, note: &str) -> Vec<usize> {
        // Dendron names a note in a vault as `dendron://vault/note`.
        let note = (note.strip_prefix("dendron://"))
            .and_then(|rest| rest.split_once('/'))
            .map_or(note, |(_, note)| note);
        let found = self.find_named(note);
        if !found.is_empty() {
            return found;
        }
        // `[[C#]]` names the note `C#`, or else the note `C`; `[[b.md]]` the
        // note `b.md`, or else the note `b`.
        let bare = (note.strip_suffix('#')).or_else(|| {
            note.rsplit_once('.')
                .filter(|_| is_markdown_name(note))
                .map(|(b, _)| b)
        });
        let found = match bare {
            Some(bare) if !bare.is_empty() => self.find_named(bare),
            _ => found,
        };
        // A GitHub wiki's page `Foo-Bar.md` is `[[Foo Bar]]`, where no note
        // has the name as written.
        if found.is_empty() && self.names == Names::AnyCase && note.contains(char::is_whitespace) {
            return self.find_named(&note.split_whitespace().collect::<Vec<_>>().join("-"));
        }
        found
    }

    /// Whether most notes' names hold a dot, as Dendron's hierarchies do
    /// (`dendron.topic.tasks`): then a name with a dot is a note's, not an
    /// attachment's, unless it ends as a file that is not a note's.
    pub fn names_dotted(&self) -> bool {
        self.dotted
    }

    /// The shortest name that finds note `doc`, at `path`, alone: its file's
    /// name without extension, with as many of its folders before it as it
    /// takes where several notes have that name (`User interface/Workspace`),
    /// as Obsidian writes a link to such a note.
    pub fn shortest_name(&self, path: &str, doc: usize) -> String {
        let mut parts = components(path);
        let Some(file) = parts.pop() else {
            return String::new();
        };
        let stem = file.rsplit_once('.').map_or(file.as_str(), |(s, _)| s);
        let mut name = stem.to_owned();
        for folder in parts.iter().rev() {
            if self.find_named(&name) == [doc] {
                break;
            }
            name = format!("{folder}/{name}");
        }
        name
    }

    /// [`Notes::find`] for one spelling of the note.
    fn find_named(&self, note: &str) -> Vec<usize> {
        let wanted = components(note);
        let Some((name, folders)) = wanted.split_last() else {
            return Vec::new();
        };
        let folders: Vec<String> = folders.iter().map(|f| note_key(f, self.names)).collect();
        let Some(named) = self.by_name.get(&note_key(name, self.names)) else {
            return Vec::new();
        };
        let mut found: Vec<usize> = (named.iter().copied())
            .filter(|&i| self.folders[i].ends_with(&folders))
            .collect();
        // Of several, the one that is the note's path from the vault's top
        // folder first (Quartz reads a name several notes have so: `[[index]]`
        // is the top's `index.md`).
        let top = self.folders.iter().map(Vec::len).min().unwrap_or(0);
        if let Some(at) = (found.len() > 1)
            .then(|| {
                found
                    .iter()
                    .position(|&i| self.folders[i].len() == top + folders.len())
            })
            .flatten()
        {
            found[..=at].rotate_right(1);
        }
        found
    }
}

/// Where a Dendron note reference's range starts (`start,1:#end` names
/// `start`, the `,1` skipping its heading line, `:#end` where it ends, `*`
/// the next heading), if `path` (what follows a note's `#`) is one.
pub(super) fn reference_start(path: &str) -> Option<&str> {
    let start = match path.split_once(":#") {
        Some((start, _)) => start,
        None => path,
    };
    let (anchor, skip) = start.rsplit_once(',').unwrap_or((start, ""));
    let skipping = !skip.is_empty() && skip.bytes().all(|b| b.is_ascii_digit());
    let ranged = skipping || start.len() < path.len();
    // A heading written as text (Obsidian's) may hold a comma; a slug not.
    let anchor = if skipping { anchor } else { start };
    (ranged && !anchor.is_empty() && !anchor.contains(char::is_whitespace)).then_some(anchor)
}

/// A note's name or folder as wiki links match it: lowercase, white space
/// runs one space; or, matched by slug, white space and `-` runs one `-`.
fn note_key(name: &str, names: Names) -> String {
    match names {
        Names::AnyCase => name
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase(),
        Names::Slugs => (name.split(|c: char| c.is_whitespace() || c == '-'))
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("-"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_spelled_as_a_wiki_link_names_no_note() {
        for text in [
            r#"\"black\",\"silver\""#,
            "80,100,120",
            "1,2,3,4e3],[5,6.0,7,8",
            r#""item1"], ["item2""#,
        ] {
            assert!(!may_name_a_note(text), "{text}");
        }
        for note in [
            "Note",
            "2024-01-15",
            "Note#Heading, part",
            "a, b",
            "Folder/Note|shown",
            "1.5",
        ] {
            assert!(may_name_a_note(note), "{note}");
        }
    }

    fn paths(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| (*n).to_owned()).collect()
    }

    #[test]
    fn a_note_is_found_by_dendrons_vault_address_and_with_its_extension() {
        let notes = Notes::new(
            &paths(&["vault/dendron.topic.links.md", "vault/b.md"]),
            Names::AnyCase,
        );
        assert_eq!(notes.find("dendron://site-vault/dendron.topic.links"), [0]);
        assert_eq!(notes.find("b.md"), [1]);
        assert_eq!(notes.find("B"), [1]);
        assert!(notes.find("b.txt").is_empty());
        assert!(notes.find("dendron://site-vault/nope").is_empty());
    }

    #[test]
    fn a_github_wikis_page_is_found_by_its_name_with_spaces() {
        let notes = Notes::new(
            &paths(&[
                "wiki/Coding-Guidelines.md",
                "wiki/FAQ Notes.md",
                "wiki/FAQ-Notes.md",
            ]),
            Names::AnyCase,
        );
        assert_eq!(notes.find("Coding Guidelines"), [0]);
        assert_eq!(notes.find("coding  guidelines"), [0]);
        // A note named as written comes first.
        assert_eq!(notes.find("FAQ Notes"), [1]);
        assert!(notes.find("Coding Guide").is_empty());
    }

    #[test]
    fn of_several_notes_of_a_name_the_one_at_the_top_comes_first() {
        let notes = Notes::new(
            &paths(&[
                "docs/advanced/index.md",
                "docs/features/index.md",
                "docs/index.md",
                "docs/x/Latex.md",
                "docs/y/Latex.md",
            ]),
            Names::AnyCase,
        );
        assert_eq!(notes.find("index"), [2, 0, 1]);
        assert_eq!(notes.find("features/index"), [1]);
        assert_eq!(notes.find("latex"), [3, 4]);
    }

    #[test]
    fn a_quartz_site_finds_a_note_by_its_slug_in_its_own_case() {
        let site = paths(&["docs/features/RSS feed.md", "docs/full text search.md"]);
        let notes = Notes::new(&site, Names::Slugs);
        assert_eq!(notes.find("RSS feed"), [0]);
        assert!(notes.find("RSS Feed").is_empty(), "another case");
        assert_eq!(notes.find("full-text search"), [1], "a space as a -");
        assert_eq!(notes.find("features/RSS-feed"), [0]);
        let vault = Notes::new(&site, Names::AnyCase);
        assert_eq!(vault.find("rss FEED"), [0]);
        assert!(vault.find("full-text search").is_empty());
    }

    #[test]
    fn a_vault_whose_notes_are_named_with_dots_is_told() {
        let dendron = paths(&["v/root.md", "v/a.b.md", "v/a.b.c.md"]);
        assert!(Notes::new(&dendron, Names::AnyCase).names_dotted());
        let obsidian = paths(&["v/Home.md", "v/Plan.md", "v/v1.2 notes.md"]);
        assert!(!Notes::new(&obsidian, Names::AnyCase).names_dotted());
    }
}
