//! A link target a site's templates write (docs/links.md): the address a
//! Hugo shortcode (`{{< relref "x.md" >}}`) or a Jekyll filter or tag
//! (`{{ '/docs/x/' | relative_url }}`, `{% link _docs/x.md %}`) puts there,
//! read as the site builds it; or none, where a template fills in a value
//! no page holds (`{{ post.url }}`, `{{ site.repository }}/issues/1`).

use std::borrow::Cow;

/// `target` with its templates read: itself when it has none, the address
/// they write, or `None` when a template writes a value from elsewhere.
pub(super) fn untemplated(target: &str) -> Option<Cow<'_, str>> {
    // (A byte search first: most targets hold no brace.)
    let braced = memchr::memchr(b'{', target.as_bytes()).is_some();
    if !braced || (!target.contains("{{") && !target.contains("{%")) {
        return Some(Cow::Borrowed(target));
    }
    let mut out = String::with_capacity(target.len());
    let mut rest = target;
    while let Some(start) = next_template(rest) {
        out.push_str(&rest[..start]);
        let tail = &rest[start..];
        let (close, inner) = match &tail[..2] {
            "{{" => ("}}", &tail[2..]),
            _ => ("%}", &tail[2..]),
        };
        let end = inner.find(close)?;
        out.push_str(&written(&tail[..2], inner[..end].trim())?);
        rest = &inner[end + close.len()..];
    }
    out.push_str(rest);
    Some(Cow::Owned(out))
}

/// Where the first template in `text` opens: `{{` or `{%`.
fn next_template(text: &str) -> Option<usize> {
    [text.find("{{"), text.find("{%")]
        .into_iter()
        .flatten()
        .min()
}

/// What one template writes, by its opening (`{{` or `{%`) and what it
/// holds between its braces: the address it names, an empty string for the
/// site's base, or `None` for any other value.
fn written(open: &str, inner: &str) -> Option<String> {
    // Hugo's shortcodes: `{{< relref "x" >}}`, `{{% ref "x" %}}`.
    let shortcode = (inner.strip_prefix('<').and_then(|s| s.strip_suffix('>')))
        .or_else(|| inner.strip_prefix('%').and_then(|s| s.strip_suffix('%')));
    if open == "{{"
        && let Some(code) = shortcode
    {
        let mut words = code.trim().splitn(2, char::is_whitespace);
        return match (words.next(), words.next()) {
            (Some("relref" | "ref"), Some(path)) => Some(unquoted(path.trim()).to_owned()),
            _ => None,
        };
    }
    if open == "{%" {
        // Jekyll's `{% link _docs/x.md %}`: a path from the site's source.
        let mut words = inner.split_whitespace();
        return match (words.next(), words.next(), words.next()) {
            (Some("link"), Some(path), None) => Some(format!("/{}", path.trim_start_matches('/'))),
            _ => None,
        };
    }
    // Liquid: `{{ site.baseurl }}`, `{{ '/docs/x/' | relative_url }}`.
    if matches!(inner, "site.baseurl" | "site.url") {
        return Some(String::new());
    }
    let (value, filters) = inner.split_once('|')?;
    let value = value.trim();
    let quoted = unquoted(value);
    let addressed = filters.split('|').all(|f| {
        matches!(
            f.trim(),
            "relative_url" | "absolute_url" | "prepend: site.baseurl"
        )
    });
    // `relative_url` writes a path from the site's root, with or without
    // its leading `/`.
    let rooted = match quoted.starts_with('/') || quoted.contains("://") {
        true => quoted.to_owned(),
        false => format!("/{quoted}"),
    };
    (quoted.len() < value.len() && addressed).then_some(rooted)
}

/// Whether `target` is a Hugo shortcode's page reference (`{{< relref "x" >}}`,
/// `{{% ref "x" %}}`), whose path Hugo reads from the linking page, then from
/// the content root or as a page's name.
pub(super) fn is_page_reference(target: &str) -> bool {
    memchr::memchr(b'{', target.as_bytes()).is_some()
        && ["{{<", "{{%"].iter().any(|open| {
            (target.split(open).skip(1)).any(|code| {
                let code = code.trim_start();
                code.starts_with("relref") || code.starts_with("ref ")
            })
        })
}

/// `text` without the quotes around it, if it has them.
fn unquoted(text: &str) -> &str {
    for quote in ['"', '\''] {
        if let Some(inner) = text.strip_prefix(quote).and_then(|t| t.strip_suffix(quote)) {
            return inner;
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(target: &str) -> Option<String> {
        untemplated(target).map(Cow::into_owned)
    }

    #[test]
    fn a_site_template_writes_the_address_it_names() {
        let cases = [
            ("guide.md#x", Some("guide.md#x")),
            (
                r#"{{< relref "/develop/get.md" >}}"#,
                Some("/develop/get.md"),
            ),
            (r#"{{< relref "get.md" >}}#options"#, Some("get.md#options")),
            (r#"{{<relref "../x" >}}"#, Some("../x")),
            ("{{% ref 'x.md#y' %}}", Some("x.md#y")),
            (
                "{{ '/docs/posts/#index' | relative_url }}",
                Some("/docs/posts/#index"),
            ),
            (r#"{{ "/docs/" | absolute_url }}"#, Some("/docs/")),
            ("{{ 'docs/x/' | relative_url }}", Some("/docs/x/")),
            ("{{ site.baseurl }}/docs/x/", Some("/docs/x/")),
            ("{{site.baseurl}}/docs/x/", Some("/docs/x/")),
            ("{% link _docs/index.md %}", Some("/_docs/index.md")),
        ];
        for (target, address) in cases {
            assert_eq!(read(target).as_deref(), address, "{target}");
        }
    }

    #[test]
    fn a_page_reference_is_a_hugo_shortcodes() {
        assert!(is_page_reference(r#"{{<relref "Community">}}"#));
        assert!(is_page_reference("{{% ref 'x.md#y' %}}#z"));
        assert!(!is_page_reference("{% link x.md %}"));
        assert!(!is_page_reference(r#"{{< refs "x" >}}"#));
    }

    #[test]
    fn a_template_of_another_value_writes_no_address() {
        for target in [
            "{{ post.url }}",
            "{{ site.repository }}/issues/744",
            "{{ sponsor.url }}",
            "{% post_url 2024-01-01-x %}",
            r#"{{< param "x" >}}"#,
            "{{ 'x' | upcase }}",
            "{{ unclosed",
        ] {
            assert_eq!(read(target), None, "{target}");
        }
    }
}
