//! Selector syntax: text to [`Selector`], or a [`SyntaxError`] that points at the
//! column and says what was expected there.

use super::error::{Expected, SyntaxError};
use super::{DocRef, Index, MAX_SELECTOR_LEN, MAX_STEPS, Query, Selector, Step, Target};
use crate::paths::{is_markdown_name, percent_decoded};

/// Parses one selector.
///
/// ```
/// let sel = mdsel::parse_selector("readme::h2.1/code.0?head=5").unwrap();
/// assert_eq!(sel.namespace(), Some("readme"));
/// assert_eq!(sel.source(), "readme::h2.1/code.0?head=5");
/// assert_eq!(mdsel::parse_selector("h2.").unwrap_err().to_string(),
///            "Invalid selector at column 4: expected an index after '.' (e.g. 0, 1-3 or 0,2)");
/// ```
pub fn parse(input: &str) -> Result<Selector, SyntaxError> {
    // The `~` that marks a suggestion may be pasted with it (`~h2.7`), and
    // an Obsidian embed (`![[Note]]`) is its wiki link.
    if let Some(rest) = input
        .strip_prefix('~')
        .or_else(|| input.strip_prefix('!').filter(|r| r.starts_with("[[")))
    {
        return parse(rest).map_err(|e| SyntaxError {
            input: input.to_owned(),
            offset: e.offset + 1,
            expected: e.expected,
        });
    }
    let err = |offset: usize, expected: Expected| SyntaxError {
        input: input.to_owned(),
        offset,
        expected,
    };
    if input.len() > MAX_SELECTOR_LEN {
        return Err(err(0, Expected::ShorterSelector { len: input.len() }));
    }
    // A namespace may start with `[[` (a folder `[[wiki]]`): a wiki link has
    // no `::` after its `]]`.
    let namespaced = input
        .find("]]")
        .is_some_and(|close| input[close..].contains("::"));
    if let Some(inner) = input.strip_prefix("[[").filter(|_| !namespaced) {
        return wiki(input, inner).map_err(|(at, e)| err(at, e));
    }
    // (A namespace may hold `#`, `x.md#2::*`: a selector with `::` is no path.)
    // The first `#` after which a link path ends: `C#.md#generics` is the file
    // `C#.md`, its anchor `generics`.
    let hash = (!input.contains("::"))
        .then(|| {
            // A link's path holds few `#`s; a comma list of anchors holds
            // thousands, each of which would read the text before it.
            input
                .match_indices('#')
                .map(|(h, _)| h)
                .take(MAX_HASHES)
                .find(|&h| h > 0 && is_link_path(&input[..h]))
        })
        .flatten();
    if let Some(hash) = hash {
        // `PATH#anchor`: the rest is a selector of that file.
        let mut sel = parse(&input[hash..]).map_err(|e| err(hash + e.offset, e.expected))?;
        sel.source = input.to_owned();
        sel.doc = Some(DocRef::Path(input[..hash].to_owned()));
        return Ok(sel);
    }
    let mut p = Cursor { s: input, pos: 0 };
    let namespace = match input.find("::") {
        Some(0) => return Err(err(0, Expected::Namespace)),
        Some(i) => {
            p.pos = i + 2;
            Some(input[..i].trim().to_owned())
        }
        None => None,
    };
    let steps = p.steps().map_err(|(at, e)| err(at, e))?;
    let query = if p.peek() == Some('?') {
        p.pos += 1;
        p.query().map_err(|(at, e)| err(at, e))?
    } else {
        Query::default()
    };
    Ok(Selector {
        source: input.to_owned(),
        namespace,
        steps,
        query,
        doc: None,
    })
}

/// The `#`s of a selector tried as the end of a link's path (`C#.md#x` needs
/// two).
const MAX_HASHES: usize = 8;

/// Whether text before a `#` is a link's path: a Markdown file's, or a site's
/// page as generators link it (`guide/build.html`, `../guide/build`,
/// `/guide/`, `https://vite.dev/guide/build`): ending in `.html` or `.htm`, or
/// holding a `/` and no extension in its last part, unless it is a selector
/// (`h2.0/#usage` is an anchor step out of place). A bare word (`C`, `F`) is
/// not one: `C#` stays a query.
pub(crate) fn is_link_path(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let last = lower.rsplit('/').next().unwrap_or_default();
    is_markdown_name(text)
        || [".html", ".htm"]
            .iter()
            .any(|e| last.ends_with(e) && last.len() > e.len())
        || (lower.contains('/')
            && !last.contains('.')
            && !lower.contains(char::is_whitespace)
            && parse(text.trim_end_matches('/')).is_err())
}

/// A wiki link as pasted: `[[Note]]`, `[[Note#Heading]]`, `[[Note#Heading|shown
/// text]]`, `[[folder/Note#Heading]]`, `[[#Heading]]`, `[[Note#Part#Heading]]`
/// (the last heading). The heading is found by its text or anchor; a note
/// alone is the whole document.
fn wiki(input: &str, inner: &str) -> Result<Selector, Failure> {
    let Some(body) = inner.strip_suffix("]]") else {
        // `[[a]]/h2.0`: a wiki link and then more; the note's namespace
        // selects inside it.
        if let Some(close) = inner.find("]]") {
            let at = input.len() - inner.len() + close + 2;
            let note = inner[..close].split(['#', '|']).next().unwrap_or_default();
            let name = note.rsplit('/').next().unwrap_or(note).trim();
            let rest = inner[close + 2..].trim_start_matches('/');
            let namespace = name
                .split_whitespace()
                .collect::<Vec<_>>()
                .join("-")
                .to_lowercase();
            if !namespace.is_empty() && !rest.is_empty() {
                let instead = format!("{namespace}::{rest}");
                return Err((at, Expected::WikiEnd { instead }));
            }
        }
        return Err((input.len(), Expected::WikiClose));
    };
    // Inside a table the alias bar is escaped: `[[Note#Heading\|text]]`.
    let target = body.split('|').next().unwrap_or_default();
    let target = target.strip_suffix('\\').unwrap_or(target);
    let (note, heading) = match target.split_once('#') {
        // `[[C#]]`: a `#` with no heading after it is part of the note's
        // name (the note `C#`; else, when there is none, `C`).
        Some((note, heading)) if heading.trim().is_empty() && !note.trim().is_empty() => {
            (target.trim(), None)
        }
        // A nested heading path (`[[Note#Part#Heading]]`): the last heading
        // names the section, as a link lands.
        Some((note, heading)) => (
            note.trim(),
            heading.rsplit('#').map(str::trim).find(|h| !h.is_empty()),
        ),
        None => (target.trim(), None),
    };
    let heading = heading.filter(|h| !h.is_empty());
    if note.is_empty() && heading.is_none() {
        return Err((2, Expected::WikiTarget));
    }
    let step = match heading {
        Some(h) => Step {
            target: Target::Anchor,
            index: None,
            anchor: Some(h.to_owned()),
        },
        None => Step {
            target: Target::All,
            index: None,
            anchor: None,
        },
    };
    Ok(Selector {
        source: input.to_owned(),
        namespace: None,
        steps: vec![step],
        query: Query::default(),
        doc: (!note.is_empty()).then(|| DocRef::Note(note.to_owned())),
    })
}

struct Cursor<'a> {
    s: &'a str,
    pos: usize,
}

type Failure = (usize, Expected);

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.s[self.pos..].chars().next()
    }

    /// The steps, a `/` between each two, up to a `?` or the end.
    fn steps(&mut self) -> Result<Vec<Step>, Failure> {
        let mut steps = Vec::new();
        loop {
            if steps.len() == MAX_STEPS {
                return Err((self.pos, Expected::FewerSteps));
            }
            let step_at = self.pos;
            let step = self.step()?;
            match step.target {
                Target::Root | Target::Front | Target::Anchor if !steps.is_empty() => {
                    return Err((
                        step_at,
                        Expected::FirstOnly {
                            step: step.target.name(),
                        },
                    ));
                }
                _ => {}
            }
            if steps
                .last()
                .is_some_and(|s: &Step| s.target == Target::Page)
            {
                return Err((step_at, Expected::PageLast));
            }
            steps.push(step);
            match self.peek() {
                Some('/') => self.pos += 1,
                Some('?') | None => return Ok(steps),
                Some(c) => return Err((self.pos, Expected::End { found: c })),
            }
        }
    }

    fn step(&mut self) -> Result<Step, Failure> {
        let start = self.pos;
        if self.peek() == Some('*') {
            self.pos += 1;
            return self.no_index(Target::All);
        }
        if self.peek() == Some('#') {
            return self.anchor();
        }
        let len = self.s[start..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == ':'))
            .unwrap_or(self.s.len() - start);
        if len == 0 {
            return Err((start, Expected::Type));
        }
        let name = &self.s[start..start + len];
        let target = Target::from_name(name).ok_or_else(|| {
            let found = name.to_owned();
            let level = name.strip_prefix(['h', 'H']).unwrap_or_default();
            if !level.is_empty() && level.bytes().all(|b| b.is_ascii_digit()) {
                (start, Expected::HeadingLevel { found })
            } else {
                (start, Expected::KnownType { found })
            }
        })?;
        self.pos += len;
        if target == Target::Root {
            return self.no_index(target);
        }
        let index = match self.peek() {
            Some('.') => {
                self.pos += 1;
                Some(self.spec('.')?)
            }
            Some('[') => {
                self.pos += 1;
                let spec = self.spec('[')?;
                if self.peek() != Some(']') {
                    return Err((self.pos, Expected::CloseBracket));
                }
                self.pos += 1;
                Some(spec)
            }
            _ => None,
        };
        Ok(Step {
            target,
            index,
            anchor: None,
        })
    }

    /// `#anchor`: up to the next `/` or `?`, percent-escapes decoded.
    fn anchor(&mut self) -> Result<Step, Failure> {
        self.pos += 1;
        let start = self.pos;
        let len = self.s[start..]
            .find(['/', '?'])
            .unwrap_or(self.s.len() - start);
        let raw = &self.s[start..start + len];
        if raw.trim().is_empty() {
            return Err((start, Expected::Anchor));
        }
        let anchor = percent_decoded(raw).map_err(|at| (start + at, Expected::AnchorEscape))?;
        self.pos += len;
        Ok(Step {
            target: Target::Anchor,
            index: None,
            anchor: Some(anchor),
        })
    }

    fn no_index(&self, target: Target) -> Result<Step, Failure> {
        match self.peek() {
            Some('.' | '[') => Err((
                self.pos,
                Expected::NoIndex {
                    step: target.name(),
                },
            )),
            _ => Ok(Step {
                target,
                index: None,
                anchor: None,
            }),
        }
    }

    fn spec(&mut self, after: char) -> Result<Index, Failure> {
        let first = self
            .number()
            .ok_or((self.pos, Expected::Index { after }))??;
        match self.peek() {
            Some('-') => {
                self.pos += 1;
                let at = self.pos;
                let end = self.number().ok_or((at, Expected::RangeEnd))??;
                if end < first {
                    return Err((at, Expected::RangeOrder { start: first, end }));
                }
                Ok(Index::Range(first, end))
            }
            Some(',') => {
                let mut all = vec![first];
                while self.peek() == Some(',')
                    && self.s[self.pos + 1..].starts_with(|c: char| c.is_ascii_digit())
                {
                    self.pos += 1;
                    let n = self
                        .number()
                        .ok_or((self.pos, Expected::Index { after: ',' }))??;
                    all.push(n);
                }
                Ok(if all.len() == 1 {
                    Index::One(first)
                } else {
                    Index::List(all)
                })
            }
            _ => Ok(Index::One(first)),
        }
    }

    /// A run of ASCII digits: `None` if there is none, an error if it overflows.
    fn number(&mut self) -> Option<Result<u64, Failure>> {
        let start = self.pos;
        let len = self.s[start..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(self.s.len() - start);
        if len == 0 {
            return None;
        }
        self.pos += len;
        Some(
            self.s[start..start + len]
                .parse::<u64>()
                .map_err(|_| (start, Expected::SmallNumber)),
        )
    }

    fn query(&mut self) -> Result<Query, Failure> {
        let mut query = Query::default();
        let mut seen: Vec<&'static str> = Vec::new();
        let rest = &self.s[self.pos..];
        let mut at = self.pos;
        for part in rest.split('&') {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            let value_at = at + key.len() + 1;
            let key_name: &'static str = match key.to_ascii_lowercase().as_str() {
                "head" => "head",
                "tail" => "tail",
                "full" => "full",
                _ => {
                    return Err((
                        at,
                        Expected::QueryKey {
                            found: key.to_owned(),
                        },
                    ));
                }
            };
            if seen.contains(&key_name) {
                return Err((at, Expected::UniqueKey { key: key_name }));
            }
            seen.push(key_name);
            let bad = || {
                (
                    value_at.min(self.s.len()),
                    Expected::QueryValue { key: key_name },
                )
            };
            match key_name {
                "full" => {
                    query.full = match value.to_ascii_lowercase().as_str() {
                        "true" => true,
                        "false" => false,
                        _ => return Err(bad()),
                    }
                }
                _ => {
                    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(bad());
                    }
                    // Counts past usize are as good as "all lines".
                    let n = value.parse::<u64>().unwrap_or(u64::MAX);
                    let n = usize::try_from(n).unwrap_or(usize::MAX);
                    if key_name == "head" {
                        query.head = Some(n);
                    } else {
                        query.tail = Some(n);
                    }
                }
            }
            at += part.len() + 1;
        }
        self.pos = self.s.len();
        Ok(query)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::BlockKind;

    fn step(target: Target, index: Option<Index>) -> Step {
        Step {
            target,
            index,
            anchor: None,
        }
    }

    #[test]
    fn parses_valid_selectors() {
        use Index::*;
        use Target::*;
        let h = |l| Heading(l);
        let cases: Vec<(&str, Option<&str>, Vec<Step>, Query)> = vec![
            (
                "h2.1",
                None,
                vec![step(h(2), Some(One(1)))],
                Query::default(),
            ),
            (
                "H2[1]",
                None,
                vec![step(h(2), Some(One(1)))],
                Query::default(),
            ),
            (
                "heading:h3.0",
                None,
                vec![step(h(3), Some(One(0)))],
                Query::default(),
            ),
            ("h2", None, vec![step(h(2), None)], Query::default()),
            (
                "h2.0-2",
                None,
                vec![step(h(2), Some(Range(0, 2)))],
                Query::default(),
            ),
            (
                "h2[0-2]",
                None,
                vec![step(h(2), Some(Range(0, 2)))],
                Query::default(),
            ),
            (
                "h2.0,2,4",
                None,
                vec![step(h(2), Some(List(vec![0, 2, 4])))],
                Query::default(),
            ),
            ("*", None, vec![step(All, None)], Query::default()),
            ("root", None, vec![step(Root, None)], Query::default()),
            ("front", None, vec![step(Front, None)], Query::default()),
            (
                "block:frontmatter",
                None,
                vec![step(Front, None)],
                Query::default(),
            ),
            (
                "section.3",
                None,
                vec![step(Section, Some(One(3)))],
                Query::default(),
            ),
            (
                "block:code.2",
                None,
                vec![step(Block(BlockKind::Code), Some(One(2)))],
                Query::default(),
            ),
            (
                "paragraph.0",
                None,
                vec![step(Block(BlockKind::Paragraph), Some(One(0)))],
                Query::default(),
            ),
            (
                "blockquote.0",
                None,
                vec![step(Block(BlockKind::Quote), Some(One(0)))],
                Query::default(),
            ),
            (
                "readme::h2.1/code.0",
                Some("readme"),
                vec![
                    step(h(2), Some(One(1))),
                    step(Block(BlockKind::Code), Some(One(0))),
                ],
                Query::default(),
            ),
            (
                "Docs/README::h1.0",
                Some("Docs/README"),
                vec![step(h(1), Some(One(0)))],
                Query::default(),
            ),
            (
                "list.2/item.4/list.0",
                None,
                vec![
                    step(Block(BlockKind::List), Some(One(2))),
                    step(Item, Some(One(4))),
                    step(Block(BlockKind::List), Some(One(0))),
                ],
                Query::default(),
            ),
            (
                "h2.1/page.1",
                None,
                vec![step(h(2), Some(One(1))), step(Page, Some(One(1)))],
                Query::default(),
            ),
            (
                "h2.0/*",
                None,
                vec![step(h(2), Some(One(0))), step(All, None)],
                Query::default(),
            ),
            (
                "h2.0?head=10",
                None,
                vec![step(h(2), Some(One(0)))],
                Query {
                    head: Some(10),
                    ..Query::default()
                },
            ),
            (
                "h2.0?tail=3&full=true",
                None,
                vec![step(h(2), Some(One(0)))],
                Query {
                    tail: Some(3),
                    full: true,
                    ..Query::default()
                },
            ),
            (
                "h2.0?head=99999999999999999999999",
                None,
                vec![step(h(2), Some(One(0)))],
                Query {
                    head: Some(usize::MAX),
                    ..Query::default()
                },
            ),
        ];
        for (input, ns, steps, query) in cases {
            let sel = parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(sel.namespace.as_deref(), ns, "{input}");
            assert_eq!(sel.steps, steps, "{input}");
            assert_eq!(sel.query, query, "{input}");
        }
    }

    #[test]
    fn reports_what_was_expected_and_where() {
        let long = "h".repeat(MAX_SELECTOR_LEN + 1);
        let many = vec!["*"; MAX_STEPS + 1].join("/");
        let cases: Vec<(&str, usize, Expected)> = vec![
            ("h2.", 4, Expected::Index { after: '.' }),
            ("h2[", 4, Expected::Index { after: '[' }),
            ("h2.1-", 6, Expected::RangeEnd),
            ("h2.3-1", 6, Expected::RangeOrder { start: 3, end: 1 }),
            ("h2[1", 5, Expected::CloseBracket),
            ("", 1, Expected::Type),
            ("h2.0/", 6, Expected::Type),
            ("h9.0/x", 1, Expected::HeadingLevel { found: "h9".into() }),
            ("H0", 1, Expected::HeadingLevel { found: "H0".into() }),
            (
                "h12.0",
                1,
                Expected::HeadingLevel {
                    found: "h12".into(),
                },
            ),
            ("hx.0", 1, Expected::KnownType { found: "hx".into() }),
            (
                "h2.0/cod.0",
                6,
                Expected::KnownType {
                    found: "cod".into(),
                },
            ),
            ("h2.0x", 5, Expected::End { found: 'x' }),
            ("::h2.0", 1, Expected::Namespace),
            ("h2.99999999999999999999", 4, Expected::SmallNumber),
            (
                "h2.0?foo=1",
                6,
                Expected::QueryKey {
                    found: "foo".into(),
                },
            ),
            ("h2.0?head=x", 11, Expected::QueryValue { key: "head" }),
            ("h2.0?full=yes", 11, Expected::QueryValue { key: "full" }),
            (
                "h2.0?head=1&head=2",
                13,
                Expected::UniqueKey { key: "head" },
            ),
            ("root.1", 5, Expected::NoIndex { step: "root" }),
            ("*.0", 2, Expected::NoIndex { step: "*" }),
            ("page.0/code.0", 8, Expected::PageLast),
            ("h2.0/root", 6, Expected::FirstOnly { step: "root" }),
            ("h2.0/front", 6, Expected::FirstOnly { step: "front" }),
            ("h2.0/#usage", 6, Expected::FirstOnly { step: "#" }),
            ("#", 2, Expected::Anchor),
            ("#/code.0", 2, Expected::Anchor),
            ("#caf%C3", 5, Expected::AnchorEscape),
            ("#a%00", 3, Expected::AnchorEscape),
            ("é::h2.", 7, Expected::Index { after: '.' }),
            ("h2.0/é", 6, Expected::Type),
            (
                &long,
                1,
                Expected::ShorterSelector {
                    len: MAX_SELECTOR_LEN + 1,
                },
            ),
            (&many, 2 * MAX_STEPS + 1, Expected::FewerSteps),
        ];
        for (input, column, expected) in cases {
            let err = parse(input).expect_err(input);
            assert_eq!(err.expected, expected, "{input}");
            assert_eq!(err.column(), column, "{input}");
        }
    }

    #[test]
    fn site_page_links_name_their_markdown_sources() {
        for (link, page) in [
            ("guide/build.html#x", Some("guide/build.html")),
            ("../guide/build#x", Some("../guide/build")),
            ("/guide/#x", Some("/guide/")),
            (
                "https://vite.dev/guide/ssr#x",
                Some("https://vite.dev/guide/ssr"),
            ),
            ("docs/guide.md#x", Some("docs/guide.md")),
            ("h2.0/#x", None),
            ("list/#x", None),
            ("C#", None),
            ("a b/c#x", None),
        ] {
            let sel = parse(link).ok();
            assert_eq!(sel.as_ref().and_then(|s| s.link_path()), page, "{link}");
        }
        let spell = |p: &str| crate::paths::link_spellings(p);
        assert_eq!(spell("docs/guide.md"), ["docs/guide.md"]);
        assert_eq!(
            spell("g/build.HTML"),
            [
                "g/build.HTML",
                "g/build.md",
                "g/build.markdown",
                "g/build.mdx"
            ]
        );
        assert_eq!(
            spell("https://vite.dev/guide/")[..3],
            ["/guide/", "/guide/index.md", "/guide/index.mdx"]
        );
        assert_eq!(spell("https://vite.dev")[..2], ["", "index.md"]);
        let pretty = spell("/content/shortcodes/");
        assert_eq!(pretty[1], "/content/shortcodes/index.md");
        assert!(pretty.contains(&"/content/shortcodes.md".to_owned()));
        let build = spell("My%20Notes/build");
        assert_eq!(build[..2], ["My Notes/build", "My Notes/build.md"]);
        assert!(build.contains(&"My Notes/build/README.md".to_owned()));
        // A malformed escape is kept as typed.
        assert_eq!(spell("a/%zz")[0], "a/%zz");
    }
}
