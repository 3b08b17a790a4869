//! Tests whose point is size: a million headings, megabytes of hostile
//! markup. Each must finish with the right answer, in time and memory that
//! grow with the input, never faster; a debug build takes minutes over them,
//! so `cargo test` lists them as ignored and `.ci/run` runs them in release:
//! `cargo test --release --test integration scale:: -- --ignored`.
//!
//! Hostile inputs of modest size stay in `hostile.rs`, in every `cargo test`.

use crate::common;

use common::bin::mdsel_in;
use common::memory::{self, Report, Run};
use common::scratch::Scratch;

/// The whole index: `full` lifts the response budget, so the whole
/// answer can be checked.
fn index(text: &str) -> String {
    index_with(Run::index().full(), text)
}

/// The index as the default budget shows it.
fn index_fitted(text: &str) -> String {
    index_with(Run::index(), text)
}

fn index_with(run: Run, text: &str) -> String {
    let r = run.doc("hostile.md", text).threads(1).report();
    let out = memory::text(&r);
    memory::json_bytes(&r);
    String::from_utf8(out).unwrap()
}

fn select(text: &str, selector: &str) -> Report {
    let r = Run::select(selector)
        .doc("hostile.md", text)
        .threads(1)
        .full()
        .report();
    memory::text(&r);
    memory::json_bytes(&r);
    r
}

fn selected(r: &Report) -> Vec<&str> {
    r.matches.iter().map(|m| memory::matched(r, m)).collect()
}

#[test]
#[ignore = "takes minutes in a debug build; run: cargo test --release --test integration scale:: -- --ignored"]
fn a_million_headings() {
    let text: String = (0..1_000_000).map(|i| format!("## h{i}\n")).collect();
    let out = index(&text);
    assert_eq!(out.lines().count(), 1_000_000);
    assert!(out.ends_with("h2.999999 h999999 (2w)\n"));
    let fitted = index_fitted(&text);
    assert!(memory::words(&fitted) <= 2010, "the budget holds");
    assert!(
        fitted.ends_with("[page 1/1504 · next: page.1]\n"),
        "{}",
        &fitted[fitted.len() - 80..]
    );
    let r = select(&text, "h2.999999");
    assert_eq!(selected(&r), ["## h999999\n"]);
    let r = select(&text, "h2.0-4000000000");
    assert_eq!(
        r.matches.len(),
        1_000_000,
        "a huge range visits only what exists"
    );
}

/// Site markup never closed (docs/dialects.md, "Site markup: MDX and templates").
#[test]
#[ignore = "takes a minute in a debug build; run: cargo test --release --test integration scale:: -- --ignored"]
fn hostile_markup_is_read_once() {
    // Tags never closed, expressions never closed, `{{` with no closer: each
    // scan is bounded, so these take as long as any file of their size.
    let unclosed_tags = "<Tabs groupId=\"a\n".repeat(100_000);
    let unclosed_exprs = "{ a: [\n".repeat(100_000);
    let braces = "{{{{{{{{ {% {{< ".repeat(60_000) + "\n# End\n";
    let fences = "    ```\n    # h\n".repeat(20_000);
    let dir = Scratch::with(
        "hostile",
        &[
            ("tags.mdx", unclosed_tags.as_str()),
            ("exprs.mdx", unclosed_exprs.as_str()),
            ("braces.mdx", braces.as_str()),
            ("fences.mdx", fences.as_str()),
        ],
    );
    let run = |args: &[&str]| {
        let out = mdsel_in(dir.path(), args, b"");
        (String::from_utf8(out.stdout).unwrap(), out.status.code())
    };
    for file in ["tags.mdx", "exprs.mdx", "braces.mdx", "fences.mdx"] {
        let (outline, code) = run(&["index", file]);
        assert_eq!(code, Some(0), "{file}: {outline}");
        let (_, code) = run(&["search", "groupId End", file]);
        assert!(matches!(code, Some(0 | 1)), "{file}");
        let (all, _) = run(&["select", "*?full=true", file]);
        let original = std::fs::read_to_string(dir.join(file)).unwrap();
        assert_eq!(all, original, "{file}");
    }
}
