//! Heading anchors (docs/links.md, "Following links"): what a link's `#fragment` names.
//!
//! Each heading has the GitHub slug of its plain text (a repeated slug gets
//! `-1`, `-2`, … in document order), and may have explicit ids: a `{#id}`
//! ending its line (which then is not part of its text), an `<a id=…>` or
//! `<a name=…>` on its line, or such an anchor alone on a line before it with
//! only blank lines, comments or other such anchors between.
//!
//! Pure text work over the heading lines; no parse.

use foldhash::{HashMap, HashMapExt};

/// The anchors of one heading.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Anchors {
    /// The GitHub slug, made unique in the document.
    pub slug: String,
    /// Explicit ids, the `{#id}` first.
    pub ids: Vec<String>,
    /// Whether the first id is the heading's own (`{#id}`, `{: #id}`,
    /// `{/*id*/}`), which site generators write in place of the slug: a
    /// link listing holds a link by the slug broken, where following it
    /// still finds the heading.
    pub replaced: bool,
}

impl Anchors {
    /// The anchor a link to this heading most likely uses: its explicit id,
    /// else its slug.
    pub fn main(&self) -> &str {
        self.ids.first().unwrap_or(&self.slug)
    }
}

/// Cuts a trailing `{#id}` or `{/*id*/}` from the plain title of each heading
/// whose line it ends (the id is an anchor, not text), given the text and each
/// heading's start. The comment's stars read as emphasis in Markdown (the plain
/// title then ends `{/id/}`), so a title ending in `}` is cut at its last `{`.
///
/// An attribute list without an id (`{.notranslate lang=en}`, `{: .note}`)
/// is cut too, as Hugo, MkDocs' `attr_list` and kramdown read it: the
/// heading's slug is made of its text alone.
pub(crate) fn cut_attribute_ids(text: &str, starts: &[usize], titles: &mut [String]) {
    for (title, &start) in titles.iter_mut().zip(starts) {
        let line = line_at(text, start);
        let Some(attrs) = attribute_id(line)
            .map(|(_, attrs)| attrs)
            .or_else(|| class_list(line))
        else {
            continue;
        };
        let unescaped = || attrs.replace("\\{", "{").replace("\\}", "}");
        let cut = match title.strip_suffix(attrs) {
            Some(cut) => Some(cut),
            None if attrs.starts_with('\\') => title.strip_suffix(unescaped().as_str()),
            None if attrs.starts_with("{/*") && title.ends_with('}') => {
                title.rfind('{').map(|at| &title[..at])
            }
            None => None,
        };
        if let Some(cut) = cut {
            *title = cut.trim_end().to_owned();
        }
    }
}

/// The anchors of every heading, given the text, each heading's start and its
/// plain title (a trailing `{#id}` already cut, see [`cut_attribute_ids`]).
pub(crate) fn anchors(text: &str, starts: &[usize], titles: &[String]) -> Vec<Anchors> {
    anchors_of(heading_ids(text, starts), titles)
}

/// Each heading's explicit ids, given the text and each heading's start: the
/// part of its anchors read off the text (see [`anchors_of`]), with whether
/// the first is its own ([`Anchors::replaced`]).
pub(crate) fn heading_ids(text: &str, starts: &[usize]) -> Vec<(Vec<String>, bool)> {
    (starts.iter())
        .map(|&start| {
            let line = line_at(text, start);
            let mut ids = Vec::new();
            if let Some((id, _)) = attribute_id(line) {
                ids.push(id.to_owned());
            }
            ids.extend(attribute_list_after(text, start).map(str::to_owned));
            let replaced = !ids.is_empty();
            ids.extend(html_ids(line));
            ids.extend(anchors_before(text, start));
            (ids, replaced)
        })
        .collect()
}

/// The anchors of every heading, given its explicit ids ([`heading_ids`])
/// and its plain title.
pub(crate) fn anchors_of(ids: Vec<(Vec<String>, bool)>, titles: &[String]) -> Vec<Anchors> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out = Vec::with_capacity(ids.len());
    for (k, (ids, replaced)) in ids.into_iter().enumerate() {
        let base = slug(&titles[k]);
        let slug = match seen.get(&base).copied() {
            None => base.clone(),
            Some(mut n) => {
                // The next free `-N`, as GitHub numbers repeats.
                let mut candidate;
                loop {
                    n += 1;
                    candidate = format!("{base}-{n}");
                    if !seen.contains_key(&candidate) {
                        break;
                    }
                }
                seen.insert(base.clone(), n);
                candidate
            }
        };
        seen.entry(base).or_insert(0);
        seen.entry(slug.clone()).or_insert(0);
        out.push(Anchors {
            slug,
            ids,
            replaced,
        });
    }
    out
}

/// GitHub's slug of a heading's plain text: lowercase; letters, marks, digits,
/// `_` and `-` kept; each space a `-`; everything else dropped.
pub(crate) fn slug(title: &str) -> String {
    let mut out = String::with_capacity(title.len());
    for c in title.chars() {
        // (Most titles are ASCII, whose letters lowercase one for one.)
        if c == ' ' {
            out.push('-');
        } else if c.is_ascii() {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                out.push(c.to_ascii_lowercase());
            }
        } else if c.is_alphanumeric() || is_mark(c) {
            out.extend(c.to_lowercase());
        }
    }
    out
}

/// Combining marks (kept by GitHub's slugger), roughly: the combining blocks.
fn is_mark(c: char) -> bool {
    matches!(c as u32, 0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
        || matches!(c as u32, 0x0900..=0x0DFF if !c.is_alphanumeric() && !c.is_whitespace())
}

/// What a loose match compares: letters and digits only, case folded,
/// accents dropped and a leading `id` before a digit too (`server.port`,
/// `server-port` and `serverport` are alike; so are `5. Set up` and
/// `id-5.-set-up`).
pub(crate) fn loose(text: &str) -> String {
    let mut loose = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            if c.is_ascii_alphanumeric() {
                loose.push(c.to_ascii_lowercase());
            }
        } else if c.is_alphanumeric() {
            loose.extend(c.to_lowercase().map(unaccented));
        }
    }
    // An id may not start with a digit where some generators write them:
    // GitBook's anchor of `5. Set up` is `#id-5.-set-up`.
    match loose.strip_prefix("id") {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => rest.to_owned(),
        _ => loose,
    }
}

/// A Latin letter without its accent (`é` as `e`), as the generators that
/// make ASCII anchors write it (Python-Markdown's default slug, Zola's):
/// loosely, `#elevage-chevre` is the heading `Élevage chèvre`.
fn unaccented(c: char) -> char {
    const FROM: &str =
        "àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżž";
    const TO: &str =
        "aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz";
    // (The letters with accents are those of Latin-1 and Latin Extended-A.)
    if !('\u{e0}'..='\u{17e}').contains(&c) {
        return c;
    }
    match FROM.chars().position(|f| f == c) {
        Some(at) => TO.as_bytes()[at] as char,
        None => c,
    }
}

/// The line starting at `start`, without its line ending.
fn line_at(text: &str, start: usize) -> &str {
    let rest = &text[start..];
    let end = memchr::memchr2(b'\n', b'\r', rest.as_bytes()).unwrap_or(rest.len());
    &rest[..end]
}

/// The id of a kramdown attribute list on the line after a heading
/// (`{: #v4-4-1}`, as Jekyll's pages write it), past a setext heading's
/// underline.
fn attribute_list_after(text: &str, start: usize) -> Option<&str> {
    let mut rest = &text[start..];
    for _ in 0..2 {
        rest = &rest[memchr::memchr(b'\n', rest.as_bytes())? + 1..];
        let line = line_at(rest, 0).trim();
        // (Most lines after a heading are blank or text: neither a list
        // nor an underline.)
        if !line.starts_with(['{', '=', '-']) {
            return None;
        }
        if let Some(list) = line.strip_prefix("{:").and_then(|l| l.strip_suffix('}')) {
            let mut ids = list.split_whitespace().filter_map(|t| t.strip_prefix('#'));
            return ids.next().filter(|id| !id.is_empty());
        }
        let underline = |c: char| !line.is_empty() && line.chars().all(|l| l == c);
        if !underline('=') && !underline('-') {
            return None;
        }
    }
    None
}

/// `{#id …}`, the MDX comment `{/*id*/}` (react.dev and other MDX-era
/// sites), Nextra's `[#id]` or Docsify's `:id=id`, ending an ATX heading
/// line: the id and the whole `{…}` text.
/// An attribute list without an id ending a heading's line: `{.class}`,
/// `{: .class key=value}`, every token an attribute (so `{x}` is text).
fn class_list(line: &str) -> Option<&str> {
    let body = line.trim_end().trim_end_matches('#').trim_end();
    if !body.ends_with('}') {
        return None;
    }
    let open = body.rfind('{')?;
    let inner = &body[open + 1..body.len() - 1];
    let inner = inner.strip_prefix(':').unwrap_or(inner);
    let tokens = attribute_tokens(inner);
    (!tokens.is_empty() && tokens.iter().all(|t| is_attribute(t))).then(|| &body[open..])
}

/// Whether a token of an attribute list is an attribute: `#id`, `.class`
/// or `key=value`.
pub(super) fn is_attribute(token: &str) -> bool {
    token.starts_with(['#', '.']) && token.len() > 1
        || token.split_once('=').is_some_and(|(k, _)| !k.is_empty())
}

fn attribute_id<'l>(line: &'l str) -> Option<(&'l str, &'l str)> {
    let body = line.trim_end().trim_end_matches('#').trim_end();
    let body = if body.len() < line.trim_end().len() && !body.ends_with(['}', ']']) {
        line.trim_end()
    } else {
        body
    };
    // Docsify's `:id=name`, the line's last word.
    if let Some(space) = memchr::memrchr(b' ', body.as_bytes())
        && let Some(id) = body[space + 1..].strip_prefix(":id=")
        && !id.is_empty()
    {
        return Some((id, &body[space + 1..]));
    }
    // (Most headings end otherwise: no search for a `{` then.)
    if body.ends_with(']') {
        let attrs = &body[body.rfind("[#")?..];
        let id = &attrs[2..attrs.len() - 1];
        let plain = !id.is_empty() && !id.contains(|c: char| c.is_whitespace() || c == '[');
        return plain.then_some((id, attrs));
    }
    if !body.ends_with('}') {
        return None;
    }
    // MDX escapes the braces (`\{#id\}`, Rspress' way), which Markdown reads
    // as the braces themselves.
    let open = body.rfind('{')?;
    let escaped = body[..open].ends_with('\\');
    let attrs = &body[open - usize::from(escaped)..];
    let inner = &body[open + 1..body.len() - 1];
    let inner = if escaped {
        inner.strip_suffix('\\').unwrap_or(inner)
    } else {
        inner
    };
    if let Some(comment) = inner.strip_prefix("/*").and_then(|c| c.strip_suffix("*/")) {
        let id = comment.trim();
        let plain = !id.is_empty() && !id.contains(char::is_whitespace) && !id.contains("*/");
        return plain.then_some((id, attrs));
    }
    // `#id`, or the attribute `id="…"` (`{ id="9.7.0" }`: Python-Markdown's
    // `attr_list` reads both).
    let quoted = |v: &'l str| match v.strip_prefix(['"', '\'']) {
        Some(v) => v.strip_suffix(['"', '\'']).unwrap_or(v),
        None => v,
    };
    let id = attribute_tokens(inner)
        .into_iter()
        .find_map(|t| {
            t.strip_prefix('#')
                .or_else(|| t.strip_prefix("id=").map(quoted))
        })
        .filter(|id| !id.is_empty())?;
    Some((id, attrs))
}

/// The `id` and `name` values of `<a …>` tags on a line.
fn html_ids(line: &str) -> Vec<String> {
    let mut ids = Vec::new();
    if memchr::memchr(b'<', line.as_bytes()).is_none() {
        return ids;
    }
    let lower = line.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find("<a ") {
        let tag_start = from + at;
        let tag_end = lower[tag_start..]
            .find('>')
            .map_or(line.len(), |e| tag_start + e);
        let tag = &line[tag_start..tag_end];
        let tag_lower = &lower[tag_start..tag_end];
        for key in ["id=", "name="] {
            let mut search = 0;
            while let Some(k) = tag_lower[search..].find(key) {
                let key_at = search + k;
                search = key_at + key.len();
                // A whole attribute name, not the end of another (`data-id=`).
                let before = tag_lower[..key_at].chars().next_back();
                if before.is_some_and(|c| !c.is_whitespace()) {
                    continue;
                }
                if let Some(value) = attribute_value(&tag[search..]) {
                    ids.push(value.to_owned());
                }
            }
        }
        from = tag_end.max(tag_start + 3).min(line.len());
    }
    ids
}

/// A quoted or bare attribute value at the start of `rest`.
fn attribute_value(rest: &str) -> Option<&str> {
    let value = match rest.chars().next()? {
        q @ ('"' | '\'') => {
            let body = &rest[1..];
            &body[..body.find(q)?]
        }
        _ => {
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
                .unwrap_or(rest.len());
            &rest[..end]
        }
    };
    (!value.is_empty()).then_some(value)
}

/// The anchor of an ATX heading inside a container (a quote, a list item), which
/// opens no section (MkDocs writes `> #### custom_dir`): its explicit id
/// (`{#id}`), else its title's slug. `source` is the heading as written.
pub(crate) fn nested_heading_anchor(source: &str) -> Option<String> {
    let line = source.lines().next()?.trim();
    if let Some((id, _)) = attribute_id(line) {
        return Some(id.to_owned());
    }
    // An ATX heading's text, between its marks (a closing run of `#` follows
    // a space: `C#` keeps its own).
    let title = line.trim_start_matches('#').trim();
    let title = match title.trim_end_matches('#') {
        open if open.is_empty() || open.ends_with(' ') => open.trim_end(),
        _ => title,
    };
    let anchor = slug(&super::title::plain_title(title));
    (!anchor.is_empty()).then_some(anchor)
}

/// The name a MyST target line gives what follows it (`(install-guide)=`):
/// a label any page may link to by name (docs/links.md).
pub(crate) fn myst_label(line: &str) -> Option<&str> {
    let label = line.trim().strip_prefix('(')?.strip_suffix(")=")?;
    (!label.is_empty() && !label.contains(char::is_whitespace) && !label.contains(['(', ')']))
        .then_some(label)
}

/// How many lines above a heading are looked at for its stacked anchors
/// (`<a id>` lines, comments and blank lines between): anchors stand right
/// above their heading, and the look back stays bounded (docs/links.md: Following
/// links).
const ANCHOR_LINES: usize = 64;

/// Anchors alone on the lines before a heading, with only blank lines,
/// comments or other such anchors between (nearest last), within
/// [`ANCHOR_LINES`] lines.
fn anchors_before(text: &str, start: usize) -> Vec<String> {
    let mut ids = Vec::new();
    let mut end = start;
    for _ in 0..ANCHOR_LINES {
        if end == 0 {
            break;
        }
        let before = &text[..end];
        let body_end = (before.as_bytes().iter())
            .rposition(|&b| b != b'\n' && b != b'\r')
            .map_or(0, |at| at + 1);
        if body_end == before.len() {
            break;
        }
        let line_start =
            memchr::memrchr2(b'\n', b'\r', &before.as_bytes()[..body_end]).map_or(0, |i| i + 1);
        let line = before[line_start..body_end].trim();
        end = line_start;
        if line.is_empty() || (line.starts_with("<!--") && line.ends_with("-->")) {
            continue;
        }
        if is_anchor_line(line) {
            let mut found = html_ids(line);
            found.append(&mut ids);
            ids = found;
            continue;
        }
        if let Some(label) = myst_label(line) {
            ids.insert(0, label.to_owned());
            continue;
        }
        break;
    }
    ids
}

/// A line holding only `<a id=…></a>` / `<a name=…>` tags.
fn is_anchor_line(line: &str) -> bool {
    // (Most lines are not: no copy is made of them.)
    if !line
        .as_bytes()
        .get(..3)
        .is_some_and(|b| b.eq_ignore_ascii_case(b"<a "))
    {
        return false;
    }
    let lower = line.to_ascii_lowercase();
    let stripped = lower.replace("</a>", "");
    let mut rest = stripped.trim();
    while let Some(tail) = rest.strip_prefix("<a ") {
        let Some(end) = tail.find('>') else {
            return false;
        };
        rest = tail[end + 1..].trim_start();
    }
    rest.is_empty()
}

/// An attribute list's tokens: apart at white space outside quotes
/// (`style="margin: 0"` is one).
pub(super) fn attribute_tokens(inner: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let (mut start, mut quote) = (None, None);
    for (at, c) in inner.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => {
                quote = Some(c);
                start.get_or_insert(at);
            }
            (None, c) if c.is_whitespace() => {
                if let Some(from) = start.take() {
                    tokens.push(&inner[from..at]);
                }
            }
            (None, _) => {
                start.get_or_insert(at);
            }
        }
    }
    tokens.extend(start.map(|from| &inner[from..]));
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_slugs() {
        let cases = [
            ("Installation", "installation"),
            ("Server Options", "server-options"),
            ("server.proxy", "serverproxy"),
            ("`--concurrent-fragments`", "--concurrent-fragments"),
            ("What's new in 2.0?", "whats-new-in-20"),
            ("snake_case names", "snake_case-names"),
            ("Émigré café", "émigré-café"),
            ("日本語の見出し", "日本語の見出し"),
            ("🎉 Release party", "-release-party"),
            ("A & B", "a--b"),
        ];
        for (title, want) in cases {
            assert_eq!(slug(title), want, "{title}");
        }
    }

    #[test]
    fn repeats_are_numbered_and_explicit_ids_found() {
        let text = "# Usage\n\n## Usage\n\n<a id=\"old-name\"></a>\n<!-- kept -->\n\n## Setup {#setup-id}\n\n## <a name=\"x\"></a>Usage-1\n\n## Usage\n";
        let starts: Vec<usize> = text
            .match_indices('#')
            .filter(|(i, _)| *i == 0 || text.as_bytes()[i - 1] == b'\n')
            .map(|(i, _)| i)
            .collect();
        let mut titles: Vec<String> = ["Usage", "Usage", "Setup {#setup-id}", "Usage-1", "Usage"]
            .map(str::to_owned)
            .to_vec();
        cut_attribute_ids(text, &starts, &mut titles);
        let got = anchors(text, &starts, &titles);
        let slugs: Vec<&str> = got.iter().map(|a| a.slug.as_str()).collect();
        assert_eq!(slugs, ["usage", "usage-1", "setup", "usage-1-1", "usage-2"]);
        assert_eq!(got[2].ids, ["setup-id", "old-name"]);
        assert_eq!(titles[2], "Setup", "the {{#id}} is not part of the text");
        assert_eq!(got[3].ids, ["x"]);
        assert_eq!(got[2].main(), "setup-id");
        assert_eq!(got[0].main(), "usage");
    }

    #[test]
    fn an_attribute_list_is_no_part_of_the_slug_and_its_id_attribute_an_id() {
        let text = "## `Linter` {.notranslate lang=en}\n\n## Note {: .tip }\n\n## Set {x}\n";
        let starts = [
            0,
            text.find("## Note").unwrap(),
            text.find("## Set").unwrap(),
        ];
        let mut titles = ["Linter {.notranslate lang=en}", "Note {: .tip }", "Set {x}"]
            .map(str::to_owned)
            .to_vec();
        cut_attribute_ids(text, &starts, &mut titles);
        assert_eq!(titles, ["Linter", "Note", "Set {x}"]);
        let slugs: Vec<String> = (anchors(text, &starts, &titles).into_iter())
            .map(|a| a.slug)
            .collect();
        assert_eq!(slugs, ["linter", "note", "set-x"]);
        let text = "### 9.7.0 <small>November 11, 2025</small> { id=\"9.7.0\" }\n";
        let mut titles = ["9.7.0 November 11, 2025 { id=\"9.7.0\" }".to_owned()];
        cut_attribute_ids(text, &[0], &mut titles);
        assert_eq!(titles, ["9.7.0 November 11, 2025"]);
        assert_eq!(anchors(text, &[0], &titles)[0].main(), "9.7.0");
    }

    #[test]
    fn loosely_an_accented_letter_is_its_base_letter_and_an_id_may_lead_a_digit() {
        // Python-Markdown's default slug and Zola's are ASCII.
        assert_eq!(loose("Élevage chèvre"), loose("elevage-chevre"));
        assert_eq!(loose("Ağaç Łódź ß 日本"), "agaclodzß日本");
        // GitBook's id of a heading starting with a digit.
        assert_eq!(loose("id-5.-set-up"), loose("5. Set up"));
        assert_eq!(loose("identity-5"), "identity5");
    }

    #[test]
    fn an_id_in_escaped_braces_is_the_headings_id() {
        // MDX reads `{` as an expression: Rspress writes `\{#id\}`.
        let text = "# A\n\n## What is llms.txt? \\{#llms-txt\\}\n";
        let doc = crate::tree::parse_document(crate::source::Source::new("a.mdx", text));
        assert_eq!(doc.titles[1], "What is llms.txt?");
        assert_eq!(doc.anchors()[1].main(), "llms-txt");
    }

    #[test]
    fn nextras_and_docsifys_ids_ending_a_heading_are_its_id_not_its_text() {
        let text = "# A\n\n## Long heading about Nextra [#about-nextra]\n\n## Items [1] [x]\n\n\
                    ## Hello, world! :id=hello-world\n\n## Ratio a:id=b\n";
        let doc = crate::tree::parse_document(crate::source::Source::new("a.md", text));
        let titles: Vec<&str> = doc.titles.iter().map(String::as_str).collect();
        assert_eq!(
            titles,
            [
                "A",
                "Long heading about Nextra",
                "Items [1] [x]",
                "Hello, world!",
                "Ratio a:id=b"
            ]
        );
        let mains: Vec<&str> = doc.anchors().iter().map(Anchors::main).collect();
        assert_eq!(
            mains,
            [
                "a",
                "about-nextra",
                "items-1-x",
                "hello-world",
                "ratio-aidb"
            ]
        );
    }

    #[test]
    fn a_kramdown_attribute_list_after_a_heading_gives_its_id() {
        let text = "## 4.4.1 / 2025\n{: #v4-4-1}\n\nSetext\n======\n{:#setext .wide}\n\n## Not\n\n{: #para}\n";
        let starts = [
            0,
            text.find("Setext").unwrap(),
            text.find("## Not").unwrap(),
        ];
        let titles = ["4.4.1 / 2025", "Setext", "Not"].map(str::to_owned);
        let got = anchors(text, &starts, &titles);
        assert_eq!(got[0].ids, ["v4-4-1"]);
        assert_eq!(got[1].ids, ["setext"]);
        assert!(
            got[2].ids.is_empty(),
            "a blank line between: the paragraph's"
        );
    }

    #[test]
    fn a_heading_in_a_container_has_its_id_or_slug() {
        assert_eq!(
            nested_heading_anchor("#### `custom_dir`").as_deref(),
            Some("custom_dir")
        );
        assert_eq!(
            nested_heading_anchor("### Item {#item-id}").as_deref(),
            Some("item-id")
        );
        assert_eq!(nested_heading_anchor("## C# ##").as_deref(), Some("c"));
        assert_eq!(nested_heading_anchor("## Use C#").as_deref(), Some("use-c"));
        assert_eq!(nested_heading_anchor("##"), None);
    }

    #[test]
    fn a_myst_label_above_a_heading_gives_its_id() {
        let text = "(install-guide)=\n# Install\n\n(not a label)=\n## Other\n";
        let starts = [
            text.find("# Install").unwrap(),
            text.find("## Other").unwrap(),
        ];
        let titles = ["Install", "Other"].map(str::to_owned);
        let got = anchors(text, &starts, &titles);
        assert_eq!(got[0].ids, ["install-guide"]);
        assert!(got[1].ids.is_empty(), "{:?}", got[1].ids);
    }

    #[test]
    fn an_ascii_title_reads_as_any_other() {
        // The char by char reading, without the ASCII path.
        let slugged = |t: &str| -> String {
            (t.chars())
                .filter(|&c| c == ' ' || c.is_alphanumeric() || c == '_' || c == '-' || is_mark(c))
                .flat_map(|c| {
                    if c == ' ' {
                        '-'.to_lowercase()
                    } else {
                        c.to_lowercase()
                    }
                })
                .collect()
        };
        let loosely = |t: &str| -> String {
            let all: String = (t.chars())
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .map(unaccented)
                .collect();
            match all.strip_prefix("id") {
                Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => rest.to_owned(),
                _ => all,
            }
        };
        let titles = [
            "Set up `Server.Port` (v2)!",
            "Élevage chèvre — ÀÉÎ",
            "İstanbul ΣΊΣΥΦΟΣ straße",
            "id5 Tab\tand_under-score",
            "हिन्दी काँ",
            "a\u{301}b \u{20D0}",
            "",
        ];
        for t in titles {
            assert_eq!(slug(t), slugged(t), "{t}");
            assert_eq!(loose(t), loosely(t), "{t}");
        }
    }

    #[test]
    fn an_anchor_line_holds_only_anchor_tags_in_any_case() {
        for line in ["<a id=\"x\"></a>", "<A NAME=x></A> <a id=y>", "<a id=x>"] {
            assert!(is_anchor_line(line), "{line}");
        }
        for line in [
            "<a",
            "<abbr title=x>",
            "text <a id=x></a>",
            "<a id=x></a> text",
            "é<a ",
        ] {
            assert!(!is_anchor_line(line), "{line}");
        }
        let text = "<A ID=\"Old\"></A>\n\n## New\n";
        assert_eq!(anchors_before(text, text.find("##").unwrap()), ["Old"]);
    }

    #[test]
    fn loose_keeps_letters_and_digits() {
        assert_eq!(loose("server.port"), "serverport");
        assert_eq!(loose("Server-Port"), "serverport");
        assert_eq!(loose("#server_port"), "serverport");
    }
}
