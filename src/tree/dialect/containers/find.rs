//! Finding a text's containers, and marking them in the copy the parser reads:
//! their opening and closing lines blank, mkdocs' content one level out.

use std::borrow::Cow;
use std::ops::Range;

use super::lines::{
    Work, after, closes_fence, code_fence, indent, is_blank, line_at, lines_from, trim_start,
};
use super::shapes::{
    alert_close, alert_opener, colon_close, colon_closer, colon_opener, directive_close,
    directive_opener, mkdocs_close, mkdocs_opener, past_props,
};

/// The text the parser reads with its containers prepared, and their spans:
/// from the opening line's start to the closing line's end (its line break
/// excluded), in order, none inside another. Text without any is not copied.
/// The markers are blank lines to the parser: blocks end before them.
pub(crate) fn containers_marked(text: Cow<'_, str>) -> (Cow<'_, str>, Vec<Range<usize>>) {
    if !may_hold_one(text.as_bytes()) {
        return (text, Vec::new());
    }
    let found = find(text.as_bytes());
    if found.is_empty() {
        // A candidate line that opened nothing (`:::` in a code block).
        return (text, Vec::new());
    }
    let mut bytes = text.into_owned().into_bytes();
    for c in &found {
        mark(&mut bytes, c);
    }
    // Only ASCII was written, or whitespace moved within a line.
    let text = String::from_utf8(bytes).expect("preparation keeps UTF-8");
    let spans = found.iter().map(|c| c.first.start..c.last.end).collect();
    (Cow::Owned(text), spans)
}

/// A container found: its first and last lines, and its shape.
struct Found {
    first: Range<usize>,
    last: Range<usize>,
    kind: Kind,
}

/// Whether some line could open a container: `:::`, `::name` (MDC), `!!!`,
/// `???`, `{{<` or `{{%` after nothing but spaces and tabs (every opener is
/// such a line), or a fence and a MyST directive's `{`.
/// Without one the text is not copied nor read line by line. One pass over
/// the candidates' bytes, no searcher to build (most pages are small).
fn may_hold_one(bytes: &[u8]) -> bool {
    // Back over the spaces and tabs before `i` only: each run of them is
    // crossed once, so the pass stays linear whatever the text.
    let opens_line = |i: usize| {
        let before = bytes[..i].iter().rev().find(|&&b| b != b' ' && b != b'\t');
        before.is_none_or(|&b| b == b'\n' || b == b'\r')
    };
    // A MyST directive's fence: three or more backticks or tildes right
    // before the `{`, opening the line.
    let fenced = |i: usize| {
        let fence = bytes[..i]
            .last()
            .copied()
            .filter(|&b| b == b'`' || b == b'~');
        fence.is_some_and(|f| {
            let run = bytes[..i].iter().rev().take_while(|&&b| b == f).count();
            run >= 3 && opens_line(i - run)
        })
    };
    memchr::memchr3_iter(b':', b'!', b'?', bytes)
        .chain(memchr::memchr_iter(b'{', bytes))
        .any(|i| {
            let next = |k: usize| bytes.get(i + k).copied();
            let shape = match bytes[i] {
                b'{' if fenced(i) => return true,
                b'{' => next(1) == Some(b'{') && matches!(next(2), Some(b'<' | b'%')),
                // An MDC block component: two colons and its name.
                b':' if next(1) == Some(b':')
                    && next(2).is_some_and(|b| b.is_ascii_alphabetic()) =>
                {
                    true
                }
                b => next(1) == Some(b) && next(2) == Some(b),
            };
            shape && opens_line(i)
        })
}

/// The containers of a text, in order, none inside another; it is read, not
/// changed (no container's lines are read again once it is found, so marking
/// them afterwards changes nothing this saw). Lines are found as they are read,
/// never listed: a big text with one candidate line costs no table of its lines.
fn find(bytes: &[u8]) -> Vec<Found> {
    find_within(bytes, &Work::for_text(bytes.len()))
}

/// [`find`], reading no more than `work` allows.
fn find_within(bytes: &[u8], work: &Work) -> Vec<Found> {
    let mut found = Vec::new();
    let mut fence: Option<(u8, usize)> = None;
    let mut at = 0;
    while let Some(range) = line_at(bytes, at) {
        let next = after(bytes, &range);
        let line = &bytes[range.clone()];
        // Only a line that starts (past its indentation) with one of these
        // can open or close a code fence or open a container: the others,
        // nearly all of a long text, are passed over unread.
        let first = trim_start(line).first().copied();
        if !matches!(first, Some(b'`' | b'~' | b':' | b'!' | b'?' | b'{')) {
            at = next;
            continue;
        }
        if let Some(f) = fence {
            if closes_fence(line, f) {
                fence = None;
            }
            at = next;
            continue;
        }
        let directive = directive_opener(line);
        if let (None, Some(f)) = (directive, code_fence(line)) {
            fence = Some(f);
            at = next;
            continue;
        }
        let colons = colon_opener(line);
        let container = if let Some(f) = directive {
            directive_close(bytes, next, f, work).map(|last| (last, Kind::Fenced))
        } else if let Some(n) = colons {
            colon_close(bytes, next, n, work).map(|last| (last, Kind::Fenced))
        } else if mkdocs_opener(line) {
            mkdocs_close(bytes, next, work).map(|last| (last, Kind::Indented))
        } else if let Some(name) = alert_opener(line) {
            alert_close(bytes, next, name, work).map(|last| (last, Kind::Fenced))
        } else {
            None
        };
        let held = container.as_ref().is_some_and(|(last, kind)| {
            // A colon container's content starts past its props, if any.
            let body = if colons.is_some() {
                past_props(bytes, next)
            } else {
                next
            };
            holds_heading(
                bytes,
                inside(bytes, body, last, *kind).take_while(|l| work.read(l)),
            )
        });
        if work.spent() {
            break; // what is left stays as written
        }
        match container {
            Some((last, kind)) if !held => {
                at = after(bytes, &last);
                found.push(Found {
                    first: range,
                    last,
                    kind,
                });
            }
            _ => at = next,
        }
    }
    found
}

/// The lines a container opened by the line before `from` and ending on
/// `last` holds: those before its closing line, or, for an indented one,
/// through its last.
fn inside<'a>(
    bytes: &'a [u8],
    from: usize,
    last: &Range<usize>,
    kind: Kind,
) -> impl Iterator<Item = Range<usize>> + 'a {
    let end = match kind {
        Kind::Fenced => last.start,
        Kind::Indented => last.end + 1,
    };
    lines_from(bytes, from).take_while(move |line| line.start < end)
}

/// Shows the parser a container's markers as blank lines and its indented
/// content one level out.
fn mark(bytes: &mut [u8], c: &Found) {
    let from = after(bytes, &c.first);
    let held: Vec<Range<usize>> = inside(bytes, from, &c.last, c.kind).collect();
    let opener = colon_opener(&bytes[c.first.clone()]).is_some();
    blank(&mut bytes[c.first.clone()]);
    match c.kind {
        Kind::Fenced => {
            blank(&mut bytes[c.last.clone()]);
            if opener {
                blank_props(bytes, from);
            }
            blank_inner_colons(bytes, &held);
        }
        Kind::Indented => {
            for line in held {
                outdent(&mut bytes[line]);
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// An opening and a closing line.
    Fenced,
    /// An opening line and the indented lines beneath.
    Indented,
}

/// Blanks the markers of the colon containers and MyST directives nested in
/// an outer one: their content belongs to the outer block.
fn blank_inner_colons(bytes: &mut [u8], lines: &[Range<usize>]) {
    let mut fence: Option<(u8, usize)> = None;
    // The MyST directives open inside, innermost last.
    let mut directives: Vec<(u8, usize)> = Vec::new();
    for range in lines {
        let line = &bytes[range.clone()];
        let closes = |f: (u8, usize)| closes_fence(line, f);
        if let Some(f) = fence {
            if closes(f) {
                fence = None;
            }
        } else if indent(line) > 3 && !directives.is_empty() {
            // In a list item of a directive's body, read there.
        } else if directives
            .last()
            .is_some_and(|&d| indent(line) <= 3 && closes(d))
        {
            directives.pop();
            blank(&mut bytes[range.clone()]);
        } else if let Some(d) = directive_opener(line) {
            directives.push(d);
            blank(&mut bytes[range.clone()]);
        } else if let Some(f) = code_fence(line) {
            fence = Some(f);
        } else if colon_opener(line).is_some() {
            blank(&mut bytes[range.clone()]);
            let next = after(bytes, range);
            blank_props(bytes, next);
        } else if colon_closer(line, 2) {
            blank(&mut bytes[range.clone()]);
        }
    }
}

/// Blanks the YAML props block starting at `from`, if there is one (see
/// [`past_props`]): to the parser, its `---` lines would make headings.
fn blank_props(bytes: &mut [u8], from: usize) {
    let end = past_props(bytes, from);
    if end > from {
        let stop = end.min(bytes.len());
        for b in &mut bytes[from..stop] {
            if !matches!(*b, b'\n' | b'\r') {
                *b = b' ';
            }
        }
    }
}

/// Whether any of these lines is an ATX heading or may be a setext underline
/// (outside fenced code).
fn holds_heading(bytes: &[u8], lines: impl Iterator<Item = Range<usize>>) -> bool {
    let mut fence: Option<(u8, usize)> = None;
    let mut after_text = false;
    // Props of a nested colon container: Some(false) may open on this line,
    // Some(true) are open until their closing `---`.
    let mut props: Option<bool> = None;
    for range in lines {
        let line = &bytes[range.clone()];
        let rule = line.trim_ascii() == b"---";
        match props.take() {
            Some(false) if rule => {
                props = Some(true);
                continue;
            }
            Some(true) => {
                if !rule {
                    props = Some(true);
                }
                after_text = false;
                continue;
            }
            _ => {}
        }
        if fence.is_none() && colon_opener(line).is_some() {
            props = Some(false);
        }
        let was_text = std::mem::replace(&mut after_text, !is_blank(line));
        if let Some((c, n)) = fence {
            let rest = trim_start(line);
            if rest.iter().take_while(|&&b| b == c).count() >= n {
                fence = None;
            }
            continue;
        }
        if let Some(f) = code_fence(line) {
            fence = Some(f);
            continue;
        }
        let rest = trim_start(line);
        let hashes = rest.iter().take_while(|&&b| b == b'#').count();
        if (1..=6).contains(&hashes) && rest.get(hashes).is_none_or(|b| b.is_ascii_whitespace()) {
            return true;
        }
        let underline = rest.trim_ascii_end();
        if was_text
            && indent(line) < 4
            && !underline.is_empty()
            && (underline.iter().all(|&b| b == b'=') || underline.iter().all(|&b| b == b'-'))
        {
            return true;
        }
    }
    false
}

/// A line the parser reads as blank.
fn blank(line: &mut [u8]) {
    line.fill(b' ');
}

/// Moves one level (four columns) of indentation to the line's end.
fn outdent(line: &mut [u8]) {
    let mut col = 0;
    let mut k = 0;
    while k < line.len() && col < 4 {
        match line[k] {
            b' ' => col += 1,
            b'\t' => col += 4 - col % 4,
            _ => break,
        }
        k += 1;
    }
    line.rotate_left(k);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looking_for_ends_reads_the_text_a_bounded_number_of_times() {
        // Thousands of closed containers are each found, well within the room.
        for text in [
            ":::note\ntext\n:::\n\n".repeat(5000),
            "{{% alert %}}\ntext\n{{% /alert %}}\n".repeat(5000),
            "!!! note\n    text\n\n".repeat(5000),
        ] {
            let work = Work::for_text(text.len());
            assert_eq!(find_within(text.as_bytes(), &work).len(), 5000);
            assert!(work.0.get() > text.len() * 4, "{}", &text[..20]);
        }
        // Unclosed openers, each of which would read the rest of the text,
        // and nested ones holding a heading, each then read again from its
        // next line: the reading stops when the room is spent (eight times
        // the text), and the rest stays text.
        let nested = format!(
            "{}# h\n{}",
            ":::note\n".repeat(10_000),
            ":::\n".repeat(10_000)
        );
        for text in [
            ":::note\n".repeat(20_000),
            "{{% alert %}}\n".repeat(20_000),
            "{{< note >}}\n".repeat(20_000),
            nested,
        ] {
            let work = Work::for_text(text.len());
            assert!(find_within(text.as_bytes(), &work).is_empty());
            assert!(work.spent(), "{}", &text[..20]);
        }
        // A container before the text runs out of room is found.
        let text = format!(":::tip\nfirst\n:::\n\n{}", ":::note\n".repeat(20_000));
        assert_eq!(find(text.as_bytes()).len(), 1);
    }

    #[test]
    fn only_a_line_that_could_open_one_costs_a_copy() {
        for (text, want) in [
            ("format!(\"{{}}\") and a ::: b ??? c !!!\n", false),
            ("x\n{{ not a shortcode }}\n", false),
            ("   :::note\n", true),
            ("\t{{< alert >}}\n", true),
            ("text\n!!! note\n", true),
            ("???+ tip\n", true),
            ("a\r\n{{% note %}}\n", true),
            (":::", true),
            ("::", false),
            ("::callout\n---\nicon: x\n---\n", true),
            ("a ::callout\n", false),
        ] {
            assert_eq!(may_hold_one(text.as_bytes()), want, "{text:?}");
            if !want {
                assert!(matches!(
                    containers_marked(Cow::Borrowed(text)).0,
                    Cow::Borrowed(_)
                ));
            }
        }
    }

    /// The check that spares most pages a copy never skips a page holding a
    /// container: over random pages of openers, closers, props, fences and
    /// text, a page it says holds none has none.
    #[test]
    fn the_fast_check_never_misses_a_container() {
        let pieces = [
            ":::note\n",
            ":::\n",
            "::::tip Title\n",
            "::callout\n",
            "::u-button{to=x}\n",
            "::\n",
            "---\n",
            "icon: x\n",
            "!!! warning \"Careful\"\n",
            "    body\n",
            "??? note\n",
            "{{< alert >}}\n",
            "{{< /alert >}}\n",
            "{{% notice %}}\n",
            "{{% /notice %}}\n",
            "```\n",
            "text\n",
            "\n",
            "## Heading\n",
            "a :: b\n",
            "  ::note\n",
            "```{note}\n",
            "````{tip} Title\n",
            "````\n",
            "```{code-block} python\n",
        ];
        let mut next = crate::tree::tests::xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..3000 {
            let mut text = String::new();
            let len = (next() % 12) as usize;
            for _ in 0..len {
                text.push_str(pieces[(next() % pieces.len() as u64) as usize]);
            }
            if !may_hold_one(text.as_bytes()) {
                assert!(find(text.as_bytes()).is_empty(), "{text:?}");
            }
        }
    }

    fn run(text: &str) -> (String, Vec<Range<usize>>) {
        let (out, found) = containers_marked(Cow::Borrowed(text));
        let out = out.into_owned();
        assert_eq!(out.len(), text.len());
        (out, found)
    }

    #[test]
    fn colon_containers_nest_and_close() {
        let text = "a\n\n::::note Title\ntext\n:::tip\ninner\n:::\n::::\nafter\n";
        let (out, found) = run(text);
        assert_eq!(found, vec![3..text.find("\nafter").unwrap()]);
        assert_eq!(
            out,
            "a\n\n              \ntext\n      \ninner\n   \n    \nafter\n"
        );
    }

    #[test]
    fn mkdocs_content_is_outdented() {
        let text = "!!! note \"Title\"\n    Body *text*.\n\n    - item\n\nafter\n";
        let (out, found) = run(text);
        assert_eq!(found, vec![0..text.find("\n\nafter").unwrap()]);
        assert_eq!(
            out,
            "                \nBody *text*.    \n\n- item    \n\nafter\n"
        );
    }

    #[test]
    fn hugo_alerts() {
        let text = "{{% alert title=\"Note\" color=\"info\" %}}\nBe careful.\n{{% /alert %}}\n";
        let (out, found) = run(text);
        assert_eq!(found, vec![0..text.len() - 1]);
        assert!(out.trim_start().starts_with("Be careful."), "{out:?}");
    }

    /// A MyST directive whose body is Markdown is a container, nested ones
    /// too; code fenced inside it (in a list item, or shorter) is passed
    /// over; a code directive or Quarto's `{python}` chunk stays code.
    #[test]
    fn myst_prose_directives_hold_markdown() {
        let text = "`````{note}\nOuter.\n````{warning}\nInner.\n```python\nx\n```\n````\n\
                    * - ````md\n    y\n    ````\n`````\nafter\n";
        let (out, found) = run(text);
        assert_eq!(found, vec![0..text.find("\nafter").unwrap()]);
        assert_eq!(
            out,
            "           \nOuter.\n             \nInner.\n```python\nx\n```\n    \n\
             * - ````md\n    y\n    ````\n     \nafter\n"
        );
        for code in ["```{code-block} python\nx\n```\n", "```{python}\nx\n```\n"] {
            assert!(run(code).1.is_empty(), "{code:?}");
        }
    }

    /// A line that could open a container but opens none leaves the text as
    /// it is, and uncopied.
    #[test]
    fn unclosed_headed_or_fenced_ones_stay_text() {
        for text in [
            ":::note\nnever closed\n",
            ":::note\n## A heading\n:::\n",
            ":::note\nA setext heading\n---\n:::\n",
            "```\n:::note\nx\n:::\n```\n",
            "!!! note\nnot indented\n",
            "{{% alert %}}\nno end\n",
            "::: \n:::\n",
        ] {
            let (out, found) = run(text);
            assert!(found.is_empty(), "{text:?}");
            assert_eq!(out, text);
            assert!(
                matches!(containers_marked(Cow::Borrowed(text)).0, Cow::Borrowed(_)),
                "{text:?} was copied"
            );
        }
    }
}
