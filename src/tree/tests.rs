//! Tree building as tables: a document in, an outline of its nodes out, one line
//! per node with its selector step and its 1-based line range (sections with
//! their titles, nested nodes indented under their container).

use super::{BlockKind, Document, Kind, NodeId, parse_document};

fn outline(text: &str) -> String {
    let doc = parse_document("t".into(), "t.md".into(), text.into(), 0);
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
        out += &line(&doc, id, depth);
        let children: Vec<NodeId> = doc.children(id).collect();
        stack.extend(children.into_iter().rev().map(|c| (c, depth + 1)));
    }
    out
}

fn line(doc: &Document, id: NodeId, depth: usize) -> String {
    let node = doc.node(id);
    let name = match node.kind {
        Kind::Section { level } => format!("h{level}"),
        Kind::Block(kind) => crate::selector::Target::Block(kind).name().to_owned(),
        Kind::Item => "item".to_owned(),
        other => format!("{other:?}"),
    };
    let (first, last) = doc.lines_of(&node.span);
    let title = match node.kind {
        Kind::Section { .. } => format!(" {}", doc.title(id)),
        _ => String::new(),
    };
    format!(
        "{}{name}.{}{title} {first}-{last}\n",
        " ".repeat(depth),
        node.ordinal
    )
}

/// (document, outline)
fn check(cases: &[(&str, &str)]) {
    for (text, want) in cases {
        assert_eq!(outline(text), *want, "for {text:?}");
    }
}

#[test]
fn issue8_a_list_ends_where_its_last_item_ends() {
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
    ]);
}

#[test]
fn issue8_a_lone_cr_ends_a_line_for_structure_too() {
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
