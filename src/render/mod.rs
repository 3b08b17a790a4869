//! Rendering a [`crate::Report`]: compact text or one JSON object
//! (docs/output.md, "Output").
//!
//! Renderers write to any `io::Write`; they decide nothing about success (see
//! [`crate::Report::exit_code`]) or about what is shown (that is `fit`'s), and
//! never re-serialize Markdown: content is sliced from the source. Why a
//! selector found nothing is worded in `reason`, once for both formats, and
//! what both say of a match is `matches`'. `lines`, the line format `fit`
//! measures with, is the one part beneath `fit`: it holds no sink and uses
//! nothing else here.

mod errors;
mod hits;
mod json;
mod json_index;
pub(crate) mod lines;
mod links;
mod marked;
mod matches;
mod outline;
mod reason;
mod text;

pub use errors::write_errors;
pub use json::write_json;
pub use lines::shell_word;
pub use outline::write_outline;
pub use text::write_text;

pub(crate) use text::TextSink;
