//! Where the links a sweep read land: each resolved over every document
//! read, on the call's threads ([`land_all`]).

use std::sync::atomic::{AtomicBool, Ordering};

use foldhash::{HashMap, HashMapExt};

use super::Listed;
use crate::options::Options;
use crate::selector::{self, Inputs, Landing, Lands, Targets};

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
pub(super) fn land_all(
    options: &Options,
    targets: &[Targets],
    reads: &[Vec<Listed>],
) -> (Vec<Landing>, bool) {
    let mut made = Inputs::new(targets, options.limits().within, options.threads);
    let links: Vec<(usize, &Listed)> = (reads.iter().enumerate())
        .flat_map(|(doc, links)| links.iter().map(move |link| (doc, link)))
        .collect();
    made.read_own_wiki(links.iter().map(|(_, link)| link.target.as_str()));
    let inputs = &made;
    let threads = options.threads.max(1);
    let named = AtomicBool::new(false);
    let mut landings = std::thread::scope(|scope| {
        if threads > 1 {
            let sites = (links.iter()).any(|(_, l)| l.target.trim_start().starts_with(['/', '{']));
            let notes = links.iter().any(|(_, l)| l.wiki);
            scope.spawn(move || inputs.make_ready(sites, notes));
        }
        let named = &named;
        let land = move |part| {
            let broken = || {
                if !named.swap(true, Ordering::Relaxed) {
                    scope.spawn(|| inputs.make_names_ready());
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
    // (Its tables are left to the OS, as the pages' are: `resolve_all`.)
    if options.ends_process {
        std::mem::forget(made);
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
