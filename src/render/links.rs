//! `links` as text (docs/links.md, "Links both ways"): grouped under their file's
//! path, printed once; one line per link with the selector of the node
//! holding it, its line, the link as written and where it lands; a last line
//! naming the call that shows the next ones.
//!
//! ```text
//! docs/guide/install.md
//! para.3 L12 [proxy](../config/server.md#proxy) → server::h2.1
//! list.0/item.2 L40 [[Setup#Ports]] → broken: no anchor #Ports in docs/setup.md · ~setup::#port
//! h2.1 L52 <https://example.org> → external
//! [120 more links · next: --offset 30]
//! ```

use std::io::{self, Write};

use super::hits::{more_line, path_word};
use super::lines::shell_word;
use super::marked::marked;
use crate::fit::{self, Size};
use crate::report::{Asked, LinkInfo, LinkList, LinkStatus, Report};

/// Writes the links that fit the budget, then the line naming the rest (or,
/// when there are none, a line saying so).
pub(super) fn write_links(
    report: &Report,
    links: &[LinkInfo],
    list: &LinkList,
    out: &mut (impl Write + ?Sized),
) -> io::Result<()> {
    let view = report.view;
    if links.is_empty() && list.total > 0 {
        // An offset past the last link.
        let line = format!(
            "[{} in all, all before offset {}]\n",
            count_of(list.total),
            view.offset
        );
        return out.write_all(line.as_bytes());
    }
    if links.is_empty() {
        return out.write_all(none_line(list).as_bytes());
    }
    let mut above: Option<&str> = None;
    let blocks: Vec<String> = links
        .iter()
        .map(|link| {
            let mut block = String::new();
            if above != Some(&link.file) {
                block.push_str(&path_word(&link.file, &link.namespace));
                block.push('\n');
                above = Some(&link.file);
            }
            block.push_str(&link_line(link, &list.asked));
            block
        })
        .collect();
    let marker = |shown: usize| more_line(view, view.offset + shown, list.total, "links");
    let cut = fit::choose(
        report.budget,
        blocks.len(),
        0,
        |k| Some(Size::of(&blocks[k])),
        |shown, _| Size::of(&marker(shown)),
    );
    for block in &blocks[..cut.shown] {
        out.write_all(block.as_bytes())?;
    }
    out.write_all(marker(cut.shown).as_bytes())?;
    if list.asked == Asked::Broken && view.offset + cut.shown >= list.total {
        out.write_all(broken_count(list).as_bytes())?;
    }
    Ok(())
}

/// `para.3 L12 [text](target) → server::h2.1`; into a node, without where
/// it lands (the node asked for).
fn link_line(link: &LinkInfo, asked: &Asked) -> String {
    let mut line = format!("{} L{} {}", link.from, link.line, link.text);
    if !matches!(asked, Asked::To(_)) {
        line.push_str(" → ");
        match link.status {
            LinkStatus::Ok => line.push_str(link.to.as_deref().unwrap_or_default()),
            LinkStatus::External => line.push_str("external"),
            LinkStatus::Broken => {
                line.push_str("broken: ");
                line.push_str(link.reason.as_deref().unwrap_or_default());
                if let Some(suggestion) = &link.suggestion {
                    line.push_str(" · ");
                    line.push_str(&suggested(suggestion));
                }
            }
        }
    }
    line.push('\n');
    line
}

/// A suggestion as a shell word that gives it back when pasted: a path as
/// it is, a selector with the `~` mark.
fn suggested(suggestion: &str) -> String {
    if suggestion.contains("::") || suggestion.starts_with("[[") {
        marked(suggestion)
    } else {
        shell_word(suggestion).into_owned()
    }
}

/// The line of a listing with no links in it.
fn none_line(list: &LinkList) -> String {
    let docs = match list.documents {
        1 => "1 document".to_owned(),
        n => format!("{n} documents"),
    };
    match &list.asked {
        Asked::Out { scoped: false } => format!("no links in {docs}\n"),
        Asked::Out { scoped: true } => format!("no links in the nodes selected in {docs}\n"),
        Asked::To(to) => format!("no link in {docs} lands on {to}\n"),
        Asked::Broken => format!(
            "no broken links: {} checked in {docs}\n",
            count_of(list.read)
        ),
    }
}

/// The count ending a broken-link listing shown whole.
fn broken_count(list: &LinkList) -> String {
    let docs = match list.documents {
        1 => "1 document".to_owned(),
        n => format!("{n} documents"),
    };
    format!(
        "[{} broken of {} in {docs}]\n",
        list.total,
        count_of(list.read)
    )
}

/// `1 link`, `20 links`.
fn count_of(n: usize) -> String {
    if n == 1 {
        "1 link".to_owned()
    } else {
        format!("{n} links")
    }
}
