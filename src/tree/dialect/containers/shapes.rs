//! Each container's shape: the line that opens it and the one that closes it
//! (`:::` with its nested ones and an MDC props block, mkdocs' `!!!` and its
//! indented lines, a Hugo alert's shortcodes).

use std::ops::Range;

use super::lines::{
    Work, after, closes_fence, code_fence, columns, indent, is_blank, lines_from, lines_within,
    trim_start,
};

/// Shortcodes read as containers.
const ALERTS: [&str; 6] = ["alert", "note", "notice", "tip", "warning", "callout"];

/// `:::name` (or `::: name`, `::::name{…}`), or an MDC block component
/// (Nuxt Content: `::name`, `::u-button{…}`, the name right after two
/// colons): the number of colons.
pub(super) fn colon_opener(line: &[u8]) -> Option<usize> {
    if indent(line) > 3 {
        return None;
    }
    let rest = trim_start(line);
    let n = rest.iter().take_while(|&&b| b == b':').count();
    let name = if n == 2 {
        &rest[n..]
    } else {
        rest[n..].trim_ascii_start()
    };
    (n >= 2 && name.first().is_some_and(u8::is_ascii_alphabetic)).then_some(n)
}

/// Where a colon container's content starts, given the line after its opener
/// at `from`: past a YAML props block (a `---` line, the props, a `---` line;
/// MDC) when one is there, never a heading; else `from`.
pub(super) fn past_props(bytes: &[u8], from: usize) -> usize {
    let is_rule = |r: &Range<usize>| bytes[r.clone()].trim_ascii() == b"---";
    let mut lines = lines_from(bytes, from);
    if !lines.next().is_some_and(|first| is_rule(&first)) {
        return from;
    }
    lines
        .find(|l| is_rule(l))
        .map_or(from, |end| after(bytes, &end))
}

/// A bare run of at least `n` colons.
pub(super) fn colon_closer(line: &[u8], n: usize) -> bool {
    let rest = trim_start(line);
    let run = rest.iter().take_while(|&&b| b == b':').count();
    run >= n && is_blank(&rest[run..])
}

/// The line closing the colon container opened on the line before `from`,
/// counting the containers opened inside it.
pub(super) fn colon_close(
    bytes: &[u8],
    from: usize,
    n: usize,
    work: &Work,
) -> Option<Range<usize>> {
    let mut open = vec![n];
    let mut fence: Option<(u8, usize)> = None;
    for range in lines_within(bytes, from, work) {
        let line = &bytes[range.clone()];
        if let Some(f) = fence {
            if closes_fence(line, f) {
                fence = None;
            }
        } else if let Some(f) = code_fence(line) {
            fence = Some(f);
        } else if let Some(m) = colon_opener(line) {
            open.push(m);
        } else if open.last().is_some_and(|&m| colon_closer(line, m)) {
            open.pop();
            if open.is_empty() {
                return Some(range);
            }
        }
    }
    None
}

/// MyST's directives whose body is Markdown: admonitions and the blocks
/// that hold prose. Others (`{code-block}`, `{math}`, `{csv-table}`,
/// Quarto's `{python}`) are code.
const PROSE_DIRECTIVES: [&str; 25] = [
    "admonition",
    "attention",
    "caution",
    "danger",
    "error",
    "hint",
    "important",
    "note",
    "seealso",
    "tip",
    "warning",
    "dropdown",
    "tab-set",
    "tab-item",
    "card",
    "grid",
    "grid-item",
    "grid-item-card",
    "list-table",
    "topic",
    "sidebar",
    "margin",
    "epigraph",
    "figure",
    "table",
];

/// A fence opening a MyST directive whose body is Markdown
/// (```` ```{note} ````, ```` ````{tab-item} Linux ````): its character
/// and length.
pub(super) fn directive_opener(line: &[u8]) -> Option<(u8, usize)> {
    let (c, n) = code_fence(line)?;
    if indent(line) > 3 {
        return None;
    }
    let name = trim_start(line)[n..].strip_prefix(b"{")?;
    let name = &name[..name.iter().position(|&b| b == b'}')?];
    let prose = PROSE_DIRECTIVES
        .iter()
        .any(|d| d.as_bytes().eq_ignore_ascii_case(name));
    prose.then_some((c, n))
}

/// The bare fence of at least `n` of `c`, indented at most three columns,
/// that closes a directive opened on the line before `from`; code fenced
/// inside it (shorter, or with an info string) is passed over whole, and a
/// fence indented further (in a list item) read as no fence.
pub(super) fn directive_close(
    bytes: &[u8],
    from: usize,
    fence: (u8, usize),
    work: &Work,
) -> Option<Range<usize>> {
    let mut inner: Option<(u8, usize)> = None;
    for range in lines_within(bytes, from, work) {
        let line = &bytes[range.clone()];
        match inner {
            Some(f) => {
                if closes_fence(line, f) {
                    inner = None;
                }
            }
            // A fence indented further is in a list item, and is read there.
            None if indent(line) > 3 => {}
            None if closes_fence(line, fence) => return Some(range),
            None => inner = code_fence(line),
        }
    }
    None
}

/// `!!! note`, `??? note`, `???+ note` at the start of a line.
pub(super) fn mkdocs_opener(line: &[u8]) -> bool {
    let rest = line
        .strip_prefix(b"!!!")
        .or_else(|| line.strip_prefix(b"???+"))
        .or_else(|| line.strip_prefix(b"???"));
    rest.is_some_and(|r| {
        r.first().is_some_and(|&b| b == b' ') && r.iter().any(u8::is_ascii_alphabetic)
    })
}

/// The last line of an mkdocs container opened on the line before `from`:
/// the last non-blank line indented at least four columns, before the first
/// line that is not.
pub(super) fn mkdocs_close(bytes: &[u8], from: usize, work: &Work) -> Option<Range<usize>> {
    let mut last = None;
    for range in lines_within(bytes, from, work) {
        let line = &bytes[range.clone()];
        if is_blank(line) {
            continue;
        }
        if columns(line) < 4 {
            break;
        }
        last = Some(range);
    }
    last
}

/// A line holding only `{{% alert … %}}` or `{{< alert … >}}`: its name.
pub(super) fn alert_opener(line: &[u8]) -> Option<&'static str> {
    let rest = trim_start(line).trim_ascii_end();
    let inner = rest
        .strip_prefix(b"{{%")
        .and_then(|r| r.strip_suffix(b"%}}"))
        .or_else(|| {
            rest.strip_prefix(b"{{<")
                .and_then(|r| r.strip_suffix(b">}}"))
        })?;
    let inner = inner.trim_ascii_start();
    ALERTS.iter().copied().find(|name| {
        inner.starts_with(name.as_bytes())
            && inner
                .get(name.len())
                .is_none_or(|b| b.is_ascii_whitespace())
    })
}

/// The line `{{% /name %}}` (or `{{< /name >}}`) from the one at `from` on.
pub(super) fn alert_close(
    bytes: &[u8],
    from: usize,
    name: &str,
    work: &Work,
) -> Option<Range<usize>> {
    lines_within(bytes, from, work).find(|range| {
        let rest = trim_start(&bytes[range.clone()]).trim_ascii_end();
        let inner = rest
            .strip_prefix(b"{{%")
            .and_then(|r| r.strip_suffix(b"%}}"))
            .or_else(|| {
                rest.strip_prefix(b"{{<")
                    .and_then(|r| r.strip_suffix(b">}}"))
            });
        let Some(inner) = inner else {
            return false;
        };
        inner
            .trim_ascii()
            .strip_prefix(b"/")
            .map(<[u8]>::trim_ascii)
            == Some(name.as_bytes())
    })
}
