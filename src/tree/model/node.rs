//! What a document is once read: its nodes (kinds, spans of whole lines,
//! parents, ordinals) in a flat arena.
//!
//! [`NodeId`]s index one document's arena; [`BlockKind::COUNT`] sizes every
//! per-kind array, and the exhaustive [`BlockKind::slot`] with its row in
//! [`BlockKind::ALL`] makes the compiler point at each place a new kind goes.

use std::ops::Range;

/// Index of a node in its document's arena: only a [`Document`](crate::Document) hands them out,
/// so an id cannot be forged or mistaken for a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub(crate) u32);

impl NodeId {
    /// The whole document is always node 0.
    pub const DOCUMENT: NodeId = NodeId(0);

    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }
}

/// The block types that are counted at document level, in index order. Their
/// names are the selector's (`Target::Block(kind).name()`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BlockKind {
    /// Fenced or indented code block.
    Code,
    /// Paragraph.
    Paragraph,
    /// Ordered or bullet list.
    List,
    /// GFM table.
    Table,
    /// Blockquote.
    Quote,
    /// HTML block.
    Html,
}

impl BlockKind {
    /// How many kinds there are. Every per-kind array is this long, so a new
    /// kind makes the compiler point at each place it must go: its slot (an
    /// exhaustive match), its row in [`BlockKind::ALL`], and the arrays.
    pub const COUNT: usize = 6;

    /// All kinds, in the order the index prints their counts.
    pub const ALL: [BlockKind; Self::COUNT] = [
        BlockKind::Code,
        BlockKind::Paragraph,
        BlockKind::List,
        BlockKind::Table,
        BlockKind::Quote,
        BlockKind::Html,
    ];

    /// Where the kind's count or list is in a per-kind array: its place in
    /// [`BlockKind::ALL`].
    pub(crate) const fn slot(self) -> usize {
        match self {
            BlockKind::Code => 0,
            BlockKind::Paragraph => 1,
            BlockKind::List => 2,
            BlockKind::Table => 3,
            BlockKind::Quote => 4,
            BlockKind::Html => 5,
        }
    }
}

// Each kind's slot is its place in `ALL`.
const _: () = {
    let mut i = 0;
    while i < BlockKind::COUNT {
        assert!(BlockKind::ALL[i].slot() == i);
        i += 1;
    }
};

/// What a node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Kind {
    /// The whole file (`*`).
    Document,
    /// Leading YAML (`---`) or TOML (`+++`) front matter.
    Front,
    /// The preamble between front matter and the first heading.
    Root,
    /// A heading and everything up to the next heading of the same or higher level.
    Section {
        /// 1 to 6.
        level: u8,
    },
    /// A block; document-level ones are counted in the index.
    Block(BlockKind),
    /// One item of a list.
    Item,
}

/// One node: a kind and a span of whole source lines.
#[derive(Clone, Debug)]
pub struct Node {
    pub(crate) kind: Kind,
    pub(crate) span: Range<usize>,
    pub(crate) parent: Option<NodeId>,
    pub(crate) ordinal: u32,
    /// First child of a list, item or blockquote (0: none; node 0 is never a child).
    pub(crate) first_child: u32,
    /// Next child of the same container (0: none).
    pub(crate) next_sibling: u32,
}

impl Node {
    /// What the node is.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Byte range in [`Document::text`](crate::Document::text): whole lines, trailing blank lines dropped.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The container this node is nested in: a list, item or blockquote for
    /// nested blocks, the enclosing section for sections; `None` at document level.
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// Position among nodes of its type: document-global for document-level
    /// nodes (`h2.3`, `code.7`), among its container's children otherwise (`item.4`).
    pub fn ordinal(&self) -> u32 {
        self.ordinal
    }

    pub(crate) fn new(kind: Kind, span: Range<usize>, parent: Option<NodeId>) -> Node {
        Node {
            kind,
            span,
            parent,
            ordinal: 0,
            first_child: 0,
            next_sibling: 0,
        }
    }
}
