//! The line-level rules of block structure against trailing whitespace and
//! line ends: each construct, then spaces, tabs and CR LF after its marker, then
//! a heading. In a debug build (every test) each document is also read by the
//! parser alone and the two readings must agree, so this sweep checks the
//! block-level pass against the parser, and the heading after each construct
//! against CommonMark (issue 38: a closing fence followed by a tab lost 48
//! headings of a real page).

use mdsel::{Source, parse_document};

/// What may follow a marker on its line.
const TRAILING: [&str; 6] = ["", " ", "\t", " \t", "\t ", "  \t\t"];
const ENDS: [&str; 2] = ["\n", "\r\n"];

/// The titles of a document's headings.
fn headings(text: &str) -> Vec<String> {
    let doc = parse_document(Source::new("sweep.md", text));
    doc.sections()
        .iter()
        .map(|&id| doc.title(id).to_owned())
        .collect()
}

/// Documents `construct` (its lines joined by the line end; `{t}` where the
/// trailing whitespace goes), a blank line and `## After`.
fn sweep(construct: &[&str], want_after: bool) {
    for t in TRAILING {
        for end in ENDS {
            let lines: Vec<String> = construct.iter().map(|l| l.replace("{t}", t)).collect();
            let text = format!("# Doc{end}{end}{}{end}{end}## After{end}", lines.join(end));
            let got = headings(&text);
            assert_eq!(
                got.contains(&"After".to_owned()),
                want_after,
                "{text:?} gives {got:?}"
            );
        }
    }
}

#[test]
fn a_closing_fence_may_be_followed_by_spaces_or_tabs() {
    sweep(&["```", "code", "```{t}"], true);
    sweep(&["~~~~", "code", "~~~~{t}"], true);
    sweep(&["```rust", "code", "  ```{t}"], true);
    // An opening fence followed by whitespace is a fence all the same.
    sweep(&["```{t}", "code", "```"], true);
    // Inside a list item, where the parser reads the item.
    sweep(&["- item", "", "  ```", "  code", "  ```{t}"], true);
    // Not a closing fence: text after the marker, or too short a run.
    sweep(&["```", "code", "```{t}x"], false);
    sweep(&["````", "code", "```{t}"], false);
}

#[test]
fn other_markers_followed_by_whitespace() {
    sweep(&["## Heading{t}"], true);
    sweep(&["## Heading ##{t}"], true);
    sweep(&["Setext", "---{t}"], true);
    sweep(&["Setext", "==={t}"], true);
    sweep(&["***{t}"], true);
    sweep(&["- item{t}", "- item"], true);
    sweep(&["1. item{t}", "2. item"], true);
    sweep(&["> quote{t}"], true);
    sweep(&["| a | b |{t}", "|---|---|{t}", "| 1 | 2 |{t}"], true);
    sweep(&["<div>{t}", "html", "</div>{t}"], true);
    sweep(&["[link]: /url{t}"], true);
    sweep(&["    indented code{t}"], true);
}
