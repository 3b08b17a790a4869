//! Gemini CLI: the server and an `AfterTool` hook on `read_file`, both in
//! `.gemini/settings.json` (`BeforeTool` cannot add context; `AfterTool` can).

use serde_json::json;

use super::json_merge::{add_entry, add_hook};
use super::{Host, Scope, Target, paths, place};

/// The hook's command line.
const HOOK_COMMAND: &str = "mdsel hook gemini";

pub const HOST: Host = Host {
    name: "gemini",
    title: "Gemini CLI",
    targets,
    outline_targets: None,
    notes: &[],
    by_name: true,
    has_project: true,
};

fn targets(scope: Scope) -> Result<Vec<Target>, String> {
    let path = place(scope, ".gemini/settings.json", || {
        Ok(paths::home()?.join(".gemini/settings.json"))
    })?;
    Ok(vec![Target::json(
        path,
        "the MCP server, and a reminder after read_file of a big Markdown file",
        |doc| {
            let server = json!({"command": "mdsel", "args": ["mcp"]});
            let added = add_entry(doc, &["mcpServers"], "mdsel", server)?;
            let hook = json!({
                "matcher": "read_file",
                "hooks": [{"name": "mdsel", "type": "command", "command": HOOK_COMMAND}]
            });
            let hooked = add_hook(doc, &["hooks"], "AfterTool", hook, &[HOOK_COMMAND])?;
            Ok(added || hooked)
        },
    )])
}
