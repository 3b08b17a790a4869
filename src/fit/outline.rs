//! One document's outline in compact form: the lines `index` can print, their
//! depths, sizes and how many lines each hides when folded. Built while the
//! document is alive (on a worker thread); the document can then be dropped.
//!
//! Depth 0 is the document's own line (`<namespace> <path> (<words>w)`), depth 1
//! its front matter, preamble and top headings (or the sections a selector
//! scoped the outline to), and each subsection one deeper. Sizes are measured
//! by printing each line in the line format (`render/lines.rs`), so they are
//! exact.

use std::sync::Arc;

use super::budget::Size;
use super::folders::Place;
use super::measure::{line_size, line_size_in};
use crate::render::lines::{Item, Line, block_lines};
use crate::tree::{BlockKind, Document, Kind, NodeId, TitleSource};

/// Depths run from 0 (the document) to 6 (an h6 under five enclosing headings).
pub(crate) const DEPTHS: usize = 7;

/// The biggest folded line at some depth: where an agent would expand first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Widest {
    pub words: usize,
    pub namespace: String,
    pub path: String,
    pub selector: String,
    /// The line itself and its direct children, each noting what it hides:
    /// what an outline scoped to it shows folded one level down.
    pub shown: Size,
}

/// Where the biggest folded line at some depth is in one outline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WidestLine {
    pub words: usize,
    /// Its position in `lines`; `None`: the header.
    at: Option<usize>,
    shown: Size,
}

/// One document's outline, with its sizes at every fold depth.
#[derive(Clone, Debug)]
pub(crate) struct DocOutline {
    /// The document's own line (depth 0); printed only when several documents are loaded.
    pub header: Line,
    /// The same line as printed above the lines beneath it (the title left out
    /// when the heading it came from follows).
    pub above: Line,
    /// The lines beneath, depth 1 and deeper, in document order.
    pub lines: Vec<Line>,
    /// Document-level block counts (`---` and `code:3 para:9`), for a whole-document outline.
    pub blocks: Option<[usize; BlockKind::COUNT]>,
    /// Size of `lines` folded below each depth: every line at most that deep,
    /// those at exactly that depth noting what they hide.
    pub folded: [Size; DEPTHS],
    /// Size of every line and the block counts, nothing folded.
    pub full: Size,
    /// Size of the header unfolded, and folded (noting every line beneath).
    pub header_size: [Size; 2],
    /// Per depth, the biggest line there that hides lines when folded below it
    /// (named by [`DocOutline::widest`] only when asked: most never are).
    pub widest: [Option<WidestLine>; DEPTHS],
    /// The deepest line (0 when there are none).
    pub height: u8,
    /// Where the document was found under a directory given, if it was.
    pub place: Option<Place>,
    /// The front matter and preamble lines are left out of a folded outline:
    /// the whole document is shown and it has headings (a first look
    /// is lean).
    pub parts_fold: bool,
}

/// What a scoped outline shows of one document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    /// Everything: front matter, preamble, every heading and the block counts.
    Whole,
    /// These nodes (sections, front matter, preamble) and the sections inside
    /// them, in document order, none inside another.
    Nodes(Vec<NodeId>),
}

impl DocOutline {
    /// The outline of `doc` (named `namespace`) as `scope` selects it; with
    /// `line_ranges`, each line below the document's own carries its node's lines.
    pub fn build(doc: &Document, namespace: &str, scope: &Scope, line_ranges: bool) -> DocOutline {
        let depth = section_depths(doc);
        let below = section_descendants(doc);
        let mut lines = Vec::with_capacity(match scope {
            Scope::Whole => doc.sections().len() + 2,
            Scope::Nodes(_) => 0,
        });
        let range = |id: NodeId| line_ranges.then(|| doc.lines_of(&doc.node(id).span));
        let heading = |k: usize, shift: u8| {
            let id = doc.sections()[k];
            let Kind::Section { level } = doc.node(id).kind else {
                unreachable!("sections are sections")
            };
            Line {
                depth: depth[k] - shift,
                item: Item::Heading {
                    level,
                    ordinal: doc.node(id).ordinal,
                    title: doc.titles[k].clone(),
                },
                words: doc.section_words[k],
                descendants: below[k],
                lines: range(id),
            }
        };
        let part = |item: Item, id: NodeId| Line {
            depth: 1,
            item,
            words: doc.node_words(id),
            descendants: 0,
            lines: range(id),
        };
        let blocks = match scope {
            Scope::Whole => {
                lines.extend(doc.front().map(|id| part(Item::Front, id)));
                lines.extend(doc.root().map(|id| part(Item::Root, id)));
                lines.extend((0..doc.sections().len()).map(|k| heading(k, 0)));
                Some(BlockKind::ALL.map(|k| doc.blocks(k).len()))
            }
            Scope::Nodes(nodes) => {
                for &id in nodes {
                    match doc.node(id).kind {
                        Kind::Front => lines.push(part(Item::Front, id)),
                        Kind::Root => lines.push(part(Item::Root, id)),
                        Kind::Section { .. } => {
                            let Some(k) = doc.section_index(id) else {
                                continue;
                            };
                            let shift = depth[k] - 1;
                            let inside = doc.sections_in(doc.sections(), &doc.node(id).span);
                            lines.push(heading(k, shift));
                            lines.extend((k + 1..k + 1 + inside.len()).map(|j| heading(j, shift)));
                        }
                        _ => {}
                    }
                }
                None
            }
        };
        let (header, above) = headers(doc, namespace, &lines);
        let parts_fold = matches!(scope, Scope::Whole) && !doc.sections().is_empty();
        DocOutline::measure(header, above, lines, blocks, parts_fold)
    }

    /// The outline of a document found at `place` (by a walk, when it is
    /// one): its line is then printed under its folder's ([`Lean`](crate::render::lines::Lean)).
    pub fn placed(mut self, place: Option<Place>) -> DocOutline {
        for line in [&mut self.header, &mut self.above] {
            if let Item::Document { walked, .. } = &mut line.item {
                *walked = place.is_some();
            }
        }
        self.place = place;
        self
    }

    /// Whether a folded outline shows this line (see [`DocOutline::parts_fold`]).
    pub fn shown_folded(&self, line: &Line) -> bool {
        !(self.parts_fold && matches!(line.item, Item::Front | Item::Root))
    }

    /// Measures the lines at every fold depth.
    fn measure(
        header: Line,
        above: Line,
        lines: Vec<Line>,
        blocks: Option<[usize; BlockKind::COUNT]>,
        parts_fold: bool,
    ) -> DocOutline {
        let mut folded = [Size::default(); DEPTHS];
        let mut full = Size::default();
        // Per depth: the words and position (`None`: the header) of the biggest
        // line that hides lines beneath it.
        let mut best: [Option<(usize, Option<usize>)>; DEPTHS] = [None; DEPTHS];
        let mut consider = |depth: usize, line: &Line, at: Option<usize>| {
            if line.descendants > 0 && best[depth].is_none_or(|(words, _)| line.words > words) {
                best[depth] = Some((line.words, at));
            }
        };
        consider(0, &header, None);
        let mut scratch = Vec::with_capacity(128);
        for (k, line) in lines.iter().enumerate() {
            let d = usize::from(line.depth).min(DEPTHS - 1);
            let plain = line_size_in(line, 0, &mut scratch);
            full += plain;
            if parts_fold && matches!(line.item, Item::Front | Item::Root) {
                continue; // never in a folded outline
            }
            // Shown plain below every fold deeper than it, with a note at its own depth.
            folded[d] += if line.descendants > 0 {
                line_size_in(line, line.descendants, &mut scratch)
            } else {
                plain
            };
            for size in folded.iter_mut().skip(d + 1) {
                *size += plain;
            }
            consider(d, line, Some(k));
        }
        if let Some(counts) = &blocks {
            scratch.clear();
            block_lines(counts, &mut scratch);
            full += Size::of_bytes(&scratch);
        }
        let widest = best.map(|found| {
            found.map(|(words, at)| WidestLine {
                words,
                at,
                shown: at.map_or_else(Size::default, |k| with_children(&lines, k)),
            })
        });
        DocOutline {
            header_size: [
                line_size_in(&above, 0, &mut scratch),
                line_size_in(&header, header.descendants, &mut scratch),
            ],
            above,
            height: lines.iter().map(|l| l.depth).max().unwrap_or(0),
            header,
            lines,
            blocks,
            folded,
            full,
            widest,
            place: None,
            parts_fold,
        }
    }

    /// The biggest line at `depth` that hides lines, named; `None` once
    /// [`DocOutline::prune`] has dropped the lines it points into.
    pub fn widest(&self, depth: usize) -> Option<Widest> {
        let found = self.widest.get(depth).copied().flatten()?;
        let Item::Document {
            namespace, path, ..
        } = &self.header.item
        else {
            unreachable!("a header names its document")
        };
        Some(Widest {
            words: found.words,
            namespace: namespace.to_string(),
            path: path.to_string(),
            selector: found
                .at
                .map_or_else(|| self.header.selector(), |k| self.lines[k].selector()),
            shown: found.shown,
        })
    }

    /// Drops the lines deeper than `depth`, and the block counts.
    pub fn prune(&mut self, depth: u8) {
        self.lines.retain(|l| l.depth <= depth);
        // Positions in `lines` no longer hold.
        self.widest = [None; DEPTHS];
        self.blocks = None;
    }
}

/// The document's own line, and the same line as printed above the lines
/// beneath it: with the title (docs/output.md, "Titles") unless the file name gives
/// it, and not repeated above them when the top heading it came from is the
/// first line beneath (after front matter's and the preamble's).
fn headers(doc: &Document, namespace: &str, lines: &[Line]) -> (Line, Line) {
    let title = (doc.title_source() != TitleSource::FileName).then(|| Arc::from(doc.doc_title()));
    let top = doc.sections().first().map(|&id| doc.node(id).kind);
    // Front matter's and the preamble's lines are left out of a folded outline,
    // so the line beneath is the first heading's.
    let beneath = lines
        .iter()
        .find(|l| !matches!(l.item, Item::Front | Item::Root));
    let beneath_is_title = doc.title_source() == TitleSource::Heading
        && matches!(
            (beneath.map(|l| &l.item), top),
            (Some(Item::Heading { level, ordinal: 0, .. }), Some(Kind::Section { level: top }))
                if *level == top
        );
    let header = Line {
        depth: 0,
        item: Item::Document {
            namespace: namespace.into(),
            path: doc.path().into(),
            title,
            walked: false,
        },
        words: doc.words(),
        descendants: u32::try_from(lines.len()).unwrap_or(u32::MAX),
        lines: None,
    };
    let mut above = header.clone();
    if beneath_is_title && let Item::Document { title, .. } = &mut above.item {
        *title = None;
    }
    (header, above)
}

/// Each section's depth: 1 for a top heading, one more per enclosing heading.
fn section_depths(doc: &Document) -> Vec<u8> {
    let mut depth: Vec<u8> = Vec::with_capacity(doc.sections().len());
    for &id in doc.sections() {
        let parent = doc.node(id).parent.and_then(|p| doc.section_index(p));
        let d = parent.map_or(1, |p| depth[p].saturating_add(1));
        depth.push(d.min(DEPTHS as u8 - 1));
    }
    depth
}

/// How many sections each section holds, at any depth.
fn section_descendants(doc: &Document) -> Vec<u32> {
    let mut below = vec![0u32; doc.sections().len()];
    for (k, &id) in doc.sections().iter().enumerate().rev() {
        if let Some(p) = doc.node(id).parent.and_then(|p| doc.section_index(p)) {
            below[p] = below[p].saturating_add(below[k] + 1);
        }
    }
    below
}

/// Line `k` and its direct children as an outline scoped to it shows them,
/// folded below the children: each child noting what it hides.
fn with_children(lines: &[Line], k: usize) -> Size {
    let depth = lines[k].depth;
    let mut size = line_size(&lines[k], 0);
    for line in lines[k + 1..].iter().take_while(|l| l.depth > depth) {
        if line.depth == depth + 1 {
            size += line_size(line, line.descendants);
        }
    }
    size
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Source;
    use crate::tree::parse_document;

    const DOC: &str = "# A\n\none two\n\n## B\n\n### C\n\n## D\n\n# E\n";

    #[test]
    fn depths_descendants_and_sizes() {
        let doc = parse_document(Source::new("a.md", DOC));
        let outline = DocOutline::build(&doc, "a", &Scope::Whole, false);
        let shape: Vec<(u8, String, u32)> = outline
            .lines
            .iter()
            .map(|l| (l.depth, l.selector(), l.descendants))
            .collect();
        let want = [
            (1, "h1.0", 3),
            (2, "h2.0", 1),
            (3, "h3.0", 0),
            (2, "h2.1", 0),
            (1, "h1.1", 0),
        ];
        let want: Vec<(u8, String, u32)> =
            want.iter().map(|&(d, s, n)| (d, s.to_owned(), n)).collect();
        assert_eq!(shape, want);
        assert_eq!(outline.height, 3);
        assert_eq!(outline.header.descendants, 5);
        // Folded below depth 1: "h1.0 A (12w, +3)" and "h1.1 E (2w)".
        assert_eq!(
            outline.folded[1],
            Size::of("h1.0 A (12w, +3)\nh1.1 E (2w)\n")
        );
        assert_eq!(outline.folded[0], Size::default());
        assert_eq!(
            outline.widest(1).map(|w| w.selector),
            Some("h1.0".to_owned())
        );
        assert_eq!(
            outline.widest(2).map(|w| w.selector),
            Some("h2.0".to_owned())
        );
        assert!(outline.widest(3).is_none());
    }

    #[test]
    fn a_scope_keeps_the_sections_beneath_at_depth_one() {
        let doc = parse_document(Source::new("a.md", DOC));
        let id = doc.headings(2)[0];
        let outline = DocOutline::build(&doc, "a", &Scope::Nodes(vec![id]), false);
        let shape: Vec<(u8, String)> = outline
            .lines
            .iter()
            .map(|l| (l.depth, l.selector()))
            .collect();
        assert_eq!(shape, [(1, "h2.0".to_owned()), (2, "h3.0".to_owned())]);
        assert!(outline.blocks.is_none());
    }
}
