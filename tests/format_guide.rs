//! The cheat sheet (`mdsel format`) cannot lie: every selector its SELECTORS part
//! shows resolves on a document that has all it names, and every ordinal it states
//! (`h2.1 (2nd h2 ...)`) is the one the selector returns. The snapshot in
//! `tests/cmd/format_cheat_sheet.toml` only pins the text; this checks its claims.

use crate::common;

use common::bin::mdsel_in;
use common::scratch::Scratch;

/// Blocks of every type, numbered by type (`h2 number 2`, `code number 1`), with
/// a second h2 long enough for three pages of 20 words and a heading the sheet's
/// anchor names, in a file named README.md.
fn document() -> String {
    let mut text = String::from("---\ntitle: front\n---\nPreamble text.\n\n# Title\n\n");
    for n in 1..=4 {
        text += &format!("## h2 number {n}\n\npara number {n}\n\n```\ncode number {n}\n```\n\n");
        if n == 2 {
            for line in 0..12 {
                text += &format!("Filler line {line} has six words.\n");
            }
            text += "\n";
        }
    }
    text += "### Install guide\n\ninstall number 1\n\n";
    text += "- item number 1\n- item number 2\n- item number 3\n- item number 4\n\n";
    text += "> quote number 1\n\n| table | number 1 |\n|---|---|\n| a | b |\n\n";
    text += "<div>\nhtml number 1\n</div>\n";
    text
}

/// The entries of the SELECTORS part: `(selector, note)`, the note being the text
/// in parentheses after it, if any.
fn selector_entries(sheet: &str) -> Vec<(String, String)> {
    let part = sheet
        .split("\nSELECTORS")
        .nth(1)
        .expect("the cheat sheet has a SELECTORS part");
    let body: Vec<&str> = part
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with(' '))
        .map(str::trim)
        .collect();
    body.join(" ")
        .split(", ")
        .map(|entry| {
            let entry = entry.trim().trim_end_matches(',');
            match entry.split_once(" (") {
                Some((sel, note)) => (sel.to_owned(), note.trim_end_matches(')').to_owned()),
                None => (entry.to_owned(), String::new()),
            }
        })
        .collect()
}

/// `Some(2)` for a note starting with an ordinal like `2nd`.
fn ordinal(note: &str) -> Option<usize> {
    let word = note.split_whitespace().next()?;
    let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
    let rest = &word[digits.len()..];
    let suffix = ["st", "nd", "rd", "th"].iter().any(|s| rest.starts_with(s));
    (suffix && !digits.is_empty()).then(|| digits.parse().ok())?
}

#[test]
fn cheat_sheet_claims_match_real_output() {
    let s = Scratch::new("format-guide");
    s.write("README.md", document());
    let sheet = String::from_utf8(mdsel_in(s.path(), &["format"], b"").stdout).unwrap();
    let entries = selector_entries(&sheet);
    assert!(entries.len() >= 10, "{entries:?}");

    let mut ordinals = 0;
    for (selector, note) in &entries {
        let out = mdsel_in(s.path(), &["--max-words", "20", selector, "README.md"], b"");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && !stdout.is_empty(),
            "{selector} does not resolve: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        if let Some(n) = ordinal(note) {
            ordinals += 1;
            let kind = selector.split('.').next().unwrap();
            let want = format!("{kind} number {n}");
            assert!(
                stdout.contains(&want),
                "the cheat sheet says {selector} is the {note}, but it selects:\n{stdout}"
            );
        }
    }
    assert!(
        ordinals > 0,
        "the cheat sheet states no ordinal: {entries:?}"
    );
}

#[test]
fn the_checker_reads_ordinals() {
    assert_eq!(ordinal("2nd h2: 0-based"), Some(2));
    assert_eq!(ordinal("3rd... 0-based"), Some(3));
    assert_eq!(ordinal("any level"), None);
    assert_eq!(ordinal("0-based"), None);
}
