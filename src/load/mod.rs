//! Loading, streamed: the walk names every file first, then documents are read
//! and parsed through a bounded window of worker threads and handed on in
//! input order, each with its namespace, never all held at once.
//!
//! Namespaces need every path, and the walk gives them before any file is read,
//! so a document's name is known on its worker: the names are those of every
//! file found, whether or not it then reads as text. Naming a large
//! walk keeps one core busy; an outline's walk counts the words of its first
//! files on the other meanwhile ([`Walk::counting`]), which is all a page deep
//! in a folded tree needs.

mod pages;
mod places;
mod reopen;
mod walk;
mod window;

pub use pages::page_source;
pub(crate) use reopen::Reopen;
pub(crate) use walk::Walk;
pub(crate) use window::{File, Loaded, Need, Work};
