//! What every call of one process shares, resolved once: page size, size limit,
//! threads, paging, hit count, outline line ranges, and the notes made while
//! resolving them.
//!
//! The CLI builds [`Options`] from its flags and environment; the MCP server
//! builds them once at start and runs every tool call with them. A call itself
//! is only a command and its inputs ([`crate::Call`]).

/// Default `--max-words`: pages and responses hold at most this many words.
pub const DEFAULT_MAX_WORDS: usize = 2000;
/// Default `--max-bytes`: larger files are refused (64 MiB).
pub const DEFAULT_MAX_BYTES: u64 = 64 * 1024 * 1024;
/// Default `--read-words`: a selected section over this many words prints its
/// own text and an outline of its subsections. Chosen by measuring
/// agents' reads; see docs/choices.md.
pub const DEFAULT_READ_WORDS: usize = 300;
/// Default `--limit`: search hits shown at most (fewer when the rest score far
/// below the best, as with any limit up to this one). Chosen by measuring
/// agents' first searches; see docs/choices.md.
pub const DEFAULT_LIMIT: usize = 3;

/// How a response names the call that shows more of it: the command line's
/// flags (`--offset 5`) or a tool's parameters (`offset: 5`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Hints {
    /// `--offset 5`, as the command line takes it.
    #[default]
    Flags,
    /// `offset: 5`, as an MCP tool takes it.
    Parameters,
}

/// What a search lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Listing {
    /// The hits, best first, the best with its passage.
    #[default]
    Hits,
    /// The files holding hits, ranked, one line each (`--files`).
    Files,
    /// How many hits each file holds (`--count`).
    Count,
}

/// Per-process options: the same for every call.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Page size in words (at least 1).
    pub max_words: usize,
    /// Largest file accepted, in bytes.
    pub max_bytes: u64,
    /// Worker threads for walking folders, loading and parsing (at least 1).
    pub threads: usize,
    /// Print whole matches instead of paging them.
    pub full: bool,
    /// Most search hits (or, listing files or counts, files) to return;
    /// `None`: [`DEFAULT_LIMIT`] hits, or as many files as the budget holds.
    pub limit: Option<usize>,
    /// Search hits to pass over first (`--offset`: the next ones after those).
    pub offset: usize,
    /// What a search lists: hits, files or counts.
    pub listing: Listing,
    /// How markers name the call that shows more.
    pub hints: Hints,
    /// Folders (canonical) every file read must lie in, checked on the file
    /// opened: a server's roots (`None`: anywhere).
    pub confine: Option<std::sync::Arc<[std::path::PathBuf]>>,
    /// The read size (docs/output.md, "Text"): a selected section over this many words, with
    /// subsections, shows its own text and then its subsections as outline
    /// lines. 0 prints every section whole (JSON, `--full`).
    pub read_words: usize,
    /// Outline lines (`index` text) carry their node's 1-based inclusive line
    /// range, `h2.1 Usage (530w) L40-120`, as the Claude Code hook's outline
    /// mode shows them, so a reader can go on by line range. The
    /// ranges count towards the budget; off, the outline is the plain one.
    pub line_ranges: bool,
    /// Path filters (`--glob`): gitignore-style patterns, relative to each
    /// directory given, that narrow the files a walk finds (`!` leaves out);
    /// a file named directly is read whatever they say. An outline or a hit
    /// list they narrowed says so in its last line.
    pub globs: Vec<String>,
    /// The command-line options that shaped the response (`--max-bytes
    /// 90000000`), as their words: a marker's call repeats them, so that it
    /// runs as printed. Empty where a response names no command line's call
    /// to repeat (a tool's, the hook's).
    pub call_flags: Vec<String>,
    /// Set by whoever started the call to stop it (a server whose client
    /// cancelled the request): no further file is read once it is.
    pub cancel: crate::cancel::Cancel,
    /// The process ends with this call (a command line's): what the call
    /// made for itself may be left to the OS, which reclaims it at once,
    /// rather than freed piece by piece (a link sweep's tables over every
    /// page); a server's calls free theirs.
    pub ends_process: bool,
    /// Notes about how the options were resolved (an ignored environment
    /// variable, say); every response repeats them, none changes the exit code.
    pub warnings: Vec<String>,
}

impl Default for Options {
    /// Every option at its default, one thread per core, no environment read.
    fn default() -> Options {
        Options {
            max_words: DEFAULT_MAX_WORDS,
            max_bytes: DEFAULT_MAX_BYTES,
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            full: false,
            limit: None,
            offset: 0,
            listing: Listing::Hits,
            hints: Hints::Flags,
            confine: None,
            read_words: DEFAULT_READ_WORDS,
            line_ranges: false,
            globs: Vec::new(),
            call_flags: Vec::new(),
            cancel: Default::default(),
            ends_process: false,
            warnings: Vec::new(),
        }
    }
}

impl Options {
    /// How this call's files may be read.
    pub(crate) fn limits(&self) -> crate::source::Limits {
        crate::source::Limits {
            max_bytes: self.max_bytes,
            within: self.confine.clone(),
            cancel: self.cancel.clone(),
        }
    }

    /// How many hits, files or counts a search lists at most: the limit asked
    /// for, else the listing's default; never more than a response of this
    /// budget could show (every line holds four words at least), so no work is
    /// done for what would be left out.
    pub(crate) fn listed(&self) -> usize {
        let fit = match self.full {
            true => usize::MAX,
            false => (self.max_words / 4).max(1),
        };
        let default = match self.listing {
            Listing::Hits => DEFAULT_LIMIT,
            Listing::Files | Listing::Count => usize::MAX,
        };
        self.limit.unwrap_or(default).min(fit)
    }

    /// Takes the page size from `MDSEL_MAX_WORDS` when it is a positive
    /// integer; otherwise keeps the default (2,000 words), with a warning when the
    /// variable is set to something else. Every face that pages (CLI, MCP
    /// server) reads it here, so they page alike.
    pub fn max_words_from_env(mut self) -> Options {
        self.max_words = DEFAULT_MAX_WORDS;
        if let Ok(v) = std::env::var("MDSEL_MAX_WORDS") {
            match v.trim().parse::<usize>() {
                Ok(n) if n > 0 => self.max_words = n,
                _ => self.warnings.push(format!(
                    "MDSEL_MAX_WORDS={v:?} is not a positive integer; using {DEFAULT_MAX_WORDS}"
                )),
            }
        }
        self
    }

    /// Takes the read size from `MDSEL_READ_WORDS` when it is a whole number
    /// (0: sections print whole); otherwise keeps the default, with a warning
    /// when the variable is set to something else.
    pub fn read_words_from_env(mut self) -> Options {
        if let Ok(v) = std::env::var("MDSEL_READ_WORDS") {
            match v.trim().parse::<usize>() {
                Ok(n) => self.read_words = n,
                _ => self.warnings.push(format!(
                    "MDSEL_READ_WORDS={v:?} is not a whole number; using {DEFAULT_READ_WORDS}"
                )),
            }
        }
        self
    }
}
