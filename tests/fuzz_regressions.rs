//! Inputs the fuzz targets (`fuzz/`) once failed on, replayed through the same code
//! path with the outcome they should have, so `cargo test` keeps them fixed without
//! a fuzzer. One test per finding, named after the issue that asked for fuzzing.

use crate::common;

use common::memory::{self, ErrorCode, Report, Run};

fn select(text: &str, selector: &str) -> Report {
    Run::select(selector)
        .doc("fuzz.md", text)
        .threads(1)
        .report()
}

/// `tree` target: a heading ended by a bare `\r` (a line ending to CommonMark, not
/// to mdsel's line table) with another heading after it on the same `\n` line. The
/// first heading's section came out empty and past the end of the section it is
/// nested in: the index shows `h2.0` under `h1.0`, `h2.0` selects nothing, and
/// `h1.0/h2.0` does not resolve.
#[test]
fn heading_before_bare_cr_keeps_its_section() {
    for text in ["#\n\n##\r#", "## e\n\n###\r## \n", "#\r## e\n\n###\r## \n"] {
        let doc = memory::parse(text);
        for id in memory::sections(&doc) {
            let (_, span, parent) = memory::node(&doc, id);
            assert!(!span.is_empty(), "{text:?}: section {span:?} is empty");
            if let Some(parent) = parent {
                let outer = memory::span(&doc, parent);
                assert!(
                    outer.start <= span.start && span.end <= outer.end,
                    "{text:?}: section {span:?} escapes its parent {outer:?}"
                );
            }
        }
    }
    let text = "#\n\n##\r#";
    let report = select(text, "h2.0");
    assert_eq!(report.exit_code(), 0);
    let m = &report.matches[0];
    assert!(
        text[m.span.clone()].starts_with("##"),
        "h2.0 selects its heading"
    );
    assert_eq!(
        select(text, "h1.0/h2.0").exit_code(),
        0,
        "the index nests h2.0 in h1.0"
    );
}

/// `select` target: a selector with an unknown type (`parr`) when no document
/// loaded (here a binary file; a missing one does the same). Looking for
/// "did you mean" fixes resolved them against zero documents and panicked on
/// "no match means some document missed"; `mdsel select h2/parr missing.md` exited 101.
#[test]
fn unknown_type_with_no_document_loaded() {
    for selector in ["h2/parr", "section.2/parr"] {
        let report = select("\u{4}\0\0\n", selector);
        assert!(report.documents.is_empty());
        assert_eq!(report.failed.len(), 1, "the binary input is a file error");
        assert_eq!(report.unresolved.len(), 1, "{selector} is reported");
        assert_eq!(report.unresolved[0].code(), ErrorCode::InvalidSelector);
        assert!(
            report.unresolved[0].suggestions.is_empty(),
            "nothing resolves"
        );
        assert_eq!(report.exit_code(), 1);
    }
}
