//! The error vocabulary shared by every face: stable codes, per-file errors and
//! the reasons a selector found nothing.
//!
//! Errors are data here; they become text in `render` and exit codes in
//! [`crate::Report::exit_code`]. Nothing in this module prints.

use std::fmt;
use std::path::PathBuf;

/// The stable, machine-readable error codes (docs/output.md, "JSON").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorCode {
    /// A named file or directory does not exist.
    FileNotFound,
    /// A file exists but cannot be read.
    PermissionDenied,
    /// A FIFO, device or socket was named directly.
    NotAFile,
    /// The file is larger than `--max-bytes`.
    FileTooLarge,
    /// The file has a NUL byte in its first 8 KiB.
    BinaryFile,
    /// The file is not valid UTF-8.
    EncodingError,
    /// A selector's syntax is malformed.
    InvalidSelector,
    /// A well-formed selector matched nothing.
    SelectorNotFound,
    /// A selector names a namespace no loaded document has.
    NamespaceNotFound,
    /// The command line itself is wrong.
    UsageError,
}

impl ErrorCode {
    /// The code as it appears in output, e.g. `FILE_NOT_FOUND`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::FileNotFound => "FILE_NOT_FOUND",
            ErrorCode::PermissionDenied => "PERMISSION_DENIED",
            ErrorCode::NotAFile => "NOT_A_FILE",
            ErrorCode::FileTooLarge => "FILE_TOO_LARGE",
            ErrorCode::BinaryFile => "BINARY_FILE",
            ErrorCode::EncodingError => "ENCODING_ERROR",
            ErrorCode::InvalidSelector => "INVALID_SELECTOR",
            ErrorCode::SelectorNotFound => "SELECTOR_NOT_FOUND",
            ErrorCode::NamespaceNotFound => "NAMESPACE_NOT_FOUND",
            ErrorCode::UsageError => "USAGE_ERROR",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for ErrorCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Why one input could not become a document. Other inputs are unaffected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// See [`ErrorCode::FileNotFound`].
    #[error(
        "no such file or directory; check the path (relative paths start at the working directory)"
    )]
    NotFound,
    /// See [`ErrorCode::PermissionDenied`].
    #[error("permission denied; make the file readable or pass its text on stdin with '-'")]
    PermissionDenied,
    /// See [`ErrorCode::NotAFile`].
    #[error("not a regular file (FIFO, device or socket); pipe its text to stdin with '-' instead")]
    NotAFile,
    /// See [`ErrorCode::FileTooLarge`].
    #[error("file is {size} bytes, over the {limit}-byte limit; raise it with --max-bytes")]
    TooLarge {
        /// The size seen (or a lower bound for a stream).
        size: u64,
        /// The limit in force.
        limit: u64,
    },
    /// See [`ErrorCode::FileTooLarge`]: a file under the byte limit whose
    /// blocks would still take memory far past its size (millions of
    /// one-line headings).
    #[error(
        "file opens {blocks} blocks or more, over the {limit} its --max-bytes allows (one per {per} bytes); raise it with --max-bytes"
    )]
    TooManyBlocks {
        /// The blocks counted, as far as counting went.
        blocks: u64,
        /// The most a file may open under the byte limit in force.
        limit: u64,
        /// Bytes of the byte limit a block takes up.
        per: u64,
    },
    /// See [`ErrorCode::BinaryFile`].
    #[error("binary file (NUL byte at offset {offset}); mdsel reads Markdown text")]
    Binary {
        /// Offset of the first NUL byte.
        offset: usize,
    },
    /// See [`ErrorCode::EncodingError`].
    #[error("{encoding} text, not UTF-8; convert it first (iconv -f {encoding} -t UTF-8)")]
    Utf16 {
        /// `UTF-16LE` or `UTF-16BE`, from the byte-order mark.
        encoding: &'static str,
    },
    /// See [`ErrorCode::EncodingError`].
    #[error("invalid UTF-8 at byte offset {offset}; convert the file to UTF-8")]
    InvalidUtf8 {
        /// Offset of the first invalid byte.
        offset: usize,
    },
    /// Any other I/O failure, mapped to the nearest code.
    #[error("cannot read: {0}")]
    Io(String),
    /// See [`ErrorCode::PermissionDenied`]: the front end reads only under some
    /// folders (the MCP server's roots), and the path is outside them.
    #[error(
        "path is outside the allowed roots ({}); start the server with --root DIR, or declare the folder as a client root",
        shown(.roots)
    )]
    OutsideRoots {
        /// The folders that may be read.
        roots: Vec<PathBuf>,
    },
    /// See [`ErrorCode::NotAFile`]: a symbolic link that leads, through others,
    /// back to itself.
    #[error(
        "a symbolic link loop (the link leads back to itself); name the file it should lead to"
    )]
    LinkLoop,
    /// See [`ErrorCode::FileNotFound`]: a path no file can have (it holds a
    /// NUL byte).
    #[error("no file can have this path: it holds a NUL byte")]
    ImpossiblePath,
    /// See [`ErrorCode::NotAFile`]: `-` was named where stdin carries the front
    /// end's protocol (the MCP server).
    #[error("stdin ('-') carries the MCP protocol here; name a file or directory instead")]
    StdinIsProtocol,
}

/// Paths as a message lists them: `a, b`.
fn shown(paths: &[PathBuf]) -> String {
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    shown.join(", ")
}

impl FileError {
    /// The stable code of this error.
    pub fn code(&self) -> ErrorCode {
        match self {
            FileError::NotFound | FileError::ImpossiblePath => ErrorCode::FileNotFound,
            FileError::PermissionDenied | FileError::Io(_) | FileError::OutsideRoots { .. } => {
                ErrorCode::PermissionDenied
            }
            FileError::NotAFile | FileError::LinkLoop | FileError::StdinIsProtocol => {
                ErrorCode::NotAFile
            }
            FileError::TooLarge { .. } | FileError::TooManyBlocks { .. } => ErrorCode::FileTooLarge,
            FileError::Binary { .. } => ErrorCode::BinaryFile,
            FileError::Utf16 { .. } | FileError::InvalidUtf8 { .. } => ErrorCode::EncodingError,
        }
    }

    pub(crate) fn from_io(err: &std::io::Error) -> FileError {
        use std::io::ErrorKind;
        match err.kind() {
            ErrorKind::NotFound => FileError::NotFound,
            ErrorKind::PermissionDenied => FileError::PermissionDenied,
            ErrorKind::IsADirectory => FileError::NotAFile,
            ErrorKind::InvalidInput if err.to_string().contains("NUL") => FileError::ImpossiblePath,
            #[cfg(unix)]
            _ if err.raw_os_error() == Some(libc::ELOOP) => FileError::LinkLoop,
            _ => FileError::Io(err.to_string()),
        }
    }
}

/// A file that could not be loaded, with the path as the user wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FailedFile {
    /// The path as given (or as found under a directory).
    pub path: String,
    /// What went wrong.
    pub error: FileError,
    /// Working paths close to the one given, for `FILE_NOT_FOUND`.
    pub suggestions: Vec<String>,
}
