//! The sizes `fit` plans with: an outline's lines and markers measured as
//! `render/lines.rs` prints them, with its own functions, so that what is
//! planned to fit is exactly what is printed; and the budget of a listing,
//! less the line that says path filters narrowed it.

use super::budget::{Budget, Size};
use crate::options::Options;
use crate::render::lines::{Lean, Line, Marker, marker_text, narrowed_text, outline_line};

/// The size of a line as printed, with `hidden` lines noted as folded.
pub(crate) fn line_size(line: &Line, hidden: u32) -> Size {
    line_size_in(line, hidden, &mut Vec::with_capacity(64))
}

/// [`line_size`], printing into `scratch` (cleared first).
pub(crate) fn line_size_in(line: &Line, hidden: u32, scratch: &mut Vec<u8>) -> Size {
    scratch.clear();
    outline_line(line, hidden, scratch);
    Size::of_bytes(scratch)
}

/// The size of a line printed after what `lean` has seen (a document's
/// folder line counted with it); `lean` has then seen it.
pub(crate) fn lean_size(lean: &mut Lean, line: &Line, hidden: u32) -> Size {
    let mut buf = Vec::with_capacity(64);
    lean.line(line, hidden, &mut buf);
    Size::of_bytes(&buf)
}

/// The size of a marker line.
pub(crate) fn marker_size(marker: &Marker) -> Size {
    Size::of(&marker_text(marker))
}

/// The budget of an outline or a hit list: [`Budget::of`], less the line
/// that says path filters narrowed it ([`narrowed_text`]), when there are
/// filters.
pub(crate) fn listing_budget(options: &Options) -> Budget {
    let narrowed = narrowed_text(&options.globs, options.hints);
    Budget::of(options).less(narrowed.as_deref().map(Size::of).unwrap_or_default())
}
