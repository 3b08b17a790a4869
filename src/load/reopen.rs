//! Reading a walk's files again once the walk is over (a search's hits), by
//! position among the files found, each once.
//!
//! A file that changed since its first reading (its text's length differs,
//! or it can no longer be read) gives nothing, and its path is noted, rather
//! than text its first reading did not see. Standard input cannot be read
//! twice: a document of it is kept from its first reading when the command
//! may need it again.

use std::collections::{BTreeMap, HashMap};

use crate::source::{self, Entry, Limits};
use crate::tree::{Document, parse_named};

/// The files of a walk, to read any of them again.
pub(crate) struct Reopen {
    /// By position: what reads each file, its name and its text's length at
    /// its first reading.
    files: Vec<Option<(Entry, String, usize)>>,
    limits: Limits,
    /// Documents that cannot be read again, kept from their first reading.
    kept: HashMap<usize, Document>,
    /// Documents read again (`None`: that failed, or the file changed).
    read: BTreeMap<usize, Option<Document>>,
    /// Paths of files that changed since their first reading.
    changed: Vec<String>,
}

impl Reopen {
    /// Room for `files` files, none known yet, read again within `limits`.
    pub(super) fn new(files: usize, limits: Limits) -> Reopen {
        let mut known = Vec::new();
        known.resize_with(files, || None);
        Reopen {
            files: known,
            limits,
            kept: HashMap::new(),
            read: BTreeMap::new(),
            changed: Vec::new(),
        }
    }

    /// File `i`'s entry and name, handed back by the thread that read it,
    /// and its text's length then.
    pub(super) fn remember(&mut self, i: usize, entry: Entry, namespace: String, len: usize) {
        self.files[i] = Some((entry, namespace, len));
    }

    /// Keeps document `i`, which cannot be read again (standard input).
    pub fn keep(&mut self, i: usize, doc: Document) {
        self.kept.insert(i, doc);
    }

    /// Document `i` (its position among the files found), kept or read and
    /// parsed again, once; `None` when it cannot be had: it cannot be read
    /// twice, or it changed since its first reading ([`Reopen::changed`]).
    pub fn document(&mut self, i: usize) -> Option<&Document> {
        if self.kept.contains_key(&i) {
            return self.kept.get(&i);
        }
        if !self.read.contains_key(&i) {
            let doc = self.read_again(i);
            self.read.insert(i, doc);
        }
        self.read.get(&i)?.as_ref()
    }

    fn read_again(&mut self, i: usize) -> Option<Document> {
        let (entry, ns, len) = self.files.get(i)?.as_ref()?;
        match source::read(entry, &self.limits) {
            Ok(source) if source.text.len() == *len => Some(parse_named(source, ns.clone())),
            Ok(source) => {
                self.changed.push(source.path);
                None
            }
            Err(failed) => {
                self.changed.push(failed.path);
                None
            }
        }
    }

    /// The paths of files that changed since their first reading, among
    /// those asked for again.
    pub fn changed(&self) -> &[String] {
        &self.changed
    }

    /// Every document had, kept or read again, by position.
    pub fn into_documents(self) -> BTreeMap<usize, Document> {
        let read = self.read.into_iter().filter_map(|(i, d)| Some((i, d?)));
        read.chain(self.kept).collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::load::Walk;
    use crate::source::{Globs, Input, Limits};

    fn file(dir: &tempfile::TempDir, name: &str, text: &str) -> Input {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        Input::Path(path)
    }

    #[test]
    fn a_file_that_changed_since_its_first_reading_gives_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let text = "## Needle\n\nthe needle\n";
        let inputs = [file(&dir, "a.md", text)];
        let reopen = || Walk::new(&inputs, 1, &Globs::default()).reopener(&Limits::new(u64::MAX));
        let mut same = reopen();
        assert!(same.document(0).is_some());
        assert!(same.changed().is_empty());
        let mut grown = reopen();
        std::fs::write(dir.path().join("a.md"), format!("{text}more\n")).unwrap();
        assert!(grown.document(0).is_none());
        assert!(
            grown.changed()[0].ends_with("a.md"),
            "{:?}",
            grown.changed()
        );
        let mut gone = reopen();
        std::fs::remove_file(dir.path().join("a.md")).unwrap();
        assert!(gone.document(0).is_none());
        assert_eq!(gone.changed().len(), 1);
    }

    #[test]
    fn what_cannot_be_read_again_gives_nothing_unless_kept() {
        let inputs = [Input::Stdin, Input::from_arg("README.md")];
        let walk = Walk::new(&inputs, 1, &Globs::default());
        assert_eq!(walk.stdin(), Some(0));
        let mut reopen = walk.reopener(&Limits::new(u64::MAX));
        assert!(reopen.document(0).is_none(), "standard input is read once");
        assert!(reopen.document(1).is_some());
        assert!(reopen.document(2).is_none(), "there is no third file");
        assert!(reopen.changed().is_empty());
        let doc = crate::parse_document(crate::Source::new("-", "# In\n"));
        reopen.keep(0, doc);
        assert_eq!(reopen.document(0).map(|d| d.path()), Some("-"));
    }
}
