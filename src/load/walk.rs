//! The files of a call: the walk, each file's namespace and place, and the
//! words of the first ones counted while the others are named.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use super::pages::with_parallel_pages;
use super::places::place;
use crate::error::{FailedFile, FileError};
use crate::fit::Place;
use crate::namespace;
use crate::selector;
use crate::source::{self, Entry, Globs, Input, Limits};
use crate::tree::front_matter_of;
use crate::words::count_words;

/// The files a call reads, in input order, with their namespaces; inputs that
/// could not be read at all hold their error in place.
pub(crate) struct Walk {
    pub(super) slots: Vec<Result<(Entry, String), FailedFile>>,
    /// Per file found: where it lies under a directory given, if it does.
    pub(super) places: Vec<Option<Place>>,
    /// Which file found is standard input, read only once.
    stdin: Option<usize>,
    /// The words of the first files found, by position, counted while the
    /// others were named (see [`Walk::counting`]); `None` where a file was
    /// not read.
    pub(super) words_ahead: Vec<Option<u32>>,
    /// How many directories given were walked (whether or not they held a
    /// file).
    dirs: usize,
}

impl Walk {
    /// Expands directories (listing their folders on up to `threads` threads,
    /// keeping the files the `globs` keep) and names every file found.
    pub fn new(inputs: &[Input], threads: usize, globs: &Globs) -> Walk {
        Walk::build(inputs, threads, globs, None)
    }

    /// [`Walk::new`], counting the words of the first files on another thread
    /// while the files are named (of a walk large enough to name on several
    /// threads): naming leaves the second core mostly idle, and most pages
    /// of a tree too large to outline are only counted ([`Walk::outline`]).
    pub fn counting(inputs: &[Input], threads: usize, globs: &Globs, limits: &Limits) -> Walk {
        Walk::build(inputs, threads, globs, Some(limits))
    }

    fn build(inputs: &[Input], threads: usize, globs: &Globs, count: Option<&Limits>) -> Walk {
        let source::Expanded { found, dirs } = source::expand(inputs, threads, globs);
        let entries = || {
            found
                .iter()
                .filter_map(|(f, dir)| Some((f.as_ref().ok()?, *dir)))
        };
        let places = || {
            let mut last: Option<(&Path, Place)> = None;
            entries()
                .map(|(entry, dir)| dir.and_then(|k| place(&inputs[k], k, entry, &mut last)))
                .collect::<Vec<_>>()
        };
        let name = || {
            let paths: Vec<_> = entries().map(|(entry, _)| entry.shown()).collect();
            namespace::namespaces_on(&paths, threads)
        };
        // Files are placed in their folders on another thread while they are
        // named, and then counted until they are: naming waits on one thread
        // for most of its time.
        let named = AtomicBool::new(false);
        let beside = || {
            let places = places();
            let words = count.map_or_else(Vec::new, |limits| {
                count_ahead(entries().map(|(entry, _)| entry), limits, Some(&named))
            });
            (places, words)
        };
        let (names, (places, words_ahead)) = if threads > 1 && found.len() >= PLACED_APART {
            std::thread::scope(|scope| {
                let placing = scope.spawn(beside);
                let names = name();
                named.store(true, Ordering::Relaxed);
                let beside = placing
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                (names, beside)
            })
        } else {
            (name(), (places(), Vec::new()))
        };
        let mut names = names.into_iter();
        let stdin = entries().position(|(entry, _)| *entry == Entry::Stdin);
        // A parallel page is looked for only while few paths are missing.
        let missing = found
            .iter()
            .filter(|(f, _)| f.as_ref().is_err_and(|f| f.error == FileError::NotFound))
            .count();
        let few_missing = missing <= source::SUGGESTED_MISSING;
        let slots = found
            .into_iter()
            .map(|(f, _)| {
                f.map(|entry| (entry, names.next().unwrap_or_default()))
                    .map_err(|f| match few_missing {
                        true => with_parallel_pages(f),
                        false => f,
                    })
            })
            .collect();
        Walk {
            slots,
            places,
            stdin,
            words_ahead,
            dirs,
        }
    }

    /// How many directories given were walked, whether or not they held a
    /// file the globs keep.
    pub fn dirs(&self) -> usize {
        self.dirs
    }

    /// Whether some file was found by walking a directory.
    pub fn walked_a_directory(&self) -> bool {
        self.places.iter().any(Option::is_some)
    }

    /// Where each file found lies under a directory given, by position.
    #[cfg(test)]
    pub fn places(&self) -> &[Option<Place>] {
        &self.places
    }

    /// Whether nothing at all was found (no file, no error).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// What the files' front matter routes ([`selector::route_paths`]), each
    /// file read again (standard input is not): for a page's address that no
    /// file's path is.
    pub fn routes(&self, limits: &Limits) -> Vec<(String, usize)> {
        let entries = (self.slots.iter()).filter_map(|s| s.as_ref().ok().map(|(entry, _)| entry));
        let routes: Vec<Vec<(String, selector::Moves)>> = entries
            .map(|entry| match entry {
                Entry::Stdin => Vec::new(),
                _ => (source::read(entry, limits).ok())
                    .and_then(|read| front_matter_of(&read.text).map(selector::routes_of))
                    .unwrap_or_default(),
            })
            .collect();
        let paths = self.paths();
        let each: Vec<(&str, &[(String, selector::Moves)])> = (paths.iter().zip(&routes))
            .map(|(path, routes)| (path.as_str(), &routes[..]))
            .collect();
        // Following a link, a page is found at its file's address too.
        (selector::route_paths(&each).into_iter())
            .map(|(path, doc, _)| (path, doc))
            .collect()
    }

    /// The paths of the files found as shown, in input order.
    pub fn paths(&self) -> Vec<String> {
        self.slots
            .iter()
            .filter_map(|s| s.as_ref().ok().map(|(entry, _)| entry.display()))
            .collect()
    }

    /// The namespaces of the files found, in input order.
    pub fn namespaces(&self) -> Vec<String> {
        self.slots
            .iter()
            .filter_map(|s| s.as_ref().ok().map(|(_, ns)| ns.clone()))
            .collect()
    }

    /// Which file found (by position) is standard input, which can be read
    /// only once.
    pub fn stdin(&self) -> Option<usize> {
        self.stdin
    }

    /// This walk with the words of every file counted ahead, as if naming
    /// had taken long enough for all of them.
    #[cfg(test)]
    pub fn counted_ahead(mut self, limits: &Limits) -> Walk {
        let entries = self.slots.iter().filter_map(|s| s.as_ref().ok());
        self.words_ahead = count_ahead(entries.map(|(entry, _)| entry), limits, None);
        self
    }

    /// What it takes to read each file again, as if each had been read
    /// once now.
    #[cfg(test)]
    pub fn reopener(self, limits: &Limits) -> super::Reopen {
        let files: Vec<_> = self.slots.into_iter().filter_map(Result::ok).collect();
        let mut reopen = super::Reopen::new(files.len(), limits.clone());
        for (i, (entry, ns)) in files.into_iter().enumerate() {
            if let (false, Ok(source)) = (entry == Entry::Stdin, source::read(&entry, limits)) {
                reopen.remember(i, entry, ns, source.text.len());
            }
        }
        reopen
    }
}

/// Below this many files, placing them costs less than starting a thread.
const PLACED_APART: usize = 4096;

/// The words of each file in turn as its document counts them
/// ([`crate::Document::words`]), until
/// `stop` is set; `None` for a file that cannot be read (its reader reports
/// why) and for standard input and text in memory, which are left to theirs.
fn count_ahead<'a>(
    entries: impl Iterator<Item = &'a Entry>,
    limits: &Limits,
    stop: Option<&AtomicBool>,
) -> Vec<Option<u32>> {
    let mut words = Vec::new();
    for entry in entries {
        if stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
            break;
        }
        let counted = match entry {
            Entry::Walked(_) | Entry::File(_) => source::read(entry, limits)
                .ok()
                .and_then(|source| u32::try_from(count_words(&source.text)).ok()),
            Entry::Stdin | Entry::Bytes { .. } => None,
        };
        words.push(counted);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk of many files, named and placed on several threads (the
    /// places apart from the names), is the walk one thread makes.
    #[test]
    fn a_walk_is_the_same_on_any_number_of_threads() {
        let dir = tempfile::tempdir().unwrap();
        for f in 0..PLACED_APART + 100 {
            let folder = dir.path().join(format!("f{}/s{}", f % 7, f % 3));
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(folder.join(format!("p{}.md", f % 1500)), "# P\n").unwrap();
        }
        let inputs = [Input::Path(dir.path().to_path_buf())];
        let one = Walk::new(&inputs, 1, &Globs::default());
        assert!(one.places.len() > PLACED_APART / 2, "{}", one.places.len());
        assert!(one.places().iter().all(Option::is_some));
        for threads in [2, 3] {
            let many = Walk::new(&inputs, threads, &Globs::default());
            assert_eq!(many.paths(), one.paths(), "{threads} threads");
            assert_eq!(many.namespaces(), one.namespaces(), "{threads} threads");
            assert_eq!(many.places(), one.places(), "{threads} threads");
        }
    }

    /// Words counted ahead are those the file's reader counts, and none
    /// where it could not be read (it reports why) or cannot be read twice.
    #[test]
    fn words_counted_ahead_are_the_readers_words() {
        let dir = tempfile::tempdir().unwrap();
        let file = |name: &str, bytes: &[u8]| {
            let path = dir.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            Entry::Walked(path)
        };
        let entries = [
            file("plain.md", b"# Title\n\nsome words here\n"),
            file("bom.md", b"\xef\xbb\xbfone two"),
            file("wide.md", "日本語 の ページ\u{3000}です".as_bytes()),
            file("empty.md", b""),
            file("latin1.md", b"caf\xe9 au lait"),
            file("binary.md", b"a\0b"),
            file("large.md", &b"word ".repeat(100)),
            Entry::Walked(dir.path().join("missing.md")),
            Entry::Stdin,
            Entry::Bytes {
                name: "in-memory".into(),
                bytes: b"two words".to_vec(),
            },
        ];
        let counted = count_ahead(entries.iter(), &Limits::new(100), None);
        let read = entries.iter().map(|entry| match entry {
            Entry::Stdin | Entry::Bytes { .. } => None,
            _ => source::read(entry, &Limits::new(100))
                .ok()
                .map(|source| crate::tree::parse_document(source).words() as u32),
        });
        assert_eq!(counted, read.collect::<Vec<_>>());
        assert_eq!(counted[..4], [Some(5), Some(2), Some(4), Some(0)]);
        assert!(counted[4..].iter().all(Option::is_none), "{counted:?}");
        // Once the names are made, counting stops.
        let stop = AtomicBool::new(true);
        assert!(count_ahead(entries.iter(), &Limits::new(100), Some(&stop)).is_empty());
    }
}
