//! What search reads of a document (docs/dialects.md, "Site markup: MDX and
//! templates"): its text with site-generator markup blanked, the same length
//! so that offsets agree with the text.
//!
//! Blanked, outside fenced code (where markup is an example, and content):
//! - template markup: Hugo shortcodes (`{{< … >}}`, `{{% … %}}`),
//!   Jekyll/Liquid tags and output (`{% … %}`, `{{ … }}`) and MDN macros
//!   (`{{jsxref("Array")}}`), over several lines too, up to [`MAX_SPAN`] bytes;
//! - in `.mdx`, top-level `import`/`export` (ESM) up to the next blank line.
//!
//! The text itself, which selections return, is never changed.

use std::sync::LazyLock;

use memchr::memmem::Finder;

use super::mdx::is_esm;
use crate::paths::Dialect;

/// The longest template tag blanked: a `{{` with no closer this near is text.
const MAX_SPAN: usize = 2048;

/// `text` with markup from `body` on blanked to spaces (line ends kept), or
/// `None` if there is none. What is markup depends on the dialect: MDX's
/// imports and exports are, Markdown has none.
pub(crate) fn searchable(text: &str, body: usize, dialect: Dialect) -> Option<Box<str>> {
    let mdx = match dialect {
        Dialect::Markdown => false,
        Dialect::Mdx => true,
    };
    let bytes = text.as_bytes();
    // Every template tag opens with `{{` or `{%`: without one (and outside
    // MDX) there is nothing to blank, and no line need be read.
    let tag_opener = memchr::memchr_iter(b'{', &bytes[body..])
        .any(|i| matches!(bytes.get(body + i + 1), Some(b'{' | b'%')));
    // (A finder made once: making one costs more than a page's search.)
    static ANCHOR_LINK: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"](#"));
    let toc = ANCHOR_LINK.find(&bytes[body..]).is_some();
    if !mdx && !tag_opener && !toc {
        return None;
    }
    let mut blank = Blanked::new(text);
    if mdx || toc || may_fence(&bytes[body..]) {
        by_lines(bytes, body, mdx, toc, &mut blank);
    } else {
        by_braces(bytes, body, &mut blank);
    }
    blank.finish().map(String::into_boxed_str)
}

/// Whether a fence may open in `bytes`: a run of three backticks or tildes
/// somewhere.
fn may_fence(bytes: &[u8]) -> bool {
    static FENCES: LazyLock<[Finder<'static>; 2]> =
        LazyLock::new(|| [Finder::new(b"```"), Finder::new(b"~~~")]);
    FENCES.iter().any(|fence| fence.find(bytes).is_some())
}

/// Blanks the template tags of a text where no fence opens (nor MDX's
/// imports, nor a table of contents): no line's reading then depends on the
/// lines before it, and only lines holding a `{` are read, as [`by_lines`]
/// reads them.
fn by_braces(bytes: &[u8], body: usize, blank: &mut Blanked<'_>) {
    let mut closers = Closers::default();
    let mut at = body;
    while let Some(i) = bytes.get(at..).and_then(|rest| memchr::memchr(b'{', rest)) {
        let brace = at + i;
        let end = memchr::memchr(b'\n', &bytes[brace..]).map_or(bytes.len(), |k| brace + k);
        templates(bytes, brace, end, &mut closers, &mut |tag| blank.range(tag));
        at = end + 1;
    }
}

/// Blanks the markup of `bytes[body..]` line by line: template tags outside
/// fenced code, and in MDX the imports and exports, and the lines of a table
/// of contents (`toc`: the text links to an anchor of its own).
fn by_lines(bytes: &[u8], body: usize, mdx: bool, toc: bool, blank: &mut Blanked<'_>) {
    let mut fence: Option<(u8, usize)> = None;
    let mut in_esm = false;
    let mut previous_blank = true;
    let mut closers = Closers::default();
    // Where the next `{` is: a line before it holds no template tag, and is
    // not searched for one.
    let mut brace = body;
    let mut at = body;
    while at < bytes.len() {
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i);
        if brace < at {
            brace = memchr::memchr(b'{', &bytes[at..]).map_or(bytes.len(), |i| at + i);
        }
        let line = &bytes[at..end];
        let blank_line = line.iter().all(u8::is_ascii_whitespace);
        let lead = line
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t'))
            .count();
        let rest = &line[lead..];
        let run = |c: u8| rest.iter().take_while(|&&b| b == c).count();
        if let Some((c, n)) = fence {
            if run(c) >= n && rest[run(c)..].iter().all(u8::is_ascii_whitespace) {
                fence = None;
            }
        } else if in_esm {
            in_esm = !blank_line;
            if in_esm {
                blank.range(at..end);
            }
        } else if let Some(c) = rest.first().copied().filter(|&c| c == b'`' || c == b'~')
            && run(c) >= 3
        {
            fence = Some((c, run(c)));
        } else if mdx && previous_blank && lead == 0 && is_esm(line) {
            blank.range(at..end);
            in_esm = true;
        } else if toc && navigation(rest) {
            blank.range(at..end);
        } else if brace < end {
            templates(bytes, at, end, &mut closers, &mut |tag| blank.range(tag));
        }
        previous_blank = blank_line;
        at = end + 1;
    }
}

/// Appends `n` spaces.
fn push_spaces(out: &mut String, mut n: usize) {
    const SPACES: &str = "                                                                ";
    while n > 0 {
        let k = n.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        n -= k;
    }
}

/// `text` with the bytes of ranges (perhaps overlapping) as spaces, line
/// ends kept, written as the ranges are found: the same length, and UTF-8
/// without checking it again, since whole characters are blanked (template
/// delimiters are ASCII and everything between them goes; ESM and navigation
/// go by whole lines).
struct Blanked<'t> {
    text: &'t str,
    /// The text up to `at`, blanked; `None` until the first range.
    out: Option<String>,
    at: usize,
}

impl<'t> Blanked<'t> {
    fn new(text: &'t str) -> Blanked<'t> {
        Blanked {
            text,
            out: None,
            at: 0,
        }
    }

    /// Blanks `range`. Ranges come in the order of their starts: a line's
    /// tags in turn, lines in turn (a tag over several lines may reach past
    /// the start of the next).
    fn range(&mut self, range: std::ops::Range<usize>) {
        let text = self.text;
        let out = (self.out).get_or_insert_with(|| String::with_capacity(text.len()));
        let (mut start, mut end) = (range.start.max(self.at), range.end.min(text.len()));
        // (A character cut by a range would be blanked whole.)
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        while !text.is_char_boundary(end) {
            end += 1;
        }
        if start >= end {
            return;
        }
        out.push_str(&text[self.at..start]);
        let mut rest = &text.as_bytes()[start..end];
        while let Some(i) = memchr::memchr2(b'\n', b'\r', rest) {
            push_spaces(out, i);
            out.push(char::from(rest[i]));
            rest = &rest[i + 1..];
        }
        push_spaces(out, rest.len());
        self.at = end;
    }

    /// The blanked text, or `None` if no range was given.
    fn finish(self) -> Option<String> {
        let mut out = self.out?;
        out.push_str(&self.text[self.at..]);
        Some(out)
    }
}

/// A heading's plain title without its template markup (never
/// searchable text, in headings too), whitespace runs where it stood folded
/// by the caller: `{{< param x >}} Title` is `Title`.
pub(crate) fn without_templates(title: &str) -> Option<String> {
    let bytes = title.as_bytes();
    if !memchr::memchr_iter(b'{', bytes).any(|i| matches!(bytes.get(i + 1), Some(b'{' | b'%'))) {
        return None;
    }
    let mut tags = Vec::new();
    templates(bytes, 0, bytes.len(), &mut Closers::default(), &mut |tag| {
        tags.push(tag);
    });
    if tags.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(title.len());
    let mut at = 0;
    for tag in tags {
        out.push_str(&title[at..tag.start]);
        out.push(' ');
        at = tag.end.min(title.len());
    }
    out.push_str(&title[at..]);
    Some(out)
}

/// Whether a line (past its indentation) is a list item holding only a link to
/// an anchor of the same page, `- [Usage](#usage)`: a table of contents, which
/// names every heading and so would match any query (navigation, not
/// text; never searched, never a preview).
fn navigation(rest: &[u8]) -> bool {
    let rest = rest.trim_ascii_end();
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let after = match (digits, rest.first()) {
        (0, Some(b'-' | b'*' | b'+')) => &rest[1..],
        (1..=9, _) if matches!(rest.get(digits), Some(b'.' | b')')) => &rest[digits + 1..],
        _ => return false,
    };
    if !after.first().is_some_and(|b| *b == b' ' || *b == b'\t') {
        return false;
    }
    let link = after.trim_ascii_start();
    let Some(text_end) = link
        .strip_prefix(b"[")
        .and_then(|l| memchr::memchr(b']', l))
    else {
        return false;
    };
    let target = &link[text_end + 2..];
    target.starts_with(b"(#")
        && target.ends_with(b")")
        && !target[1..target.len() - 1].contains(&b')')
}

/// Where each closer (`>}}`, `%}}`, `}}`, `%}`) next occurs, found once and
/// reused, so that a text of many `{{` and no closer is read once, not once
/// per `{{`.
#[derive(Default)]
struct Closers {
    /// Per closer: where the last search started, and what it found.
    found: [Option<(usize, Option<usize>)>; 4],
}

impl Closers {
    const ALL: [&'static [u8]; 4] = [b">}}", b"%}}", b"}}", b"%}"];

    /// The next occurrence of closer `k` at or after `from`.
    fn next(&mut self, bytes: &[u8], k: usize, from: usize) -> Option<usize> {
        if let Some((searched, found)) = self.found[k]
            && searched <= from
            && found.is_none_or(|f| f >= from)
        {
            return found;
        }
        // Every closer ends with `}`, and most `}` end one: each is checked
        // for the rest (a searcher for a needle of two or three bytes costs
        // more to start than the few bytes to the next tag's end).
        let closer = Closers::ALL[k];
        let last = closer.len() - 1;
        let found = bytes.get(from + last..).and_then(|rest| {
            memchr::memchr_iter(b'}', rest)
                .map(|i| from + i)
                .find(|&start| bytes[start..].starts_with(closer))
        });
        self.found[k] = Some((from, found));
        found
    }
}

/// The template tags starting on the line `start..end` (they may end on a
/// later line).
fn templates(
    bytes: &[u8],
    start: usize,
    end: usize,
    closers: &mut Closers,
    found: &mut impl FnMut(std::ops::Range<usize>),
) {
    let mut at = start;
    while let Some(i) = memchr::memchr(b'{', &bytes[at..end]) {
        let open = at + i;
        let k = match bytes.get(open + 1..open + 3) {
            Some(b"{<") => 0,
            Some(b"{%") => 1,
            Some([b'{', _]) => 2,
            Some([b'%', _]) => 3,
            _ => {
                at = open + 1;
                continue;
            }
        };
        match closers.next(bytes, k, open + 2) {
            Some(c) if c - open <= MAX_SPAN => {
                let close = c + Closers::ALL[k].len();
                found(open..close);
                if close >= end {
                    return; // the rest of the line, at least, is the tag's
                }
                at = close;
            }
            _ => at = open + 2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MD: Dialect = Dialect::Markdown;
    const MDX: Dialect = Dialect::Mdx;

    fn seen(text: &str, dialect: Dialect) -> String {
        searchable(text, 0, dialect).map_or_else(|| text.to_owned(), String::from)
    }

    #[test]
    fn blanking_keeps_length_and_line_ends() {
        let text = "ab{{ é }}\r\nnaïve {% x %}\nend";
        let byte_wise = |ranges: &[std::ops::Range<usize>]| {
            let mut out = text.as_bytes().to_vec();
            for r in ranges {
                for b in &mut out[r.clone()] {
                    if *b != b'\n' && *b != b'\r' {
                        *b = b' ';
                    }
                }
            }
            String::from_utf8(out).unwrap()
        };
        let blanked = |ranges: &[std::ops::Range<usize>]| {
            let mut blank = Blanked::new(text);
            for r in ranges {
                blank.range(r.clone());
            }
            blank.finish().unwrap()
        };
        // Overlapping, across a line end, and one inside another.
        let ranges = [2..9, 5..12, 6..8, 16..25];
        assert_eq!(blanked(&ranges), byte_wise(&ranges));
        // A range that cuts a character blanks it whole.
        let cut = blanked(std::slice::from_ref(&(6..7)));
        assert_eq!(cut.len(), text.len());
        assert_eq!(cut, text.replacen('é', "  ", 1));
    }

    #[test]
    fn template_markup_is_blanked_and_text_kept() {
        let text = "{{< tabs \"Go\" >}}\nUse {{% param name %}} and {% include x.html %}.\n{{jsxref(\"Array\")}} is {{ page.title }}.\n";
        let mut want = text.to_owned();
        for markup in [
            "{{< tabs \"Go\" >}}",
            "{{% param name %}}",
            "{% include x.html %}",
            "{{jsxref(\"Array\")}}",
            "{{ page.title }}",
        ] {
            want = want.replace(markup, &" ".repeat(markup.len()));
        }
        assert_eq!(seen(text, MD), want);
    }

    #[test]
    fn a_table_of_contents_is_not_searched() {
        let text = "# Doc\n\n- [Summary](#summary)\n  - [Goals](#goals)\n1. [Design](#design-details)\n\n- [Other](other.md#x)\n- see [Goals](#goals) here\n\n```\n- [Code](#code)\n```\n";
        let seen = seen(text, MD);
        assert!(
            !seen.contains("[Summary]") && !seen.contains("[Goals](#goals)\n"),
            "{seen}"
        );
        assert!(!seen.contains("[Design]"), "{seen}");
        // A link to another page, text around the link, and code stay.
        assert!(seen.contains("- [Other](other.md#x)"), "{seen}");
        assert!(seen.contains("- see [Goals](#goals) here"), "{seen}");
        assert!(seen.contains("- [Code](#code)"), "{seen}");
        assert_eq!(seen.len(), text.len());
    }

    #[test]
    fn closers_are_found_where_a_plain_search_finds_them() {
        // Every text of up to seven bytes of the closers' alphabet, from every
        // start, in every order of questions (the answers are remembered).
        let alphabet = b"}%>x";
        for len in 0..=7u32 {
            for n in 0..4usize.pow(len) {
                let bytes: Vec<u8> = (0..len).map(|i| alphabet[n / 4usize.pow(i) % 4]).collect();
                let mut closers = Closers::default();
                for from in (0..=bytes.len()).chain((0..=bytes.len()).rev()) {
                    for (k, closer) in Closers::ALL.iter().enumerate() {
                        let plain = (from..bytes.len()).find(|&i| bytes[i..].starts_with(closer));
                        assert_eq!(closers.next(&bytes, k, from), plain, "{bytes:?} {from} {k}");
                    }
                }
            }
        }
    }

    #[test]
    fn without_fences_lines_holding_a_brace_are_read_as_every_line_is() {
        const PIECES: [&str; 14] = [
            "{{", "}}", "{%", "%}", ">}}", "{{<", "%}}", "{", "}", "\n", "a", " ", "é", "\n\n",
        ];
        let mut next = crate::tree::tests::xorshift(0x9e37_79b9_7f4a_7c15u64);
        for _ in 0..4000 {
            let n = next() % 40;
            let text: String = (0..n)
                .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
                .collect();
            let body = text.find('\n').map_or(0, |i| i + 1) * usize::from(next().is_multiple_of(2));
            let read = |by_braces_only: bool| {
                let mut blank = Blanked::new(&text);
                if by_braces_only {
                    by_braces(text.as_bytes(), body, &mut blank);
                } else {
                    by_lines(text.as_bytes(), body, false, false, &mut blank);
                }
                blank.finish()
            };
            assert_eq!(read(true), read(false), "{text:?} from {body}");
        }
    }

    #[test]
    fn template_markup_leaves_a_title() {
        assert_eq!(
            without_templates("{{< param x >}} Title").as_deref(),
            Some("  Title")
        );
        assert_eq!(
            without_templates("Use {{% param \"name\" %}} here {{ page.x }}").as_deref(),
            Some("Use   here  ")
        );
        assert_eq!(without_templates("Plain { title }"), None);
        assert_eq!(without_templates("{{ never closed"), None);
    }

    #[test]
    fn a_shortcode_over_lines_is_blanked_whole() {
        let text = "{{< alert\n  title=\"Note\" >}}\nBody\n";
        assert_eq!(seen(text, MD), "         \n                  \nBody\n");
    }

    #[test]
    fn text_without_a_tag_opener_has_nothing_blanked() {
        assert!(searchable("fn f() { g({ x }) }\n% {  %\n", 0, MD).is_none());
        // A tag opener before `body` (in front matter) is not the body's.
        assert!(searchable("{{ x }}\ntext { y }\n", 8, MD).is_none());
        // MDX is read for its imports all the same.
        assert!(searchable("import A from 'a'\n\ntext\n", 0, MDX).is_some());
        assert!(searchable("a {{ b }} c\n", 0, MD).is_some());
    }

    #[test]
    fn code_and_lone_braces_stay() {
        for text in [
            "```go\n{{ .Title }}\n```\n",
            "a { b } c\n",
            "{{ never closed\n",
            "{%",
            "{",
        ] {
            assert_eq!(seen(text, MD), text);
        }
    }

    #[test]
    fn esm_is_blanked_in_mdx_only() {
        let text = "import Tabs from '@theme/Tabs';\n\n# Title\n";
        assert_eq!(
            seen(text, MDX),
            "                               \n\n# Title\n"
        );
        assert_eq!(seen(text, MD), text);
    }
}
