//! VS Code: `.vscode/mcp.json` (its `servers` key), and the Claude Code hook
//! in `.claude/settings.json`, which VS Code's agent reads too.

use serde_json::json;

use super::json_merge::add_entry;
use super::{Host, Scope, Target, claude, paths, place};

pub const HOST: Host = Host {
    name: "vscode",
    title: "VS Code",
    targets,
    outline_targets: None,
    notes: &[],
    by_name: true,
    has_project: true,
};

fn targets(scope: Scope) -> Result<Vec<Target>, String> {
    let mcp = place(scope, ".vscode/mcp.json", || {
        Ok(paths::app_data()?.join("Code/User/mcp.json"))
    })?;
    Ok(vec![
        Target::json(
            mcp,
            "the MCP server: tools mdsel_index, mdsel_select",
            |doc| {
                let entry = json!({
                    "type": "stdio",
                    "command": "mdsel",
                    "args": ["mcp", "--root", "${workspaceFolder}"]
                });
                add_entry(doc, &["servers"], "mdsel", entry)
            },
        ),
        claude::hook_target(
            scope,
            "the hook: VS Code's agent runs Claude Code's hooks before each tool",
            claude::HookEdit::Add,
        )?,
    ])
}
