//! The integration tests, one binary (`cargo test --test integration`): a
//! module per concern, each reaching mdsel through the harness in `common/`
//! (the real binary, the library in memory, scratch folders, an MCP session).
//! One binary links the crate and the MCP client once, not once per file.
//!
//! Tests that need more than Rust, or more time than a debug build has, are
//! `#[ignore]`d with the command that runs them: `cargo test --test integration
//! corpus:: -- --ignored` (the shared corpus), `mcp_python::` (the Python MCP
//! SDK), `hosts::` and `mdx::` (npm packages installed by `.ci/run`), and
//! `scale::` (inputs whose point is their size, run with `--release`).

mod common;
#[path = "common/mcp.rs"]
mod mcp;

mod agent_docs;
mod budget;
mod bundles;
mod cli;
mod corpus;
mod dialects;
mod economy;
mod exact;
mod folders;
mod format_guide;
mod fuzz_regressions;
mod globs;
mod hook;
mod hook_hosts;
mod hook_outline;
mod hostile;
mod hosts;
mod json;
mod line_rules;
mod link_views;
mod links;
mod lists;
mod manual;
mod mcp_hosts;
mod mcp_output;
mod mcp_protocol;
mod mcp_python;
mod mcp_roots;
mod mcp_tools;
mod mdx;
mod namespaces;
mod npm;
mod outline_ranges;
mod properties;
mod ranking;
mod scale;
mod setup;
mod setup_hosts;
mod setup_outline;
mod titles;
