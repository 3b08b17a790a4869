//! `mdsel hook claude`, fed Claude Code's PreToolUse JSON on stdin (docs/hook.md,
//! "What the hooks do").

use crate::common;

use std::path::Path;

use common::bin;
use common::memory::text_of_words as words;
use common::scratch::Scratch;
use serde_json::json;

const REMINDER: &str = "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"additionalContext\":\"This is a Markdown file over the configured size threshold.\\nUse mdsel_index and mdsel_select instead of Read.\"}}\n";

/// Runs the hook with `input` on stdin and `MDSEL_MIN_WORDS` as given; its stdout.
fn hook_with(input: &[u8], min_words: Option<&str>) -> String {
    let env: Vec<(&str, &str)> = min_words
        .map(|v| ("MDSEL_MIN_WORDS", v))
        .into_iter()
        .collect();
    bin::hook("claude", input, &env)
}

/// The hook's stdout for a tool call, as Claude Code sends it.
fn run(tool: &str, file_path: &str, cwd: &Path, min_words: Option<&str>) -> String {
    let input = json!({
        "session_id": "s",
        "transcript_path": "/tmp/t.jsonl",
        "cwd": cwd,
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": {"file_path": file_path},
    });
    hook_with(input.to_string().as_bytes(), min_words)
}

fn dir_with(files: &[(&str, String)]) -> Scratch {
    Scratch::with("hook", files)
}

#[test]
fn reminds_above_200_words_only() {
    let dir = dir_with(&[
        ("big.md", words(201)),
        ("edge.md", words(200)),
        ("small.md", words(3)),
    ]);
    let d = dir.path();
    assert_eq!(run("Read", "big.md", d, None), REMINDER);
    assert_eq!(run("Read", "edge.md", d, None), "");
    assert_eq!(run("Read", "small.md", d, None), "");
    let absolute = d.join("big.md").display().to_string();
    assert_eq!(run("Read", &absolute, Path::new("/"), None), REMINDER);
}

#[test]
fn markdown_extensions_in_any_case() {
    let names = ["a.md", "b.MD", "c.markdown", "d.Markdown", "e.mdx", "f.MDX"];
    let files: Vec<(&str, String)> = names.iter().map(|n| (*n, words(500))).collect();
    let dir = dir_with(&files);
    for name in names {
        assert_eq!(run("Read", name, dir.path(), None), REMINDER, "{name}");
    }
}

#[test]
fn other_extensions_are_ignored() {
    let names = ["a.txt", "b.rs", "c.mdown", "d.md.bak", "README", "e.json"];
    let files: Vec<(&str, String)> = names.iter().map(|n| (*n, words(500))).collect();
    let dir = dir_with(&files);
    for name in names {
        assert_eq!(run("Read", name, dir.path(), None), "", "{name}");
    }
}

#[test]
fn other_tools_are_ignored() {
    let dir = dir_with(&[("big.md", words(500))]);
    for tool in ["Edit", "Write", "Grep", "read", "READ", "Bash", ""] {
        assert_eq!(run(tool, "big.md", dir.path(), None), "", "{tool}");
    }
}

#[test]
fn missing_files_and_non_files_are_ignored() {
    let dir = dir_with(&[("big.md", words(500))]);
    std::fs::create_dir(dir.path().join("folder.md")).unwrap();
    assert_eq!(run("Read", "missing.md", dir.path(), None), "");
    assert_eq!(run("Read", "folder.md", dir.path(), None), "");
    // Relative paths resolve against the input's cwd, not the hook's.
    assert_eq!(run("Read", "big.md", Path::new("/"), None), "");
    #[cfg(unix)]
    {
        // A FIFO must not block the hook (it is never opened).
        dir.fifo("pipe.md");
        assert_eq!(run("Read", "pipe.md", dir.path(), None), "");
        // A symlink to a big file is judged by the file.
        std::os::unix::fs::symlink(dir.path().join("big.md"), dir.path().join("link.md")).unwrap();
        assert_eq!(run("Read", "link.md", dir.path(), None), REMINDER);
    }
}

#[test]
fn mdsel_min_words_sets_the_threshold() {
    let dir = dir_with(&[("ten.md", words(10)), ("big.md", words(201))]);
    let d = dir.path();
    assert_eq!(run("Read", "ten.md", d, Some("9")), REMINDER);
    assert_eq!(run("Read", "ten.md", d, Some("10")), "");
    assert_eq!(run("Read", "ten.md", d, Some("0")), REMINDER);
    assert_eq!(run("Read", "big.md", d, Some("1000")), "");
    let empty = dir_with(&[("empty.md", String::new())]);
    assert_eq!(run("Read", "empty.md", empty.path(), Some("0")), "");
}

#[test]
fn an_invalid_mdsel_min_words_means_200() {
    let dir = dir_with(&[
        ("ten.md", words(10)),
        ("edge.md", words(200)),
        ("big.md", words(201)),
    ]);
    let d = dir.path();
    for bad in ["", "-5", "ten", "5.0", " 9", "0x10", "1e1"] {
        assert_eq!(run("Read", "ten.md", d, Some(bad)), "", "{bad:?}");
        assert_eq!(run("Read", "edge.md", d, Some(bad)), "", "{bad:?}");
        assert_eq!(run("Read", "big.md", d, Some(bad)), REMINDER, "{bad:?}");
    }
}

#[test]
fn malformed_or_empty_input_is_silent() {
    let dir = dir_with(&[("big.md", words(500))]);
    let path = dir.path().join("big.md").display().to_string();
    let inputs: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"   \n".to_vec(),
        b"{not json".to_vec(),
        b"[]".to_vec(),
        b"null".to_vec(),
        json!({"tool_name": "Read"}).to_string().into_bytes(),
        json!({"tool_name": "Read", "tool_input": {}})
            .to_string()
            .into_bytes(),
        json!({"tool_name": "Read", "tool_input": {"file_path": 7}})
            .to_string()
            .into_bytes(),
        json!({"tool_name": "Read", "tool_input": "big.md"})
            .to_string()
            .into_bytes(),
        json!({"tool_name": ["Read"], "tool_input": {"file_path": path}})
            .to_string()
            .into_bytes(),
        vec![0xff, 0xfe, 0x00],
    ];
    for input in inputs {
        let out = hook_with(&input, None);
        assert!(out.is_empty(), "{:?}", String::from_utf8_lossy(&input));
    }
    // The same call, well formed, does remind: the cases above fail for their input alone.
    let good = json!({"tool_name": "Read", "tool_input": {"file_path": path}});
    assert_eq!(hook_with(good.to_string().as_bytes(), None), REMINDER);
}

#[test]
fn huge_files_are_sized_without_reading_them_whole() {
    // 10 MB of Markdown: the answer needs only the first few kilobytes.
    let line = "Some words of a paragraph, repeated until the file is large.\n";
    let big = line.repeat(10 * 1024 * 1024 / line.len());
    // 10 MB with fewer words than the threshold: it is read to the end.
    let sparse = format!("# T\n{}\nend\n", " ".repeat(10 * 1024 * 1024));
    let dir = dir_with(&[("big.md", big), ("sparse.md", sparse)]);
    assert_eq!(run("Read", "big.md", dir.path(), None), REMINDER);
    assert_eq!(run("Read", "sparse.md", dir.path(), None), "");
    assert_eq!(run("Read", "sparse.md", dir.path(), Some("2")), REMINDER);
}
