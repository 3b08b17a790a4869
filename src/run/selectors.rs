//! A call's selectors: parsed once, looked up in one document at a time, and
//! their misses explained once every document has been seen.
//!
//! Looking up happens on the worker that holds the document; what it keeps is
//! small (the matches, the miss that got furthest, whether a suggestion would
//! resolve here), so documents need not outlive their turn. A selector is
//! unresolved only if no document yields a match, and every
//! suggestion shown resolves in some loaded document.

use crate::namespace::qualified;
use crate::report::Unresolved;
use crate::selector::Reason;
use crate::selector::{self, DocRef, Miss, Selector, SyntaxError, anchor_selector};
use crate::tree::Document;

/// A selector as given, parsed once.
pub(crate) type Parsed = Result<Selector, SyntaxError>;

/// Which documents a selector looks in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// Every document (no namespace).
    Every,
    /// The file at this position among those found.
    One(usize),
    /// No file has its namespace.
    Missing,
}

/// One selector as given.
#[derive(Debug)]
enum Entry {
    Parsed {
        sel: Selector,
        target: Target,
        /// For a namespace no file has: the selector without it.
        rest: Option<Box<Selector>>,
        /// For a wiki link to a note no file is: the closest notes, as links.
        notes: Vec<String>,
    },
    Invalid {
        err: SyntaxError,
        /// Rewrites that parse, closest first, with their targets.
        repairs: Vec<(Selector, Target)>,
    },
}

/// The selectors of a call.
#[derive(Debug)]
pub(crate) struct Selectors {
    entries: Vec<Entry>,
    /// Notes on how links were read (an ambiguous note name).
    pub warnings: Vec<String>,
}

/// What one document made of the selectors.
#[derive(Debug)]
pub(crate) struct DocFinds<T> {
    /// Per selector: what it found here, or why not; `None` where it does not look.
    pub found: Vec<Option<Result<T, Miss>>>,
    /// Per selector: which of its probes resolve here (the selector without its
    /// unknown namespace; the repairs of a malformed one).
    probes: Vec<Vec<bool>>,
    namespace: String,
    /// Notes on what was found here (an anchor several headings match loosely).
    pub warnings: Vec<String>,
}

impl<T> DocFinds<T> {
    /// The same outcomes with each selector's finds transformed.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> DocFinds<U> {
        DocFinds {
            found: self
                .found
                .into_iter()
                .map(|o| o.map(|r| r.map(&mut f)))
                .collect(),
            probes: self.probes,
            namespace: self.namespace,
            warnings: self.warnings,
        }
    }
}

impl Selectors {
    /// The selectors as parsed; `namespaces` and `paths` are those of the
    /// files found, in order, and `routes` what their front matter routes
    /// (read only for a page's address that no path is).
    pub fn new(
        parsed: Vec<Parsed>,
        namespaces: &[String],
        paths: &[String],
        routes: &dyn Fn() -> Vec<(String, usize)>,
    ) -> Selectors {
        let mut warnings = Vec::new();
        let pages = selector::PageFinder::new(paths, routes);
        let mut target = |sel: &Selector| {
            let found = match (&sel.doc, &sel.namespace) {
                (Some(DocRef::Path(path)), _) => pages.find(path),
                (Some(DocRef::Note(note)), _) => {
                    let found = selector::find_notes(paths, note);
                    if found.len() > 1 {
                        warnings.push(format!(
                            "{} notes are named '{note}' ({}, …); {} reads the first",
                            found.len(),
                            paths[found[0]],
                            sel.source
                        ));
                    }
                    found.first().copied()
                }
                (None, None) => return Target::Every,
                (None, Some(ns)) => selector::find_in(namespaces, paths, ns),
            };
            found.map_or(Target::Missing, Target::One)
        };
        let entries = parsed
            .into_iter()
            .map(|parsed| match parsed {
                Ok(sel) => {
                    let target = target(&sel);
                    let rest =
                        (target == Target::Missing).then(|| Box::new(without_namespace(&sel)));
                    let notes = match (&sel.doc, target) {
                        (Some(DocRef::Note(note)), Target::Missing) => closest_notes(paths, note),
                        _ => Vec::new(),
                    };
                    Entry::Parsed {
                        sel,
                        target,
                        rest,
                        notes,
                    }
                }
                Err(err) => {
                    let repairs = selector::repairs(&err)
                        .iter()
                        .filter_map(|fixed| selector::parse(fixed).ok())
                        .map(|sel| {
                            let t = target(&sel);
                            (sel, t)
                        })
                        .collect();
                    Entry::Invalid { err, repairs }
                }
            })
            .collect();
        Selectors { entries, warnings }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Looks every selector up in document `i` (its position among the files
    /// found) with `find`; `resolves` tells whether a suggestion resolves here.
    pub fn look<T>(
        &self,
        i: usize,
        doc: &Document,
        mut find: impl FnMut(&Selector) -> Result<T, Miss>,
        resolves: impl Fn(&Selector) -> bool,
    ) -> DocFinds<T> {
        let here = |t: Target| t == Target::Every || t == Target::One(i);
        let mut found = Vec::with_capacity(self.entries.len());
        let mut probes = Vec::with_capacity(self.entries.len());
        let mut warnings = Vec::new();
        for entry in &self.entries {
            match entry {
                Entry::Parsed {
                    sel, target, rest, ..
                } => {
                    let outcome = here(*target).then(|| {
                        find(sel).map_err(|mut miss| {
                            // Only suggestions that work here are kept.
                            miss.suggestions
                                .retain(|s| selector::parse(s).is_ok_and(|s| resolves(&s)));
                            miss
                        })
                    });
                    if let Some(Ok(_)) = outcome
                        && let Some(anchor) = sel.steps[0].anchor.as_deref()
                    {
                        let matches = selector::loose_matches(doc, anchor);
                        if matches > 1 {
                            warnings.push(format!(
                                "{} in {}: {matches} headings match loosely; the first is shown",
                                sel.source,
                                doc.path()
                            ));
                        }
                    }
                    found.push(outcome);
                    probes.push(rest.iter().map(|r| resolves(r)).collect());
                }
                Entry::Invalid { repairs, .. } => {
                    found.push(None);
                    probes.push(
                        repairs
                            .iter()
                            .map(|(sel, t)| here(*t) && resolves(sel))
                            .collect(),
                    );
                }
            }
        }
        DocFinds {
            found,
            probes,
            namespace: doc.namespace().to_owned(),
            warnings,
        }
    }
}

/// The misses of every selector so far, document by document.
#[derive(Debug)]
pub(crate) struct Misses {
    /// Per selector: whether it found something, and the miss that got furthest.
    best: Vec<(bool, Option<(String, Miss)>)>,
    /// Per selector: for an unknown namespace, each loaded document's
    /// namespace and whether the rest resolves there; for a malformed one,
    /// whether each repair resolves anywhere.
    probes: Vec<Vec<(String, bool)>>,
    /// The first loaded namespaces (as many as a reason lists), for the
    /// reason of an unknown one.
    loaded: Vec<String>,
    count: usize,
}

impl Misses {
    pub fn new(selectors: &Selectors) -> Misses {
        Misses {
            best: selectors.entries.iter().map(|_| (false, None)).collect(),
            probes: selectors.entries.iter().map(|_| Vec::new()).collect(),
            loaded: Vec::new(),
            count: 0,
        }
    }

    /// Takes a document's outcomes; the matches are left in `finds.found`.
    pub fn add<T>(&mut self, selectors: &Selectors, finds: &mut DocFinds<T>) {
        self.count += 1;
        if self.loaded.len() < 10 {
            self.loaded.push(finds.namespace.clone());
        }
        for (k, entry) in selectors.entries.iter().enumerate() {
            match finds.found[k].as_mut() {
                Some(Ok(_)) => self.best[k].0 = true,
                Some(Err(miss)) => {
                    let deeper = self.best[k]
                        .1
                        .as_ref()
                        .is_none_or(|(_, m)| miss.step > m.step);
                    if deeper && let Some(Err(miss)) = finds.found[k].take() {
                        self.best[k].1 = Some((finds.namespace.clone(), miss));
                    }
                }
                None => {}
            }
            let bits = &finds.probes[k];
            match entry {
                Entry::Parsed { rest: Some(_), .. } => self.probes[k].push((
                    finds.namespace.clone(),
                    bits.first().copied().unwrap_or(false),
                )),
                Entry::Invalid { .. } => {
                    let probes = &mut self.probes[k];
                    probes.resize(bits.len(), (String::new(), false));
                    for (p, &b) in probes.iter_mut().zip(bits) {
                        p.1 |= b;
                    }
                }
                Entry::Parsed { .. } => {}
            }
        }
    }

    /// The selectors that found nothing, in order, explained. `namespaced`:
    /// several documents were loaded (suggestions then carry a namespace).
    pub fn finish(self, selectors: &Selectors, namespaced: bool) -> Vec<Unresolved> {
        let mut out = Vec::new();
        for (k, entry) in selectors.entries.iter().enumerate() {
            match entry {
                Entry::Invalid { err, repairs } => {
                    let works = &self.probes[k];
                    let suggestions = repairs
                        .iter()
                        .zip(works)
                        .filter(|(_, (_, ok))| *ok)
                        .map(|((sel, _), _)| sel.source.clone())
                        .take(5)
                        .collect();
                    out.push(Unresolved {
                        selector: err.input.clone(),
                        reason: Reason::Syntax(err.clone()),
                        suggestions,
                    });
                }
                Entry::Parsed { .. } if self.count == 0 || self.best[k].0 => {}
                Entry::Parsed {
                    sel, target, notes, ..
                } if *target == Target::Missing && matches!(sel.doc, Some(DocRef::Note(_))) => {
                    out.push(note_miss(sel, notes));
                }
                Entry::Parsed { sel, target, .. } => {
                    out.push(match (target, &self.best[k].1) {
                        (Target::Every | Target::One(_), Some((ns, miss))) => {
                            not_found(sel, ns, miss, namespaced)
                        }
                        (Target::One(_), None) => self.namespace_miss(sel, &[]),
                        (_, _) => {
                            let mut miss = self.namespace_miss(sel, &self.probes[k]);
                            // A link's path is no namespace: say what was looked for.
                            if let Some(path) = sel.link_path() {
                                miss.reason = Reason::PathNotFound {
                                    path: path.to_owned(),
                                };
                            }
                            miss
                        }
                    });
                }
            }
        }
        out
    }

    /// No loaded document has the selector's namespace: the closest that
    /// have one where the rest resolves.
    fn namespace_miss(&self, sel: &Selector, docs: &[(String, bool)]) -> Unresolved {
        let (ns, rest) = split(sel);
        let (ns, rest) = (ns.as_str(), rest.as_str());
        let wanted = ns.to_lowercase();
        let mut scored: Vec<(f32, usize)> = docs
            .iter()
            .enumerate()
            .filter(|(_, (_, works))| *works)
            .map(|(i, (known, _))| {
                let known = known.to_lowercase();
                let exact_tail = known == wanted || known.ends_with(&format!("/{wanted}"));
                let score = if exact_tail {
                    1.0
                } else {
                    crate::fuzzy::name_similarity(&wanted, &known)
                };
                (score, i)
            })
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        Unresolved {
            selector: sel.source.clone(),
            reason: Reason::NamespaceNotFound {
                namespace: ns.to_owned(),
                loaded: self.loaded.clone(),
            },
            suggestions: scored
                .iter()
                .take(5)
                .map(|&(_, i)| qualified(&docs[i].0, rest))
                .collect(),
        }
    }
}

/// The selector without its namespace (or the document a link names): what it
/// asks of any document.
fn without_namespace(sel: &Selector) -> Selector {
    Selector {
        source: split(sel).1,
        namespace: None,
        doc: None,
        ..sel.clone()
    }
}

/// How a selector names its document, and the rest: `ns::h2.0` is `(ns,
/// h2.0)`, `guide.md#usage` is `(guide.md, #usage)`, `[[Guide#Usage]]` is
/// `(Guide, #Usage)`.
fn split(sel: &Selector) -> (String, String) {
    match &sel.doc {
        Some(DocRef::Path(path)) => (path.clone(), sel.source[path.len()..].to_owned()),
        Some(DocRef::Note(note)) => {
            let rest = match sel.steps.first().and_then(|s| s.anchor.as_deref()) {
                Some(heading) => anchor_selector(heading),
                None => "*".to_owned(),
            };
            (note.clone(), rest)
        }
        None => {
            let (ns, rest) = sel.source.split_once("::").unwrap_or(("", &sel.source));
            (ns.trim().to_owned(), rest.to_owned())
        }
    }
}

/// No loaded file is the note a wiki link names: the closest notes instead.
fn note_miss(sel: &Selector, notes: &[String]) -> Unresolved {
    let note = match &sel.doc {
        Some(DocRef::Note(note)) => note.clone(),
        _ => String::new(),
    };
    Unresolved {
        selector: sel.source.clone(),
        reason: Reason::NoteNotFound { note },
        suggestions: notes.to_vec(),
    }
}

/// The notes closest to `note` by file name, as wiki links that work (whole
/// notes, named as their files are).
fn closest_notes(paths: &[String], note: &str) -> Vec<String> {
    let wanted = note.rsplit('/').next().unwrap_or(note).to_lowercase();
    let stem = |path: &str| {
        let file = path.rsplit(['/', '\\']).next().unwrap_or(path);
        file.rsplit_once('.').map_or(file, |(s, _)| s).to_owned()
    };
    let mut scored: Vec<(f32, String)> = paths
        .iter()
        .map(|p| stem(p))
        .map(|s| (crate::fuzzy::name_similarity(&wanted, &s.to_lowercase()), s))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out: Vec<String> = Vec::new();
    for (_, s) in scored {
        let link = format!("[[{s}]]");
        if !out.contains(&link) {
            out.push(link);
        }
        if out.len() == 3 {
            break;
        }
    }
    out
}

fn not_found(sel: &Selector, ns: &str, miss: &Miss, namespaced: bool) -> Unresolved {
    Unresolved {
        selector: sel.source.clone(),
        reason: miss.reason.clone(),
        suggestions: miss
            .suggestions
            .iter()
            .map(|s| {
                if namespaced {
                    qualified(ns, s)
                } else {
                    s.clone()
                }
            })
            .collect(),
    }
}
