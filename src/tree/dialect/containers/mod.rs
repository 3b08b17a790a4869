//! Site generators' containers (docs/dialects.md, "Site markup: MDX and templates"):
//! one block each, holding their content, addressed as a `quote` (a callout,
//! as GitHub's `> [!NOTE]` is):
//!
//! - `:::note … :::` (Docusaurus, VitePress, pandoc's fenced divs), nested ones
//!   inside the outermost;
//! - `!!! note "Title"` and `??? note` (mkdocs), whose content is the indented
//!   lines beneath;
//! - a Hugo alert: `{{% alert title="…" %}} … {{% /alert %}}` (or `{{< … >}}`,
//!   and the names `note`, `notice`, `tip`, `warning`, `callout`).
//!
//! The parser is shown the opening and closing lines as blank lines and mkdocs'
//! content one indentation level out (moved to the line's end: same length,
//! lines in place), so the content parses as the Markdown it is. A container
//! never closed, or holding a heading (which stays a section), is left as text.

mod find;
mod lines;
mod shapes;

pub(crate) use find::containers_marked;
