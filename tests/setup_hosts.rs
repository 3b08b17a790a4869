//! `mdsel setup <host>` for every host: the snippet, and the merge into a fresh
//! project, an existing configuration, one already set up, and an invalid file;
//! `--user` writes each host's user settings and nothing in the project.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::bin::Mdsel;
use common::scratch::Scratch;
use serde_json::{Value, json};

/// A host, its project files, a configuration a user already has in each, and
/// what each file holds after the merge.
pub(crate) struct Host {
    pub(crate) name: &'static str,
    files: &'static [&'static str],
    existing: &'static [&'static str],
    merged: fn() -> Vec<Value>,
    /// Per file: text that parses but holds the wrong kind where mdsel goes.
    wrong_kind: &'static [&'static str],
}

/// Every host `mdsel setup` knows is in [`HOSTS`] or here, with where its
/// project files are tested instead (`tests/lists.rs` holds the two to the
/// binary's table of hosts).
pub(crate) const TESTED_ELSEWHERE: [(&str, &str); 2] = [
    ("claude", "tests/setup.rs and tests/setup_outline.rs"),
    ("claude-desktop", "no project settings: USER_FILES only"),
];

pub(crate) const HOSTS: [Host; 6] = [
    Host {
        name: "cursor",
        files: &[".cursor/mcp.json", ".cursor/hooks.json"],
        existing: &[
            r#"{"z": 1, "mcpServers": {"other": {"command": "o", "args": []}}}"#,
            r#"{"version": 1, "hooks": {"afterFileEdit": [{"command": "./format.sh"}], "postToolUse": [{"command": "audit.sh"}]}}"#,
        ],
        merged: || {
            vec![
                json!({"z": 1, "mcpServers": {"other": {"command": "o", "args": []},
                    "mdsel": {"command": "mdsel", "args": ["mcp"]}}}),
                json!({"version": 1, "hooks": {"afterFileEdit": [{"command": "./format.sh"}],
                    "postToolUse": [{"command": "audit.sh"},
                        {"command": "mdsel hook cursor", "matcher": "Read"}]}}),
            ]
        },
        wrong_kind: &[r#"{"mcpServers": []}"#, r#"{"hooks": {"postToolUse": {}}}"#],
    },
    Host {
        name: "vscode",
        files: &[".vscode/mcp.json", ".claude/settings.json"],
        existing: &[
            r#"{"inputs": [], "servers": {"github": {"type": "http", "url": "https://example.com/mcp"}}}"#,
            r#"{"permissions": {"allow": ["Bash(ls:*)"]}, "hooks": {"PostToolUse": []}}"#,
        ],
        merged: || {
            vec![
                json!({"inputs": [], "servers": {
                    "github": {"type": "http", "url": "https://example.com/mcp"},
                    "mdsel": {"type": "stdio", "command": "mdsel",
                        "args": ["mcp", "--root", "${workspaceFolder}"],
                        "env": {"MDSEL_MAX_WORDS": "480"}}}}),
                json!({"permissions": {"allow": ["Bash(ls:*)"]}, "hooks": {"PostToolUse": [],
                    "PreToolUse": [{"matcher": "Read",
                        "hooks": [{"type": "command", "command": "mdsel hook claude"}]}]}}),
            ]
        },
        wrong_kind: &[r#"{"servers": 1}"#, r#"{"hooks": []}"#],
    },
    Host {
        name: "gemini",
        files: &[".gemini/settings.json"],
        existing: &[
            r#"{"theme": "Dracula", "mcpServers": {"other": {"command": "o"}}, "hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [{"type": "command", "command": "check.sh"}]}]}}"#,
        ],
        merged: || {
            vec![json!({"theme": "Dracula",
                "mcpServers": {"other": {"command": "o"},
                    "mdsel": {"command": "mdsel", "args": ["mcp"]}},
                "hooks": {
                    "BeforeTool": [{"matcher": "write_file",
                        "hooks": [{"type": "command", "command": "check.sh"}]}],
                    "AfterTool": [{"matcher": "read_file", "hooks": [
                        {"name": "mdsel", "type": "command", "command": "mdsel hook gemini"}]}]}})]
        },
        wrong_kind: &[r#"{"hooks": {"AfterTool": "x"}}"#],
    },
    Host {
        name: "codex",
        files: &[".codex/config.toml"],
        existing: &[
            "# my codex settings\nmodel = \"o3\" # fast enough\n\n[mcp_servers.docs]\n# the docs server\ncommand = \"docs-server\"\n",
        ],
        merged: || {
            vec![json!({"model": "o3", "mcp_servers": {
                "docs": {"command": "docs-server"},
                "mdsel": {"command": "mdsel", "args": ["mcp"],
                    "env": {"MDSEL_MAX_WORDS": "600"}}}})]
        },
        wrong_kind: &["mcp_servers = 3\n"],
    },
    Host {
        name: "copilot",
        files: &[".github/mcp.json"],
        existing: &[
            r#"{"mcpServers": {"playwright": {"type": "local", "command": "npx", "args": ["@playwright/mcp@latest"], "tools": ["*"]}}, "z": 1}"#,
        ],
        merged: || {
            vec![json!({"mcpServers": {
                "playwright": {"type": "local", "command": "npx",
                    "args": ["@playwright/mcp@latest"], "tools": ["*"]},
                "mdsel": {"type": "local", "command": "mdsel", "args": ["mcp"],
                    "env": {"MDSEL_MAX_WORDS": "600"}, "tools": ["*"]}}, "z": 1})]
        },
        wrong_kind: &[r#"{"mcpServers": {"mdsel": {"env": 3}}}"#],
    },
    Host {
        name: "opencode",
        files: &["opencode.json"],
        existing: &[
            r#"{"$schema": "https://opencode.ai/config.json", "model": "x/y", "mcp": {"other": {"type": "remote", "url": "https://example.com"}}}"#,
        ],
        merged: || {
            vec![
                json!({"$schema": "https://opencode.ai/config.json", "model": "x/y",
                "mcp": {"other": {"type": "remote", "url": "https://example.com"},
                    "mdsel": {"type": "local", "command": ["mdsel", "mcp"], "enabled": true}}}),
            ]
        },
        wrong_kind: &[r#"{"mcp": []}"#],
    },
];

/// A scratch project, a scratch home, and a PATH with an `mdsel` on it.
struct Project {
    project: Scratch,
    home: Scratch,
}

impl Project {
    fn new() -> Project {
        let home = Scratch::new("setup-home");
        home.executable("bin/mdsel");
        Project {
            project: Scratch::new("setup-project"),
            home,
        }
    }

    fn setup(&self, host: &str, args: &[&str]) -> Output {
        let home = self.home.path();
        Mdsel::new(&["setup", host])
            .args(args)
            .cwd(self.project.path())
            .env("HOME", home)
            .env("USERPROFILE", home)
            .env("XDG_CONFIG_HOME", home.join("xdg"))
            .env("APPDATA", home.join("appdata"))
            .env_remove("CODEX_HOME")
            .env_remove("COPILOT_HOME")
            .search_path(&home.join("bin"))
            .output()
    }

    fn file(&self, rel: &str) -> PathBuf {
        self.project.join(rel)
    }
}

fn ok(out: &Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn parse(path: &str, text: &str) -> Value {
    if path.ends_with(".toml") {
        let table: toml_edit::DocumentMut = text.parse().unwrap();
        toml_to_json(table.as_item())
    } else {
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{path}: {e}\n{text}"))
    }
}

fn toml_to_json(item: &toml_edit::Item) -> Value {
    use toml_edit::Item;
    match item {
        Item::Table(t) => Value::Object(
            t.iter()
                .map(|(k, v)| (k.to_owned(), toml_to_json(v)))
                .collect(),
        ),
        Item::Value(v) => toml_value(v),
        _ => Value::Null,
    }
}

fn toml_value(v: &toml_edit::Value) -> Value {
    use toml_edit::Value as T;
    match v {
        T::String(s) => json!(s.value()),
        T::Integer(i) => json!(i.value()),
        T::Boolean(b) => json!(b.value()),
        T::Array(a) => Value::Array(a.iter().map(toml_value).collect()),
        T::InlineTable(t) => Value::Object(
            t.iter()
                .map(|(k, v)| (k.to_owned(), toml_value(v)))
                .collect(),
        ),
        other => json!(other.to_string()),
    }
}

/// The printed snippets: (file, content) per `# file (what)` block.
fn snippets(stdout: &str) -> Vec<(String, String)> {
    stdout
        .split("\n\n")
        .filter_map(|part| {
            let header = part.lines().next()?.strip_prefix("# ")?;
            let body: Vec<&str> = part.lines().skip(1).collect();
            if body.is_empty() || body.iter().all(|l| l.starts_with('#')) {
                return None;
            }
            let file = header.split(" (").next()?.to_owned();
            Some((file, body.join("\n") + "\n"))
        })
        .collect()
}

#[test]
fn snippets_are_exactly_what_write_creates_in_a_fresh_project() {
    for host in &HOSTS {
        let s = Project::new();
        let printed = ok(&s.setup(host.name, &[]));
        assert_eq!(
            std::fs::read_dir(s.project.path()).unwrap().count(),
            0,
            "{}: printing writes nothing",
            host.name
        );
        let blocks = snippets(&printed);
        let files: Vec<&str> = blocks.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(files, host.files, "{printed}");
        assert!(printed.contains(&format!("`mdsel setup {} --write`", host.name)));

        let report = ok(&s.setup(host.name, &["--write"]));
        for (file, content) in &blocks {
            assert!(report.contains(&format!("{file}: created")), "{report}");
            let written = s.project.read(file);
            assert_eq!(&written, content, "{}: {file}", host.name);
            parse(file, &written);
        }
    }
}

#[test]
fn write_merges_into_an_existing_configuration_keeping_it() {
    for host in &HOSTS {
        let s = Project::new();
        for (file, text) in host.files.iter().zip(host.existing) {
            s.project.write(file, text);
        }
        let report = ok(&s.setup(host.name, &["--write"]));
        for ((file, before), want) in host.files.iter().zip(host.existing).zip((host.merged)()) {
            assert!(report.contains(&format!("{file}: updated")), "{report}");
            let after = s.project.read(file);
            let got = parse(file, &after);
            assert_eq!(got, want, "{}: {file}\n{after}", host.name);
            if let (Some(got), Some(before)) = (got.as_object(), parse(file, before).as_object()) {
                let order: Vec<&String> = got.keys().take(before.len()).collect();
                let was: Vec<&String> = before.keys().collect();
                assert_eq!(order, was, "{}: {file}: key order kept", host.name);
            }
            let backup = s.project.read(&format!("{file}.bak"));
            assert_eq!(&backup, before, "{}: {file}.bak", host.name);
        }
    }
}

#[test]
fn codex_comments_survive_the_merge() {
    let s = Project::new();
    let before = HOSTS[3].existing[0];
    s.project.write(".codex/config.toml", before);
    ok(&s.setup("codex", &["--write"]));
    let after = s.project.read(".codex/config.toml");
    assert!(after.starts_with(before), "{after}");
    assert!(
        after.ends_with(
            "[mcp_servers.mdsel]\ncommand = \"mdsel\"\nargs = [\"mcp\"]\nenv = { MDSEL_MAX_WORDS = \"600\" }\n"
        ),
        "{after}"
    );
}

#[test]
fn writing_twice_changes_nothing_the_second_time() {
    for host in &HOSTS {
        let s = Project::new();
        ok(&s.setup(host.name, &["--write"]));
        let first: Vec<String> = host.files.iter().map(|f| s.project.read(f)).collect();
        let report = ok(&s.setup(host.name, &["--write"]));
        assert_eq!(
            report.matches("already set up").count(),
            host.files.len(),
            "{report}"
        );
        for (file, before) in host.files.iter().zip(&first) {
            assert_eq!(&s.project.read(file), before, "{}: {file}", host.name);
            assert!(
                !s.file(&format!("{file}.bak")).exists(),
                "{}: {file}",
                host.name
            );
        }
    }
}

#[test]
fn invalid_files_are_refused_and_nothing_is_touched() {
    for host in &HOSTS {
        for (i, broken_file) in host.files.iter().enumerate() {
            let not_parsable = if broken_file.ends_with(".toml") {
                "[mcp_servers\n"
            } else {
                "{\"a\": {,}"
            };
            for broken in [not_parsable, host.wrong_kind[i]] {
                let s = Project::new();
                let fine: Vec<&str> = host
                    .files
                    .iter()
                    .map(|f| {
                        if f.ends_with(".toml") {
                            "x = 1\n"
                        } else {
                            "{\"keep\": true}"
                        }
                    })
                    .collect();
                for (j, file) in host.files.iter().enumerate() {
                    s.project.write(file, if i == j { broken } else { fine[j] });
                }
                let out = s.setup(host.name, &["--write"]);
                let err = String::from_utf8_lossy(&out.stderr);
                assert_eq!(out.status.code(), Some(1), "{}: {broken}: {err}", host.name);
                assert!(
                    err.contains(broken_file) && err.contains("Nothing was changed"),
                    "{err}"
                );
                assert!(out.stdout.is_empty());
                for (j, file) in host.files.iter().enumerate() {
                    let want = if i == j { broken } else { fine[j] };
                    assert_eq!(s.project.read(file), want, "{}: {file}", host.name);
                    assert!(!s.file(&format!("{file}.bak")).exists());
                }
            }
        }
    }
}

/// Each host's user settings files, under the scratch home (`@`: under the
/// platform's application data folder).
pub(crate) const USER_FILES: [(&str, &[&str]); 8] = [
    ("claude", &[".claude.json", ".claude/settings.json"]),
    ("claude-desktop", &["@Claude/claude_desktop_config.json"]),
    ("cursor", &[".cursor/mcp.json", ".cursor/hooks.json"]),
    ("vscode", &["@Code/User/mcp.json", ".claude/settings.json"]),
    ("gemini", &[".gemini/settings.json"]),
    ("codex", &[".codex/config.toml"]),
    ("copilot", &[".copilot/mcp-config.json"]),
    ("opencode", &["xdg/opencode/opencode.json"]),
];

#[test]
fn user_settings_go_to_each_hosts_own_place() {
    let app_data = |home: &Path| {
        if cfg!(windows) {
            home.join("appdata")
        } else if cfg!(target_os = "macos") {
            home.join("Library/Application Support")
        } else {
            home.join("xdg")
        }
    };
    for (host, files) in USER_FILES {
        let s = Project::new();
        let home = s.home.path();
        let printed = ok(&s.setup(host, &["--user"]));
        assert!(
            printed.contains(&format!("`mdsel setup {host} --user --write`")),
            "{printed}"
        );
        let report = ok(&s.setup(host, &["--user", "--write"]));
        for file in files {
            let path = match file.strip_prefix('@') {
                Some(rest) => app_data(home).join(rest),
                None => home.join(file),
            };
            assert!(
                path.is_file(),
                "{host}: {} missing\n{report}",
                path.display()
            );
            assert!(
                report.contains(&format!("{}: created", path.display())),
                "{report}"
            );
            assert!(
                printed.contains(&format!("# {} (", path.display())),
                "{printed}"
            );
        }
        assert_eq!(
            std::fs::read_dir(s.project.path()).unwrap().count(),
            0,
            "{host}"
        );
    }
}

#[test]
fn claude_desktop_names_the_binary_by_its_full_path() {
    let s = Project::new();
    let printed = ok(&s.setup("claude-desktop", &[]));
    let (_, content) = snippets(&printed).remove(0);
    let value: Value = serde_json::from_str(&content).unwrap();
    let command = value["mcpServers"]["mdsel"]["command"].as_str().unwrap();
    assert_eq!(
        Path::new(command),
        s.home
            .path()
            .join("bin")
            .join(if cfg!(windows) { "mdsel.exe" } else { "mdsel" })
    );
    assert_eq!(value["mcpServers"]["mdsel"]["args"], json!(["mcp"]));
}

/// Issue 51: an entry an earlier setup wrote gains the budget each host needs
/// to keep its answers inline (and Copilot CLI's entry every tool), and a
/// budget the user set stays.
#[test]
fn an_earlier_entry_gains_the_hosts_budget() {
    let cases = [
        (
            "vscode",
            ".vscode/mcp.json",
            "servers",
            json!({"type": "stdio", "command": "mdsel", "args": ["mcp"]}),
            json!({"type": "stdio", "command": "mdsel", "args": ["mcp"],
                "env": {"MDSEL_MAX_WORDS": "480"}}),
        ),
        (
            "copilot",
            ".github/mcp.json",
            "mcpServers",
            json!({"type": "local", "command": "mdsel", "args": ["mcp"]}),
            json!({"type": "local", "command": "mdsel", "args": ["mcp"],
                "tools": ["*"], "env": {"MDSEL_MAX_WORDS": "600"}}),
        ),
    ];
    for (host, file, key, before, after) in cases {
        let s = Project::new();
        s.project
            .write(file, json!({key: {"mdsel": before}}).to_string());
        ok(&s.setup(host, &["--write"]));
        assert_eq!(
            parse(file, &s.project.read(file)),
            json!({key: {"mdsel": after}}),
            "{host}"
        );
        let mine = json!({key: {"mdsel": {"command": "mdsel", "env": {"MDSEL_MAX_WORDS": "300"}, "tools": ["*"]}}});
        let s = Project::new();
        s.project.write(file, mine.to_string());
        let report = ok(&s.setup(host, &["--write"]));
        assert!(report.contains("already set up"), "{host}: {report}");
        assert_eq!(parse(file, &s.project.read(file)), mine, "{host}");
    }
}
