//! Path filters (`--glob`, issue 51): patterns narrow the files a walk of a
//! directory finds for `index`, `select` and `search`; an outline or a hit list
//! they narrowed says so in its last line, its markers' calls repeat them and
//! run as printed, and every response stays within the budget with that line.
//! (The plain cases, as data: `tests/cmd/issue51_glob_*.toml`.)

use crate::common;

use std::path::Path;

use common::bin::mdsel_in;
use common::scratch::Scratch;

/// A docs tree: `api/` with two versions and a drafts folder, `guide/`, and a
/// top page. Each page's heading names its file, so output shows which were read.
fn docs() -> Scratch {
    let page =
        |name: &str| format!("# Page {name}\n\nIntro of {name}.\n\n## Part\n\none two three\n");
    let mut files = vec![
        "docs/index.md".to_owned(),
        "docs/guide/install.md".to_owned(),
        "docs/guide/use.md".to_owned(),
        "docs/api/v1/fs.md".to_owned(),
        "docs/api/v2/drafts/next.md".to_owned(),
    ];
    files.extend((0..11).map(|k| format!("docs/api/v2/n{k:02}.md")));
    let s = Scratch::new("globs");
    for file in &files {
        let name = file.trim_end_matches(".md").replace('/', "-");
        s.write(file, page(&name));
    }
    s
}

fn run(dir: &Path, args: &[&str]) -> (String, String, i32) {
    let out = mdsel_in(dir, args, b"");
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
        out.status.code().unwrap_or(-1),
    )
}

fn ok(dir: &Path, args: &[&str]) -> String {
    let (out, err, code) = run(dir, args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or_default()
}

/// A marker's call (`expand: mdsel index …`), as the words a shell would
/// pass: single quotes taken off.
fn expand_call(marker: &str) -> Vec<String> {
    let call = marker
        .split("expand: mdsel ")
        .nth(1)
        .expect("an expand call")
        .trim_end_matches(']');
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in call.chars() {
        match c {
            '\'' => quoted = !quoted,
            ' ' if !quoted => words.push(std::mem::take(&mut word)),
            c => word.push(c),
        }
    }
    words.push(word);
    words
}

#[test]
fn an_outline_narrowed_says_so_last_and_its_marker_repeats_the_glob() {
    let s = docs();
    let whole = ok(s.path(), &["index", "--glob", "api/**", "docs"]);
    assert!(whole.contains("Page docs-api-v1-fs"), "{whole}");
    assert!(
        !whole.contains("guide") && !whole.contains("docs-index"),
        "{whole}"
    );
    assert_eq!(last_line(&whole), "[narrowed by --glob 'api/**']");
    // Folded: the fold's marker names the call that expands it, filters
    // included, and the narrowed line still comes last.
    let folded = ok(
        s.path(),
        &[
            "index",
            "--max-words",
            "60",
            "--glob",
            "api/**",
            "--glob",
            "!drafts/",
            "docs",
        ],
    );
    let lines: Vec<&str> = folded.lines().collect();
    assert_eq!(
        lines[lines.len() - 1],
        "[narrowed by --glob 'api/**' --glob '!drafts/']",
        "{folded}"
    );
    let marker = lines[lines.len() - 2];
    assert!(marker.starts_with("[folded "), "{folded}");
    assert!(
        !folded.contains("drafts/ (") && !folded.contains("next"),
        "{folded}"
    );
    // A folder's expand call keeps `!drafts/` (it means the same under any
    // folder) and drops `api/**` (tied to docs/, it would match nothing under
    // docs/api/): pasted, it lists that folder without its drafts.
    let call = expand_call(marker);
    assert!(call.contains(&"!drafts/".to_owned()), "{marker}");
    assert!(!call.contains(&"api/**".to_owned()), "{marker}");
    let args: Vec<&str> = call.iter().map(String::as_str).collect();
    let expanded = ok(s.path(), &args);
    assert!(expanded.contains("n00.md"), "{marker}\n{expanded}");
    assert!(!expanded.contains("next.md"), "{expanded}");
}

#[test]
fn a_hit_list_narrowed_says_so_and_a_selection_is_only_narrowed() {
    let s = docs();
    let hits = ok(s.path(), &["search", "--glob", "guide/**", "Intro", "docs"]);
    assert!(hits.contains("docs/guide/install.md"), "{hits}");
    assert!(!hits.contains("api/"), "{hits}");
    assert_eq!(last_line(&hits), "[narrowed by --glob 'guide/**']");
    let files = ok(
        s.path(),
        &["search", "--files", "-g", "guide/**", "Intro", "docs"],
    );
    assert_eq!(files.lines().count(), 3, "{files}");
    assert_eq!(last_line(&files), "[narrowed by --glob 'guide/**']");
    // A selection prints content, byte for byte: the files are narrowed, and
    // nothing is added to what they hold.
    let selected = ok(s.path(), &["select", "--glob", "guide/**", "h1.0", "docs"]);
    assert_eq!(
        selected.matches("# Page docs-guide-").count(),
        2,
        "{selected}"
    );
    assert!(
        !selected.contains("api") && !selected.contains("narrowed"),
        "{selected}"
    );
}

#[test]
fn json_names_the_filters_that_narrowed_the_call() {
    let s = docs();
    let filters = ["--json", "-g", "guide/**", "-g", "!guide/x*"];
    for (command, query) in [("index", None), ("search", Some("Intro")), ("links", None)] {
        let mut args = vec![command];
        args.extend(filters);
        args.extend(query);
        args.push("docs");
        let args = &args[..];
        let out = ok(s.path(), args);
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            json["narrowed"],
            serde_json::json!(["guide/**", "!guide/x*"]),
            "{out}"
        );
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "success", "command", "narrowed", "data", "warnings", "errors"
            ]
        );
    }
    // Without filters, no such field.
    let out = ok(s.path(), &["index", "--json", "docs"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(json.get("narrowed").is_none(), "{out}");
}

#[test]
fn a_file_named_directly_is_read_whatever_the_globs_say() {
    let s = docs();
    let out = ok(
        s.path(),
        &["index", "--glob", "api/**", "docs/guide/use.md"],
    );
    assert!(out.contains("Page docs-guide-use"), "{out}");
    assert!(!out.contains("narrowed"), "nothing was walked: {out}");
    // Beside a folder the patterns leave empty, the file is read and a
    // warning says the folder gave nothing.
    let (out, err, code) = run(
        s.path(),
        &[
            "index",
            "--glob",
            "nothing/**",
            "docs/guide/use.md",
            "docs/api",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Page docs-guide-use"), "{out}");
    assert_eq!(last_line(&out), "[narrowed by --glob 'nothing/**']");
    assert!(
        err.contains("--glob 'nothing/**' left no Markdown file"),
        "{err}"
    );
}

#[test]
fn patterns_that_leave_nothing_or_cannot_parse_are_usage_errors() {
    let s = docs();
    // Relative to the directory given: `docs/api/**` under docs/ is docs/docs/api.
    let (out, err, code) = run(s.path(), &["index", "--glob", "docs/api/**", "docs"]);
    assert_eq!((out.as_str(), code), ("", 2), "{err}");
    assert!(
        err.starts_with("!USAGE_ERROR: --glob 'docs/api/**' left no Markdown file")
            && err.contains("relative to each (api/** for docs/api/x.md under docs/)"),
        "{err}"
    );
    for (pattern, problem) in [
        ("api/[", "unclosed character class"),
        ("#api", "comment"),
        ("!", "names no path"),
    ] {
        for command in ["index", "select", "search"] {
            let mut args = vec![command, "--glob", pattern];
            if command != "index" {
                args.push("h1.0");
            }
            args.push("docs");
            let (out, err, code) = run(s.path(), &args);
            assert_eq!((out.as_str(), code), ("", 2), "{args:?}: {err}");
            assert!(
                err.contains("is not a usable pattern: ") && err.contains(problem),
                "{args:?}: {err}"
            );
            assert!(err.contains("e.g. --glob 'api/**'"), "{err}");
        }
    }
}

#[test]
fn a_narrowed_response_stays_within_the_budget() {
    let s = docs();
    // A long pattern makes a long last line; the outline makes room for it.
    let long = format!("{}/**", "a".repeat(150));
    for max in [20usize, 40, 80] {
        let max_arg = max.to_string();
        let out = ok(
            s.path(),
            &[
                "index",
                "--max-words",
                &max_arg,
                "--glob",
                "**/*.md",
                "--glob",
                &format!("!{long}"),
                "docs",
            ],
        );
        assert!(
            last_line(&out).starts_with("[narrowed by --glob '**/*.md'"),
            "{out}"
        );
        let words = out.split_whitespace().count();
        assert!(words <= max, "{max}: {words} words\n{out}");
        assert!(out.len() <= 16 * max, "{max}: {} bytes\n{out}", out.len());
    }
}
