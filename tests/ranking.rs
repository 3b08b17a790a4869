//! Search on doc sets of other shapes (issue 21): versioned copies fold into
//! one hit, near copies wait behind new results, stop words never win alone,
//! and operators are searchable as typed.

use crate::common;

use common::bin::mdsel_in;
use common::scratch::Scratch;

fn run(dir: &Scratch, args: &[&str]) -> String {
    let out = mdsel_in(dir.path(), args, b"");
    String::from_utf8(out.stdout).unwrap()
}

/// The selectors of a search's hits, best first.
fn hits(dir: &Scratch, query: &str, limit: usize) -> Vec<String> {
    let out = run(
        dir,
        &[
            "search",
            "--json",
            "--limit",
            &limit.to_string(),
            "--",
            query,
            ".",
        ],
    );
    let json: serde_json::Value = serde_json::from_str(&out).expect(&out);
    json["data"]["matches"]
        .as_array()
        .expect("matches")
        .iter()
        .map(|m| m["selector"].as_str().unwrap().to_owned())
        .collect()
}

/// Asserts that `query`'s best hit is `want`.
fn assert_first(dir: &Scratch, query: &str, want: &str) {
    let found = hits(dir, query, 5);
    assert_eq!(
        found.first().map(String::as_str),
        Some(want),
        "{query}: {found:?}"
    );
}

/// `count` pages under `folder` that the queries of a test do not look for,
/// to give its words their usual rarity; `text` makes page `k`'s text.
fn filler_pages(
    folder: &str,
    count: usize,
    text: impl Fn(usize) -> String,
) -> Vec<(String, String)> {
    (0..count)
        .map(|k| (format!("{folder}/page{k}.md"), text(k)))
        .collect()
}

/// A scratch directory of files whose names and texts are made at run time.
fn scratch_of(name: &str, files: &[(String, String)]) -> Scratch {
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    Scratch::with(name, &files)
}

const CLI: &str = "# CLI options\n\nRun it from a shell.\n\n## --bail\n\nExit the test suite immediately upon the first failing suite.\n\n## --cache\n\nWhether to use the cache. Disable it with --no-cache.\n";

#[test]
fn identical_copies_are_one_hit_naming_the_others() {
    let dir = Scratch::with(
        "copies",
        &[
            ("docs/cli.md", CLI),
            ("versioned/v1/cli.md", CLI),
            ("versioned/v2/cli.md", CLI),
            (
                "guide.md",
                "# Guide\n\n## Failing suites\n\nA failing suite is reported at the end.\n",
            ),
        ],
    );
    let out = run(&dir, &["search", "--limit", "2", "failing suite exit", "."]);
    // One hit for the three copies, counting the two others.
    assert!(
        out.starts_with("docs/cli.md\nh2.0 L5-7 ") && out.contains("% (+2 copies) --bail\n"),
        "{out}"
    );
    // The next slot shows something new.
    assert!(out.contains("guide.md\nh2.0 L"), "{out}");
    // JSON names them as `copies`, and each resolves to the same text.
    let json: serde_json::Value =
        serde_json::from_str(&run(&dir, &["search", "--json", "failing suite exit", "."])).unwrap();
    let first = &json["data"]["matches"][0];
    let copies = first["copies"].as_array().expect("copies");
    assert_eq!(copies.len(), 2);
    for copy in copies {
        let text = run(&dir, &["select", copy.as_str().unwrap(), "."]);
        assert_eq!(text, first["content"].as_str().unwrap(), "{copy}");
    }
    // A hit without copies has no `copies`.
    assert!(json["data"]["matches"][1].get("copies").is_none(), "{json}");
}

#[test]
fn near_copies_wait_behind_new_results() {
    let changed = CLI.replace("first failing suite", "first failing suite (or the n-th)");
    let dir = Scratch::with(
        "near",
        &[
            ("v1/cli.md", CLI.to_owned()),
            ("v2/cli.md", changed),
            (
                "guide.md",
                "# Guide\n\n## Suites\n\nA failing suite is listed in the summary.\n".to_owned(),
            ),
        ],
    );
    let found = hits(&dir, "exit failing suite", 5);
    let at = |s: &str| found.iter().position(|h| h.ends_with(s));
    let (bail_v1, bail_v2, guide) = (at("v1/cli::h2.0"), at("v2/cli::h2.0"), at("guide::h2.0"));
    let first_bail = bail_v1.min(bail_v2).expect("a --bail hit");
    let second_bail = bail_v1.max(bail_v2).expect("both versions kept apart");
    assert_eq!(first_bail, 0, "{found:?}");
    let guide = guide.expect("the guide");
    assert!(
        guide < second_bail,
        "the other version buried the guide: {found:?}"
    );
}

#[test]
fn stop_words_alone_never_win() {
    let dir = Scratch::with(
        "stop",
        &[(
            "faq.md",
            "# FAQ\n\n## How can I use it?\n\nInstall it and run it.\n\n## Fake timers\n\nReplace setTimeout with fake timers to control time in tests.\n",
        )],
    );
    assert_first(&dir, "How can I use fake timers", "faq::h2.1");
    // A query of stop words alone still finds them.
    assert_first(&dir, "how can I", "faq::h2.0");
}

#[test]
fn operators_are_searchable_as_typed() {
    let page = "# Variables\n\n## $?\n\nThe status of the last command.\n\n## $_\n\nThe last token.\n\n## Null-coalescing operator `??`\n\nThe left side unless it is null.\n\n## Assignment `??=`\n\nAssigns when null.\n\n## Redirection `*>`\n\nAll output streams.\n\n## -Force\n\nOverrides restrictions.\n";
    let dir = Scratch::with("symbols", &[("about.md", page)]);
    for (query, want) in [
        ("$?", "about::h2.0"),
        ("`$_`", "about::h2.1"),
        ("??", "about::h2.2"),
        ("??=", "about::h2.3"),
        ("*>", "about::h2.4"),
        ("-Force", "about::h2.5"),
        ("null coalescing ??", "about::h2.2"),
    ] {
        let found = hits(&dir, query, 5);
        assert_eq!(
            found.first().map(String::as_str),
            Some(want),
            "{query}: {found:?}"
        );
    }
    // `??` is not found inside `??=`, nor `$_` inside a longer name.
    assert_eq!(hits(&dir, "??", 5), ["about::h2.2"]);
    // The hit's title shows the operator.
    let out = run(&dir, &["search", "*>", "."]);
    assert!(out.contains("% Redirection *>\n"), "{out}");
}

/// A function's page as site generators write them: the title only in front
/// matter, whose keys repeat it and hold other words (`functions_and_methods`).
fn function_page(name: &str, what: &str, intro: &str, body: &str) -> String {
    format!(
        "---\ntitle: hugo.{name}\ndescription: Returns {what}.\nparams:\n  functions_and_methods:\n    signatures: [hugo.{name}]\n---\n\nUse the `hugo.{name}` function to {intro}.\n{body}"
    )
}

#[test]
fn front_matter_yields_to_the_text_that_answers() {
    let mut files: Vec<(String, String)> = [
        ("Version", "the current version"),
        ("Environment", "the current environment"),
        ("IsServer", "whether the server is running"),
        ("Generator", "a generator tag"),
        ("WorkingDir", "the working directory"),
        ("IsProduction", "whether the environment is production"),
    ]
    .iter()
    .map(|(name, what)| {
        let intro = format!("get {what}");
        (format!("{name}.md"), function_page(name, what, &intro, ""))
    })
    .collect();
    let mut methods = String::from("\n## Methods\n\nUse these methods on the data structure.\n\n");
    for (m, what) in [
        (
            "Set",
            "Sets the value of the given key to the given value, replacing any value it held before.",
        ),
        (
            "Get",
            "Gets the value of the given key, or nil when the key holds nothing yet.",
        ),
        (
            "Add",
            "Adds the given value to the value of the given key, appending to a slice or summing numbers.",
        ),
        (
            "Delete",
            "Deletes the given key and the value it held, so that a later call returns nil.",
        ),
        (
            "SetInMap",
            "Sets the value of a key in a map held under the given key, creating the map when needed.",
        ),
        (
            "GetSortedMapValues",
            "Returns the values of the map held under the given key, sorted by their keys.",
        ),
    ] {
        methods.push_str(&format!(
            "`{m}`\n: {what}\n\n  ```go-html-template\n  {{{{ hugo.Store.{m} \"greeting\" \"Hello\" }}}}\n  ```\n\n"
        ));
    }
    methods.push_str("## Determinate values\n\nThe `Store` method is often used to set values within a shortcode or a partial template.\n");
    files.push((
        "Store.md".to_owned(),
        function_page(
            "Store",
            "a globally scoped persistent data structure",
            "create a globally scoped data structure",
            &methods,
        ),
    ));
    let dir = scratch_of("front", &files);
    // The front matter holds both words (`hugo.Store` twice) in a few lines;
    // the section that answers is named by one and holds the other.
    assert_first(&dir, "hugo.Store methods", "store::h2.0");
    // Front matter still answers what only it holds.
    assert_first(&dir, "globally scoped persistent", "store::front");
}

#[test]
fn a_stub_that_mentions_the_words_does_not_bury_the_section_they_name() {
    // A glossary's one-line entry holds every query word; the section whose
    // heading names the subject holds them in a few sentences more.
    let neutral = "Pages are built from templates and content files, and each build writes the site to a folder. ";
    let part = neutral.repeat(4);
    let mut files = filler_pages("guide", 8, |k| {
        format!("# Page {k}\n\n## Part one\n\n{part}\n\n## Part two\n\n{part}\n")
    });
    files.push((
        "glossary/cache.md".to_owned(),
        "# cache\n\nA cache keeps resized images between builds, so that later builds reuse them.\n"
            .to_owned(),
    ));
    files.push((
        "guide/images.md".to_owned(),
        "# Images\n\n## Caching\n\nResized images are written to a folder and kept. \
         Processing an image takes time on the first build. Later builds find the result \
         where the first one left it. Nothing needs to be set for this to happen. \
         Processing an image takes time on the first build.\n\n## Filters\n\nFilters change an image.\n"
            .to_owned(),
    ));
    let dir = scratch_of("stubs", &files);
    assert_first(&dir, "resized images cache", "images::h2.0");
}

#[test]
fn the_query_s_own_words_outweigh_other_words_of_their_stem() {
    // Two headings of one stem, alike in all else: the one the query typed wins,
    // whichever file comes first.
    let body = "Each step is listed with the version that brought it and what it changes.";
    let dir = scratch_of(
        "forms",
        &[
            (
                "guide.md".to_owned(),
                format!("# Guide\n\n## Migrations\n\n{body}\n"),
            ),
            (
                "reference.md".to_owned(),
                format!("# Reference\n\n## Migration\n\n{body}\n"),
            ),
        ],
    );
    assert_first(&dir, "migrations", "guide::h2.0");
    assert_first(&dir, "migration", "reference::h2.0");
    // Kin still count: a word found only in another form is found.
    assert_eq!(hits(&dir, "migrating", 5).len(), 2);
}

#[test]
fn a_phrase_in_front_matter_keys_does_not_outrank_the_section_that_answers() {
    // Function pages as site generators write them: the signature in front
    // matter holds the query as a phrase (`js.Babel [OPTIONS]`), the page's
    // Options section answers it.
    let page = |name: &str, what: &str| {
        format!(
            "---\ntitle: js.{name}\ndescription: {what}\nparams:\n  functions_and_methods:\n    signatures: ['js.{name} [OPTIONS] RESOURCE']\n---\n\n\
             The `js.{name}` function {what}\n\n## Setup\n\nInstall the tools it needs first, then call it from a template.\n\n\
             ## Options\n\nThe `js.{name}` function accepts an options map.\n\n`minify`\n: Whether to minify the output. Default is `false`.\n\n\
             `target`\n: The language version to write. Default is `esnext`.\n"
        )
    };
    let mut files: Vec<(String, String)> = [
        ("Babel", "transpiles JavaScript resources."),
        ("Build", "bundles JavaScript resources."),
        ("Batch", "builds groups of scripts."),
    ]
    .iter()
    .map(|(name, what)| (format!("{name}.md"), page(name, what)))
    .collect();
    // Options are everywhere in a reference; the function's name is not.
    files.extend(filler_pages("guide", 30, |k| {
        format!("# Page {k}\n\n## Settings\n\nThese options change how the site is built, and the options of each module are listed on its page.\n")
    }));
    let dir = scratch_of("phrase-front", &files);
    assert_first(&dir, "js.Babel options", "babel::h2.1");
    assert_first(&dir, "js.Build options", "build::h2.1");
}

#[test]
fn a_page_named_as_it_is_titled_counts_its_name_once() {
    // A glossary entry's file name is its title; another page is titled the
    // same under another name and says more about it. The name and the title
    // are one label, not two mentions.
    let filler = "Pages are built from templates and content files. ";
    let mut files = filler_pages("other", 8, |k| {
        format!("---\ntitle: Page {k}\n---\n\n{}\n", filler.repeat(3))
    });
    files.push((
        "glossary/cache.md".to_owned(),
        "---\ntitle: cache\n---\n\nKept between builds.\n".to_owned(),
    ));
    files.push((
        "guide/keeping.md".to_owned(),
        "---\ntitle: cache\n---\n\nThe cache is kept between builds.\n".to_owned(),
    ));
    let dir = scratch_of("name-title", &files);
    assert_first(&dir, "cache", "keeping::root");
}

#[test]
fn an_announcement_yields_to_the_page_it_announces() {
    // A release post names the feature in its heading and again in its text;
    // the guide's section on it explains it in words of its own.
    let neutral = "Pages are built from templates and content files, and each build writes the site to a folder. ";
    let part = neutral.repeat(4);
    let post = "# Release 5.2\n\n## Lazy compilation\n\nLazy compilation is here: lazy compilation \
                of entry points compiles each one when it is first requested.\n";
    let guide = "# Development\n\n## Lazy compilation\n\nWith lazy compilation, an entry is compiled \
                 when the browser first requests it, which keeps the first build short.\n";
    for post_path in [
        "blog/2024-05-01-release.md",
        "news/release.md",
        "2024-05-01-release.md",
    ] {
        let mut files = filler_pages("guide", 8, |k| {
            format!("# Page {k}\n\n## Part one\n\n{part}\n\n## Part two\n\n{part}\n")
        });
        files.push((post_path.to_owned(), post.to_owned()));
        files.push(("guide/development.md".to_owned(), guide.to_owned()));
        let dir = scratch_of("announcement", &files);
        assert_first(&dir, "lazy compilation entry", "development::h2.0");
    }
    // The same post outside such a folder ranks first: its words alone do not
    // make it lose.
    let mut files = filler_pages("guide", 8, |k| format!("# Page {k}\n\n{part}\n"));
    files.push(("guide/release.md".to_owned(), post.to_owned()));
    files.push(("guide/development.md".to_owned(), guide.to_owned()));
    let dir = scratch_of("announcement-elsewhere", &files);
    assert_first(&dir, "lazy compilation entry", "release::h2.0");
}

#[test]
fn a_search_among_announcements_only_is_not_marked_down() {
    let post = "# Release 5.2\n\n## Lazy compilation\n\nEntries compile when first requested.\n";
    let score = |path: &str| {
        let dir = scratch_of("announcement-only", &[(path.to_owned(), post.to_owned())]);
        let out = run(&dir, &["search", "--json", "lazy compilation", "."]);
        let json: serde_json::Value = serde_json::from_str(&out).expect(&out);
        json["data"]["matches"][0]["score"].as_f64().expect(&out)
    };
    assert_eq!(score("blog/release.md"), score("guide/release.md"));
}

#[test]
fn a_page_in_another_language_s_folder_waits_behind_new_results() {
    // The French page keeps the English page's heading levels and its code;
    // its titles and prose are translated, so only its folder and its shape
    // say it is the same page.
    let en = "# Middleware\n\n## Chaining middleware\n\nJoin several middlewares in order with \
              `sequence()`:\n\n```js\nexport const onRequest = sequence(validation, auth);\n```\n\n\
              ## Error pages\n\nMiddleware runs for error pages too.\n";
    let fr = "# Middleware\n\n## Enchaîner les middlewares\n\nPlusieurs middlewares s'enchaînent \
              dans l'ordre avec `sequence()` :\n\n```js\nexport const onRequest = sequence(validation, auth);\n```\n\n\
              ## Pages d'erreur\n\nLe middleware s'exécute aussi pour les pages d'erreur.\n";
    let reference = "# Middleware API\n\n## sequence()\n\nA function that accepts middleware functions \
                     as arguments, and will execute them in the order in which they are passed.\n";
    let order = |name: &str, fr_path: &str| {
        let dir = scratch_of(
            name,
            &[
                ("docs/en/guides/middleware.md".to_owned(), en.to_owned()),
                (fr_path.to_owned(), fr.to_owned()),
                (
                    "docs/en/reference/middleware.md".to_owned(),
                    reference.to_owned(),
                ),
            ],
        );
        hits(&dir, "middleware sequence onRequest", 5)
    };
    assert_eq!(
        order("languages", "docs/fr/guides/middleware.md"),
        [
            "en/guides/middleware::h2.0",
            "reference/middleware::h2.0",
            "fr/guides/middleware::h2.0"
        ]
    );
    // Elsewhere than in a parallel folder, the same French page is a page of
    // its own and ranks as its words say.
    assert_eq!(
        order("languages-elsewhere", "docs/en/guides/fr/middleware.md"),
        [
            "guides/middleware::h2.0",
            "fr/middleware::h2.0",
            "reference/middleware::h2.0"
        ]
    );
}

/// Issue 49 (G14): a page that writes a word in a compatibility form (a
/// ligature, fullwidth letters, `ß`) is found by the word as typed, and the
/// other way round, among pages read in part (skimmed) and pages read whole.
#[test]
fn compatibility_forms_are_found_by_the_plain_word() {
    let mut files = filler_pages("a", 40, |k| {
        format!("# Page {k}\n\n## Notes\n\nPlain words about topic {k}, long and plain.\n")
    });
    let odd = [
        (
            "odd/ligature.md",
            "# L\n\n## Setup\n\nEdit the con\u{FB01}guration \u{FB01}le.\n",
        ),
        (
            "odd/wide.md",
            "# W\n\n## Modes\n\nSet \u{FF26}\u{FF35}\u{FF2C}\u{FF2C}SCREEN mode.\n",
        ),
        (
            "odd/sharp.md",
            "# S\n\n## Streets\n\nThe Gro\u{DF}e Stra\u{DF}e, once.\n",
        ),
    ];
    files.extend(odd.iter().map(|(p, t)| (p.to_string(), t.to_string())));
    let dir = scratch_of("compat", &files);
    let first_file = |query: &str| {
        let out = run(&dir, &["search", "--json", "--", query, "."]);
        let json: serde_json::Value = serde_json::from_str(&out).expect(&out);
        json["data"]["matches"][0]["file"]
            .as_str()
            .unwrap_or("")
            .to_owned()
    };
    assert_eq!(first_file("configuration file"), "./odd/ligature.md");
    assert_eq!(first_file("fullscreen"), "./odd/wide.md");
    assert_eq!(first_file("GROSSE STRASSE"), "./odd/sharp.md");
    assert_eq!(first_file("stra\u{DF}e"), "./odd/sharp.md");
}
