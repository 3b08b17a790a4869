//! The npm packages: the `mdsel` launcher and this machine's platform package,
//! built by `scripts/npm-package` from the test binary, packed with `npm pack`,
//! installed offline from the tarballs into a scratch project, and driven
//! through `npx mdsel`: the version, an index, an exit code, an MCP round trip,
//! a signal, and the message when the platform package is missing.
//!
//! Needs `node` and `npm`; without them the round trip is skipped with a
//! notice, unless `MDSEL_REQUIRE_NODE=1` (set by `.ci/run`) makes that a
//! failure. The packaging files are checked for consistency everywhere.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Output, Stdio};

use common::bin::{self, fixtures, mdsel, root};
use common::scratch::Scratch;
use serde_json::{Value, json};

fn read_json(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn the_launcher_package_matches_cargo_and_the_platform_table() {
    let manifest = read_json(&root().join("npm/mdsel/package.json"));
    let platforms = read_json(&root().join("npm/mdsel/platforms.json"));
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(manifest["name"], "mdsel");
    assert_eq!(manifest["version"], version, "npm/mdsel/package.json");
    assert_eq!(manifest["bin"]["mdsel"], "bin/mdsel.js");
    let optional = manifest["optionalDependencies"].as_object().unwrap();
    let packages: Vec<&str> = platforms
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["package"].as_str().unwrap())
        .collect();
    assert_eq!(
        optional.keys().map(String::as_str).collect::<Vec<_>>(),
        packages
    );
    assert!(optional.values().all(|v| v == version));
    for p in platforms.as_array().unwrap() {
        let (os, cpu) = (p["os"].as_str().unwrap(), p["cpu"].as_str().unwrap());
        assert_eq!(p["package"], format!("mdsel-{os}-{cpu}"));
        assert!(["linux", "darwin", "win32"].contains(&os) && ["x64", "arm64"].contains(&cpu));
    }
}

/// Node and npm, or `None` (after a notice) when the round trip cannot run.
fn node_tools() -> Option<()> {
    let works = |tool: &str| {
        Command::new(tool)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let npm = if cfg!(windows) { "npm.cmd" } else { "npm" };
    if works("node") && works(npm) {
        return Some(());
    }
    assert!(
        std::env::var("MDSEL_REQUIRE_NODE").as_deref() != Ok("1"),
        "MDSEL_REQUIRE_NODE=1 but node or npm is not on PATH"
    );
    // Straight to stderr, past the test harness's capture, so it is seen.
    let _ = writeln!(
        std::io::stderr(),
        "tests/npm.rs: SKIPPED the npm round trip: node and npm are not on PATH \
         (install Node.js 18+; MDSEL_REQUIRE_NODE=1 makes this a failure)"
    );
    None
}

/// A scratch folder with its own npm cache and user config (nothing inherited).
struct Npm {
    dir: Scratch,
}

impl Npm {
    fn new() -> Npm {
        let dir = Scratch::new("npm");
        dir.write("npmrc", "");
        Npm { dir }
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    fn command(&self, program: &str, cwd: &Path) -> Command {
        let program = match program {
            "npm" | "npx" if cfg!(windows) => format!("{program}.cmd"),
            _ => program.to_owned(),
        };
        let mut cmd = Command::new(program);
        cmd.current_dir(cwd)
            .env("npm_config_cache", self.path("cache"))
            .env("npm_config_userconfig", self.path("npmrc"))
            .env("npm_config_offline", "true")
            .env("npm_config_audit", "false")
            .env("npm_config_fund", "false")
            .env("npm_config_update_notifier", "false")
            .env_remove("MDSEL_MAX_WORDS");
        cmd
    }

    fn run(&self, program: &str, args: &[&str], cwd: &Path) -> Output {
        self.command(program, cwd)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("{program}: {e}"))
    }

    fn ok(&self, program: &str, args: &[&str], cwd: &Path) -> String {
        let out = self.run(program, args, cwd);
        assert!(
            out.status.success(),
            "{program} {args:?}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// A project with `tarballs` installed (offline, from the files alone).
    fn project(&self, name: &str, tarballs: &[&Path]) -> PathBuf {
        let app = self.path(name);
        self.dir.write(
            &format!("{name}/package.json"),
            r#"{"name": "app", "private": true}"#,
        );
        let mut args = vec!["install", "--ignore-scripts"];
        let tarballs: Vec<String> = tarballs.iter().map(|t| t.display().to_string()).collect();
        args.extend(tarballs.iter().map(String::as_str));
        self.ok("npm", &args, &app);
        app
    }
}

/// Packs `dir` into the tarballs folder and returns the tarball's path.
fn pack(s: &Npm, dir: &str) -> PathBuf {
    let dest = s.dir.mkdir("tarballs");
    let name = s.ok(
        "npm",
        &[
            "pack",
            "--silent",
            "--pack-destination",
            dest.to_str().unwrap(),
            dir,
        ],
        s.dir.path(),
    );
    dest.join(name.trim())
}

#[test]
fn npm_packages_install_offline_and_run_mdsel_through_npx() {
    if node_tools().is_none() {
        return;
    }
    let s = Npm::new();
    let script = root().join("scripts/npm-package");
    let out = s.path("packages");
    let made = |args: &[&str]| {
        let mut all = vec![script.to_str().unwrap()];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--out", out.to_str().unwrap()]);
        s.ok("node", &all, root()).trim().to_owned()
    };
    let platform = made(&["platform", "--binary", bin::EXE]);
    let launcher = made(&["launcher"]);
    let platform_tgz = pack(&s, &platform);
    let launcher_tgz = pack(&s, &launcher);

    // The platform package says where it runs, and holds the binary.
    let manifest = read_json(&Path::new(&platform).join("package.json"));
    assert_eq!(
        manifest["os"],
        json!([std::env::consts::OS
            .replace("windows", "win32")
            .replace("macos", "darwin")])
    );
    assert_eq!(manifest["version"], env!("CARGO_PKG_VERSION"));

    let app = s.project("app", &[&launcher_tgz, &platform_tgz]);
    let guide = fixtures().join("guide.md");
    let guide = guide.to_str().unwrap();

    let version = s.ok("npx", &["mdsel", "--version"], &app);
    assert_eq!(version, format!("mdsel {}\n", env!("CARGO_PKG_VERSION")));

    let index = s.run("npx", &["mdsel", "index", guide], &app);
    assert_eq!(index.status.code(), Some(0));
    assert_eq!(index.stdout, mdsel(&["index", guide]).stdout);

    // Exit code and both streams pass through unchanged.
    let miss = s.run("npx", &["mdsel", "h2.99", guide], &app);
    let want = mdsel(&["h2.99", guide]);
    assert_eq!(miss.status.code(), Some(1));
    assert_eq!((miss.stdout, miss.stderr), (want.stdout, want.stderr));

    mcp_round_trip(&s, &app);
    #[cfg(unix)]
    a_signal_reaches_the_binary(&s, &app);

    // Without the platform package, the launcher names it.
    let bare = s.project("bare", &[&launcher_tgz]);
    let out = s.run("npx", &["mdsel", "--version"], &bare);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let package = Path::new(&platform).file_name().unwrap().to_str().unwrap();
    assert!(
        err.contains(&format!("the package {package}")) && err.contains("is not installed"),
        "{err}"
    );
}

/// Starts `mdsel mcp` through the installed launcher (as `npx -y mdsel mcp` would).
fn launch_mcp(s: &Npm, app: &Path) -> (Child, BufReader<ChildStdout>) {
    let mut child = s
        .command("node", app)
        .args(["node_modules/mdsel/bin/mdsel.js", "mcp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    (child, stdout)
}

fn send(child: &mut Child, message: Value) {
    let stdin = child.stdin.as_mut().unwrap();
    writeln!(stdin, "{message}").unwrap();
    stdin.flush().unwrap();
}

fn receive(stdout: &mut BufReader<ChildStdout>) -> Value {
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
}

fn initialize(child: &mut Child, stdout: &mut BufReader<ChildStdout>) {
    send(
        child,
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "npm-test", "version": "1"}}}),
    );
    let reply = receive(stdout);
    assert_eq!(reply["id"], 1);
    assert_eq!(reply["result"]["serverInfo"]["name"], "mdsel");
    send(
        child,
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    );
}

fn mcp_round_trip(s: &Npm, app: &Path) {
    let (mut child, mut stdout) = launch_mcp(s, app);
    initialize(&mut child, &mut stdout);
    send(
        &mut child,
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
    );
    let reply = receive(&mut stdout);
    assert_eq!(reply["id"], 2);
    let names: Vec<&str> = reply["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["mdsel_index", "mdsel_select"]);
    drop(child.stdin.take()); // EOF ends the server with status 0
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

/// SIGTERM to the launcher reaches the binary: both end, the launcher by the
/// same signal, and the binary's stdout closes although its stdin stays open.
#[cfg(unix)]
fn a_signal_reaches_the_binary(s: &Npm, app: &Path) {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;

    let (mut child, mut stdout) = launch_mcp(s, app);
    initialize(&mut child, &mut stdout);
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    // `Child::wait` closes the child's stdin first; the binary would then see
    // EOF and end on its own, racing the signal. Hold the pipe open instead.
    let stdin = child.stdin.take();
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(15), "{status:?}");
    // The stdin pipe is still open here: only a dead binary closes stdout.
    let _open_until_here = stdin;
    // (A binary left running would block this read; the thread bounds it.)
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut rest = Vec::new();
        let _ = stdout.read_to_end(&mut rest);
        let _ = tx.send(rest);
    });
    let closed = rx.recv_timeout(std::time::Duration::from_secs(60));
    assert!(closed.is_ok(), "the binary outlived the launcher's SIGTERM");
}
