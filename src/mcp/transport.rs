//! The stdio transport: newline-delimited JSON-RPC that survives bad input.
//!
//! rmcp's own stdio transport silently drops a line that is not JSON. This one
//! answers it with a JSON-RPC error (`-32700` parse error, or `-32600` invalid
//! request when the JSON is not a message) and keeps reading, so a client that
//! sends garbage learns why instead of waiting. Writing is rmcp's: one framed,
//! locked writer, so replies never interleave. Nothing else is written to stdout.
//!
//! It also counts `notifications/roots/list_changed` as it reads them. rmcp
//! handles notifications on their own tasks, so a tool call sent right after one
//! could otherwise run before the server has heard of the change; counting in
//! reading order makes the next call see it.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rmcp::RoleServer;
use rmcp::model::{ClientNotification, ErrorData, JsonRpcMessage, NumberOrString};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::transport::async_rw::AsyncRwTransport;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, BufReader};

/// Longest message accepted, in bytes; longer lines are refused, not buffered.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

type Pending = Pin<Box<dyn Future<Output = std::io::Result<()>> + Send>>;

/// Reads messages line by line from `R`, writes them to `W`.
pub struct Lines<R, W: AsyncWrite> {
    read: BufReader<R>,
    /// The line being read; kept across cancelled `receive` calls.
    line: Vec<u8>,
    /// Skipping the rest of a line that went over [`MAX_LINE`].
    discarding: bool,
    /// rmcp's writer (its reading half is never used).
    write: AsyncRwTransport<RoleServer, tokio::io::Empty, W>,
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
            write: AsyncRwTransport::new_server(tokio::io::empty(), write),
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

    fn reply(&mut self, error: ErrorData, id: Option<NumberOrString>) {
        let send = self
            .write
            .send(TxJsonRpcMessage::<RoleServer>::error(error, id));
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
        self.write.send(item)
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
                    self.reply(ErrorData::invalid_request(message, None), None);
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
                Incoming::Reply(error, id) => self.reply(error, id),
            }
            self.line = line;
            self.line.clear();
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        if let Some(pending) = self.pending.take() {
            let _ = pending.await;
        }
        self.write.close().await
    }
}

/// What one line holds.
enum Incoming {
    Message(Box<RxJsonRpcMessage<RoleServer>>),
    /// Nothing to do: a blank line, or a malformed notification or response
    /// (JSON-RPC never answers those).
    Blank,
    /// Answer with this error.
    Reply(ErrorData, Option<NumberOrString>),
}

fn classify(line: &[u8]) -> Incoming {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Incoming::Blank;
    }
    let error = match serde_json::from_slice::<RxJsonRpcMessage<RoleServer>>(line) {
        Ok(message) => return Incoming::Message(Box::new(message)),
        Err(error) => error,
    };
    let value = match serde_json::from_slice::<Value>(line) {
        Ok(value) => value,
        Err(e) => {
            let message = format!("Parse error: {e}; send one JSON-RPC message per line");
            return Incoming::Reply(ErrorData::parse_error(message, None), None);
        }
    };
    let id = match value.get("id") {
        Some(Value::Number(n)) => n.as_i64().map(NumberOrString::Number),
        Some(Value::String(s)) => Some(NumberOrString::String(s.as_str().into())),
        _ => None,
    };
    let is_request = value.get("method").is_some() && id.is_some();
    let is_other = value.get("method").is_some()
        || value.get("result").is_some()
        || value.get("error").is_some();
    if !is_request && is_other {
        return Incoming::Blank;
    }
    let message = format!("Invalid request: {error}");
    Incoming::Reply(ErrorData::invalid_request(message, None), id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(line: &str) -> String {
        match classify(line.as_bytes()) {
            Incoming::Message(_) => "message".into(),
            Incoming::Blank => "blank".into(),
            Incoming::Reply(e, id) => format!("{} {:?}", e.code.0, id.map(|i| i.to_string())),
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
            ("{not json", "-32700 None"),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":7}"#,
                "-32600 Some(\"1\")",
            ),
            (
                r#"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":7}"#,
                "-32600 Some(\"a\")",
            ),
            (
                r#"{"jsonrpc":"2.0","method":"notifications/initialized","params":7}"#,
                "blank",
            ),
            (r#"{"jsonrpc":"2.0","id":3,"result":7,"error":7}"#, "blank"),
            ("[]", "-32600 None"),
            ("42", "-32600 None"),
        ];
        for (line, want) in cases {
            assert_eq!(kind(line), want, "{line}");
        }
    }
}
