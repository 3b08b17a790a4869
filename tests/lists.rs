//! Lists that cannot drift. The selector types are one table in the library
//! (its names through [`Target`], the blocks an index counts in
//! [`BlockKind::ALL`]), and the hosts are one table in `mdsel setup` and one in
//! `mdsel hook` (their `--help` lists them). Every other list of either, in the
//! docs, the agent docs, the output format's cheat sheet, JSON and the tests'
//! own tables, is held to those tables here: a new type or host fails a test
//! until every list names it, and a list naming one that is gone fails too.

use crate::common;
use crate::{hosts, setup_hosts};

use std::collections::BTreeSet;

use common::bin::{hook_hosts, mdsel, root, setup_hosts as setup_table};
use mdsel::{BlockKind, Target};

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

/// Every name of a type, as a selector may write it.
fn names() -> Vec<&'static str> {
    Target::names().collect()
}

/// Whether `name` is a type's own name (`para`), not another name for it
/// (`paragraph`, `block:paragraph`).
fn is_shorthand(name: &str) -> bool {
    Target::from_name(name).map(Target::name) == Some(name)
}

fn is_heading(name: &str) -> bool {
    matches!(Target::from_name(name), Some(Target::Heading(_)))
}

/// The types a selector names, one per step: `readme::h2.1/code.0` names `h2`
/// and `code`, `'#install'` the anchor `#`.
fn types_in(selector: &str) -> Vec<String> {
    let selector = selector.trim_matches('\'');
    let selector = selector.split('?').next().unwrap_or_default();
    let path = selector.rsplit("::").next().unwrap_or_default();
    path.split('/')
        .filter(|step| !step.is_empty())
        .map(|step| {
            if step.starts_with('#') {
                "#".to_owned()
            } else {
                step.split(['.', '[']).next().unwrap_or_default().to_owned()
            }
        })
        .collect()
}

/// Holds a list of types to the table: it names every type (a heading level
/// stands for all six; the anchor `#` is required only when `anchor`), and
/// every name in it is a type's.
fn holds_every_type(list: &[String], anchor: bool, what: &str) {
    for name in list {
        assert!(
            name == "#" || Target::from_name(name).is_some(),
            "{what} names `{name}`, which is no type"
        );
    }
    for name in names().into_iter().filter(|n| is_shorthand(n)) {
        let named = if is_heading(name) {
            list.iter().any(|n| is_heading(n))
        } else {
            list.iter().any(|n| n == name)
        };
        assert!(named, "{what} does not name the type `{name}`");
    }
    if anchor {
        assert!(list.iter().any(|n| n == "#"), "{what} lacks `#anchor`");
    }
}

/// The backticked words of the first column of the table under `header`.
fn first_column(doc: &str, header: &str) -> Vec<String> {
    let start = doc
        .find(header)
        .unwrap_or_else(|| panic!("no table {header:?}"));
    doc[start..]
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .flat_map(|row| {
            let cell = row.split('|').nth(1).unwrap_or_default();
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn the_selector_docs_table_lists_every_type_and_name() {
    let doc = read("docs/selectors.md");
    let written = first_column(&doc, "| type (shorthand / full, any case) | selects |");
    // Each cell is a type's names: `h1`…`h6`, `para`, `paragraph`,
    // `block:paragraph`; a heading level's full name stands for all six.
    holds_every_type(&written, false, "docs/selectors.md's table of types");
    for name in names() {
        let shown = if is_heading(name) {
            written
                .iter()
                .any(|w| is_heading(w) && w.contains(':') == name.contains(':'))
        } else {
            written.iter().any(|w| w == name)
        };
        assert!(shown, "docs/selectors.md's table of types lacks `{name}`");
    }
}

#[test]
fn the_skill_names_every_type() {
    // The bundles carry the same file (tests/bundles.rs).
    let skill = read("SKILL.md");
    let selectors = first_column(&skill, "| selector | means |");
    let types: Vec<String> = selectors.iter().flat_map(|s| types_in(s)).collect();
    holds_every_type(&types, true, "SKILL.md's table of selectors");
}

/// The selectors a part of `mdsel format` lists: its comma-separated words,
/// each with what it says in parentheses left out.
fn format_part(part: &str) -> Vec<String> {
    let format = String::from_utf8(mdsel(&["format"]).stdout).unwrap();
    let text = &format[format.find(part).unwrap_or_else(|| panic!("no {part}"))..];
    let body: String = text
        .lines()
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .collect::<Vec<_>>()
        .join(" ");
    let mut plain = String::new();
    let mut depth = 0;
    for c in body.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .split(", ")
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}

#[test]
fn the_format_cheat_sheet_names_every_type_and_counts_every_block() {
    let selectors = format_part("SELECTORS");
    let types: Vec<String> = selectors.iter().flat_map(|s| types_in(s)).collect();
    holds_every_type(&types, true, "`mdsel format`'s SELECTORS");
    // The index's block counts, in the order the index prints them.
    let format = String::from_utf8(mdsel(&["format"]).stdout).unwrap();
    let counts = format
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("code:"))
        .expect("a line of block counts");
    let kinds: Vec<&str> = counts
        .split_whitespace()
        .filter_map(|w| w.split_once(':').map(|(k, _)| k))
        .collect();
    assert_eq!(kinds, block_names(), "`mdsel format`'s block counts");
}

/// The names of the blocks an index counts, in the order it prints them.
fn block_names() -> Vec<&'static str> {
    BlockKind::ALL.map(|k| Target::Block(k).name()).to_vec()
}

#[test]
fn json_and_the_output_docs_count_every_block_in_order() {
    let out = mdsel(&["--json", "index", "guide.md"]);
    let json = common::bin::json(&out);
    let blocks = json["data"]["documents"][0]["blocks"]
        .as_object()
        .expect("blocks");
    // The fixture holds every kind, so every key is printed.
    let keys: Vec<&str> = blocks.keys().map(String::as_str).collect();
    assert_eq!(keys, block_names(), "JSON's blocks");
    let doc = read("docs/output.md");
    let doc = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    let json_list = doc
        .split("`blocks` is `{")
        .nth(1)
        .and_then(|rest| rest.split('}').next())
        .expect("docs/output.md: `blocks` is `{…}`");
    let json_list: Vec<&str> = json_list.split(", ").collect();
    assert_eq!(json_list, block_names(), "docs/output.md's JSON blocks");
    let text_list = doc
        .split("block counts in the order `")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .expect("docs/output.md: block counts in the order `…`");
    let text_list: Vec<&str> = text_list.split(' ').collect();
    assert_eq!(text_list, block_names(), "docs/output.md's text counts");
}

/// The MCP tools' descriptions keep their wording (`tests/mcp_tools.rs` holds
/// it word for word), so their lists are examples, not every type: they are
/// held the other way only, each type they name being one.
#[test]
fn the_mcp_descriptions_name_only_types() {
    for file in [
        "src/mcp/index.txt",
        "src/mcp/select.txt",
        "src/mcp/instructions.txt",
    ] {
        let text = read(file);
        let mut named = Vec::new();
        for word in text.split(|c: char| c.is_whitespace() || ",()\"`".contains(c)) {
            // A selector is a step with an index (`h2.1`, `code.N`), maybe in
            // a path (`h2.1/code.0`, `readme::h2.0`).
            let is_selector = word.split('/').all(|step| {
                let step = step.rsplit("::").next().unwrap_or_default();
                let step = step.split('?').next().unwrap_or_default();
                step == "*"
                    || step.starts_with('#')
                    || step.split_once('.').is_some_and(|(name, index)| {
                        !name.is_empty()
                            && name.chars().all(|c| c.is_ascii_alphanumeric())
                            && (index == "N" || index.parse::<u64>().is_ok())
                    })
            });
            if is_selector && word.contains(['.', '#']) {
                named.extend(types_in(word));
            }
        }
        assert!(!named.is_empty(), "{file} names no selector");
        for name in &named {
            assert!(
                name == "#" || Target::from_name(name).is_some(),
                "{file} names `{name}`, which is no type"
            );
        }
    }
    let index = read("src/mcp/index.txt");
    let counted = index
        .split("Block type counts (")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .expect("mdsel_index's description lists block counts");
    for name in counted.split(", ") {
        assert!(
            Target::from_name(name).is_some(),
            "src/mcp/index.txt counts `{name}`, which is no type"
        );
    }
}

/// Holds a list of hosts to a table of hosts, both ways.
fn holds_every_host<'a>(list: impl IntoIterator<Item = &'a str>, table: &[String], what: &str) {
    let list: BTreeSet<&str> = list.into_iter().collect();
    let table: BTreeSet<&str> = table.iter().map(String::as_str).collect();
    assert_eq!(list, table, "{what}: the hosts it lists, against the table");
}

/// The backticked words of the sentence in `doc` that starts with `start`,
/// up to its end.
fn backticked_after<'a>(doc: &'a str, start: &str) -> Vec<&'a str> {
    let at = doc.find(start).unwrap_or_else(|| panic!("no {start:?}")) + start.len();
    let sentence = doc[at..].split(". ").next().unwrap_or_default();
    let sentence = sentence.split(" (").next().unwrap_or_default();
    sentence.split('`').skip(1).step_by(2).collect()
}

#[test]
fn the_docs_list_every_host() {
    let setup = setup_table();
    let readme = read("README.md");
    let rows = readme
        .lines()
        .filter(|l| l.starts_with('|'))
        .filter_map(|l| l.split("`mdsel setup ").nth(1))
        .filter_map(|rest| rest.split(" --write`").next());
    holds_every_host(rows, &setup, "README.md's table of hosts");

    let hosts_doc = read("docs/hosts.md");
    holds_every_host(
        backticked_after(&hosts_doc, "`<host>` is "),
        &setup,
        "docs/hosts.md's `<host>` is …",
    );
    let sections = hosts_doc
        .split("```sh\nmdsel setup ")
        .skip(1)
        .filter_map(|rest| rest.split(' ').next())
        .filter(|host| *host != "<host>");
    holds_every_host(
        sections,
        &setup,
        "docs/hosts.md's sections, by their setup line",
    );

    let options = read("docs/options.md");
    holds_every_host(
        backticked_after(&options, "Hosts for `setup`: "),
        &setup,
        "docs/options.md's hosts for setup",
    );
    let hook_line = options
        .lines()
        .find(|l| l.starts_with("mdsel hook "))
        .expect("docs/options.md's synopsis of `mdsel hook`");
    let hook_list = hook_line
        .split_whitespace()
        .nth(2)
        .expect("the hook's hosts")
        .split('|');
    holds_every_host(
        hook_list,
        &hook_hosts(),
        "docs/options.md's `mdsel hook` line",
    );
}

#[test]
fn the_tests_tables_of_hosts_name_every_host() {
    let setup = setup_table();
    holds_every_host(
        hosts::CAPS.iter().map(|c| c.host),
        &setup,
        "tests/hosts.rs's CAPS",
    );
    holds_every_host(
        setup_hosts::USER_FILES.iter().map(|(host, _)| *host),
        &setup,
        "tests/setup_hosts.rs's USER_FILES",
    );
    holds_every_host(
        setup_hosts::HOSTS
            .iter()
            .map(|h| h.name)
            .chain(setup_hosts::TESTED_ELSEWHERE.iter().map(|(host, _)| *host)),
        &setup,
        "tests/setup_hosts.rs's HOSTS and TESTED_ELSEWHERE",
    );
}
