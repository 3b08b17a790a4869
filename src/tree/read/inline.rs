//! The links of a block the block-level pass read, where they are plain
//! enough to be found without the parser's inline pass: each `[text](dest)`
//! on one line, in a text with no definition anywhere (so no `[text]` is a
//! link by reference), no backslash, and outside code spans no `<`, `{` or
//! `)=` (HTML, autolinks, attribute lists, roles and MyST labels are the
//! parser's). Anything else (brackets inside a link's text, a title, a
//! destination with spaces, parentheses or entities, a wiki link, a
//! footnote) gives up, and the parser reads the block. Every parse of a debug
//! build holds the links found to the parser's (`agree.rs`).

use std::ops::Range;

/// One link found: the whole link (`[text](dest)`) and its destination,
/// offsets into the block's text.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Found {
    pub link: Range<usize>,
    pub dest: Range<usize>,
}

/// The links in `block` (images are no links), in order; `None` where the
/// parser must read it. In a table's (`cells`), a `|` inside a code span or
/// a link gives up too: it parts the cells first.
pub(super) fn plain_links(block: &[u8], cells: bool) -> Option<Vec<Found>> {
    let parted = |range: Range<usize>| cells && memchr::memchr(b'|', &block[range]).is_some();
    if memchr::memchr(b'\\', block).is_some() {
        return None;
    }
    let mut found = Vec::new();
    // The `[` open, if any.
    let mut open: Option<usize> = None;
    let mut at = 0;
    while let Some(i) = next_special(block, at) {
        at = i + 1;
        match block[i] {
            b'`' => {
                at = past_code_span(block, i)?;
                if parted(i..at) {
                    return None;
                }
            }
            // (Neither a tag nor an autolink opens with white space.)
            b'<' if block.get(i + 1).is_none_or(u8::is_ascii_whitespace) => {}
            b'<' | b'{' => return None,
            b')' if block.get(i + 1) == Some(&b'=') => return None,
            b')' => {}
            b'\n' | b'\r' => {
                // A link's text is on one line here.
                if open.is_some() {
                    return None;
                }
            }
            b'[' if open.is_some() || matches!(block.get(i + 1), Some(b'[' | b'^')) => {
                return None;
            }
            b'[' => open = Some(i),
            b']' => {
                let start = open.take()?;
                if block.get(i + 1) != Some(&b'(') {
                    // `[text]`, `[text][label]`: no definition makes it a
                    // link. (`]]` was a wiki link's, given up above.)
                    continue;
                }
                let dest = i + 2..destination_end(block, i + 2)?;
                at = dest.end + 1;
                if block.get(at) == Some(&b'=') || parted(start..at) {
                    return None;
                }
                let image = start > 0 && block[start - 1] == b'!';
                if !image {
                    found.push(Found {
                        link: start..at,
                        dest,
                    });
                }
            }
            _ => unreachable!("only the bytes looked for"),
        }
    }
    Some(found)
}

/// The next byte from `at` on that a link, a code span or what gives up
/// may start with.
fn next_special(block: &[u8], at: usize) -> Option<usize> {
    let rest = block.get(at..)?;
    rest.iter()
        .position(|b| matches!(b, b'[' | b']' | b'`' | b'<' | b'{' | b')' | b'\n' | b'\r'))
        .map(|i| at + i)
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
        let found = plain_links(text.as_bytes(), false)?;
        Some(
            found
                .into_iter()
                .map(|f| (&text[f.link], &text[f.dest]))
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
        let hugo = r#"[x]({{~<~relref~"a.md"~>}})"#;
        assert_eq!(links(hugo), Some(vec![(hugo, r#"{{~<~relref~"a.md"~>}}"#)]));
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
                "[a]({{< relref \"b.md\" >}}) [c]({{< ref c >}}#d)\n",
                &[r#"{{< relref "b.md" >}}"#, "{{< ref c >}}#d"],
            ),
        ] {
            assert_eq!(targets(text), want, "{text:?}");
        }
    }

    #[test]
    fn a_tables_pipes_part_its_cells_first() {
        let table = |text: &str| plain_links(text.as_bytes(), true).map(|found| found.len());
        assert_eq!(
            table("| [a](b) | `c` |\n|---|---|\n| x | [d](e) |"),
            Some(2)
        );
        assert_eq!(table("| [a | b](c) |"), None);
        assert_eq!(table("| `x | [a](b)` |"), None);
        assert_eq!(
            plain_links(b"`x | [a](b)`", false).map(|f| f.len()),
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
            "[a](b){#id}",
            "{ref}`x`",
            "(label)=",
            "\\[a](b)",
            "`a\nb` [c](d)",
        ] {
            assert_eq!(links(text), None, "{text:?}");
        }
    }
}
