//! CLI behaviour as data: every `tests/cmd/*.toml` case (arguments, stdin,
//! environment, expected stdout, stderr and exit code over `tests/fixtures/`),
//! and every ```` ```console ```` example in the README and in `docs/`, so the
//! docs cannot lie.

use crate::common;

#[test]
fn cli_cases() {
    trycmd::TestCases::new()
        .register_bin("mdsel", std::path::Path::new(common::bin::EXE))
        .case("tests/cmd/*.toml")
        .case("README.md")
        .case("docs/*.md");
}
