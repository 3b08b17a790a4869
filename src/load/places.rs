//! Where each file a walk found lies: its folder under the directory given,
//! which an outline folds by.

use std::path::Path;

use crate::fit::Place;
use crate::source::{Entry, Input};

/// Where a file found under directory input `k` lies: its folder relative to
/// that directory. `last` is the folder and place of the file placed before
/// it, whose place is shared when it lies in the same folder.
pub(super) fn place<'a>(
    input: &Input,
    k: usize,
    entry: &'a Entry,
    last: &mut Option<(&'a Path, Place)>,
) -> Option<Place> {
    let (Input::Path(dir), Entry::Walked(file)) = (input, entry) else {
        return None;
    };
    let parent = folder_of(file)?;
    if let Some((folder, place)) = last.as_ref()
        && place.input == k
        && folder.as_os_str() == parent.as_os_str()
    {
        return Some(place.clone());
    }
    let mut folder = String::new();
    for c in parent.strip_prefix(dir).ok()?.components() {
        if !folder.is_empty() {
            folder.push('/');
        }
        folder.push_str(&c.as_os_str().to_string_lossy());
    }
    let place = Place {
        input: k,
        folder: folder.into(),
    };
    *last = Some((parent, place.clone()));
    Some(place)
}

/// A walked file's folder: what [`Path::parent`] gives, up to its components,
/// without parsing them all where a path is bytes (a walk joins a folder's
/// path and a name, so the name is what follows the last `/`). It was a
/// twentieth of the main thread's work placing 40,000 files.
fn folder_of(file: &Path) -> Option<&Path> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bytes = file.as_os_str().as_bytes();
        if let Some(slash) = memchr::memrchr(b'/', bytes)
            && slash + 1 < bytes.len()
            && !matches!(&bytes[slash + 1..], b"." | b"..")
        {
            // (The root keeps its `/`.)
            let folder = &bytes[..slash.max(1)];
            return Some(Path::new(std::ffi::OsStr::from_bytes(folder)));
        }
    }
    file.parent()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_files_folder_is_its_parent() {
        for path in [
            "a/b.md",
            "a/b/c.md",
            "/a.md",
            "a.md",
            "a//b.md",
            "./a/b.md",
            "a/./b.md",
            "/",
            "",
            "a/..",
            "a/.",
            "a/b/",
            "tldr/pages.de/common/tar.md",
        ] {
            let path = Path::new(path);
            let components = |p: Option<&Path>| {
                p.map(|p| {
                    p.components()
                        .map(|c| c.as_os_str().to_owned())
                        .collect::<Vec<_>>()
                })
            };
            assert_eq!(
                components(folder_of(path)),
                components(path.parent()),
                "{path:?}"
            );
        }
    }
}
