//! A parsed document ([`Document`]): its text, its nodes, and what is read off
//! them (per-type lists, titles, word counts, line numbers); the anchors and
//! the text search reads are made on first need.

use std::ops::Range;

use super::anchors::{self, Anchors};
use super::lines;
use super::node::{BlockKind, Kind, Node, NodeId};
use super::title::TitleSource;
use super::written::Written;
use crate::paths::{Dialect, is_index_name};

/// A parsed document: its text, its nodes, and per-type lists in document order.
#[derive(Clone, Debug)]
pub struct Document {
    pub(crate) namespace: String,
    pub(crate) path: String,
    /// How its text was read, decided once from its path.
    pub(crate) dialect: Dialect,
    pub(crate) text: String,
    /// The text as search reads it, where markup was blanked,
    /// made on first need (`None`: the text itself).
    pub(crate) search_text: std::sync::OnceLock<Option<Box<str>>>,
    pub(crate) offset: usize,
    pub(crate) nodes: Vec<Node>,
    pub(crate) front: Option<NodeId>,
    pub(crate) root: Option<NodeId>,
    /// Every document-level heading's section, in document order.
    pub(crate) sections: Vec<NodeId>,
    /// Plain-text heading titles, parallel to `sections`.
    pub(crate) titles: Vec<String>,
    /// Each heading's anchors (docs/links.md, "Following links"), parallel to
    /// `sections`, made on first need (only links, anchor selectors and JSON use
    /// them).
    pub(crate) anchors: std::sync::OnceLock<Vec<Anchors>>,
    /// The document's title (docs/output.md, "Titles") and where it came from.
    pub(crate) title: String,
    pub(crate) title_source: TitleSource,
    /// Word counts, parallel to `sections`.
    pub(crate) section_words: Vec<usize>,
    pub(crate) by_level: [Vec<NodeId>; 6],
    pub(crate) blocks: [Vec<NodeId>; BlockKind::COUNT],
    /// The links read in the same parse as the tree, until taken
    /// ([`Document::take_written_links`]).
    pub(crate) links: Option<Written>,
    /// Whether every block is a node: false when read for its sections only
    /// (see [`parse_sections`](crate::tree::parse_sections)). Words are
    /// counted in a complete document but one read with its links
    /// ([`parse_linked`](crate::tree::parse_linked)), and in one without
    /// sections all the same.
    pub(crate) complete: bool,
    pub(crate) words: usize,
    /// Word counts of the front matter and of the preamble (0 without one).
    pub(crate) front_words: usize,
    pub(crate) root_words: usize,
    /// Line starts, computed on first need (only line numbers use them).
    pub(crate) line_starts: std::sync::OnceLock<Vec<usize>>,
}

impl Document {
    /// The namespace selectors use to name this document (`readme` for
    /// `README.md`; a longer suffix of the path when several documents share a name).
    pub fn namespace(&self) -> &str {
        &self.namespace
    }

    /// The path as given (`-` for stdin).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The source text, a leading byte-order mark removed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text as search reads it: [`Document::text`] with template markup
    /// and MDX's `import`/`export` blanked to spaces, the same length.
    pub(crate) fn search_text(&self) -> &str {
        self.search_text
            .get_or_init(|| {
                let body = self.front.map_or(0, |id| self.node(id).span.end);
                crate::tree::dialect::searchable(&self.text, body, self.dialect)
            })
            .as_deref()
            .unwrap_or(&self.text)
    }

    /// Each heading's anchors (docs/links.md, "Following links"), parallel to the sections.
    pub(crate) fn anchors(&self) -> &[Anchors] {
        self.anchors.get_or_init(|| {
            let starts: Vec<usize> = self
                .sections
                .iter()
                .map(|&id| self.node(id).span.start)
                .collect();
            anchors::anchors(&self.text, &starts, &self.titles)
        })
    }

    /// Bytes removed before [`Document::text`] (3 for a BOM, else 0): add it to
    /// a span to address the file on disk.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The node behind an id.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// The content of a span as output shows it: the slice of the text, with
    /// one `\n` added when it runs to the end of a file that lacks a final
    /// newline.
    ///
    /// ```
    /// let doc = mdsel::parse_document(mdsel::Source::new("a.md", "# A\n\ntext"));
    /// let para = doc.blocks(mdsel::BlockKind::Paragraph)[0];
    /// assert_eq!(doc.content(doc.node(para).span()), "text\n");
    /// ```
    pub fn content(&self, span: Range<usize>) -> std::borrow::Cow<'_, str> {
        let at_eof = span.end == self.text.len();
        let slice = &self.text[span];
        if at_eof && !slice.is_empty() && !slice.ends_with(['\n', '\r']) {
            std::borrow::Cow::Owned(format!("{slice}\n"))
        } else {
            std::borrow::Cow::Borrowed(slice)
        }
    }

    /// The raw source slice of a node (without the final newline output adds).
    pub fn slice(&self, id: NodeId) -> &str {
        &self.text[self.node(id).span.clone()]
    }

    /// Words in the whole document.
    pub fn words(&self) -> usize {
        debug_assert!(
            self.counted(),
            "the words of a document read for its sections"
        );
        self.words
    }

    /// The front matter node, if the document has one.
    pub fn front(&self) -> Option<NodeId> {
        self.front
    }

    /// The preamble node, if the document has a non-blank one.
    pub fn root(&self) -> Option<NodeId> {
        self.root
    }

    /// All heading sections in document order.
    pub fn sections(&self) -> &[NodeId] {
        &self.sections
    }

    /// Sections of one heading level (1 to 6) in document order.
    pub fn headings(&self, level: u8) -> &[NodeId] {
        &self.by_level[usize::from(level.clamp(1, 6)) - 1]
    }

    /// Document-level blocks of one kind in document order.
    pub fn blocks(&self, kind: BlockKind) -> &[NodeId] {
        debug_assert!(
            self.complete,
            "the blocks of a document read for its sections"
        );
        &self.blocks[kind.slot()]
    }

    /// Whether it was read whole (not for its sections only).
    pub(crate) fn is_complete(&self) -> bool {
        self.complete
    }

    /// Whether its words are counted.
    fn counted(&self) -> bool {
        self.complete || self.sections.is_empty()
    }

    /// Direct children of a list, item or blockquote, in document order.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let first = self.node(id).first_child;
        std::iter::successors((first != 0).then_some(NodeId(first)), |&c| {
            let next = self.node(c).next_sibling;
            (next != 0).then_some(NodeId(next))
        })
    }

    /// Position of a section in [`Document::sections`].
    pub(crate) fn section_index(&self, id: NodeId) -> Option<usize> {
        self.sections
            .binary_search_by_key(&self.node(id).span.start, |&s| self.node(s).span.start)
            .ok()
    }

    /// The document's title (docs/output.md, "Titles"): its front matter's `title`, else its
    /// one top heading's text, else its file name (its folder's for `index`
    /// and `readme` files).
    pub fn doc_title(&self) -> &str {
        &self.title
    }

    /// The title, where a reader of the document's path would not know it:
    /// front matter's, or the top heading's of a page named `index`, `_index`
    /// or `readme` (`web/array/map/index.md` is `Array.prototype.map()`), unless
    /// the path holds each of its words.
    pub(crate) fn title_beside_path(&self) -> Option<&str> {
        let file = self.path.rsplit(['/', '\\']).next().unwrap_or(&self.path);
        let generic = is_index_name(file);
        let hidden = match self.title_source {
            TitleSource::FrontMatter => true,
            TitleSource::Heading => generic,
            TitleSource::FileName => false,
        };
        // A title whose every word the path holds already is not news:
        // `reverse_proxy (Caddyfile directive)` at
        // `caddyfile/directives/reverse_proxy.md`.
        let path = self.path.to_lowercase();
        let shown = || {
            self.title
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| w.chars().count() > 1)
                .all(|w| path.contains(&w.to_lowercase()))
        };
        (hidden && !shown()).then_some(self.title.as_str())
    }

    /// Which rule gave the title.
    pub(crate) fn title_source(&self) -> TitleSource {
        self.title_source
    }

    /// The anchor a link to a section most likely uses: its explicit id, else
    /// its GitHub slug (`""` for a node that is not a section).
    pub fn anchor(&self, id: NodeId) -> &str {
        self.section_index(id)
            .map_or("", |i| self.anchors()[i].main())
    }

    /// The plain-text title of a section.
    pub fn title(&self, id: NodeId) -> &str {
        self.section_index(id).map_or("", |i| &self.titles[i])
    }

    /// Words in a node's content; section counts are precomputed.
    pub fn node_words(&self, id: NodeId) -> usize {
        debug_assert!(
            self.counted(),
            "the words of a document read for its sections"
        );
        match self.node(id).kind {
            Kind::Document => self.words,
            Kind::Section { .. } => self.section_index(id).map_or(0, |i| self.section_words[i]),
            Kind::Front => self.front_words,
            Kind::Root => self.root_words,
            _ => crate::words::count_words(self.slice(id)),
        }
    }

    /// 1-based line number of a byte offset in `text`.
    pub fn line_of(&self, byte: usize) -> usize {
        let starts = self
            .line_starts
            .get_or_init(|| lines::line_starts(&self.text));
        starts.partition_point(|&s| s <= byte)
    }

    /// 1-based inclusive line range of a byte span (empty spans sit on one line).
    pub fn lines_of(&self, span: &Range<usize>) -> (usize, usize) {
        let first = self.line_of(span.start);
        let last = if span.end > span.start {
            self.line_of(span.end - 1)
        } else {
            first
        };
        (first, last)
    }

    /// Nodes of document-level sections strictly inside `within` (a section span).
    pub(crate) fn sections_in<'a>(
        &'a self,
        list: &'a [NodeId],
        within: &Range<usize>,
    ) -> &'a [NodeId] {
        let from = list.partition_point(|&id| self.node(id).span.start <= within.start);
        let to = list.partition_point(|&id| self.node(id).span.start < within.end);
        &list[from..to.max(from)]
    }

    /// Document-level nodes from `list` that start inside `within`.
    pub(crate) fn starting_in<'a>(
        &'a self,
        list: &'a [NodeId],
        within: &Range<usize>,
    ) -> &'a [NodeId] {
        let from = list.partition_point(|&id| self.node(id).span.start < within.start);
        let to = list.partition_point(|&id| self.node(id).span.start < within.end);
        &list[from..to.max(from)]
    }
}
