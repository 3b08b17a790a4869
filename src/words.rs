//! Word counting, the one size measure every face shares.
//!
//! A word is a run of non-whitespace characters in the raw source text, markup
//! included. Counting needs no parse, so the hook can size a 10 MB file in
//! milliseconds. This module must stay allocation-free.

use crate::lanes::{HIGH, LOW, ascii_space};

/// Counts the words of `text`: maximal runs of non-whitespace characters.
///
/// ```
/// assert_eq!(mdsel::count_words("# Title\n\nSome *bold* text.\n"), 5);
/// assert_eq!(mdsel::count_words(""), 0);
/// ```
pub fn count_words(text: impl AsRef<[u8]>) -> usize {
    count_words_bytes(text.as_ref())
}

/// Counts words in bytes that are expected to be UTF-8; invalid sequences count as
/// word characters, so the count never fails.
///
/// ASCII text goes eight bytes at a time (SWAR: per-byte whitespace tests in one
/// `u64`, word starts summed per byte lane); runs of 255 chunks that are all ASCII
/// take a branch-free loop, and a chunk holding a non-ASCII byte is decoded
/// character by character.
pub(crate) fn count_words_bytes(bytes: &[u8]) -> usize {
    /// Chunks per run: a lane sum cannot pass 255 within one.
    const RUN: usize = 255 * 8;
    let mut words = 0usize;
    // High bit set when the byte before the current chunk was whitespace.
    let mut prev_space: u64 = 0x80; // the text starts as if after whitespace
    let mut i = 0;
    while i < bytes.len() {
        // Whole chunks only, and a short text's are taken this way too: most
        // of a document's blocks are shorter than a run.
        let run = RUN.min((bytes.len() - i) & !7);
        if run > 0 && bytes[i..i + run].is_ascii() {
            let mut lanes = 0u64;
            for chunk in bytes[i..i + run].chunks_exact(8) {
                let chunk = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
                let space = ascii_space(chunk);
                lanes += (!space & HIGH & ((space << 8) | prev_space)) >> 7;
                prev_space = (space >> 56) & 0x80;
            }
            words += fold_lanes(lanes);
            i += run;
        } else {
            let end = (i + RUN).min(bytes.len());
            (i, prev_space) = mixed(bytes, i, end, prev_space, &mut words);
        }
    }
    words
}

/// Counts words in `bytes[i..end]` (and past `end` to finish a character), eight
/// bytes at a time where they are ASCII. Returns where it stopped and whether the
/// last byte was whitespace (as `prev_space`).
fn mixed(
    bytes: &[u8],
    mut i: usize,
    end: usize,
    mut prev_space: u64,
    words: &mut usize,
) -> (usize, u64) {
    let mut lanes = 0u64;
    while i < end {
        let ascii = bytes
            .get(i..i + 8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("eight bytes")));
        match ascii {
            // Outside the ASCII range only characters led by the bytes
            // [`char_space`] decodes can be whitespace: a chunk without one
            // counts like ASCII, every other byte of it a word character.
            Some(chunk) if chunk & HIGH == 0 || !holds_space_lead(chunk) => {
                let space = ascii_space(chunk & !HIGH) & !chunk;
                lanes += (!space & HIGH & ((space << 8) | prev_space)) >> 7;
                prev_space = (space >> 56) & 0x80;
                i += 8;
            }
            _ => {
                // Decode to the end of this chunk (a character may run past it).
                let stop = (i + 8).min(bytes.len());
                let mut in_word = prev_space == 0;
                while i < stop {
                    let (space, width) = char_space(&bytes[i..]);
                    *words += usize::from(!space && !in_word);
                    in_word = !space;
                    i += width;
                }
                prev_space = if in_word { 0 } else { 0x80 };
            }
        }
    }
    *words += fold_lanes(lanes);
    (i, prev_space)
}

/// The sum of the eight byte lanes of `lanes`.
fn fold_lanes(lanes: u64) -> usize {
    let pairs = (lanes & 0x00ff_00ff_00ff_00ff) + ((lanes >> 8) & 0x00ff_00ff_00ff_00ff);
    (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize
}

/// The byte offset where word number `n` (0-based) starts in `text`, if there is one.
pub(crate) fn word_start(text: &str, n: usize) -> Option<usize> {
    let mut seen = 0;
    let mut in_word = false;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            in_word = false;
        } else if !in_word {
            if seen == n {
                return Some(i);
            }
            in_word = true;
            seen += 1;
        }
    }
    None
}

/// Whether the character starting `bytes` is whitespace, and how many bytes to
/// step. Only four lead bytes can start a non-ASCII whitespace character (U+0085,
/// U+00A0, U+1680, U+2000–U+205F, U+3000); any other byte of a multi-byte character
/// is stepped over alone as a word character, which counts the same.
fn char_space(bytes: &[u8]) -> (bool, usize) {
    match bytes[0] {
        b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => (true, 1),
        0xc2 | 0xe1 | 0xe2 | 0xe3 => decode_space(bytes),
        _ => (false, 1),
    }
}

/// Whether a lane of `chunk` holds a byte that may lead a non-ASCII whitespace
/// character (see [`char_space`]).
fn holds_space_lead(chunk: u64) -> bool {
    let zero_lane = |x: u64| x.wrapping_sub(LOW) & !x & HIGH != 0;
    // `E2` and `E3` in one test, by their top seven bits.
    zero_lane((chunk ^ (LOW * 0xe2)) & (LOW * 0xfe))
        || zero_lane(chunk ^ (LOW * 0xc2))
        || zero_lane(chunk ^ (LOW * 0xe1))
}

/// Reads one two- or three-byte character led by one of [`char_space`]'s
/// bytes and says whether it is whitespace, by the encodings of Unicode's
/// White_Space characters themselves (Japanese text leads most characters
/// with `E3`, so decoding each one was most of the count's time there).
fn decode_space(bytes: &[u8]) -> (bool, usize) {
    let width = if bytes[0] < 0xe0 { 2 } else { 3 };
    let space = match *bytes {
        // U+0085, U+00A0
        [0xc2, 0x85 | 0xa0, ..] => true,
        // U+1680
        [0xe1, 0x9a, 0x80, ..] => true,
        // U+2000–U+200A, U+2028, U+2029, U+202F
        [0xe2, 0x80, 0x80..=0x8a | 0xa8 | 0xa9 | 0xaf, ..] => true,
        // U+205F
        [0xe2, 0x81, 0x9f, ..] => true,
        // U+3000
        [0xe3, 0x80, 0x80, ..] => true,
        _ => false,
    };
    // After these leads, continuation bytes are all UTF-8 asks (no overlong
    // or surrogate form starts with them); bytes that are not a character
    // step one at a time.
    let whole = bytes
        .get(1..width)
        .is_some_and(|rest| rest.iter().all(|&b| b & 0xc0 == 0x80));
    match whole {
        true => (space, width),
        false => (false, 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_character_a_space_lead_starts_reads_as_its_whitespace() {
        let mut seen = 0;
        for c in ('\u{80}'..='\u{ffff}').filter(|c| c.len_utf8() > 1) {
            let mut buf = [0u8; 4];
            let bytes = c.encode_utf8(&mut buf).as_bytes();
            if !matches!(bytes[0], 0xc2 | 0xe1 | 0xe2 | 0xe3) {
                continue;
            }
            seen += 1;
            assert_eq!(
                decode_space(bytes),
                (c.is_whitespace(), bytes.len()),
                "U+{:04X}",
                u32::from(c)
            );
        }
        assert_eq!(seen, 64 + 3 * 4096);
        assert_eq!(decode_space(&[0xe3, 0x80]), (false, 1), "a cut character");
        assert_eq!(decode_space(&[0xc2, b' ']), (false, 1), "not a character");
        assert_eq!(
            decode_space(&[0xe2, 0x80, b'a']),
            (false, 1),
            "not a character"
        );
    }

    #[test]
    fn counts_runs_of_non_whitespace() {
        let cases = [
            ("", 0),
            ("   \n\t ", 0),
            ("one", 1),
            ("one two", 2),
            ("  one\ttwo\r\nthree  ", 3),
            ("**bold**, `code`", 2),
            ("a\u{a0}b", 2),     // no-break space separates
            ("a\u{3000}b c", 3), // ideographic space separates
            ("naïve café", 2),   // non-ASCII letters are word characters
            ("- [x] done", 3),
        ];
        for (text, want) in cases {
            assert_eq!(count_words(text), want, "{text:?}");
        }
    }

    #[test]
    fn chunked_counting_agrees_with_chars_at_every_offset() {
        let samples = [
            "alpha beta\tgamma\n\ndelta  epsilon\r\nzeta",
            "caf\u{e9} na\u{ef}ve\u{a0}x\u{3000}y \u{2003} z\u{85}w",
            "        ........        \u{1680}a\u{205f}b\u{feff}c",
            "\u{ff}\u{ff}\u{ff}\u{ff}\u{ff}\u{ff}\u{ff} \u{ff}",
            // Chunks of letters outside ASCII with and without a byte that
            // may lead a space: Cyrillic, Greek, CJK, a no-break space.
            "Привет мир, это тест\u{a0}слов αβγ δε 漢字 かな\u{3000}カナ ẞ\u{2009}x",
        ];
        for sample in samples {
            for start in 0..sample.len() {
                let Some(text) = sample.get(start..) else {
                    continue;
                };
                let want = text
                    .split(char::is_whitespace)
                    .filter(|w| !w.is_empty())
                    .count();
                assert_eq!(count_words(text), want, "{text:?}");
            }
        }
        let invalid = b"ab \xff\xfe cd\xe2\x80 ef\xe2\x80\x83gh  ij kl";
        let words = count_words_bytes(invalid);
        assert_eq!(words, 7, "invalid bytes are word characters; U+2003 splits");
    }

    #[test]
    fn long_texts_mixing_runs_agree_with_chars() {
        let pieces = [
            "word ",
            "\u{a0}",
            "caf\u{e9} ",
            "\u{3000}",
            "\n\n",
            "x",
            "\u{2003}y ",
            "\t",
            "Привет мир ",
            "漢字かな",
        ];
        let mut text = String::new();
        let mut seed = 7u32;
        while text.len() < 60_000 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let piece = pieces[(seed >> 16) as usize % pieces.len()];
            // Long ASCII stretches too, so both loops run and hand over state.
            let repeat = if seed.is_multiple_of(7) { 700 } else { 1 };
            text.push_str(&piece.repeat(if piece.is_ascii() { repeat } else { 1 }));
        }
        for start in [0, 1, 3, 2040, 2047, 5000] {
            let t = &text[text.ceil_char_boundary(start)..];
            let want = t
                .split(char::is_whitespace)
                .filter(|w| !w.is_empty())
                .count();
            assert_eq!(count_words(t), want, "from {start}");
        }
    }

    #[test]
    fn lane_sums_fold_before_overflowing() {
        // 255+ chunks in a row, each with eight word starts ("a a a a ").
        let text = "a ".repeat(4 * 1000);
        assert_eq!(count_words(&text), 4000);
        let text = "word ".repeat(5000);
        assert_eq!(count_words(&text), 5000);
    }

    #[test]
    fn matches_char_is_whitespace_definition() {
        let text = "x\u{85}y\u{2028}z\u{200b}w \u{feff}v";
        let want = text
            .split(char::is_whitespace)
            .filter(|w| !w.is_empty())
            .count();
        assert_eq!(count_words(text), want);
    }

    #[test]
    fn finds_word_starts() {
        let text = "  alpha beta\n gamma";
        assert_eq!(word_start(text, 0), Some(2));
        assert_eq!(word_start(text, 1), Some(8));
        assert_eq!(word_start(text, 2), Some(14));
        assert_eq!(word_start(text, 3), None);
    }
}
