//! MyST's labels (docs/links.md): `(name)=` before a heading or block names
//! it, and a link reaches it by name from any page; Sphinx's own pages'
//! (`genindex`) are its too.

use foldhash::{HashMap, HashMapExt};

use super::landing::{Landing, Lands};

impl Lands<'_, '_> {
    /// Where the MyST label `name` (`(name)=`) lands, if any page has it:
    /// MyST links a label by name from any page, `#name` or `name`.
    pub(super) fn label(&self, name: &str) -> Option<Landing> {
        // MyST reads a label in any case (`normalizeLabel` lowercases it).
        let labels = self.inputs.labels.get_or_init(|| {
            let mut all = HashMap::new();
            for (doc, page) in self.inputs.pages.iter().enumerate() {
                for (label, section) in &page.labels {
                    all.entry(label.to_lowercase()).or_insert((doc, *section));
                }
            }
            all
        });
        let Some(&(doc, section)) = labels.get(&name.to_lowercase()) else {
            // Sphinx's own pages, which it builds for every project.
            return SPHINX_PAGES.contains(&name).then_some(Landing::External);
        };
        Some(Landing::Page { doc, section })
    }
}

/// The labels of pages Sphinx builds for every project: its index of terms
/// and of modules.
const SPHINX_PAGES: [&str; 3] = ["genindex", "modindex", "py-modindex"];
