//! Edits to a host's JSON settings that add mdsel and change nothing else.
//!
//! Each edit says whether it changed the document: `Ok(false)` means mdsel is
//! already there (an entry the user wrote is never replaced). A key that holds
//! the wrong kind of value is an error for the caller to report; nothing is
//! coerced. Keys keep their order (`serde_json`'s `preserve_order`).

use serde_json::{Map, Value};

/// The object at the path `keys` under `root`, created where absent.
pub fn object_at<'a>(
    root: &'a mut Value,
    keys: &[&str],
) -> Result<&'a mut Map<String, Value>, String> {
    let mut current = root;
    for (depth, key) in keys.iter().enumerate() {
        let Value::Object(map) = current else {
            unreachable!("every step below checks for an object")
        };
        current = map.entry(*key).or_insert_with(|| Value::Object(Map::new()));
        if !current.is_object() {
            return Err(format!("{} is not an object", dotted(&keys[..=depth])));
        }
    }
    match current {
        Value::Object(map) => Ok(map),
        _ => Err("the file does not hold a JSON object".to_owned()),
    }
}

/// Adds `name: entry` to the object at `keys`, unless `name` is already there.
pub fn add_entry(
    root: &mut Value,
    keys: &[&str],
    name: &str,
    entry: Value,
) -> Result<bool, String> {
    let map = object_at(root, keys)?;
    if map.contains_key(name) {
        return Ok(false);
    }
    map.insert(name.to_owned(), entry);
    Ok(true)
}

/// Sets `key` at the top level to `value` when it is absent.
pub fn add_default(root: &mut Value, key: &str, value: Value) -> Result<bool, String> {
    add_entry(root, &[], key, value)
}

/// Appends `entry` to the list at `parent.list`, unless some element already
/// runs `command` (as its own `command`, or in its `hooks` list).
pub fn add_hook(
    root: &mut Value,
    parent: &[&str],
    list: &str,
    entry: Value,
    command: &str,
) -> Result<bool, String> {
    let map = object_at(root, parent)?;
    let Value::Array(entries) = map.entry(list).or_insert_with(|| Value::Array(Vec::new())) else {
        let mut path = parent.to_vec();
        path.push(list);
        return Err(format!("{} is not a list", dotted(&path)));
    };
    if entries.iter().any(|e| runs(e, command)) {
        return Ok(false);
    }
    entries.push(entry);
    Ok(true)
}

/// Whether a hook entry (flat, or grouped under a matcher) runs `command`.
fn runs(entry: &Value, command: &str) -> bool {
    let own = |h: &Value| h.get("command").and_then(Value::as_str) == Some(command);
    own(entry)
        || entry
            .get("hooks")
            .and_then(Value::as_array)
            .is_some_and(|hs| hs.iter().any(own))
}

fn dotted(keys: &[&str]) -> String {
    if keys.iter().any(|k| k.contains('.')) {
        format!("{keys:?}")
    } else {
        keys.join(".")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn adds_once_and_keeps_what_is_there() {
        let mut doc = json!({"z": 1, "servers": {"other": {}}});
        assert_eq!(
            add_entry(&mut doc, &["servers"], "mdsel", json!(1)),
            Ok(true)
        );
        assert_eq!(
            add_entry(&mut doc, &["servers"], "mdsel", json!(2)),
            Ok(false)
        );
        assert_eq!(doc, json!({"z": 1, "servers": {"other": {}, "mdsel": 1}}));
    }

    #[test]
    fn wrong_kinds_are_named() {
        let mut doc = json!({"hooks": {"AfterTool": {}}, "mcp": []});
        let hook = add_hook(&mut doc, &["hooks"], "AfterTool", json!({}), "x");
        assert_eq!(hook, Err("hooks.AfterTool is not a list".to_owned()));
        let entry = add_entry(&mut doc, &["mcp"], "mdsel", json!({}));
        assert_eq!(entry, Err("mcp is not an object".to_owned()));
    }

    #[test]
    fn a_hook_is_found_flat_or_grouped() {
        let flat = json!({"command": "mdsel hook cursor", "matcher": "Read"});
        let grouped = json!({"matcher": "x", "hooks": [{"command": "mdsel hook claude"}]});
        assert!(runs(&flat, "mdsel hook cursor"));
        assert!(runs(&grouped, "mdsel hook claude"));
        assert!(!runs(&grouped, "mdsel hook cursor"));
    }
}
