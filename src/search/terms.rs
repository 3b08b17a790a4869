//! Terms: how text becomes searchable tokens, the same way for documents and queries.
//!
//! Text is cut at whitespace and punctuation into chunks; a chunk is letters and
//! digits held together by identifier joiners (`_ - . : / < > ' @ # +`), with the
//! joiners at its ends dropped (`--concurrent-fragments` → `concurrent-fragments`,
//! `end.` → `end`). Each chunk yields its parts — split at joiners and at camelCase
//! humps, lowercased — and, when it has several parts, the whole chunk as typed
//! (lowercased), so `snake_case`, `Rc<T>` and `1.7.0` are found whole or by a part.
//! Text written without spaces (CJK) yields overlapping character bigrams.
//! Words are reduced to their English stem only when compared (see `query`), never
//! here: this module allocates nothing per token. Character classes and the
//! splitting of identifiers live in `chars`.

use super::chars::{
    ALNUM, CASE, CLASS, JOINER, LOWER, SEPARATOR, UPPER, chunk_end, class, has_joiner, is_cjk,
    lower, lowercase_run_end, split_parts,
};

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum TokenKind {
    /// A word or one part of an identifier, lowercase.
    Word,
    /// An identifier of several parts, lowercase, joiners kept: `snake_case`, `1.7.0`.
    Whole,
    /// Two adjacent characters of text written without spaces, or a lone one.
    Gram,
    /// Operator characters typed alone in a query (`$?`, `??`, `*>`): found in
    /// text as typed, never by the tokenizer (see [`super::query::Query::symbols_in`]).
    Symbol,
    /// A regular expression written `/…/` in a query: found in text by the
    /// expression, never by the tokenizer.
    Pattern,
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

/// Which plain words a caller wants to see: by their first two bytes
/// (lowercase), or by their length (ASCII words; up to 63, longer ones count as
/// 63). Words beyond ASCII are always wanted.
#[derive(Clone, Debug)]
pub(crate) struct Filter {
    /// The first two bytes of the words wanted.
    pub(crate) pairs: Pairs,
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
        self.pairs.has(word[0], word.get(1).map_or(0, |&b| b))
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
                    while i < bytes.len()
                        && bytes[i] < 0x80
                        && CLASS[usize::from(bytes[i])] == SEPARATOR
                    {
                        i += 1;
                    }
                    continue;
                }
                if let Some(end) = self.ascii_chunk(text, i, base, &mut emit) {
                    i = end;
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

    /// Emits the chunk starting at `i` (an ASCII byte, no separator) unless a
    /// character beyond ASCII continues it, and returns where it ends. Most
    /// chunks are plain words, which take the fast paths here.
    #[inline(always)]
    fn ascii_chunk(
        &mut self,
        text: &str,
        i: usize,
        base: usize,
        emit: &mut impl FnMut(&Token<'_>),
    ) -> Option<usize> {
        let bytes = text.as_bytes();
        let b = bytes[i];
        // The commonest chunk: a lowercase (or Capitalised) word and a space.
        // Trailing joiners (`end.`, `note:`) do not change that.
        if CLASS[usize::from(b)] == ALNUM {
            let j = lowercase_run_end(bytes, i + 1);
            let mut k = j;
            while k < bytes.len() && bytes[k] < 0x80 && CLASS[usize::from(bytes[k])] == JOINER {
                k += 1;
            }
            if k == bytes.len() || (bytes[k] < 0x80 && CLASS[usize::from(bytes[k])] == SEPARATOR) {
                self.word(&text[i..j], b.is_ascii_uppercase(), base + i, emit);
                return Some(k);
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
                    emit,
                );
            } else {
                self.chunk(&text[i..j], base + i, emit);
            }
            return Some(j);
        }
        None
    }

    /// Starts positions again from zero (a new unit of text).
    pub(crate) fn reset(&mut self) {
        self.pos = 0;
    }

    /// Words and grams seen so far (since the last reset).
    pub(crate) fn position(&self) -> u32 {
        self.pos
    }

    /// From now on skips plain words `filter` rejects (they still take a
    /// position, so lengths and phrases stay right), positions again from zero.
    pub(crate) fn refilter(&mut self, filter: Filter) {
        self.filter = Some(filter);
        self.pos = 0;
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
        let wanted = |f: &Filter| f.wholes || (f.wants(trimmed) && !has_joiner(trimmed));
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

/// A set of words' first two bytes, in either case: one bit per pair of the
/// bytes' last five bits. A letter in either case is one entry; a digit or a
/// sign shares one with a letter, which only lets a word through that need not
/// be. Most words share a first letter with some term (`the` with `to`, `a`
/// with `activities`), few their first two.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Pairs([u64; 16]);

impl Pairs {
    /// Adds the first two bytes of `start`; a one-byte start with whatever
    /// follows it.
    pub(crate) fn add(&mut self, start: &[u8]) {
        let Some(&first) = start.first() else {
            return;
        };
        let seconds = match start.get(1) {
            Some(&b) => b..=b,
            None => 0..=31,
        };
        for second in seconds {
            let bit = Pairs::bit(first, second);
            self.0[bit >> 6] |= 1 << (bit & 63);
        }
    }

    /// Whether a word starting with these two bytes (0 past its end) may start
    /// as one added did.
    pub(crate) fn has(&self, first: u8, second: u8) -> bool {
        let bit = Pairs::bit(first, second);
        self.0[bit >> 6] >> (bit & 63) & 1 == 1
    }

    fn bit(first: u8, second: u8) -> usize {
        usize::from(first & 31) << 5 | usize::from(second & 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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

    /// The plain reading of the module's rules, character by character, with
    /// none of the tokenizer's shortcuts: text is cut at separators and at
    /// runs written without spaces; a chunk loses the joiners at its ends,
    /// yields itself whole when it has several parts, then its parts; a run
    /// without spaces yields its bigrams (a lone character itself). Folded as
    /// search compares text (`chars::fold`).
    fn reference(text: &str) -> Vec<(TokenKind, String, usize, u32)> {
        let lowered = crate::search::chars::folded;
        let (mut out, mut pos, mut i) = (Vec::new(), 0u32, 0);
        while let Some(c) = text[i..].chars().next() {
            if is_cjk(c) {
                let run: Vec<(usize, char)> = (text[i..].char_indices())
                    .map(|(k, c)| (i + k, c))
                    .take_while(|&(_, c)| is_cjk(c))
                    .collect();
                if let [(at, c)] = run[..] {
                    out.push((TokenKind::Gram, lowered(&c.to_string()), at, pos));
                    pos += 1;
                }
                for pair in run.windows(2) {
                    let end = pair[1].0 + pair[1].1.len_utf8();
                    out.push((
                        TokenKind::Gram,
                        lowered(&text[pair[0].0..end]),
                        pair[0].0,
                        pos,
                    ));
                    pos += 1;
                }
                let (at, c) = run[run.len() - 1];
                i = at + c.len_utf8();
                continue;
            }
            if class(c) == SEPARATOR {
                i += c.len_utf8();
                continue;
            }
            let end = (text[i..].char_indices())
                .find(|&(_, c)| class(c) == SEPARATOR || is_cjk(c))
                .map_or(text.len(), |(k, _)| i + k);
            let chunk = &text[i..end];
            let trimmed = chunk.trim_matches(|c| class(c) == JOINER);
            if !trimmed.is_empty() {
                let start =
                    i + (chunk.len() - chunk.trim_start_matches(|c| class(c) == JOINER).len());
                let mut parts = Vec::new();
                split_parts(trimmed, &mut parts);
                if parts.len() > 1 {
                    out.push((TokenKind::Whole, lowered(trimmed), start, pos));
                }
                for (a, b) in parts {
                    out.push((TokenKind::Word, lowered(&trimmed[a..b]), start + a, pos));
                    pos += 1;
                }
            }
            i = end;
        }
        out
    }

    /// Pieces of text that take every path of the tokenizer: words in each
    /// case, digits, every joiner, separators, the typographic apostrophe,
    /// letters beyond ASCII and text written without spaces.
    const PIECES: [&str; 31] = [
        "a",
        "word",
        "Cap",
        "ALL",
        "camelCase",
        "HTTPServer",
        "7",
        "1.7.0",
        "_",
        "-",
        ".",
        ":",
        "/",
        "<",
        ">",
        "'",
        "@",
        "#",
        "+",
        " ",
        "\n",
        ",",
        "!",
        "(",
        "\u{2019}",
        "é",
        "Éte",
        "所有",
        "权",
        "ǅ",
        "--",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// The tokenizer, shortcuts and all, gives the reference's tokens.
        #[test]
        fn tokens_are_the_reference_readings(picks in prop::collection::vec(0..PIECES.len(), 0..24)) {
            let text: String = picks.iter().map(|&k| PIECES[k]).collect();
            prop_assert_eq!(tokens(&text), reference(&text), "{:?}", text);
        }
    }

    /// A word is never missed: whatever its case, and after a one-letter
    /// start whatever follows; most others are.
    #[test]
    fn pairs_hold_every_start_in_either_case() {
        let mut pairs = Pairs::default();
        for start in ["to", "a", "1.7", "bo"] {
            pairs.add(start.as_bytes());
        }
        for word in [
            "to", "To", "TOKEN", "a", "A", "an", "a1", "1.7.0", "boredom", "BOREDOM",
        ] {
            let w = word.as_bytes();
            assert!(pairs.has(w[0], w.get(1).map_or(0, |&b| b)), "{word}");
        }
        for word in ["the", "this", "find", "random", "be"] {
            let w = word.as_bytes();
            assert!(!pairs.has(w[0], w[1]), "{word}");
        }
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
}
