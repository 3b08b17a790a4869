//! What a document's text says about links ([`Written`]): the links as the
//! parser reads them, one event at a time, and the ids links may land on
//! besides headings (docs/links.md, "Links both ways"). Read by the tree's
//! own parse ([`parse_linked`](crate::tree::parse_linked)) or a parse of
//! their own ([`Document::written_links`](super::Document::written_links)).

use std::borrow::Cow;
use std::ops::Range;
use std::sync::LazyLock;

use memchr::memmem;
use pulldown_cmark::{Event, LinkType, Tag, TagEnd};

use super::anchors::{attribute_tokens, is_attribute, myst_label, slug};
use super::places::{block_ids, directive_labels};
use super::roles::{role_ending, role_target};
use crate::paths::is_attachment_name;
use crate::tree::dialect::as_written;

/// One link as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Link {
    /// Where it is written in the text: the whole link (`[text](target)`,
    /// `[[Note]]`, `<https://…>`, the `<a href=…>` tag), on its lines (a
    /// container's indented content is read one level out, so the columns
    /// there are the parser's).
    pub span: Range<usize>,
    /// The link as written.
    pub written: String,
    /// Its target as written: a reference-style link's, from its definition;
    /// a wiki link's `Note#Heading` (its shown text left out).
    pub target: String,
    /// Whether it is a wiki link, whose target names a note, not a path.
    pub wiki: bool,
    /// Where its target is written: where it starts, but for a tag over
    /// several lines (`<Card` on one, its `href` on another), its `href`.
    pub target_at: usize,
}

/// What a document's text says about links: the links it holds, and the ids
/// where a link may land besides its headings: its HTML's (`<a id=…>`,
/// `<span name=…>`) and Obsidian's block ids (` ^id` ending a line, named
/// `^id`, as `[[Note#^id]]` names them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Written {
    /// Every link outside code and front matter, in text order.
    pub links: Vec<Link>,
    /// Each HTML `id` or `name` and block id, with where it is written.
    pub ids: Vec<(String, usize)>,
    /// Where each ATX heading is written, at any depth: those inside a
    /// container open no section, and are landed on by their own anchor.
    pub headings: Vec<Range<usize>>,
    /// Each MyST label (a line `(name)=` of a paragraph), with where its
    /// line ends: it names what follows.
    pub labels: Vec<(String, usize)>,
    /// Where a wiki link's note has a reference definition of the same
    /// label (`[[note]]` and `[note]: ../notes/note.md`, as Foam writes them
    /// for Markdown's readers), the definition's destination: kept only in a
    /// text with wiki links, by label lowercase.
    pub definitions: Vec<(String, String)>,
    /// Whether the text may hold an attribute list's id (most hold none, and
    /// their texts are not looked at), and whether the parser is inside a
    /// code block, whose text holds no ids.
    attributes: bool,
    in_code: bool,
    /// Whether the text may hold a MyST label line (`(name)=`): most do
    /// not, and their paragraphs are not looked at for one.
    may_label: bool,
    /// Whether the text may hold a MyST role (`` {ref}`label` ``), and the
    /// one the last text read ended with, waiting for its code span: where
    /// its `{` is, where the text ends, and whether it names a document.
    may_role: bool,
    role: Option<(usize, usize, bool)>,
    /// An HTML block's tag not ended by the lines read so far.
    open_tag: Option<Range<usize>>,
    /// Whether the parser is in an MDX file's ESM block (`export function`
    /// to the next blank line), shown to it as an HTML block: JavaScript,
    /// whose strings hold no links.
    in_esm: bool,
}

impl Written {
    /// What one of the parser's events adds (it parses with wiki links on):
    /// a link, or an HTML piece's links and ids. `source` is the event's
    /// text as the parser read it, which starts at `at` in the document's
    /// `text`. An HTML piece is read as the document has it, since MDX's JSX
    /// tag lines are shown to the parser as bare HTML blocks (their
    /// attributes blanked).
    pub(crate) fn read(&mut self, event: &Event<'_>, source: &str, text: &str, at: usize) {
        // A tag an HTML block's last line left open ends with the block.
        if self.open_tag.is_some() && !matches!(event, Event::Html(_)) {
            self.close_open_tag(text);
        }
        match event {
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            }) => {
                let target = match link_type {
                    LinkType::Email if !dest_url.starts_with("mailto:") => {
                        format!("mailto:{dest_url}")
                    }
                    _ => as_written(dest_url).into_owned(),
                };
                let wiki = matches!(link_type, LinkType::WikiLink { .. });
                self.push_link(source, text, at, target, wiki);
            }
            // A note embedded (`![[Note#Heading]]`) links to it, as Obsidian
            // counts it; an attachment embedded is an image, no link.
            Event::Start(Tag::Image {
                link_type: LinkType::WikiLink { .. },
                dest_url,
                ..
            }) if !is_attachment_name(embedded_file(dest_url)) => self.links.push(Link {
                written: source.to_owned(),
                span: at..at + source.len(),
                target: dest_url.to_string(),
                wiki: true,
                target_at: at,
            }),
            Event::Html(_) if self.in_esm || is_esm_mark(source) => self.in_esm = true,
            Event::End(TagEnd::HtmlBlock) => self.in_esm = false,
            Event::Html(_) | Event::InlineHtml(_) => {
                // A tag left open by the block's last piece goes on here.
                // (The parser's text has ASCII over whole characters, so a
                // piece may end inside one of the document's.)
                let from = self.open_tag.take().map_or(at, |open| open.start);
                let (start, written) = match text.get(from..at + source.len()) {
                    Some(written) => (from, written),
                    None => (at, source),
                };
                let whole = matches!(event, Event::InlineHtml(_));
                if let Some(open) = read_html(written, start, whole, self) {
                    self.open_tag = Some(start + open..at + source.len());
                }
            }
            Event::Start(Tag::CodeBlock(_)) => self.in_code = true,
            Event::End(TagEnd::CodeBlock) => self.in_code = false,
            Event::Text(_) if !self.in_code => {
                if self.attributes
                    && let Some((id, start)) = attribute_list_id(source)
                {
                    self.ids.push((id.to_owned(), at + start));
                }
                if self.may_role {
                    let end = at + source.len();
                    self.role = role_ending(source).map(|(start, doc)| (at + start, end, doc));
                }
            }
            // A MyST cross-reference: a role right before its code span.
            Event::Code(code) if self.role.is_some_and(|(_, end, _)| end == at) => {
                self.read_role(code, source, text, at);
            }
            Event::Start(Tag::Heading { .. }) if source.trim_start().starts_with('#') => {
                self.headings.push(at..at + source.len());
            }
            // A label line starts its own paragraph, or ends the one before.
            Event::Start(Tag::Paragraph) if self.may_label && source.contains(")=") => {
                let mut end = at;
                for line in source.split_inclusive('\n') {
                    end += line.len();
                    if let Some(label) = myst_label(line) {
                        self.labels.push((label.to_owned(), end));
                    }
                }
            }
            _ => {}
        }
    }

    /// A plain inline link found without the parser (`[text](dest)`, no
    /// escape or entity in `dest`), written as `source` at `at` in `text`:
    /// what its [`Event::Start`] adds.
    pub(crate) fn add_link(&mut self, source: &str, text: &str, at: usize, dest: &str) {
        self.push_link(source, text, at, as_written(dest).into_owned(), false);
    }

    /// A link written as `source` at `at` in `text`, to `target`.
    fn push_link(&mut self, source: &str, text: &str, at: usize, target: String, wiki: bool) {
        self.links.push(Link {
            written: as_written_link(source, text, at),
            span: at..at + source.len(),
            target,
            wiki,
            target_at: at,
        });
    }

    /// The link of the role waiting for its code span, `code`, which starts
    /// at `at`, where the role's text ended.
    fn read_role(&mut self, code: &str, source: &str, text: &str, at: usize) {
        let Some((start, _, doc)) = self.role.take() else {
            return;
        };
        if let Some(target) = role_target(code, doc) {
            let end = at + source.len();
            self.links.push(Link {
                written: text.get(start..end).unwrap_or(source).to_owned(),
                span: start..end,
                target,
                wiki: false,
                target_at: start,
            });
        }
    }

    /// Keeps the reference definitions a wiki link may name
    /// ([`Written::definitions`]): none where the text has no wiki link.
    pub(crate) fn define(&mut self, definitions: &pulldown_cmark::RefDefs<'_>) {
        self.define_each((definitions.iter()).map(|(label, def)| (label, def.dest.as_ref())));
    }

    /// [`Written::define`], of each label and the destination it gives.
    pub(crate) fn define_each<'d>(
        &mut self,
        definitions: impl Iterator<Item = (&'d str, &'d str)>,
    ) {
        if self.links.iter().any(|link| link.wiki) {
            self.definitions = definitions
                .map(|(label, dest)| (label.to_lowercase(), dest.to_owned()))
                .collect();
            // In label order: the parser keeps them in a hash map.
            self.definitions.sort_unstable();
        }
    }

    /// Reads the tag an HTML block's last line left open, as far as it goes.
    #[cold]
    fn close_open_tag(&mut self, text: &str) {
        if let Some(open) = self.open_tag.take() {
            let piece = text.get(open.clone()).unwrap_or_default();
            read_html(piece, open.start, true, self);
        }
    }

    /// Whether a `{` in the text may open an attribute list or a role,
    /// whose ids and links a text event is read for.
    pub(crate) fn reads_braces(&self) -> bool {
        self.attributes || self.may_role
    }

    /// An empty reading of a piece of the same text, to be taken in by
    /// [`Written::take_in`] later.
    pub(crate) fn for_piece(&self) -> Written {
        Written {
            attributes: self.attributes,
            may_label: self.may_label,
            may_role: self.may_role,
            ..Written::default()
        }
    }

    /// Takes in what a piece read apart ([`Written::for_piece`]) found, as
    /// if this had read its events now. False, taking nothing, where this
    /// is in the middle of something a piece's first events would go on
    /// with: a tag an HTML block left open, an MDX file's ESM.
    pub(crate) fn take_in(&mut self, piece: Written) -> bool {
        if self.open_tag.is_some() || self.in_esm {
            return false;
        }
        self.links.extend(piece.links);
        self.ids.extend(piece.ids);
        self.headings.extend(piece.headings);
        self.labels.extend(piece.labels);
        self.open_tag = piece.open_tag;
        self.in_esm = piece.in_esm;
        self.in_code = piece.in_code;
        self.role = piece.role;
        true
    }

    /// Obsidian's block ids of a body's text, which starts at `at`: what a
    /// document's links start from, before any parser event.
    pub(crate) fn with_block_ids(text: &str, at: usize) -> Written {
        static FIND: LazyLock<[memmem::Finder<'static>; 2]> =
            LazyLock::new(|| [memmem::Finder::new(")="), memmem::Finder::new("}`")]);
        let mut written = Written::default();
        block_ids(text, at, &mut written.ids);
        written.attributes = may_hold_attribute_lists(text);
        written.may_label = FIND[0].find(text.as_bytes()).is_some();
        written.may_role = FIND[1].find(text.as_bytes()).is_some();
        directive_labels(text, at, &mut written.labels);
        written
    }
}

/// The id an attribute list in a text gives a block or an inline element,
/// as Python-Markdown's `attr_list` reads one (MkDocs, Material): `{#id}`,
/// `{: #id .class key=value}` ending a paragraph's or an item's line (or a
/// line of its own), or opening the text right after a link or emphasis
/// (`[](){#anchor}`, an empty link as an anchor). Every token must be an
/// attribute, so Svelte's `{#if x}` is none. With where the list starts.
#[inline]
fn attribute_list_id(text: &str) -> Option<(&str, usize)> {
    let bytes = text.as_bytes();
    let trimmed = bytes.trim_ascii_end();
    // (Most texts neither open nor end with a brace: nothing to look for.)
    let open = match trimmed.last() {
        Some(b'}') => memchr::memrchr(b'{', trimmed)?,
        _ if bytes.first() == Some(&b'{') => 0,
        _ => return None,
    };
    let close = open + text[open..].find('}')?;
    let inner = text[open + 1..close]
        .strip_prefix(':')
        .unwrap_or(&text[open + 1..close]);
    let tokens = attribute_tokens(inner);
    let id = tokens.iter().find_map(|t| t.strip_prefix('#'))?;
    let all = tokens.iter().all(|t| is_attribute(t));
    (all && !id.is_empty()).then_some((id, open))
}

/// Whether a text may hold an attribute list with an id: a `{` followed,
/// past spaces, by `#`, `:` or `.`.
fn may_hold_attribute_lists(text: &str) -> bool {
    let bytes = text.as_bytes();
    memchr::memchr_iter(b'{', bytes).any(|at| {
        let next = bytes[at + 1..].iter().find(|&&b| b != b' ');
        matches!(next, Some(b'#' | b':' | b'.'))
    })
}

/// The file an embed names: its target without a heading, and without the
/// `\` a table escapes its `|` with (`![[pic.png\|100]]` in a row).
fn embedded_file(target: &str) -> &str {
    let file = target.split('#').next().unwrap_or_default();
    file.strip_suffix('\\').unwrap_or(file)
}

/// The `<a href=…>` links (and a component's, `<Card href=…>`) and the
/// `id`/`name` attributes in a piece of HTML that starts at `at`.
/// A tag that does not end in the piece (a JSX tag over several lines of an
/// HTML block) is read with the pieces that follow it, where some do
/// (`whole` false): where it starts is returned, unread.
fn read_html(html: &str, at: usize, whole: bool, written: &mut Written) -> Option<usize> {
    let bytes = html.as_bytes();
    // Where the next `>` is: a tag ends at one, so a run of `<` with none
    // near is passed by without reading it for each.
    let mut next_close = 0;
    for open in memchr::memchr_iter(b'<', bytes) {
        if next_close <= open {
            next_close = memchr::memchr(b'>', &bytes[open..]).map_or(bytes.len(), |at| open + at);
        }
        // (A tag is read for at most `TAG_MOST` bytes.)
        let window = &bytes[..bytes.len().min(open + TAG_MOST)];
        let found = match next_close < window.len() {
            true => tag_end(window, open),
            false => None,
        };
        let end = match found {
            Some(end) => end,
            // It may end in the pieces that follow, as long as it is short.
            None if !whole && bytes.len() < open + TAG_MOST => return Some(open),
            None => (next_close + 1).min(window.len()),
        };
        let attrs = &html[open + 1..end];
        // An attribute has a value (`name=…`): most tags (`<br>`, `</p>`) have none.
        if memchr::memchr(b'=', attrs.as_bytes()).is_none() {
            continue;
        }
        let mut named = false;
        for name in ["id", "name"] {
            if let Some(id) = attribute(attrs, name).filter(|id| !id.is_empty()) {
                written.ids.push((referenced(id).into_owned(), at + open));
                named = true;
            }
        }
        // `<a href>`, and a component's (`<Card href>`, `<LinkCard href>`:
        // the cards MDX sites link pages with).
        let name = attrs
            .bytes()
            .take_while(|&b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'))
            .count();
        let (name, rest) = attrs.split_at(name);
        // An accordion or a tab without an id is anchored by its title
        // (Mintlify's `<Accordion title="Deployment branch">`).
        if !named
            && matches!(name, "Accordion" | "Tab")
            && let Some(title) = attribute(rest, "title").filter(|t| !t.is_empty())
        {
            written.ids.push((slug(&referenced(title)), at + open));
        }
        let linking =
            name.eq_ignore_ascii_case("a") || name.starts_with(|c: char| c.is_ascii_uppercase());
        if !linking || !rest.starts_with(|c: char| c.is_ascii_whitespace()) {
            continue;
        }
        // A component's bare relative value (`href="template/package.json"`)
        // may be what it builds its own address from: an address from the
        // root, the page's folder or a scheme is a link.
        let component = !name.eq_ignore_ascii_case("a");
        let addressed = |t: &str| t.starts_with(['/', '.', '#']) || t.contains(':');
        if let Some(target) = attribute(rest, "href").filter(|t| !component || addressed(t)) {
            // (`target` is a slice of `html`.)
            let target_at = at + (target.as_ptr() as usize - html.as_ptr() as usize);
            written.links.push(Link {
                span: at + open..at + end,
                written: html[open..end].to_owned(),
                target: referenced(target).into_owned(),
                wiki: false,
                target_at,
            });
        }
    }
    None
}

/// The most bytes of a tag read: longer ones are read as far as that.
const TAG_MOST: usize = 4096;

/// Where the tag opening at `open` ends, just past its `>`: the first
/// outside a JSX expression (`icon={<LinkIcon />}`). `None` if it does not
/// end in `bytes`.
fn tag_end(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let from = open + 1;
    for at in memchr::memchr3_iter(b'{', b'}', b'>', &bytes[from..]).map(|at| from + at) {
        match bytes[at] {
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => return Some(at + 1),
            _ => {}
        }
    }
    None
}

/// The value of attribute `name` (lowercase) in a tag's attributes, any case
/// (quoted or not).
fn attribute<'t>(attrs: &'t str, name: &str) -> Option<&'t str> {
    let bytes = attrs.as_bytes();
    let named = |at: &usize| {
        bytes[*at..].len() >= name.len()
            && bytes[*at..*at + name.len()].eq_ignore_ascii_case(name.as_bytes())
            && at
                .checked_sub(1)
                .is_some_and(|b| bytes[b].is_ascii_whitespace())
    };
    // Where the name may start: at its first letter, in either case.
    let first = name.as_bytes()[0];
    let starts = memchr::memchr2_iter(first, first.to_ascii_uppercase(), bytes);
    for start in starts.filter(|&at| at > 0).filter(named) {
        let rest = attrs[start + name.len()..].trim_start();
        let Some(value) = rest.strip_prefix('=') else {
            continue;
        };
        let value = value.trim_start();
        return match value.chars().next() {
            // A JSX expression (`href={href}`): a value the page computes.
            Some('{') => None,
            Some(q @ ('"' | '\'')) => value[1..].split(q).next(),
            _ => value
                .split(|c: char| c.is_ascii_whitespace() || c == '>')
                .next(),
        };
    }
    None
}

/// The longest character reference read, `&` and `;` included.
const REFERENCE_MOST: usize = 34;

/// An attribute's value with its character references read (`&amp;`,
/// `&#x27;`, `&#39;`), as a browser reads it; one it does not know stays
/// as written.
fn referenced(value: &str) -> Cow<'_, str> {
    if memchr::memchr(b'&', value.as_bytes()).is_none() {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        // (A reference is short: the `;` is looked for only near.)
        let near = &rest.as_bytes()[..rest.len().min(REFERENCE_MOST)];
        let read = memchr::memchr(b';', near).and_then(|end| {
            let name = &rest[1..end];
            let code = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                _ => (name.strip_prefix("#x").or_else(|| name.strip_prefix("#X")))
                    .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                    .or_else(|| name.strip_prefix('#')?.parse().ok())
                    .and_then(char::from_u32)
                    .filter(|&c| c != '\0'),
            };
            code.map(|c| (c, end + 1))
        });
        match read {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// A link as the text writes it where the parser was shown its template
/// tags otherwise (`tree::dialect::templates_in_destinations`), else as the
/// parser read it (a container's content is read one level out).
fn as_written_link(source: &str, text: &str, at: usize) -> String {
    match as_written(source) {
        Cow::Owned(_) => text.get(at..at + source.len()).unwrap_or(source).to_owned(),
        Cow::Borrowed(source) => source.to_owned(),
    }
}

/// Whether an HTML block's first line is how an MDX file's ESM block is
/// shown to the parser (`<x`, spaces, `>`: see `tree::dialect::mdx`).
fn is_esm_mark(source: &str) -> bool {
    (source.trim_end().strip_prefix("<x"))
        .and_then(|rest| rest.strip_suffix('>'))
        .is_some_and(|spaces| spaces.bytes().all(|b| b == b' '))
}
