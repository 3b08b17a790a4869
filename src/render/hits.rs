//! A search's hits as text (docs/search.md, "Search"): grouped under their file's
//! path, printed once as `rg --heading` does; the best hit with its passage,
//! every other hit on one line; a last line naming the call that shows the
//! next ones.
//!
//! ```text
//! docs/guide/cache.md
//! h2.4 L105-131 91% Cache safety
//!   It is safe to run multiple uv commands concurrently. (whole)
//! h2.6 L150-170 40% …`uv cache clean` removes all cache entries…
//! docs/reference/env.md
//! h3.20 L300-305 35% …the path to the cache directory…
//! [9 more hits · next: --offset 3]
//! ```

use std::io::{self, Write};

use super::lines::shell_word;
use crate::fit::{self, Size};
use crate::options::{Hints, Listing};
use crate::report::{FileHits, HitRow, HitView, Report};

/// Writes the hits that fit the budget, then the line naming the rest.
pub(super) fn write_hits(
    report: &Report,
    rows: &[HitRow],
    out: &mut (impl Write + ?Sized),
) -> io::Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let view = report.view;
    let blocks = hit_blocks(rows, view.offset == 0);
    let shown_before = view.offset;
    let marker = |shown: usize| more_line(view, shown_before + shown, report.matched, "hits");
    let total = blocks.len();
    let cut = fit::choose(
        report.budget,
        total,
        0,
        |k| Some(Size::of(&blocks[k])),
        |shown, _| Size::of(&marker(shown)),
    );
    for block in &blocks[..cut.shown] {
        out.write_all(block.as_bytes())?;
    }
    out.write_all(marker(cut.shown).as_bytes())?;
    Ok(())
}

/// Writes the files of a search (`--files`: `docs/a.md: 3 hits, best h2.1
/// L12-30`; `--count`: `docs/a.md:3`) that fit the budget, then the line
/// naming the rest.
pub(super) fn write_files(
    report: &Report,
    files: &[FileHits],
    out: &mut (impl Write + ?Sized),
) -> io::Result<()> {
    if files.is_empty() {
        return Ok(());
    }
    let view = report.view;
    let lines: Vec<String> = files
        .iter()
        .map(|f| {
            let file = path_word(&f.file, &f.namespace);
            match view.listing {
                Listing::Count => format!("{file}:{}\n", f.hits),
                _ => {
                    let noun = if f.hits == 1 { "hit" } else { "hits" };
                    let (first, last) = f.lines;
                    format!(
                        "{file}: {} {noun}, best {} L{first}-{last}\n",
                        f.hits, f.selector
                    )
                }
            }
        })
        .collect();
    let marker = |shown: usize| more_line(view, view.offset + shown, report.matched, "files");
    let cut = fit::choose(
        report.budget,
        lines.len(),
        0,
        |k| Some(Size::of(&lines[k])),
        |shown, _| Size::of(&marker(shown)),
    );
    for line in &lines[..cut.shown] {
        out.write_all(line.as_bytes())?;
    }
    out.write_all(marker(cut.shown).as_bytes())
}

/// Each hit as printed, in rank order, after its file's path when the hit
/// above is from another file; the first with its passage when it is the
/// best of all (`first`).
fn hit_blocks(rows: &[HitRow], first: bool) -> Vec<String> {
    let mut above: Option<String> = None;
    rows.iter()
        .enumerate()
        .map(|(k, r)| {
            let file = place(r);
            let mut text = String::new();
            if above.as_ref() != Some(&file) {
                text.push_str(&file);
                // A title the path does not show, unless the hit's own line does.
                let own = r.m.hit.as_ref().and_then(|h| h.path.last());
                if let Some(title) = r.title.as_ref().filter(|t| own != Some(*t)) {
                    text.push_str(" · ");
                    text.push_str(title);
                }
                text.push('\n');
            }
            text.push_str(&hit_line(r, first && k == 0));
            above = Some(file);
            text
        })
        .collect()
}

/// Where a hit's file is, as the caller can pass it back; the
/// namespace for text that has no path of its own.
fn place(r: &HitRow) -> String {
    path_word(&r.file, &r.namespace)
}

/// A file's path as a shell word, `./` left out where the rest cannot be read
/// as an option (`./-rf.md` stays); the namespace for text read from memory.
pub(super) fn path_word(file: &str, namespace: &str) -> String {
    if file.is_empty() {
        return namespace.to_owned();
    }
    let short = file
        .strip_prefix("./")
        .filter(|rest| !rest.is_empty() && !rest.starts_with('-'))
        .unwrap_or(file);
    shell_word(short).into_owned()
}

/// One hit: `h2.4 L105-131 91% …words…`, or for the best hit its title and,
/// on the next line, its passage.
fn hit_line(r: &HitRow, best: bool) -> String {
    let percent = (r.m.score.unwrap_or(0.0) * 100.0).round() as u32;
    let (first, last) = r.lines;
    let mut line = format!("{} L{first}-{last} {percent}%", r.m.selector);
    let Some(info) = &r.m.hit else {
        line.push('\n');
        return line;
    };
    if !info.copies.is_empty() {
        line.push_str(&format!(" (+{} copies)", info.copies.len()));
    }
    if best {
        if let Some(title) = info.path.last().filter(|_| !r.front) {
            line.push(' ');
            line.push_str(title);
        }
        line.push_str("\n  ");
        if let Some(block) = info.block.as_ref().filter(|_| !info.whole) {
            line.push_str(block);
            line.push_str(": ");
        }
        line.push_str(&info.passage);
        if info.whole {
            line.push_str(" (whole)");
        }
    } else if !info.context.is_empty() {
        line.push(' ');
        line.push_str(&info.context);
    }
    line.push('\n');
    line
}

/// `[9 more hits · next: --offset 3]`: how many more matched than the
/// `shown` so far, and the call that shows the next ones; empty when none.
pub(super) fn more_line(view: HitView, shown: usize, matched: usize, noun: &str) -> String {
    if matched <= shown {
        return String::new();
    }
    let next = match view.hints {
        Hints::Flags => format!("--offset {shown}"),
        Hints::Parameters => format!("offset: {shown}"),
    };
    let more = matched - shown;
    let noun = if more == 1 {
        noun.strip_suffix('s').unwrap_or(noun)
    } else {
        noun
    };
    format!("[{more} more {noun} · next: {next}]\n")
}
