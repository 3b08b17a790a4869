//! Did-you-mean for malformed selectors: rewrites of the text that fix its
//! syntax error (a misspelt type, a heading level past h6, `,` where `.` belongs,
//! a missing `]`), best first.
//!
//! Purely syntactic: every rewrite parses, but only the caller, holding the
//! documents, knows which resolve; it must offer only those.

use super::Target;
use super::error::{Expected, SyntaxError};
use super::parse::parse;

/// How many fixes deep a rewrite may go (`tabel,0` → `table,0` → `table.0`).
const DEPTH: usize = 3;
/// Most rewrites returned; the caller shows the first few that resolve.
const MOST: usize = 24;
/// Most rewrites parsed in all, so a long hostile selector stays cheap.
const TRIES: usize = 200;
/// Least edit similarity for a type name to count as meant (`tabel` ~ `table`).
const CLOSE: f32 = 0.4;

/// Rewrites of `err.input` that parse, closest first.
pub(crate) fn repairs(err: &SyntaxError) -> Vec<String> {
    let mut out = Vec::new();
    let mut level = vec![err.clone()];
    let mut tries = 0;
    for _ in 0..DEPTH {
        let mut next = Vec::new();
        for err in &level {
            for fixed in fixes(err) {
                tries += 1;
                if tries > TRIES {
                    return out;
                }
                match parse(&fixed) {
                    Ok(_) if !out.contains(&fixed) => out.push(fixed),
                    Ok(_) => {}
                    // Only a fix that moved the error on is worth fixing again.
                    Err(e) if e.offset > err.offset => next.push(e),
                    Err(_) => {}
                }
                if out.len() == MOST {
                    return out;
                }
            }
        }
        level = next;
    }
    out
}

/// One-edit fixes of the error at `err.offset`, best first.
fn fixes(err: &SyntaxError) -> Vec<String> {
    let input = &err.input;
    let at = err.offset;
    let replace = |len: usize, with: &str| format!("{}{with}{}", &input[..at], &input[at + len..]);
    match &err.expected {
        Expected::KnownType { found } => {
            let found_lower = found.to_lowercase();
            let mut names: Vec<(f32, &str)> = Target::names()
                .map(|n| (crate::fuzzy::similarity(&found_lower, n), n))
                .filter(|&(s, _)| s >= CLOSE)
                .collect();
            names.sort_by(|a, b| b.0.total_cmp(&a.0));
            names
                .into_iter()
                .map(|(_, n)| replace(found.len(), n))
                .collect()
        }
        Expected::HeadingLevel { found } => {
            // `h7` → h6, h5, …; `h0` → h1, h2, …
            let wanted: u64 = found[1..].parse().unwrap_or(u64::MAX);
            let mut levels: Vec<u64> = (1..=6).collect();
            levels.sort_by_key(|&l| l.abs_diff(wanted));
            levels
                .into_iter()
                .map(|l| replace(found.len(), &format!("h{l}")))
                .collect()
        }
        // `h2,0`: a comma right after a type, before a digit, meant a dot.
        Expected::End { found: ',' }
            if input[..at].ends_with(|c: char| c.is_ascii_alphanumeric())
                && input[at + 1..].starts_with(|c: char| c.is_ascii_digit()) =>
        {
            vec![replace(1, ".")]
        }
        Expected::CloseBracket => vec![replace(0, "]")],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites_parse_and_come_closest_first() {
        let cases: &[(&str, &[&str])] = &[
            ("tabel.0", &["table.0"]),
            ("h7.0", &["h6.0", "h5.0", "h4.0", "h3.0", "h2.0", "h1.0"]),
            ("h0", &["h1", "h2", "h3", "h4", "h5", "h6"]),
            ("h2,0", &["h2.0"]),
            ("h2,0,2", &["h2.0,2"]),
            ("tabel,0", &["table.0"]),
            ("h2[0", &["h2[0]"]),
            ("h2.0/cod.0", &["h2.0/code.0"]),
            ("zzzz.0", &[]),
            ("h2.", &[]),
        ];
        for (input, want) in cases {
            let err = parse(input).expect_err(input);
            let got = repairs(&err);
            let first: Vec<&str> = got.iter().take(want.len()).map(String::as_str).collect();
            assert_eq!(first, *want, "{input}: {got:?}");
            assert!(!want.is_empty() || got.is_empty(), "{input}: {got:?}");
            for fixed in &got {
                assert!(parse(fixed).is_ok(), "{input} → {fixed}");
            }
        }
    }

    #[test]
    fn a_long_run_of_typos_is_repaired_a_bounded_number_of_times() {
        // Each fix moves the error on to the next typo: the budget stops it.
        let input = "tabel,0/".repeat(4000) + "table.0";
        let err = parse(&input).expect_err("typos");
        let got = repairs(&err);
        assert!(got.is_empty(), "{} rewrites", got.len());
    }
}
