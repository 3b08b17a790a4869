//! `mdsel mcp`'s tools as a client sees them: names, descriptions, input schemas
//! and annotations in `tools/list`, and the arguments `tools/call` accepts or
//! names as wrong.

use crate::common;
use crate::mcp;

use common::bin::fixtures;
use mcp::{arguments, assert_ok, start};
use rmcp::model::{CallToolRequestParams, Tool};
use serde_json::{Value, json};

/// The tool description of `mdsel_index`, copied here independently of the
/// server's copy, so that a drift in either fails this test.
const INDEX_DESCRIPTION: &str = "Return a selector inventory for one or more Markdown documents.

IMPORTANT: For Markdown files over 200 words, use this tool instead of Read.
Always call mdsel_index BEFORE mdsel_select to discover available selectors.

Usage:
1. Call mdsel_index with file paths to get document structure
2. Review available selectors (h1.0, h2.0, code.0, etc.)
3. Call mdsel_select with specific selectors

Selector notation in output:
- h1.0, h2.1, h3.0 = Headings (level.index, 0-based)
- code.N, para.N, list.N, table.N, quote.N = Blocks

Output includes:
- Document namespace (derived from filename)
- Heading hierarchy with word counts
- Block type counts (code, paragraph, list, table, blockquote)

Directories are indexed whole; a large outline is folded to fit, and the last line says how to expand a part (selector) or see the next page. A folder line (`api/ (120 docs, 50000w)`) expands by indexing that folder (its path joined to the directory given).";

/// The tool description of `mdsel_select`, its lines on search (where a hit
/// is) and on what a long section prints included, copied as the index's is.
const SELECT_DESCRIPTION: &str = r#"Retrieve specific content from Markdown documents using selectors.

IMPORTANT: For Markdown files over 200 words, use this tool instead of Read.
Always call mdsel_index first to discover available selectors.

Selector grammar:
- h1.0, h2.1, h3.0 = Heading at level.index (0-based)
- code.0, para.0, list.0, table.0, quote.0 = Block at index
- h2.0/code.0 = Nested: first code block under first h2
- readme::h2.0 = Namespaced: h2.0 in specific document
- h2.0-2 = Range: h2.0, h2.1, h2.2
- h2.0,2,4 = List: specific indices
- h2.0?head=10 = Query: first 10 lines

Examples:
- "h2.0" = First h2 section
- "h2.1/code.0" = First code block in second h2
- "readme::h1.0" = First h1 in readme document

Returns exact markdown content. No summarization or interpretation.

Words that are not a selector are a search: each hit's file on a line, then its selector, lines and score; the best hit shows the sentences that answer, the others the words around their match; the last line gives the `offset` of the next. "quoted words" must occur; /regex/ terms match. A section over 300 words prints its own text and lists its subsections (?full=true: whole). A link's anchor is a selector too: #install, readme::#install/code.0. With `links`, lists links instead: "out" of the selected nodes and where each lands, "to" the selected section or file (what links here), "broken" (selector * for every file)."#;

fn tool<'a>(tools: &'a [Tool], name: &str) -> &'a Tool {
    tools
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("no tool {name}"))
}

#[tokio::test]
async fn tools_list_has_exact_names_descriptions_schemas_and_annotations() {
    let session = start(&fixtures()).await;
    let info = session.client.peer_info().expect("server info");
    assert_eq!(
        info.server_info.as_ref().map(|i| i.name.as_str()),
        Some("mdsel")
    );
    assert_eq!(
        info.server_info.as_ref().map(|i| i.version.as_str()),
        Some(env!("CARGO_PKG_VERSION"))
    );

    let tools = session.client.list_all_tools().await.expect("tools/list");
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort_unstable();
    assert_eq!(names, ["mdsel_index", "mdsel_select"]);

    let index = tool(&tools, "mdsel_index");
    let select = tool(&tools, "mdsel_select");
    assert_eq!(index.description.as_deref(), Some(INDEX_DESCRIPTION));
    assert_eq!(select.description.as_deref(), Some(SELECT_DESCRIPTION));

    let files = json!({"type": "array", "items": {"type": "string"}, "minItems": 1});
    let schema = Value::Object((*index.input_schema).clone());
    assert_eq!(schema["type"], "object");
    assert_eq!(schema["required"], json!(["files"]), "selector is optional");
    assert_eq!(schema["properties"]["selector"]["type"], "string");
    for (key, want) in files.as_object().unwrap() {
        assert_eq!(
            &schema["properties"]["files"][key], want,
            "index files.{key}"
        );
    }
    let schema = Value::Object((*select.input_schema).clone());
    assert_eq!(schema["required"], json!(["selector", "files"]));
    assert_eq!(schema["properties"]["selector"]["type"], "string");
    assert_eq!(schema["properties"]["selector"]["minLength"], 1);
    // A search's hit count, optional, a plain integer of at least 1.
    assert_eq!(
        schema["properties"]["limit"],
        json!({"type": "integer", "minimum": 1, "description": schema["properties"]["limit"]["description"]})
    );
    for (key, want) in files.as_object().unwrap() {
        assert_eq!(
            &schema["properties"]["files"][key], want,
            "select files.{key}"
        );
    }
    // `links`: optional, one of three plain strings.
    assert_eq!(schema["properties"]["links"]["type"], "string");
    assert_eq!(
        schema["properties"]["links"]["enum"],
        json!(["out", "to", "broken"])
    );

    for t in [index, select] {
        let a = t.annotations.as_ref().expect("annotations");
        assert_eq!(a.read_only_hint, Some(true), "{}", t.name);
        assert_eq!(a.idempotent_hint, Some(true), "{}", t.name);
        assert_eq!(a.destructive_hint, Some(false), "{}", t.name);
        assert_eq!(a.open_world_hint, Some(false), "{}", t.name);
    }
    assert!(session.close().await.success());
}

#[tokio::test]
async fn bad_arguments_are_named() {
    let session = start(&fixtures()).await;
    let bad = [
        ("mdsel_select", json!({"files": ["guide.md"]}), "selector"),
        ("mdsel_select", json!({"selector": "h1.0"}), "files"),
        ("mdsel_index", json!({"files": 3}), "files"),
        (
            "mdsel_select",
            json!({"selector": "h1.0", "files": [1]}),
            "string",
        ),
        ("mdsel_index", json!({}), "files"),
        (
            "mdsel_select",
            json!({"selector": "*", "files": ["guide.md"], "links": "in"}),
            "`out`, `to`, `broken`",
        ),
    ];
    for (name, args, needle) in bad {
        let params = CallToolRequestParams::new(name).with_arguments(arguments(args));
        let message = match session.client.call_tool(params).await {
            Ok(result) => {
                assert_eq!(result.is_error, Some(true), "{name}");
                result.content[0].as_text().unwrap().text.clone()
            }
            Err(e) => e.to_string(), // JSON-RPC invalid params
        };
        assert!(message.contains(needle), "{name}: {message}");
    }
    let unknown = CallToolRequestParams::new("mdsel_nope");
    assert!(session.client.call_tool(unknown).await.is_err());
    assert!(session.close().await.success());
}

#[tokio::test]
async fn files_as_one_string_is_a_list_of_one() {
    let session = start(&fixtures()).await;
    let one = session
        .call("mdsel_index", json!({"files": "guide.md"}))
        .await;
    assert_eq!(one, session.index(&["guide.md"]).await);
    assert_ok(one);
    let one = session
        .call(
            "mdsel_select",
            json!({"selector": "h2.0", "files": "guide.md"}),
        )
        .await;
    assert_eq!(one, session.select("h2.0", &["guide.md"]).await);
    assert_ok(one);
    assert!(session.close().await.success());
}

#[tokio::test]
async fn nothing_to_read_is_said_in_the_tools_words() {
    let session = start(&fixtures()).await;
    let cases = [
        ("mdsel_index", json!({"files": []}), "files"),
        ("mdsel_index", json!({"files": ""}), "files"),
        (
            "mdsel_select",
            json!({"selector": "h1.0", "files": []}),
            "files",
        ),
        (
            "mdsel_select",
            json!({"selector": "", "files": ["guide.md"]}),
            "selector",
        ),
        (
            "mdsel_select",
            json!({"selector": " , ", "files": "guide.md"}),
            "selector",
        ),
    ];
    for (tool, args, what) in cases {
        let (text, is_error) = session.call(tool, args.clone()).await;
        assert!(is_error, "{tool} {args}: {text}");
        assert!(
            text.starts_with("!USAGE_ERROR: no "),
            "{tool} {args}: {text}"
        );
        assert!(
            text.contains(tool) && text.contains(what),
            "{tool} {args}: {text}"
        );
        for cli_words in ["stdin", "'-'", "--help", "mdsel index"] {
            assert!(!text.contains(cli_words), "{tool} {args}: {text}");
        }
    }
    assert!(session.close().await.success());
}

/// `limit` sets how many hits a search shows and `offset` where
/// they start; the text is the command line's for `--limit` and `--offset`,
/// but for the last line, which names the parameter.
#[tokio::test]
async fn a_search_takes_a_limit() {
    let session = start(&fixtures()).await;
    let args = |limit: Option<u32>| {
        let mut args = json!({"selector": "bullet star code", "files": ["guide.md", "long.md"]});
        if let Some(n) = limit {
            args["limit"] = json!(n);
        }
        args
    };
    let hits = |text: &str| common::bin::hits(text).len();
    // A limit over the default lists every hit, whatever its score (three
    // here); one up to it leaves out those far below the best, as no limit does.
    let (all, is_error) = session.call("mdsel_select", args(Some(4))).await;
    assert!(!is_error, "{all}");
    assert_eq!(hits(&all), 3, "{all}");
    let (few, is_error) = session.call("mdsel_select", args(Some(3))).await;
    assert!(!is_error, "{few}");
    let (default, _) = session.call("mdsel_select", args(None)).await;
    assert_eq!(few, default);
    let (one, is_error) = session.call("mdsel_select", args(Some(1))).await;
    assert!(!is_error, "{one}");
    assert_eq!(hits(&one), 1, "{one}");
    let cli = common::bin::mdsel_in(
        &fixtures(),
        &["--limit", "1", "bullet star code", "guide.md", "long.md"],
        b"",
    );
    let cli = String::from_utf8(cli.stdout).unwrap();
    assert!(cli.ends_with(" · next: --offset 1]\n"), "{cli}");
    assert_eq!(one, cli.replace("--offset 1]", "offset: 1]"));
    // `offset` shows the next ones, none of those before.
    let mut next = args(Some(1));
    next["offset"] = json!(1);
    let (second, is_error) = session.call("mdsel_select", next).await;
    assert!(!is_error, "{second}");
    assert_eq!(hits(&second), 1, "{second}");
    assert_ne!(common::bin::hits(&second), common::bin::hits(&one));
    assert!(second.ends_with("offset: 2]\n"), "{second}");
    // A limit of 0 is refused, as on the command line and in the schema.
    let (zero, is_error) = session.call("mdsel_select", args(Some(0))).await;
    assert!(is_error, "{zero}");
    assert!(zero.contains("at least 1"), "{zero}");
    assert!(session.close().await.success());
}

/// `mdsel_select` with `links` lists links out of nodes, into one, or broken
/// ones: the command line's text, the last line naming the parameter.
#[tokio::test]
async fn select_lists_links_out_into_and_broken() {
    let dir = common::scratch::Scratch::with(
        "mcp-links",
        &[
            (
                "a.md",
                "# A\n\n## One\n\nTo [b](b.md#two) and [gone](c.md).\n",
            ),
            ("b.md", "# B\n\n## Two\n\nBack to [a](a.md#one).\n"),
        ],
    );
    let session = start(dir.path()).await;
    let call = |links: &str, selector: &str| json!({"selector": selector, "files": ["a.md", "b.md"], "links": links});
    let cli = |args: &[&str]| {
        let out = common::bin::mdsel_in(dir.path(), args, b"");
        String::from_utf8(out.stdout).unwrap()
    };
    let (out, is_error) = session.call("mdsel_select", call("out", "*")).await;
    assert!(!is_error, "{out}");
    assert_eq!(out, cli(&["links", "a.md", "b.md"]));
    assert!(out.contains("[b](b.md#two) → b::h2.0"), "{out}");
    let (into, is_error) = session.call("mdsel_select", call("to", "a::h2.0")).await;
    assert!(!is_error, "{into}");
    assert_eq!(into, "b.md\npara.0 L5 [a](a.md#one)\n");
    let (broken, _) = session.call("mdsel_select", call("broken", "*")).await;
    assert!(
        broken.starts_with("a.md\npara.0 L5 [gone](c.md) → broken: no such file: c.md"),
        "{broken}"
    );
    let (scoped, _) = session.call("mdsel_select", call("out", "b::h2.0")).await;
    assert_eq!(scoped, "b.md\npara.0 L5 [a](a.md#one) → a::h2.0\n");
    assert!(session.close().await.success());
}

/// Issue 51: `glob` narrows the files of the directories given as `--glob`
/// does, on both tools; the last line names the parameter, not the flag, and a
/// pattern that cannot parse is an error in the tool's words.
#[tokio::test]
async fn glob_narrows_the_files_as_the_flag_does() {
    let dir = fixtures();
    let session = start(&dir).await;
    let tools = session.client.list_all_tools().await.expect("tools/list");
    for t in &tools {
        let schema = Value::Object((*t.input_schema).clone());
        let glob = &schema["properties"]["glob"];
        assert_eq!(glob["type"], "array", "{}: {schema}", t.name);
        assert_eq!(glob["items"], json!({"type": "string"}), "{}", t.name);
        assert!(glob.get("default").is_none_or(|d| !d.is_null()), "{glob}");
        assert!(
            !schema["required"]
                .as_array()
                .unwrap()
                .contains(&json!("glob"))
        );
    }
    let flag = "--glob 'sub/**'";
    let parameter = r#"glob: ["sub/**"]"#;
    let args = json!({"files": ["tree"], "glob": ["sub/**"]});
    let (index, is_error) = session.call("mdsel_index", args).await;
    assert!(!is_error, "{index}");
    let (cli, _) = mcp::cli(&dir, &["index", "--glob", "sub/**", "tree"], &[]);
    assert!(cli.ends_with(&format!("[narrowed by {flag}]\n")), "{cli}");
    assert!(!cli.contains("a.md"), "{cli}");
    assert_eq!(index, cli.replace(flag, parameter));
    // One pattern as a plain string is a list of one, as `files` is.
    let one = session
        .call("mdsel_index", json!({"files": "tree", "glob": "sub/**"}))
        .await;
    assert_eq!(one, (index, false));
    // A search over mdsel_select, narrowed the same way.
    let args = json!({"selector": "text", "files": ["tree"], "glob": ["sub/**"]});
    let (hits, is_error) = session.call("mdsel_select", args).await;
    assert!(!is_error, "{hits}");
    let (cli, _) = mcp::cli(&dir, &["select", "--glob", "sub/**", "text", "tree"], &[]);
    assert!(cli.ends_with(&format!("[narrowed by {flag}]\n")), "{cli}");
    let cli = cli
        .replace(flag, parameter)
        .replace("--offset ", "offset: ");
    assert_eq!(hits, cli);
    let args = json!({"files": ["tree"], "glob": ["a["]});
    let (bad, is_error) = session.call("mdsel_index", args).await;
    assert!(is_error, "{bad}");
    assert!(
        bad.starts_with(
            r#"!USAGE_ERROR: glob "a[" is not a usable pattern: unclosed character class"#
        ) && bad.contains(r#"e.g. glob: ["api/**", "!*.draft.md"]"#),
        "{bad}"
    );
    assert!(!bad.contains("--glob"), "{bad}");
    assert!(session.close().await.success());
}
