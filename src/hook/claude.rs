//! `mdsel hook claude`: Claude Code's `PreToolUse` hook (docs/hook.md, "What the
//! hooks do"), which VS Code's agent also runs from `.claude/settings.json`.
//!
//! VS Code ignores the `Read` matcher and runs the hook before every tool
//! call, so anything that is not a read of a Markdown file is answered with
//! silence, after one JSON parse. Copilot's own read tool (`read_file`, with
//! `filePath`) is recognised beside Claude Code's `Read` (with `file_path`).

use serde_json::Value;

use super::{markdown_arg, more_words_than};

/// The one line printed when the reminder applies (then a newline).
pub const OUTPUT: &str = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"This is a Markdown file over the configured size threshold.\nUse mdsel_index and mdsel_select instead of Read."}}"#;

/// Read tools by name, and the argument that names their file.
const READ_TOOLS: [(&str, &str); 3] = [
    ("Read", "file_path"),            // Claude Code
    ("read_file", "filePath"),        // VS Code's Copilot agent
    ("copilot_readFile", "filePath"), // the same tool by its contributed name
];

/// Whether the hook input is a read of a Markdown file over the threshold.
pub fn applies(input: &Value, min_words: u64) -> bool {
    let Some(tool) = input.get("tool_name").and_then(Value::as_str) else {
        return false;
    };
    let Some((_, field)) = READ_TOOLS.iter().find(|(name, _)| *name == tool) else {
        return false;
    };
    let cwd = input.get("cwd").and_then(Value::as_str);
    markdown_arg(input, &[field], cwd).is_some_and(|path| more_words_than(&path, min_words))
}
