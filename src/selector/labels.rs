//! MyST's labels (docs/links.md): `(name)=` before a heading or block names
//! it, and a link reaches it by name from any page.

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
        let &(doc, section) = labels.get(&name.to_lowercase())?;
        Some(Landing::Page { doc, section })
    }
}
