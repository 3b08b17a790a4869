//! The hook face: `mdsel hook claude`, Claude Code's `PreToolUse` reminder (SPEC §10).
//!
//! Reads the hook's JSON on stdin; when the agent is about to `Read` a Markdown
//! file with more words than `MDSEL_MIN_WORDS`, prints the reminder as
//! `additionalContext`. In every other case it prints nothing. It always exits 0
//! and never blocks the Read (the Edit tool needs it). Words are counted as the
//! library counts them, without a parse, and counting stops at the threshold,
//! so a huge file costs one read of a few kilobytes.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::Value;

/// The one line printed when the reminder applies (then a newline).
pub const OUTPUT: &str = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"This is a Markdown file over the configured size threshold.\nUse mdsel_index and mdsel_select instead of Read."}}"#;

/// The threshold when `MDSEL_MIN_WORDS` is unset or not a non-negative integer.
pub const DEFAULT_MIN_WORDS: u64 = 200;

/// Hook input larger than this is not a tool call; it is ignored unread.
const MAX_INPUT: u64 = 8 * 1024 * 1024;

/// Bytes read from the file at a time.
const CHUNK: usize = 64 * 1024;

/// Runs the hook: reads stdin, maybe prints the reminder, exits 0.
pub fn main() -> ExitCode {
    let mut input = Vec::new();
    let read = io::stdin()
        .lock()
        .take(MAX_INPUT + 1)
        .read_to_end(&mut input);
    let min_words = min_words(std::env::var("MDSEL_MIN_WORDS").ok().as_deref());
    if read.is_ok() && input.len() as u64 <= MAX_INPUT && applies(&input, min_words) {
        // A closed stdout changes nothing: the Read goes ahead either way.
        let _ = writeln!(io::stdout().lock(), "{OUTPUT}");
    }
    ExitCode::SUCCESS
}

/// `MDSEL_MIN_WORDS` as a threshold: decimal digits only, else the default.
/// A number too large to hold can never be exceeded.
pub fn min_words(value: Option<&str>) -> u64 {
    match value {
        Some(v) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => {
            v.parse().unwrap_or(u64::MAX)
        }
        _ => DEFAULT_MIN_WORDS,
    }
}

/// Whether the hook input is a `Read` of a Markdown file over the threshold.
pub fn applies(input: &[u8], min_words: u64) -> bool {
    let Ok(input) = serde_json::from_slice::<Value>(input) else {
        return false;
    };
    if input.get("tool_name").and_then(Value::as_str) != Some("Read") {
        return false;
    }
    let Some(path) = input
        .get("tool_input")
        .and_then(|t| t.get("file_path"))
        .and_then(Value::as_str)
    else {
        return false;
    };
    let path = Path::new(path);
    if !mdsel::is_markdown_path(path) {
        return false;
    }
    let path = match input.get("cwd").and_then(Value::as_str) {
        Some(cwd) if path.is_relative() => Path::new(cwd).join(path),
        _ => PathBuf::from(path),
    };
    more_words_than(&path, min_words)
}

/// Whether a regular file has more than `limit` words. FIFOs, devices and
/// directories are judged from their metadata and never opened.
fn more_words_than(path: &Path, limit: u64) -> bool {
    let is_file = std::fs::metadata(path).is_ok_and(|m| m.is_file());
    is_file && File::open(path).is_ok_and(|file| count_exceeds(file, limit))
}

/// Counts words in chunks, stopping as soon as there are more than `limit`.
/// Each chunk is counted up to its last ASCII whitespace byte; the tail waits
/// for the next chunk, so no word (or UTF-8 character) is split in two.
fn count_exceeds(mut reader: impl Read, limit: u64) -> bool {
    let mut buf = vec![0; CHUNK];
    let mut pending: Vec<u8> = Vec::new();
    let mut words: u64 = 0;
    let mut first = true;
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return false,
        };
        pending.extend_from_slice(&buf[..n]);
        if std::mem::take(&mut first) && pending.starts_with(b"\xEF\xBB\xBF") {
            pending.drain(..3); // a byte-order mark is not a word (as in the library)
        }
        if let Some(cut) = pending.iter().rposition(|&b| is_space(b)) {
            words += mdsel::count_words_bytes(&pending[..=cut]) as u64;
            pending.drain(..=cut);
            if words > limit {
                return true;
            }
        }
    }
    words + mdsel::count_words_bytes(&pending) as u64 > limit
}

/// ASCII whitespace as the word counter sees it.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_carries_the_normative_reminder() {
        let v: Value = serde_json::from_str(OUTPUT).unwrap();
        assert_eq!(v["hookSpecificOutput"]["hookEventName"], "PreToolUse");
        assert_eq!(
            v["hookSpecificOutput"]["additionalContext"],
            "This is a Markdown file over the configured size threshold.\nUse mdsel_index and mdsel_select instead of Read."
        );
        assert_eq!(serde_json::to_string(&v).unwrap(), OUTPUT);
    }

    #[test]
    fn parses_min_words() {
        let cases = [
            (None, 200),
            (Some(""), 200),
            (Some("0"), 0),
            (Some("50"), 50),
            (Some("-1"), 200),
            (Some("+5"), 200),
            (Some(" 5"), 200),
            (Some("1e3"), 200),
            (Some("ten"), 200),
            (Some("99999999999999999999999"), u64::MAX),
        ];
        for (value, want) in cases {
            assert_eq!(min_words(value), want, "{value:?}");
        }
    }

    #[test]
    fn chunked_count_equals_the_library_count() {
        // Words and multi-byte spaces straddle every chunk boundary.
        let unit = "alpha\u{3000}beta gamma\u{a0}δέλτα\n\t";
        let text = unit.repeat(CHUNK / unit.len() * 3 + 7);
        let total = mdsel::count_words(&text) as u64;
        assert!(count_exceeds(text.as_bytes(), total - 1));
        assert!(!count_exceeds(text.as_bytes(), total));
        let glued = "x".repeat(CHUNK * 2 + 5);
        assert!(count_exceeds(glued.as_bytes(), 0));
        assert!(!count_exceeds(glued.as_bytes(), 1));
    }

    #[test]
    fn a_byte_order_mark_is_not_a_word() {
        assert!(!count_exceeds("\u{feff}\none two".as_bytes(), 2));
        assert!(count_exceeds("\u{feff}\none two".as_bytes(), 1));
    }
}
