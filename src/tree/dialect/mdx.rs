//! Reading `.mdx` as MDX with the one CommonMark parser (docs/dialects.md, "Site
//! markup: MDX and templates").
//!
//! The parser reads a prepared copy of the text: the same length, every line
//! where it was, only bytes within a line changed, so spans (whole lines) index
//! the original and its bytes are what a selection returns. Three preparations
//! make CommonMark see MDX's blocks:
//!
//! - **JSX tag lines.** A line holding only JSX tags (`<TabItem value="a">`,
//!   `</Tabs>`, a tag spread over several lines) or expressions (`{/* note */}`)
//!   is a block of its own in MDX,
//!   so the line after it starts afresh: a heading right after `<TabItem>` is a
//!   heading. The parser is shown such a line as an HTML block that ends where
//!   the tag ends (`<!xxxx>`, CommonMark's type 4), not as one that runs on to
//!   the next blank line and swallows the heading.
//! - **ESM.** `import`/`export` at the top level runs to the next blank line,
//!   like an HTML block of type 7, which the parser is shown (`<x   >`).
//! - **No indented code.** MDX has none: indentation never makes code. Where
//!   the parser finds indented code, the four columns that made it (spaces, or a
//!   tab: to the next multiple of four) are moved, as spaces, to
//!   the end of their line and the text is read again, until none is left, so
//!   an indented fence is a fence and an indented heading a heading.

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

use crate::tree::options::options;

/// The most lines one tag may span (a tag never closed is text).
const TAG_LINES: usize = 64;

/// How many times indented code is undone before what is left stays code
/// (each pass undoes four columns; real files need one or two).
const PASSES: usize = 8;

/// The text the parser reads for an `.mdx` body: `text` prepared as the
/// module says, the same length, with line ends where they were.
pub(super) fn prepare(text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    mark_blocks(&mut bytes);
    for _ in 0..PASSES {
        if !undo_indented_code(&mut bytes) {
            break;
        }
    }
    // Only ASCII bytes were written, each over a whole character or moved
    // within a line as a whole run of ASCII whitespace.
    String::from_utf8(bytes).expect("preparation keeps UTF-8")
}

/// The lines of `bytes`: each one's start and end (before its `\n`).
fn lines(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', bytes) {
        out.push((start, end));
        start = end + 1;
    }
    if start < bytes.len() {
        out.push((start, bytes.len()));
    }
    out
}

fn indent(line: &[u8]) -> usize {
    line.iter()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count()
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| b.is_ascii_whitespace())
}

/// A fence opening at the start of `line` (after any indentation): its
/// character and length.
fn fence(line: &[u8]) -> Option<(u8, usize)> {
    let rest = &line[indent(line)..];
    let c = *rest.first()?;
    if c != b'`' && c != b'~' {
        return None;
    }
    let n = rest.iter().take_while(|&&b| b == c).count();
    let info = &rest[n..];
    (n >= 3 && !(c == b'`' && info.contains(&b'`'))).then_some((c, n))
}

/// Rewrites JSX tag lines and ESM blocks, outside fenced code, in place.
fn mark_blocks(bytes: &mut [u8]) {
    let lines = lines(bytes);
    let mut open_fence: Option<(u8, usize)> = None;
    let mut in_esm = false;
    let mut previous_blank = true;
    let mut i = 0;
    while i < lines.len() {
        let (start, end) = lines[i];
        let line = &bytes[start..end];
        let blank = is_blank(line);
        if let Some((c, n)) = open_fence {
            let rest = &line[indent(line)..];
            let closing = rest.iter().take_while(|&&b| b == c).count();
            if closing >= n && is_blank(&rest[closing..]) {
                open_fence = None;
            }
        } else if in_esm {
            in_esm = !blank;
        } else if let Some(f) = fence(line) {
            open_fence = Some(f);
        } else if previous_blank && is_esm(line) && end - start >= 3 {
            // `<x` + spaces + `>`: an HTML block to the next blank line.
            let out = &mut bytes[start..end];
            out.fill(b' ');
            out[0] = b'<';
            out[1] = b'x';
            out[end - start - 1] = b'>';
            in_esm = true;
        } else if let Some(last) = tag_lines(bytes, &lines, i) {
            rewrite_tags(bytes, &lines[i..=last]);
            i = last + 1;
            previous_blank = false;
            continue;
        }
        previous_blank = blank;
        i += 1;
    }
}

/// Whether a line (at the top level) starts `import` or `export` (ESM).
pub(super) fn is_esm(line: &[u8]) -> bool {
    (line.starts_with(b"import") || line.starts_with(b"export"))
        && line
            .get(6)
            .is_some_and(|b| matches!(b, b' ' | b'\t' | b'{' | b'*'))
}

/// If line `i` starts a run of JSX tags that covers its lines whole (tags and
/// whitespace only), the index of the run's last line.
fn tag_lines(bytes: &[u8], lines: &[(usize, usize)], i: usize) -> Option<usize> {
    let (start, _) = lines[i];
    let mut at = start + indent(&bytes[start..lines[i].1]);
    if !starts_tag(&bytes[at..]) {
        return None;
    }
    let mut line = i;
    loop {
        at = tag_end(bytes, at)?;
        // Past the tag: whitespace, then the line's end or another tag.
        while at < bytes.len() && matches!(bytes[at], b' ' | b'\t' | b'\r') {
            at += 1;
        }
        while line < lines.len() && lines[line].1 < at {
            line += 1;
        }
        if at >= bytes.len() || bytes[at] == b'\n' {
            return Some(line.min(lines.len() - 1));
        }
        if !starts_tag(&bytes[at..]) {
            return None;
        }
    }
}

/// Whether `rest` starts a JSX tag (`<` then a name, `/` or `>` for a
/// fragment) or an expression (`{`), which MDX also reads as a block when it
/// fills its lines.
fn starts_tag(rest: &[u8]) -> bool {
    match rest.first() {
        Some(b'<') => rest
            .get(1)
            .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'/' || b == b'>'),
        Some(b'{') => true,
        _ => false,
    }
}

/// The end (just past its `>` or `}`) of the tag or expression starting at
/// `at`, skipping quoted values and nested `{…}`, which may hold `>`; `None`
/// if the text, a blank line or [`TAG_LINES`] lines come first.
fn tag_end(bytes: &[u8], at: usize) -> Option<usize> {
    let expression = bytes[at] == b'{';
    let mut quote: Option<u8> = None;
    let mut braces = usize::from(expression);
    let mut lines = 0;
    let mut line_blank = false;
    for (i, &b) in bytes.iter().enumerate().skip(at + 1) {
        if b == b'\n' {
            if line_blank {
                return None;
            }
            lines += 1;
            if lines > TAG_LINES {
                return None;
            }
            line_blank = true;
        } else if !b.is_ascii_whitespace() {
            line_blank = false;
        }
        match (quote, b) {
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'' | b'`') => quote = Some(b),
            (None, b'{') => braces += 1,
            (None, b'}') => {
                braces = braces.saturating_sub(1);
                if expression && braces == 0 {
                    return Some(i + 1);
                }
            }
            (None, b'>') if braces == 0 => return Some(i + 1),
            (None, b'<') if braces == 0 => return None,
            _ => {}
        }
    }
    None
}

/// Shows the parser the lines of a tag run as one type-4 HTML block: `<!`, a
/// letter, and a `>` as the run's last byte, each line keeping its
/// indentation and length.
fn rewrite_tags(bytes: &mut [u8], lines: &[(usize, usize)]) {
    let (first_start, first_end) = lines[0];
    let lead = first_start + indent(&bytes[first_start..first_end]);
    let (last_start, last_end) = lines[lines.len() - 1];
    let last = last_start + bytes[last_start..last_end].trim_ascii_end().len();
    if last < lead + 4 || first_end < lead + 3 {
        return; // `<a>`, `<>` and a bare `<a` line have no room; all are rare
    }
    for &(start, end) in lines {
        for b in &mut bytes[start.max(lead)..end.min(last)] {
            if !b.is_ascii_whitespace() {
                *b = b'x';
            }
        }
    }
    bytes[lead] = b'<';
    bytes[lead + 1] = b'!';
    bytes[lead + 2] = b'x';
    bytes[last - 1] = b'>';
}

/// Moves the indentation that makes indented code to the end of each of its
/// lines; whether there was any.
fn undo_indented_code(bytes: &mut [u8]) -> bool {
    let text = std::str::from_utf8(bytes).expect("prepared text is UTF-8");
    let mut starts = Vec::new();
    let mut in_code = false;
    for (event, range) in Parser::new_ext(text, options()).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Indented)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Text(_) if in_code => {
                let mut at = range.start;
                starts.push(at);
                while let Some(nl) = memchr::memchr(b'\n', &bytes[at..range.end]) {
                    at += nl + 1;
                    if at < range.end {
                        starts.push(at);
                    }
                }
            }
            _ => {}
        }
    }
    if starts.is_empty() {
        return false;
    }
    for p in starts {
        let line_start = memchr::memrchr(b'\n', &bytes[..p]).map_or(0, |nl| nl + 1);
        let line_end = memchr::memchr(b'\n', &bytes[p..]).map_or(bytes.len(), |nl| p + nl);
        let k = four_columns(&bytes[line_start..p]);
        // A line ending in CR keeps it last.
        let end = if bytes[..line_end].ends_with(b"\r") {
            line_end - 1
        } else {
            line_end
        };
        if k > 0 && p <= end {
            // The columns moved to the end become spaces: a tab after a
            // closing fence would keep it open to the parser.
            bytes[p - k..end].rotate_left(k);
            bytes[end - k..end].fill(b' ');
        }
    }
    true
}

/// How many bytes of whitespace at the end of `before` (a line up to its first
/// text) make the last four columns of its indentation: four spaces, or a tab
/// (to the next multiple of four), or spaces and a tab. Fewer when the
/// indentation is less.
fn four_columns(before: &[u8]) -> usize {
    let white = before
        .iter()
        .rev()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count();
    let start = before.len() - white;
    // The column each byte of the line starts at, tabs to multiples of four.
    let mut cols = Vec::with_capacity(before.len() + 1);
    let mut col = 0;
    for &b in before {
        cols.push(col);
        col = if b == b'\t' {
            col + 4 - col % 4
        } else {
            col + 1
        };
    }
    cols.push(col);
    (1..=white)
        .find(|&j| cols[before.len()] - cols[before.len() - j] >= 4)
        .unwrap_or(white)
        .min(before.len() - start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_columns_of_indentation() {
        assert_eq!(four_columns(b"        "), 4);
        assert_eq!(four_columns(b"\t\t"), 1);
        assert_eq!(
            four_columns(b"  \t"),
            3,
            "the tab is two columns: all three"
        );
        assert_eq!(four_columns(b"    \t"), 1, "a tab from column 4 is four");
        assert_eq!(four_columns(b"   "), 3);
        assert_eq!(four_columns(b"x \t"), 2, "less than four: all of it");
        assert_eq!(four_columns(b"x  \t  "), 4);
    }

    fn prepared(text: &str) -> String {
        let out = prepare(text);
        assert_eq!(out.len(), text.len());
        let ends = |s: &str| s.match_indices('\n').map(|(i, _)| i).collect::<Vec<_>>();
        assert_eq!(ends(&out), ends(text), "line ends stay");
        out
    }

    #[test]
    fn a_tag_line_ends_where_the_tag_ends() {
        let text = "<Tabs>\n<TabItem value=\"a\">\n## Manual setup\n\ntext\n</TabItem>\n";
        assert_eq!(
            prepared(text),
            "<!xxx>\n<!xxxxxx xxxxxxxxx>\n## Manual setup\n\ntext\n<!xxxxxxx>\n"
        );
    }

    #[test]
    fn a_tag_over_lines_with_a_gt_in_an_attribute() {
        let text = "<Tabs\n  groupId=\"a>b\"\n  values={[{a: 1}]}>\n# H\n";
        let out = prepared(text);
        assert_eq!(out, "<!xxx\n  xxxxxxxxxxxxx\n  xxxxxxxxxxxx xxxx>\n# H\n");
    }

    #[test]
    fn an_expression_line_is_a_block() {
        let text = "{/* note */}\n    ## Heading\n";
        assert_eq!(prepared(text), "<!x xxxx xx>\n## Heading    \n");
    }

    #[test]
    fn text_after_a_tag_leaves_the_line_alone() {
        for text in [
            "<b>bold</b> text\n",
            "<Foo>x</Foo>\n",
            "<!-- c -->\n",
            "a <b>\n",
            "{a} b\n",
        ] {
            assert_eq!(prepared(text), text);
        }
    }

    #[test]
    fn esm_runs_to_a_blank_line() {
        let text = "import Tabs from '@theme/Tabs';\nimport X from 'x';\n\n# Title\n";
        let out = prepared(text);
        assert!(out.starts_with("<x "), "{out}");
        assert!(out.ends_with("x';\n\n# Title\n"), "{out}");
        // Not at the top level, or after a paragraph line: text.
        assert_eq!(prepared("a\nimport x\n"), "a\nimport x\n");
    }

    #[test]
    fn indented_code_is_undone() {
        let text = "<Steps>\n\n    ```sh\n    # install\n    ```\n\n    ## Next\n</Steps>\n";
        let out = prepared(text);
        assert!(
            out.contains("\n```sh    \n# install    \n```    \n"),
            "{out:?}"
        );
        assert!(out.contains("\n## Next    \n"), "{out:?}");
    }

    #[test]
    fn fenced_code_is_left_as_written() {
        let text = "```jsx\n<Tabs>\nimport x from 'y'\n```\n";
        assert_eq!(prepared(text), text);
    }

    #[test]
    fn hostile_inputs_keep_length_and_lines() {
        for text in [
            "<",
            "<Tabs",
            "<Tabs\n\n\n",
            "<a b='unclosed\n# H\n",
            "{<X>}\n",
            "<>\n</>\n",
            "\t\t\t\tx\n        y\r\n",
            "<X>\r\n# é\r\n",
            "import",
            "    ",
        ] {
            prepared(text);
        }
    }
}
