//! `mdsel setup claude`: the Claude Code configuration for the MCP server and
//! the hook, printed, or merged into the project with `--write`.
//!
//! Merging never loses a setting: other keys are kept in their order, an
//! existing `mdsel` server entry is left as it is, and the hook is added once.
//! A file that is not valid JSON is refused and left untouched (and then
//! neither file is written). Each changed file is first copied to `<name>.bak`,
//! then replaced through a temporary file and a rename.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{Map, Value, json};

/// Where Claude Code reads project MCP servers.
pub const MCP_FILE: &str = ".mcp.json";
/// Where Claude Code reads project settings, hooks included.
pub const SETTINGS_FILE: &str = ".claude/settings.json";
/// The hook's command line.
pub const HOOK_COMMAND: &str = "mdsel hook claude";

/// The `mcpServers.mdsel` entry.
pub fn server_entry() -> Value {
    json!({"type": "stdio", "command": "mdsel", "args": ["mcp"]})
}

/// One `hooks.PreToolUse` entry.
pub fn hook_entry() -> Value {
    json!({"matcher": "Read", "hooks": [{"type": "command", "command": HOOK_COMMAND}]})
}

/// Runs `mdsel setup claude [--write]` in the working directory.
pub fn main(write: bool) -> ExitCode {
    let mut out = io::stdout().lock();
    let result = if write {
        merge_into(Path::new(""), &mut out)
    } else {
        print_snippets(&mut out).map_err(|e| e.to_string())
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = out.flush();
            eprintln!("mdsel setup: {message}");
            ExitCode::from(1)
        }
    }
}

fn print_snippets(out: &mut impl Write) -> io::Result<()> {
    let mcp = json!({"mcpServers": {"mdsel": server_entry()}});
    let settings = json!({"hooks": {"PreToolUse": [hook_entry()]}});
    writeln!(
        out,
        "# {MCP_FILE} (the MCP server: tools mdsel_index, mdsel_select)"
    )?;
    writeln!(out, "{}", pretty(&mcp))?;
    writeln!(out)?;
    writeln!(
        out,
        "# {SETTINGS_FILE} (the hook: a reminder before Read of a big Markdown file)"
    )?;
    writeln!(out, "{}", pretty(&settings))?;
    writeln!(out)?;
    writeln!(
        out,
        "# `mdsel setup claude --write` merges both into this project, keeping"
    )?;
    writeln!(
        out,
        "# every other setting and a .bak copy of each file it changes."
    )
}

/// Merges both entries into the project at `dir`, reporting each file on `out`.
pub fn merge_into(dir: &Path, out: &mut impl Write) -> Result<(), String> {
    let mcp_path = dir.join(MCP_FILE);
    let settings_path = dir.join(SETTINGS_FILE);
    // Read and check both before writing either: a refusal leaves both untouched.
    let mcp = load(&mcp_path)?;
    let settings = load(&settings_path)?;
    let mcp_changed = add_server(mcp.value.clone(), &mcp_path)?;
    let settings_changed = add_hook(settings.value.clone(), &settings_path)?;
    for (path, file, changed) in [
        (&mcp_path, &mcp, mcp_changed),
        (&settings_path, &settings, settings_changed),
    ] {
        let shown = path.strip_prefix(dir).unwrap_or(path).display();
        match changed {
            None => writeln!(out, "{shown}: already set up, left as it is"),
            Some(value) => {
                save(path, file, &value)?;
                if file.existed {
                    writeln!(out, "{shown}: updated (previous version in {shown}.bak)")
                } else {
                    writeln!(out, "{shown}: created")
                }
            }
        }
        .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// A configuration file as found: its JSON (an empty object if absent).
struct Loaded {
    value: Value,
    existed: bool,
    /// The real file to replace (a symlinked config is written through).
    target: PathBuf,
}

fn load(path: &Path) -> Result<Loaded, String> {
    let target = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    match fs::read(&target) {
        Ok(bytes) => {
            let value: Value = serde_json::from_slice(&bytes).map_err(|e| {
                format!(
                    "{} is not valid JSON ({e}); fix it or move it aside, then run again. Nothing was changed.",
                    path.display()
                )
            })?;
            if !value.is_object() {
                return Err(format!(
                    "{} does not hold a JSON object; fix it or move it aside, then run again. Nothing was changed.",
                    path.display()
                ));
            }
            Ok(Loaded {
                value,
                existed: true,
                target,
            })
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Loaded {
            value: Value::Object(Map::new()),
            existed: false,
            target,
        }),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

/// Adds `mcpServers.mdsel` unless present. `None`: nothing to change.
fn add_server(mut root: Value, path: &Path) -> Result<Option<Value>, String> {
    let servers = object_at(&mut root, "mcpServers", path)?;
    if servers.contains_key("mdsel") {
        return Ok(None);
    }
    servers.insert("mdsel".to_owned(), server_entry());
    Ok(Some(root))
}

/// Adds the `PreToolUse` hook unless some entry already runs it.
fn add_hook(mut root: Value, path: &Path) -> Result<Option<Value>, String> {
    let hooks = object_at(&mut root, "hooks", path)?;
    let pre = hooks
        .entry("PreToolUse")
        .or_insert_with(|| Value::Array(Vec::new()));
    let Value::Array(entries) = pre else {
        return Err(format!(
            "{}: hooks.PreToolUse is not a list; fix it, then run again. Nothing was changed.",
            path.display()
        ));
    };
    let present = entries.iter().any(|entry| {
        entry
            .get("hooks")
            .and_then(Value::as_array)
            .is_some_and(|hs| {
                hs.iter()
                    .any(|h| h.get("command").and_then(Value::as_str) == Some(HOOK_COMMAND))
            })
    });
    if present {
        return Ok(None);
    }
    entries.push(hook_entry());
    Ok(Some(root))
}

/// The object under `key` in `root`, created if absent.
fn object_at<'a>(
    root: &'a mut Value,
    key: &str,
    path: &Path,
) -> Result<&'a mut Map<String, Value>, String> {
    let map = root.as_object_mut().expect("checked when loaded");
    match map.entry(key).or_insert_with(|| Value::Object(Map::new())) {
        Value::Object(inner) => Ok(inner),
        _ => Err(format!(
            "{}: \"{key}\" is not an object; fix it, then run again. Nothing was changed.",
            path.display()
        )),
    }
}

/// Backs up the old file, then replaces it atomically (temp file + rename).
fn save(path: &Path, file: &Loaded, value: &Value) -> Result<(), String> {
    let target = &file.target;
    let fail = |what: &str, e: io::Error| format!("cannot {what} {}: {e}", path.display());
    if let Some(parent) = target.parent() {
        fs::create_dir_all(parent).map_err(|e| fail("create the folder of", e))?;
    }
    if file.existed {
        fs::copy(target, backup_path(target)).map_err(|e| fail("back up", e))?;
    }
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    let tmp = target.with_file_name(format!(".{name}.mdsel-{}.tmp", std::process::id()));
    let written = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(pretty(value).as_bytes())?;
        f.write_all(b"\n")?;
        if file.existed {
            f.set_permissions(fs::metadata(target)?.permissions())?;
        }
        f.sync_all()?;
        fs::rename(&tmp, target)
    })();
    written.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        fail("write", e)
    })
}

fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    path.with_file_name(name)
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).expect("a JSON value always serializes")
}
