//! How alike two names are by their words ([`words_alike`]): a heading
//! reworded or a page renamed keeps most of its words, in another order and
//! with other endings, where its letters are far apart.

/// How alike a name sought is by its words to another, 0 to 1: the mean of
/// the share of both names' words the other has (Dice) and of the share of
/// the sought name's words the other has, so that `features` is near
/// `cargo-features`, but `documentation-tests` is not near `tests`. Words are
/// the runs of letters and digits, compared ignoring case and loosely
/// ([`found`]); words such as `the` and `on` count only in a name that is
/// all of them.
pub(crate) fn words_alike(sought: &str, other: &str) -> f32 {
    Words::of(sought).alike(other)
}

/// A sought name's words, to be set beside many other names' ([`words_alike`]).
pub(crate) struct Words<'a> {
    words: Vec<&'a str>,
    /// Each word's bits of the name's [`WordShape`] mask.
    bits: Vec<u64>,
    shape: WordShape,
}

impl<'a> Words<'a> {
    /// The words of `name` that count.
    pub fn of(name: &'a str) -> Words<'a> {
        let mut words: Vec<&str> = content_words(name).collect();
        if words.is_empty() {
            words = all_words(name).collect();
        }
        Words {
            bits: words.iter().map(|w| word_bits(w)).collect(),
            words,
            shape: WordShape::of(name),
        }
    }

    /// [`words_alike`] of this name and `other`, read without a copy.
    pub fn alike(&self, other: &str) -> f32 {
        self.alike_shaped(other, WordShape::of(other))
    }

    /// [`alike`](Words::alike), `shape` being `other`'s: names with no word
    /// that may be alike are 0 at once.
    pub fn alike_shaped(&self, other: &str, shape: WordShape) -> f32 {
        if self.shape.mask & shape.mask == 0 {
            return 0.0;
        }
        // Its words split (no bits: for one name, hashing its words costs
        // what comparing their letters does).
        let mut b: Vec<&str> = content_words(other).collect();
        if b.is_empty() {
            b = all_words(other).collect();
        }
        self.alike_among(&b, &vec![u64::MAX; b.len()])
    }

    /// [`alike_shaped`](Words::alike_shaped) of a name whose words are
    /// listed already.
    pub fn alike_listed(&self, other: &WordList, shape: WordShape) -> f32 {
        if self.shape.mask & shape.mask == 0 {
            return 0.0;
        }
        self.alike_among(&other.words, &other.bits)
    }

    /// How alike this name is to one of the words `b`, whose [`word_bits`]
    /// are `b_bits`.
    fn alike_among<S: AsRef<str>>(&self, b: &[S], b_bits: &[u64]) -> f32 {
        let a = &self.words;
        if a.is_empty() || b.is_empty() {
            return 0.0;
        }
        let in_b: f32 = (a.iter().zip(&self.bits))
            .map(|(w, &mine)| found(w, mine, b, b_bits))
            .sum();
        let in_a: f32 = (b.iter().zip(b_bits))
            .map(|(v, &mine)| found(v.as_ref(), mine, a, &self.bits))
            .sum();
        let dice = (in_b + in_a) / (a.len() + b.len()) as f32;
        (dice + in_b / a.len() as f32) / 2.0
    }

    /// The most [`alike_shaped`](Words::alike_shaped) can be for a name of
    /// this shape, read from the masks alone: as if each word of this name
    /// whose bit the other has were found, and every word of the other.
    pub fn bound(&self, shape: WordShape) -> f32 {
        if self.words.is_empty() || shape.words == 0 {
            return 0.0;
        }
        let in_b = self.bits.iter().filter(|&&b| b & shape.mask != 0).count() as f32;
        let dice = (in_b + shape.words as f32) / (self.words.len() + shape.words) as f32;
        (dice.min(1.0) + in_b / self.words.len() as f32) / 2.0
    }

    /// [`bound`](Words::bound) for a name whose words are listed already,
    /// closer: as if each of its words with a bit this name has were
    /// found, not every one.
    pub fn bound_listed(&self, other: &WordList, shape: WordShape) -> f32 {
        // (Each word's bit is in its name's mask: names whose masks share
        // none have no word whose bit the other has.)
        if self.words.is_empty() || other.words.is_empty() || self.shape.mask & shape.mask == 0 {
            return 0.0;
        }
        let in_b = self.bits.iter().filter(|&&b| b & shape.mask != 0).count() as f32;
        let in_a = (other.bits.iter())
            .filter(|&&b| b & self.shape.mask != 0)
            .count() as f32;
        let dice = (in_b + in_a) / (self.words.len() + other.words.len()) as f32;
        (dice.min(1.0) + in_b / self.words.len() as f32) / 2.0
    }
}

/// A name's words as [`Words`] counts them, kept to be set beside many
/// names sought ([`Words::alike_listed`]).
pub(crate) struct WordList {
    words: Vec<String>,
    bits: Vec<u64>,
}

impl WordList {
    /// The words of `name`, and its shape ([`WordShape::of`]), read once.
    pub fn with_shape(name: &str) -> (WordList, WordShape) {
        let words = Words::of(name);
        let list = WordList {
            words: words.words.iter().map(|w| (*w).to_owned()).collect(),
            bits: words.bits,
        };
        (list, words.shape)
    }
}

/// What [`Words::bound`] reads of a name: the words it may share with
/// another (one bit of a hash for each word's first four letters, lowercase,
/// and each of its camel-case parts': names whose masks have no bit in
/// common have nothing of a word alike by [`found`]), and how many of its words
/// count.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WordShape {
    mask: u64,
    words: usize,
}

impl WordShape {
    /// The shape of `name`.
    pub fn of(name: &str) -> WordShape {
        // One pass: past ASCII, each letter is looked up.
        let (mut mask, mut all, mut content) = (0, 0, 0);
        for word in all_words(name) {
            mask |= word_bits(word);
            all += 1;
            content += usize::from(!is_small(word));
        }
        WordShape {
            mask,
            words: if content > 0 { content } else { all },
        }
    }
}

/// A word's bit of a [`WordShape`] mask: a hash of its first four letters,
/// lowercase.
fn word_bit(word: &str) -> u64 {
    let key = (word.chars().flat_map(char::to_lowercase).take(4))
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, c| {
            (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3)
        });
    1 << (key % 64)
}

/// A name's words: its runs of letters and digits.
fn all_words(name: &str) -> impl Iterator<Item = &str> {
    name.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
}

/// A name's words without the small words a title adds (`the`, `on`).
fn content_words(name: &str) -> impl Iterator<Item = &str> {
    all_words(name).filter(|w| !is_small(w))
}

/// Whether a word is one a title adds between those that say what it is
/// about.
fn is_small(word: &str) -> bool {
    const SMALL: [&str; 22] = [
        "a", "about", "an", "and", "as", "at", "by", "for", "from", "how", "in", "into", "is",
        "of", "on", "or", "the", "to", "using", "via", "with", "your",
    ];
    word.len() <= 5 && SMALL.iter().any(|s| s.eq_ignore_ascii_case(word))
}

/// The parts of a word written in camel case (`JestCLI`: `Jest` and `CLI`;
/// `CLIOptions`: `CLI` and `Options`), none for a word in one case.
fn camel_parts(word: &str) -> impl Iterator<Item = &str> {
    let b = word.as_bytes();
    let mixed = word.is_ascii()
        && b.iter().any(u8::is_ascii_uppercase)
        && b.iter().any(u8::is_ascii_lowercase);
    let mut start = if mixed { 0 } else { b.len() };
    std::iter::from_fn(move || {
        if start >= b.len() {
            return None;
        }
        let mut end = start + 1;
        while end < b.len() {
            let (before, at) = (b[end - 1], b[end]);
            let lower_next = b.get(end + 1).is_some_and(u8::is_ascii_lowercase);
            if at.is_ascii_uppercase() && (!before.is_ascii_uppercase() || lower_next) {
                break;
            }
            end += 1;
        }
        let part = &word[start..end];
        start = end;
        Some(part)
    })
}

/// The bits of a word in a [`WordShape`] mask: its own, and its camel-case
/// parts'.
fn word_bits(word: &str) -> u64 {
    camel_parts(word).fold(word_bit(word), |bits, part| bits | word_bit(part))
}

/// How much of `word` (whose [`word_bits`] are `mine`) the words `among`
/// (with theirs, `bits`) have, 0 to 1: all of it where one is the same word
/// ([`same_word`]) or has it as a camel-case part (`cli` in `JestCLI`); else
/// the share of its own camel-case parts they have (half of `JestCLI` in
/// `cli`, half of `WebSocket` in `web`). A word is only ever found among
/// those with a bit of its own (`same_word` needs their first four letters
/// alike): the others are passed by before any letter is compared.
fn found<S: AsRef<str>>(word: &str, mine: u64, among: &[S], bits: &[u64]) -> f32 {
    let among = || {
        (among.iter().zip(bits))
            .filter(move |&(_, &theirs)| theirs & mine != 0)
            .map(|(other, _)| other.as_ref())
    };
    let part_of = |whole: &str| {
        camel_parts(whole).any(|part| part.len() < whole.len() && same_word(word, part))
    };
    if among().any(|other| same_word(word, other) || part_of(other)) {
        return 1.0;
    }
    let (mut parts, mut had) = (0, 0);
    for part in camel_parts(word).filter(|part| part.len() < word.len()) {
        parts += 1;
        had += usize::from(among().any(|other| same_word(part, other)));
    }
    if parts == 0 {
        0.0
    } else {
        had as f32 / parts as f32
    }
}

/// Whether two words are one word, ignoring case and its ending: equal, or
/// alike in their first four letters or more and then each ending in an
/// English suffix or nothing (`overrides`, `overriding`; `install`,
/// `installation`; `proxy`, `proxies`), or one of seven letters or more that
/// the other begins with (`resrender`, `resrenderview`: an API's slugs); so
/// `customevent` is not `custom` and `transport` is not `transform`. A
/// number is no other word (a version's, a step's: such names are near by
/// their letters). Words beyond ASCII are one word only when equal ignoring
/// case.
fn same_word(a: &str, b: &str) -> bool {
    let number = |w: &str| w.bytes().all(|b| b.is_ascii_digit());
    if number(a) || number(b) {
        return false;
    }
    if !a.is_ascii() || !b.is_ascii() {
        return a
            .chars()
            .flat_map(char::to_lowercase)
            .eq(b.chars().flat_map(char::to_lowercase));
    }
    let common = (a.bytes().zip(b.bytes()))
        .take_while(|(x, y)| x.eq_ignore_ascii_case(y))
        .count();
    let ending = |rest: &str| ENDINGS.iter().any(|e| e.eq_ignore_ascii_case(rest));
    let short = a.len().min(b.len());
    (common == a.len() && common == b.len())
        || (common >= 4 && ending(&a[common..]) && ending(&b[common..]))
        || (common == short && short >= 7)
}

/// The endings [`same_word`] sets aside: English inflections and the
/// suffixes that make one part of speech of another.
const ENDINGS: [&str; 41] = [
    "", "s", "es", "e", "d", "ed", "ing", "ings", "er", "ers", "or", "ors", "ion", "ions", "ation",
    "ations", "ment", "ments", "al", "ally", "ly", "y", "ies", "ied", "ity", "ities", "ive",
    "able", "ible", "ure", "ures", "ance", "ence", "ize", "ise", "ized", "ised", "izing", "ising",
    "ization", "isation",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_are_never_below_how_alike_names_are() {
        let names = [
            "dendron.topic.pods.builtin.markdown",
            "dendron.ref.commands",
            "JestCLI",
            "cli-options",
            "command-line-overrides",
            "overriding-on-the-command-line",
            "WebSocket",
            "web",
            "the-on",
            "café-crème",
            "Cafe creme",
            "installation-guide-2",
        ];
        for sought in names {
            let words = Words::of(sought);
            for other in names {
                let shape = WordShape::of(other);
                let (listed, listed_shape) = WordList::with_shape(other);
                assert_eq!(format!("{shape:?}"), format!("{listed_shape:?}"));
                let alike = words.alike_shaped(other, shape);
                assert_eq!(
                    alike,
                    words.alike_listed(&listed, shape),
                    "{sought} {other}"
                );
                assert!(
                    words.bound_listed(&listed, shape) + 1e-6 >= alike,
                    "{sought} {other}"
                );
                assert!(words.bound(shape) + 1e-6 >= words.bound_listed(&listed, shape));
            }
        }
    }

    #[test]
    fn a_renamed_name_is_near_by_its_words() {
        let near = |a: &str, b: &str| words_alike(a, b);
        assert_eq!(
            near("command-line-overrides", "overriding-on-the-command-line"),
            1.0,
            "every word found, its ending aside; the small words do not count"
        );
        assert!(near("features", "cargo-features") > 0.8);
        assert!(near("features", "cargo-features") > near("features", "unstable-features-list"));
        assert_eq!(near("Links", "link"), 1.0, "any case, a plural");
        assert!(near("configure", "configuration-files") > 0.8);
        assert!(near("proxy", "proxies") > 0.8);
        assert_eq!(
            near("customevent", "custom-domains"),
            0.0,
            "custom is not its word"
        );
        assert_eq!(
            near("chart", "character"),
            0.0,
            "four letters alike are not a word"
        );
        assert_eq!(near("transport", "transform"), 0.0);
        assert!(near("CLI", "JestCLI") > 0.8, "a camel-case part is a word");
        assert!(near("WebSocket", "web") < 0.7, "half the word sought");
        assert!(near("getting-started", "GettingStarted") > 0.8);
        assert!(
            near("typescript", "TypeScript") > 0.8,
            "and the whole word still is"
        );
        assert!(
            near("using-typescript", "typescript-setup") > 0.8,
            "using is a small word"
        );
        assert_eq!(
            near("resrender", "resrenderview"),
            1.0,
            "a long word begins the other"
        );
        assert!(
            near("on-the", "the") > 0.5,
            "small words count where they are all"
        );
        assert_eq!(
            near("9.7.0", "9.1.6-april-7-2023"),
            0.0,
            "a number is no other word"
        );
        assert_eq!(near("step-1", "step-2"), 0.5, "a number counts, unmatched");
        assert!(near("jest-14", "JestCLI") < 0.6, "one of two words");
        assert!(
            near("documentation-tests", "tests") < 0.6,
            "half the words sought"
        );
        assert_eq!(near("", "install"), 0.0);
        for (a, b) in [
            ("command-line-overrides", "overriding-on-the-command-line"),
            ("Été", "été"),
            ("resrender", "resrenderview"),
            ("features", "cargo-features"),
            ("on-the", "the"),
            ("cli", "JestCLI"),
            ("JestCLI", "cli"),
            ("CLIOptions", "options"),
        ] {
            let (words, shape) = (Words::of(a), WordShape::of(b));
            assert!(words.alike(b) > 0.0);
            assert!(
                words.bound(shape) >= words.alike(b),
                "{a} {b}: the bound bounds"
            );
        }
        assert_eq!(near("---", "install"), 0.0);
    }
}
