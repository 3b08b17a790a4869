//! The files a page includes (docs/links.md, "Links both ways"): their
//! headings are the including page's, for the links that land on it.

use super::landing::{Landing, Lands};
use super::targets::Exact;

impl Lands<'_, '_> {
    /// The section `anchor` names in a file page `doc` includes (and in the
    /// files those include), as its own: the first that has it, among the
    /// files [`Lands::includes`] reaches.
    pub(super) fn included(&mut self, doc: usize, anchor: &str) -> Option<Landing> {
        if self.inputs.pages[doc].includes.is_empty() {
            return None;
        }
        if !self.reach.contains_key(&doc) {
            let reach = self.includes(doc);
            self.reach.insert(doc, reach);
        }
        let pages = self.inputs.pages;
        self.reach[&doc].iter().find_map(|&found| {
            let section = pages[found].find(anchor, Exact::Loose)?;
            Some(Landing::Page {
                doc: found,
                section,
            })
        })
    }

    /// The files page `doc` includes, then those they include, in order:
    /// at most [`INCLUDED_MOST`], found among as many includes at most ten
    /// times over, so a page's broken fragments cost a bounded lookup each.
    fn includes(&mut self, doc: usize) -> Vec<usize> {
        let pages = self.inputs.pages;
        let mut seen = vec![doc];
        let mut read = 0;
        let mut next = 0;
        while let Some(&from) = seen.get(next) {
            next += 1;
            for path in &pages[from].includes {
                read += 1;
                if seen.len() > INCLUDED_MOST || read > 10 * INCLUDED_MOST {
                    return seen.split_off(1);
                }
                let found = match path.starts_with('/') {
                    true => self.site(from, path),
                    false => self.in_folder(from, path),
                };
                if let Some(found) = found.filter(|d| !seen.contains(d)) {
                    seen.push(found);
                }
            }
        }
        seen.split_off(1)
    }
}

/// The most files a page's includes are read through for an anchor: a
/// page includes a few.
const INCLUDED_MOST: usize = 64;
