//! CLI behaviour as data: every `tests/cmd/*.toml` case (arguments, stdin,
//! environment, expected stdout, stderr and exit code over `tests/fixtures/`),
//! and every ```` ```console ```` example in the README, so the docs cannot lie.

#[test]
fn cli_cases() {
    trycmd::TestCases::new()
        .case("tests/cmd/*.toml")
        .case("README.md");
}
