//! Reading and writing a host's configuration file for `mdsel setup --write`.
//!
//! A file is read whole and parsed before anything is written; a file that does
//! not parse is refused with the reason, and nothing is touched. A changed file
//! is first copied to `<name>.bak`, then replaced through a temporary file and
//! a rename, keeping its permissions; a symlinked file is written through.
//! This module knows formats (JSON, TOML), never hosts.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};
use toml_edit::DocumentMut;

/// The two file formats hosts keep their settings in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A JSON object (`.mcp.json`, `settings.json`, `opencode.json`, ...).
    Json,
    /// A TOML document (Codex's `config.toml`), edited with its comments kept.
    Toml,
}

/// A parsed configuration document.
pub enum Doc {
    /// A JSON object, keys in file order.
    Json(Value),
    /// A TOML document, comments and layout included.
    Toml(DocumentMut),
}

impl Doc {
    /// An empty document of `format`: what a missing (or blank) file holds.
    pub fn empty(format: Format) -> Doc {
        match format {
            Format::Json => Doc::Json(Value::Object(Map::new())),
            Format::Toml => Doc::Toml(DocumentMut::new()),
        }
    }

    /// The text written to disk (and printed as a snippet).
    pub fn render(&self) -> String {
        match self {
            Doc::Json(value) => {
                let mut text =
                    serde_json::to_string_pretty(value).expect("a JSON value always serializes");
                text.push('\n');
                text
            }
            Doc::Toml(doc) => doc.to_string(),
        }
    }
}

/// A configuration file as found on disk.
pub struct Loaded {
    /// Its parsed contents (empty if the file does not exist).
    pub doc: Doc,
    /// Whether the file existed (so a `.bak` is due before replacing it).
    pub existed: bool,
    /// The real file to replace (a symlinked config is written through).
    target: PathBuf,
}

/// Reads and parses `path`. Absent, empty or blank files count as empty
/// documents; anything that does not parse is an error naming the file.
pub fn load(path: &Path, format: Format) -> Result<Loaded, String> {
    let target = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let bytes = match fs::read(&target) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(Loaded {
                doc: Doc::empty(format),
                existed: false,
                target,
            });
        }
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let refuse = |what: String| {
        format!(
            "{} {what}; fix it or move it aside, then run again. Nothing was changed.",
            path.display()
        )
    };
    let Ok(text) = std::str::from_utf8(&bytes) else {
        return Err(refuse("is not UTF-8 text".to_owned()));
    };
    let doc = if text.trim().is_empty() {
        Doc::empty(format)
    } else {
        match format {
            Format::Json => {
                let value: Value = serde_json::from_str(text)
                    .map_err(|e| refuse(format!("is not valid JSON ({e})")))?;
                if !value.is_object() {
                    return Err(refuse("does not hold a JSON object".to_owned()));
                }
                Doc::Json(value)
            }
            Format::Toml => Doc::Toml(
                text.parse::<DocumentMut>()
                    .map_err(|e| refuse(format!("is not valid TOML ({})", one_line(&e))))?,
            ),
        }
    };
    Ok(Loaded {
        doc,
        existed: true,
        target,
    })
}

/// Backs up the old file, then replaces it atomically (temp file + rename).
pub fn save(path: &Path, file: &Loaded) -> Result<(), String> {
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
        f.write_all(file.doc.render().as_bytes())?;
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

/// A parser message on one line (toml_edit's span on several).
fn one_line(e: &impl std::fmt::Display) -> String {
    e.to_string()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
