//! Folding a directory's outline by folders (docs/output.md, "Text"): when its document lines
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
use super::measure::{line_size, marker_size};
use crate::render::lines::{Item, Line, Marker, name_gives};

/// Where a document was found: under directory input number `input`, in
/// `folder` (its path relative to that directory, `/`-separated; empty when
/// directly in it). The documents of one folder share its name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Place {
    pub input: usize,
    pub folder: Arc<str>,
}

impl Place {
    /// How many folders lie between the document and its directory input.
    pub fn depth(&self) -> usize {
        match self.folder.len() {
            0 => 0,
            _ => self.folder.bytes().filter(|&b| b == b'/').count() + 1,
        }
    }
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
#[derive(Debug)]
pub(crate) struct Tree {
    /// Per document: its own line (`None`: only counted, never listed), and
    /// the folders holding it (outermost first).
    docs: Vec<(Option<Line>, Vec<usize>)>,
    /// Documents per depth (the length of their folder chain).
    per_depth: Vec<usize>,
    /// The least depth of a document only counted (`usize::MAX`: none): no
    /// fold deeper than it is tried.
    counted_from: usize,
    dirs: Vec<Dir>,
    index: HashMap<(usize, String), usize>,
    /// The deepest folder.
    height: u8,
    /// The last document's place and folders: a folder's documents come
    /// together, so most documents look up nothing.
    last: Option<(Place, Vec<usize>)>,
}

impl Default for Tree {
    fn default() -> Tree {
        Tree {
            docs: Vec::new(),
            per_depth: Vec::new(),
            counted_from: usize::MAX,
            dirs: Vec::new(),
            index: HashMap::default(),
            height: 0,
            last: None,
        }
    }
}

impl Tree {
    /// Adds the next document's line (`depth` 0) and where it was found.
    pub fn push(&mut self, header: &Line, place: Option<&Place>) {
        let mut line = header.clone();
        line.descendants = 0;
        self.add(Some(line), header.words, place);
    }

    /// Adds the next document by its words alone: one no fold can list
    /// ([`Tree::counts_only_from`]).
    pub fn push_counted(&mut self, words: usize, place: Option<&Place>) {
        self.add(None, words, place);
    }

    /// The folder depth from which no document can be listed by its own line
    /// in a fold that fits `budget`, whatever documents are added after: its
    /// folders' lines count it. Every document line has two words at least
    /// (its file name and its word count), so once the lines of the documents
    /// less than `d` folders deep alone have more words than the budget, no
    /// fold at depth `d` or deeper fits, and a fold at a shallower depth `D`
    /// lists only the documents less than `D` folders deep (when none fits,
    /// the top level is paged: documents in no folder).
    pub fn counts_only_from(&self, budget: Budget) -> Option<usize> {
        let mut listed = 0usize;
        (1..=self.per_depth.len()).find_map(|d| {
            listed += self.per_depth[d - 1];
            (listed.saturating_mul(2) > budget.words).then_some((d - 1).max(1))
        })
    }

    fn add(&mut self, line: Option<Line>, words: usize, place: Option<&Place>) {
        let mut chain = Vec::new();
        let place = place.filter(|p| !p.folder.is_empty());
        if let (Some(place), Some((last, folders))) = (place, &self.last)
            && place == last
        {
            chain.clone_from(folders);
            for &k in &chain {
                let dir = &mut self.dirs[k];
                dir.docs += 1;
                dir.words = dir.words.saturating_add(words);
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
                dir.words = dir.words.saturating_add(words);
                chain.push(k);
            }
            self.last = Some((place.clone(), chain.clone()));
        }
        if line.is_none() {
            debug_assert!(
                !chain.is_empty(),
                "a document in no folder is always listed"
            );
            self.counted_from = self.counted_from.min(chain.len());
        }
        if self.per_depth.len() <= chain.len() {
            self.per_depth.resize(chain.len() + 1, 0);
        }
        self.per_depth[chain.len()] += 1;
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
    /// subfolders, each named by its file name alone: the line above
    /// gives the folder.
    pub fn lines_at(&self, d: u8, inputs: &[String]) -> Vec<Line> {
        debug_assert!(
            usize::from(d) <= self.counted_from,
            "a counted document listed"
        );
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
                    let listed = own[k].iter().filter_map(|&i| self.docs[i].0.as_ref());
                    out.extend(listed.map(member));
                }
            }
            if let (true, Some(line)) = (chain.is_empty(), line) {
                out.push(line.clone());
            }
        }
        out
    }

    /// The deepest folder depth whose lines and marker fit, with them.
    /// A fold that would list a document only counted is not tried: it is
    /// one no document line has room in ([`Tree::counts_only_from`]).
    pub fn fold(
        &self,
        budget: Budget,
        inputs: &[String],
        flags: &[String],
    ) -> Option<(Vec<Line>, Marker)> {
        let deepest = self
            .height
            .min(u8::try_from(self.counted_from).unwrap_or(u8::MAX));
        (1..=deepest).rev().find_map(|d| {
            let lines = self.lines_at(d, inputs);
            let marker = self.marker(d, inputs, flags)?;
            let size = lines
                .iter()
                .fold(marker_size(&marker), |total, l| total + line_size(l, 0));
            budget.fits(size).then_some((lines, marker))
        })
    }

    /// Names the call that expands the biggest folder at depth `d`, with
    /// the options that shaped the response.
    pub fn marker(&self, d: u8, inputs: &[String], flags: &[String]) -> Option<Marker> {
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
            flags: within_folder(flags),
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

/// The options of a call as they apply to a folder beneath a directory given:
/// a `--glob` tied to that directory ([`anchored`](crate::source::anchored):
/// `api/**`) would mean something else there, and is left out; the others are
/// kept as they are.
pub(crate) fn within_folder(flags: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(flags.len());
    let mut words = flags.iter();
    while let Some(flag) = words.next() {
        if flag == "--glob" {
            match words.next() {
                Some(pattern) if crate::source::anchored(pattern) => {}
                Some(pattern) => out.extend([flag.clone(), pattern.clone()]),
                None => out.push(flag.clone()),
            }
        } else {
            out.push(flag.clone());
        }
    }
    out
}

/// A document's line under its folder's line: its file name, and its
/// namespace only when the file name alone would not give it.
fn member(line: &Line) -> Line {
    let Item::Document {
        namespace,
        path,
        title,
        ..
    } = &line.item
    else {
        return line.clone();
    };
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let namespace = (!name_gives(namespace, name)).then(|| namespace.clone());
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
