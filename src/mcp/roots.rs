//! Where the MCP server may read: its roots, and the check every path passes.
//!
//! A path is allowed when, with `..` and symlinks resolved, it lies inside one of
//! the roots: the working directory, each `--root DIR`, and any root the client
//! declares. This module decides; it reads nothing but file metadata.

use std::fs;
use std::path::{Component, Path, PathBuf};

/// The fixed roots (working directory and `--root`s), canonical.
#[derive(Clone, Debug)]
pub struct Roots {
    /// Relative paths in tool arguments resolve against this (canonical).
    cwd: PathBuf,
    fixed: Vec<PathBuf>,
}

impl Roots {
    /// The working directory plus the `--root` directories, which must exist.
    pub fn new(cwd: &Path, extra: &[PathBuf]) -> Result<Roots, String> {
        let cwd = fs::canonicalize(cwd)
            .map_err(|e| format!("cannot resolve the working directory: {e}"))?;
        let mut fixed = vec![cwd.clone()];
        for dir in extra {
            let root = fs::canonicalize(cwd.join(dir))
                .map_err(|e| format!("--root {}: {e}", dir.display()))?;
            if !root.is_dir() {
                return Err(format!("--root {}: not a directory", dir.display()));
            }
            fixed.push(root);
        }
        Ok(Roots { cwd, fixed })
    }

    /// Every root in force: the fixed ones, then the client's.
    pub fn with_client(&self, client: &[PathBuf]) -> Vec<PathBuf> {
        let mut all = self.fixed.clone();
        for root in client {
            if !all.contains(root) {
                all.push(root.clone());
            }
        }
        all
    }

    /// Whether `path` (as a tool argument gave it) resolves inside `roots`.
    pub fn allows(&self, path: &Path, roots: &[PathBuf]) -> bool {
        let resolved = resolve(&self.cwd.join(path));
        roots.iter().any(|root| resolved.starts_with(root))
    }
}

/// The path with symlinks and `..` resolved. A path that does not exist (yet)
/// resolves through its longest existing ancestor, then lexically, so a missing
/// file inside a root stays inside and `missing/../../x` cannot climb out.
pub fn resolve(path: &Path) -> PathBuf {
    let mut base = path;
    let mut rest = Vec::new(); // components below `base`, last first
    let mut real = loop {
        if let Ok(real) = fs::canonicalize(base) {
            break real;
        }
        match (base.parent(), base.components().next_back()) {
            (Some(parent), Some(last)) => {
                rest.push(last);
                base = parent;
            }
            _ => break base.to_path_buf(),
        }
    };
    for part in rest.into_iter().rev() {
        match part {
            Component::ParentDir => {
                real.pop();
            }
            Component::Normal(name) => real.push(name),
            Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
        }
    }
    real
}

/// A client root's `file://` URI as a canonical directory; other schemes, and
/// directories that do not exist, give `None`.
pub fn from_uri(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    if !rest.starts_with('/') {
        return None; // a remote host
    }
    let decoded = percent_decode(rest)?;
    // `file:///C:/x` names `C:/x` on Windows.
    #[cfg(windows)]
    let decoded = match decoded.as_bytes() {
        [b'/', _, b':', ..] => decoded[1..].to_owned(),
        _ => decoded,
    };
    let real = fs::canonicalize(decoded).ok()?;
    real.is_dir().then_some(real)
}

fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_file_uris() {
        let dir = tempfile::tempdir().unwrap();
        let real = fs::canonicalize(dir.path()).unwrap();
        let spaced = real.join("a b");
        fs::create_dir(&spaced).unwrap();
        let uri = format!("file://{}", real.display());
        assert_eq!(from_uri(&uri), Some(real.clone()));
        let uri = format!("file://localhost{}/a%20b", real.display());
        assert_eq!(from_uri(&uri), Some(spaced));
        assert_eq!(from_uri("https://example.com/x"), None);
        assert_eq!(from_uri("file://server/share"), None);
        assert_eq!(
            from_uri(&format!("file://{}/missing", real.display())),
            None
        );
        assert_eq!(from_uri("file:///bad%zz"), None);
    }

    #[test]
    fn resolves_missing_paths_lexically_from_the_deepest_real_ancestor() {
        let dir = tempfile::tempdir().unwrap();
        let real = fs::canonicalize(dir.path()).unwrap();
        fs::create_dir(real.join("sub")).unwrap();
        let cases = [
            ("sub/missing.md", real.join("sub/missing.md")),
            ("sub/../x.md", real.join("x.md")),
            ("missing/../../x.md", real.parent().unwrap().join("x.md")),
            ("sub/./a/../b.md", real.join("sub/b.md")),
        ];
        for (rel, want) in cases {
            assert_eq!(resolve(&dir.path().join(rel)), want, "{rel}");
        }
    }

    #[test]
    fn allows_only_paths_under_a_root() {
        let dir = tempfile::tempdir().unwrap();
        let work = dir.path().join("work");
        let other = dir.path().join("other");
        fs::create_dir_all(work.join("docs")).unwrap();
        fs::create_dir_all(&other).unwrap();
        fs::write(other.join("x.md"), "# x\n").unwrap();
        let roots = Roots::new(&work, &[]).unwrap();
        let all = roots.with_client(&[]);
        assert!(roots.allows(Path::new("docs"), &all));
        assert!(roots.allows(Path::new("docs/missing.md"), &all));
        assert!(roots.allows(Path::new("."), &all));
        assert!(!roots.allows(Path::new("../other/x.md"), &all));
        assert!(!roots.allows(&other.join("x.md"), &all));
        assert!(!roots.allows(Path::new("/"), &all));
        let widened = roots.with_client(&[fs::canonicalize(&other).unwrap()]);
        assert!(roots.allows(Path::new("../other/x.md"), &widened));
        let with_flag = Roots::new(&work, &[PathBuf::from("../other")]).unwrap();
        assert!(with_flag.allows(Path::new("../other/x.md"), &with_flag.with_client(&[])));
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_are_judged_by_their_target() {
        let dir = tempfile::tempdir().unwrap();
        let work = dir.path().join("work");
        fs::create_dir_all(&work).unwrap();
        fs::write(dir.path().join("secret.md"), "# secret\n").unwrap();
        fs::write(work.join("ok.md"), "# ok\n").unwrap();
        std::os::unix::fs::symlink(dir.path().join("secret.md"), work.join("leak.md")).unwrap();
        std::os::unix::fs::symlink(dir.path(), work.join("up")).unwrap();
        std::os::unix::fs::symlink(work.join("ok.md"), work.join("alias.md")).unwrap();
        let roots = Roots::new(&work, &[]).unwrap();
        let all = roots.with_client(&[]);
        assert!(!roots.allows(Path::new("leak.md"), &all));
        assert!(!roots.allows(Path::new("up/secret.md"), &all));
        assert!(!roots.allows(Path::new("up/missing.md"), &all));
        assert!(roots.allows(Path::new("alias.md"), &all));
    }

    #[test]
    fn a_missing_root_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let err = Roots::new(dir.path(), &[PathBuf::from("nope")]).unwrap_err();
        assert!(err.starts_with("--root nope: "), "{err}");
    }
}
