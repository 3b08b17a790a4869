//! Property tests for invariants over random Markdown:
//! pages concatenate to the content; root and top-level sections cover the whole
//! document in order; every selector the index prints resolves to its heading;
//! output does not depend on the thread count; blocks never overlap their siblings
//! or run past their container, and a list ends where its last item ends.

use crate::common;

use common::memory::{self, CommandKind, ErrorCode, NodeId, Report, Run};
use proptest::prelude::*;

/// Lines that exercise the block structure: headings of every kind, lists,
/// fences, quotes, tables, HTML, front matter delimiters, CRLF and odd spacing.
const LINES: &[&str] = &[
    "# Title one",
    "## Section *two*",
    "### Deep `three`",
    "#### four",
    "###### six",
    "Setext title",
    "===",
    "---",
    "+++",
    "plain text with several words",
    "more text, `code` and **bold**",
    "",
    "",
    "- item",
    "- another item",
    "  - nested item",
    " under-indented text",
    "* star",
    "1. ordered",
    "> quoted words",
    "> - quoted list",
    ">",
    "```",
    "```rust",
    "let x = 1;",
    "    indented code",
    "\tTab code",
    "| a | b |",
    "|---|---|",
    "| 1 | 2 |",
    "<div>",
    "</div>",
    "[ref]: https://example.com",
    "title: front",
    "crlf line\r",
    "lone\rcarriage return",
    "## cr heading\r# next heading",
    "caf\u{e9} na\u{ef}ve \u{a0} spaced",
    "   ## indented heading",
    "# ",
    ":::note Title",
    ":::",
    "!!! note \"Title\"",
    "{{% /alert %}}",
];

fn document() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(prop::sample::select(LINES), 0..60),
        any::<bool>(),
    )
        .prop_map(|(lines, final_newline)| {
            let mut text = lines.join("\n");
            if final_newline && !text.is_empty() {
                text.push('\n');
            }
            text
        })
}

/// Lines as CommonMark counts them, each with its ending (`\n`, `\r\n` or `\r`).
fn split_lines(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let ends = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
        if ends {
            lines.push(&text[start..=i]);
            start = i + 1;
        }
    }
    if start < text.len() {
        lines.push(&text[start..]);
    }
    lines
}

/// `run` over `docs`, named `doc0.md`, `doc1.md`, …
fn with_docs(run: Run, docs: &[String]) -> Run {
    docs.iter()
        .enumerate()
        .fold(run, |run, (i, t)| run.doc(&format!("doc{i}.md"), t))
}

/// A selection as JSON reports it: sections whole, not right-sized.
fn select(text: &str, selector: &str, max_words: usize) -> Report {
    with_docs(Run::select(selector), &[text.to_owned()])
        .max_words(max_words)
        .whole_sections()
        .report()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn pages_concatenate_to_the_content(text in document(), max_words in 1usize..40) {
        let whole = select(&text, "*", usize::MAX);
        prop_assert_eq!(whole.matches.len(), 1);
        prop_assert_eq!(memory::matched(&whole, &whole.matches[0]), text.as_str());

        let paged = select(&text, "*/page", max_words);
        let mut joined = String::new();
        for (k, m) in paged.matches.iter().enumerate() {
            let page = m.page.expect("every match is a page");
            prop_assert_eq!(page.index, k);
            prop_assert_eq!(page.count, paged.matches.len());
            let slice = memory::matched(&paged, m);
            prop_assert!(memory::words(slice) <= max_words, "page {} has too many words", k);
            joined.push_str(slice);
        }
        prop_assert_eq!(joined, text);
    }

    #[test]
    fn front_root_and_top_level_sections_cover_the_document(text in document()) {
        let report = select(&text, "*/*", usize::MAX);
        let body = memory::doc_text(&report.documents[0]);
        let mut at = 0;
        for m in &report.matches {
            prop_assert!(m.span.start >= at, "parts overlap or go backwards");
            prop_assert!(body[at..m.span.start].trim().is_empty(), "gap holds text: {:?}", &body[at..m.span.start]);
            at = m.span.end;
        }
        prop_assert!(body[at..].trim().is_empty(), "tail holds text: {:?}", &body[at..]);
    }

    #[test]
    fn blocks_stay_apart_and_lists_end_at_their_last_item(text in document()) {
        let doc = memory::parse(&text);
        let mut top: Vec<NodeId> = memory::blocks(&doc);
        top.sort_by_key(|&id| memory::span(&doc, id).start);
        // Groups of siblings, each with its container's span.
        let mut groups = vec![(top, 0..text.len())];
        while let Some((group, outer)) = groups.pop() {
            let mut at = outer.start;
            for id in group {
                let (kind, span, _) = memory::node(&doc, id);
                prop_assert!(span.start >= at, "{:?} {:?} overlaps the block before it (up to {}) in {:?}", kind, span, at, text);
                prop_assert!(span.end <= outer.end, "{:?} {:?} runs past its container {:?} in {:?}", kind, span, outer, text);
                at = span.end;
                let children = memory::children(&doc, id);
                if let (true, Some(&last)) = (memory::is_list(kind), children.last()) {
                    prop_assert_eq!(span.end, memory::span(&doc, last).end, "a list ends where its last item ends in {:?}", text);
                }
                groups.push((children, span));
            }
        }
    }

    #[test]
    fn every_indexed_selector_resolves_to_its_heading(text in document()) {
        let index = with_docs(Run::index(), std::slice::from_ref(&text)).report();
        let out = memory::text(&index);
        let doc = memory::doc_text(&index.documents[0]);
        for line in String::from_utf8(out).unwrap().lines() {
            let trimmed = line.trim_start();
            if !trimmed.starts_with('h') || trimmed.starts_with("html") {
                continue;
            }
            let selector = trimmed.split(' ').next().unwrap();
            let level = usize::from(selector.as_bytes()[1] - b'0');
            prop_assert_eq!(line.len() - trimmed.len(), level - 1, "indent of {}", line);
            let report = select(&text, selector, usize::MAX);
            prop_assert_eq!(report.exit_code(), 0, "{} does not resolve", selector);
            prop_assert_eq!(report.matches.len(), 1);
            let m = &report.matches[0];
            prop_assert_eq!(&m.selector, selector);
            let start = m.span.start;
            prop_assert!(start == 0 || matches!(doc.as_bytes()[start - 1], b'\n' | b'\r'), "{} starts mid-line", selector);
            let content = &doc[m.span.clone()];
            let words: usize = line.rsplit_once(" (").unwrap().1.trim_end_matches("w)").parse().unwrap();
            prop_assert_eq!(memory::words(content), words, "word count of {}", selector);
        }
    }

    #[test]
    fn output_does_not_depend_on_thread_count(
        docs in prop::collection::vec(document(), 1..6),
        selector in prop::sample::select(vec!["h1.0", "h2", "code.0", "*/*", "list.0/item.1", "section.2/para"]),
    ) {
        for run in [Run::index(), Run::select(selector), Run::search("item text")] {
            let one = with_docs(run, &docs).threads(1);
            let two = one.clone().threads(2);
            prop_assert_eq!(memory::rendered(&one.report()), memory::rendered(&two.report()));
        }
    }

    #[test]
    fn head_and_tail_keep_whole_lines(text in document(), head in 0usize..20, tail in 0usize..20) {
        let whole = select(&text, "*", usize::MAX);
        let content = memory::matched(&whole, &whole.matches[0]);
        let lines = split_lines(content);
        let report = select(&text, &format!("*?head={head}&tail={tail}"), usize::MAX);
        let m = &report.matches[0];
        let got = memory::matched(&report, m);
        let kept: Vec<&str> = lines.iter().take(head).copied().collect();
        let want: String = kept[kept.len().saturating_sub(tail)..].concat();
        prop_assert_eq!(got, want.as_str());
        prop_assert_eq!(m.cut_head, head < lines.len());
    }
}

/// Selectors built from the grammar's parts (valid and not), plus arbitrary text.
fn selector() -> impl Strategy<Value = String> {
    let types = prop::sample::select(vec![
        "h1",
        "h2",
        "h3",
        "section",
        "code",
        "para",
        "list",
        "item",
        "table",
        "quote",
        "html",
        "page",
        "root",
        "front",
        "*",
        "block:code",
        "heading:h2",
        "bogus",
        // issue 8: selector-shaped typos, whose fixes must resolve too.
        "tabel",
        "h7",
    ]);
    let index = prop_oneof![
        Just(String::new()),
        (0u64..6).prop_map(|n| format!(".{n}")),
        (0u64..4, 0u64..8).prop_map(|(a, b)| format!(".{a}-{}", a + b)),
        (0u64..4, 0u64..4).prop_map(|(a, b)| format!("[{a},{b}]")),
        Just(".99999999999".to_owned()),
        Just(".".to_owned()),
        (0u64..6).prop_map(|n| format!(",{n}")),
    ];
    let step = (types, index).prop_map(|(t, i)| format!("{t}{i}"));
    let query = prop::sample::select(vec![
        "",
        "?head=3",
        "?tail=2",
        "?full=true",
        "?head=2&tail=1",
        "?x=1",
    ]);
    let built = (
        prop::option::of(prop::sample::select(vec!["doc0", "doc1", "nope"])),
        prop::collection::vec(step, 1..4),
        query,
    )
        .prop_map(|(ns, steps, q)| {
            format!(
                "{}{}{q}",
                ns.map(|n| format!("{n}::")).unwrap_or_default(),
                steps.join("/")
            )
        });
    prop_oneof![4 => built, 1 => "[ -~]{0,12}"]
}

/// Resolves `selector` against `docs` and says whether it found something.
fn resolves(docs: &[String], selector: &str, max_words: usize) -> bool {
    let r = with_docs(Run::select(selector), docs)
        .max_words(max_words)
        .report();
    r.command == CommandKind::Select && r.exit_code() == 0 && !r.matches.is_empty()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Every selector mdsel shows works when pasted back: suggestions, page
    /// markers and children, whatever was asked.
    #[test]
    fn every_selector_shown_resolves(docs in prop::collection::vec(document(), 1..3), sel in selector(), max_words in 3usize..60) {
        let report = with_docs(Run::select(&sel), &docs).max_words(max_words).report();
        memory::rendered(&report); // renders without panicking
        for m in &report.matches {
            let doc = memory::doc_text(&report.documents[m.doc]);
            prop_assert!(doc.get(m.span.clone()).is_some(), "{} gave a bad span", sel);
            if let Some(page) = m.page {
                prop_assert!(page.index < page.count);
                if page.index + 1 < page.count {
                    let next = memory::page_selector(&report, m, page.index + 1);
                    prop_assert!(resolves(&docs, &next, max_words), "next page {} of {}", next, sel);
                }
            }
        }
        let json = memory::json(&report);
        for m in json["data"]["matches"].as_array().into_iter().flatten() {
            for child in m["children_available"].as_array().unwrap() {
                let child = child["selector"].as_str().unwrap();
                prop_assert!(resolves(&docs, child, max_words), "child {} of {} does not resolve", child, sel);
            }
        }
        for u in &report.unresolved {
            for s in &u.suggestions {
                prop_assert!(resolves(&docs, s, max_words), "suggestion {} for {} does not resolve", s, sel);
            }
            // issue 8: a selector a miss gives as an example resolves as well.
            let reason = memory::reason(u);
            let example = reason.split_once("(e.g. ").map(|(_, e)| e.trim_end_matches(')'));
            if let (ErrorCode::SelectorNotFound, Some(example)) = (u.code(), example) {
                prop_assert!(resolves(&docs, example, max_words), "example {} for {} does not resolve", example, sel);
            }
        }
        if report.command == CommandKind::Select && report.usage_error.is_none() {
            prop_assert_eq!(report.exit_code() == 0, report.unresolved.is_empty());
        }
    }
}

/// MDX's own lines, hostile ones included, among the CommonMark ones.
const MDX_LINES: &[&str] = &[
    "<Tabs>",
    "</Tabs>",
    "<TabItem value=\"a > b\">",
    "  <Card",
    "    title={`x ${1}`}",
    "  />",
    "<Unclosed attr=\"never",
    "{/* comment */}",
    "{",
    "import X from 'x';",
    "export const a = {",
    "    ```sh",
    "    # comment in an indented fence",
    "        ## deeply indented heading",
    "<>",
    ":::note",
    "::::tip",
    "::::",
    ":::",
    "{{< shortcode \"a\" >}}",
    "{{% alert title=\"Note\" %}}",
];

fn mdx_document() -> impl Strategy<Value = String> {
    let lines: Vec<&str> = LINES.iter().chain(MDX_LINES).copied().collect();
    prop::collection::vec(prop::sample::select(lines), 0..60).prop_map(|l| l.join("\n") + "\n")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `.mdx` is parsed from a prepared copy: spans must still be whole lines
    /// of the original, in order, inside their containers, and the blocks and
    /// sections together hold every line with text.
    #[test]
    fn mdx_spans_are_whole_lines_of_the_original(text in mdx_document()) {
        let doc = memory::parse_as("t.mdx", &text);
        let mut top: Vec<NodeId> = memory::blocks(&doc);
        top.sort_by_key(|&id| memory::span(&doc, id).start);
        let mut groups = vec![(top, 0..text.len())];
        while let Some((group, outer)) = groups.pop() {
            let mut at = outer.start;
            for id in group {
                let (kind, span, _) = memory::node(&doc, id);
                prop_assert!(span.start >= at && span.end <= outer.end, "{:?} {:?} in {:?}", kind, span, text);
                prop_assert!(span.start == 0 || text.as_bytes()[span.start - 1] == b'\n', "{:?} starts mid-line in {:?}", span, text);
                prop_assert!(span.end == text.len() || text.as_bytes()[span.end - 1] == b'\n', "{:?} ends mid-line in {:?}", span, text);
                at = span.end;
                groups.push((memory::children(&doc, id), span));
            }
        }
        let report = Run::select("*/*").doc("t.mdx", &text).max_words(usize::MAX).report();
        let mut at = 0;
        for m in &report.matches {
            prop_assert!(m.span.start >= at, "parts overlap in {:?}", text);
            prop_assert!(text[at..m.span.start].trim().is_empty(), "gap holds text: {:?}", &text[at..m.span.start]);
            at = m.span.end;
        }
        prop_assert!(text[at..].trim().is_empty(), "tail holds text: {:?}", &text[at..]);
    }
}

/// Query words: some the documents' lines hold, a typo, a stop word, a
/// phrase, an identifier.
const QUERY_WORDS: &[&str] = &[
    "title",
    "item",
    "code",
    "text",
    "heading",
    "table",
    "tilte",
    "the",
    "\"title one\"",
    "snake_case",
    "quote",
    "nothing",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Search prints the same bytes on one thread and on four: over random
    /// documents and random queries, hits, scores and previews alike.
    #[test]
    fn search_is_the_same_on_any_number_of_threads(
        docs in prop::collection::vec(document(), 1..12),
        words in prop::collection::vec(prop::sample::select(QUERY_WORDS), 1..4),
    ) {
        let query = words.join(" ");
        let one = with_docs(Run::search(&query), &docs).threads(1).streamed().0;
        let four = with_docs(Run::search(&query), &docs).threads(4).streamed().0;
        prop_assert_eq!(String::from_utf8_lossy(&four), String::from_utf8_lossy(&one), "{}", query);
    }
}
