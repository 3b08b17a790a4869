//! The hook face: `mdsel hook <host>`, a reminder to use mdsel's tools when an
//! agent reads a big Markdown file (docs/hook.md, "What the hooks do").
//!
//! Reads the host's hook JSON on stdin; when the call reads a Markdown file
//! with more words than `MDSEL_MIN_WORDS`, prints the host's way of adding the
//! reminder to the agent's context. In every other case it prints nothing. It
//! always exits 0 and never blocks the read. Words are counted as the library
//! counts them, without a parse, and counting stops at the threshold, so a
//! huge file costs one read of a few kilobytes. Each host module knows its
//! input shape and output; this one knows files and words.
//!
//! Claude Code's outline mode (`--outline`, module `outline`) goes one step
//! further once the reminder applies: a whole read is narrowed to the file's
//! opening, with the outline beside it. Only then is the file parsed.

mod claude;
mod cursor;
mod gemini;
mod outline;

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::Value;

/// A host: its name on the command line, whether its input is a read of big
/// Markdown, and the line to print.
type Host = (&'static str, fn(&Value, u64) -> bool, &'static str);

/// The hosts `mdsel hook` answers: a new host is one row here (and its module).
const HOSTS: [Host; 3] = [
    ("claude", claude::applies, claude::OUTPUT),
    ("gemini", gemini::applies, gemini::OUTPUT),
    ("cursor", cursor::applies, cursor::OUTPUT),
];

/// The hosts `mdsel hook` answers, by the name given on the command line.
pub const HOST_NAMES: [&str; HOSTS.len()] = {
    let mut names = [""; HOSTS.len()];
    let mut i = 0;
    while i < HOSTS.len() {
        names[i] = HOSTS[i].0;
        i += 1;
    }
    names
};

/// The threshold when `MDSEL_MIN_WORDS` is unset or not a non-negative integer.
pub const DEFAULT_MIN_WORDS: u64 = 200;

/// Hook input larger than this is not a tool call; it is ignored unread.
const MAX_INPUT: u64 = 8 * 1024 * 1024;

/// Bytes read from the file at a time.
const CHUNK: usize = 64 * 1024;

/// What the hook answers a whole read of big Markdown with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The reminder, on every host.
    Remind,
    /// Claude Code's outline mode: the opening and an outline of at most
    /// `max_words`; the reminder where it does not apply, and on other hosts.
    Outline { max_words: usize },
}

/// Runs the hook for `host`: reads stdin, maybe prints the reminder (or, in
/// outline mode, narrows the read), exits 0.
pub fn main(host: &str, outline: bool) -> ExitCode {
    let mut input = Vec::new();
    let read = io::stdin()
        .lock()
        .take(MAX_INPUT + 1)
        .read_to_end(&mut input);
    let min_words = min_words(std::env::var("MDSEL_MIN_WORDS").ok().as_deref());
    let mode = if outline {
        Mode::Outline {
            max_words: mdsel::Options::default().max_words_from_env().max_words,
        }
    } else {
        Mode::Remind
    };
    let line = (read.is_ok() && input.len() as u64 <= MAX_INPUT)
        .then(|| respond(host, &input, min_words, mode))
        .flatten();
    if let Some(line) = line {
        // A closed stdout changes nothing: the read goes ahead either way.
        let _ = writeln!(io::stdout().lock(), "{line}");
    }
    ExitCode::SUCCESS
}

/// The line `host` prints for this input, if the reminder applies: in outline
/// mode, for a whole `Read` Claude Code sends, the narrowed read instead.
pub fn respond(host: &str, input: &[u8], min_words: u64, mode: Mode) -> Option<Cow<'static, str>> {
    let (_, applies, output) = HOSTS.into_iter().find(|h| h.0 == host)?;
    let input: Value = serde_json::from_slice(input).ok()?;
    if !applies(&input, min_words) {
        return None;
    }
    let narrowed = match mode {
        Mode::Outline { max_words } if host == "claude" => outline::narrow(&input, max_words),
        _ => None,
    };
    Some(narrowed.map_or(Cow::Borrowed(output), Cow::Owned))
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

/// The file a tool call reads: the first of `fields` in `tool_input` that is a
/// string, resolved against `base` when relative, if it names Markdown.
fn markdown_arg(input: &Value, fields: &[&str], base: Option<&str>) -> Option<PathBuf> {
    let args = input.get("tool_input")?;
    let path = fields.iter().find_map(|f| args.get(f)?.as_str())?;
    let path = Path::new(path);
    if !mdsel::Input::is_markdown(path) {
        return None;
    }
    Some(match base {
        Some(base) if path.is_relative() && !base.is_empty() => Path::new(base).join(path),
        _ => path.to_path_buf(),
    })
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
        let before = pending.len();
        pending.extend_from_slice(&buf[..n]);
        if std::mem::take(&mut first) && pending.starts_with(b"\xEF\xBB\xBF") {
            pending.drain(..3); // a byte-order mark is not a word (as in the library)
        }
        // Only the new bytes can hold a space: the tail kept before has none,
        // so one long word costs one pass, not one per chunk.
        let fresh = before.min(pending.len());
        if let Some(cut) = pending[fresh..].iter().rposition(|&b| is_space(b)) {
            let cut = fresh + cut;
            words += mdsel::count_words(&pending[..=cut]) as u64;
            pending.drain(..=cut);
            if words > limit {
                return true;
            }
        }
    }
    words + mdsel::count_words(&pending) as u64 > limit
}

/// ASCII whitespace as the word counter sees it.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reminder, word for word (docs/hook.md, "What the hooks do"), in every
    /// host's output.
    const MESSAGE: &str = "This is a Markdown file over the configured size threshold.\nUse mdsel_index and mdsel_select instead of Read.";

    #[test]
    fn every_output_carries_the_normative_reminder() {
        for (output, event) in [
            (claude::OUTPUT, Some("PreToolUse")),
            (gemini::OUTPUT, Some("AfterTool")),
            (cursor::OUTPUT, None),
        ] {
            let v: Value = serde_json::from_str(output).unwrap();
            let context = match event {
                Some(event) => {
                    assert_eq!(v["hookSpecificOutput"]["hookEventName"], event);
                    &v["hookSpecificOutput"]["additionalContext"]
                }
                None => &v["additional_context"],
            };
            assert_eq!(context, MESSAGE);
            assert_eq!(serde_json::to_string(&v).unwrap(), output, "compact");
        }
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

    #[test]
    fn unknown_hosts_and_malformed_input_say_nothing() {
        for mode in [Mode::Remind, Mode::Outline { max_words: 2000 }] {
            assert_eq!(respond("claude", b"{not json", 0, mode), None);
            assert_eq!(respond("nobody", b"{}", 0, mode), None);
        }
    }
}
