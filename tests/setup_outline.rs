//! `mdsel setup claude --outline [--write]`: the hook in outline mode (docs/hook.md,
//! "Outline mode"). The mode asked for is what ends up in
//! `.claude/settings.json`: an mdsel hook of the other mode is switched in
//! place, everything else kept, never a second entry. VS Code's set-up, which
//! shares the file, leaves either mode be.

use crate::common;

use std::path::Path;
use std::process::Output;

use common::bin::Mdsel;
use common::scratch::Scratch;
use serde_json::{Value, json};

const PLAIN: &str = "mdsel hook claude";
const OUTLINE: &str = "mdsel hook claude --outline";

fn setup(dir: &Path, args: &[&str]) -> Output {
    let out = Mdsel::new(&["setup"]).args(args).cwd(dir).output();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn settings(dir: &Scratch) -> Value {
    serde_json::from_str(&dir.read(".claude/settings.json")).unwrap()
}

fn hook(command: &str) -> Value {
    json!({"matcher": "Read", "hooks": [{"type": "command", "command": command}]})
}

/// Settings with other hooks and keys around an mdsel hook running `command`.
fn busy(command: &str) -> String {
    format!(
        r#"{{
  "model": "m",
  "hooks": {{
    "PreToolUse": [
      {{"matcher": "Bash", "hooks": [{{"type": "command", "command": "audit.sh"}}]}},
      {{"matcher": "Read|Grep", "hooks": [{{"type": "command", "command": "{command}", "timeout": 5}}]}}
    ],
    "PostToolUse": [{{"matcher": "Edit", "hooks": [{{"type": "command", "command": "fmt.sh"}}]}}]
  }},
  "env": {{"A": "1"}}
}}"#
    )
}

#[test]
fn outline_prints_and_writes_the_hook_with_the_flag() {
    let dir = Scratch::new("setup-outline");
    let text = String::from_utf8(setup(dir.path(), &["claude", "--outline"]).stdout).unwrap();
    assert!(
        text.contains(&format!("\"command\": \"{OUTLINE}\"")),
        "{text}"
    );
    assert!(
        text.contains("`mdsel setup claude --outline --write`"),
        "{text}"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "printing writes nothing"
    );
    setup(dir.path(), &["claude", "--outline", "--write"]);
    assert_eq!(
        settings(&dir),
        json!({"hooks": {"PreToolUse": [hook(OUTLINE)]}})
    );
    let out = setup(dir.path(), &["claude", "--outline", "--write"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches("already set up").count(), 2, "{text}");
}

#[test]
fn switching_modes_rewrites_the_mdsel_hook_in_place() {
    let dir = Scratch::new("setup-outline");
    dir.write(".claude/settings.json", busy(PLAIN));
    setup(dir.path(), &["claude", "--outline", "--write"]);
    let want: Value = serde_json::from_str(&busy(OUTLINE)).unwrap();
    let got = settings(&dir);
    assert_eq!(
        got, want,
        "upgraded in place: matcher, timeout and neighbours kept"
    );
    let keys: Vec<&String> = got.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["model", "hooks", "env"]);
    assert_eq!(dir.read(".claude/settings.json.bak"), busy(PLAIN));
    // Without the flag, the reminder is what was asked for: switched back.
    setup(dir.path(), &["claude", "--write"]);
    let want: Value = serde_json::from_str(&busy(PLAIN)).unwrap();
    assert_eq!(settings(&dir), want);
}

#[test]
fn vscode_leaves_an_outline_hook_as_it_is() {
    let dir = Scratch::new("setup-outline");
    setup(dir.path(), &["claude", "--outline", "--write"]);
    let before = dir.read(".claude/settings.json");
    setup(dir.path(), &["vscode", "--write"]);
    assert_eq!(dir.read(".claude/settings.json"), before);
}

#[test]
fn outline_is_refused_for_hosts_without_it() {
    let hosts = common::bin::setup_hosts();
    for host in hosts.iter().filter(|h| *h != "claude") {
        let host = host.as_str();
        let dir = Scratch::new("setup-outline");
        let out = Mdsel::new(&["setup", host, "--outline", "--write"])
            .cwd(dir.path())
            .output();
        assert_eq!(out.status.code(), Some(2), "{host}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("mdsel setup claude --outline"),
            "{host}: {err}"
        );
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "{host}");
    }
}
