//! Site markup (docs/dialects.md, "Site markup: MDX and templates"): `.mdx` read as
//! MDX, and template markup and MDX's `import`/`export` kept in content but
//! out of search. (`tests/mdx.rs` compares headings with the MDX compiler
//! itself.)

use crate::common;

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
    let (hits, code) = run(&dir, &["search", "theme", "install.mdx"]);
    assert_eq!(
        (hits.as_str(), code),
        ("", Some(1)),
        "an import line was a hit"
    );
    // In a `.md` file the same lines are text, and found.
    let (hits, _) = run(&dir, &["search", "theme", "install.md"]);
    assert!(hits.starts_with("install.md\nroot L"), "{hits}");
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
fn partials_are_listed_after_the_pages_of_their_folder() {
    let page = "# Page\n\ntext\n";
    let dir = Scratch::with(
        "partials",
        &[
            ("docs/_shared.mdx", page),
            ("docs/_partials/steps.md", page),
            ("docs/_index.md", page),
            ("docs/b.md", page),
            ("docs/a.mdx", page),
            ("docs/guide/_tip.md", page),
            ("docs/guide/intro.md", page),
        ],
    );
    let out = mdsel_in(dir.path(), &["index", "--json", "docs"], b"");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let paths: Vec<&str> = json["data"]["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            "docs/_index.md",
            "docs/a.mdx",
            "docs/b.md",
            "docs/guide/intro.md",
            "docs/guide/_tip.md",
            "docs/_partials/steps.md",
            "docs/_shared.mdx",
        ]
    );
}

const CONTAINERS: &str = "# Guide\n\nIntro.\n\n:::note Heads up\nRead *this* first.\n\n- one\n- two\n\n::::tip\nNested.\n::::\n:::\n\nAfter.\n\n!!! warning \"Careful\"\n    Indented body.\n\n    ```sh\n    rm -rf x\n    ```\n\nTail.\n\n{{% alert title=\"Hi\" %}}\nAlert body.\n{{% /alert %}}\n";

#[test]
fn containers_are_one_block_holding_their_content() {
    let dir = Scratch::with("boxes", &[("guide.md", CONTAINERS)]);
    let slice = |from: &str, to: &str| {
        let at = CONTAINERS.find(from).unwrap();
        let end = CONTAINERS[at..].find(to).unwrap() + at + to.len();
        format!("{}\n", &CONTAINERS[at..end])
    };
    // Each container, whole and byte-exact, as a quote (or callout).
    let (note, code) = run(&dir, &["select", "quote.0", "guide.md"]);
    assert_eq!(code, Some(0));
    assert_eq!(note, slice(":::note", "::::\n:::"));
    let (warning, _) = run(&dir, &["select", "callout.1", "guide.md"]);
    assert_eq!(warning, slice("!!! warning", "rm -rf x\n    ```"));
    let (alert, _) = run(&dir, &["select", "quote.2", "guide.md"]);
    assert_eq!(alert, slice("{{% alert", "{{% /alert %}}"));
    // Their content is parsed as Markdown, and ends where the content does.
    let (list, _) = run(&dir, &["select", "quote.0/list.0", "guide.md"]);
    assert_eq!(list, "- one\n- two\n");
    let (nested, _) = run(&dir, &["select", "quote.0/para.1", "guide.md"]);
    assert_eq!(nested, "Nested.\n");
    let (fence, _) = run(&dir, &["select", "quote.1/code.0", "guide.md"]);
    assert_eq!(fence, "    ```sh\n    rm -rf x\n    ```\n");
    // Outside them, paragraphs are the page's own; no marker is a paragraph.
    let (after, _) = run(&dir, &["select", "para.1", "guide.md"]);
    assert_eq!(after, "After.\n");
    let (outline, _) = run(&dir, &["index", "--full", "guide.md"]);
    assert!(outline.contains("para:3 quote:3"), "{outline}");
    let (hits, _) = run(&dir, &["search", "nested", "guide.md"]);
    assert!(hits.contains(" Nested."), "{hits}");
    // A container's markers are no part of a passage.
    assert!(!hits.contains(":::") && !hits.contains("!!!"), "{hits}");
}

#[test]
fn broken_containers_stay_text_and_headings_stay_sections() {
    for page in [
        "# A\n\n:::note\nnever closed\n\n## B\n\ntext\n",
        "# A\n\n:::note\n## Inside\n:::\n",
        "# A\n\n```\n:::note\nx\n:::\n```\n",
        "# A\n\n{{% alert %}}\nno end\n",
    ] {
        let dir = Scratch::with("broken", &[("page.md", page)]);
        let (outline, code) = run(&dir, &["index", "--full", "page.md"]);
        assert_eq!(code, Some(0), "{page:?}");
        assert!(!outline.contains("quote"), "{page:?}:\n{outline}");
        let (all, _) = run(&dir, &["select", "h1.0", "page.md"]);
        assert_eq!(all, page, "{page:?}");
    }
}

/// A block that starts in a container and runs past its end (an unclosed fence
/// inside a Hugo alert) is no child of it, even when an earlier container held
/// no block at all: the page is read as written, and no block ends past its
/// container's end.
#[test]
fn a_block_crossing_a_later_container_reads_the_page_as_written() {
    let page = ":::note Title\n---\n::::\n---\n{{% alert title=\"Note\" %}}\n    ```sh\n{{% /alert %}}\n# Title one\n";
    let dir = Scratch::with("crossing", &[("page.mdx", page)]);
    let (outline, code) = run(&dir, &["index", "--full", "page.mdx"]);
    assert_eq!(code, Some(0), "{outline}");
    assert!(!outline.contains("quote"), "{outline}");
    let (code_block, _) = run(&dir, &["select", "code.0", "page.mdx"]);
    assert!(code_block.starts_with("    ```sh\n"), "{code_block:?}");
}

/// Issue 38: an MDC block component (Nuxt Content) is one container, its YAML
/// props block never a heading, nested ones by colon count.
#[test]
fn mdc_block_components_are_containers() {
    let page = "# Nuxt page\n\nIntro.\n\n## Usage\n\n::card\n---\ntitle: Card title\nicon: i-lucide-box\n---\nCard body text.\n\n:::badge\n---\ncolor: primary\n---\nBadge\n:::\n::\n\nMore usage text.\n\n::u-button{to=\"/x\"}\nGo\n::\n\n## Next\n\nEnd.\n";
    let dir = Scratch::with("dialects-mdc", &[("page.md", page)]);
    let (index, code) = run(&dir, &["index", "page.md"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        index,
        "h1.0 Nuxt page (34w)\n h2.0 Usage (27w)\n h2.1 Next (3w)\n---\npara:3 quote:2\n"
    );
    let (card, _) = run(&dir, &["quote.0", "page.md"]);
    assert!(
        card.starts_with("::card\n---\ntitle: Card title\n") && card.ends_with(":::\n::\n"),
        "{card}"
    );
    let (button, _) = run(&dir, &["quote.1", "page.md"]);
    assert_eq!(button, "::u-button{to=\"/x\"}\nGo\n::\n");
    // Two colons and a space, or no name, open nothing.
    let plain = "# A\n\n:: not a component\n\n::\n\n## B\n";
    let dir = Scratch::with("dialects-mdc-plain", &[("plain.md", plain)]);
    let (index, _) = run(&dir, &["index", "plain.md"]);
    assert_eq!(index, "h1.0 A (9w)\n h2.0 B (2w)\n---\npara:2\n");
}

/// Issue 38: template markup in a heading is no part of its title: outlines,
/// heading paths and search never show or match it.
#[test]
fn template_markup_in_a_heading_is_left_out_of_its_title() {
    let page = "# Doc\n\n## {{< param x >}} Title\n\ntext about params\n\n## Other {{% badge %}}new{{% /badge %}}\n\nmore\n";
    let dir = Scratch::with("dialects-heading-markup", &[("t.md", page)]);
    let (index, _) = run(&dir, &["index", "t.md"]);
    assert_eq!(
        index,
        "h1.0 Doc (19w)\n h2.0 Title (9w)\n h2.1 Other new (8w)\n---\npara:2\n"
    );
    let (hits, _) = run(&dir, &["search", "param", "t.md"]);
    assert!(
        hits.contains("\nh2.0 L3-5 ") && hits.contains("% Title\n"),
        "{hits}"
    );
    assert!(!hits.contains("{{"), "{hits}");
    // `badge`, only in markup, finds nothing.
    let (none, code) = run(&dir, &["search", "badge", "t.md"]);
    assert_eq!((none.as_str(), code), ("", Some(1)));
    // The heading's text is still exact in a selection.
    let (section, _) = run(&dir, &["#title", "t.md"]);
    assert!(
        section.starts_with("## {{< param x >}} Title\n"),
        "{section}"
    );
}

/// Issue 38: a table of contents (a list of links to the page's own anchors) is
/// navigation: search does not count it, so a page that opens with one is not
/// the top hit for every heading's words, and it is never a preview.
#[test]
fn a_table_of_contents_is_not_searched() {
    let kep = "# KEP-3140: TimeZone support in CronJob\n\n\
               - [Summary](#summary)\n- [Motivation](#motivation)\n  - [Goals](#goals)\n\
               - [Drawbacks](#drawbacks)\n\n\
               ## Summary\n\nCronJobs run in the time zone of the controller manager.\n\n\
               ## Motivation\n\nUsers want schedules in their own time zone.\n\n\
               ### Goals\n\nA timeZone field.\n\n## Drawbacks\n\nNone known.\n";
    let dir = Scratch::with("dialects-toc", &[("README.md", kep)]);
    // Words of two headings: the sections that hold them, not the page whose
    // table of contents names both.
    let (hits, _) = run(&dir, &["search", "summary drawbacks", "README.md"]);
    let first = hits.lines().nth(1).unwrap_or_default();
    assert!(first.starts_with("h2.0 L"), "{hits}");
    assert!(!hits.contains("h1.0") && !hits.contains("list.0"), "{hits}");
    let (hits, _) = run(&dir, &["search", "timezone drawbacks", "README.md"]);
    assert!(
        !hits.contains("[Drawbacks]") && !hits.contains("list.0"),
        "{hits}"
    );
    // The list is still there to read.
    let (h1, _) = run(&dir, &["h1.0?head=4", "README.md"]);
    assert!(h1.contains("- [Summary](#summary)\n"), "{h1}");
}
