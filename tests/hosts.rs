//! mdsel as real hosts and install channels take it (docs/hosts.md, "Hosts' limits"), with the
//! tools they use: ajv (the JSON Schema validator of Gemini CLI) on the tools'
//! schemas, Gemini CLI itself offline, the MCP Registry's schema on
//! `server.json`, `mcpb validate` on the bundle's manifest; and the budget
//! each `mdsel setup <host>` writes, applied to the shared corpus's biggest
//! answers, against that host's cap.
//!
//! Opt-in, because they need `npm ci --prefix tests/hosts` (and the corpus):
//! `cargo test --test integration hosts:: -- --ignored`, which fails when either is missing.
//! `.ci/run` always runs them.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::bin::{EXE, command, fixtures, root};
use common::scratch::Scratch;

/// `tests/hosts`, where the npm packages are installed.
fn hosts() -> PathBuf {
    let dir = root().join("tests/hosts");
    assert!(
        dir.join("node_modules/.bin/mcpb").exists(),
        "tests/hosts/node_modules is missing: run `npm ci --prefix tests/hosts` first"
    );
    dir
}

/// Runs `node tests/hosts/<script> args…`; its last line, or a failure with
/// everything it printed.
fn node(script: &str, args: &[&Path]) -> String {
    let out = Command::new("node")
        .arg(hosts().join(script))
        .args(args)
        .output()
        .expect("node on PATH");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{script} failed:\n{text}");
    text
}

#[test]
#[ignore = "needs `npm ci --prefix tests/hosts`; run: cargo test --test integration hosts:: -- --ignored"]
fn schemas_are_valid_under_draft_07_and_2020_12() {
    let text = node("schemas.mjs", &[Path::new(EXE)]);
    assert!(text.contains("2 schemas valid"), "{text}");
}

#[test]
#[ignore = "needs `npm ci --prefix tests/hosts`; run: cargo test --test integration hosts:: -- --ignored"]
fn gemini_cli_offers_both_tools_and_passes_an_answer_on_whole() {
    let text = node("gemini.mjs", &[Path::new(EXE), &fixtures()]);
    assert!(text.contains("offered both tools"), "{text}");
}

#[test]
#[ignore = "needs `npm ci --prefix tests/hosts`; run: cargo test --test integration hosts:: -- --ignored"]
fn server_json_and_the_bundle_manifest_are_valid_and_agree() {
    let version = Path::new(env!("CARGO_PKG_VERSION"));
    let text = node("registry.mjs", &[root(), version]);
    assert!(text.contains("valid against"), "{text}");
    let out = Command::new(hosts().join("node_modules/.bin/mcpb"))
        .args(["validate", "mcpb/manifest.json"])
        .current_dir(root())
        .output()
        .expect("mcpb");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && text.contains("passes"), "{text}");
}

/// The corpus (`../shared/corpus` or `$MDSEL_CORPUS`).
fn corpus() -> PathBuf {
    let dir = std::env::var_os("MDSEL_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/corpus"));
    assert!(dir.is_dir(), "corpus not found at {}", dir.display());
    dir
}

/// The budget a setup snippet writes (`MDSEL_MAX_WORDS`, in an environment
/// table or as `--max-words` in the arguments), or the default.
fn budget_in(snippet: &str) -> u64 {
    let after = |key: &str| {
        let at = snippet.find(key)? + key.len();
        let digits: String = snippet[at..]
            .chars()
            .skip_while(|c| !c.is_ascii_digit())
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().ok()
    };
    after("MDSEL_MAX_WORDS")
        .or_else(|| after("--max-words"))
        .unwrap_or(2000)
}

/// A host's cap on a tool result, in bytes, and where it comes from.
pub(crate) struct Cap {
    pub(crate) host: &'static str,
    bytes: usize,
    why: &'static str,
}

/// Every host `mdsel setup` knows (`tests/lists.rs` holds this to its table).
pub(crate) const CAPS: [Cap; 8] = [
    Cap {
        host: "codex",
        bytes: 10_000,
        why: "Codex keeps about 10,000 bytes of a tool result",
    },
    Cap {
        host: "claude",
        bytes: 40_000,
        why: "Claude Code warns above 10,000 tokens (4 bytes a token)",
    },
    Cap {
        host: "gemini",
        bytes: 40_000,
        why: "Gemini CLI truncates at 40,000 characters",
    },
    Cap {
        host: "cursor",
        bytes: 32_768,
        why: "no published cap: the default budget's 32 KiB",
    },
    Cap {
        host: "vscode",
        bytes: 8_000,
        why: "VS Code's agent writes a tool result over 8 KB to a file",
    },
    Cap {
        host: "copilot",
        bytes: 10_000,
        why: "Copilot CLI cuts an MCP tool's text at 10 KB (github/copilot-cli#1732)",
    },
    Cap {
        host: "opencode",
        bytes: 32_768,
        why: "no published cap: the default budget's 32 KiB",
    },
    Cap {
        host: "claude-desktop",
        bytes: 32_768,
        why: "no published cap: the default budget's 32 KiB",
    },
];

#[test]
#[ignore = "reads ../shared/corpus or $MDSEL_CORPUS; run: cargo test --test integration hosts:: -- --ignored"]
fn each_hosts_budget_keeps_the_biggest_answers_under_its_cap() {
    let corpus = corpus();
    let big = corpus.join("big-files/angular-components-CHANGELOG_ARCHIVE.md");
    assert!(big.is_file(), "{}", big.display());
    let (corpus, big) = (corpus.to_str().unwrap(), big.to_str().unwrap());
    // The biggest answers the corpus gives: its whole outline, the biggest
    // file's outline (with line ranges too), that file whole (paged), every
    // document (the rest named), and a search with many hits.
    let calls: [&[&str]; 6] = [
        &["index", corpus],
        &["index", big],
        &["index", "--lines", big],
        &["*", big],
        &["*", corpus],
        &["search", "install configuration options", corpus],
    ];
    for cap in &CAPS {
        let setup = command(root()).args(["setup", cap.host]).output().unwrap();
        let words = budget_in(&String::from_utf8_lossy(&setup.stdout));
        for call in calls {
            let out = command(root())
                .args(call)
                .env("MDSEL_MAX_WORDS", words.to_string())
                .output()
                .unwrap();
            assert!(out.status.success(), "{call:?}");
            let text = String::from_utf8(out.stdout).unwrap();
            assert!(
                text.len() <= cap.bytes,
                "{}: {call:?} at {words} words is {} bytes, over {} ({})",
                cap.host,
                text.len(),
                cap.bytes,
                cap.why
            );
            // Whatever was left out is named on the last line, which the cap
            // must not cut.
            let last = text.lines().last().unwrap_or_default();
            let full = command(root()).args(call).arg("--full").output().unwrap();
            if full.stdout.len() > text.len() {
                assert!(
                    last.starts_with('[') && last.ends_with(']'),
                    "{}: {call:?} ends {last:?}",
                    cap.host
                );
            }
        }
    }
}

/// The budget each `mdsel setup <host>` writes, against that host's cap, over
/// generated inputs heavy in bytes per word (addresses, long identifiers): a
/// big file's outline, pages and blocks, and a folder's outline, matches and
/// hits. Runs everywhere; the corpus test above covers real documents.
#[test]
fn each_hosts_budget_keeps_generated_answers_under_its_cap() {
    let dir = Scratch::new("hosts-caps");
    let url = |k: usize, j: usize| {
        format!("https://docs.example.com/reference/api/v2/resources/{k}/fields/{j}#definition")
    };
    let mut big = String::from("# Reference\n\n");
    for k in 0..300 {
        big.push_str(&format!("## Resource_{k}_configuration_options\n\n"));
        let words: Vec<String> = (0..30).map(|j| url(k, j)).collect();
        big.push_str(&words.join(" "));
        big.push_str("\n\n- ");
        big.push_str(&url(k, 99));
        big.push_str("\n\n| field | link |\n|---|---|\n");
        for j in 0..5 {
            big.push_str(&format!("| field_{j}_of_resource_{k} | {} |\n", url(k, j)));
        }
        big.push('\n');
    }
    dir.write("big.md", &big);
    for k in 0..200 {
        let page = format!(
            "# Page {k}\n\nconfiguration options {}\n\n## Details\n\n{}\n",
            url(k, 1),
            url(k, 2)
        );
        dir.write(
            &format!("docs/part{}/page_{k:03}_configuration.md", k % 7),
            page,
        );
    }
    let calls: [&[&str]; 11] = [
        &["index", "big.md"],
        &["index", "--lines", "big.md"],
        &["index", "docs"],
        &["index", "--lines", "docs"],
        &["*", "big.md"],
        &["h2.3", "big.md"],
        &["para.0-200", "big.md"],
        &["table.0-100", "big.md"],
        &["h1.0", "docs"],
        &["search", "--limit", "100", "configuration options", "docs"],
        &["search", "--files", "configuration", "docs"],
    ];
    for cap in &CAPS {
        let setup = command(root()).args(["setup", cap.host]).output().unwrap();
        let words = budget_in(&String::from_utf8_lossy(&setup.stdout));
        for call in calls {
            let out = command(dir.path())
                .args(call)
                .env("MDSEL_MAX_WORDS", words.to_string())
                .output()
                .unwrap();
            assert!(out.status.success(), "{call:?}");
            assert!(
                out.stdout.len() <= cap.bytes,
                "{}: {call:?} at {words} words is {} bytes, over {} ({})",
                cap.host,
                out.stdout.len(),
                cap.bytes,
                cap.why
            );
        }
    }
}
