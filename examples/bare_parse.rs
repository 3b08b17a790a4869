//! The benchmark's baseline: a bare pulldown-cmark parse of one file, nothing else.
//!
//! Reads the file, walks `Parser::new_ext(text, options).into_offset_iter()` with the
//! options mdsel's tree builder uses, and prints the number of events, so the
//! parse cannot be optimised away. `scripts/bench` times this beside `mdsel` on the
//! same input, built with the same (release) profile.
//!
//! ```text
//! cargo run --release --example bare_parse -- FILE
//! ```

use pulldown_cmark::Parser;

/// The tree builder's own definition of the parser options, not a copy.
#[path = "../src/tree/options.rs"]
mod parser;
use parser::options;

fn main() -> std::process::ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: bare_parse FILE");
        return std::process::ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("{}: {err}", path.to_string_lossy());
            return std::process::ExitCode::from(1);
        }
    };
    let events = Parser::new_ext(&text, options()).into_offset_iter().count();
    println!("{events}");
    std::process::ExitCode::SUCCESS
}
