//! A hit's passage: the sentence or sentences of its text that hold the best
//! match, whole where they fit, so that a question one passage answers is
//! answered by the search itself (docs/search.md, "Search").
//!
//! The text is cut into *segments*: the sentences of a paragraph or list item,
//! a heading's text, a table row, a line of code. Segments of one block form a
//! *group*: a passage is the segment holding the most query terms (the more
//! telling of equals, then the first), joined by its neighbours in the group
//! while it is short, and at its group's end by the next paragraph or item
//! (never a heading, code or a table) while it is short or when that one holds
//! a query term the passage lacks. A one-line hit shows
//! the same segment cut to a few words around its best match.

mod segments;
mod shown;

use std::ops::Range;

use segments::{Kind, Segment, segments};
pub(crate) use shown::shown_text;

/// Longest passage, in characters: a segment over it is cut around its match.
pub(crate) const PASSAGE_CHARS: usize = 400;
/// A passage shorter than this takes in its neighbours in the group, while
/// the whole stays within [`PASSAGE_CHARS`].
const SHORT_CHARS: usize = 200;

/// A query term found in the text: where it starts, which term, its weight.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Found {
    pub(crate) start: usize,
    pub(crate) term: u32,
    pub(crate) weight: f32,
}

/// A passage of a hit's text, as a response shows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Passage {
    /// The text on one line: whitespace folded, a link shown by its text.
    pub(crate) text: String,
    /// Where in `text` (in characters) the best match starts.
    pub(crate) focus: usize,
    /// Whether it is all the text of the region it was taken from.
    pub(crate) whole: bool,
    /// Where in the source the best match starts, if one is in the region.
    pub(crate) at: Option<usize>,
}

/// The passage of `region` of `text` for the matches `found` (sorted by
/// start): the best segment and its short neighbours, at most `max` characters.
/// Without a match in the region, its opening.
pub(crate) fn passage(
    text: &str,
    region: Range<usize>,
    found: &[Found],
    titled: u64,
    max: usize,
) -> Passage {
    let segments = segments(text, region.clone());
    if segments.is_empty() {
        return Passage::default();
    }
    let best = best_segment(&segments, found, titled);
    let len = |r: &Range<usize>| text[r.clone()].chars().count();
    // A short text is its own passage.
    let all: usize = segments.iter().map(|s| len(&s.span) + 1).sum();
    if all <= max + 1 {
        let focus = focus_in(&segments[best].span, found);
        let (shown, at) = joined(text, &segments, focus);
        return Passage {
            text: shown,
            focus: at,
            whole: true,
            at: focus,
        };
    }
    let (mut from, mut to) = (best, best);
    let mut chars = len(&segments[best].span);
    let group = segments[best].group;
    let short = SHORT_CHARS.min(max);
    // Neighbours in the block: while the passage is short, or when they hold
    // a query term too, the next one first. A passage that ends its block
    // reads on into the next paragraph or item, as a reader would, while it is
    // short or for a query term it lacks: what a sentence opens, the next one
    // often says ("… the maximum depth …" then "The default is 128.").
    loop {
        let fits = |k: usize, chars: usize| {
            let n = len(&segments[k].span);
            (chars + 1 + n <= max).then_some(n)
        };
        let next = (to + 1 < segments.len())
            .then(|| fits(to + 1, chars))
            .flatten()
            .filter(|_| {
                let (end, after) = (&segments[to], &segments[to + 1]);
                if after.group == end.group {
                    chars < short || !within(found, &segments[to + 1].span).is_empty()
                } else {
                    (chars < short || adds(&segments, found, to + 1, from..=to))
                        && end.kind == Kind::Prose
                        && after.kind == Kind::Prose
                }
            });
        let prev = (from > 0)
            .then(|| fits(from - 1, chars))
            .flatten()
            .filter(|_| {
                segments[from - 1].group == group
                    && (chars < short || !within(found, &segments[from - 1].span).is_empty())
            });
        match (next, prev) {
            (Some(n), _) => {
                to += 1;
                chars += 1 + n;
            }
            (None, Some(n)) => {
                from -= 1;
                chars += 1 + n;
            }
            (None, None) => break,
        }
    }
    // A sentence that ends in a colon introduces what follows: its block.
    if text[..segments[to].span.end].ends_with(':') {
        let next = segments.get(to + 1).map(|s| s.group);
        while let Some(n) = segments.get(to + 1).filter(|s| Some(s.group) == next) {
            let n = len(&n.span);
            if chars + 1 + n > max {
                break;
            }
            chars += 1 + n;
            to += 1;
        }
    }
    let focus = focus_in(&segments[best].span, found);
    let (shown, at) = joined(text, &segments[from..=to], focus);
    let (text_out, focus_out, cut) = cut_around(&shown, at, max);
    Passage {
        text: text_out,
        focus: focus_out,
        whole: !cut && from == 0 && to + 1 == segments.len(),
        at: focus,
    }
}

/// The matches of `found` (sorted by start) inside `span`.
fn within<'f>(found: &'f [Found], span: &Range<usize>) -> &'f [Found] {
    &found[found.partition_point(|f| f.start < span.start)
        ..found.partition_point(|f| f.start < span.end)]
}

/// Whether segment `k` holds a query term the segments `shown` lack.
fn adds(
    segments: &[Segment],
    found: &[Found],
    k: usize,
    shown: std::ops::RangeInclusive<usize>,
) -> bool {
    let span = segments[*shown.start()].span.start..segments[*shown.end()].span.end;
    let shown = within(found, &span);
    within(found, &segments[k].span)
        .iter()
        .any(|f| !shown.iter().any(|g| g.term == f.term))
}

/// Segments as one line of text, and where in it (in characters) `focus`
/// falls.
fn joined(text: &str, segments: &[Segment], focus: Option<usize>) -> (String, usize) {
    let mut out = String::new();
    let mut at = 0;
    for seg in segments {
        if !out.is_empty() {
            out.push(' ');
        }
        if let Some(f) = focus.filter(|f| seg.span.contains(f)) {
            at = out.chars().count() + shown_text(&text[seg.span.start..f]).chars().count();
        }
        out.push_str(&shown_text(&text[seg.span.clone()]));
    }
    (out, at)
}

/// The words around the best match of `region`: its best segment, cut to at
/// most `max` characters around the match.
pub(crate) fn context(
    text: &str,
    region: Range<usize>,
    found: &[Found],
    titled: u64,
    max: usize,
) -> Passage {
    let segments = segments(text, region);
    if segments.is_empty() {
        return Passage::default();
    }
    let best = best_segment(&segments, found, titled);
    let span = segments[best].span.clone();
    let focus = focus_in(&span, found);
    let shown = shown_text(&text[span.clone()]);
    let at = focus.map_or(0, |f| shown_text(&text[span.start..f]).chars().count());
    let (text_out, focus_out, cut) = cut_around(&shown, at, max);
    Passage {
        text: text_out,
        focus: focus_out,
        whole: !cut && segments.len() == 1,
        at: focus,
    }
}

/// What a line of code or HTML is worth beside a sentence holding the same
/// terms: a command line that names every query word rarely says what the
/// question asks, the sentence about it does. A table's row is a fact (an
/// option, its default, what it does) and counts in full.
const LITERAL: f32 = 0.5;

/// What a query term the hit's heading already shows counts for in a segment:
/// the reader sees it there, and the sentence to show is the one with the
/// rest of the question's words.
const TITLED: f32 = 0.25;

/// The segment holding the most distinct query terms (code counting them at
/// [`LITERAL`]), the more telling of equals (their weights), the first
/// of those; the first without a match.
fn best_segment(segments: &[Segment], found: &[Found], titled: u64) -> usize {
    let mut best: Option<(f32, f32, usize)> = None;
    let mut i = 0;
    for (k, seg) in segments.iter().enumerate() {
        while i < found.len() && found[i].start < seg.span.start {
            i += 1;
        }
        let mut terms: Vec<u32> = Vec::new();
        let mut weight = 0.0;
        let mut count = 0.0;
        let mut j = i;
        while j < found.len() && found[j].start < seg.span.end {
            let term = found[j].term;
            if !terms.contains(&term) {
                terms.push(term);
                let share = if titled & 1u64.checked_shl(term).unwrap_or(0) != 0 {
                    TITLED
                } else {
                    1.0
                };
                weight += found[j].weight * share;
                count += share;
            }
            j += 1;
        }
        if seg.kind == Kind::Code {
            count *= LITERAL;
        }
        if count > 0.0 && best.is_none_or(|(c, w, _)| count > c || count == c && weight > w) {
            best = Some((count, weight, k));
        }
    }
    best.map_or(0, |(_, _, k)| k)
}

/// Where in `span` the weightiest match starts (the first of equals).
fn focus_in(span: &Range<usize>, found: &[Found]) -> Option<usize> {
    found
        .iter()
        .filter(|f| span.contains(&f.start))
        .fold(None, |best: Option<Found>, f| match best {
            Some(b) if b.weight >= f.weight => Some(b),
            _ => Some(*f),
        })
        .map(|f| f.start)
}

/// Text cut to at most `max` characters around character `at`, at word
/// boundaries, with `…` where it was cut: the text, where `at` now is, and
/// whether anything was cut.
fn cut_around(text: &str, at: usize, max: usize) -> (String, usize, bool) {
    let chars: Vec<char> = text.chars().collect();
    let at = at.min(chars.len());
    if chars.len() <= max {
        return (text.to_owned(), at, false);
    }
    let max = max.max(8);
    // Start a little before the match, at a word boundary.
    let lead = (max / 5).min(40);
    let mut from = at.saturating_sub(lead);
    if from > 0 {
        match chars[from..at.max(from)].iter().position(|c| *c == ' ') {
            Some(k) => from += k + 1,
            None => from = at,
        }
    }
    // Room for the marks.
    let room = max - usize::from(from > 0) - 1;
    let mut to = (from + room).min(chars.len());
    if to < chars.len() {
        if let Some(k) = chars[from..to].iter().rposition(|c| *c == ' ')
            && k > 0
        {
            to = from + k;
        }
    } else if from > 0 {
        // The end is reached: start earlier, to fill the room.
        from = chars.len().saturating_sub(room + 1);
        if let Some(k) = chars[from..].iter().position(|c| *c == ' ') {
            from += k + 1;
        }
    }
    let mut out = String::with_capacity(max * 2);
    if from > 0 {
        out.push('…');
    }
    let cut: String = chars[from..to].iter().collect();
    out.push_str(cut.trim());
    if to < chars.len() {
        out.push('…');
    }
    (out, at.saturating_sub(from) + usize::from(from > 0), true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segs(text: &str) -> Vec<(&str, u32)> {
        segments(text, 0..text.len())
            .into_iter()
            .map(|s| (&text[s.span], s.group))
            .collect()
    }

    /// The first match of `word` in `text`, for query term `term`.
    fn at(text: &str, word: &str, term: u32) -> Found {
        Found {
            start: text.find(word).unwrap(),
            term,
            weight: 1.0,
        }
    }

    #[test]
    fn prose_is_cut_into_sentences_and_blocks_into_groups() {
        let text = "First one. Second, e.g. this one\ngoes on. `a. B` stays.\n\n- item one. Item two\n- next\n\n```sh\nrun it\n```\n| a | b |\n|---|---|\n| 1 | 2 |\n## Title\n";
        assert_eq!(
            segs(text),
            [
                ("First one.", 0),
                ("Second, e.g. this one\ngoes on.", 0),
                ("`a. B` stays.", 0),
                ("- item one.", 1),
                ("Item two", 1),
                ("- next", 2),
                ("run it", 3),
                ("| a | b |", 4),
                ("| 1 | 2 |", 4),
                ("Title", 5),
            ]
        );
    }

    #[test]
    fn the_passage_is_the_sentence_holding_the_most_terms() {
        let text = "Intro text here that is long enough to stand alone as a sentence of its own, with words and more words, and yet more words to say. The cache waits five minutes for the lock. Other words follow here, and they are many and long enough to fill a line of text, and more after that, so that the text is long.\n";
        let found = [at(text, "cache", 0), at(text, "lock", 1)];
        let p = passage(text, 0..text.len(), &found, 0, 200);
        assert!(p.text.starts_with("The cache waits"), "{p:?}");
        assert!(!p.whole);
        let p = passage(text, 0..text.len(), &found, 0, 1000);
        assert!(
            p.text
                .contains("The cache waits five minutes for the lock."),
            "{p:?}"
        );
    }

    #[test]
    fn a_short_passage_reads_on_into_the_next_paragraph_but_not_past_a_heading() {
        let long =
            "Filler words that say nothing of the matter at hand, and more of them. ".repeat(4);
        let text = format!(
            "{long}\n\nThe sanitizer checks resources.\n\nIt is off by default: opt in with a flag.\n\n## Next\n\nOther text.\n"
        );
        let found = [at(&text, "sanitizer", 0)];
        let p = passage(&text, 0..text.len(), &found, 0, 200);
        assert_eq!(
            p.text,
            "The sanitizer checks resources. It is off by default: opt in with a flag."
        );
        // Code is not read on into, nor a heading.
        let text = format!("{long}\n\nThe sanitizer checks resources.\n\n```\nrun it\n```\n");
        let p = passage(&text, 0..text.len(), &found, 0, 200);
        assert_eq!(p.text, "The sanitizer checks resources.");
        let text = format!("{long}\n\nThe sanitizer checks resources.\n\n## Next\n\nOther text.\n");
        let p = passage(&text, 0..text.len(), &found, 0, 200);
        assert_eq!(p.text, "The sanitizer checks resources.");
    }

    #[test]
    fn a_passage_reads_on_into_the_next_paragraph_for_a_word_it_lacks() {
        let long =
            "Filler words that say nothing of the matter at hand, and more of them. ".repeat(4);
        let opening = "The recursion limit attribute may be applied at the crate level to set the maximum depth for potentially infinitely-recursive compile-time operations like macro expansion or auto-dereference, and it takes a number.";
        let text = format!("{long}\n\n{opening}\n\nThe default is 128.\n\nMore filler.\n");
        // Past the short length, the next paragraph is read on into for the
        // query word it adds ("default"), and no further.
        let found = [
            at(&text, "recursion", 0),
            at(&text, "depth", 1),
            at(&text, "default", 2),
        ];
        let p = passage(&text, 0..text.len(), &found, 0, 400);
        assert_eq!(p.text, format!("{opening} The default is 128."));
        // A paragraph holding only words the passage shows already is not.
        let text = text.replace("The default is", "The depth is");
        let found = [
            at(&text, "recursion", 0),
            at(&text, "depth", 1),
            Found {
                start: text.rfind("depth").unwrap(),
                ..at(&text, "depth", 1)
            },
        ];
        let p = passage(&text, 0..text.len(), &found, 0, 400);
        assert_eq!(p.text, opening);
        // Under 200 characters, a passage reads on all the same.
        let short = "The recursion limit sets the maximum depth of compile-time operations such as macro expansion and auto-dereference, and a crate may raise it with an attribute at its root.";
        let text = format!(
            "{long}\n\n{short}\n\nIt is rarely needed, as the default is generous.\n\nMore filler.\n"
        );
        let found = [at(&text, "recursion", 0)];
        let p = passage(&text, 0..text.len(), &found, 0, 400);
        assert_eq!(
            p.text,
            format!("{short} It is rarely needed, as the default is generous.")
        );
    }

    #[test]
    fn a_table_row_is_a_fact_and_a_code_line_is_not() {
        let intro =
            "The CSV output has a few options, each set in the script or from the environment:\n\n";
        let row = "| `saveInterval` | how often the file is written | `\"1s\"` | `K6_CSV_SAVE_INTERVAL` |\n";
        let table =
            format!("{intro}| option | what | default | variable |\n|---|---|---|---|\n{row}");
        let found = |t: &str| {
            let mut f = vec![at(t, "CSV", 0), at(t, "output", 1)];
            f.push(at(t, "saveInterval", 2));
            f.push(at(t, "often", 3));
            f.push(at(t, "K6_CSV_SAVE_INTERVAL", 4));
            f.sort_by_key(|f| f.start);
            f
        };
        // The row holds three terms to the sentence's two: it is shown.
        let p = passage(&table, 0..table.len(), &found(&table), 0, 120);
        assert!(p.text.contains("K6_CSV_SAVE_INTERVAL"), "{p:?}");
        assert!(!p.text.contains("The CSV output"), "{p:?}");
        // The same words on a line of code count half: the sentence is shown.
        let code = format!("{intro}```\n{}```\n", row.replace('|', " "));
        let p = passage(&code, 0..code.len(), &found(&code), 0, 120);
        assert!(p.text.starts_with("The CSV output"), "{p:?}");
    }

    #[test]
    fn links_show_their_text_and_code_stays() {
        assert_eq!(
            shown_text("See [the guide](../g.md#x) and ![logo](l.png), `[a](b)`, [ref][r]."),
            "See the guide and logo, `[a](b)`, ref."
        );
        assert_eq!(shown_text("a\n  b\t[c"), "a b [c");
        assert_eq!(shown_text("x\u{1b}[2J y\u{7}\u{202e}z"), "x [2J y z");
        assert_eq!(
            shown_text("<b>lb_policy</b> <span id=\"x\"/> is &lt;name&gt;, not Rc<T> or <path>."),
            "lb_policy is <name>, not Rc<T> or <path>."
        );
        assert_eq!(
            shown_text("from 1 up to 2<sup>29</sup>."),
            "from 1 up to 2^29."
        );
    }

    #[test]
    fn link_definitions_show_nothing_and_footnotes_stay() {
        let text = "See the [prelude].\n\n[prelude]: names/preludes.md\n[`u8`]: types/numeric.md \"u8\"\n[^1]: A footnote says this.\n\nA line\n[x]: continues it.\n";
        assert_eq!(
            segs(text),
            [
                ("See the [prelude].", 0),
                ("[^1]: A footnote says this.", 1),
                ("A line\n[x]: continues it.", 2),
            ]
        );
    }

    #[test]
    fn long_text_is_cut_around_the_match() {
        let text = format!("{} needle {}", "word ".repeat(80), "tail ".repeat(80));
        let at = text.find("needle").unwrap();
        let (out, focus, cut) = cut_around(&text, at, 100);
        assert!(cut);
        assert!(out.starts_with('…') && out.ends_with('…'), "{out}");
        assert!(out.chars().count() <= 100, "{out}");
        assert_eq!(
            out.chars().skip(focus).take(6).collect::<String>(),
            "needle"
        );
    }

    #[test]
    fn a_whole_region_says_so() {
        let text = "Short. Text.\n";
        let p = passage(text, 0..text.len(), &[], 0, 300);
        assert_eq!(p.text, "Short. Text.");
        assert!(p.whole);
    }
}
