//! The links a document holds (docs/links.md, "Links both ways"): every inline,
//! reference-style, autolink, wiki (`[[Note#Heading|text]]`) and HTML
//! `<a href>` link outside code, as written, where it is written.
//!
//! Read by the parser over the text it reads for the tree (lone CRs as LFs,
//! tabs after a bare fence as spaces, an `.mdx` body prepared; one byte for
//! one byte), so every span holds in [`Document::text`]. A text that holds
//! none of the bytes a link opens with is not parsed at all.

use std::ops::Range;

use memchr::memmem;
use pulldown_cmark::{Event, LinkType, Options, Parser, Tag};

use super::{Document, NodeId};
use crate::tree::dialect::{containers_marked, fence_tabs_as_spaces, lone_crs_as_lf, parser_text};

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
}

impl Document {
    /// The links and HTML ids of the document ([`Written`]); images are not
    /// links.
    pub(crate) fn written_links(&self) -> Written {
        let body = self.front.map_or(0, |id| self.node(id).span.end);
        let text = &self.text[body..];
        let mut written = Written::default();
        block_ids(text, body, &mut written.ids);
        if !may_link(text.as_bytes()) {
            return written;
        }
        let lf = fence_tabs_as_spaces(lone_crs_as_lf(text));
        // Containers as the tree reads them: mkdocs' indented notes are
        // Markdown, not code.
        let (marked, _) = containers_marked(lf);
        let parsed = parser_text(&marked, self.dialect);
        let options = crate::tree::options::options() | Options::ENABLE_WIKILINKS;
        for (event, range) in Parser::new_ext(&parsed, options).into_offset_iter() {
            let at = range.start + body..range.end + body;
            match event {
                Event::Start(Tag::Link {
                    link_type,
                    dest_url,
                    ..
                }) => written.links.push(Link {
                    written: parsed[range].to_owned(),
                    span: at,
                    target: match link_type {
                        LinkType::Email if !dest_url.starts_with("mailto:") => {
                            format!("mailto:{dest_url}")
                        }
                        _ => dest_url.into_string(),
                    },
                    wiki: matches!(link_type, LinkType::WikiLink { .. }),
                }),
                Event::Html(html) | Event::InlineHtml(html) => {
                    read_html(&html, at.start, &mut written);
                }
                _ => {}
            }
        }
        written
    }

    /// The innermost node holding byte `at`: a block or item, else the
    /// section whose heading line holds it, else the preamble, front matter
    /// or document.
    pub(crate) fn holder(&self, at: usize) -> NodeId {
        let holds = |id: &NodeId| self.node(*id).span.contains(&at);
        let top = self.blocks.iter().find_map(|list| {
            let next = list.partition_point(|&id| self.node(id).span.start <= at);
            list[..next].last().copied().filter(holds)
        });
        if let Some(mut id) = top {
            while let Some(child) = self.children(id).find(holds) {
                id = child;
            }
            return id;
        }
        let next = self
            .sections
            .partition_point(|&id| self.node(id).span.start <= at);
        (self.sections[..next].last().copied().filter(holds))
            .or(self.root.filter(holds))
            .or(self.front.filter(holds))
            .unwrap_or(NodeId::DOCUMENT)
    }
}

/// Obsidian's block ids in `text` (which starts at `at`): a ` ^id` of
/// letters, digits and `-` ending a line, as `^id`.
fn block_ids(text: &str, at: usize, ids: &mut Vec<(String, usize)>) {
    let bytes = text.as_bytes();
    for caret in memchr::memchr_iter(b'^', bytes) {
        if caret == 0 || !matches!(bytes[caret - 1], b' ' | b'\t') {
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

/// Whether a text may hold a link: it has `](`, `]:`, `][`, `[[` or `<`
/// (a shortcut reference `[x]` needs a definition, `]:`).
fn may_link(bytes: &[u8]) -> bool {
    memchr::memchr(b'<', bytes).is_some()
        || memchr::memchr_iter(b']', bytes)
            .any(|i| matches!(bytes.get(i + 1), Some(b'(' | b':' | b'[' | b']')))
}

/// The `<a href=…>` links and the `id`/`name` attributes in a piece of HTML
/// that starts at `at`.
fn read_html(html: &str, at: usize, written: &mut Written) {
    let bytes = html.as_bytes();
    for open in memmem::find_iter(bytes, b"<") {
        let tag = &html[open..];
        let end = tag.find('>').map_or(html.len(), |e| open + e + 1);
        let attrs = &html[open + 1..end];
        for name in ["id", "name"] {
            if let Some(id) = attribute(attrs, name).filter(|id| !id.is_empty()) {
                written.ids.push((id.to_owned(), at + open));
            }
        }
        let Some(rest) = attrs
            .strip_prefix('a')
            .or_else(|| attrs.strip_prefix('A'))
            .filter(|r| r.starts_with(|c: char| c.is_ascii_whitespace()))
        else {
            continue;
        };
        if let Some(target) = attribute(rest, "href") {
            written.links.push(Link {
                span: at + open..at + end,
                written: html[open..end].to_owned(),
                target: target.to_owned(),
                wiki: false,
            });
        }
    }
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
    for start in (1..bytes.len()).filter(named) {
        let rest = attrs[start + name.len()..].trim_start();
        let Some(value) = rest.strip_prefix('=') else {
            continue;
        };
        let value = value.trim_start();
        return Some(match value.chars().next() {
            Some(q @ ('"' | '\'')) => value[1..].split(q).next().unwrap_or_default(),
            _ => value
                .split(|c: char| c.is_ascii_whitespace() || c == '>')
                .next()
                .unwrap_or_default(),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::source::Source;
    use crate::tree::parse_document;

    fn links(text: &str) -> Vec<(String, String, bool)> {
        let doc = parse_document(Source::new("a.md", text));
        doc.written_links()
            .links
            .into_iter()
            .map(|l| {
                assert_eq!(doc.text()[l.span], l.written, "in place outside containers");
                (l.written, l.target, l.wiki)
            })
            .collect()
    }

    fn one(written: &str, target: &str) -> (String, String, bool) {
        (written.to_owned(), target.to_owned(), false)
    }

    #[test]
    fn every_spelling_of_a_link_is_found_where_it_is_written() {
        let text = "---\ntitle: '[x](front.md)'\n---\n# A [h](#b)\n\n\
                    See [inline](b.md#c \"t\"), [ref][r], [short] and <https://x.org>.\n\n\
                    - [[Note#Head|shown]] and [[Other]]\n\n\
                    <p><a class=\"x\" href='html.md#y'>y</a></p>\n\n\
                    Mail <me@x.org>, an ![image](i.png), <a name=\"anchor\"></a>.\n\n\
                    [r]: ref.md\n[short]: /site/page\n";
        assert_eq!(
            links(text),
            vec![
                one("[h](#b)", "#b"),
                one("[inline](b.md#c \"t\")", "b.md#c"),
                one("[ref][r]", "ref.md"),
                one("[short]", "/site/page"),
                one("<https://x.org>", "https://x.org"),
                ("[[Note#Head|shown]]".into(), "Note#Head".into(), true),
                ("[[Other]]".into(), "Other".into(), true),
                one("<a class=\"x\" href='html.md#y'>", "html.md#y"),
                one("<me@x.org>", "mailto:me@x.org"),
            ]
        );
    }

    #[test]
    fn links_in_code_are_examples_not_links() {
        let text = "```md\n[a](b.md)\n```\n\n    [c](d.md)\n\nSee `[e](f.md)` and [g](h.md).\n";
        assert_eq!(links(text), vec![one("[g](h.md)", "h.md")]);
    }

    #[test]
    fn a_containers_content_is_markdown() {
        let text = "# A\n\n!!! note\n\n    See [b](b.md) here.\n";
        let doc = parse_document(Source::new("a.md", text));
        let found = doc.written_links().links;
        assert_eq!(found.len(), 1, "not an indented code block");
        assert_eq!(found[0].written, "[b](b.md)");
        assert_eq!(doc.line_of(found[0].span.start), 5);
    }

    #[test]
    fn a_text_without_link_bytes_is_not_parsed() {
        assert!(!super::may_link(b"# A\n\nplain [words] here\n"));
        assert!(super::may_link(b"[a](b)"));
        assert!(super::may_link(b"[a]\n\n[a]: b"));
        assert!(super::may_link(b"[[Note]]"));
        assert!(links("# A\n\nplain [words] here\n").is_empty());
    }

    #[test]
    fn mdx_comments_and_crlf_keep_spans_in_place() {
        let doc = parse_document(Source::new(
            "a.mdx",
            "import X from './x'\r\n\r\n# A {/*a*/}\r\n\r\n[b](b.mdx)\r\n",
        ));
        let found = doc.written_links().links;
        assert_eq!(found.len(), 1);
        assert_eq!(&doc.text()[found[0].span.clone()], "[b](b.mdx)");
    }
}

#[cfg(test)]
mod holder_tests {
    use crate::selector::canonical;
    use crate::source::Source;
    use crate::tree::parse_document;

    #[test]
    fn a_byte_is_held_by_its_innermost_node() {
        let text = "intro\n\n# A\n\npara\n\n- one\n- two [x](y)\n\n## B\n";
        let doc = parse_document(Source::new("a.md", text));
        let at = |needle: &str| canonical(&doc, doc.holder(text.find(needle).unwrap()));
        assert_eq!(at("intro"), "para.0");
        assert_eq!(at("# A"), "h1.0");
        assert_eq!(at("para\n"), "para.1");
        assert_eq!(at("[x]"), "list.0/item.1");
        assert_eq!(at("## B"), "h2.0");
    }

    /// The ids a text gives where links may land, in order.
    fn ids(text: &str) -> Vec<String> {
        let doc = parse_document(Source::new("a.md", text));
        let written = doc.written_links();
        written.ids.into_iter().map(|(id, _)| id).collect()
    }

    #[test]
    fn block_ids_end_their_line() {
        let text = "# A\n\nA claim. ^claim-1\n\nx ^ not\n\n2^10 and ^mid here\n";
        assert_eq!(ids(text), ["^claim-1"]);
    }

    #[test]
    fn html_ids_are_where_links_may_land() {
        let text = "# A\n\nText <a id=\"here\"></a> and <span name='there'>.\n";
        assert_eq!(ids(text), ["here", "there"]);
    }
}
