//! Characters: the classes that cut text into chunks, the splitting of a chunk
//! into the parts of an identifier, and the fast paths for plain ASCII words.
//!
//! Pure functions over bytes and characters; nothing here allocates but `lower`,
//! into a buffer the caller keeps.

use crate::lanes;

/// Byte classes for ASCII: what a byte does to a chunk.
pub(crate) const SEPARATOR: u8 = 0;
pub(crate) const ALNUM: u8 = 1;
pub(crate) const JOINER: u8 = 2;

pub(crate) const CLASS: [u8; 128] = {
    let mut table = [SEPARATOR; 128];
    let mut b = 0;
    while b < 128 {
        if (b as u8).is_ascii_alphanumeric() {
            table[b] = ALNUM;
        }
        b += 1;
    }
    let joiners = b"_-.:/<>'@#+";
    let mut j = 0;
    while j < joiners.len() {
        table[joiners[j] as usize] = JOINER;
        j += 1;
    }
    table
};

/// ASCII case classes for the plain-word path: separators and joiners as in
/// `CLASS`, then one bit each for lowercase letters and digits, and capitals.
pub(crate) const LOWER: u8 = 4;
pub(crate) const UPPER: u8 = 8;

pub(crate) const CASE: [u8; 128] = {
    let mut table = CLASS;
    let mut b = 0;
    while b < 128 {
        if (b as u8).is_ascii_uppercase() {
            table[b] = UPPER;
        } else if table[b] == ALNUM {
            table[b] = LOWER;
        }
        b += 1;
    }
    table
};

/// The class of a character: ASCII by table; beyond ASCII, letters and digits are
/// word characters, the typographic apostrophe joins, everything else separates.
pub(crate) fn class(c: char) -> u8 {
    if c.is_ascii() {
        CLASS[c as usize]
    } else if c == '\u{2019}' {
        JOINER
    } else if c.is_alphanumeric() {
        ALNUM
    } else {
        SEPARATOR
    }
}

/// Scripts written without spaces between words: Han, kana, Hangul.
pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x31F0..=0x31FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0xFF66..=0xFF9F | 0x20000..=0x2FFFF)
}

/// The end of the run of ASCII lowercase letters and digits starting at `from`,
/// eight bytes at a time.
pub(crate) fn lowercase_run_end(bytes: &[u8], mut from: usize) -> usize {
    while let Some(chunk) = bytes.get(from..from + 8) {
        let x = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let run = lanes::lower_or_digit(x);
        if run != lanes::HIGH {
            return from + ((!run & lanes::HIGH).trailing_zeros() / 8) as usize;
        }
        from += 8;
    }
    while from < bytes.len() && (bytes[from].is_ascii_lowercase() || bytes[from].is_ascii_digit()) {
        from += 1;
    }
    from
}

/// Whether a chunk holds a joiner (its parts were not split at humps alone).
pub(crate) fn has_joiner(chunk: &str) -> bool {
    chunk.chars().any(|c| class(c) == JOINER)
}

/// Where the chunk starting at `from` ends: at a separator or a CJK character.
pub(crate) fn chunk_end(text: &str, from: usize) -> usize {
    let bytes = text.as_bytes();
    let mut i = from;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            if CLASS[usize::from(b)] == SEPARATOR {
                return i;
            }
            i += 1;
        } else {
            let c = text[i..].chars().next().expect("i is on a char boundary");
            if is_cjk(c) || class(c) == SEPARATOR {
                return i;
            }
            i += c.len_utf8();
        }
    }
    i
}

/// The parts of a trimmed chunk as byte ranges: runs of letters and digits (an
/// apostrophe between letters stays inside: `don't`), cut at joiners and humps.
pub(crate) fn split_parts(chunk: &str, parts: &mut Vec<(usize, usize)>) {
    parts.clear();
    if chunk.is_ascii() {
        split_ascii(chunk.as_bytes(), parts);
    } else {
        split_chars(chunk.char_indices(), chunk.len(), parts);
    }
}

/// [`split_chars`] for ASCII, by table.
fn split_ascii(bytes: &[u8], parts: &mut Vec<(usize, usize)>) {
    let mut start: Option<usize> = None;
    let mut prev = SEPARATOR; // case class of the previous byte in a part
    for (i, &b) in bytes.iter().enumerate() {
        let class = CASE[usize::from(b)];
        if class == JOINER {
            let inner_apostrophe = b == b'\''
                && start.is_some()
                && prev != SEPARATOR
                && bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic);
            if !inner_apostrophe {
                if let Some(s) = start.take() {
                    parts.push((s, i));
                }
                prev = SEPARATOR;
                continue;
            }
        }
        if let Some(s) = start
            && class == UPPER
            && (prev == LOWER
                || (prev == UPPER && bytes.get(i + 1).is_some_and(u8::is_ascii_lowercase)))
        {
            parts.push((s, i));
            start = Some(i);
        }
        start.get_or_insert(i);
        prev = class;
    }
    if let Some(s) = start {
        parts.push((s, bytes.len()));
    }
}

fn split_chars(
    chars: impl Iterator<Item = (usize, char)>,
    len: usize,
    parts: &mut Vec<(usize, usize)>,
) {
    let mut start: Option<usize> = None;
    let mut prev: Option<char> = None;
    let mut iter = chars.peekable();
    while let Some((i, c)) = iter.next() {
        let next = iter.peek().map(|&(_, n)| n);
        let joins = class(c) == JOINER;
        let inner_apostrophe = (c == '\'' || c == '\u{2019}')
            && prev.is_some_and(char::is_alphanumeric)
            && next.is_some_and(char::is_alphabetic)
            && start.is_some();
        if joins && !inner_apostrophe {
            if let Some(s) = start.take() {
                parts.push((s, i));
            }
            prev = None;
            continue;
        }
        if let (Some(s), Some(p)) = (start, prev)
            && hump(p, c, next)
        {
            parts.push((s, i));
            start = Some(i);
        }
        start.get_or_insert(i);
        prev = Some(c);
    }
    if let Some(s) = start {
        parts.push((s, len));
    }
}

/// A camelCase boundary before `c`: lower or digit → upper (`toString`), or the last
/// capital of a run before a lowercase letter (`HTTPServer` → `HTTP`, `Server`).
fn hump(prev: char, c: char, next: Option<char>) -> bool {
    c.is_uppercase()
        && (prev.is_lowercase()
            || prev.is_numeric()
            || (prev.is_uppercase() && next.is_some_and(char::is_lowercase)))
}

/// `s` lowercased, borrowed when it already is, else written into `buf`.
pub(crate) fn lower<'b>(s: &'b str, buf: &'b mut String) -> &'b str {
    if s.bytes().all(|b| !b.is_ascii_uppercase() && b < 0x80) {
        return s;
    }
    buf.clear();
    if s.is_ascii() {
        buf.extend(s.bytes().map(|b| char::from(b.to_ascii_lowercase())));
    } else {
        for c in s.chars() {
            fold(c, buf);
        }
    }
    buf
}

/// Writes `c` as search compares it: lowercased, with the compatibility
/// forms a reader takes for the same letters folded to them: fullwidth Latin
/// (`ＦＵＬＬ` is `full`), the Latin ligatures (`ﬁle` is `file`), `ß` and `ẞ`
/// as `ss`, the long `ſ` as `s`, and the typographic apostrophe as `'`. (The
/// Kelvin and Ångström signs lowercase to `k` and `å` by themselves.)
pub(crate) fn fold(c: char, buf: &mut String) {
    match c {
        '\u{2019}' => buf.push('\''),
        'ß' | 'ẞ' => buf.push_str("ss"),
        'ſ' => buf.push('s'),
        '\u{FB00}' => buf.push_str("ff"),
        '\u{FB01}' => buf.push_str("fi"),
        '\u{FB02}' => buf.push_str("fl"),
        '\u{FB03}' => buf.push_str("ffi"),
        '\u{FB04}' => buf.push_str("ffl"),
        '\u{FB05}' | '\u{FB06}' => buf.push_str("st"),
        '\u{FF01}'..='\u{FF5E}' => {
            let ascii = char::from_u32(c as u32 - 0xFEE0).expect("fullwidth forms map to ASCII");
            buf.push(ascii.to_ascii_lowercase());
        }
        _ => buf.extend(c.to_lowercase()),
    }
}

/// Whether `text` holds a character that search reads as ASCII letters
/// (see [`fold`]; `İ` and the Kelvin sign lowercase to them): a body holding
/// one is read whole, as a term's ASCII start may lie inside it.
pub(crate) fn folds_to_ascii(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().any(|(i, &b)| {
        // The lead bytes of the characters below, which no other byte is.
        matches!(b, 0xC3..=0xC5 | 0xE1 | 0xE2 | 0xEF)
            && text[i..].chars().next().is_some_and(|c| {
                matches!(c, 'ß' | 'ẞ' | 'ſ' | 'İ' | '\u{212A}' | '\u{FB00}'..='\u{FB06}' | '\u{FF01}'..='\u{FF5E}')
            })
    })
}

/// `s` as search compares it (see [`fold`]).
pub(crate) fn folded(s: &str) -> String {
    let mut buf = String::with_capacity(s.len());
    for c in s.chars() {
        fold(c, &mut buf);
    }
    buf
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowercase_runs_end_where_a_byte_by_byte_scan_does() {
        let naive = |b: &[u8], mut i: usize| {
            while i < b.len() && (b[i].is_ascii_lowercase() || b[i].is_ascii_digit()) {
                i += 1;
            }
            i
        };
        let texts = [
            "abcdefghijklmnopqrstuvwxyz0123456789 end",
            "short",
            "exactly8",
            "nineteen characters",
            "a`b{c@d[e/f:g\u{e9}h",
            "abcdefgh\u{e9}ijk",
            "zzzzzzzzzzzzzzzz{",
            "",
        ];
        for t in texts {
            for from in 0..=t.len() {
                assert_eq!(
                    lowercase_run_end(t.as_bytes(), from),
                    naive(t.as_bytes(), from),
                    "{t:?} {from}"
                );
            }
        }
    }

    #[test]
    fn ascii_parts_split_as_characters_do() {
        let chunks = [
            "HTTPServer",
            "camelCase",
            "snake_case",
            "don't",
            "a'b'c",
            "x''y",
            "ABC1",
            "A1B",
            "utf8Decoder",
            "rc<t",
            "1.7.0",
            "getHTTP2Response",
            "it's-fine",
            "O'Reilly",
            "a'1",
        ];
        for chunk in chunks {
            let (mut fast, mut slow) = (Vec::new(), Vec::new());
            split_ascii(chunk.as_bytes(), &mut fast);
            split_chars(chunk.char_indices(), chunk.len(), &mut slow);
            assert_eq!(fast, slow, "{chunk}");
        }
    }

    #[test]
    fn lanes_match_their_byte_tests() {
        use crate::lanes::*;
        for b in 0..=255u8 {
            for lane in 0..8 {
                // The byte in one lane, all others 'a', then all others zero.
                for fill in [b'a', 0u8, 0xFF] {
                    let mut bytes = [fill; 8];
                    bytes[lane] = b;
                    let x = u64::from_le_bytes(bytes);
                    let bit = |m: u64| m >> (lane * 8 + 7) & 1 == 1;
                    assert_eq!(bit(alnum(x)), b.is_ascii_alphanumeric(), "{b} {lane}");
                    let (alnum, upper) = alnum_upper(x);
                    assert_eq!(bit(alnum), b.is_ascii_alphanumeric(), "{b} {lane}");
                    assert_eq!(bit(upper), b.is_ascii_uppercase(), "{b} {lane}");
                    let lower = b.is_ascii_lowercase() || b.is_ascii_digit();
                    assert_eq!(bit(lower_or_digit(x)), lower, "{b} {lane}");
                }
            }
        }
        assert_eq!(load(b"abc", 0), u64::from_le_bytes(*b"abc\0\0\0\0\0"));
        for mask in [0, HIGH, 0x80, 0x80 << 56, 0x8000_8080_0000_8000] {
            assert_eq!(count(mask), mask.count_ones());
        }
    }
}
