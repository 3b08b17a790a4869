//! The semantic tree: a flat arena of nodes over one document's source text.
//!
//! Nodes hold byte spans into the text, never copies of it; everything a selector
//! returns is sliced from the original. The skeleton is made of document-level
//! blocks and heading sections; nested blocks hang off their container (list,
//! item, blockquote). `build` is the only file that talks to the Markdown parser.
//! Nothing here recurses on input depth.

mod blocks;
mod build;
mod dialect;
mod model;
mod options;
#[cfg(test)]
mod tests;
mod walk;

pub use build::parse_document;
pub use model::{BlockKind, Document, Kind, Node, NodeId};

pub(crate) use build::{parse_named, parse_sections};
pub(crate) use model::{Anchors, TitleSource, line_ends, loose, next_line_end};
