//! Building a [`Document`] from source text: front matter, then the blocks and
//! headings (read into a [`Builder`] by `body`: line by line by the block-level
//! pass, `blocks`, or from the parser's events by `walk`), then the preamble,
//! the sections and the document's title. Front matter is recognised here
//! (only at the very start) rather than by the parser, whose metadata option
//! also fires mid-document and would swallow setext headings.
//!
//! Spans are the parser's ranges widened to whole lines, with two corrections
//! where the parser's ranges disagree with CommonMark's structure: a list ends
//! where its last item ends, and a lone CR ends a line (the parser reads a copy
//! of the text with each one made a LF; spans index the original).

use super::builder::Builder;
use crate::paths::Dialect;
use crate::source::Source;
use crate::tree::model::{
    Document, Kind, Lines, TitleSource, Written, cut_attribute_ids, file_title, fold,
    front_matter_title,
};
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
    parse(source, namespace, Reading::Whole)
}

/// [`parse_named`], reading the document's links in the same parse:
/// [`Document::take_written_links`] then gives them without a second. The
/// parser reads the whole text for them anyway, so the tree is folded from
/// its events alone (no block-level pass). For a link listing: no words are
/// counted (every count is 0).
pub(crate) fn parse_linked(source: Source, namespace: String) -> Document {
    #[cfg(debug_assertions)]
    let copy = source.clone();
    let doc = parse(source, namespace, Reading::Linked);
    #[cfg(debug_assertions)]
    super::agree::same_linked(&doc, &parse(copy, doc.namespace.clone(), Reading::Whole));
    doc
}

/// [`parse_named`] for what a search counts in a document that may hold no
/// match: its sections, front matter and preamble, without the nodes of the
/// blocks the block-level pass reads (stretches it hands the parser keep
/// theirs) and without word counts (but for a document without sections).
/// Its sections and their titles and spans are those of the whole reading;
/// [`Document::reparse`] reads it whole.
pub(crate) fn parse_sections(source: Source, namespace: String) -> Document {
    parse(source, namespace, Reading::Sections)
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

/// How much of a document a parse reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// Its sections only ([`parse_sections`]).
    Sections,
    /// The whole document ([`parse_named`]).
    Whole,
    /// The whole document and its links, in one parse ([`parse_linked`]).
    Linked,
}

fn parse(source: Source, namespace: String, reading: Reading) -> Document {
    let complete = reading != Reading::Sections;
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
    let mut links =
        (reading == Reading::Linked).then(|| Written::with_block_ids(&text[body..], body));
    let linked =
        (links.as_mut()).is_some_and(|written| b.read_linked(&lines, body, dialect, written));
    if !linked {
        // Where that reading could differ, the tree is read as usual; the
        // links read in it are kept.
        if links.is_some() {
            b.reset();
        }
        b.read(&lines, body, dialect);
    }
    let headings = std::mem::take(&mut b.headings);
    let first_heading = headings.first().map_or(text.len(), |h| h.start);
    b.add_root(&lines, body, first_heading);
    // One pass of word counting: the front matter, the text after it up to the
    // first heading (the preamble's, whose trimmed lines are blank), then each
    // heading-to-heading segment (add_sections sums those into section counts).
    // Every cut falls at a line's end, so no word spans two parts.
    // A document read for its sections counts none, unless it has none: then
    // its preamble's words say whether search reads it by blocks. One read
    // with its links counts none: a link listing shows no word counts.
    let counted = reading != Reading::Linked && (complete || headings.is_empty());
    let count = |t: &str| if counted { count_words(t) } else { 0 };
    let front_words = count(&text[..body]);
    let root_words = count(&text[body..first_heading.max(body)]);
    let words = front_words + root_words + b.add_sections(&lines, headings, count);
    // What a file only counted gets (`load/window.rs`, `Loaded::Counted`).
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
        links,
        complete,
    };
    #[cfg(debug_assertions)]
    if !complete {
        super::agree::same_sections(&doc, &whole_reading(&doc));
    }
    doc
}

/// The document read whole again, from its own text: what a reading for its
/// sections is held to.
#[cfg(any(test, debug_assertions))]
pub(super) fn whole_reading(doc: &Document) -> Document {
    let source = Source {
        path: doc.path.clone(),
        text: doc.text.clone(),
        offset: doc.offset,
    };
    parse(source, doc.namespace.clone(), Reading::Whole)
}

/// The document's title by the rules of docs/output.md, "Titles", and which gave it.
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

/// The front matter `text` starts with, its fences included, if any.
pub(crate) fn front_matter_of(text: &str) -> Option<&str> {
    front_matter(&Lines::new(text)).map(|end| &text[..end])
}

/// The end of leading front matter, if `text` starts with it: a `---` (YAML) or
/// `+++` (TOML) line, at least one non-blank line, and a closing `---`/`...` or
/// `+++` line.
fn front_matter(lines: &Lines<'_>) -> Option<usize> {
    let text = lines.text();
    let first_end = lines.end_of(1);
    let opener = text[..first_end].trim_end();
    let closers: &[&str] = match opener {
        "---" => &["---", "..."],
        "+++" => &["+++"],
        _ => return None,
    };
    let mut pos = first_end;
    let mut first = true;
    while pos < text.len() {
        let end = lines.end_of(pos + 1);
        let line = text[pos..end].trim_end();
        if closers.contains(&line) {
            // An empty one (`---` then `---`) is front matter too.
            return Some(end);
        }
        if first && line.trim().is_empty() {
            return None;
        }
        first = false;
        pos = end;
    }
    None
}
