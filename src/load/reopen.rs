//! Reading a walk's files again once the walk is over (a search's hits), by
//! position among the files found; standard input cannot be read twice.

use crate::error::FailedFile;
use crate::source::{self, Entry, Limits};
use crate::tree::{Document, parse_named};

/// The files of a walk, to read one again once the walk is over.
pub(crate) struct Reopen {
    files: Vec<Option<(Entry, String)>>,
}

impl Reopen {
    /// Room for `files` files, none known yet.
    pub(super) fn new(files: usize) -> Reopen {
        let mut kept = Vec::new();
        kept.resize_with(files, || None);
        Reopen { files: kept }
    }

    /// File `i`'s entry and name, handed back by the thread that read it.
    pub(super) fn keep(&mut self, i: usize, entry: Entry, namespace: String) {
        self.files[i] = Some((entry, namespace));
    }

    /// File `i` (its position among the files found) read and parsed again;
    /// `None` when it cannot be read twice (standard input).
    pub fn reopen(&self, i: usize, limits: &Limits) -> Option<Result<Document, FailedFile>> {
        let (entry, ns) = self.files.get(i)?.as_ref()?;
        Some(source::read(entry, limits).map(|source| parse_named(source, ns.clone())))
    }
}
