//! One argument, several selectors; and an argument that does not parse, a
//! selector with a typo or a search query (docs/selectors.md, "Selectors").

use std::borrow::Cow;

use super::{Selector, Target};

/// Splits one argument holding several selectors at each comma not followed by a
/// digit, or followed by another namespace: `h2.0,h3.4` is two selectors,
/// `h2.0,2,4` one; a namespace carries over the rest of the list.
pub(crate) fn split_selectors(arg: &str) -> Vec<Cow<'_, str>> {
    let bytes = arg.as_bytes();
    let mut parts = Vec::new();
    let mut start = 0;
    // A wiki link is one selector, commas and all: `[[Note#Bold, italics]]`.
    let mut wiki = false;
    // Commas before the first `::` may belong to a namespace.
    let first_ns = arg.find("::").unwrap_or(arg.len());
    for (i, &b) in bytes.iter().enumerate() {
        if bytes[i..].starts_with(b"[[") {
            wiki = true;
        } else if i > 0 && bytes[i - 1..].starts_with(b"]]") {
            wiki = false;
        }
        if b != b',' || wiki {
            continue;
        }
        // `h2.0,2` is an index list; `ns::h2.0,4706-kep/readme::h2.3` names
        // another document, whose namespace starts with a digit.
        let digit = bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
        let next = arg[i + 1..].split(',').next().unwrap_or_default();
        if !digit || (i > first_ns && next.contains("::")) {
            parts.push(arg[start..i].trim());
            start = i + 1;
        }
    }
    parts.push(arg[start..].trim());
    // A selector pasted with the quotes a suggestion was printed in
    // (`'[[Internal links]]'`) is the selector inside them.
    let parts: Vec<&str> = parts
        .into_iter()
        .map(unquoted)
        .filter(|p| !p.is_empty())
        .collect();
    // A namespace written once carries over the rest of the list (docs/selectors.md, "Selectors"):
    // `ns::h2.3,h3.4` is `ns::h2.3` and `ns::h3.4`.
    let mut namespace: Option<&str> = None;
    parts
        .into_iter()
        .map(|p| {
            let wiki = p.starts_with("[[") && !p.find("]]").is_some_and(|c| p[c..].contains("::"));
            if let Some(at) = p.find("::").filter(|_| !wiki) {
                namespace = Some(&p[..at]);
                Cow::Borrowed(p)
            } else if let Some(ns) = namespace.filter(|_| carries_a_namespace(p)) {
                Cow::Owned(format!("{ns}::{p}"))
            } else {
                Cow::Borrowed(p)
            }
        })
        .collect()
}

/// A selector without one pair of quotes around it, `'…'` or `"…"` (as a
/// shell would take them off).
fn unquoted(part: &str) -> &str {
    for q in ['\'', '"'] {
        if part.len() >= 2 && part.starts_with(q) && part.ends_with(q) {
            return part[1..part.len() - 1].trim();
        }
    }
    part
}

/// Whether a selector of a comma list takes the namespace written before it:
/// not a wiki link or a link to a file (`guide.md#x`), which name their own
/// document.
fn carries_a_namespace(part: &str) -> bool {
    !part.starts_with("[[") && !part.get(1..).is_some_and(|rest| rest.contains('#'))
}

/// Whether text that failed to parse was still meant as a selector (and so is an
/// error) rather than a search query: it has `::`, `/`, `[` or `?`; or it starts
/// with a type name followed by `.` or `[`; or it is one word followed by an
/// index, `.N`, `[N` or `,N`, with nothing after but more index (`tabel.0`,
/// `h7.0`, `h2,0`, `tabel.1-2`). A dotted version (`v1.7.0`) stays a query.
pub(crate) fn looks_like_selector(text: &str) -> bool {
    // Words with spaces between, or a search's `/…/` term, are a query,
    // unless they parse.
    let pattern = text.len() > 2 && text.starts_with('/') && text.ends_with('/');
    if pattern || text.trim().contains(char::is_whitespace) {
        return false;
    }
    if text.contains("::") || text.contains(['/', '[', '?']) || text.starts_with('#') {
        return true;
    }
    let name_end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == ':' || c == '*'))
        .unwrap_or(text.len());
    let rest = &text[name_end..];
    let known_type = Target::from_name(&text[..name_end]).is_some()
        && (rest.starts_with('.') || rest.starts_with('['));
    known_type || word_and_index(text)
}

/// `word` then `.N`, `[N]` or `,N` (N an index spec: digits, `-`, `,`), and
/// nothing else: the shape of a selector whose type is misspelt.
fn word_and_index(text: &str) -> bool {
    let word = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, ':' | '_' | '-')))
        .unwrap_or(text.len());
    if !text.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return false;
    }
    let rest = &text[word..];
    let spec = |s: &str| {
        s.starts_with(|c: char| c.is_ascii_digit())
            && s.bytes()
                .all(|b| b.is_ascii_digit() || b == b'-' || b == b',')
    };
    match rest.as_bytes().first() {
        Some(b'.' | b',') => spec(&rest[1..]),
        Some(b'[') => spec(rest[1..].strip_suffix(']').unwrap_or(&rest[1..])),
        _ => false,
    }
}

impl Selector {
    /// Splits one argument into selectors at commas where the next character is
    /// not a digit (`h2.0,h3.4`; `h2.0,2,4` is one selector) or where another
    /// namespace follows; a namespace written once carries over the rest of the
    /// list (docs/selectors.md, "Selectors").
    ///
    /// ```
    /// assert_eq!(mdsel::Selector::split("h2.0,h3.4"), ["h2.0", "h3.4"]);
    /// assert_eq!(mdsel::Selector::split("h2.0,2,4"), ["h2.0,2,4"]);
    /// assert_eq!(mdsel::Selector::split("ns::h2.3,h3.4"), ["ns::h2.3", "ns::h3.4"]);
    /// ```
    pub fn split(arg: &str) -> Vec<std::borrow::Cow<'_, str>> {
        split_selectors(arg)
    }

    /// Whether text is shaped like a selector even when it does not parse (a
    /// word followed by `.N`, `[N]` or `,N`, or holding `::`, `/`, `[`, `?`):
    /// such an argument is a selector with a typo, never a search (docs/options.md,
    /// "Commands and options").
    pub fn looks_like(text: &str) -> bool {
        looks_like_selector(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_selector_lists() {
        let cases: &[(&str, &[&str])] = &[
            ("h2.0,h3.4", &["h2.0", "h3.4"]),
            ("h2.0,2,4", &["h2.0,2,4"]),
            ("h2.0, h3.1", &["h2.0", "h3.1"]),
            ("code.1,2,para.0", &["code.1,2", "para.0"]),
            (",", &[]),
            (
                "[[Note#Bold, italics]],h2.0",
                &["[[Note#Bold, italics]]", "h2.0"],
            ),
            ("h2.0,[[A, B]]", &["h2.0", "[[A, B]]"]),
            // A namespace carries over the list; another may follow.
            ("ns::h2.3,h3.4", &["ns::h2.3", "ns::h3.4"]),
            ("ns::h2.3,2,h3.4", &["ns::h2.3,2", "ns::h3.4"]),
            (
                "ns::h2.3,other::h1.0,h3.0",
                &["ns::h2.3", "other::h1.0", "other::h3.0"],
            ),
            (
                "a::h2.3,4706-remove-kustomize/readme::h2.3",
                &["a::h2.3", "4706-remove-kustomize/readme::h2.3"],
            ),
            ("ns::h2.0,#install", &["ns::h2.0", "ns::#install"]),
            ("ns::h2.0,guide.md#x", &["ns::h2.0", "guide.md#x"]),
            // A namespace that starts with `[[` (a folder `[[wiki]]`).
            (
                "[[wiki]]/readme::h2.0,h1.0",
                &["[[wiki]]/readme::h2.0", "[[wiki]]/readme::h1.0"],
            ),
            // A suggestion pasted with its quotes.
            ("'[[Internal links]]'", &["[[Internal links]]"]),
            ("\"h2.0\"", &["h2.0"]),
        ];
        for (arg, want) in cases {
            assert_eq!(split_selectors(arg), *want, "{arg}");
        }
    }

    #[test]
    fn tells_queries_from_selectors() {
        let cases = [
            ("install", false),
            ("install guide", false),
            // issue 8: selector-shaped typos are errors, not silent searches.
            ("h7.0", true),
            ("tabel.0", true),
            ("Tabel[0]", true),
            ("h2,0", true),
            ("h2,0,3", true),
            ("tabel.1-2", true),
            ("python3.12", true),
            ("v1.7.0", false),
            ("1.7.0", false),
            ("node.js", false),
            ("e.g.", false),
            ("h2.", true),
            ("h2.x", true),
            ("code[", true),
            ("readme::intro", true),
            ("a/b", true),
            ("what?", true),
        ];
        for (text, want) in cases {
            assert_eq!(looks_like_selector(text), want, "{text}");
        }
    }
}
