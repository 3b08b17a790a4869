//! Codex CLI: `[mcp_servers.mdsel]` in `.codex/config.toml` (or
//! `$CODEX_HOME/config.toml`), merged with the user's comments kept. Codex's
//! hooks see shell commands, not file reads, so there is no hook.
//!
//! Codex keeps about 10,000 bytes of a tool result (older builds 10 KiB, head
//! and tail), so the entry carries a budget under which every mdsel response
//! fits whole, markers included (docs/hosts.md, "Hosts' limits").

use toml_edit::{InlineTable, Item, TableLike, Value};

use super::toml_merge::{add_table, strings};
use super::{Host, Scope, Target, paths, place};

/// The words a response may hold over Codex: at 16 bytes a word,
/// 9,600 bytes, under Codex's 10,000 with room for a marker's last words.
pub const CODEX_MAX_WORDS: u32 = 600;

pub const HOST: Host = Host {
    name: "codex",
    title: "Codex",
    targets,
    outline_targets: None,
    notes: &[
        "No hook: Codex reads files with shell commands, which no hook can tell apart.",
        "Codex reads a project's .codex/config.toml only once you trust the project.",
        "MDSEL_MAX_WORDS=600 keeps every answer under the 10,000 bytes Codex passes on.",
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
        "the MCP server, with the budget: tools mdsel_index, mdsel_select",
        add_server,
    )])
}

/// Adds `[mcp_servers.mdsel]`, or the budget to one already there.
fn add_server(doc: &mut toml_edit::DocumentMut) -> Result<bool, String> {
    let entries = [
        ("command", Value::from("mdsel")),
        ("args", strings(&["mcp"])),
        ("env", Value::InlineTable(budget())),
    ];
    add_table(doc, "mcp_servers", "mdsel", &entries, add_budget)
}

/// `{ MDSEL_MAX_WORDS = "600" }`.
fn budget() -> InlineTable {
    let mut env = InlineTable::new();
    env.insert("MDSEL_MAX_WORDS", Value::from(CODEX_MAX_WORDS.to_string()));
    env
}

/// Gives an entry from an earlier setup the budget, unless it has one
/// (`MDSEL_MAX_WORDS` in `env`, or `--max-words` in `args`).
fn add_budget(entry: &mut dyn TableLike) -> Result<bool, String> {
    let in_args = entry
        .get("args")
        .and_then(Item::as_array)
        .is_some_and(|args| {
            args.iter()
                .filter_map(Value::as_str)
                .any(|a| a == "--max-words" || a.starts_with("--max-words="))
        });
    if in_args {
        return Ok(false);
    }
    match entry.get_mut("env") {
        None => {
            entry.insert("env", Item::Value(Value::InlineTable(budget())));
            Ok(true)
        }
        Some(env) => match env.as_table_like_mut() {
            Some(env) if env.contains_key("MDSEL_MAX_WORDS") => Ok(false),
            Some(env) => {
                env.insert(
                    "MDSEL_MAX_WORDS",
                    Item::Value(Value::from(CODEX_MAX_WORDS.to_string())),
                );
                Ok(true)
            }
            None => Err("mcp_servers.mdsel.env is not a table".to_owned()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(before: &str) -> (Result<bool, String>, String) {
        let mut doc: toml_edit::DocumentMut = before.parse().unwrap();
        let result = add_server(&mut doc);
        (result, doc.to_string())
    }

    #[test]
    fn a_fresh_entry_carries_the_budget() {
        let (result, text) = setup("");
        assert_eq!(result, Ok(true));
        assert_eq!(
            text,
            "[mcp_servers.mdsel]\ncommand = \"mdsel\"\nargs = [\"mcp\"]\nenv = { MDSEL_MAX_WORDS = \"600\" }\n"
        );
    }

    #[test]
    fn an_earlier_entry_gains_the_budget_and_keeps_the_rest() {
        let (result, text) =
            setup("[mcp_servers.mdsel]\ncommand = \"/opt/mdsel\" # mine\nargs = [\"mcp\"]\n");
        assert_eq!(result, Ok(true));
        assert_eq!(
            text,
            "[mcp_servers.mdsel]\ncommand = \"/opt/mdsel\" # mine\nargs = [\"mcp\"]\nenv = { MDSEL_MAX_WORDS = \"600\" }\n"
        );
        let (result, text) = setup("[mcp_servers.mdsel.env]\nRUST_LOG = \"x\"\n");
        assert_eq!(result, Ok(true));
        assert!(text.contains("MDSEL_MAX_WORDS = \"600\""), "{text}");
        assert!(text.contains("RUST_LOG = \"x\""), "{text}");
    }

    #[test]
    fn a_budget_the_user_chose_stays() {
        for before in [
            "[mcp_servers.mdsel]\nenv = { MDSEL_MAX_WORDS = \"300\" }\n",
            "[mcp_servers.mdsel]\nargs = [\"--max-words\", \"300\", \"mcp\"]\n",
            "mcp_servers = { mdsel = { args = [\"mcp\", \"--max-words=300\"] } }\n",
        ] {
            let (result, text) = setup(before);
            assert_eq!(result, Ok(false), "{before}");
            assert_eq!(text, before);
        }
        let (result, _) = setup("[mcp_servers.mdsel]\nenv = 3\n");
        assert_eq!(
            result,
            Err("mcp_servers.mdsel.env is not a table".to_owned())
        );
    }
}
