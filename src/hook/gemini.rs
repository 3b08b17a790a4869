//! `mdsel hook gemini`: Gemini CLI's `AfterTool` hook on `read_file`.
//!
//! Gemini CLI's `BeforeTool` output cannot add context (it can only deny or
//! rewrite the arguments); `AfterTool` appends
//! `hookSpecificOutput.additionalContext` to the tool's result. So the
//! reminder arrives beside the content, for the agent's next step.

use serde_json::Value;

use super::{markdown_arg, more_words_than};

/// The one line printed when the reminder applies (then a newline).
pub const OUTPUT: &str = r#"{"hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":"This is a Markdown file over the configured size threshold.\nUse mdsel_index and mdsel_select instead of Read."}}"#;

/// Whether the input is an `AfterTool` event for a `read_file` of big Markdown.
pub fn applies(input: &Value, min_words: u64) -> bool {
    let field = |name: &str| input.get(name).and_then(Value::as_str);
    if field("hook_event_name") != Some("AfterTool") || field("tool_name") != Some("read_file") {
        return false;
    }
    // `file_path` in current releases; `absolute_path` in older ones.
    markdown_arg(input, &["file_path", "absolute_path"], field("cwd"))
        .is_some_and(|path| more_words_than(&path, min_words))
}
