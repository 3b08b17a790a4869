//! Links (docs/links.md, "Following links"): `#anchor` as a first step names the
//! section whose heading has that anchor (GitHub slug, explicit id, or
//! loosely its letters and digits), with every later step, query and page
//! working after it.

use crate::common;

use common::bin::mdsel_in;
use common::scratch::Scratch;

const GUIDE: &str = "\
# Guide

## Server Options

### server.proxy

Proxy here.

```sh
run --proxy
```

### server.port

Port.

## Setup {#custom-setup}

Steps.

<a id=\"old-install\"></a>
<!-- renamed -->

## Install `cargo` 🚀 crates

Install it.

## <a name=\"usage-anchor\"></a>Usage

First usage.

## Usage

Second usage.

## Usage

Third usage.

## Überblick und Einführung

Deutsch.

## 日本語の見出し

日本語。
";

fn select(dir: &Scratch, args: &[&str]) -> (String, String, i32) {
    let out = mdsel_in(dir.path(), args, b"");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

fn guide() -> Scratch {
    Scratch::with(
        "links",
        &[
            ("guide.md", GUIDE),
            ("other.md", "# Other\n\n## Usage\n\nElsewhere.\n"),
        ],
    )
}

/// The first line of what `#anchor` selects in guide.md.
fn first_line(dir: &Scratch, anchor: &str) -> String {
    let (out, err, code) = select(dir, &["select", anchor, "guide.md"]);
    assert_eq!(code, 0, "{anchor}: {err}");
    out.lines().next().unwrap_or_default().to_owned()
}

#[test]
fn github_slugs_with_repeats_markup_emoji_and_other_scripts() {
    let dir = guide();
    let cases = [
        ("#guide", "# Guide"),
        ("#server-options", "## Server Options"),
        ("#serverproxy", "### server.proxy"),
        ("#install-cargo--crates", "## Install `cargo` 🚀 crates"),
        ("#usage", "## <a name=\"usage-anchor\"></a>Usage"),
        ("#usage-1", "## Usage"),
        ("#überblick-und-einführung", "## Überblick und Einführung"),
        (
            "#%C3%BCberblick-und-einf%C3%BChrung",
            "## Überblick und Einführung",
        ),
        ("#日本語の見出し", "## 日本語の見出し"),
    ];
    for (anchor, want) in cases {
        assert_eq!(first_line(&dir, anchor), want, "{anchor}");
    }
    // The third "Usage" is the second repeat.
    let (out, _, _) = select(&dir, &["select", "#usage-2", "guide.md"]);
    assert!(out.contains("Third usage."), "{out}");
}

#[test]
fn explicit_ids_in_both_forms_and_loose_spellings() {
    let dir = guide();
    assert_eq!(
        first_line(&dir, "#custom-setup"),
        "## Setup {#custom-setup}"
    );
    assert_eq!(
        first_line(&dir, "#old-install"),
        "## Install `cargo` 🚀 crates"
    );
    assert_eq!(
        first_line(&dir, "#usage-anchor"),
        "## <a name=\"usage-anchor\"></a>Usage"
    );
    // Other generators' spellings of `server.port`.
    assert_eq!(first_line(&dir, "#server-port"), "### server.port");
    assert_eq!(first_line(&dir, "#Server_Port"), "### server.port");
    // The {#id} is not part of the heading's text.
    let (index, _, _) = select(&dir, &["index", "guide.md"]);
    assert!(index.contains(" h2.1 Setup (9w)\n"), "{index}");
    let (json, _, _) = select(&dir, &["index", "--json", "guide.md"]);
    assert!(
        json.contains(r#""text":"Setup","anchor":"custom-setup""#),
        "{json}"
    );
    assert!(json.contains(r#""anchor":"usage-1""#), "{json}");
    assert!(
        !index.contains("custom-setup"),
        "text outlines print no anchors"
    );
}

#[test]
fn every_step_and_query_works_after_an_anchor() {
    let dir = guide();
    let (out, _, code) = select(&dir, &["select", "#serverproxy/code.0", "guide.md"]);
    assert_eq!((out.as_str(), code), ("```sh\nrun --proxy\n```\n", 0));
    let (out, _, _) = select(&dir, &["select", "#server-options?head=1", "guide.md"]);
    assert_eq!(out, "## Server Options\n[truncated]\n");
    // Namespaced, among several documents, and several selectors at once.
    let (out, err, code) = select(
        &dir,
        &[
            "select",
            "other::#usage,guide::#custom-setup",
            "guide.md",
            "other.md",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "other::h2.0:\n## Usage\n\nElsewhere.\nguide::h2.1:\n## Setup {#custom-setup}\n\nSteps.\n\n\
         <a id=\"old-install\"></a>\n<!-- renamed -->\n"
    );
    // Auto mode reads it as a selector; pages follow the budget.
    let (out, _, _) = select(&dir, &["--max-words", "3", "#server-options", "guide.md"]);
    assert!(out.contains("[page 1/"), "{out}");
    assert!(out.contains("next: h2.0/page.1"), "{out}");
}

#[test]
fn a_missing_anchor_suggests_the_nearest_that_work() {
    let dir = guide();
    let (out, err, code) = select(&dir, &["select", "#server-option", "guide.md"]);
    assert_eq!((out.as_str(), code), ("", 1));
    let mut lines = err.lines();
    assert_eq!(lines.next(), Some("!#server-option"));
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("No heading has the anchor #server-option")
    );
    let suggestions: Vec<&str> = lines.next().unwrap().split(' ').collect();
    assert_eq!(suggestions[0], "~#server-options", "{err}");
    for s in suggestions {
        let (_, err, code) = select(&dir, &["select", s.trim_start_matches('~'), "guide.md"]);
        assert_eq!(code, 0, "{s}: {err}");
    }
    // Namespaced suggestions when several documents are loaded.
    let (_, err, _) = select(&dir, &["select", "#nope", "guide.md", "other.md"]);
    assert!(err.contains("~guide::#"), "{err}");
}

#[test]
fn hostile_anchors_get_clear_errors() {
    let dir = guide();
    let long = format!("#{}", "a".repeat(60_000));
    let cases: [(&str, &str); 6] = [
        ("#", "expected an anchor after '#'"),
        ("##", "No heading has the anchor ##"),
        ("#%00", "expected a percent-escape that decodes to text"),
        ("#%FF%FE", "expected a percent-escape that decodes to text"),
        ("#%zz", "expected a percent-escape that decodes to text"),
        ("h2.0/#usage", "can only be the first step"),
    ];
    for (sel, want) in cases {
        let (out, err, code) = select(&dir, &["select", sel, "guide.md"]);
        assert_eq!(code, 1, "{sel}: {out}");
        assert!(err.contains(want), "{sel}: {err}");
        assert!(!out.starts_with("Search results"), "{sel} is no search");
    }
    let (_, err, code) = select(&dir, &["select", &long, "guide.md"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("No heading has the anchor"),
        "{}",
        &err[..200.min(err.len())]
    );
    // A '#' inside a file name that exists still opens the file.
    let csharp = Scratch::with("links-csharp", &[("C#.md", "# C sharp\n\ntext\n")]);
    let (out, err, code) = select(&csharp, &["C#.md"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "h1.0 C sharp (4w)\n---\npara:1\n");
}

fn vault() -> Scratch {
    Scratch::with(
        "links-vault",
        &[
            ("docs/config/server-options.md", GUIDE),
            (
                "notes/Internal links.md",
                "# Internal links\n\n## Link to a heading in a note\n\nLinks work.\n\n## Other\n\nx\n",
            ),
            (
                "notes/sub/Other.md",
                "# Other note\n\nsee [[Internal links]]\n",
            ),
            ("notes/Other.md", "# Top other\n\nthe first Other\n"),
        ],
    )
}

#[test]
fn a_path_with_an_anchor_opens_that_files_section() {
    let dir = vault();
    // Auto mode: the file is read, as a browser opens the link.
    let (out, err, code) = select(&dir, &["docs/config/server-options.md#server-port"]);
    assert_eq!(
        (out.as_str(), code),
        ("### server.port\n\nPort.\n", 0),
        "{err}"
    );
    let (out, _, _) = select(
        &dir,
        &["./docs/config/server-options.md#serverproxy/code.0"],
    );
    assert_eq!(out, "```sh\nrun --proxy\n```\n");
    // As select's selector, the file among the inputs (a path suffix will do).
    let (out, err, code) = select(
        &dir,
        &[
            "select",
            "config/server-options.md#custom-setup",
            "docs",
            "notes",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("## Setup {#custom-setup}\n"), "{out}");
    let (out, _, code) = select(
        &dir,
        &[
            "select",
            "docs/x/../config/server-options.md#usage-2",
            "docs",
        ],
    );
    assert_eq!((out.as_str(), code), ("## Usage\n\nThird usage.\n", 0));
}

/// Site generators (VitePress, Docusaurus, Hugo, MkDocs) link a page by the
/// address it is served at, not its source: `./server-options#x`,
/// `../config/server-options.html#x`, `/guide/#x`, a full URL. Each opens the
/// Markdown source's section.
#[test]
fn a_site_page_link_opens_its_markdown_source() {
    let dir = Scratch::with(
        "links-site",
        &[
            ("docs/config/server-options.md", GUIDE),
            (
                "docs/guide/index.md",
                "# Guide\n\n## Getting Started\n\nStart.\n",
            ),
            (
                "docs/guide/My Page.mdx",
                "# Mine\n\n## Spaced out\n\nSpaces.\n",
            ),
        ],
    );
    // Auto mode, from the linking file's folder: the source is read.
    let docs = dir.path().join("docs/guide");
    for link in [
        "../config/server-options#server-port",
        "../config/server-options.html#server-port",
    ] {
        let out = mdsel_in(&docs, &[link], b"");
        assert_eq!(
            (
                String::from_utf8_lossy(&out.stdout).as_ref(),
                out.status.code()
            ),
            ("### server.port\n\nPort.\n", Some(0)),
            "{link}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // From the site's folder: a link from its root, a percent-escaped name.
    let site = dir.path().join("docs");
    for (link, want) in [
        ("/config/server-options#server-port", "### server.port"),
        ("guide/My%20Page.mdx#spaced-out", "## Spaced out"),
    ] {
        let out = mdsel_in(&site, &[link], b"");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            stdout.lines().next(),
            Some(want),
            "{link}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // Among the files given: a link from the site's root, a folder's index
    // page, a full URL, a percent-escaped name with no extension.
    for (link, want) in [
        ("/config/server-options#server-port", "### server.port"),
        ("/guide/#getting-started", "## Getting Started"),
        ("/guide/index.html#getting-started", "## Getting Started"),
        (
            "https://example.dev/config/server-options#serverproxy",
            "### server.proxy",
        ),
        ("guide/My%20Page#spaced-out", "## Spaced out"),
    ] {
        let (out, err, code) = select(&dir, &["select", link, "docs"]);
        assert_eq!(code, 0, "{link}: {err}");
        assert_eq!(out.lines().next(), Some(want), "{link}");
    }
    // A page no source is for is named in the error; the bare word before a
    // `#` is no page (`C#` stays a search).
    let (_, err, code) = select(&dir, &["select", "/guide/missing#x", "docs"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("No file among the inputs is '/guide/missing'"),
        "{err}"
    );
    // A mistyped page: SELECTOR_NOT_FOUND (a link is no namespace), with the
    // closest page's section as a suggestion that works.
    let (out, _, _) = select(
        &dir,
        &[
            "select",
            "--json",
            "/config/server-optoins#server-port",
            "docs",
        ],
    );
    let miss = &serde_json::from_str::<serde_json::Value>(&out).unwrap()["data"]["unresolved"][0];
    assert_eq!(miss["code"], "SELECTOR_NOT_FOUND", "{out}");
    let suggestion = miss["suggestions"][0].as_str().unwrap();
    let (out, err, code) = select(&dir, &["select", suggestion, "docs"]);
    assert_eq!(code, 0, "{suggestion}: {err}");
    assert!(out.starts_with("### server.port"), "{out}");
    assert!(mdsel::parse_selector("C#").is_err());
}

/// A page's address without an anchor, given where a file goes, reads the
/// page's Markdown source too: in auto mode, and as `select`'s or `search`'s
/// files. An address with no source there is still reported missing.
#[test]
fn a_site_page_given_as_a_file_reads_its_source() {
    let dir = Scratch::with(
        "links-site-files",
        &[
            ("docs/config/server-options.md", GUIDE),
            (
                "docs/guide/My Page.mdx",
                "# Mine\n\n## Spaced out\n\nSpaces.\n",
            ),
        ],
    );
    let guide = dir.path().join("docs/guide");
    let run = |args: &[&str]| {
        let out = mdsel_in(&guide, args, b"");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            out.status.code(),
        )
    };
    for page in ["../config/server-options", "../config/server-options.html"] {
        let (out, err, code) = run(&[page]);
        assert_eq!(code, Some(0), "{page}: {err}");
        assert!(out.starts_with("h1.0 Guide ("), "{page}: {out}");
    }
    let (out, err, code) = run(&["select", "#server-port", "../config/server-options"]);
    assert_eq!(
        (out.as_str(), code),
        ("### server.port\n\nPort.\n", Some(0)),
        "{err}"
    );
    let (out, _, code) = run(&["search", "spaces", "./My%20Page"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Spaced out"), "{out}");
    // A bare word is a query even beside a page of that name.
    let (out, err, code) = run(&["select", "spaced", "My Page.mdx"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("'My Page.mdx'\nh2.0 L"), "{out}");
    let side = Scratch::with(
        "links-site-word",
        &[
            ("install.md", "# Install\n\nSteps.\n"),
            ("README.md", "# Read\n\n## Install\n\nHere.\n"),
        ],
    );
    let out = mdsel_in(side.path(), &["install", "README.md"], b"");
    let out = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.starts_with("README.md\nh2.0 L"), "{out}");
    let (_, err, code) = run(&["../config/missing.html"]);
    assert_eq!(code, Some(1));
    assert!(
        err.starts_with("!FILE_NOT_FOUND: ../config/missing.html"),
        "{err}"
    );
}

/// Where no heading has a fragment, a link lands where the page writes it
/// (an HTML id anywhere, a block id, a heading in a container): the
/// listing and the selector agree on every such link.
#[test]
fn a_fragment_no_heading_has_selects_where_its_link_lands() {
    let page = "<a name=\"top-note\"></a>Intro.\n\n# Ref\n\n## Enums\n\n\
                A *<span id=\"unit-only-enum\">unit-only enum</span>* has no fields.\n\n\
                > ### Nested note\n>\n> quoted\n\n## Last\n\nA claim. ^claim-1\n";
    let links = "# Links\n\n[a](ref.md#unit-only-enum) [b](ref.md#nested-note) \
                 [c](ref.md#top-note) [d](ref.md#^claim-1) [e](ref.md#no-such-id)\n";
    let dir = Scratch::with("links-ids", &[("ref.md", page), ("links.md", links)]);
    let (out, err, code) = select(&dir, &["links", "links.md", "ref.md"]);
    assert_eq!(code, 0, "{err}");
    for (anchor, lands, first) in [
        ("unit-only-enum", "ref::h2.0", "## Enums"),
        ("nested-note", "ref::h2.0", "## Enums"),
        ("top-note", "ref.md", "<a name=\"top-note\"></a>Intro."),
        ("^claim-1", "ref::h2.1", "## Last"),
    ] {
        let line = (out.lines())
            .find(|l| l.contains(&format!("#{anchor})")))
            .unwrap_or_default();
        assert!(line.ends_with(&format!("→ {lands}")), "{anchor}: {out}");
        let (got, err, code) = select(&dir, &[&format!("ref.md#{anchor}")]);
        assert_eq!(code, 0, "{anchor}: {err}");
        assert_eq!(got.lines().next(), Some(first), "{anchor}");
    }
    assert!(out.contains("#no-such-id) → broken"), "{out}");
    let (_, err, code) = select(&dir, &["ref.md#no-such-id"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("No heading has the anchor #no-such-id"),
        "{err}"
    );
}

#[test]
fn wiki_links_as_pasted() {
    let dir = vault();
    let cases = [
        (
            "[[Internal links#Link to a heading in a note]]",
            "## Link to a heading in a note",
        ),
        (
            "[[internal LINKS#link-to-a-heading-in-a-note|shown text]]",
            "## Link to a heading in a note",
        ),
        ("[[Internal links]]", "# Internal links"),
        ("[[sub/Other]]", "# Other note"),
        ("[[notes/sub/Other#Other note]]", "# Other note"),
        ("[[Internal links#Other\\|in a table]]", "## Other"),
        // A nested heading path names the last heading's section.
        ("[[Internal links#Internal links#Other]]", "## Other"),
    ];
    for (link, want) in cases {
        let (out, err, code) = select(&dir, &[link, "notes"]);
        assert_eq!(code, 0, "{link}: {err}");
        assert_eq!(out.lines().next(), Some(want), "{link}");
    }
    // Two notes named Other: the first in input order, with a warning.
    let (out, err, code) = select(&dir, &["[[Other]]", "notes"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("# Top other"), "{out}");
    assert!(
        err.starts_with("warning: 2 notes are named 'Other'"),
        "{err}"
    );
}

#[test]
fn links_that_find_nothing_name_what_would_work() {
    let dir = vault();
    let (_, err, code) = select(&dir, &["[[Internl links#Other]]", "notes"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("No file among the inputs is the note 'Internl links'"),
        "{err}"
    );
    // Note names hold spaces: suggestions are `~[[…]]` each, quoted when they
    // hold one (issue 38), and each runs as printed, quotes and all.
    let line = err.lines().nth(2).unwrap();
    let suggestions: Vec<&str> = line
        .split(" ~")
        .map(|s| s.trim_start_matches('~'))
        .collect();
    assert_eq!(suggestions[0], "'[[Internal links]]'", "{err}");
    for s in suggestions {
        let (_, err, code) = select(&dir, &[s, "notes"]);
        assert_eq!(code, 0, "{s}: {err}");
    }
    let (_, err, code) = select(&dir, &["[[Internal links#No such heading]]", "notes"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("No heading has the anchor #No such heading"),
        "{err}"
    );
    let (_, err, code) = select(&dir, &["select", "missing.md#usage", "docs"]);
    assert_eq!(code, 1);
    assert!(err.contains("missing.md"), "{err}");
}

#[test]
fn hostile_wiki_links_get_clear_errors() {
    let dir = vault();
    for (link, want) in [
        ("[[", "expected ']]' to close the wiki link"),
        ("[[Note", "expected ']]' to close the wiki link"),
        ("[[#]]", "expected a note, a heading or both"),
        ("[[]]", "expected a note, a heading or both"),
        ("[[|x]]", "expected a note, a heading or both"),
    ] {
        let (out, err, code) = select(&dir, &["select", link, "notes"]);
        assert_eq!(code, 1, "{link}: {out}");
        assert!(err.contains(want), "{link}: {err}");
    }
    // `]]` alone is no selector shape: a search that says so.
    let (_, _, code) = select(&dir, &["select", "]]", "notes"]);
    assert_eq!(code, 1);
}

#[test]
fn an_ambiguous_loose_anchor_reads_the_first_and_warns() {
    let dir = Scratch::with(
        "links-loose",
        &[(
            "a.md",
            "# A\n\n## server.port\n\none\n\n## Server Port!\n\ntwo\n",
        )],
    );
    let (out, err, code) = select(&dir, &["select", "#server--port", "a.md"]);
    assert_eq!((out.as_str(), code), ("## server.port\n\none\n", 0));
    assert!(
        err.contains("warning: #server--port in a.md: 2 headings match loosely"),
        "{err}"
    );
    // An exact slug is not ambiguous.
    let (_, err, _) = select(&dir, &["select", "#serverport", "a.md"]);
    assert_eq!(err, "");
}

#[test]
fn a_page_missing_in_one_language_suggests_it_in_the_others() {
    // A site falls back to another language for a page not yet translated:
    // `/es/guides/config/` has no source in `es/`, but `en/` and `fr/` have it.
    let page = "# Config\n\n## Site\n\nThe site's address.\n";
    let dir = Scratch::with(
        "links-parallel",
        &[
            ("docs/en/guides/config.mdx", page),
            ("docs/fr/guides/config.mdx", page),
            ("docs/es/guides/routing.mdx", "# Rutas\n"),
            ("docs/en/guides/deploy/index.md", "# Deploy\n"),
            ("docs/es/guides/other/index.md", "# Otro\n"),
        ],
    );
    let docs = dir.path().join("docs");
    let suggestions = |arg: &str| {
        let out = mdsel_in(&docs, &["--json", arg], b"");
        assert_eq!(out.status.code(), Some(1), "{arg}");
        let json: serde_json::Value =
            serde_json::from_slice(&out.stdout).expect("one JSON document");
        let error = &json["errors"][0];
        assert_eq!(error["code"], "FILE_NOT_FOUND", "{arg}: {json}");
        let list = error["suggestions"].as_array().expect("suggestions");
        list.iter()
            .map(|s| s.as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    let both = ["en/guides/config.mdx", "fr/guides/config.mdx"];
    assert_eq!(suggestions("/es/guides/config/#site"), both);
    assert_eq!(suggestions("es/guides/config.mdx#site"), both);
    let out = mdsel_in(
        &docs,
        &["--json", "search", "site", "es/guides/config.html"],
        b"",
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        json["errors"][0]["suggestions"],
        serde_json::json!(both),
        "{json}"
    );
    // The folder that names an index page is the page: it is not swapped for
    // a sibling (`es/guides/other/index.md` is another page).
    assert_eq!(
        suggestions("/es/guides/deploy/"),
        ["en/guides/deploy/index.md"]
    );
    // A suggestion works as given.
    let out = mdsel_in(&docs, &["select", "#site", "en/guides/config.mdx"], b"");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "## Site\n\nThe site's address.\n"
    );
    // A near name beside the path comes first.
    assert_eq!(
        suggestions("es/guides/routng.mdx")[0],
        "es/guides/routing.mdx"
    );
}

/// Issue 38: an MDX comment ending a heading line, `{/*id*/}` (react.dev), is
/// the heading's id, in `.md` and `.mdx`, and never part of its text.
#[test]
fn an_mdx_comment_id_is_the_headings_anchor() {
    let page =
        "# Page\n\n## Caveats {/*caveats*/}\n\ntext\n\n### Keys and `map` {/*keys-map*/}\n\nmore\n";
    let dir = Scratch::with("links-mdx-ids", &[("a.md", page), ("b.mdx", page)]);
    for file in ["a.md", "b.mdx"] {
        let run = |args: &[&str]| {
            let out = mdsel_in(dir.path(), args, b"");
            String::from_utf8(out.stdout).unwrap()
        };
        assert_eq!(
            run(&["index", file]),
            "h1.0 Page (12w)\n h2.0 Caveats (10w)\n  h3.0 Keys and map (6w)\n---\npara:2\n",
            "{file}"
        );
        assert_eq!(
            run(&["#keys-map", file]),
            "### Keys and `map` {/*keys-map*/}\n\nmore\n"
        );
        assert!(run(&[&format!("{file}#caveats"), file]).starts_with("## Caveats"));
        let json: serde_json::Value =
            serde_json::from_str(&run(&["--json", "index", file])).unwrap();
        let anchors: Vec<&str> = json["data"]["documents"][0]["headings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["anchor"].as_str().unwrap())
            .collect();
        assert_eq!(anchors, ["page", "caveats", "keys-map"], "{file}");
        let hits = run(&["search", "caveats", file]);
        assert!(hits.contains("% Caveats\n"), "{hits}");
        assert!(!hits.contains("{/*"), "{hits}");
    }
}

/// Issue 38: a site that orders its pages by numeric prefixes (Nuxt Content:
/// `1.getting-started/2.installation.md`) serves them without the prefixes,
/// often under a base no input has (`/docs/4.x/`): such an address finds its
/// page, and files list in number order.
#[test]
fn numbered_pages_are_found_by_their_address_and_listed_in_number_order() {
    let dir = Scratch::with(
        "links-numbered",
        &[
            (
                "docs/1.getting-started/2.installation.md",
                "# Installation\n\n## Step one\n\nRun it.\n",
            ),
            ("docs/1.getting-started/10.deploy.md", "# Deploy\n"),
            (
                "docs/1.getting-started/1.introduction.md",
                "# Introduction\n",
            ),
            ("docs/2.guide/1.concepts.md", "# Concepts\n"),
        ],
    );
    let run = |args: &[&str]| {
        let out = mdsel_in(dir.path(), args, b"");
        (String::from_utf8(out.stdout).unwrap(), out.status.code())
    };
    for link in [
        "/getting-started/installation#step-one",
        "/docs/getting-started/installation#step-one",
        "/docs/4.x/getting-started/installation#step-one",
        "https://nuxt.com/docs/4.x/getting-started/installation#step-one",
        "getting-started/installation.html#step-one",
    ] {
        assert_eq!(
            run(&[link, "docs"]),
            ("## Step one\n\nRun it.\n".to_owned(), Some(0)),
            "{link}"
        );
    }
    // A page no input has is still a miss.
    assert_eq!(
        run(&["/docs/4.x/getting-started/nothing#x", "docs"]).1,
        Some(1)
    );
    // 1, 2, 10: numbers in names compare as numbers.
    let (index, _) = run(&["index", "docs"]);
    let order: Vec<&str> = index.lines().filter(|l| l.contains(".md (")).collect();
    assert_eq!(order.len(), 4, "{index}");
    assert!(order[0].contains("1.introduction.md"), "{index}");
    assert!(order[1].contains("2.installation.md"), "{index}");
    assert!(order[2].contains("10.deploy.md"), "{index}");
    assert!(order[3].contains("1.concepts.md"), "{index}");
}

/// Issue 51: Docusaurus (and SvelteKit's docs) order pages by a number and a
/// `-` or `_` (`20-core-concepts/50-configuration.md`) and serve them
/// without it, so a page links its sibling by its bare name; a version or a
/// date ahead of a name (`1.0-notes`, `2021-01-31-post`) is no such prefix.
#[test]
fn pages_ordered_by_a_number_and_a_dash_are_found_without_it() {
    let dir = Scratch::with(
        "links-dash-numbered",
        &[
            (
                "docs/20-reference/50-configuration.md",
                "# Configuration\n\n## Alias\n\nSet it.\n",
            ),
            (
                "docs/20-reference/20-types.md",
                "# Types\n\nSee [alias](configuration#alias) and [a post](2021-01-31-post).\n",
            ),
            (
                "docs/20-reference/2021-01-31-post.md",
                "# Post\n\n[p](01-31-post)\n",
            ),
        ],
    );
    let run = |args: &[&str]| {
        let out = mdsel_in(dir.path(), args, b"");
        (String::from_utf8(out.stdout).unwrap(), out.status.code())
    };
    let (broken, code) = run(&["links", "--broken", "docs"]);
    assert_eq!(code, Some(1), "{broken}");
    // A date is no prefix: the post is not found by what follows its year.
    assert!(
        broken.contains("[p](01-31-post) → broken: no such file"),
        "{broken}"
    );
    assert!(broken.contains("[1 broken of 3 links"), "{broken}");
    assert_eq!(
        run(&["/reference/configuration#alias", "docs"]),
        ("## Alias\n\nSet it.\n".to_owned(), Some(0))
    );
}

/// Issue 51: a page served at an address its front matter sets (Docusaurus'
/// `id` and `slug`, Hugo's `url`) is found by that address, when following a
/// link, listing what links to it and checking links alike; a Markdown file's
/// path is never a route, and the root is the top folder's index or nothing.
#[test]
fn a_page_is_found_at_the_address_its_front_matter_routes() {
    let dir = Scratch::with(
        "links-routes",
        &[
            (
                "docs/TutorialReactNative.md",
                "---\nid: tutorial-react-native\n---\n# React Native\n\n## Setup\n\nRun it.\n",
            ),
            (
                "docs/blog/2021-03-31-april.md",
                "+++\nurl = \"/blog/2021/03/april-update/\"\n+++\n# April\n",
            ),
            (
                "docs/api/index.md",
                "# API\n\nSee [setup](/docs/tutorial-react-native#setup), [here](../tutorial-react-native), \
                 [april](/blog/2021/03/april-update/) and [home](/).\n",
            ),
        ],
    );
    for link in [
        "/docs/tutorial-react-native#setup",
        "tutorial-react-native.html#setup",
    ] {
        let (out, _, code) = select(&dir, &[link, "docs"]);
        assert_eq!((out.as_str(), code), ("## Setup\n\nRun it.\n", 0), "{link}");
    }
    let (_, err, code) = select(&dir, &["tutorial-react-native.md#setup", "docs"]);
    assert_eq!(code, 1, "a file's path is no route: {err}");
    let (broken, _, code) = select(&dir, &["links", "--broken", "docs"]);
    assert_eq!(code, 0, "{broken}");
    let (to, _, _) = select(
        &dir,
        &["links", "--to", "/docs/tutorial-react-native", "docs"],
    );
    assert_eq!(to.matches("tutorial-react-native").count(), 2, "{to}");
    let (all, _, _) = select(&dir, &["links", "docs"]);
    assert!(all.contains("[home](/) → external"), "{all}");
    assert!(
        all.contains("/april-update/) → docs/blog/2021-03-31-april.md"),
        "{all}"
    );
}

/// Issue 38: a suggestion holding a space is quoted, so the `~` line's
/// suggestions stay apart; pasted as printed (by a shell, or with its quotes
/// into a tool's argument), it runs.
#[test]
fn a_suggestion_with_a_space_is_quoted_and_runs_when_pasted() {
    let dir = Scratch::with(
        "links-quoted-suggestion",
        &[
            (
                "vault/Internal links.md",
                "# Internal links\n\n## Link to a heading\n\ntext\n",
            ),
            ("vault/other.md", "# Other\n"),
        ],
    );
    let out = mdsel_in(dir.path(), &["[[Internal link]]", "vault"], b"");
    let err = String::from_utf8(out.stderr).unwrap();
    let line = err
        .lines()
        .find(|l| l.starts_with('~'))
        .expect("suggestions");
    assert_eq!(line, "~'[[Internal links]]' ~'[[other]]'");
    let pasted = line.split(" ~").next().unwrap().trim_start_matches('~');
    // With the quotes, as a tool argument would carry them.
    let out = mdsel_in(dir.path(), &[pasted, "vault"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("# Internal links\n")
    );
    // Without them, as a shell passes it.
    let out = mdsel_in(dir.path(), &[pasted.trim_matches('\''), "vault"], b"");
    assert_eq!(out.status.code(), Some(0));
}

/// Issue 38, links: `index.html` names a folder's index page whatever its
/// source is called; a wiki link followed by a step says what would work; a
/// stack of 20 `<a id>` lines above a heading names it by each.
#[test]
fn index_pages_wiki_steps_and_tall_anchor_stacks() {
    let stack: String = (0..20)
        .map(|i| format!("<a id=\"old{i}\"></a>\n"))
        .collect();
    let dir = Scratch::with(
        "links-misc",
        &[
            ("other/README.md", "# Other\n\n## Intro\n\nhi\n".to_owned()),
            ("a.md", format!("# A\n\n{stack}## Srv\n\ns\n")),
        ],
    );
    let run = |args: &[&str]| {
        let out = mdsel_in(dir.path(), args, b"");
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
            out.status.code(),
        )
    };
    assert_eq!(run(&["other/index.html#intro", "."]).0, "## Intro\n\nhi\n");
    let (_, err, code) = run(&["[[a]]/h2.0", "."]);
    assert_eq!(code, Some(1));
    assert!(err.contains("write a::h2.0"), "{err}");
    assert_eq!(run(&["a::h2.0", "."]).0, "## Srv\n\ns\n");
    for id in ["old0", "old19"] {
        assert_eq!(run(&[&format!("a::#{id}"), "."]).0, "## Srv\n\ns\n", "{id}");
    }
}

/// Issue 38, links: a file whose name holds `#` is found with its anchor
/// (`C#.md#generics`); `[[C#]]` is the note `C#` (or, with none, `C`), never a
/// suggestion of itself; a heading that slugs to nothing has no anchor in JSON.
#[test]
fn hashes_in_names_and_headings_without_an_anchor() {
    let dir = Scratch::with(
        "links-hash",
        &[
            ("C#.md", "# C#\n\n## Generics\n\ng\n"),
            ("e.md", "# E\n\n## !!!\n\nx\n\n## !!!\n\ny\n"),
        ],
    );
    let run = |args: &[&str]| {
        let out = mdsel_in(dir.path(), args, b"");
        (String::from_utf8(out.stdout).unwrap(), out.status.code())
    };
    assert_eq!(
        run(&["select", "C#.md#generics", "C#.md"]),
        ("## Generics\n\ng\n".to_owned(), Some(0))
    );
    assert_eq!(run(&["C#.md#generics", "."]).0, "## Generics\n\ng\n");
    assert!(run(&["[[C#]]", "."]).0.starts_with("# C#\n"));
    let (json, _) = run(&["--json", "index", "e.md"]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let anchors: Vec<serde_json::Value> = json["data"]["documents"][0]["headings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["anchor"].clone())
        .collect();
    assert_eq!(
        anchors,
        [
            serde_json::json!("e"),
            serde_json::Value::Null,
            serde_json::json!("-1")
        ]
    );
    assert_eq!(run(&["#-1", "e.md"]).0, "## !!!\n\ny\n");
}

/// Issue 49 (G17): an Obsidian embed pasted as read (`![[Note#Heading]]`) is
/// its wiki link, and one that finds nothing gets suggestions that run.
#[test]
fn an_embed_is_its_wiki_link() {
    let dir = vault();
    let (out, err, code) = select(&dir, &["![[Internal links#Other]]", "notes"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("## Other"), "{out}");
    let (_, err, code) = select(&dir, &["![[Internl links]]", "notes"]);
    assert_eq!(code, 1);
    let line = err.lines().nth(2).expect("suggestions");
    assert!(line.starts_with("~'[[Internal links]]'"), "{err}");
}
