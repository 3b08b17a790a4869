//! `mdsel completions <shell>` and `mdsel man`: shell completions and a man
//! page generated from the CLI's own clap definition, so they list exactly the
//! commands and options the parser accepts.

use std::io::{self, Write};

use clap_complete::Shell;

/// Writes the completion script for `shell` to stdout.
pub fn completions(shell: Shell, mut command: clap::Command) -> io::Result<()> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command, "mdsel", &mut out);
    io::stdout().lock().write_all(&out)
}

/// Writes the man page (roff) to stdout.
pub fn man(command: clap::Command) -> io::Result<()> {
    let mut out = Vec::new();
    clap_mangen::Man::new(command).render(&mut out)?;
    io::stdout().lock().write_all(&out)
}
