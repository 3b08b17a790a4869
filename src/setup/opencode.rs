//! OpenCode: the `mcp.mdsel` local server in `opencode.json` (or
//! `~/.config/opencode/opencode.json`). OpenCode has no command hooks.

use serde_json::{Value, json};

use super::json_merge::{add_default, add_entry};
use super::{Host, Scope, Target, paths, place};

pub const HOST: Host = Host {
    name: "opencode",
    title: "OpenCode",
    targets,
    outline_targets: None,
    notes: &["No hook: OpenCode has no command hooks to add context around a file read."],
    by_name: true,
    has_project: true,
};

fn targets(scope: Scope) -> Result<Vec<Target>, String> {
    let path = place(scope, "opencode.json", || {
        Ok(paths::xdg_config()?.join("opencode/opencode.json"))
    })?;
    Ok(vec![Target::json(
        path,
        "the MCP server: tools mdsel_index, mdsel_select",
        |doc| {
            if doc.as_object().is_some_and(|m| m.is_empty()) {
                add_default(
                    doc,
                    "$schema",
                    Value::from("https://opencode.ai/config.json"),
                )?;
            }
            let entry = json!({"type": "local", "command": ["mdsel", "mcp"], "enabled": true});
            add_entry(doc, &["mcp"], "mdsel", entry)
        },
    )])
}
