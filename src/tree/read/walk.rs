//! The parser's reading of a stretch of text, folded into block nodes and
//! document-level headings: the one place the tree is built from
//! pulldown-cmark's events.
//!
//! The walk keeps an explicit stack of open blocks, so nesting depth costs
//! heap, never call stack. What it builds goes to an [`Assembly`] (the
//! document being assembled, `build.rs`), which numbers and links the nodes.

use std::cell::Cell;
use std::ops::Range;

use pulldown_cmark::{BrokenLink, CodeBlockKind, CowStr, Event, Options, Parser, Tag, TagEnd};

use super::boxes::{Boxes, Crossed};
use super::definitions::Definitions;

use crate::tree::model::{BlockKind, Kind, Lines, NodeId, Written, plain_title};
use crate::tree::options::options;

/// What a walk builds into: block nodes numbered and linked in, lists closed
/// where their last item ends, headings kept for the sections.
pub(super) trait Assembly {
    /// Adds a block node, numbered among the document-level blocks of its
    /// kind, or among `container`'s children of its kind and linked in last.
    fn add_block(
        &mut self,
        kind: Kind,
        span: Range<usize>,
        blocks_open: usize,
        container: Option<&mut Open>,
    ) -> NodeId;
    /// Ends a container (a list where its last item ends).
    fn close_container(&mut self, open: &Open);
    /// Keeps a document-level heading.
    fn heading(&mut self, heading: Heading);
    /// A block opens at document level, a node or not, at `span`.
    fn top_block(&mut self, span: impl FnOnce() -> Range<usize>);
}

/// A block's span: the parser's range widened to whole lines, blank tail dropped.
pub(super) fn block_span(lines: &Lines<'_>, range: &Range<usize>) -> Range<usize> {
    let start = lines.start_of(range.start);
    let end = lines.end_of(range.end);
    start..lines.trim_blank_tail(start, end).max(start)
}

/// A block's span, as [`block_span`], but ending at the last line the parser
/// read as not blank: a container's marker lines (blank to it) are
/// never the tail of a block inside. `parsed` is the parser's text for
/// `lines.text()[body..]`, the same length, line for line.
pub(super) fn parsed_block_span(
    lines: &Lines<'_>,
    parsed: &str,
    body: usize,
    range: &Range<usize>,
) -> Range<usize> {
    let start = lines.start_of(range.start);
    let end = lines.end_of(range.end);
    let from = start.max(body);
    let last_text = parsed.as_bytes()[from - body..end - body]
        .iter()
        .rposition(|b| !b.is_ascii_whitespace());
    start..lines.end_of(from + last_text.unwrap_or(0) + 1).min(end)
}

/// A heading at document level, before sections are formed.
pub(super) struct Heading {
    /// Its first line's start.
    pub start: usize,
    /// Its last line's end.
    pub end: usize,
    pub level: u8,
    pub title: String,
    /// Whether its title holds a link that nothing in the text parsed
    /// defined: a definition elsewhere could change it.
    pub unresolved: bool,
    /// Whether it holds a footnote reference, which a footnote defined
    /// elsewhere could change the same way.
    pub footnote: bool,
}

/// How a walk over the parser's events went.
pub(super) enum Walked {
    /// A block crossed a site container's edge.
    Crossed,
    /// Done; `open_at_end` if the last top-level block is a fenced code or
    /// HTML block that runs to the end of the text walked (it may be unclosed);
    /// the link definitions in the text walked; whether the parser asked
    /// for a label none of them, nor those known before, defines; and the
    /// bytes links copied from those known before.
    Done {
        open_at_end: bool,
        definitions: Vec<Defined>,
        asked: bool,
        copied: usize,
    },
}

/// A link definition the parser read: its label, and the destination and
/// title it gives.
pub(super) struct Defined {
    pub label: String,
    pub dest: String,
    pub title: String,
}

/// What an open parser tag is to the tree.
enum Frame {
    /// A list, item or blockquote node: later blocks nest in it.
    Container,
    /// A leaf block node (paragraph, code, table, HTML): only inline content inside.
    Leaf,
    /// A block that is not a node (heading, footnote definition, table parts):
    /// anything inside is reached through the enclosing section only.
    Opaque,
    /// Inline markup.
    Inline,
}

/// An open container while walking: its id, its last child so far, and how many
/// children of each type it has (their ordinals).
pub(super) struct Open {
    pub id: NodeId,
    pub last_child: Option<NodeId>,
    pub counts: [u32; BlockKind::COUNT + 1],
}

impl Open {
    pub fn new(id: NodeId) -> Open {
        Open {
            id,
            last_child: None,
            counts: [0; BlockKind::COUNT + 1],
        }
    }
}

/// A counter slot per nestable type: the block kinds, then items.
pub(super) fn type_slot(kind: Kind) -> usize {
    match kind {
        Kind::Block(k) => k.slot(),
        _ => BlockKind::COUNT,
    }
}

/// The node kind for a parser tag, if it becomes a node.
fn block_kind(tag: &Tag<'_>) -> Option<Kind> {
    Some(match tag {
        Tag::Paragraph => Kind::Block(BlockKind::Paragraph),
        Tag::BlockQuote(_) => Kind::Block(BlockKind::Quote),
        Tag::CodeBlock(_) => Kind::Block(BlockKind::Code),
        Tag::HtmlBlock => Kind::Block(BlockKind::Html),
        Tag::List(_) => Kind::Block(BlockKind::List),
        Tag::Table(_) => Kind::Block(BlockKind::Table),
        Tag::Item => Kind::Item,
        _ => return None,
    })
}

fn is_block(tag: &Tag<'_>) -> bool {
    matches!(
        tag,
        Tag::Heading { .. }
            | Tag::FootnoteDefinition(_)
            | Tag::DefinitionList
            | Tag::DefinitionListTitle
            | Tag::DefinitionListDefinition
            | Tag::TableHead
            | Tag::TableRow
            | Tag::TableCell
            | Tag::MetadataBlock(_)
    )
}

/// Folds the parser's events for `lines.text()[range]` into block nodes and
/// headings. `parsed` is the text the parser reads for it (the same length,
/// line for line), with site containers marked at `boxes` (spans from
/// `range.start`), which become blocks. [`Walked::Crossed`], with the tree half
/// built, when a block crosses a container's edge (a list item running on past
/// its closing line, say): the caller reads the document again without.
pub(super) fn walk(
    into: &mut impl Assembly,
    lines: &Lines<'_>,
    range: Range<usize>,
    parsed: &str,
    boxes: Vec<Range<usize>>,
) -> Walked {
    walk_reading(into, lines, range, parsed, boxes, None, None)
}

/// [`walk`], handing every event to `links` too, when given, with wiki
/// links read as links: the links of the text are read in the same parse
/// (docs/links.md, "Links both ways"), to its end even where the tree is
/// given up ([`Walked::Crossed`]). Wiki links are inline: the blocks are the
/// same; a heading that holds one may not have the same title. A label the
/// text walked does not define is looked up in the definitions `known`
/// from before it (a stretch of a text that writes some).
pub(super) fn walk_reading(
    into: &mut impl Assembly,
    lines: &Lines<'_>,
    range: Range<usize>,
    parsed: &str,
    boxes: Vec<Range<usize>>,
    mut links: Option<&mut Written>,
    known: Option<&Definitions>,
) -> Walked {
    debug_assert_eq!(
        parsed.len(),
        range.len(),
        "the parser's text, byte for byte"
    );
    let body = range.start;
    let mut walk = Walk::new(lines, parsed, body, boxes);
    // Whether a link in a top-level heading went unresolved: a definition
    // elsewhere may resolve it.
    let in_heading = Cell::new(false);
    let unresolved = Cell::new(false);
    // Whether any label went unresolved: a definition elsewhere may make
    // a link of it.
    let asked = Cell::new(false);
    // The bytes copied from `known` definitions into links.
    let copied = Cell::new(0);
    let ask = |link: BrokenLink<'_>| {
        let found = known_link(known, &link.reference, &copied);
        if found.is_none() {
            unresolved.set(unresolved.get() | in_heading.get());
            asked.set(true);
        }
        found
    };
    let options = match links {
        Some(_) => options() | Options::ENABLE_WIKILINKS,
        None => options(),
    };
    let mut events =
        Parser::new_with_broken_link_callback(parsed, options, Some(ask)).into_offset_iter();
    for (event, range) in events.by_ref() {
        if let Some(links) = links.as_deref_mut() {
            links.read(
                &event,
                &parsed[range.clone()],
                lines.text(),
                range.start + body,
            );
        }
        let range = range.start + body..range.end + body;
        if let Event::Start(tag) = &event {
            if walk.enter_boxes(into, tag, &range).is_err() {
                // The links are read to the end all the same: only the tree
                // is read again.
                if let Some(links) = links {
                    read_rest(events, links, parsed, lines.text(), body);
                }
                return Walked::Crossed;
            }
            if walk.blocks_open == 0 {
                walk.at_top(into, tag, &range);
            }
        }
        match event {
            Event::Start(tag) => walk.start(into, &tag, range, &in_heading),
            Event::End(end) => {
                walk.end(into);
                if let (TagEnd::Heading(_), 0) = (end, walk.blocks_open)
                    && let Some(mut h) = walk.heading.take()
                {
                    h.title = plain_title(&h.title);
                    in_heading.set(false);
                    h.unresolved = unresolved.replace(false);
                    into.heading(h);
                }
            }
            Event::Text(t) | Event::Code(t) => walk.title(&t),
            Event::SoftBreak | Event::HardBreak => walk.title(" "),
            _ => {}
        }
    }
    if let Some(links) = links {
        links.define(events.reference_definitions());
    }
    Walked::Done {
        open_at_end: walk.leaf_end.is_some_and(|end| end >= body + parsed.len()),
        definitions: defined_in(events.reference_definitions(), known.is_some()),
        asked: asked.get(),
        copied: copied.get(),
    }
}

/// The destination and title of the definition `known` has of `label`, if
/// any, their bytes added to `copied`.
fn known_link(
    known: Option<&Definitions>,
    label: &str,
    copied: &Cell<usize>,
) -> Option<(CowStr<'static>, CowStr<'static>)> {
    let def = known?.get(label)?;
    copied.set(copied.get() + def.copied());
    Some(def.as_link())
}

/// The definitions a parse read, owned: their labels, and with `given`
/// what they give (only a stretch of a text read for its links after the
/// block-level pass needs it).
fn defined_in(definitions: &pulldown_cmark::RefDefs<'_>, given: bool) -> Vec<Defined> {
    let owned = |text: &str| {
        if given {
            text.to_owned()
        } else {
            String::new()
        }
    };
    (definitions.iter())
        .map(|(label, def)| Defined {
            label: label.to_owned(),
            dest: owned(&def.dest),
            title: owned(def.title.as_deref().unwrap_or_default()),
        })
        .collect()
}

/// Reads the rest of a parse's events into `links`, and the definitions
/// their wiki links may name.
fn read_rest<'p, F: pulldown_cmark::BrokenLinkCallback<'p>>(
    mut events: pulldown_cmark::OffsetIter<'p, F>,
    links: &mut Written,
    parsed: &str,
    text: &str,
    body: usize,
) {
    for (event, range) in events.by_ref() {
        links.read(&event, &parsed[range.clone()], text, range.start + body);
    }
    links.define(events.reference_definitions());
}

/// A walk's state between events.
struct Walk<'a> {
    lines: &'a Lines<'a>,
    parsed: &'a str,
    body: usize,
    stack: Vec<Frame>,
    /// Frames other than inline markup.
    blocks_open: usize,
    opaque_open: usize,
    containers: Vec<Open>,
    heading: Option<Heading>,
    /// Where the last top-level fenced code or HTML block ended, if it was the
    /// last top-level block.
    leaf_end: Option<usize>,
    /// Site containers (`:::note`) hold the document-level blocks
    /// within their lines.
    boxes: Boxes,
}

impl<'a> Walk<'a> {
    fn new(lines: &'a Lines<'a>, parsed: &'a str, body: usize, boxes: Vec<Range<usize>>) -> Self {
        let boxes = boxes
            .into_iter()
            .map(|r| block_span(lines, &(r.start + body..r.end + body)))
            .collect();
        Walk {
            lines,
            parsed,
            body,
            stack: Vec::new(),
            blocks_open: 0,
            opaque_open: 0,
            containers: Vec::new(),
            heading: None,
            leaf_end: None,
            boxes: Boxes::new(boxes),
        }
    }

    /// Before a block opens at `range`: leaves the container it is past,
    /// enters the one it starts in, or fails when it crosses one's edge. Only
    /// where containers are (most texts have none) is a block's span measured.
    fn enter_boxes(
        &mut self,
        into: &mut impl Assembly,
        tag: &Tag<'_>,
        range: &Range<usize>,
    ) -> Result<(), Crossed> {
        if !(self.boxes.any()
            && self.blocks_open == usize::from(self.boxes.is_open())
            && (block_kind(tag).is_some() || is_block(tag)))
        {
            return Ok(());
        }
        let end = parsed_block_span(self.lines, self.parsed, self.body, range).end;
        let moved = self.boxes.before(range.start, end)?;
        if moved.left {
            self.containers.pop();
            self.blocks_open -= 1;
        }
        if let Some(b) = moved.entered {
            let quote = Kind::Block(BlockKind::Quote);
            let id = into.add_block(quote, b, 0, None);
            self.containers.push(Open::new(id));
            self.blocks_open += 1;
        }
        Ok(())
    }

    /// A tag opens at document level: where it is a fenced code or HTML
    /// block, where it ends (it may run to the end), and where it is a block
    /// (a node or not), its span for `into`.
    fn at_top(&mut self, into: &mut impl Assembly, tag: &Tag<'_>, range: &Range<usize>) {
        let leaf = matches!(
            tag,
            Tag::CodeBlock(CodeBlockKind::Fenced(_)) | Tag::HtmlBlock
        );
        self.leaf_end = leaf.then_some(range.end);
        if block_kind(tag).is_some() || is_block(tag) {
            into.top_block(|| parsed_block_span(self.lines, self.parsed, self.body, range));
        }
    }

    /// A tag opens: a node (a container, or a leaf), a block that is no node
    /// (a document-level heading is kept), or inline markup.
    fn start(
        &mut self,
        into: &mut impl Assembly,
        tag: &Tag<'_>,
        range: Range<usize>,
        in_heading: &Cell<bool>,
    ) {
        let frame = match block_kind(tag) {
            Some(kind) if self.opaque_open == 0 => {
                let span = parsed_block_span(self.lines, self.parsed, self.body, &range);
                let id = into.add_block(kind, span, self.blocks_open, self.containers.last_mut());
                if matches!(
                    kind,
                    Kind::Item | Kind::Block(BlockKind::List | BlockKind::Quote)
                ) {
                    self.containers.push(Open::new(id));
                    Frame::Container
                } else {
                    Frame::Leaf
                }
            }
            Some(_) => Frame::Opaque,
            None if is_block(tag) => {
                if let (0, Tag::Heading { level, .. }) = (self.blocks_open, tag) {
                    in_heading.set(true);
                    self.heading = Some(Heading {
                        start: self.lines.start_of(range.start),
                        end: self.lines.end_of(range.end),
                        level: *level as u8,
                        title: String::new(),
                        unresolved: false,
                        footnote: self.lines.text()[range].contains("[^"),
                    });
                }
                Frame::Opaque
            }
            None => Frame::Inline,
        };
        match frame {
            Frame::Inline => {}
            Frame::Opaque => {
                self.blocks_open += 1;
                self.opaque_open += 1;
            }
            Frame::Container | Frame::Leaf => self.blocks_open += 1,
        }
        self.stack.push(frame);
    }

    /// A tag closes: its frame is taken off the stack (a container closed).
    fn end(&mut self, into: &mut impl Assembly) {
        match self.stack.pop() {
            Some(Frame::Container) => {
                if let Some(open) = self.containers.pop() {
                    into.close_container(&open);
                }
                self.blocks_open -= 1;
            }
            Some(Frame::Leaf) => self.blocks_open -= 1,
            Some(Frame::Opaque) => {
                self.blocks_open -= 1;
                self.opaque_open -= 1;
            }
            Some(Frame::Inline) | None => {}
        }
    }

    /// Text inside a document-level heading joins its title.
    fn title(&mut self, text: &str) {
        if let Some(h) = self.heading.as_mut() {
            h.title.push_str(text);
        }
    }
}
