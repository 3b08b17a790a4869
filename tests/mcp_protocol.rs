//! `mdsel mcp` as a JSON-RPC peer over stdio: malformed input, concurrent calls,
//! end of input, and clients of another protocol revision.

use crate::common;
use crate::mcp;

use std::process::Stdio;
use std::sync::Arc;

use common::bin::fixtures;
use mcp::{Client, arguments, assert_ok, cli_select, server_command, spawn, start};
use rmcp::model::CallToolRequestParams;
use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;

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
    // A tool call without a name, or with arguments that are no object.
    session
        .write_raw(b"{\"jsonrpc\":\"2.0\",\"id\":41,\"method\":\"tools/call\",\"params\":{\"arguments\":{}}}\n")
        .await;
    session
        .write_raw(b"{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"tools/call\",\"params\":{\"name\":\"mdsel_index\",\"arguments\":\"x\"}}\n")
        .await;
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
            (-32600, json!("odd")),
            (-32602, json!(41)),
            (-32602, json!(42))
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
        .map(|s| cli_select(&dir, s, &["guide.md", "long.md"], &[]))
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
async fn clients_of_the_newest_protocol_revision_are_served_too() {
    use rmcp::model::ProtocolVersion;
    use rmcp::service::{ClientLifecycleMode, ClientServiceExt};

    let dir = fixtures();
    let (mut child, stdin, stdout) = spawn(&dir, &[], &[]);
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
    let args = arguments(json!({"selector": "h2.1/code.0", "files": ["guide.md"]}));
    let result = running
        .call_tool(CallToolRequestParams::new("mdsel_select").with_arguments(args))
        .await
        .unwrap();
    let text = &result.content[0].as_text().unwrap().text;
    assert_eq!(
        (text.clone(), result.is_error == Some(true)),
        cli_select(&dir, "h2.1/code.0", &["guide.md"], &[])
    );
    stdin.0.lock().unwrap().take();
    assert_eq!(child.wait().await.unwrap().code(), Some(0));
}
