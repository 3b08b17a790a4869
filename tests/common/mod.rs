//! The one harness of the integration tests: every test file reaches mdsel
//! through these modules and no other way.
//!
//! - [`bin`]: the real binary, with arguments, stdin, working directory and
//!   environment (clean of the caller's `MDSEL_*` variables).
//! - [`memory`]: the library in memory: runs over texts, reports rendered,
//!   documents parsed and walked. The only file that builds a library call.
//! - [`scratch`]: fresh folders with files, removed after the test.
//! - `mcp.rs`: an MCP session over stdio with the official Rust client. Only the
//!   MCP test files declare it (`#[path = "common/mcp.rs"] mod mcp;`), so that the
//!   others do not compile the client (ten seconds each).

#![allow(dead_code)] // each test file uses a part of the harness

pub mod bin;
pub mod memory;
pub mod scratch;
