//! Namespaces: the names a selector's `ns::` uses to address one document of many.
//!
//! Owns the naming rule ([`namespaces`]; docs/selectors.md, "Selectors") and the lookup
//! from a selector's namespace back to its document ([`find`]). Every document
//! gets a distinct name that parses as a namespace in the selector grammar. It
//! reads the current directory (to resolve relative paths) and nothing else: no
//! files, no Markdown.
//!
//! The rule, in order:
//! 1. the file name without its last extension, lowercased (`-` is `stdin`);
//! 2. names two documents share grow into their shortest distinguishing suffix of
//!    the path resolved against the current directory, so `../README.md` and
//!    `README.md` differ (`work/readme`, `proj/readme`);
//! 3. paths that no suffix separates (they differ only in extension or case) keep
//!    the extension (`c/guide.md`, `c/guide.mdx`), then the original case
//!    (`c/Notes`, `c/notes`);
//! 4. characters a selector cannot carry become `_` (a comma, a control character,
//!    a `:` that would read as `::`, whitespace at either end), and so do those a
//!    shell reads specially (`$`, quotes, `;`, `&`, `|`, `<`, `>`, parentheses,
//!    globs, braces, `~`, `#`, `!`, `^`, a backslash), so a namespace pasted
//!    into a shell is the one word it reads;
//! 5. anything still shared (two in-memory texts under one name) is numbered:
//!    `doc`, `doc#2`, `doc#3`.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use std::path::{Component, Path};

/// Assigns each path its namespace, resolving relative paths against the current
/// directory; the result is in input order and has no two names alike:
/// `docs/README.md api/readme.md Guide.markdown -` are `docs/readme api/readme
/// guide stdin`; `guide.md guide.mdx c/Notes.md c/notes.md` are `guide.md
/// guide.mdx Notes notes`.
pub(crate) fn namespaces<S: AsRef<str> + Sync>(paths: &[S]) -> Vec<String> {
    namespaces_on(paths, 1)
}

/// [`namespaces`], working out each path's parts and writing each name on up
/// to `threads` threads: a walk of tens of thousands of files waits for its
/// names before it reads any. The result does not depend on `threads`.
pub(crate) fn namespaces_on<S: AsRef<str> + Sync>(paths: &[S], threads: usize) -> Vec<String> {
    let cwd = std::env::current_dir().ok();
    assign(paths, cwd.as_deref(), threads)
}

/// Below this many paths, one thread names them all: starting another costs
/// more than it saves.
const PARALLEL_NAMES: usize = 4096;

/// `f(0)` to `f(len - 1)`, in order, worked out in up to `threads` runs of
/// neighbouring indices at once (this thread works the first).
fn map_on<U: Send>(len: usize, threads: usize, f: impl Fn(usize) -> U + Sync) -> Vec<U> {
    if threads <= 1 || len < PARALLEL_NAMES {
        return (0..len).map(f).collect();
    }
    let run = len.div_ceil(threads);
    std::thread::scope(|scope| {
        let f = &f;
        let rest: Vec<_> = (run..len)
            .step_by(run)
            .map(|start| {
                scope.spawn(move || (start..len.min(start + run)).map(f).collect::<Vec<U>>())
            })
            .collect();
        let mut out: Vec<U> = Vec::with_capacity(len);
        out.extend((0..run).map(f));
        for part in rest {
            match part.join() {
                Ok(part) => out.extend(part),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        out
    })
}

/// A selector qualified by its document's namespace: `ns::h2.1`. The one
/// place `::` is written.
pub(crate) fn qualified(namespace: &str, selector: &str) -> String {
    let mut s = String::with_capacity(namespace.len() + 2 + selector.len());
    s.push_str(namespace);
    s.push_str("::");
    s.push_str(selector);
    s
}

/// Which document a selector's namespace names: the one whose namespace is
/// exactly `wanted`, else the only one equal to it ignoring case (`README::`
/// finds `readme`). `None` when no document, or several, would fit.
pub fn find<'a>(namespaces: impl IntoIterator<Item = &'a str>, wanted: &str) -> Option<usize> {
    let wanted_lower = wanted.to_lowercase();
    let mut folded = Vec::new();
    for (i, ns) in namespaces.into_iter().enumerate() {
        if ns == wanted {
            return Some(i);
        }
        if ns.to_lowercase() == wanted_lower {
            folded.push(i);
        }
    }
    match folded[..] {
        [only] => Some(only),
        _ => None,
    }
}

/// One path, split the ways the rule needs it: its resolved directories and
/// file stem, `/`-joined (a directory never holds a `/`), so that a suffix of
/// components is a suffix of one string.
struct Name {
    /// Two texts in one allocation, `written` then `lower`:
    /// - `written`: the directories of the resolved path, outermost first,
    ///   each followed by a `/`, then the file name, as written;
    /// - `lower`: the directories and the stem of `written`, lowercased: what
    ///   steps 1 and 2 compare.
    texts: String,
    /// Where `written` ends and `lower` starts in `texts`.
    split: usize,
    /// Where the stem starts in `written` and in `lower`.
    stem_at: (usize, usize),
    /// Where the stem ends in `written`: the last extension's dot, if any.
    stem_end: usize,
    /// How many directories `written` holds.
    dirs: usize,
}

/// The current directory's components, resolved once for every path: each
/// followed by a `/`.
struct Base {
    joined: String,
    count: usize,
}

impl Base {
    fn new(cwd: Option<&Path>) -> Base {
        let mut base = Base {
            joined: String::new(),
            count: 0,
        };
        if let Some(cwd) = cwd {
            base.extend(cwd);
        }
        base
    }

    /// Appends the components of `path` made absolute against what `self`
    /// holds and normalized lexically (`.` dropped, `..` taken back): where
    /// the file is, without following links, so that naming it twice
    /// differently still names one place.
    fn extend(&mut self, path: &Path) {
        for component in path.components() {
            match component {
                Component::Normal(s) => self.push(&s.to_string_lossy()),
                Component::ParentDir => self.pop(),
                Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
            }
        }
    }

    /// [`Base::extend`] for a path given as text: on Unix its components are
    /// its `/`-separated parts, split here without the general parser (and
    /// byte by byte: a part is a few bytes, too short for a vector search).
    fn extend_str(&mut self, path: &str) {
        #[cfg(unix)]
        {
            let mut start = 0;
            for part in path.as_bytes().split(|&b| b == b'/') {
                let end = start + part.len();
                match &path[start..end] {
                    "" | "." => {}
                    ".." => self.pop(),
                    name => self.push(name),
                }
                start = end + 1;
            }
        }
        #[cfg(not(unix))]
        self.extend(Path::new(path));
    }

    fn push(&mut self, name: &str) {
        self.joined.push_str(name);
        self.joined.push('/');
        self.count += 1;
    }

    fn pop(&mut self) {
        if self.count > 0 {
            let end = self.joined.len() - 1;
            self.joined.truncate(
                memchr::memrchr(b'/', &self.joined.as_bytes()[..end]).map_or(0, |slash| slash + 1),
            );
            self.count -= 1;
        }
    }
}

impl Name {
    fn new(path: &str, base: &Base) -> Name {
        let stdin = path == "-";
        let relative = !stdin && Path::new(path).is_relative();
        let written = match (stdin, relative) {
            (true, _) => "stdin/".len(),
            (false, true) => base.joined.len() + path.len(),
            (false, false) => path.len(),
        };
        // Room for the lowercased copy too (see `texts`), so it is made
        // without moving what is written (unless lowercasing lengthens it).
        let mut resolved = Base {
            joined: String::with_capacity(2 * written),
            count: 0,
        };
        if stdin {
            resolved.joined.push_str("stdin/");
            resolved.count = 1;
        } else {
            if relative {
                resolved.joined.push_str(&base.joined);
                resolved.count = base.count;
            }
            resolved.extend_str(path);
        }
        let (written, dirs) = match resolved.count {
            // Nothing left to name it by: the path as given is its file name.
            0 => (path.to_owned(), 0),
            n => {
                let mut joined = resolved.joined;
                joined.pop();
                (joined, n - 1)
            }
        };
        let stem_at = if resolved.count == 0 {
            0
        } else {
            memchr::memrchr(b'/', written.as_bytes()).map_or(0, |slash| slash + 1)
        };
        let stem_end =
            match memchr::memrchr(b'.', &written.as_bytes()[stem_at..]).filter(|&i| i > 0) {
                Some(dot) => stem_at + dot,
                None => written.len(),
            };
        let split = written.len();
        let mut texts = written;
        let (dirs_end, stem) = (stem_at, stem_at..stem_end);
        lowercase_within(&mut texts, 0..dirs_end);
        let lower_stem_at = texts.len() - split;
        lowercase_within(&mut texts, stem);
        Name {
            texts,
            split,
            stem_at: (stem_at, lower_stem_at),
            stem_end,
            dirs,
        }
    }

    /// The resolved path as written.
    fn written(&self) -> &str {
        &self.texts[..self.split]
    }

    /// Its directories and stem, lowercased.
    fn lower(&self) -> &str {
        &self.texts[self.split..]
    }

    /// The last extension without its dot, as written.
    fn ext(&self) -> Option<&str> {
        self.written().get(self.stem_end + 1..)
    }

    /// The last `depth` directories and the stem, lowercased (depth clamped).
    fn lower_suffix(&self, depth: usize) -> &str {
        suffix(self.lower(), self.stem_at.1, depth)
    }

    /// The name at `depth`: lowercased unless `case`, with the extension if `ext`.
    fn render(&self, depth: usize, ext: bool, case: bool) -> String {
        let mut out = if case {
            suffix(&self.written()[..self.stem_end], self.stem_at.0, depth)
        } else {
            suffix(self.lower(), self.stem_at.1, depth)
        }
        .to_owned();
        if ext && let Some(e) = self.ext() {
            out.push('.');
            if case {
                out.push_str(e);
            } else {
                out.push_str(&e.to_lowercase());
            }
        }
        out
    }
}

/// Appends the part `range` of `text` to it, lowercased (without the Unicode
/// tables when that part is ASCII).
fn lowercase_within(text: &mut String, range: std::ops::Range<usize>) {
    if text[range.clone()].is_ascii() {
        let at = text.len();
        text.extend_from_within(range);
        text[at..].make_ascii_lowercase();
    } else {
        let lower = text[range].to_lowercase();
        text.push_str(&lower);
    }
}

/// The stem at `stem_at` and the last `depth` directories before it, of a
/// `/`-joined path (all of them, if it has fewer). Only the directories are
/// split at `/`: a stem that is the whole path as given may hold one.
fn suffix(joined: &str, stem_at: usize, depth: usize) -> &str {
    let mut start = stem_at;
    for _ in 0..depth {
        if start == 0 {
            break;
        }
        start = memchr::memrchr(b'/', &joined.as_bytes()[..start - 1]).map_or(0, |slash| slash + 1);
    }
    &joined[start..]
}

/// The rule of the module header, with `cwd` given (so tests can fix it).
fn assign<S: AsRef<str> + Sync>(paths: &[S], cwd: Option<&Path>, threads: usize) -> Vec<String> {
    let base = Base::new(cwd);
    let names: Vec<Name> = map_on(paths.len(), threads, |i| {
        Name::new(paths[i].as_ref(), &base)
    });
    // Documents whose whole lowercased paths agree form a group: no suffix can
    // separate them, only the extension or the case (step 3).
    let mut group_of: HashMap<&str, usize> = HashMap::with_capacity(names.len());
    let group: Vec<usize> = names
        .iter()
        .map(|n| {
            let next = group_of.len();
            *group_of.entry(n.lower()).or_insert(next)
        })
        .collect();
    let depth = shortest_suffixes(&names, &group);
    let mut out: Vec<String> = map_on(names.len(), threads, |i| {
        writable(names[i].render(depth[i], false, false))
    });
    // The members of groups of more than one (most paths are alone in theirs),
    // group by group, each in input order.
    let mut size = vec![0u32; group_of.len()];
    for &g in &group {
        size[g] += 1;
    }
    let mut shared: Vec<usize> = (0..names.len()).filter(|&i| size[group[i]] > 1).collect();
    shared.sort_by_key(|&i| group[i]);
    for members in shared.chunk_by(|&a, &b| group[a] == group[b]) {
        separate(&names, &depth, members, &mut out);
        for &i in members {
            out[i] = writable(std::mem::take(&mut out[i]));
        }
    }
    number_duplicates(&mut out);
    out
}

/// For each name, the fewest directories that set its lowercased suffix apart
/// from every document outside its group (step 2); all of them if none do.
///
/// Each depth looks only at the names still unsettled: a name settled at a
/// shallower depth shares no deeper suffix with one outside its group (its
/// shorter suffix would be shared too), so it cannot change who owns one.
fn shortest_suffixes(names: &[Name], group: &[usize]) -> Vec<usize> {
    let mut depth: Vec<Option<usize>> = vec![None; names.len()];
    let mut open: Vec<usize> = (0..names.len()).collect();
    let deepest = names.iter().map(|n| n.dirs).max().unwrap_or(0);
    // Per suffix at this depth, its slot in `owner`: which group holds it,
    // `None` when several do. Each open name's slot is kept, so the suffix is
    // hashed once per depth.
    let mut slot: HashMap<&str, usize> = HashMap::with_capacity(names.len());
    let mut owner: Vec<Option<usize>> = Vec::with_capacity(names.len());
    let mut slot_of: Vec<usize> = Vec::with_capacity(names.len());
    for d in 0..=deepest {
        if open.is_empty() {
            break;
        }
        slot.clear();
        owner.clear();
        slot_of.clear();
        for &i in &open {
            let k = *slot.entry(names[i].lower_suffix(d)).or_insert_with(|| {
                owner.push(Some(group[i]));
                owner.len() - 1
            });
            if owner[k] != Some(group[i]) {
                owner[k] = None;
            }
            slot_of.push(k);
        }
        let mut slots = slot_of.iter();
        open.retain(|&i| {
            let k = *slots.next().expect("one slot per open name");
            let settled = owner[k] == Some(group[i]);
            if settled {
                depth[i] = Some(d);
            }
            !settled
        });
    }
    names
        .iter()
        .zip(depth)
        .map(|(n, d)| d.unwrap_or(n.dirs))
        .collect()
}

/// Step 3 for one group of paths alike but for extension or case: the extension
/// is kept when the group holds more than one; documents still alike keep their
/// original case, with as many directories as it takes to tell them apart.
fn separate(names: &[Name], depth: &[usize], group: &[usize], out: &mut [String]) {
    let exts: HashSet<Option<String>> = group
        .iter()
        .map(|&i| names[i].ext().map(str::to_lowercase))
        .collect();
    let keep_ext = exts.len() > 1;
    let mut alike: HashMap<String, Vec<usize>> = HashMap::new();
    for &i in group {
        out[i] = names[i].render(depth[i], keep_ext, false);
        alike.entry(out[i].clone()).or_default().push(i);
    }
    let mut subgroups: Vec<Vec<usize>> = alike.into_values().filter(|s| s.len() > 1).collect();
    subgroups.sort();
    for sub in subgroups {
        // Show the extension too when its case is what differs.
        let distinct = |ext: bool| {
            let all: HashSet<String> = sub
                .iter()
                .map(|&i| names[i].render(usize::MAX, ext, true))
                .collect();
            all.len()
        };
        let ext = keep_ext || distinct(true) > distinct(false);
        let mut pending = sub.clone();
        // A group shares its lowercased path, so its members share a depth too.
        let (from, to) = (depth[sub[0]], names[sub[0]].dirs);
        for d in from..=to {
            let at = |i: usize| names[i].render(d, ext, true);
            let mut count: HashMap<String, usize> = HashMap::new();
            for &i in &sub {
                *count.entry(at(i)).or_default() += 1;
            }
            pending.retain(|&i| {
                let name = at(i);
                if count[&name] == 1 {
                    out[i] = name;
                    false
                } else {
                    true
                }
            });
            if pending.is_empty() {
                break;
            }
        }
        // Alike in every letter (step 5 numbers them).
        for i in pending {
            out[i] = names[i].render(depth[i], ext, true);
        }
    }
}

/// Whether a character would garble a line printed raw: a control character
/// (a newline splits the line, a tab moves what follows) or a bidirectional
/// formatting character (U+202E reverses what follows). Namespaces never hold
/// one; paths that do are printed escaped (`render::lines::printable`).
pub(crate) fn garbles(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Whether text holds a character that [`garbles`] a line printed raw;
/// printable ASCII, most names, is read byte by byte.
pub(crate) fn garbled(text: &str) -> bool {
    !text.bytes().all(|b| (0x20..0x7f).contains(&b)) && text.chars().any(garbles)
}

/// Whether [`sanitize`] would change a name (printable ASCII without `,`,
/// `:` or a character a shell reads is read byte by byte, without the
/// Unicode tables).
fn needs_sanitizing(name: &str) -> bool {
    let special = |b: u8| b == b',' || b == b':' || SHELL.as_bytes().contains(&b);
    let plain = |b: &u8| b.is_ascii_graphic() && !special(*b);
    if name.bytes().all(|b| plain(&b)) {
        return name.is_empty() || name.starts_with('-');
    }
    name.is_empty()
        || name.starts_with('-')
        || name.bytes().any(special)
        || name.chars().any(|c| c.is_whitespace() || garbles(c))
}

/// A name as step 4 leaves it.
fn writable(name: String) -> String {
    if needs_sanitizing(&name) {
        sanitize(&name)
    } else {
        name
    }
}

/// Characters a POSIX shell, bash or zsh reads specially in a word: they
/// become `_` in a namespace.
const SHELL: &str = "$`'\";&|<>()~#!*?[]{}\\^";

/// Makes a name writable before `::` in a selector (step 4): the parser takes
/// the namespace up to the first `::` and trims it, and a comma would split the
/// argument into two selectors; control characters would break the text output.
pub(crate) fn sanitize(name: &str) -> String {
    let start = name.len() - name.trim_start().len();
    let end = name.trim_end().len();
    let mut out = String::with_capacity(name.len());
    let mut chars = name.char_indices().peekable();
    let mut in_space = false;
    while let Some((i, c)) = chars.next() {
        let next = chars.peek().map(|&(_, n)| n);
        // A run of white space inside the name is one `-` (one
        // shell word, `Internal links.md` → `internal-links`).
        let inside = i >= start && i < end;
        if c.is_whitespace() && !c.is_control() && inside {
            if !in_space {
                out.push('-');
            }
            in_space = true;
            continue;
        }
        in_space = false;
        let bad = match c {
            // A selector starting with `-` would be read as an option.
            '-' if out.is_empty() => true,
            ',' => true,
            ':' => matches!(next, None | Some(':')),
            // A character a shell reads (`q;id>pwned.md`, `$(…)`, quotes, a
            // glob, `~`, `#`): a namespace is one shell word, pasted as
            // printed (docs/selectors.md, "Selectors").
            c if SHELL.contains(c) => true,
            c if garbles(c) => true,
            c => c.is_whitespace(),
        };
        out.push(if bad { '_' } else { c });
    }
    if out.is_empty() {
        out.push('_');
    }
    out
}

/// Step 5: the first of several alike keeps the name, the others get `#2`, `#3`…
/// (skipping any number another document already goes by).
fn number_duplicates(out: &mut [String]) {
    let mut distinct: HashSet<&str> = HashSet::with_capacity(out.len());
    if out.iter().all(|name| distinct.insert(name)) {
        return;
    }
    let mut taken: HashSet<String> = out.iter().cloned().collect();
    let mut seen: HashSet<String> = HashSet::new();
    for name in out.iter_mut() {
        if seen.insert(name.clone()) {
            continue;
        }
        let base = name.clone();
        let mut n = 2;
        while taken.contains(&format!("{base}#{n}")) {
            n += 1;
        }
        *name = format!("{base}#{n}");
        taken.insert(name.clone());
        seen.insert(name.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selector::{parse, split_selectors};
    use proptest::prelude::*;

    fn names(paths: &[&str]) -> Vec<String> {
        assign(paths, Some(Path::new("/w/proj")), 1)
    }

    /// Many paths are named on several threads: the names are the ones one
    /// thread gives, whatever the thread count, shared stems, case and
    /// extension variants and duplicates included.
    #[test]
    fn names_do_not_depend_on_the_thread_count() {
        let mut paths: Vec<String> = Vec::new();
        for folder in 0..12 {
            for page in 0..400 {
                paths.push(format!("docs/v{folder}/page-{page:03}.md"));
            }
        }
        paths.extend(
            [
                "docs/v1/Page-001.md",
                "docs/v1/page-001.mdx",
                "docs/v1/page-001.md",
            ]
            .map(String::from),
        );
        paths.extend(
            ["a b/c:d.md", "-", "-", "../up.md", "./docs/v2/page-007.md"].map(String::from),
        );
        assert!(paths.len() > PARALLEL_NAMES);
        let one = assign(&paths, Some(Path::new("/w/proj")), 1);
        assert_eq!(one[0], "v0/page-000");
        for threads in [2, 3, 8] {
            assert_eq!(
                assign(&paths, Some(Path::new("/w/proj")), threads),
                one,
                "{threads} threads"
            );
        }
    }

    #[test]
    fn namespaces_as_documented() {
        let ns = namespaces(&["docs/README.md", "api/readme.md", "Guide.markdown", "-"]);
        assert_eq!(ns, ["docs/readme", "api/readme", "guide", "stdin"]);
        let ns = namespaces(&["guide.md", "guide.mdx", "c/Notes.md", "c/notes.md"]);
        assert_eq!(ns, ["guide.md", "guide.mdx", "Notes", "notes"]);
    }

    #[test]
    fn namespaces_table() {
        let cases: &[(&[&str], &[&str])] = &[
            (&["README.md"], &["readme"]),
            (&["My-Guide.markdown"], &["my-guide"]),
            (&["-"], &["stdin"]),
            (&["a.b.md"], &["a.b"]),
            (&[".hidden.md"], &[".hidden"]),
            (&["x/.md"], &[".md"]),
            (&["my notes.md"], &["my-notes"]),
            (
                &["docs/readme.md", "api/readme.md"],
                &["docs/readme", "api/readme"],
            ),
            (
                &["a/docs/readme.md", "b/docs/readme.md"],
                &["a/docs/readme", "b/docs/readme"],
            ),
            (&["./docs/x.md", "y.md"], &["x", "y"]),
            (&["a/x.md", "b/x.mdx", "z.md"], &["a/x", "b/x", "z"]),
            (&["/a/readme.md", "/b/readme.md"], &["a/readme", "b/readme"]),
        ];
        for (paths, want) in cases {
            assert_eq!(names(paths), *want, "{paths:?}");
        }
    }

    /// Issue 8: two documents shared a namespace and the second was unreachable.
    #[test]
    fn namespaces_are_distinct() {
        let cases: &[(&[&str], &[&str])] = &[
            // Suffixes come from the resolved path (cwd is /w/proj).
            (&["../README.md", "README.md"], &["w/readme", "proj/readme"]),
            (
                &["readme.md", "docs/readme.md"],
                &["proj/readme", "docs/readme"],
            ),
            (&["-", "stdin.md"], &["stdin", "proj/stdin"]),
            (
                &["a/../x.md", "./x.md", "b/x.md"],
                &["proj/x", "proj/x#2", "b/x"],
            ),
            // Only the extension differs: it is kept.
            (&["c/guide.md", "c/guide.mdx"], &["guide.md", "guide.mdx"]),
            (
                &["c/guide.md", "c/guide.mdx", "d/guide.md"],
                &["c/guide.md", "c/guide.mdx", "d/guide"],
            ),
            (&["guide", "guide.md"], &["guide", "guide.md"]),
            // Only the case differs: it is kept, with the directories that show it.
            (&["c/Notes.md", "c/notes.md"], &["Notes", "notes"]),
            (
                &["c/Notes.md", "c/notes.md", "d/notes.md"],
                &["c/Notes", "c/notes", "d/notes"],
            ),
            (
                &["Docs/readme.md", "docs/readme.md"],
                &["Docs/readme", "docs/readme"],
            ),
            (&["notes.md", "notes.MD"], &["notes.md", "notes.MD"]),
            (
                &["Notes.md", "notes.md", "notes.mdx"],
                &["Notes.md", "notes.md", "notes.mdx"],
            ),
            // Nothing separates them: numbered, never reusing a name in use.
            (&["doc.md", "doc.md", "doc.md"], &["doc", "doc#2", "doc#3"]),
            (&["x.md", "x.md", "x#2.md"], &["x", "x#2", "x_2"]),
            (&["x.md.md", "x.md", "x.mdx"], &["x.md", "x.md#2", "x.mdx"]),
            // Characters a selector cannot carry.
            (&["a,b.md"], &["a_b"]),
            (&["a::b.md"], &["a_:b"]),
            (&["a:b.md"], &["a:b"]),
            (&["t:.md"], &["t_"]),
            (&[" s .md"], &["_s_"]),
            (&["a\nb.md"], &["a_b"]),
            // Characters a shell reads: a namespace is one plain word.
            (&["q;id>pwned.md"], &["q_id_pwned"]),
            (&["$(rm x)`y`.md"], &["__rm-x__y_"]),
            (&["[[wiki]]/a.md", "b/a.md"], &["__wiki__/a", "b/a"]),
            (&["C#.md", "a|b&c.md", "~t!.md"], &["c_", "a_b_c", "_t_"]),
        ];
        for (paths, want) in cases {
            assert_eq!(names(paths), *want, "{paths:?}");
        }
    }

    #[test]
    fn find_table() {
        let cases: &[(&[&str], &str, Option<usize>)] = &[
            (&["readme", "docs/readme"], "readme", Some(0)),
            (&["readme", "docs/readme"], "Docs/README", Some(1)),
            (&["Notes", "notes"], "notes", Some(1)),
            (&["Notes", "notes"], "Notes", Some(0)),
            (&["Notes", "notes"], "NOTES", None),
            (&["a"], "b", None),
        ];
        for (known, wanted, want) in cases {
            assert_eq!(find(known.iter().copied(), wanted), *want, "{wanted}");
        }
    }

    /// Path pieces chosen to collide: case, extension, `..`, and characters the
    /// selector grammar treats specially.
    fn piece() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "a",
            "A",
            "b",
            "..",
            ".",
            "x.md",
            "X.md",
            "x.mdx",
            "x.MD",
            "x",
            "readme.md",
            "README.md",
            "a:b",
            "c,d",
            " s",
            "t:",
            "::",
            "é",
            "É.md",
            "-",
            "x#2.md",
        ])
    }

    fn path() -> impl Strategy<Value = String> {
        (any::<bool>(), prop::collection::vec(piece(), 1..4)).prop_map(|(abs, parts)| {
            let joined = parts.join("/");
            if abs { format!("/{joined}") } else { joined }
        })
    }

    proptest! {
        /// For any set of paths: namespaces are distinct, and each one written
        /// before `::` parses back to itself and finds its own document.
        #[test]
        fn any_paths_get_distinct_working_namespaces(
            paths in prop::collection::vec(path(), 1..8)
        ) {
            let got = names(&paths.iter().map(String::as_str).collect::<Vec<_>>());
            let unique: HashSet<&String> = got.iter().collect();
            prop_assert_eq!(unique.len(), got.len(), "{:?} -> {:?}", paths, got);
            for (i, ns) in got.iter().enumerate() {
                for rest in ["h2.0", "*"] {
                    let text = format!("{ns}::{rest}");
                    prop_assert_eq!(split_selectors(&text), [text.as_str()]);
                    let sel = parse(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
                    prop_assert_eq!(sel.namespace.as_deref(), Some(ns.as_str()));
                    prop_assert_eq!(find(got.iter().map(String::as_str), ns), Some(i));
                }
            }
        }
    }
}
