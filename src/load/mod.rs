//! Loading: the files a call names, found, named and placed once, then read
//! through a bounded window of worker threads, each as far as its command
//! needs, and handed on in input order, never all held at once.
//!
//! - `walk`: the files of a call (`source` expands the inputs), each named
//!   ([`crate::namespace`]) and placed in its folder (`places`) before any
//!   is read; naming a large walk keeps one core busy, so an outline's walk
//!   counts the words of its first files on the other meanwhile
//!   ([`Walk::counting`]), which is all a page deep in a folded tree needs.
//! - `window`: the read window over `ordered.rs`; a command answers per file
//!   ([`Work`]) whether it needs the document whole or its sections only and
//!   what it makes of it on the thread that read it, and an outline says
//!   from which folder depth a file is only counted ([`Walk::outline`]).
//! - `reopen`: the files read again once the walk is over (a search's hits),
//!   each checked against its first reading.
//! - `pages`: a site page's address and its parallel pages on disk.
//!
//! It must not decide what a document shows or how (the commands', `run/`),
//! nor parse more of a file than its command asks for.

mod pages;
mod places;
mod reopen;
mod walk;
mod window;

pub use pages::page_source;
pub(crate) use reopen::Reopen;
pub(crate) use walk::Walk;
pub(crate) use window::{File, Loaded, Need, Work};
