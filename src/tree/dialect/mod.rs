//! The dialects: what the one CommonMark parser is shown instead of a text as
//! written, and what search must not read of it. Each preparation keeps the
//! text's length and every line in place, so spans read from the prepared
//! text index the text itself.
//!
//! `prepare` makes the parser's text (lone CRs, tabs after a bare fence, and
//! the body as its [`Dialect`](crate::paths::Dialect) has it read: `mdx` for `.mdx`); `containers`
//! marks site generators' containers (`:::`, `!!!`, Hugo alerts, MDC), in every
//! dialect; `destinations` shows the parser a template tag that writes a
//! link's destination as one (for the links only); `markup` makes the copy
//! search reads. Which dialect a file is in
//! is decided once from its path (`paths.rs`); what that changes is decided
//! in `prepare` and `markup`, each a match over every dialect.

mod containers;
mod destinations;
mod markup;
mod mdx;
mod prepare;

pub(crate) use containers::containers_marked;
pub(crate) use destinations::{as_written, templates_in_destinations};
pub(crate) use markup::{searchable, without_templates};
pub(crate) use prepare::{fence_tabs_as_spaces, lone_crs_as_lf, parser_text, read_as_written};
