//! The links of a text the block-level pass reads (`body.rs`), for a link
//! listing: each block that may hold one found by the plain-link scanner
//! (`inline`) or parsed on its own, each stretch handed to the parser read in
//! its parse. Where the text writes a link definition anywhere, a block read
//! on its own may name one written after it: its links are read once the pass
//! has found every definition ([`Later`]), with the definitions the parser
//! would have matched its references to.

use std::ops::Range;

use pulldown_cmark::{BrokenLink, Event, LinkType, Options, Parser, Tag, TagEnd};

use super::blocks;
use super::definitions::{self, Definition, Definitions};
use super::inline::{self, Dest};
use super::walk::Defined;
use crate::tree::model::{BlockKind, Lines, Written};
use crate::tree::options::options;

/// The links [`Builder::read_blocks`](super::builder::Builder) reads
/// besides the tree: into `written`, from the parser's text (`parsed`, of the
/// text from `body` on).
pub(super) struct Reading<'a> {
    parsed: &'a str,
    body: usize,
    written: &'a mut Written,
    /// Where the text writes a definition: what is read after the pass.
    later: Option<Later>,
}

/// What a text that writes link definitions keeps for after the
/// block-level pass: its pieces that may link, in order, and its
/// definitions.
#[derive(Default)]
struct Later {
    pieces: Vec<Pending>,
    /// The definitions read so far, in order: the lines the pass read, and
    /// those the parser read in the stretches handed it.
    known: Definitions,
    /// The stretches' definitions, with what each gave there.
    parsed: Vec<Defined>,
    /// The bytes the links the stretches' walks read copied from `known`.
    copied: usize,
}

/// A piece whose links are read after the pass: a block, or a stretch,
/// with what its walk read, where no definition could change it.
enum Pending {
    Block(Block),
    Stretch(Range<usize>, Option<Written>),
}

/// A block the pass read, to be read for its links: its lines, whether
/// they are a table's or an HTML block's (no inline text: the parser's),
/// and whether it is a heading's (an ATX heading's line is kept even where
/// it holds no link).
struct Block {
    range: Range<usize>,
    cells: bool,
    html: bool,
    heading: bool,
}

/// The most bytes of destinations and titles the parser copies from
/// definitions into the links that name them, in a text of up to as many
/// bytes: past them, it reads references as text. A text read in pieces
/// whose references copy more is read whole.
const EXPANSION_MOST: usize = 100_000;

/// The parser's text (`parsed`, of the text from `body` on) of `range` of
/// the document's text.
pub(super) fn slice<'p>(parsed: &'p str, body: usize, range: &Range<usize>) -> &'p str {
    &parsed[range.start - body..range.end - body]
}

impl<'a> Reading<'a> {
    pub fn new(parsed: &'a str, body: usize, written: &'a mut Written) -> Reading<'a> {
        Reading {
            parsed,
            body,
            written,
            later: None,
        }
    }

    /// From here on, links are read after the pass: the text writes a
    /// definition.
    pub fn defer(&mut self) {
        self.later = Some(Later::default());
    }

    /// The parser's text of a stretch the block-level pass hands it, where
    /// its links go as its walk reads them, and the definitions known
    /// before it, if the text writes some: its links are kept apart, to be
    /// taken in after the pass.
    pub fn stretch<'r>(
        reading: Option<&'r mut Reading<'a>>,
        text: &'r str,
        range: &Range<usize>,
    ) -> (&'r str, Option<&'r mut Written>, Option<&'r Definitions>) {
        let Some(r) = reading else {
            return (&text[range.clone()], None, None);
        };
        let parsed = slice(r.parsed, r.body, range);
        let Some(later) = r.later.as_mut() else {
            return (parsed, Some(&mut *r.written), None);
        };
        let piece = r.written.for_piece();
        (later.pieces).push(Pending::Stretch(range.clone(), Some(piece)));
        match later.pieces.last_mut() {
            Some(Pending::Stretch(_, read)) => (parsed, read.as_mut(), Some(&later.known)),
            _ => unreachable!("just pushed"),
        }
    }

    /// Keeps the definitions the parser read in the stretch just walked,
    /// where links are read after the pass, and the bytes its links copied
    /// from those known before. Where it defines a label, or asked for one
    /// no definition before it had (`asked`), what its walk read is
    /// dropped, and the stretch is read again then.
    pub fn walked(&mut self, definitions: Vec<Defined>, asked: bool, copied: usize) {
        let Some(later) = self.later.as_mut() else {
            return;
        };
        if asked || !definitions.is_empty() {
            if let Some(Pending::Stretch(_, read)) = later.pieces.last_mut() {
                *read = None;
            }
        } else {
            later.copied += copied;
        }
        for d in &definitions {
            (later.known).add(d.label.clone(), d.dest.clone(), d.title.clone());
        }
        later.parsed.extend(definitions);
    }

    /// Reads the links and ids of a piece the block-level pass read itself
    /// (or keeps it to be read after the pass): none in a block that holds
    /// none of the bytes one opens with (`[`, `<`, an attribute list's or a
    /// role's `{`, a MyST label's `)=`); else its plain links as [`inline`]
    /// finds them, or, where they are not plain, the parser's reading of the
    /// block on its own. (A stretch for the parser is read in its parse.)
    /// False where it cannot be read so: the caller reads the text whole.
    pub fn read(&mut self, piece: &blocks::Piece, lines: &Lines<'_>) -> bool {
        let text = lines.text();
        let range = match piece {
            blocks::Piece::Block(BlockKind::Code, _) | blocks::Piece::Parse(_) => return true,
            blocks::Piece::Block(_, range)
            | blocks::Piece::List(range, _)
            | blocks::Piece::Quote(range) => range.start..lines.end_of(range.end),
            // A setext heading (its title starts its first line): its
            // underline's line is not known here.
            blocks::Piece::Heading { start, title, .. } if title.start == *start => {
                let bytes = &text.as_bytes()[*start..title.end];
                return !may_hold_links(bytes) && bytes.trim_ascii_start().first() != Some(&b'#');
            }
            blocks::Piece::Heading { start, .. } => *start..lines.end_of(*start + 1),
            blocks::Piece::Definition(label) => {
                let Some(later) = self.later.as_mut() else {
                    return false;
                };
                let line = lines.start_of(label.start)..lines.end_of(label.end);
                let Some((label, dest, title)) =
                    definitions::read_line(slice(self.parsed, self.body, &line))
                else {
                    return false;
                };
                later.known.add(label, dest, title);
                return true;
            }
        };
        let block = Block {
            range,
            cells: matches!(piece, blocks::Piece::Block(BlockKind::Table, _)),
            html: matches!(piece, blocks::Piece::Block(BlockKind::Html, _)),
            heading: matches!(piece, blocks::Piece::Heading { .. }),
        };
        match self.later.as_mut() {
            Some(later) => {
                later.pieces.push(Pending::Block(block));
                true
            }
            None => self.read_block(block, text, None).is_some(),
        }
    }

    /// Reads the pieces kept for after the pass, where the text writes a
    /// definition: with every definition known, each as the parser reads it
    /// in the whole text. False where that could differ: a definition a
    /// stretch's parse gave otherwise than the text does (another of its
    /// label came first), a block that the parser reads as a definition,
    /// or references that copy more than [`EXPANSION_MOST`] bytes.
    pub fn finish(&mut self, text: &str) -> bool {
        let Some(later) = self.later.take() else {
            return true;
        };
        let defs = &later.known;
        let same = |d: &Defined| {
            (defs.get(&d.label)).is_some_and(|def| def.dest == d.dest && def.title == d.title)
        };
        if !later.parsed.iter().all(same) {
            return false;
        }
        let mut expanded = later.copied;
        for piece in later.pieces {
            let read = match piece {
                Pending::Block(block) => self.read_block(block, text, Some(defs)),
                // (No reference in what its walk read but to definitions
                // before it, whose bytes are counted.)
                Pending::Stretch(range, read) => {
                    match read.is_some_and(|r| self.written.take_in(r)) {
                        true => Some(0),
                        false => self.read_parsed(range, text, Some(defs), true),
                    }
                }
            };
            match read {
                Some(bytes) => expanded += bytes,
                None => return false,
            }
        }
        self.written.define_each(defs.each());
        expanded <= EXPANSION_MOST
    }

    /// Reads a block's links: its plain links, where [`inline`] finds them
    /// (with definitions, those by reference to them too), else the
    /// parser's reading of it. The bytes its references copied, or `None`
    /// where the parser reads a definition in it.
    fn read_block(
        &mut self,
        block: Block,
        text: &str,
        defs: Option<&Definitions>,
    ) -> Option<usize> {
        let Block {
            range,
            cells,
            html,
            heading,
        } = block;
        // An ATX heading's line, as the parser's event for it gives it.
        let keep_heading = |written: &mut Written| {
            if heading {
                let start = range.start;
                let at = start + text[start..].len() - text[start..].trim_start().len();
                written.headings.push(at..range.end);
            }
        };
        if !may_hold_links(&text.as_bytes()[range.clone()]) {
            keep_heading(self.written);
            return Some(0);
        }
        if html {
            self.read_html_block(range, text);
            return Some(0);
        }
        let piece = slice(self.parsed, self.body, &range);
        // (A label is whole characters: its brackets are ASCII.)
        let defined = |bytes: &[u8]| {
            let label = std::str::from_utf8(bytes).unwrap_or_default();
            defs.is_some_and(|defs| defs.get(label).is_some())
        };
        let defined: Option<inline::Defined<'_>> = defs.map(|_| &defined as _);
        let braces = self.written.reads_braces();
        let found = inline::plain_links(piece.as_bytes(), cells, braces, defined);
        let Some(found) = found else {
            return self.read_parsed(range, text, defs, false);
        };
        keep_heading(self.written);
        let mut expanded = 0;
        for f in found {
            let at = range.start + f.link.start;
            let source = &piece[f.link];
            match f.dest {
                Dest::Inline(dest) => self.written.add_link(source, text, at, &piece[dest]),
                Dest::Tag => {
                    (self.written).read(&Event::InlineHtml(source.into()), source, text, at)
                }
                Dest::Text => (self.written).read(&Event::Text(source.into()), source, text, at),
                Dest::Named(name) => {
                    let def = defs.and_then(|defs| defs.get(&piece[name]))?;
                    expanded += def.copied();
                    self.written.add_link(source, text, at, &def.dest);
                }
            }
        }
        Some(expanded)
    }

    /// An HTML block's links and ids (`range`, its lines), from the events
    /// the parser gives it read on its own, made without it: the block's
    /// start, its first line's indentation as text, each line as HTML (a
    /// CRLF's LF on its own) and its end. No inline markup is read in one.
    fn read_html_block(&mut self, range: Range<usize>, text: &str) {
        let piece = slice(self.parsed, self.body, &range);
        let written = &mut *self.written;
        let mut read = |event: Event<'_>, source: &str, at: usize| {
            written.read(&event, source, text, range.start + at);
        };
        read(Event::Start(Tag::HtmlBlock), piece, 0);
        let indent = piece.bytes().take_while(|&b| b == b' ').count();
        if indent > 0 {
            read(Event::Text(" ".repeat(indent).into()), "", indent);
        }
        let mut at = indent;
        for line in piece[indent..].split_inclusive('\n') {
            match line.strip_suffix("\r\n") {
                Some(content) => {
                    read(Event::Html(content.into()), content, at);
                    read(Event::Html("\n".into()), "\n", at + content.len() + 1);
                }
                None => read(Event::Html(line.into()), line, at),
            }
            at += line.len();
        }
        read(Event::End(TagEnd::HtmlBlock), piece, 0);
    }

    /// The links and ids the parser reads in `range` alone, its references
    /// matched to `defs` where it defines no label of theirs itself: the
    /// bytes the references copied, or `None` where it is no stretch and the
    /// parser reads a definition in it.
    fn read_parsed(
        &mut self,
        range: Range<usize>,
        text: &str,
        defs: Option<&Definitions>,
        stretch: bool,
    ) -> Option<usize> {
        let piece = slice(self.parsed, self.body, &range);
        let options = options() | Options::ENABLE_WIKILINKS;
        let named = |link: BrokenLink<'_>| defs?.get(&link.reference).map(Definition::as_link);
        let mut events =
            Parser::new_with_broken_link_callback(piece, options, Some(named)).into_offset_iter();
        let mut expanded = 0;
        for (event, at) in events.by_ref() {
            if let Event::Start(
                Tag::Link {
                    link_type,
                    dest_url,
                    title,
                    ..
                }
                | Tag::Image {
                    link_type,
                    dest_url,
                    title,
                    ..
                },
            ) = &event
                && is_reference(*link_type)
            {
                expanded += dest_url.len() + title.len();
            }
            self.written
                .read(&event, &piece[at.clone()], text, range.start + at.start);
        }
        let defines = events.reference_definitions().iter().next().is_some();
        (stretch || !defines).then_some(expanded)
    }
}

/// Whether a link names a definition (its destination copied from one).
fn is_reference(link_type: LinkType) -> bool {
    matches!(
        link_type,
        LinkType::Reference
            | LinkType::ReferenceUnknown
            | LinkType::Collapsed
            | LinkType::CollapsedUnknown
            | LinkType::Shortcut
            | LinkType::ShortcutUnknown
    )
}

/// Whether a block's bytes may hold a link or an id: `[`, `<`, `{` or `)=`.
fn may_hold_links(bytes: &[u8]) -> bool {
    memchr::memchr3(b'[', b'<', b'{', bytes).is_some()
        || memchr::memchr_iter(b')', bytes).any(|i| bytes.get(i + 1) == Some(&b'='))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::read::builder::Builder;

    /// Whether the block-level pass reads `text` and its links, and the
    /// targets of the links it reads.
    fn read(text: &str) -> (bool, Vec<String>) {
        let lines = Lines::new(text);
        let mut written = Written::default();
        let reading = Reading::new(text, 0, &mut written);
        let read = Builder::new(text).read_blocks(&lines, 0, (text, &[]), Some(reading));
        (read, written.links.into_iter().map(|l| l.target).collect())
    }

    #[test]
    fn an_html_block_reads_as_the_parser_reads_it_alone() {
        for text in [
            "<div id=\"a\">\n<a href=\"x.md\">x</a> [y](z)\n</div>\n",
            "  <div>\r\n<a\r\nhref=\"y.md\" name=n>\r\n</div>",
            "   <p><a\nhref='q.md#r'\n>s</a></p>\n",
            "<!-- [a](b) <a href=c> -->\n",
            "<details>\n<summary id=s>S</summary>\n<img src=i.png>",
            "<table><tr><td><a href=\"#t\">t</a>\n",
        ] {
            let range = 0..text.len();
            let block = |html: bool| {
                let mut written = Written::default();
                let mut reading = Reading::new(text, 0, &mut written);
                match html {
                    true => reading.read_html_block(range.clone(), text),
                    false => assert_eq!(
                        reading.read_parsed(range.clone(), text, None, false),
                        Some(0)
                    ),
                }
                written
            };
            assert_eq!(block(true), block(false), "{text:?}");
        }
    }

    #[test]
    fn a_text_with_definitions_is_read_for_links_by_the_pass() {
        let text =
            "# T\n\nSee [a][b] and [c].\n\n- x\n\n  - [d][]\n\n[b]: /b\n[c]: /c\n\n> [d]: /d\n";
        assert_eq!(
            read(text),
            (true, vec!["/b".into(), "/c".into(), "/d".into()])
        );
    }

    #[test]
    fn where_a_piece_alone_could_read_otherwise_the_text_is_read_whole() {
        // A definition in a quote after one of its label: the quote's own
        // parse would match its label to it.
        assert!(!read("[x]\n\n[x]: /1\n\n> [x]: /2\n> [x]\n").0);
        // References copying more bytes than the parser copies.
        let long = "a".repeat(1_000);
        let text = format!("{}\n\n[x]: /{long}\n", "[x] ".repeat(101));
        assert!(!read(&text).0);
        let text = format!("{}\n\n[x]: /{long}\n", "[x] ".repeat(99));
        assert_eq!(read(&text).1.len(), 99);
    }
}
