//! The MCP server driven by a second, independent client: the official Python
//! SDK, running `tests/python/test_mcp_client.py` against the binary.
//!
//! Opt-in, so that `cargo test` needs nothing but Rust: it needs Python 3 with
//! `venv`, and PyPI (or a virtualenv already made). Run it with
//! `cargo test --test integration mcp_python:: -- --ignored`; `.ci/run` always does. The SDK
//! lives in a virtualenv under the target directory (`mcp-venv`), made on first
//! use from `tests/python/requirements.txt`; `.ci/run` makes the same one first.

use crate::common;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::bin::{EXE, root};

#[test]
#[ignore = "needs Python 3 + venv and PyPI; run: cargo test --test integration mcp_python:: -- --ignored"]
fn python_sdk_client_over_stdio() {
    let root = root();
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory");
    let python = virtualenv(
        &target.join("mcp-venv"),
        &root.join("tests/python/requirements.txt"),
    );
    let status = Command::new(python)
        .arg(root.join("tests/python/test_mcp_client.py"))
        .arg(EXE)
        .arg(root)
        .status()
        .expect("run the Python client");
    assert!(
        status.success(),
        "the Python MCP client checks failed (see above)"
    );
}

/// The virtualenv's python, after making the virtualenv and installing the
/// requirements if that was not done yet with these very requirements.
fn virtualenv(venv: &Path, requirements: &Path) -> std::path::PathBuf {
    let python = if cfg!(windows) {
        venv.join("Scripts/python.exe")
    } else {
        venv.join("bin/python")
    };
    let wanted = fs::read(requirements).expect("tests/python/requirements.txt");
    let stamp = venv.join("mdsel-requirements.txt");
    if python.exists() && fs::read(&stamp).ok().as_ref() == Some(&wanted) {
        return python;
    }
    let base = if cfg!(windows) { "python" } else { "python3" };
    run(
        Command::new(base).args(["-m", "venv"]).arg(venv),
        "create the virtualenv",
    );
    run(
        Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "-r",
            ])
            .arg(requirements),
        "install tests/python/requirements.txt from PyPI",
    );
    fs::write(&stamp, wanted).expect("write the virtualenv stamp");
    python
}

fn run(command: &mut Command, what: &str) {
    let status = command
        .status()
        .unwrap_or_else(|e| panic!("cannot {what}: {e} (this test needs Python 3 with venv)"));
    assert!(
        status.success(),
        "cannot {what} (this test needs Python 3 with venv, and PyPI)"
    );
}
