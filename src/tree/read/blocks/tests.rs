//! The block-level pass held to the parser: plain blocks it reads itself,
//! stretches it hands over, generated documents, and readings for sections.

use super::super::agree::{assert_sections_agree, read_by_blocks};
use super::may_give_sections;

/// Reads `text` with the pass, which must not give it up (and, reading it,
/// agrees with the parser: `read_by_blocks` checks).
fn read(text: &str) {
    assert!(
        read_by_blocks(text).is_some(),
        "the pass gave up on {text:?}"
    );
}

#[test]
fn plain_blocks_are_read_without_the_parser() {
    read("# Title\n\nText *with* `markup`\nand a second line.\n\n## Two #\n");
    read("Setext\n======\n\nAnother\n---\n\nA paragraph\n    indented continuation\n");
    read("```rust\nfn main() {}\n\n# not a heading\n```\n\n~~~~\n```\n~~~~\n");
    read("    indented code\n\n    more\n\npara\n");
    read("<div>\nhtml\n</div>\n\n<!-- a\n\ncomment -->\n# after\n");
    read("text\n<details>\ninterrupts\n\n___\n\n***\n");
    read("```\nnever closed\n\n# still code\n");
    read("\t# tab-indented code\n\n# Heading with trailing spaces   \n");
    read("a\r\nb\r\n\r\n## crlf\r\n");
}

#[test]
fn a_heading_whose_only_markup_is_code_spans_is_read_by_the_pass() {
    for text in [
        "#### `async aclear()`\n",
        "## `a` and ``b`c`` then ` d ` and `  `\n",
        "### `unclosed and ``two`\n",
        "# `*not emphasis*` `[no](link)` `<b>` `\\`\n",
        "## ``` `` ```\n",
        "### spec.bdb_size and `no_stem`\n",
    ] {
        read(text);
        assert_eq!(pieces(text), "h", "{text:?}");
    }
    // Other markup beside a code span is the parser's.
    assert_eq!(pieces("## `a` *b*\n"), "P");
    assert_eq!(pieces("## `a` [b](c)\n"), "P");
}

#[test]
fn stretches_are_handed_to_the_parser_and_agree() {
    read("# A\n\n- item\n  - nested\n\n  more of the item\n\ntext\n");
    read("> quote\nlazy\n\n# B\n\n1. one\n2. two\n```\ncode\n\nstill code\n```\n\nafter\n");
    read("| a | b |\n|---|---|\n| 1 | 2 |\n\ntext | with a pipe\n---|---\n\nend\n");
    // Pipes with no delimiter row beneath make no table: read by the pass.
    read("`tar {{[-C|--directory]}}`\n\n- a | b\n- c\n\n> d | e\n");
    read("# Heading with *emphasis* and `code`\n\nSetext with [a link](x)\n---\n");
    read("<span>inline html</span> text\n\n<custom-element>\n\nafter\n");
    read("para\n- list interrupts\n\npara\n2. does not\n\n[ref]: /url\n\n[^1]: note\n");
    // Definitions the pass reads, and ones it leaves to the parser.
    read("[a]: /a\n[B c]: https://x/y \"Title\"\n[d]: #d (paren)\n\n# [a] and [b C]\n");
    read("[a]: /a\n\"title on the next line\"\n\n[b]: /b\nparagraph after\n\n[c]: <x>\n");
    read("[a]: /a\n- a list\n\n[b]: /b(c)\n\n[^1]: a footnote\n");
}

#[test]
fn a_paragraph_opening_with_a_tag_or_a_bracket_is_read_by_the_pass() {
    for text in [
        "<sup>1</sup> A note\nmore of it\n",
        "<a href=\"x.md\">x</a> and text\n",
        "[Integer reply](x): the count\n",
        "[a] [b] and [[wiki]] text\n",
        "[a \\] b](c) text\n",
        "<sup><sup>[up](#)</sup></sup>\n",
        "</b> x <i>\n",
    ] {
        read(text);
        assert_eq!(pieces(text), "b", "{text:?}");
    }
    // A tag alone on its line may open an HTML block; a label may run on,
    // or be a footnote's: the parser decides.
    for text in [
        "<span>\nx\n",
        "<a href=x>  \u{b}\nx\n",
        "<a title=\"x>y\">\nx\n",
        "[a\nb]: /u\n",
        "[^1]: note\n",
        "[a]:\n/u\n",
    ] {
        read(text);
        assert_eq!(pieces(text), "P", "{text:?}");
    }
}

#[test]
fn a_loose_list_and_a_list_after_another_are_read_by_the_pass() {
    for (text, want) in [
        ("- a\n\n- b\n\n\n- c\nlazy\n\nafter\n", "bb"),
        ("1. one\n\n2. two\n", "b"),
        ("- a\n* b\n+ c\n\n1. d\n1) e\n", "bbbbb"),
        ("1. a\n\n5) b\n", "bb"),
    ] {
        read(text);
        assert_eq!(pieces(text), want, "{text:?}");
    }
    // `2.` interrupts no paragraph: a lazy line of the item before. An
    // item of two paragraphs, a list nested in a loose one, and one nested
    // deeper or after a tab, are the parser's.
    for text in [
        "- a\n2. b\n",
        "- a\n\n  more\n",
        "- a\n\n  - b\n",
        "- a\n  - b\n\n- c\n",
        "- a\n  - b\n    - c\n",
        "- a\n\t- b\n",
        "- a\n  2. b\n",
    ] {
        read(text);
        assert!(pieces(text).contains('P'), "{text:?}");
    }
}

#[test]
fn a_list_interrupting_a_paragraph_is_read_by_the_pass() {
    for (text, want) in [
        ("**Fixes**\n- a\n- b\n", "bb"),
        ("Steps:\n01. one\n2. two\n", "bb"),
        // Numbered other than 1, an item goes on the paragraph.
        ("Text\n2. more text\n10. and more\n", "b"),
    ] {
        read(text);
        assert_eq!(pieces(text), want, "{text:?}");
    }
}

#[test]
fn a_tight_list_nested_in_an_item_is_read_by_the_pass() {
    for text in [
        "- a\n  - b\n  - c\n- d\n",
        "1. one\n   * x\n   more of x\nlazy\n   * y\n2. two\n\nafter\n",
        "- a\n  1. b\n   2. c\n- d\n  + e\n",
        "10. a\n    - b\n",
        "- a\n  - b\n\npara\n",
    ] {
        read(text);
        assert!(!pieces(text).contains('P'), "{text:?}");
    }
}

#[test]
fn site_containers_are_read_by_the_pass_and_agree() {
    read("# A\n\nIntro.\n\n:::note\nInside [a](b.md).\n\n- one\n- two\n:::\n\nAfter.\n");
    read(":::tip Title\n```\ncode\n```\n:::\n:::warning\n> quoted\n:::\n");
    // Nested containers are one, the outermost.
    read("::::note\npara\n\n:::tip\ninner\n:::\n::::\n\n## B\n");
    // mkdocs' content is one level out; a nested list is the parser's.
    read("!!! note \"Title\"\n    text\n\n    - item\n        - nested\n\npara\n");
    read(
        "{{< alert title=\"x\" >}}\n* a\n  * b\n{{< /alert >}}\n\n{{% note %}}\nx\n{{% /note %}}\n",
    );
    // An empty container is no block; blocks on either side are.
    read("para\n\n:::note\n:::\n\n- after\n");
    // A container holding a footnote (no node of its own) is a block.
    read("{{< alert >}}\n[^n]: note\n{{< /alert >}}\n\ntext\n");
}

#[test]
fn a_block_across_a_containers_edge_has_the_text_read_as_written() {
    for text in [
        // A list item's text runs on into the container.
        "- item\n\n:::note\n  more of the item\n:::\n",
        // Indented code runs on across the opening line.
        "    code\n\n:::note\n    more code\n:::\n",
        // The parser's range of a list runs over a definition after it
        // and the indentation of the line after that.
        "{{< alert >}}\n1. one\n1. one\n{{< /alert >}}\n[link]: /u\n  continued\n",
        // The parser's list runs from before the container into it.
        "- a\n  - b\n\n:::note\n- c\n:::\n",
    ] {
        // The text is read as written, by the pass.
        assert_eq!(read_by_blocks(text), Some(false), "{text:?}");
    }
    // Where the reach of the parser's range of a list may cross an edge,
    // the parser decides.
    let text = "text\n\n{{< alert >}}\n1. one\n{{< /alert >}}\n[link]: /u\n";
    assert_eq!(read_by_blocks(text), None);
}

/// The pieces the pass hands on for `text`, by kind: `T` a table, `P` a
/// stretch for the parser, `b` any other block, `h` a heading.
fn pieces(text: &str) -> String {
    let mut kinds = String::new();
    let read = super::scan(text, 0, |piece| {
        kinds.push(match piece {
            super::Piece::Block(crate::tree::model::BlockKind::Table, _) => 'T',
            super::Piece::Parse(_) => 'P',
            super::Piece::Heading { .. } => 'h',
            _ => 'b',
        });
        true
    });
    assert!(read, "the pass gave up on {text:?}");
    kinds
}

#[test]
fn a_table_at_a_paragraphs_start_is_read_by_the_pass() {
    for (text, want) in [
        ("| a | b |\n|---|:-:|\n| 1 | `2` |\n\ntext\n", "Tb"),
        (
            "a | b\n--|--\nrow without pipes\n    | indented row |\n",
            "T",
        ),
        ("# A\n\n|a|\n|-|\n\n## B\n", "hTh"),
        // Columns that do not match: no table, the parser's to read.
        ("| a | b |\n|---|\n| 1 | 2 |\n", "P"),
        ("a \\| b\n--|--\n", "P"),
        ("| a | b |\n|---|---|\n- a row that is a list item\n", "P"),
        ("| a |\n|---|\n|\n", "P"),
        // A paragraph's second line and a delimiter row: the parser's.
        ("text\n| a | b |\n|---|---|\n", "P"),
    ] {
        let text = text.to_owned();
        assert_eq!(pieces(&text), want, "{text:?}");
        read(&text);
    }
}

#[test]
fn a_heading_link_defined_elsewhere_reads_as_the_parser_reads_it() {
    // A changelog: each version's heading links to a definition at the end.
    read(
        "# Changelog\n\n## [1.1.0] - 2024-02-01\n\n- fix\n\n## [1.0.0]\n\ntext\n\n[1.1.0]: https://x/1.1.0\n[1.0.0]: https://x/1.0.0\n",
    );
    read("## [Unreleased]\n\n## [not defined] here\n\n[unreleased]: https://x\n");
    read("# Notes [^1]\n\ntext\n");
}

#[test]
fn a_fence_open_at_a_stretch_end_gives_the_document_up() {
    // Indented less than the item's text, the fence closes the list and
    // runs on at top level past the blank line: the pass cannot tell where
    // it ends, and the parser reads the document whole.
    assert!(read_by_blocks("- a\n ```\ncode\n\nfoo\n```\n").is_none());
    // Indented as the item's text, it is the item's and ends with it.
    read("- a\n  ```\ncode\n\nfoo\n```\n");
}

/// `total` documents of a few lines each, drawn from lines that trip the
/// pass: every block it reads, and every one it hands the parser.
fn generated(total: usize) -> impl Iterator<Item = String> {
    const LINES: [&str; 85] = [
        "a | b",
        "--|--",
        "a | b | c",
        "|-|-|",
        "| x",
        "|",
        "    | indented |",
        "row without pipes",
        "`cmd {{[-C|--dir]}}`",
        "| :-: |",
        "> q | r",
        "[a b]: /u \"t\"",
        "\"title\"",
        "[x]: /u (p)",
        "[y]:",
        "   [link]: <x>",
        "",
        "",
        "",
        "# Head",
        "## Head *em*",
        "### [link]",
        "Para text",
        "more text",
        "   indented three",
        "    code four",
        "\tcode tab",
        "- item",
        "  continued",
        "* star",
        "+ plus",
        "1. one",
        "2) two",
        "> quote",
        ">",
        "```",
        "```rust",
        "~~~",
        "  ```",
        "<div>",
        "</div>",
        "<!-- c",
        "-->",
        "<span>x</span>",
        "===",
        "---",
        "- - -",
        "___",
        "| a | b |",
        "|---|---|",
        "[link]: /u",
        "[^n]: note",
        "[^n]",
        "text with [link]",
        "#5 not heading",
        "  - nested",
        " ---",
        "--  ",
        "- -",
        "=",
        "  # indented three",
        "> # quoted",
        "- # in an item",
        ":::note",
        ":::",
        "!!! tip",
        "    in mkdocs",
        "{{< alert >}}",
        "{{< /alert >}}",
        "## `code` head",
        "### ``a`b`` `c",
        "# `*x*` y",
        "<sup>1</sup> note",
        "<b>tag alone</b>",
        "[a](b) text",
        "[x] [y]",
        "### a_b _c_ d_",
        "## snake_case_x",
        "- loose item",
        "3) other",
        "   1. nested one",
        "  * starred",
        "    - deeper",
        "01) zero one",
        "10. ten",
    ];
    let mut next = crate::tree::tests::xorshift(0x2545_f491_4f6c_dd1du64);
    (0..total).map(move |_| {
        let n = 1 + next() % 14;
        let mut text = String::new();
        for _ in 0..n {
            text.push_str(LINES[(next() % LINES.len() as u64) as usize]);
            text.push('\n');
        }
        text
    })
}

#[test]
fn generated_documents_agree_with_the_parser() {
    let total = 3000;
    let read = generated(total)
        .filter(|text| read_by_blocks(text).is_some())
        .count();
    // Enough of them are read by the pass for the comparison to mean something.
    assert!(read > total / 4, "only {read} of {total} read by the pass");
}

#[test]
fn generated_documents_read_for_sections_agree_with_the_parser() {
    for text in generated(3000) {
        assert_sections_agree(&text);
    }
}

#[test]
fn a_stretch_without_a_heading_fence_or_html_is_not_read_for_sections() {
    for stretch in [
        "- item\n  - nested\n\n  more of the item\n",
        "| a | b |\n|---|---|\n| 1 | 2 |\n",
        "text | with a pipe\n---|---\n",
        "> quote\n> # quoted heading\n\n- - -\n* * *\n",
    ] {
        assert!(!may_give_sections(stretch), "{stretch:?}");
    }
    for stretch in [
        "- item\n\n# heading\n",
        "- item\n   ## indented\n",
        "para\n---\n",
        "para\n  ===  \n",
        "- item\n\n```\ncode\n",
        "- item\n\n ~~~\n",
        "<div>\n\ntext\n",
        "- item\r---\r",
    ] {
        assert!(may_give_sections(stretch), "{stretch:?}");
    }
}

#[test]
fn documents_read_for_sections_keep_them_past_stretches_not_read() {
    for text in [
        "# A\n\n- item\n  - nested\n\n  more\n\n## B\n\n| a |\n|---|\n| 1 |\n\n### C\n",
        "# A\n\n- item\n\n  ```\n  # code\n  ```\n\n## B\n\nSetext\n---\n",
        "Intro\n\n1. one\n\n2. two\n\n# After\n\n> a\n> b\nlazy\n\n## End\n",
        // A fence or HTML block opened in a stretch runs on past it.
        "# A\n\n- a\n ```\ncode\n\n# not a heading\n```\n\n## B\n",
        "# A\n\n- a\n <pre>\n\n# not a heading\n</pre>\n\n## B\n",
        // An HTML block from a site container's lines to the text's end:
        // the text is read as written, a setext heading in it.
        "___\n\n{{< alert >}}\n=\n<!-- c\n{{< /alert >}}\n- -\n# Head\n",
        // Headings the pass hands the parser, for their markup.
        "# A\n\n## B with *markup*\n\ntext\n\nSetext with `code`\n---\n\n## C\n",
    ] {
        assert_sections_agree(text);
    }
}
