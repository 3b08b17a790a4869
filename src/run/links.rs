//! `links`: every document read for its links and what links may land on
//! (its headings' anchors, its HTML ids) on its worker, and dropped there;
//! once all are in, each link is resolved over them all
//! (`selector::Lands`), and the links asked for are handed on in one list.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

use foldhash::{HashMap, HashMapExt};

use super::selectors::{Misses, Parsed, Selectors};
use crate::call::LinkView;
use crate::load::{Need, Walk};
use crate::options::Options;
use crate::report::{Asked, Event, LinkInfo, LinkList, LinkStatus, Sink};
use crate::selector::{self, Inputs, Landing, Lands, Targets, canonical, resolve_in, wiki_url};
use crate::tree::{BlockKind, Document, Kind, LineCursor, NodeId};

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
    let mut pages: Vec<Option<Page>> = Vec::with_capacity(paths.len());
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
                pages.push(Some(page));
                finds
                    .warnings
                    .into_iter()
                    .try_for_each(|w| sink.event(Event::Warning(w)))
            }
            Err(failed) => {
                pages.push(None);
                sink.event(Event::Failed(failed))
            }
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
fn resolve_all(
    options: &Options,
    view: &LinkView,
    asked: Asked,
    pages: Vec<Option<Page>>,
) -> LinkList {
    let loaded: Vec<usize> = (0..pages.len()).filter(|&i| pages[i].is_some()).collect();
    let mut targets = Vec::with_capacity(loaded.len());
    let mut reads = Vec::with_capacity(loaded.len());
    // The nodes links are listed into, by position among the pages loaded.
    let mut into: Vec<(usize, Option<usize>)> = Vec::new();
    let mut outside = 0;
    for (doc, page) in pages.into_iter().flatten().enumerate() {
        outside += page.outside;
        targets.push(page.targets);
        into.extend(page.into.iter().map(|&s| (doc, s)));
        reads.push(page.links);
    }
    let (landings, label_first) = land_all(options, &targets, &reads);
    let mut landings = landings.into_iter();
    let mut list = LinkList {
        documents: loaded.len(),
        asked,
        read: outside,
        ..LinkList::default()
    };
    for (doc, links) in reads.into_iter().enumerate() {
        for mut link in links {
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
    list
}

/// Where each link read lands, in order: on the call's threads, each
/// resolving a run of the links with a resolver of its own over the inputs
/// they share, once there are enough links to be worth a thread. With
/// whether the doc set writes a piped wiki link's label first.
///
/// The tables resolvers share are made ahead on a spare thread: those the
/// links' shapes need at once (for site addresses, wiki links), and the
/// pages' names suggestions are looked for among when a first link is
/// broken, while the others are landed. A broken link gets its suggestion
/// when all of its thread's are landed.
fn land_all(options: &Options, targets: &[Targets], reads: &[Vec<Listed>]) -> (Vec<Landing>, bool) {
    let mut inputs = Inputs::new(targets, options.limits().within);
    let links: Vec<(usize, &Listed)> = (reads.iter().enumerate())
        .flat_map(|(doc, links)| links.iter().map(move |link| (doc, link)))
        .collect();
    inputs.read_own_wiki(links.iter().map(|(_, link)| link.target.as_str()));
    let inputs = &inputs;
    let threads = options.threads.max(1);
    let named = AtomicBool::new(false);
    let mut landings = std::thread::scope(|scope| {
        if threads > 1 {
            let sites = (links.iter()).any(|(_, l)| l.target.trim_start().starts_with(['/', '{']));
            let notes = links.iter().any(|(_, l)| l.wiki);
            scope.spawn(move || inputs.make_ready(sites, notes, false));
        }
        let named = &named;
        let land = move |part| {
            let broken = || {
                if !named.swap(true, Ordering::Relaxed) {
                    scope.spawn(|| inputs.make_ready(false, false, true));
                }
            };
            land_part(inputs, part, (threads > 1).then_some(&broken))
        };
        if threads == 1 || links.len() < LINKS_APART {
            return land(&links);
        }
        let parts: Vec<_> = (links.chunks(links.len().div_ceil(threads)))
            .map(|part| scope.spawn(move || land(part)))
            .collect();
        (parts.into_iter())
            .flat_map(|part| part.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let label_first = read_label_first(inputs, &links, &mut landings);
    // A vault: its Markdown links that no path names are read as notes.
    let notes = (landings.iter().zip(&links))
        .filter(|(landing, (_, link))| link.wiki && matches!(landing, Landing::Page { .. }))
        .count();
    if notes >= VAULT_NOTES || inputs.github_wiki() {
        let mut lands = Lands::new(inputs);
        for (landing, &(doc, link)) in landings.iter_mut().zip(&links) {
            if !link.wiki && matches!(landing, Landing::Broken { .. }) {
                let broken = std::mem::replace(landing, Landing::External);
                *landing = lands.as_note(doc, &link.target, broken);
            }
        }
    }
    (landings, label_first)
}

/// Where each of `part`'s links lands, on one thread. With `broken`, each
/// without a suggestion first, then the broken ones again with theirs
/// (`broken` is told of the first broken one, to make the tables
/// suggestions read on a spare thread); else in one pass.
fn land_part(
    inputs: &Inputs,
    part: &[(usize, &Listed)],
    broken: Option<&dyn Fn()>,
) -> Vec<Landing> {
    let mut lands = Lands::new(inputs);
    lands.suggests = broken.is_none();
    let mut page = Landed::default();
    let mut landings: Vec<Landing> = (part.iter())
        .map(|&(doc, link)| page.land(&mut lands, doc, link))
        .inspect(|landing| {
            if let Some(broken) = broken.filter(|_| matches!(landing, Landing::Broken { .. })) {
                broken();
            }
        })
        .collect();
    if !lands.suggests && landings.iter().any(|l| matches!(l, Landing::Broken { .. })) {
        lands.suggesting();
        let mut page = Landed::default();
        for (landing, &(doc, link)) in landings.iter_mut().zip(part) {
            if matches!(landing, Landing::Broken { .. }) {
                *landing = page.land(&mut lands, doc, link);
            }
        }
    }
    landings
}

/// What the links of the page being landed landed on, by how each is
/// written: a page that links to one target several times (a glossary
/// term, its API's page) has it landed once, as where a link lands depends
/// on its page and how it is written only.
#[derive(Default)]
struct Landed<'l> {
    doc: usize,
    landed: HashMap<(&'l str, bool, bool), Landing>,
}

impl<'l> Landed<'l> {
    fn land(&mut self, lands: &mut Lands, doc: usize, link: &'l Listed) -> Landing {
        if self.doc != doc {
            (self.doc, self.landed) = (doc, HashMap::new());
        }
        let written = (link.target.as_str(), link.wiki, link.defined);
        if let Some(landing) = self.landed.get(&written) {
            return landing.clone();
        }
        let relative = !link.target.starts_with(['.', '/', '#'])
            && !selector::lands_outside(&link.target, false);
        let landing = match link.defined && relative {
            true => lands.land(doc, &format!("./{}", link.target), false),
            false => lands.land(doc, &link.target, link.wiki),
        };
        self.landed.insert(written, landing.clone());
        landing
    }
}

/// The fewest piped wiki links that must land on notes read label first
/// for a doc set to be read so: a vault with a few piped links, one of them
/// written the other way by mistake, is read as written.
const LABEL_FIRST_FEWEST: usize = 8;

/// Whether a doc set writes a piped wiki link's label first
/// (`[[label|note]]`: Dendron, GitHub's wikis), not its note (Obsidian's
/// `[[note|label]]`): a GitHub wiki's ([`Inputs::github_wiki`]), or where
/// at least [`LABEL_FIRST_FEWEST`] of its piped links, and twice as many as
/// land as written, land on a note read so.
/// Then `landings` are theirs.
fn read_label_first(inputs: &Inputs, links: &[(usize, &Listed)], landings: &mut [Landing]) -> bool {
    let piped: Vec<(usize, usize, &str)> = (links.iter().enumerate())
        .filter_map(|(k, (doc, link))| Some((k, *doc, link.piped.as_deref()?)))
        .collect();
    if piped.is_empty() {
        return false;
    }
    // Where they land read so, without suggestions for those that land
    // nowhere (most, in a vault that writes the note first).
    let mut lands = Lands::new(inputs);
    lands.suggests = false;
    let on_note = |landing: &Landing| matches!(landing, Landing::Page { .. });
    let label_first = (piped.iter())
        .filter(|&&(_, doc, target)| on_note(&lands.land(doc, target, true)))
        .count();
    let as_written = (piped.iter())
        .filter(|&&(k, ..)| on_note(&landings[k]))
        .count();
    let counted = label_first >= LABEL_FIRST_FEWEST && label_first > 2 * as_written;
    if !counted && !inputs.github_wiki() {
        return false;
    }
    let mut lands = Lands::new(inputs);
    for &(k, doc, target) in &piped {
        landings[k] = lands.land(doc, target, true);
    }
    true
}

/// The fewest wiki links landing on notes that make a doc set a vault (as
/// a GitHub wiki is, however few it has), whose Markdown links are resolved
/// as notes where no path names them, as Obsidian and GitHub do (a site's
/// generator reads no wiki links: those it has are text that happens to be
/// spelled so, as Hugo's `[[cascade]]`).
const VAULT_NOTES: usize = 32;

/// The fewest links resolved on more than one thread: fewer take less time
/// than threads cost to start.
const LINKS_APART: usize = 4096;

/// A link resolved, as the listing gives it.
fn info(targets: &[Targets], doc: usize, link: Listed, landing: Landing) -> LinkInfo {
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
    LinkInfo {
        from: link.from,
        file: here.path.clone(),
        namespace: here.namespace.clone(),
        line: link.line,
        text: link.text,
        target: link.target,
        status,
        to,
        reason,
        suggestion,
    }
}
