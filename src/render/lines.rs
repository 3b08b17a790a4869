//! The line format `fit` measures (docs/output.md, "Text"): an outline's lines (what
//! each names, [`Line`], and its text), its block counts, the marker that
//! ends a folded or paged outline, the line saying path filters narrowed a
//! listing, and names as a line prints them.
//!
//! Pure functions into a buffer: no sink, nothing of the writers. `fit`
//! sizes lines with these functions (`fit/measure.rs`) and the writers print
//! them, so sizes are exact; this is the one part of `render` beneath `fit`.
//! Lines are built by hand into one buffer, as formatting machinery is
//! measurable on outlines with thousands of headings.

use std::borrow::Cow;
use std::sync::Arc;

use crate::options::Hints;
use crate::selector::Target;
use crate::tree::BlockKind;

/// What a line of the outline names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Item {
    /// The document: `<namespace> <path> (<words>w) <title>`, the title only
    /// when it is not the file name's and not the line right beneath.
    /// Shared: a document's line is printed twice over (as the header, and
    /// above the lines beneath), and named again by its widest line.
    Document {
        namespace: Arc<str>,
        path: Arc<str>,
        title: Option<Arc<str>>,
        /// Found by walking a directory: printed under its folder's path
        /// (see [`Lean`]).
        walked: bool,
    },
    /// A document under the folder line above it (a first look is
    /// lean): `[<namespace> ]<file name> (<words>w) <title>`, the namespace only
    /// when the file name alone does not give it.
    Member {
        namespace: Option<Arc<str>>,
        name: Arc<str>,
        title: Option<Arc<str>>,
    },
    /// `front (<words>w)`
    Front,
    /// `root (<words>w)`
    Root,
    /// ` h2.3 Title (<words>w)`, indented by level.
    Heading {
        level: u8,
        ordinal: u32,
        title: String,
    },
    /// `<folder>/ (<N> docs, <words>w)`: the documents under a folder, folded.
    Folder { path: String, docs: usize },
}

/// One line of an outline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    /// 0 for the document, 1 for the top lines, one more per nesting.
    pub depth: u8,
    pub item: Item,
    /// The words of the node the line names.
    pub words: usize,
    /// Lines beneath this one: how many a fold right below it hides.
    pub descendants: u32,
    /// The node's 1-based inclusive line range, when the outline shows ranges
    /// (` L40-120`, the hook's outline mode).
    pub lines: Option<(usize, usize)>,
}

impl Line {
    /// The selector that scopes an outline to this line's node, without namespace.
    pub fn selector(&self) -> String {
        match &self.item {
            Item::Document { .. } | Item::Member { .. } => "*".to_owned(),
            Item::Front => "front".to_owned(),
            Item::Root => "root".to_owned(),
            Item::Heading { level, ordinal, .. } => format!("h{level}.{ordinal}"),
            Item::Folder { path, .. } => path.clone(),
        }
    }
}

/// The last line of a response that left something out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Marker {
    /// `[folded below depth D · expand: mdsel index SELECTOR FILES]`, with
    /// the options that shaped the response (`flags`) after `index`.
    Folded {
        depth: u8,
        selector: String,
        files: Vec<String>,
        flags: Vec<String>,
    },
    /// `[block counts left out · all: mdsel index --full FILES]`: every line
    /// shown, the block counts did not fit.
    BlocksLeftOut {
        files: Vec<String>,
        flags: Vec<String>,
    },
    /// `[folded into folders below depth D · expand: mdsel index FOLDER]`
    Folders {
        depth: u8,
        folder: String,
        flags: Vec<String>,
    },
    /// `[page 1/4 · next: page.1]`
    Page {
        index: usize,
        count: usize,
        next: Option<String>,
    },
}

/// Appends one outline line and its newline; `hidden` lines beneath are noted
/// as `, +N` inside the parentheses, and a line range, when the line has one,
/// follows them: `h2.1 Usage (530w, +3) L40-120`.
pub(crate) fn outline_line(line: &Line, hidden: u32, buf: &mut Vec<u8>) {
    match &line.item {
        Item::Folder { path, docs } => {
            buf.extend_from_slice(printable(path).as_bytes());
            buf.extend_from_slice(b"/ (");
            push_number(buf, *docs);
            buf.extend_from_slice(if *docs == 1 { b" doc, " } else { b" docs, " });
            push_number(buf, line.words);
            buf.extend_from_slice(b"w)\n");
            return;
        }
        Item::Document {
            namespace, path, ..
        } => {
            buf.extend_from_slice(namespace.as_bytes());
            buf.push(b' ');
            buf.extend_from_slice(printable(path).as_bytes());
        }
        Item::Member {
            namespace, name, ..
        } => {
            if let Some(ns) = namespace {
                buf.extend_from_slice(ns.as_bytes());
                buf.push(b' ');
            }
            buf.extend_from_slice(printable(name).as_bytes());
        }
        Item::Front => buf.extend_from_slice(b"front"),
        Item::Root => buf.extend_from_slice(b"root"),
        Item::Heading {
            level,
            ordinal,
            title,
        } => {
            buf.extend(std::iter::repeat_n(b' ', usize::from(level - 1)));
            buf.push(b'h');
            push_number(buf, usize::from(*level));
            buf.push(b'.');
            push_number(buf, *ordinal as usize);
            if !title.is_empty() {
                buf.push(b' ');
                buf.extend_from_slice(title.as_bytes());
            }
        }
    }
    buf.extend_from_slice(b" (");
    push_number(buf, line.words);
    buf.push(b'w');
    if hidden > 0 {
        buf.extend_from_slice(b", +");
        push_number(buf, hidden as usize);
    }
    buf.push(b')');
    if let Item::Document {
        title: Some(title), ..
    }
    | Item::Member {
        title: Some(title), ..
    } = &line.item
    {
        buf.push(b' ');
        buf.extend_from_slice(title.as_bytes());
    }
    if let Some((first, last)) = line.lines {
        buf.extend_from_slice(b" L");
        push_number(buf, first);
        buf.push(b'-');
        push_number(buf, last);
    }
    buf.push(b'\n');
}

/// What a printed outline has said so far, so that a document found by
/// walking a directory is printed under a line naming its folder, by its file
/// name alone, and the folder is not printed again for the documents after it
/// (a first look is lean):
///
/// ```text
/// docs/guide/
/// install.md (640w) Installing
///  h2.0 …
/// usage.md (530w)
/// ```
///
/// A document whose file name does not give its namespace is printed with
/// it (`guide/index index.md (40w)`) under the folder line of the documents
/// before it, and else by its whole line (`guide/index docs/guide/index.md
/// (40w)`), which names its folder for those after it. So a lean line and
/// its folder line are never longer, nor of more words, than the whole line
/// they stand for.
#[derive(Clone, Debug, Default)]
pub(crate) struct Lean {
    /// The folder named by the last folder line printed, while the lines
    /// since are its documents' (`None`: none is).
    folder: Option<String>,
}

impl Lean {
    /// Appends a line as [`outline_line`] does, a document's in its lean form.
    pub fn line(&mut self, line: &Line, hidden: u32, buf: &mut Vec<u8>) {
        match &line.item {
            Item::Document {
                namespace,
                path,
                title,
                walked: true,
            } => {
                let (folder, name) = path.rsplit_once('/').unwrap_or(("", path));
                let here = self.folder.as_deref() == Some(folder);
                // A name that reads as an option is printed as a path (`./-rf.md`).
                let given = name_gives(namespace, name) && !name.starts_with('-');
                if !given && (!here || name.starts_with('-')) {
                    // A folder line besides would make it a word longer.
                    self.folder = Some(folder.to_owned());
                    return outline_line(line, hidden, buf);
                }
                if !here {
                    // The working directory needs no line of its own, unless
                    // another folder's documents came before.
                    let cwd = folder.is_empty() || folder == ".";
                    if !cwd || self.folder.is_some() {
                        let shown = format!("{}/", if cwd { "." } else { folder });
                        buf.extend_from_slice(printable(&shown).as_bytes());
                        buf.push(b'\n');
                    }
                    self.folder = Some(folder.to_owned());
                }
                let member = Line {
                    item: Item::Member {
                        namespace: (!given).then(|| namespace.clone()),
                        name: Arc::from(name),
                        title: title.clone(),
                    },
                    ..line.clone()
                };
                outline_line(&member, hidden, buf);
            }
            Item::Document { .. } | Item::Folder { .. } => {
                self.folder = None;
                outline_line(line, hidden, buf);
            }
            _ => outline_line(line, hidden, buf),
        }
    }
}

/// Whether a file's name alone gives the namespace `namespace` (`Bases
/// syntax.md` gives `bases-syntax`; `index.md` beside others does not give
/// `guide/index`).
pub(crate) fn name_gives(namespace: &str, name: &str) -> bool {
    // Most namespaces are the file's stem in lowercase; only the others are
    // worked out again.
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    stem.to_lowercase() == namespace
        || crate::namespace::namespaces(&[name])
            .first()
            .map(String::as_str)
            == Some(namespace)
}

/// Appends `---` and the non-zero block counts (`code:12 para:30`), or nothing
/// when every count is zero.
pub(crate) fn block_lines(counts: &[usize; BlockKind::COUNT], buf: &mut Vec<u8>) {
    let mut first = true;
    for (kind, &n) in BlockKind::ALL.iter().zip(counts) {
        if n == 0 {
            continue;
        }
        if first {
            buf.extend_from_slice(b"---\n");
        } else {
            buf.push(b' ');
        }
        first = false;
        buf.extend_from_slice(Target::Block(*kind).name().as_bytes());
        buf.push(b':');
        push_number(buf, n);
    }
    if !first {
        buf.push(b'\n');
    }
}

/// The marker line, with its newline.
pub(crate) fn marker_text(marker: &Marker) -> String {
    match marker {
        Marker::Folded {
            depth,
            selector,
            files,
            flags,
        } => format!(
            "[folded below depth {depth} · expand: mdsel index {}{} {}]\n",
            flag_words(flags),
            shell_word(selector),
            shell_words(files)
        ),
        Marker::BlocksLeftOut { files, flags } => {
            // `--full` lifts the word budget: the rest still apply.
            let flags: Vec<String> = match flags.iter().position(|f| f == "--max-words") {
                Some(at) => [&flags[..at], flags.get(at + 2..).unwrap_or_default()].concat(),
                None => flags.clone(),
            };
            format!(
                "[block counts left out · all: mdsel index --full {}{}]\n",
                flag_words(&flags),
                shell_words(files)
            )
        }
        Marker::Folders {
            depth,
            folder,
            flags,
        } => format!(
            "[folded into folders below depth {depth} · expand: mdsel index {}{}]\n",
            flag_words(flags),
            shell_word(folder)
        ),
        Marker::Page { index, count, next } => match next {
            Some(next) => format!("[page {}/{count} · next: {next}]\n", index + 1),
            None => format!("[page {}/{count}]\n", index + 1),
        },
    }
}

/// The last line of an outline or a hit list that path filters narrowed, with
/// its newline, naming the filters as the caller passes them again: `[narrowed
/// by --glob 'api/**']` on the command line, `[narrowed by glob:
/// ["api/**"]]` for a tool. `None` without filters.
pub(crate) fn narrowed_text(globs: &[String], hints: Hints) -> Option<String> {
    if globs.is_empty() {
        return None;
    }
    let filters = match hints {
        Hints::Flags => {
            let words: Vec<String> = globs
                .iter()
                .map(|g| format!("--glob {}", shell_word(g)))
                .collect();
            words.join(" ")
        }
        Hints::Parameters => format!("glob: {}", serde_json::to_string(globs).unwrap_or_default()),
    };
    Some(format!("[narrowed by {filters}]\n"))
}

/// Options as a command's words, each followed by a space.
fn flag_words(flags: &[String]) -> String {
    flags
        .iter()
        .map(|f| format!("{} ", shell_word(f)))
        .collect()
}

fn shell_words(words: &[String]) -> String {
    let quoted: Vec<Cow<'_, str>> = words.iter().map(|w| shell_word(w)).collect();
    quoted.join(" ")
}

/// Characters that make a shell run or redirect something when a name holding
/// them is pasted into a command (`q;id>pwned.md`, `$(…)`).
const COMMAND: &[char] = &[
    '$', '`', ';', '&', '|', '<', '>', '(', ')', '\\', '\'', '"', '!',
];

/// A name as a text line prints it: as is; in single quotes when it holds a
/// character that would make a shell run or redirect something
/// (`'q;id>pwned.md'`); or, when a character of it would garble the line, in
/// the shell's `$'…'` quoting with that character escaped (`$'a\nb.md'`), so
/// that the line stays one line and the name still runs when pasted into bash
/// or zsh. (Spaces stay as they are: a listing names a file as `find` does.)
pub(crate) fn printable(name: &str) -> Cow<'_, str> {
    if !crate::namespace::garbled(name) {
        return match name.contains(COMMAND) {
            true => Cow::Owned(format!("'{}'", name.replace('\'', r"'\''"))),
            false => Cow::Borrowed(name),
        };
    }
    let mut out = String::from("$'");
    for c in name.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            c if crate::namespace::garbles(c) => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('\'');
    Cow::Owned(out)
}

/// A word as a POSIX shell reads it back: as is when it holds only characters
/// no shell treats specially, else in single quotes (or, holding a character
/// that would garble the line, in `$'…'`, as a listing prints names).
pub fn shell_word(word: &str) -> Cow<'_, str> {
    if crate::namespace::garbled(word) {
        return printable(word);
    }
    let plain = |c: char| c.is_alphanumeric() || "_-./:,=+@%^".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        Cow::Borrowed(word)
    } else {
        Cow::Owned(format!("'{}'", word.replace('\'', r"'\''")))
    }
}

/// Appends the decimal digits of `n`.
pub(crate) fn push_number(buf: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[at..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_decimal() {
        for n in [0usize, 7, 10, 99, 100, 12345, usize::MAX] {
            let mut buf = Vec::new();
            push_number(&mut buf, n);
            assert_eq!(String::from_utf8(buf).unwrap(), n.to_string());
        }
    }

    #[test]
    fn lines_and_markers() {
        let line = |depth, item, words, descendants| Line {
            depth,
            item,
            words,
            descendants,
            lines: None,
        };
        let heading = Item::Heading {
            level: 3,
            ordinal: 7,
            title: "Options".into(),
        };
        let mut buf = Vec::new();
        outline_line(&line(2, heading.clone(), 12040, 46), 46, &mut buf);
        outline_line(&line(2, heading.clone(), 5, 0), 0, &mut buf);
        let ranged = Line {
            lines: Some((40, 120)),
            ..line(2, heading.clone(), 530, 3)
        };
        outline_line(&ranged, 3, &mut buf);
        outline_line(&ranged, 0, &mut buf);
        let root = Line {
            lines: Some((1, 1)),
            ..line(1, Item::Root, 4, 0)
        };
        outline_line(&root, 0, &mut buf);
        let doc = Item::Document {
            namespace: "api/fs".into(),
            path: "api/fs.md".into(),
            title: None,
            walked: false,
        };
        outline_line(&line(0, doc, 9, 3), 3, &mut buf);
        block_lines(&[1, 0, 2, 0, 0, 0], &mut buf);
        block_lines(&[0; BlockKind::COUNT], &mut buf);
        assert_eq!(
            String::from_utf8(buf).unwrap(),
            "  h3.7 Options (12040w, +46)\n  h3.7 Options (5w)\n  h3.7 Options (530w, +3) L40-120\n  h3.7 Options (530w) L40-120\nroot (4w) L1-1\napi/fs api/fs.md (9w, +3)\n---\ncode:1 list:2\n"
        );
        let folded = Marker::Folded {
            depth: 2,
            selector: "api/fs::*".into(),
            files: vec!["docs/".into(), "my notes.md".into()],
            flags: Vec::new(),
        };
        assert_eq!(
            marker_text(&folded),
            "[folded below depth 2 · expand: mdsel index 'api/fs::*' docs/ 'my notes.md']\n"
        );
        let flags = ["--max-bytes", "90000000", "--lines"].map(str::to_owned);
        let folders = Marker::Folders {
            depth: 1,
            folder: "docs/api".into(),
            flags: flags.to_vec(),
        };
        assert_eq!(
            marker_text(&folders),
            "[folded into folders below depth 1 · expand: mdsel index --max-bytes 90000000 --lines docs/api]\n"
        );
        let all = Marker::BlocksLeftOut {
            files: vec!["a.md".into()],
            flags: ["--max-words", "30", "--lines"].map(str::to_owned).to_vec(),
        };
        assert_eq!(
            marker_text(&all),
            "[block counts left out · all: mdsel index --full --lines a.md]\n"
        );
        let page = |next: Option<&str>| Marker::Page {
            index: 0,
            count: 4,
            next: next.map(str::to_owned),
        };
        assert_eq!(
            marker_text(&page(Some("page.1"))),
            "[page 1/4 · next: page.1]\n"
        );
        assert_eq!(marker_text(&page(None)), "[page 1/4]\n");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word(""), "''");
    }
}
