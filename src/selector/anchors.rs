//! A page's anchors looked up by many links at once (docs/links.md, "Links
//! both ways"): the answers of [`find_heading`](super::resolve::find_heading)
//! and [`nearest_anchors`], each
//! found without reading every heading of the page for every link.
//!
//! A sweep resolves every link of a doc set, and a versioned site's big
//! pages take thousands of links to their headings; read heading by heading,
//! those lookups cost more than reading the pages.

use foldhash::{HashMap, HashMapExt};

use super::resolve::nearest_anchors;
use crate::fuzzy::{bag_distance, distance};
use crate::tree::Anchors;
use crate::tree::loose;

/// The headings of one page by each name a fragment may give them, each
/// name kept for its first heading, as
/// [`find_heading`](super::resolve::find_heading) takes the first.
#[derive(Clone, Debug, Default)]
pub(crate) struct AnchorLookup {
    exact: HashMap<String, usize>,
    folded: HashMap<String, usize>,
    loose: HashMap<String, usize>,
}

impl AnchorLookup {
    /// The lookup of headings with these anchors and plain titles.
    pub fn new(anchors: &[Anchors], titles: &[String]) -> AnchorLookup {
        let mut lookup = AnchorLookup {
            exact: HashMap::with_capacity(anchors.len()),
            folded: HashMap::with_capacity(anchors.len()),
            loose: HashMap::with_capacity(2 * anchors.len()),
        };
        for (k, a) in anchors.iter().enumerate() {
            for name in std::iter::once(&a.slug).chain(&a.ids) {
                lookup.exact.entry(name.clone()).or_insert(k);
                lookup.folded.entry(name.to_lowercase()).or_insert(k);
            }
            // The loose pass takes a heading by its title or any name.
            let names = std::iter::once(&titles[k]).chain(std::iter::once(&a.slug));
            for name in names.chain(&a.ids) {
                let key = loose(name);
                if !key.is_empty() {
                    lookup.loose.entry(key).or_insert(k);
                }
            }
        }
        lookup
    }

    /// Which heading has `anchor`: the answer of
    /// [`find_heading`](super::resolve::find_heading).
    pub fn find(&self, anchor: &str) -> Option<usize> {
        if let Some(&k) = self.exact.get(anchor) {
            return Some(k);
        }
        // Equal ignoring ASCII case implies equal lowercase.
        if let Some(&k) = self.folded.get(&anchor.to_lowercase()) {
            return Some(k);
        }
        self.loose.get(&loose(anchor)).copied()
    }
}

/// The anchor nearest to `anchor`: the first of [`nearest_anchors`], with
/// every anchor too far apart by length or letters to beat the best so far
/// passed by before its distance is measured.
pub(crate) fn nearest_anchor<'a>(anchors: &'a [Anchors], anchor: &str) -> Option<&'a str> {
    let wanted_text = anchor.to_lowercase();
    let wanted: Vec<char> = wanted_text.chars().collect();
    let mut chars = Vec::new();
    let mut best: Option<(f32, &str)> = None;
    for a in anchors {
        let main = a.main();
        chars.clear();
        chars.extend(main.chars());
        let longest = wanted.len().max(chars.len());
        // Similarity as `fuzzy::similarity` measures it, for a number of edits.
        let alike = |edits: usize| match longest {
            0 => 1.0,
            _ => 1.0 - edits as f32 / longest as f32,
        };
        if let Some((top, _)) = best {
            // A tie keeps the earlier heading, so at most the best is no gain.
            let fewest = wanted.len().abs_diff(chars.len());
            if alike(fewest) <= top || alike(bag_distance(&wanted_text, main)) <= top {
                continue;
            }
        }
        let score = alike(distance(&wanted, &chars));
        if best.is_none_or(|(top, _)| score > top) {
            best = Some((score, main));
        }
    }
    debug_assert_eq!(best.map(|b| b.1), nearest_anchors(anchors, anchor).next());
    best.map(|(_, main)| main)
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
        let lookup = AnchorLookup::new(doc.anchors(), &doc.titles);
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
        for anchor in names.chain(others.map(String::from)) {
            assert_eq!(
                lookup.find(&anchor),
                find_heading(doc.anchors(), &doc.titles, &anchor),
                "{anchor:?}"
            );
        }
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
        ] {
            assert_eq!(
                nearest_anchor(doc.anchors(), anchor),
                nearest_anchors(doc.anchors(), anchor).next(),
                "{anchor:?}"
            );
        }
        assert_eq!(nearest_anchor(&[], "x"), None);
    }
}
