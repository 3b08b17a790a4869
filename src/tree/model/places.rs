//! The places a text names for links to land on besides its headings and
//! HTML ids (docs/links.md, "Links both ways"): the labels MyST directives
//! give themselves, and Obsidian's block ids.

use std::sync::LazyLock;

use memchr::memmem;

/// The labels MyST directives give themselves in their options
/// (```` ```{figure} ```` then `:label: fig-x` or `:name: fig-x`, other
/// options between, or `name: fig-x` in a `---` block of options) or as a
/// `{figure-md}`'s argument, each with where its line ends: linked by name
/// from any page as a `(label)=` line is.
pub(super) fn directive_labels(text: &str, at: usize, labels: &mut Vec<(String, usize)>) {
    static KEYS: LazyLock<[memmem::Finder<'static>; 4]> = LazyLock::new(|| {
        [
            memmem::Finder::new(":label:"),
            memmem::Finder::new(":name:"),
            memmem::Finder::new("\nname:"),
            memmem::Finder::new("\nlabel:"),
        ]
    });
    let bytes = text.as_bytes();
    if !may_open_directive(bytes) {
        return;
    }
    figure_md_labels(text, at, labels);
    for key in KEYS.iter() {
        // Each line is read once, however many keys it holds.
        let mut read_to = 0;
        for option in key.find_iter(bytes) {
            if option < read_to {
                continue;
            }
            // (A key found with the line end before it is on the next line.)
            let option = option + usize::from(bytes[option] == b'\n');
            let end = memchr::memchr(b'\n', &bytes[option..]).map_or(bytes.len(), |i| option + i);
            read_to = end;
            directive_label(text, option, end, at, labels);
        }
    }
}

/// Whether some `{` follows a run of three or more backticks, tildes or
/// colons, past white space within the line: every directive a label is
/// read in opens so (most texts have none, and are not searched for the
/// options' keys). Past white space beyond ASCII, it may.
fn may_open_directive(bytes: &[u8]) -> bool {
    memchr::memchr_iter(b'{', bytes).any(|open| {
        let before = &bytes[..open];
        let blank = |b: u8| matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c);
        let Some(last) = before.iter().rposition(|&b| !blank(b)) else {
            return false;
        };
        let run = (before[..=last].iter().rev())
            .take_while(|&&b| matches!(b, b'`' | b'~' | b':'))
            .count();
        run >= 3 || !before[last].is_ascii()
    })
}

/// [`directive_labels`] for the option at `option`, on a line ending at `end`.
fn directive_label(
    text: &str,
    option: usize,
    end: usize,
    at: usize,
    labels: &mut Vec<(String, usize)>,
) {
    let bytes = text.as_bytes();
    let start = memchr::memrchr(b'\n', &bytes[..option]).map_or(0, |i| i + 1);
    let line = text[start..end].trim();
    let yaml = !line.starts_with(':');
    let Some(value) = ["label:", "name:", ":label:", ":name:"]
        .iter()
        .find_map(|key| line.strip_prefix(key))
        .map(|v| v.trim().trim_matches(['"', '\'']))
        .filter(|v| !v.is_empty() && !v.contains(char::is_whitespace))
    else {
        return;
    };
    // Up over the other options to the directive's opening fence: in a
    // `---` block, over its other keys and the `---` that opens it.
    let mut above = text[..start].lines().rev().take(OPTIONS_MOST);
    let opener = match yaml {
        false => above.find(|l| !is_option(l.trim())),
        true => above
            .find(|l| l.trim() == "---" || !is_yaml_option(l))
            .filter(|l| l.trim() == "---")
            .and_then(|_| above.next()),
    };
    let fence = opener.map(str::trim_start).is_some_and(|l| {
        let run = l
            .bytes()
            .take_while(|&b| matches!(b, b'`' | b'~' | b':'))
            .count();
        run >= 3 && l[run..].trim_start().starts_with('{')
    });
    if fence {
        labels.push((value.to_owned(), at + end));
    }
}

/// The most option lines read above a directive's label.
const OPTIONS_MOST: usize = 16;

/// Whether a line is an option of a directive's `---` block (`width: 200px`).
fn is_yaml_option(line: &str) -> bool {
    line.split_once(':').is_some_and(|(key, _)| {
        !key.is_empty()
            && (key.bytes()).all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    })
}

/// The labels `{figure-md}` directives take as their argument
/// (```` ```{figure-md} fig-x ````, `:::{figure-md} fig-x`).
fn figure_md_labels(text: &str, at: usize, labels: &mut Vec<(String, usize)>) {
    let bytes = text.as_bytes();
    for found in memmem::find_iter(bytes, b"{figure-md}") {
        let start = memchr::memrchr(b'\n', &bytes[..found]).map_or(0, |i| i + 1);
        let end = memchr::memchr(b'\n', &bytes[found..]).map_or(bytes.len(), |i| found + i);
        let fence = text[start..found].trim_start();
        let run = (fence.bytes())
            .take_while(|&b| matches!(b, b'`' | b'~' | b':'))
            .count();
        let argument = text[found + "{figure-md}".len()..end].trim();
        if run >= 3 && run == fence.len() && !argument.is_empty() && !argument.contains(' ') {
            labels.push((argument.to_owned(), at + end));
        }
    }
}

/// Whether a line is a directive's option (`:class: tip`).
fn is_option(line: &str) -> bool {
    line.strip_prefix(':')
        .and_then(|r| r.split_once(':'))
        .is_some_and(|(key, _)| {
            !key.is_empty()
                && key
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
}

/// Obsidian's block ids in `text` (which starts at `at`): a `^id` of
/// letters, digits and `-` ending a line, as `^id`, after a space, after an
/// embed (`![[chart.png]]^id`), or on a line of its own (the id of the
/// table, list or quote before it).
pub(super) fn block_ids(text: &str, at: usize, ids: &mut Vec<(String, usize)>) {
    let bytes = text.as_bytes();
    for caret in memchr::memchr_iter(b'^', bytes) {
        let after = match caret {
            0 => true,
            _ => {
                matches!(bytes[caret - 1], b' ' | b'\t' | b'\n') || bytes[..caret].ends_with(b"]]")
            }
        };
        if !after {
            continue;
        }
        let id = bytes[caret + 1..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'-')
            .count();
        let end = caret + 1 + id;
        let rest = text[end..].split('\n').next().unwrap_or_default();
        if id > 0 && rest.trim().is_empty() {
            ids.push((text[caret..end].to_owned(), at + caret));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::may_open_directive;

    #[test]
    fn a_directive_opens_only_after_a_run_of_fence_characters() {
        for text in [
            "```{figure} x.png",
            "  :::  {note}",
            "~~~\t{figure-md} fig",
            "``:{mixed}",
            "prose\n```\u{3000}{x}",
        ] {
            assert!(may_open_directive(text.as_bytes()), "{text:?}");
        }
        for text in [
            "{x}",
            "``{x}",
            "a ```b {x}",
            "const a = { b: 1 };",
            ":: {x}",
            "",
        ] {
            assert!(!may_open_directive(text.as_bytes()), "{text:?}");
        }
    }
}
