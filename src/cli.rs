//! The command-line face: argv → [`Request`], report → stdout/stderr/exit code.
//!
//! clap's structs stay in this file. Auto mode (files vs selectors) is decided
//! here because it asks the file system; everything else is the library's.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use mdsel::{Command, DEFAULT_LIMIT, DEFAULT_MAX_BYTES, Input, Request};

/// Select exactly the Markdown you need.
#[derive(Parser, Debug)]
#[command(
    name = "mdsel",
    version,
    about = "Index Markdown into selectors and return exactly the source they name",
    override_usage = "mdsel [OPTIONS] [SELECTOR|QUERY]... <FILE|DIR|->...\n       mdsel <COMMAND>",
    after_help = "Examples:\n  mdsel README.md                  index: list the selectors\n  mdsel h2.1 README.md             the second h2 section, byte for byte\n  mdsel 'h2.0/code.0' docs/        first code block under the first h2, in every file\n  mdsel install README.md          search: the best matching sections, ranked\n\nSelectors: h1-h6, section, root, front, para, list, item, code, table, quote, html, page, *\n  .N  .N-M  .N,M  [N]   ns::sel   a/b   ?head=N  ?tail=N  ?full=true",
    args_conflicts_with_subcommands = true,
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Sub>,
    /// Files, directories, '-' (stdin), selectors or a search query.
    #[arg(value_name = "ARGS")]
    args: Vec<String>,
    #[command(flatten)]
    opts: Opts,
}

#[derive(Args, Debug, Clone)]
struct Opts {
    /// Print one JSON object instead of text.
    #[arg(long, global = true)]
    json: bool,
    /// Print whole matches, without paging.
    #[arg(long, global = true)]
    full: bool,
    /// Words per page [env: MDSEL_MAX_WORDS] [default: 2000]
    #[arg(long, value_name = "N", global = true, value_parser = positive)]
    max_words: Option<usize>,
    /// Refuse files larger than N bytes.
    #[arg(long, value_name = "N", global = true, default_value_t = DEFAULT_MAX_BYTES)]
    max_bytes: u64,
    /// Threads for loading and parsing (0: one per core).
    #[arg(
        short = 'j',
        long,
        value_name = "N",
        global = true,
        default_value_t = 0
    )]
    threads: usize,
    /// Most search hits to show.
    #[arg(long, value_name = "N", global = true, default_value_t = DEFAULT_LIMIT)]
    limit: usize,
}

#[derive(Subcommand, Debug)]
enum Sub {
    /// List the selectors of each document.
    Index {
        /// Files, directories or '-'.
        #[arg(required = true, value_name = "FILES")]
        files: Vec<String>,
    },
    /// Print the content a selector names.
    Select {
        /// One selector, or several separated by commas.
        selector: String,
        /// Files, directories or '-'.
        #[arg(required = true, value_name = "FILES")]
        files: Vec<String>,
    },
    /// Search: the sections that best match some words, ranked.
    Search {
        /// Words to look for.
        query: String,
        /// Files, directories or '-'.
        #[arg(required = true, value_name = "FILES")]
        files: Vec<String>,
    },
    /// Print the output-format cheat sheet (for tool descriptions).
    Format,
    /// Serve mdsel_index and mdsel_select over MCP (stdio).
    Mcp {
        /// Also allow reading under DIR (repeatable); the working directory always is.
        #[arg(long = "root", value_name = "DIR")]
        roots: Vec<std::path::PathBuf>,
    },
    /// Claude Code hook: suggest mdsel before a Read of big Markdown.
    Hook {
        /// The agent host.
        #[arg(value_parser = ["claude"])]
        host: String,
    },
    /// Print (or --write) the MCP server and hook config for a host.
    Setup {
        /// The agent host.
        #[arg(value_parser = ["claude"])]
        host: String,
        /// Merge it into ./.mcp.json and ./.claude/settings.json (keeping .bak backups).
        #[arg(long)]
        write: bool,
    },
}

/// Parses argv, runs, renders; returns the process exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let (command, files) = match cli.command {
        Some(Sub::Format) => {
            return finish(
                io::stdout()
                    .lock()
                    .write_all(mdsel::FORMAT_GUIDE.as_bytes()),
                0,
            );
        }
        Some(Sub::Mcp { roots }) => {
            // Each call runs with these options; the server sets command and files.
            let mut warnings = Vec::new();
            let template = request(Command::Index, Vec::new(), &cli.opts, &mut warnings);
            return crate::mcp::main(&roots, template, warnings);
        }
        Some(Sub::Hook { .. }) => return crate::hook::main(),
        Some(Sub::Setup { write, .. }) => return crate::setup::main(write),
        Some(Sub::Index { files }) => (Command::Index, files),
        Some(Sub::Select { selector, files }) => (Command::Select(vec![selector]), files),
        Some(Sub::Search { query, files }) => (Command::Search(query), files),
        None => auto(cli.args),
    };
    let mut warnings = Vec::new();
    let request = request(command, files, &cli.opts, &mut warnings);
    let mut report = mdsel::run(&request);
    report.warnings.extend(warnings);

    let code = report.exit_code();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let written = if cli.opts.json {
        mdsel::write_json(&report, &mut out)
    } else {
        mdsel::write_text(&report, &mut out)
    };
    let written = written.and_then(|()| out.flush());
    if !cli.opts.json {
        // Results first, then errors: a reader of both streams sees them in order.
        let _ = mdsel::write_errors(&report, &mut io::stderr().lock());
    }
    // The process ends here: the OS reclaims the parsed documents at once, which
    // is measurably faster than freeing every node of a large tree first.
    std::mem::forget(report);
    finish(written, code)
}

/// Auto mode: an argument is a file if it exists, is `-`, or has a Markdown
/// extension; the rest are selectors (or a query). No selectors means index.
fn auto(args: Vec<String>) -> (Command, Vec<String>) {
    let (files, selectors): (Vec<String>, Vec<String>) = args
        .into_iter()
        .partition(|a| a == "-" || Path::new(a).exists() || mdsel::is_markdown_path(Path::new(a)));
    if selectors.is_empty() {
        (Command::Index, files)
    } else {
        (Command::Select(selectors), files)
    }
}

fn request(
    command: Command,
    files: Vec<String>,
    opts: &Opts,
    warnings: &mut Vec<String>,
) -> Request {
    let mut request = Request::new(command, files.iter().map(|f| Input::from_arg(f)).collect());
    request.max_words = opts
        .max_words
        .unwrap_or_else(|| mdsel::max_words_from_env(warnings));
    request.max_bytes = opts.max_bytes;
    if opts.threads > 0 {
        request.threads = opts.threads;
    }
    request.full = opts.full;
    request.limit = opts.limit;
    request
}

/// A whole number of at least 1.
fn positive(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err("expected a whole number of at least 1".to_owned()),
    }
}

/// A closed stdout (`| head`) ends quietly; any other write error is reported.
fn finish(written: io::Result<()>, code: u8) -> ExitCode {
    match written {
        Ok(()) => ExitCode::from(code),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(code),
        Err(e) => {
            let _ = writeln!(io::stderr(), "mdsel: cannot write output: {e}");
            ExitCode::from(1)
        }
    }
}
