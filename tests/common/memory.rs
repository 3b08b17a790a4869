//! The library in memory, without the binary: runs over named texts or files,
//! their reports rendered as text or JSON, and documents parsed and walked.
//!
//! The only place the tests build a call, set an option or read a document's
//! fields, so a change to the library's API is one edit here. Test files take
//! the library's types from here too, never from `mdsel` directly.

use std::ops::Range;
use std::path::Path;

#[allow(unused_imports)] // each test file takes the types it needs
pub use mdsel::{
    BlockKind, CommandKind, Document, ErrorCode, Kind, Match, NodeId, Report, Unresolved,
};
use mdsel::{Call, Command, Input, Options};

/// One in-memory run: a command, its inputs and the options that differ from
/// the defaults, turned into a [`Report`] by [`Run::report`].
#[derive(Clone, Debug)]
pub struct Run {
    command: Command,
    inputs: Vec<Input>,
    threads: Option<usize>,
    max_words: Option<usize>,
    full: bool,
    whole_sections: bool,
}

impl Run {
    fn new(command: Command) -> Run {
        Run {
            command,
            inputs: Vec::new(),
            threads: None,
            max_words: None,
            full: false,
            whole_sections: false,
        }
    }

    /// `mdsel index`.
    pub fn index() -> Run {
        Run::new(Command::Index(Vec::new()))
    }

    /// `mdsel index SELECTOR…`: the outline scoped by selectors (docs/output.md, "Text").
    pub fn index_scoped(selectors: &[&str]) -> Run {
        Run::new(Command::Index(
            selectors.iter().map(|s| (*s).to_owned()).collect(),
        ))
    }

    /// `mdsel select SELECTOR`.
    pub fn select(selector: &str) -> Run {
        Run::new(Command::Select(vec![selector.to_owned()]))
    }

    /// `mdsel select S1 S2 …`: several selectors in one call.
    pub fn select_each(selectors: &[String]) -> Run {
        Run::new(Command::Select(selectors.to_vec()))
    }

    /// `mdsel search QUERY`.
    pub fn search(query: &str) -> Run {
        Run::new(Command::Search(query.to_owned()))
    }

    /// Adds a document held in memory, read as if from a file named `name`.
    pub fn doc(mut self, name: &str, bytes: impl AsRef<[u8]>) -> Run {
        self.inputs.push(Input::Bytes {
            name: name.to_owned(),
            bytes: bytes.as_ref().to_vec(),
        });
        self
    }

    /// Adds a file or folder on disk.
    pub fn path(mut self, path: &Path) -> Run {
        self.inputs.push(Input::Path(path.to_path_buf()));
        self
    }

    /// Loads and parses on `n` worker threads (default: one per core).
    pub fn threads(mut self, n: usize) -> Run {
        self.threads = Some(n);
        self
    }

    /// Pages of `n` words (default: the library's page size).
    pub fn max_words(mut self, n: usize) -> Run {
        self.max_words = Some(n);
        self
    }

    /// Sections whole, as JSON shows them (`--read-words 0`): no right-sized
    /// read.
    pub fn whole_sections(mut self) -> Run {
        self.whole_sections = true;
        self
    }

    /// Whole matches and outlines, never paged, folded or cut (`--full`).
    pub fn full(mut self) -> Run {
        self.full = true;
        self
    }

    /// Runs the call, keeping every document and match in the report.
    pub fn report(&self) -> Report {
        mdsel::run(&self.options(), &self.call())
    }

    /// Runs the call as the CLI does for text: streamed, written as it is
    /// produced. The text, and the report of what went wrong.
    pub fn streamed(&self) -> (Vec<u8>, Report) {
        let mut out = Vec::new();
        let report = mdsel::run_text(&self.options(), &self.call(), &mut out).expect("write text");
        (out, report)
    }

    fn options(&self) -> Options {
        let mut options = Options::default();
        if let Some(n) = self.threads {
            options.threads = n;
        }
        if let Some(n) = self.max_words {
            options.max_words = n;
        }
        options.full = self.full;
        if self.whole_sections {
            options.read_words = 0;
        }
        options
    }

    fn call(&self) -> Call {
        Call::new(self.command.clone(), self.inputs.clone())
    }
}

/// The report as the CLI prints it on stdout.
pub fn text(report: &Report) -> Vec<u8> {
    let mut out = Vec::new();
    mdsel::write_text(report, &mut out).expect("write text");
    out
}

/// The report as `--json` prints it, unparsed.
pub fn json_bytes(report: &Report) -> Vec<u8> {
    let mut out = Vec::new();
    mdsel::write_json(report, &mut out).expect("write JSON");
    out
}

/// The report as `--json` prints it, parsed.
pub fn json(report: &Report) -> serde_json::Value {
    serde_json::from_slice(&json_bytes(report)).expect("the JSON output parses")
}

/// Every rendering of the report one after the other: text, errors, JSON.
pub fn rendered(report: &Report) -> Vec<u8> {
    let mut out = text(report);
    mdsel::write_errors(report, &mut out).expect("write errors");
    out.extend(json_bytes(report));
    out
}

/// The bytes a match returns.
pub fn matched<'r>(report: &'r Report, m: &Match) -> &'r str {
    &doc_text(&report.documents[m.doc])[m.span.clone()]
}

/// The selector, pasted back with its query, that names page `page` of a match.
pub fn page_selector(report: &Report, m: &Match, page: usize) -> String {
    let selector = report.display_selector(m, Some(page));
    format!("{selector}{}", m.query.suffix(false))
}

/// Why a selector matched nothing, in words.
pub fn reason(unresolved: &Unresolved) -> String {
    unresolved.reason.to_string()
}

/// Parses `text` as a document named `t` (`t.md`).
pub fn parse(text: &str) -> Document {
    parse_as("t.md", text)
}

/// [`parse`] under a name of the caller's (`t.mdx` reads it as MDX).
pub fn parse_as(name: &str, text: &str) -> Document {
    mdsel::parse_document(mdsel::Source::new(name, text))
}

/// A document's whole text (BOM dropped).
pub fn doc_text(doc: &Document) -> &str {
    doc.text()
}

/// A document's path as given or as found under a folder.
pub fn doc_path(doc: &Document) -> &str {
    doc.path()
}

/// A document's namespace.
pub fn namespace(doc: &Document) -> &str {
    doc.namespace()
}

/// A node's kind, its byte span in the document text, and its parent.
pub fn node(doc: &Document, id: NodeId) -> (Kind, Range<usize>, Option<NodeId>) {
    let node = doc.node(id);
    (node.kind(), node.span(), node.parent())
}

/// A node's byte span in the document text.
pub fn span(doc: &Document, id: NodeId) -> Range<usize> {
    node(doc, id).1
}

/// The heading sections at every level, in document order.
pub fn sections(doc: &Document) -> Vec<NodeId> {
    doc.sections().to_vec()
}

/// The document-level blocks of every kind, grouped by kind.
pub fn blocks(doc: &Document) -> Vec<NodeId> {
    BlockKind::ALL
        .iter()
        .flat_map(|&k| doc.blocks(k).to_vec())
        .collect()
}

/// The blocks nested directly in a node, in order.
pub fn children(doc: &Document, id: NodeId) -> Vec<NodeId> {
    doc.children(id).collect()
}

/// Whether a node is a list.
pub fn is_list(kind: Kind) -> bool {
    kind == Kind::Block(BlockKind::List)
}

/// The 1-based line that holds byte `at`.
pub fn line_of(doc: &Document, at: usize) -> usize {
    doc.line_of(at)
}

/// Words as mdsel counts them.
pub fn words(text: &str) -> usize {
    mdsel::count_words(text)
}

/// A Markdown text of exactly `n` words (`n` ≥ 2): a heading, then lines of
/// ten words.
pub fn text_of_words(n: usize) -> String {
    let mut text = String::from("# Title\n\n");
    for i in 2..n {
        text.push_str(&format!("w{i}"));
        text.push(if i % 10 == 0 { '\n' } else { ' ' });
    }
    text.push('\n');
    assert_eq!(words(&text), n);
    text
}

/// Whether a path has a Markdown extension.
pub fn is_markdown(path: &Path) -> bool {
    mdsel::Input::is_markdown(path)
}
