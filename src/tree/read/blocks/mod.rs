//! The block-level pass: the top-level blocks of plain Markdown read line by line,
//! without the parser's inline pass, and everything else handed to the parser.
//!
//! An outline needs a document's top-level headings, its block counts and the
//! spans of its blocks, none of which depends on inline markup except a heading's
//! title. Most of a document is paragraphs, headings (plain, or with code
//! spans: `titles.rs`), code, plain link definitions, lists of one-paragraph
//! items, tight or loose, with a tight list nested one level in an item
//! (`items.rs`), one-paragraph blockquotes and tables opening a paragraph
//! (`tables.rs`), whose extent CommonMark and GFM decide from a line's first
//! bytes. This pass reads those itself and hands every other stretch of lines
//! (lists nested deeper or in a loose list, items of several paragraphs,
//! other blockquotes, other tables, a tag alone on its line, headings with
//! other markup) to the parser as a [`Piece::Parse`] of its own.
//!
//! A stretch handed over starts where no block is open and ends at a line no
//! block can run across: a line at the left margin, after a blank line, that
//! does not continue a list. There every container has closed (a list item's
//! text is indented, a blockquote ends at the blank line, laziness needs an open
//! paragraph) and so has every paragraph; only a fenced code block or an HTML
//! block opened at top level could still be open, which the caller checks from
//! the parse of the stretch (it then runs to the stretch's end), falling back to
//! the whole document's parse. Anything this pass is unsure of gives up the same
//! way: [`scan`] returns false and the document is parsed whole. Tests hold it
//! to the full parse node for node (`tests.rs`, generated documents, and
//! every parse of a debug build).

mod items;
mod open;
mod scan;
mod scanners;
mod state;
mod tables;
#[cfg(test)]
mod tests;
mod titles;

pub(super) use items::Items;
pub(super) use scan::scan;
pub(super) use scanners::may_give_sections;
pub(super) use state::Piece;
pub(super) use titles::code_title;
