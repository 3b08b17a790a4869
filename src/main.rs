//! The `mdsel` binary: thin faces over the library: the CLI (`cli.rs`), the MCP
//! server (`mcp/`), the agent hook (`hook.rs`) and its setup (`setup.rs`).

mod cli;
mod hook;
mod mcp;
mod setup;

fn main() -> std::process::ExitCode {
    cli::main()
}
