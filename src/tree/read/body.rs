//! Reading a document's body into the [`Builder`]: with the block-level pass
//! (`blocks`) where the parser reads the text as written, the parser reading
//! only the stretches the pass hands it (`walk`); else, or where the pass gives
//! up, with the parser over all of it, in the text its dialect has it read.

use std::borrow::Cow;
use std::ops::Range;

use super::blocks;
use super::builder::Builder;
use super::linked::Reading;
use super::walk::{Assembly, Heading, Walked, block_span, parsed_block_span, walk, walk_reading};
use crate::paths::Dialect;
use crate::tree::dialect::{
    containers_marked, fence_tabs_as_spaces, lone_crs_as_lf, parser_text, read_as_written,
    templates_in_destinations,
};
use crate::tree::model::{Kind, Lines, Written, plain_title};

impl Builder {
    /// Reads `text[body..]` into block nodes and headings: with the block-level
    /// pass where the parser's text is the text as written but for its site
    /// containers' marker lines (in a debug build, checked against the
    /// parser), else, or where the pass gives up, with the parser over all of
    /// it. Where a block crosses a container's edge, the text is read as
    /// written, its containers left as text. If the pass read it, whether it
    /// read its containers as such.
    pub(super) fn read(
        &mut self,
        lines: &Lines<'_>,
        body: usize,
        dialect: Dialect,
    ) -> Option<bool> {
        let text = lines.text();
        let whole = body..text.len();
        // The parser's text, made once: lone CRs as LFs, tabs after a bare
        // fence as spaces, containers marked.
        let lf = fence_tabs_as_spaces(lone_crs_as_lf(&text[body..]));
        let (marked, boxes) = containers_marked(Cow::Borrowed(&lf));
        let as_written = read_as_written(dialect) && matches!(lf, Cow::Borrowed(_));
        if as_written {
            let seen = pass_text(text, body, &marked, &boxes);
            if self.read_blocks(lines, body, (&seen, &boxes), None) {
                #[cfg(debug_assertions)]
                if self.complete {
                    super::agree::same_as_parsed(self, lines, whole.clone(), true);
                }
                return Some(true);
            }
        }
        self.reset();
        match walk(self, lines, whole, &parser_text(&marked, dialect), boxes) {
            Walked::Crossed => self
                .read_crossed(lines, body, (&lf, as_written), dialect)
                .then_some(false),
            Walked::Done { .. } => None,
        }
    }

    /// Reads `text[body..]` as written, its site containers left as text,
    /// where a block crossed one's edge: with the block-level pass where the
    /// parser reads it as written (`lf`, the body as the parser reads it, is
    /// then the text's), else with the parser. True if the pass read it.
    fn read_crossed(
        &mut self,
        lines: &Lines<'_>,
        body: usize,
        (lf, as_written): (&str, bool),
        dialect: Dialect,
    ) -> bool {
        let text = lines.text();
        self.reset();
        if as_written && self.read_blocks(lines, body, (text, &[]), None) {
            #[cfg(debug_assertions)]
            if self.complete {
                super::agree::same_as_parsed(self, lines, body..text.len(), false);
            }
            return true;
        }
        self.reset();
        walk(
            self,
            lines,
            body..text.len(),
            &parser_text(lf, dialect),
            Vec::new(),
        );
        false
    }

    /// Reads `text[body..]` and its links into `links`, for a link listing:
    /// with the block-level pass where it reads the text (only the blocks
    /// that may link read for their links), else with the parser over all
    /// of it, the links from the same parse. Where a block crossed a
    /// container's edge, the tree is read again as written, as
    /// [`Builder::read`] reads it on the same crossing (the links are read
    /// whole all the same). False, with the tree half built, where a
    /// document-level heading holds a wiki link (its title is read otherwise
    /// without): the caller reads the tree as usual.
    pub(super) fn read_linked(
        &mut self,
        lines: &Lines<'_>,
        body: usize,
        dialect: Dialect,
        links: &mut Written,
    ) -> bool {
        let text = lines.text();
        let lf = fence_tabs_as_spaces(lone_crs_as_lf(&text[body..]));
        let (marked, boxes) = containers_marked(Cow::Borrowed(&lf));
        let as_written = read_as_written(dialect) && matches!(lf, Cow::Borrowed(_));
        // Template tags that write a destination read as one, for the links.
        let parsed = templates_in_destinations(parser_text(&marked, dialect));
        // Where the text is read as written, the block-level pass reads the
        // tree, and the parser only the blocks that may hold a link or an id.
        if as_written {
            let seen = pass_text(text, body, &marked, &boxes);
            let unread = links.clone();
            let reading = Reading::new(&parsed, body, &mut *links);
            if self.read_blocks(lines, body, (&seen, &boxes), Some(reading)) {
                return self.no_wiki_link_in_headings(links);
            }
            self.reset();
            *links = unread;
        }
        let walked = walk_reading(
            self,
            lines,
            body..text.len(),
            &parsed,
            boxes,
            Some(links),
            None,
        );
        if let Walked::Crossed = walked {
            self.read_crossed(lines, body, (&lf, as_written), dialect);
            return true;
        }
        self.no_wiki_link_in_headings(links)
    }

    /// Whether no document-level heading holds a wiki link (its title is
    /// read otherwise without).
    fn no_wiki_link_in_headings(&self, links: &Written) -> bool {
        let in_heading = |at: usize| {
            let next = self.headings.partition_point(|h| h.start <= at);
            next > 0 && at < self.headings[next - 1].end
        };
        !(links.links.iter()).any(|link| link.wiki && in_heading(link.span.start))
    }

    /// Reads `text[body..]` with the block-level pass ([`blocks`]), the parser
    /// reading only the stretches the pass hands it. False, with the work half
    /// done, when the pass gives up: the caller parses the document whole.
    /// The pass reads `text`, the document's text with its body as the
    /// parser reads it ([`pass_text`]), its site containers at `boxes`
    /// (spans from `body`) holding the blocks within their lines. With `links`, the
    /// links of the text are read too ([`Reading`]): where a definition is
    /// written, once the pass has found every one.
    pub(super) fn read_blocks(
        &mut self,
        lines: &Lines<'_>,
        body: usize,
        (text, boxes): (&str, &[Range<usize>]),
        mut links: Option<Reading<'_>>,
    ) -> bool {
        let spans = boxes
            .iter()
            .map(|r| block_span(lines, &(r.start + body..r.end + body)));
        self.box_in(spans.collect());
        // A link in a heading takes its text from a definition anywhere.
        let definitions = memchr::memmem::find(&text.as_bytes()[body..], b"]:").is_some();
        if definitions && let Some(reading) = links.as_mut() {
            reading.defer();
        }
        let mut defined: Vec<String> = Vec::new();
        let mut unresolved: Vec<usize> = Vec::new(); // headings
        let span = |range: &Range<usize>| parsed_block_span(lines, &text[body..], body, range);
        let mut run = body..body;
        let read = blocks::scan(text, body, |piece| {
            if let Some(reading) = links.as_mut()
                && !reading.read(&piece, lines)
            {
                return false;
            }
            // A stretch for the parser, and a list as far as the parser's
            // range of it may reach, stay on one side of every edge (the
            // blocks of a stretch are placed one by one, but the parser's
            // range of a list in it may reach past it).
            if self.in_boxes()
                && let blocks::Piece::List(range, _) | blocks::Piece::Parse(range) = &piece
            {
                let span = span(range);
                let reach = list_reach(text.as_bytes(), span.end, &mut run);
                if self.crosses_box(span.start, reach) {
                    return false;
                }
            }
            match piece {
                // Read for its sections, a block is no node; it is placed
                // among site containers all the same (one across an edge
                // gives the text up).
                blocks::Piece::Block(_, range)
                | blocks::Piece::List(range, _)
                | blocks::Piece::Quote(range)
                    if !self.complete =>
                {
                    self.top_block(|| span(&range));
                    true
                }
                blocks::Piece::Block(kind, range) => {
                    self.add_block(Kind::Block(kind), span(&range), 0, None);
                    true
                }
                blocks::Piece::Heading {
                    start,
                    level,
                    title,
                    code,
                } => {
                    self.plain_heading(text, start, level, (title, code));
                    true
                }
                blocks::Piece::List(range, items) => {
                    self.add_list(&span, &range, items);
                    true
                }
                blocks::Piece::Quote(range) => {
                    self.add_quote(span(&range));
                    true
                }
                blocks::Piece::Definition(label) => {
                    defined.push(text[label].to_owned());
                    true
                }
                // Read for its sections, a stretch with no line that may
                // start a heading, a fenced code block or an HTML block gives
                // none of them, and ends with no block open: its blocks are
                // not needed.
                blocks::Piece::Parse(range)
                    if !self.complete
                        && !definitions
                        && !blocks::may_give_sections(&text[range.clone()]) =>
                {
                    true
                }
                blocks::Piece::Parse(range) => {
                    let kept = (&mut defined, &mut unresolved);
                    self.read_stretch(lines, (text, range), links.as_mut(), kept, definitions)
                }
            }
        });
        let boxed = self.boxed_out();
        read && boxed
            && self.resolve_titles(text, &unresolved, &defined)
            && links.is_none_or(|mut reading| reading.finish(lines.text()))
    }

    /// Reads a stretch the block-level pass hands the parser (and its links,
    /// where they are read in its parse), keeping the labels it defines and
    /// its headings whose links nothing in it defined (`kept`). False where
    /// the pass gives up: a heading with a footnote where the text writes
    /// definitions, a fence or HTML block open at its end that may run on.
    /// `text` is the text the pass reads.
    fn read_stretch(
        &mut self,
        lines: &Lines<'_>,
        (text, range): (&str, Range<usize>),
        mut links: Option<&mut Reading<'_>>,
        (defined, unresolved): (&mut Vec<String>, &mut Vec<usize>),
        definitions: bool,
    ) -> bool {
        let first = self.headings.len();
        let (parsed, written, known) = Reading::stretch(links.as_deref_mut(), text, &range);
        let walked = walk_reading(
            self,
            lines,
            range.clone(),
            parsed,
            Vec::new(),
            written,
            known,
        );
        let Walked::Done {
            open_at_end,
            definitions: found,
            asked,
            copied,
        } = walked
        else {
            unreachable!("no containers, no crossing")
        };
        defined.extend(found.iter().map(|d| d.label.clone()));
        if let Some(reading) = links {
            reading.walked(found, asked, copied);
        }
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

    /// Keeps a heading the block-level pass read: with no markup in its
    /// title (`text[title]`) but code spans (`code`, if it holds one), its
    /// title is its text, the spans' backticks taken out.
    fn plain_heading(
        &mut self,
        text: &str,
        start: usize,
        level: u8,
        (title, code): (Range<usize>, bool),
    ) {
        let end = title.end;
        let title = match code {
            true => plain_title(&blocks::code_title(&text[title])),
            false => plain_title(&text[title]),
        };
        self.headings.push(Heading {
            start,
            end,
            level,
            title,
            unresolved: false,
            footnote: false,
        });
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
}

/// The text the block-level pass reads where the parser reads `marked`, the
/// body from `body` on with its site containers marked (their opening and
/// closing lines blank, mkdocs' content one level out: same length, lines
/// in place) at `boxes`: `text` itself where there are none.
fn pass_text<'t>(text: &'t str, body: usize, marked: &str, boxes: &[Range<usize>]) -> Cow<'t, str> {
    if boxes.is_empty() {
        return Cow::Borrowed(text);
    }
    Cow::Owned(format!("{}{marked}", &text[..body]))
}

/// Where the parser's range of a list whose last line ends at `end` may
/// reach: it closes a list only where the next block begins, so the range
/// may run over the blank lines, link definitions and indented lines after
/// it (the tree's list ends at its last item all the same). The run read
/// last is kept (`run`): a later list ending in it reaches as far, and no
/// line is read twice.
fn list_reach(text: &[u8], end: usize, run: &mut Range<usize>) -> usize {
    if run.start <= end && end <= run.end {
        return run.end;
    }
    let mut reach = end;
    let mut at = end;
    while at < text.len() {
        let line_end = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |i| at + i);
        let line = &text[at..line_end];
        if !line.iter().all(u8::is_ascii_whitespace) {
            if !matches!(line[0], b' ' | b'\t' | b'[') {
                break;
            }
            reach = line_end;
        }
        at = line_end + 1;
    }
    *run = end..reach;
    reach
}
