//! The tools' arguments: their schemas (what `tools/list` advertises), how
//! leniently they are read, and the errors for a call that names nothing to
//! read, worded for the tool rather than the command line.

use std::sync::Arc;

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// The input schema of a tool's arguments, in the plain JSON Schema every host
/// accepts (docs/hosts.md, "Hosts' limits"): no `$schema` (rmcp's default names draft
/// 2020-12, which Gemini CLI has rejected), no `$defs`/`$ref` (the arguments
/// are flat), and no `"default": null` (an optional string simply is not
/// required). What is left means the same under draft-07 and 2020-12.
pub(super) fn plain_schema<T: JsonSchema>() -> Arc<JsonObject> {
    let schema = SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<T>();
    let mut value = schema.to_value();
    strip(&mut value);
    match value {
        Value::Object(mut object) => {
            // The struct's doc comment is for this crate's readers; the tool's
            // description speaks to the model.
            object.remove("description");
            Arc::new(object)
        }
        other => unreachable!("an argument struct's schema is an object: {other}"),
    }
}

/// Removes, at every depth, what some host refuses (`$schema`, `default:
/// null`, schemars' integer formats such as `uint32`, which strict validators
/// reject as unknown) and a schema's `title`, which only repeats a Rust type's
/// name.
fn strip(value: &mut Value) {
    match value {
        Value::Object(object) => {
            object.remove("$schema");
            if object.get("default") == Some(&Value::Null) {
                object.remove("default");
            }
            if object
                .get("format")
                .and_then(Value::as_str)
                .is_some_and(|f| f.starts_with("uint") || f.starts_with("int"))
            {
                object.remove("format");
            }
            if object.contains_key("properties") {
                object.remove("title");
            }
            object.values_mut().for_each(strip);
        }
        Value::Array(items) => items.iter_mut().for_each(strip),
        _ => {}
    }
}

/// Arguments of `mdsel_index`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct IndexArgs {
    /// Markdown files or directories; relative paths start at the server's working directory.
    #[schemars(length(min = 1))]
    #[serde(deserialize_with = "one_or_many")]
    pub(super) files: Vec<String>,
    /// Optional: scope or page the outline, as the last line of a folded outline
    /// says (e.g. h2.3 for the outline beneath that section, api/fs::* for one
    /// document, page.1 for the next page); several may be joined with commas.
    #[serde(default)]
    #[schemars(with = "String")]
    pub(super) selector: Option<String>,
    /// Optional: true to end each outline line with its line range
    /// (`h2.1 Usage (530w) L40-120`), to read or edit a section by line number.
    #[serde(default)]
    pub(super) lines: bool,
    /// Optional: only the files of the directories given whose paths (relative
    /// to each) match these .gitignore-style patterns, e.g. ["api/**"];
    /// "!drafts/" leaves out. Files named directly are always read.
    #[serde(default, deserialize_with = "one_or_many")]
    pub(super) glob: Vec<String>,
}

/// Arguments of `mdsel_select`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SelectArgs {
    /// A selector from mdsel_index (e.g. h2.1, code.0, readme::h2.0/code.0); several may be joined with commas.
    #[schemars(length(min = 1))]
    pub(super) selector: String,
    /// Markdown files or directories; relative paths start at the server's working directory.
    #[schemars(length(min = 1))]
    #[serde(deserialize_with = "one_or_many")]
    pub(super) files: Vec<String>,
    /// Optional: when the selector is words (a search), how many hits to show
    /// (default 3; up to 3, fewer when the rest score far below the best).
    #[serde(default)]
    #[schemars(with = "u32", range(min = 1))]
    pub(super) limit: Option<usize>,
    /// Optional: when the selector is words, how many hits to pass over (the
    /// last line of a search names the offset of the next ones).
    #[serde(default)]
    #[schemars(with = "u32")]
    pub(super) offset: Option<usize>,
    /// Optional: only the files of the directories given whose paths (relative
    /// to each) match these .gitignore-style patterns, e.g. ["api/**"];
    /// "!drafts/" leaves out. Files named directly are always read.
    #[serde(default, deserialize_with = "one_or_many")]
    pub(super) glob: Vec<String>,
    /// Optional: list links instead: "out" of the selected nodes, "to" the
    /// selected section (what links here), or "broken" (`*`: every file).
    #[serde(default)]
    #[schemars(with = "String", extend("enum" = ["out", "to", "broken"]))]
    pub(super) links: Option<LinksArg>,
}

/// Which links `mdsel_select` lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum LinksArg {
    Out,
    To,
    Broken,
}

/// `files` as the schema says, a list of paths, or as one path in a plain
/// string, which models often send. The schema still advertises only the list
/// (what every client understands); an empty string is an empty list.
fn one_or_many<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Paths;
    impl<'de> serde::de::Visitor<'de> for Paths {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("`files` as a list of paths (or one path as a string)")
        }
        fn visit_str<E: serde::de::Error>(self, path: &str) -> Result<Self::Value, E> {
            Ok(if path.is_empty() {
                Vec::new()
            } else {
                vec![path.to_owned()]
            })
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Self::Value, A::Error> {
            let mut paths = Vec::new();
            while let Some(path) = seq.next_element::<String>()? {
                paths.push(path);
            }
            Ok(paths)
        }
    }
    d.deserialize_any(Paths)
}

/// The error for a call missing what it cannot do without, in the tool's own
/// words (the command line's "'-' for stdin" and `--help` mean nothing here).
pub(super) fn missing(tool: &str, selector: Option<&str>, files: &[String]) -> Option<String> {
    let mut text = String::new();
    if selector.is_some_and(|s| mdsel::Selector::split(s).is_empty()) {
        text.push_str(&format!(
            "!USAGE_ERROR: no selector given\n{tool} needs a selector such as h2.0 or code.1; mdsel_index lists them\n"
        ));
    }
    if files.is_empty() {
        text.push_str(&format!(
            "!USAGE_ERROR: no files given\n{tool} needs at least one Markdown file or directory in `files`, e.g. [\"README.md\"]\n"
        ));
    }
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_a_list_or_one_string() {
        let read = |v: serde_json::Value| serde_json::from_value::<IndexArgs>(v).map(|a| a.files);
        let cases = [
            (
                serde_json::json!({"files": ["a.md", "b"]}),
                vec!["a.md", "b"],
            ),
            (serde_json::json!({"files": "a.md"}), vec!["a.md"]),
            (serde_json::json!({"files": ""}), vec![]),
            (serde_json::json!({"files": []}), vec![]),
        ];
        for (args, want) in cases {
            assert_eq!(read(args.clone()).unwrap(), want, "{args}");
        }
        let err = read(serde_json::json!({"files": 3})).unwrap_err();
        assert!(
            err.to_string().contains("`files` as a list of paths"),
            "{err}"
        );
    }
}
