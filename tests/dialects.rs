//! Site markup (SPEC §16): `.mdx` read as MDX, and template markup and MDX's
//! `import`/`export` kept in content but out of search. (`tests/mdx.rs`
//! compares headings with the MDX compiler itself.)

mod common;

use common::bin::mdsel_in;
use common::scratch::Scratch;

const INSTALL: &str = "---\ntitle: Install\n---\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n# Install\n\n<Tabs>\n<TabItem value=\"mac\">\n## Manual Setup\n\nRun the installer.\n</TabItem>\n<TabItem value=\"win\">\n\n    ```sh\n    # not a heading\n    ```\n</TabItem>\n</Tabs>\n";

fn run(dir: &Scratch, args: &[&str]) -> (String, Option<i32>) {
    let out = mdsel_in(dir.path(), args, b"");
    (String::from_utf8(out.stdout).unwrap(), out.status.code())
}

#[test]
fn mdx_headings_after_tags_are_headings_and_indented_fences_are_fences() {
    let dir = Scratch::with("mdx", &[("install.mdx", INSTALL), ("install.md", INSTALL)]);
    let (outline, code) = run(&dir, &["index", "install.mdx"]);
    assert_eq!(code, Some(0));
    assert!(outline.contains("h2.0 Manual Setup"), "{outline}");
    assert!(!outline.contains("not a heading"), "{outline}");
    // The same text as `.md` is CommonMark: the heading is inside an HTML block.
    let (outline, _) = run(&dir, &["index", "install.md"]);
    assert!(!outline.contains("Manual Setup"), "{outline}");
    // Content stays byte-exact: the section is the original's slice.
    let (section, _) = run(&dir, &["select", "h2.0", "install.mdx"]);
    let at = INSTALL.find("## Manual").unwrap();
    assert_eq!(section, INSTALL[at..]);
}

#[test]
fn imports_are_not_searched() {
    let dir = Scratch::with("mdx", &[("install.mdx", INSTALL), ("install.md", INSTALL)]);
    let (hits, _) = run(&dir, &["search", "theme", "install.mdx"]);
    assert!(
        !hits.contains("install::"),
        "an import line was a hit:\n{hits}"
    );
    // In a `.md` file the same lines are text, and found.
    let (hits, _) = run(&dir, &["search", "theme", "install.md"]);
    assert!(hits.contains("install::root"), "{hits}");
}

#[test]
fn template_markup_is_never_searched_or_previewed() {
    let page = "# Get started\n\n{{< tabs \"Python\" \"Go\" >}}\n{{% tab %}}\nInstall it with pip.\n{{% /tab %}}\n{{< /tabs >}}\n\n## Liquid\n\n{% include note.html %}\n{{ page.title }} explains the pipeline.\n\n## Reference\n\nSee {{jsxref(\"Array\")}} for arrays.\n\n```go\n{{ .Title }} is an example\n```\n";
    let dir = Scratch::with("hugo", &[("start.md", page)]);
    let (hits, _) = run(&dir, &["search", "install pip", "start.md"]);
    assert!(hits.contains("\n  Install it with pip."), "{hits}");
    assert!(!hits.contains("{{") && !hits.contains("{%"), "{hits}");
    for markup in ["tabs", "include", "jsxref"] {
        let (hits, _) = run(&dir, &["search", markup, "start.md"]);
        assert!(
            !hits.contains("start::"),
            "{markup} matched markup:\n{hits}"
        );
    }
    // Markup in code is an example, and content: searched.
    let (hits, _) = run(&dir, &["search", "Title example", "start.md"]);
    assert!(hits.contains("h2.1"), "{hits}");
    // And the content keeps it all.
    let (all, _) = run(&dir, &["select", "*", "start.md"]);
    assert_eq!(all, page);
}

#[test]
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
    for file in ["tags.mdx", "exprs.mdx", "braces.mdx", "fences.mdx"] {
        let (outline, code) = run(&dir, &["index", file]);
        assert_eq!(code, Some(0), "{file}: {outline}");
        let (_, code) = run(&dir, &["search", "groupId End", file]);
        assert!(matches!(code, Some(0 | 1)), "{file}");
        let (all, _) = run(&dir, &["select", "*?full=true", file]);
        let original = std::fs::read_to_string(dir.join(file)).unwrap();
        assert_eq!(all, original, "{file}");
    }
}
