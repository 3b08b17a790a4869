//! Zola's internal links (docs/links.md, "A site's page links"):
//! `@/docs/page.md#anchor`, a file's path from the site's content folder.

use super::docs::components_joined;
use super::landing::{Broken, Landing, Lands};
use crate::paths::{is_markdown_name, percent_decoded};

impl Lands<'_, '_> {
    /// Where Zola's internal link `@/docs/page.md#anchor` lands: the file
    /// whose path from the content folder it is, as written (`.md` and all):
    /// the inputs' top folder, or a folder `content` among them.
    pub(super) fn zola(&mut self, from: usize, file: &str) -> Landing {
        let (path, anchor) = match file.split_once('#') {
            Some((path, anchor)) => (path, Some(anchor).filter(|a| !a.is_empty())),
            None => (file, None),
        };
        let anchor = anchor.map(|a| percent_decoded(a).unwrap_or_else(|_| a.to_owned()));
        let anchor = anchor.as_deref();
        let inputs = self.inputs;
        let key = components_joined(path);
        let found = (inputs.exact.get(key.as_ref()))
            .or_else(|| inputs.exact.get(&format!("content/{key}")))
            .copied()
            .or_else(|| {
                let tail = format!("/content/{key}");
                (inputs.pages.iter()).position(|p| components_joined(&p.path).ends_with(&tail))
            })
            .filter(|_| is_markdown_name(path));
        match found {
            Some(doc) => self.in_page(doc, anchor),
            None => Landing::Broken {
                suggestion: (self.nearest_file(from, path, anchor))
                    .map(|doc| inputs.pages[doc].shown_path().to_owned()),
                why: Broken::File(format!("@/{path}")),
            },
        }
    }
}
