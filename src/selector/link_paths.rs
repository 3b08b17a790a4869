//! How a link's target reads before it is looked up among the inputs
//! (docs/links.md, "Links both ways"): joined to the linking file's folder,
//! spelt as a site's address, or a target no lookup is for (a URL, an
//! attachment, a table-of-contents marker).

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use foldhash::{HashMap, HashMapExt};

use super::docs::{components_joined, lowercase, unnumbered};
use crate::paths::{last_separator, percent_decoded};

/// Each path's place by its components joined ([`components_joined`]): as
/// written, lowercase, and as [`bare_key`] files it; the first path of each
/// key kept.
pub(super) struct PathKeys {
    pub exact: HashMap<String, usize>,
    pub folded: HashMap<String, usize>,
    pub bare: HashMap<String, usize>,
}

impl PathKeys {
    pub fn of<'a>(paths: impl ExactSizeIterator<Item = &'a str>) -> PathKeys {
        let mut keys = PathKeys {
            exact: HashMap::with_capacity(paths.len()),
            folded: HashMap::with_capacity(paths.len()),
            bare: HashMap::with_capacity(paths.len()),
        };
        for (i, path) in paths.enumerate() {
            let key = components_joined(path);
            keys.bare.entry(bare_key(&key).into_owned()).or_insert(i);
            keys.folded.entry(lowercase(&key).into_owned()).or_insert(i);
            keys.exact.entry(key.into_owned()).or_insert(i);
        }
        keys
    }
}

/// A joined path as the third lookup files it: lowercase, each component
/// without its numeric ordering prefix; not copied where it is so already.
pub(super) fn bare_key(key: &str) -> Cow<'_, str> {
    let numbered = (key.as_bytes().split(|&b| b == b'/'))
        .any(|part| part.first().is_some_and(u8::is_ascii_digit));
    match numbered {
        false => lowercase(key),
        true => {
            let parts: Vec<&str> = key.split('/').map(unnumbered).collect();
            Cow::Owned(parts.join("/").to_lowercase())
        }
    }
}

/// Whether a path that is not there would lie in one of `roots`, judged
/// from its nearest folder that is.
pub(super) fn under(path: &Path, roots: &[PathBuf]) -> bool {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    absolute
        .ancestors()
        .find_map(|a| a.canonicalize().ok())
        .is_some_and(|real| roots.iter().any(|r| real.starts_with(r)))
}

/// What the file system says of a path no input is.
#[derive(Clone, Copy)]
pub(super) enum Disk {
    /// A file, where it may be looked for.
    File,
    /// Outside the folders it may be looked for in: not checked, as a URL
    /// is not.
    Outside,
    Missing,
}

/// What the file system says of `path`, looked for anywhere, or `within`
/// some folders only (a call over MCP, in its roots).
pub(super) fn disk(path: &str, within: Option<&[PathBuf]>) -> Disk {
    let at = Path::new(path);
    match within {
        None if at.exists() => Disk::File,
        Some(roots) => match at.canonicalize() {
            Ok(real) if roots.iter().any(|r| real.starts_with(r)) => Disk::File,
            Ok(_) => Disk::Outside,
            Err(_) if !under(at, roots) => Disk::Outside,
            Err(_) => Disk::Missing,
        },
        None => Disk::Missing,
    }
}

/// Whether a wiki link's note names an attachment (`[[diagram.png]]`): a
/// name with an extension that is no Markdown file's. Where notes' names
/// hold dots (`dendron.topic.tasks`, [`Notes::names_dotted`]), only a file
/// an attachment is ([`is_attachment_name`]) is one.
///
/// [`Notes::names_dotted`]: super::notes::Notes::names_dotted
/// [`is_attachment_name`]: crate::paths::is_attachment_name
pub(super) fn is_attachment(note: &str, dotted: bool) -> bool {
    note.rsplit_once('.').is_some_and(|(name, ext)| {
        !name.is_empty()
            && !ext.is_empty()
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
            && !crate::paths::is_markdown_name(note)
            && (!dotted || crate::paths::is_attachment_name(note))
    })
}

/// Whether a wiki link's note is the marker VitePress, VuePress and GitLab
/// replace with the page's table of contents (`[[toc]]`, `[[_TOC_]]`).
pub(super) fn is_contents_marker(note: &str) -> bool {
    note.eq_ignore_ascii_case("toc") || note.eq_ignore_ascii_case("_toc_")
}

/// `path` joined to the folder of the file at `from`, `.` and `..` folded
/// where they can be.
pub(super) fn joined(from: &str, path: &str) -> String {
    let folder = match last_separator(from) {
        Some(at) => &from[..=at],
        None => "",
    };
    let decoded = percent_decoded(path).unwrap_or_else(|_| path.to_owned());
    let whole = format!("{folder}{decoded}");
    let absolute = whole.starts_with('/');
    let mut out = components_joined(&whole).into_owned();
    if absolute {
        out.insert(0, '/');
    }
    if path.ends_with('/') && !out.is_empty() {
        out.push('/');
    }
    if out.is_empty() { ".".to_owned() } else { out }
}

/// Whether a link lands outside the inputs whatever they are: a target
/// with a scheme or protocol-relative, not a wiki link ([`Landing::External`]).
pub(crate) fn lands_outside(target: &str, wiki: bool) -> bool {
    !wiki && is_external(target.trim())
}

/// Whether a link target has a scheme (`https:`, `mailto:`, `ftp:`) or is
/// protocol-relative (`//cdn.example.org/x`).
fn is_external(target: &str) -> bool {
    if target.starts_with("//") {
        return true;
    }
    let scheme = target.split(':').next().unwrap_or_default();
    target.len() > scheme.len()
        && scheme.len() > 1
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
}

/// A link's target without its Markdown file's extension (`./b.md#x` →
/// `./b#x`), if its path has one.
pub(super) fn without_page_extension(target: &str) -> Option<String> {
    let end = target.find(['#', '?']).unwrap_or(target.len());
    let (path, rest) = target.split_at(end);
    let stem = [".md", ".mdx"].iter().find_map(|ext| {
        let at = path.len().checked_sub(ext.len())?;
        (path.is_char_boundary(at) && path[at..].eq_ignore_ascii_case(ext)).then(|| &path[..at])
    })?;
    (!stem.is_empty() && !stem.ends_with('/')).then(|| format!("{stem}{rest}"))
}

/// A link's path and its anchor (percent-decoded; none where empty):
/// `page#anchor`, and Docsify's `page?id=anchor`.
pub(super) fn path_and_anchor(target: &str) -> (&str, Option<String>) {
    let (path, anchor) = match target.split_once('#') {
        Some((path, anchor)) => (path, Some(anchor)),
        None => (target, None),
    };
    let (path, anchor) = match path.split_once('?') {
        Some((p, query)) => (p, anchor.or_else(|| query.strip_prefix("id="))),
        None => (path, anchor),
    };
    let anchor = anchor.map(|a| percent_decoded(a).unwrap_or_else(|_| a.to_owned()));
    (path, anchor.filter(|a| !a.is_empty()))
}
