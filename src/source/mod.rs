//! Loading inputs: files, directories and stdin become checked UTF-8 text.
//!
//! This stage owns every per-file error (docs/options.md, "Bad input": missing,
//! unreadable, not a regular file, too large, binary, not UTF-8); the names
//! documents go by are `namespace`'s. It never parses Markdown, and it never
//! blocks on a FIFO or device: those are refused from their metadata, before
//! any open.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::{FailedFile, FileError};
use crate::paths::is_markdown_path;

mod globs;
mod order;
mod walk;

pub(crate) use globs::{GlobError, Globs, anchored};
pub(crate) use walk::{Expanded, expand};

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
        let mut source = read(&Entry::File(path.to_owned()), &Limits::new(max_bytes))?;
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

/// How a call's files may be read: how large they may be, and, for a server
/// confined to some folders, where the bytes read must come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest file read, in bytes.
    pub max_bytes: u64,
    /// Folders (canonical) that hold every file read, checked on the file
    /// opened, not on its name: a name swapped for a link to elsewhere after
    /// a check reads nothing (`None`: anywhere).
    pub within: Option<Arc<[PathBuf]>>,
    /// Set when the call is cancelled: no further file is taken up.
    pub cancel: crate::cancel::Cancel,
}

impl Limits {
    /// Files up to `max_bytes`, read from anywhere.
    pub fn new(max_bytes: u64) -> Limits {
        Limits {
            max_bytes,
            within: None,
            cancel: Default::default(),
        }
    }
}

/// Reads one entry, enforcing the size limit, the folders it must come from
/// and the text checks (docs/options.md, "Bad input").
pub fn read(entry: &Entry, limits: &Limits) -> Result<Source, FailedFile> {
    // Node ids are 32-bit: 4 GiB of text is the most a document can be.
    let max_bytes = limits.max_bytes.min(HARD_LIMIT);
    let within = limits.within.as_deref();
    let path = entry.display();
    let decoded = BUFFER.with_borrow_mut(|buffer| {
        buffer.clear();
        let read = match entry {
            Entry::Stdin => read_limited(std::io::stdin().lock(), max_bytes, None, buffer),
            Entry::File(p) | Entry::Walked(p) => read_opened(p, max_bytes, within, buffer),
            Entry::Bytes { bytes, .. } => read_limited(
                bytes.as_slice(),
                max_bytes,
                Some(bytes.len() as u64),
                buffer,
            ),
        };
        let decoded = read.map(|()| decode(buffer));
        if buffer.capacity() > KEPT_BUFFER {
            *buffer = Vec::new();
        }
        decoded
    });
    match decoded.map_err(|error| failed_named(&path, error, entry))? {
        Ok((text, offset)) => match too_many_blocks(&text, max_bytes) {
            Some(error) => Err(failed_named(&path, error, entry)),
            None => Ok(Source { path, text, offset }),
        },
        Err(error) => Err(FailedFile {
            path,
            error,
            suggestions: Vec::new(),
        }),
    }
}

/// Bytes of `--max-bytes` each block of a file takes up: a file may open one
/// block per this many bytes of the limit (4 M under the default 64 MiB), so
/// that no file under the limit needs memory far past it, whatever its
/// shape (a node, with what search keeps of it, is some 300 bytes).
const BYTES_A_BLOCK: u64 = 16;

/// The error for a text that opens more blocks than `max_bytes` allows, if it
/// does. A block needs a byte, so a text no longer than the count allowed is
/// not looked at.
fn too_many_blocks(text: &str, max_bytes: u64) -> Option<FileError> {
    let limit = max_bytes / BYTES_A_BLOCK;
    if text.len() as u64 <= limit {
        return None;
    }
    let blocks = block_starts(text, limit);
    (blocks > limit).then_some(FileError::TooManyBlocks {
        blocks,
        limit,
        per: BYTES_A_BLOCK,
    })
}

/// The blocks a text opens, counted high and up to just past `stop`: a
/// line after a blank line, starting with a heading, fence or underline
/// mark, or holding a pipe (a table row), opens one, and each quote or list
/// marker it starts with one more.
fn block_starts(text: &str, stop: u64) -> u64 {
    let mut blocks = 0;
    let mut after_blank = true;
    for line in text.as_bytes().split(|&b| b == b'\n') {
        let mut rest = line;
        let mut markers = 0;
        loop {
            rest = rest.trim_ascii_start();
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            match rest {
                [b'>', tail @ ..] => rest = tail,
                [b'-' | b'*' | b'+', b' ' | b'\t', tail @ ..] => rest = tail,
                _ if digits > 0 && matches!(rest[digits..], [b'.' | b')', b' ' | b'\t', ..]) => {
                    rest = &rest[digits + 2..];
                }
                _ => break,
            }
            markers += 1;
        }
        if rest.is_empty() && markers == 0 {
            after_blank = true;
            continue;
        }
        let marked = rest
            .first()
            .is_some_and(|b| matches!(b, b'#' | b'|' | b'=' | b'-' | b'`' | b'~'));
        // A table row needs no leading pipe: any pipe may make the line one.
        let opens = after_blank || marked || rest.contains(&b'|');
        blocks += markers + u64::from(opens);
        after_blank = false;
        if blocks > stop {
            break;
        }
    }
    blocks
}

/// The largest read buffer a thread keeps for its next file, and the largest
/// file whose text is copied out of it (see [`decode`]).
const KEPT_BUFFER: usize = 64 * 1024;

thread_local! {
    /// Each thread's buffer for the bytes of the file it reads, reused from
    /// file to file (see [`decode`] for how a text leaves it).
    static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Reads a file: one open, without blocking (a FIFO, named or swapped in for
/// a file since it was listed, cannot block it), then its checks from the open
/// file, so no second lookup of its path: a regular file, within the size
/// limit, and, when the call is confined, inside its folders.
fn read_opened(
    path: &Path,
    max_bytes: u64,
    within: Option<&[PathBuf]>,
    bytes: &mut Vec<u8>,
) -> Result<(), FileError> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| FileError::from_io(&e))?;
    if let Some(roots) = within
        && !opened_within(&file, path, roots)
    {
        return Err(FileError::OutsideRoots {
            roots: roots.to_vec(),
        });
    }
    let meta = file.metadata().map_err(|e| FileError::from_io(&e))?;
    let size = checked_size(&meta, max_bytes)?;
    read_open(file, size, max_bytes, bytes)
}

/// Whether the file opened lies inside one of `roots`: where it is, read from
/// the open file itself on Linux (`/proc/self/fd`), so no name swapped after
/// the open changes the answer; elsewhere from its path, resolved.
fn opened_within(file: &fs::File, path: &Path, roots: &[PathBuf]) -> bool {
    #[cfg(target_os = "linux")]
    let real = {
        use std::os::fd::AsRawFd;
        fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd()))
    };
    #[cfg(not(target_os = "linux"))]
    let real = {
        let _ = file;
        fs::canonicalize(path)
    };
    #[cfg(target_os = "linux")]
    let _ = path;
    real.is_ok_and(|real| roots.iter().any(|root| real.starts_with(root)))
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

/// Reads an open file of the size its metadata gave into `bytes`.
fn read_open(
    file: fs::File,
    size: u64,
    max_bytes: u64,
    bytes: &mut Vec<u8>,
) -> Result<(), FileError> {
    if size == 0 {
        // Some file systems (procfs) list files as empty that are not.
        return read_limited(file, max_bytes, None, bytes);
    }
    read_sized(file, size as usize, bytes)
}

/// Reads the `size` bytes a file's metadata gives, or fewer when it ends
/// sooner: no read past the last byte just to be told the end is there. A
/// file that grows while it is read is read as it was measured.
fn read_sized(file: fs::File, size: usize, bytes: &mut Vec<u8>) -> Result<(), FileError> {
    // Read into the buffer's spare room, not zeroed first; `take` answers
    // the read after the last byte itself, with no call to the system.
    bytes.reserve(size);
    file.take(size as u64)
        .read_to_end(bytes)
        .map_err(|e| FileError::from_io(&e))?;
    Ok(())
}

fn read_limited(
    reader: impl Read,
    max_bytes: u64,
    hint: Option<u64>,
    bytes: &mut Vec<u8>,
) -> Result<(), FileError> {
    let capacity = hint.unwrap_or(0).min(max_bytes) as usize;
    bytes.reserve(capacity.saturating_add(1));
    reader
        .take(max_bytes.saturating_add(1))
        .read_to_end(bytes)
        .map_err(|e| FileError::from_io(&e))?;
    if bytes.len() as u64 > max_bytes {
        return Err(FileError::TooLarge {
            size: bytes.len() as u64,
            limit: max_bytes,
        });
    }
    Ok(())
}

/// Checks and decodes raw bytes: UTF-16 and binary are refused, UTF-8 validated,
/// a BOM removed. Returns the text and how many leading bytes were dropped.
///
/// A file of up to [`KEPT_BUFFER`] bytes is validated with SIMD and copied out
/// of `bytes` (without unsafe code, a text is either copied or validated again);
/// a larger one's bytes become its text, validated by `std`, so its memory is
/// never held twice.
pub fn decode(bytes: &mut Vec<u8>) -> Result<(String, usize), FileError> {
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
    let invalid = |offset| FileError::InvalidUtf8 { offset };
    let mut text = if bytes.len() <= KEPT_BUFFER {
        simdutf8::compat::from_utf8(bytes)
            .map_err(|e| invalid(e.valid_up_to()))?
            .to_owned()
    } else {
        String::from_utf8(std::mem::take(bytes))
            .map_err(|e| invalid(e.utf8_error().valid_up_to()))?
    };
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
/// same page in a parallel folder, `load/pages.rs`).
fn similar_files(path: &Path) -> Vec<String> {
    near_names(path, SIMILAR_FILES)
}

/// How many files a missing path's error suggests at most.
pub(crate) const SIMILAR_FILES: usize = 5;

/// How many missing paths get suggestions at most: past this, their error
/// lists them by count and example, naming no suggestion (the text output's
/// rule), so none is worked out.
pub(crate) const SUGGESTED_MISSING: usize = 5;

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
            let score = crate::fuzzy::name_similarity(&stem(name), &stem(&n));
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

    /// A confined read holds for the bytes read, not for a name checked
    /// before: a file swapped for a link to a file outside the folders, over
    /// and over while it is read, never gives the outside file's text.
    #[cfg(unix)]
    #[test]
    fn a_confined_read_never_reads_outside_its_folders() {
        let dir = tempfile::tempdir().unwrap();
        let base = fs::canonicalize(dir.path()).unwrap();
        let root = base.join("root");
        fs::create_dir(&root).unwrap();
        fs::write(base.join("secret.md"), "SECRET\n").unwrap();
        let file = root.join("a.md");
        fs::write(&file, "inside\n").unwrap();
        let limits = Limits {
            max_bytes: 1 << 20,
            within: Some(Arc::from(vec![root.clone()])),
            cancel: Default::default(),
        };
        // A link out is refused outright.
        std::os::unix::fs::symlink(base.join("secret.md"), root.join("out.md")).unwrap();
        let out = read(&Entry::File(root.join("out.md")), &limits).unwrap_err();
        assert!(
            matches!(out.error, FileError::OutsideRoots { .. }),
            "{out:?}"
        );
        // A name swapped back and forth between a file and a link out.
        let stop = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                let (link, plain) = (root.join("link.tmp"), root.join("plain.tmp"));
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let _ = fs::remove_file(&link);
                    std::os::unix::fs::symlink(base.join("secret.md"), &link).unwrap();
                    fs::rename(&link, &file).unwrap();
                    fs::write(&plain, "inside\n").unwrap();
                    fs::rename(&plain, &file).unwrap();
                }
            });
            for _ in 0..3000 {
                for entry in [Entry::File(file.clone()), Entry::Walked(file.clone())] {
                    if let Ok(source) = read(&entry, &limits) {
                        assert_eq!(source.text, "inside\n");
                    }
                }
            }
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        });
    }

    /// A file named on the command line that turns out to be a FIFO (made one
    /// after any check of its name) is refused at once, not waited on.
    #[cfg(unix)]
    #[test]
    fn a_fifo_named_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("f.md");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo here
        }
        let (done, wait) = std::sync::mpsc::channel();
        let entry = Entry::File(fifo);
        std::thread::spawn(move || {
            let _ = done.send(read(&entry, &Limits::new(1 << 20)).map(|_| ()));
        });
        let got = wait.recv_timeout(std::time::Duration::from_secs(10));
        assert!(
            matches!(
                got,
                Ok(Err(FailedFile {
                    error: FileError::NotAFile,
                    ..
                }))
            ),
            "{got:?}"
        );
    }

    /// Issue 49 (G4): the block count is taken high for every shape that
    /// makes a node a line (or several), and a plain text counts its
    /// paragraphs only.
    #[test]
    fn blocks_are_counted_high_for_every_dense_shape() {
        let n = 1000;
        for (shape, per_line) in [
            ("#\n", 1),
            ("a|b\n", 1),
            ("| a | b |\n", 1),
            ("- a\n", 1),
            ("1. a\n", 1),
            ("> > - a\n", 3),
            ("a\n=\n", 1),
        ] {
            let text = shape.repeat(n);
            let lines = text.lines().count() as u64;
            let counted = block_starts(&text, u64::MAX);
            assert!(
                counted >= lines * per_line / 2,
                "{shape:?}: {counted} of {lines} lines"
            );
        }
        let prose = "Some words of a paragraph.\n".repeat(n) + "\nAnother one.\n";
        assert_eq!(block_starts(&prose, u64::MAX), 2);
        // Counting stops just past the limit.
        assert_eq!(block_starts(&"#\n".repeat(n), 10), 11);
        // A text no longer than the limit allows is not counted at all.
        assert!(too_many_blocks(&"#\n".repeat(n), 16 * 2000).is_none());
        assert!(too_many_blocks(&"#\n".repeat(n), 16 * 999).is_some());
    }

    #[test]
    fn decode_checks() {
        assert_eq!(
            decode(&mut b"\xef\xbb\xbf# hi\n".to_vec()),
            Ok(("# hi\n".to_owned(), 3))
        );
        assert_eq!(
            decode(&mut b"# hi\n".to_vec()),
            Ok(("# hi\n".to_owned(), 0))
        );
        assert_eq!(
            decode(&mut b"ab\0c".to_vec()),
            Err(FileError::Binary { offset: 2 })
        );
        assert_eq!(
            decode(&mut b"ok \xff".to_vec()),
            Err(FileError::InvalidUtf8 { offset: 3 })
        );
        assert_eq!(
            decode(&mut b"\xff\xfe#\0".to_vec()),
            Err(FileError::Utf16 {
                encoding: "UTF-16LE"
            })
        );
        let mut late_nul = vec![b'a'; BINARY_SNIFF];
        late_nul.push(0);
        assert!(
            decode(&mut late_nul).is_ok(),
            "a NUL past the sniff window is text"
        );
        // Either side of the size up to which a text is copied out of its
        // buffer, a file reads the same; past it, its bytes are taken.
        for len in [KEPT_BUFFER, KEPT_BUFFER + 1] {
            for (head, tail, want) in [
                (&b""[..], &b"ok"[..], Ok(0)),
                (
                    b"",
                    b"\xff",
                    Err(FileError::InvalidUtf8 { offset: len - 1 }),
                ),
                (b"\xef\xbb\xbf", b"ok", Ok(3)),
            ] {
                let mut bytes = head.to_vec();
                bytes.resize(len - tail.len(), b'a');
                bytes.extend_from_slice(tail);
                let read = decode(&mut bytes);
                if read.is_ok() {
                    assert_eq!(bytes.is_empty(), len > KEPT_BUFFER, "{len}");
                }
                let read = read.map(|(text, offset)| (text.len() + offset, offset));
                assert_eq!(read, want.map(|offset| (len, offset)), "{len} {tail:?}");
            }
        }
    }
}
