//! `mdsel setup <host> [--user] [--outline] [--write]`: the configuration that
//! connects an agent host to mdsel (its MCP server, and its hook where the host
//! has one; `--outline`: Claude Code's hook in outline mode), printed, or merged
//! into the host's files.
//!
//! Each host module lists its [`Target`]s: a file, and an edit that adds mdsel
//! to it. Printing applies each edit to an empty document, so a snippet is
//! exactly what `--write` puts in a fresh project. Writing reads and checks
//! every file first; one that does not parse, or holds the wrong kind of value
//! where mdsel goes, is refused and nothing at all is written. An entry that is
//! already there is left as the user wrote it, so running twice changes
//! nothing. Other settings keep their order (and, in TOML, their comments);
//! each changed file is backed up to `<name>.bak` first (see `store`).

mod claude;
mod codex;
mod copilot;
mod cursor;
mod gemini;
mod json_merge;
mod opencode;
mod paths;
mod store;
mod toml_merge;
mod vscode;

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::Value;
use store::{Doc, Format};

/// The hosts `mdsel setup` knows, by the name given on the command line: the
/// names of [`HOSTS`], so the two cannot drift.
pub const HOST_NAMES: [&str; HOSTS.len()] = {
    let mut names = [""; HOSTS.len()];
    let mut i = 0;
    while i < HOSTS.len() {
        names[i] = HOSTS[i].name;
        i += 1;
    }
    names
};

/// Where the configuration goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The project in the working directory (paths relative to it).
    Project,
    /// The user's own settings, for every project.
    User,
}

/// An edit to a document: `Ok(true)` if it changed it, `Ok(false)` if mdsel
/// was already there, or what stands in the way.
type Edit = Box<dyn Fn(&mut Doc) -> Result<bool, String>>;

/// One file of a host's configuration and the edit that adds mdsel to it.
pub struct Target {
    /// Relative to the working directory (project) or absolute (user).
    path: PathBuf,
    /// What this file gives the host, shown above its snippet.
    what: &'static str,
    format: Format,
    edit: Edit,
}

impl Target {
    /// A JSON file and its edit.
    fn json(
        path: PathBuf,
        what: &'static str,
        edit: impl Fn(&mut Value) -> Result<bool, String> + 'static,
    ) -> Target {
        Target {
            path,
            what,
            format: Format::Json,
            edit: Box::new(move |doc| match doc {
                Doc::Json(value) => edit(value),
                Doc::Toml(_) => unreachable!("loaded as JSON"),
            }),
        }
    }

    /// A TOML file and its edit.
    fn toml(
        path: PathBuf,
        what: &'static str,
        edit: impl Fn(&mut toml_edit::DocumentMut) -> Result<bool, String> + 'static,
    ) -> Target {
        Target {
            path,
            what,
            format: Format::Toml,
            edit: Box::new(move |doc| match doc {
                Doc::Toml(doc) => edit(doc),
                Doc::Json(_) => unreachable!("loaded as TOML"),
            }),
        }
    }
}

/// A host's files, for settings of one scope.
type Targets = fn(Scope) -> Result<Vec<Target>, String>;

/// A host: its files, and what to say about it.
struct Host {
    name: &'static str,
    /// The host's own name, for messages.
    title: &'static str,
    targets: Targets,
    /// Its files with the hook in outline mode (`--outline`), if it has one.
    outline_targets: Option<Targets>,
    /// Printed (as `#` lines) under the snippets.
    notes: &'static [&'static str],
    /// Whether its config starts `mdsel` by name, so it must be on PATH.
    by_name: bool,
    /// Whether the host has per-project settings at all.
    has_project: bool,
}

/// The hosts `mdsel setup` knows: a new host is one row here (and its module).
const HOSTS: [Host; 8] = [
    claude::CODE,
    claude::DESKTOP,
    cursor::HOST,
    vscode::HOST,
    gemini::HOST,
    codex::HOST,
    copilot::HOST,
    opencode::HOST,
];

/// Runs `mdsel setup <host> [--user] [--outline] [--write]` in the working directory.
pub fn main(host: &str, write: bool, user: bool, outline: bool) -> ExitCode {
    let host = HOSTS
        .iter()
        .find(|h| h.name == host)
        .expect("clap accepts only HOST_NAMES");
    if outline && host.outline_targets.is_none() {
        let with: Vec<&str> = HOSTS
            .iter()
            .filter(|h| h.outline_targets.is_some())
            .map(|h| h.name)
            .collect();
        eprintln!(
            "mdsel setup: --outline is a mode of Claude Code's Read hook, and {} has none; \
             use `mdsel setup {} --outline`, or `mdsel setup {}` without it.",
            host.title,
            with.join("|"),
            host.name
        );
        return ExitCode::from(2);
    }
    let mut out = io::stdout().lock();
    let result = run(host, write, user, outline, &mut out);
    let _ = out.flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("mdsel setup: {message}");
            ExitCode::from(1)
        }
    }
}

fn run(
    host: &Host,
    write: bool,
    user: bool,
    outline: bool,
    out: &mut impl Write,
) -> Result<(), String> {
    let scope = if user || !host.has_project {
        Scope::User
    } else {
        Scope::Project
    };
    let targets = match host.outline_targets {
        Some(targets) if outline => targets(scope)?,
        _ => (host.targets)(scope)?,
    };
    if !write {
        let flags = match (user, outline) {
            (false, false) => "",
            (true, false) => " --user",
            (false, true) => " --outline",
            (true, true) => " --user --outline",
        };
        return print_snippets(host, scope, flags, &targets, out).map_err(|e| e.to_string());
    }
    if host.by_name && paths::on_path("mdsel").is_none() {
        eprintln!(
            "mdsel setup: warning: `mdsel` is not on PATH, so {} could not start the server \
             this configuration names. Install it (`cargo install --locked --path .` from a \
             clone, or `npm install -g mdsel`) or add its folder to PATH; the files are written \
             all the same.",
            host.title
        );
    }
    merge(&targets, out)
}

fn print_snippets(
    host: &Host,
    scope: Scope,
    flags: &str,
    targets: &[Target],
    out: &mut impl Write,
) -> io::Result<()> {
    for target in targets {
        let mut doc = Doc::empty(target.format);
        (target.edit)(&mut doc).expect("an empty document takes every edit");
        writeln!(out, "# {} ({})", target.path.display(), target.what)?;
        writeln!(out, "{}", doc.render())?;
    }
    for note in host.notes {
        writeln!(out, "# {note}")?;
    }
    let what = match targets.len() {
        1 => "it",
        2 => "both",
        _ => "them",
    };
    let place = match scope {
        Scope::Project => "this project".to_owned(),
        Scope::User => format!("your {} settings", host.title),
    };
    writeln!(
        out,
        "# `mdsel setup {}{flags} --write` merges {what} into {place}, keeping",
        host.name
    )?;
    writeln!(
        out,
        "# every other setting and a .bak copy of each file it changes."
    )
}

/// Applies every edit in memory, then writes the files that changed.
fn merge(targets: &[Target], out: &mut impl Write) -> Result<(), String> {
    // Read and check every file before writing any: a refusal touches nothing.
    let mut files = targets
        .iter()
        .map(|t| store::load(&t.path, t.format))
        .collect::<Result<Vec<_>, _>>()?;
    let mut changed = Vec::with_capacity(targets.len());
    for (target, file) in targets.iter().zip(&mut files) {
        let did = (target.edit)(&mut file.doc).map_err(|e| {
            format!(
                "{}: {e}; fix it, then run again. Nothing was changed.",
                target.path.display()
            )
        })?;
        changed.push(did);
    }
    for ((target, file), did) in targets.iter().zip(&files).zip(changed) {
        let shown = target.path.display();
        if !did {
            writeln!(out, "{shown}: already set up, left as it is")
        } else {
            store::save(&target.path, file)?;
            if file.existed {
                writeln!(out, "{shown}: updated (previous version in {shown}.bak)")
            } else {
                writeln!(out, "{shown}: created")
            }
        }
        .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// `rel` in the project, or under `user_dir` for the user's settings.
fn place(
    scope: Scope,
    rel: &str,
    user_dir: impl FnOnce() -> Result<PathBuf, String>,
) -> Result<PathBuf, String> {
    match scope {
        Scope::Project => Ok(Path::new(rel).to_path_buf()),
        Scope::User => Ok(user_dir()?),
    }
}
