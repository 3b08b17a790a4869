//! One call: what to do, and to which inputs. Everything else is [`crate::Options`].

use crate::source::Input;

/// The operation asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Command {
    /// List every document's selectors.
    Index,
    /// Return the content the selectors name. Each string may hold several
    /// comma-separated selectors; strings that are plainly not selectors turn the
    /// call into a search.
    Select(Vec<String>),
    /// Rank sections by how well they answer a query.
    Search(String),
}

/// A command and its inputs: files, directories, stdin or text in memory, in
/// the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    /// The operation.
    pub command: Command,
    /// Files, directories and stdin, in the order given.
    pub inputs: Vec<Input>,
}

impl Call {
    /// A call of `command` over `inputs`.
    pub fn new(command: Command, inputs: Vec<Input>) -> Call {
        Call { command, inputs }
    }
}
