//! The stdio transport: newline-delimited JSON-RPC that survives bad input.
//!
//! rmcp's own stdio transport silently drops a line that is not JSON. This one
//! answers it with a JSON-RPC error (`-32700` parse error, or `-32600` invalid
//! request when the JSON is not a message) and keeps reading, so a client that
//! sends garbage learns why instead of waiting. Such errors carry `"id": null`,
//! as JSON-RPC requires (rmcp would leave the key out, and strict clients such
//! as the Python SDK reject that). Every message is written whole, one line at
//! a time under a lock, so replies never interleave. Nothing else is written to
//! stdout.
//!
//! It also counts `notifications/roots/list_changed` as it reads them. rmcp
//! handles notifications on their own tasks, so a tool call sent right after one
//! could otherwise run before the server has heard of the change; counting in
//! reading order makes the next call see it.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rmcp::RoleServer;
use rmcp::model::{ClientNotification, JsonRpcMessage};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::Mutex;

/// Longest message accepted, in bytes; longer lines are refused, not buffered.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

/// JSON-RPC's code for input that is not JSON.
const PARSE_ERROR: i32 = -32700;
/// JSON-RPC's code for JSON that is not a valid request.
const INVALID_REQUEST: i32 = -32600;

type Pending = Pin<Box<dyn Future<Output = io::Result<()>> + Send>>;

/// Reads messages line by line from `R`, writes them to `W`.
pub struct Lines<R, W> {
    read: BufReader<R>,
    /// The line being read; kept across cancelled `receive` calls.
    line: Vec<u8>,
    /// Skipping the rest of a line that went over [`MAX_LINE`].
    discarding: bool,
    /// The output, shared by every send in flight; `None` once closed.
    write: Arc<Mutex<Option<W>>>,
    /// An error reply being sent; finished before the next line is read, so a
    /// cancelled `receive` loses nothing.
    pending: Option<Pending>,
    /// Bumped for each `notifications/roots/list_changed` read.
    roots_epoch: Arc<AtomicU64>,
}

enum Read {
    Line,
    TooLong,
    Eof,
}

impl<R, W> Lines<R, W>
where
    R: AsyncRead + Send + Unpin,
    W: AsyncWrite + Send + Unpin + 'static,
{
    /// A transport over the given streams; `roots_epoch` counts the client's
    /// roots changes.
    pub fn new(read: R, write: W, roots_epoch: Arc<AtomicU64>) -> Self {
        Lines {
            read: BufReader::new(read),
            line: Vec::new(),
            discarding: false,
            write: Arc::new(Mutex::new(Some(write))),
            pending: None,
            roots_epoch,
        }
    }

    /// Reads up to the next newline without ever holding more than [`MAX_LINE`]
    /// bytes. Cancel-safe: partial input stays in `self.line`.
    async fn read_line(&mut self) -> Read {
        loop {
            let (taken, ended) = {
                let Ok(buf) = self.read.fill_buf().await else {
                    return Read::Eof;
                };
                if buf.is_empty() {
                    // A last message without a newline still counts.
                    return if self.line.is_empty() || self.discarding {
                        Read::Eof
                    } else {
                        Read::Line
                    };
                }
                let newline = buf.iter().position(|&b| b == b'\n');
                let taken = newline.map_or(buf.len(), |i| i + 1);
                if self.discarding || self.line.len() + taken > MAX_LINE {
                    self.line.clear();
                    self.discarding = true;
                } else {
                    self.line.extend_from_slice(&buf[..taken]);
                }
                (taken, newline.is_some())
            };
            self.read.consume(taken);
            if ended {
                return if std::mem::take(&mut self.discarding) {
                    Read::TooLong
                } else {
                    Read::Line
                };
            }
        }
    }

    /// Writes `message` and a newline, whole, once the output is free.
    fn write_line(
        &self,
        message: serde_json::Result<Vec<u8>>,
    ) -> impl Future<Output = io::Result<()>> + Send + 'static {
        let write = Arc::clone(&self.write);
        async move {
            let mut line = message.map_err(io::Error::other)?;
            line.push(b'\n');
            let mut write = write.lock().await;
            let out = write
                .as_mut()
                .ok_or_else(|| io::Error::new(io::ErrorKind::NotConnected, "transport closed"))?;
            out.write_all(&line).await?;
            out.flush().await
        }
    }

    /// Queues an error reply; `receive` finishes sending it before reading on.
    fn reply(&mut self, error: Value) {
        let send = self.write_line(serde_json::to_vec(&error));
        self.pending = Some(Box::pin(send));
    }
}

impl<R, W> Transport<RoleServer> for Lines<R, W>
where
    R: AsyncRead + Send + Unpin,
    W: AsyncWrite + Send + Unpin + 'static,
{
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.write_line(serde_json::to_vec(&item))
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            if let Some(pending) = self.pending.as_mut() {
                if pending.await.is_err() {
                    return None; // stdout is gone: nobody to serve
                }
                self.pending = None;
            }
            match self.read_line().await {
                Read::Eof => return None,
                Read::TooLong => {
                    let message = format!("Invalid request: message over {MAX_LINE} bytes");
                    self.reply(error(INVALID_REQUEST, &message, Value::Null));
                    continue;
                }
                Read::Line => {}
            }
            let line = std::mem::take(&mut self.line);
            match classify(&line) {
                Incoming::Message(message) => {
                    if let JsonRpcMessage::Notification(n) = &*message
                        && let ClientNotification::RootsListChangedNotification(_) = n.notification
                    {
                        self.roots_epoch.fetch_add(1, Ordering::SeqCst);
                    }
                    return Some(*message);
                }
                Incoming::Blank => {}
                Incoming::Reply(error) => self.reply(error),
            }
            self.line = line;
            self.line.clear();
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        if let Some(pending) = self.pending.take() {
            let _ = pending.await;
        }
        if let Some(mut out) = self.write.lock().await.take() {
            out.flush().await?;
        }
        Ok(())
    }
}

/// What one line holds.
enum Incoming {
    Message(Box<RxJsonRpcMessage<RoleServer>>),
    /// Nothing to do: a blank line, or a malformed notification or response
    /// (JSON-RPC never answers those).
    Blank,
    /// Answer with this JSON-RPC error.
    Reply(Value),
}

/// A JSON-RPC error response; `id` is null when the request's id is unknown.
fn error(code: i32, message: &str, id: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// The methods of MCP a server answers: a request for one of them whose
/// parameters did not fit it reaches rmcp as an unknown method, which it
/// would answer `-32601`; it is `-32602`, invalid params.
const KNOWN: [&str; 13] = [
    "initialize",
    "ping",
    "tools/call",
    "tools/list",
    "resources/list",
    "resources/read",
    "resources/templates/list",
    "resources/subscribe",
    "resources/unsubscribe",
    "prompts/list",
    "prompts/get",
    "completion/complete",
    "logging/setLevel",
];

/// JSON-RPC's code for a request whose parameters are wrong.
const INVALID_PARAMS: i32 = -32602;

/// A message as rmcp reads it, unless it is a request of a method MCP
/// defines whose parameters do not fit it: that is answered here.
fn known_method(message: RxJsonRpcMessage<RoleServer>) -> Incoming {
    if let JsonRpcMessage::Request(request) = &message
        && let rmcp::model::ClientRequest::CustomRequest(custom) = &request.request
        && KNOWN.contains(&custom.method.as_str())
    {
        let why = match custom.method.as_str() {
            "tools/call" => serde_json::from_value::<rmcp::model::CallToolRequestParams>(
                custom.params.clone().unwrap_or(Value::Null),
            )
            .err()
            .map_or_else(String::new, |e| format!(": {e}")),
            _ => String::new(),
        };
        let message = format!(
            "Invalid params for {}{why}; tools/call takes {{\"name\": string, \"arguments\": object}}",
            custom.method
        );
        let id = serde_json::to_value(&request.id).unwrap_or(Value::Null);
        return Incoming::Reply(error(INVALID_PARAMS, &message, id));
    }
    Incoming::Message(Box::new(message))
}

fn classify(line: &[u8]) -> Incoming {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Incoming::Blank;
    }
    let invalid = match serde_json::from_slice::<RxJsonRpcMessage<RoleServer>>(line) {
        Ok(message) => return known_method(message),
        Err(e) => e,
    };
    let value = match serde_json::from_slice::<Value>(line) {
        Ok(value) => value,
        Err(e) => {
            let message = format!("Parse error: {e}; send one JSON-RPC message per line");
            return Incoming::Reply(error(PARSE_ERROR, &message, Value::Null));
        }
    };
    // Answer with the request's id when it has a usable one.
    let id = match value.get("id") {
        Some(id @ (Value::Number(_) | Value::String(_))) => id.clone(),
        _ => Value::Null,
    };
    let has_method = value.get("method").is_some();
    let is_reply = value.get("result").is_some() || value.get("error").is_some();
    if (has_method && id.is_null()) || (!has_method && is_reply) {
        return Incoming::Blank; // a notification or a response: never answered
    }
    Incoming::Reply(error(
        INVALID_REQUEST,
        &format!("Invalid request: {invalid}"),
        id,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(line: &str) -> String {
        match classify(line.as_bytes()) {
            Incoming::Message(_) => "message".into(),
            Incoming::Blank => "blank".into(),
            Incoming::Reply(e) => format!("{} {}", e["error"]["code"], e["id"]),
        }
    }

    #[test]
    fn classifies_lines() {
        let cases = [
            (r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, "message"),
            (
                "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n",
                "message",
            ),
            ("   \r\n", "blank"),
            ("{not json", "-32700 null"),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":7}"#,
                "-32600 1",
            ),
            (
                r#"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":7}"#,
                "-32600 \"a\"",
            ),
            (
                r#"{"jsonrpc":"2.0","method":"notifications/initialized","params":7}"#,
                "blank",
            ),
            (r#"{"jsonrpc":"2.0","id":3,"result":7,"error":7}"#, "blank"),
            ("[]", "-32600 null"),
            ("42", "-32600 null"),
            // A method MCP defines, with parameters that do not fit it.
            (
                r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"arguments":{}}}"#,
                "-32602 5",
            ),
            (
                r#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"mdsel_index","arguments":"x"}}"#,
                "-32602 6",
            ),
            (
                r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x","arguments":[1]}}"#,
                "-32602 7",
            ),
            (r#"{"jsonrpc":"2.0","id":8,"method":"no/such"}"#, "message"),
        ];
        for (line, want) in cases {
            assert_eq!(kind(line), want, "{line}");
        }
    }
}
