//! A call's selectors: parsed once, looked up in one document at a time, and
//! their misses explained once every document has been seen.
//!
//! Looking up happens on the worker that holds the document; what it keeps is
//! small (the matches, the miss that got furthest, whether a suggestion would
//! resolve here), so documents need not outlive their turn. A selector is
//! unresolved only if no document yields a match (SPEC §3), and every
//! suggestion shown resolves in some loaded document.

use super::Parsed;
use crate::namespace::{self, qualified};
use crate::report::Unresolved;
use crate::selector::Reason;
use crate::selector::{self, Miss, Selector, SyntaxError};
use crate::tree::Document;

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
        rest: Option<Selector>,
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
        }
    }
}

impl Selectors {
    /// The selectors as parsed; `namespaces` are those of the files found, in order.
    pub fn new(parsed: Vec<Parsed>, namespaces: &[String]) -> Selectors {
        let target = |sel: &Selector| match &sel.namespace {
            None => Target::Every,
            Some(ns) => match namespace::find(namespaces.iter().map(String::as_str), ns) {
                Some(i) => Target::One(i),
                None => Target::Missing,
            },
        };
        let entries = parsed
            .into_iter()
            .map(|parsed| match parsed {
                Ok(sel) => {
                    let target = target(&sel);
                    let rest = (target == Target::Missing).then(|| without_namespace(&sel));
                    Entry::Parsed { sel, target, rest }
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
        Selectors { entries }
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
        for entry in &self.entries {
            match entry {
                Entry::Parsed { sel, target, rest } => {
                    let outcome = here(*target).then(|| {
                        find(sel).map_err(|mut miss| {
                            // Only suggestions that work here are kept.
                            miss.suggestions
                                .retain(|s| selector::parse(s).is_ok_and(|s| resolves(&s)));
                            miss
                        })
                    });
                    found.push(outcome);
                    probes.push(rest.iter().map(&resolves).collect());
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
                Entry::Parsed { sel, target, .. } => {
                    out.push(match (target, &self.best[k].1) {
                        (Target::Every | Target::One(_), Some((ns, miss))) => {
                            not_found(sel, ns, miss, namespaced)
                        }
                        (Target::One(_), None) => self.namespace_miss(sel, &[]),
                        (_, _) => self.namespace_miss(sel, &self.probes[k]),
                    });
                }
            }
        }
        out
    }

    /// No loaded document has the selector's namespace: the closest that
    /// have one where the rest resolves.
    fn namespace_miss(&self, sel: &Selector, docs: &[(String, bool)]) -> Unresolved {
        let ns = sel.namespace.as_deref().unwrap_or_default();
        let rest = sel.source.split_once("::").map_or("", |(_, r)| r);
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
                    crate::fuzzy::similarity(&wanted, &known)
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

/// The selector without its namespace: what it asks of any document.
fn without_namespace(sel: &Selector) -> Selector {
    let rest = sel.source.split_once("::").map_or("", |(_, r)| r);
    Selector {
        source: rest.to_owned(),
        namespace: None,
        ..sel.clone()
    }
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
