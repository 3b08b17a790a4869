//! The MCP face: `mdsel mcp`, a stdio server with the tools `mdsel_index` and
//! `mdsel_select` (docs/mcp.md, "What the server does").
//!
//! Each tool call becomes the same [`mdsel::Call`] the CLI would build, runs
//! through [`mdsel::run`], and is rendered by the CLI's own writers, so the text
//! a client sees is the bytes `mdsel index|select` prints. This module adds only
//! what a server needs: roots (which files may be read), the protocol, and
//! running calls side by side. It never spawns a process and never writes to
//! stdout except JSON-RPC.

mod args;
mod roots;
mod transport;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, ContentBlock, Implementation, MetaObject, ServerCapabilities, ServerConfig,
};
use rmcp::service::{QuitReason, RequestContext, ServerInitializeError};
use rmcp::{Peer, RoleServer, ServerHandler, ServiceExt, tool, tool_handler, tool_router};

use mdsel::{Call, Command, FileError, Input, LinkView, Options};

use self::args::{IndexArgs, LinksArg, SelectArgs, missing, plain_schema};
use self::roots::Roots;
use self::transport::Lines;

/// The tool descriptions, sent byte for byte.
pub const INDEX_DESCRIPTION: &str = include_str!("index.txt");
/// See [`INDEX_DESCRIPTION`].
pub const SELECT_DESCRIPTION: &str = include_str!("select.txt");

/// What `initialize` tells the client about using mdsel (docs/hosts.md, "Hosts'
/// limits"): when to use it instead of a whole-file read, and how the calls
/// chain.
pub const INSTRUCTIONS: &str = include_str!("instructions.txt");

/// How long a tool call waits for the client to list its roots.
const ROOTS_TIMEOUT: Duration = Duration::from_secs(5);

/// A tool's `_meta`: Claude Code loads the tool's schema at the start of a
/// session instead of deferring it behind its tool search, so the model sees
/// the tools the hook's reminder names; a host that defers it all the same
/// finds it by `search_hint`, a few keywords its tool search matches.
fn tool_meta(search_hint: &str) -> MetaObject {
    let mut meta = MetaObject::new();
    meta.insert(
        "anthropic/alwaysLoad".to_owned(),
        serde_json::Value::Bool(true),
    );
    meta.insert(
        "anthropic/searchHint".to_owned(),
        serde_json::Value::from(search_hint),
    );
    meta
}

/// The server: shared by every call, cheap to clone.
#[derive(Clone)]
pub struct Server {
    roots: Arc<Roots>,
    /// The client's roots, once asked for, with the roots epoch they were
    /// asked at.
    client_roots: Arc<tokio::sync::Mutex<Option<ClientRoots>>>,
    /// How many times the client said its roots changed (counted by the
    /// transport, in the order messages arrive).
    roots_epoch: Arc<AtomicU64>,
    /// The options every call runs with (page size, size limit, threads), as
    /// the command line resolved them; a call is a command and its inputs.
    options: Arc<Options>,
    tool_router: ToolRouter<Server>,
}

/// The roots a client listed, and the roots epoch when it listed them.
struct ClientRoots {
    epoch: u64,
    dirs: Vec<PathBuf>,
}

/// Runs `mdsel mcp` until stdin closes. Status 0 on EOF (also before
/// `initialize`), 2 for a bad `--root`. `options` are the command line's
/// (`--max-words` or `MDSEL_MAX_WORDS`, `--max-bytes`, ...), for every call.
pub fn main(extra_roots: &[PathBuf], mut options: Options) -> ExitCode {
    // A marker naming how to see more names the tools' parameters.
    options.hints = mdsel::Hints::Parameters;
    let roots = match std::env::current_dir()
        .map_err(|e| format!("cannot read the working directory: {e}"))
        .and_then(|cwd| Roots::new(&cwd, extra_roots))
    {
        Ok(roots) => roots,
        Err(e) => {
            eprintln!("mdsel mcp: {e}");
            return ExitCode::from(2);
        }
    };
    let server = Server {
        roots: Arc::new(roots),
        client_roots: Arc::default(),
        roots_epoch: Arc::default(),
        options: Arc::new(options),
        tool_router: Server::tool_router(),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("mdsel mcp: cannot start: {e}");
            return ExitCode::from(1);
        }
    };
    let code = runtime.block_on(serve(server));
    // A blocking stdin read may still be parked; nothing is left to answer.
    runtime.shutdown_background();
    code
}

async fn serve(server: Server) -> ExitCode {
    let (read, write) = rmcp::transport::stdio_pipes();
    let transport = Lines::new(read, write, Arc::clone(&server.roots_epoch));
    match server.serve(transport).await {
        Ok(running) => match running.waiting().await {
            Ok(QuitReason::Closed | QuitReason::Cancelled) => ExitCode::SUCCESS,
            Ok(reason) => {
                eprintln!("mdsel mcp: stopped: {reason:?}");
                ExitCode::from(1)
            }
            Err(e) => {
                eprintln!("mdsel mcp: stopped: {e}");
                ExitCode::from(1)
            }
        },
        Err(ServerInitializeError::ConnectionClosed(_)) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mdsel mcp: {e}");
            ExitCode::from(1)
        }
    }
}

#[tool_router]
impl Server {
    #[tool(
        name = "mdsel_index",
        title = "Markdown outline (mdsel)",
        description = INDEX_DESCRIPTION,
        input_schema = plain_schema::<IndexArgs>(),
        meta = tool_meta("markdown docs outline headings sections toc"),
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn index(
        &self,
        Parameters(args): Parameters<IndexArgs>,
        context: RequestContext<RoleServer>,
    ) -> CallToolResult {
        if let Some(text) = missing("mdsel_index", None, &args.files) {
            return CallToolResult::error(vec![ContentBlock::text(text)]);
        }
        let scope = args.selector.into_iter().collect();
        let shape = Shape {
            lines: args.lines,
            globs: args.glob,
            ..Shape::default()
        };
        self.call(Command::Index(scope), args.files, shape, &context)
            .await
    }

    #[tool(
        name = "mdsel_select",
        title = "Markdown section by selector or search (mdsel)",
        description = SELECT_DESCRIPTION,
        input_schema = plain_schema::<SelectArgs>(),
        meta = tool_meta("markdown docs read section search"),
        annotations(
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn select(
        &self,
        Parameters(args): Parameters<SelectArgs>,
        context: RequestContext<RoleServer>,
    ) -> CallToolResult {
        if let Some(text) = missing("mdsel_select", Some(&args.selector), &args.files) {
            return CallToolResult::error(vec![ContentBlock::text(text)]);
        }
        if args.limit == Some(0) {
            return CallToolResult::error(vec![ContentBlock::text(
                "!USAGE_ERROR: limit 0\nmdsel_select's `limit` is a number of hits, at least 1\n",
            )]);
        }
        let command = match args.links {
            None => Command::Select(vec![args.selector]),
            Some(links) => links_command(links, args.selector),
        };
        let shape = Shape {
            limit: args.limit,
            offset: args.offset.unwrap_or(0),
            globs: args.glob,
            ..Shape::default()
        };
        self.call(command, args.files, shape, &context).await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("mdsel", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }
}

impl Server {
    /// One tool call: check the paths, run the request off the async threads.
    /// A request the client cancels stops reading files at once.
    async fn call(
        &self,
        command: Command,
        files: Vec<String>,
        shape: Shape,
        context: &RequestContext<RoleServer>,
    ) -> CallToolResult {
        let allowed = self.allowed_roots(&context.peer).await;
        let roots = Arc::clone(&self.roots);
        // Every file read must lie in a root, checked on the file opened: a
        // name swapped for a link to elsewhere after the check reads nothing.
        let mut with = Options::clone(&self.options);
        with.line_ranges |= shape.lines;
        with.limit = shape.limit.or(with.limit);
        with.offset = shape.offset;
        // A server started with `--glob` narrows every call; a call's own
        // patterns come after, so they decide where both match.
        with.globs.extend(shape.globs);
        with.confine = Some(Arc::from(allowed.as_slice()));
        // Each call has its own flag.
        with.cancel = mdsel::Cancel::default();
        let cancel = with.cancel.clone();
        let options = Arc::new(with);
        let work = tokio::task::spawn_blocking(move || {
            respond(&roots, &allowed, &options, command, &files)
        });
        let answer = tokio::select! {
            answer = work => answer,
            () = context.ct.cancelled() => {
                cancel.cancel();
                return CallToolResult::error(vec![ContentBlock::text(
                    "mdsel: the request was cancelled\n",
                )]);
            }
        };
        match answer {
            Ok(Answer { text, is_error }) => {
                let content = vec![ContentBlock::text(text)];
                if is_error {
                    CallToolResult::error(content)
                } else {
                    CallToolResult::success(content)
                }
            }
            Err(e) => CallToolResult::error(vec![ContentBlock::text(format!(
                "mdsel: the request failed unexpectedly: {e}"
            ))]),
        }
    }

    /// The fixed roots plus the client's, asking the client once, and again
    /// after each change it announces, when it declares the roots capability.
    /// (Roots are deprecated in the newest protocol revision; clients on the
    /// earlier ones still declare them, and they only ever add.)
    #[allow(deprecated)]
    async fn allowed_roots(&self, peer: &Peer<RoleServer>) -> Vec<PathBuf> {
        let declared = peer
            .peer_info()
            .is_some_and(|info| info.capabilities.roots.is_some());
        if !declared {
            return self.roots.with_client(&[]);
        }
        let mut cached = self.client_roots.lock().await;
        let epoch = self.roots_epoch.load(Ordering::SeqCst);
        if cached.as_ref().is_none_or(|c| c.epoch != epoch) {
            let listed = tokio::time::timeout(ROOTS_TIMEOUT, peer.list_roots()).await;
            let found = match listed {
                Ok(Ok(list)) => list
                    .roots
                    .iter()
                    .filter_map(|r| roots::from_uri(&r.uri))
                    .collect(),
                _ => Vec::new(), // a client that cannot list adds nothing
            };
            *cached = Some(ClientRoots { epoch, dirs: found });
        }
        let dirs = cached.as_ref().map(|c| c.dirs.as_slice());
        self.roots.with_client(dirs.unwrap_or_default())
    }
}

/// `mdsel_select` with `links`: the selector names the nodes whose links are
/// listed (`*`: whole documents), or the node links land on.
fn links_command(links: LinksArg, selector: String) -> Command {
    let everywhere = selector.trim() == "*";
    let scope = || {
        if everywhere {
            Vec::new()
        } else {
            vec![selector.clone()]
        }
    };
    match links {
        LinksArg::Out => Command::Links {
            selectors: scope(),
            view: LinkView::Out,
        },
        LinksArg::Broken => Command::Links {
            selectors: scope(),
            view: LinkView::Broken,
        },
        LinksArg::To => Command::Links {
            selectors: Vec::new(),
            view: LinkView::To(selector),
        },
    }
}

/// What a tool call's own parameters change of the server's options: line
/// ranges (`lines`), a search's `limit` and `offset`, path filters (`glob`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Shape {
    lines: bool,
    limit: Option<usize>,
    offset: usize,
    globs: Vec<String>,
}

/// What a tool call returns: the text, and whether it is an error result.
#[derive(Debug, PartialEq, Eq)]
struct Answer {
    text: String,
    is_error: bool,
}

/// Runs one call as the CLI would: the text is the CLI's stdout, followed on
/// failure by its stderr. Paths outside the roots, and `-`, are refused like
/// unreadable files, in their place among the inputs: the others are still
/// answered.
fn respond(
    roots: &Roots,
    allowed: &[PathBuf],
    options: &Options,
    command: Command,
    files: &[String],
) -> Answer {
    let inputs: Vec<Input> = files
        .iter()
        .map(|file| {
            // A site's page address reads its Markdown source, as on the
            // command line; the roots judge the file read.
            let file = &mdsel::page_source(file).unwrap_or_else(|| file.clone());
            let error = if file == "-" {
                FileError::StdinIsProtocol
            } else if !roots.allows(Path::new(file), allowed) {
                FileError::OutsideRoots {
                    roots: allowed.to_vec(),
                }
            } else {
                return Input::Path(PathBuf::from(file));
            };
            Input::Refused {
                path: file.clone(),
                error,
            }
        })
        .collect();
    // A call none of whose paths may be read answers with the refusals alone:
    // there is nothing to select from.
    let refused_only =
        !inputs.is_empty() && inputs.iter().all(|i| matches!(i, Input::Refused { .. }));
    let quiet;
    let (options, call) = if refused_only {
        let mut q = options.clone();
        q.warnings.clear();
        quiet = q;
        (&quiet, Call::new(Command::Index(Vec::new()), inputs))
    } else {
        (options, Call::new(command, inputs))
    };
    let mut out = Vec::new();
    // Writing to a Vec cannot fail.
    let report = match mdsel::run_text(options, &call, &mut out) {
        Ok(report) => report,
        Err(e) => {
            return Answer {
                text: format!("mdsel: the request failed unexpectedly: {e}"),
                is_error: true,
            };
        }
    };
    let code = report.exit_code();
    let is_error = !code.is_success();
    if is_error {
        let _ = mdsel::write_errors(&report, &mut out);
        if out.is_empty() {
            out.extend_from_slice(
                format!("mdsel: failed with exit code {}\n", code.code()).as_bytes(),
            );
        }
    }
    Answer {
        text: String::from_utf8_lossy(&out).into_owned(),
        is_error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_have_no_trailing_newline() {
        for d in [INDEX_DESCRIPTION, SELECT_DESCRIPTION, INSTRUCTIONS] {
            assert!(!d.ends_with(char::is_whitespace), "{d:?}");
        }
    }

    #[test]
    fn refused_paths_do_not_hide_the_others() {
        let dir = tempfile::tempdir().unwrap();
        let work = dir.path().join("work");
        std::fs::create_dir(&work).unwrap();
        std::fs::write(work.join("a.md"), "# A\n\ntext\n").unwrap();
        let roots = Roots::new(&work, &[]).unwrap();
        let allowed = roots.with_client(&[]);
        let listed: Vec<String> = allowed.iter().map(|r| r.display().to_string()).collect();
        let missing = work.join("missing.md").display().to_string();
        let files = [
            "-".to_owned(),
            missing.clone(),
            work.join("a.md").display().to_string(),
            "../x.md".to_owned(),
        ];
        let answer = respond(
            &roots,
            &allowed,
            &Options::default(),
            Command::Index(vec![]),
            &files,
        );
        assert!(answer.is_error);
        // issue 9: refusals are file errors, in input order among the others.
        let want = format!(
            "h1.0 A (3w)\n---\npara:1\n\
             !NOT_A_FILE: -\n\
             Stdin ('-') carries the MCP protocol here; name a file or directory instead\n\
             !FILE_NOT_FOUND: {missing}\n\
             No such file or directory; check the path (relative paths start at the working directory)\n\
             !PERMISSION_DENIED: ../x.md\n\
             Path is outside the allowed roots ({}); start the server with --root DIR, \
             or declare the folder as a client root\n",
            listed.join(", ")
        );
        assert_eq!(answer.text, want);
    }

    #[test]
    fn a_call_with_every_path_refused_answers_with_the_refusals_alone() {
        let dir = tempfile::tempdir().unwrap();
        let roots = Roots::new(dir.path(), &[]).unwrap();
        let allowed = roots.with_client(&[]);
        let files = ["-".to_owned(), "-".to_owned()];
        let mut options = Options::default();
        options.warnings.push("a note".to_owned());
        let select = Command::Select(vec!["h2.".to_owned()]);
        let answer = respond(&roots, &allowed, &options, select, &files);
        assert!(answer.is_error);
        let refusal = "!NOT_A_FILE: -\nStdin ('-') carries the MCP protocol here; name a file or directory instead\n";
        assert_eq!(answer.text, refusal.repeat(2));
    }
}
