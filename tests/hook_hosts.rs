//! The hooks beyond Claude Code, fed each host's own input shape (from its
//! documentation): Gemini CLI's `AfterTool`, Cursor's `postToolUse`, and VS
//! Code's Copilot agent running `mdsel hook claude` before every tool call.

use crate::common;

use std::path::Path;

use common::bin;
use common::memory::text_of_words as words;
use common::scratch::Scratch;
use serde_json::{Value, json};

const MESSAGE: &str = "This is a Markdown file over the configured size threshold.\nUse mdsel_index and mdsel_select instead of Read.";

/// Runs `mdsel hook <host>` with `input` on stdin as JSON; checks exit 0 and a silent stderr.
fn hook(host: &str, input: &Value) -> String {
    bin::hook(host, input.to_string().as_bytes(), &[])
}

/// Gemini CLI's `AfterTool` input for a `read_file` (docs/hooks/reference.md).
fn gemini(file: &str, cwd: &Path) -> Value {
    json!({
        "session_id": "3f1c", "transcript_path": "/tmp/t.json", "cwd": cwd,
        "hook_event_name": "AfterTool", "timestamp": "2026-08-01T10:00:00.000Z",
        "tool_name": "read_file", "tool_input": {"file_path": file},
        "tool_response": {"llmContent": "# Title\n...", "returnDisplay": ""}
    })
}

/// Cursor's `postToolUse` input for a `Read` (as Cursor's CLI sends it).
fn cursor(file: &str, cwd: &Path) -> Value {
    json!({
        "conversation_id": "5b0d", "generation_id": "f2a9", "model": "composer",
        "tool_name": "Read", "tool_input": {"file_path": file},
        "tool_output": "{\"contents\":\"# Title\"}", "duration": 12, "tool_use_id": "call_1\nctc_1",
        "cwd": cwd, "session_id": "5b0d", "hook_event_name": "postToolUse",
        "cursor_version": "2026.09.18-9a7762b", "workspace_roots": [cwd],
        "user_email": "me@example.com", "transcript_path": null
    })
}

/// VS Code's `PreToolUse` input for Copilot's own read tool (VS Code hooks docs).
fn copilot(tool: &str, args: Value, cwd: &Path) -> Value {
    json!({
        "timestamp": "2026-02-09T10:30:00.000Z", "cwd": cwd, "sessionId": "s-1",
        "hookEventName": "PreToolUse", "transcript_path": "/tmp/t.json",
        "tool_name": tool, "tool_input": args, "tool_use_id": "tool-123"
    })
}

fn project() -> Scratch {
    Scratch::with(
        "hook-hosts",
        &[
            ("big.md", words(500)),
            ("small.md", words(50)),
            ("big.txt", words(500)),
            ("docs/guide.MDX", words(500)),
        ],
    )
}

fn output_context(host: &str, line: &str) -> String {
    let v: Value = serde_json::from_str(line).unwrap();
    match host {
        "gemini" => {
            assert_eq!(v["hookSpecificOutput"]["hookEventName"], "AfterTool");
            v["hookSpecificOutput"]["additionalContext"]
                .as_str()
                .unwrap()
                .to_owned()
        }
        "cursor" => v["additional_context"].as_str().unwrap().to_owned(),
        _ => {
            assert_eq!(v["hookSpecificOutput"]["hookEventName"], "PreToolUse");
            v["hookSpecificOutput"]["additionalContext"]
                .as_str()
                .unwrap()
                .to_owned()
        }
    }
}

#[test]
fn gemini_and_cursor_remind_after_a_read_of_big_markdown() {
    let dir = project();
    let d = dir.path();
    let absolute = d.join("big.md").display().to_string();
    for (host, input) in [
        ("gemini", gemini as fn(&str, &Path) -> Value),
        ("cursor", cursor),
    ] {
        for file in ["big.md", "docs/guide.MDX", absolute.as_str()] {
            let out = hook(host, &input(file, d));
            assert!(
                out.ends_with("}\n") && out.lines().count() == 1,
                "{host} {file}: {out:?}"
            );
            assert_eq!(
                output_context(host, out.trim_end()),
                MESSAGE,
                "{host} {file}"
            );
        }
        for file in ["small.md", "big.txt", "missing.md", "docs"] {
            assert_eq!(hook(host, &input(file, d)), "", "{host} {file}");
        }
    }
}

#[test]
fn copilot_read_file_is_recognised_by_the_claude_hook() {
    let dir = project();
    let d = dir.path();
    let absolute = d.join("big.md").display().to_string();
    for args in [
        json!({"filePath": absolute}),
        json!({"filePath": absolute, "offset": 1, "limit": 200}),
    ] {
        let out = hook("claude", &copilot("read_file", args, d));
        assert_eq!(output_context("claude", out.trim_end()), MESSAGE);
    }
    let contributed = copilot("copilot_readFile", json!({"filePath": "big.md"}), d);
    assert_ne!(hook("claude", &contributed), "");
}

#[test]
fn copilot_runs_the_claude_hook_for_every_tool_and_it_stays_silent() {
    // VS Code ignores the `Read` matcher: the hook sees every tool call.
    let dir = project();
    let d = dir.path();
    let big = d.join("big.md").display().to_string();
    let calls = [
        ("editFiles", json!({"files": [big]})),
        (
            "replace_string_in_file",
            json!({"filePath": big, "oldString": "a", "newString": "b"}),
        ),
        (
            "create_file",
            json!({"filePath": big, "content": words(500)}),
        ),
        ("run_in_terminal", json!({"command": format!("cat {big}")})),
        (
            "grep_search",
            json!({"query": "Title", "includePattern": "**/*.md"}),
        ),
        ("read_file", json!({"file_path": big})),
        ("read_file", json!({"filePath": d.join("small.md")})),
        ("read_file", json!({"filePath": d.join("big.txt")})),
        ("read_file", json!({"filePath": 7})),
        ("read_file", json!("big.md")),
        ("mcp_mdsel_mdsel_index", json!({"files": [big]})),
    ];
    for (tool, args) in calls {
        let input = copilot(tool, args.clone(), d);
        assert_eq!(hook("claude", &input), "", "{tool} {args}");
    }
}

#[test]
fn each_hook_is_silent_on_the_other_hosts_input_and_on_anything_odd() {
    let dir = project();
    let d = dir.path();
    let gemini_read = gemini("big.md", d);
    let cursor_read = cursor("big.md", d);
    assert_eq!(hook("cursor", &gemini_read), "");
    assert_eq!(hook("gemini", &cursor_read), "");
    assert_eq!(hook("claude", &gemini_read), "");

    let mut before = gemini_read.clone();
    before["hook_event_name"] = json!("BeforeTool");
    assert_eq!(hook("gemini", &before), "", "BeforeTool carries no context");
    let mut pre = cursor_read.clone();
    pre["hook_event_name"] = json!("preToolUse");
    assert_eq!(hook("cursor", &pre), "", "preToolUse is for permissions");
    let mut shell = cursor_read.clone();
    shell["tool_name"] = json!("Shell");
    assert_eq!(hook("cursor", &shell), "");

    for host in bin::hook_hosts() {
        let host = host.as_str();
        for junk in [
            &b""[..],
            b"{",
            b"null",
            b"[]",
            b"\"read_file\"",
            b"{\"tool_name\": 3}",
            &[0xff, 0xfe, 0],
        ] {
            assert_eq!(bin::hook(host, junk, &[]), "", "{host} {junk:?}");
        }
    }
}

#[test]
fn cursor_resolves_a_relative_path_against_the_workspace_root() {
    let dir = project();
    let mut input = cursor("big.md", Path::new("/"));
    input["cwd"] = json!("");
    input["workspace_roots"] = json!([dir.path()]);
    assert_ne!(hook("cursor", &input), "");
    // Cursor's older argument names are accepted too.
    let mut input = cursor("", dir.path());
    input["tool_input"] = json!({"path": "big.md"});
    assert_ne!(hook("cursor", &input), "");
}

#[test]
fn ten_megabytes_are_no_trouble() {
    // Over the threshold: counting stops after the first chunk. Under it (one
    // glued word): the whole file is read, and still only counted, never parsed.
    let dir = Scratch::with(
        "hook-hosts",
        &[
            ("spaced.md", "word ".repeat(2 * 1024 * 1024)),
            ("glued.md", "x".repeat(10 * 1024 * 1024)),
        ],
    );
    let d = dir.path();
    for (host, input) in [
        ("gemini", gemini as fn(&str, &Path) -> Value),
        ("cursor", cursor),
    ] {
        assert_ne!(hook(host, &input("spaced.md", d)), "");
        assert_eq!(hook(host, &input("glued.md", d)), "");
    }
    let read = |f: &str| copilot("read_file", json!({"filePath": d.join(f)}), d);
    assert_ne!(hook("claude", &read("spaced.md")), "");
    assert_eq!(hook("claude", &read("glued.md")), "");
}
