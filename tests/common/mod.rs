//! The harness of the integration tests: every test module reaches mdsel
//! through it and no other way, so a change to the binary's environment or the
//! library's API is one edit here, not one per test.
//!
//! - [`bin`]: the real binary as a child process, with arguments, stdin,
//!   working directory and environment (clean of the caller's `MDSEL_*`
//!   variables); the fixture folder and the project root.
//! - [`memory`]: the library in memory: runs over texts, reports rendered,
//!   documents parsed and walked. The only file that builds a library call, and
//!   where test modules take the library's types from.
//! - [`scratch`]: fresh folders with files, removed after the test.
//! - `mcp.rs`: an MCP session over stdio with the official Rust client,
//!   declared beside this module in `tests.rs` (`crate::mcp`) and used by the
//!   `mcp_*` modules.
//!
//! A test module starts with `use crate::common;` and takes what it needs:
//!
//! ```text
//! use common::bin::{mdsel, mdsel_in};  // mdsel(&["index", "guide.md"]), run in tests/fixtures/
//! use common::memory::{self, Run};     // Run::index().doc("a.md", text).report()
//! use common::scratch::Scratch;        // Scratch::with("case", &[("a.md", "# A\n")])
//! ```

pub mod bin;
pub mod memory;
pub mod scratch;
