//! What the text and JSON formats both say of a match: its content (its
//! slice of the source), its selector qualified by namespace, the page after
//! it and the marker naming it.

use crate::namespace::qualified;
use crate::report::{Match, Report};

/// A match's content: its slice of the source, ending in a newline.
pub(crate) fn content<'a>(report: &'a Report, m: &Match) -> std::borrow::Cow<'a, str> {
    report.documents[m.doc].content(m.span.clone())
}

/// A selector as shown: qualified by `namespace` when there is one.
pub(crate) fn qualify(namespace: Option<&str>, selector: String) -> String {
    match namespace {
        Some(ns) => qualified(ns, &selector),
        None => selector,
    }
}

/// The marker after a page: `[page 1/4 · next: h2.1/page.1 · all: h2.1?full=true]`.
/// `namespace` is the match's when selectors are shown namespaced.
pub(crate) fn page_marker(namespace: Option<&str>, m: &Match) -> Option<String> {
    let page = m.page?;
    if page.count <= 1 {
        return None;
    }
    let all = qualify(namespace, format!("{}{}", m.selector, m.query.suffix(true)));
    let next = next_page(namespace, m)
        .map(|n| format!(" · next: {n}"))
        .unwrap_or_default();
    Some(format!(
        "[page {}/{}{next} · all: {all}]",
        page.index + 1,
        page.count
    ))
}

/// The selector of the page after this one, if any.
pub(crate) fn next_page(namespace: Option<&str>, m: &Match) -> Option<String> {
    let page = m.page?;
    (page.index + 1 < page.count).then(|| {
        let next = format!(
            "{}/page.{}{}",
            m.selector,
            page.index + 1,
            m.query.suffix(false)
        );
        qualify(namespace, next)
    })
}
