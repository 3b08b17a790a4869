//! The `mdsel` binary: thin faces over the library: the CLI (`cli.rs`), the MCP
//! server (`mcp/`), the agent hooks (`hook/`), their set-up (`setup/`), and the generated
//! completions and man page (`manual.rs`).

#![forbid(unsafe_code)]

mod cli;
mod hook;
mod manual;
mod mcp;
mod setup;

fn main() -> std::process::ExitCode {
    cli::main()
}
