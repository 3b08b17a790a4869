//! A page's anchors looked up by many links at once (docs/links.md, "Links
//! both ways"): the answers of [`find_heading`](super::resolve::find_heading)
//! (but for a slug a heading's own id replaces) and [`nearest_anchors`], each
//! found without reading every heading of the page for every link.
//!
//! A sweep resolves every link of a doc set, and a versioned site's big
//! pages take thousands of links to their headings; read heading by heading,
//! those lookups cost more than reading the pages.

use std::sync::OnceLock;

use foldhash::{HashMap, HashMapExt};

use super::resolve::nearest_anchors;
use crate::fuzzy::{Bag, WordShape, Words, distance_within, name_likeness};
use crate::tree::Anchors;
use crate::tree::loose;

/// The headings of one page by each name a fragment may give them, each
/// name kept for its first heading, as
/// [`find_heading`](super::resolve::find_heading) takes the first. Most
/// fragments are written as the anchor is: the names ignoring case, and
/// loosely, are filed only when one is not.
#[derive(Clone, Debug, Default)]
pub(crate) struct AnchorLookup {
    exact: HashMap<String, usize>,
    /// Lowercase, then loose (letters and digits, lowercase).
    folded: OnceLock<(HashMap<String, usize>, HashMap<String, usize>)>,
}

impl AnchorLookup {
    /// The lookup of headings with these anchors.
    pub fn new(anchors: &[Anchors]) -> AnchorLookup {
        let mut exact = HashMap::with_capacity(anchors.len());
        for (k, a) in anchors.iter().enumerate() {
            for name in listed_names(a) {
                exact.entry(name.clone()).or_insert(k);
            }
        }
        AnchorLookup {
            exact,
            folded: OnceLock::new(),
        }
    }

    /// The lookup of headings with these anchors as GitBook names them: a
    /// heading with an id of its own (`## HTML <a href="#html" id="html"></a>`)
    /// by that id only, the same id's repeats by it and `-1`, `-2`, … in
    /// order; another by its slug.
    pub fn gitbook(anchors: &[Anchors]) -> AnchorLookup {
        let mut exact = HashMap::with_capacity(anchors.len());
        let mut repeats: HashMap<&str, usize> = HashMap::new();
        for (k, a) in anchors.iter().enumerate() {
            if a.ids.is_empty() {
                exact.entry(a.slug.clone()).or_insert(k);
                continue;
            }
            for id in &a.ids {
                let seen = repeats.entry(id.as_str()).or_insert(0);
                let name = match *seen {
                    0 => id.clone(),
                    n => format!("{id}-{n}"),
                };
                *seen += 1;
                exact.entry(name).or_insert(k);
            }
        }
        AnchorLookup {
            exact,
            folded: OnceLock::new(),
        }
    }

    /// Which heading has `anchor` as it is written: its slug or an id.
    pub fn exact(&self, anchor: &str) -> Option<usize> {
        self.exact.get(anchor).copied()
    }

    /// Which heading has `anchor`, of headings with these anchors and plain
    /// titles (those the lookup was made of): the answer of
    /// [`find_heading`](super::resolve::find_heading).
    pub fn find(&self, anchors: &[Anchors], titles: &[String], anchor: &str) -> Option<usize> {
        if let Some(&k) = self.exact.get(anchor) {
            return Some(k);
        }
        let (folded, loosely) = self.folded.get_or_init(|| fold(anchors, titles));
        // Equal ignoring ASCII case implies equal lowercase.
        if let Some(&k) = folded.get(&anchor.to_lowercase()) {
            return Some(k);
        }
        loosely.get(&loose(anchor)).copied()
    }
}

/// Each heading's names lowercase, and loosely (the title as well), each
/// kept for its first heading.
fn fold(
    anchors: &[Anchors],
    titles: &[String],
) -> (HashMap<String, usize>, HashMap<String, usize>) {
    let mut folded = HashMap::with_capacity(anchors.len());
    let mut loosely = HashMap::with_capacity(2 * anchors.len());
    for (k, a) in anchors.iter().enumerate() {
        for name in listed_names(a) {
            folded.entry(name.to_lowercase()).or_insert(k);
        }
        // The loose pass takes a heading by its title or its slug (but for
        // a heading whose slug its own id replaces), never by an id written
        // for it (`{#id}`, `<a id>`), which every generator keeps as written.
        let title = Some(&titles[k]).filter(|_| !a.replaced);
        let slug = Some(&a.slug).filter(|_| !a.replaced);
        for name in title.into_iter().chain(slug) {
            let key = loose(name);
            if !key.is_empty() {
                loosely.entry(key).or_insert(k);
            }
        }
    }
    (folded, loosely)
}

/// The names a link listing finds a heading by: its slug and ids, but for a
/// slug its own id replaces, as the site generators that read `{#id}` write
/// the heading (following a link, [`find_heading`](super::resolve::find_heading)
/// still finds it by both).
fn listed_names(a: &Anchors) -> impl Iterator<Item = &String> {
    (Some(&a.slug).filter(|_| !a.replaced).into_iter()).chain(&a.ids)
}

/// The most headings a page may have for a broken fragment's nearest anchor
/// to be looked for among all of them; a page with more is looked up by its
/// anchors in order ([`AnchorOrder`]). Every broken fragment reads every
/// anchor of a page that size once: a page of 100,000 headings and as many
/// broken links to it would otherwise take hours.
pub(crate) const NEAREST_AMONG_ALL: usize = 1024;

/// A page's anchors in sorted order, for the nearest anchor of a page too
/// large to read whole for each broken fragment.
#[derive(Clone, Debug)]
pub(crate) struct AnchorOrder {
    /// Heading positions, by their main anchor.
    sorted: Vec<usize>,
}

/// How many anchors either side of where a fragment would sort are read.
const NEIGHBOURS: usize = 16;

impl AnchorOrder {
    /// The order of these anchors.
    pub fn new(anchors: &[Anchors]) -> AnchorOrder {
        let mut sorted: Vec<usize> = (0..anchors.len()).collect();
        sorted.sort_by(|&a, &b| anchors[a].main().cmp(anchors[b].main()).then(a.cmp(&b)));
        AnchorOrder { sorted }
    }

    /// The anchor nearest to `anchor` among those that sort next to it (its
    /// lowercase), as [`nearest_anchor`] measures nearness: a fragment
    /// misspelt towards its end finds its heading, one misspelt at its start
    /// may not.
    pub fn nearest<'a>(
        &self,
        anchors: &'a [Anchors],
        shapes: &[Shape],
        anchor: &str,
    ) -> Option<&'a str> {
        let wanted = anchor.to_lowercase();
        let at = (self.sorted).partition_point(|&k| anchors[k].main() < wanted.as_str());
        let around =
            &self.sorted[at.saturating_sub(NEIGHBOURS)..(at + NEIGHBOURS).min(self.sorted.len())];
        let mut near: Vec<usize> = around.to_vec();
        near.sort_unstable();
        nearest_among(anchors, shapes, &near, anchor).map(|k| anchors[k].main())
    }
}

/// What an anchor's nearness is bounded by: the shape of its words and its
/// letters counted, which a page keeps for the nearest anchor of each broken
/// fragment.
#[derive(Clone, Debug)]
pub(crate) struct Shape {
    words: WordShape,
    letters: Bag,
}

/// Each anchor's [`Shape`].
pub(crate) fn shapes_of(anchors: &[Anchors]) -> Vec<Shape> {
    (anchors.iter())
        .map(|a| Shape {
            words: WordShape::of(a.main()),
            letters: Bag::of(a.main()),
        })
        .collect()
}

/// The anchor nearest to `anchor`: the first of [`nearest_anchors`]. The
/// anchors are taken most alike first by a bound read in one pass (their
/// lengths, letters and words), and the distance to each is measured only while
/// that bound could still beat, or tie with an earlier heading, the best so
/// far: a page's thousand headings cost a thousand bounds and a few
/// distances.
/// `shapes` are the anchors' [`shapes_of`].
pub(crate) fn nearest_anchor<'a>(
    anchors: &'a [Anchors],
    shapes: &[Shape],
    anchor: &str,
) -> Option<&'a str> {
    let all: Vec<usize> = (0..anchors.len()).collect();
    let nearest = nearest_among(anchors, shapes, &all, anchor).map(|k| anchors[k].main());
    debug_assert_eq!(nearest, nearest_anchors(anchors, anchor).next());
    nearest
}

/// [`nearest_anchor`] among the headings at `among` (in order): the
/// position of the nearest.
fn nearest_among(
    anchors: &[Anchors],
    shapes: &[Shape],
    among: &[usize],
    anchor: &str,
) -> Option<usize> {
    let wanted_text = anchor.to_lowercase();
    let wanted: Vec<char> = wanted_text.chars().collect();
    // Similarity by letters as `fuzzy::similarity` measures it, for a number
    // of edits between `wanted` and a name of `len` characters.
    let alike = |edits: usize, len: usize| match wanted.len().max(len) {
        0 => 1.0,
        longest => 1.0 - edits as f32 / longest as f32,
    };
    let wanted_words = Words::of(&wanted_text);
    let wanted_letters = Bag::of(&wanted_text);
    let mut order: Vec<(f32, usize, usize)> = (among.iter())
        .map(|&k| {
            let len = anchors[k].main().chars().count();
            let fewest =
                (wanted.len().abs_diff(len)).max(wanted_letters.distance(&shapes[k].letters));
            let words = wanted_words.bound(shapes[k].words);
            (name_likeness(alike(fewest, len), words), k, len)
        })
        .collect();
    order.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut best: Option<(f32, usize)> = None;
    let mut chars = Vec::new();
    for (bound, k, len) in order {
        if best.is_some_and(|(top, at)| bound < top || (bound == top && k > at)) {
            break;
        }
        let words = wanted_words.alike_shaped(anchors[k].main(), shapes[k].words);
        // The most edits that could still beat or tie the best so far.
        let longest = wanted.len().max(len);
        let most = match best {
            None => longest,
            Some((top, _)) => {
                match (0..=longest)
                    .rev()
                    .find(|&e| name_likeness(alike(e, len), words) >= top)
                {
                    Some(most) => most,
                    None => continue,
                }
            }
        };
        chars.clear();
        chars.extend(anchors[k].main().chars());
        let Some(edits) = distance_within(&wanted, &chars, most) else {
            continue;
        };
        let score = name_likeness(alike(edits, len), words);
        if best.is_none_or(|(top, at)| score > top || (score == top && k < at)) {
            best = Some((score, k));
        }
    }
    best.map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selector::resolve::find_heading;
    use crate::source::Source;
    use crate::tree::parse_document;

    const PAGE: &str = "# Server {#top}\n\n## server.port\n\n## Server Port\n\n## Proxy {#proxy-setup}\n\n\
                        ## Café au lait\n\n## ÉTÉ\n\n## Proxy\n\n## Proxy\n\n## a-b\n\n## A B\n";

    #[test]
    fn the_lookup_finds_what_a_walk_over_the_headings_finds() {
        let doc = parse_document(Source::new("a.md", PAGE));
        let lookup = AnchorLookup::new(doc.anchors());
        let names = doc.anchors().iter().flat_map(|a| {
            let names = std::iter::once(a.slug.clone()).chain(a.ids.iter().cloned());
            names.flat_map(|n| [n.to_uppercase(), n.replace('-', "_"), n.clone() + "x", n])
        });
        let others = [
            "serverport",
            "SERVER-PORT",
            "proxy-1",
            "Proxy-2",
            "été",
            "",
            "#",
            "nope",
        ];
        // Following finds a heading by a slug its own id replaces; a
        // listing does not (a name no fragment spells stands in for it).
        let gone = |a: &Anchors, name: &String| {
            if a.replaced {
                "\u{1}".into()
            } else {
                name.clone()
            }
        };
        let listed: Vec<Anchors> = (doc.anchors().iter())
            .map(|a| Anchors {
                slug: gone(a, &a.slug),
                ..a.clone()
            })
            .collect();
        let titles: Vec<String> = (doc.anchors().iter().zip(&doc.titles))
            .map(|(a, t)| gone(a, t))
            .collect();
        // Nor loosely by an id written for it: by a name as it is, or in
        // another case, first.
        let by_id = |anchor: &str| {
            let named = |a: &Anchors, n: &str| a.slug == n || a.ids.iter().any(|id| id == n);
            let lower = anchor.to_lowercase();
            let folded = |a: &Anchors| {
                a.slug.to_lowercase() == lower || a.ids.iter().any(|id| id.to_lowercase() == lower)
            };
            (listed.iter().position(|a| named(a, anchor)))
                .or_else(|| listed.iter().position(folded))
        };
        let no_ids: Vec<Anchors> = (listed.iter())
            .map(|a| Anchors {
                ids: Vec::new(),
                ..a.clone()
            })
            .collect();
        for anchor in names.chain(others.map(String::from)) {
            let expected = by_id(&anchor).or_else(|| find_heading(&no_ids, &titles, &anchor));
            assert_eq!(
                lookup.find(doc.anchors(), &doc.titles, &anchor),
                expected,
                "{anchor:?}"
            );
        }
        // `{#proxy-setup}` is an id: `#proxy_setup` is no anchor of it.
        assert_eq!(lookup.find(doc.anchors(), &doc.titles, "proxy_setup"), None);
        assert_eq!(
            find_heading(doc.anchors(), &doc.titles, "proxy_setup"),
            Some(3)
        );
        assert_eq!(find_heading(doc.anchors(), &doc.titles, "server"), Some(0));
        assert_eq!(lookup.find(doc.anchors(), &doc.titles, "server"), None);
        assert_eq!(lookup.find(doc.anchors(), &doc.titles, "top"), Some(0));
        assert_eq!(lookup.find(doc.anchors(), &doc.titles, "proxy"), Some(6));
    }

    #[test]
    fn the_nearest_anchor_is_the_first_of_the_nearest() {
        let doc = parse_document(Source::new("a.md", PAGE));
        for anchor in [
            "server-prot",
            "proxy",
            "PROXY-SETP",
            "cafe-au-lait",
            "ete",
            "",
            "zzzz",
            "a b",
            "port-of-the-server",
            "setting-up-a-proxy",
            "cafés",
        ] {
            assert_eq!(
                nearest_anchor(doc.anchors(), &shapes_of(doc.anchors()), anchor),
                nearest_anchors(doc.anchors(), anchor).next(),
                "{anchor:?}"
            );
        }
        assert_eq!(nearest_anchor(&[], &[], "x"), None);
        let shapes = shapes_of(doc.anchors());
        assert_eq!(
            nearest_anchor(doc.anchors(), &shapes, "port-of-the-server"),
            Some("server-port"),
            "reworded: by its words"
        );
    }

    #[test]
    fn a_page_too_large_to_read_whole_is_looked_up_by_its_anchors_in_order() {
        let text: String = (0..NEAREST_AMONG_ALL + 100)
            .map(|i| format!("## Setting {i:05}\n\n"))
            .collect();
        let doc = parse_document(Source::new("a.md", &text));
        let order = AnchorOrder::new(doc.anchors());
        let shapes = shapes_of(doc.anchors());
        let near = |anchor: &str| order.nearest(doc.anchors(), &shapes, anchor);
        assert_eq!(
            near("setting-00517x"),
            Some("setting-00517"),
            "misspelt at its end"
        );
        assert_eq!(near("Setting-01099"), Some("setting-01099"), "any case");
        assert_eq!(
            near("zzz"),
            nearest_anchor(
                &doc.anchors()[NEAREST_AMONG_ALL + 84..],
                &shapes[NEAREST_AMONG_ALL + 84..],
                "zzz"
            )
        );
        assert!(near("").is_some(), "something is always suggested");
    }
}
