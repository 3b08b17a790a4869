//! Building a [`Document`] from source text: front matter, then the blocks and
//! headings (read line by line by the block-level pass, `blocks`, or from the
//! parser's events by `walk`, which builds into the `Builder` here, an
//! [`Assembly`]),
//! then the preamble and the sections. Front matter is recognised here (only at
//! the very start) rather than by the parser, whose metadata option also fires
//! mid-document and would swallow setext headings.
//!
//! Spans are the parser's ranges widened to whole lines, with two corrections
//! where the parser's ranges disagree with CommonMark's structure: a list ends
//! where its last item ends, and a lone CR ends a line (the parser reads a copy
//! of the text with each one made a LF; spans index the original).

use std::borrow::Cow;

use super::blocks;
use super::dialect::{
    containers_marked, fence_tabs_as_spaces, front_matter, lone_crs_as_lf, parser_text,
    read_as_written,
};
use super::model::{
    BlockKind, Document, Kind, Lines, Node, NodeId, TitleSource, cut_attribute_ids, file_title,
    fold, front_matter_title, plain_title,
};
use super::walk::{Assembly, Heading, Open, Walked, parsed_block_span, type_slot, walk};
use crate::paths::Dialect;
use crate::source::Source;
use crate::words::count_words;

/// Parses a source into a document tree. Its namespace is the one its path
/// gives alone (`README.md` → `readme`); a call over several files renames those that
/// share one.
///
/// ```
/// let doc = mdsel::parse_document(mdsel::Source::new("README.md", "# A\n\ntext\n\n## B\n"));
/// assert_eq!(doc.namespace(), "readme");
/// assert_eq!(doc.sections().len(), 2);
/// assert_eq!(doc.headings(2).len(), 1);
/// ```
pub fn parse_document(source: Source) -> Document {
    let namespace = crate::namespace::namespaces(&[source.path.as_str()]).swap_remove(0);
    parse_named(source, namespace)
}

/// [`parse_document`] under a namespace already assigned (a walk names every
/// file at once), so no file pays for naming itself alone.
pub(crate) fn parse_named(source: Source, namespace: String) -> Document {
    parse(source, namespace, true)
}

/// [`parse_named`] for what a search counts in a document that may hold no
/// match: its sections, front matter and preamble, without the nodes of the
/// blocks the block-level pass reads (stretches it hands the parser keep
/// theirs) and without word counts (but for a document without sections).
/// Its sections and their titles and spans are those of the whole reading;
/// [`Document::reparse`] reads it whole.
pub(crate) fn parse_sections(source: Source, namespace: String) -> Document {
    parse(source, namespace, false)
}

impl Document {
    /// The document read whole, if it was read for its sections only.
    pub(crate) fn reparse(self) -> Document {
        if self.complete {
            return self;
        }
        let source = Source {
            path: self.path,
            text: self.text,
            offset: self.offset,
        };
        parse_named(source, self.namespace)
    }
}

fn parse(source: Source, namespace: String, complete: bool) -> Document {
    let Source { path, text, offset } = source;
    let lines = Lines::new(&text);
    let mut b = Builder::new(&text);
    b.complete = complete;
    let body = match front_matter(&lines) {
        Some(end) => {
            let id = b.push(Kind::Front, 0..end, None);
            b.front = Some(id);
            end
        }
        None => 0,
    };
    let dialect = Dialect::of(&path);
    b.read(&lines, body, dialect);
    let headings = std::mem::take(&mut b.headings);
    let first_heading = headings.first().map_or(text.len(), |h| h.start);
    b.add_root(&lines, body, first_heading);
    // One pass of word counting: the front matter, the text after it up to the
    // first heading (the preamble's, whose trimmed lines are blank), then each
    // heading-to-heading segment (add_sections sums those into section counts).
    // Every cut falls at a line's end, so no word spans two parts.
    // A document read for its sections counts none, unless it has none: then
    // its preamble's words say whether search reads it by blocks.
    let counted = complete || headings.is_empty();
    let count = |t: &str| if counted { count_words(t) } else { 0 };
    let front_words = count(&text[..body]);
    let root_words = count(&text[body..first_heading.max(body)]);
    let words = front_words + root_words + b.add_sections(&lines, headings, count);
    // What a caller that only counts a file's words gets (`run::load::Read`).
    debug_assert!(!counted || words == count_words(&text), "{path}");
    let starts: Vec<usize> = b
        .sections
        .iter()
        .map(|&id| b.nodes[id.index()].span.start)
        .collect();
    cut_attribute_ids(&text, &starts, &mut b.titles);
    let (title, title_source) = document_title(&b, &text, &path);
    let doc = Document {
        namespace,
        path,
        dialect,
        offset,
        line_starts: Default::default(),
        words,
        front_words,
        root_words,
        nodes: b.nodes,
        front: b.front,
        root: b.root,
        sections: b.sections,
        titles: b.titles,
        anchors: Default::default(),
        title,
        title_source,
        section_words: b.section_words,
        by_level: b.by_level,
        blocks: b.blocks,
        text,
        search_text: Default::default(),
        complete,
    };
    #[cfg(debug_assertions)]
    if !complete {
        same_sections(&doc);
    }
    doc
}

/// Holds a document read for its sections to the whole reading of its text:
/// the same sections (spans, levels, titles), front matter and preamble.
#[cfg(any(test, debug_assertions))]
fn same_sections(doc: &Document) {
    let source = Source {
        path: doc.path.clone(),
        text: doc.text.clone(),
        offset: doc.offset,
    };
    let whole = parse(source, doc.namespace.clone(), true);
    let sections = |d: &Document| -> Vec<_> {
        (d.sections.iter().enumerate())
            .map(|(k, &id)| {
                let node = d.node(id);
                (
                    node.span.clone(),
                    node.kind,
                    node.ordinal,
                    d.titles[k].clone(),
                )
            })
            .collect()
    };
    assert_eq!(sections(doc), sections(&whole), "{}", doc.path);
    let span = |d: &Document, id: Option<NodeId>| id.map(|id| d.node(id).span.clone());
    assert_eq!(
        span(doc, doc.front),
        span(&whole, whole.front),
        "{}",
        doc.path
    );
    assert_eq!(
        span(doc, doc.root),
        span(&whole, whole.root),
        "{}",
        doc.path
    );
    assert_eq!(
        (&doc.title, doc.title_source),
        (&whole.title, whole.title_source)
    );
}

/// Whether the block-level pass reads `text` without giving the document up to
/// a whole parse; when it does, a debug build checks its reading against the parser's.
#[cfg(test)]
pub(super) fn read_by_blocks(text: &str) -> bool {
    Builder::new(text).read(&Lines::new(text), 0, Dialect::Markdown)
}

/// Panics unless a reading of `text` for its sections has the whole
/// reading's sections, titles, spans, front matter and preamble (a debug
/// build checks every such reading; a test of any build checks this one).
#[cfg(test)]
pub(super) fn assert_sections_agree(text: &str) {
    let doc = parse_sections(Source::new("doc.md", text.to_owned()), "doc".to_owned());
    same_sections(&doc);
}

/// Holds the block-level pass to the parser's reading of the whole text:
/// every parse in a debug build (every test) checks it.
#[cfg(debug_assertions)]
fn same_as_parsed(quick: &Builder, lines: &Lines<'_>, whole: std::ops::Range<usize>) {
    let mut full = Builder::new(lines.text());
    full.nodes.truncate(0);
    full.nodes.extend(
        quick.nodes[..usize::from(quick.front.is_some()) + 1]
            .iter()
            .cloned(),
    );
    full.front = quick.front;
    walk(
        &mut full,
        lines,
        whole.clone(),
        &lines.text()[whole],
        Vec::new(),
    );
    let titles = |b: &Builder| -> Vec<(usize, u8, String)> {
        b.headings
            .iter()
            .map(|h| (h.start, h.level, h.title.clone()))
            .collect()
    };
    assert_eq!(
        titles(quick),
        titles(&full),
        "headings differ from the parser's"
    );
    assert_eq!(
        format!("{:?}", quick.nodes),
        format!("{:?}", full.nodes),
        "blocks differ from the parser's"
    );
    assert_eq!(
        quick.blocks, full.blocks,
        "block lists differ from the parser's"
    );
}

/// The document's title by the rules of README, "Titles", and which gave it.
fn document_title(b: &Builder, text: &str, path: &str) -> (String, TitleSource) {
    if let Some(title) = b
        .front
        .and_then(|id| front_matter_title(&text[b.nodes[id.index()].span.clone()]))
    {
        return (title, TitleSource::FrontMatter);
    }
    // The one top section: no later heading of its level or higher, and an h1,
    // or nothing but front matter and blank lines before it.
    if let Some(&first) = b.sections.first() {
        let Kind::Section { level } = b.nodes[first.index()].kind else {
            unreachable!("sections are sections")
        };
        let alone = b.sections[1..]
            .iter()
            .all(|&id| matches!(b.nodes[id.index()].kind, Kind::Section { level: l } if l > level));
        if alone && (level == 1 || b.root.is_none()) && !b.titles[0].is_empty() {
            return (fold(&b.titles[0]), TitleSource::Heading);
        }
    }
    (file_title(path), TitleSource::FileName)
}

struct Builder {
    nodes: Vec<Node>,
    headings: Vec<Heading>,
    front: Option<NodeId>,
    root: Option<NodeId>,
    sections: Vec<NodeId>,
    titles: Vec<String>,
    section_words: Vec<usize>,
    by_level: [Vec<NodeId>; 6],
    blocks: [Vec<NodeId>; BlockKind::COUNT],
    /// Whether the blocks the block-level pass reads become nodes (see
    /// [`parse_sections`]).
    complete: bool,
}

impl Builder {
    fn new(text: &str) -> Builder {
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
        }
    }

    fn push(&mut self, kind: Kind, span: std::ops::Range<usize>, parent: Option<NodeId>) -> NodeId {
        let id = NodeId(
            u32::try_from(self.nodes.len()).expect("documents are capped far below 4G nodes"),
        );
        self.nodes.push(Node::new(kind, span, parent));
        id
    }

    /// Reads `text[body..]` into block nodes and headings: with the block-level
    /// pass where the parser's text is the text as written (in a debug build,
    /// checked against the parser), else, or where the pass gives up, with the
    /// parser over all of it. True if the pass read it.
    fn read(&mut self, lines: &Lines<'_>, body: usize, dialect: Dialect) -> bool {
        let text = lines.text();
        let whole = body..text.len();
        // The parser's text, made once: lone CRs as LFs, tabs after a bare
        // fence as spaces, containers marked.
        let lf = fence_tabs_as_spaces(lone_crs_as_lf(&text[body..]));
        let (marked, boxes) = containers_marked(Cow::Borrowed(&lf));
        let as_written =
            read_as_written(dialect) && boxes.is_empty() && matches!(lf, Cow::Borrowed(_));
        if as_written && self.read_blocks(lines, body) {
            #[cfg(debug_assertions)]
            if self.complete {
                same_as_parsed(self, lines, whole);
            }
            return true;
        }
        self.reset();
        if let Walked::Crossed = walk(
            self,
            lines,
            whole.clone(),
            &parser_text(&marked, dialect),
            boxes,
        ) {
            // A block crossed a container's edge: the document is read as written.
            self.reset();
            walk(self, lines, whole, &parser_text(&lf, dialect), Vec::new());
        }
        false
    }

    /// Undoes a walk or a block-level pass that gave up half way.
    fn reset(&mut self) {
        self.nodes.truncate(usize::from(self.front.is_some()) + 1);
        self.headings.clear();
        self.blocks.iter_mut().for_each(Vec::clear);
    }

    /// Reads `text[body..]` with the block-level pass ([`blocks`]), the parser
    /// reading only the stretches the pass hands it. False, with the work half
    /// done, when the pass gives up: the caller parses the document whole.
    fn read_blocks(&mut self, lines: &Lines<'_>, body: usize) -> bool {
        let text = lines.text();
        // A link in a heading takes its text from a definition anywhere.
        let definitions = memchr::memmem::find(&text.as_bytes()[body..], b"]:").is_some();
        let mut defined: Vec<String> = Vec::new();
        let mut unresolved: Vec<usize> = Vec::new(); // headings
        let read = blocks::scan(text, body, |piece| match piece {
            blocks::Piece::Block(..) | blocks::Piece::List(..) | blocks::Piece::Quote(_)
                if !self.complete =>
            {
                true
            }
            blocks::Piece::Block(kind, range) => {
                let span = parsed_block_span(lines, &text[body..], body, &range);
                self.add_block(Kind::Block(kind), span, 0, None);
                true
            }
            blocks::Piece::Heading {
                start,
                level,
                title,
            } => {
                self.headings.push(Heading {
                    start,
                    end: title.end,
                    level,
                    title: plain_title(&text[title]),
                    unresolved: false,
                    footnote: false,
                });
                true
            }
            blocks::Piece::List(range, items) => {
                let span = parsed_block_span(lines, &text[body..], body, &range);
                let list = self.add_block(Kind::Block(BlockKind::List), span, 0, None);
                let mut open = Open::new(list);
                for item in items {
                    let span = parsed_block_span(lines, &text[body..], body, &item);
                    self.add_block(Kind::Item, span, 1, Some(&mut open));
                }
                self.close_container(&open);
                true
            }
            blocks::Piece::Quote(range) => {
                let span = parsed_block_span(lines, &text[body..], body, &range);
                let quote = self.add_block(Kind::Block(BlockKind::Quote), span.clone(), 0, None);
                let mut open = Open::new(quote);
                let paragraph = Kind::Block(BlockKind::Paragraph);
                self.add_block(paragraph, span, 1, Some(&mut open));
                true
            }
            blocks::Piece::Definition(label) => {
                defined.push(text[label].to_owned());
                true
            }
            // Read for its sections, a stretch with no line that may start
            // a heading, a fenced code block or an HTML block gives none of
            // them, and ends with no block open: its blocks are not needed.
            blocks::Piece::Parse(range)
                if !self.complete
                    && !definitions
                    && !blocks::may_give_sections(&text[range.clone()]) =>
            {
                true
            }
            blocks::Piece::Parse(range) => {
                let first = self.headings.len();
                let Walked::Done {
                    open_at_end,
                    labels,
                } = walk(self, lines, range.clone(), &text[range.clone()], Vec::new())
                else {
                    unreachable!("no containers, no crossing")
                };
                defined.extend(labels);
                for (i, h) in self.headings.iter().enumerate().skip(first) {
                    if definitions && h.footnote {
                        return false;
                    }
                    if h.unresolved {
                        unresolved.push(i);
                    }
                }
                // A fence or HTML block open at the stretch's end may run on.
                !(open_at_end && range.end < text.len())
            }
        });
        read && self.resolve_titles(text, &unresolved, &defined)
    }

    /// Reads again the titles of `headings`, whose links nothing in their own
    /// stretch defined, with every definition of the document (`defined`, their
    /// labels) after them: the parser matches labels as it does in the whole
    /// text. False if that parse does not give the headings back.
    fn resolve_titles(&mut self, text: &str, headings: &[usize], defined: &[String]) -> bool {
        if headings.is_empty() || defined.is_empty() {
            return true;
        }
        // Only the definitions a link in these headings may name: those whose
        // label the headings' text holds, but for ASCII case and spacing, and
        // any beyond ASCII (the parser folds case the Unicode way, under which
        // `K` and the Kelvin sign agree).
        let key = |label: &str| {
            let mut key = label.split_whitespace().collect::<Vec<_>>().join(" ");
            key.make_ascii_lowercase();
            key
        };
        let said: Vec<String> = headings
            .iter()
            .map(|&i| key(&text[self.headings[i].start..self.headings[i].end]))
            .collect();
        let said = said.join("\n");
        let any = !said.is_ascii();
        let defined = defined
            .iter()
            .filter(|label| any || !label.is_ascii() || said.contains(&key(label)));
        let mut again = String::new();
        for &i in headings {
            let h = &self.headings[i];
            // From its text: a heading whose paragraph began with definitions
            // starts on a line that may be indented.
            again.push_str(text[h.start..h.end].trim());
            again.push_str("\n\n");
        }
        for label in defined {
            again.push('[');
            again.push_str(label);
            again.push_str("]: #\n");
        }
        let mut read = Builder::new(&again);
        walk(
            &mut read,
            &Lines::new(&again),
            0..again.len(),
            &again,
            Vec::new(),
        );
        if read.headings.len() != headings.len() {
            return false;
        }
        for (&i, h) in headings.iter().zip(read.headings) {
            if h.level != self.headings[i].level {
                return false;
            }
            self.headings[i].title = h.title;
        }
        true
    }

    /// The preamble: non-blank lines between front matter and the first heading.
    fn add_root(&mut self, lines: &Lines<'_>, from: usize, to: usize) {
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
    fn add_sections(
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
}
