//! The benchmark's baseline: a bare pulldown-cmark parse, nothing else: of one
//! file, or of every Markdown file under a folder.
//!
//! Reads the file, walks `Parser::new_ext(text, options).into_offset_iter()` with the
//! options mdsel's tree builder uses, and prints the number of events, so the
//! parse cannot be optimised away. `scripts/bench` times this beside `mdsel` on the
//! same input, built with the same (release) profile. Given a folder, it reads
//! and parses its `.md` and `.mdx` files (hidden ones too, links not followed)
//! on as many threads as the machine has cores: what any sweep of a doc set
//! that parses every page costs at least (`scripts/links-speed --bare`).
//!
//! ```text
//! cargo run --release --example bare_parse -- FILE|DIR
//! ```

use std::path::{Path, PathBuf};

use pulldown_cmark::Parser;

/// The tree builder's own definition of the parser options, not a copy.
#[path = "../src/tree/options.rs"]
mod parser;
use parser::options;

fn main() -> std::process::ExitCode {
    let Some(path) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: bare_parse FILE|DIR");
        return std::process::ExitCode::from(2);
    };
    let parsed = if path.is_dir() {
        let mut files = Vec::new();
        markdown_under(&path, &mut files);
        parse_all(&files)
    } else {
        // One file on this thread, as `scripts/bench` has always timed it.
        parse(&path)
    };
    match parsed {
        Ok(events) => {
            println!("{events}");
            std::process::ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("{err}");
            std::process::ExitCode::from(1)
        }
    }
}

/// The parser's events in `files`, read on as many threads as there are cores.
fn parse_all(files: &[PathBuf]) -> Result<usize, String> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        let parts: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mine = files.iter().skip(t).step_by(threads);
                    mine.map(|f| parse(f)).sum::<Result<usize, String>>()
                })
            })
            .collect();
        parts
            .into_iter()
            .map(|part| part.join().expect("a parse does not panic"))
            .sum()
    })
}

/// The parser's events in one file.
fn parse(path: &Path) -> Result<usize, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Parser::new_ext(&text, options()).into_offset_iter().count())
}

/// The `.md` and `.mdx` files under `dir`, in no order.
fn markdown_under(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        match entry.file_type() {
            Ok(kind) if kind.is_dir() => markdown_under(&path, files),
            Ok(kind)
                if kind.is_file() && path.extension().is_some_and(|e| e == "md" || e == "mdx") =>
            {
                files.push(path);
            }
            _ => {}
        }
    }
}
