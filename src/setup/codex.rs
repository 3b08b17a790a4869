//! Codex CLI: `[mcp_servers.mdsel]` in `.codex/config.toml` (or
//! `$CODEX_HOME/config.toml`), merged with the user's comments kept. Codex's
//! hooks see shell commands, not file reads, so there is no hook.

use toml_edit::Value;

use super::toml_merge::{add_table, strings};
use super::{Host, Scope, Target, paths, place};

pub const HOST: Host = Host {
    name: "codex",
    title: "Codex",
    targets,
    outline_targets: None,
    notes: &[
        "No hook: Codex reads files with shell commands, which no hook can tell apart.",
        "Codex reads a project's .codex/config.toml only once you trust the project.",
    ],
    by_name: true,
    has_project: true,
};

fn targets(scope: Scope) -> Result<Vec<Target>, String> {
    let path = place(scope, ".codex/config.toml", || {
        Ok(paths::codex_home()?.join("config.toml"))
    })?;
    Ok(vec![Target::toml(
        path,
        "the MCP server: tools mdsel_index, mdsel_select",
        |doc| {
            let entries = [
                ("command", Value::from("mdsel")),
                ("args", strings(&["mcp"])),
            ];
            add_table(doc, "mcp_servers", "mdsel", &entries)
        },
    )])
}
