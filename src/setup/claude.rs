//! Claude Code (`.mcp.json` and the `PreToolUse` hook in `.claude/settings.json`)
//! and Claude Desktop (`claude_desktop_config.json`, user settings only).
//!
//! The hook comes in two modes, the reminder and outline mode (`--outline`;
//! docs/hook.md, "Outline mode"). `mdsel setup claude [--outline]` writes the mode
//! asked for: an mdsel hook of the other mode is rewritten in place (its
//! matcher, timeout and neighbours kept), so switching never leaves two. VS
//! Code shares the file and adds the reminder only where neither mode is there.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::json_merge::{add_entry, add_entry_with, add_hook, set_hook};
use super::{Host, Scope, Target, paths, place};

/// The hook's command line: the reminder.
pub const HOOK_COMMAND: &str = "mdsel hook claude";
/// The hook's command line in outline mode.
pub const OUTLINE_COMMAND: &str = "mdsel hook claude --outline";

pub const CODE: Host = Host {
    name: "claude",
    title: "Claude Code",
    targets: |scope| code_targets(scope, false),
    outline_targets: Some(|scope| code_targets(scope, true)),
    notes: &[],
    by_name: true,
    has_project: true,
};

pub const DESKTOP: Host = Host {
    name: "claude-desktop",
    title: "Claude Desktop",
    targets: desktop_targets,
    outline_targets: None,
    notes: &[
        "Claude Desktop does not start servers in a project folder: add",
        "\"--root\", \"/path/to/notes\" to args for each folder it may read, then restart it.",
    ],
    by_name: false,
    has_project: false,
};

/// The `mcpServers.mdsel` entry of `.mcp.json`. `alwaysLoad` exempts the
/// server from Claude Code's tool search (2.1.121 and later), which would
/// otherwise defer the tools' schemas until the model asks for them (docs/hosts.md,
/// "Hosts' limits").
fn server_entry() -> Value {
    json!({"type": "stdio", "command": "mdsel", "args": ["mcp"], "alwaysLoad": true})
}

/// What an `mcpServers.mdsel` entry written by an earlier setup gains.
fn server_upgrade() -> [(&'static str, Value); 1] {
    [("alwaysLoad", Value::Bool(true))]
}

/// One `hooks.PreToolUse` entry of `.claude/settings.json`.
fn hook_entry(command: &str) -> Value {
    json!({"matcher": "Read", "hooks": [{"type": "command", "command": command}]})
}

/// What the hook target does with the hook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookEdit {
    /// Writes this mode (`true`: outline mode), rewriting the other in place.
    Set { outline: bool },
    /// Adds the reminder unless either mode is there (VS Code's set-up).
    Add,
}

/// The hook in Claude Code's settings file (VS Code reads the same file).
pub fn hook_target(scope: Scope, what: &'static str, edit: HookEdit) -> Result<Target, String> {
    let path = place(scope, ".claude/settings.json", || {
        Ok(paths::home()?.join(".claude/settings.json"))
    })?;
    Ok(Target::json(path, what, move |doc| {
        let list = "PreToolUse";
        match edit {
            HookEdit::Set { outline } => {
                let (command, other) = if outline {
                    (OUTLINE_COMMAND, HOOK_COMMAND)
                } else {
                    (HOOK_COMMAND, OUTLINE_COMMAND)
                };
                set_hook(
                    doc,
                    &["hooks"],
                    list,
                    hook_entry(command),
                    command,
                    &[other],
                )
            }
            HookEdit::Add => add_hook(
                doc,
                &["hooks"],
                list,
                hook_entry(HOOK_COMMAND),
                &[HOOK_COMMAND, OUTLINE_COMMAND],
            ),
        }
    }))
}

fn code_targets(scope: Scope, outline: bool) -> Result<Vec<Target>, String> {
    let mcp = place(scope, ".mcp.json", || {
        Ok(paths::home()?.join(".claude.json"))
    })?;
    Ok(vec![
        Target::json(
            mcp,
            "the MCP server: tools mdsel_index, mdsel_select",
            |doc| {
                add_entry_with(
                    doc,
                    &["mcpServers"],
                    "mdsel",
                    server_entry(),
                    &server_upgrade(),
                )
            },
        ),
        hook_target(
            scope,
            if outline {
                "the hook, outline mode: a whole Read of a big Markdown file shows its opening and outline"
            } else {
                "the hook: a reminder before Read of a big Markdown file"
            },
            HookEdit::Set { outline },
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
