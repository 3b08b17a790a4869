//! Writing an outline (`index`, folded or not) as `fit` planned it: its
//! rows and the marker that ends a folded or paged outline, in the line format
//! `fit` measured them with.

use std::io::{self, Write};

use super::lines::{Lean, block_lines, marker_text};
use crate::fit::{Budget, CallText, DocOutline, Folder, Row, Scope};
use crate::options::Options;
use crate::tree::Document;

/// Writes the outline of one parsed document exactly as `mdsel index PATH`
/// prints it (PATH being the document's path): whole, or folded or paged to
/// the budget of `options`, its markers naming that path. For a front end that
/// already holds the document, as the Claude Code hook's outline mode does
/// (docs/hook.md, "Outline mode", with [`Options::line_ranges`]).
pub fn write_outline(options: &Options, doc: &Document, out: &mut dyn Write) -> io::Result<()> {
    let call = CallText {
        scope: Vec::new(),
        inputs: vec![doc.path().to_owned()],
        flags: options.call_flags.clone(),
    };
    let mut folder = Folder::new(Budget::of(options), call, None);
    let outline = DocOutline::build(doc, doc.namespace(), &Scope::Whole, options.line_ranges);
    folder.push(Some(outline));
    let mut lean = Lean::default();
    write_rows(&folder.ready(), &mut lean, out)?;
    let plan = folder.finish();
    write_rows(&plan.rows, &mut lean, out)?;
    if let Some(marker) = &plan.marker {
        out.write_all(marker_text(marker).as_bytes())?;
    }
    Ok(())
}

/// Writes rows of an outline; `lean` carries what the rows before said.
pub(crate) fn write_rows(
    rows: &[Row],
    lean: &mut Lean,
    out: &mut (impl Write + ?Sized),
) -> io::Result<()> {
    let mut buf = Vec::with_capacity(rows.len() * 32);
    for row in rows {
        match row {
            Row::Line(line, hidden) => lean.line(line, *hidden, &mut buf),
            Row::Blocks(counts) => block_lines(counts, &mut buf),
        }
    }
    out.write_all(&buf)
}
