//! Titles (docs/output.md, "Titles") and one-word namespaces, on generated doc sets of
//! the shapes real ones have: MDN-like pages titled in front matter and named
//! index.md, a Hugo section `_index.md` with TOML, an Obsidian-like vault
//! titled by file name with spaces, a README with one h1, a changelog of h2s.

use crate::common;

use common::bin::{json, mdsel_in};
use common::scratch::Scratch;

fn run(dir: &Scratch, args: &[&str]) -> String {
    let out = mdsel_in(dir.path(), args, b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn titles(dir: &Scratch, input: &str) -> Vec<(String, String)> {
    let v = json(&mdsel_in(dir.path(), &["index", "--json", input], b""));
    v["data"]["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["path"].as_str().unwrap().to_owned(),
                d["title"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn mdn_page(title: &str, what: &str) -> String {
    format!(
        "---\ntitle: {title}\nslug: Web/JavaScript/Reference/{what}\npage-type: javascript-instance-method\n---\n\n\
         {{{{JSRef}}}}\n\nThe **`{what}()`** method of arrays.\n\n## Syntax\n\n```js\narr.{what}(fn)\n```\n\n\
         ### Return value\n\nA new array ({what}).\n\n## Examples\n\nUsing {what}.\n"
    )
}

fn mdn() -> Scratch {
    Scratch::with(
        "titles-mdn",
        &[
            (
                "web/array/map/index.md",
                mdn_page("Array.prototype.map()", "map").as_str(),
            ),
            (
                "web/array/filter/index.md",
                mdn_page("Array.prototype.filter()", "filter").as_str(),
            ),
            (
                "web/array/index.md",
                "---\ntitle: 'Array'\n---\n\nThe Array object.\n",
            ),
        ],
    )
}

#[test]
fn front_matter_titles_name_index_pages() {
    let dir = mdn();
    assert_eq!(
        titles(&dir, "web"),
        [
            (
                "web/array/filter/index.md".to_owned(),
                "Array.prototype.filter()".to_owned()
            ),
            ("web/array/index.md".to_owned(), "Array".to_owned()),
            (
                "web/array/map/index.md".to_owned(),
                "Array.prototype.map()".to_owned()
            ),
        ]
    );
    let outline = run(&dir, &["index", "web"]);
    assert!(
        outline.starts_with(
            "filter/index web/array/filter/index.md (30w) Array.prototype.filter()\nfront ("
        ),
        "{outline}"
    );
    // Folded to document lines, each still says which page it is.
    let folded = run(&dir, &["index", "--max-words", "30", "web"]);
    assert!(folded.contains(") Array.prototype.map()\n"), "{folded}");
    // A hit's file says its page's title, which its path does not, so map
    // and filter differ; the title decides which ranks first.
    let hits = run(&dir, &["search", "map return value", "web"]);
    assert!(
        hits.starts_with("web/array/map/index.md · Array.prototype.map()\nh3.0 L"),
        "{hits}"
    );
}

#[test]
fn a_hit_names_its_pages_title_only_where_the_path_does_not() {
    let dir = Scratch::with(
        "titles-beside-path",
        &[
            (
                "docs/caddyfile/directives/reverse_proxy.md",
                "---\ntitle: reverse_proxy (Caddyfile directive)\n---\n\n## Upstreams\n\nneedle\n",
            ),
            (
                "docs/api/map/index.md",
                "---\ntitle: Array.prototype.map()\n---\n\n## Syntax\n\nneedle too\n",
            ),
        ],
    );
    let hits = run(&dir, &["search", "--limit", "2", "needle", "docs"]);
    assert!(
        hits.contains("docs/caddyfile/directives/reverse_proxy.md\nh2.0 L"),
        "every word of the title is in the path: {hits}"
    );
    assert!(
        hits.contains("docs/api/map/index.md · Array.prototype.map()\nh2.0 L"),
        "{hits}"
    );
}

#[test]
fn hugo_sections_are_titled_by_toml_front_matter() {
    let dir = Scratch::with(
        "titles-hugo",
        &[
            (
                "content/en/docs/solar/_index.md",
                "+++\ntitle = \"Solar panels\"\nweight = 3\n[params]\ntitle = \"not this\"\n+++\n\n## Configuration\n\nSet the angle.\n",
            ),
            (
                "content/en/docs/wind/_index.md",
                "+++\ntitle = 'Wind turbines'\n+++\n\n## Configuration\n\nSet the pitch.\n",
            ),
            (
                "content/en/docs/empty/_index.md",
                "+++\n+++\n\n## Configuration\n\nNothing.\n",
            ),
        ],
    );
    assert_eq!(
        titles(&dir, "content"),
        [
            // Nothing but (empty) front matter before its one top heading.
            (
                "content/en/docs/empty/_index.md".to_owned(),
                "Configuration".to_owned()
            ),
            (
                "content/en/docs/solar/_index.md".to_owned(),
                "Solar panels".to_owned()
            ),
            (
                "content/en/docs/wind/_index.md".to_owned(),
                "Wind turbines".to_owned()
            ),
        ]
    );
    // The section whose title matches ranks first, not the front matter.
    let hits = run(&dir, &["search", "solar panels configuration", "content"]);
    assert!(
        hits.starts_with("content/en/docs/solar/_index.md · Solar panels\nh2.0 L"),
        "{hits}"
    );
    // Issue 21: any suffix of the path that names one document is its
    // namespace, not only the shortest.
    for ns in ["solar/_index", "docs/solar/_index", "en/docs/solar/_index"] {
        let got = run(&dir, &["select", &format!("{ns}::h2.0"), "content"]);
        assert_eq!(got, "## Configuration\n\nSet the angle.\n", "{ns}");
    }
    // Issue 21: empty front matter is front matter.
    let empty = run(&dir, &["index", "content/en/docs/empty/_index.md"]);
    assert!(empty.starts_with("front (2w)\n"), "{empty}");
}

#[test]
fn a_vault_is_titled_by_file_names_and_namespaced_in_one_word() {
    let dir = Scratch::with(
        "titles-vault",
        &[
            (
                "Vault/Internal links.md",
                "Links between notes.\n\n## Link to a heading\n\nUse #.\n",
            ),
            ("Vault/Daily notes/2024 01 02.md", "- met Ann\n"),
        ],
    );
    let outline = run(&dir, &["index", "Vault"]);
    assert_eq!(
        outline,
        "Vault/Daily notes/\n2024 01 02.md (3w)\nroot (3w)\n---\nlist:1\n\
         Vault/\nInternal links.md (10w)\nroot (3w)\n h2.0 Link to a heading (7w)\n---\npara:2\n",
        "file-name titles are in the path already"
    );
    assert_eq!(titles(&dir, "Vault")[1].1, "Internal links");
    // The file's own spelling works as the namespace too.
    let section = run(&dir, &["select", "Internal links::h2.0", "Vault"]);
    assert_eq!(section, "## Link to a heading\n\nUse #.\n");
    let section = run(&dir, &["internal-links::h2.0", "Vault"]);
    assert_eq!(section, "## Link to a heading\n\nUse #.\n");
}

#[test]
fn a_readme_with_one_h1_and_a_changelog_of_h2s() {
    let dir = Scratch::with(
        "titles-shapes",
        &[
            (
                "proj/README.md",
                "# mdsel\n\nIntro.\n\n## Install\n\ncargo install mdsel\n",
            ),
            (
                "proj/CHANGELOG.md",
                "## 1.1.0\n\nFixes.\n\n## 1.0.0\n\nFirst.\n",
            ),
            (
                "proj/appendix.md",
                "## Appendix A: Keywords\n\n### as\n\nCasts.\n",
            ),
            ("proj/rfc.md", "# Summary\n\nA.\n\n# Motivation\n\nB.\n"),
            ("proj/steps.md", "Some text first.\n\n## Steps\n\nDo it.\n"),
            (
                "proj/guide.md",
                "---\nreview: 2026\n---\n\n# Guide Book\n\nText here.\n",
            ),
        ],
    );
    assert_eq!(
        titles(&dir, "proj"),
        [
            ("proj/CHANGELOG.md".to_owned(), "CHANGELOG".to_owned()),
            ("proj/README.md".to_owned(), "mdsel".to_owned()),
            (
                "proj/appendix.md".to_owned(),
                "Appendix A: Keywords".to_owned()
            ),
            ("proj/guide.md".to_owned(), "Guide Book".to_owned()),
            ("proj/rfc.md".to_owned(), "rfc".to_owned()),
            ("proj/steps.md".to_owned(), "steps".to_owned()),
        ]
    );
    let outline = run(&dir, &["index", "proj"]);
    // The h1 it came from is the line beneath: not repeated.
    assert!(
        outline.contains("\nREADME.md (8w)\nh1.0 mdsel (8w)\n"),
        "{outline}"
    );
    // Nor past front matter, which a folded outline leaves out.
    assert!(
        outline.contains("\nguide.md (9w)\nfront (4w)\nh1.0 Guide Book (5w)\n"),
        "{outline}"
    );
    // Folded to document lines, the title is shown.
    let folded = run(&dir, &["index", "--max-words", "30", "proj"]);
    assert!(folded.contains("\nREADME.md (8w, +2) mdsel\n"), "{folded}");
    assert!(
        folded.contains("\nappendix.md (7w, +2) Appendix A: Keywords\n"),
        "{folded}"
    );
}

#[test]
fn bad_front_matter_titles_fall_through() {
    let long = "word ".repeat(100);
    let long_page = format!("---\ntitle: {long}\n---\n\n# Short\n");
    let dir = Scratch::with(
        "titles-bad",
        &[
            ("a.md", "---\ntitle:\n---\n\n# From heading\n"),
            ("b.md", "---\ntitle: [a, b]\n---\n\n# From heading\n"),
            (
                "c.md",
                "---\ntitle: |\n  multi\n  line\n---\n\n# From heading\n",
            ),
            ("d.md", "---\ntitle: \"unclosed\n---\n\n# From heading\n"),
            (
                "e.md",
                "---\ntitle: \"tab\\tand\\u0007bell\"\n---\n\nbody\n",
            ),
            ("f.md", long_page.as_str()),
        ],
    );
    let got = titles(&dir, ".");
    for (path, title) in &got[..4] {
        assert_eq!(title, "From heading", "{path}");
    }
    assert_eq!(got[4].1, "tab and bell");
    let cut = &got[5].1;
    assert_eq!(cut.chars().count(), 201, "{cut}");
    assert!(cut.ends_with('…'));
}
