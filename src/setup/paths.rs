//! Where hosts keep their per-user settings, and whether `mdsel` is on PATH.
//!
//! Only environment variables are consulted (`HOME` or `USERPROFILE`,
//! `APPDATA`, `XDG_CONFIG_HOME`, `CODEX_HOME`, `COPILOT_HOME`), so tests can point every host
//! at a scratch folder.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The user's home folder.
pub fn home() -> Result<PathBuf, String> {
    let var = if cfg!(windows) { "USERPROFILE" } else { "HOME" };
    match std::env::var_os(var) {
        Some(v) if !v.is_empty() => Ok(PathBuf::from(v)),
        _ => Err(format!(
            "cannot find your home folder ({var} is not set); run without --user to set up this project"
        )),
    }
}

/// `$XDG_CONFIG_HOME`, else `~/.config` (where OpenCode and, on Linux, VS Code live).
pub fn xdg_config() -> Result<PathBuf, String> {
    match std::env::var_os("XDG_CONFIG_HOME") {
        Some(v) if Path::new(&v).is_absolute() => Ok(PathBuf::from(v)),
        _ => Ok(home()?.join(".config")),
    }
}

/// The folder desktop apps keep settings in: `%APPDATA%` on Windows,
/// `~/Library/Application Support` on macOS, the XDG config folder elsewhere.
pub fn app_data() -> Result<PathBuf, String> {
    if cfg!(windows) {
        return match std::env::var_os("APPDATA") {
            Some(v) if !v.is_empty() => Ok(PathBuf::from(v)),
            _ => Err("cannot find your settings folder (APPDATA is not set)".to_owned()),
        };
    }
    if cfg!(target_os = "macos") {
        return Ok(home()?.join("Library/Application Support"));
    }
    xdg_config()
}

/// Codex's folder: `$CODEX_HOME`, else `~/.codex`.
pub fn codex_home() -> Result<PathBuf, String> {
    match std::env::var_os("CODEX_HOME") {
        Some(v) if !v.is_empty() => Ok(PathBuf::from(v)),
        _ => Ok(home()?.join(".codex")),
    }
}

/// Copilot CLI's folder: `$COPILOT_HOME`, else `~/.copilot`.
pub fn copilot_home() -> Result<PathBuf, String> {
    match std::env::var_os("COPILOT_HOME") {
        Some(v) if !v.is_empty() => Ok(PathBuf::from(v)),
        _ => Ok(home()?.join(".copilot")),
    }
}

/// The first `name` executable on `PATH` (with `PATHEXT` on Windows).
pub fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    let exts: Vec<OsString> = if cfg!(windows) {
        std::env::var("PATHEXT")
            .unwrap_or_else(|_| ".EXE;.CMD;.BAT".to_owned())
            .split(';')
            .map(|e| OsString::from(format!("{name}{}", e.to_ascii_lowercase())))
            .collect()
    } else {
        vec![OsString::from(name)]
    };
    std::env::split_paths(&path)
        .flat_map(|dir| exts.iter().map(move |n| dir.join(n)))
        .find(|candidate| is_executable(candidate))
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file())
}
