//! The paths that share a file name, and among many of them, those in a
//! folder: a site address's lookup ([`Paths::find`](super::Paths::find))
//! reads only the paths whose folder above the name may be the address's.
//! A site of versions has a thousand `_index.md`; an address names one
//! folder of them.

use std::sync::OnceLock;

use foldhash::{HashMap, HashMapExt};

/// The most paths of one name read one by one: more are also filed by
/// the folder they are in.
const FEW: usize = 16;

/// The paths (by position) with one file name, in input order.
#[derive(Default)]
pub(super) struct Named {
    all: Vec<usize>,
    /// Where they are more than [`FEW`]: the same by [`folder_key`] of the
    /// folder above the name, each list in input order, filed when a first
    /// address is looked for among them.
    by_folder: OnceLock<HashMap<u64, Vec<usize>>>,
}

impl Named {
    pub fn push(&mut self, path: usize) {
        self.all.push(path);
    }

    /// Every path of the name, in input order.
    pub fn all(&self) -> &[usize] {
        &self.all
    }

    /// Those of the paths that may end with an address whose folder above
    /// the name is `folder` (`None`: the address is the name alone), in
    /// input order: all of them, or where they are many, those filed under
    /// its key. A path left out ends with no spelling of the address that
    /// any lookup compares: its folder's key differs. `folder_of` gives
    /// the folder above path `i`'s name, if it has one.
    pub fn under<'p>(
        &self,
        folder: Option<&str>,
        folder_of: impl Fn(usize) -> Option<&'p str>,
    ) -> &[usize] {
        let Some(folder) = folder.filter(|_| self.all.len() > FEW) else {
            return &self.all;
        };
        let by_folder = self.by_folder.get_or_init(|| {
            let mut by_folder: HashMap<u64, Vec<usize>> = HashMap::new();
            for &i in &self.all {
                if let Some(folder) = folder_of(i) {
                    by_folder.entry(folder_key(folder)).or_default().push(i);
                }
            }
            by_folder
        });
        by_folder
            .get(&folder_key(folder))
            .map_or(&[], Vec::as_slice)
    }
}

/// What a folder's name is at least, under every way a lookup compares
/// names (as written, lowercase, without a numeric ordering prefix or a
/// collection's `_`, a space as `-`): its characters lowercase (a final
/// `ς` as `σ`) with white space, `-`, `_` and `.` dropped, and the digits
/// that then lead dropped. Each way of comparing only drops or folds what
/// this drops or folds, so two names a lookup takes as one have one key
/// (`01 - Intro`, `intro`, `_Intro` all have `intro`'s). Others may share
/// it too: the key only narrows a lookup.
pub(super) fn folder_key(name: &str) -> u64 {
    // FNV-1a over the characters kept.
    let mut key: u64 = 0xcbf2_9ce4_8422_2325;
    let mut leading = true;
    let kept = (name.chars().flat_map(char::to_lowercase))
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '_' | '.'))
        .map(|c| if c == 'ς' { 'σ' } else { c });
    for c in kept {
        if leading && c.is_ascii_digit() {
            continue;
        }
        leading = false;
        key = (key ^ u64::from(u32::from(c))).wrapping_mul(0x0100_0000_01b3);
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selector::docs::{bare_part, unnumbered};

    #[test]
    fn names_a_lookup_takes_as_one_share_a_key() {
        let names = [
            "Intro",
            "01 - Intro",
            "01 intro",
            "1.intro",
            "_intro",
            "Kustomization File",
            "2021-01-31-post",
            "50-configuration",
            "Ünïcode Folder",
            "ΟΔΟΣ",
            "01\t- Tabbed",
        ];
        for name in names {
            let lower = name.to_lowercase();
            let folded = [
                lower.clone(),
                lower.replace(' ', "-"),
                unnumbered(name).to_owned(),
                bare_part(name),
                bare_part(name.strip_prefix('_').unwrap_or(name)),
            ];
            for other in folded {
                assert_eq!(
                    folder_key(&other),
                    folder_key(name),
                    "{other:?} and {name:?}"
                );
            }
        }
        assert_ne!(folder_key("guide"), folder_key("guides"));
        assert_ne!(folder_key("v1"), folder_key("v2"));
    }

    #[test]
    fn many_paths_of_a_name_are_filed_by_folder() {
        let folders: Vec<String> = (0..40).map(|i| format!("Folder {i}")).collect();
        let mut named = Named::default();
        (0..40).for_each(|i| named.push(i));
        let folder_of = |i: usize| Some(folders[i].as_str());
        assert_eq!(named.under(Some("folder-7"), folder_of), &[7]);
        assert_eq!(named.under(Some("nowhere"), folder_of), &[] as &[usize]);
        assert_eq!(named.under(None, folder_of).len(), 40);
        assert_eq!(named.all().len(), 40);
    }

    #[test]
    fn few_paths_of_a_name_are_read_one_by_one() {
        let mut named = Named::default();
        (0..3).for_each(|i| named.push(i));
        assert_eq!(
            named.under(Some("elsewhere"), |_| Some("folder")),
            &[0, 1, 2]
        );
    }
}
