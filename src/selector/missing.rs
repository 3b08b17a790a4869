//! A missing page's suggestion (docs/links.md, "Links both ways"): the
//! input whose name is nearest to the one a broken link names, in the
//! linking page's language.

use super::landing::{Broken, Landing, Lands};
use super::link_paths::{Disk, disk};
use super::near_page::{in_folders, named_stem};

impl Lands<'_, '_> {
    /// A path no input is: a file on disk, outside the folders it may be
    /// looked for in, or nowhere. Each path is asked of the file system
    /// once: every page of a folder may link to the same missing one.
    pub(super) fn on_disk(&mut self, from: usize, path: String, anchor: Option<&str>) -> Landing {
        let disk = match self.disk.get(&path) {
            Some(&disk) => disk,
            None => {
                let disk = disk(&path, self.inputs.within.as_deref());
                self.disk.insert(path.clone(), disk);
                disk
            }
        };
        match disk {
            Disk::File => Landing::File(path),
            Disk::Outside => Landing::External,
            Disk::Missing => self.no_file(from, path, anchor),
        }
    }

    /// Whether the site serves `path` as a file of its own
    /// ([`Inputs::serves_as_is`]), asked of the file system once per path.
    ///
    /// [`Inputs::serves_as_is`]: super::landing::Inputs
    pub(super) fn serves_as_is(&mut self, path: &str) -> bool {
        if let Some(&served) = self.as_is.get(path) {
            return served;
        }
        let served = self.inputs.serves_as_is(path);
        self.as_is.insert(path.to_owned(), served);
        served
    }

    /// A path no input and no file is, with the input whose file name is
    /// nearest as the suggestion (of those as near, one with the link's
    /// anchor).
    pub(super) fn no_file(&mut self, from: usize, path: String, anchor: Option<&str>) -> Landing {
        Landing::Broken {
            suggestion: self
                .nearest_file(from, &path, anchor)
                .map(|doc| self.inputs.pages[doc].shown_path().to_owned()),
            why: Broken::File(path),
        }
    }

    /// The input whose name is nearest to the one `path` ends with, if any
    /// is near ([`PageNames::nearest`], looked up once per name), of several
    /// as near the one [`in_folders`] picks.
    pub(super) fn nearest_file(
        &mut self,
        from: usize,
        path: &str,
        anchor: Option<&str>,
    ) -> Option<usize> {
        if !self.suggests {
            return None;
        }
        let name = named_stem(path.trim_end_matches('/'), None);
        let inputs = self.inputs;
        // Not a page of another language's tree than the linking page's.
        let ours = self.language_of(from).map(str::to_owned);
        let theirs = |doc: usize| self.language_of(doc);
        let among =
            |doc: usize| ours.is_none() || theirs(doc).is_none_or(|t| Some(t) == ours.as_deref());
        let key = (ours.clone(), name.to_owned());
        let near = match self.nearest.get(&key) {
            Some(near) => near.clone(),
            None => {
                let near = inputs.page_names().nearest(name, &among);
                self.nearest.insert(key, near.clone());
                near
            }
        };
        let near: Vec<usize> = (near.into_iter())
            .filter(|&doc| !self.is_translation_for(doc, from))
            .collect();
        in_folders(inputs.pages, &near, path, anchor)
    }
}
