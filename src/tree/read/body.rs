//! Reading a document's body into the [`Builder`]: with the block-level pass
//! (`blocks`) where the parser reads the text as written, the parser reading
//! only the stretches the pass hands it (`walk`); else, or where the pass gives
//! up, with the parser over all of it, in the text its dialect has it read.

use std::borrow::Cow;
use std::ops::Range;

use super::blocks;
use super::builder::Builder;
use super::walk::{Assembly, Heading, Walked, parsed_block_span, walk, walk_reading};
use crate::paths::Dialect;
use crate::tree::dialect::{
    containers_marked, fence_tabs_as_spaces, lone_crs_as_lf, parser_text, read_as_written,
    templates_in_destinations,
};
use crate::tree::model::{Kind, Lines, Written, plain_title};

impl Builder {
    /// Reads `text[body..]` into block nodes and headings: with the block-level
    /// pass where the parser's text is the text as written (in a debug build,
    /// checked against the parser), else, or where the pass gives up, with the
    /// parser over all of it. True if the pass read it.
    pub(super) fn read(&mut self, lines: &Lines<'_>, body: usize, dialect: Dialect) -> bool {
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
                super::agree::same_as_parsed(self, lines, whole);
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

    /// Reads `text[body..]` with the parser over all of it, its links into
    /// `links` in the same parse: what a link listing reads every document
    /// for, which the parser must read whole for its links anyway. Where a
    /// block crossed a container's edge, the tree is read again as written,
    /// as [`Builder::read`] reads it on the same crossing (the links are
    /// read whole all the same). False, with the tree half built, where a
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
        // Template tags that write a destination read as one, for the links.
        let parsed = templates_in_destinations(parser_text(&marked, dialect));
        let walked = walk_reading(self, lines, body..text.len(), &parsed, boxes, Some(links));
        if let Walked::Crossed = walked {
            self.reset();
            walk(
                self,
                lines,
                body..text.len(),
                &parser_text(&lf, dialect),
                Vec::new(),
            );
            return true;
        }
        let in_heading = |at: usize| {
            let next = self.headings.partition_point(|h| h.start <= at);
            next > 0 && at < self.headings[next - 1].end
        };
        !(links.links.iter()).any(|link| link.wiki && in_heading(link.span.start))
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
        let span = |range: &Range<usize>| parsed_block_span(lines, &text[body..], body, range);
        let read = blocks::scan(text, body, |piece| match piece {
            blocks::Piece::Block(..) | blocks::Piece::List(..) | blocks::Piece::Quote(_)
                if !self.complete =>
            {
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
                self.add_list(span(&range), items.into_iter().map(|item| span(&item)));
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
}
