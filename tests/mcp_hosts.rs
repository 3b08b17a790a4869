//! What agent hosts need of `mdsel mcp` (docs/hosts.md, "Hosts' limits"): tools loaded rather than
//! deferred, and found by keywords where they are deferred (`_meta`), a human `title`, accurate `instructions`, and input
//! schemas every host accepts. (A real JSON Schema validator checks the same
//! schemas under draft-07 and 2020-12 in `tests/hosts/`.)

use crate::common;
use crate::mcp;

use common::bin::fixtures;
use mcp::start;
use serde_json::Value;

/// Every key path in `value` at which `bad` holds, as `a/b/c`.
fn find(value: &Value, path: &str, bad: &dyn Fn(&str, &Value) -> bool, out: &mut Vec<String>) {
    if let Value::Object(object) = value {
        for (key, child) in object {
            let here = format!("{path}/{key}");
            if bad(key, child) {
                out.push(here.clone());
            }
            find(child, &here, bad, out);
        }
    } else if let Value::Array(items) = value {
        for (i, child) in items.iter().enumerate() {
            find(child, &format!("{path}/{i}"), bad, out);
        }
    }
}

#[tokio::test]
async fn every_tool_is_always_loaded_titled_and_plainly_typed() {
    let session = start(&fixtures()).await;
    let tools = session.client.list_all_tools().await.expect("tools/list");
    assert_eq!(tools.len(), 2);
    for tool in &tools {
        let meta = tool.meta.as_ref().expect("_meta");
        assert_eq!(
            meta.get("anthropic/alwaysLoad"),
            Some(&Value::Bool(true)),
            "{}",
            tool.name
        );
        // A host that defers tools behind a search finds them by a few
        // keywords: short, plain words, Markdown among them.
        let hint = meta.get("anthropic/searchHint").and_then(Value::as_str);
        let hint = hint.unwrap_or_else(|| panic!("{}: no anthropic/searchHint", tool.name));
        let words: Vec<&str> = hint.split_whitespace().collect();
        assert!(
            (3..=8).contains(&words.len()) && hint.len() <= 64 && words.contains(&"markdown"),
            "{}: {hint:?}",
            tool.name
        );
        let title = tool.title.as_deref().expect("title");
        assert!(
            !title.is_empty() && !title.contains('_') && title.contains("Markdown"),
            "{title}"
        );
        let schema = Value::Object((*tool.input_schema).clone());
        let mut refused = Vec::new();
        let bad = |key: &str, value: &Value| {
            matches!(key, "$schema" | "$defs" | "definitions" | "$ref" | "$id")
                || (key == "default" && value.is_null())
                || (key == "type" && value.is_array())
        };
        find(&schema, "", &bad, &mut refused);
        assert!(refused.is_empty(), "{}: {refused:?} in {schema}", tool.name);
        assert_eq!(schema["type"], "object");
        assert!(schema["properties"].is_object());
    }
    // `lines` is optional and a plain boolean.
    let index = tools.iter().find(|t| t.name == "mdsel_index").unwrap();
    assert_eq!(index.input_schema["properties"]["lines"]["type"], "boolean");
    assert_eq!(index.input_schema["required"], serde_json::json!(["files"]));
    assert!(session.close().await.success());
}

#[tokio::test]
async fn instructions_are_short_and_name_only_what_exists() {
    let session = start(&fixtures()).await;
    let info = session.client.peer_info().expect("server info");
    let text = info.instructions.clone().expect("instructions");
    assert!(
        text.chars().count() <= 1200,
        "{} chars",
        text.chars().count()
    );
    let tools = session.client.list_all_tools().await.expect("tools/list");
    let params = |name: &str| -> Vec<String> {
        let tool = tools.iter().find(|t| t.name == name);
        let tool = tool.unwrap_or_else(|| panic!("instructions name {name}, no such tool"));
        tool.input_schema["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect()
    };
    // Every tool named exists, and each `tool {a, b}` lists its parameters.
    let mut named = 0;
    for (at, _) in text.match_indices("mdsel_") {
        let name: String = text[at..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let known = params(&name);
        named += 1;
        let rest = &text[at + name.len()..];
        if let Some(list) = rest.strip_prefix(" {") {
            let list = &list[..list.find('}').unwrap()];
            for param in list.split(',').map(str::trim) {
                assert!(known.iter().any(|k| k == param), "{name} has no {param}");
            }
        }
    }
    assert!(named >= 2, "{text}");
    // Every parameter quoted on its own (`lines: true`, `selector`) exists.
    let all: Vec<String> = ["mdsel_index", "mdsel_select"]
        .iter()
        .flat_map(|t| params(t))
        .collect();
    for quoted in text.split('`').skip(1).step_by(2) {
        let word = quoted.split(':').next().unwrap();
        if word.chars().all(|c| c.is_ascii_lowercase()) {
            assert!(all.iter().any(|p| p == word), "`{quoted}` is no parameter");
        }
    }
    // It says when to use mdsel, and the flow: index, then select.
    let (index, select) = (
        text.find("mdsel_index").unwrap(),
        text.find("mdsel_select").unwrap(),
    );
    assert!(index < select, "{text}");
    for must in ["whole", "folder", "#", "word"] {
        assert!(text.contains(must), "instructions lack {must:?}: {text}");
    }
    assert!(session.close().await.success());
}
