//! Folding and paging an outline to fit the budget (docs/output.md, "Text"), one document at
//! a time, in input order.
//!
//! An outline that fits is shown whole, exactly as an index prints it. One that
//! does not is folded breadth first: every line down to the deepest depth whose
//! lines all fit, each line at that depth noting how many lines it hides, and a
//! last line naming a call that expands the biggest folded part. When even the
//! shallowest depth does not fit (the document lines of several documents, the
//! top lines of one), those lines are paged.
//!
//! The [`Folder`] keeps only what can still be printed: sizes only grow as
//! documents arrive, so lines deeper than the deepest depth that still fits are
//! dropped at once, and once the document lines alone overflow, only the page
//! asked for is kept (and can be printed before the walk ends).

use super::budget::{Budget, Size};
use super::folders::{Place, Tree};
use super::measure::{lean_size, marker_size};
use super::outline::{DEPTHS, DocOutline, Widest};
use super::pager::Pager;
use crate::namespace::qualified;
use crate::render::lines::{Lean, Line, Marker};
use crate::tree::BlockKind;

/// What to print, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Row {
    /// A line, noting how many lines it hides (0: none).
    Line(Line, u32),
    /// The `---` and block-count lines of a document.
    Blocks([usize; BlockKind::COUNT]),
}

/// The outline as it will be printed (after any lines handed out early).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Plan {
    pub rows: Vec<Row>,
    pub marker: Option<Marker>,
    /// How many pages the outline has (1 unless paged).
    pub pages: usize,
    /// The page asked for is past the last.
    pub page_missing: bool,
}

/// How a call is named in markers: the selectors that scoped it and the inputs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct CallText {
    /// The scope selectors as given, without a page step (empty: none).
    pub scope: Vec<String>,
    /// The inputs as given.
    pub inputs: Vec<String>,
    /// The options that shaped the response, as command-line words (see
    /// [`Options::call_flags`](crate::Options::call_flags)).
    pub flags: Vec<String>,
}

/// Inputs longer than this (in bytes, joined) are not repeated in a marker:
/// the expand call names the one file the folded part is in instead.
const MAX_INPUTS_SHOWN: usize = 200;

/// How much of the outline is still kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Keep {
    /// Only the page asked for of the document lines (nothing else can fit).
    Pages,
    /// Lines at most this deep.
    Depth(u8),
    /// Everything, block counts included (it all still fits).
    All,
}

/// Takes documents' outlines in input order and decides what is printed.
#[derive(Debug)]
pub(crate) struct Folder {
    budget: Budget,
    call: CallText,
    page: usize,
    /// Documents loaded, and how many of them have an outline.
    loaded: usize,
    outlined: usize,
    docs: Vec<DocOutline>,
    folded: [Size; DEPTHS],
    headers: [Size; 2],
    full: Size,
    widest: [Option<Widest>; DEPTHS],
    height: u8,
    keep: Keep,
    /// Pages of the document lines, in case they alone overflow.
    pager: Pager,
    /// Lines of the page asked for already handed out by [`Folder::ready`].
    emitted: usize,
    /// Every document's line and folder, when a directory was given: its
    /// outline folds by folders before it pages.
    tree: Option<Tree>,
    /// What the document lines so far say of their folders, to measure the
    /// next as it is printed (under its folder's line).
    lean: Lean,
}

impl Folder {
    /// A folder for one call's outline: `page` is the `page.K` asked for.
    pub fn new(budget: Budget, call: CallText, page: Option<usize>) -> Folder {
        let page = page.unwrap_or(0);
        let room = page_room(budget, &call);
        Folder {
            budget,
            call,
            page,
            loaded: 0,
            outlined: 0,
            docs: Vec::new(),
            folded: [Size::default(); DEPTHS],
            headers: [Size::default(); 2],
            full: Size::default(),
            widest: Default::default(),
            height: 0,
            keep: Keep::All,
            pager: Pager::new(room, page),
            emitted: 0,
            tree: None,
            lean: Lean::default(),
        }
    }

    /// Folds by folders before paging (docs/output.md, "Text"): for a call that walks a
    /// directory. Nothing is printed before the walk ends then, as folder
    /// lines count every document beneath them.
    pub fn by_folders(mut self) -> Folder {
        self.tree = Some(Tree::default());
        self
    }

    /// Adds the next document loaded, with its outline (`None`: the scope
    /// shows nothing of it; it still counts towards naming documents).
    pub fn push(&mut self, doc: Option<DocOutline>) {
        self.loaded += 1;
        let added = doc.is_some();
        if let Some(mut doc) = doc {
            self.outlined += 1;
            // A document found by a walk is printed under its folder's line,
            // which the one before may have printed.
            let mut after = self.lean.clone();
            doc.header_size[1] = lean_size(&mut after, &doc.header, doc.header.descendants);
            let mut before = std::mem::replace(&mut self.lean, after);
            doc.header_size[0] = lean_size(&mut before, &doc.above, 0);
            if let Some(tree) = &mut self.tree {
                tree.push(&doc.header, doc.place.as_ref());
            }
            // Its size noting every line beneath was measured with the outline.
            let size = doc.header_size[1];
            self.pager
                .push_sized(&doc.header, doc.header.descendants, size);
            for (total, size) in self.folded.iter_mut().zip(doc.folded) {
                *total += size;
            }
            self.headers[0] += doc.header_size[0];
            self.headers[1] += doc.header_size[1];
            self.full += doc.full;
            for (depth, (best, found)) in self.widest.iter_mut().zip(&doc.widest).enumerate() {
                if let Some(found) = found
                    && best.as_ref().is_none_or(|b| found.words > b.words)
                {
                    *best = doc.widest(depth);
                }
            }
            self.height = self.height.max(doc.height);
            self.docs.push(doc);
        }
        self.settle(added);
    }

    /// Adds the next document by its words alone: one at a depth
    /// [`Folder::counts_only_from`] named.
    pub fn push_counted(&mut self, words: usize, place: Option<&Place>) {
        debug_assert!(
            self.keep == Keep::Pages,
            "only counted once no page holds every line"
        );
        self.loaded += 1;
        self.outlined += 1;
        if let Some(tree) = &mut self.tree {
            tree.push_counted(words, place);
        }
    }

    /// The folder depth from which a document's outline can no longer be
    /// shown, whatever comes after: its words are all that is needed of it
    /// (`None`: every document may still be listed). Only when folding by
    /// folders, once the document lines alone overflow.
    pub fn counts_only_from(&self) -> Option<usize> {
        match (&self.tree, self.keep) {
            (Some(tree), Keep::Pages) => tree.counts_only_from(self.budget),
            _ => None,
        }
    }

    fn namespaced(&self) -> bool {
        self.loaded > 1
    }

    fn min_depth(&self) -> u8 {
        u8::from(!self.namespaced())
    }

    /// Everything printed at fold depth `d`, without the marker.
    fn total(&self, d: u8) -> Size {
        let lines = self.folded[usize::from(d).min(DEPTHS - 1)];
        match (self.namespaced(), d) {
            (false, _) => lines,
            (true, 0) => lines + self.headers[1],
            (true, _) => lines + self.headers[0],
        }
    }

    fn fits_whole(&self) -> bool {
        let headers = if self.namespaced() {
            self.headers[0]
        } else {
            Size::default()
        };
        self.budget.fits(self.full + headers)
    }

    /// Drops what can no longer be printed (`added`: a document was just kept).
    fn settle(&mut self, added: bool) {
        let keep = if self.fits_whole() {
            Keep::All
        } else {
            let feasible = (self.min_depth()..DEPTHS as u8)
                .rev()
                .find(|&d| self.budget.fits(self.total(d)));
            match feasible {
                Some(d) => Keep::Depth(d),
                None if self.namespaced() => Keep::Pages,
                None => Keep::Depth(1), // one document: its top lines are paged
            }
        };
        let changed = keep < self.keep;
        self.keep = self.keep.min(keep);
        let from = match (changed, added) {
            (true, _) => 0,
            (false, true) => self.docs.len() - 1,
            (false, false) => self.docs.len(),
        };
        match self.keep {
            Keep::All => {}
            Keep::Pages => self.docs.clear(),
            Keep::Depth(d) => self.docs[from..].iter_mut().for_each(|doc| doc.prune(d)),
        }
    }

    /// Rows certain to be printed, not yet handed out: once the document lines
    /// alone overflow, the lines of the page asked for; with no budget
    /// (`--full`), each whole outline once it is known to be one of several.
    pub fn ready(&mut self) -> Vec<Row> {
        match self.keep {
            Keep::Pages if self.tree.is_some() => Vec::new(),
            Keep::Pages => {
                let out = self.pager.lines[self.emitted..]
                    .iter()
                    .map(|(l, n)| Row::Line(l.clone(), *n))
                    .collect();
                self.emitted = self.pager.lines.len();
                out
            }
            Keep::All if self.budget.unlimited() && self.namespaced() && self.page == 0 => {
                let rows = self.whole().rows;
                self.docs.clear();
                rows
            }
            _ => Vec::new(),
        }
    }

    /// What is printed after everything [`Folder::ready`] handed out.
    pub fn finish(self) -> Plan {
        if self.outlined == 0 {
            return Plan {
                pages: 1,
                page_missing: self.page > 0,
                ..Plan::default()
            };
        }
        match self.keep {
            Keep::All => self.single_page(self.whole()),
            Keep::Depth(deepest) => match self.folded_plan(deepest) {
                Some(plan) => self.single_page(plan),
                None if self.namespaced() => self.by_folders_or_pages(),
                None => self.paged_top_lines(),
            },
            Keep::Pages => self.by_folders_or_pages(),
        }
    }

    /// Document lines that do not fit: folder lines at the deepest folder
    /// depth that fits, else the top folder level paged; without folders, the
    /// document lines paged.
    fn by_folders_or_pages(&self) -> Plan {
        let Some(tree) = self.tree.as_ref().filter(|t| t.has_folders()) else {
            return self.paged_documents();
        };
        if let Some((lines, marker)) = tree.fold(self.budget, &self.call.inputs, &self.call.flags) {
            let rows = lines.into_iter().map(|l| Row::Line(l, 0)).collect();
            return self.single_page(Plan {
                rows,
                marker: Some(marker),
                ..Plan::default()
            });
        }
        let top = tree.lines_at(1, &self.call.inputs);
        let mut pager = Pager::new(page_room(self.budget, &self.call), self.page);
        for line in &top {
            pager.push(line, 0);
        }
        match pager.count() {
            // One page: the marker names a folder to expand, a few words over.
            1 => self.single_page(Plan {
                rows: top.into_iter().map(|l| Row::Line(l, 0)).collect(),
                marker: tree.marker(1, &self.call.inputs, &self.call.flags),
                ..Plan::default()
            }),
            count => self.page_plan(pager.lines, count),
        }
    }

    /// A plan that is one page: page 0 is it, any other page is missing.
    fn single_page(&self, plan: Plan) -> Plan {
        if self.page == 0 {
            Plan { pages: 1, ..plan }
        } else {
            Plan {
                pages: 1,
                page_missing: true,
                ..Plan::default()
            }
        }
    }

    fn whole(&self) -> Plan {
        let mut rows = Vec::new();
        for doc in &self.docs {
            if self.namespaced() {
                rows.push(Row::Line(doc.above.clone(), 0));
            }
            rows.extend(doc.lines.iter().map(|l| Row::Line(l.clone(), 0)));
            if let Some(counts) = doc.blocks {
                rows.push(Row::Blocks(counts));
            }
        }
        Plan {
            rows,
            ..Plan::default()
        }
    }

    /// The deepest fold that fits with its marker, if any.
    fn folded_plan(&self, deepest: u8) -> Option<Plan> {
        let top = deepest.min(self.height.max(self.min_depth()));
        (self.min_depth()..=top).rev().find_map(|d| {
            let marker = self.fold_marker(d);
            let size = self.total(d) + marker_size(&marker);
            self.budget.fits(size).then(|| Plan {
                rows: self.rows_at(d),
                marker: Some(marker),
                ..Plan::default()
            })
        })
    }

    /// Every kept line at most `d` deep, those at `d` noting what they hide.
    fn rows_at(&self, d: u8) -> Vec<Row> {
        let mut rows = Vec::new();
        let note = |line: &Line| {
            if line.depth == d { line.descendants } else { 0 }
        };
        for doc in &self.docs {
            if self.namespaced() {
                let header = if d == 0 { &doc.header } else { &doc.above };
                rows.push(Row::Line(header.clone(), note(header)));
            }
            rows.extend(
                doc.lines
                    .iter()
                    .filter(|l| l.depth <= d && doc.shown_folded(l))
                    .map(|l| Row::Line(l.clone(), note(l))),
            );
        }
        rows
    }

    fn fold_marker(&self, d: u8) -> Marker {
        if d >= self.height {
            return Marker::BlocksLeftOut {
                files: self.call.inputs.clone(),
                flags: self.call.flags.clone(),
            };
        }
        // A line at the fold depth hides the deeper ones; should none, the
        // block counts are all that is left out.
        let Some(widest) = self.widest[usize::from(d)].as_ref() else {
            return Marker::BlocksLeftOut {
                files: self.call.inputs.clone(),
                flags: self.call.flags.clone(),
            };
        };
        let joined: usize = self.call.inputs.iter().map(|i| i.len() + 1).sum();
        let marker = |part: &str| {
            let (selector, files) = if joined > MAX_INPUTS_SHOWN {
                // One file named alone: its selectors need no namespace.
                (part.to_owned(), vec![widest.path.clone()])
            } else if self.namespaced() {
                (qualified(&widest.namespace, part), self.call.inputs.clone())
            } else {
                (part.to_owned(), self.call.inputs.clone())
            };
            Marker::Folded {
                depth: d,
                selector,
                files,
                flags: self.call.flags.clone(),
            }
        };
        let whole = marker(&widest.selector);
        // A section whose direct children do not fit beside it would fold
        // the same way again: expand its children (`h1.0/*`), which page.
        let loops = widest.selector != "*" && !self.budget.fits(widest.shown + marker_size(&whole));
        if loops {
            marker(&format!("{}/*", widest.selector))
        } else {
            whole
        }
    }

    /// One document whose top lines alone overflow: they are paged.
    fn paged_top_lines(&self) -> Plan {
        let room = page_room(self.budget, &self.call);
        let mut pager = Pager::new(room, self.page);
        for doc in &self.docs {
            for line in doc
                .lines
                .iter()
                .filter(|l| l.depth <= 1 && doc.shown_folded(l))
            {
                pager.push(line, line.descendants);
            }
        }
        let count = pager.count();
        self.page_plan(pager.lines, count)
    }

    fn paged_documents(&self) -> Plan {
        let lines = self.pager.lines[self.emitted..].to_vec();
        self.page_plan(lines, self.pager.count())
    }

    fn page_plan(&self, lines: Vec<(Line, u32)>, count: usize) -> Plan {
        if self.page >= count {
            return Plan {
                pages: count,
                page_missing: true,
                ..Plan::default()
            };
        }
        let next = (self.page + 1 < count).then(|| page_selector(&self.call, self.page + 1));
        Plan {
            rows: lines.into_iter().map(|(l, n)| Row::Line(l, n)).collect(),
            marker: Some(Marker::Page {
                index: self.page,
                count,
                next,
            }),
            pages: count,
            page_missing: false,
        }
    }
}

/// The selector of page `k` of this call's outline: `page.2`, `h2.3/page.2`.
pub(crate) fn page_selector(call: &CallText, k: usize) -> String {
    if call.scope.is_empty() {
        format!("page.{k}")
    } else {
        format!("{}/page.{k}", call.scope.join(","))
    }
}

/// What a page may hold: the budget less the longest page marker.
fn page_room(budget: Budget, call: &CallText) -> Budget {
    let widest = Marker::Page {
        index: usize::MAX - 1,
        count: usize::MAX,
        next: Some(page_selector(call, usize::MAX)),
    };
    budget.less(marker_size(&widest))
}
