//! `links`: every document read for its links and what links may land on
//! (its headings' anchors, its HTML ids) on its worker, and dropped there;
//! once all are in, each link is resolved over them all (`land`, with
//! `selector::Lands`), and the links asked for are handed on in one list.

use std::io;

use super::selectors::{Misses, Parsed, Selectors};
use crate::call::LinkView;
use crate::load::{Need, Walk};
use crate::options::Options;
use crate::report::{Asked, Event, LinkInfo, LinkList, LinkStatus, Sink};
use crate::selector::{self, Landing, Targets, canonical, resolve_in, wiki_url};
use crate::tree::{BlockKind, Document, Kind, LineCursor, NodeId};
use land::land_all;

mod land;

/// The longest link text a line shows, in characters.
const SHOWN_CHARS: usize = 80;

/// A link as its document's worker reads it.
struct Listed {
    from: String,
    line: usize,
    text: String,
    target: String,
    wiki: bool,
    /// A piped wiki link's target read label first (`[[label|note]]`, as
    /// Dendron and GitHub's wikis write it), where a doc set does so.
    piped: Option<String>,
    /// Whether it is a wiki link a reference definition sends elsewhere:
    /// its path is from the page's folder only (no generator reads it from
    /// the folders above, as Docusaurus reads a bare `x.md`).
    defined: bool,
}

/// One document's part: what links may land on in it, its links (those in
/// the selected nodes), and the nodes a `--to` selector names in it.
struct Page {
    targets: Targets,
    links: Vec<Listed>,
    /// Links read that the view lists nowhere: external ones, which are
    /// neither broken nor into a node (counted, not kept).
    outside: usize,
    /// Sections (`Some`) or the whole document (`None`) links are listed into.
    into: Vec<Option<usize>>,
}

/// Every page read, its parts side by side: what links may land on in each,
/// its links, and the nodes links are listed into, by position among the
/// pages read.
#[derive(Default)]
struct Pages {
    targets: Vec<Targets>,
    reads: Vec<Vec<Listed>>,
    into: Vec<(usize, Option<usize>)>,
    outside: usize,
}

impl Pages {
    fn add(&mut self, page: Page) {
        let doc = self.targets.len();
        self.outside += page.outside;
        self.targets.push(page.targets);
        self.reads.push(page.links);
        self.into.extend(page.into.iter().map(|&s| (doc, s)));
    }
}

/// Runs `links`: `parsed` are the selectors that scope it (`Out`), or the
/// one `--to` names.
pub(super) fn run(
    options: &Options,
    view: &LinkView,
    parsed: Vec<Parsed>,
    walk: Walk,
    sink: &mut dyn Sink,
) -> io::Result<()> {
    let paths = walk.paths();
    let namespaces = walk.namespaces();
    let routes = || walk.routes(&options.limits());
    // `--to docs/guide.md`: a document named by its path (or its address).
    let to_path = match view {
        LinkView::To(to) if selector::parse(to).is_err() => {
            selector::PageFinder::new(&paths, &routes).find(to)
        }
        _ => None,
    };
    let parsed = if to_path.is_some() {
        Vec::new()
    } else {
        parsed
    };
    let selectors = Selectors::new(parsed, &namespaces, &paths, &routes);
    for warning in &selectors.warnings {
        sink.event(Event::Warning(warning.clone()))?;
    }
    // Links out of (or checked in) the nodes selected; into a node, from
    // anywhere.
    let scoped = !matches!(view, LinkView::To(_)) && !selectors.is_empty();
    let mut misses = Misses::new(&selectors);
    let mut pages = Pages::default();
    walk.for_each_read(
        options,
        Need::Linked,
        |i, doc| {
            let finds = selectors.look(
                i,
                &doc,
                |sel| resolve_in(&doc, sel).map(|hits| hits.into_iter().map(|h| h.node).collect()),
                |sel| resolve_in(&doc, sel).is_ok(),
            );
            let nodes: Vec<NodeId> = finds
                .found
                .iter()
                .flatten()
                .filter_map(|f| f.as_ref().ok())
                .flat_map(|nodes: &Vec<NodeId>| nodes.iter().copied())
                .collect();
            let page = read(doc, view, scoped, &nodes, to_path == Some(i));
            (page, finds.map(|_| ()))
        },
        |found| match found {
            Ok((page, mut finds)) => {
                misses.add(&selectors, &mut finds);
                pages.add(page);
                finds
                    .warnings
                    .into_iter()
                    .try_for_each(|w| sink.event(Event::Warning(w)))
            }
            Err(failed) => sink.event(Event::Failed(failed)),
        },
    )?;
    let asked = match view {
        LinkView::Out => Asked::Out { scoped },
        LinkView::To(to) => Asked::To(to.clone()),
        LinkView::Broken => Asked::Broken,
    };
    let list = resolve_all(options, view, asked, pages);
    sink.event(Event::Links(Box::new(list)))?;
    for miss in misses.finish(&selectors, paths.len() > 1) {
        sink.event(Event::Unresolved(miss))?;
    }
    Ok(())
}

/// What one document gives the listing.
fn read(mut doc: Document, view: &LinkView, scoped: bool, nodes: &[NodeId], named: bool) -> Page {
    let mut written = doc.take_written_links();
    let into = match view {
        LinkView::To(_) if named => vec![None],
        LinkView::To(_) => nodes
            .iter()
            .filter_map(|&id| match doc.node(id).kind() {
                Kind::Document => Some(None),
                Kind::Section { .. } => doc.section_index(id).map(Some),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    let within = |at: usize| !scoped || nodes.iter().any(|&id| doc.node(id).span().contains(&at));
    let (mut links, mut outside) = (Vec::new(), 0);
    let mut holders = doc.holders();
    let mut last: Option<(NodeId, String)> = None;
    let mut lines = LineCursor::new(doc.text());
    let inside_only = !matches!(view, LinkView::Out);
    let definitions = std::mem::take(&mut written.definitions);
    let comments = {
        let mut held = doc.holders();
        let mut in_code = |at| doc.node(held.of(at)).kind() == Kind::Block(BlockKind::Code);
        selector::comments(doc.text(), &mut in_code)
    };
    for link in std::mem::take(&mut written.links) {
        // A link in an Obsidian comment is hidden, as Obsidian reads it.
        if comments.iter().any(|c| c.contains(&link.span.start)) {
            continue;
        }
        // Text spelled as a wiki link is no link.
        if !within(link.span.start) || (link.wiki && !selector::may_name_a_note(&link.target)) {
            continue;
        }
        // A wiki link whose note a reference definition of the page names
        // (Foam's `[note]: ../notes/note.md`) goes where the definition says.
        let defined = (link.wiki && !definitions.is_empty())
            .then(|| {
                let label = link.target.to_lowercase();
                let at = definitions.binary_search_by(|(l, _)| l.as_str().cmp(&label));
                at.ok().map(|at| &definitions[at])
            })
            .flatten();
        let (target, wiki) = match defined {
            Some((_, dest)) => (dest.clone(), false),
            None => (link.target, link.wiki),
        };
        // (A GitHub wiki's own page by address is read when all are in.)
        if inside_only && selector::lands_outside(&target, wiki) && wiki_url(&target).is_none() {
            outside += 1;
            continue;
        }
        // (Links in one block share its selector, made once.)
        let holder = holders.of(link.span.start);
        let from = match &mut last {
            Some((id, from)) if *id == holder => from,
            _ => &mut last.insert((holder, canonical(&doc, holder))).1,
        };
        links.push(Listed {
            from: from.clone(),
            line: lines.line_of(link.target_at),
            text: shown(&link.written),
            piped: wiki.then(|| label_first(&link.written)).flatten(),
            defined: defined.is_some(),
            target,
            wiki,
        });
    }
    Page {
        targets: Targets::of(doc, written),
        links,
        outside,
        into,
    }
}

/// A piped wiki link's target if its label comes first: what follows its
/// first `|` (`[[label|note#heading]]`, `![[label|note]]`).
fn label_first(written: &str) -> Option<String> {
    let written = written.strip_prefix('!').unwrap_or(written);
    let inner = written.strip_prefix("[[")?.strip_suffix("]]")?;
    let (_, target) = inner.split_once('|')?;
    Some(target.trim().to_owned()).filter(|t| !t.is_empty())
}

/// A link as a line shows it: its first line, cut to [`SHOWN_CHARS`].
fn shown(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default().trim_end();
    match line.char_indices().nth(SHOWN_CHARS) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None if line.len() < text.trim_end().len() => format!("{line}…"),
        None => line.to_owned(),
    }
}

/// Every link read, resolved over every document, and those the view asks
/// for in input order, from the offset on.
fn resolve_all(options: &Options, view: &LinkView, asked: Asked, pages: Pages) -> LinkList {
    let Pages {
        targets,
        mut reads,
        into,
        outside,
    } = pages;
    let (landings, label_first) = land_all(options, &targets, &reads);
    let mut landings = landings.into_iter();
    let mut list = LinkList {
        documents: targets.len(),
        asked,
        read: outside,
        ..LinkList::default()
    };
    for (doc, links) in reads.iter_mut().enumerate() {
        for link in links {
            list.read += 1;
            if let Some(target) = link.piped.take().filter(|_| label_first) {
                link.target = target;
            }
            let landing = landings.next().expect("one landing per link");
            let keep = match (view, &landing) {
                (LinkView::Out, _) => true,
                (LinkView::Broken, Landing::Broken { .. }) => true,
                (LinkView::To(_), Landing::Page { doc, section }) => into
                    .iter()
                    .any(|&(d, s)| d == *doc && (s.is_none() || s == *section)),
                _ => false,
            };
            if !keep {
                continue;
            }
            list.total += 1;
            if list.total > options.offset {
                list.links.push(info(&targets, doc, link, landing));
            }
        }
    }
    // A process that ends with the call leaves every page's tables and
    // links to the OS, which reclaims them at once: freeing them piece by
    // piece took a tenth of a sweep over 20,000 pages.
    if options.ends_process {
        std::mem::forget((targets, reads));
    }
    list
}

/// A link resolved, as the listing gives it.
fn info(targets: &[Targets], doc: usize, link: &mut Listed, landing: Landing) -> LinkInfo {
    let here = &targets[doc];
    let (status, to, reason, suggestion) = match landing {
        Landing::Page { doc: at, section } => {
            let page = &targets[at];
            let to = match section {
                None => page.shown_path().to_owned(),
                Some(_) if at == doc => page.selector(section),
                Some(_) => crate::namespace::qualified(&page.namespace, &page.selector(section)),
            };
            (LinkStatus::Ok, Some(to), None, None)
        }
        Landing::File(path) => (LinkStatus::Ok, Some(path), None, None),
        Landing::External => (LinkStatus::External, None, None, None),
        Landing::Broken { why, suggestion } => {
            let reason = why.reason(targets, doc);
            (LinkStatus::Broken, None, Some(reason), suggestion)
        }
    };
    // (Taken from the link, which is read no more.)
    let take = std::mem::take::<String>;
    LinkInfo {
        from: take(&mut link.from),
        file: here.path.clone(),
        namespace: here.namespace.clone(),
        line: link.line,
        text: take(&mut link.text),
        target: take(&mut link.target),
        status,
        to,
        reason,
        suggestion,
    }
}
