//! mdsel: read large Markdown corpora one selector at a time.
//!
//! Markdown is parsed into a semantic tree (sections by heading, document-level
//! blocks, nested blocks under their container); an index lists the selectors, and
//! a selector returns exactly the source bytes it names — never re-serialized.
//!
//! The pipeline, as every face (CLI, MCP server) runs it:
//!
//! ```
//! use mdsel::{Command, Input, Request, run, write_text};
//!
//! let dir = std::env::temp_dir().join(format!("mdsel-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let file = dir.join("guide.md");
//! std::fs::write(&file, "# Guide\n\n## Install\n\n```sh\ncargo install mdsel\n```\n\n## Use\n\nRun it.\n").unwrap();
//!
//! // Index: which selectors exist?
//! let report = run(&Request::new(Command::Index, vec![Input::Path(file.clone())]));
//! let mut out = Vec::new();
//! write_text(&report, &mut out).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "h1.0 Guide (13w)\n h2.0 Install (7w)\n h2.1 Use (4w)\n---\ncode:1 para:1\n");
//!
//! // Select: the exact bytes of the first code block under "Install".
//! let report = run(&Request::new(Command::Select(vec!["h2.0/code.0".into()]), vec![Input::Path(file)]));
//! let mut out = Vec::new();
//! write_text(&report, &mut out).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "```sh\ncargo install mdsel\n```\n");
//! assert_eq!(report.exit_code(), 0);
//! # std::fs::remove_dir_all(dir).ok();
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod error;
mod page;
mod pool;
mod render;
mod report;
mod request;
mod run;
mod search;
mod selector;
mod source;
mod tree;
mod words;

pub use error::{ErrorCode, FailedFile, FileError};
pub use render::{write_errors, write_json, write_text};
pub use report::{CommandKind, HitInfo, Match, PageInfo, Report, Unresolved};
pub use request::{
    Command, DEFAULT_LIMIT, DEFAULT_MAX_BYTES, DEFAULT_MAX_WORDS, Request, max_words_from_env,
};
pub use run::run;
pub use search::{SearchHit, similarity};
pub use selector::{
    Expected, Index, MAX_SELECTOR_LEN, MAX_STEPS, Query, Selector, Step, SyntaxError, Target,
    looks_like_selector, parse as parse_selector, split_selectors,
};
pub use source::{Input, MARKDOWN_EXTENSIONS, is_markdown_path, namespaces};
pub use tree::{BlockKind, Document, Kind, Node, NodeId, parse_document};
pub use words::{count_words, count_words_bytes};

/// The output-format cheat sheet printed by `mdsel format`, for tool descriptions.
pub const FORMAT_GUIDE: &str = include_str!("format.txt");
