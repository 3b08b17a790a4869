//! The links a document holds (docs/links.md, "Links both ways"): every inline,
//! reference-style, autolink, wiki (`[[Note#Heading|text]]`) and HTML
//! `<a href>` link outside code, as written, where it is written.
//!
//! Read by the parser over the text it reads for the tree (lone CRs as LFs,
//! tabs after a bare fence as spaces, an `.mdx` body prepared; one byte for
//! one byte), so every span holds in [`Document::text`]: in the parse that
//! builds the tree, where a listing reads every document for its links
//! ([`parse_linked`](crate::tree::parse_linked)), else in a parse of their
//! own. A text that holds none of the bytes a link opens with is not parsed
//! for them at all.

use std::ops::Range;

use pulldown_cmark::{Options, Parser};

use foldhash::{HashMap, HashMapExt};

use super::anchors::nested_heading_anchor;
use super::written::Written;
use super::{Document, Kind, NodeId};
use crate::tree::dialect::{
    containers_marked, fence_tabs_as_spaces, lone_crs_as_lf, parser_text, templates_in_destinations,
};

impl Document {
    /// The links and HTML ids of the document ([`Written`]); images are not
    /// links.
    pub(crate) fn written_links(&self) -> Written {
        let body = self.front.map_or(0, |id| self.node(id).span.end);
        let text = &self.text[body..];
        let mut written = Written::with_block_ids(text, body);
        // Nothing to read in a text with no link, no ATX heading and no MyST
        // label.
        let bytes = text.as_bytes();
        if !may_link(bytes)
            && memchr::memchr(b'#', bytes).is_none()
            && memchr::memchr(b'=', bytes).is_none()
        {
            return written;
        }
        let lf = fence_tabs_as_spaces(lone_crs_as_lf(text));
        // Containers as the tree reads them: mkdocs' indented notes are
        // Markdown, not code.
        let (marked, _) = containers_marked(lf);
        read_parsed(
            &templates_in_destinations(parser_text(&marked, self.dialect)),
            &self.text,
            body,
            &mut written,
        );
        written
    }

    /// Where a link lands whose fragment no heading of the document has: the
    /// section (`Some(None)`: before the first heading) holding the HTML id,
    /// block id or heading in a container that is `anchor` ([`placed_ids`]).
    /// The text is read for them only when it writes the anchor as it is (an
    /// id) or may hold a heading in a container.
    pub(crate) fn id_section(&self, anchor: &str) -> Option<Option<usize>> {
        if memchr::memmem::find(self.text.as_bytes(), anchor.as_bytes()).is_none()
            && !may_nest_heading(&self.text)
        {
            return None;
        }
        let written = self.written_links();
        let starts: Vec<usize> = (self.sections.iter())
            .map(|&id| self.node(id).span.start)
            .collect();
        let ids = placed_ids(&self.text, &starts, written.ids, written.headings);
        ids.into_iter()
            .find(|(id, _)| id == anchor)
            .map(|(_, section)| section)
    }

    /// [`Document::written_links`], read in the same parse as the tree
    /// where it was ([`parse_linked`](crate::tree::parse_linked)).
    pub(crate) fn take_written_links(&mut self) -> Written {
        self.links.take().unwrap_or_else(|| self.written_links())
    }

    /// The innermost node holding byte `at`: a block or item, else the
    /// section whose heading line holds it, else the preamble, front matter
    /// or document. (A listing takes its links' holders in order, with
    /// [`Document::holders`].)
    #[cfg(test)]
    pub(crate) fn holder(&self, at: usize) -> NodeId {
        self.holder_from(at, |_, id| self.children(id).next())
    }

    /// The innermost node holding byte `at`, each container's children read
    /// from the one `first` gives (its first child, or a later one that
    /// cannot be past the holder).
    fn holder_from(
        &self,
        at: usize,
        mut first: impl FnMut(&Self, NodeId) -> Option<NodeId>,
    ) -> NodeId {
        let holds = |id: &NodeId| self.node(*id).span.contains(&at);
        let top = self.blocks.iter().find_map(|list| {
            let next = list.partition_point(|&id| self.node(id).span.start <= at);
            list[..next].last().copied().filter(holds)
        });
        if let Some(mut id) = top {
            while let Some(child) = self.siblings(first(self, id)).find(holds) {
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

    /// A child and the children after it.
    fn siblings(&self, first: Option<NodeId>) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(first, |&c| {
            let next = self.node(c).next_sibling;
            (next != 0).then_some(NodeId(next))
        })
    }

    /// The holders (the innermost nodes holding them) of bytes taken in increasing
    /// order, as a document's links are: each container's children are read
    /// on from the one that held the byte before, not from its first, so a
    /// list of many items holding a link each is read once, not once a link.
    pub(crate) fn holders(&self) -> Holders<'_> {
        Holders {
            doc: self,
            last: HashMap::new(),
        }
    }
}

/// See [`Document::holders`].
pub(crate) struct Holders<'d> {
    doc: &'d Document,
    /// Each container entered, with its child that held the last byte.
    last: HashMap<NodeId, NodeId>,
}

impl Holders<'_> {
    /// The innermost node holding byte `at`, at or after the bytes before.
    pub(crate) fn of(&mut self, at: usize) -> NodeId {
        let last = &mut self.last;
        let mut resumed = |doc: &Document, id: NodeId| {
            // Children are in order and apart: none before the last one
            // found holds a later byte.
            let from = last
                .get(&id)
                .copied()
                .filter(|&c| doc.node(c).span.start <= at);
            from.or_else(|| doc.children(id).next())
        };
        let found = self.doc.holder_from(at, &mut resumed);
        // Remember, for each container on the way down, the child taken (a
        // section's parent is a section: no container).
        let mut child = found;
        while let Some(parent) = self.doc.node(child).parent {
            if matches!(self.doc.node(parent).kind, Kind::Section { .. }) {
                break;
            }
            self.last.insert(parent, child);
            child = parent;
        }
        found
    }
}

/// Whether a text may hold a heading inside a container: a line whose first
/// `#` follows only indentation and a quote's or a list item's marks.
fn may_nest_heading(text: &str) -> bool {
    text.split('\n').any(|line| {
        let marks = (line.bytes())
            .take_while(|b| {
                matches!(
                    b,
                    b' ' | b'\t' | b'>' | b'-' | b'*' | b'+' | b'.' | b')' | b'0'..=b'9'
                )
            })
            .count();
        marks > 0 && line.as_bytes().get(marks) == Some(&b'#')
    })
}

/// The ids a link lands on in a text besides its sections' headings, each
/// with the section it is written in (`None`: before the first heading; the
/// sections start at `starts`): its HTML and block ids (`ids`, with where
/// each is written), then the anchors of the headings (`headings`, where each
/// ATX heading is written) that open no section, being in a container.
pub(crate) fn placed_ids(
    text: &str,
    starts: &[usize],
    mut ids: Vec<(String, usize)>,
    headings: Vec<Range<usize>>,
) -> Vec<(String, Option<usize>)> {
    for heading in headings {
        let line = text[..heading.start].rfind('\n').map_or(0, |i| i + 1);
        if starts.binary_search(&line).is_err()
            && let Some(anchor) = nested_heading_anchor(&text[heading.clone()])
        {
            ids.push((anchor, heading.start));
        }
    }
    let section_at = |at: usize| starts.partition_point(|&s| s <= at).checked_sub(1);
    (ids.into_iter())
        .map(|(id, at)| (id, section_at(at)))
        .collect()
}

/// The links and HTML ids the parser reads in `parsed`, the parser's text
/// of the document `text`'s body (from `body` on).
fn read_parsed(parsed: &str, text: &str, body: usize, written: &mut Written) {
    let options = crate::tree::options::options() | Options::ENABLE_WIKILINKS;
    let mut events = Parser::new_ext(parsed, options).into_offset_iter();
    for (event, range) in events.by_ref() {
        written.read(&event, &parsed[range.clone()], text, range.start + body);
    }
    written.define(events.reference_definitions());
}

/// Whether a text may hold a link: it has `](`, `]:`, `][`, `[[` or `<`
/// (a shortcut reference `[x]` needs a definition, `]:`).
fn may_link(bytes: &[u8]) -> bool {
    memchr::memchr(b'<', bytes).is_some()
        || memchr::memchr_iter(b']', bytes)
            .any(|i| matches!(bytes.get(i + 1), Some(b'(' | b':' | b'[' | b']')))
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
    fn an_accordion_or_a_tab_without_an_id_is_anchored_by_its_title() {
        let text = "# A\n\n<Accordion title=\"Deployment branch\">\nx\n</Accordion>\n\n\
                    <Accordion title=\"Install steps\" id=\"install\">\ny\n</Accordion>\n\n\
                    <Tab title=\"Tom &amp; Jerry\">\nz\n</Tab>\n\n<Card title=\"Card\">\n";
        let doc = parse_document(Source::new("a.mdx", text));
        let ids: Vec<String> = doc
            .written_links()
            .ids
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        assert_eq!(ids, ["deployment-branch", "install", "tom--jerry"]);
    }

    #[test]
    fn an_mdx_files_esm_holds_no_links() {
        let text = "export function R({ r }) {\n  return `<a href=\"${\n    r.url\n  }\">x</a>`\n}\n\n\
                    # Log\n\n<a href=\"b.md\">b</a>\n";
        let doc = parse_document(Source::new("a.mdx", text));
        let targets: Vec<String> = (doc.written_links().links.into_iter())
            .map(|l| l.target)
            .collect();
        assert_eq!(targets, ["b.md"]);
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
    fn links_read_with_the_tree_are_those_read_apart() {
        // The last two are trees read again as usual (a wiki link in a
        // document-level heading; a list item crossing a container's edge):
        // their links are still those of the one parse.
        let texts = [
            "# A [h](#b)\n\nSee [ref][r] and <a href='x.md'>x</a>.\n\n- [[Note]]\n\n[r]: r.md\n",
            "---\ntitle: t\n---\n# A\r\rSee [b](b.md).\r",
            "# A\n\n!!! note\n\n    See [b](b.md) here.\n",
            "# A\n\n```md\n[a](b.md)\n```\n\nplain\n",
            "# Fixes [[toc](#toc)]\n\n## TOC\n",
            "# See [[Note]]\n\n[b](b.md)\n",
            "- item\n:::note\n  [b](b.md)\n:::\n\nthen [c](c.md)\n",
        ];
        for text in texts {
            let usual = parse_document(Source::new("a.md", text));
            let linked = crate::tree::parse_linked(Source::new("a.md", text), "a".into());
            assert_eq!(format!("{:?}", linked.nodes), format!("{:?}", usual.nodes));
            assert_eq!(linked.titles, usual.titles);
            assert_eq!(
                linked.links.as_ref(),
                Some(&usual.written_links()),
                "{text:?}"
            );
        }
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
    fn holders_of_bytes_in_order_are_the_holders() {
        let text = "intro\n\n# A\n\n- one\n  - a [x](y)\n  - b\n\n    > q [z](w)\n- two\n\n\
                    > - in\n>   quote\n\n## B\n\n1. x\n2. y\n\n<div>\nh\n</div>\n";
        let doc = parse_document(Source::new("a.md", text));
        let mut holders = doc.holders();
        for at in 0..text.len() {
            assert_eq!(holders.of(at), doc.holder(at), "byte {at}");
        }
    }

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
        let text = "# A\n\nA claim. ^claim-1\n\nx ^ not\n\n2^10 and ^mid here\n\n\
                    ![[chart.png]]^chart\n\n| t |\n|---|\n| x |\n\n^table\n\nx]^no\n";
        assert_eq!(ids(text), ["^claim-1", "^chart", "^table"]);
    }

    #[test]
    fn attribute_lists_give_blocks_and_empty_links_ids() {
        let text = "# A\n\n* **After** validators.\n{#field_after}\n\n\
                    Semantics:\n{: #rebuild .note}\n\n[](){#anchor} and [span]{#span-x}\n\n\
                    x { #feedback style=\"margin: 0\" }\n\n\
                    Svelte {#if x} and {#each items as item}\n\n```\nfoo {#in-code}\n```\n";
        assert_eq!(
            ids(text),
            ["field_after", "rebuild", "anchor", "span-x", "feedback"]
        );
    }

    #[test]
    fn a_myst_role_links_its_label_or_document() {
        let text = "# A\n\nSee {ref}`install`, {numref}`Figure %s <fig-x>` and {doc}`../guide/setup`.\n\n\
                    Not {term}`glossary`, {ref}`sphinx:rst-roles` (another project's), x{ref}`no`,\n\
                    {ref} `apart` or\n\n```md\n{ref}`in-code`\n```\n";
        let doc = parse_document(Source::new("a.md", text));
        let written = doc.written_links();
        let links: Vec<(&str, &str)> = (written.links.iter())
            .map(|l| (l.written.as_str(), l.target.as_str()))
            .collect();
        assert_eq!(
            links,
            [
                ("{ref}`install`", "#install"),
                ("{numref}`Figure %s <fig-x>`", "#fig-x"),
                ("{doc}`../guide/setup`", "../guide/setup"),
            ]
        );
    }

    #[test]
    fn a_myst_directive_labels_itself_in_its_options() {
        let text = "# A\n\n```{figure} x.png\n:width: 80%\n:label: fig-x\nCaption.\n```\n\n\
                    :::{note}\n:name: my-note\nText\n:::\n\n```md\ntext\n:label: not-here\n```\n\n\
                    A line :label: in-prose\n";
        let doc = parse_document(Source::new("a.md", text));
        let labels: Vec<String> = (doc.written_links().labels.into_iter())
            .map(|(label, _)| label)
            .collect();
        assert_eq!(labels, ["fig-x", "my-note"]);
        // In a `---` block of options, or a `{figure-md}`'s argument; a
        // `name:` line of prose, or of front matter, is none.
        let text = "---\nname: page\n---\n\n# A\n\n```{figure} x.png\n---\nwidth: 80%\n\
                    name: yaml-fig\n---\nCaption\n```\n\n:::{figure-md} md-fig\n<img src=\"x\">\n:::\n\n\
                    Some text\nname: prose\n";
        let doc = parse_document(Source::new("a.md", text));
        let mut labels: Vec<String> = (doc.written_links().labels.into_iter())
            .map(|(label, _)| label)
            .collect();
        labels.sort();
        assert_eq!(labels, ["md-fig", "yaml-fig"]);
    }

    #[test]
    fn a_components_href_is_a_link_over_several_lines_and_read_as_written_in_mdx_too() {
        // MDX shows the parser a JSX tag line as a bare HTML block: its
        // attributes are read from the text as written.
        let text = "# A\n\n<CardGroup cols={2}>\n  <Card title=\"Set up\" href=\"/guide/setup\">\n    \
                    Start.\n  </Card>\n  <Card href={link}>x</Card>\n</CardGroup>\n\n\
                    <div id=\"kept\">\n\n## B 👏\n\n</div>\n\n<a href=\"x&amp;y.md#it&#x27;s\">z</a>\n\n\
                    <Card\n  title=\"Two lines\"\n  href=\"/guide/two\"\n/>\n\n\
                    <Card icon={<LinkIcon />} title=\"Icon\" href=\"/guide/icon\">\n  x\n</Card>\n";
        for name in ["a.md", "a.mdx"] {
            let doc = parse_document(Source::new(name, text));
            let written = doc.written_links();
            let targets: Vec<&str> = written.links.iter().map(|l| l.target.as_str()).collect();
            // (`icon={<LinkIcon />}` is JSX: CommonMark reads no tag there.)
            let mdx = ["/guide/setup", "x&y.md#it's", "/guide/two", "/guide/icon"];
            let wanted = if name.ends_with(".mdx") {
                &mdx[..]
            } else {
                &mdx[..3]
            };
            assert_eq!(targets, wanted, "{name}");
            // A tag over several lines is where its `href` is.
            let lines: Vec<usize> = (written.links.iter())
                .map(|l| doc.line_of(l.target_at))
                .collect();
            assert_eq!(lines[..3], [4, 16, 20], "{name}");
            let ids: Vec<&str> = written.ids.iter().map(|(id, _)| id.as_str()).collect();
            assert_eq!(ids, ["kept"], "{name}");
        }
    }

    #[test]
    fn a_components_bare_relative_value_is_no_link_an_anchors_is() {
        // React Native's `<RNTemplateRepoLink>` builds a GitHub address
        // from its `href`; a card links `./page` or `/page`.
        let text = "# A\n\n<RNTemplateRepoLink href=\"template/package.json\">x</RNTemplateRepoLink>\n\
                    <Card href=\"./persistence\">y</Card> <Card href=\"https://x.org\">z</Card>\n\
                    <a href=\"template/page.md\">w</a>\n";
        let doc = parse_document(Source::new("a.mdx", text));
        let targets: Vec<String> = (doc.written_links().links.into_iter())
            .map(|l| l.target)
            .collect();
        assert_eq!(
            targets,
            ["./persistence", "https://x.org", "template/page.md"]
        );
    }

    #[test]
    fn a_run_of_unclosed_tags_hides_no_tag_after_it() {
        let run = "<".repeat(10_000);
        let text = format!(
            "# A\n\n<div>\n{run} <a href=\"x.md\">y</a>\n</div>\n\n<div\n{}>\n",
            "x\n".repeat(3_000)
        );
        let doc = parse_document(Source::new("a.md", &text));
        let targets: Vec<String> = doc
            .written_links()
            .links
            .into_iter()
            .map(|l| l.target)
            .collect();
        assert_eq!(targets, ["x.md"]);
    }

    #[test]
    fn html_ids_are_where_links_may_land() {
        let text = "# A\n\nText <a id=\"here\"></a> and <span name='there'>.\n";
        assert_eq!(ids(text), ["here", "there"]);
    }
}
