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

/// Adds `name: entry` to the object at `keys`; where `name` is already there
/// (as an object), adds to it those of `required` it lacks, so that running
/// setup again upgrades an entry written before a key was needed. Keys the
/// entry has are kept as the user set them.
pub fn add_entry_with(
    root: &mut Value,
    keys: &[&str],
    name: &str,
    entry: Value,
    required: &[(&str, Value)],
) -> Result<bool, String> {
    let map = object_at(root, keys)?;
    let Some(existing) = map.get_mut(name) else {
        map.insert(name.to_owned(), entry);
        return Ok(true);
    };
    let Value::Object(existing) = existing else {
        return Ok(false);
    };
    let mut changed = false;
    for (key, value) in required {
        if !existing.contains_key(*key) {
            existing.insert((*key).to_owned(), value.clone());
            changed = true;
        }
    }
    Ok(changed)
}

/// Adds the server entry `name: entry` to the object at `keys` (see
/// [`add_entry_with`]), and gives an entry already there the budget
/// `MDSEL_MAX_WORDS = words` in its `env`, unless it has one (in `env`, or
/// `--max-words` in its `args`): an entry from an earlier setup is upgraded,
/// a budget the user chose stays.
pub fn add_server_with_budget(
    root: &mut Value,
    keys: &[&str],
    name: &str,
    entry: Value,
    required: &[(&str, Value)],
    words: u32,
) -> Result<bool, String> {
    let added = add_entry_with(root, keys, name, entry, required)?;
    let map = object_at(root, keys)?;
    let Some(Value::Object(server)) = map.get_mut(name) else {
        return Ok(added);
    };
    let in_args = server
        .get("args")
        .and_then(Value::as_array)
        .is_some_and(|args| {
            args.iter()
                .filter_map(Value::as_str)
                .any(|a| a == "--max-words" || a.starts_with("--max-words="))
        });
    if in_args {
        return Ok(added);
    }
    let env = server
        .entry("env")
        .or_insert_with(|| Value::Object(Map::new()));
    let Value::Object(env) = env else {
        let mut path = keys.to_vec();
        path.extend([name, "env"]);
        return Err(format!("{} is not an object", dotted(&path)));
    };
    if env.contains_key("MDSEL_MAX_WORDS") {
        return Ok(added);
    }
    env.insert("MDSEL_MAX_WORDS".to_owned(), Value::from(words.to_string()));
    Ok(true)
}

/// Sets `key` at the top level to `value` when it is absent.
pub fn add_default(root: &mut Value, key: &str, value: Value) -> Result<bool, String> {
    add_entry(root, &[], key, value)
}

/// Appends `entry` to the list at `parent.list`, unless some element already
/// runs one of `commands` (as its own `command`, or in its `hooks` list).
pub fn add_hook(
    root: &mut Value,
    parent: &[&str],
    list: &str,
    entry: Value,
    commands: &[&str],
) -> Result<bool, String> {
    let entries = list_at(root, parent, list)?;
    if entries.iter().any(|e| runs(e, commands)) {
        return Ok(false);
    }
    entries.push(entry);
    Ok(true)
}

/// Makes the list at `parent.list` run `command`: where an element runs one of
/// `others` (another form of the same hook), that command is rewritten in
/// place and everything else about the element kept; with neither there,
/// `entry` is appended.
pub fn set_hook(
    root: &mut Value,
    parent: &[&str],
    list: &str,
    entry: Value,
    command: &str,
    others: &[&str],
) -> Result<bool, String> {
    let entries = list_at(root, parent, list)?;
    let mut changed = false;
    for e in entries.iter_mut() {
        changed |= rewrite(e, others, command);
    }
    if changed || entries.iter().any(|e| runs(e, &[command])) {
        return Ok(changed);
    }
    entries.push(entry);
    Ok(true)
}

/// The list at `parent.list`, created where absent.
fn list_at<'a>(
    root: &'a mut Value,
    parent: &[&str],
    list: &str,
) -> Result<&'a mut Vec<Value>, String> {
    let map = object_at(root, parent)?;
    match map.entry(list).or_insert_with(|| Value::Array(Vec::new())) {
        Value::Array(entries) => Ok(entries),
        _ => {
            let mut path = parent.to_vec();
            path.push(list);
            Err(format!("{} is not a list", dotted(&path)))
        }
    }
}

/// Whether a hook entry (flat, or grouped under a matcher) runs one of `commands`.
fn runs(entry: &Value, commands: &[&str]) -> bool {
    let own = |h: &Value| {
        h.get("command")
            .and_then(Value::as_str)
            .is_some_and(|c| commands.contains(&c))
    };
    own(entry)
        || entry
            .get("hooks")
            .and_then(Value::as_array)
            .is_some_and(|hs| hs.iter().any(own))
}

/// Rewrites an entry's command, or those in its `hooks` list, from one of
/// `from` to `to`; whether it did.
fn rewrite(entry: &mut Value, from: &[&str], to: &str) -> bool {
    let mut changed = swap(entry, from, to);
    if let Some(Value::Array(hooks)) = entry.get_mut("hooks") {
        for hook in hooks {
            changed |= swap(hook, from, to);
        }
    }
    changed
}

fn swap(hook: &mut Value, from: &[&str], to: &str) -> bool {
    match hook.get_mut("command") {
        Some(slot) if slot.as_str().is_some_and(|c| from.contains(&c)) => {
            *slot = Value::from(to);
            true
        }
        _ => false,
    }
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
    fn an_existing_entry_gains_the_keys_it_lacks() {
        let required = [("alwaysLoad", json!(true))];
        let mut doc = json!({"servers": {"mdsel": {"command": "/opt/mdsel", "args": ["mcp"]}}});
        let add = |doc: &mut Value| {
            add_entry_with(doc, &["servers"], "mdsel", json!({"new": 1}), &required)
        };
        assert_eq!(add(&mut doc), Ok(true));
        let want = json!({"servers": {"mdsel": {"command": "/opt/mdsel", "args": ["mcp"], "alwaysLoad": true}}});
        assert_eq!(doc, want);
        assert_eq!(add(&mut doc), Ok(false), "nothing left to add");
        let mut off = json!({"servers": {"mdsel": {"alwaysLoad": false}}});
        assert_eq!(add(&mut off), Ok(false), "the user's own value stays");
        let mut fresh = json!({});
        assert_eq!(add(&mut fresh), Ok(true));
        assert_eq!(fresh, json!({"servers": {"mdsel": {"new": 1}}}));
    }

    #[test]
    fn a_server_entry_gains_the_budget_unless_it_has_one() {
        let add = |doc: &mut Value| {
            let entry = json!({"command": "mdsel", "env": {"MDSEL_MAX_WORDS": "480"}});
            add_server_with_budget(doc, &["servers"], "mdsel", entry, &[], 480)
        };
        let mut fresh = json!({});
        assert_eq!(add(&mut fresh), Ok(true));
        assert_eq!(add(&mut fresh), Ok(false), "already there");
        let cases = [
            (
                json!({"command": "/opt/mdsel"}),
                json!({"command": "/opt/mdsel", "env": {"MDSEL_MAX_WORDS": "480"}}),
            ),
            (
                json!({"env": {"RUST_LOG": "x"}}),
                json!({"env": {"RUST_LOG": "x", "MDSEL_MAX_WORDS": "480"}}),
            ),
        ];
        for (before, want) in cases {
            let mut doc = json!({"servers": {"mdsel": before}});
            assert_eq!(add(&mut doc), Ok(true));
            assert_eq!(doc, json!({"servers": {"mdsel": want}}));
        }
        for mine in [
            json!({"env": {"MDSEL_MAX_WORDS": "300"}}),
            json!({"args": ["mcp", "--max-words", "300"]}),
            json!({"args": ["--max-words=300", "mcp"]}),
        ] {
            let mut doc = json!({"servers": {"mdsel": mine.clone()}});
            assert_eq!(add(&mut doc), Ok(false), "{mine}");
            assert_eq!(doc, json!({"servers": {"mdsel": mine}}));
        }
        let mut wrong = json!({"servers": {"mdsel": {"env": []}}});
        assert_eq!(
            add(&mut wrong),
            Err("servers.mdsel.env is not an object".to_owned())
        );
    }

    #[test]
    fn wrong_kinds_are_named() {
        let mut doc = json!({"hooks": {"AfterTool": {}}, "mcp": []});
        let hook = add_hook(&mut doc, &["hooks"], "AfterTool", json!({}), &["x"]);
        assert_eq!(hook, Err("hooks.AfterTool is not a list".to_owned()));
        let entry = add_entry(&mut doc, &["mcp"], "mdsel", json!({}));
        assert_eq!(entry, Err("mcp is not an object".to_owned()));
    }

    #[test]
    fn a_hook_is_found_flat_or_grouped() {
        let flat = json!({"command": "mdsel hook cursor", "matcher": "Read"});
        let grouped = json!({"matcher": "x", "hooks": [{"command": "mdsel hook claude"}]});
        assert!(runs(&flat, &["mdsel hook cursor"]));
        assert!(runs(&grouped, &["mdsel hook claude"]));
        assert!(!runs(&grouped, &["mdsel hook cursor"]));
    }

    #[test]
    fn set_hook_rewrites_another_form_in_place() {
        let (plain, outline) = ("mdsel hook claude", "mdsel hook claude --outline");
        let entry = || json!({"matcher": "Read", "hooks": [{"command": outline}]});
        let mut doc = json!({"hooks": {"Pre": [
            {"matcher": "Bash", "hooks": [{"command": "audit.sh"}]},
            {"matcher": "Read|Grep", "hooks": [{"command": plain, "timeout": 5}]},
            {"command": plain, "matcher": "Read"}
        ]}});
        let set =
            |doc: &mut Value, to, from| set_hook(doc, &["hooks"], "Pre", entry(), to, &[from]);
        assert_eq!(set(&mut doc, outline, plain), Ok(true));
        let want = json!({"hooks": {"Pre": [
            {"matcher": "Bash", "hooks": [{"command": "audit.sh"}]},
            {"matcher": "Read|Grep", "hooks": [{"command": outline, "timeout": 5}]},
            {"command": outline, "matcher": "Read"}
        ]}});
        assert_eq!(doc, want);
        assert_eq!(set(&mut doc, outline, plain), Ok(false), "already there");
        let mut empty = json!({});
        assert_eq!(set(&mut empty, outline, plain), Ok(true));
        assert_eq!(empty, json!({"hooks": {"Pre": [entry()]}}));
    }
}
