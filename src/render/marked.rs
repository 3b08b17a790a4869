//! A suggested selector as printed: with the `~` mark that says "did you
//! mean", as a shell word that gives the selector back when pasted.

use super::lines::shell_word;

/// A selector with the `~` mark, as a shell word that gives it back when
/// pasted (a selector may start with `~`). A shell reads `~name` as a home
/// folder (`~root`, `~root/…`), so the selector is quoted after the mark when
/// its first part could be a user's name, as it is when it holds a space or
/// another character a shell reads (`~'[[Internal links]]'`); a shell leaves a
/// `~` before quotes as it is. (`#` after the mark starts no comment.)
pub(super) fn marked(selector: &str) -> String {
    let plain = selector
        .chars()
        .all(|c| c.is_alphanumeric() || "_-./:,=+@%^#".contains(c));
    let head = selector.split('/').next().unwrap_or_default();
    let login = !head.is_empty()
        && head.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
        && head
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
    if plain && !login {
        format!("~{selector}")
    } else if crate::namespace::garbled(selector) {
        format!("~{}", shell_word(selector))
    } else {
        format!("~'{}'", selector.replace('\'', r"'\''"))
    }
}
