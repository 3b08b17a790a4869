//! Closeness of spellings: edit similarity and, for names made of words
//! (`words.rs`), word similarity for every "did you mean"; and the typo
//! tolerance of search (a query word within a few edits of a word in the text).
//!
//! Nothing here knows about documents; it compares strings.

mod words;

pub(crate) use words::{WordList, WordShape, Words, words_alike};

/// Edit similarity: 1 − (optimal-string-alignment distance / longer length):
/// `instalation` is 11/12 like `installation`.
pub(crate) fn similarity(a: &str, b: &str) -> f32 {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let longest = a.len().max(b.len());
    if longest == 0 {
        return 1.0;
    }
    1.0 - distance(&a, &b) as f32 / longest as f32
}

/// How alike a name sought is to another, both made of words (a heading's
/// anchor, a file's name): a misspelt name is near by its letters
/// ([`similarity`]), a reworded or renamed one by its words ([`words_alike`]:
/// `command-line-overrides` and `overriding-on-the-command-line`), and the
/// nearer of the two counts. Of two names as near by their words, the one
/// spelt nearer is nearer.
pub(crate) fn name_similarity(sought: &str, other: &str) -> f32 {
    name_likeness(similarity(sought, other), words_alike(sought, other))
}

/// [`name_similarity`] of two names as alike as that by their letters and
/// words: rising with either, the words' part a tenth by the letters.
pub(crate) fn name_likeness(letters: f32, words: f32) -> f32 {
    letters.max(words * (0.9 + 0.1 * letters))
}

/// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
pub(crate) fn distance(a: &[char], b: &[char]) -> usize {
    distance_bits(a, b).unwrap_or_else(|| distance_table(a, b))
}

/// [`distance`] by Hyyrö's bit-vector algorithm ("A bit-vector algorithm for
/// computing Levenshtein and Damerau edit distances", 2003): a column of the
/// table held as two bit vectors, whether each cell is one more or one less
/// than the cell above it, one bit per character of `a`, and the table's last
/// row followed cell by cell; a column costs a dozen word operations, not a
/// pass down it. For an ASCII `a` of at most 64 characters, else `None`.
fn distance_bits(a: &[char], b: &[char]) -> Option<usize> {
    if a.len() > 64 || !a.iter().all(char::is_ascii) {
        return None;
    }
    if a.is_empty() {
        return Some(b.len());
    }
    // Where each character is in `a`.
    let mut at = [0u64; 128];
    for (i, &c) in a.iter().enumerate() {
        at[c as usize] |= 1 << i;
    }
    let last = 1u64 << (a.len() - 1);
    // Vertical steps up and down, the column's matches (diagonal zero
    // steps), and the column before's matches.
    let (mut up, mut down, mut zero, mut matched_before) = (!0u64, 0u64, 0u64, 0u64);
    let mut dist = a.len();
    for &c in b {
        let matched = if c.is_ascii() { at[c as usize] } else { 0 };
        let transposed = ((!zero & matched) << 1) & matched_before;
        zero = (((matched & up).wrapping_add(up)) ^ up) | matched | down | transposed;
        let right_up = down | !(zero | up);
        let right_down = zero & up;
        if right_up & last != 0 {
            dist += 1;
        }
        if right_down & last != 0 {
            dist -= 1;
        }
        let right_up = (right_up << 1) | 1;
        let right_down = right_down << 1;
        up = right_down | !(zero | right_up);
        down = right_up & zero;
        matched_before = matched;
    }
    Some(dist)
}

/// [`distance`] filling the table row by row: for names the bit vectors do
/// not hold, and the measure they are tested against.
fn distance_table(a: &[char], b: &[char]) -> usize {
    let width = b.len() + 1;
    let mut prev2 = vec![0usize; width];
    let mut prev: Vec<usize> = (0..width).collect();
    let mut cur = vec![0usize; width];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(prev2[j - 2] + 1);
            }
            cur[j] = d;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// [`distance`] if it is at most `most`, else `None`. By the bit vectors
/// where they hold `a`; else in the table, of which only the cells at most
/// `most` off the diagonal are filled (no cell further off is within
/// `most`: it takes that many insertions or deletions), and no row past
/// one whose least value is past `most` (no later row's is less).
pub(crate) fn distance_within(a: &[char], b: &[char], most: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > most {
        return None;
    }
    if let Some(d) = distance_bits(a, b) {
        return Some(d).filter(|&d| d <= most);
    }
    let width = b.len() + 1;
    // Every cell not filled reads as `far`: past `most`, which is all a
    // cell that far off needs to be known as.
    let far = most + 1;
    // Three rows, taken in turn: two back, the last, the one being filled.
    let mut rows = vec![far; 3 * width];
    let row = |i: usize| (i % 3) * width;
    for (j, cell) in rows[..width.min(far)].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        let (cur, prev, prev2) = (row(i), row(i - 1), row(i + 1));
        let first = i.saturating_sub(most).max(1);
        let last = (i + most).min(b.len());
        // The cell before the band: the first column's, or one off it.
        rows[cur + first - 1] = if first == 1 { i.min(far) } else { far };
        let mut least = rows[cur + first - 1];
        for j in first..=last {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[prev + j] + 1)
                .min(rows[cur + j - 1] + 1)
                .min(rows[prev + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[prev2 + j - 2] + 1);
            }
            rows[cur + j] = d;
            least = least.min(d);
        }
        if least > most {
            return None;
        }
    }
    Some(rows[row(a.len()) + b.len()]).filter(|&d| d <= most)
}

/// A name's letters counted, a lower bound of its edit distance to many
/// names at the cost of one comparison each (how many more of some letters
/// one name has than the other): how many of each ASCII byte it has
/// (up to 255 of one, past which the bound only weakens) and how many in
/// all; none for a name past ASCII.
#[derive(Clone, Debug)]
pub(crate) struct Bag(Option<([u8; 128], u32)>);

impl Bag {
    pub(crate) fn of(name: &str) -> Bag {
        if !name.is_ascii() {
            return Bag(None);
        }
        let mut counts = [0u8; 128];
        name.bytes()
            .for_each(|c| counts[usize::from(c)] = counts[usize::from(c)].saturating_add(1));
        let total = counts.iter().map(|&n| u32::from(n)).sum();
        Bag(Some((counts, total)))
    }

    /// The bound of the two names counted: how many more of some letters
    /// one has than the other; 0 where either is past ASCII, which bounds
    /// nothing.
    #[inline]
    pub(crate) fn distance(&self, other: &Bag) -> usize {
        let (Some((a, total_a)), Some((b, total_b))) = (&self.0, &other.0) else {
            return 0;
        };
        // One has `more` of some letters, the other `fewer` of others:
        // their sum is the absolute differences' (summed sixteen bytes at a
        // time, as the compiler reads it in wide registers; eight rows of at
        // most 255 fit a `u16`), their difference the totals'.
        let mut lanes = [0u16; 16];
        for (x, y) in a.chunks_exact(16).zip(b.chunks_exact(16)) {
            for k in 0..16 {
                lanes[k] += u16::from(x[k].abs_diff(y[k]));
            }
        }
        let apart: u32 = lanes.iter().map(|&n| u32::from(n)).sum();
        ((apart + total_a.abs_diff(*total_b)) / 2) as usize
    }
}

/// A query word that tolerates typos: its characters, how many edits it allows,
/// and a letter mask that rejects most other words before any distance is computed.
#[derive(Clone, Debug)]
pub(crate) struct Typo {
    chars: Vec<char>,
    mask: u64,
    /// Most edits allowed: 1 for words of 3 to 5 characters, 2 from 6 on (the
    /// usual automatic fuzziness of search engines); shorter words allow none.
    pub(crate) max_edits: usize,
}

impl Typo {
    /// Typo tolerance for a lowercase word, if it is long enough to have any.
    pub(crate) fn new(word: &str) -> Option<Typo> {
        let chars: Vec<char> = word.chars().collect();
        let max_edits = match chars.len() {
            0..=2 => return None,
            3..=5 => 1,
            _ => 2,
        };
        Some(Typo {
            mask: mask(word),
            chars,
            max_edits,
        })
    }

    /// Whether a word of `bytes` bytes could be within the allowed edits (it has
    /// at most that many characters, and at least a quarter of it).
    pub(crate) fn may_have_len(&self, bytes: usize) -> bool {
        bytes + self.max_edits >= self.chars.len()
            && bytes <= 4 * (self.chars.len() + self.max_edits)
    }

    /// Whether an ASCII word of `len` characters (`or_more`: at least) could be
    /// within the allowed edits: exactly the length test of [`Typo::may_match`].
    pub(crate) fn may_have_ascii_len(&self, len: usize, or_more: bool) -> bool {
        let within = len.abs_diff(self.chars.len()) <= self.max_edits;
        within || (or_more && self.chars.len() + self.max_edits >= len)
    }

    /// Whether `word` could be within the allowed edits: a cheap test on length and
    /// letters (each letter one word has and the other lacks costs an edit).
    pub(crate) fn may_match(&self, word: &str) -> bool {
        self.may_match_shape(&Shape::of(word))
    }

    /// [`Typo::may_match`] for a word's shape, measured once for every term.
    pub(crate) fn may_match_shape(&self, word: &Shape) -> bool {
        word.chars.abs_diff(self.chars.len()) <= self.max_edits
            && (self.mask & !word.mask).count_ones() as usize <= self.max_edits
            && (word.mask & !self.mask).count_ones() as usize <= self.max_edits
    }

    /// The edits from this word to `word`, if within the allowed number.
    pub(crate) fn edits(&self, word: &str) -> Option<usize> {
        if !self.may_match(word) {
            return None;
        }
        let other: Vec<char> = word.chars().collect();
        let d = distance(&self.chars, &other);
        (d <= self.max_edits).then_some(d)
    }

    /// How much a match `edits` away is worth, 0 to 1: the edit similarity.
    pub(crate) fn discount(&self, word: &str, edits: usize) -> f32 {
        let longest = self.chars.len().max(word.chars().count()).max(1);
        1.0 - edits as f32 / longest as f32
    }
}

/// What [`Typo::may_match`] needs of a word: its length in characters and its
/// letters.
pub(crate) struct Shape {
    chars: usize,
    mask: u64,
}

impl Shape {
    pub(crate) fn of(word: &str) -> Shape {
        Shape {
            chars: if word.is_ascii() {
                word.len()
            } else {
                word.chars().count()
            },
            mask: mask(word),
        }
    }
}

/// One bit per letter or digit a word holds (other characters share one bit;
/// by bytes, as every byte of a character beyond ASCII is beyond ASCII too).
fn mask(word: &str) -> u64 {
    word.bytes().fold(0u64, |m, b| {
        m | match b {
            b'a'..=b'z' => 1 << (b - b'a'),
            b'0'..=b'9' => 1 << (26 + b - b'0'),
            _ => 1 << 63,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bounded_distance_is_the_distance_or_none_past_the_bound() {
        let words = [
            "",
            "a",
            "ab",
            "ba",
            "abc",
            "acb",
            "kitten",
            "sitting",
            "server-port",
            "serverport",
            "proxy-setup",
            "café",
            "abcdefghij",
            "badcfehgji",
            "configuration-reference",
            "reference-configuration",
            "aaaaaaaaab",
            "baaaaaaaaa",
        ];
        for a in words {
            for b in words {
                let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
                bounded_agrees(&a, &b, 24);
            }
        }
    }

    /// [`distance`] and [`distance_within`] at every bound up to `most`
    /// against the table filled whole; the bit vectors against the table
    /// both ways round, and the banded table where they hold the names too.
    fn bounded_agrees(a: &[char], b: &[char], most: usize) {
        let d = distance_table(a, b);
        assert_eq!(distance(a, b), d, "{a:?} {b:?}");
        assert_eq!(distance_table(b, a), d, "{a:?} {b:?} swapped");
        if a.len() <= 64 && a.iter().all(char::is_ascii) {
            assert_eq!(distance_bits(a, b), Some(d), "{a:?} {b:?} by bits");
        }
        for most in 0..=most {
            let want = (d <= most).then_some(d);
            assert_eq!(distance_within(a, b, most), want, "{a:?} {b:?} {most}");
            assert_eq!(banded(a, b, most), want, "{a:?} {b:?} {most} banded");
        }
    }

    /// [`distance_within`] in the table alone: `a` made past the bit
    /// vectors' reach by a character beyond ASCII ending both names.
    fn banded(a: &[char], b: &[char], most: usize) -> Option<usize> {
        let past = |s: &[char]| s.iter().copied().chain(['é']).collect::<Vec<char>>();
        distance_within(&past(a), &past(b), most)
    }

    #[test]
    fn the_bit_vectors_hold_names_of_up_to_64_characters() {
        let long: Vec<char> = "configuration-".repeat(5).chars().collect();
        let a = &long[..64];
        let b: Vec<char> = long[1..66].to_vec();
        assert_eq!(distance_bits(a, &b), Some(distance_table(a, &b)));
        assert_eq!(distance_bits(&long, &b), None, "65 characters");
        assert_eq!(distance(&long, &b), distance_table(&long, &b));
        assert_eq!(distance_bits(&[], &b), Some(b.len()));
        let cafe: Vec<char> = "café".chars().collect();
        assert_eq!(distance_bits(&cafe, &b), None, "past ASCII");
        assert_eq!(
            distance_bits(&b[..4], &cafe),
            Some(distance_table(&b[..4], &cafe))
        );
    }

    #[test]
    fn a_bounded_distance_agrees_on_many_names_of_few_letters() {
        // Names over three letters, where edits of every kind line up.
        let mut seed = 7u32;
        let mut name = || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let len = (seed >> 16) % 11;
            (0..len)
                .map(|k| ['a', 'b', '-'][((seed >> (k % 16)) % 3) as usize])
                .collect::<Vec<char>>()
        };
        for _ in 0..2_000 {
            let (a, b) = (name(), name());
            bounded_agrees(&a, &b, 11);
        }
        // And names up to past the bit vectors' 64 characters.
        let seed = std::cell::Cell::new(seed);
        let next = || {
            seed.set(seed.get().wrapping_mul(1_103_515_245).wrapping_add(12_345));
            seed.get() >> 16
        };
        let name = || {
            (0..next() % 70)
                .map(|_| ['a', 'b', '-', 'c'][(next() % 4) as usize])
                .collect::<Vec<char>>()
        };
        for _ in 0..300 {
            let a = name();
            // A copy with a few edits, and another name.
            let mut b = a.clone();
            for _ in 0..3 {
                let at = next() as usize % (b.len() + 1);
                match next() % 3 {
                    0 if at + 1 < b.len() => b.swap(at, at + 1),
                    1 if at < b.len() => _ = b.remove(at),
                    _ => b.insert(at, 'b'),
                }
            }
            bounded_agrees(&a, &b, 4);
            bounded_agrees(&a, &name(), 2);
        }
    }

    /// The letter bound of two names counted on the spot, which [`Bag`] must
    /// give: how many more of some letters one has than the other
    /// (0 for other names, which bound nothing).
    fn bag_distance(a: &str, b: &str) -> usize {
        if !a.is_ascii() || !b.is_ascii() {
            return 0;
        }
        let mut counts = [0i32; 128];
        a.bytes().for_each(|c| counts[usize::from(c)] += 1);
        b.bytes().for_each(|c| counts[usize::from(c)] -= 1);
        let more: i32 = counts.iter().filter(|&&n| n > 0).sum();
        let fewer: i32 = -counts.iter().filter(|&&n| n < 0).sum::<i32>();
        more.max(fewer) as usize
    }

    #[test]
    fn the_letter_bound_never_exceeds_the_edit_distance() {
        for (a, b) in [
            ("fetch", "bench"),
            ("server", "servr"),
            ("abc", "cba"),
            ("", "xyz"),
        ] {
            let chars = |s: &str| s.chars().collect::<Vec<_>>();
            assert!(
                bag_distance(a, b) <= distance(&chars(a), &chars(b)),
                "{a} {b}"
            );
        }
        assert_eq!(bag_distance("fetch", "bench"), 2);
        // Counted once, the same bound.
        for (a, b) in [
            ("fetch", "bench"),
            ("server", "servr"),
            ("", "xyz"),
            ("aaab", "abbb"),
        ] {
            assert_eq!(
                Bag::of(a).distance(&Bag::of(b)),
                bag_distance(a, b),
                "{a} {b}"
            );
        }
        assert_eq!(Bag::of("café").distance(&Bag::of("cafe")), 0);
        assert_eq!(bag_distance("café", "cafe"), 0, "not ASCII: no bound");
    }

    #[test]
    fn similarity_is_one_less_the_edits_per_letter() {
        assert!((similarity("instalation", "installation") - 11.0 / 12.0).abs() < 1e-6);
        assert_eq!(similarity("abc", "abc"), 1.0);
        assert_eq!(similarity("", ""), 1.0);
    }

    #[test]
    fn similarity_table() {
        let cases = [
            ("kitten", "sitting", 1.0 - 3.0 / 7.0),
            ("ab", "ba", 0.5),
            ("", "", 1.0),
            ("readme", "redme", 1.0 - 1.0 / 6.0),
        ];
        for (a, b, want) in cases {
            assert!((similarity(a, b) - want).abs() < 1e-6, "{a} {b}");
        }
    }

    #[test]
    fn typo_table() {
        let cases = [
            ("instalation", "installation", Some(1)),
            ("instalation", "instillation", Some(2)),
            ("recieve", "receive", Some(1)),
            ("ownership", "ownreship", Some(1)),
            ("borow", "borrow", Some(1)),
            ("borow", "bureau", None),
            ("cat", "cart", Some(1)),
            ("cat", "dog", None),
            ("install", "uninstall", Some(2)),
            ("closure", "closures", Some(1)),
            ("closure", "capture", None),
        ];
        for (query, word, want) in cases {
            let typo = Typo::new(query).unwrap();
            assert_eq!(typo.edits(word), want, "{query} {word}");
        }
        assert!(Typo::new("go").is_none(), "two letters tolerate no typo");
        let t = Typo::new("instalation").unwrap();
        assert!((t.discount("installation", 1) - 11.0 / 12.0).abs() < 1e-6);
    }

    #[test]
    fn the_ascii_length_test_is_the_length_test_of_may_match() {
        let words: Vec<String> = (1..70).map(|n| "e".repeat(n)).collect();
        for query in [
            "abc",
            "instal",
            "installation",
            &"e".repeat(62),
            &"e".repeat(66),
        ] {
            let typo = Typo::new(query).unwrap();
            for w in &words {
                let slot = w.len().min(63);
                assert!(
                    !typo.may_match(w) || typo.may_have_ascii_len(slot, slot == 63),
                    "{query} / {} letters",
                    w.len()
                );
            }
        }
    }

    #[test]
    fn a_name_is_as_near_as_its_letters_or_its_words_make_it() {
        let near = name_similarity;
        assert!(near("usage-guide", "guide-to-usage") > 0.9);
        assert!(similarity("usage-guide", "guide-to-usage") < 0.5);
        assert!(
            near("instalation", "installation") > near("instalation", "installing"),
            "the same word either way: the nearer spelling wins"
        );
        assert_eq!(
            near("prose", "proxies"),
            similarity("prose", "proxies"),
            "no word alike"
        );
        assert_eq!(near("same", "same"), 1.0);
    }
}
