//! The real binary as a child process: arguments, stdin, working directory and
//! environment, always started clean of the caller's `MDSEL_*` variables so that
//! no setting of the machine running the tests leaks into a case.
//!
//! The only place the tests name the executable; the MCP session starts it
//! through [`command`] too.

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The executable under test.
pub const EXE: &str = env!("CARGO_BIN_EXE_mdsel");

/// The project root (where `Cargo.toml`, `README.md` and `SKILL.md` live).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The fixtures folder, `tests/fixtures`.
pub fn fixtures() -> PathBuf {
    root().join("tests/fixtures")
}

/// A command for the binary in `cwd`, with every `MDSEL_*` variable removed;
/// stdio is left to the caller.
pub fn command(cwd: &Path) -> Command {
    let mut cmd = Command::new(EXE);
    cmd.current_dir(cwd);
    for (key, _) in std::env::vars_os() {
        if key.to_string_lossy().starts_with("MDSEL_") {
            cmd.env_remove(key);
        }
    }
    cmd
}

/// One run of the binary, built up and then waited for with [`Mdsel::output`].
pub struct Mdsel {
    cmd: Command,
    stdin: Vec<u8>,
}

impl Mdsel {
    /// `mdsel args…` in the fixtures folder, with empty stdin.
    pub fn new(args: &[&str]) -> Mdsel {
        let mut cmd = command(&fixtures());
        cmd.args(args);
        Mdsel {
            cmd,
            stdin: Vec::new(),
        }
    }

    /// Adds arguments after those given to [`Mdsel::new`].
    pub fn args(mut self, args: &[&str]) -> Mdsel {
        self.cmd.args(args);
        self
    }

    /// Runs in `dir` instead.
    pub fn cwd(mut self, dir: &Path) -> Mdsel {
        self.cmd.current_dir(dir);
        self
    }

    /// Feeds `bytes` on stdin (the child may stop reading early).
    pub fn stdin(mut self, bytes: &[u8]) -> Mdsel {
        self.stdin = bytes.to_vec();
        self
    }

    /// Sets one environment variable (a string or a path).
    pub fn env(mut self, key: &str, value: impl AsRef<OsStr>) -> Mdsel {
        self.cmd.env(key, value);
        self
    }

    /// Removes one environment variable the caller may have set.
    pub fn env_remove(mut self, key: &str) -> Mdsel {
        self.cmd.env_remove(key);
        self
    }

    /// Sets `PATH` to `dir` alone: the only programs found are those in it.
    pub fn search_path(self, dir: &Path) -> Mdsel {
        self.env("PATH", dir)
    }

    /// Sets each `(variable, value)`.
    pub fn envs(mut self, vars: &[(&str, &str)]) -> Mdsel {
        self.cmd.envs(vars.iter().copied());
        self
    }

    /// Runs to the end and returns its status, stdout and stderr.
    pub fn output(mut self) -> Output {
        let mut child = self
            .cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn mdsel");
        let mut input = child.stdin.take().expect("stdin");
        let data = std::mem::take(&mut self.stdin);
        let writer = std::thread::spawn(move || {
            let _ = input.write_all(&data); // the child may stop reading early
        });
        let out = child.wait_with_output().expect("wait mdsel");
        writer.join().expect("stdin writer");
        out
    }
}

/// Runs `mdsel args…` in `cwd`, feeding `stdin`.
pub fn mdsel_in(cwd: &Path, args: &[&str], stdin: &[u8]) -> Output {
    Mdsel::new(args).cwd(cwd).stdin(stdin).output()
}

/// Runs `mdsel args…` in the fixtures folder with empty stdin.
pub fn mdsel(args: &[&str]) -> Output {
    Mdsel::new(args).output()
}

/// `mdsel hook HOST` fed `input` on stdin, with `env` set; checks that it exits
/// 0 with nothing on stderr, as a hook must whatever it is fed, and returns stdout.
pub fn hook(host: &str, input: &[u8], env: &[(&str, &str)]) -> String {
    let out = Mdsel::new(&["hook", host]).stdin(input).envs(env).output();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{host}: the hook always exits 0"
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("the hook's stdout is UTF-8")
}

/// Parses stdout as one JSON value.
pub fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

/// The hits of a search's text output, in order: each hit's file (the path
/// line above it) and its selector, as `(file, selector)`.
pub fn hits(text: &str) -> Vec<(String, String)> {
    let mut file = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with([' ', '[']) || line.is_empty() {
            continue;
        }
        let mut words = line.split(' ');
        let first = words.next().unwrap_or_default();
        let second = words.next().unwrap_or_default();
        let is_hit = second.starts_with('L')
            && second[1..].split('-').all(|n| n.parse::<usize>().is_ok())
            && words.next().is_some_and(|w| w.ends_with('%'));
        if is_hit {
            out.push((file.clone(), first.to_owned()));
        } else {
            // The path, and any title after it.
            file = line.split(" · ").next().unwrap_or(line).to_owned();
        }
    }
    out
}

/// The values the argument of `mdsel SUBCOMMAND` accepts, as its `--help`
/// lists them (`[possible values: a, b]`).
fn possible_values(subcommand: &str) -> Vec<String> {
    let help = String::from_utf8(mdsel(&[subcommand, "--help"]).stdout).unwrap();
    let values = help
        .split("[possible values: ")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .unwrap_or_else(|| panic!("`mdsel {subcommand} --help` lists no values:\n{help}"));
    values.split(", ").map(str::to_owned).collect()
}

/// The hosts `mdsel setup` knows, in the order of its table of hosts: a test
/// that goes over every host takes them from here, so a host added to the
/// code is tested without a list to update.
pub fn setup_hosts() -> Vec<String> {
    possible_values("setup")
}

/// The hosts `mdsel hook` answers, in the order of its table of hosts.
pub fn hook_hosts() -> Vec<String> {
    possible_values("hook")
}
