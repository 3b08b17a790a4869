//! The read window: a walk's files read on the call's threads (`ordered.rs`:
//! none taken up more than a few ahead of the one handed on), each as the
//! command asks, for its words only, its sections or the whole document, and
//! handed to the command in input order.
//!
//! A command answers on the thread that reads each file ([`Work`]: how much
//! of it to parse, what it makes of the document) and consumes what it made
//! on the calling thread; an outline's consumer also says from which folder
//! depth a file need only be counted ([`Walk::outline`]). Each file's path
//! and name move to the thread that reads it and are dropped there, unless
//! the command reads its files again ([`Work::AGAIN`], a search's hits).

use std::io;
use std::marker::PhantomData;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::pages::with_parallel_pages;
use super::reopen::Reopen;
use super::walk::Walk;
use crate::error::FailedFile;
use crate::fit::Place;
use crate::options::Options;
use crate::ordered::for_each_ordered_with;
use crate::source::{self, Entry, Limits};
use crate::tree::{Document, parse_linked, parse_named, parse_sections};
use crate::words::count_words;

/// How much of a file a command needs parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Need {
    /// Its sections only ([`parse_sections`]), which is all ranking counts of
    /// a page without a match; [`Document::reparse`] reads the rest.
    Sections,
    /// The whole document.
    Whole,
    /// The whole document, its links read in the same parse
    /// ([`Document::take_written_links`]).
    Linked,
}

/// A file found, as a command sees it on the thread that reads it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct File<'w> {
    /// Its position among the files found.
    pub index: usize,
    /// Where it lies under a directory given, if it does.
    pub place: Option<&'w Place>,
}

/// A command's part in loading, answered on the threads that read the files:
/// how much of each file to parse, and what the command makes of its
/// document there (the document is dropped there unless it is kept in what
/// the command makes).
pub(crate) trait Work: Sync {
    /// What the command makes of one document; the consumer gets it in input
    /// order.
    type Out: Send;
    /// What each reading thread keeps from file to file, made once per
    /// thread; it must not change what a file gives.
    type Scratch;
    /// Whether the files are read again once all are in ([`Reopen`]).
    const AGAIN: bool = false;

    /// A reading thread's scratch.
    fn scratch(&self) -> Self::Scratch;

    /// How much of a file of `len` bytes to parse: the whole document,
    /// unless the command says otherwise.
    fn need(&self, _scratch: &Self::Scratch, _len: usize) -> Need {
        Need::Whole
    }

    /// What the command makes of `file`'s document, on the thread that read it.
    fn work(&self, scratch: &mut Self::Scratch, file: File<'_>, doc: Document) -> Self::Out;
}

/// A file of an outline, as its consumer gets it.
pub(crate) enum Loaded<'w, R> {
    /// What the command made of its document.
    Worked(R),
    /// A file only counted (see [`Walk::outline`]): its words and where it
    /// lies; it was not parsed.
    Counted {
        /// Its words, as its document counts them ([`Document::words`]).
        words: usize,
        /// Where it lies under the directory given.
        place: Option<&'w Place>,
    },
}

impl Walk {
    /// Parses every file and calls `work` with each document on the thread
    /// that read it (with its position among the files found); `consume`
    /// gets the results, and the errors of inputs that failed, in input
    /// order. The first error `consume` returns (a closed output) stops the
    /// walk and is returned.
    pub fn for_each<R: Send>(
        self,
        options: &Options,
        work: impl Fn(usize, Document) -> R + Sync,
        consume: impl FnMut(Result<R, FailedFile>) -> io::Result<()>,
    ) -> io::Result<()> {
        self.for_each_read(options, Need::Whole, work, consume)
    }

    /// [`Walk::for_each`], every file read as `need` says.
    pub fn for_each_read<R: Send>(
        self,
        options: &Options,
        need: Need,
        work: impl Fn(usize, Document) -> R + Sync,
        consume: impl FnMut(Result<R, FailedFile>) -> io::Result<()>,
    ) -> io::Result<()> {
        let command = ByFunction(work, need, PhantomData);
        self.load(options, &command, consume).map(drop)
    }

    /// Reads every file as `command` asks and hands `consume` what it made
    /// of each, or the error of an input that failed, in input order; stops
    /// at the first error `consume` returns. What it returns reads the files
    /// again when the command asks for that ([`Work::AGAIN`]); otherwise none.
    pub fn load<C: Work>(
        self,
        options: &Options,
        command: &C,
        mut consume: impl FnMut(Result<C::Out, FailedFile>) -> io::Result<()>,
    ) -> io::Result<Reopen> {
        self.window(options, command, |file| {
            let file = file.map(|loaded| match loaded {
                Loaded::Worked(out) => out,
                Loaded::Counted { .. } => {
                    unreachable!("only files from a depth the consumer names are counted")
                }
            });
            consume(file).map(|()| None)
        })
    }

    /// [`Walk::load`] for an outline, whose documents deep in folders that
    /// fold matter only by their words: after each file, `consume` answers
    /// with the folder depth from which a file need only be counted, once it
    /// knows one, and from then on such files are read only to count their
    /// words ([`Loaded::Counted`]), or not read at all when their words were
    /// counted ahead ([`Walk::counting`]).
    pub fn outline<C: Work>(
        self,
        options: &Options,
        command: &C,
        consume: impl FnMut(Result<Loaded<'_, C::Out>, FailedFile>) -> io::Result<Option<usize>>,
    ) -> io::Result<()> {
        self.window(options, command, consume).map(drop)
    }

    fn window<C: Work>(
        mut self,
        options: &Options,
        command: &C,
        mut consume: impl FnMut(Result<Loaded<'_, C::Out>, FailedFile>) -> io::Result<Option<usize>>,
    ) -> io::Result<Reopen> {
        let files = self.slots.iter().filter(|s| s.is_ok()).count();
        let window = Window {
            command,
            limits: options.limits(),
            places: std::mem::take(&mut self.places),
            words_ahead: std::mem::take(&mut self.words_ahead),
            count_from: AtomicUsize::new(usize::MAX),
        };
        let mut again = Reopen::new(if C::AGAIN { files } else { 0 }, window.limits.clone());
        let mut written = Ok(());
        let mut file = 0;
        let items: Vec<_> = self
            .slots
            .into_iter()
            .map(|slot| {
                slot.map(|(entry, ns)| {
                    file += 1;
                    (file - 1, entry, ns)
                })
            })
            .collect();
        for_each_ordered_with(
            items,
            options.threads,
            || command.scratch(),
            |scratch, item| match item {
                Ok(item) => window.take_up(scratch, item),
                Err(failed) => (Err(failed), None),
            },
            |(result, back)| {
                if let Some((i, entry, ns, len)) = back {
                    again.remember(i, entry, ns, len);
                }
                if window.limits.cancel.is_cancelled() {
                    return ControlFlow::Break(());
                }
                let loaded = result.map(|done| match done {
                    Done::Worked(out) => Loaded::Worked(out),
                    Done::Counted { words, file } => Loaded::Counted {
                        words,
                        place: window.place(file),
                    },
                });
                match consume(loaded) {
                    Ok(depth) => {
                        window.count_from(depth);
                        ControlFlow::Continue(())
                    }
                    Err(e) => {
                        written = Err(e);
                        ControlFlow::Break(())
                    }
                }
            },
        );
        written.map(|()| again)
    }
}

/// What the threads reading one walk share.
struct Window<'c, C> {
    command: &'c C,
    limits: Limits,
    /// Where each file found lies, by position.
    places: Vec<Option<Place>>,
    /// The words of the first files found, counted while the others were named.
    words_ahead: Vec<Option<u32>>,
    /// The folder depth from which a file is only counted, as the consumer
    /// last named it (`usize::MAX`: none); read for every file taken up.
    count_from: AtomicUsize,
}

/// What a reading thread hands on: what the command made of a document, or a
/// file's words and its position (its place is looked up where it is
/// consumed: a clone would count a reference to its folder's name up and
/// down on two threads at once).
enum Done<R> {
    Worked(R),
    Counted { words: usize, file: usize },
}

/// A file's path and name handed back, to read it again, and its text's
/// length at this reading.
type Back = Option<(usize, Entry, String, usize)>;

impl<C: Work> Window<'_, C> {
    /// File `i` on the thread that takes it up: counted, if it lies deep
    /// enough by now (from its words counted ahead, if they were), or read,
    /// parsed as the command needs and worked.
    fn take_up(
        &self,
        scratch: &mut C::Scratch,
        (i, entry, ns): (usize, Entry, String),
    ) -> (Result<Done<C::Out>, FailedFile>, Back) {
        let file = File {
            index: i,
            place: self.place(i),
        };
        let ahead = self.words_ahead.get(i).copied().flatten();
        if let Some(words) = ahead.filter(|_| self.counts(file)) {
            return (
                Ok(Done::Counted {
                    words: words as usize,
                    file: i,
                }),
                None,
            );
        }
        let source = match source::read(&entry, &self.limits) {
            Ok(source) => source,
            Err(failed) => return (Err(with_parallel_pages(failed)), None),
        };
        if self.counts(file) {
            let words = count_words(&source.text);
            return (Ok(Done::Counted { words, file: i }), None);
        }
        let len = source.text.len();
        // A name handed back is copied for the document; otherwise the
        // document takes it.
        let (name, back) = match C::AGAIN && entry != Entry::Stdin {
            true => (ns.clone(), Some((i, entry, ns, len))),
            false => (ns, None),
        };
        let doc = match self.command.need(scratch, len) {
            Need::Sections => parse_sections(source, name),
            Need::Whole => parse_named(source, name),
            Need::Linked => parse_linked(source, name),
        };
        (
            Ok(Done::Worked(self.command.work(scratch, file, doc))),
            back,
        )
    }

    /// Whether `file` need only be counted by now.
    fn counts(&self, file: File<'_>) -> bool {
        let depth = file.place.map_or(0, Place::depth);
        depth >= self.count_from.load(Ordering::Relaxed)
    }

    fn place(&self, file: usize) -> Option<&Place> {
        self.places.get(file).and_then(Option::as_ref)
    }

    /// Counts files from `depth` on, if the consumer named one: stored only
    /// when it moves, as every reading thread reads it for every file.
    fn count_from(&self, depth: Option<usize>) {
        if let Some(depth) = depth
            && depth != self.count_from.load(Ordering::Relaxed)
        {
            self.count_from.store(depth, Ordering::Relaxed);
        }
    }
}

/// A command's work as one function: every file parsed as it needs and
/// handed to it with its position.
struct ByFunction<F, R>(F, Need, PhantomData<fn() -> R>);

impl<F, R> Work for ByFunction<F, R>
where
    F: Fn(usize, Document) -> R + Sync,
    R: Send,
{
    type Out = R;
    type Scratch = ();

    fn scratch(&self) {}

    fn need(&self, (): &(), _len: usize) -> Need {
        self.1
    }

    fn work(&self, (): &mut (), file: File<'_>, doc: Document) -> R {
        (self.0)(file.index, doc)
    }
}
