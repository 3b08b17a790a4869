//! The Claude Code plugin (`.claude-plugin/marketplace.json` and
//! `plugins/claude/`) and the Gemini CLI extension (`gemini-extension.json`,
//! `hooks/`, `skills/`): every file parses, names files that exist, carries the
//! crate's version, and configures exactly what `mdsel setup` writes. The
//! hosts' own validators run in `scripts/validate-bundles`.

use crate::common;

use common::bin::{Mdsel, root};
use common::scratch::Scratch;
use serde_json::Value;

fn json(rel: &str) -> Value {
    let path = root().join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// What `mdsel setup <host> --write` writes to `file` in a fresh project.
fn setup_writes(host: &str, file: &str) -> Value {
    let dir = Scratch::new("bundles");
    let out = Mdsel::new(&["setup", host, "--write"])
        .cwd(dir.path())
        .output();
    assert!(out.status.success());
    serde_json::from_str(&dir.read(file)).unwrap()
}

#[test]
fn the_claude_plugin_is_what_setup_claude_writes() {
    let market = json(".claude-plugin/marketplace.json");
    assert_eq!(market["name"], "mdsel");
    assert!(market["owner"]["name"].is_string());
    let entry = &market["plugins"][0];
    assert_eq!(market["plugins"].as_array().unwrap().len(), 1);
    let source = entry["source"].as_str().unwrap();
    assert_eq!(source, "./plugins/claude");
    let plugin = json("plugins/claude/.claude-plugin/plugin.json");
    assert_eq!(plugin["name"], entry["name"]);
    assert_eq!(plugin["version"], env!("CARGO_PKG_VERSION"));

    let mcp = setup_writes("claude", ".mcp.json");
    assert_eq!(json("plugins/claude/.mcp.json"), mcp);
    let settings = setup_writes("claude", ".claude/settings.json");
    assert_eq!(
        json("plugins/claude/hooks/hooks.json")["hooks"],
        settings["hooks"]
    );
}

#[test]
fn the_gemini_extension_is_what_setup_gemini_writes() {
    let manifest = json("gemini-extension.json");
    assert_eq!(manifest["name"], "mdsel");
    assert_eq!(manifest["version"], env!("CARGO_PKG_VERSION"));
    let settings = setup_writes("gemini", ".gemini/settings.json");
    assert_eq!(manifest["mcpServers"], settings["mcpServers"]);
    // Gemini CLI reads an extension's hooks from hooks/hooks.json only.
    assert_eq!(json("hooks/hooks.json")["hooks"], settings["hooks"]);
    assert!(manifest.get("hooks").is_none());
}

#[test]
fn both_bundles_carry_the_skill_unchanged() {
    let skill = std::fs::read(root().join("SKILL.md")).unwrap();
    for copy in [
        "plugins/claude/skills/mdsel/SKILL.md",
        "skills/mdsel/SKILL.md",
    ] {
        let bundled = std::fs::read(root().join(copy)).unwrap();
        assert!(
            bundled == skill,
            "{copy} differs from SKILL.md: copy it again"
        );
    }
}
