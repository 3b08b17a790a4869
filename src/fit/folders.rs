//! Folding a directory's outline by folders (SPEC §14): when its document lines
//! do not fit, folder lines `<folder>/ (<N> docs, <words>w)` at the deepest
//! folder depth that fits, breadth first as headings fold; documents standing
//! directly in a shown folder level are listed as document lines there.
//!
//! Folder depth 1 is the folders directly in a directory given; a document's
//! depth is the number of folders between it and that directory (0: directly
//! in it, or a file named on its own). Folders are numbered as the walk first
//! meets them, which is path order, so a folder's documents are contiguous.

use foldhash::HashMap;
use std::sync::Arc;

use super::budget::Budget;
use super::lines::{Item, Line, Marker, marker_size};

/// Where a document was found: under directory input number `input`, in
/// `folder` (its path relative to that directory, `/`-separated; empty when
/// directly in it). The documents of one folder share its name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Place {
    pub input: usize,
    pub folder: Arc<str>,
}

/// One folder and what lies beneath it.
#[derive(Debug)]
struct Dir {
    input: usize,
    /// Relative to its directory input.
    path: String,
    depth: u8,
    docs: usize,
    words: usize,
}

/// The documents of a call, each with its place, for folding by folders.
#[derive(Debug, Default)]
pub(crate) struct Tree {
    /// Per document: its own line, and the folders holding it (outermost first).
    docs: Vec<(Line, Vec<usize>)>,
    dirs: Vec<Dir>,
    index: HashMap<(usize, String), usize>,
    /// The deepest folder.
    height: u8,
    /// The last document's place and folders: a folder's documents come
    /// together, so most documents look up nothing.
    last: Option<(Place, Vec<usize>)>,
}

impl Tree {
    /// Adds the next document's line (`depth` 0) and where it was found.
    pub fn push(&mut self, header: &Line, place: Option<&Place>) {
        let mut chain = Vec::new();
        let place = place.filter(|p| !p.folder.is_empty());
        if let (Some(place), Some((last, folders))) = (place, &self.last)
            && place == last
        {
            chain.clone_from(folders);
            for &k in &chain {
                let dir = &mut self.dirs[k];
                dir.docs += 1;
                dir.words = dir.words.saturating_add(header.words);
            }
        } else if let Some(place) = place {
            let mut end = 0;
            for (depth, part) in place.folder.split('/').enumerate() {
                end += part.len() + usize::from(depth > 0);
                let path = &place.folder[..end];
                let key = (place.input, path.to_owned());
                let next = self.dirs.len();
                let k = *self.index.entry(key).or_insert(next);
                if k == next {
                    let depth = u8::try_from(depth + 1).unwrap_or(u8::MAX);
                    self.height = self.height.max(depth);
                    self.dirs.push(Dir {
                        input: place.input,
                        path: path.to_owned(),
                        depth,
                        docs: 0,
                        words: 0,
                    });
                }
                let dir = &mut self.dirs[k];
                dir.docs += 1;
                dir.words = dir.words.saturating_add(header.words);
                chain.push(k);
            }
            self.last = Some((place.clone(), chain.clone()));
        }
        let mut line = header.clone();
        line.descendants = 0;
        self.docs.push((line, chain));
    }

    /// Whether any document stands in a folder.
    pub fn has_folders(&self) -> bool {
        self.height > 0
    }

    /// The lines shown at folder depth `d`: every folder at most `d` deep and
    /// every document in a folder shallower than `d`, in path order.
    ///
    /// A folder's own documents come right after its line, before its
    /// subfolders, each named by its file name alone (SPEC §17): the line above
    /// gives the folder.
    pub fn lines_at(&self, d: u8, inputs: &[String]) -> Vec<Line> {
        let mut shown = vec![false; self.dirs.len()];
        // Per folder, its own documents (listed at this depth).
        let mut own: Vec<Vec<usize>> = vec![Vec::new(); self.dirs.len()];
        for (i, (_, chain)) in self.docs.iter().enumerate() {
            if let Some(&k) = chain.last().filter(|_| chain.len() < usize::from(d)) {
                own[k].push(i);
            }
        }
        let mut out = Vec::new();
        for (line, chain) in &self.docs {
            for &k in chain.iter().take(usize::from(d)) {
                if !shown[k] {
                    shown[k] = true;
                    out.push(self.folder_line(k, inputs));
                    out.extend(own[k].iter().map(|&i| member(&self.docs[i].0)));
                }
            }
            if chain.is_empty() {
                out.push(line.clone());
            }
        }
        out
    }

    /// The deepest folder depth whose lines and marker fit, with them.
    pub fn fold(&self, budget: Budget, inputs: &[String]) -> Option<(Vec<Line>, Marker)> {
        (1..=self.height).rev().find_map(|d| {
            let lines = self.lines_at(d, inputs);
            let marker = self.marker(d, inputs)?;
            let size = lines
                .iter()
                .fold(marker_size(&marker), |total, l| total + l.size(0));
            budget.fits(size).then_some((lines, marker))
        })
    }

    /// Names the call that expands the biggest folder at depth `d`.
    pub fn marker(&self, d: u8, inputs: &[String]) -> Option<Marker> {
        let biggest = self
            .dirs
            .iter()
            .filter(|dir| dir.depth == d)
            .max_by(|a, b| a.words.cmp(&b.words).then(b.docs.cmp(&a.docs)))?;
        Some(Marker::Folders {
            depth: d,
            folder: joined(
                inputs.get(biggest.input).map_or("", String::as_str),
                &biggest.path,
            ),
        })
    }

    fn folder_line(&self, k: usize, inputs: &[String]) -> Line {
        let dir = &self.dirs[k];
        // Paths are relative to the directory given; with several inputs,
        // prefixed with it, so each names one folder.
        let path = if inputs.len() > 1 {
            joined(inputs.get(dir.input).map_or("", String::as_str), &dir.path)
        } else {
            dir.path.clone()
        };
        Line {
            depth: dir.depth,
            item: Item::Folder {
                path,
                docs: dir.docs,
            },
            words: dir.words,
            descendants: 0,
            lines: None,
        }
    }
}

/// A document's line under its folder's line: its file name, and its
/// namespace only when the file name alone would not give it.
fn member(line: &Line) -> Line {
    let Item::Document {
        namespace,
        path,
        title,
    } = &line.item
    else {
        return line.clone();
    };
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    // Most namespaces are the file's stem in lowercase; only the others are
    // worked out again, to see whether the name alone gives them.
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    let given = stem.to_lowercase() == **namespace
        || crate::namespace::namespaces(&[name])
            .first()
            .map(String::as_str)
            == Some(namespace);
    let namespace = (!given).then(|| namespace.clone());
    Line {
        item: Item::Member {
            namespace,
            name: Arc::from(name),
            title: title.clone(),
        },
        ..line.clone()
    }
}

/// A folder's path as the caller would give it: the directory given, joined
/// with the folder.
fn joined(input: &str, folder: &str) -> String {
    if input.is_empty() || input == "." || input == "./" {
        // A folder named like an option (`-rf`) is passed as a path.
        if folder.starts_with('-') {
            format!("./{folder}")
        } else {
            folder.to_owned()
        }
    } else if input.ends_with('/') {
        format!("{input}{folder}")
    } else {
        format!("{input}/{folder}")
    }
}
