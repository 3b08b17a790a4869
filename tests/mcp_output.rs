//! `mdsel mcp`'s results are the CLI's output byte for byte: the same text for
//! every selector and file, the same errors, the same paging and options.

use crate::common;
use crate::mcp;

use common::bin::fixtures;
use mcp::{Client, assert_ok, cli, cli_index, cli_index_scoped, cli_select, start, start_with};

#[tokio::test]
async fn results_are_byte_identical_to_the_cli() {
    let dir = fixtures();
    // A small page size, so paging markers are compared too.
    let env = [("MDSEL_MAX_WORDS", "30")];
    let session = start_with(&dir, &[], &env, Client::default()).await;
    let index_cases: &[&[&str]] = &[
        &["guide.md"],
        &["long.md"],
        &["crlf.md"],
        &["bom.md", "nonl.md"],
        &["guide.md", "docs/readme.md", "api/readme.md"],
        &["tree"],
    ];
    for files in index_cases {
        let mcp = session.index(files).await;
        assert_eq!(mcp, cli_index(&dir, files, &env), "index {files:?}");
        assert!(!mcp.1 && !mcp.0.is_empty(), "index {files:?}");
    }
    // Scoped and paged outlines, folded at this budget.
    let scoped_cases: &[(&str, &[&str])] = &[
        ("h2.1", &["guide.md"]),
        ("guide::*", &["guide.md", "long.md"]),
        ("page.1", &["long.md"]),
        (
            "page.1",
            &["guide.md", "docs/readme.md", "api/readme.md", "tree"],
        ),
        ("", &["guide.md"]),
    ];
    for (selector, files) in scoped_cases {
        let mcp = session.index_scoped(selector, files).await;
        let want = cli_index_scoped(&dir, selector, files, &env);
        assert_eq!(mcp, want, "index {selector} {files:?}");
        assert!(!mcp.0.is_empty(), "index {selector} {files:?}");
    }
    let select_cases: &[(&str, &[&str])] = &[
        ("h1.0", &["guide.md"]),
        ("h2.0", &["guide.md"]),
        ("h2.1/code.0", &["guide.md"]),
        ("h2.0-1", &["guide.md"]),
        ("h2.0,h3.0", &["guide.md"]),
        ("code.0?head=1", &["guide.md"]),
        ("*", &["crlf.md"]),
        ("root", &["guide.md"]),
        ("front", &["guide.md"]),
        ("para.0", &["nonl.md"]),
        ("h2.0", &["long.md"]),
        ("h2.0/page.1", &["long.md"]),
        ("h2.0?full=true", &["long.md"]),
        ("docs/readme::h1.0", &["docs/readme.md", "api/readme.md"]),
        ("h1.0", &["docs/readme.md", "api/readme.md"]),
        ("install", &["guide.md"]), // falls back to search, as the CLI does
        // Links (docs/links.md, "Following links"): an anchor, a path with an anchor, a wiki link.
        ("#usage/code.0", &["guide.md"]),
        ("#search--find?head=1", &["guide.md"]),
        ("guide.md#installation", &["guide.md", "long.md"]),
        ("[[guide#Select]]", &["guide.md", "long.md"]),
        // A site's page link names its Markdown source among the files.
        ("./guide#installation", &["guide.md", "long.md"]),
        ("#installation", &["./guide", "long.html"]),
        (
            "/docs/readme.html#start",
            &["docs/readme.md", "api/readme.md"],
        ),
    ];
    for (selector, files) in select_cases {
        let mcp = session.select(selector, files).await;
        let want = cli_select(&dir, selector, files, &env);
        assert_eq!(mcp, want, "select {selector} {files:?}");
        assert!(!mcp.1, "select {selector} {files:?}: {}", mcp.0);
    }
    assert!(session.close().await.success());
}

#[tokio::test]
async fn failures_are_errors_with_the_cli_text() {
    let dir = fixtures();
    let session = start(&dir).await;
    let cases: &[(&str, &[&str])] = &[
        ("h2.99", &["guide.md"]),      // index out of range, with suggestions
        ("h2.", &["guide.md"]),        // invalid selector, with the column
        ("hx.0", &["guide.md"]),       // unknown type, with a fix
        ("nope::h1.0", &["guide.md"]), // namespace not found
        ("h1.0", &["missing.md"]),     // file not found
        ("h1.0", &["guide.md", "missing.md"]), // partial results, then the error
        ("h1.0", &["bad/binary.md"]),
        ("h1.0", &["bad/utf16.md"]),
        ("h1.0", &["bad/latin1.md"]),
        ("h1.0", &["empty"]),                  // no Markdown files: usage error
        ("zzzzqqq", &["guide.md"]),            // search with no hit
        ("tabel.0", &["guide.md"]),            // a selector-shaped typo, with the fix
        ("/guid#installation", &["guide.md"]), // a link to no input, with the fix
    ];
    for (selector, files) in cases {
        let mcp = session.select(selector, files).await;
        let want = cli_select(&dir, selector, files, &[]);
        assert!(want.1, "the CLI fails for select {selector:?} {files:?}");
        assert_eq!(mcp, want, "select {selector:?} {files:?}");
        assert!(!mcp.0.trim().is_empty());
    }
    for files in [&["missing.md"][..], &["empty"][..]] {
        let mcp = session.index(files).await;
        assert_eq!(mcp, cli_index(&dir, files, &[]), "index {files:?}");
    }
    assert!(session.close().await.success());
}

#[tokio::test]
async fn stdin_is_refused_without_hiding_other_files() {
    let dir = fixtures();
    let session = start(&dir).await;
    let (text, is_error) = session.index(&["-"]).await;
    assert!(is_error);
    assert_eq!(
        text,
        "!NOT_A_FILE: -\nStdin ('-') carries the MCP protocol here; name a file or directory instead\n"
    );
    let (text, is_error) = session.select("h1.0", &["guide.md", "-"]).await;
    assert!(is_error);
    let (alone, _) = cli_select(&dir, "h1.0", &["guide.md"], &[]);
    assert!(text.starts_with(&alone), "{text}");
    assert!(text.ends_with("!NOT_A_FILE: -\nStdin ('-') carries the MCP protocol here; name a file or directory instead\n"));
    // The server is still serving after refusing stdin: it never read it.
    assert_ok(session.index(&["guide.md"]).await);
    assert!(session.close().await.success());
}

#[tokio::test]
async fn paging_follows_mdsel_max_words_so_answers_stay_small() {
    let dir = fixtures();
    let session = start_with(&dir, &[], &[("MDSEL_MAX_WORDS", "20")], Client::default()).await;
    let (text, is_error) = session.select("*", &["long.md"]).await;
    assert!(!is_error);
    assert!(common::memory::words(&text) < 60, "{text}");
    assert!(text.trim_end().ends_with(" · all: *?full=true]"), "{text}");
    assert!(session.close().await.success());
}

#[tokio::test]
async fn the_server_takes_the_cli_options_for_every_call() {
    let dir = fixtures();
    let flags = ["--max-words", "25", "--max-bytes", "600"];
    let env = [("MDSEL_MAX_WORDS", "7")]; // the flag wins, as in the CLI
    let session = start_with(&dir, &flags, &env, Client::default()).await;
    for (selector, file) in [
        ("h2.0", "long.md"),
        ("h1.0", "guide.md"),
        ("h1.0", "crlf.md"),
    ] {
        let mcp = session.select(selector, &[file]).await;
        let mut args = vec!["select", selector, file];
        args.extend(flags);
        assert_eq!(mcp, cli(&dir, &args, &env), "{selector} {file}");
    }
    // long.md is over 400 bytes: refused as the CLI refuses it.
    assert!(
        session
            .select("h1.0", &["long.md"])
            .await
            .0
            .contains("FILE_TOO_LARGE")
    );
    assert!(session.close().await.success());
}

/// `mdsel_index {lines: true}` is `mdsel index --lines`: outline lines
/// end with their line ranges, counted in the budget.
#[tokio::test]
async fn index_lines_are_the_cli_lines_flag() {
    let dir = fixtures();
    let env = [("MDSEL_MAX_WORDS", "40")];
    let session = start_with(&dir, &[], &env, Client::default()).await;
    for files in [&["guide.md"][..], &["guide.md", "long.md"]] {
        let mcp = session
            .call(
                "mdsel_index",
                serde_json::json!({"files": files, "lines": true}),
            )
            .await;
        let mut args = vec!["index", "--lines"];
        args.extend_from_slice(files);
        // The command line's marker repeats `--lines`; a tool's names no flags.
        let (text, code) = cli(&dir, &args, &env);
        let text = text.replace(" --lines ", " ");
        assert_eq!(mcp, (text, code), "{files:?}");
        assert!(mcp.0.contains(" L"), "{}", mcp.0);
        let without = session.index(files).await;
        assert!(!without.0.contains(") L"), "{}", without.0);
    }
    assert!(session.close().await.success());
}
