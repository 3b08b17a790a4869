//! The library's side of the hook's outline mode (docs/hook.md, "Outline mode"): `write_outline`
//! prints one parsed document's index exactly as `index` does, and
//! `Options::line_ranges` adds each part's line range to the outline, counted
//! in the budget.

use mdsel::{Call, Command, Input, Options, Source};

/// A document with front matter, a preamble and nested sections, some
/// separated by several blank lines; `n` sections of filler make it as long
/// as a test needs.
fn document(n: usize) -> String {
    let mut text =
        String::from("---\ntitle: Guide\n---\n\nIntro one.\nIntro two.\n\n# Guide\n\nLead.\n");
    for k in 0..n {
        text.push_str(&format!(
            "\n## Part {k}\n\nText of part {k}, in a few words.\n\n\n### Detail {k}\n\n- one\n- two\n"
        ));
    }
    text
}

fn options(max_words: usize, line_ranges: bool) -> Options {
    let mut options = Options::default();
    options.max_words = max_words;
    options.threads = 1;
    options.line_ranges = line_ranges;
    options
}

/// `write_outline` of `text` parsed as `name`.
fn outline(name: &str, text: &str, options: &Options) -> String {
    let doc = mdsel::parse_document(Source::new(name, text));
    let mut out = Vec::new();
    mdsel::write_outline(options, &doc, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// `index NAME` run through the pipeline, on the same text.
fn index(name: &str, text: &str, options: &Options) -> String {
    let input = Input::Bytes {
        name: name.to_owned(),
        bytes: text.as_bytes().to_vec(),
    };
    let call = Call::new(Command::Index(Vec::new()), vec![input]);
    let mut out = Vec::new();
    mdsel::run_text(options, &call, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// An outline line without its ` L<first>-<last>` range, and the range.
fn split_range(line: &str) -> (&str, Option<(usize, usize)>) {
    let Some((head, range)) = line.rsplit_once(" L") else {
        return (line, None);
    };
    let Some((a, b)) = range.split_once('-') else {
        return (line, None);
    };
    match (a.parse(), b.parse()) {
        (Ok(a), Ok(b)) => (head, Some((a, b))),
        _ => (line, None),
    }
}

#[test]
fn write_outline_prints_what_index_prints() {
    for n in [1, 5, 40, 400] {
        let text = document(n);
        for max_words in [2000, 300, 60, 12, 1] {
            for ranges in [false, true] {
                let options = options(max_words, ranges);
                assert_eq!(
                    outline("docs/my guide.md", &text, &options),
                    index("docs/my guide.md", &text, &options),
                    "{n} parts, {max_words} words, ranges {ranges}"
                );
            }
        }
    }
}

#[test]
fn line_ranges_are_each_parts_lines() {
    let text = document(3);
    let plain = outline("a.md", &text, &options(2000, false));
    let ranged = outline("a.md", &text, &options(2000, true));
    let lines: Vec<&str> = text.lines().collect();
    let mut stripped = String::new();
    let mut ranges = Vec::new();
    for line in ranged.lines() {
        let (head, range) = split_range(line);
        stripped.push_str(head);
        stripped.push('\n');
        ranges.extend(range.map(|r| (head.trim_start().to_owned(), r)));
    }
    // Without its ranges, the outline is `index`'s, line for line.
    assert_eq!(stripped, plain);
    let want = [
        ("front (4w)", (1, 3)),
        ("root (4w)", (5, 6)),
        ("h1.0 Guide (57w)", (8, 40)),
        ("h2.0 Part 0 (18w)", (12, 20)),
        ("h3.0 Detail 0 (7w)", (17, 20)),
        ("h2.1 Part 1 (18w)", (22, 30)),
        ("h3.1 Detail 1 (7w)", (27, 30)),
        ("h2.2 Part 2 (18w)", (32, 40)),
        ("h3.2 Detail 2 (7w)", (37, 40)),
    ];
    let want: Vec<(String, (usize, usize))> =
        want.iter().map(|(h, r)| ((*h).to_owned(), *r)).collect();
    assert_eq!(ranges, want);
    // Each heading's range starts on its heading and ends on its last text line.
    for (head, (first, last)) in &ranges[2..] {
        let title = head.split(' ').nth(1).unwrap();
        assert!(
            lines[first - 1].contains(title),
            "{head}: {}",
            lines[first - 1]
        );
        assert!(
            !lines[last - 1].trim().is_empty(),
            "{head} ends on a blank line"
        );
        let after = lines.get(*last).copied().unwrap_or("#");
        let next = lines[*last..].iter().find(|l| !l.trim().is_empty());
        assert!(
            after.trim().is_empty() || next.is_none_or(|l| l.starts_with('#')),
            "{head} ends before its section does"
        );
    }
}

#[test]
fn line_ranges_count_in_the_budget() {
    // Wide enough to fold: ranged lines are longer, so they fold sooner, and the
    // whole response still fits the words and the 16 bytes a word.
    let text = document(2000);
    for max_words in [2000, 500, 50] {
        let out = outline("a.md", &text, &options(max_words, true));
        assert!(
            out.len() <= 16 * max_words,
            "{max_words}: {} bytes",
            out.len()
        );
        assert!(mdsel::count_words(&out) <= max_words + 4, "{max_words}");
        let last = out.lines().last().unwrap();
        assert!(last.starts_with('['), "folded or paged: {last}");
        assert!(out.lines().filter(|l| l.contains(" L")).count() > 0);
    }
}
