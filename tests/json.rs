//! The JSON format (docs/output.md, "JSON"): field names and order, and every value's meaning.

use crate::common;

use common::bin::{fixtures, json, mdsel, mdsel_in};
use serde_json::Value;

fn keys(v: &Value) -> Vec<&str> {
    v.as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn envelope_fields_in_stable_order() {
    for args in [
        &["--json", "guide.md"][..],
        &["--json", "h2.0", "guide.md"],
        &["--json", "install", "guide.md"],
    ] {
        let out = mdsel(args);
        let v = json(&out);
        assert_eq!(
            keys(&v),
            ["success", "command", "data", "warnings", "errors"],
            "{args:?}"
        );
        assert!(out.stderr.is_empty(), "JSON mode keeps stderr clean");
        let raw = String::from_utf8(out.stdout).unwrap();
        assert!(
            raw.ends_with("}\n") && raw.matches('\n').count() == 1,
            "one object, one line"
        );
    }
}

#[test]
fn index_shape() {
    let v = json(&mdsel(&["--json", "guide.md"]));
    assert_eq!(v["success"], true);
    assert_eq!(v["command"], "index");
    let doc = &v["data"]["documents"][0];
    assert_eq!(
        keys(doc),
        [
            "namespace",
            "path",
            "title",
            "words",
            "root",
            "front",
            "headings",
            "blocks"
        ]
    );
    assert_eq!(doc["namespace"], "guide");
    assert_eq!(doc["path"], "guide.md");
    assert_eq!(doc["words"], 91);
    assert_eq!(
        doc["front"],
        serde_json::json!({"selector": "front", "words": 6, "line_start": 1, "line_end": 4})
    );
    assert_eq!(
        doc["root"],
        serde_json::json!({"selector": "root", "words": 5, "line_start": 6, "line_end": 6})
    );
    let h = &doc["headings"];
    assert_eq!(
        keys(&h[0]),
        [
            "selector",
            "level",
            "text",
            "anchor",
            "words",
            "line_start",
            "line_end",
            "children"
        ]
    );
    let flat: Vec<(String, u64, String, u64)> = h
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["selector"].as_str().unwrap().to_owned(),
                x["level"].as_u64().unwrap(),
                x["text"].as_str().unwrap().to_owned(),
                x["children"].as_u64().unwrap(),
            )
        })
        .collect();
    let want = [
        ("h1.0", 1, "mdsel Guide", 3),
        ("h2.0", 2, "Installation", 0),
        ("h2.1", 2, "Usage", 2),
        ("h3.0", 3, "Select", 0),
        ("h3.1", 3, "Search & Find", 0),
        ("h2.2", 2, "Setext Heading", 0),
    ];
    let want: Vec<(String, u64, String, u64)> = want
        .iter()
        .map(|&(s, l, t, c)| (s.to_owned(), l, t.to_owned(), c))
        .collect();
    assert_eq!(flat, want);
    assert_eq!(
        (h[1]["line_start"].as_u64(), h[1]["line_end"].as_u64()),
        (Some(12), Some(22))
    );
    assert_eq!(
        doc["blocks"],
        serde_json::json!({"code": 2, "para": 4, "list": 2, "table": 1, "quote": 1, "html": 1})
    );
    assert_eq!(
        keys(&v["data"]["summary"]),
        ["total_documents", "total_nodes", "total_selectors"]
    );
    assert_eq!(v["data"]["summary"]["total_documents"], 1);
    // front + root + 6 headings + 11 document-level blocks
    assert_eq!(v["data"]["summary"]["total_selectors"], 19);
}

#[test]
fn select_match_is_a_byte_range_of_the_file() {
    let file = std::fs::read(fixtures().join("guide.md")).unwrap();
    let select = |name| {
        json(&mdsel(&[
            "--json",
            "h2.0",
            "code.0",
            "list.0/item.1",
            "front",
            name,
        ]))
    };
    // "guguide.md" is missing: the good selectors still resolve, the error is listed.
    assert_eq!(select("guguide.md")["success"], false);
    let v = select("guide.md");
    assert_eq!(v["success"], true);
    let matches = v["data"]["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 4);
    assert_eq!(
        keys(&matches[0]),
        [
            "selector",
            "namespace",
            "title",
            "file",
            "type",
            "content",
            "truncated",
            "children_available",
            "words",
            "line_start",
            "line_end",
            "byte_start",
            "byte_end"
        ]
    );
    for m in matches {
        let (a, b) = (
            m["byte_start"].as_u64().unwrap() as usize,
            m["byte_end"].as_u64().unwrap() as usize,
        );
        assert_eq!(
            m["content"].as_str().unwrap().as_bytes(),
            &file[a..b],
            "{}",
            m["selector"]
        );
        assert_eq!(m["truncated"], false);
    }
    let types: Vec<&str> = matches
        .iter()
        .map(|m| m["type"].as_str().unwrap())
        .collect();
    assert_eq!(types, ["h2", "code", "item", "front"]);
    let children: Vec<&str> = matches[0]["children_available"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["selector"].as_str().unwrap())
        .collect();
    assert_eq!(children, ["para.2", "code.0", "list.0"]);
    assert_eq!(
        keys(&matches[0]["children_available"][0]),
        ["selector", "type", "preview"]
    );
    assert_eq!(matches[2]["selector"], "list.0/item.1");
    assert_eq!(
        matches[2]["children_available"][0]["selector"],
        "list.0/item.1/list.0"
    );
}

#[test]
fn paged_match_reports_page_and_next() {
    let v = json(&mdsel(&["--json", "h2.1", "long.md", "--max-words", "20"]));
    let m = &v["data"]["matches"][0];
    assert_eq!(m["truncated"], true);
    assert_eq!(
        m["page"],
        serde_json::json!({"index": 0, "count": 3, "next": "h2.1/page.1"})
    );
    assert_eq!(m["words"], 15, "words counts the returned content");
    let v = json(&mdsel(&[
        "--json",
        "h2.1/page.2",
        "long.md",
        "--max-words",
        "20",
    ]));
    assert_eq!(
        v["data"]["matches"][0]["page"],
        serde_json::json!({"index": 2, "count": 3, "next": null})
    );
    assert_eq!(v["data"]["matches"][0]["selector"], "h2.1/page.2");
}

#[test]
fn unresolved_and_file_errors() {
    let v = json(&mdsel(&[
        "--json",
        "h2.0/code.0",
        "h2.99",
        "h2.",
        "nope::h1.0",
        "guide.md",
        "missing.md",
    ]));
    assert_eq!(v["success"], false);
    assert_eq!(v["data"]["matches"].as_array().unwrap().len(), 1);
    let un = v["data"]["unresolved"].as_array().unwrap();
    assert_eq!(keys(&un[0]), ["selector", "code", "reason", "suggestions"]);
    let codes: Vec<(&str, &str)> = un
        .iter()
        .map(|u| (u["selector"].as_str().unwrap(), u["code"].as_str().unwrap()))
        .collect();
    assert_eq!(
        codes,
        [
            ("h2.99", "SELECTOR_NOT_FOUND"),
            ("h2.", "INVALID_SELECTOR"),
            ("nope::h1.0", "NAMESPACE_NOT_FOUND")
        ]
    );
    assert_eq!(
        un[0]["suggestions"],
        serde_json::json!(["h2.0", "h2.1", "h2.2"])
    );
    let err = &v["errors"][0];
    assert_eq!(keys(err), ["code", "path", "message", "suggestions"]);
    assert_eq!(err["code"], "FILE_NOT_FOUND");
    assert_eq!(err["path"], "missing.md");
}

#[test]
fn search_hits_carry_scores() {
    let v = json(&mdsel(&["--json", "instalation", "guide.md"]));
    assert_eq!(v["command"], "search");
    assert_eq!(v["data"]["query"], "instalation");
    let m = &v["data"]["matches"][0];
    assert_eq!(m["selector"], "guide::h2.0");
    let score = m["score"].as_f64().unwrap();
    assert!(
        score > 0.5 && score < 1.0,
        "a typo is no perfect match: {score}"
    );
    let names: Vec<&str> = m.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        &names[names.len() - 2..],
        ["score", "path"],
        "path sits beside score"
    );
    assert_eq!(
        m["path"],
        serde_json::json!(["Guide", "mdsel Guide", "Installation"]),
        "the document's title (its front matter's) first"
    );
    let none = mdsel(&["--json", "zyzzyva", "guide.md"]);
    assert_eq!(none.status.code(), Some(1));
    assert_eq!(json(&none)["success"], false);
}

/// Issue 10: every search hit in JSON names its heading path, outermost first,
/// starting with the document's title (docs/output.md, "Titles"; alone for text before the
/// first heading).
#[test]
fn search_hits_carry_their_heading_path() {
    let v = json(&mdsel(&["--json", "search", "subtitles", "search"]));
    let paths: Vec<&Value> = v["data"]["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["path"])
        .collect();
    assert_eq!(
        paths,
        [
            &serde_json::json!(["Downloader", "Changelog", "1.6.2"]),
            &serde_json::json!(["Downloader"]),
            &serde_json::json!(["notes"]),
        ]
    );
    let select = json(&mdsel(&["--json", "h1.0", "guide.md"]));
    assert!(
        select["data"]["matches"][0].get("path").is_none(),
        "select matches have no path"
    );
}

#[test]
fn usage_error_in_json() {
    let out = mdsel(&["--json", "empty"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(json(&out)["errors"][0]["code"], "USAGE_ERROR");
    // Arguments the command line refuses are one JSON object too, naming
    // the problem, with the command asked for.
    for (args, command, says) in [
        (&["--json", "select", "h2.0"][..], "select", "<FILES>"),
        (
            &["--json", "--max-words", "0", "guide.md"][..],
            "index",
            "--max-words",
        ),
        (
            &["--json", "-j", "abc", "guide.md"][..],
            "index",
            "--threads",
        ),
        (&["--json", "--bogus", "guide.md"][..], "index", "--bogus"),
        (
            &["--json", "search", "--limit", "0", "x", "guide.md"][..],
            "search",
            "--limit",
        ),
    ] {
        let out = mdsel(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?}");
        let v = json(&out);
        assert_eq!(v["success"], false, "{args:?}");
        assert_eq!(v["command"], command, "{args:?}");
        assert_eq!(v["errors"][0]["code"], "USAGE_ERROR", "{args:?}");
        let message = v["errors"][0]["message"].as_str().unwrap();
        assert!(message.contains(says), "{args:?}: {message}");
    }
}

#[test]
fn a_selector_that_found_nothing_is_one_of_the_errors() {
    for (args, code, suggested) in [
        (
            &["--json", "index", "page.9", "guide.md"][..],
            "SELECTOR_NOT_FOUND",
            true,
        ),
        (
            &["--json", "index", "h9.0", "guide.md"][..],
            "INVALID_SELECTOR",
            true,
        ),
        (
            &["--json", "index", "code.9", "guide.md"][..],
            "SELECTOR_NOT_FOUND",
            false,
        ),
        (
            &["--json", "index", "nope::*", "guide.md"][..],
            "NAMESPACE_NOT_FOUND",
            true,
        ),
        (
            &["--json", "h2.99", "guide.md"][..],
            "SELECTOR_NOT_FOUND",
            true,
        ),
    ] {
        let out = mdsel(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let v = json(&out);
        assert_eq!(v["success"], false, "{args:?}");
        let errors = v["errors"].as_array().unwrap();
        assert_eq!(errors.len(), 1, "{args:?}: {v}");
        assert_eq!(errors[0]["code"], code, "{args:?}");
        let suggestions = errors[0]["suggestions"].as_array().unwrap();
        assert_eq!(!suggestions.is_empty(), suggested, "{args:?}");
    }
}

#[test]
fn a_list_match_ends_at_its_last_item() {
    let text = b"- a\n- b\n\n[x]: /u\n[y]: /v\n\nText.\n";
    let out = mdsel_in(&fixtures(), &["--json", "list.0", "-"], text);
    let m = &json(&out)["data"]["matches"][0];
    assert_eq!(m["content"], "- a\n- b\n");
    assert_eq!(m["words"], 4);
    assert_eq!((&m["line_start"], &m["line_end"]), (&1.into(), &2.into()));
    assert_eq!((&m["byte_start"], &m["byte_end"]), (&0.into(), &8.into()));
    let children: Vec<&Value> = m["children_available"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| &c["selector"])
        .collect();
    assert_eq!(children, ["list.0/item.0", "list.0/item.1"]);
}
