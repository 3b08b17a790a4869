//! `mdsel mcp` over real stdio, driven by the official Rust client (`rmcp`).
//!
//! Each test starts the binary as a child process and speaks MCP to it through
//! its stdin and stdout, as an agent host does. The harness also keeps a copy
//! of everything the server wrote, and can write raw bytes to its stdin.

#![allow(deprecated)] // roots: deprecated in the newest protocol revision, still what clients use

use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, Implementation, ListRootsResult, Root,
    Tool,
};
use rmcp::service::{RequestContext, RunningService};
use rmcp::{ClientHandler, ErrorData, RoleClient, ServiceExt};
use serde_json::{Value, json};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::process::{Child, ChildStdin, ChildStdout};

/// The SPEC's §11 text for `mdsel_index`, copied here independently of the
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
- Block type counts (code, paragraph, list, table, blockquote)";

/// The SPEC's §11 text for `mdsel_select`, with the line §13 appends.
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

Words that are not a selector are a search: it returns the best matching sections as selectors, with their heading path and size."#;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

// ---------------------------------------------------------------- harness

/// A test client: optionally declares roots, answering `roots/list` from a
/// list the test can change.
#[derive(Clone, Default)]
struct Client {
    roots: Option<Arc<Mutex<Vec<PathBuf>>>>,
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let capabilities = match self.roots {
            Some(_) => ClientCapabilities::builder()
                .enable_roots()
                .enable_roots_list_changed()
                .build(),
            None => ClientCapabilities::default(),
        };
        ClientConfig::new(capabilities, Implementation::new("mdsel-tests", "0"))
    }

    async fn list_roots(
        &self,
        _: RequestContext<RoleClient>,
    ) -> Result<ListRootsResult, ErrorData> {
        let dirs = self
            .roots
            .as_ref()
            .map(|r| r.lock().unwrap().clone())
            .unwrap_or_default();
        let roots = dirs
            .iter()
            .map(|d| Root::new(format!("file://{}", d.display())))
            .collect();
        Ok(ListRootsResult::new(roots))
    }
}

/// The server's stdin, shared by the client and the test (which may write raw
/// bytes, or close it).
#[derive(Clone)]
struct Stdin(Arc<Mutex<Option<ChildStdin>>>);

impl AsyncWrite for Stdin {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        match self.0.lock().unwrap().as_mut() {
            Some(w) => Pin::new(w).poll_write(cx, buf),
            None => Poll::Ready(Err(std::io::ErrorKind::BrokenPipe.into())),
        }
    }
    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        match self.0.lock().unwrap().as_mut() {
            Some(w) => Pin::new(w).poll_flush(cx),
            None => Poll::Ready(Ok(())),
        }
    }
    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Poll::Ready(Ok(())) // only the test closes the pipe
    }
}

/// The server's stdout, with a copy of every byte kept for inspection.
struct Stdout {
    inner: ChildStdout,
    seen: Arc<Mutex<Vec<u8>>>,
}

impl AsyncRead for Stdout {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = polled {
            self.seen
                .lock()
                .unwrap()
                .extend_from_slice(&buf.filled()[before..]);
        }
        polled
    }
}

struct Session {
    client: RunningService<RoleClient, Client>,
    child: Child,
    stdin: Stdin,
    seen: Arc<Mutex<Vec<u8>>>,
}

fn server_command(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> tokio::process::Command {
    let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_mdsel"));
    cmd.arg("mcp")
        .args(args)
        .current_dir(cwd)
        .env_remove("MDSEL_MAX_WORDS")
        .env_remove("MDSEL_MIN_WORDS")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true);
    cmd
}

async fn start_with(cwd: &Path, args: &[&str], env: &[(&str, &str)], client: Client) -> Session {
    let mut child = server_command(cwd, args, env)
        .spawn()
        .expect("spawn mdsel mcp");
    let stdin = Stdin(Arc::new(Mutex::new(child.stdin.take())));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let stdout = Stdout {
        inner: child.stdout.take().expect("stdout"),
        seen: Arc::clone(&seen),
    };
    let client = client
        .serve((stdout, stdin.clone()))
        .await
        .expect("initialize");
    Session {
        client,
        child,
        stdin,
        seen,
    }
}

async fn start(cwd: &Path) -> Session {
    start_with(cwd, &[], &[], Client::default()).await
}

impl Session {
    /// Calls a tool; returns `content[0].text` and `isError`.
    async fn call(&self, tool: &'static str, args: Value) -> (String, bool) {
        let Value::Object(args) = args else {
            panic!("arguments must be an object")
        };
        let result = self
            .client
            .call_tool(CallToolRequestParams::new(tool).with_arguments(args))
            .await
            .expect("tools/call");
        let text = result.content[0]
            .as_text()
            .expect("text content")
            .text
            .clone();
        (text, result.is_error == Some(true))
    }

    async fn index(&self, files: &[&str]) -> (String, bool) {
        self.call("mdsel_index", json!({ "files": files })).await
    }

    async fn select(&self, selector: &str, files: &[&str]) -> (String, bool) {
        self.call(
            "mdsel_select",
            json!({ "selector": selector, "files": files }),
        )
        .await
    }

    /// Writes raw bytes to the server's stdin, outside the client.
    async fn write_raw(&self, bytes: &[u8]) {
        let mut stdin = self.stdin.clone();
        stdin.write_all(bytes).await.expect("raw write");
        stdin.flush().await.expect("flush");
    }

    /// Every line the server has written so far, parsed.
    fn lines_seen(&self) -> Vec<Value> {
        let seen = self.seen.lock().unwrap().clone();
        String::from_utf8(seen)
            .expect("stdout is UTF-8")
            .lines()
            .map(|l| {
                serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON on stdout: {l:?}: {e}"))
            })
            .collect()
    }

    /// Closes stdin and returns the server's exit status.
    async fn close(mut self) -> std::process::ExitStatus {
        self.stdin.0.lock().unwrap().take();
        let status = self.child.wait().await.expect("wait");
        drop(self.client);
        status
    }
}

/// What the CLI prints for `args` in `cwd`: the text an MCP result must hold
/// (stdout, then stderr when the exit code is not 0), and whether it failed.
fn cli(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> (String, bool) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mdsel"))
        .args(args)
        .current_dir(cwd)
        .env_remove("MDSEL_MAX_WORDS")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .expect("run mdsel");
    let failed = !out.status.success();
    let mut text = out.stdout;
    if failed {
        text.extend_from_slice(&out.stderr);
    }
    (String::from_utf8(text).expect("UTF-8"), failed)
}

// ---------------------------------------------------------------- tools/list

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
    assert_eq!(schema["required"], json!(["files"]));
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
    for (key, want) in files.as_object().unwrap() {
        assert_eq!(
            &schema["properties"]["files"][key], want,
            "select files.{key}"
        );
    }

    for t in [index, select] {
        let a = t.annotations.as_ref().expect("annotations");
        assert_eq!(a.read_only_hint, Some(true), "{}", t.name);
        assert_eq!(a.idempotent_hint, Some(true), "{}", t.name);
        assert_eq!(a.destructive_hint, Some(false), "{}", t.name);
        assert_eq!(a.open_world_hint, Some(false), "{}", t.name);
    }
    assert!(session.close().await.success());
}

// ---------------------------------------------------------------- byte identity

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
        let args: Vec<&str> = ["index"].iter().chain(files.iter()).copied().collect();
        assert_eq!(mcp, cli(&dir, &args, &env), "index {files:?}");
        assert!(!mcp.1 && !mcp.0.is_empty(), "index {files:?}");
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
    ];
    for (selector, files) in select_cases {
        let mcp = session.select(selector, files).await;
        let args: Vec<&str> = ["select", selector]
            .iter()
            .chain(files.iter())
            .copied()
            .collect();
        assert_eq!(mcp, cli(&dir, &args, &env), "select {selector} {files:?}");
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
        ("h1.0", &["empty"]),       // no Markdown files: usage error
        ("", &["guide.md"]),        // empty selector: usage error
        ("zzzzqqq", &["guide.md"]), // search with no hit
    ];
    for (selector, files) in cases {
        let mcp = session.select(selector, files).await;
        let args: Vec<&str> = ["select", selector]
            .iter()
            .chain(files.iter())
            .copied()
            .collect();
        let want = cli(&dir, &args, &[]);
        assert!(want.1, "the CLI fails for select {selector:?} {files:?}");
        assert_eq!(mcp, want, "select {selector:?} {files:?}");
        assert!(!mcp.0.trim().is_empty());
    }
    for files in [&["missing.md"][..], &[][..], &["empty"][..]] {
        let mcp = session.index(files).await;
        let args: Vec<&str> = ["index"].iter().chain(files.iter()).copied().collect();
        let mut want = cli(&dir, &args, &[]);
        if files.is_empty() {
            // clap stops the CLI before the library; the server asks the library.
            want = (
                "!USAGE_ERROR: no files given; name Markdown files, directories or '-' for stdin\n\
                 Run `mdsel --help` for usage.\n"
                    .to_owned(),
                true,
            );
        }
        assert_eq!(mcp, want, "index {files:?}");
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
    let (alone, _) = cli(&dir, &["select", "h1.0", "guide.md"], &[]);
    assert!(text.starts_with(&alone), "{text}");
    assert!(text.ends_with("!NOT_A_FILE: -\nStdin ('-') carries the MCP protocol here; name a file or directory instead\n"));
    // The server is still serving after refusing stdin: it never read it.
    assert_ok(session.index(&["guide.md"]).await);
    assert!(session.close().await.success());
}

#[tokio::test]
async fn bad_arguments_are_named() {
    let session = start(&fixtures()).await;
    let bad = [
        ("mdsel_select", json!({"files": ["guide.md"]}), "selector"),
        ("mdsel_select", json!({"selector": "h1.0"}), "files"),
        ("mdsel_index", json!({"files": "guide.md"}), "sequence"),
        ("mdsel_index", json!({}), "files"),
    ];
    for (name, args, needle) in bad {
        let Value::Object(args) = args else {
            unreachable!()
        };
        let params = CallToolRequestParams::new(name).with_arguments(args);
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

// ---------------------------------------------------------------- roots

/// A work folder, a sibling with a secret, and links from one to the other.
fn roots_tree() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let base = tmp.path().canonicalize().unwrap();
    let work = base.join("work");
    let other = base.join("other");
    std::fs::create_dir_all(work.join("docs")).unwrap();
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(work.join("docs/in.md"), "# Inside\n\nfine\n").unwrap();
    std::fs::write(other.join("secret.md"), "# Secret\n\nkeep out\n").unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(other.join("secret.md"), work.join("link.md")).unwrap();
        std::os::unix::fs::symlink(&other, work.join("up")).unwrap();
        std::os::unix::fs::symlink(work.join("docs/in.md"), work.join("alias.md")).unwrap();
    }
    (tmp, work, other)
}

fn assert_ok((text, is_error): (String, bool)) {
    assert!(!is_error, "an error: {text}");
}

fn assert_refused((text, is_error): (String, bool), path: &str) {
    assert!(is_error, "{path}: {text}");
    assert!(
        text.contains(&format!("!PERMISSION_DENIED: {path}\n"))
            && text.contains("outside the allowed roots"),
        "{path}: {text}"
    );
    assert!(!text.contains("keep out"), "{path}: leaked {text}");
}

#[tokio::test]
async fn only_files_inside_the_roots_are_read() {
    let (_tmp, work, other) = roots_tree();
    let session = start(&work).await;
    assert_eq!(
        session.select("h1.0", &["docs/in.md"]).await,
        ("# Inside\n\nfine\n".to_owned(), false)
    );
    let outside = other.join("secret.md").display().to_string();
    assert_refused(session.select("h1.0", &[&outside]).await, &outside);
    assert_refused(
        session.select("h1.0", &["../other/secret.md"]).await,
        "../other/secret.md",
    );
    assert_refused(
        session
            .select("h1.0", &["docs/../../other/secret.md"])
            .await,
        "docs/../../other/secret.md",
    );
    assert_refused(session.index(&["../other"]).await, "../other");
    assert_refused(session.index(&["/"]).await, "/");
    // A missing file outside is refused too, not reported missing.
    assert_refused(
        session.index(&["../other/none.md"]).await,
        "../other/none.md",
    );
    #[cfg(unix)]
    {
        assert_refused(session.select("h1.0", &["link.md"]).await, "link.md");
        assert_refused(
            session.select("h1.0", &["up/secret.md"]).await,
            "up/secret.md",
        );
        assert_refused(session.index(&["up"]).await, "up");
        // A link that stays inside is fine.
        assert_ok(session.select("h1.0", &["alias.md"]).await);
        // Walking the work folder does not follow the links out.
        let (text, is_error) = session.select("h1.0", &["."]).await;
        assert!(!is_error && !text.contains("keep out"), "{text}");
    }
    // Refusing one path does not hide the others.
    let (text, is_error) = session
        .select("h1.0", &["docs/in.md", "../other/secret.md"])
        .await;
    assert!(is_error);
    assert!(
        text.starts_with("# Inside\n\nfine\n!PERMISSION_DENIED: ../other/secret.md\n"),
        "{text}"
    );
    assert!(session.close().await.success());
}

#[tokio::test]
async fn root_flag_adds_a_folder() {
    let (_tmp, work, other) = roots_tree();
    let session = start_with(&work, &["--root", "../other"], &[], Client::default()).await;
    assert_eq!(
        session.select("h1.0", &["../other/secret.md"]).await,
        ("# Secret\n\nkeep out\n".to_owned(), false)
    );
    assert_ok(session.select("h1.0", &["docs/in.md"]).await);
    #[cfg(unix)]
    assert_ok(session.select("h1.0", &["link.md"]).await);
    let outside = other.parent().unwrap().display().to_string();
    assert_refused(session.index(&[&outside]).await, &outside);
    assert!(session.close().await.success());
}

#[tokio::test]
async fn a_missing_root_flag_stops_the_server_with_status_2() {
    let (_tmp, work, _) = roots_tree();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mdsel"))
        .args(["mcp", "--root", "nowhere"])
        .current_dir(&work)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--root nowhere"));
}

#[tokio::test]
async fn client_roots_add_to_the_working_directory_and_follow_changes() {
    let (_tmp, work, other) = roots_tree();
    let declared = Arc::new(Mutex::new(Vec::new()));
    let client = Client {
        roots: Some(Arc::clone(&declared)),
    };
    let session = start_with(&work, &[], &[], client).await;
    // Declaring no roots takes nothing away.
    assert_ok(session.select("h1.0", &["docs/in.md"]).await);
    assert_refused(
        session.select("h1.0", &["../other/secret.md"]).await,
        "../other/secret.md",
    );
    // The server asked once and remembers; a change is announced, then used.
    declared.lock().unwrap().push(other.clone());
    session.client.notify_roots_list_changed().await.unwrap();
    // The notification and the next call travel in order on one pipe.
    assert_ok(session.select("h1.0", &["../other/secret.md"]).await);
    assert_ok(session.select("h1.0", &["docs/in.md"]).await);
    declared.lock().unwrap().clear();
    session.client.notify_roots_list_changed().await.unwrap();
    assert_refused(
        session.select("h1.0", &["../other/secret.md"]).await,
        "../other/secret.md",
    );
    assert!(session.close().await.success());
}

// ---------------------------------------------------------------- robustness

#[tokio::test]
async fn a_malformed_line_gets_an_error_and_the_server_keeps_serving() {
    let session = start(&fixtures()).await;
    assert_ok(session.index(&["guide.md"]).await);
    session.write_raw(b"{this is not json\n").await;
    session.write_raw(b"[1, 2]\n").await;
    session
        .write_raw(b"{\"jsonrpc\":\"2.0\",\"id\":\"odd\",\"method\":\"tools/call\",\"params\":7}\n")
        .await;
    session.write_raw(b"\n   \n").await;
    let (text, is_error) = session.select("h1.0", &["guide.md"]).await;
    assert!(!is_error && text.starts_with("# "), "{text}");
    let errors: Vec<(i64, Value)> = session
        .lines_seen()
        .iter()
        .filter_map(|m| Some((m["error"]["code"].as_i64()?, m["id"].clone())))
        .collect();
    assert_eq!(
        errors,
        [
            (-32700, Value::Null),
            (-32600, Value::Null),
            (-32600, json!("odd"))
        ],
        "one error per bad line, in order"
    );
    // Everything on stdout is JSON-RPC, and every response has an id (null
    // when the request's is unknown), as JSON-RPC requires.
    for message in session.lines_seen() {
        assert_eq!(message["jsonrpc"], "2.0", "{message}");
        if message.get("method").is_none() {
            assert!(message.get("id").is_some(), "{message}");
        }
    }
    assert!(session.close().await.success());
}

#[tokio::test]
async fn fifty_concurrent_calls_are_all_answered() {
    let dir = fixtures();
    let session = Arc::new(start(&dir).await);
    let selectors = ["h1.0", "h2.0", "h2.1", "code.0", "para.0"];
    let expected: Vec<(String, bool)> = selectors
        .iter()
        .map(|s| cli(&dir, &["select", s, "guide.md", "long.md"], &[]))
        .collect();
    let calls = (0..50).map(|i| {
        let session = Arc::clone(&session);
        let selector = selectors[i % selectors.len()];
        tokio::spawn(async move { (i, session.select(selector, &["guide.md", "long.md"]).await) })
    });
    let mut answered = 0;
    for call in calls.collect::<Vec<_>>() {
        let (i, got) = call.await.unwrap();
        assert_eq!(got, expected[i % selectors.len()], "call {i}");
        answered += 1;
    }
    assert_eq!(answered, 50);
    let session = Arc::into_inner(session).expect("all calls done");
    assert!(session.close().await.success());
}

#[tokio::test]
async fn eof_ends_the_server_with_status_0() {
    let session = start(&fixtures()).await;
    assert_ok(session.index(&["guide.md"]).await);
    let status = session.close().await;
    assert_eq!(status.code(), Some(0));
}

#[tokio::test]
async fn eof_before_initialize_ends_the_server_with_status_0() {
    let mut cmd = server_command(&fixtures(), &[], &[]);
    cmd.stdin(Stdio::null());
    let out = cmd.output().await.unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());

    // Also after a bad line, with a partial message left unterminated.
    let mut child = server_command(&fixtures(), &[], &[]).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"garbage\n{\"jsonrpc\":").await.unwrap();
    drop(stdin);
    let out = child.wait_with_output().await.unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(
        lines.iter().all(|m| m["error"]["code"] == -32700),
        "{stdout}"
    );
}

#[tokio::test]
async fn paging_follows_mdsel_max_words_so_answers_stay_small() {
    let dir = fixtures();
    let session = start_with(&dir, &[], &[("MDSEL_MAX_WORDS", "20")], Client::default()).await;
    let (text, is_error) = session.select("*", &["long.md"]).await;
    assert!(!is_error);
    assert!(mdsel::count_words(&text) < 60, "{text}");
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

#[tokio::test]
async fn clients_of_the_newest_protocol_revision_are_served_too() {
    use rmcp::model::ProtocolVersion;
    use rmcp::service::{ClientLifecycleMode, ClientServiceExt};

    let dir = fixtures();
    let mut child = server_command(&dir, &[], &[]).spawn().unwrap();
    let stdin = Stdin(Arc::new(Mutex::new(child.stdin.take())));
    let stdout = Stdout {
        inner: child.stdout.take().unwrap(),
        seen: Arc::default(),
    };
    // Declares roots too: the newest revision forbids asking for them, and
    // the server must answer anyway rather than wait.
    let client = Client {
        roots: Some(Arc::default()),
    };
    let lifecycle = ClientLifecycleMode::Discover {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
    };
    let running = client
        .serve_with_lifecycle((stdout, stdin.clone()), lifecycle)
        .await
        .expect("discover");
    let tools = running.list_all_tools().await.unwrap();
    assert_eq!(tools.len(), 2);
    let args = json!({"selector": "h2.1/code.0", "files": ["guide.md"]});
    let Value::Object(args) = args else {
        unreachable!()
    };
    let result = running
        .call_tool(CallToolRequestParams::new("mdsel_select").with_arguments(args))
        .await
        .unwrap();
    let text = &result.content[0].as_text().unwrap().text;
    assert_eq!(
        (text.clone(), result.is_error == Some(true)),
        cli(&dir, &["select", "h2.1/code.0", "guide.md"], &[])
    );
    stdin.0.lock().unwrap().take();
    assert_eq!(child.wait().await.unwrap().code(), Some(0));
}
