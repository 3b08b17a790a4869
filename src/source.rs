//! Loading inputs: files, directories and stdin become checked UTF-8 text.
//!
//! This stage owns every per-file error of SPEC §1 (missing, unreadable, not a
//! regular file, too large, binary, not UTF-8); the names documents go by are
//! `namespace`'s. It never parses Markdown, and it never blocks on a FIFO or
//! device: those are refused from their metadata, before any open.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::error::{FailedFile, FileError};
use crate::paths::is_markdown_path;

/// The largest document whatever `--max-bytes` says (4 GiB): node ids are 32-bit.
pub const HARD_LIMIT: u64 = u32::MAX as u64;

/// How many leading bytes are checked for NUL when sniffing binary files.
const BINARY_SNIFF: usize = 8 * 1024;

/// One input as the user named it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Input {
    /// A file or a directory to walk.
    Path(PathBuf),
    /// Standard input, named `-`.
    Stdin,
    /// Text already in memory (tests, fuzzing, embedding), under a display name;
    /// checked like a file.
    Bytes {
        /// The name shown and used for the namespace.
        name: String,
        /// The raw bytes.
        bytes: Vec<u8>,
    },
    /// An input the front end will not read (a path outside the MCP server's
    /// roots, or `-` where stdin carries its protocol): a file error in its place.
    Refused {
        /// The path as given.
        path: String,
        /// Why it is not read.
        error: FileError,
    },
}

impl Input {
    /// `-` is stdin; anything else is a path.
    pub fn from_arg(arg: &str) -> Input {
        if arg == "-" {
            Input::Stdin
        } else {
            Input::Path(PathBuf::from(arg))
        }
    }

    /// Whether a path ends in `.md`, `.markdown` or `.mdx`, in any case: what a
    /// directory walk takes, and what auto mode reads as a file.
    pub fn is_markdown(path: &Path) -> bool {
        is_markdown_path(path)
    }
}

/// The text of one input, checked and ready to parse.
#[derive(Clone, Debug)]
pub struct Source {
    /// The path as given or as found under a directory (`-` for stdin).
    pub path: String,
    /// The text, with any leading UTF-8 byte-order mark removed.
    pub text: String,
    /// Bytes removed from the front (3 for a BOM, else 0): add to offsets to
    /// address the file on disk.
    pub offset: usize,
}

impl Source {
    /// Text already in memory under a display name, a leading byte-order mark
    /// removed (and counted in [`Source::offset`]).
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> Source {
        let mut text = text.into();
        let offset = if text.starts_with('\u{feff}') {
            text.drain(..3);
            3
        } else {
            0
        };
        Source {
            path: path.into(),
            text,
            offset,
        }
    }

    /// Reads one Markdown file from disk exactly as a walk reads it (size
    /// limit, binary and encoding checks, byte-order mark), named `shown`.
    pub fn read(path: &Path, shown: &str, max_bytes: u64) -> Result<Source, FailedFile> {
        let mut source = read(&Entry::File(path.to_owned()), max_bytes)?;
        shown.clone_into(&mut source.path);
        Ok(source)
    }
}

/// A file to read, found by [`expand`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A file on disk, named by the user: it may be anything (a FIFO, a
    /// device), so it is refused from its metadata before any open.
    File(PathBuf),
    /// A file a directory walk found as a regular file (by its directory
    /// entry): it is opened first, then checked from the open file.
    Walked(PathBuf),
    /// Standard input.
    Stdin,
    /// In-memory text.
    Bytes {
        /// The name shown.
        name: String,
        /// The raw bytes.
        bytes: Vec<u8>,
    },
}

impl Entry {
    /// The path as it is shown to the user.
    pub fn display(&self) -> String {
        self.shown().into_owned()
    }

    /// [`Entry::display`], borrowed where the path is already text.
    pub fn shown(&self) -> std::borrow::Cow<'_, str> {
        match self {
            // A path that is text is borrowed as it is, without the lossy scan.
            Entry::File(p) | Entry::Walked(p) => match p.to_str() {
                Some(text) => text.into(),
                None => p.to_string_lossy(),
            },
            Entry::Stdin => "-".into(),
            Entry::Bytes { name, .. } => name.as_str().into(),
        }
    }
}

/// Turns inputs into the files to read, in order: directories are walked
/// recursively (sorted, `.gitignore`- and hidden-aware, symlinks not followed) for
/// Markdown files, and a file named twice is kept once. Inputs that cannot be
/// read at all, or are refused, become errors in place.
///
/// Each file comes with the position of the directory input it was found under
/// (`None`: named directly, or not a file). Up to `threads` threads list a
/// directory's folders; the order is the same on any number.
pub(crate) fn expand(
    inputs: &[Input],
    threads: usize,
) -> Vec<(Result<Entry, FailedFile>, Option<usize>)> {
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
                    for found in walk(path, threads) {
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
                Err(err) => out.push(Err(failed(path, FileError::from_io(&err)))),
            },
        }
        dirs.resize(out.len(), None);
        if walked {
            dirs[before..].fill(Some(k));
        }
    }
    out.into_iter().zip(dirs).collect()
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

/// The Markdown files under `dir`, each with its inode number as the
/// directory listing gives it (where there is one), in [`push_order_key`] order
/// whatever the number of `threads` listing folders at once.
fn walk(dir: &Path, threads: usize) -> Vec<Found> {
    // The walker is not asked to sort: its comparator would take each name
    // from its path again at every comparison. Each path is keyed once instead.
    let mut builder = ignore::WalkBuilder::new(dir);
    builder
        .standard_filters(true)
        .require_git(false)
        .follow_links(false);
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

/// The order keys of the paths a walk found, in one buffer: a small allocation
/// per path, freed between the paths that stay, would leave the heap in pieces
/// for the reads to come.
#[derive(Default)]
struct Keys {
    bytes: Vec<u8>,
    /// Where each path's key ends in `bytes`, in the order found.
    ends: Vec<usize>,
}

impl Keys {
    /// Appends the key of the next path found, then `tail` (what tells apart
    /// two errors at one path).
    fn push(&mut self, dir: &Path, path: &Path, tail: &[u8]) {
        push_order_key(dir, path, &mut self.bytes);
        self.bytes.extend_from_slice(tail);
        self.ends.push(self.bytes.len());
    }

    /// The key of the `k`th path found.
    fn key(&self, k: usize) -> &[u8] {
        let start = if k == 0 { 0 } else { self.ends[k - 1] };
        &self.bytes[start..self.ends[k]]
    }

    /// The positions of the paths found, in key order (ties, which only the
    /// same path found twice can make, by position).
    fn order(&self) -> Vec<usize> {
        let mut keyed: Vec<(&[u8], usize)> =
            (0..self.ends.len()).map(|k| (self.key(k), k)).collect();
        keyed.sort_unstable();
        keyed.into_iter().map(|(_, k)| k).collect()
    }
}

/// Appends to `key` where a path found under `dir` comes in the walk's order:
/// depth first, siblings (files and folders alike) by name, numbers in names
/// as numbers (`2.install.md` before `10.deploy.md`, SPEC §1), partials after
/// the rest (see [`is_partial`]). Its components below `dir`, each as its
/// partial flag then its name (see [`push_natural`]) then a zero byte, compare
/// as bytes in that order: a name's key holds no zero byte, so a name that
/// begins another comes first.
fn push_order_key(dir: &Path, path: &Path, key: &mut Vec<u8>) {
    let bytes = path.as_os_str().as_encoded_bytes();
    let below = bytes
        .strip_prefix(dir.as_os_str().as_encoded_bytes())
        .unwrap_or(bytes);
    let names = below
        .split(|&b| b.is_ascii() && std::path::is_separator(char::from(b)))
        .filter(|name| !name.is_empty());
    for name in names {
        key.push(u8::from(is_partial(name)));
        push_natural(name, key);
        key.push(0);
    }
}

/// Appends a name's order key: its bytes, each run of ASCII digits as `0`,
/// the count of its digits past leading zeros, those digits, and one more
/// than the count of leading zeros. Numbers then compare by size (a shorter
/// number is smaller), a digit against another byte as before, and `1` before
/// `01`. No byte is zero. A run of over 250 digits is kept as written.
fn push_natural(name: &[u8], key: &mut Vec<u8>) {
    let mut i = 0;
    while i < name.len() {
        if !name[i].is_ascii_digit() {
            key.push(name[i]);
            i += 1;
            continue;
        }
        let run = name[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        let digits = &name[i..i + run];
        let zeros = digits
            .iter()
            .take_while(|&&b| b == b'0')
            .count()
            .min(run - 1);
        let significant = &digits[zeros..];
        match (u8::try_from(significant.len()), u8::try_from(zeros + 1)) {
            (Ok(len), Ok(lead)) if len <= 250 && lead <= 250 => {
                key.extend_from_slice(&[b'0', len]);
                key.extend_from_slice(significant);
                key.push(lead);
            }
            _ => key.extend_from_slice(digits),
        }
        i += run;
    }
}

/// Whether a file or folder is a partial: a name starting with `_` (other than
/// Hugo's `_index` pages), which site generators never publish as a page but
/// include into others. Partials are listed after their siblings, so a folder's
/// pages come first (SPEC §16).
fn is_partial(name: &[u8]) -> bool {
    name.first() == Some(&b'_')
        && !name
            .get(..7)
            .is_some_and(|s| s.eq_ignore_ascii_case(b"_index."))
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

/// Reads one entry, enforcing the size limit and the text checks of SPEC §1.
pub fn read(entry: &Entry, max_bytes: u64) -> Result<Source, FailedFile> {
    // Node ids are 32-bit: 4 GiB of text is the most a document can be.
    let max_bytes = max_bytes.min(HARD_LIMIT);
    let path = entry.display();
    let bytes = match entry {
        Entry::Stdin => read_limited(std::io::stdin().lock(), max_bytes, None),
        Entry::File(p) => read_file(p, max_bytes),
        Entry::Walked(p) => read_walked(p, max_bytes),
        Entry::Bytes { bytes, .. } => {
            read_limited(bytes.as_slice(), max_bytes, Some(bytes.len() as u64))
        }
    };
    let bytes = bytes.map_err(|error| failed_named(&path, error, entry))?;
    match decode(bytes) {
        Ok((text, offset)) => Ok(Source { path, text, offset }),
        Err(error) => Err(FailedFile {
            path,
            error,
            suggestions: Vec::new(),
        }),
    }
}

fn read_file(path: &Path, max_bytes: u64) -> Result<Vec<u8>, FileError> {
    // Metadata first: opening a FIFO would block until a writer appears.
    let meta = fs::metadata(path).map_err(|e| FileError::from_io(&e))?;
    let size = checked_size(&meta, max_bytes)?;
    let file = fs::File::open(path).map_err(|e| FileError::from_io(&e))?;
    read_open(file, size, max_bytes)
}

/// Reads a file a walk found as a regular file: one open, then its checks
/// from the open file, so no second lookup of its path. It is opened without
/// blocking, in case it was swapped for a FIFO since the walk listed it.
fn read_walked(path: &Path, max_bytes: u64) -> Result<Vec<u8>, FileError> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| FileError::from_io(&e))?;
    let meta = file.metadata().map_err(|e| FileError::from_io(&e))?;
    let size = checked_size(&meta, max_bytes)?;
    read_open(file, size, max_bytes)
}

/// A file's size, if it is a regular file within the size limit.
fn checked_size(meta: &fs::Metadata, max_bytes: u64) -> Result<u64, FileError> {
    if !meta.is_file() {
        return Err(FileError::NotAFile);
    }
    if meta.len() > max_bytes {
        return Err(FileError::TooLarge {
            size: meta.len(),
            limit: max_bytes,
        });
    }
    Ok(meta.len())
}

/// Reads an open file of the size its metadata gave.
fn read_open(file: fs::File, size: u64, max_bytes: u64) -> Result<Vec<u8>, FileError> {
    if size == 0 {
        // Some file systems (procfs) list files as empty that are not.
        return read_limited(file, max_bytes, None);
    }
    read_sized(file, size as usize)
}

/// Reads the `size` bytes a file's metadata gives, or fewer when it ends
/// sooner: no read past the last byte just to be told the end is there. A
/// file that grows while it is read is read as it was measured.
fn read_sized(mut file: fs::File, size: usize) -> Result<Vec<u8>, FileError> {
    let mut bytes = vec![0; size];
    let mut filled = 0;
    while filled < size {
        match file.read(&mut bytes[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(FileError::from_io(&e)),
        }
    }
    bytes.truncate(filled);
    Ok(bytes)
}

fn read_limited(
    reader: impl Read,
    max_bytes: u64,
    hint: Option<u64>,
) -> Result<Vec<u8>, FileError> {
    let capacity = hint.unwrap_or(0).min(max_bytes) as usize;
    let mut bytes = Vec::with_capacity(capacity.saturating_add(1));
    reader
        .take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::from_io(&e))?;
    if bytes.len() as u64 > max_bytes {
        return Err(FileError::TooLarge {
            size: bytes.len() as u64,
            limit: max_bytes,
        });
    }
    Ok(bytes)
}

/// Checks and decodes raw bytes: UTF-16 and binary are refused, UTF-8 validated,
/// a BOM removed. Returns the text and how many leading bytes were dropped.
pub fn decode(bytes: Vec<u8>) -> Result<(String, usize), FileError> {
    if bytes.starts_with(&[0xff, 0xfe]) {
        return Err(FileError::Utf16 {
            encoding: "UTF-16LE",
        });
    }
    if bytes.starts_with(&[0xfe, 0xff]) {
        return Err(FileError::Utf16 {
            encoding: "UTF-16BE",
        });
    }
    let sniff = &bytes[..bytes.len().min(BINARY_SNIFF)];
    if let Some(offset) = memchr::memchr(0, sniff) {
        return Err(FileError::Binary { offset });
    }
    let mut text = String::from_utf8(bytes).map_err(|e| FileError::InvalidUtf8 {
        offset: e.utf8_error().valid_up_to(),
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..3);
        return Ok((text, 3));
    }
    Ok((text, 0))
}

fn failed(path: &Path, error: FileError) -> FailedFile {
    let suggestions = match error {
        FileError::NotFound => similar_files(path),
        _ => Vec::new(),
    };
    FailedFile {
        path: path.to_string_lossy().into_owned(),
        error,
        suggestions,
    }
}

fn failed_named(shown: &str, error: FileError, entry: &Entry) -> FailedFile {
    let mut file = match entry {
        Entry::File(p) | Entry::Walked(p) => failed(p, error),
        Entry::Stdin | Entry::Bytes { .. } => FailedFile {
            path: String::new(),
            error,
            suggestions: Vec::new(),
        },
    };
    file.path = shown.to_owned();
    file
}

/// What a missing path may have meant: Markdown files beside it whose names
/// are close to its, at most [`SIMILAR_FILES`] (the loading stage adds the
/// same page in a parallel folder, `run::load`).
fn similar_files(path: &Path) -> Vec<String> {
    near_names(path, SIMILAR_FILES)
}

/// How many files a missing path's error suggests at most.
pub(crate) const SIMILAR_FILES: usize = 5;

/// Markdown files beside a missing path whose names are close to it.
fn near_names(path: &Path, max: usize) -> Vec<String> {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return Vec::new();
    };
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
    let Ok(entries) = fs::read_dir(parent.unwrap_or(Path::new("."))) else {
        return Vec::new();
    };
    let mut scored: Vec<(f32, String)> = entries
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| is_markdown_path(Path::new(n)))
        .filter_map(|n| {
            let score = crate::fuzzy::similarity(&stem(name), &stem(&n));
            (score >= 0.6).then_some((score, n))
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    scored
        .into_iter()
        .take(max)
        .map(|(_, n)| match parent {
            Some(p) => p.join(n).to_string_lossy().into_owned(),
            None => n,
        })
        .collect()
}

/// A file name without its last extension, lowercased, for "did you mean".
fn stem(name: &str) -> String {
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    stem.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_checks() {
        assert_eq!(
            decode(b"\xef\xbb\xbf# hi\n".to_vec()),
            Ok(("# hi\n".to_owned(), 3))
        );
        assert_eq!(decode(b"# hi\n".to_vec()), Ok(("# hi\n".to_owned(), 0)));
        assert_eq!(
            decode(b"ab\0c".to_vec()),
            Err(FileError::Binary { offset: 2 })
        );
        assert_eq!(
            decode(b"ok \xff".to_vec()),
            Err(FileError::InvalidUtf8 { offset: 3 })
        );
        assert_eq!(
            decode(b"\xff\xfe#\0".to_vec()),
            Err(FileError::Utf16 {
                encoding: "UTF-16LE"
            })
        );
        let mut late_nul = vec![b'a'; BINARY_SNIFF];
        late_nul.push(0);
        assert!(
            decode(late_nul).is_ok(),
            "a NUL past the sniff window is text"
        );
    }

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
        let got: Vec<_> = expand(&[bytes.clone(), refused, bytes], 1)
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
            walk(dir.path(), threads)
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
