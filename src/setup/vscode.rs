//! VS Code: `.vscode/mcp.json` (its `servers` key), and the Claude Code hook
//! in `.claude/settings.json`, which VS Code's agent reads too.
//!
//! VS Code's agent writes a tool result over 8 KB to a file and shows the
//! model only where it is, so the server entry carries a budget under which
//! every mdsel response stays inline, markers included.

use serde_json::json;

use super::json_merge::add_server_with_budget;
use super::{Host, Scope, Target, claude, paths, place};

/// The words a response may hold in VS Code: at 16 bytes a word, 7,680
/// bytes, under the 8,000 its agent keeps inline with room for a marker's
/// last words.
pub const VSCODE_MAX_WORDS: u32 = 480;

pub const HOST: Host = Host {
    name: "vscode",
    title: "VS Code",
    targets,
    outline_targets: None,
    notes: &["MDSEL_MAX_WORDS=480 keeps every answer under the 8 KB VS Code's agent shows inline."],
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
            "the MCP server, with the budget: tools mdsel_index, mdsel_select",
            |doc| {
                let entry = json!({
                    "type": "stdio",
                    "command": "mdsel",
                    "args": ["mcp", "--root", "${workspaceFolder}"],
                    "env": {"MDSEL_MAX_WORDS": VSCODE_MAX_WORDS.to_string()}
                });
                add_server_with_budget(doc, &["servers"], "mdsel", entry, &[], VSCODE_MAX_WORDS)
            },
        ),
        claude::hook_target(
            scope,
            "the hook: VS Code's agent runs Claude Code's hooks before each tool",
            claude::HookEdit::Add,
        )?,
    ])
}
