//! GitHub Copilot CLI: `mcpServers.mdsel` in `.github/mcp.json` (the
//! project's shared configuration) or `~/.copilot/mcp-config.json` (or
//! `$COPILOT_HOME/mcp-config.json`), the same format in both.
//!
//! Copilot CLI cuts an MCP tool's text at 10 KB (github/copilot-cli#1732), so
//! the entry carries a budget under which every mdsel response fits whole,
//! markers included; and `"tools": ["*"]`, which loads every tool the server
//! offers (an entry lists the tools Copilot may call).

use serde_json::json;

use super::json_merge::add_server_with_budget;
use super::{Host, Scope, Target, paths, place};

/// The words a response may hold in Copilot CLI: at 16 bytes a word, 9,600
/// bytes, under its 10,000 with room for a marker's last words.
pub const COPILOT_MAX_WORDS: u32 = 600;

pub const HOST: Host = Host {
    name: "copilot",
    title: "Copilot CLI",
    targets,
    outline_targets: None,
    notes: &[
        "No hook: mdsel has none for Copilot CLI; the server's instructions say when to use it.",
        "Copilot CLI loads a project's servers once you trust the folder (with -p, only when",
        "GITHUB_COPILOT_PROMPT_MODE_WORKSPACE_MCP=true).",
        "MDSEL_MAX_WORDS=600 keeps every answer under the 10 KB Copilot CLI passes on.",
    ],
    by_name: true,
    has_project: true,
};

fn targets(scope: Scope) -> Result<Vec<Target>, String> {
    let path = place(scope, ".github/mcp.json", || {
        Ok(paths::copilot_home()?.join("mcp-config.json"))
    })?;
    Ok(vec![Target::json(
        path,
        "the MCP server, with the budget, every tool loaded: mdsel_index, mdsel_select",
        |doc| {
            let entry = json!({
                "type": "local",
                "command": "mdsel",
                "args": ["mcp"],
                "env": {"MDSEL_MAX_WORDS": COPILOT_MAX_WORDS.to_string()},
                "tools": ["*"]
            });
            let required = [("tools", json!(["*"]))];
            add_server_with_budget(
                doc,
                &["mcpServers"],
                "mdsel",
                entry,
                &required,
                COPILOT_MAX_WORDS,
            )
        },
    )])
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn edit(before: Value) -> (Result<bool, String>, Value) {
        let target = targets(Scope::Project).unwrap().remove(0);
        let mut doc = super::super::store::Doc::Json(before);
        let result = (target.edit)(&mut doc);
        match doc {
            super::super::store::Doc::Json(value) => (result, value),
            super::super::store::Doc::Toml(_) => unreachable!("a JSON target"),
        }
    }

    #[test]
    fn an_earlier_entry_gains_every_tool_and_the_budget() {
        let (result, after) = edit(json!({"mcpServers": {"mdsel": {"command": "/opt/mdsel"}}}));
        assert_eq!(result, Ok(true));
        assert_eq!(
            after,
            json!({"mcpServers": {"mdsel": {"command": "/opt/mdsel", "tools": ["*"],
                "env": {"MDSEL_MAX_WORDS": "600"}}}})
        );
        let mine = json!({"mcpServers": {"mdsel": {"tools": ["mdsel_index"],
            "env": {"MDSEL_MAX_WORDS": "300"}}}});
        assert_eq!(edit(mine.clone()), (Ok(false), mine));
    }
}
