//! `mdsel hook cursor`: Cursor's `postToolUse` hook after a `Read`.
//!
//! Cursor's `preToolUse` is a permission hook and carries no context for the
//! model; `postToolUse` may answer `additional_context`, which Cursor appends
//! after the tool's result.

use serde_json::Value;

use super::{markdown_arg, more_words_than};

/// The one line printed when the reminder applies (then a newline).
pub const OUTPUT: &str = r#"{"additional_context":"This is a Markdown file over the configured size threshold.\nUse mdsel_index and mdsel_select instead of Read."}"#;

/// Whether the input is a `postToolUse` event for a `Read` of big Markdown.
pub fn applies(input: &Value, min_words: u64) -> bool {
    let field = |name: &str| input.get(name).and_then(Value::as_str);
    if field("hook_event_name") != Some("postToolUse") || field("tool_name") != Some("Read") {
        return false;
    }
    // A relative path resolves against the call's `cwd`, else the first
    // workspace root (older builds send no `cwd`).
    let base = field("cwd").filter(|c| !c.is_empty()).or_else(|| {
        input
            .get("workspace_roots")
            .and_then(|r| r.get(0))
            .and_then(Value::as_str)
    });
    markdown_arg(input, &["file_path", "path", "target_file"], base)
        .is_some_and(|path| more_words_than(&path, min_words))
}
