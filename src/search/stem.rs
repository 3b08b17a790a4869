//! English word forms: a word's stem, how much of a stem its words all start
//! with, and the stop words a query does not require (docs/search.md, "Search").

use std::borrow::Cow;

/// The English stem of a lowercase word (`installing` → `instal`); words with
/// digits or letters beyond ASCII are their own stem.
pub(crate) fn stem(word: &str) -> Cow<'_, str> {
    if word.len() < 3 || !word.bytes().all(|b| b.is_ascii_lowercase() || b == b'\'') {
        return Cow::Borrowed(word);
    }
    rust_stemmers::Stemmer::create(rust_stemmers::Algorithm::English).stem(word)
}

/// How much of a stem every word with that stem starts with, in bytes.
///
/// The English stemmer cuts suffixes, and changes a stem's last character only
/// where it ends in `e`, `i`, `y` or `bl` (`hope` from `hoping`, `happi` from
/// `happy`, `sky` from `skies`, `possibl` from `possibility`); its last two only
/// where it ends in `ie` (`die` from `dying`). Any other stem starts each of its
/// words whole (`fix`, `borrow`, `to`), which keeps the words a document is
/// searched for at those that can match.
pub(super) fn stem_start(stem: &str) -> usize {
    let bytes = stem.as_bytes();
    let changed = if bytes.ends_with(b"ie") {
        2
    } else if bytes.ends_with(b"bl") || bytes.last().is_some_and(|b| b"eiy".contains(b)) {
        1
    } else {
        0
    };
    let keep = stem.chars().count().saturating_sub(changed).max(1);
    stem.char_indices().nth(keep).map_or(stem.len(), |(i, _)| i)
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

    /// Every word starts with what [`stem_start`] keeps of its stem: the words
    /// of the project's documents, inflected with the suffixes the stemmer
    /// removes or rewrites, and the stemmer's exceptions.
    #[test]
    fn every_word_starts_with_its_stems_start() {
        const SUFFIXES: [&str; 48] = [
            "", "s", "es", "ies", "ied", "ing", "ed", "ly", "ingly", "edly", "eed", "eedly",
            "sses", "ness", "ational", "tional", "ization", "ation", "ator", "ement", "able",
            "ible", "ance", "ence", "ency", "ancy", "izer", "fulness", "ousness", "iveness",
            "ability", "ibility", "ality", "alism", "ful", "lessly", "ously", "ive", "ical",
            "icate", "iciti", "ent", "ism", "er", "y", "ying", "al", "ogy",
        ];
        let mut words: Vec<String> = [
            "dying", "lying", "tying", "skies", "gently", "early", "only",
        ]
        .map(String::from)
        .to_vec();
        for file in ["README.md", "ARCHITECTURE.md", "BENCHMARKS.md"] {
            let text = std::fs::read_to_string(file).unwrap().to_lowercase();
            words.extend(
                text.split(|c: char| !c.is_ascii_lowercase())
                    .filter(|w| w.len() > 1)
                    .map(String::from),
            );
        }
        words.sort_unstable();
        words.dedup();
        for base in &words {
            let trimmed = [base.as_str(), &base[..base.len() - 1]];
            for (root, suffix) in trimmed.iter().flat_map(|r| SUFFIXES.map(|s| (r, s))) {
                let word = format!("{root}{suffix}");
                let stemmed = stem(&word);
                let start = &stemmed[..stem_start(&stemmed)];
                assert!(word.starts_with(start), "{word} → {stemmed}, kept {start}");
            }
        }
        assert_eq!(stem_start("fix"), 3);
        assert_eq!(stem_start("hope"), 3);
        assert_eq!(stem_start("die"), 1);
        assert_eq!(stem_start("été"), "été".len());
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
