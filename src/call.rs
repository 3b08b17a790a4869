//! One call: what to do, and to which inputs. Everything else is [`crate::Options`].

use crate::source::Input;

/// The operation asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Command {
    /// List each document's selectors: the outline, folded or paged to the
    /// budget. Selectors scope it (`h2.3`: beneath that section; `ns::*`: one
    /// document; a last step `page.K`: a page of it); none: every document.
    Index(Vec<String>),
    /// Return the content the selectors name. Each string may hold several
    /// comma-separated selectors; strings that are plainly not selectors turn the
    /// call into a search.
    Select(Vec<String>),
    /// Rank sections by how well they answer a query.
    Search(String),
    /// List links: out of the nodes the selectors name (none: every link),
    /// into a node, or those that land nowhere.
    Links {
        /// The nodes whose links are listed (`Out`); none: every document.
        selectors: Vec<String>,
        /// Which links.
        view: LinkView,
    },
}

/// Which links `links` lists.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LinkView {
    /// Every link out of the selected nodes, with where it lands.
    Out,
    /// Every link that lands on the node this selector (or path) names: a
    /// section's own links, or a document's and any of its sections'.
    To(String),
    /// Every link whose file or anchor does not resolve.
    Broken,
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
