//! The pulldown-cmark options mdsel parses with: CommonMark plus the GitHub
//! extensions that change block structure or titles.
//!
//! The benchmark baseline (`examples/bare_parse.rs`) includes this very file, so
//! the parse it times cannot drift from the one the tree builder does.

/// CommonMark plus tables, strikethrough, task lists, footnotes and GFM blocks.
pub(crate) fn options() -> pulldown_cmark::Options {
    use pulldown_cmark::Options;
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_GFM
}
