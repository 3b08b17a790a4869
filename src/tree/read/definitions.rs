//! A text's link definitions, read without a parse of them, and matched to
//! labels as the parser matches them: white space in a label folded, case
//! folded the Unicode way, the first definition of a label the one that
//! counts.

use foldhash::HashMap;
use pulldown_cmark::CowStr;
use unicase::UniCase;

/// The definitions a text writes, by label.
#[derive(Default)]
pub(super) struct Definitions {
    by_label: HashMap<UniCase<String>, Definition>,
}

/// What a definition gives a link that names it.
pub(super) struct Definition {
    pub dest: String,
    pub title: String,
}

impl Definition {
    /// What the parser is given for a label with no definition in the text
    /// it reads (its broken-link callback's answer).
    pub fn as_link(&self) -> (CowStr<'static>, CowStr<'static>) {
        (self.dest.clone().into(), self.title.clone().into())
    }

    /// The bytes a link naming it copies, as the parser counts them
    /// against its limit.
    pub fn copied(&self) -> usize {
        self.dest.len() + self.title.len()
    }
}

impl Definitions {
    /// Adds a definition, its label as the parser keys it ([`key`]), unless
    /// one before had that label.
    pub fn add(&mut self, label: String, dest: String, title: String) {
        (self.by_label)
            .entry(UniCase::new(label))
            .or_insert(Definition { dest, title });
    }

    /// The definition a label (as the parser keys it) names, if any.
    pub fn get(&self, label: &str) -> Option<&Definition> {
        self.by_label.get(&UniCase::new(label.to_owned()))
    }

    /// Each label and the destination it gives.
    pub fn each(&self) -> impl Iterator<Item = (&str, &str)> {
        (self.by_label.iter()).map(|(label, def)| (label.as_str(), def.dest.as_str()))
    }
}

/// A definition's line as the block-level pass reads one (`[label]: dest`,
/// perhaps a title in quotes or parentheses; no bracket or backslash in the
/// label, no parenthesis, angle bracket or backslash in the destination):
/// its label as the parser keys it, its destination and its title. `None`
/// where the parser could read it otherwise: an entity in its destination,
/// a vertical tab or form feed in its label.
pub(super) fn read_line(line: &str) -> Option<(String, String, String)> {
    let rest = line.trim_start().strip_prefix('[')?;
    let (label, rest) = rest.split_once("]:")?;
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let end = (rest.bytes())
        .position(|b| b <= b' ' || b == 0x7f)
        .unwrap_or(rest.len());
    let (dest, title) = rest.split_at(end);
    if dest.contains('&') {
        return None;
    }
    // (The title only counts the bytes copied: its quotes are left out,
    // its entities as written.)
    let title = title.trim_matches(|c: char| c.is_ascii_whitespace());
    let title = title
        .get(1..title.len().saturating_sub(1))
        .unwrap_or_default();
    Some((key(label)?, dest.to_owned(), title.to_owned()))
}

/// A label as the parser keys it: each run of white space but a lone space
/// as one space, none at either end. `None` where it holds a vertical tab or
/// a form feed, which the parser reads as white space and Rust does not
/// alike.
pub(super) fn key(label: &str) -> Option<String> {
    // Most labels are keys as written.
    if is_key(label.as_bytes()) {
        return Some(label.to_owned());
    }
    if label.bytes().any(|b| matches!(b, 0x0b | 0x0c)) {
        return None;
    }
    Some(label.split_ascii_whitespace().collect::<Vec<_>>().join(" "))
}

/// Whether a label is its own [`key`]: words parted by single spaces, no
/// other white space.
pub(super) fn is_key(label: &[u8]) -> bool {
    let white = |b: &u8| b.is_ascii_whitespace() || *b == 0x0b;
    !label.first().is_some_and(white)
        && !label.last().is_some_and(white)
        && !(label.windows(2)).any(|w| white(&w[0]) && (w[0] != b' ' || w[1] == b' '))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_is_keyed_as_the_parser_keys_it() {
        assert_eq!(key("Foo bar").as_deref(), Some("Foo bar"));
        assert_eq!(key(" a \t b  c ").as_deref(), Some("a b c"));
        assert_eq!(key("a\tb").as_deref(), Some("a b"));
        assert_eq!(key("a\x0cb"), None);
        assert!(is_key(b"a b") && !is_key(b"a  b") && !is_key(b"a\tb") && !is_key(b"a\x0bb"));
    }

    #[test]
    fn a_definitions_line_gives_its_label_destination_and_title() {
        let read = |line: &str| read_line(line).expect("read");
        assert_eq!(
            read("[Foo  Bar]: /url \"The title\"\n"),
            ("Foo Bar".into(), "/url".into(), "The title".into())
        );
        assert_eq!(
            read("  [x]:   y.md"),
            ("x".into(), "y.md".into(), String::new())
        );
        // An entity the parser would decode: its reading is the parser's.
        assert_eq!(read_line("[x]: a&amp;b"), None);
    }

    #[test]
    fn the_first_definition_of_a_label_counts_whatever_its_case() {
        let mut defs = Definitions::default();
        defs.add("Foo".into(), "/first".into(), String::new());
        defs.add("FOO".into(), "/second".into(), String::new());
        defs.add("Straße".into(), "/street".into(), String::new());
        assert_eq!(defs.get("foo").map(|d| d.dest.as_str()), Some("/first"));
        assert_eq!(
            defs.get("STRASSE").map(|d| d.dest.as_str()),
            Some("/street")
        );
        assert!(defs.get("bar").is_none());
    }
}
