//! The semantic tree: a flat arena of nodes over one document's source text.
//!
//! Nodes hold byte spans into the text, never copies of it; everything a selector
//! returns is sliced from the original. The skeleton is made of document-level
//! blocks and heading sections; nested blocks hang off their container (list,
//! item, blockquote). `build` is the only file that talks to the Markdown parser.
//! Nothing here recurses on input depth.

mod dialect;
mod model;
mod options;
mod read;
#[cfg(test)]
mod tests;

pub use model::{BlockKind, Document, Kind, Node, NodeId};
pub use read::parse_document;

pub(crate) use model::{Anchors, TitleSource, line_ends, loose, next_line_end};
pub(crate) use read::{parse_named, parse_sections};
