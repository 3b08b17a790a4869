//! A vault's links (docs/links.md, "Links both ways"): a wiki link's note
//! and heading, and a Markdown link Obsidian resolves as it does a wiki
//! link (`[App](App)` as `[[App]]`, a note by name).

use std::ops::Range;
use std::sync::LazyLock;

use super::docs::depth;
use super::landing::{Broken, Inputs, Landing, Lands};
use super::link_paths::{is_attachment, is_contents_marker, lands_outside};
use super::notes::{Names, Notes, reference_start};
use crate::paths::{is_markdown_name, parts, percent_decoded};

impl Lands<'_, '_> {
    /// A wiki link's note and heading (`Note#Heading|shown`, the shown text
    /// already left out by the parser), written in document `from`:
    /// `[[#Heading]]` is a heading of that document, and of a nested heading
    /// path (`[[Note#Part#Heading]]`) the last heading names the section.
    /// A Dendron note reference's range (`![[note#start,1:#end]]`) lands on
    /// where it starts. In a table, `\|` ends the target.
    pub(super) fn wiki(&mut self, from: usize, target: &str) -> Landing {
        // A table escapes the `|` before a shown text (`[[Note#Part\|x]]`).
        let target = target.strip_suffix('\\').unwrap_or(target);
        let (note, heading) = match target.split_once('#') {
            Some((note, path)) => (
                note.trim(),
                match reference_start(path) {
                    Some(start) => Some(start),
                    None => path.rsplit('#').map(str::trim).find(|h| !h.is_empty()),
                },
            ),
            None => (target.trim(), None),
        };
        if note.is_empty() {
            return self.in_page(from, heading);
        }
        let notes = self.inputs.notes();
        let found = *(self.notes.entry(note.to_owned()))
            .or_insert_with(|| notes.find(note).first().copied());
        match found {
            Some(doc) => self.in_page(doc, heading.filter(|h| !h.is_empty())),
            // No note, but an attachment (`[[diagram.png]]`): a file of the
            // vault that is not Markdown, not among the inputs, not checked.
            None if is_attachment(note, notes.names_dotted()) => Landing::External,
            // No note, but the marker of the page's table of contents.
            None if is_contents_marker(note) && heading.is_none() => Landing::External,
            None => Landing::Broken {
                suggestion: self.nearest_file(from, note, heading).map(|doc| {
                    format!(
                        "[[{}]]",
                        notes.shortest_name(&self.inputs.pages[doc].path, doc)
                    )
                }),
                why: Broken::Note(note.to_owned()),
            },
        }
    }

    /// Where a link by a GitHub wiki's own address lands: on its page, as
    /// `[[Page#x]]` does. `None` for any other target.
    pub(super) fn own_wiki_page(&mut self, from: usize, target: &str) -> Option<Landing> {
        let own = self.inputs.own_wiki.as_deref()?;
        let (_, page) = wiki_url(target).filter(|(repo, _)| repo.eq_ignore_ascii_case(own))?;
        Some(self.wiki(from, &page))
    }

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

impl Inputs<'_> {
    /// The inputs' paths made ready for wiki links' lookups (by slug on a
    /// Quartz site, else in any case), made when a first is looked up.
    pub(super) fn notes(&self) -> &Notes {
        self.notes_named.get_or_init(|| {
            let names = match self.quartz() {
                true => Names::Slugs,
                false => Names::AnyCase,
            };
            Notes::new(&self.paths(), names)
        })
    }

    /// Whether the inputs are a GitHub wiki's: a `Home.md` and a
    /// `_Sidebar.md` or `_Footer.md` in the folder they are all in, where
    /// GitHub reads them. Its piped links are written label first
    /// (`[[label|Page]]`), and a Markdown link to a page's name
    /// (`[home](Home)`) is to that page from any folder.
    pub(crate) fn github_wiki(&self) -> bool {
        *self.github_wiki.get_or_init(|| {
            let top = self.pages.iter().map(|p| depth(&p.path)).min();
            let at_top: Vec<&str> = (self.pages.iter())
                .filter(|p| Some(depth(&p.path)) == top)
                .filter_map(|p| parts(&p.path).next_back())
                .collect();
            let has = |name: &str| at_top.iter().any(|f| f.eq_ignore_ascii_case(name));
            has("Home.md") && (has("_Sidebar.md") || has("_Footer.md"))
        })
    }

    /// Which repository's wiki the inputs are, read from the targets of
    /// their links: on a GitHub wiki, the repository whose wiki addresses
    /// name its pages most often, at least twice.
    pub(crate) fn read_own_wiki<'t>(&mut self, targets: impl Iterator<Item = &'t str>) {
        if !self.github_wiki() {
            return;
        }
        let notes = self.notes();
        let mut named: Vec<(String, usize)> = Vec::new();
        for (repo, page) in targets.filter_map(wiki_url) {
            let page = page.split('#').next().unwrap_or_default();
            if notes.find(page).is_empty() {
                continue;
            }
            let repo = repo.to_lowercase();
            match named.iter_mut().find(|(r, _)| *r == repo) {
                Some((_, n)) => *n += 1,
                None => named.push((repo, 1)),
            }
        }
        named.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
        self.own_wiki = named
            .first()
            .filter(|(_, n)| *n >= 2)
            .map(|(repo, _)| repo.clone());
    }
}

/// A GitHub wiki's page address (`https://github.com/OWNER/REPO/wiki/Page#x`):
/// the wiki's repository (`OWNER/REPO`) and the page with its anchor,
/// percent-decoded (`Home` where the address names none).
pub(crate) fn wiki_url(target: &str) -> Option<(&str, String)> {
    // (Most targets name no GitHub page: they are passed by with a byte
    // search, which every external link of a sweep is asked.)
    let bytes = target.as_bytes();
    let at = |i: usize, part: &[u8]| bytes[i..].starts_with(part);
    if !memchr::memchr_iter(b'g', bytes).any(|i| at(i, b"github.com/"))
        || !memchr::memchr_iter(b'/', bytes).any(|i| at(i, b"/wiki"))
    {
        return None;
    }
    let rest = target.trim().split_once("://")?.1;
    let rest = (rest.strip_prefix("www.")).unwrap_or(rest);
    let rest = rest.strip_prefix("github.com/")?;
    let mut parts = rest.splitn(4, '/');
    let (owner, repo) = (parts.next()?, parts.next()?);
    if parts.next() != Some("wiki") || owner.is_empty() || repo.is_empty() {
        return None;
    }
    let page = parts.next().unwrap_or_default();
    let page = match page.split(['#', '?']).next() {
        Some("") => format!("Home{}", &page[page.find('#').unwrap_or(page.len())..]),
        _ => page.to_owned(),
    };
    let page = percent_decoded(&page).unwrap_or(page);
    Some((&rest[..owner.len() + 1 + repo.len()], page))
}

/// The stretches an Obsidian comment hides (`%% hidden %%`, inline or over
/// several lines, as Obsidian reads it: no link in one is followed or
/// counted), as byte ranges of `text`. A `%%` in code (`in_code`, or
/// between backticks on its line) opens or closes none.
pub(crate) fn comments(text: &str, in_code: &mut dyn FnMut(usize) -> bool) -> Vec<Range<usize>> {
    static MARK: LazyLock<memchr::memmem::Finder<'static>> =
        LazyLock::new(|| memchr::memmem::Finder::new("%%"));
    let bytes = text.as_bytes();
    let mut marks = Vec::new();
    let mut after = 0;
    for at in MARK.find_iter(bytes) {
        // (`%%%%` is two marks, not three.)
        if at < after {
            continue;
        }
        let line = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |i| i + 1);
        let ticks = memchr::memchr_iter(b'`', &bytes[line..at]).count();
        if ticks.is_multiple_of(2) && !in_code(at) {
            marks.push(at);
            after = at + 2;
        }
    }
    (marks.chunks_exact(2))
        .map(|pair| pair[0]..pair[1] + 2)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_obsidian_comment_hides_what_it_holds_but_in_code() {
        let text = "a %% [[x]] %% b\n\n%%\n[[y]]\n%%\n\n`%%` [[z]] and %% open";
        let hidden = comments(text, &mut |_| false);
        let held: Vec<&str> = hidden.iter().map(|r| &text[r.clone()]).collect();
        assert_eq!(held, ["%% [[x]] %%", "%%\n[[y]]\n%%"]);
        // A mark in a code block is none: the next one opens.
        let shifted = comments(text, &mut |at| at < 4);
        assert_eq!(shifted.first().map(|r| r.start), Some(11));
    }

    #[test]
    fn a_wiki_pages_address_names_its_repository_and_page() {
        let page = |url: &str| wiki_url(url).map(|(repo, page)| (repo.to_owned(), page));
        let at = |repo: &str, page: &str| Some((repo.to_owned(), page.to_owned()));
        assert_eq!(
            page("https://github.com/Microsoft/TypeScript/wiki/Standalone-Server-%28tsserver%29#x"),
            at("Microsoft/TypeScript", "Standalone-Server-(tsserver)#x")
        );
        assert_eq!(page("https://www.github.com/o/r/wiki"), at("o/r", "Home"));
        assert_eq!(
            page("https://github.com/o/r/wiki/#faq"),
            at("o/r", "Home#faq")
        );
        assert_eq!(page("https://github.com/o/r/blob/main/README.md"), None);
        assert_eq!(page("https://gitlab.com/o/r/wiki/Page"), None);
    }
}
