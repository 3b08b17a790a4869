//! Loading inputs: files, directories and stdin become checked UTF-8 text.
//!
//! This stage owns every per-file error of SPEC §1 (missing, unreadable, not a
//! regular file, too large, binary, not UTF-8); the names documents go by are
//! `namespace`'s. It never parses Markdown, and it never blocks on a FIFO or
//! device: those are refused from their metadata, before any open.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::error::{FailedFile, FileError};
use crate::paths::is_markdown_path;

mod order;
mod walk;

pub(crate) use walk::expand;

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

/// Reads one entry, enforcing the size limit and the text checks of SPEC §1.
pub fn read(entry: &Entry, max_bytes: u64) -> Result<Source, FailedFile> {
    // Node ids are 32-bit: 4 GiB of text is the most a document can be.
    let max_bytes = max_bytes.min(HARD_LIMIT);
    let path = entry.display();
    let decoded = BUFFER.with_borrow_mut(|buffer| {
        buffer.clear();
        let read = match entry {
            Entry::Stdin => read_limited(std::io::stdin().lock(), max_bytes, None, buffer),
            Entry::File(p) => read_file(p, max_bytes, buffer),
            Entry::Walked(p) => read_walked(p, max_bytes, buffer),
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
        Ok((text, offset)) => Ok(Source { path, text, offset }),
        Err(error) => Err(FailedFile {
            path,
            error,
            suggestions: Vec::new(),
        }),
    }
}

/// The largest read buffer a thread keeps for its next file, and the largest
/// file whose text is copied out of it (see [`decode`]).
const KEPT_BUFFER: usize = 64 * 1024;

thread_local! {
    /// Each thread's buffer for the bytes of the file it reads, reused from
    /// file to file (see [`decode`] for how a text leaves it).
    static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn read_file(path: &Path, max_bytes: u64, bytes: &mut Vec<u8>) -> Result<(), FileError> {
    // Metadata first: opening a FIFO would block until a writer appears.
    let meta = fs::metadata(path).map_err(|e| FileError::from_io(&e))?;
    let size = checked_size(&meta, max_bytes)?;
    let file = fs::File::open(path).map_err(|e| FileError::from_io(&e))?;
    read_open(file, size, max_bytes, bytes)
}

/// Reads a file a walk found as a regular file: one open, then its checks
/// from the open file, so no second lookup of its path. It is opened without
/// blocking, in case it was swapped for a FIFO since the walk listed it.
fn read_walked(path: &Path, max_bytes: u64, bytes: &mut Vec<u8>) -> Result<(), FileError> {
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
    read_open(file, size, max_bytes, bytes)
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
