//! A site's redirects, as its configuration sets them (docs/links.md, "A
//! site's page links"): Mintlify's `redirects` in `docs.json` (or the older
//! `mint.json`; inline, or in the file a `$ref` names) and GitBook's in
//! `.gitbook.yaml`. A link to an old address lands where the site sends it.

use std::path::Path;

use foldhash::HashMap;
use serde_json::Value;

/// A site's redirects: each old address (without its slashes at either
/// end) with the address it is sent to; those ending with a wildcard
/// (`/old/*`, `/old/:slug*`) by what they start with.
#[derive(Debug, Default)]
pub(crate) struct Redirects {
    /// The folder of the configuration that sets them, the site's root,
    /// as its components.
    pub(super) root: Vec<String>,
    /// Whether the configuration is Mintlify's, whose site addresses are
    /// read from its root only.
    pub(super) mintlify: bool,
    exact: HashMap<String, String>,
    /// `(old start, wildcard, new address)`: the new address may hold the
    /// wildcard too, for the rest of the old one (`/new/:slug*`).
    starts: Vec<(String, String, String)>,
}

impl Redirects {
    /// The redirects the configuration in `folder` sets, if it holds one.
    pub(super) fn read(folder: &Path) -> Option<Redirects> {
        let mut redirects = Redirects::default();
        if let Some(config) = ["docs.json", "mint.json"]
            .iter()
            .find_map(|name| read_json(&folder.join(name)))
        {
            redirects.mintlify = true;
            redirects.add_mintlify(folder, &config);
        } else {
            let text = read_config(&folder.join(".gitbook.yaml"))?;
            redirects.add_gitbook(&String::from_utf8_lossy(&text));
        }
        Some(redirects)
    }

    /// Mintlify's `redirects`: a list of `{source, destination}`, or a
    /// `$ref` to a file of the folder holding it (below it: none above, as
    /// a confined call reads nothing outside its folders).
    fn add_mintlify(&mut self, folder: &Path, config: &Value) {
        let mut list = config.get("redirects");
        let referred;
        let below = |file: &&str| {
            let path = Path::new(file);
            path.is_relative()
                && path
                    .components()
                    .all(|c| c != std::path::Component::ParentDir)
        };
        if let Some(file) = (list.and_then(|r| r.get("$ref")).and_then(Value::as_str)).filter(below)
        {
            referred = read_json(&folder.join(file));
            list = referred.as_ref();
        }
        for rule in list.and_then(Value::as_array).into_iter().flatten() {
            let field = |name: &str| rule.get(name).and_then(Value::as_str);
            if let (Some(from), Some(to)) = (field("source"), field("destination")) {
                self.add(from, to);
            }
        }
    }

    /// GitBook's `redirects:` map in `.gitbook.yaml`: an old path from the
    /// root, then the file it is sent to (`old/page: new/page.md`).
    fn add_gitbook(&mut self, yaml: &str) {
        let mut lines = yaml
            .lines()
            .skip_while(|line| line.trim_end() != "redirects:");
        lines.next();
        for line in lines.take_while(|line| line.starts_with([' ', '\t']) || line.is_empty()) {
            let unquoted = |s: &str| s.trim().trim_matches(['"', '\'']).to_owned();
            if let Some((from, to)) = line.split_once(": ") {
                self.add(&unquoted(from), &format!("/{}", unquoted(to)));
            }
        }
    }

    /// Whether none is set.
    pub(super) fn is_empty(&self) -> bool {
        self.exact.is_empty() && self.starts.is_empty()
    }

    fn add(&mut self, from: &str, to: &str) {
        let from = from.trim().trim_matches('/');
        let wildcard = from.rsplit('/').next().filter(|last| last.ends_with('*'));
        match wildcard {
            Some(wildcard) => self.starts.push((
                from[..from.len() - wildcard.len()].to_owned(),
                wildcard.to_owned(),
                to.to_owned(),
            )),
            None => {
                self.exact
                    .entry(from.to_owned())
                    .or_insert_with(|| to.to_owned());
            }
        }
    }

    /// Where the site sends a site address, if it redirects it.
    pub(super) fn target(&self, address: &str) -> Option<String> {
        let address = address.trim_matches('/');
        if let Some(to) = self.exact.get(address) {
            return Some(to.clone());
        }
        self.starts.iter().find_map(|(start, wildcard, to)| {
            let rest = address.strip_prefix(start.as_str())?;
            Some(to.replace(wildcard.as_str(), rest))
        })
    }
}

/// A JSON file's value, if the file is there and is JSON.
fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_slice(&read_config(path)?).ok()
}

/// The most bytes a site's configuration file is read for: a larger one is
/// not read (no configuration is near that size).
const CONFIG_MOST: u64 = 16 << 20;

/// A site's configuration file's bytes, if it is there and not larger than
/// [`CONFIG_MOST`].
pub(super) fn read_config(path: &Path) -> Option<Vec<u8>> {
    let small = std::fs::metadata(path).ok()?.len() <= CONFIG_MOST;
    small.then(|| std::fs::read(path).ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_old_address_is_sent_where_the_configuration_says() {
        let mut redirects = Redirects::default();
        redirects.add("/guides/old/", "/guides/new");
        redirects.add("/legacy/*", "/guides/new");
        redirects.add("/beta/:slug*", "/v2/:slug*");
        let to = |address: &str| redirects.target(address);
        assert_eq!(to("/guides/old").as_deref(), Some("/guides/new"));
        assert_eq!(to("/guides/old/").as_deref(), Some("/guides/new"));
        assert_eq!(to("/legacy/a/b").as_deref(), Some("/guides/new"));
        assert_eq!(to("/beta/setup/keys").as_deref(), Some("/v2/setup/keys"));
        assert_eq!(to("/guides/older"), None);
    }

    #[test]
    fn mintlify_redirects_may_be_in_a_file_below_the_configuration() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        std::fs::create_dir_all(site.join("config")).unwrap();
        let rules = r#"[{"source": "/old", "destination": "/new"}]"#;
        std::fs::write(site.join("config/redirects.json"), rules).unwrap();
        std::fs::write(dir.path().join("above.json"), rules).unwrap();
        for (file, read) in [("./config/redirects.json", true), ("../above.json", false)] {
            let mut redirects = Redirects::default();
            let config = serde_json::json!({"redirects": {"$ref": file}});
            redirects.add_mintlify(&site, &config);
            assert_eq!(redirects.target("/old").is_some(), read, "{file}");
        }
    }

    #[test]
    fn gitbook_sends_an_old_path_to_a_file() {
        let mut redirects = Redirects::default();
        let yaml = "root: ./\n\nredirects:\n  old/page: new/page.md\n  'quoted': \"x.md\"\nstructure:\n  readme: README.md\n";
        redirects.add_gitbook(yaml);
        assert_eq!(
            redirects.target("/old/page").as_deref(),
            Some("/new/page.md")
        );
        assert_eq!(redirects.target("quoted").as_deref(), Some("/x.md"));
        assert_eq!(redirects.target("readme"), None);
    }
}
