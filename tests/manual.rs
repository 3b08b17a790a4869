//! `mdsel completions <shell>` and `mdsel man`: generated from the parser, so
//! they name every subcommand and option it accepts.

use crate::common;

use common::bin::mdsel;

fn run(args: &[&str]) -> String {
    let out = mdsel(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}");
    assert!(out.stderr.is_empty());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn completions_for_every_shell_name_the_commands_and_options() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef mdsel"),
        ("fish", "complete -c mdsel"),
        ("elvish", "edit:completion:arg-completer[mdsel]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let script = run(&["completions", shell]);
        assert!(script.contains(marker), "{shell}");
        for word in [
            "select",
            "setup",
            "completions",
            "max-words",
            "json",
            "outline",
        ] {
            assert!(script.contains(word), "{shell} lacks {word}");
        }
    }
    let bash = run(&["completions", "bash"]);
    for host in common::bin::setup_hosts() {
        assert!(bash.contains(&host), "setup's hosts complete: {host}");
    }
}

#[test]
fn the_man_page_is_roff_with_every_subcommand() {
    let page = run(&["man"]);
    assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{}", &page[..80]);
    assert!(page.contains(".TH mdsel 1"), "{page}");
    for word in [
        "index",
        "select",
        "search",
        "mcp",
        "hook",
        "setup",
        "completions",
    ] {
        assert!(page.contains(word), "man page lacks {word}");
    }
}

#[test]
fn an_unknown_shell_is_a_usage_error_naming_the_shells() {
    let out = mdsel(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("bash") && err.contains("zsh"), "{err}");
}
