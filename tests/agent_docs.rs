//! The agent docs cannot lie: `docs/hosts.md`'s snippets parse and match
//! what `mdsel setup <host>` writes for every host, the README's table of hosts
//! has a row for each, `docs/hook.md`'s examples are what the hook answers, and
//! `SKILL.md`'s examples are real output.

use crate::common;

use serde_json::Value;

fn read(path: &str) -> String {
    std::fs::read_to_string(common::bin::root().join(path)).unwrap()
}

/// The bodies of the fenced blocks of `lang` in `text`, indentation removed.
fn blocks(text: &str, lang: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        match &mut current {
            None if trimmed == format!("```{lang}") => current = Some((indent, String::new())),
            Some(_) if trimmed == "```" => out.push(current.take().unwrap().1),
            Some((indent, body)) => {
                body.push_str(line.get(*indent..).unwrap_or(""));
                body.push('\n');
            }
            None => {}
        }
    }
    out
}

/// The fenced JSON blocks in `text`, parsed.
fn json_blocks(text: &str) -> Vec<Value> {
    blocks(text, "json")
        .iter()
        .map(|s| serde_json::from_str(s).unwrap())
        .collect()
}

fn mdsel(args: &[&str]) -> (String, String) {
    let out = common::bin::mdsel(args);
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn every_json_snippet_parses_and_starts_mdsel_mcp() {
    let doc = read("docs/hosts.md");
    let snippets = blocks(&doc, "json");
    assert!(snippets.len() >= 7, "{}", snippets.len());
    let mut servers = 0;
    for snippet in &snippets {
        let value: Value =
            serde_json::from_str(snippet).unwrap_or_else(|e| panic!("{e}:\n{snippet}"));
        let entry = ["mcpServers", "servers", "mcp"]
            .iter()
            .find_map(|key| value.get(key)?.get("mdsel"));
        if let Some(entry) = entry {
            servers += 1;
            let command: Vec<&str> = match &entry["command"] {
                Value::String(c) => std::iter::once(c.as_str())
                    .chain(
                        entry["args"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|a| a.as_str().unwrap()),
                    )
                    .collect(),
                Value::Array(parts) => parts.iter().map(|a| a.as_str().unwrap()).collect(),
                other => panic!("command: {other}"),
            };
            assert!(
                command[0].ends_with("mdsel") && command[1] == "mcp",
                "{command:?}"
            );
        }
    }
    assert_eq!(
        servers, 7,
        "Claude Code, Claude Desktop, Cursor, VS Code, Copilot CLI, OpenCode, Gemini CLI"
    );
    let toml = blocks(&doc, "toml");
    assert_eq!(
        toml,
        [
            "[mcp_servers.mdsel]\ncommand = \"mdsel\"\nargs = [\"mcp\"]\nenv = { MDSEL_MAX_WORDS = \"600\" }\n"
        ]
    );
}

#[test]
fn claude_code_snippets_are_what_setup_writes() {
    let doc = read("docs/hosts.md");
    let snippets = json_blocks(&doc);
    let (printed, _) = mdsel(&["setup", "claude"]);
    let from_setup: Vec<Value> = printed
        .split("\n\n")
        .filter_map(|part| {
            let json: Vec<&str> = part.lines().filter(|l| !l.starts_with('#')).collect();
            serde_json::from_str(&json.join("\n")).ok()
        })
        .collect();
    assert_eq!(from_setup.len(), 2);
    for value in &from_setup {
        assert!(snippets.contains(value), "docs/hosts.md lacks {value}");
    }
}

#[test]
fn skill_examples_are_real_output() {
    let skill = read("SKILL.md");
    assert!(skill.starts_with("---\nname: mdsel\ndescription: "));
    let text = blocks(&skill, "text");
    let (index, _) = mdsel(&["index", "guide.md"]);
    assert_eq!(text[0], index);
    let (search, _) = mdsel(&["search", "install guide", "guide.md"]);
    assert_eq!(text[1], search);
    let (_, errors) = mdsel(&["select", "h2.99", "guide.md"]);
    assert_eq!(text[2], errors);
}

#[test]
fn every_setup_host_has_its_row_in_the_readme() {
    let doc = read("README.md");
    let hosts = common::bin::setup_hosts();
    assert!(hosts.len() >= 7, "{hosts:?}");
    for host in &hosts {
        let row = format!("`mdsel setup {host} --write`");
        assert!(
            doc.lines().any(|l| l.starts_with('|') && l.contains(&row)),
            "README.md's table of hosts lacks {host}"
        );
    }
}

#[test]
fn every_hosts_setup_snippets_are_in_the_host_docs() {
    let doc = read("docs/hosts.md");
    let json_blocks = json_blocks(&doc);
    let toml_blocks = blocks(&doc, "toml");
    // Claude Desktop's snippet names this binary's own path: not comparable.
    for host in common::bin::setup_hosts()
        .iter()
        .filter(|h| *h != "claude-desktop")
    {
        let host = host.as_str();
        let (printed, _) = mdsel(&["setup", host]);
        let mut found = 0;
        for part in printed.split("\n\n") {
            let body: Vec<&str> = part.lines().filter(|l| !l.starts_with('#')).collect();
            if body.is_empty() {
                continue;
            }
            let text = body.join("\n") + "\n";
            if let Ok(value) = serde_json::from_str::<Value>(&text) {
                assert!(
                    json_blocks.contains(&value),
                    "docs/hosts.md lacks {host}'s {value}"
                );
            } else {
                assert!(
                    toml_blocks.contains(&text),
                    "docs/hosts.md lacks {host}'s\n{text}"
                );
            }
            found += 1;
        }
        assert!(found >= 1, "{host}: {printed}");
    }
}

/// What `mdsel hook claude [--outline]` answers a whole `Read` of `file`, run
/// as `docs/hook.md` runs it: from the repository's root, which is the event's
/// `cwd`.
fn hook_read(file: &str, outline: bool) -> Value {
    let root = common::bin::root();
    let event = serde_json::json!({
        "tool_name": "Read", "tool_input": {"file_path": file}, "cwd": root,
    });
    let args: &[&str] = if outline {
        &["hook", "claude", "--outline"]
    } else {
        &["hook", "claude"]
    };
    let out = common::bin::Mdsel::new(args)
        .cwd(root)
        .stdin(event.to_string().as_bytes())
        .output();
    common::bin::json(&out)["hookSpecificOutput"].clone()
}

/// The number after `key: ` in `text` (`offset: 14`).
fn number_after(text: &str, key: &str) -> u64 {
    let at = text.find(key).unwrap_or_else(|| panic!("no {key:?}")) + key.len();
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

#[test]
fn the_hook_docs_show_what_the_hook_answers() {
    let doc = read("docs/hook.md");
    let text = blocks(&doc, "text");
    let file = "tests/site/guide/install.md";
    assert!(doc.contains(&format!("\"file_path\":\"{file}\"")), "{doc}");
    let reminder = hook_read(file, false);
    assert_eq!(
        text[0].trim_end(),
        reminder["additionalContext"].as_str().unwrap().trim_end()
    );
    let narrowed = hook_read(file, true);
    let context = narrowed["additionalContext"].as_str().unwrap();
    assert_eq!(text[1].trim_end(), context.trim_end());
    // The read as narrowed, and the one the text says reads h2.1.
    let becomes = &doc[doc.find("the read becomes").expect("the narrowed read")..];
    let input = &narrowed["updatedInput"];
    assert_eq!(input["offset"], number_after(becomes, "offset: "));
    assert_eq!(input["limit"], number_after(becomes, "limit: "));
    let next = &doc[doc.find("plain `Read` with").expect("the next read")..];
    let h2 = context
        .lines()
        .find(|l| l.starts_with(" h2.1 "))
        .expect("an h2.1 line");
    let range = h2.rsplit(" L").next().unwrap();
    let (first, last) = range.split_once('-').unwrap();
    let (first, last): (u64, u64) = (first.parse().unwrap(), last.parse().unwrap());
    assert_eq!(number_after(next, "offset: "), first, "{h2}");
    assert_eq!(number_after(next, "limit: "), last - first + 1, "{h2}");
}
