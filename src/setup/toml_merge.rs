//! Edits to a TOML configuration (Codex's `config.toml`) that add one table and
//! leave every other byte as the user wrote it, comments included.

use toml_edit::{Array, DocumentMut, InlineTable, Item, Table, TableLike, Value};

/// Adds `[parent.name]` with `entries`; where `parent.name` already exists,
/// `upgrade`s it instead: adds what an entry written by an earlier setup
/// lacks (whether it did, or what stands in the way). `parent` may be a table
/// or an inline table; anything else is an error.
pub fn add_table(
    doc: &mut DocumentMut,
    parent: &str,
    name: &str,
    entries: &[(&str, Value)],
    upgrade: impl Fn(&mut dyn TableLike) -> Result<bool, String>,
) -> Result<bool, String> {
    let root = doc.as_table_mut();
    if !root.contains_key(parent) {
        let mut implicit = Table::new();
        implicit.set_implicit(true);
        root.insert(parent, Item::Table(implicit));
    }
    match &mut root[parent] {
        Item::Table(table) => {
            if let Some(existing) = table.get_mut(name) {
                return existing.as_table_like_mut().map_or(Ok(false), upgrade);
            }
            let mut new = Table::new();
            for (key, value) in entries {
                new.insert(key, Item::Value(value.clone()));
            }
            table.insert(name, Item::Table(new));
            Ok(true)
        }
        Item::Value(Value::InlineTable(table)) => {
            if let Some(existing) = table.get_mut(name) {
                return existing
                    .as_inline_table_mut()
                    .map_or(Ok(false), |t| upgrade(t));
            }
            let mut new = InlineTable::new();
            for (key, value) in entries {
                new.insert(*key, value.clone());
            }
            table.insert(name, Value::InlineTable(new));
            Ok(true)
        }
        _ => Err(format!("{parent} is not a table")),
    }
}

/// A TOML array of strings.
pub fn strings(items: &[&str]) -> Value {
    Value::Array(items.iter().copied().collect::<Array>())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add(text: &str) -> (Result<bool, String>, String) {
        let mut doc: DocumentMut = text.parse().unwrap();
        let entries = [
            ("command", Value::from("mdsel")),
            ("args", strings(&["mcp"])),
        ];
        let result = add_table(&mut doc, "mcp_servers", "mdsel", &entries, |_| Ok(false));
        (result, doc.to_string())
    }

    #[test]
    fn a_fresh_document_gets_the_table() {
        let (result, text) = add("");
        assert_eq!(result, Ok(true));
        assert_eq!(
            text,
            "[mcp_servers.mdsel]\ncommand = \"mdsel\"\nargs = [\"mcp\"]\n"
        );
    }

    #[test]
    fn comments_and_other_tables_are_kept() {
        let before = "# my settings\nmodel = \"o3\" # the best\n\n[mcp_servers.other]\n# why\ncommand = \"x\"\n\n[profiles.fast]\nmodel = \"mini\"\n";
        let (result, text) = add(before);
        assert_eq!(result, Ok(true));
        // The new table joins its siblings; every other byte is as it was.
        let want = "# my settings\nmodel = \"o3\" # the best\n\n[mcp_servers.other]\n# why\ncommand = \"x\"\n\n[mcp_servers.mdsel]\ncommand = \"mdsel\"\nargs = [\"mcp\"]\n\n[profiles.fast]\nmodel = \"mini\"\n";
        assert_eq!(text, want);
    }

    #[test]
    fn an_existing_entry_or_a_wrong_kind_is_left_alone() {
        let (result, _) = add("[mcp_servers.mdsel]\ncommand = \"/opt/mdsel\"\n");
        assert_eq!(result, Ok(false));
        let (result, _) = add("mcp_servers = { mdsel = { command = \"m\" } }\n");
        assert_eq!(result, Ok(false));
        let (result, text) = add("mcp_servers = {}\n");
        assert_eq!(result, Ok(true));
        assert!(
            text.contains("mdsel = { command = \"mdsel\", args = [\"mcp\"] }"),
            "{text}"
        );
        let (result, _) = add("mcp_servers = 3\n");
        assert_eq!(result, Err("mcp_servers is not a table".to_owned()));
    }
}
