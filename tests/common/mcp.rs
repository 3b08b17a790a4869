//! An MCP session with `mdsel mcp` over real stdio, driven by the official Rust
//! client (`rmcp`), as an agent host drives it.
//!
//! The server is the binary started by [`crate::common::bin::command`] (clean of `MDSEL_*`
//! variables). The session keeps a copy of everything the server wrote and can
//! write raw bytes to its stdin; [`cli`] gives the text the CLI prints for the same
//! request, which an MCP result must equal.

#![allow(deprecated)] // roots: deprecated in the newest protocol revision, still what clients use
#![allow(dead_code)] // each MCP test file uses a part of the session

use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, Implementation, JsonObject,
    ListRootsResult, Root,
};
use rmcp::service::{RequestContext, RunningService};
use rmcp::{ClientHandler, ErrorData, RoleClient, ServiceExt};
use serde_json::{Value, json};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::process::{Child, ChildStdin, ChildStdout};

use crate::common::bin::{Mdsel, command};

/// A test client: optionally declares roots, answering `roots/list` from a
/// list the test can change.
#[derive(Clone, Default)]
pub struct Client {
    pub roots: Option<Arc<Mutex<Vec<PathBuf>>>>,
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
pub struct Stdin(pub Arc<Mutex<Option<ChildStdin>>>);

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
pub struct Stdout {
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

/// `mdsel mcp args…` in `cwd` with `env` set: stdin and stdout piped, stderr
/// shown, killed when dropped.
pub fn server_command(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> tokio::process::Command {
    let mut cmd = command(cwd);
    cmd.arg("mcp")
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let mut cmd = tokio::process::Command::from(cmd);
    cmd.kill_on_drop(true);
    cmd
}

/// Starts the server; returns it with its stdin and its recorded stdout, for a
/// client to serve over.
pub fn spawn(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> (Child, Stdin, Stdout) {
    let mut child = server_command(cwd, args, env)
        .spawn()
        .expect("spawn mdsel mcp");
    let stdin = Stdin(Arc::new(Mutex::new(child.stdin.take())));
    let stdout = Stdout {
        inner: child.stdout.take().expect("stdout"),
        seen: Arc::default(),
    };
    (child, stdin, stdout)
}

/// A running server and an initialized client speaking to it.
pub struct Session {
    pub client: RunningService<RoleClient, Client>,
    child: Child,
    stdin: Stdin,
    seen: Arc<Mutex<Vec<u8>>>,
}

/// Starts `mdsel mcp args…` in `cwd` with `env` set, and initializes `client`.
pub async fn start_with(
    cwd: &Path,
    args: &[&str],
    env: &[(&str, &str)],
    client: Client,
) -> Session {
    let (child, stdin, stdout) = spawn(cwd, args, env);
    let seen = Arc::clone(&stdout.seen);
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

/// Starts `mdsel mcp` in `cwd` with a client that declares no roots.
pub async fn start(cwd: &Path) -> Session {
    start_with(cwd, &[], &[], Client::default()).await
}

impl Session {
    /// Calls a tool; returns `content[0].text` and `isError`.
    pub async fn call(&self, tool: &'static str, args: Value) -> (String, bool) {
        let result = self
            .client
            .call_tool(CallToolRequestParams::new(tool).with_arguments(arguments(args)))
            .await
            .expect("tools/call");
        let text = result.content[0]
            .as_text()
            .expect("text content")
            .text
            .clone();
        (text, result.is_error == Some(true))
    }

    /// `mdsel_index` over `files`.
    pub async fn index(&self, files: &[&str]) -> (String, bool) {
        self.call("mdsel_index", json!({ "files": files })).await
    }

    /// `mdsel_index` over `files`, its outline scoped by `selector`.
    pub async fn index_scoped(&self, selector: &str, files: &[&str]) -> (String, bool) {
        self.call(
            "mdsel_index",
            json!({ "files": files, "selector": selector }),
        )
        .await
    }

    /// `mdsel_select` of `selector` over `files`.
    pub async fn select(&self, selector: &str, files: &[&str]) -> (String, bool) {
        self.call(
            "mdsel_select",
            json!({ "selector": selector, "files": files }),
        )
        .await
    }

    /// Writes raw bytes to the server's stdin, outside the client.
    pub async fn write_raw(&self, bytes: &[u8]) {
        let mut stdin = self.stdin.clone();
        stdin.write_all(bytes).await.expect("raw write");
        stdin.flush().await.expect("flush");
    }

    /// Every line the server has written so far, parsed.
    pub fn lines_seen(&self) -> Vec<Value> {
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
    pub async fn close(mut self) -> std::process::ExitStatus {
        self.stdin.0.lock().unwrap().take();
        let status = self.child.wait().await.expect("wait");
        drop(self.client);
        status
    }
}

/// A JSON object as tool-call arguments.
pub fn arguments(args: Value) -> JsonObject {
    let Value::Object(args) = args else {
        panic!("arguments must be an object")
    };
    args
}

/// What the CLI prints for `args` in `cwd`: the text an MCP result must hold
/// (stdout, then stderr when the exit code is not 0), and whether it failed.
pub fn cli(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> (String, bool) {
    let out = Mdsel::new(args).cwd(cwd).envs(env).output();
    let failed = !out.status.success();
    let mut text = out.stdout;
    if failed {
        text.extend_from_slice(&out.stderr);
    }
    (String::from_utf8(text).expect("UTF-8"), failed)
}

/// What the CLI prints for `mdsel index FILES…`: what `mdsel_index` must return.
pub fn cli_index(cwd: &Path, files: &[&str], env: &[(&str, &str)]) -> (String, bool) {
    cli_index_scoped(cwd, "", files, env)
}

/// What the CLI prints for `mdsel index SELECTOR FILES…`: what `mdsel_index`
/// with a selector must return. An empty selector scopes nothing.
pub fn cli_index_scoped(
    cwd: &Path,
    selector: &str,
    files: &[&str],
    env: &[(&str, &str)],
) -> (String, bool) {
    let args: Vec<&str> = ["index", selector]
        .iter()
        .chain(files)
        .copied()
        .filter(|a| !a.is_empty())
        .collect();
    cli(cwd, &args, env)
}

/// What the CLI prints for `mdsel select SELECTOR FILES…`: what `mdsel_select`
/// must return.
pub fn cli_select(
    cwd: &Path,
    selector: &str,
    files: &[&str],
    env: &[(&str, &str)],
) -> (String, bool) {
    let args: Vec<&str> = ["select", selector].iter().chain(files).copied().collect();
    cli(cwd, &args, env)
}

/// Fails unless the result is not an error.
pub fn assert_ok((text, is_error): (String, bool)) {
    assert!(!is_error, "an error: {text}");
}
