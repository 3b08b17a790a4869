//! The semantic tree: a flat arena of nodes over one document's source text,
//! in three parts, each depending only on those before it.
//!
//! - `dialect`: what the parser is shown instead of the text as written (an
//!   `.mdx` body, site containers, lone CRs) and what search must not read
//!   (template markup, MDX's imports), every change one byte for one byte;
//!   each decision a [`Dialect`](crate::paths::Dialect) changes is a match
//!   over every dialect.
//! - `model`: what a document is once read ([`Document`], [`Node`]): nodes
//!   hold byte spans of whole lines into the text, never copies of it, so
//!   everything a selector returns is sliced from the original; line numbers,
//!   anchors, titles and links are read off them.
//! - `read`: the two readers that make a document, the block-level pass
//!   (`read/blocks/`) and the parser's events (`read/walk.rs`), assembled in
//!   `read/build.rs` and held to each other by `read/agree.rs`.
//!
//! `options` is the parser's configuration, shared by the three. Nothing here
//! recurses on input depth. Other stages see only what is re-exported here.

mod dialect;
mod model;
mod options;
mod read;
#[cfg(test)]
mod tests;

pub use model::{BlockKind, Document, Kind, Node, NodeId};
pub use read::parse_document;

pub(crate) use model::{
    Anchors, LineCursor, TitleSource, Written, anchors_of, front_matter_values, heading_ids,
    line_ends, loose, next_line_end, placed_ids, starts_a_line,
};
pub(crate) use read::{front_matter_of, parse_linked, parse_named, parse_sections};
