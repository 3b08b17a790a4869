//! What to do, resolved once: the plain options every face hands the library.
//!
//! The CLI builds a [`Request`] from argv, the MCP server from tool arguments; the
//! rest of the crate never sees either.

use crate::source::Input;

/// Default `--max-words`: pages hold at most this many words.
pub const DEFAULT_MAX_WORDS: usize = 2000;
/// Default `--max-bytes`: larger files are refused (64 MiB).
pub const DEFAULT_MAX_BYTES: u64 = 64 * 1024 * 1024;
/// Default `--limit`: search hits shown.
pub const DEFAULT_LIMIT: usize = 10;

/// The operation asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// List every document's selectors.
    Index,
    /// Return the content the selectors name. Each string may hold several
    /// comma-separated selectors; strings that are plainly not selectors turn the
    /// request into a search.
    Select(Vec<String>),
    /// Fuzzy-search headings and blocks.
    Search(String),
}

/// A fully resolved request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The operation.
    pub command: Command,
    /// Files, directories and stdin, in the order given.
    pub inputs: Vec<Input>,
    /// Page size in words (at least 1).
    pub max_words: usize,
    /// Largest file accepted, in bytes.
    pub max_bytes: u64,
    /// Worker threads for loading and parsing (at least 1).
    pub threads: usize,
    /// Print whole matches instead of paging them.
    pub full: bool,
    /// Most search hits to return.
    pub limit: usize,
}

impl Request {
    /// A request with every option at its default and one thread per core.
    pub fn new(command: Command, inputs: Vec<Input>) -> Request {
        Request {
            command,
            inputs,
            max_words: DEFAULT_MAX_WORDS,
            max_bytes: DEFAULT_MAX_BYTES,
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            full: false,
            limit: DEFAULT_LIMIT,
        }
    }
}

/// `MDSEL_MAX_WORDS` when it is a positive integer; otherwise [`DEFAULT_MAX_WORDS`],
/// with a warning when the variable is set to something else. Every face that
/// pages (CLI, MCP server) reads it here, so they page alike.
pub fn max_words_from_env(warnings: &mut Vec<String>) -> usize {
    match std::env::var("MDSEL_MAX_WORDS") {
        Ok(v) => match v.trim().parse::<usize>() {
            Ok(n) if n > 0 => n,
            _ => {
                warnings.push(format!(
                    "MDSEL_MAX_WORDS={v:?} is not a positive integer; using {DEFAULT_MAX_WORDS}"
                ));
                DEFAULT_MAX_WORDS
            }
        },
        Err(_) => DEFAULT_MAX_WORDS,
    }
}
