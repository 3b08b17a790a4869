//! The `mdsel` binary: a thin shell over the library (see `cli.rs`).

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
