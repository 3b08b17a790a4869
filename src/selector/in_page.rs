//! Where a link's fragment lands in the page it names: a heading's anchor,
//! an id, an included file's heading or a block's label; or, broken, the
//! page's nearest anchor (docs/links.md, "Links both ways").

use super::landing::{Broken, Landing, Lands};
use super::mkdocs::MkDocs;
use super::targets::Exact;
use crate::namespace::qualified;

impl Lands<'_, '_> {
    /// The section `anchor` names in document `doc`, or why none does.
    pub(super) fn in_page(&mut self, doc: usize, anchor: Option<&str>) -> Landing {
        let Some(anchor) = anchor else {
            return Landing::Page { doc, section: None };
        };
        let page = &self.inputs.pages[doc];
        // `file.md##id` names an element whose id starts with `#`: none.
        // As written where a site's anchors are: Astro's and Docusaurus'
        // always (a browser's reading, and their link checkers'); MkDocs' are
        // lowercase, so a fragment in capitals is one of them as written
        // (an explicit id) or none; a GitBook space's as it names them.
        let as_written = self.inputs.astro_anchors(doc)
            || self.inputs.docusaurus()
            || (anchor.chars().any(char::is_uppercase)
                && self.inputs.mkdocs().is_some_and(MkDocs::lowercase));
        let exact = match (self.inputs.gitbook(), as_written) {
            (true, _) => Exact::GitBook,
            (false, true) => Exact::AsWritten,
            (false, false) => Exact::Loose,
        };
        let found = (!anchor.starts_with('#'))
            .then(|| page.find(anchor, exact))
            .flatten();
        match found {
            Some(section) => Landing::Page { doc, section },
            None if anchor.starts_with('#') => self.no_anchor(doc, anchor),
            None if let Some(landing) = self.included(doc, anchor) => landing,
            // A label the page gives a block (a MyST directive's `:label:`).
            None if let Some(&(_, section)) =
                (page.labels.iter()).find(|(label, _)| label.eq_ignore_ascii_case(anchor)) =>
            {
                Landing::Page { doc, section }
            }
            None => self.no_anchor(doc, anchor),
        }
    }

    /// A link to `anchor` in document `doc`, which has none such: broken,
    /// with the nearest anchor it has.
    pub(super) fn no_anchor(&mut self, doc: usize, anchor: &str) -> Landing {
        let page = &self.inputs.pages[doc];
        let suggests = self.suggests;
        Landing::Broken {
            suggestion: (self.nearest_anchors)
                .entry((doc, anchor.to_owned()))
                .or_insert_with(|| {
                    (suggests.then(|| page.nearest(anchor)).flatten())
                        .map(|near| qualified(&page.namespace, &super::anchor_selector(near)))
                })
                .clone(),
            why: Broken::Anchor {
                anchor: anchor.to_owned(),
                doc,
            },
        }
    }
}
