//! The readers: a document's text into the model. `build` reads front matter,
//! has the body read (`body`: the block-level pass, `blocks`, where it may, the
//! parser's events folded by `walk` elsewhere) into the document being
//! assembled (`builder`), then makes the preamble, the sections and the title.
//! `agree` holds the block-level pass to the parser's reading. For a link
//! listing, `linked` reads the links of the pieces the pass read: `inline`
//! finds the plain links of a block, and `definitions` matches a label to
//! a page's definitions as the parser does.

#[cfg(any(test, debug_assertions))]
mod agree;
mod blocks;
mod body;
mod boxes;
mod build;
mod builder;
mod definitions;
mod inline;
mod linked;
mod walk;

pub use build::parse_document;
pub(crate) use build::{front_matter_of, parse_linked, parse_named, parse_sections};
