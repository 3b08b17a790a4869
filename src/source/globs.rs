//! Path filters (`--glob`): gitignore-style patterns that narrow the files a
//! walk finds under each directory given, relative to that directory.
//!
//! A pattern only narrows: a file `.gitignore` or the hidden-file rule leaves
//! out stays out (ripgrep's `--glob` would take it back), and a file named
//! directly is always read. This module checks patterns and matches paths; it
//! never reads the file system.

use std::path::Path;

use ignore::Match;
use ignore::overrides::{Override, OverrideBuilder};

/// Checked patterns, in the order given: `api/**` keeps only what matches
/// (several such patterns: what matches any), `!drafts/` leaves out what
/// matches; the last pattern that matches a path decides.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Globs {
    patterns: Vec<String>,
}

/// A pattern that cannot be used, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GlobError {
    /// The pattern as given.
    pub pattern: String,
    /// What is wrong with it, in the glob parser's words or ours.
    pub problem: String,
}

impl Globs {
    /// Checks every pattern: each must parse as a gitignore line that matches
    /// something (an empty pattern or a `#` comment would be dropped without a
    /// word, as a `.gitignore` drops them).
    pub fn new(patterns: &[String]) -> Result<Globs, GlobError> {
        for pattern in patterns {
            let fail = |problem: &str| GlobError {
                pattern: pattern.clone(),
                problem: problem.to_owned(),
            };
            let body = pattern.strip_prefix('!').unwrap_or(pattern);
            if body.trim().is_empty() || body == "/" {
                return Err(fail("it names no path"));
            }
            if pattern.starts_with('#') {
                return Err(fail(
                    "a leading # makes it a comment; write \\# for a name starting with #",
                ));
            }
            let mut builder = OverrideBuilder::new("");
            if let Err(e) = builder.add(pattern).and_then(|b| b.build()) {
                return Err(fail(&glob_problem(&e)));
            }
        }
        Ok(Globs {
            patterns: patterns.to_vec(),
        })
    }

    /// Whether there is no pattern (nothing is narrowed).
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// The matcher for the walk of `dir`, or `None` without patterns.
    pub fn under(&self, dir: &Path) -> Option<Under> {
        if self.is_empty() {
            return None;
        }
        let mut builder = OverrideBuilder::new("");
        for pattern in &self.patterns {
            // Each was checked by `Globs::new`, so none fails here.
            builder.add(pattern).ok()?;
        }
        Some(Under {
            dir: dir.to_path_buf(),
            matcher: builder.build().ok()?,
        })
    }
}

/// The patterns as they apply under one directory given.
#[derive(Clone, Debug)]
pub(crate) struct Under {
    dir: std::path::PathBuf,
    matcher: Override,
}

impl Under {
    /// Whether the walk keeps `path` (found under the directory), a folder
    /// when `is_dir`: a folder a pattern leaves out is not entered at all; a
    /// folder no pattern names is entered, its files judged one by one.
    pub fn keeps(&self, path: &Path, is_dir: bool) -> bool {
        let rel = path.strip_prefix(&self.dir).unwrap_or(path);
        !matches!(self.matcher.matched(rel, is_dir), Match::Ignore(_))
    }
}

/// Whether a pattern is tied to the directory it is relative to (a `/` before
/// its last character): `api/**` under `docs/` means `docs/api/`, and means
/// something else under `docs/guide/`. A pattern without one (`*.md`,
/// `!drafts/`, `**/x.md`) matches at any depth, under any folder alike.
pub(crate) fn anchored(pattern: &str) -> bool {
    let body = pattern.strip_prefix('!').unwrap_or(pattern);
    let body = body.strip_prefix("**/").unwrap_or(body);
    body.trim_end_matches('/').contains('/')
}

/// The glob parser's complaint, without the pattern it repeats.
fn glob_problem(e: &ignore::Error) -> String {
    match e {
        ignore::Error::Glob { err, .. } => err.clone(),
        ignore::Error::WithPath { err, .. }
        | ignore::Error::WithDepth { err, .. }
        | ignore::Error::WithLineNumber { err, .. } => glob_problem(err),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn globs(patterns: &[&str]) -> Result<Globs, GlobError> {
        let owned: Vec<String> = patterns.iter().map(|p| (*p).to_owned()).collect();
        Globs::new(&owned)
    }

    #[test]
    fn patterns_keep_and_leave_out_files_under_the_directory_given() {
        let cases: &[(&[&str], &str, bool, bool)] = &[
            // (patterns, path under docs/, is a folder, kept)
            (&["api/**"], "docs/api/fs.md", false, true),
            (&["api/**"], "docs/api/deep/fs.md", false, true),
            (&["api/**"], "docs/guide/fs.md", false, false),
            (&["api/**"], "docs/guide", true, true),
            (&["*.md"], "docs/a/b.md", false, true),
            (&["*.md"], "docs/a/b.mdx", false, false),
            (&["!drafts/"], "docs/drafts", true, false),
            (&["!drafts/"], "docs/a/drafts", true, false),
            (&["!drafts/"], "docs/a/b.md", false, true),
            (&["!*.draft.md"], "docs/x.draft.md", false, false),
            (
                &["api/**", "!api/old/**"],
                "docs/api/old/x.md",
                false,
                false,
            ),
            (&["api/**", "!api/old/**"], "docs/api/new/x.md", false, true),
            (&["api/**", "guide/**"], "docs/guide/x.md", false, true),
            // Relative to the directory given, not to where mdsel runs.
            (&["docs/**"], "docs/a.md", false, false),
        ];
        for (patterns, path, is_dir, kept) in cases {
            let under = globs(patterns).unwrap().under(Path::new("docs")).unwrap();
            assert_eq!(
                under.keeps(Path::new(path), *is_dir),
                *kept,
                "{patterns:?} {path}"
            );
        }
        for dir in ["./docs", "docs/", "/abs/docs"] {
            let under = globs(&["api/**"]).unwrap().under(Path::new(dir)).unwrap();
            let path = Path::new(dir).join("api/x.md");
            assert!(under.keeps(&path, false), "{dir}");
        }
        assert!(globs(&[]).unwrap().under(Path::new("docs")).is_none());
    }

    #[test]
    fn a_pattern_that_cannot_match_says_why() {
        let cases = [
            ("a[", "unclosed character class"),
            ("{a,b", "unclosed alternate group"),
            ("", "names no path"),
            ("!", "names no path"),
            ("  ", "names no path"),
            ("#notes", "comment"),
        ];
        for (pattern, problem) in cases {
            let err = globs(&["ok/**", pattern]).unwrap_err();
            assert_eq!(err.pattern, pattern);
            assert!(err.problem.contains(problem), "{pattern}: {}", err.problem);
        }
        assert!(globs(&["\\#notes", "!a/", "**/*.md"]).is_ok());
    }

    #[test]
    fn anchored_patterns_are_tied_to_their_directory() {
        for (pattern, want) in [
            ("api/**", true),
            ("!api/old/", true),
            ("/top.md", true),
            ("*.md", false),
            ("!drafts/", false),
            ("**/x.md", false),
            ("**/a/x.md", true),
        ] {
            assert_eq!(anchored(pattern), want, "{pattern}");
        }
    }
}
