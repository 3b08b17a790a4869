//! `mdsel links` (docs/links.md, "Links both ways"): links out of nodes, what links
//! here (`--to`), broken links (`--broken`), resolved as following a link
//! resolves it, in text and JSON.

use crate::common;

use common::bin::{json, mdsel_in};
use common::scratch::Scratch;

const INSTALL: &str = "\
# Install

See [the port](../config/server.md#serverport) and [proxy](#proxy-setup).
Also [[Notes#Why]] and <a href=\"../config/server.md#legacy\">legacy</a>.
A [site link](/docs/4.x/api/#calls), [gone](../config/gone.md) and [typo](../config/server.md#server-prot).
[Ext](https://example.org), ![img](logo.png), [file](logo.png), [whole](../config/server.md).

## Proxy {#proxy-setup}

```md
[not a link](nowhere.md)
```

Back to [proxy](#proxy-setup) and [top][r].

[r]: ./install.md#install
";

fn docs() -> Scratch {
    Scratch::with(
        "link-views",
        &[
            ("docs/guide/install.md", INSTALL),
            ("docs/guide/logo.png", "png"),
            (
                "docs/config/server.md",
                "# Server\n\n## server.port\n\nPort. <a id=\"legacy\"></a>\n\n## Other\n",
            ),
            (
                "docs/api/index.md",
                "# API\n\n## Calls\n\nSee [install](../guide/install.md).\n",
            ),
            (
                "notes/Notes.md",
                "# Notes\n\n## Why\n\n[[Missing Note]] and [[Notes#Nope]].\n",
            ),
        ],
    )
}

fn run(dir: &Scratch, args: &[&str]) -> (String, String, i32) {
    let out = mdsel_in(dir.path(), args, b"");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// Each link of a JSON listing as `(text, status, to or reason)`.
fn listed(dir: &Scratch, args: &[&str]) -> Vec<(String, String, String)> {
    let mut all = vec!["links", "--json"];
    all.extend(args);
    let value = json(&mdsel_in(dir.path(), &all, b""));
    value["data"]["links"]
        .as_array()
        .unwrap_or_else(|| panic!("no links in {value}"))
        .iter()
        .map(|l| {
            let s = |k: &str| l[k].as_str().unwrap_or_default().to_owned();
            let landing = if s("status") == "broken" {
                s("reason")
            } else {
                s("to")
            };
            (s("text"), s("status"), landing)
        })
        .collect()
}

fn row(text: &str, status: &str, landing: &str) -> (String, String, String) {
    (text.into(), status.into(), landing.into())
}

/// The status of each link listed with `args` in a scratch folder `name`
/// holding `files`.
fn statuses(name: &str, files: &[(&str, &str)], args: &[&str]) -> Vec<String> {
    let dir = Scratch::with(name, files);
    (listed(&dir, args).into_iter())
        .map(|(_, status, _)| status)
        .collect()
}

#[test]
fn every_spelling_lands_where_following_it_would() {
    let dir = docs();
    let links = listed(&dir, &["docs/guide/install.md", "docs", "notes"]);
    assert_eq!(
        links,
        vec![
            row(
                "[the port](../config/server.md#serverport)",
                "ok",
                "server::h2.0"
            ),
            row("[proxy](#proxy-setup)", "ok", "h2.0"),
            row("[[Notes#Why]]", "ok", "notes::h2.0"),
            row(
                "<a href=\"../config/server.md#legacy\">",
                "ok",
                "server::h2.0"
            ),
            row("[site link](/docs/4.x/api/#calls)", "ok", "index::h2.0"),
            row(
                "[gone](../config/gone.md)",
                "broken",
                "no such file: docs/config/gone.md"
            ),
            row(
                "[typo](../config/server.md#server-prot)",
                "broken",
                "no anchor #server-prot in docs/config/server.md"
            ),
            row("[Ext](https://example.org)", "external", ""),
            row("[file](logo.png)", "ok", "docs/guide/logo.png"),
            row(
                "[whole](../config/server.md)",
                "ok",
                "docs/config/server.md"
            ),
            row("[proxy](#proxy-setup)", "ok", "h2.0"),
            row("[top][r]", "ok", "h1.0"),
            // The other documents' links, in input order.
            row(
                "[install](../guide/install.md)",
                "ok",
                "docs/guide/install.md"
            ),
            row("[[Missing Note]]", "broken", "no such note: Missing Note"),
            row("[[Notes#Nope]]", "broken", "no anchor #Nope here"),
        ]
    );
}

#[test]
fn text_groups_links_under_their_file_with_where_they_are() {
    let dir = docs();
    let (out, err, code) = run(&dir, &["links", "docs/api"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "docs/api/index.md\npara.0 L5 [install](../guide/install.md) → docs/guide/install.md\n"
    );
    let (out, _, _) = run(&dir, &["links", "h2.0", "docs/guide/install.md"]);
    assert_eq!(
        out,
        "docs/guide/install.md\n\
         para.1 L14 [proxy](#proxy-setup) → h2.0\n\
         para.1 L14 [top][r] → h1.0\n",
        "links out of a section, none from its code"
    );
}

#[test]
fn broken_links_exit_1_with_reasons_and_suggestions_that_run() {
    let dir = docs();
    let (out, _, code) = run(&dir, &["links", "--broken", "docs", "notes"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        "docs/guide/install.md\n\
         para.0 L5 [gone](../config/gone.md) → broken: no such file: docs/config/gone.md\n\
         para.0 L5 [typo](../config/server.md#server-prot) → broken: no anchor #server-prot in docs/config/server.md · ~server::#serverport\n\
         notes/Notes.md\n\
         para.0 L5 [[Missing Note]] → broken: no such note: Missing Note\n\
         para.0 L5 [[Notes#Nope]] → broken: no anchor #Nope here · ~notes::#notes\n\
         [4 broken of 15 links in 4 documents]\n"
    );
    // Each suggestion, pasted as a shell reads it, selects something.
    for pasted in ["~server::#serverport", "~notes::#notes"] {
        let (_, err, code) = run(&dir, &[pasted, "docs", "notes"]);
        assert_eq!(code, 0, "{pasted}: {err}");
    }
    let (out, _, code) = run(&dir, &["links", "--broken", "docs/api"]);
    assert_eq!(code, 0);
    assert_eq!(out, "no broken links: 1 link checked in 1 document\n");
}

#[test]
fn a_renamed_heading_or_page_is_suggested_by_its_words() {
    // As a doc set is broken by an edit: a heading reworded, a page renamed.
    let dir = Scratch::with(
        "link-renamed",
        &[
            (
                "guide.md",
                "# Guide\n\nSee [overrides](config.md#command-line-overrides) \
                 and [features](features.md).\n",
            ),
            (
                "config.md",
                "# Config\n\n## Profile build override\n\n## Overriding on the command line\n",
            ),
            ("cargo-features.md", "# Features\n"),
        ],
    );
    let (out, _, code) = run(&dir, &["links", "--broken", "."]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("no anchor #command-line-overrides in config.md · ~config::#overriding-on-the-command-line\n"),
        "by its words, not the nearest spelling (#profile-build-override): {out}"
    );
    assert!(
        out.contains("no such file: features.md · cargo-features.md\n"),
        "{out}"
    );
    for pasted in [
        "~config::#overriding-on-the-command-line",
        "cargo-features.md",
    ] {
        let (_, err, code) = run(&dir, &[pasted.trim_start_matches('~'), "."]);
        assert_eq!(code, 0, "{pasted}: {err}");
    }
}

#[test]
fn what_links_here_counts_a_section_and_not_its_parents() {
    let dir = docs();
    let sources = |to: &str| -> Vec<String> {
        listed(&dir, &["--to", to, "docs", "notes"])
            .into_iter()
            .map(|(text, _, _)| text)
            .collect()
    };
    assert_eq!(
        sources("server::#serverport"),
        [
            "[the port](../config/server.md#serverport)",
            "<a href=\"../config/server.md#legacy\">"
        ]
    );
    // The document: links to it and to any anchor in it.
    assert_eq!(
        sources("docs/config/server.md"),
        [
            "[the port](../config/server.md#serverport)",
            "<a href=\"../config/server.md#legacy\">",
            "[whole](../config/server.md)"
        ]
    );
    assert_eq!(sources("server::*"), sources("docs/config/server.md"));
    // The top section of install.md: its own anchor, not its subsection's.
    assert_eq!(sources("install::h1.0"), ["[top][r]"]);
    assert_eq!(sources("[[Notes]]"), ["[[Notes#Why]]"]);
    let (out, _, code) = run(&dir, &["links", "--to", "server::h2.1", "docs"]);
    assert_eq!(code, 0);
    assert_eq!(out, "no link in 3 documents lands on server::h2.1\n");
}

#[test]
fn a_long_listing_is_paged_with_the_call_for_the_next_links() {
    let dir = docs();
    let (out, _, _) = run(&dir, &["links", "--max-words", "40", "docs/guide"]);
    let last = out.lines().last().unwrap_or_default().to_owned();
    let next = last
        .split("next: --offset ")
        .nth(1)
        .and_then(|n| n.strip_suffix(']'))
        .unwrap_or_else(|| panic!("no next call in {out}"));
    let shown = out.lines().filter(|l| l.contains(" → ")).count();
    assert_eq!(next, shown.to_string(), "{out}");
    let (rest, _, _) = run(&dir, &["links", "--offset", next, "docs/guide"]);
    assert!(
        !rest.contains("[the port]"),
        "the next page starts after the first: {rest}"
    );
    assert!(rest.contains("[top][r]"), "{rest}");
    let (past, _, code) = run(&dir, &["links", "--offset", "99", "docs/guide"]);
    assert_eq!(code, 0);
    assert_eq!(past, "[12 links in all, all before offset 99]\n");
}

#[test]
fn a_missing_target_or_selector_is_explained() {
    let dir = docs();
    let (_, err, code) = run(&dir, &["links", "--to", "nowhere::h2.0", "docs"]);
    assert_eq!(code, 1);
    assert!(err.contains("no document has namespace 'nowhere'"), "{err}");
    let (_, err, code) = run(&dir, &["links", "--to", "h2.0", "extra", "docs"]);
    assert_eq!(code, 2);
    assert!(err.contains("with --to"), "{err}");
}

#[test]
fn path_filters_narrow_the_files_whose_links_are_listed() {
    let dir = docs();
    let (out, err, code) = run(&dir, &["links", "--glob", "api/**", "docs"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "docs/api/index.md\n\
         para.0 L5 [install](../guide/install.md) → docs/guide/install.md\n\
         [narrowed by --glob 'api/**']\n",
        "a page outside the filter is still a file on disk"
    );
}

/// A vault (enough wiki links land on notes) resolves a Markdown link no
/// path names as Obsidian does, as a note by name; a site does not, where
/// that would hide a page moved to another folder.
#[test]
fn a_vaults_markdown_links_are_notes_by_name_and_a_sites_are_paths() {
    let mut files: Vec<(String, String)> = vec![
        ("API/App.md".into(), "# App\n\n## Events\n".into()),
        (
            "API/App/fileManager.md".into(),
            "# fileManager\n\n[App](App) · [events](App.md#Events) · \
             [gone](Gone) · [typo](App#Evnts)\n"
                .into(),
        ),
    ];
    // 32 wiki links to notes make the folder a vault.
    let wiki = (0..32).map(|_| "[[App]]").collect::<Vec<_>>().join(" ");
    files.push(("Home.md".into(), format!("# Home\n\n{wiki}\n")));
    let refs: Vec<(&str, &str)> = (files.iter())
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let vault = Scratch::with("links-vault-md", &refs);
    let links = listed(&vault, &["API/App/fileManager.md", "."]);
    assert_eq!(
        &links[..4],
        [
            row("[App](App)", "ok", "API/App.md"),
            row("[events](App.md#Events)", "ok", "app::h2.0"),
            row("[gone](Gone)", "broken", "no such file: API/App/Gone"),
            row(
                "[typo](App#Evnts)",
                "broken",
                "no anchor #Evnts in API/App.md"
            ),
        ]
    );
    // The same pages without the wiki links: a site, whose links are paths.
    let site = Scratch::with("links-site-md", &refs[..2]);
    let links = listed(&site, &["API/App/fileManager.md", "."]);
    assert_eq!(
        links[0],
        row("[App](App)", "broken", "no such file: API/App/App")
    );
}

#[test]
fn an_address_a_site_redirects_lands_where_it_is_sent() {
    let page = "# Index\n\n[old](/guides/old) [anchor](/guides/old#intro) \
                [any](/legacy/a/b) [relative](guides/old) [gone](/guides/gone) \
                [loop](/loop/a)\n";
    let mintlify = Scratch::with(
        "links-mintlify-redirects",
        &[
            ("site/index.mdx", page),
            ("site/guides/new.mdx", "# New\n\n## Intro\n"),
            (
                "site/docs.json",
                r#"{"redirects": {"$ref": "./redirects.json"}}"#,
            ),
            (
                "site/redirects.json",
                r#"[{"source": "/guides/old", "destination": "/guides/new"},
                    {"source": "/legacy/*", "destination": "/guides/new"},
                    {"source": "/guides/gone", "destination": "/guides/missing"},
                    {"source": "/loop/a", "destination": "/loop/b"},
                    {"source": "/loop/b", "destination": "/loop/a"}]"#,
            ),
        ],
    );
    let links = listed(&mintlify, &["site"]);
    let new = "site/guides/new.mdx";
    assert_eq!(
        links,
        [
            row("[old](/guides/old)", "ok", new),
            row("[anchor](/guides/old#intro)", "ok", "new::h2.0"),
            row("[any](/legacy/a/b)", "ok", new),
            row("[relative](guides/old)", "ok", new),
            row(
                "[gone](/guides/gone)",
                "broken",
                "no such file: /guides/missing"
            ),
            row("[loop](/loop/a)", "broken", "no such file: /loop/a"),
        ]
    );
    // Without the configuration, none lands.
    let bare = Scratch::with(
        "links-no-redirects",
        &[
            ("index.mdx", page),
            ("guides/new.mdx", "# New\n\n## Intro\n"),
        ],
    );
    let broken = listed(&bare, &["--broken", "."]);
    assert_eq!(broken.len(), 6, "{broken:?}");

    // GitBook's `.gitbook.yaml`, beside the `docs/` it names, sends an old
    // path to a file.
    let gitbook = Scratch::with(
        "links-gitbook-redirects",
        &[
            (
                ".gitbook.yaml",
                "root: ./docs/\n\nredirects:\n  setup/old: setup/new.md\n",
            ),
            ("docs/README.md", "# Home\n\n[old](/setup/old)\n"),
            ("docs/setup/new.md", "# New\n"),
        ],
    );
    assert_eq!(
        listed(&gitbook, &["docs"]),
        [row("[old](/setup/old)", "ok", "docs/setup/new.md")]
    );
}

#[test]
fn a_vault_that_writes_the_label_first_is_read_so() {
    // Dendron (and GitHub's wikis) write `[[label|note]]`, Obsidian
    // `[[note|label]]`: the order 8 of a vault's piped links, and twice as
    // many as land the other way, land in.
    let note = "# Links\n\n[[Read this|dendron.topic.links#cross-vault]] \
                [[Home|root]] [[Gone|dendron.topic.gone]] [[b.zzz]] [[root.md]]\n";
    let dendron = Scratch::with(
        "links-label-first",
        &[
            (
                "vault/root.md",
                "# Root\n\n[[Links|dendron.topic.links]] [[Topic|dendron.topic]] \
                 [[Links|dendron.topic.links]] [[Topic|dendron.topic]] \
                 [[Links|dendron.topic.links]] [[Topic|dendron.topic]]\n",
            ),
            (
                "vault/dendron.topic.links.md",
                "# Links\n\n## Cross Vault\n",
            ),
            ("vault/dendron.topic.md", note),
        ],
    );
    assert_eq!(
        listed(&dendron, &["vault/dendron.topic.md", "vault"])[..5],
        [
            row(
                "[[Read this|dendron.topic.links#cross-vault]]",
                "ok",
                "dendron.topic.links::h2.0"
            ),
            row("[[Home|root]]", "ok", "vault/root.md"),
            row(
                "[[Gone|dendron.topic.gone]]",
                "broken",
                "no such note: dendron.topic.gone"
            ),
            // Notes named with dots: a name with a dot is a note's.
            row("[[b.zzz]]", "broken", "no such note: b.zzz"),
            row("[[root.md]]", "ok", "vault/root.md"),
        ]
    );
    let targets = json(&mdsel_in(
        dendron.path(),
        &["links", "--json", "--broken", "vault"],
        b"",
    ));
    assert_eq!(targets["data"]["links"][0]["target"], "dendron.topic.gone");

    // The same links in Obsidian's order land as written.
    let obsidian = Scratch::with(
        "links-note-first",
        &[
            ("vault/Root.md", "# Root\n"),
            ("vault/Links.md", "# Links\n\n## Cross Vault\n"),
            (
                "vault/Home.md",
                "# Home\n\n[[Links#cross-vault|Read this]] [[Root|Home]] [[Gone|Gone]] [[pic.png]]\n",
            ),
        ],
    );
    assert_eq!(
        listed(&obsidian, &["vault/Home.md", "vault"]),
        [
            row("[[Links#cross-vault|Read this]]", "ok", "links::h2.0"),
            row("[[Root|Home]]", "ok", "vault/Root.md"),
            row("[[Gone|Gone]]", "broken", "no such note: Gone"),
            row("[[pic.png]]", "external", ""),
        ]
    );
}

#[test]
fn a_docusaurus_docs_address_is_the_latest_versions_page() {
    let page = "# A\n\n[latest](/docs/b#old-name) [next only](/docs/b#new-name) \
                [next](/docs/next/b#new-name) [1.0](/docs/1.0/b#oldest) [new page](/docs/c)\n";
    let files = [
        ("docs/a.md", page),
        ("docs/b.md", "# B\n\n## New name\n"),
        ("docs/c.md", "# C\n"),
        ("website/versions.json", r#"["2.0", "1.0"]"#),
        (
            "website/versioned_docs/version-2.0/b.md",
            "# B\n\n## Old name\n",
        ),
        (
            "website/versioned_docs/version-1.0/b.md",
            "# B\n\n## Oldest\n",
        ),
    ];
    let site = Scratch::with("links-docusaurus-versions", &files);
    let latest = "website/versioned_docs/version-2.0";
    assert_eq!(
        listed(&site, &["docs/a.md", "."]),
        [
            row("[latest](/docs/b#old-name)", "ok", "version-2.0/b::h2.0"),
            row(
                "[next only](/docs/b#new-name)",
                "broken",
                &format!("no anchor #new-name in {latest}/b.md")
            ),
            row("[next](/docs/next/b#new-name)", "ok", "docs/b::h2.0"),
            row("[1.0](/docs/1.0/b#oldest)", "ok", "version-1.0/b::h2.0"),
            row(
                "[new page](/docs/c)",
                "broken",
                &format!("no such file: /{latest}/c")
            ),
        ]
    );
    // Served as the current docs' (`lastVersion: 'current'`), `/docs/b` is
    // `docs/b.md`.
    let mut current = files.to_vec();
    current.push((
        "website/docusaurus.config.js",
        "module.exports = {presets: [['classic', {docs: {lastVersion: 'current'}}]]};",
    ));
    let site = Scratch::with("links-docusaurus-current", &current);
    let links = listed(&site, &["docs/a.md", "."]);
    assert_eq!(
        links[1],
        row("[next only](/docs/b#new-name)", "ok", "docs/b::h2.0")
    );
    assert_eq!(links[4], row("[new page](/docs/c)", "ok", "docs/c.md"));
}

#[test]
fn a_wiki_link_a_reference_definition_names_goes_where_it_says() {
    // Foam writes a definition for each wiki link, for Markdown's readers;
    // a page moved keeps its definitions, now stale.
    let vault = Scratch::with(
        "links-foam-definitions",
        &[
            ("docs/user/recipes.md", "# Recipes\n"),
            (
                "docs/index.md",
                "# Index\n\n[[recipes]] [[publishing]]\n\n\
                 [recipes]: user/recipes.md \"Recipes\"\n[publishing]: user/publishing.md\n",
            ),
            (
                "docs/dev/principles.md",
                "# Principles\n\n[[recipes]]\n\n[recipes]: user/recipes.md \"Recipes\"\n",
            ),
        ],
    );
    assert_eq!(
        listed(&vault, &["docs"]),
        [
            row(
                "[[recipes]]",
                "broken",
                "no such file: docs/dev/user/recipes.md"
            ),
            row("[[recipes]]", "ok", "docs/user/recipes.md"),
            row(
                "[[publishing]]",
                "broken",
                "no such file: docs/user/publishing.md"
            ),
        ]
    );
}

#[test]
fn a_docusaurus_slug_moves_a_page_off_its_files_address() {
    let page = "# A\n\n[file](text.md#style) [address](text) [slug](/docs/text-component#style) \
                [relative](./text#style)\n";
    let files = [
        ("docs/a.md", page),
        (
            "docs/text.md",
            "---\nslug: /text-component\n---\n# Text\n\n## Style\n",
        ),
        ("website/docusaurus.config.js", "module.exports = {};"),
    ];
    let site = Scratch::with("links-docusaurus-slug", &files);
    assert_eq!(
        listed(&site, &["docs/a.md", "."]),
        [
            row("[file](text.md#style)", "ok", "text::h2.0"),
            row("[address](text)", "broken", "no such file: docs/text"),
            row("[slug](/docs/text-component#style)", "ok", "text::h2.0"),
            row(
                "[relative](./text#style)",
                "broken",
                "no such file: docs/text"
            ),
        ]
    );
    // Another generator's slug fills a permalink pattern that is not read:
    // the page stays found at its file's address too.
    let other = Scratch::with("links-other-slug", &files[..2]);
    let links = listed(&other, &["docs/a.md", "."]);
    assert_eq!(links[1], row("[address](text)", "ok", "docs/text.md"));
    assert_eq!(
        links[3],
        row("[relative](./text#style)", "ok", "text::h2.0")
    );
}

#[test]
fn a_starlight_slug_moves_a_page_from_its_content_folder() {
    let page = "# A\n\n[file](./guides/b.md#intro) [address](/guides/b/) [slug](/new-b/#intro) \
                [from its folder](/guides/new-b/)\n";
    let files = [
        ("docs/src/content/docs/a.md", page),
        (
            "docs/src/content/docs/guides/b.md",
            "---\ntitle: B\nslug: new-b\n---\n\n## Intro\n",
        ),
        ("docs/astro.config.mjs", "export default {};"),
    ];
    let site = Scratch::with("links-starlight-slug", &files);
    let a = "docs/src/content/docs/a.md";
    let expected = [
        // Astro leaves a link to a Markdown file as written: no page.
        row(
            "[file](./guides/b.md#intro)",
            "broken",
            "no page at a Markdown file's path: ./guides/b.md",
        ),
        row(
            "[address](/guides/b/)",
            "broken",
            "no such file: /guides/b/",
        ),
        row("[slug](/new-b/#intro)", "ok", "b::h2.0"),
        row(
            "[from its folder](/guides/new-b/)",
            "broken",
            "no such file: /guides/new-b/",
        ),
    ];
    // Astro's configuration is beside `src/`, three folders above the pages.
    assert_eq!(listed(&site, &[a, "docs/src/content/docs"]), expected);
    assert_eq!(listed(&site, &[a, "."]), expected);
    // Without Astro's configuration, the page is found at its file's
    // address too.
    let other = Scratch::with("links-starlight-unconfigured", &files[..2]);
    let links = listed(&other, &[a, "."]);
    assert_eq!(
        links[1],
        row(
            "[address](/guides/b/)",
            "ok",
            "docs/src/content/docs/guides/b.md"
        )
    );
}

#[test]
fn a_page_a_site_copies_as_it_is_lands() {
    let files = [
        (
            "docs/index.md",
            "# Home\n\n[pure](/pure.html) [gone](/gone.html) [up](/../secret.html) [clean](/pure)\n",
        ),
        ("docs/public/pure.html", "<p>pure</p>"),
        ("docs/static/gone.txt", "x"),
        // Above the copied folder: not the site's.
        ("docs/secret.html", "<p>secret</p>"),
    ];
    let site = Scratch::with("links-public-html", &files);
    assert_eq!(
        listed(&site, &["docs"]),
        [
            row("[pure](/pure.html)", "external", ""),
            row("[gone](/gone.html)", "broken", "no such file: /gone.html"),
            row(
                "[up](/../secret.html)",
                "broken",
                "no such file: /../secret.html"
            ),
            // Served without its extension too (VitePress' `cleanUrls`).
            row("[clean](/pure)", "external", ""),
        ]
    );
}

#[test]
fn vitepress_reads_a_trailing_slash_as_a_folders_index_only() {
    let start = "# Start\n\n[slash](./i18n/) [file](./i18n) [md](./i18n.md) \
                 [folder](./deploy/) [bare](./deploy) [index](./deploy/index) [up](../)\n";
    let files = [
        ("docs/guide/start.md", start),
        ("docs/guide/i18n.md", "# I18n\n"),
        ("docs/guide/deploy/index.md", "# Deploy\n"),
        ("docs/index.md", "# Home\n"),
        ("docs/.vitepress/config.mts", "export default {}"),
    ];
    let site = Scratch::with("links-vitepress-slash", &files);
    let listed_from = |dir: &Scratch| listed(dir, &["docs/guide/start.md", "docs"]);
    assert_eq!(
        listed_from(&site),
        [
            row("[slash](./i18n/)", "broken", "no such file: ./i18n/"),
            row("[file](./i18n)", "ok", "docs/guide/i18n.md"),
            row("[md](./i18n.md)", "ok", "docs/guide/i18n.md"),
            row("[folder](./deploy/)", "ok", "docs/guide/deploy/index.md"),
            row("[bare](./deploy)", "broken", "no such file: ./deploy"),
            row(
                "[index](./deploy/index)",
                "ok",
                "docs/guide/deploy/index.md"
            ),
            row("[up](../)", "ok", "docs/index.md"),
        ]
    );
    // Elsewhere both spellings land.
    let other = Scratch::with("links-vitepress-unconfigured", &files[..4]);
    let links = listed_from(&other);
    assert_eq!(
        links[0],
        row("[slash](./i18n/)", "ok", "docs/guide/i18n.md")
    );
    assert_eq!(
        links[4],
        row("[bare](./deploy)", "ok", "docs/guide/deploy/index.md")
    );
}

#[test]
fn an_astro_site_serves_pages_as_folders_and_leaves_links_as_written() {
    // `plugin/process.md` is at `/plugin/process/`; an index page at its
    // folder's address.
    let process = "# Process\n\n[file](./shell.md) [here](./shell/) [up](../shell/) \
                   [case](../../dialog/#Create-Ok-Cancel-Dialog) \
                   [loose](../../dialog/#create-okcancel-dialog) \
                   [exact](../../dialog/#create-ok--cancel-dialog)\n";
    let files = [
        ("src/content/docs/plugin/process.md", process),
        ("src/content/docs/plugin/shell.md", "# Shell\n"),
        (
            "src/content/docs/plugin/index.md",
            "# Plugins\n\n[shell](./shell/)\n",
        ),
        (
            "src/content/docs/dialog.md",
            "# Dialog\n\n## Create Ok / Cancel Dialog\n",
        ),
        ("astro.config.mjs", "export default {}"),
    ];
    let site = Scratch::with("links-astro-folders", &files);
    let in_dialog = |anchor: &str| format!("no anchor #{anchor} in src/content/docs/dialog.md");
    assert_eq!(
        listed(&site, &["src/content/docs"]),
        [
            row(
                "[shell](./shell/)",
                "ok",
                "src/content/docs/plugin/shell.md"
            ),
            row(
                "[file](./shell.md)",
                "broken",
                "no page at a Markdown file's path: ./shell.md"
            ),
            row(
                "[here](./shell/)",
                "broken",
                "no such file: src/content/docs/plugin/shell/"
            ),
            row("[up](../shell/)", "ok", "src/content/docs/plugin/shell.md"),
            row(
                "[case](../../dialog/#Create-Ok-Cancel-Dialog)",
                "broken",
                &in_dialog("Create-Ok-Cancel-Dialog")
            ),
            row(
                "[loose](../../dialog/#create-okcancel-dialog)",
                "broken",
                &in_dialog("create-okcancel-dialog")
            ),
            row(
                "[exact](../../dialog/#create-ok--cancel-dialog)",
                "ok",
                "dialog::h2.0"
            ),
        ]
    );
    // A plugin that rewrites links to Markdown files: they land.
    let rewritten = [
        files[0],
        files[1],
        (
            "astro.config.mjs",
            "import links from 'astro-rehype-relative-markdown-links';",
        ),
    ];
    let site = Scratch::with("links-astro-rewritten", &rewritten);
    let links = listed(&site, &["src/content/docs"]);
    assert_eq!(
        links[0],
        row(
            "[file](./shell.md)",
            "ok",
            "src/content/docs/plugin/shell.md"
        )
    );
    // Without Astro's configuration every reading lands.
    let other = Scratch::with("links-astro-unconfigured", &files[..4]);
    let links = listed(&other, &["src/content/docs"]);
    assert!(
        links.iter().all(|(_, status, _)| status == "ok"),
        "{links:?}"
    );
}

#[test]
fn an_mkdocs_site_reads_page_links_from_the_page_and_lowercase_anchors() {
    // `concepts/fields.md` is at `/concepts/fields/`.
    let fields = "# Fields\n\n[folder](models/#validating-data) [up](../models/#validating-data) \
                  [file](models.md#validating-data) [case](models.md#Validating-Data) \
                  [id](models.md#JSON-Mode)\n";
    let files = [
        ("docs/concepts/fields.md", fields),
        (
            "docs/concepts/models.md",
            "# Models\n\n## Validating data\n\n## JSON mode {#JSON-Mode}\n",
        ),
        ("mkdocs.yml", "site_name: x\n"),
    ];
    let site = Scratch::with("links-mkdocs-folders", &files);
    assert_eq!(
        listed(&site, &["docs"]),
        [
            row(
                "[folder](models/#validating-data)",
                "broken",
                "no such file: docs/concepts/models/"
            ),
            row("[up](../models/#validating-data)", "ok", "models::h2.0"),
            row("[file](models.md#validating-data)", "ok", "models::h2.0"),
            row(
                "[case](models.md#Validating-Data)",
                "broken",
                "no anchor #Validating-Data in docs/concepts/models.md"
            ),
            row("[id](models.md#JSON-Mode)", "ok", "models::h2.1"),
        ]
    );
    // Pages at their files (`use_directory_urls: false`), slugs of the
    // site's own: each as before.
    let own = [
        files[0],
        files[1],
        (
            "mkdocs.yml",
            "use_directory_urls: false\nmarkdown_extensions:\n  - toc:\n      slugify: !!python/name:pymdownx.slugs.uslugify\n",
        ),
    ];
    let site = Scratch::with("links-mkdocs-files", &own);
    let links = listed(&site, &["docs"]);
    assert_eq!(
        links[0],
        row("[folder](models/#validating-data)", "ok", "models::h2.0")
    );
    assert_eq!(
        links[3],
        row("[case](models.md#Validating-Data)", "ok", "models::h2.0")
    );
}

#[test]
fn a_docusaurus_site_finds_anchors_as_written_and_root_paths_in_their_version() {
    let page = "# Cache\n\n[list](/cli/cache-list.md) [case](./settings.md#nodeLinker) \
                [exact](./settings.md#nodelinker)\n";
    let files = [
        ("versioned_docs/version-1.x/cache.md", page),
        (
            "versioned_docs/version-1.x/settings.md",
            "# Settings\n\n## nodeLinker\n",
        ),
        ("docs/cli/cache-list.md", "# cache list\n"),
        ("versions.json", "[\"1.x\"]"),
        ("docusaurus.config.js", "module.exports = {};"),
    ];
    let site = Scratch::with("links-docusaurus-version", &files);
    assert_eq!(
        listed(&site, &["versioned_docs"]),
        [
            // Read from the page's version only: the current docs' page
            // is another version's.
            row(
                "[list](/cli/cache-list.md)",
                "broken",
                "no such file: /cli/cache-list.md"
            ),
            // A browser finds an id in its own case only.
            row(
                "[case](./settings.md#nodeLinker)",
                "broken",
                "no anchor #nodeLinker in versioned_docs/version-1.x/settings.md"
            ),
            row("[exact](./settings.md#nodelinker)", "ok", "settings::h2.0"),
        ]
    );
    // Elsewhere (a folder of no version, no configuration) an anchor in
    // another case still lands.
    let other = Scratch::with(
        "links-anchor-case-elsewhere",
        &[
            (
                "guide/cache.md",
                "# Cache\n\n[case](./settings.md#nodeLinker)\n",
            ),
            ("guide/settings.md", files[1].1),
        ],
    );
    assert_eq!(
        listed(&other, &["guide"]),
        [row(
            "[case](./settings.md#nodeLinker)",
            "ok",
            "settings::h2.0"
        )]
    );
}

#[test]
fn an_mdbook_builds_only_the_pages_its_summary_lists() {
    let files = [
        (
            "book/src/SUMMARY.md",
            "# Summary\n\n[Intro](intro.md)\n- [Items](items/index.md)\n- [Draft]()\n",
        ),
        (
            "book/src/intro.md",
            "# Intro\n\n[items](items/index.md) [crates](items/crates.md) [html](items/crates.html)\n",
        ),
        ("book/src/items/index.md", "# Items\n"),
        ("book/src/items/crates.md", "# Crates\n"),
        ("book/book.toml", "[book]\ntitle = \"x\"\n"),
    ];
    let book = Scratch::with("links-mdbook-summary", &files);
    let unbuilt = "not in SUMMARY.md, never built: book/src/items/crates.md";
    let links = listed(&book, &["book/src/intro.md", "book"]);
    // The summary's own links land (a draft chapter's `()` on the summary).
    assert!(
        links[3..].iter().all(|(_, status, _)| status == "ok"),
        "{links:?}"
    );
    assert_eq!(
        links[..3],
        [
            row("[items](items/index.md)", "ok", "book/src/items/index.md"),
            row("[crates](items/crates.md)", "broken", unbuilt),
            row("[html](items/crates.html)", "broken", unbuilt),
        ]
    );
    // Without a book's configuration every page is one.
    let other = Scratch::with("links-mdbook-unconfigured", &files[..4]);
    let links = listed(&other, &["book/src/intro.md", "book"]);
    assert_eq!(
        links[1],
        row(
            "[crates](items/crates.md)",
            "ok",
            "book/src/items/crates.md"
        )
    );
}

#[test]
fn a_quartz_site_finds_a_note_by_its_slug_in_its_own_case() {
    let files = [
        (
            "docs/index.md",
            "# Home\n\n[[full-text search]] [[RSS Feed]]\n",
        ),
        ("docs/full text search.md", "# Search\n"),
        ("docs/RSS feed.md", "# RSS\n"),
        (
            "quartz.config.ts",
            "export default { markdownLinkResolution: \"shortest\" }\n",
        ),
    ];
    let site = Scratch::with("links-quartz", &files);
    let links = listed(&site, &["docs/index.md", "."]);
    assert_eq!(
        links[0],
        row("[[full-text search]]", "ok", "docs/full text search.md")
    );
    assert_eq!(links[1].1, "broken", "{links:?}");
    // An Obsidian vault finds a note in any case, a space no `-`.
    let vault = Scratch::with("links-quartz-unconfigured", &files[..3]);
    let links = listed(&vault, &["docs/index.md", "."]);
    assert_eq!((links[0].1.as_str(), links[1].1.as_str()), ("broken", "ok"));
}

#[test]
fn a_template_tag_writing_a_destination_is_a_link() {
    let site = Scratch::with(
        "links-template-destinations",
        &[
            (
                "content/docs/guide.md",
                "# Guide\n\n[a]({% link content/docs/b.md %}) [b]({{< relref \"b.md\" >}}) \
                 [c]({{< relref \"faq\" >}}) [d]({{< ref \"gone\" >}}) \
                 [e]({{ 'content/docs/b/' | relative_url }}#part)\n",
            ),
            ("content/docs/b.md", "# B\n\n## Part\n"),
            ("content/more/faq.md", "# FAQ\n"),
        ],
    );
    // Jekyll's and Hugo's tags run before Markdown; a Hugo page reference
    // is also read from the content root or as a page's name.
    assert_eq!(
        listed(&site, &["content/docs/guide.md", "."])[..5],
        [
            row(
                "[a]({% link content/docs/b.md %})",
                "ok",
                "content/docs/b.md"
            ),
            row("[b]({{< relref \"b.md\" >}})", "ok", "content/docs/b.md"),
            row("[c]({{< relref \"faq\" >}})", "ok", "content/more/faq.md"),
            row(
                "[d]({{< ref \"gone\" >}})",
                "broken",
                "no such file: content/docs/gone"
            ),
            row(
                "[e]({{ 'content/docs/b/' | relative_url }}#part)",
                "ok",
                "b::h2.0"
            ),
        ]
    );
}

#[test]
fn a_mintlify_address_is_read_from_the_sites_root() {
    let site = Scratch::with(
        "links-mintlify-root",
        &[
            ("docs.json", "{\"name\": \"x\"}\n"),
            (
                "index.mdx",
                "# Home\n\n[a](/agent) [b](/agent/) [c](/editor/agent) [d](/docs/editor/agent)\n",
            ),
            ("agent/slack.mdx", "# Slack\n"),
            ("editor/agent.mdx", "# Agent\n"),
        ],
    );
    // `/agent` is `agent.mdx` or `agent/index.mdx` at the root only; a
    // base path before the address (`/docs`) is passed.
    let links = listed(&site, &["index.mdx", "."]);
    assert_eq!(
        links[0],
        row("[a](/agent)", "broken", "no such file: /agent")
    );
    assert_eq!(
        links[1],
        row("[b](/agent/)", "broken", "no such file: /agent/")
    );
    assert_eq!(
        links[2],
        row("[c](/editor/agent)", "ok", "editor/agent.mdx")
    );
    assert_eq!(
        links[3],
        row("[d](/docs/editor/agent)", "ok", "editor/agent.mdx")
    );
    // A snippet imported from the root lends the page its headings.
    let site = Scratch::with(
        "links-mintlify-snippet",
        &[
            ("docs.json", "{\"name\": \"x\"}\n"),
            (
                "guide/create.mdx",
                "import Setup from '/snippets/setup.mdx';\n\n# Create\n\n\
                 [setup](#gitlab-setup) [gone](#gone)\n\n<Setup />\n",
            ),
            ("snippets/setup.mdx", "## GitLab setup\n"),
        ],
    );
    let links = listed(&site, &["guide/create.mdx", "."]);
    assert_eq!(links[0], row("[setup](#gitlab-setup)", "ok", "setup::h2.0"));
    assert_eq!(links[1].1, "broken");
}

#[test]
fn a_docsify_site_reads_relative_links_from_its_root() {
    let site = |name: &str, relative: &str| {
        let index = format!(
            "<script>window.$docsify = {{ loadSidebar: true{relative} }};</script>\n\
             <script src=\"//cdn.jsdelivr.net/npm/docsify@5\"></script>\n"
        );
        Scratch::with(
            name,
            &[
                ("index.html", index.as_str()),
                ("b.md", "# B\n"),
                ("guide/a.md", "# A\n\n[b1](./b.md) [b2](b) [b3](../b.md)\n"),
            ],
        )
    };
    let links = listed(&site("links-docsify-root", ""), &["guide/a.md", "."]);
    assert!(
        links
            .iter()
            .all(|(_, status, to)| status == "ok" && to == "b.md"),
        "{links:?}"
    );
    // With `relativePath: true` a link is read from the page's folder.
    let own = site("links-docsify-relative", ", relativePath: true");
    assert_eq!(listed(&own, &["guide/a.md", "."])[0].1, "broken");
}

#[test]
fn a_page_in_a_languages_folder_links_to_its_own_languages_pages() {
    let links = "# A\n\n[b](/docs/b) [c](/docs/c)\n";
    let site = Scratch::with(
        "links-language-folders",
        &[
            ("README.md", "# The site's source\n"),
            ("content/en/index.mdx", "# Home\n"),
            ("content/ru/index.mdx", "# Главная\n"),
            ("content/en/docs/a.mdx", links),
            ("content/ru/docs/a.mdx", links),
            ("content/ru/docs/b.mdx", "# B\n"),
            ("content/en/docs/c.mdx", "# C\n"),
            ("content/ru/docs/c.mdx", "# C\n"),
        ],
    );
    // Nextra serves `/docs/b` in the linking page's language only; each
    // page's answer is its own, whichever page asked first.
    assert_eq!(
        listed(
            &site,
            &["content/en/docs/a.mdx", "content/ru/docs/a.mdx", "."]
        )[..4],
        [
            row("[b](/docs/b)", "broken", "no such file: /docs/b"),
            row("[c](/docs/c)", "ok", "content/en/docs/c.mdx"),
            row("[b](/docs/b)", "ok", "content/ru/docs/b.mdx"),
            row("[c](/docs/c)", "ok", "content/ru/docs/c.mdx"),
        ]
    );
}

#[test]
fn a_gitbook_builds_the_pages_its_summary_lists_and_a_folders_readme() {
    let files = [
        (
            "site/docs/SUMMARY.md",
            "# Summary\n\n* [Intro](README.md)\n* [Guide](guide/README.md)\n\
             * [Builder](builder/index.md)\n",
        ),
        (
            "site/docs/README.md",
            "# Intro\n\n[guide](guide/) [builder](builder/) [gone](unlisted.md)\n",
        ),
        (
            "site/docs/guide/README.md",
            "# Guide\n\n## HTML <a href=\"#html-export\" id=\"html-export\"></a>\n\n\
             ## Sample <a href=\"#sample\" id=\"sample\"></a>\n\n\
             ## Sample again <a href=\"#sample\" id=\"sample\"></a>\n\n\
             [a](#html) [b](#html-export) [c](#sample-1) [d](#sample-again)\n",
        ),
        ("site/docs/builder/index.md", "# Builder\n"),
        ("site/docs/unlisted.md", "# Unlisted\n\n[other](other.md)\n"),
        ("site/docs/other.md", "# Other, unlisted too\n"),
        (
            "site/.gitbook.yaml",
            "root: ./docs/\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n",
        ),
    ];
    let space = Scratch::with("links-gitbook", &files);
    let links = listed(&space, &["site/docs/README.md", "site"]);
    assert_eq!(
        links[0],
        row("[guide](guide/)", "ok", "site/docs/guide/README.md")
    );
    // A folder's page is its README.md; a file the summary leaves out is
    // no page.
    assert_eq!(links[1].1, "broken", "{links:?}");
    assert!(links[1].2.starts_with("no such file: "), "{links:?}");
    assert_eq!(
        links[2],
        row(
            "[gone](unlisted.md)",
            "broken",
            "not in SUMMARY.md, never built: site/docs/unlisted.md"
        )
    );
    // A heading with an id of its own is found by it alone, an id's
    // repeats by `-1`, `-2`, … in order.
    let links = listed(&space, &["site/docs/guide/README.md", "site"]);
    assert_eq!(
        links[3..7],
        [
            row("[a](#html)", "broken", "no anchor #html here"),
            row("[b](#html-export)", "ok", "h2.0"),
            row("[c](#sample-1)", "ok", "h2.2"),
            row(
                "[d](#sample-again)",
                "broken",
                "no anchor #sample-again here"
            ),
        ]
    );
    // A page left unbuilt is read as a file: its links to others are no
    // reader's.
    let links = listed(&space, &["site/docs/unlisted.md", "site"]);
    assert_eq!(
        links[0],
        row("[other](other.md)", "ok", "site/docs/other.md")
    );
    // Without a space's configuration every page is one, `x/` its index.
    let other = Scratch::with("links-gitbook-unconfigured", &files[..6]);
    let links = listed(&other, &["site/docs/README.md", "site"]);
    // (An id's repeat is numbered on a GitBook space only.)
    let broken: Vec<_> = links
        .iter()
        .filter(|(_, status, _)| status != "ok")
        .collect();
    assert_eq!(
        broken,
        [&row("[c](#sample-1)", "broken", "no anchor #sample-1 here")]
    );
}

#[test]
fn a_note_embedded_is_a_link_to_it_and_an_image_embedded_is_none() {
    let vault = Scratch::with(
        "links-embeds",
        &[
            (
                "Home.md",
                "# Home\n\n![[Note#Part]] ![[Note#Gone]] ![[Note#^chart]] ![[pic.png]]\n\n\
                 | a |\n|---|\n| ![[Note#^table\\|x]] ![[pic.png\\|100]] |\n",
            ),
            (
                "Note.md",
                "# Note\n\n## Part\n\n![[pic.png]]^chart\n\n| t |\n|---|\n| x |\n\n^table\n",
            ),
        ],
    );
    assert_eq!(
        listed(&vault, &["Home.md", "."]),
        [
            row("![[Note#Part]]", "ok", "note::h2.0"),
            row("![[Note#Gone]]", "broken", "no anchor #Gone in Note.md"),
            row("![[Note#^chart]]", "ok", "note::h2.0"),
            row("![[Note#^table\\|x]]", "ok", "note::h2.0"),
        ]
    );
    // What links here counts an embed.
    let (out, _, code) = run(&vault, &["links", "--to", "note::h2.0", "."]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("![[Note#Part]]"), "{out}");
}

#[test]
fn a_dendron_note_reference_lands_where_its_range_starts() {
    let vault = Scratch::with(
        "links-dendron-ranges",
        &[
            (
                "vault/root.md",
                "# Root\n\n![[a.b#start,1:#*]] ![[a.b#start:#end]] ![[a.b#gone,1]]\n",
            ),
            ("vault/a.b.md", "# A\n\n## Start\n\n## End\n"),
        ],
    );
    assert_eq!(
        listed(&vault, &["vault/root.md", "vault"]),
        [
            row("![[a.b#start,1:#*]]", "ok", "a.b::h2.0"),
            row("![[a.b#start:#end]]", "ok", "a.b::h2.0"),
            row(
                "![[a.b#gone,1]]",
                "broken",
                "no anchor #gone in vault/a.b.md"
            ),
        ]
    );
}

#[test]
fn myst_roles_and_page_labels_are_checked() {
    let project = Scratch::with(
        "links-myst",
        &[
            (
                "docs/a.md",
                "# A\n\nSee {ref}`install`, {ref}`the list <directives_list>`, {ref}`gone`,\n\
                 {doc}`guide` and {ref}`sphinx:rst-roles`, [](guide.md#fig-x), {ref}`INSTALL`,\n\
                 [](genindex), {ref}`genindexes`.\n",
            ),
            (
                "docs/guide.md",
                "# Guide\n\n(install)=\n## Install\n\n:::{figure} x.png\n:label: fig-x\nA.\n:::\n",
            ),
            (
                "docs/directives.md",
                "---\nlabel: directives_list\ntitle: Directives\n---\n# Directives\n",
            ),
        ],
    );
    assert_eq!(
        listed(&project, &["docs/a.md", "docs"]),
        [
            row("{ref}`install`", "ok", "guide::h2.0"),
            row(
                "{ref}`the list <directives_list>`",
                "ok",
                "docs/directives.md"
            ),
            row("{ref}`gone`", "broken", "no anchor #gone here"),
            row("{doc}`guide`", "ok", "docs/guide.md"),
            // A directive's label by its page's path, a label in any case.
            row("[](guide.md#fig-x)", "ok", "guide::h2.0"),
            row("{ref}`INSTALL`", "ok", "guide::h2.0"),
            // Sphinx builds its index for every project.
            row("[](genindex)", "external", ""),
            row("{ref}`genindexes`", "broken", "no anchor #genindexes here"),
        ]
    );
}

#[test]
fn a_page_served_as_a_folder_links_from_its_own_address() {
    // Hugo serves `build/link-checking.md` at `/site/build/link-checking/`:
    // `../` from there is `build/`, not `site/`.
    let files = [
        ("site/_index.md", "# Site\n\n## Site info\n"),
        ("site/build/_index.md", "# Build\n\n## Build kinds\n"),
        (
            "site/build/link-checking.md",
            "# Link checking\n\nSee [kinds](../#build-kinds).\n",
        ),
    ];
    let hugo = Scratch::with("links-hugo-folders", &files);
    assert_eq!(
        listed(&hugo, &["site/build/link-checking.md", "site"]),
        [row("[kinds](../#build-kinds)", "ok", "build/_index::h2.0")]
    );
    // Without section pages, a page's links go from its file's folder.
    let plain = files.map(|(path, text)| (path.replace("_index", "index"), text));
    let plain: Vec<(&str, &str)> = plain.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    let site = Scratch::with("links-plain-folders", &plain);
    assert_eq!(
        listed(&site, &["site/build/link-checking.md", "site"])[0].1,
        "broken"
    );
}

#[test]
fn a_markdown_files_path_is_matched_in_its_case_and_a_pages_address_in_any() {
    let site = Scratch::with(
        "links-case",
        &[
            (
                "docs/index.md",
                "# Usage\n\n[file](ReducingBoilerPlate.md) [page](reducingboilerplate) \
                 [exact](ReducingBoilerplate.md)\n",
            ),
            ("docs/ReducingBoilerplate.md", "# Reducing Boilerplate\n"),
        ],
    );
    assert_eq!(
        listed(&site, &["docs/index.md", "docs"]),
        [
            row(
                "[file](ReducingBoilerPlate.md)",
                "broken",
                "no such file: docs/ReducingBoilerPlate.md"
            ),
            row(
                "[page](reducingboilerplate)",
                "ok",
                "docs/ReducingBoilerplate.md"
            ),
            row(
                "[exact](ReducingBoilerplate.md)",
                "ok",
                "docs/ReducingBoilerplate.md"
            ),
        ]
    );
}

#[test]
fn a_missing_notes_suggestion_names_one_note_where_several_share_its_name() {
    let vault = Scratch::with(
        "links-ambiguous-suggestion",
        &[
            (
                "Index.md",
                "# Index\n\n[[Ref/Window/Status bar|Status bar]] [[Plugin/Status bar]]\n",
            ),
            ("Plugins/Status bar.md", "# Status bar\n"),
            ("Ref/App window/Status bar.md", "# Status bar\n"),
        ],
    );
    let (out, _, code) = run(&vault, &["--full", "links", "--broken", "."]);
    assert_eq!(code, 1, "{out}");
    // The nearest note by its folder too, as Obsidian links it: the bare
    // name would be the other note.
    assert!(out.contains("~'[[App window/Status bar]]'"), "{out}");
    assert!(out.contains("~'[[Plugins/Status bar]]'"), "{out}");
}

#[test]
fn a_fragment_that_starts_with_a_hash_is_no_anchor() {
    let site = Scratch::with(
        "links-double-hash",
        &[
            (
                "docs/a.md",
                "# A\n\n[twice](b.md##setup) [once](b.md#setup)\n",
            ),
            ("docs/b.md", "# B\n\n## Setup\n"),
        ],
    );
    assert_eq!(
        listed(&site, &["docs/a.md", "docs"]),
        [
            row(
                "[twice](b.md##setup)",
                "broken",
                "no anchor ##setup in docs/b.md"
            ),
            row("[once](b.md#setup)", "ok", "b::h2.0"),
        ]
    );
    let (out, _, _) = run(&site, &["--full", "links", "--broken", "docs"]);
    assert!(out.contains("~b::#setup"), "{out}");
}

#[test]
fn text_spelled_as_a_wiki_link_is_no_link() {
    // A JSON array in a Hugo shortcode or a template's code is no note.
    let dir = Scratch::with(
        "link-views-json",
        &[(
            "commands/append.md",
            "# Append\n\n{{< highlight bash >}}\n\"[[\\\"black\\\",\\\"blue\\\"]]\"\n[[80,100,120]]\n{{< / highlight >}}\n\n\
             See [[Missing Note]].\n",
        )],
    );
    assert_eq!(
        listed(&dir, &["--broken", "."]),
        vec![row(
            "[[Missing Note]]",
            "broken",
            "no such note: Missing Note"
        )]
    );
}

#[test]
fn a_partial_is_no_page_where_the_site_builds_none_for_it() {
    let pages = [
        (
            "docs/a.mdx",
            "# A\n\n[part](./_part.mdx) [in folder](./_parts/b.mdx) [twice](./__twice.mdx)\n",
        ),
        (
            "docs/_part.mdx",
            "# Part\n\n[back](./a.mdx) [sibling](./_parts/b.mdx)\n",
        ),
        ("docs/_parts/b.mdx", "# B\n"),
        ("docs/__twice.mdx", "# Twice\n"),
    ];
    let statuses = |config: Option<(&str, &str)>, name: &str| {
        let files: Vec<_> = pages.iter().copied().chain(config).collect();
        statuses(name, &files, &["docs/a.mdx", "docs/_part.mdx", "."])
    };
    let partial = "a partial (named `_…`), never built: docs/_part.mdx";
    let site = Scratch::with(
        "links-partials-docusaurus",
        &[
            pages[0],
            pages[1],
            ("docusaurus.config.js", "module.exports = {};\n"),
        ],
    );
    assert_eq!(listed(&site, &["docs/a.mdx", "."])[0].2, partial);
    // Docusaurus builds no `_` file or folder; Rspress none but `__`;
    // Starlight no `_` file. A partial's own links are read as between files.
    let docusaurus = statuses(
        Some(("docusaurus.config.js", "module.exports = {};\n")),
        "links-partials-d",
    );
    assert_eq!(docusaurus, ["broken", "broken", "broken", "ok", "ok"]);
    let rspress = statuses(
        Some(("rspress.config.ts", "export default {};\n")),
        "links-partials-r",
    );
    assert_eq!(rspress, ["broken", "broken", "ok", "ok", "ok"]);
    let astro = statuses(
        Some(("astro.config.mjs", "export default {};\n")),
        "links-partials-a",
    );
    assert_eq!(astro, ["broken", "ok", "broken", "ok", "ok"]);
    assert_eq!(statuses(None, "links-partials-none"), ["ok"; 5]);
}

#[test]
fn an_rspress_site_reads_a_markdown_files_path_as_its_pages_address() {
    let files = [
        (
            "docs/a.mdx",
            "# A\n\n[b](/b.md#hello) [again](./b.md) [gone](./c.md)\n",
        ),
        ("docs/b.mdx", "# B\n\n## Hello\n"),
        ("rspress.config.ts", "export default { root: 'docs' };\n"),
    ];
    let site = Scratch::with("links-rspress-extension", &files);
    let links = listed(&site, &["docs/a.mdx", "."]);
    let statuses: Vec<&str> = links.iter().map(|l| l.1.as_str()).collect();
    assert_eq!(statuses, ["ok", "ok", "broken"], "{links:?}");
    assert_eq!(links[2].2, "no such file: docs/c.md");
    let unconfigured = Scratch::with("links-rspress-extension-none", &files[..2]);
    let links = listed(&unconfigured, &["docs/a.mdx", "."]);
    assert!(links.iter().all(|l| l.1 == "broken"), "{links:?}");
}

#[test]
fn an_eleventy_site_serves_a_page_at_its_permalink_alone() {
    let files = [
        (
            "src/docs/x.md",
            "# X\n\n[post](/blog/2million/) [dated](/blog/2021-09-03-2million/) \
             [moved](/docs/incremental/) [old](/docs/usage-incremental/) [file](../blog/2021-09-03-2million.md)\n",
        ),
        ("src/blog/2021-09-03-2million.md", "# Two million\n"),
        (
            "src/blog/blog.json",
            "{ \"permalink\": \"/blog/{{ page.fileSlug }}/\" }\n",
        ),
        (
            "src/docs/usage-incremental.md",
            "---\npermalink: /docs/incremental/\n---\n# Incremental\n",
        ),
        ("src/index.md", "# Home\n"),
        ("eleventy.config.js", "export default function () {}\n"),
    ];
    // A folder's data file sets the post's address, its date dropped; a
    // page with a permalink is not at its file's address.
    assert_eq!(
        statuses("links-eleventy", &files, &["src/docs/x.md", "."]),
        ["ok", "broken", "ok", "broken", "ok"]
    );
    let unconfigured = statuses("links-eleventy-none", &files[..5], &["src/docs/x.md", "."]);
    assert_eq!(unconfigured, ["broken", "ok", "ok", "ok", "ok"]);
}

#[test]
fn a_github_wiki_reads_its_pages_by_name_and_its_piped_links_label_first() {
    let files = [
        (
            "sub/Page.md",
            "# Page\n\n[home](Home) [[Coding Guidelines|coding-guidlines]] [[Guide|Coding-Guidelines]]\n\n\
             [a](https://github.com/Owner/Repo/wiki/Coding-Guidelines) [b](https://github.com/owner/repo/wiki/#home) \
             [c](https://github.com/owner/repo/wiki/Gone) [d](https://github.com/other/x/wiki/Gone)\n",
        ),
        ("Home.md", "# Home\n"),
        ("Coding-Guidelines.md", "# Coding guidelines\n"),
        ("_Sidebar.md", "[[Home]]\n"),
    ];
    // Its own pages by address too, the repository read from the addresses
    // that name its pages; another's is external. (The sidebar's link last.)
    let wiki = statuses("links-github-wiki", &files, &["sub/Page.md", "."]);
    let own = ["ok", "ok", "broken", "external"];
    assert_eq!(wiki, [&["ok", "broken", "ok"][..], &own, &["ok"]].concat());
    // Without its sidebar, a doc set with one piped link reads it note first.
    let unmarked = statuses("links-github-wiki-none", &files[..3], &["sub/Page.md", "."]);
    let external = ["external"; 4];
    assert_eq!(
        unmarked,
        [&["broken", "ok", "broken"][..], &external].concat()
    );
}

#[test]
fn a_link_in_an_obsidian_comment_is_hidden() {
    let vault = Scratch::with(
        "links-obsidian-comments",
        &[(
            "plugin.md",
            "# Plugin\n\n%% ![[author#Sponsor]] %%\n\n%%\n[[no such note]]\n%%\n\n\
             `%%` [[Missing]]\n\n```\n%%\n```\n\n[[Also missing]]\n",
        )],
    );
    let links = listed(&vault, &["--broken", "."]);
    let texts: Vec<&str> = links.iter().map(|l| l.0.as_str()).collect();
    assert_eq!(texts, ["[[Missing]]", "[[Also missing]]"]);
}

#[test]
fn a_docusaurus_translation_of_no_page_is_never_built() {
    let translated = "i18n/fr/docusaurus-plugin-content-docs/current";
    let (a, b) = (format!("{translated}/a.md"), format!("{translated}/b.md"));
    let files = [
        ("docs/a.md", "# A\n"),
        (a.as_str(), "# A (fr)\n\nVoir [B](./b.md) et [A](./a.md).\n"),
        (b.as_str(), "# B (fr)\n\n[A](./a.md)\n"),
        ("docusaurus.config.js", "module.exports = {};\n"),
    ];
    let args = [a.as_str(), b.as_str(), "."];
    let site = listed(&Scratch::with("links-docusaurus-orphan", &files), &args);
    let never = format!("a translation of no page in the default docs, never built: {b}");
    assert_eq!(site[0], row("[B](./b.md)", "broken", &never));
    // Its own links are read as between files; elsewhere it is a page.
    let rest: Vec<&str> = site[1..].iter().map(|l| l.1.as_str()).collect();
    assert_eq!(rest, ["ok", "ok"]);
    let unconfigured = statuses("links-docusaurus-orphan-none", &files[..3], &args);
    assert_eq!(unconfigured, ["ok"; 3]);
}
