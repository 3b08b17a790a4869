//! Making a response fit: everything that decides how much of a node is shown.
//!
//! Resolving names nodes; this stage turns them into [`Match`]es with the byte
//! spans a response prints: `?head`/`?tail` cuts, pages within the budget's words
//! and bytes, and whole matches with `--full` or `?full=true`. It also
//! owns the budget of a whole response (docs/output.md, "Text"): the folded and paged outline
//! of `index`, and which whole matches of a selection are shown. It reads the
//! document text to count words and find line ends, and measures outline lines
//! and markers with the line format's own functions (`render/lines.rs`, the
//! one part of `render` it may use); it never writes output.

mod budget;
mod fold;
mod folders;
mod matched;
mod measure;
mod outline;
mod page;
mod pager;
mod right_sized;
mod select;
mod shown;

pub use matched::{Folded, HitInfo, Match, PageInfo};

pub(crate) use budget::{Budget, Size};
pub(crate) use fold::{CallText, Folder, Plan, Row, page_selector};
pub(crate) use folders::Place;
pub(crate) use matched::whole;
pub(crate) use measure::listing_budget;
pub(crate) use outline::{DocOutline, Scope};
pub(crate) use page::paged;
pub(crate) use select::{Piece, Selection, choose};
pub(crate) use shown::matches;
