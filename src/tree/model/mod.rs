//! The model: what a document is once read, whichever reader read it and in
//! whichever dialect. A [`Document`] owns its text; its [`Node`]s hold byte
//! spans of whole lines into it (`node`, `document`), and from them come line
//! numbers (`lines`), heading anchors (`anchors`), titles (`title`) and the
//! links it holds (`written`, as read, with the places besides headings it
//! names in `places`; `links`, where they lie).

mod anchors;
mod document;
mod lines;
mod links;
mod node;
mod places;
mod roles;
mod title;
mod written;

pub use document::Document;
pub use node::{BlockKind, Kind, Node, NodeId};

pub(crate) use anchors::{Anchors, anchors_of, cut_attribute_ids, heading_ids, loose};
pub(crate) use lines::{LineCursor, Lines, line_ends, next_line_end};
pub(crate) use links::placed_ids;
pub(crate) use title::{
    TitleSource, file_title, fold, front_matter_title, front_matter_values, plain_title,
    starts_a_line,
};
pub(crate) use written::Written;
