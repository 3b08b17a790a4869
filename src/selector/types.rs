//! The one table of node types: every name a type is written as or shown as, and
//! the nouns messages count it in. Parsing, canonical selectors, the index, the
//! JSON `type` field, messages, suggestions and the help text all read [`TYPES`];
//! adding a node type is one row here (plus its meaning in `resolve`).
//!
//! Pure data and lookups: no node is visited here.

use std::iter;

use super::Target;
use crate::tree::{BlockKind, Kind};

/// One node type: its names and its nouns.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TypeInfo {
    /// The type.
    pub target: Target,
    /// The shorthand name, as canonical selectors, the index and messages write it.
    pub name: &'static str,
    /// The full name (`block:code`, `heading:h2`), if the type has one.
    pub full: Option<&'static str>,
    /// Other names a selector may use (`paragraph`, `blockquote`).
    pub aliases: &'static [&'static str],
    /// The `type` output gives a node of this type.
    pub node: &'static str,
    /// What one of them is called in messages ("code block").
    pub one: &'static str,
    /// What several are called ("code blocks").
    pub many: &'static str,
}

/// A row whose nodes output shows under the shorthand name.
const fn row(
    target: Target,
    name: &'static str,
    full: Option<&'static str>,
    aliases: &'static [&'static str],
    one: &'static str,
    many: &'static str,
) -> TypeInfo {
    TypeInfo {
        target,
        name,
        full,
        aliases,
        node: name,
        one,
        many,
    }
}

/// Every node type, in the order help and messages list them.
#[rustfmt::skip]
pub(crate) const TYPES: [TypeInfo; 19] = [
    // target, shorthand, full name, other names, one, many
    row(Target::Heading(1),                  "h1",      Some("heading:h1"),        &[],             "h1 heading",         "h1 headings"),
    row(Target::Heading(2),                  "h2",      Some("heading:h2"),        &[],             "h2 heading",         "h2 headings"),
    row(Target::Heading(3),                  "h3",      Some("heading:h3"),        &[],             "h3 heading",         "h3 headings"),
    row(Target::Heading(4),                  "h4",      Some("heading:h4"),        &[],             "h4 heading",         "h4 headings"),
    row(Target::Heading(5),                  "h5",      Some("heading:h5"),        &[],             "h5 heading",         "h5 headings"),
    row(Target::Heading(6),                  "h6",      Some("heading:h6"),        &[],             "h6 heading",         "h6 headings"),
    row(Target::Section,                     "section", None,                      &[],             "section",            "sections"),
    row(Target::Root,                        "root",    None,                      &[],             "preamble",           "preambles"),
    row(Target::Front,                       "front",   Some("block:frontmatter"), &[],             "front matter block", "front matter blocks"),
    row(Target::Block(BlockKind::Paragraph), "para",    Some("block:paragraph"),   &["paragraph"],  "paragraph",          "paragraphs"),
    row(Target::Block(BlockKind::List),      "list",    Some("block:list"),        &[],             "list",               "lists"),
    row(Target::Item,                        "item",    Some("block:item"),        &[],             "item",               "items"),
    row(Target::Block(BlockKind::Code),      "code",    Some("block:code"),        &[],             "code block",         "code blocks"),
    row(Target::Block(BlockKind::Table),     "table",   Some("block:table"),       &[],             "table",              "tables"),
    // A site's container (`:::note`, `!!! note`, a Hugo alert) is a quote too.
    row(Target::Block(BlockKind::Quote),     "quote",   Some("block:blockquote"),  &["blockquote", "callout"], "blockquote", "blockquotes"),
    row(Target::Block(BlockKind::Html),      "html",    Some("block:html"),        &[],             "HTML block",         "HTML blocks"),
    row(Target::Page,                        "page",    None,                      &[],             "page",               "pages"),
    // `#anchor` names a section by its heading's anchor; written `#…`, never by name.
    TypeInfo { node: "section", ..row(Target::Anchor, "#", None, &[], "heading anchor", "heading anchors") },
    // `*` names the document at the first step and children later.
    TypeInfo { node: "document", ..row(Target::All, "*", None, &[], "child", "children") },
];

impl Target {
    /// This type's row of the table.
    pub(crate) fn info(self) -> &'static TypeInfo {
        let target = match self {
            Target::Heading(level) => Target::Heading(level.clamp(1, 6)),
            other => other,
        };
        TYPES
            .iter()
            .find(|t| t.target == target)
            .expect("every target has a row in TYPES")
    }

    /// Looks up a full or shorthand type name, case-insensitively.
    pub fn from_name(name: &str) -> Option<Target> {
        let lower = name.to_ascii_lowercase();
        // `heading:` is dropped before any name starting with `h` (so
        // `heading:html` means `html` too).
        let name = lower
            .strip_prefix("heading:")
            .filter(|n| n.starts_with('h'))
            .unwrap_or(&lower);
        TYPES
            .iter()
            .filter(|t| t.target != Target::Anchor)
            .find(|t| t.name == name || t.full == Some(name) || t.aliases.contains(&name))
            .map(|t| t.target)
    }

    /// Every name a type can be written as, for suggestions. Suggestions rank ties
    /// by this order: shorthand names and their aliases in table order, then the
    /// full names of blocks in index order, then the other full names.
    pub fn names() -> impl Iterator<Item = &'static str> {
        let short = TYPES
            .iter()
            .filter(|t| t.target != Target::Anchor)
            .flat_map(|t| iter::once(t.name).chain(t.aliases.iter().copied()));
        let blocks = BlockKind::ALL
            .iter()
            .filter_map(|&k| Target::Block(k).info().full);
        let others = TYPES
            .iter()
            .filter(|t| !matches!(t.target, Target::Block(_)))
            .filter_map(|t| t.full);
        short.chain(blocks).chain(others)
    }

    /// The shorthand name, as in canonical selectors.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The shorthand names as help and messages list them, heading levels folded
    /// into a range, the last joined by `last`: `h1-h6, section, …, page or *`.
    pub fn listed(last: &str) -> String {
        let headings: Vec<&str> = TYPES
            .iter()
            .filter(|t| matches!(t.target, Target::Heading(_)))
            .map(|t| t.name)
            .collect();
        let mut names: Vec<String> = Vec::new();
        for t in &TYPES {
            match (t.target, headings.as_slice()) {
                (Target::Heading(_), [first, .., end]) if t.name == *first => {
                    names.push(format!("{first}-{end}"));
                }
                (Target::Heading(_) | Target::Anchor, _) => {}
                _ => names.push(t.name.to_owned()),
            }
        }
        let tail = names.pop().unwrap_or_default();
        format!("{}{last}{tail}", names.join(", "))
    }

    /// The type a node of this kind is selected as (`*` for the document).
    pub(crate) fn of(kind: Kind) -> Target {
        match kind {
            Kind::Document => Target::All,
            Kind::Front => Target::Front,
            Kind::Root => Target::Root,
            Kind::Section { level } => Target::Heading(level),
            Kind::Block(k) => Target::Block(k),
            Kind::Item => Target::Item,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every target, once each.
    fn all_targets() -> Vec<Target> {
        let mut all = vec![
            Target::All,
            Target::Anchor,
            Target::Root,
            Target::Front,
            Target::Section,
            Target::Item,
            Target::Page,
        ];
        all.extend((1..=6).map(Target::Heading));
        all.extend(BlockKind::ALL.map(Target::Block));
        all
    }

    #[test]
    fn every_target_has_exactly_one_row() {
        let all = all_targets();
        assert_eq!(all.len(), TYPES.len());
        for target in all {
            let rows = TYPES.iter().filter(|t| t.target == target).count();
            assert_eq!(rows, 1, "{target:?}");
            assert_eq!(target.info().target, target);
        }
    }

    #[test]
    fn every_name_round_trips() {
        // An anchor step is written `#…`, never by its row's name.
        for t in TYPES.iter().filter(|t| t.target != Target::Anchor) {
            let names = iter::once(t.name)
                .chain(t.full)
                .chain(t.aliases.iter().copied());
            for name in names {
                assert_eq!(Target::from_name(name), Some(t.target), "{name}");
                assert_eq!(
                    Target::from_name(&name.to_uppercase()),
                    Some(t.target),
                    "{name}"
                );
                assert!(
                    Target::names().any(|n| n == name),
                    "{name} is not in names()"
                );
            }
        }
        let mut names: Vec<&str> = Target::names().collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a name belongs to two types");
    }

    #[test]
    fn names_keep_their_ranking_order() {
        // Suggestions break similarity ties by this order, so it is part of the
        // output: these names keep their relative places.
        let names: Vec<&str> = Target::names().collect();
        let old = [
            "h1",
            "h2",
            "h3",
            "h4",
            "h5",
            "h6",
            "section",
            "root",
            "front",
            "para",
            "paragraph",
            "list",
            "item",
            "code",
            "table",
            "quote",
            "blockquote",
            "html",
            "page",
            "block:code",
            "block:paragraph",
            "block:list",
            "block:table",
            "block:frontmatter",
        ];
        let kept: Vec<&str> = names.iter().copied().filter(|n| old.contains(n)).collect();
        assert_eq!(kept, old);
    }

    #[test]
    fn unknown_names_are_none() {
        for name in [
            "",
            "h0",
            "h7",
            "heading:",
            "block:",
            "heading:section",
            "document",
            "**",
        ] {
            assert_eq!(Target::from_name(name), None, "{name}");
        }
        assert_eq!(Target::from_name("Heading:H3"), Some(Target::Heading(3)));
    }

    #[test]
    fn lists_fold_heading_levels() {
        let want = "h1-h6, section, root, front, para, list, item, code, table, quote, html, page";
        assert_eq!(Target::listed(" or "), format!("{want} or *"));
        assert_eq!(Target::listed(", "), format!("{want}, *"));
    }

    #[test]
    fn every_kind_is_a_target_with_a_node_name() {
        let cases = [
            (Kind::Document, "document", "*"),
            (Kind::Front, "front", "front"),
            (Kind::Root, "root", "root"),
            (Kind::Section { level: 3 }, "h3", "h3"),
            (Kind::Block(BlockKind::Paragraph), "para", "para"),
            (Kind::Item, "item", "item"),
        ];
        for (kind, node, name) in cases {
            assert_eq!(Target::of(kind).info().node, node, "{kind:?}");
            assert_eq!(Target::of(kind).name(), name, "{kind:?}");
        }
    }

    #[test]
    fn the_format_guide_shows_every_type() {
        // format.txt is static text: it must keep up with the table by hand.
        let guide = include_str!("../format.txt");
        let selectors = &guide[guide.find("SELECTORS").expect("a SELECTORS part")..];
        let words: Vec<&str> = selectors
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '*'))
            .collect();
        let shown = |t: &TypeInfo| match t.target {
            // One heading level stands for all six.
            Target::Heading(_) => TYPES
                .iter()
                .filter(|h| matches!(h.target, Target::Heading(_)))
                .any(|h| words.contains(&h.name)),
            Target::Anchor => selectors.contains(" #"),
            _ => words.contains(&t.name),
        };
        for t in &TYPES {
            assert!(
                shown(t),
                "format.txt's SELECTORS part does not show '{}'",
                t.name
            );
        }
    }
}
