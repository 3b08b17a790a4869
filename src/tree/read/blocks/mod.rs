//! The block-level pass: the top-level blocks of plain Markdown read line by line,
//! without the parser's inline pass, and everything else handed to the parser.
//!
//! An outline needs a document's top-level headings, its block counts and the
//! spans of its blocks, none of which depends on inline markup except a heading's
//! title. Most of a document is paragraphs, headings, code, plain link
//! definitions, tight lists of one-paragraph items and one-paragraph blockquotes,
//! whose extent CommonMark decides from a line's first bytes. This pass reads
//! those itself and hands every other stretch of lines (nested or loose lists,
//! other blockquotes, tables, HTML that may be inline, headings with markup in
//! them) to the parser as a [`Piece::Parse`] of its own.
//!
//! A stretch handed over starts where no block is open and ends at a line no
//! block can run across: a line at the left margin, after a blank line, that
//! does not continue a list. There every container has closed (a list item's
//! text is indented, a blockquote ends at the blank line, laziness needs an open
//! paragraph) and so has every paragraph; only a fenced code block or an HTML
//! block opened at top level could still be open, which the caller checks from
//! the parse of the stretch (it then runs to the stretch's end), falling back to
//! the whole document's parse. Anything this pass is unsure of gives up the same
//! way: [`scan`] returns false and the document is parsed whole. Tests hold it
//! to the full parse node for node (the tests below, generated documents, and
//! every parse of a debug build).

use std::ops::Range;

use memchr::memchr;

use crate::tree::model::BlockKind;

mod items;
mod scanners;

pub(super) use items::Items;
pub(super) use scanners::may_give_sections;

use scanners::{
    Interrupt, Line, atx, atx_title, closes_fence, contains, continues, definition, delimiter_row,
    hrule, html_block_tag, html_end, interrupts, item_marker, list_marker, opens_fence, plain,
    quoted, setext,
};

/// What the pass found, in document order.
pub(super) enum Piece {
    /// A top-level block: its first line's start to its last line's end.
    Block(BlockKind, Range<usize>),
    /// A top-level heading with no inline markup: its first line's start, its
    /// level and its title (whitespace not yet folded).
    Heading {
        start: usize,
        level: u8,
        title: Range<usize>,
    },
    /// Lines for the parser, starting and ending where no block is open.
    Parse(Range<usize>),
    /// A link reference definition's label: it makes no block, but a link
    /// elsewhere may name it.
    Definition(Range<usize>),
    /// A tight list whose items hold one paragraph each: its lines, and each
    /// item's.
    List(Range<usize>, Items),
    /// A blockquote holding one paragraph: its lines.
    Quote(Range<usize>),
}

/// Reads `text[from..]` block by block, handing each piece to `each`. False as
/// soon as it meets something it does not read exactly or `each` returns false:
/// the caller then parses the document whole.
pub(super) fn scan(text: &str, from: usize, mut each: impl FnMut(Piece) -> bool) -> bool {
    let bytes = text.as_bytes();
    let mut state = State::Idle;
    let mut pos = from;
    while pos < bytes.len() {
        let newline = memchr(b'\n', &bytes[pos..]).map_or(bytes.len(), |i| pos + i);
        let next = (newline + 1).min(bytes.len());
        let end = if newline > pos && bytes[newline - 1] == b'\r' {
            newline - 1
        } else {
            newline
        };
        let Some(line) = Line::new(pos, &bytes[pos..end]) else {
            return false;
        };
        let Some(after) = step(state, &line, text, next, &mut each) else {
            return false;
        };
        state = after;
        pos = next;
    }
    finish(state, bytes.len(), &mut each)
}

/// The block open after the lines read so far.
enum State {
    /// None: the next line starts a block.
    Idle,
    /// A paragraph since `start`, its last line ending at `last`.
    Paragraph { start: usize, last: usize },
    /// A fenced code block since `start`: its fence's character and length.
    Fence { start: usize, fence: u8, len: usize },
    /// An indented code block since `start`, its last line that is not blank
    /// ending at `last`.
    Indented { start: usize, last: usize },
    /// Link reference definitions, one a line, since `start`.
    Definitions { start: usize },
    /// A list since `start`, its marker (`-`, `+`, `*`, or an ordered list's
    /// `.` or `)`), its items so far, and whether a blank line ended it (the
    /// next line tells whether it goes on).
    List {
        start: usize,
        marker: u8,
        items: Items,
        ended: bool,
    },
    /// A blockquote of one paragraph since `start`, to `last`.
    Quote { start: usize, last: usize },
    /// An HTML block: its end string (types 1 to 5), or `None` (type 6: it
    /// ends before a blank line).
    Html {
        start: usize,
        last: usize,
        until: Option<&'static str>,
    },
    /// Lines for the parser since `start`; whether the line before was blank,
    /// and a fence or HTML block opened at the left margin and not yet closed.
    Parse {
        start: usize,
        after_blank: bool,
        fence: Option<(u8, usize)>,
        html: Option<&'static str>,
    },
}

/// One line in `state`; `next` is where the following line starts.
fn step(
    state: State,
    line: &Line<'_>,
    text: &str,
    next: usize,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let here = Here { line, text, next };
    match state {
        State::Idle => open(line, text, next, each),
        State::Paragraph { start, last } => paragraph(start, last, here, each),
        State::Definitions { start } => definitions(start, here, each),
        State::List {
            start,
            marker,
            items,
            ended,
        } => list(start, marker, items, ended, here, each),
        State::Quote { start, last } => quote(start, last, here, each),
        State::Fence { start, fence, len } => fenced(start, fence, len, here, each),
        State::Indented { start, last } => indented(start, last, here, each),
        State::Html { start, last, until } => html(start, last, until, here, each),
        State::Parse {
            start,
            after_blank,
            fence,
            html,
        } => parsed(start, after_blank, fence, html, here, each),
    }
}

/// The line a state reads: the line, the text it is in, and where the line
/// after it starts.
#[derive(Clone, Copy)]
struct Here<'a> {
    line: &'a Line<'a>,
    text: &'a str,
    next: usize,
}

/// A line after a paragraph's: a setext underline, a block that interrupts it,
/// a table's delimiter row, or more of it.
fn paragraph(
    start: usize,
    last: usize,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    if line.is_blank() {
        put(each, Piece::Block(BlockKind::Paragraph, start..last))?;
        return Some(State::Idle);
    }
    let rest = line.rest();
    if line.indent < 4 {
        if let Some(level) = setext(rest) {
            if plain(&text.as_bytes()[start..last]) {
                put(
                    each,
                    Piece::Heading {
                        start,
                        level,
                        title: start..last,
                    },
                )?;
            } else {
                put(each, Piece::Parse(start..next))?;
            }
            return Some(State::Idle);
        }
        match interrupts(rest, text.as_bytes(), line.start + line.first) {
            Interrupt::Yes => {
                put(each, Piece::Block(BlockKind::Paragraph, start..last))?;
                return open(line, text, next, each);
            }
            Interrupt::Unsure => return Some(parse_from(start)),
            Interrupt::No => {}
        }
    }
    if delimiter_row(line.rest()) {
        // The paragraph's lines may be a table's head.
        return Some(parse_from(start));
    }
    Some(State::Paragraph {
        start,
        last: line.end(),
    })
}

/// A line after link reference definitions: another, or the parser's to read.
fn definitions(
    start: usize,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    if line.is_blank() {
        return Some(State::Idle);
    }
    match definition(line) {
        Some(label) => {
            put(each, Piece::Definition(label))?;
            Some(State::Definitions { start })
        }
        // A title on the next line, a paragraph the definitions run
        // into, a list interrupting them: the parser decides.
        None => step(parse_from(start), line, text, next, each),
    }
}

/// A line after a tight list's: another item, more of the last one, the list's
/// end, or the parser's to read (a loose or nested list).
fn list(
    start: usize,
    marker: u8,
    mut items: Items,
    ended: bool,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    if line.is_blank() {
        return Some(State::List {
            start,
            marker,
            items,
            ended: true,
        });
    }
    let rest = line.rest();
    if ended {
        // A line indented or a marker may carry the list on, loose.
        if line.first > 0 || list_marker(rest) {
            return step(parse_from(start), line, text, next, each);
        }
        let end = items.end();
        put(each, Piece::List(start..end, items))?;
        return open(line, text, next, each);
    }
    if line.first == 0
        && let Some(m) = item_marker(rest)
        && m == marker
    {
        items.push(line.start..line.end());
        return Some(State::List {
            start,
            marker,
            items,
            ended,
        });
    }
    if continues(rest) {
        items.last_mut().end = line.end();
        return Some(State::List {
            start,
            marker,
            items,
            ended,
        });
    }
    step(parse_from(start), line, text, next, each)
}

/// A line after a one-paragraph blockquote's: more of it, its end, or the
/// parser's to read.
fn quote(
    start: usize,
    last: usize,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    if line.is_blank() {
        put(each, Piece::Quote(start..last))?;
        return Some(State::Idle);
    }
    if line.indent < 4 && quoted(line.rest()) {
        return Some(State::Quote {
            start,
            last: line.end(),
        });
    }
    step(parse_from(start), line, text, next, each)
}

/// A line inside a fenced code block: its closing fence, or more code.
fn fenced(
    start: usize,
    fence: u8,
    len: usize,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, .. } = here;
    if closes_fence(line, fence, len) {
        put(each, Piece::Block(BlockKind::Code, start..line.end()))?;
        return Some(State::Idle);
    }
    Some(State::Fence { start, fence, len })
}

/// A line after indented code: more of it (blank lines too), or its end.
fn indented(
    start: usize,
    last: usize,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    if line.is_blank() {
        return Some(State::Indented { start, last });
    }
    if line.indent >= 4 {
        return Some(State::Indented {
            start,
            last: line.end(),
        });
    }
    put(each, Piece::Block(BlockKind::Code, start..last))?;
    open(line, text, next, each)
}

/// A line inside an HTML block: its end string, or (type 6) a blank line, ends it.
fn html(
    start: usize,
    last: usize,
    until: Option<&'static str>,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    match until {
        Some(until) => {
            if contains(&text.as_bytes()[line.start..next], until) {
                put(each, Piece::Block(BlockKind::Html, start..line.end()))?;
                return Some(State::Idle);
            }
            Some(State::Html {
                start,
                last: line.end(),
                until: Some(until),
            })
        }
        None if line.is_blank() => {
            put(each, Piece::Block(BlockKind::Html, start..last))?;
            Some(State::Idle)
        }
        None => Some(State::Html {
            start,
            last: line.end(),
            until,
        }),
    }
}

/// A line of a stretch for the parser: it ends at a line at the left margin
/// after a blank line, outside any fence or HTML block opened at the margin.
fn parsed(
    start: usize,
    after_blank: bool,
    fence: Option<(u8, usize)>,
    html: Option<&'static str>,
    here: Here<'_>,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    let Here { line, text, next } = here;
    if let Some((ch, len)) = fence {
        let fence = (!closes_fence(line, ch, len)).then_some((ch, len));
        return Some(State::Parse {
            start,
            after_blank: false,
            fence,
            html,
        });
    }
    if let Some(until) = html {
        let html = (!contains(&text.as_bytes()[line.start..next], until)).then_some(until);
        return Some(State::Parse {
            start,
            after_blank: false,
            fence,
            html,
        });
    }
    if line.is_blank() {
        return Some(State::Parse {
            start,
            after_blank: true,
            fence,
            html,
        });
    }
    let margin = line.first == 0;
    if after_blank && margin && !list_marker(line.rest()) {
        put(each, Piece::Parse(start..line.start))?;
        return open(line, text, next, each);
    }
    let (fence, html) = if margin {
        let at = line.start;
        (
            opens_fence(line.rest()),
            html_end(text.as_bytes(), at)
                .filter(|until| !contains(&text.as_bytes()[at..next], until)),
        )
    } else {
        (None, None)
    };
    Some(State::Parse {
        start,
        after_blank: false,
        fence,
        html,
    })
}

/// Hands `piece` on; `None` if the caller gives up.
fn put(each: &mut impl FnMut(Piece) -> bool, piece: Piece) -> Option<()> {
    each(piece).then_some(())
}

/// Lines for the parser from `start` on.
fn parse_from(start: usize) -> State {
    State::Parse {
        start,
        after_blank: false,
        fence: None,
        html: None,
    }
}

/// A line with no block open: the block it starts.
fn open(
    line: &Line<'_>,
    text: &str,
    next: usize,
    each: &mut impl FnMut(Piece) -> bool,
) -> Option<State> {
    if line.is_blank() {
        return Some(State::Idle);
    }
    if line.indent >= 4 {
        return Some(State::Indented {
            start: line.start,
            last: line.end(),
        });
    }
    let rest = line.rest();
    let paragraph = || {
        if delimiter_row(rest) {
            parse_from(line.start)
        } else {
            State::Paragraph {
                start: line.start,
                last: line.end(),
            }
        }
    };
    let state = match rest[0] {
        b'#' => match atx(rest)? {
            Some(level) => {
                let title = atx_title(line, level);
                let piece = match title {
                    Some(title) => Piece::Heading {
                        start: line.start,
                        level,
                        title,
                    },
                    None => Piece::Parse(line.start..next),
                };
                put(each, piece)?;
                State::Idle
            }
            None => paragraph(),
        },
        b'`' | b'~' => match opens_fence(rest) {
            Some((fence, len)) => State::Fence {
                start: line.start,
                fence,
                len,
            },
            None => paragraph(),
        },
        b'<' => {
            let at = line.start + line.first;
            if let Some(until) = html_end(text.as_bytes(), at) {
                if contains(&text.as_bytes()[at..next], until) {
                    put(each, Piece::Block(BlockKind::Html, line.start..line.end()))?;
                    State::Idle
                } else {
                    State::Html {
                        start: line.start,
                        last: line.end(),
                        until: Some(until),
                    }
                }
            } else if html_block_tag(&rest[1..]) {
                State::Html {
                    start: line.start,
                    last: line.end(),
                    until: None,
                }
            } else {
                // Perhaps a block of HTML type 7, perhaps inline HTML.
                parse_from(line.start)
            }
        }
        b'_' if hrule(rest) => State::Idle,
        b'[' => match definition(line) {
            Some(label) => {
                put(each, Piece::Definition(label))?;
                State::Definitions { start: line.start }
            }
            None => parse_from(line.start),
        },
        b'>' if quoted(rest) => State::Quote {
            start: line.start,
            last: line.end(),
        },
        b'>' => parse_from(line.start),
        b'-' | b'+' | b'*' | b'0'..=b'9' if line.first == 0 && item_marker(rest).is_some() => {
            let marker = item_marker(rest).expect("just checked");
            let item = line.start..line.end();
            State::List {
                start: line.start,
                marker,
                items: Items::new(item),
                ended: false,
            }
        }
        b'-' | b'+' | b'*' if list_marker(rest) || hrule(rest) => parse_from(line.start),
        b'0'..=b'9' if list_marker(rest) => parse_from(line.start),
        _ => paragraph(),
    };
    Some(state)
}

/// Ends the open block at the end of the text.
fn finish(state: State, len: usize, each: &mut impl FnMut(Piece) -> bool) -> bool {
    match state {
        State::Idle => true,
        State::Paragraph { start, last } => each(Piece::Block(BlockKind::Paragraph, start..last)),
        State::Fence { start, .. } => each(Piece::Block(BlockKind::Code, start..len)),
        State::Indented { start, last } => each(Piece::Block(BlockKind::Code, start..last)),
        State::Html { start, last, .. } => each(Piece::Block(BlockKind::Html, start..last)),
        State::Parse { start, .. } => each(Piece::Parse(start..len)),
        State::Definitions { .. } => true,
        State::List { start, items, .. } => {
            let end = items.end();
            each(Piece::List(start..end, items))
        }
        State::Quote { start, last } => each(Piece::Quote(start..last)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::agree::{assert_sections_agree, read_by_blocks};
    use super::may_give_sections;

    /// Reads `text` with the pass, which must not give it up (and, reading it,
    /// agrees with the parser: `read_by_blocks` checks).
    fn read(text: &str) {
        assert!(read_by_blocks(text), "the pass gave up on {text:?}");
    }

    #[test]
    fn plain_blocks_are_read_without_the_parser() {
        read("# Title\n\nText *with* `markup`\nand a second line.\n\n## Two #\n");
        read("Setext\n======\n\nAnother\n---\n\nA paragraph\n    indented continuation\n");
        read("```rust\nfn main() {}\n\n# not a heading\n```\n\n~~~~\n```\n~~~~\n");
        read("    indented code\n\n    more\n\npara\n");
        read("<div>\nhtml\n</div>\n\n<!-- a\n\ncomment -->\n# after\n");
        read("text\n<details>\ninterrupts\n\n___\n\n***\n");
        read("```\nnever closed\n\n# still code\n");
        read("\t# tab-indented code\n\n# Heading with trailing spaces   \n");
        read("a\r\nb\r\n\r\n## crlf\r\n");
    }

    #[test]
    fn stretches_are_handed_to_the_parser_and_agree() {
        read("# A\n\n- item\n  - nested\n\n  more of the item\n\ntext\n");
        read("> quote\nlazy\n\n# B\n\n1. one\n2. two\n```\ncode\n\nstill code\n```\n\nafter\n");
        read("| a | b |\n|---|---|\n| 1 | 2 |\n\ntext | with a pipe\n---|---\n\nend\n");
        // Pipes with no delimiter row beneath make no table: read by the pass.
        read("`tar {{[-C|--directory]}}`\n\n- a | b\n- c\n\n> d | e\n");
        read("# Heading with *emphasis* and `code`\n\nSetext with [a link](x)\n---\n");
        read("<span>inline html</span> text\n\n<custom-element>\n\nafter\n");
        read("para\n- list interrupts\n\npara\n2. does not\n\n[ref]: /url\n\n[^1]: note\n");
        // Definitions the pass reads, and ones it leaves to the parser.
        read("[a]: /a\n[B c]: https://x/y \"Title\"\n[d]: #d (paren)\n\n# [a] and [b C]\n");
        read("[a]: /a\n\"title on the next line\"\n\n[b]: /b\nparagraph after\n\n[c]: <x>\n");
        read("[a]: /a\n- a list\n\n[b]: /b(c)\n\n[^1]: a footnote\n");
    }

    #[test]
    fn a_heading_link_defined_elsewhere_reads_as_the_parser_reads_it() {
        // A changelog: each version's heading links to a definition at the end.
        read(
            "# Changelog\n\n## [1.1.0] - 2024-02-01\n\n- fix\n\n## [1.0.0]\n\ntext\n\n[1.1.0]: https://x/1.1.0\n[1.0.0]: https://x/1.0.0\n",
        );
        read("## [Unreleased]\n\n## [not defined] here\n\n[unreleased]: https://x\n");
        read("# Notes [^1]\n\ntext\n");
    }

    #[test]
    fn a_fence_open_at_a_stretch_end_gives_the_document_up() {
        // Indented less than the item's text, the fence closes the list and
        // runs on at top level past the blank line: the pass cannot tell where
        // it ends, and the parser reads the document whole.
        assert!(!read_by_blocks("- a\n ```\ncode\n\nfoo\n```\n"));
        // Indented as the item's text, it is the item's and ends with it.
        read("- a\n  ```\ncode\n\nfoo\n```\n");
    }

    /// `total` documents of a few lines each, drawn from lines that trip the
    /// pass: every block it reads, and every one it hands the parser.
    fn generated(total: usize) -> impl Iterator<Item = String> {
        const LINES: [&str; 57] = [
            "a | b",
            "--|--",
            "`cmd {{[-C|--dir]}}`",
            "| :-: |",
            "> q | r",
            "[a b]: /u \"t\"",
            "\"title\"",
            "[x]: /u (p)",
            "[y]:",
            "   [link]: <x>",
            "",
            "",
            "",
            "# Head",
            "## Head *em*",
            "### [link]",
            "Para text",
            "more text",
            "   indented three",
            "    code four",
            "\tcode tab",
            "- item",
            "  continued",
            "* star",
            "+ plus",
            "1. one",
            "2) two",
            "> quote",
            ">",
            "```",
            "```rust",
            "~~~",
            "  ```",
            "<div>",
            "</div>",
            "<!-- c",
            "-->",
            "<span>x</span>",
            "===",
            "---",
            "- - -",
            "___",
            "| a | b |",
            "|---|---|",
            "[link]: /u",
            "[^n]: note",
            "[^n]",
            "text with [link]",
            "#5 not heading",
            "  - nested",
            " ---",
            "--  ",
            "- -",
            "=",
            "  # indented three",
            "> # quoted",
            "- # in an item",
        ];
        let mut next = crate::tree::tests::xorshift(0x2545_f491_4f6c_dd1du64);
        (0..total).map(move |_| {
            let n = 1 + next() % 14;
            let mut text = String::new();
            for _ in 0..n {
                text.push_str(LINES[(next() % LINES.len() as u64) as usize]);
                text.push('\n');
            }
            text
        })
    }

    #[test]
    fn generated_documents_agree_with_the_parser() {
        let total = 3000;
        let read = generated(total).filter(|text| read_by_blocks(text)).count();
        // Enough of them are read by the pass for the comparison to mean something.
        assert!(read > total / 4, "only {read} of {total} read by the pass");
    }

    #[test]
    fn generated_documents_read_for_sections_agree_with_the_parser() {
        for text in generated(3000) {
            assert_sections_agree(&text);
        }
    }

    #[test]
    fn a_stretch_without_a_heading_fence_or_html_is_not_read_for_sections() {
        for stretch in [
            "- item\n  - nested\n\n  more of the item\n",
            "| a | b |\n|---|---|\n| 1 | 2 |\n",
            "text | with a pipe\n---|---\n",
            "> quote\n> # quoted heading\n\n- - -\n* * *\n",
        ] {
            assert!(!may_give_sections(stretch), "{stretch:?}");
        }
        for stretch in [
            "- item\n\n# heading\n",
            "- item\n   ## indented\n",
            "para\n---\n",
            "para\n  ===  \n",
            "- item\n\n```\ncode\n",
            "- item\n\n ~~~\n",
            "<div>\n\ntext\n",
            "- item\r---\r",
        ] {
            assert!(may_give_sections(stretch), "{stretch:?}");
        }
    }

    #[test]
    fn documents_read_for_sections_keep_them_past_stretches_not_read() {
        for text in [
            "# A\n\n- item\n  - nested\n\n  more\n\n## B\n\n| a |\n|---|\n| 1 |\n\n### C\n",
            "# A\n\n- item\n\n  ```\n  # code\n  ```\n\n## B\n\nSetext\n---\n",
            "Intro\n\n1. one\n\n2. two\n\n# After\n\n> a\n> b\nlazy\n\n## End\n",
            // A fence or HTML block opened in a stretch runs on past it.
            "# A\n\n- a\n ```\ncode\n\n# not a heading\n```\n\n## B\n",
            "# A\n\n- a\n <pre>\n\n# not a heading\n</pre>\n\n## B\n",
            // Headings the pass hands the parser, for their markup.
            "# A\n\n## B with *markup*\n\ntext\n\nSetext with `code`\n---\n\n## C\n",
        ] {
            assert_sections_agree(text);
        }
    }
}
