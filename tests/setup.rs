//! `mdsel setup claude [--write]`: printing, and merging into a project's config
//! (the other hosts are in `setup_hosts.rs`).

use crate::common;

use std::path::Path;
use std::process::Output;

use common::bin::Mdsel;
use common::scratch::Scratch;
use serde_json::{Value, json};

fn setup(dir: &Path, args: &[&str]) -> Output {
    Mdsel::new(&["setup", "claude"])
        .args(args)
        .cwd(dir)
        .output()
}

fn read_json(dir: &Scratch, name: &str) -> Value {
    serde_json::from_str(&dir.read(name)).unwrap()
}

fn server() -> Value {
    json!({"type": "stdio", "command": "mdsel", "args": ["mcp"], "alwaysLoad": true})
}

fn hook() -> Value {
    json!({"matcher": "Read", "hooks": [{"type": "command", "command": "mdsel hook claude"}]})
}

/// `setup claude --write` in `dir` succeeded, and each file holds mdsel's
/// entry alone.
fn assert_wrote_only_mdsel(dir: &Scratch, out: &Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        read_json(dir, ".mcp.json"),
        json!({"mcpServers": {"mdsel": server()}})
    );
    assert_eq!(
        read_json(dir, ".claude/settings.json"),
        json!({"hooks": {"PreToolUse": [hook()]}})
    );
}

#[test]
fn prints_both_snippets_and_writes_nothing() {
    let dir = Scratch::new("setup");
    let out = setup(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    // Each snippet is valid JSON, and is what --write would merge.
    let blocks: Vec<Value> = text
        .split("\n\n")
        .filter_map(|part| {
            let json: String = part
                .lines()
                .filter(|l| !l.starts_with('#'))
                .collect::<Vec<_>>()
                .join("\n");
            serde_json::from_str(&json).ok()
        })
        .collect();
    assert_eq!(
        blocks,
        [
            json!({"mcpServers": {"mdsel": server()}}),
            json!({"hooks": {"PreToolUse": [hook()]}})
        ]
    );
    assert!(text.contains(".mcp.json") && text.contains(".claude/settings.json"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn write_creates_both_files_in_an_empty_project() {
    let dir = Scratch::new("setup");
    assert_wrote_only_mdsel(&dir, &setup(dir.path(), &["--write"]));
    assert!(!dir.join(".mcp.json.bak").exists(), "nothing to back up");
    let names: Vec<String> = std::fs::read_dir(dir.join(".claude"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["settings.json"], "no temporary file left behind");
}

#[test]
fn write_merges_and_keeps_every_other_setting_in_order() {
    let dir = Scratch::new("setup");
    let mcp_before = r#"{
  "zeta": 1,
  "mcpServers": {
    "other": {"command": "other-server", "args": ["--flag"], "env": {"TOKEN": "x"}}
  },
  "alpha": [true, null, 2.5]
}"#;
    let settings_before = r#"{
  "permissions": {"allow": ["Bash(ls:*)"], "deny": []},
  "model": "some-model",
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "audit.sh"}]}
    ],
    "PostToolUse": [
      {"matcher": "Edit", "hooks": [{"type": "command", "command": "fmt.sh"}]}
    ]
  },
  "env": {"A": "1"}
}"#;
    dir.write(".mcp.json", mcp_before);
    dir.write(".claude/settings.json", settings_before);

    let out = setup(dir.path(), &["--write"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let mut want: Value = serde_json::from_str(mcp_before).unwrap();
    want["mcpServers"]["mdsel"] = server();
    let got = read_json(&dir, ".mcp.json");
    assert_eq!(got, want);
    let keys: Vec<&String> = got.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["zeta", "mcpServers", "alpha"], "key order kept");

    let mut want: Value = serde_json::from_str(settings_before).unwrap();
    want["hooks"]["PreToolUse"]
        .as_array_mut()
        .unwrap()
        .push(hook());
    let got = read_json(&dir, ".claude/settings.json");
    assert_eq!(got, want);
    let keys: Vec<&String> = got.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["permissions", "model", "hooks", "env"],
        "key order kept"
    );

    // The originals are kept byte for byte.
    assert_eq!(dir.read(".mcp.json.bak"), mcp_before);
    assert_eq!(dir.read(".claude/settings.json.bak"), settings_before);
}

#[test]
fn write_twice_changes_nothing_the_second_time() {
    let dir = Scratch::new("setup");
    assert!(setup(dir.path(), &["--write"]).status.success());
    let mcp = dir.read(".mcp.json");
    let settings = dir.read(".claude/settings.json");
    let out = setup(dir.path(), &["--write"]);
    assert!(out.status.success());
    assert_eq!(dir.read(".mcp.json"), mcp);
    assert_eq!(dir.read(".claude/settings.json"), settings);
    assert!(
        !dir.join(".mcp.json.bak").exists(),
        "unchanged files are not rewritten"
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches("already set up").count(), 2, "{text}");
}

#[test]
fn an_existing_mdsel_entry_keeps_what_the_user_wrote_and_gains_always_load() {
    let dir = Scratch::new("setup");
    let custom = r#"{"mcpServers": {"mdsel": {"command": "/opt/mdsel", "args": ["mcp", "--root", "../docs"]}}}"#;
    dir.write(".mcp.json", custom);
    let settings = r#"{"hooks": {"PreToolUse": [{"matcher": "Read|Grep", "hooks": [{"type": "command", "command": "mdsel hook claude", "timeout": 5}]}]}}"#;
    dir.write(".claude/settings.json", settings);
    assert!(setup(dir.path(), &["--write"]).status.success());
    // An entry from before gains `alwaysLoad`, and only that.
    let upgraded: Value = serde_json::from_str(&dir.read(".mcp.json")).unwrap();
    let want = json!({"mcpServers": {"mdsel": {"command": "/opt/mdsel", "args": ["mcp", "--root", "../docs"], "alwaysLoad": true}}});
    assert_eq!(upgraded, want);
    assert_eq!(dir.read(".claude/settings.json"), settings);
    // Once there, nothing more is written: not even the file.
    let before = dir.read(".mcp.json");
    assert!(setup(dir.path(), &["--write"]).status.success());
    assert_eq!(dir.read(".mcp.json"), before);
    // A value the user set is theirs.
    let off =
        r#"{"mcpServers": {"mdsel": {"command": "mdsel", "args": ["mcp"], "alwaysLoad": false}}}"#;
    dir.write(".mcp.json", off);
    assert!(setup(dir.path(), &["--write"]).status.success());
    assert_eq!(dir.read(".mcp.json"), off);
}

#[test]
fn invalid_json_is_refused_and_nothing_is_touched() {
    for (broken_file, broken) in [
        (".mcp.json", "{\"mcpServers\": {,}"),
        (".claude/settings.json", "// comments are not JSON\n{}"),
        (".mcp.json", "[1, 2]"),
        (".mcp.json", "{\"mcpServers\": []}"),
        (".claude/settings.json", "{\"hooks\": {\"PreToolUse\": {}}}"),
    ] {
        let dir = Scratch::new("setup");
        let fine = "{\"keep\": true}";
        for file in [".mcp.json", ".claude/settings.json"] {
            let text = if file == broken_file { broken } else { fine };
            dir.write(file, text);
        }
        let out = setup(dir.path(), &["--write"]);
        assert_eq!(out.status.code(), Some(1), "{broken}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains(broken_file) && err.contains("Nothing was changed"),
            "{err}"
        );
        for file in [".mcp.json", ".claude/settings.json"] {
            let want = if file == broken_file { broken } else { fine };
            assert_eq!(dir.read(file), want, "{file} touched");
        }
        assert!(!dir.join(".mcp.json.bak").exists());
        assert!(!dir.join(".claude/settings.json.bak").exists());
    }
}

fn setup_with_path(dir: &Path, path: &Path) -> Output {
    Mdsel::new(&["setup", "claude", "--write"])
        .cwd(dir)
        .search_path(path)
        .output()
}

#[test]
fn warns_when_mdsel_is_not_on_path_and_writes_all_the_same() {
    let dir = Scratch::new("setup");
    let empty = Scratch::new("setup-path");
    let out = setup_with_path(dir.path(), empty.path());
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("warning: `mdsel` is not on PATH") && err.contains("Claude Code"),
        "{err}"
    );
    assert_eq!(
        read_json(&dir, ".mcp.json"),
        json!({"mcpServers": {"mdsel": server()}})
    );
    assert!(dir.join(".claude/settings.json").is_file());

    let dir = Scratch::new("setup");
    let bin = Scratch::new("setup-path");
    bin.executable("mdsel");
    let out = setup_with_path(dir.path(), bin.path());
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn an_empty_or_blank_config_file_counts_as_an_empty_object() {
    for blank in ["", " \n\t\r\n"] {
        let dir = Scratch::with(
            "setup",
            &[(".mcp.json", blank), (".claude/settings.json", blank)],
        );
        assert_wrote_only_mdsel(&dir, &setup(dir.path(), &["--write"]));
        // The blank originals are kept, as for any file that is replaced.
        assert_eq!(dir.read(".mcp.json.bak"), blank);
    }
}
