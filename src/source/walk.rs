//! The walk: inputs turned into the files to read, in one order on any number
//! of threads, each file kept once.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::{Path, PathBuf};

use super::globs::Globs;
use super::order::Keys;
use super::{Entry, Input, SUGGESTED_MISSING, failed};
use crate::error::{FailedFile, FileError};
use crate::paths::is_markdown_path;

/// What [`expand`] found: each file with the position of the directory input
/// it was found under (`None`: named directly, or not a file), and how many
/// directory inputs were walked (whether or not they held a file).
pub(crate) struct Expanded {
    pub found: Vec<(Result<Entry, FailedFile>, Option<usize>)>,
    pub dirs: usize,
}

/// Turns inputs into the files to read, in order: directories are walked
/// recursively (sorted, `.gitignore`- and hidden-aware, symlinks not followed) for
/// Markdown files the `globs` keep, and a file named twice is kept once. A file
/// named directly is read whatever the globs say. Inputs that cannot be read at
/// all, or are refused, become errors in place.
///
/// Up to `threads` threads list a directory's folders; the order is the same
/// on any number.
pub(crate) fn expand(inputs: &[Input], threads: usize, globs: &Globs) -> Expanded {
    let mut out = Vec::new();
    let mut seen = Seen::default();
    // Files named one by one are taken by their full identity; so are walked
    // files when some file was named too, since the inode number a directory
    // listing gives can differ from the one `stat` gives (overlay filesystems).
    let metas: Vec<Option<std::io::Result<fs::Metadata>>> = inputs
        .iter()
        .map(|i| match i {
            Input::Path(path) => Some(fs::metadata(path)),
            _ => None,
        })
        .collect();
    let named = metas
        .iter()
        .filter(|m| matches!(m, Some(Ok(meta)) if !meta.is_dir()))
        .count();
    let mut dirs = Vec::new();
    let mut walked_dirs = 0;
    for ((k, input), meta) in inputs.iter().enumerate().zip(metas) {
        let before = out.len();
        let mut walked = false;
        match input {
            Input::Stdin => seen.push(Entry::Stdin, None, &mut out),
            Input::Bytes { name, bytes } => seen.push(
                Entry::Bytes {
                    name: name.clone(),
                    bytes: bytes.clone(),
                },
                None,
                &mut out,
            ),
            Input::Refused { path, error } => out.push(Err(FailedFile {
                path: path.clone(),
                error: error.clone(),
                suggestions: Vec::new(),
            })),
            Input::Path(path) => match meta.unwrap_or_else(|| fs::metadata(path)) {
                Ok(meta) if meta.is_dir() => {
                    walked = true;
                    walked_dirs += 1;
                    let found = walk(path, threads, globs);
                    seen.reserve(found.len());
                    out.reserve(found.len());
                    for found in found {
                        match found {
                            Ok((file, ino)) => {
                                let ino = ino.filter(|_| named == 0);
                                seen.push(Entry::Walked(file), ino, &mut out);
                            }
                            Err(err) => out.push(Err(err)),
                        }
                    }
                }
                Ok(_) => seen.push(Entry::File(path.clone()), None, &mut out),
                Err(err) => out.push(Err(FailedFile {
                    path: path.to_string_lossy().into_owned(),
                    error: FileError::from_io(&err),
                    suggestions: Vec::new(),
                })),
            },
        }
        dirs.resize(out.len(), None);
        if walked {
            dirs[before..].fill(Some(k));
        }
    }
    suggest_for_missing(&mut out);
    Expanded {
        found: out.into_iter().zip(dirs).collect(),
        dirs: walked_dirs,
    }
}

/// Works out what each missing path may have meant, when few are missing:
/// an error for more than [`SUGGESTED_MISSING`] names none of them (their
/// files are listed, counted), so 8,000 missing paths cost no look at
/// their folders.
fn suggest_for_missing(out: &mut [Result<Entry, FailedFile>]) {
    let missing = |r: &Result<Entry, FailedFile>| matches!(r, Err(f) if f.error == FileError::NotFound && !f.path.is_empty());
    if out.iter().filter(|r| missing(r)).count() > SUGGESTED_MISSING {
        return;
    }
    for found in out.iter_mut() {
        if let Err(f) = found
            && f.error == FileError::NotFound
        {
            *f = failed(Path::new(&f.path), FileError::NotFound);
        }
    }
}

/// The files kept so far, to keep each file once. A walked file comes with
/// its inode number from the directory listing: one no kept file shares is a
/// new file, known without a `stat`; only files whose numbers meet are
/// compared by their full identity (device and inode), so a tree of many
/// files costs no system call per file here.
#[derive(Default)]
struct Seen {
    /// Full identities taken so far.
    ids: HashSet<Identity>,
    /// Inode numbers from listings: the position in the output of the one
    /// kept file of that number whose full identity is not taken yet, if any.
    listed: HashMap<u64, Option<usize>, BuildHasherDefault<InodeHasher>>,
}

impl Seen {
    /// Makes room for `more` walked files, so the table is not grown again
    /// and again while a large tree's files are taken.
    fn reserve(&mut self, more: usize) {
        self.listed.reserve(more);
    }

    /// Keeps `entry` unless it is a file already kept.
    fn push(&mut self, entry: Entry, ino: Option<u64>, out: &mut Vec<Result<Entry, FailedFile>>) {
        let new = match (&entry, ino) {
            (Entry::Walked(p), Some(ino)) => self.new_listed(p, ino, out),
            (Entry::File(p) | Entry::Walked(p), _) => self.ids.insert(identity(p)),
            (Entry::Stdin, _) => self.ids.insert(Identity::Stdin),
            // In-memory inputs are distinct documents even under one name.
            (Entry::Bytes { .. }, _) => true,
        };
        if new {
            out.push(Ok(entry));
        }
    }

    fn new_listed(&mut self, path: &Path, ino: u64, out: &[Result<Entry, FailedFile>]) -> bool {
        let Some(pending) = self.listed.get_mut(&ino) else {
            self.listed.insert(ino, Some(out.len()));
            return true;
        };
        // Numbers meet (a hard link, or the same folder walked twice): compare
        // full identities, taking the earlier file's first.
        if let Some(Ok(Entry::Walked(earlier))) = pending.take().map(|k| &out[k]) {
            self.ids.insert(identity(earlier));
        }
        self.ids.insert(identity(path))
    }
}

/// Hashes an inode number as it is: the file system chose it, not the input,
/// and a table of many files should not pay for a keyed hash per file.
#[derive(Default)]
struct InodeHasher(u64);

impl Hasher for InodeHasher {
    fn finish(&self) -> u64 {
        // Spread the bits so that numbers handed out in sequence fill the table.
        self.0.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// What makes two names one file: its device and inode where there are such
/// (so a hard link, or another spelling on a case-insensitive disk, is the same
/// document), else its canonical path.
#[derive(Debug, PartialEq, Eq, Hash)]
enum Identity {
    Stdin,
    #[cfg(unix)]
    Inode(u64, u64),
    Path(PathBuf),
}

fn identity(path: &Path) -> Identity {
    #[cfg(unix)]
    if let Ok(meta) = fs::metadata(path) {
        use std::os::unix::fs::MetadataExt;
        return Identity::Inode(meta.dev(), meta.ino());
    }
    Identity::Path(fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()))
}

/// A Markdown file a walk found, with its inode number as the directory
/// listing gives it (where there is one), or what kept the walk from a path.
type Found = Result<(PathBuf, Option<u64>), FailedFile>;

/// The Markdown files under `dir` that the `globs` keep, each with its inode
/// number as the directory listing gives it (where there is one), in
/// [`push_order_key`](super::order) order whatever the number of `threads`
/// listing folders at once.
fn walk(dir: &Path, threads: usize, globs: &Globs) -> Vec<Found> {
    // The walker is not asked to sort: its comparator would take each name
    // from its path again at every comparison. Each path is keyed once instead.
    let mut builder = ignore::WalkBuilder::new(dir);
    builder
        .standard_filters(true)
        .require_git(false)
        .follow_links(false);
    // A filter, not the walker's overrides: those would also take back what
    // `.gitignore` leaves out, and a glob only narrows. A folder left out is
    // not entered.
    if let Some(under) = globs.under(dir) {
        builder.filter_entry(move |entry| {
            let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
            under.keeps(entry.path(), is_dir)
        });
    }
    if threads <= 1 {
        let mut listed = Listed::default();
        for result in builder.build() {
            listed.visit(dir, result);
        }
        return listed.sorted();
    }
    // Each thread lists into its own part, puts it in key order and hands it
    // over when it is done; the parts are then merged, so arrival order never
    // shows and the main thread compares each key about once, not log n times.
    let parts = std::sync::Mutex::new(Vec::new());
    builder.threads(threads).build_parallel().run(|| {
        let mut part = Part {
            listed: Listed::default(),
            into: &parts,
        };
        Box::new(move |result| {
            part.listed.visit(dir, result);
            ignore::WalkState::Continue
        })
    });
    let parts = parts.into_inner().unwrap_or_else(|e| e.into_inner());
    merge(parts)
}

/// What a walk (or one of its threads) found, with the order keys of its paths.
#[derive(Default)]
struct Listed {
    found: Vec<Option<Found>>,
    keys: Keys,
}

impl Listed {
    /// Takes one result of the walker: a Markdown file, or an error.
    fn visit(&mut self, dir: &Path, result: Result<ignore::DirEntry, ignore::Error>) {
        match result {
            Ok(entry) => {
                let is_file = entry.file_type().is_some_and(|t| t.is_file());
                if is_file && is_markdown_path(entry.path()) {
                    #[cfg(unix)]
                    let ino = entry.ino();
                    #[cfg(not(unix))]
                    let ino = None;
                    let path = entry.into_path();
                    self.keys.push(dir, &path, b"");
                    self.found.push(Some(Ok((path, ino))));
                }
            }
            Err(err) => {
                let path = walk_error_path(&err).unwrap_or_else(|| dir.to_path_buf());
                let error = match err.io_error() {
                    Some(io) => FileError::from_io(io),
                    None => FileError::Io(err.to_string()),
                };
                // Two errors at one path are ordered by what they say, not by
                // which thread met them first.
                self.keys.push(dir, &path, err.to_string().as_bytes());
                self.found.push(Some(Err(failed(&path, error))));
            }
        }
    }

    /// Everything found, in key order.
    fn sorted(self) -> Vec<Found> {
        let order = self.keys.order();
        Sorted {
            listed: self,
            order,
        }
        .into_found()
    }
}

/// A part of a walk with the order of its keys, to be merged with the others.
struct Sorted {
    listed: Listed,
    /// Positions in `listed`, in key order.
    order: Vec<usize>,
}

impl Sorted {
    fn into_found(mut self) -> Vec<Found> {
        self.order
            .iter()
            .filter_map(|&k| self.listed.found[k].take())
            .collect()
    }
}

/// The findings of every part in one key order (ties, the same path found
/// twice, by part and then by position: they print alike).
fn merge(mut parts: Vec<Sorted>) -> Vec<Found> {
    if parts.len() <= 1 {
        return parts.pop().map(Sorted::into_found).unwrap_or_default();
    }
    let total = parts.iter().map(|p| p.order.len()).sum();
    let mut out = Vec::with_capacity(total);
    let mut at = vec![0usize; parts.len()];
    loop {
        let mut best: Option<(usize, &[u8])> = None;
        for (p, part) in parts.iter().enumerate() {
            if let Some(&k) = part.order.get(at[p]) {
                let key = part.listed.keys.key(k);
                if best.is_none_or(|(_, b)| key < b) {
                    best = Some((p, key));
                }
            }
        }
        let Some((p, _)) = best else { break };
        let k = parts[p].order[at[p]];
        at[p] += 1;
        out.extend(parts[p].listed.found[k].take());
    }
    out
}

/// One thread's findings, put in order on that thread and handed over when
/// its walker drops it.
struct Part<'a> {
    listed: Listed,
    into: &'a std::sync::Mutex<Vec<Sorted>>,
}

impl Drop for Part<'_> {
    fn drop(&mut self) {
        let listed = std::mem::take(&mut self.listed);
        let order = listed.keys.order();
        let sorted = Sorted { listed, order };
        self.into
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(sorted);
    }
}

fn walk_error_path(err: &ignore::Error) -> Option<PathBuf> {
    match err {
        ignore::Error::WithPath { path, .. } => Some(path.clone()),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            walk_error_path(err)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refused_inputs_are_file_errors_in_their_place() {
        let refused = Input::Refused {
            path: "-".to_owned(),
            error: FileError::StdinIsProtocol,
        };
        let bytes = Input::Bytes {
            name: "a.md".to_owned(),
            bytes: b"# A\n".to_vec(),
        };
        let got: Vec<_> = expand(&[bytes.clone(), refused, bytes], 1, &Globs::default())
            .found
            .into_iter()
            .map(|(e, _)| e)
            .collect();
        assert!(got[0].is_ok() && got[2].is_ok(), "{got:?}");
        let failed = got[1].as_ref().expect_err("refused");
        assert_eq!(
            (failed.path.as_str(), &failed.error),
            ("-", &FileError::StdinIsProtocol)
        );
    }

    #[test]
    fn a_walk_lists_in_one_order_on_any_number_of_threads() {
        let dir = tempfile::tempdir().unwrap();
        for folder in ["a", "b", "b/c", "_partials", "d e", "z"] {
            fs::create_dir_all(dir.path().join(folder)).unwrap();
            for name in ["index.md", "_index.md", "x.mdx", "y.markdown", "_part.md"] {
                fs::write(dir.path().join(folder).join(name), "# T\n").unwrap();
            }
            fs::write(dir.path().join(folder).join("notes.txt"), "no").unwrap();
        }
        fs::write(dir.path().join("top.md"), "# T\n").unwrap();
        let listed = |threads| -> Vec<PathBuf> {
            walk(dir.path(), threads, &Globs::default())
                .into_iter()
                .map(|found| found.expect("readable").0)
                .collect()
        };
        let one = listed(1);
        assert_eq!(one.len(), 31, "{one:?}");
        // Depth first, siblings by name, partials after the rest.
        let want = [
            "a/_index.md",
            "a/index.md",
            "a/x.mdx",
            "a/y.markdown",
            "a/_part.md",
        ];
        assert_eq!(
            one[..5]
                .iter()
                .map(|p| p.strip_prefix(dir.path()).unwrap())
                .collect::<Vec<_>>(),
            want.iter().map(Path::new).collect::<Vec<_>>()
        );
        for threads in [2, 3, 8] {
            for _ in 0..5 {
                assert_eq!(listed(threads), one, "{threads} threads");
            }
        }
    }
}
