//! MyST's cross-reference roles (docs/links.md, "Links both ways"): a role
//! (`{ref}`) right before a code span (`` `label` ``) links a label or a
//! document, as Sphinx and mystmd read it.

/// The MyST role a text ends with, if one links: `{ref}` and `{numref}` a
/// label, `{doc}` a document (`true`), with where its `{` is.
pub(super) fn role_ending(text: &str) -> Option<(usize, bool)> {
    let open = text.strip_suffix('}').and_then(|t| t.rfind('{'))?;
    let doc = match &text[open + 1..text.len() - 1] {
        "ref" | "numref" => false,
        "doc" => true,
        _ => return None,
    };
    let word = text[..open].ends_with(|c: char| c.is_alphanumeric() || c == '_');
    (!word).then_some((open, doc))
}

/// What a role's code span links (`label`, or `text <label>`): a label as
/// a fragment (`#label`), a document as its path. A label with a `:` is
/// another project's (intersphinx, `sphinx:rst-roles`), not checked.
pub(super) fn role_target(code: &str, doc: bool) -> Option<String> {
    let code = code.trim();
    let named = match code.strip_suffix('>').and_then(|c| c.rsplit_once('<')) {
        Some((_, named)) => named.trim(),
        None => code,
    };
    match doc {
        _ if named.is_empty() || named.contains(char::is_whitespace) => None,
        true => Some(named.to_owned()),
        false if named.contains(':') => None,
        false => Some(format!("#{named}")),
    }
}
