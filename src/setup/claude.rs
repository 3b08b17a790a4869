//! Claude Code (`.mcp.json` and the `PreToolUse` hook in `.claude/settings.json`)
//! and Claude Desktop (`claude_desktop_config.json`, user settings only).

use std::path::PathBuf;

use serde_json::{Value, json};

use super::json_merge::{add_entry, add_hook};
use super::{Host, Scope, Target, paths, place};

/// The hook's command line.
pub const HOOK_COMMAND: &str = "mdsel hook claude";

pub const CODE: Host = Host {
    name: "claude",
    title: "Claude Code",
    targets: code_targets,
    notes: &[],
    by_name: true,
    has_project: true,
};

pub const DESKTOP: Host = Host {
    name: "claude-desktop",
    title: "Claude Desktop",
    targets: desktop_targets,
    notes: &[
        "Claude Desktop does not start servers in a project folder: add",
        "\"--root\", \"/path/to/notes\" to args for each folder it may read, then restart it.",
    ],
    by_name: false,
    has_project: false,
};

/// The `mcpServers.mdsel` entry of `.mcp.json`.
fn server_entry() -> Value {
    json!({"type": "stdio", "command": "mdsel", "args": ["mcp"]})
}

/// One `hooks.PreToolUse` entry of `.claude/settings.json`.
pub fn hook_entry() -> Value {
    json!({"matcher": "Read", "hooks": [{"type": "command", "command": HOOK_COMMAND}]})
}

/// The hook in Claude Code's settings file (VS Code reads the same file).
pub fn hook_target(scope: Scope, what: &'static str) -> Result<Target, String> {
    let path = place(scope, ".claude/settings.json", || {
        Ok(paths::home()?.join(".claude/settings.json"))
    })?;
    Ok(Target::json(path, what, |doc| {
        add_hook(doc, &["hooks"], "PreToolUse", hook_entry(), HOOK_COMMAND)
    }))
}

fn code_targets(scope: Scope) -> Result<Vec<Target>, String> {
    let mcp = place(scope, ".mcp.json", || {
        Ok(paths::home()?.join(".claude.json"))
    })?;
    Ok(vec![
        Target::json(
            mcp,
            "the MCP server: tools mdsel_index, mdsel_select",
            |doc| add_entry(doc, &["mcpServers"], "mdsel", server_entry()),
        ),
        hook_target(
            scope,
            "the hook: a reminder before Read of a big Markdown file",
        )?,
    ])
}

fn desktop_targets(_: Scope) -> Result<Vec<Target>, String> {
    let path = paths::app_data()?.join("Claude/claude_desktop_config.json");
    // Claude Desktop does not search PATH: name the binary by its full path.
    let command = paths::on_path("mdsel")
        .or_else(|| std::env::current_exe().ok())
        .unwrap_or_else(|| PathBuf::from("mdsel"));
    let entry = json!({"command": command.to_string_lossy(), "args": ["mcp"]});
    Ok(vec![Target::json(
        path,
        "the MCP server, by the full path of this binary",
        move |doc| add_entry(doc, &["mcpServers"], "mdsel", entry.clone()),
    )])
}
