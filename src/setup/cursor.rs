//! Cursor: `.cursor/mcp.json`, and a `postToolUse` hook in `.cursor/hooks.json`
//! that adds the reminder after a `Read` (Cursor's `preToolUse` cannot add
//! context; its `postToolUse` can, with `additional_context`).

use serde_json::json;

use super::json_merge::{add_default, add_entry, add_hook};
use super::{Host, Scope, Target, paths, place};

/// The hook's command line.
const HOOK_COMMAND: &str = "mdsel hook cursor";

pub const HOST: Host = Host {
    name: "cursor",
    title: "Cursor",
    targets,
    outline_targets: None,
    notes: &[],
    by_name: true,
    has_project: true,
};

fn targets(scope: Scope) -> Result<Vec<Target>, String> {
    let user = |name: &str| {
        let name = name.to_owned();
        move || Ok(paths::home()?.join(".cursor").join(name))
    };
    let mcp = place(scope, ".cursor/mcp.json", user("mcp.json"))?;
    let hooks = place(scope, ".cursor/hooks.json", user("hooks.json"))?;
    Ok(vec![
        Target::json(
            mcp,
            "the MCP server: tools mdsel_index, mdsel_select",
            |doc| {
                let entry = json!({"command": "mdsel", "args": ["mcp"]});
                add_entry(doc, &["mcpServers"], "mdsel", entry)
            },
        ),
        Target::json(
            hooks,
            "the hook: a reminder after Read of a big Markdown file",
            |doc| {
                // Cursor ignores a hooks file without a version.
                let version = add_default(doc, "version", json!(1))?;
                let entry = json!({"command": HOOK_COMMAND, "matcher": "Read"});
                let hook = add_hook(doc, &["hooks"], "postToolUse", entry, &[HOOK_COMMAND])?;
                Ok(version || hook)
            },
        ),
    ])
}
