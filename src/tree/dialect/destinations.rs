//! Template tags that write a link's destination (docs/links.md, "A site's
//! page links"): Jekyll's `[x]({% link x.md %})`, Hugo's
//! `[x]({{< relref "x.md" >}})`, Liquid's `[x]({{ '/x/' | relative_url }})`.
//! CommonMark reads no link where a destination holds a space, but the site's
//! template engine runs first and writes an address there. For the link
//! reading, the spaces inside such a tag are shown to the parser as
//! [`SPACE`], one byte for one byte, and read back as spaces in the link's
//! target.

use std::borrow::Cow;

/// What a space in a tag that writes a destination is shown to the parser
/// as: a byte a destination may hold that templates do not write.
pub(crate) const SPACE: char = '~';

/// How far before a tag a destination may open (`](`, `]:`, with spaces
/// between).
const OPENING_MOST: usize = 4;

/// `text` with the spaces inside each template tag that starts a link's
/// destination (after `](` or a definition's `]:`, or right after such a
/// tag) shown as [`SPACE`]; not copied where it has none.
pub(crate) fn templates_in_destinations(text: Cow<'_, str>) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut changed: Option<Vec<u8>> = None;
    let mut last_end = usize::MAX;
    let mut read_to = 0;
    for open in memchr::memchr_iter(b'{', bytes) {
        let close: &[u8] = match bytes.get(open + 1) {
            Some(b'%') => b"%}",
            Some(b'{') => b"}}",
            _ => continue,
        };
        if open < read_to || !(open == last_end || opens_destination(&bytes[..open])) {
            continue;
        }
        let line_end = memchr::memchr(b'\n', &bytes[open..]).map_or(bytes.len(), |i| open + i);
        let Some(end) = memchr::memmem::find(&bytes[open + 2..line_end], close) else {
            continue;
        };
        let end = open + 2 + end + close.len();
        let copy = changed.get_or_insert_with(|| bytes.to_vec());
        for byte in &mut copy[open..end] {
            if matches!(byte, b' ' | b'\t') {
                *byte = SPACE as u8;
            }
        }
        (last_end, read_to) = (end, end);
    }
    match changed {
        // Only ASCII spaces became ASCII: still UTF-8.
        Some(copy) => Cow::Owned(String::from_utf8(copy).expect("spaces replaced by ASCII")),
        None => text,
    }
}

/// Whether `before` ends where a link's destination opens: `](` or `]:`,
/// then a few spaces at most.
fn opens_destination(before: &[u8]) -> bool {
    let start = before.len().saturating_sub(OPENING_MOST + 2);
    let tail = &before[start..];
    let spaces = tail.iter().rev().take_while(|&&b| b == b' ').count();
    let tail = &tail[..tail.len() - spaces];
    tail.ends_with(b"](") || tail.ends_with(b"]:")
}

/// A target read from the parser's text, with the spaces of its template
/// tags back as written.
pub(crate) fn as_written(target: &str) -> Cow<'_, str> {
    match (target.contains("{%") || target.contains("{{")) && target.contains(SPACE) {
        true => Cow::Owned(target.replace(SPACE, " ")),
        false => Cow::Borrowed(target),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(text: &str) -> String {
        templates_in_destinations(Cow::Borrowed(text)).into_owned()
    }

    #[test]
    fn a_tag_opening_a_destination_keeps_its_length_and_loses_its_spaces() {
        let text = "[a]({% link b.md %}) [c]( {{< relref \"d.md\" >}})\n\
                    [e]: {{ site.baseurl }}{% link f.md %}\nno {% x y %} [g](h i)\n";
        let out = shown(text);
        assert_eq!(out.len(), text.len());
        assert_eq!(
            out,
            "[a]({%~link~b.md~%}) [c]( {{<~relref~\"d.md\"~>}})\n\
             [e]: {{~site.baseurl~}}{%~link~f.md~%}\nno {% x y %} [g](h i)\n"
        );
        assert_eq!(as_written("{%~link~b.md~%}#x"), "{% link b.md %}#x");
        assert_eq!(as_written("a~b"), "a~b", "no tag: as it is");
        // A tag not closed on its line is left.
        assert_eq!(shown("[a]({% link\nb %})"), "[a]({% link\nb %})");
        assert!(matches!(
            templates_in_destinations(Cow::Borrowed("[a](b)")),
            Cow::Borrowed(_)
        ));
    }
}
