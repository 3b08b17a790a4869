//! The document being assembled ([`Builder`]): block nodes numbered among
//! their kind at document level or among their container's children, and
//! linked in as either reader finds them (it is the walk's [`Assembly`]);
//! then the preamble and the sections, each running to the next heading of
//! its level or higher, with their word counts.

use std::ops::Range;

use super::blocks::Items;
use super::boxes::Boxes;
use super::walk::{Assembly, Heading, Open, type_slot};
use crate::tree::model::{BlockKind, Kind, Lines, Node, NodeId};

/// A document being assembled: the nodes either reader finds, numbered and
/// linked in as they come, then the preamble and the sections.
pub(super) struct Builder {
    pub(super) nodes: Vec<Node>,
    pub(super) headings: Vec<Heading>,
    pub(super) front: Option<NodeId>,
    pub(super) root: Option<NodeId>,
    pub(super) sections: Vec<NodeId>,
    pub(super) titles: Vec<String>,
    pub(super) section_words: Vec<usize>,
    pub(super) by_level: [Vec<NodeId>; 6],
    pub(super) blocks: [Vec<NodeId>; BlockKind::COUNT],
    /// Whether the blocks the block-level pass reads become nodes (see
    /// [`parse_sections`](crate::tree::parse_sections)).
    pub(super) complete: bool,
    /// While the block-level pass reads a text with site containers: where
    /// each block it adds at document level goes.
    boxed: Option<Boxed>,
}

/// The site containers of a text the block-level pass reads: its blocks at
/// document level placed as the walk places the parser's ([`Boxes`]), the
/// open container's node, and whether a block crossed an edge.
struct Boxed {
    boxes: Boxes,
    open: Option<Open>,
    crossed: bool,
}

impl Builder {
    pub(super) fn new(text: &str) -> Builder {
        let document = Node::new(Kind::Document, 0..text.len(), None);
        // About a block per 100 bytes of a small page: room for them at once
        // saves the allocations of growing one node at a time (most pages of
        // a big tree are a few KB); a big document grows as it must.
        let mut nodes = Vec::with_capacity((text.len() / 100).clamp(16, 1024));
        nodes.push(document);
        Builder {
            nodes,
            headings: Vec::new(),
            front: None,
            root: None,
            sections: Vec::new(),
            titles: Vec::new(),
            section_words: Vec::new(),
            by_level: Default::default(),
            blocks: Default::default(),
            complete: true,
            boxed: None,
        }
    }

    pub(super) fn push(
        &mut self,
        kind: Kind,
        span: std::ops::Range<usize>,
        parent: Option<NodeId>,
    ) -> NodeId {
        let id = NodeId(
            u32::try_from(self.nodes.len()).expect("documents are capped far below 4G nodes"),
        );
        self.nodes.push(Node::new(kind, span, parent));
        id
    }

    /// Undoes a walk or a block-level pass that gave up half way.
    pub(super) fn reset(&mut self) {
        self.nodes.truncate(usize::from(self.front.is_some()) + 1);
        self.headings.clear();
        self.blocks.iter_mut().for_each(Vec::clear);
        self.boxed = None;
    }

    /// From here on, the blocks added at document level are placed in the
    /// site containers at `spans` (block spans, in order) that hold them.
    pub(super) fn box_in(&mut self, spans: Vec<Range<usize>>) {
        self.boxed = (!spans.is_empty()).then(|| Boxed {
            boxes: Boxes::new(spans),
            open: None,
            crossed: false,
        });
    }

    /// Ends [`Builder::box_in`]: false where a block crossed a container's
    /// edge, or a heading is in one (the walk keeps neither), and the text
    /// is read otherwise.
    pub(super) fn boxed_out(&mut self) -> bool {
        let Some(boxed) = self.boxed.take() else {
            return true;
        };
        !boxed.crossed && !self.headings.iter().any(|h| boxed.boxes.holds(h.start))
    }

    /// Whether blocks are placed in site containers ([`Builder::box_in`]).
    pub(super) fn in_boxes(&self) -> bool {
        self.boxed.is_some()
    }

    /// Whether text from `start` to `end`, after every block added so far,
    /// crosses a site container's edge (always false outside
    /// [`Builder::box_in`]).
    pub(super) fn crosses_box(&mut self, start: usize, end: usize) -> bool {
        self.boxed
            .as_mut()
            .is_some_and(|b| b.boxes.crosses(start, end))
    }

    /// Adds a block at document level where site containers are: in the
    /// one whose lines hold it ([`Builder::place`]).
    fn add_boxed(&mut self, kind: Kind, span: Range<usize>, mut boxed: Boxed) -> NodeId {
        self.place(&span, &mut boxed);
        let id = self.add_block(kind, span, 0, boxed.open.as_mut());
        self.boxed = Some(boxed);
        id
    }

    /// Before a block at document level at `span`: leaves the open site
    /// container where the block is past it, and enters the one it starts
    /// in (its `quote` added), as the walk does for every block, a node or
    /// not (a footnote's enters a container too).
    fn place(&mut self, span: &Range<usize>, boxed: &mut Boxed) {
        match boxed.boxes.before(span.start, span.end) {
            Ok(moved) => {
                if moved.left {
                    boxed.open = None;
                }
                if let Some(b) = moved.entered {
                    let quote = self.add_block(Kind::Block(BlockKind::Quote), b, 0, None);
                    boxed.open = Some(Open::new(quote));
                }
            }
            Err(_) => boxed.crossed = true,
        }
    }

    /// A list of one-paragraph items the block-level pass read (spans of
    /// its lines by `span`): the list, then its items, each holding its
    /// paragraph where the list is loose (the parser reads a tight list's
    /// text as no paragraph), and the list nested in it, if any.
    pub(super) fn add_list(
        &mut self,
        span: &dyn Fn(&Range<usize>) -> Range<usize>,
        range: &Range<usize>,
        items: Items,
    ) {
        let loose = items.loose();
        let (all, nested) = items.into_parts();
        let list = self.add_block(Kind::Block(BlockKind::List), span(range), 0, None);
        let mut open = Open::new(list);
        let mut nested = nested.into_iter().peekable();
        for (k, item) in all.iter().enumerate() {
            let id = self.add_block(Kind::Item, span(item), 1, Some(&mut open));
            let mut held = Open::new(id);
            if loose {
                let paragraph = Kind::Block(BlockKind::Paragraph);
                self.add_block(paragraph, span(item), 2, Some(&mut held));
            }
            if let Some(inner) = nested.next_if(|n| n.item == k) {
                let lines = inner.items[0].start..inner.items[inner.items.len() - 1].end;
                let sub = self.add_block(
                    Kind::Block(BlockKind::List),
                    span(&lines),
                    2,
                    Some(&mut held),
                );
                let mut sub_open = Open::new(sub);
                for line in &inner.items {
                    self.add_block(Kind::Item, span(line), 3, Some(&mut sub_open));
                }
                self.close_container(&sub_open);
            }
        }
        self.close_container(&open);
    }

    /// A blockquote of one paragraph the block-level pass read: the quote,
    /// and the paragraph on its lines.
    pub(super) fn add_quote(&mut self, span: Range<usize>) {
        let quote = self.add_block(Kind::Block(BlockKind::Quote), span.clone(), 0, None);
        let mut open = Open::new(quote);
        let paragraph = Kind::Block(BlockKind::Paragraph);
        self.add_block(paragraph, span, 1, Some(&mut open));
    }

    /// The preamble: non-blank lines between front matter and the first heading.
    pub(super) fn add_root(&mut self, lines: &Lines<'_>, from: usize, to: usize) {
        let bytes = lines.text().as_bytes();
        let mut start = from;
        while start < to {
            let end = lines.end_of(start + 1).min(to);
            if !bytes[start..end].iter().all(u8::is_ascii_whitespace) {
                break;
            }
            start = end;
        }
        if start >= to {
            return;
        }
        let end = lines.trim_blank_tail(start, to);
        self.root = Some(self.push(Kind::Root, start..end, None));
    }

    /// Turns headings into sections: each runs to the next heading of the same or
    /// a higher level, and knows its enclosing section.
    /// Returns the words from the first heading to the end of the text.
    pub(super) fn add_sections(
        &mut self,
        lines: &Lines<'_>,
        headings: Vec<Heading>,
        count_words: impl Fn(&str) -> usize,
    ) -> usize {
        let text = lines.text();
        // Words per segment between consecutive heading starts, then prefix sums:
        // a section's words are the sum of the segments it spans.
        let mut prefix = Vec::with_capacity(headings.len() + 1);
        prefix.push(0usize);
        for (i, h) in headings.iter().enumerate() {
            let end = headings.get(i + 1).map_or(text.len(), |n| n.start);
            prefix.push(prefix[i] + count_words(&text[h.start..end]));
        }
        let first = self.nodes.len();
        self.section_words = vec![0; headings.len()];
        // Open sections as (heading index, node); closed by the next heading of
        // the same or a higher level, or by the end of the text.
        let mut open: Vec<(usize, NodeId)> = Vec::new();
        for (i, h) in headings.iter().enumerate() {
            while let Some(&(j, id)) = open.last() {
                if headings[j].level < h.level {
                    break;
                }
                open.pop();
                self.close_section(lines, id, h.start);
                self.section_words[j] = prefix[i] - prefix[j];
            }
            let parent = open.last().map(|&(_, id)| id);
            let id = self.push(Kind::Section { level: h.level }, h.start..h.start, parent);
            let same_level = &mut self.by_level[usize::from(h.level) - 1];
            self.nodes[id.0 as usize].ordinal = same_level.len() as u32;
            same_level.push(id);
            open.push((i, id));
        }
        while let Some((j, id)) = open.pop() {
            self.close_section(lines, id, text.len());
            self.section_words[j] = prefix[headings.len()] - prefix[j];
        }
        self.sections = (first..self.nodes.len())
            .map(|i| NodeId(i as u32))
            .collect();
        self.titles = headings.into_iter().map(|h| h.title).collect();
        prefix[prefix.len() - 1]
    }

    fn close_section(&mut self, lines: &Lines<'_>, id: NodeId, end: usize) {
        let node = &mut self.nodes[id.0 as usize];
        node.span.end = lines.trim_blank_tail(node.span.start, end);
    }
}

impl Assembly for Builder {
    /// Adds a block node: numbered among the document-level blocks of its kind,
    /// or among its container's children of its kind and linked in as the last one.
    fn add_block(
        &mut self,
        kind: Kind,
        span: std::ops::Range<usize>,
        blocks_open: usize,
        container: Option<&mut Open>,
    ) -> NodeId {
        if blocks_open == 0
            && container.is_none()
            && let Some(boxed) = self.boxed.take()
        {
            return self.add_boxed(kind, span, boxed);
        }
        let id = self.push(kind, span, container.as_ref().map(|c| c.id));
        match (container, kind) {
            (Some(open), _) => {
                let count = &mut open.counts[type_slot(kind)];
                self.nodes[id.index()].ordinal = *count;
                *count += 1;
                match open.last_child.replace(id) {
                    Some(prev) => self.nodes[prev.index()].next_sibling = id.0,
                    None => self.nodes[open.id.index()].first_child = id.0,
                }
            }
            (None, Kind::Block(k)) if blocks_open == 0 => {
                let list = &mut self.blocks[k.slot()];
                self.nodes[id.index()].ordinal = list.len() as u32;
                list.push(id);
            }
            // Inside a block that is not a node (a footnote, say): unreachable
            // except through its section.
            (None, _) => {}
        }
        id
    }

    /// Ends a list where its last item ends. The parser closes a list only when
    /// the next block begins, so its range can run over link reference
    /// definitions or into the indentation of the next line; a list holds nothing
    /// but items, so the last item's end is exact. (Items and blockquotes are
    /// closed at the start of the first line that does not continue them.)
    fn close_container(&mut self, open: &Open) {
        if let (Kind::Block(BlockKind::List), Some(last)) =
            (self.nodes[open.id.index()].kind, open.last_child)
        {
            let end = self.nodes[last.index()].span.end;
            self.nodes[open.id.index()].span.end = end;
        }
    }

    fn heading(&mut self, heading: Heading) {
        self.headings.push(heading);
    }

    fn top_block(&mut self, span: impl FnOnce() -> Range<usize>) {
        if let Some(mut boxed) = self.boxed.take() {
            self.place(&span(), &mut boxed);
            self.boxed = Some(boxed);
        }
    }
}
