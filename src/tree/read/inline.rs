//! The links of a block the block-level pass read, where they are plain
//! enough to be found without the parser's inline pass: each `[text](dest)`
//! on one line, and, where the text writes definitions, each `[text][label]`,
//! `[label][]` or `[label]` whose label is plain and defined (one that is
//! not is text, or gives up where it could be more); outside code spans,
//! no backslash but one escaping a `|` (a table's cells write them), and no
//! `<` but a tag: one with no attribute (`<kbd>`, `<br/>`) holds no id or
//! link, and one with attributes on its line, outside a link's text, is
//! found whole, to be read as the parser's event for it (`<span id="x">`,
//! `<a href="y">`); no `{` or `)=` (other HTML, autolinks, attribute lists,
//! roles and MyST labels are the parser's). Anything else (brackets
//! inside a link's text, a title, a destination with spaces, parentheses or
//! entities, a wiki link, a footnote, an image by reference) gives up, and
//! the parser reads the block. Every parse of a debug build holds the links
//! found to the parser's (`agree.rs`).

use std::ops::Range;

use super::definitions::is_key;

/// One link found: the whole link (`[text](dest)`) and where its
/// destination is, offsets into the block's text; or a tag with
/// attributes ([`Dest::Tag`]).
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Found {
    pub link: Range<usize>,
    pub dest: Dest,
}

/// Where a link's destination is written.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Dest {
    /// In the link (`[text](dest)`).
    Inline(Range<usize>),
    /// In the definition the link's label names (`[text][label]`).
    Named(Range<usize>),
    /// In the tag itself, if anywhere: what was found is no Markdown link
    /// but a tag with attributes, inline HTML the parser gives as one
    /// event, to be read as that (for its ids and `<a href>`).
    Tag,
    /// Nowhere: what was found is an attribute list ending its line
    /// (`**Request** {#request}`), which ends a text event of the parser's,
    /// to be read as that (for its id).
    Text,
}

/// Whether a label (as written between its brackets) is defined.
pub(super) type Defined<'d> = &'d dyn Fn(&[u8]) -> bool;

/// The links in `block` (images are no links) and its tags with attributes
/// ([`Dest::Tag`]), in order; `None` where the parser must read it. In a
/// table's (`cells`), a `|` inside a code span, a link or a tag gives up
/// too: it parts the cells first. With `braces` (the text
/// may write an attribute list or a role), a `{` gives up. With `defined`
/// (whether a label is defined: the text writes definitions), links by
/// reference are found too.
pub(super) fn plain_links(
    block: &[u8],
    cells: bool,
    braces: bool,
    defined: Option<Defined<'_>>,
) -> Option<Vec<Found>> {
    let pipes = |range: Range<usize>| {
        memchr::memchr_iter(b'|', &block[range.clone()]).map(move |p| range.start + p)
    };
    // A `|` one backslash escapes (`\|`, as a table's cell writes one in its
    // code: `ls \| length`) parts no cells; in a tag, the parser's to say.
    let escaped = |p: usize| p > 0 && block[p - 1] == b'\\' && (p < 2 || block[p - 2] != b'\\');
    let parted = |range| cells && pipes(range).any(|p| !escaped(p));
    let piped = |range| cells && pipes(range).next().is_some();
    let mut found = Vec::new();
    // The `[` open, if any.
    let mut open: Option<usize> = None;
    let mut at = 0;
    let mut specials = Specials::new(block);
    while let Some(i) = specials.next(at) {
        at = i + 1;
        match block[i] {
            // (In a code span, passed by whole, a backslash is text.)
            b'\\' if block.get(i + 1) == Some(&b'|') => at = i + 2,
            b'\\' => return None,
            b'`' => {
                at = past_code_span(block, i)?;
                if parted(i..at) {
                    return None;
                }
            }
            // (Neither a tag nor an autolink opens with white space.)
            b'<' if block.get(i + 1).is_none_or(u8::is_ascii_whitespace) => {}
            b'<' => at = past_tag(block, i, open.is_some(), &piped, &mut found)?,
            // Where no attribute list or role may be written, a `{` is text.
            b'{' if !braces => {}
            b'{' => at = braced(block, i, &mut found)?,
            b')' if block.get(i + 1) == Some(&b'=') => return None,
            b')' => {}
            b'[' if open.is_some() || matches!(block.get(i + 1), Some(b'[' | b'^')) => {
                return None;
            }
            b'[' => open = Some(i),
            b']' => {
                let start = open.take()?;
                // A link's text is on one line here.
                if memchr::memchr2(b'\n', b'\r', &block[start..i]).is_some() {
                    return None;
                }
                let image = start > 0 && block[start - 1] == b'!';
                // Where the link ends, and where the scan goes on: past a
                // collapsed reference's `[]`, which the parser's link leaves
                // out.
                let (end, past, dest) = match (block.get(i + 1), defined) {
                    (Some(b'('), _) => {
                        let dest = i + 2..destination_end(block, i + 2)?;
                        (dest.end + 1, dest.end + 1, Dest::Inline(dest))
                    }
                    // `[text]`, `[text][label]`: no definition makes it a
                    // link. (`]]` was a wiki link's, given up above.)
                    (_, None) => continue,
                    (_, Some(_)) if image => return None,
                    (Some(b'['), Some(defined)) => {
                        let (past, label) = full_reference(block, start, i)?;
                        let end = if label.start == start + 1 {
                            i + 1
                        } else {
                            past
                        };
                        // (An undefined label may leave the text a link.)
                        defined(&block[label.clone()]).then_some((end, past, Dest::Named(label)))?
                    }
                    (_, Some(defined)) => {
                        let label = start + 1..i;
                        match plain_label(&block[label.clone()])? && defined(&block[label.clone()])
                        {
                            true => (i + 1, i + 1, Dest::Named(label)),
                            false => continue,
                        }
                    }
                };
                at = past;
                if block.get(at) == Some(&b'=') || parted(start..at) {
                    return None;
                }
                if !image {
                    found.push(Found {
                        link: start..end,
                        dest,
                    });
                }
            }
            _ => unreachable!("only the bytes looked for"),
        }
    }
    Some(found)
}

/// A full or collapsed reference (`[text][label]`, `[label][]`) whose text
/// opens at `start` and closes at `close`: where it ends, and its label's
/// range. `None` where the label is not plain or not on the line.
fn full_reference(block: &[u8], start: usize, close: usize) -> Option<(usize, Range<usize>)> {
    let from = close + 2;
    let len = block[from..]
        .iter()
        .position(|&b| matches!(b, b']' | b'[' | b'`' | b'<' | b'{' | b'\n' | b'\r'))?;
    let end = from + len;
    if block[end] != b']' {
        return None;
    }
    let label = if len == 0 {
        start + 1..close
    } else {
        from..end
    };
    plain_label(&block[label.clone()])?.then_some((end + 1, label))
}

/// Whether a label is one the parser reads as written: `Some(true)` where
/// it is, `None` where the parser may read it otherwise (white space other
/// than single spaces between words, too long). `Some(false)`: no label.
fn plain_label(label: &[u8]) -> Option<bool> {
    if label.is_empty() {
        return Some(false);
    }
    (label.len() <= 999 && is_key(label)).then_some(true)
}

/// Where the bytes a link, a code span or what gives up may start with are
/// in a block: its next `[`, `]` or backtick, its next `<`, `{` or `)`, and
/// its next backslash, each found with one search and looked for again only
/// once passed, so the block is searched three times at most.
struct Specials<'b> {
    block: &'b [u8],
    marks: usize,
    others: usize,
    escapes: usize,
}

impl<'b> Specials<'b> {
    fn new(block: &'b [u8]) -> Specials<'b> {
        let or_end = |hit: Option<usize>| hit.unwrap_or(block.len());
        Specials {
            block,
            marks: or_end(memchr::memchr3(b'[', b']', b'`', block)),
            others: or_end(memchr::memchr3(b'<', b'{', b')', block)),
            escapes: or_end(memchr::memchr(b'\\', block)),
        }
    }

    /// The first of them from `at` on.
    fn next(&mut self, at: usize) -> Option<usize> {
        let block = self.block;
        let from = |hit: Option<usize>| hit.map_or(block.len(), |i| at + i);
        if self.marks < at {
            self.marks = from(memchr::memchr3(b'[', b']', b'`', block.get(at..)?));
        }
        if self.others < at {
            self.others = from(memchr::memchr3(b'<', b'{', b')', block.get(at..)?));
        }
        if self.escapes < at {
            self.escapes = from(memchr::memchr(b'\\', block.get(at..)?));
        }
        let next = self.marks.min(self.others).min(self.escapes);
        (next < block.len()).then_some(next)
    }
}

/// Where the scan goes on past a `{` at `open`, where the text may write
/// attribute lists or roles: just past it where it is text, as where no
/// attribute list it opens can give an id (no `#` opens a word before the
/// next `}`, which every attribute list ends with) and it opens no role
/// (`{ref}`, `{numref}`, `{doc}`); past an attribute list of plain words
/// ending its line, which ends the parser's text event there, added to
/// `found` as that ([`Dest::Text`]); else `None`, the parser's to read. (A
/// word opens after the `{`, its `:` or white space; any byte beyond ASCII
/// is taken for white space.)
fn braced(block: &[u8], open: usize, found: &mut Vec<Found>) -> Option<usize> {
    let rest = &block[open..];
    if [&b"{ref}"[..], b"{numref}", b"{doc}"]
        .iter()
        .any(|role| rest.starts_with(role))
    {
        return None;
    }
    let Some(close) = memchr::memchr(b'}', rest) else {
        return Some(open + 1);
    };
    let inner = &rest[1..close];
    let opens_word = |k: usize| k == 0 || !inner[k - 1].is_ascii_graphic() || inner[k - 1] == b':';
    if !memchr::memchr_iter(b'#', inner).any(opens_word) {
        return Some(open + 1);
    }
    let plain = (inner.iter()).all(|&b| {
        b.is_ascii_alphanumeric() || matches!(b, b'#' | b'-' | b'.' | b':' | b'=' | b' ')
    });
    let after = rest[close + 1..].iter().find(|&&b| b != b' ' && b != b'\t');
    let ends_line = after.is_none_or(|&b| b == b'\n' || b == b'\r');
    (plain && ends_line).then_some(())?;
    let end = open + close + 1;
    found.push(Found {
        link: open..end,
        dest: Dest::Text,
    });
    Some(end)
}

/// Past the code span a run of backticks at `at` opens, on its line; where
/// no run as long closes it there and no backtick follows at all, past the
/// run (it is text). `None` where another backtick follows but none closes
/// the span on its line: a span over lines, or runs that may pair among
/// themselves, are the parser's (so no run is looked for past twice, and
/// the scan stays linear).
fn past_code_span(block: &[u8], at: usize) -> Option<usize> {
    let run = |from: usize| block[from..].iter().take_while(|&&b| b == b'`').count();
    let len = run(at);
    let line_end = memchr::memchr2(b'\n', b'\r', &block[at..]).map_or(block.len(), |i| at + i);
    let mut from = at + len;
    while let Some(i) = memchr::memchr(b'`', &block[from..line_end]) {
        let closing = from + i;
        let n = run(closing);
        if n == len {
            return Some(closing + n);
        }
        from = closing + n;
    }
    match memchr::memchr(b'`', &block[at + len..]) {
        Some(_) => None,
        None => Some(at + len),
    }
}

/// Past a tag at `open` (outside code spans): one with no attribute holds
/// no id or link; one with attributes is read as the parser's event for it
/// (added to `found`), but inside a link's text (`in_link`: the parser's
/// event comes after the link's) or across a table's cells (`parted`).
/// `None` where the parser must read the block.
fn past_tag(
    block: &[u8],
    open: usize,
    in_link: bool,
    parted: &dyn Fn(Range<usize>) -> bool,
    found: &mut Vec<Found>,
) -> Option<usize> {
    let (end, attributed) = tag_end(block, open)?;
    if !attributed {
        return Some(end);
    }
    if in_link || parted(open..end) {
        return None;
    }
    found.push(Found {
        link: open..end,
        dest: Dest::Tag,
    });
    Some(end)
}

/// Past a tag at `open` on its line, as CommonMark reads inline HTML, and
/// whether it has attributes: a closing tag (`</name>`, spaces or tabs
/// before its `>`), or an open one: its name (a letter, then letters,
/// digits or `-`), then attributes, each after spaces or tabs (a name of
/// letters, digits, `_`, `.`, `:` or `-`, opening with a letter, `_` or
/// `:`; perhaps `=` and a value, quoted or a run of bytes that are no white
/// space, quote, `=`, `<`, `>` or backtick), spaces or tabs, a `/` perhaps,
/// and `>`. `None` for anything else (a comment, an autolink, a line
/// ending in it, a form feed), which the parser reads.
fn tag_end(block: &[u8], open: usize) -> Option<(usize, bool)> {
    let run = |from: usize, of: &dyn Fn(u8) -> bool| {
        block
            .get(from..)
            .map_or(0, |rest| rest.iter().take_while(|&&b| of(b)).count())
    };
    let blank = |b: u8| matches!(b, b' ' | b'\t');
    let closing = block.get(open + 1) == Some(&b'/');
    let name = open + 1 + usize::from(closing);
    if !block.get(name)?.is_ascii_alphabetic() {
        return None;
    }
    let mut at = name + run(name, &|b| b.is_ascii_alphanumeric() || b == b'-');
    let mut attributed = false;
    loop {
        let spaces = run(at, &blank);
        at += spaces;
        match *block.get(at)? {
            b'>' => return Some((at + 1, attributed)),
            b'/' if !closing => {
                return (block.get(at + 1) == Some(&b'>')).then_some((at + 2, attributed));
            }
            b if !closing
                && spaces > 0
                && (b.is_ascii_alphabetic() || matches!(b, b'_' | b':')) =>
            {
                attributed = true;
                let named =
                    |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b':' | b'-');
                at += 1 + run(at + 1, &named);
                let before = run(at, &blank);
                if block.get(at + before) != Some(&b'=') {
                    continue;
                }
                at += before + 1;
                at += run(at, &blank);
                at = match *block.get(at)? {
                    quote @ (b'"' | b'\'') => {
                        let len = memchr::memchr(quote, &block[at + 1..])?;
                        let value = &block[at + 1..at + 1 + len];
                        if memchr::memchr2(b'\n', b'\r', value).is_some() {
                            return None;
                        }
                        at + len + 2
                    }
                    _ => {
                        let plain = |b: u8| {
                            !b.is_ascii_whitespace()
                                && !matches!(b, b'"' | b'\'' | b'=' | b'<' | b'>' | b'`')
                        };
                        match run(at, &plain) {
                            0 => return None,
                            len => at + len,
                        }
                    }
                };
            }
            _ => return None,
        }
    }
}

/// Where a destination starting at `from` ends, at the `)` that closes the
/// link: bytes other than spaces, controls, parentheses, brackets, `&` and
/// backticks, at least one, not opening with `<` (a destination in angle
/// brackets is the parser's). A template tag that writes one
/// (`{{~<~relref~"x"~>}}`, its spaces shown as `~`) is such bytes.
fn destination_end(block: &[u8], from: usize) -> Option<usize> {
    let len = block[from..]
        .iter()
        .take_while(|&&b| {
            b > b' ' && b != 0x7f && !matches!(b, b'(' | b')' | b'[' | b']' | b'&' | b'`' | b'\\')
        })
        .count();
    let end = from + len;
    let angled = block.get(from) == Some(&b'<');
    (len > 0 && !angled && block.get(end) == Some(&b')')).then_some(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The links found, as (link, destination) texts.
    fn links(text: &str) -> Option<Vec<(&str, &str)>> {
        let found = plain_links(text.as_bytes(), false, true, None)?;
        Some(
            found
                .into_iter()
                .map(|f| match f.dest {
                    Dest::Inline(dest) => (&text[f.link], &text[dest]),
                    Dest::Named(_) => unreachable!("no definitions"),
                    Dest::Tag | Dest::Text => (&text[f.link], ""),
                })
                .collect(),
        )
    }

    #[test]
    fn finds_plain_links_and_passes_images_by() {
        assert_eq!(
            links("See [the guide](guide.md#install) and ![a](b.png), [x](y).\n"),
            Some(vec![
                ("[the guide](guide.md#install)", "guide.md#install"),
                ("[x](y)", "y")
            ])
        );
        assert_eq!(
            links("[](empty-text.md)"),
            Some(vec![("[](empty-text.md)", "empty-text.md")])
        );
        assert_eq!(
            links("- [ ] task [a](b)\n- [x] done\n"),
            Some(vec![("[a](b)", "b")])
        );
        assert_eq!(links("[1] and [a][b] are text"), Some(vec![]));
        assert_eq!(links("a < b, [c](d)"), Some(vec![("[c](d)", "d")]));
        assert_eq!(
            links("<kbd>Ctrl</kbd>+<kbd>C</kbd><br/> [c <b>x</b>](d)<br >"),
            Some(vec![("[c <b>x</b>](d)", "d")])
        );
        let hugo = r#"[x]({{~<~relref~"a.md"~>}})"#;
        assert_eq!(links(hugo), Some(vec![(hugo, r#"{{~<~relref~"a.md"~>}}"#)]));
    }

    #[test]
    fn tags_with_attributes_are_found_as_the_parser_reads_them() {
        assert_eq!(
            links("<a href=\"x\">[a](b)</a> <img src=x alt='y z' /> <b and c> <br x>"),
            Some(vec![
                ("<a href=\"x\">", ""),
                ("[a](b)", "b"),
                ("<img src=x alt='y z' />", ""),
                ("<b and c>", ""),
                ("<br x>", "")
            ])
        );
        assert_eq!(
            links("<span title=\"a > b\" data-x = '{y}'>t</span> [c](d)"),
            Some(vec![
                ("<span title=\"a > b\" data-x = '{y}'>", ""),
                ("[c](d)", "d")
            ])
        );
        let table =
            |text: &str| plain_links(text.as_bytes(), true, true, None).map(|found| found.len());
        assert_eq!(table("| <span title=\"x\">a</span> | b |"), Some(1));
        assert_eq!(table("| <span title=\"a|b\">a</span> | b |"), None);
    }

    #[test]
    fn code_spans_hide_brackets() {
        assert_eq!(links("`[a](b)` and [c](d)"), Some(vec![("[c](d)", "d")]));
        assert_eq!(links("[a `]` b](c)"), Some(vec![("[a `]` b](c)", "c")]));
        assert_eq!(links("``a ` <b>`` [c](d)"), Some(vec![("[c](d)", "d")]));
        // An unclosed run is text; one another run follows is the parser's.
        assert_eq!(links("a ` b [c](d)"), Some(vec![("[c](d)", "d")]));
        assert_eq!(links("a `` b [c](d) `x`"), None);
        assert_eq!(links("`Vec<T>` [c](d)"), Some(vec![("[c](d)", "d")]));
    }

    /// Each text read with its links (`parse_linked`, where a debug build
    /// holds the links found to the parser's reading of the whole text),
    /// and the targets found.
    #[test]
    fn a_linked_parse_finds_the_parsers_links() {
        let targets = |text: &str| {
            let source = crate::source::Source::new("a.md", text);
            let mut doc = crate::tree::parse_linked(source, "a".to_owned());
            let links = doc.take_written_links().links;
            links.into_iter().map(|l| l.target).collect::<Vec<_>>()
        };
        for (text, want) in [
            ("[x][a](b)\n", &["b"][..]),
            ("![a](b)[c](d) *[e](f)*\n", &["d", "f"]),
            ("[a](b)=c and [d](e)[f](g)\n", &["b", "e", "g"]),
            ("- [ ] [a](b)\n- [x] c\n", &["b"]),
            ("> q [a](#b)\n", &["#b"]),
            ("`` ` `` [a](b) `[c](d)`\n", &["b"]),
            ("text ]( x [ y\n\n[](x)\n", &["x"]),
            (
                "# [A](a.md)\n\nSee [a](b \"t\") <https://x.y> [[W]]\n",
                &["a.md", "b", "https://x.y", "W"],
            ),
            ("A [a\nb](c) and `x\ny` [d](e)\n", &["c", "e"]),
            (
                "x < y [a](b) <c@d.e> [f](x<y)\n",
                &["b", "mailto:c@d.e", "x<y"],
            ),
            ("[f](x<y>) and a < b\n", &["x<y>"]),
            (
                "<kbd>a</kbd> [b](c) <br/>\n\n| <b>d</b> | [e](f) |\n|---|---|\n",
                &["c", "f"],
            ),
            // An HTML block's lines are no paragraph's.
            ("<details>\n[a](b)\n</details>\n\n<b>\n[c](d)\n", &[]),
            // Site containers' blocks, read by the pass, and a list across
            // one's edge (read as written).
            (
                ":::note\nSee [a](b).\n\n- [c](d)\n:::\n\n[e](f)\n",
                &["b", "d", "f"],
            ),
            (
                "!!! tip\n    [a](b)\n\n    - x\n        - [c](d)\n",
                &["b", "d"],
            ),
            ("- [a](b)\n\n:::note\n  [c](d)\n:::\n", &["b", "d"]),
            // A `{` is text unless an attribute list or a role may be written.
            ("{{< note >}} [a](b)\n\n{x} [c](d)\n", &["b", "d"]),
            ("## T {#t}\n\nP {: #p} [a](b)\n", &["b"]),
            ("# A {b,c} d\n\n## [e](f) g\n", &["f"]),
            // With definitions: by reference, before and after them, in a
            // stretch the parser reads (a nested list, a quote), the first
            // of a label counting, case folded.
            (
                "[a][b], [c] and [d][]. [e][nope] [f]\n\n[b]: /b\n[c]: /c \"t\"\n[D]: /d\n",
                &["/b", "/c", "/d"],
            ),
            ("- x\n\n  - [n][]\n\n[n]: /n\n", &["/n"]),
            ("> [q]: /q\n\n[q] and [r]\n\n> [r]: /r\n", &["/q", "/r"]),
            ("[x]\n\n[x]: /1\n[X]: /2\n", &["/1"]),
            ("- [x]: /2\n\n[x]: /1\n\n[x]\n", &["/2"]),
            ("[a](b) [c]\n\n[c]: d&amp;e\n", &["b", "d&e"]),
            // Tags with attributes, read as the parser's events for them.
            (
                "<span id=\"s\">x</span> [a](b) <a href=\"c\">d</a>\n\n| <a name=n href='e'> | [f](g) |\n|---|---|\n",
                &["b", "c", "e", "g"],
            ),
            // A stretch whose walk needs no definition after it, or one.
            (
                "- a\n\n  - [x](y) <a href=\"z\">\n\n[d]\n\n[d]: /d\n",
                &["y", "z", "/d"],
            ),
            (
                "[e]: /e\n\n- a\n\n  - [e] and [f]\n\n[f]: /f\n",
                &["/e", "/f"],
            ),
            ("[e]: /e\n\n- a\n\n  - [e]\n\n<p>\n", &["/e"]),
            (
                "[a]({{< relref \"b.md\" >}}) [c]({{< ref c >}}#d)\n",
                &[r#"{{< relref "b.md" >}}"#, "{{< ref c >}}#d"],
            ),
            // Escaped pipes in a table's cells, in code, a link's text and a
            // tag; a backslash in code is text.
            (
                "| a | b |\n|---|---|\n| `x \\| y` [c](d) | [e \\| f](g) |\n| `h[\\\"i\\\"]` | <a href=\"j\\|k\"> |\n\nx \\| [l](m)\n",
                &["d", "g", "j\\|k", "m"],
            ),
        ] {
            assert_eq!(targets(text), want, "{text:?}");
        }
    }

    #[test]
    fn a_brace_is_text_unless_an_attribute_list_there_may_give_an_id() {
        let read = |text: &str| {
            let found = plain_links(text.as_bytes(), false, true, None)?;
            let shown = |f: Found| (text[f.link].to_owned(), f.dest == Dest::Text);
            Some(found.into_iter().map(shown).collect::<Vec<_>>())
        };
        let link = || vec![("[a](b)".to_owned(), false)];
        // No `#` opening a word before the next `}`, and no role: text.
        assert_eq!(read("{x} [a](b)"), Some(link()));
        assert_eq!(read("{{< relref \"c.md#d\" >}} [a](b)"), Some(link()));
        assert_eq!(read("{.class} and { [a](b)"), Some(link()));
        // Attribute lists of plain words ending their lines: text events.
        assert_eq!(
            read("**Request** {#request}\nNext {: #n .c k=v}  \r\n[a](b) {b #c}"),
            Some(vec![
                ("{#request}".to_owned(), true),
                ("{: #n .c k=v}".to_owned(), true),
                ("[a](b)".to_owned(), false),
                ("{b #c}".to_owned(), true),
            ])
        );
        assert_eq!(
            read("[a](b){#id}"),
            Some(vec![
                ("[a](b)".to_owned(), false),
                ("{#id}".to_owned(), true)
            ])
        );
        // Anything else is the parser's: a list before the line's end, in a
        // link's text, of other words, a role.
        for text in [
            "{#a} text",
            "[x {#a}](b)",
            "a {#a_b}",
            "x {# a}}",
            "{ref}`a`",
            "{doc}`a`",
        ] {
            assert_eq!(read(text), None, "{text:?}");
        }
    }

    /// The ids attribute lists give, read with a text's links, where a
    /// debug build holds them to the parser's reading of the whole text.
    #[test]
    fn a_linked_parse_finds_the_parsers_attribute_ids() {
        let ids = |text: &str| {
            let source = crate::source::Source::new("a.md", text);
            let mut doc = crate::tree::parse_linked(source, "a".to_owned());
            doc.take_written_links().ids
        };
        for (text, want) in [
            ("**Request** {#request}\n", &[("request", "{#request}")][..]),
            (
                "A line {: #n .c k=v}  \nand [a](b) {#m}\n\n- item {#i}\n- [x](y) {x}\n",
                &[("n", "{: #n"), ("m", "{#m}"), ("i", "{#i}")],
            ),
            // One text event: the list ending it gives the id.
            ("{#a} text and {#b}\n", &[("b", "{#b}")]),
            ("a {b #c} {#d}\n", &[("d", "{#d}")]),
            ("[x {#a}](b)\n", &[("a", "{#a}")]),
            ("[](a){#anchor}\n", &[("anchor", "{#anchor}")]),
            ("a {b #c}\n", &[]),
        ] {
            let want: Vec<(String, usize)> = (want.iter())
                .map(|&(id, at)| (id.to_owned(), text.find(at).unwrap()))
                .collect();
            assert_eq!(ids(text), want, "{text:?}");
        }
    }

    #[test]
    fn finds_links_by_reference_where_definitions_are_written() {
        let defined = |label: &[u8]| matches!(label, b"a" | b"b c" | b"d");
        let named = |text: &str| {
            let found = plain_links(text.as_bytes(), false, true, Some(&defined))?;
            let shown = |f: Found| {
                let dest = match f.dest {
                    Dest::Inline(dest) | Dest::Named(dest) => &text[dest],
                    Dest::Tag | Dest::Text => "",
                };
                (text[f.link].to_owned(), dest.to_owned())
            };
            Some(found.into_iter().map(shown).collect::<Vec<_>>())
        };
        assert_eq!(
            named("[x][a], [b c][] and [d]; [e] [f](g)"),
            Some(
                [
                    ("[x][a]", "a"),
                    // (The parser's link leaves a collapsed reference's `[]` out.)
                    ("[b c]", "b c"),
                    ("[d]", "d"),
                    ("[f](g)", "g")
                ]
                .map(|(l, d)| (l.to_owned(), d.to_owned()))
                .to_vec()
            )
        );
        // Where no attribute list or role may be written, a `{` is text.
        assert_eq!(
            plain_links(b"{{< note >}} [a](b) {x}", false, false, None).map(|f| f.len()),
            Some(1)
        );
        for text in ["[x][nope]", "[x][a\tb]", "![i][a]", "[a  b]", "[x][a"] {
            assert_eq!(named(text), None, "{text:?}");
        }
    }

    #[test]
    fn a_tables_pipes_part_its_cells_first() {
        let table =
            |text: &str| plain_links(text.as_bytes(), true, true, None).map(|found| found.len());
        assert_eq!(
            table("| [a](b) | `c` |\n|---|---|\n| x | [d](e) |"),
            Some(2)
        );
        assert_eq!(table("| [a | b](c) |"), None);
        assert_eq!(table("| `x | [a](b)` |"), None);
        // An escaped `|` parts no cells, in code or a link's text; in a tag,
        // or after an escaped backslash, the parser reads it.
        assert_eq!(
            table("| `ls \\| length` | [a \\| b](c) |\n|---|---|\n| `d[\\\"k\\\"]` | [e](f) |"),
            Some(2)
        );
        assert_eq!(table("| <a title=\"x \\| y\"> | z |"), None);
        assert_eq!(table("| `a\\\\|` [b](c) |"), None);
        assert_eq!(
            plain_links(b"`x | [a](b)`", false, true, None).map(|f| f.len()),
            Some(0)
        );
    }

    #[test]
    fn gives_the_parser_what_is_not_plain() {
        for text in [
            "[a](b \"title\")",
            "[a]( b)",
            "[a](b(c))",
            "[a](<b>)",
            "[a](b&amp;c)",
            "[a]()",
            "[[Note]]",
            "[a [b](c)](d)",
            "[a\nb](c)",
            "a] b",
            "[^1](x)",
            "<https://example.com>",
            "<!-- [a](b) -->",
            "</b/>",
            "</a href=\"x\">",
            "[<span id=\"x\">a</span>](b)",
            "<a\nhref=\"x\">",
            "<a href=\"x\ny\">",
            "<a href=>",
            "<a href=\"x\"title=\"y\">",
            "<a href=\"x\" / >",
            "<p\x0cclass=\"x\">",
            "[a](b){#id} x",
            "{ref}`x`",
            "(label)=",
            "\\[a](b)",
            "[a](b\\|c)",
            "a \\* [b](c)",
            "\\`a` [b](c)",
            "a\\\\| [b](c)",
            "a\\\n[b](c)",
            "`a\nb` [c](d)",
        ] {
            assert_eq!(links(text), None, "{text:?}");
        }
    }
}
