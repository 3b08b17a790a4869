//! A Docusaurus site's versions (docs/links.md, "A site's page links"):
//! `versioned_docs/version-30.0/` beside the current `docs/`, listed newest
//! first in `versions.json`. `/docs/x` is the latest version's page (the
//! default `lastVersion`), `/docs/30.0/x` that version's, `/docs/next/x`
//! the current one's.

use std::path::Path;

use super::redirects::read_config;

/// A site's versioned docs.
#[derive(Debug)]
pub(crate) struct Versions {
    /// The folder holding `version-…/`, as its pages' paths spell it.
    folder: String,
    /// The versions, newest first.
    names: Vec<String>,
    /// The version `/docs/x` names: the newest, unless the configuration
    /// serves the current docs there (`lastVersion: 'current'`).
    last: Option<String>,
}

/// The names a Docusaurus site's configuration has.
pub(super) const DOCUSAURUS_CONFIGS: [&str; 3] = [
    "docusaurus.config.js",
    "docusaurus.config.ts",
    "docusaurus.config.mjs",
];

/// The address every docs page is under, as Docusaurus serves it by
/// default (`routeBasePath`).
const BASE: &str = "/docs/";

impl Versions {
    /// The versions of the site whose versioned docs are in `folder` (the
    /// path of a `versioned_docs` folder among the inputs'), from
    /// `versions.json` beside it, else the one version folder found (the
    /// files beside it read only where `readable`).
    pub(super) fn read(folder: &str, found: Vec<String>, readable: bool) -> Versions {
        let site = Path::new(folder).parent().unwrap_or(Path::new("."));
        let read = |name: &str| readable.then(|| read_config(&site.join(name))).flatten();
        let listed: Option<Vec<String>> =
            read("versions.json").and_then(|json| serde_json::from_slice(&json).ok());
        let names = match listed {
            Some(names) => names,
            None if found.len() == 1 => found,
            None => Vec::new(),
        };
        let current = (DOCUSAURUS_CONFIGS.iter())
            .filter_map(|name| read(name))
            .any(|config| serves_current(&String::from_utf8_lossy(&config)));
        Versions {
            folder: folder.to_owned(),
            last: names.first().filter(|_| !current).cloned(),
            names,
        }
    }

    /// The address of the page a site address names where it names a
    /// version's (`/docs/30.0/x`, or `/docs/x` of the latest), as a path
    /// from the inputs' folder; `/docs/next/x` as `/docs/x`, the current
    /// docs' page.
    pub(super) fn address(&self, path: &str) -> Option<String> {
        let rest = path.strip_prefix(BASE)?;
        let (first, after) = rest.split_once('/').unwrap_or((rest, ""));
        if first == "next" {
            return Some(format!("{BASE}{after}"));
        }
        let (version, page) = match self.names.iter().find(|v| *v == first) {
            Some(version) => (version, after),
            None => (self.last.as_ref()?, rest),
        };
        Some(format!("/{}/version-{version}/{page}", self.folder))
    }
}

/// Whether a Docusaurus configuration serves the current docs at the
/// versions' address (`lastVersion: 'current'`).
fn serves_current(config: &str) -> bool {
    let mut rest = config;
    while let Some(at) = rest.find("lastVersion") {
        rest = &rest[at + "lastVersion".len()..];
        let value = rest
            .trim_start()
            .strip_prefix(':')
            .unwrap_or_default()
            .trim_start();
        if ["'current'", "\"current\""]
            .iter()
            .any(|c| value.starts_with(c))
        {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn versions(last: Option<&str>) -> Versions {
        Versions {
            folder: "website/versioned_docs".to_owned(),
            names: vec!["30.4".to_owned(), "30.0".to_owned()],
            last: last.map(str::to_owned),
        }
    }

    #[test]
    fn a_docs_address_names_the_latest_version_unless_it_names_one() {
        let latest = versions(Some("30.4"));
        let address = |path: &str| latest.address(path);
        let at = |v: &str, page: &str| Some(format!("/website/versioned_docs/version-{v}/{page}"));
        assert_eq!(address("/docs/cli"), at("30.4", "cli"));
        assert_eq!(address("/docs/api/expect"), at("30.4", "api/expect"));
        assert_eq!(address("/docs/30.0/cli"), at("30.0", "cli"));
        assert_eq!(address("/docs/next/cli").as_deref(), Some("/docs/cli"));
        assert_eq!(address("/blog/post"), None);
        // Served as the current docs: only a version named is a version's.
        let current = versions(None);
        assert_eq!(current.address("/docs/cli"), None);
        assert_eq!(current.address("/docs/30.0/cli"), at("30.0", "cli"));
    }

    #[test]
    fn a_configuration_may_serve_the_current_docs_as_the_last_version() {
        assert!(serves_current("docs: {\n  lastVersion: 'current',\n}"));
        assert!(serves_current("{lastVersion : \"current\"}"));
        assert!(!serves_current("lastVersion: '2.0', // not 'current'"));
        assert!(!serves_current("path: '../docs'"));
    }
}
