//! Scratch folders: a fresh, uniquely named directory per test, filled with the
//! files the test names and removed when it goes out of scope. Files made at run
//! time never need to be committed (FIFOs, links, sparse or huge files, names a
//! case-insensitive checkout could not hold).

use std::path::{Path, PathBuf};

/// A fresh directory, removed on drop.
pub struct Scratch {
    dir: tempfile::TempDir,
}

impl Scratch {
    /// An empty directory whose name starts with `mdsel-{name}-`.
    pub fn new(name: &str) -> Scratch {
        let dir = tempfile::Builder::new()
            .prefix(&format!("mdsel-{name}-"))
            .tempdir()
            .expect("create scratch dir");
        Scratch { dir }
    }

    /// A directory holding `files`, each `(relative path, contents)`.
    pub fn with<T: AsRef<[u8]>>(name: &str, files: &[(&str, T)]) -> Scratch {
        let scratch = Scratch::new(name);
        for (path, text) in files {
            scratch.write(path, text);
        }
        scratch
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// `name` inside the directory (which need not exist).
    pub fn join(&self, name: impl AsRef<Path>) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Writes a file, making its parent folders; returns its path.
    pub fn write(&self, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
        let path = self.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create parent");
        }
        std::fs::write(&path, bytes).expect("write scratch file");
        path
    }

    /// An empty executable file `name` (with `.exe` on Windows), its folders
    /// made: something for a `PATH` lookup to find; returns its path.
    pub fn executable(&self, name: &str) -> PathBuf {
        let path = self.write(&format!("{name}{}", std::env::consts::EXE_SUFFIX), "");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
                .expect("make executable");
        }
        path
    }

    /// A named pipe `name` (made by `mkfifo`); returns its path.
    #[cfg(unix)]
    pub fn fifo(&self, name: &str) -> PathBuf {
        let path = self.join(name);
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .expect("run mkfifo");
        assert!(made.success(), "mkfifo {name}");
        path
    }

    /// The text of a file in the directory.
    pub fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.join(name)).unwrap_or_else(|e| panic!("read {name}: {e}"))
    }

    /// Makes a folder (and its parents); returns its path.
    pub fn mkdir(&self, name: &str) -> PathBuf {
        let path = self.join(name);
        std::fs::create_dir_all(&path).expect("create scratch folder");
        path
    }
}
