//! Tree building as tables: a document in, an outline of its nodes out, one line
//! per node with its selector step and its 1-based line range (sections with
//! their titles, nested nodes indented under their container), or its byte span
//! where lines are too coarse to show what went wrong.

use super::{BlockKind, Document, Kind, NodeId, parse_document};

/// A xorshift generator from `seed` (not zero): the same numbers on every
/// run, for tests that draw many random texts.
pub(super) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// The outline with line ranges: `h1.0 Title 1-4`, `list.0 2-2`.
fn outline(text: &str) -> String {
    outline_by(text, |doc, id| {
        let (first, last) = doc.lines_of(&doc.node(id).span);
        let title = match doc.node(id).kind {
            Kind::Section { .. } => format!(" {}", doc.title(id)),
            _ => String::new(),
        };
        format!("{}{title} {first}-{last}", step(doc, id))
    })
}

/// The outline with byte spans: `h1.0 0..6`.
fn spans(text: &str) -> String {
    outline_by(text, |doc, id| {
        let span = &doc.node(id).span;
        format!("{} {}..{}", step(doc, id), span.start, span.end)
    })
}

/// One line per node, depth-first in document order, indented one space a level.
fn outline_by(text: &str, show: impl Fn(&Document, NodeId) -> String) -> String {
    let doc = parse_document(crate::source::Source::new("t.md", text));
    let mut top: Vec<NodeId> = doc.sections().to_vec();
    for kind in BlockKind::ALL {
        top.extend_from_slice(doc.blocks(kind));
    }
    top.sort_by_key(|&id| {
        (
            doc.node(id).span.start,
            !matches!(doc.node(id).kind, Kind::Section { .. }),
        )
    });
    let mut out = String::new();
    // Depth-first with an explicit stack, children in document order.
    let mut stack: Vec<(NodeId, usize)> = top.into_iter().rev().map(|id| (id, 0)).collect();
    while let Some((id, depth)) = stack.pop() {
        out += &format!("{}{}\n", " ".repeat(depth), show(&doc, id));
        let children: Vec<NodeId> = doc.children(id).collect();
        stack.extend(children.into_iter().rev().map(|c| (c, depth + 1)));
    }
    out
}

/// A node's selector step: `h2.0`, `code.1`, `item.0`.
fn step(doc: &Document, id: NodeId) -> String {
    let node = doc.node(id);
    let name = match node.kind {
        Kind::Section { level } => format!("h{level}"),
        Kind::Block(kind) => crate::selector::Target::Block(kind).name().to_owned(),
        Kind::Item => "item".to_owned(),
        other => format!("{other:?}"),
    };
    format!("{name}.{}", node.ordinal)
}

/// (document, outline)
fn check<S: AsRef<str>>(cases: &[(&str, S)]) {
    for (text, want) in cases {
        assert_eq!(outline(text), want.as_ref(), "for {text:?}");
    }
}

/// (document, outline with byte spans)
fn check_spans(cases: &[(&str, &str)]) {
    for (text, want) in cases {
        assert_eq!(spans(text), *want, "for {text:?}");
    }
}

/// An outline of nodes each nested in the one before: `quote.0 1-1\n quote.0 1-1\n`.
fn nest<'a>(steps: impl IntoIterator<Item = &'a str>) -> String {
    steps
        .into_iter()
        .enumerate()
        .map(|(depth, step)| format!("{}{step}\n", " ".repeat(depth)))
        .collect()
}

#[test]
fn a_list_ends_where_its_last_item_ends() {
    check(&[
        // Link reference definitions after a list are not in it.
        (
            "- a\n- b\n\n[x]: /u\n[y]: /v\n\nText.\n",
            "list.0 1-2\n item.0 1-1\n item.1 2-2\npara.0 7-7\n",
        ),
        (
            "1. a\n2. b\n\n[x]: /u\n",
            "list.0 1-2\n item.0 1-1\n item.1 2-2\n",
        ),
        // An under-indented line after a blank is the next paragraph, not the list's.
        ("- one\n\n two\n", "list.0 1-1\n item.0 1-1\npara.0 3-3\n"),
        // The same for a nested list: the line belongs to the outer item.
        (
            "- a\n  - b\n\n   two\n",
            "list.0 1-4\n item.0 1-4\n  para.0 1-1\n  list.0 2-2\n   item.0 2-2\n  para.1 4-4\n",
        ),
        // Inside a blockquote (a `>` line is the quote's blank line, and stays in
        // the item, as markdown-it has it too).
        (
            "> - a\n>\n> [x]: /u\n\nText\n",
            "quote.0 1-3\n list.0 1-2\n  item.0 1-2\npara.0 5-5\n",
        ),
        (
            "> - a\n>\n> b\n",
            "quote.0 1-3\n list.0 1-2\n  item.0 1-2\n para.0 3-3\n",
        ),
        // A definition indented into the item stays in the item, and so in the list.
        (
            "- a\n\n  [x]: /u\n- b\n",
            "list.0 1-4\n item.0 1-3\n  para.0 1-1\n item.1 4-4\n  para.0 4-4\n",
        ),
        // Under a heading: the section still runs on, the list does not.
        (
            "# T\n- a\n\n[x]: /u\n",
            "h1.0 T 1-4\nlist.0 2-2\n item.0 2-2\n",
        ),
        // A heading ends the item's paragraph; the under-indented line after it
        // is the next paragraph (a property-test finding).
        (
            "- item\n   ## indented heading\n under-indented text",
            "list.0 1-2\n item.0 1-2\npara.0 3-3\n",
        ),
    ]);
}

#[test]
fn a_lone_cr_ends_a_line_for_structure_too() {
    check(&[
        ("# A\r```\rcode\r```\r", "h1.0 A 1-4\ncode.0 2-4\n"),
        ("# A\rB\r", "h1.0 A 1-2\npara.0 2-2\n"),
        (
            "- a\r- b\r\rText\r",
            "list.0 1-2\n item.0 1-1\n item.1 2-2\npara.0 4-4\n",
        ),
        ("> q\r> r\r\rp\r", "quote.0 1-2\n para.0 1-2\npara.0 4-4\n"),
        ("| a |\r|---|\r| b |\r\rp", "table.0 1-3\npara.0 5-5\n"),
        // Mixed with CRLF and LF: each ends a line.
        (
            "# A\r\n## B\r```\ncode\r\n```\r",
            "h1.0 A 1-5\nh2.0 B 2-5\ncode.0 3-5\n",
        ),
        // A CR that ends no line (inside CRLF) is left alone.
        ("a\r\n\r\nb\r\n", "para.0 1-1\npara.1 3-3\n"),
    ]);
}

/// The tree fuzz target's finding: a heading ended by a lone CR, with more
/// heading text after it on the same LF line, got an empty section past the
/// end of its parent's. Each section now starts at its heading and ends
/// inside its parent (`h2.0 3..6` within `h1.0 0..6`).
#[test]
fn a_heading_ended_by_a_lone_cr_keeps_its_section() {
    check_spans(&[
        ("#\n\n##\r#", "h1.0 0..6\nh2.0 3..6\nh1.1 6..7\n"),
        (
            "## e\n\n###\r## \n",
            "h2.0 0..10\nh3.0 6..10\nh2.1 10..14\n",
        ),
        (
            "#\r## e\n\n###\r## \n",
            "h1.0 0..16\nh2.0 2..12\nh3.0 8..12\nh2.1 12..16\n",
        ),
        ("#\r##\r###\r", "h1.0 0..9\nh2.0 2..9\nh3.0 5..9\n"),
        (
            "# A\r\r## B\rtext\r# C\r",
            "h1.0 0..15\nh2.0 5..15\npara.0 10..15\nh1.1 15..19\n",
        ),
    ]);
}

/// Deep nesting, as the fuzzer and the hostile-input suite feed it: every
/// container is a node of its own, nested in the one before, on the same line.
#[test]
fn nesting_is_one_node_a_level() {
    check(&[
        (
            ">>>>> deep\n",
            nest(["quote.0 1-1"; 5].into_iter().chain(["para.0 1-1"])),
        ),
        ("- - - - x\n", nest(["list.0 1-1", "item.0 1-1"].repeat(4))),
        (
            "> - > - x\n",
            nest(["quote.0 1-1", "list.0 1-1", "item.0 1-1"].repeat(2)),
        ),
        (
            "1. > ```\n   > code\n   > ```\n",
            nest(["list.0 1-3", "item.0 1-3", "quote.0 1-3", "code.0 1-3"]),
        ),
    ]);
}

/// A thousand levels: the builder's explicit stack, not the call stack, holds them.
#[test]
fn a_thousand_levels_deep() {
    let quotes = std::iter::repeat_n("quote.0 1-1", 1000).chain(["para.0 1-1"]);
    check(&[
        (&format!("{} deep\n", ">".repeat(1000)), nest(quotes)),
        (
            &format!("{}x\n", "- ".repeat(1000)),
            nest(["list.0 1-1", "item.0 1-1"].repeat(1000)),
        ),
        (
            &format!("{}x\n", "> - ".repeat(500)),
            nest(["quote.0 1-1", "list.0 1-1", "item.0 1-1"].repeat(500)),
        ),
    ]);
}

/// The front matter's and the preamble's word counts, taken once while the
/// document is built, are the counts of their text; the whole document's is
/// the count of all of it.
#[test]
fn front_and_preamble_words_are_their_texts_counts() {
    let cases = [
        "---\ntitle: A page\ntags: [a, b]\n---\n\nIntro words here.\n\n# Head\n\nBody text.\n",
        "---\ntitle: only front\n---",
        "---\ntitle: x\n---\nglued preamble\n## H\n",
        "+++\ntitle = 'toml'\n+++\r\n\r\n  spaced  preamble  \r\n\r\n\r\n# H\r\n",
        "\n\n   \nJust a preamble, no headings.\n\n\n",
        "# Heading first\n\ntext\n",
        "",
        "---\n---\n\nempty front, then text\n",
    ];
    for text in cases {
        let doc = parse_document(crate::source::Source::new("t.md", text));
        for id in [doc.front(), doc.root()].into_iter().flatten() {
            assert_eq!(
                doc.node_words(id),
                crate::words::count_words(doc.slice(id)),
                "{text:?} {:?}",
                doc.node(id).kind
            );
        }
        assert_eq!(doc.words(), crate::words::count_words(text), "{text:?}");
    }
}
