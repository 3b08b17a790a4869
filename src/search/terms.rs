//! Terms: how text becomes searchable tokens, the same way for documents and queries.
//!
//! Text is cut at whitespace and punctuation into chunks; a chunk is letters and
//! digits held together by identifier joiners (`_ - . : / < > ' @ # +`), with the
//! joiners at its ends dropped (`--concurrent-fragments` → `concurrent-fragments`,
//! `end.` → `end`). Each chunk yields its parts — split at joiners and at camelCase
//! humps, lowercased — and, when it has several parts, the whole chunk as typed
//! (lowercased), so `snake_case`, `Rc<T>` and `1.7.0` are found whole or by a part.
//! Text written without spaces (CJK) yields overlapping character bigrams.
//! Words are reduced to their English stem by [`stem`] only when compared, never
//! here: this module allocates nothing per token.

use std::borrow::Cow;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum TokenKind {
    /// A word or one part of an identifier, lowercase.
    Word,
    /// An identifier of several parts, lowercase, joiners kept: `snake_case`, `1.7.0`.
    Whole,
    /// Two adjacent characters of text written without spaces, or a lone one.
    Gram,
}

/// One token of a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    /// The lowercased text.
    pub(crate) text: &'a str,
    /// What it is.
    pub(crate) kind: TokenKind,
    /// Byte offset in the source of its first character.
    pub(crate) start: usize,
    /// Position among words and grams (a whole shares its first part's), for phrases.
    pub(crate) pos: u32,
}

/// Byte classes for ASCII: what a byte does to a chunk.
const SEPARATOR: u8 = 0;
const ALNUM: u8 = 1;
const JOINER: u8 = 2;

const CLASS: [u8; 128] = {
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
const LOWER: u8 = 4;
const UPPER: u8 = 8;

const CASE: [u8; 128] = {
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
fn class(c: char) -> u8 {
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

/// Reusable buffers for [`Tokenizer::run`].
#[derive(Default)]
pub(crate) struct Tokenizer {
    whole: String,
    part: String,
    parts: Vec<(usize, usize)>,
    pos: u32,
    /// Plain words that cannot interest the caller are counted, not emitted.
    filter: Option<Filter>,
}

/// Which plain words a caller wants to see: by their first byte (lowercase), or
/// by their length in bytes (up to 63; longer ones count as 63).
#[derive(Clone, Debug)]
pub(crate) struct Filter {
    pub(crate) first: [bool; 256],
    pub(crate) len: u64,
    /// Whether whole identifiers are wanted at all.
    pub(crate) wholes: bool,
}

impl Filter {
    /// Whether a word (any case) may interest the caller; words beyond ASCII always may.
    fn wants(&self, word: &str) -> bool {
        !word.is_ascii() || self.wants_ascii(word.as_bytes())
    }

    fn wants_ascii(&self, word: &[u8]) -> bool {
        self.first[usize::from(word[0].to_ascii_lowercase())]
            || self.len >> word.len().min(63) & 1 == 1
    }
}

impl Tokenizer {
    /// Calls `emit` for every token of `text`, in order; `base` is added to every
    /// offset. Positions continue from the previous call until [`Tokenizer::reset`].
    pub(crate) fn run(&mut self, text: &str, base: usize, mut emit: impl FnMut(&Token<'_>)) {
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b < 0x80 {
                if CLASS[usize::from(b)] == SEPARATOR {
                    i += 1;
                    continue;
                }
                // The commonest chunk: a lowercase (or Capitalised) word and a space.
                // Trailing joiners (`end.`, `note:`) do not change that.
                if CLASS[usize::from(b)] == ALNUM {
                    let j = lowercase_run_end(bytes, i + 1);
                    let mut k = j;
                    while k < bytes.len()
                        && bytes[k] < 0x80
                        && CLASS[usize::from(bytes[k])] == JOINER
                    {
                        k += 1;
                    }
                    if k == bytes.len()
                        || (bytes[k] < 0x80 && CLASS[usize::from(bytes[k])] == SEPARATOR)
                    {
                        self.word(&text[i..j], b.is_ascii_uppercase(), base + i, &mut emit);
                        i = k;
                        continue;
                    }
                }
                // Most other chunks are plain ASCII words too: lowercase, Capitalised or ALL
                // CAPS, no joiner but trailing ones (`end.`). They are one part.
                let first = CASE[usize::from(b)];
                let mut j = i + 1;
                let mut word_end = if first == JOINER { i } else { j };
                let mut joined = first == JOINER;
                let mut inner_join = false;
                let mut seen = 0u8; // case classes after the first byte, one bit each
                while j < bytes.len() && bytes[j] < 0x80 {
                    match CASE[usize::from(bytes[j])] {
                        SEPARATOR => break,
                        JOINER => joined = true,
                        case => {
                            inner_join |= joined;
                            seen |= case;
                            word_end = j + 1;
                        }
                    }
                    j += 1;
                }
                let ends_here = j == bytes.len()
                    || bytes[j] < 0x80
                    || text[j..]
                        .chars()
                        .next()
                        .is_some_and(|c| is_cjk(c) || class(c) == SEPARATOR);
                if ends_here {
                    let humps = seen & UPPER != 0 && !(first == UPPER && seen & LOWER == 0);
                    if word_end == i {
                        // Only joiners (`-`, `##`, `...`): nothing to find.
                    } else if first != JOINER && !inner_join && !humps {
                        self.word(
                            &text[i..word_end],
                            first == UPPER || seen & UPPER != 0,
                            base + i,
                            &mut emit,
                        );
                    } else {
                        self.chunk(&text[i..j], base + i, &mut emit);
                    }
                    i = j;
                    continue;
                }
            } else {
                let c = text[i..].chars().next().expect("i is on a char boundary");
                if is_cjk(c) {
                    i = self.cjk_run(text, i, base, &mut emit);
                    continue;
                }
                if class(c) == SEPARATOR {
                    i += c.len_utf8();
                    continue;
                }
            }
            let end = chunk_end(text, i);
            self.chunk(&text[i..end], base + i, &mut emit);
            i = end;
        }
    }

    /// Starts positions again from zero (a new unit of text).
    pub(crate) fn reset(&mut self) {
        self.pos = 0;
    }

    /// Words and grams seen so far (since the last reset).
    pub(crate) fn position(&self) -> u32 {
        self.pos
    }

    /// A tokenizer that skips plain words `filter` rejects: they still take a
    /// position, so lengths and phrases stay right.
    pub(crate) fn filtered(filter: Filter) -> Tokenizer {
        Tokenizer {
            filter: Some(filter),
            ..Tokenizer::default()
        }
    }

    /// Emits the bigrams of the run of CJK characters starting at `from`; returns
    /// where the run ends.
    fn cjk_run(
        &mut self,
        text: &str,
        from: usize,
        base: usize,
        emit: &mut impl FnMut(&Token<'_>),
    ) -> usize {
        let mut chars = text[from..].char_indices().map(|(k, c)| (from + k, c));
        let (mut prev_at, mut prev) = chars.next().expect("the run has a first character");
        let mut end = prev_at + prev.len_utf8();
        let mut lone = true;
        for (at, c) in chars {
            if !is_cjk(c) {
                break;
            }
            lone = false;
            end = at + c.len_utf8();
            self.emit_gram(&text[prev_at..end], base + prev_at, emit);
            (prev_at, prev) = (at, c);
        }
        if lone {
            self.emit_gram(
                &text[prev_at..prev_at + prev.len_utf8()],
                base + prev_at,
                emit,
            );
        }
        end
    }

    fn emit_gram(&mut self, gram: &str, start: usize, emit: &mut impl FnMut(&Token<'_>)) {
        let text = lower(gram, &mut self.part);
        emit(&Token {
            text,
            kind: TokenKind::Gram,
            start,
            pos: self.pos,
        });
        self.pos += 1;
    }

    /// Emits a plain ASCII word of one part; `capitals` if it has any.
    #[inline(always)]
    fn word(
        &mut self,
        word: &str,
        capitals: bool,
        start: usize,
        emit: &mut impl FnMut(&Token<'_>),
    ) {
        if self
            .filter
            .as_ref()
            .is_some_and(|f| !f.wants_ascii(word.as_bytes()))
        {
            self.pos += 1;
            return;
        }
        let text = if capitals {
            self.part.clear();
            self.part
                .extend(word.bytes().map(|b| char::from(b.to_ascii_lowercase())));
            &self.part
        } else {
            word
        };
        emit(&Token {
            text,
            kind: TokenKind::Word,
            start,
            pos: self.pos,
        });
        self.pos += 1;
    }

    /// Emits the parts of one chunk (and the whole, if it has several parts).
    fn chunk(&mut self, chunk: &str, start: usize, emit: &mut impl FnMut(&Token<'_>)) {
        let bytes = chunk.as_bytes();
        let joiner_byte = |b: &&u8| **b < 0x80 && CLASS[usize::from(**b)] == JOINER;
        let lead = bytes.iter().take_while(joiner_byte).count();
        let trail = bytes[lead..].iter().rev().take_while(joiner_byte).count();
        let mut trimmed = &chunk[lead..chunk.len() - trail];
        let mut start = start + lead;
        // The typographic apostrophe is the one joiner beyond ASCII.
        if trimmed.starts_with('\u{2019}') || trimmed.ends_with('\u{2019}') {
            let is_joiner = |c: char| class(c) == JOINER;
            let t = trimmed.trim_start_matches(is_joiner);
            start += trimmed.len() - t.len();
            trimmed = t.trim_end_matches(is_joiner);
        }
        if trimmed.is_empty() {
            return;
        }
        split_parts(trimmed, &mut self.parts);
        // A compound without joiners (`camelCase`) is also a word as written.
        let wanted = |f: &Filter| f.wholes || (!has_joiner(trimmed) && f.wants(trimmed));
        if self.parts.len() > 1 && self.filter.as_ref().is_none_or(wanted) {
            let text = lower(trimmed, &mut self.whole);
            emit(&Token {
                text,
                kind: TokenKind::Whole,
                start,
                pos: self.pos,
            });
        }
        for k in 0..self.parts.len() {
            let (a, b) = self.parts[k];
            let part = &trimmed[a..b];
            if self.filter.as_ref().is_some_and(|f| !f.wants(part)) {
                self.pos += 1;
                continue;
            }
            let text = lower(part, &mut self.part);
            emit(&Token {
                text,
                kind: TokenKind::Word,
                start: start + a,
                pos: self.pos,
            });
            self.pos += 1;
        }
    }
}

/// The end of the run of ASCII lowercase letters and digits starting at `from`,
/// eight bytes at a time.
fn lowercase_run_end(bytes: &[u8], mut from: usize) -> usize {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // High bit of each lane set where an ASCII byte is at least `lo`; lanes never
    // borrow from each other, as each starts at 0x80 or more.
    let at_least = |x: u64, lo: u8| ((x | HIGH) - LOW * u64::from(lo)) & HIGH;
    while let Some(chunk) = bytes.get(from..from + 8) {
        let x = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let ascii = !x & HIGH;
        let lower = at_least(x, b'a') & !at_least(x, b'z' + 1);
        let digit = at_least(x, b'0') & !at_least(x, b'9' + 1);
        let run = (lower | digit) & ascii;
        if run != HIGH {
            return from + ((!run & HIGH).trailing_zeros() / 8) as usize;
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
fn chunk_end(text: &str, from: usize) -> usize {
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
fn split_parts(chunk: &str, parts: &mut Vec<(usize, usize)>) {
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
fn lower<'b>(s: &'b str, buf: &'b mut String) -> &'b str {
    if s.bytes().all(|b| !b.is_ascii_uppercase() && b < 0x80) {
        return s;
    }
    buf.clear();
    if s.is_ascii() {
        buf.extend(s.bytes().map(|b| char::from(b.to_ascii_lowercase())));
    } else {
        for c in s.chars() {
            if c == '\u{2019}' {
                buf.push('\'');
            } else {
                buf.extend(c.to_lowercase());
            }
        }
    }
    buf
}

/// The English stem of a lowercase word (`installing` → `instal`); words with
/// digits or letters beyond ASCII are their own stem.
pub(crate) fn stem(word: &str) -> Cow<'_, str> {
    if word.len() < 3 || !word.bytes().all(|b| b.is_ascii_lowercase() || b == b'\'') {
        return Cow::Borrowed(word);
    }
    rust_stemmers::Stemmer::create(rust_stemmers::Algorithm::English).stem(word)
}

/// Words too common to be required by a query: the classic English stop list of
/// Lucene's analyzers, plus the words that open questions.
pub(crate) fn is_stop_word(word: &str) -> bool {
    const STOP: [&str; 46] = [
        "a", "an", "and", "are", "as", "at", "be", "but", "by", "can", "do", "does", "for", "from",
        "how", "i", "if", "in", "into", "is", "it", "its", "no", "not", "of", "on", "or", "such",
        "that", "the", "their", "then", "there", "these", "they", "this", "to", "was", "what",
        "when", "where", "which", "who", "why", "will", "with",
    ];
    STOP.binary_search(&word).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<(TokenKind, String, usize, u32)> {
        let mut out = Vec::new();
        Tokenizer::default().run(text, 0, |t| {
            out.push((t.kind, t.text.to_owned(), t.start, t.pos));
        });
        out
    }

    fn texts(text: &str) -> Vec<String> {
        tokens(text).into_iter().map(|t| t.1).collect()
    }

    #[test]
    fn tokens_table() {
        let cases: &[(&str, &[&str])] = &[
            ("Hello, World!", &["hello", "world"]),
            (
                "--concurrent-fragments",
                &["concurrent-fragments", "concurrent", "fragments"],
            ),
            ("snake_case", &["snake_case", "snake", "case"]),
            ("camelCase", &["camelcase", "camel", "case"]),
            ("HTTPServer", &["httpserver", "http", "server"]),
            ("utf8 h2", &["utf8", "h2"]),
            ("Rc<T>", &["rc<t", "rc", "t"]),
            ("version 1.7.0.", &["version", "1.7.0", "1", "7", "0"]),
            ("std::fs::read", &["std::fs::read", "std", "fs", "read"]),
            ("don't Rust’s", &["don't", "rust's"]),
            (
                "`code` **bold** [link](http://x.io)",
                &["code", "bold", "link", "http://x.io", "http", "x", "io"],
            ),
            ("## Title ##", &["title"]),
            ("NOTE: the API’s JSON", &["note", "the", "api's", "json"]),
            (
                "word—word “quoted” ’single’",
                &["word", "word", "quoted", "single"],
            ),
            ("HTML5 A1B", &["html5", "a1b", "a1", "b"]),
            ("所有权规则", &["所有", "有权", "权规", "规则"]),
            ("锈 Rust所有", &["锈", "rust", "所有"]),
            ("Ünïcode ÉTÉ", &["ünïcode", "été"]),
            ("", &[]),
            ("*** --- ...", &[]),
        ];
        for (text, want) in cases {
            assert_eq!(texts(text), *want, "{text:?}");
        }
    }

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
    fn offsets_and_positions() {
        let got = tokens("a snake_case b");
        let want = vec![
            (TokenKind::Word, "a".to_owned(), 0, 0),
            (TokenKind::Whole, "snake_case".to_owned(), 2, 1),
            (TokenKind::Word, "snake".to_owned(), 2, 1),
            (TokenKind::Word, "case".to_owned(), 8, 2),
            (TokenKind::Word, "b".to_owned(), 13, 3),
        ];
        assert_eq!(got, want);
        let grams = tokens("x 所有权");
        assert_eq!(grams[1], (TokenKind::Gram, "所有".to_owned(), 2, 1));
        assert_eq!(grams[2], (TokenKind::Gram, "有权".to_owned(), 5, 2));
    }

    #[test]
    fn stems_table() {
        let cases = [
            ("installing", "instal"),
            ("installation", "instal"),
            ("install", "instal"),
            ("rules", "rule"),
            ("fragments", "fragment"),
            ("rust's", "rust"),
            ("h2", "h2"),
            ("été", "été"),
            ("is", "is"),
        ];
        for (word, want) in cases {
            assert_eq!(stem(word), want, "{word}");
        }
    }

    #[test]
    fn stop_words_are_sorted_and_found() {
        assert!(is_stop_word("the") && is_stop_word("how") && is_stop_word("with"));
        assert!(!is_stop_word("install") && !is_stop_word("rust"));
    }
}
