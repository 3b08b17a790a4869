//! The command-line face: argv → [`Options`] and a [`Call`], report → stdout/stderr/exit code.
//!
//! clap's structs stay in this file. Auto mode (files vs selectors) is decided
//! here because it asks the file system; everything else is the library's.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand};

use mdsel::{Call, Command, Input, LinkView, Options, Target};

/// The output-format cheat sheet printed by `mdsel format`, for tool descriptions.
const FORMAT_GUIDE: &str = include_str!("format.txt");

/// `mdsel hook --help`: what the hook answers, and outline mode (docs/hook.md,
/// "Outline mode").
const HOOK_ABOUT: &str = "Agent hook: suggest mdsel when an agent reads big Markdown.

Reads the host's hook JSON on stdin. When the call reads a Markdown file (.md, \
.markdown, .mdx) of more words than MDSEL_MIN_WORDS (default 200), prints the \
host's way of reminding the agent to use mdsel_index and mdsel_select; otherwise \
nothing. Always exits 0, and never blocks the read.

With --outline (Claude Code only): a Read with no offset or limit of such a file \
inside the session's working directory is narrowed to the file's opening (front \
matter and preamble, at most 40 lines), and the file's outline goes beside it: \
the index within MDSEL_MAX_WORDS, each part with its line range (h2.1 Usage \
(530w) L40-120), to read on by selector or by line range. A Read with a range, \
or of a file outside the working directory (the event's cwd; an event without \
one), gets the reminder. `mdsel setup claude --outline --write` turns it on, \
`mdsel setup claude --write` off.";

/// Select exactly the Markdown you need.
#[derive(Parser, Debug)]
#[command(
    name = "mdsel",
    version,
    about = "Index Markdown into selectors and return exactly the source they name",
    override_usage = "mdsel [OPTIONS] [SELECTOR|QUERY]... <FILE|DIR|->...\n       mdsel <COMMAND>",
    after_help = after_help(),
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

/// Examples, then the selector types (from the library's table of types) and syntax.
fn after_help() -> String {
    format!(
        "Examples:\n  mdsel README.md                  index: list the selectors\n  mdsel h2.1 README.md             the second h2 section, byte for byte\n  mdsel 'h2.0/code.0' docs/        first code block under the first h2, in every file\n  mdsel install README.md          search: the best matching sections, ranked\n\nSelectors: {}\n  .N  .N-M  .N,M  [N]   ns::sel   a/b   ?head=N  ?tail=N  ?full=true",
        Target::listed(", ")
    )
}

#[derive(Args, Debug, Clone)]
struct Opts {
    /// Print one JSON object instead of text.
    #[arg(long, global = true)]
    json: bool,
    /// No budget: whole outlines and matches, nothing folded, paged or cut.
    #[arg(long, global = true)]
    full: bool,
    /// Words per response and per page; bytes are limited to 16 a word [env: MDSEL_MAX_WORDS] [default: 2000]
    #[arg(long, value_name = "N", global = true, value_parser = positive)]
    max_words: Option<usize>,
    /// Refuse files larger than N bytes.
    #[arg(long, value_name = "N", global = true, default_value_t = Options::default().max_bytes)]
    max_bytes: u64,
    /// Threads for walking folders, loading and parsing (0: one per core).
    #[arg(
        short = 'j',
        long,
        value_name = "N",
        global = true,
        default_value_t = 0
    )]
    threads: usize,
    /// End each outline line with its line range (L40-120), counted in the budget.
    #[arg(long, global = true)]
    lines: bool,
    /// Only the files of the directories given whose paths (relative to each)
    /// match PATTERN, a .gitignore line ('api/**', '*.md'); '!PATTERN' leaves
    /// them out. Repeatable. Files named directly are always read.
    #[arg(short = 'g', long = "glob", value_name = "PATTERN", global = true)]
    globs: Vec<String>,
    /// Search hits to show at most (default 3; up to 3, fewer when the rest score
    /// far below the best); with --files or --count, most files [default: all that fit]
    #[arg(long, value_name = "N", global = true, value_parser = positive)]
    limit: Option<usize>,
    /// Search and links: pass over the first N hits (or files, links), to see the next ones.
    #[arg(long, value_name = "N", global = true, default_value_t = 0)]
    offset: usize,
    /// Search: list the files holding hits, best first, one line each.
    #[arg(
        id = "list_files",
        long = "files",
        global = true,
        conflicts_with = "count"
    )]
    list_files: bool,
    /// Search: print how many hits each file holds.
    #[arg(long, global = true)]
    count: bool,
    /// A selected section over N words prints its own text and its subsections'
    /// outline (0: whole) [env: MDSEL_READ_WORDS] [default: 300]
    #[arg(long, value_name = "N", global = true)]
    read_words: Option<usize>,
}

#[derive(Subcommand, Debug)]
enum Sub {
    /// List the selectors of each document.
    Index {
        /// Selectors that scope the outline (h2.3, ns::*, page.1), then files,
        /// directories or '-'.
        #[arg(required = true, value_name = "[SELECTOR...] FILES")]
        args: Vec<String>,
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
        /// Words to look for; a query that starts with '-' (`-Force`) is still
        /// the query, unless it is one of mdsel's options.
        #[arg(allow_hyphen_values = true)]
        query: String,
        /// Files, directories or '-'; words before them that are not on disk
        /// are more of the query.
        #[arg(required = true, value_name = "FILES")]
        files: Vec<String>,
    },
    /// List links out of nodes, into one (--to), or those that land nowhere (--broken).
    Links {
        /// What links here: the section or document a selector names
        /// (`guide::#install`, `'[[Note]]'`, `ns::*`) or a file's path.
        #[arg(long, value_name = "SELECTOR", conflicts_with = "broken")]
        to: Option<String>,
        /// Only links whose file, note or anchor does not resolve; exit 1 when
        /// any does not.
        #[arg(long)]
        broken: bool,
        /// Selectors whose links to list (none: every link), then files,
        /// directories or '-'.
        #[arg(required = true, value_name = "[SELECTOR...] FILES")]
        args: Vec<String>,
    },
    /// Print the output-format cheat sheet (for tool descriptions).
    Format,
    /// Serve mdsel_index and mdsel_select over MCP (stdio).
    Mcp {
        /// Also allow reading under DIR (repeatable); the working directory always is.
        #[arg(long = "root", value_name = "DIR")]
        roots: Vec<std::path::PathBuf>,
    },
    /// Agent hook: suggest mdsel when an agent reads big Markdown.
    #[command(long_about = HOOK_ABOUT)]
    Hook {
        /// The agent host whose hook input is on stdin.
        #[arg(value_parser = crate::hook::HOST_NAMES)]
        host: String,
        /// Claude Code: narrow a whole Read of a big Markdown file in the project
        /// to its opening, with its outline and line ranges beside it (other hosts
        /// ignore it).
        #[arg(long)]
        outline: bool,
    },
    /// Print (or --write) the MCP server and hook config for a host.
    Setup {
        /// The agent host.
        #[arg(value_parser = crate::setup::HOST_NAMES)]
        host: String,
        /// Merge it into the host's files (keeping a .bak of each file it changes).
        #[arg(long)]
        write: bool,
        /// Your user settings, for every project, instead of this project's.
        #[arg(long)]
        user: bool,
        /// Claude Code: the hook in outline mode (`mdsel hook claude --outline`); an
        /// mdsel hook already there is switched to the mode asked for.
        #[arg(long)]
        outline: bool,
    },
    /// Print a shell completion script.
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff).
    Man,
}

/// Parses argv, runs, renders; returns the process exit code.
pub fn main() -> ExitCode {
    let argv = split_attached_numbers(std::env::args_os().collect());
    let json = argv
        .iter()
        .skip(1)
        .take_while(|a| *a != "--")
        .any(|a| a == "--json");
    let command = argv.iter().skip(1).find_map(|a| match a.to_str() {
        Some("select") => Some(mdsel::CommandKind::Select),
        Some("search") => Some(mdsel::CommandKind::Search),
        Some("links") => Some(mdsel::CommandKind::Links),
        _ => None,
    });
    let (argv, words) = shield_words(argv);
    let mut cli = match Cli::try_parse_from(hoist_subcommand(argv)) {
        Ok(cli) => cli,
        Err(e) => return argument_error(&e, json, command.unwrap_or(mdsel::CommandKind::Index)),
    };
    unshield_words(&mut cli, &words);
    let mut notes = Vec::new();
    let (command, files) = match cli.command {
        Some(Sub::Format) => {
            return finish(
                io::stdout().lock().write_all(FORMAT_GUIDE.as_bytes()),
                mdsel::ExitCode::Success,
            );
        }
        Some(Sub::Mcp { roots }) => {
            // Every tool call runs with these options.
            return crate::mcp::main(&roots, options(&cli.opts));
        }
        Some(Sub::Hook { host, outline }) => return crate::hook::main(&host, outline),
        Some(Sub::Setup {
            host,
            write,
            user,
            outline,
        }) => return crate::setup::main(&host, write, user, outline),
        Some(Sub::Completions { shell }) => {
            return finish(
                crate::manual::completions(shell, Cli::command()),
                mdsel::ExitCode::Success,
            );
        }
        Some(Sub::Man) => {
            return finish(crate::manual::man(Cli::command()), mdsel::ExitCode::Success);
        }
        Some(Sub::Index { args }) => {
            let (mut selectors, mut files) = split_args(args, &mut notes);
            if files.is_empty() {
                // `index` needs files: the last argument is one, reported missing if need be.
                files.extend(selectors.pop());
            }
            (Command::Index(selectors), files)
        }
        Some(Sub::Select { selector, files }) => (Command::Select(vec![selector]), files),
        Some(Sub::Links { to, broken, args }) => {
            let (mut selectors, mut files) = split_args(args, &mut notes);
            if files.is_empty() {
                files.extend(selectors.pop());
            }
            let view = match (to, broken) {
                (Some(to), _) => {
                    if let Some(first) = selectors.first() {
                        let problem = format!(
                            "'{first}' is not a file: with --to, every other argument is a file or folder (`mdsel links --to 'guide::#install' docs/`)"
                        );
                        return usage_error(&problem, cli.opts.json, mdsel::CommandKind::Links);
                    }
                    LinkView::To(to)
                }
                (None, true) => LinkView::Broken,
                (None, false) => LinkView::Out,
            };
            (Command::Links { selectors, view }, files)
        }
        Some(Sub::Search { query, files }) => search_args(query, files, &mut notes),
        None => auto(cli.args, &mut notes),
    };
    // A site's page address given as a file (`guide/build.html`, `../guide/build`,
    // `guide/`) reads its Markdown source, as its links do.
    let files: Vec<String> = files
        .into_iter()
        .map(|f| mdsel::page_source(&f).unwrap_or(f))
        .collect();
    let call = Call::new(command, files.iter().map(|f| Input::from_arg(f)).collect());
    let mut options = options(&cli.opts);
    options.ends_process = true;
    options.warnings.extend(notes);
    options.call_flags = call_flags(&cli.opts);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let (report, written) = if cli.opts.json {
        let report = mdsel::run(&options, &call);
        let written = mdsel::write_json(&report, &mut out);
        (report, written)
    } else {
        // Text is written as it is produced; the report keeps only what went wrong.
        match mdsel::run_text(&options, &call, &mut out) {
            Ok(report) => (report, Ok(())),
            Err(e) => return finish(Err(e), mdsel::ExitCode::Success),
        }
    };
    let code = report.exit_code();
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

/// Auto mode: an argument is a file if it exists, is `-`, is a site's page
/// whose Markdown source exists ([`mdsel::page_source`]), has a Markdown
/// extension or plainly names a path ([`names_a_path`]); the rest are selectors
/// (or a query). No selectors means index. Files come last, so when nothing else
/// is a file the last of several arguments is taken as one unless it reads as a
/// selector: a mistyped path is then reported missing, by name.
fn auto(args: Vec<String>, notes: &mut Vec<String>) -> (Command, Vec<String>) {
    let (selectors, files) = split_args(args, notes);
    if selectors.is_empty() {
        (Command::Index(selectors), files)
    } else {
        (Command::Select(selectors), files)
    }
}

/// `search`'s query and files (docs/search.md, "Search"): the arguments that exist on disk (or
/// plainly name a file, as auto mode tells) are the inputs, and every other word
/// is the query, as if quoted: `mdsel search restore deleted file notes/`
/// searches "restore deleted file". When no argument is a file, the last one is
/// taken as one (and reported missing).
fn search_args(
    query: String,
    rest: Vec<String>,
    notes: &mut Vec<String>,
) -> (Command, Vec<String>) {
    let args = std::iter::once(query).chain(rest).collect();
    let (mut files, mut words) = inputs_and_words(args, notes);
    if files.is_empty() && words.len() > 1 {
        files.extend(words.pop());
    }
    if words.is_empty() && files.len() > 1 {
        // Only files: the first is the query, as it was written first.
        words.push(files.remove(0));
    }
    (Command::Search(words.join(" ")), files)
}

/// Whether auto mode takes an argument as a file: it exists, is `-`, is a site's
/// page whose source exists, or plainly names a Markdown file or a path.
fn is_file_arg(a: &str) -> bool {
    a == "-"
        || Path::new(a).exists()
        || mdsel::page_source(a).is_some()
        || (link_path(a).is_none() && (mdsel::Input::is_markdown(Path::new(a)) || names_a_path(a)))
}

/// The arguments taken as files (see [`is_file_arg`]) and the rest, each in
/// order. A word naming something on disk that holds no Markdown
/// ([`holds_no_markdown`]) is one of the rest when another argument is a
/// file, with a note saying so: `mdsel search build cache docs/` beside a
/// `build/` of no Markdown searches "build cache".
fn inputs_and_words(args: Vec<String>, notes: &mut Vec<String>) -> (Vec<String>, Vec<String>) {
    // Each argument looked at once: (a file, holding no Markdown).
    let seen: Vec<(bool, bool)> = args
        .iter()
        .map(|a| {
            let file = is_file_arg(a);
            (file, file && holds_no_markdown(a))
        })
        .collect();
    let kept = seen.iter().any(|&(file, empty)| file && !empty);
    let (mut inputs, mut words) = (Vec::new(), Vec::new());
    for (arg, (file, empty)) in args.into_iter().zip(seen) {
        if empty && kept {
            let word = mdsel::shell_word(&arg);
            notes.push(match Path::new(&arg).is_dir() {
                true => format!("{word} is a folder holding no Markdown, so it was read as a word"),
                false => format!(
                    "{word} is a file with no Markdown name, so it was read as a word; \
                     to read it as Markdown, write {}",
                    mdsel::shell_word(&format!("./{arg}"))
                ),
            });
            words.push(arg);
        } else if file {
            inputs.push(arg);
        } else {
            words.push(arg);
        }
    }
    (inputs, words)
}

/// Whether a plain word (no path separator, no Markdown name) names a file
/// without a Markdown name or a folder with no Markdown file among the first
/// entries it holds.
fn holds_no_markdown(arg: &str) -> bool {
    let path = Path::new(arg);
    if arg.contains(std::path::is_separator) || mdsel::Input::is_markdown(path) {
        return false;
    }
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => !may_hold_markdown(path, &mut MARKDOWN_LOOK.clone()),
        Ok(meta) => meta.is_file(),
        Err(_) => false,
    }
}

/// How many entries a folder named like a query word is looked through for
/// Markdown: past them it may hold some, and is read as a folder.
const MARKDOWN_LOOK: usize = 2_000;

/// Whether a folder holds a Markdown file, or more entries than `left` allows
/// looking at (it may).
fn may_hold_markdown(dir: &Path, left: &mut usize) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    let mut folders = Vec::new();
    for entry in entries.flatten() {
        if *left == 0 {
            return true;
        }
        *left -= 1;
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() => folders.push(path),
            Ok(_) if mdsel::Input::is_markdown(&path) => return true,
            _ => {}
        }
    }
    folders.into_iter().any(|f| may_hold_markdown(&f, left))
}

/// Selectors and files among arguments, as auto mode tells them apart (and
/// `index`, whose selectors scope the outline): `(selectors, files)`.
fn split_args(args: Vec<String>, notes: &mut Vec<String>) -> (Vec<String>, Vec<String>) {
    let (mut files, mut selectors) = inputs_and_words(args, notes);
    // A link to a file's section (`docs/guide.md#install`) reads that file; a
    // site's page link (`../guide/build#x`) reads its source when one is
    // there, and else is looked for among the files given.
    let given = !files.is_empty();
    for path in selectors.iter().filter_map(|s| link_path(s)) {
        if (!given || Path::new(&path).is_file()) && !files.contains(&path) {
            files.push(path);
        }
    }
    if files.is_empty()
        && selectors.len() > 1
        && selectors.last().is_some_and(|a| !reads_as_selector(a))
    {
        files.extend(selectors.pop());
    }
    (selectors, files)
}

/// The file a `PATH#anchor` argument links to, when it is one (and not a file
/// whose name holds a `#`, such as `C#.md`): for a site's page, its source
/// ([`mdsel::page_source`]); else the path as typed, to be reported missing.
fn link_path(arg: &str) -> Option<String> {
    if Path::new(arg).exists() {
        return None;
    }
    let sel = mdsel::parse_selector(arg).ok()?;
    let typed = sel.link_path()?;
    Some(mdsel::page_source(typed).unwrap_or_else(|| typed.to_owned()))
}

/// Whether an argument can only be a path, even one that does not exist: it
/// ends in a path separator (a selector never does, unless it is a selector
/// cut short: `h2.0/`), or starts with `/`, `./`, `../` or `~/`.
fn names_a_path(arg: &str) -> bool {
    // Words with spaces between, and a `/…/` term, are a query unless on disk.
    if arg.contains(char::is_whitespace) || is_pattern(arg) {
        return false;
    }
    let starts =
        ["/", "./", "../", "~/"].iter().any(|p| arg.starts_with(p)) || Path::new(arg).is_absolute();
    let ends = arg.ends_with(std::path::is_separator)
        && mdsel::parse_selector(arg.trim_end_matches(std::path::is_separator)).is_err();
    starts || ends
}

/// Whether an argument is a search's `/…/` term: one part between its two
/// slashes (`/lock.?timeout/`), as no absolute path of a folder that does not
/// exist would be written.
fn is_pattern(arg: &str) -> bool {
    arg.len() > 2
        && arg.starts_with('/')
        && arg.ends_with('/')
        && !arg[1..arg.len() - 1].contains('/')
}

/// Whether an argument reads as a selector, right or wrong: it parses, or its
/// first step parses or has selector syntax (`h2.0/cod.0`, `tabel.0`, `h2,0`).
/// `docs/guide` and `README` do not.
fn reads_as_selector(arg: &str) -> bool {
    let first = arg.split('/').next().unwrap_or(arg);
    mdsel::parse_selector(arg).is_ok()
        || mdsel::parse_selector(first).is_ok()
        || mdsel::Selector::looks_like(first)
}

/// Marks an argument set aside by [`shield_words`]: no argument a shell
/// passes holds a NUL.
const SHIELD: &str = "\0mdsel-words-";

/// argv with each argument that starts with `-` and holds a space replaced by
/// a placeholder, and the arguments replaced: words with spaces between are
/// a query, never an option (`mdsel "--exclude flag config" docs/`), unless
/// they are the value an option takes (`--max-words`'s).
fn shield_words(argv: Vec<OsString>) -> (Vec<OsString>, Vec<String>) {
    let cmd = Cli::command();
    let takes_value = |a: &str| {
        cmd.get_arguments().any(|arg| {
            arg.get_action().takes_values()
                && (arg.get_long().is_some_and(|l| a == format!("--{l}"))
                    || arg.get_short().is_some_and(|c| a == format!("-{c}")))
        })
    };
    let mut words = Vec::new();
    let mut out = Vec::with_capacity(argv.len());
    let mut value_next = false;
    for (k, arg) in argv.into_iter().enumerate() {
        let text = arg.to_str().unwrap_or_default();
        let is_value = std::mem::take(&mut value_next);
        if k > 0 && !is_value && text.starts_with('-') && text.contains(char::is_whitespace) {
            out.push(OsString::from(format!("{SHIELD}{}", words.len())));
            words.push(text.to_owned());
            continue;
        }
        value_next = k > 0 && takes_value(text);
        out.push(arg);
    }
    (out, words)
}

/// Puts back the arguments [`shield_words`] set aside.
fn unshield_words(cli: &mut Cli, words: &[String]) {
    if words.is_empty() {
        return;
    }
    let restore = |arg: &mut String| {
        let k = arg
            .strip_prefix(SHIELD)
            .and_then(|k| k.parse::<usize>().ok());
        if let Some(word) = k.and_then(|k| words.get(k)) {
            arg.clone_from(word);
        }
    };
    cli.args.iter_mut().for_each(restore);
    match &mut cli.command {
        Some(Sub::Index { args } | Sub::Links { args, .. }) => args.iter_mut().for_each(restore),
        Some(Sub::Select { selector, files }) => {
            restore(selector);
            files.iter_mut().for_each(restore);
        }
        Some(Sub::Search { query, files }) => {
            restore(query);
            files.iter_mut().for_each(restore);
        }
        _ => {}
    }
}

/// argv with a short option's number written onto it (`-j1`) as two
/// arguments (`-j 1`), up to `--`. Clap reads `-j1` as an option, except where
/// a value may start with `-` (a search's query, `-Force`): there it would be
/// a word of the query, though it is one of mdsel's options.
fn split_attached_numbers(argv: Vec<OsString>) -> Vec<OsString> {
    let cmd = Cli::command();
    let shorts: Vec<char> = cmd
        .get_arguments()
        .filter(|a| a.get_action().takes_values())
        .filter_map(clap::Arg::get_short)
        .collect();
    let mut out = Vec::with_capacity(argv.len() + 1);
    let mut args = argv.into_iter();
    out.extend(args.next());
    for arg in args.by_ref() {
        let split = arg.to_str().and_then(|a| {
            let rest = a.strip_prefix('-')?;
            let mut chars = rest.chars();
            let short = chars.next().filter(|c| shorts.contains(c))?;
            let number = chars.as_str();
            (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
                .then(|| (format!("-{short}"), number.to_owned()))
        });
        match split {
            Some((option, number)) => out.extend([option.into(), number.into()]),
            None if arg == "--" => {
                out.push(arg);
                break;
            }
            None => out.push(arg),
        }
    }
    out.extend(args);
    out
}

/// argv with the subcommand moved to the front, so that options work before it
/// as after it (`mdsel --json index f.md`, `mdsel -j1 select h2.0 f.md`), as for
/// git or cargo: the subcommand is the first argument that is neither an option
/// nor an option's value. Anything after `--`, and every later argument, is
/// left to auto mode (`mdsel f.md index` searches for "index").
fn hoist_subcommand(mut argv: Vec<OsString>) -> Vec<OsString> {
    let mut cmd = Cli::command();
    cmd.build();
    let takes_value = |arg: &clap::Arg| arg.get_action().takes_values();
    let longs: Vec<&str> = cmd
        .get_arguments()
        .filter(|a| takes_value(a))
        .flat_map(|a| a.get_long_and_visible_aliases().unwrap_or_default())
        .collect();
    let shorts: Vec<char> = cmd
        .get_arguments()
        .filter(|a| takes_value(a))
        .flat_map(|a| a.get_short_and_visible_aliases().unwrap_or_default())
        .collect();
    let mut i = 1;
    while i < argv.len() {
        let Some(arg) = argv[i].to_str() else {
            return argv;
        };
        // `mdsel -V index` prints mdsel's version, as before any subcommand.
        if matches!(arg, "--" | "-" | "-V" | "--version") {
            return argv;
        }
        if let Some(long) = arg.strip_prefix("--") {
            if !long.contains('=') && longs.contains(&long) {
                i += 1; // its value
            }
        } else if let Some(cluster) = arg.strip_prefix('-') {
            // `-j1` carries its value; a bare `-j` takes the next argument.
            if cluster
                .find(|c| shorts.contains(&c))
                .is_some_and(|at| at + 1 == cluster.len())
            {
                i += 1;
            }
        } else {
            if i > 1 && cmd.find_subcommand(arg).is_some() {
                let sub = argv.remove(i);
                argv.insert(1, sub);
            }
            return argv;
        }
        i += 1;
    }
    argv
}

/// The options of this process: flags first, then `MDSEL_MAX_WORDS` and
/// `MDSEL_READ_WORDS`, then defaults.
fn options(opts: &Opts) -> Options {
    let mut options = Options::default();
    match opts.max_words {
        Some(n) => options.max_words = n,
        None => options = options.max_words_from_env(),
    }
    options.max_bytes = opts.max_bytes;
    if opts.threads > 0 {
        options.threads = opts.threads;
    }
    options.full = opts.full;
    options.limit = opts.limit;
    options.offset = opts.offset;
    options.listing = match (opts.list_files, opts.count) {
        (true, _) => mdsel::Listing::Files,
        (_, true) => mdsel::Listing::Count,
        _ => mdsel::Listing::Hits,
    };
    options.line_ranges = opts.lines;
    options.globs.clone_from(&opts.globs);
    match opts.read_words {
        Some(n) => options.read_words = n,
        None => options = options.read_words_from_env(),
    }
    if opts.json || opts.full {
        // JSON is for programs: every section whole, as before.
        options.read_words = 0;
    }
    options
}

/// The options given that shape an outline, as the words a marker's call
/// repeats: `--max-words`, `--max-bytes`, `--lines` and each `--glob`.
fn call_flags(opts: &Opts) -> Vec<String> {
    let mut flags = Vec::new();
    if let Some(n) = opts.max_words {
        flags.extend(["--max-words".to_owned(), n.to_string()]);
    }
    if opts.max_bytes != Options::default().max_bytes {
        flags.extend(["--max-bytes".to_owned(), opts.max_bytes.to_string()]);
    }
    if opts.lines {
        flags.push("--lines".to_owned());
    }
    for glob in &opts.globs {
        flags.extend(["--glob".to_owned(), glob.clone()]);
    }
    flags
}

/// A whole number of at least 1.
fn positive(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err("expected a whole number of at least 1".to_owned()),
    }
}

/// What clap found wrong with the arguments, or the help or version asked
/// for: printed (help and version to stdout, checked, so a full disk is an
/// error), or, with `--json`, one JSON object naming the problem; exit 2 for
/// a usage error.
fn argument_error(e: &clap::Error, json: bool, command: mdsel::CommandKind) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let text = e.render().to_string();
        return finish(
            io::stdout().lock().write_all(text.as_bytes()),
            mdsel::ExitCode::Success,
        );
    }
    if json {
        // The message clap prints, up to its usage lines, on one line.
        let text = e.render().to_string();
        let head = text.split("\n\n").next().unwrap_or_default();
        let problem = head
            .trim_start_matches("error:")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let report = mdsel::Report::usage(command, &problem);
        let mut out = io::stdout().lock();
        let written = mdsel::write_json(&report, &mut out).and_then(|()| out.flush());
        return finish(written, mdsel::ExitCode::Usage);
    }
    let _ = e.print();
    ExitCode::from(2)
}

/// A call whose arguments are wrong in a way only mdsel tells (clap's are
/// [`argument_error`]'s): the problem on stderr, or as JSON.
fn usage_error(problem: &str, json: bool, command: mdsel::CommandKind) -> ExitCode {
    let report = mdsel::Report::usage(command, problem);
    let written = if json {
        let mut out = io::stdout().lock();
        mdsel::write_json(&report, &mut out).and_then(|()| out.flush())
    } else {
        mdsel::write_errors(&report, &mut io::stderr().lock())
    };
    finish(written, mdsel::ExitCode::Usage)
}

/// A closed stdout (`| head`) ends quietly; any other write error is reported.
fn finish(written: io::Result<()>, code: mdsel::ExitCode) -> ExitCode {
    match written {
        Ok(()) => code.into(),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => code.into(),
        Err(e) => {
            let _ = writeln!(io::stderr(), "mdsel: cannot write output: {e}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subcommand_is_the_first_argument_that_is_not_an_option() {
        let cases: &[(&[&str], &[&str])] = &[
            (&["--json", "index", "f.md"], &["index", "--json", "f.md"]),
            (
                &["--full", "select", "h2.0", "f.md"],
                &["select", "--full", "h2.0", "f.md"],
            ),
            (&["-j1", "select", "h2.0"], &["select", "-j1", "h2.0"]),
            (&["-j", "1", "search", "x"], &["search", "-j", "1", "x"]),
            (
                &["--limit", "3", "--max-words=5", "search", "x"],
                &["search", "--limit", "3", "--max-words=5", "x"],
            ),
            (&["--json", "mcp"], &["mcp", "--json"]),
            // Unchanged: already first, auto mode, after `--`, or a version.
            (&["index", "f.md"], &["index", "f.md"]),
            (&["f.md", "index"], &["f.md", "index"]),
            (&["--json", "f.md", "index"], &["--json", "f.md", "index"]),
            (&["-j", "index", "f.md"], &["-j", "index", "f.md"]),
            (&["--", "index", "f.md"], &["--", "index", "f.md"]),
            (&["-", "index"], &["-", "index"]),
            (&["-V", "index"], &["-V", "index"]),
        ];
        for (args, want) in cases {
            let argv = std::iter::once("mdsel").chain(args.iter().copied());
            let got = hoist_subcommand(argv.map(OsString::from).collect());
            let want: Vec<OsString> = std::iter::once("mdsel")
                .chain(want.iter().copied())
                .map(OsString::from)
                .collect();
            assert_eq!(got, want, "{args:?}");
        }
    }

    #[test]
    fn auto_mode_takes_plain_paths_as_files() {
        let cases: &[(&[&str], Command, &[&str])] = &[
            // A folder that does not exist is still a folder.
            (
                &["h2.0", "nodir/"],
                Command::Select(vec!["h2.0".into()]),
                &["nodir/"],
            ),
            (&["./nodir"], Command::Index(vec![]), &["./nodir"]),
            (
                &["h2.0", "../x"],
                Command::Select(vec!["h2.0".into()]),
                &["../x"],
            ),
            // Files come last: a last argument that is no selector is a file.
            (
                &["h2.0", "docs/guide"],
                Command::Select(vec!["h2.0".into()]),
                &["docs/guide"],
            ),
            (
                &["install", "gide"],
                Command::Select(vec!["install".into()]),
                &["gide"],
            ),
            // Selectors, right or wrong, stay selectors.
            (&["h2.0/"], Command::Select(vec!["h2.0/".into()]), &[]),
            (
                &["h2.0", "h3.0"],
                Command::Select(vec!["h2.0".into(), "h3.0".into()]),
                &[],
            ),
            (
                &["h2.0", "tabel.0"],
                Command::Select(vec!["h2.0".into(), "tabel.0".into()]),
                &[],
            ),
            (
                &["h2.0", "h2.0/cod.0"],
                Command::Select(vec!["h2.0".into(), "h2.0/cod.0".into()]),
                &[],
            ),
            (&["install"], Command::Select(vec!["install".into()]), &[]),
        ];
        for (args, command, files) in cases {
            let got = auto(
                args.iter().map(|a| (*a).to_owned()).collect(),
                &mut Vec::new(),
            );
            assert_eq!(
                got,
                (
                    command.clone(),
                    files.iter().map(|f| (*f).to_owned()).collect()
                ),
                "{args:?}"
            );
        }
    }
}
