//! A passage's text as a response shows it: on one line, whitespace folded, a
//! link by its text, HTML tags and character references as their text; code
//! spans as written.

/// Source text as a passage shows it: whitespace runs folded to one space,
/// and a link (`[text](url)`, `![alt](src)`, `[text][ref]`) by its text; code
/// spans stay as written.
pub(crate) fn shown_text(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let bytes = source.as_bytes();
    let mut i = 0;
    let mut space = false;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() {
            space = !out.is_empty();
            i += 1;
            if b == b'\n' {
                // A quote's markers on the lines after the first.
                while i < bytes.len() && matches!(bytes[i], b'>' | b' ' | b'\t') {
                    i += 1;
                }
            }
            continue;
        }
        if space && !out.ends_with(' ') {
            out.push(' ');
        }
        space = false;
        let (shown, end) = next_shown(source, i);
        match shown {
            Shown::Folded(text) => push_folded(&mut out, text),
            Shown::Text(text) => out.push_str(text),
            Shown::Char(c) => out.push(c),
            Shown::Space => space = !out.is_empty(),
            Shown::Nothing => {}
        }
        i = end;
    }
    out.truncate(out.trim_end().len());
    out
}

/// What a passage shows for one piece of its source.
enum Shown<'a> {
    /// Text with its whitespace folded: a code span, a link's text.
    Folded(&'a str),
    /// Text as it is: a character, or markup that opens nothing.
    Text(&'a str),
    /// The character a reference names.
    Char(char),
    /// A space, as whitespace shows.
    Space,
    /// Nothing: a tag.
    Nothing,
}

/// What a passage shows for the source at `i` (not whitespace), and where
/// that piece of the source ends.
fn next_shown(source: &str, i: usize) -> (Shown<'_>, usize) {
    let bytes = source.as_bytes();
    match bytes[i] {
        b'`' => {
            // A code span, as written, up to its closing run of backticks.
            let run = bytes[i..].iter().take_while(|&&c| c == b'`').count();
            let close = find_run(&bytes[i + run..], run).map(|k| i + run + k + run);
            let end = close.unwrap_or(i + run);
            (Shown::Folded(&source[i..end]), end)
        }
        b'!' if bytes.get(i + 1) == Some(&b'[') => match link(source, i + 1) {
            Some((label, end)) => (Shown::Folded(label), end),
            None => (Shown::Text("!"), i + 1),
        },
        b'[' => match link(source, i) {
            Some((label, end)) => (Shown::Folded(label), end),
            None => (Shown::Text("["), i + 1),
        },
        // A tag separates words only where whitespace does.
        b'<' => match tag(source, i) {
            // A superscript reads as one: `2<sup>29</sup>` is 2^29, not 229.
            Some(end) if source[i..end].eq_ignore_ascii_case("<sup>") => (Shown::Char('^'), end),
            Some(end) => (Shown::Nothing, end),
            None => (Shown::Text("<"), i + 1),
        },
        b'&' => match entity(&source[i..]) {
            Some((c, len)) if c.is_whitespace() => (Shown::Space, i + len),
            Some((c, len)) => (Shown::Char(c), i + len),
            None => (Shown::Text("&"), i + 1),
        },
        b => {
            let len = utf8_len(b);
            let c = &source[i..(i + len).min(source.len())];
            // A control or bidirectional formatting character would drive the
            // reader's terminal: a space, as whitespace is.
            if c.chars().any(crate::namespace::garbles) {
                (Shown::Space, i + len)
            } else {
                (Shown::Text(c), i + len)
            }
        }
    }
}

/// HTML elements whose tags a passage leaves out (their text stays).
const HTML_TAGS: &[&str] = &[
    "a",
    "abbr",
    "b",
    "br",
    "button",
    "center",
    "cite",
    "code",
    "dd",
    "del",
    "details",
    "div",
    "dl",
    "dt",
    "em",
    "figcaption",
    "figure",
    "font",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "i",
    "iframe",
    "img",
    "input",
    "ins",
    "kbd",
    "label",
    "li",
    "mark",
    "ol",
    "p",
    "picture",
    "pre",
    "q",
    "s",
    "samp",
    "small",
    "source",
    "span",
    "strong",
    "sub",
    "summary",
    "sup",
    "table",
    "tbody",
    "td",
    "th",
    "thead",
    "tr",
    "tt",
    "u",
    "ul",
    "var",
    "video",
    "wbr",
];

/// The end of an HTML tag starting at `at` (`<span id="x"/>`, `</em>`,
/// `<!-- … -->`, `<Tabs items={…}>`), when it is one: an element HTML knows,
/// or any name with attributes. `<T>` and `<path>` in prose are text.
pub(super) fn tag(source: &str, at: usize) -> Option<usize> {
    let rest = &source[at + 1..];
    if let Some(comment) = rest.strip_prefix("!--") {
        return comment.find("-->").map(|k| at + 4 + k + 3);
    }
    let body = rest.strip_prefix('/').unwrap_or(rest);
    let name_len = body
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'.')
        .count();
    if name_len == 0 || !body.as_bytes()[0].is_ascii_alphabetic() {
        return None;
    }
    let close = rest.find('>')?;
    if rest[..close].contains('\n') && rest[..close].contains("\n\n") {
        return None;
    }
    let name = body[..name_len].to_ascii_lowercase();
    let attributes = body[name_len..close - (rest.len() - body.len())].contains('=');
    (HTML_TAGS.contains(&name.as_str()) || attributes).then_some(at + 1 + close + 1)
}

/// A character entity at the start of `text` (`&lt;`, `&nbsp;`, `&#39;`):
/// its character and length.
fn entity(text: &str) -> Option<(char, usize)> {
    let end = text[..text.len().min(10)].find(';')?;
    let name = &text[1..end];
    let c = match name {
        "lt" => '<',
        "gt" => '>',
        "amp" => '&',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => ' ',
        _ => {
            let code = name.strip_prefix('#')?;
            let n = match code.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => code.parse().ok()?,
            };
            char::from_u32(n)?
        }
    };
    Some((c, end + 1))
}

fn utf8_len(lead: u8) -> usize {
    match lead {
        0xF0.. => 4,
        0xE0.. => 3,
        0xC0.. => 2,
        _ => 1,
    }
}

/// Appends text with its whitespace runs folded.
fn push_folded(out: &mut String, text: &str) {
    let mut first = true;
    for word in text.split_ascii_whitespace() {
        if !first {
            out.push(' ');
        }
        out.push_str(word);
        first = false;
    }
}

/// The next run of exactly `n` backticks in `bytes`.
fn find_run(bytes: &[u8], n: usize) -> Option<usize> {
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'`' {
            let run = bytes[i..].iter().take_while(|&&c| c == b'`').count();
            if run == n {
                return Some(i);
            }
            i += run;
        } else {
            i += 1;
        }
    }
    None
}

/// A link starting at the `[` at `at`: its text and where it ends, for
/// `[text](dest)`, `[text][ref]` and `[text][]` on one stretch of text.
fn link(source: &str, at: usize) -> Option<(&str, usize)> {
    let bytes = source.as_bytes();
    let mut depth = 0usize;
    let mut close = None;
    for (k, &b) in bytes.iter().enumerate().skip(at) {
        match b {
            b'\\' => {}
            b'[' => depth += 1,
            b']' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(k);
                    break;
                }
            }
            b'\n' if bytes.get(k + 1) == Some(&b'\n') => return None,
            _ => {}
        }
    }
    let close = close?;
    let label = &source[at + 1..close];
    let (open, shut) = match bytes.get(close + 1) {
        Some(b'(') => (b'(', b')'),
        Some(b'[') => (b'[', b']'),
        _ => return None,
    };
    let mut depth = 0usize;
    for (k, &b) in bytes.iter().enumerate().skip(close + 1) {
        if b == open {
            depth += 1;
        } else if b == shut {
            depth -= 1;
            if depth == 0 {
                return Some((label, k + 1));
            }
        } else if b == b'\n' && open == b'[' {
            return None;
        }
    }
    None
}
