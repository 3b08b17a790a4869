//! Paths as names of Markdown documents: which files are Markdown (and which
//! are MDX), and which files a link's path may name. Text in, text out: it
//! reads no file and knows nothing of selectors, trees or namespaces, so every
//! stage that meets a path (the walk, the selector parser, the namespace
//! lookup, the tree builder) can ask here without asking each other.

use std::path::Path;

/// Files of these extensions are taken from directories (compared case-insensitively).
pub(crate) const MARKDOWN_EXTENSIONS: [&str; 3] = ["md", "markdown", "mdx"];

/// Whether a file name (`_index.md`, `README`) is a folder's index page: a
/// site serves it at the folder's address, and titles it by the folder.
pub(crate) fn is_index_name(name: &str) -> bool {
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    ["index", "_index", "readme"]
        .iter()
        .any(|i| stem.eq_ignore_ascii_case(i))
}

/// Whether a path ends in `.md`, `.markdown` or `.mdx`, in any case.
pub(crate) fn is_markdown_path(path: &Path) -> bool {
    extension(path).is_some_and(|e| {
        MARKDOWN_EXTENSIONS
            .iter()
            .any(|m| e.eq_ignore_ascii_case(m.as_bytes()))
    })
}

/// What [`Path::extension`] gives, as bytes. Where a path is bytes and its
/// name is plain (what follows its last `/`, not `.` or `..`), the name is
/// read from there, without parsing every component: the walk asks this of
/// every file it lists.
fn extension(path: &Path) -> Option<&[u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bytes = path.as_os_str().as_bytes();
        let name = &bytes[memchr::memrchr(b'/', bytes).map_or(0, |slash| slash + 1)..];
        if !matches!(name, b"" | b"." | b"..") {
            // A name's last dot, unless it starts the name (`.md` is a name).
            return match memchr::memrchr(b'.', name) {
                Some(dot) if dot > 0 => Some(&name[dot + 1..]),
                _ => None,
            };
        }
    }
    path.extension().map(|e| e.as_encoded_bytes())
}

/// Whether text names a Markdown file: it ends in `.md`, `.markdown` or `.mdx`
/// (any case) after some name.
pub(crate) fn is_markdown_name(text: &str) -> bool {
    text.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && MARKDOWN_EXTENSIONS
                .iter()
                .any(|m| ext.eq_ignore_ascii_case(m))
    })
}

/// Whether a file's name is an attachment's, a file of a vault that is no
/// note (an image, a sound, a video, a PDF, a canvas, an Obsidian base), by
/// its extension in any case.
pub(crate) fn is_attachment_name(name: &str) -> bool {
    const FILES: [&str; 21] = [
        "png",
        "jpg",
        "jpeg",
        "gif",
        "svg",
        "webp",
        "bmp",
        "avif",
        "pdf",
        "mp3",
        "wav",
        "ogg",
        "m4a",
        "flac",
        "mp4",
        "webm",
        "mov",
        "mkv",
        "canvas",
        "excalidraw",
        "base",
    ];
    name.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty() && FILES.iter().any(|f| ext.eq_ignore_ascii_case(f))
    })
}

/// How a document's text is read: CommonMark with GFM, or MDX (docs/dialects.md, "Site
/// markup: MDX and templates").
/// Decided once from its path, when it is parsed, and kept on the document.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) enum Dialect {
    #[default]
    Markdown,
    Mdx,
}

impl Dialect {
    /// The dialect a path names (`.mdx`, any case, is MDX).
    pub(crate) fn of(path: &str) -> Dialect {
        if is_mdx(path) {
            Dialect::Mdx
        } else {
            Dialect::Markdown
        }
    }
}

/// Whether a path names an MDX file (`.mdx`, any case), read as MDX.
pub(crate) fn is_mdx(path: &str) -> bool {
    path.rsplit_once('.')
        .is_some_and(|(_, ext)| ext.eq_ignore_ascii_case("mdx"))
}

/// A path's parts between its `/` and `\` separators, in order, as
/// `path.split(['/', '\\'])` gives them, found byte by byte (both are
/// ASCII): a doc set's every path is cut so, more than once.
pub(crate) fn parts(path: &str) -> impl DoubleEndedIterator<Item = &str> {
    let base = path.as_ptr() as usize;
    (path.as_bytes().split(|&b| b == b'/' || b == b'\\')).map(move |part| {
        let start = part.as_ptr() as usize - base;
        &path[start..start + part.len()]
    })
}

/// Where a path's last `/` or `\\` is, if it has one, found byte by byte.
pub(crate) fn last_separator(path: &str) -> Option<usize> {
    memchr::memrchr2(b'/', b'\\', path.as_bytes())
}

/// The paths a link's path may name, most likely first: as typed (percent-
/// escapes decoded, a URL's scheme and host dropped); for a site's page, its
/// Markdown source (any Markdown extension): `build.html` → `build.md`,
/// `build` → `build.md`, `build/index.md`, `build/README.md`, …; `guide/` →
/// `guide/index.md`, …, then `guide.md`.
pub(crate) fn link_spellings(path: &str) -> Vec<String> {
    let mut path = percent_decoded(path).unwrap_or_else(|_| path.to_owned());
    if let Some(at) = path.find("://") {
        let after = &path[at + 3..];
        path = after
            .find('/')
            .map_or_else(String::new, |i| after[i..].to_owned());
    }
    let mut out = vec![path.clone()];
    if is_markdown_name(&path) {
        return out;
    }
    const INDEXES: [&str; 5] = [
        "index.md",
        "index.mdx",
        "README.md",
        "readme.md",
        "_index.md",
    ];
    // (Each spelling made by `concat`, not `format!`: a doc set's every
    // link to a page is spelled so.)
    let page = [".html", ".htm"].iter().find_map(|e| {
        let at = path.len().checked_sub(e.len())?;
        (path.as_bytes()[at..].eq_ignore_ascii_case(e.as_bytes())).then(|| &path[..at])
    });
    if let Some(stem) = page {
        out.extend(MARKDOWN_EXTENSIONS.iter().map(|e| [stem, ".", e].concat()));
        // `other/index.html` is the folder's index page, whatever its source
        // is called (`README.md`, `_index.md`).
        let name = stem.rsplit('/').next().unwrap_or(stem);
        if name.eq_ignore_ascii_case("index") {
            let folder = &stem[..stem.len() - name.len()];
            let indexes: Vec<String> = INDEXES
                .iter()
                .map(|i| [folder, i].concat())
                .filter(|p| !out.contains(p))
                .collect();
            out.extend(indexes);
        }
        return out;
    }
    // `guide/` is a folder's index page, or with pretty URLs (Hugo,
    // Docusaurus, webpack's site) the page `guide.md`; `guide` is rather the
    // page, or else the folder's index.
    let folder = path.trim_end_matches('/');
    let sep = if folder.is_empty() { "" } else { "/" };
    let pages = MARKDOWN_EXTENSIONS
        .iter()
        .map(|e| [folder, ".", e].concat());
    let indexes = INDEXES.iter().map(|i| [folder, sep, i].concat());
    if folder.is_empty() {
        out.extend(indexes);
    } else if path.ends_with('/') {
        out.extend(indexes.chain(pages));
    } else {
        out.extend(pages.chain(indexes));
    }
    out
}

/// `text` with its `%XX` escapes decoded; a malformed escape, or one that
/// decodes to invalid UTF-8 or a NUL, is an error at its byte offset.
pub(crate) fn percent_decoded(text: &str) -> Result<String, usize> {
    if !text.contains('%') {
        return Ok(text.to_owned());
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3).ok_or(i)?;
            let b = u8::from_str_radix(hex, 16).map_err(|_| i)?;
            if b == 0 {
                return Err(i);
            }
            out.push(b);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|e| {
        // The offset in the text of the escape that broke the UTF-8.
        let bad = e.utf8_error().valid_up_to();
        let mut decoded = 0;
        let mut at = 0;
        while at < bytes.len() && decoded < bad {
            at += if bytes[at] == b'%' { 3 } else { 1 };
            decoded += 1;
        }
        at.min(bytes.len().saturating_sub(1))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paths_parts_and_last_separator_are_what_splitting_at_either_gives() {
        for path in [
            "",
            "/",
            "a",
            "docs/guide/intro.md",
            "/docs//guide/",
            "C:\\docs\\guide.md",
            "mixed/ü\\ñ/名前.md",
            "./../x/",
        ] {
            let theirs: Vec<&str> = path.split(['/', '\\']).collect();
            assert_eq!(parts(path).collect::<Vec<_>>(), theirs, "{path:?}");
            let reversed: Vec<&str> = path.rsplit(['/', '\\']).collect();
            assert_eq!(parts(path).rev().collect::<Vec<_>>(), reversed, "{path:?}");
            assert_eq!(last_separator(path), path.rfind(['/', '\\']), "{path:?}");
        }
    }

    #[test]
    fn a_paths_extension_is_what_the_path_parser_gives() {
        for path in [
            "a.md",
            "a/b.md",
            "/a/b.MD",
            "a.b.c",
            ".md",
            "a/.md",
            "a/..md",
            "a.",
            "a/b/",
            "a/b.md/",
            "a/b.md/.",
            "a/b.md/..",
            ".",
            "..",
            "/",
            "",
            "a//b.md",
            "a.d/b",
            "a.md/b",
            "./x.mdx",
            "x/./",
            "é.markdown",
            "a b.Md",
        ] {
            let want = Path::new(path).extension().map(|e| e.as_encoded_bytes());
            assert_eq!(extension(Path::new(path)), want, "{path:?}");
        }
    }

    #[test]
    fn a_links_spellings_are_its_pages_sources_in_order() {
        let spelled = |path: &str| link_spellings(path).join(" ");
        assert_eq!(spelled("a/b.md"), "a/b.md");
        assert_eq!(spelled("a/B.HTML"), "a/B.HTML a/B.md a/B.markdown a/B.mdx");
        assert_eq!(
            spelled("a/index.htm"),
            "a/index.htm a/index.md a/index.markdown a/index.mdx a/README.md a/readme.md a/_index.md"
        );
        assert_eq!(
            spelled("guide/"),
            "guide/ guide/index.md guide/index.mdx guide/README.md guide/readme.md \
             guide/_index.md guide.md guide.markdown guide.mdx"
        );
        assert_eq!(
            spelled("https://x.y/g%C3%A9"),
            "/gé /gé.md /gé.markdown /gé.mdx /gé/index.md /gé/index.mdx /gé/README.md \
             /gé/readme.md /gé/_index.md"
        );
        assert_eq!(
            spelled(""),
            " index.md index.mdx README.md readme.md _index.md"
        );
        assert_eq!(spelled("é.html"), "é.html é.md é.markdown é.mdx");
        assert_eq!(
            spelled("html"),
            "html html.md html.markdown html.mdx html/index.md \
             html/index.mdx html/README.md html/readme.md html/_index.md"
        );
    }

    #[test]
    fn markdown_extensions_any_case() {
        for (path, want) in [
            ("a.md", true),
            ("b.MD", true),
            ("c.Markdown", true),
            ("d.mdx", true),
            ("e.txt", false),
            ("md", false),
        ] {
            assert_eq!(is_markdown_path(Path::new(path)), want, "{path}");
        }
        for (path, want) in [("a.MDX", true), ("b.md", false), ("mdx", false)] {
            assert_eq!(is_mdx(path), want, "{path}");
        }
        for (text, want) in [
            ("a.md", true),
            ("docs/Guide.MARKDOWN", true),
            ("x/.md", true),
            (".md", false),
            ("md", false),
            ("a.md/x", false),
            ("guide.html", false),
        ] {
            assert_eq!(is_markdown_name(text), want, "{text}");
        }
    }
}
