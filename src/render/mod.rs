//! Rendering a [`crate::Report`]: compact text (SPEC §6) or one JSON object (§7).
//!
//! Renderers write to any `io::Write`; they decide nothing about success (see
//! [`crate::Report::exit_code`]) or about what is shown (that is `fit`'s), and
//! never re-serialize Markdown: content is sliced from the source. Why a
//! selector found nothing is worded in `reason`, once for both formats.

mod json;
mod outline;
mod reason;
mod text;

pub use json::write_json;
pub use text::{write_errors, write_text};

pub(crate) use outline::{block_lines, marker_size, marker_text, outline_line, write_rows};
pub(crate) use text::write_selection;

use crate::report::{Match, Report};

/// A match's content: its slice of the source, ending in a newline.
pub(crate) fn content<'a>(report: &'a Report, m: &Match) -> std::borrow::Cow<'a, str> {
    report.documents[m.doc].content(m.span.clone())
}

/// The marker after a page: `[page 1/4 · next: h2.1/page.1 · all: h2.1?full=true]`.
/// `prefix` is the match's `namespace::` when selectors are shown namespaced.
pub(crate) fn page_marker(prefix: &str, m: &Match) -> Option<String> {
    let page = m.page?;
    if page.count <= 1 {
        return None;
    }
    let all = format!("{prefix}{}{}", m.selector, m.query.suffix(true));
    let next = next_page(prefix, m)
        .map(|n| format!(" · next: {n}"))
        .unwrap_or_default();
    Some(format!(
        "[page {}/{}{next} · all: {all}]",
        page.index + 1,
        page.count
    ))
}

/// The selector of the page after this one, if any.
pub(crate) fn next_page(prefix: &str, m: &Match) -> Option<String> {
    let page = m.page?;
    (page.index + 1 < page.count).then(|| {
        format!(
            "{prefix}{}/page.{}{}",
            m.selector,
            page.index + 1,
            m.query.suffix(false)
        )
    })
}
