//! The words for why a selector found nothing: the one place a [`Reason`] becomes
//! text, shared by the text and JSON renderers (and so by MCP, which prints text).
//!
//! Type names and nouns come from the table of types; nothing here looks at a
//! document.

use std::fmt;

use crate::selector::Reason;
use crate::selector::Target;
use crate::tree::BlockKind;

/// How many loaded namespaces a namespace miss lists.
const NAMESPACES_SHOWN: usize = 10;

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Syntax(err) => write!(f, "{err}"),
            Reason::OutOfRange {
                owner,
                target,
                count,
            } => write!(
                f,
                "Index out of range: {} has {}",
                owner.as_deref().unwrap_or("document"),
                noun(*target, *count)
            ),
            Reason::NoneOfType { owner, target } => write!(
                f,
                "{} has {}",
                owner.as_deref().unwrap_or("Document"),
                noun(*target, 0)
            ),
            Reason::ItemNeedsList { owner, lists } => item_needs_list(f, owner.as_deref(), *lists),
            Reason::NamespaceNotFound { namespace, loaded } => {
                namespace_not_found(f, namespace, loaded)
            }
            Reason::NoteNotFound { note } => write!(
                f,
                "No file among the inputs is the note '{note}' (a Markdown file of that name, any case)"
            ),
            Reason::PathNotFound { path } => write!(
                f,
                "No file among the inputs is '{path}' (by its path or a suffix of it; for a site's page, its .md or index.md)"
            ),
            Reason::NoAnchor {
                anchor,
                headings: 0,
            } => {
                write!(
                    f,
                    "No heading has the anchor #{anchor}: the document has no headings"
                )
            }
            Reason::NoAnchor { anchor, .. } => write!(
                f,
                "No heading has the anchor #{anchor} (GitHub slug, explicit id, or its letters and digits)"
            ),
            Reason::OutlinePageOutOfRange { pages } => write!(
                f,
                "Index out of range: the outline has {}",
                noun(Target::Page, *pages)
            ),
            Reason::OutlineOnePage => write!(
                f,
                "An outline is shown one page at a time: name one page, as {}.N",
                Target::Page.name()
            ),
            Reason::TooManySelectors { max, left_out } => write!(
                f,
                "At most {max} selectors are looked up in one call; {left_out} more were left out: \
                 ask for them in another call"
            ),
            Reason::NoOutline { selector, target } => write!(
                f,
                "An outline shows documents and sections, and {selector} names a `{}` block; \
                 read it with `mdsel select {selector}`",
                target.info().node
            ),
        }
    }
}

/// `item` after a step that is no list: where lists are, an example of the
/// step it needs; else that there are none.
fn item_needs_list(f: &mut fmt::Formatter<'_>, owner: Option<&str>, lists: usize) -> fmt::Result {
    let item = Target::Item.name();
    let list = Target::Block(BlockKind::List);
    write!(
        f,
        "'{item}' selects the items of a list, so it must follow a list step"
    )?;
    match (owner, lists) {
        (_, 0) => write!(f, "; {} has {}", owner.unwrap_or("document"), noun(list, 0)),
        (Some(owner), _) => write!(f, " (e.g. {owner}/{}.0/{item}.0)", list.name()),
        (None, _) => write!(f, " (e.g. {}.0/{item}.0)", list.name()),
    }
}

/// A namespace no document has, with the first [`NAMESPACES_SHOWN`] of
/// those loaded.
fn namespace_not_found(
    f: &mut fmt::Formatter<'_>,
    namespace: &str,
    loaded: &[String],
) -> fmt::Result {
    let shown: Vec<&str> = loaded
        .iter()
        .take(NAMESPACES_SHOWN)
        .map(String::as_str)
        .collect();
    write!(
        f,
        "no document has namespace '{namespace}'; loaded: {}",
        shown.join(", ")
    )
}

/// A counted noun: "no h4 headings", "1 code block", "3 pages".
fn noun(target: Target, count: usize) -> String {
    let info = target.info();
    match count {
        0 => format!("no {}", info.many),
        1 => format!("1 {}", info.one),
        n => format!("{n} {}", info.many),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selector::parse;

    #[test]
    fn one_sentence_per_reason() {
        let code = Target::Block(BlockKind::Code);
        let owner = |s: &str| Some(s.to_owned());
        let many: Vec<String> = (0..12).map(|i| format!("d{i}")).collect();
        #[rustfmt::skip]
        let cases: Vec<(Reason, &str)> = vec![
            (Reason::Syntax(parse("h2.").unwrap_err()), "Invalid selector at column 4: expected an index after '.' (e.g. 0, 1-3 or 0,2)"),
            (Reason::OutOfRange { owner: None, target: Target::Heading(2), count: 2 }, "Index out of range: document has 2 h2 headings"),
            (Reason::OutOfRange { owner: owner("h2.0"), target: code, count: 1 }, "Index out of range: h2.0 has 1 code block"),
            (Reason::OutOfRange { owner: owner("h2.1"), target: Target::Page, count: 3 }, "Index out of range: h2.1 has 3 pages"),
            (Reason::NoneOfType { owner: None, target: Target::Heading(4) }, "Document has no h4 headings"),
            (Reason::NoneOfType { owner: owner("h2.1"), target: code }, "h2.1 has no code blocks"),
            (Reason::NoneOfType { owner: None, target: Target::Front }, "Document has no front matter blocks"),
            (Reason::ItemNeedsList { owner: None, lists: 2 }, "'item' selects the items of a list, so it must follow a list step (e.g. list.0/item.0)"),
            (Reason::ItemNeedsList { owner: owner("h2.0"), lists: 1 }, "'item' selects the items of a list, so it must follow a list step (e.g. h2.0/list.0/item.0)"),
            (Reason::ItemNeedsList { owner: owner("table.0"), lists: 0 }, "'item' selects the items of a list, so it must follow a list step; table.0 has no lists"),
            (Reason::ItemNeedsList { owner: None, lists: 0 }, "'item' selects the items of a list, so it must follow a list step; document has no lists"),
            (Reason::NamespaceNotFound { namespace: "nope".into(), loaded: vec!["guide".into(), "api".into()] }, "no document has namespace 'nope'; loaded: guide, api"),
            (Reason::NamespaceNotFound { namespace: "x".into(), loaded: many }, "no document has namespace 'x'; loaded: d0, d1, d2, d3, d4, d5, d6, d7, d8, d9"),
            (Reason::NoteNotFound { note: "Nope".into() }, "No file among the inputs is the note 'Nope' (a Markdown file of that name, any case)"),
            (Reason::PathNotFound { path: "/guide/x".into() }, "No file among the inputs is '/guide/x' (by its path or a suffix of it; for a site's page, its .md or index.md)"),
            (Reason::NoAnchor { anchor: "serve".into(), headings: 3 }, "No heading has the anchor #serve (GitHub slug, explicit id, or its letters and digits)"),
            (Reason::OutlinePageOutOfRange { pages: 1 }, "Index out of range: the outline has 1 page"),
            (Reason::OutlinePageOutOfRange { pages: 4 }, "Index out of range: the outline has 4 pages"),
            (Reason::OutlineOnePage, "An outline is shown one page at a time: name one page, as page.N"),
            (Reason::TooManySelectors { max: 256, left_out: 7 }, "At most 256 selectors are looked up in one call; 7 more were left out: ask for them in another call"),
            (Reason::NoOutline { selector: "h2.0/code.1".into(), target: code }, "An outline shows documents and sections, and h2.0/code.1 names a `code` block; read it with `mdsel select h2.0/code.1`"),
            (Reason::NoOutline { selector: "para.0".into(), target: Target::Block(BlockKind::Paragraph) }, "An outline shows documents and sections, and para.0 names a `para` block; read it with `mdsel select para.0`"),
        ];
        for (reason, want) in cases {
            assert_eq!(reason.to_string(), want, "{reason:?}");
        }
    }
}
