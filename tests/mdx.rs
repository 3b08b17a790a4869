//! `.mdx` read as MDX: the headings mdsel lists agree, line and
//! level, with the MDX compiler's (@mdx-js/mdx 3 with GFM and front matter,
//! through `scripts/mdx-diff`), over the fixtures in `tests/mdx/fixtures` and
//! a few hundred generated cases: components around headings, fences and
//! paragraphs, at each indentation, with and without blank lines.
//!
//! Opt-in, because it needs `npm ci --prefix tests/mdx`:
//! `cargo test --test integration mdx:: -- --ignored`. `.ci/run` always runs it.

use crate::common;

use std::process::Command;

use common::bin::{EXE, root};
use common::scratch::Scratch;

/// What goes inside a component, one line per entry.
const BODIES: [&[&str]; 6] = [
    &["## Heading"],
    &["```sh", "# a comment, not a heading", "```"],
    &["Text.", "## Heading after text"],
    &["### Heading", "", "Text under it."],
    &["- item", "", "## Heading after a list"],
    &["<Inner>", "#### Inner heading", "</Inner>"],
];

/// Components around the body: opening and closing lines.
const WRAPPERS: [(&str, &str); 5] = [
    ("<TabItem value=\"a\">", "</TabItem>"),
    ("<div>", "</div>"),
    ("<Aside type=\"note\" title=\"a > b\">", "</Aside>"),
    ("<Card\n  title=\"Two lines\"\n>", "</Card>"),
    ("{/* comment */}", "{/* end */}"),
];

fn generated() -> Vec<(String, String)> {
    let mut cases = Vec::new();
    for (w, (open, close)) in WRAPPERS.iter().enumerate() {
        for (b, body) in BODIES.iter().enumerate() {
            for indent in [0, 2, 4, 6] {
                for gap in ["", "\n"] {
                    let pad = " ".repeat(indent);
                    let inner: Vec<String> = body
                        .iter()
                        .map(|l| {
                            if l.is_empty() {
                                String::new()
                            } else {
                                format!("{pad}{l}")
                            }
                        })
                        .collect();
                    let text = format!(
                        "# Page\n\n{open}\n{gap}{}\n{gap}{close}\n\n## After\n",
                        inner.join("\n")
                    );
                    let name = format!("w{w}-b{b}-i{indent}-g{}.mdx", gap.len());
                    cases.push((name, text));
                }
            }
        }
    }
    cases
}

#[test]
#[ignore = "needs `npm ci --prefix tests/mdx`; run: cargo test --test integration mdx:: -- --ignored"]
fn headings_agree_with_the_mdx_compiler() {
    assert!(
        root().join("tests/mdx/node_modules/@mdx-js/mdx").is_dir(),
        "tests/mdx/node_modules is missing: run `npm ci --prefix tests/mdx` first"
    );
    let scratch = Scratch::new("mdx");
    let cases = generated();
    for (name, text) in &cases {
        scratch.write(name, text);
    }
    let out = Command::new("python3")
        .arg(root().join("scripts/mdx-diff"))
        .args(["--mdsel", EXE, "--list", "40"])
        .arg(root().join("tests/mdx/fixtures"))
        .arg(scratch.path())
        .output()
        .expect("python3");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    // Every case was compared: the compiler accepted them all.
    let fixtures = std::fs::read_dir(root().join("tests/mdx/fixtures"))
        .unwrap()
        .count();
    let want = format!(
        "files {} (refused by the compiler: 0)",
        cases.len() + fixtures
    );
    assert!(text.contains(&want), "{want}\n{text}");
    assert!(text.contains("lost 0, invented 0"), "{text}");
}
