//! `mdsel hook claude --outline` (docs/hook.md, "Outline mode"), fed Claude Code's
//! real `PreToolUse` input: a whole `Read` of big Markdown inside `cwd` becomes
//! a read of the file's opening with the outline beside it; every other call
//! gets exactly the default answer.

use crate::common;

use std::path::Path;

use common::bin::{Mdsel, mdsel_in};
use common::memory::text_of_words as words;
use common::scratch::Scratch;
use serde_json::{Value, json};

const REMINDER: &str = "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"additionalContext\":\"This is a Markdown file over the configured size threshold.\\nUse mdsel_index and mdsel_select instead of Read.\"}}\n";

/// Claude Code's `PreToolUse` input for a `Read` with `tool_input`.
fn read(cwd: &Path, tool_input: Value) -> Value {
    json!({
        "session_id": "8f4c2a1e-0b7d-4e55-9a31-2d6c0f1b9e77",
        "transcript_path": "/home/u/.claude/projects/p/8f4c2a1e.jsonl",
        "cwd": cwd,
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Read",
        "tool_input": tool_input,
        "tool_use_id": "toolu_01ABCDEF"
    })
}

/// Runs `mdsel hook claude --outline` (exit 0, nothing on stderr); its stdout.
fn hook(input: &[u8], env: &[(&str, &str)]) -> String {
    let out = Mdsel::new(&["hook", "claude", "--outline"])
        .stdin(input)
        .envs(env)
        .output();
    assert_eq!(out.status.code(), Some(0), "the hook always exits 0");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The hook's answer to a whole read of `file_path` from `cwd`.
fn whole(cwd: &Path, file_path: &str) -> String {
    hook(
        read(cwd, json!({"file_path": file_path}))
            .to_string()
            .as_bytes(),
        &[],
    )
}

/// A narrowed read's `hookSpecificOutput`, checked field by field except the
/// limit and the context, which are returned.
fn narrowed(out: &str, file_path: &str) -> (u64, String) {
    assert!(
        out.ends_with("}\n") && out.matches('\n').count() == 1,
        "one line: {out}"
    );
    let v: Value = serde_json::from_str(out).unwrap();
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["hookSpecificOutput"]);
    let h = &v["hookSpecificOutput"];
    let keys: Vec<&String> = h.as_object().unwrap().keys().collect();
    let want = [
        "hookEventName",
        "permissionDecision",
        "permissionDecisionReason",
        "updatedInput",
        "additionalContext",
    ];
    assert_eq!(keys, want);
    assert_eq!(h["hookEventName"], "PreToolUse");
    assert_eq!(h["permissionDecision"], "allow");
    assert_eq!(
        h["permissionDecisionReason"],
        "mdsel: the outline instead of the whole file"
    );
    let input = &h["updatedInput"];
    assert_eq!(input["file_path"], file_path, "the path as given");
    assert_eq!(input["offset"], 1);
    let limit = input["limit"].as_u64().unwrap();
    assert!((1..=40).contains(&limit), "{limit}");
    (limit, h["additionalContext"].as_str().unwrap().to_owned())
}

/// A guide with front matter, a preamble and nested sections: 13 lines of opening.
fn guide() -> String {
    let mut text = String::from(
        "---\ntitle: Guide\ntags: [a, b]\n---\n\nThe preamble, before any heading.\nIt runs over\nseveral lines.\n\n- and a list\n- of two\n\n\n# Guide\n\nWhat the guide is.\n",
    );
    for (k, name) in ["Install", "Usage", "Options"].iter().enumerate() {
        text.push_str(&format!(
            "\n## {name}\n\n{}\n",
            words(90).replace("# Title\n\n", "")
        ));
        text.push_str(&format!(
            "\n### {name} in depth {k}\n\n```sh\nmdsel {k}\n```\n"
        ));
    }
    text
}

/// `mdsel index FILE` run in `cwd`.
fn index(cwd: &Path, file: &str) -> String {
    let out = mdsel_in(cwd, &["index", file], b"");
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_whole_read_becomes_the_opening_and_the_outline() {
    let dir = Scratch::with("hook-outline", &[("docs/guide.md", guide())]);
    let path = dir.join("docs/guide.md").display().to_string();
    let text = guide();
    let lines: Vec<&str> = text.lines().collect();
    let (limit, context) = narrowed(&whole(dir.path(), &path), &path);
    // The opening: front matter and preamble, up to the first heading.
    assert_eq!(lines[limit as usize - 1], "- of two");
    assert_eq!(lines[limit as usize + 2], "# Guide");
    let (note, outline) = context.split_once('\n').unwrap();
    for part in [
        "large",
        "lines 1-11",
        "mdsel_select",
        "mdsel select",
        "offset",
    ] {
        assert!(note.contains(part), "{part}: {note}");
    }
    // The outline is `mdsel index FILE`, each part with its line range.
    let mut plain = String::new();
    let is_count = |l: &str| l == "---" || l.contains(':');
    for line in outline.lines().filter(|l| !is_count(l)) {
        let (head, range) = line.rsplit_once(" L").unwrap_or_else(|| panic!("{line}"));
        let (first, last) = range.split_once('-').unwrap();
        let (first, last): (usize, usize) = (first.parse().unwrap(), last.parse().unwrap());
        assert!(first <= last && last <= lines.len(), "{line}");
        let head_text = head.trim_start();
        if head_text.starts_with('h')
            && let Some((_, titled)) = head_text.split_once(' ')
        {
            // A heading: its range runs from its heading line to its last text line.
            let title = titled.rsplit_once(" (").unwrap().0;
            assert!(lines[first - 1].starts_with('#'), "{line}");
            assert!(
                lines[first - 1].ends_with(title),
                "{line}: {}",
                lines[first - 1]
            );
            let next = lines[last..].iter().find(|l| !l.trim().is_empty());
            assert!(next.is_none_or(|l| l.starts_with('#')), "{line} ends early");
        }
        plain.push_str(head);
        plain.push('\n');
    }
    let counts: Vec<&str> = outline.lines().filter(|l| is_count(l)).collect();
    plain.push_str(&(counts.join("\n") + "\n"));
    assert_eq!(plain, index(dir.path(), &path));
    assert!(
        outline.starts_with("front (7w) L1-4\nroot (17w) L6-11\nh1.0 Guide ("),
        "{outline}"
    );
}

#[test]
fn relative_paths_resolve_against_cwd_and_other_fields_are_kept() {
    let dir = Scratch::with("hook-outline", &[("docs/guide.md", guide())]);
    let input = read(
        dir.path(),
        json!({"file_path": "docs/guide.md", "pages": "1"}),
    );
    let out = hook(input.to_string().as_bytes(), &[]);
    let (limit, _) = narrowed(&out, "docs/guide.md");
    let v: Value = serde_json::from_str(&out).unwrap();
    let want = json!({"file_path": "docs/guide.md", "pages": "1", "offset": 1, "limit": limit});
    assert_eq!(v["hookSpecificOutput"]["updatedInput"], want);
    // A null range is no range.
    let input = read(
        dir.path(),
        json!({"file_path": "docs/guide.md", "offset": null}),
    );
    narrowed(&hook(input.to_string().as_bytes(), &[]), "docs/guide.md");
}

#[test]
fn an_explicit_range_gets_the_reminder() {
    let dir = Scratch::with("hook-outline", &[("big.md", guide())]);
    let path = dir.join("big.md").display().to_string();
    for range in [
        json!({"offset": 20}),
        json!({"limit": 5}),
        json!({"offset": 1, "limit": 2000}),
    ] {
        let mut args = range.clone();
        args["file_path"] = json!(path);
        let out = hook(read(dir.path(), args).to_string().as_bytes(), &[]);
        assert_eq!(out, REMINDER, "{range}");
    }
}

#[test]
fn files_outside_cwd_get_the_reminder_and_no_allow() {
    let project = Scratch::with("hook-outline", &[("inside.md", guide())]);
    let outside = Scratch::with("hook-outline-out", &[("big.md", guide())]);
    let far = outside.join("big.md").display().to_string();
    assert_eq!(whole(project.path(), &far), REMINDER);
    // `..` out of the project, and a project nested in the file's folder.
    let up = format!(
        "../{}/big.md",
        outside.path().file_name().unwrap().to_string_lossy()
    );
    assert_eq!(whole(project.path(), &up), REMINDER);
    let sub = outside.mkdir("project");
    assert_eq!(whole(&sub, &far), REMINDER);
    // No cwd, or one that is not absolute: nothing is known to be inside.
    let no_cwd = json!({"tool_name": "Read", "tool_input": {"file_path": far}});
    assert_eq!(hook(no_cwd.to_string().as_bytes(), &[]), REMINDER);
    let mut relative = read(Path::new("."), json!({"file_path": far}));
    relative["cwd"] = json!("hook-outline");
    assert_eq!(hook(relative.to_string().as_bytes(), &[]), REMINDER);
    // The same file from its own folder is narrowed.
    narrowed(&whole(outside.path(), &far), &far);
}

#[cfg(unix)]
#[test]
fn a_symlink_to_a_file_outside_cwd_is_outside() {
    let project = Scratch::with("hook-outline", &[("real.md", guide())]);
    let outside = Scratch::with("hook-outline-out", &[("big.md", guide())]);
    let link = project.join("link.md");
    std::os::unix::fs::symlink(outside.join("big.md"), &link).unwrap();
    assert_eq!(whole(project.path(), &link.display().to_string()), REMINDER);
    let inner = project.join("inner.md");
    std::os::unix::fs::symlink(project.join("real.md"), &inner).unwrap();
    let inner = inner.display().to_string();
    narrowed(&whole(project.path(), &inner), &inner);
}

#[test]
fn small_non_markdown_and_garbage_stay_silent() {
    let dir = Scratch::with(
        "hook-outline",
        &[
            ("small.md", words(200)),
            ("big.txt", guide()),
            ("big.md", guide()),
        ],
    );
    let d = dir.path();
    assert_eq!(whole(d, "small.md"), "");
    assert_eq!(whole(d, "big.txt"), "");
    assert_eq!(whole(d, "missing.md"), "");
    for garbage in [&b"{not json"[..], b"", b"null", &[0xff, 0xfe, 0]] {
        assert_eq!(hook(garbage, &[]), "");
    }
    let mut edit = read(d, json!({"file_path": "big.md"}));
    edit["tool_name"] = json!("Edit");
    assert_eq!(hook(edit.to_string().as_bytes(), &[]), "");
    // VS Code's own read tool is only reminded: outline mode is Claude Code's `Read`.
    let mut copilot = read(d, json!({"filePath": "big.md"}));
    copilot["tool_name"] = json!("read_file");
    assert_eq!(hook(copilot.to_string().as_bytes(), &[]), REMINDER);
    // The threshold is the same one.
    let input = read(d, json!({"file_path": "small.md"}));
    let env = [("MDSEL_MIN_WORDS", "10")];
    narrowed(&hook(input.to_string().as_bytes(), &env), "small.md");
}

#[test]
fn files_mdsel_refuses_get_the_reminder() {
    let mut binary = guide().into_bytes();
    binary[200] = 0;
    let mut latin1 = guide().into_bytes();
    latin1.extend_from_slice(b"caf\xe9\n");
    let dir = Scratch::with("hook-outline", &[("nul.md", binary), ("latin1.md", latin1)]);
    assert_eq!(whole(dir.path(), "nul.md"), REMINDER);
    assert_eq!(whole(dir.path(), "latin1.md"), REMINDER);
    // Over the 64 MiB mdsel reads at most: sized, never read.
    let huge = dir.write("huge.md", guide());
    let file = std::fs::OpenOptions::new().write(true).open(&huge).unwrap();
    file.set_len(mdsel::Options::default().max_bytes + 1)
        .unwrap();
    assert_eq!(whole(dir.path(), "huge.md"), REMINDER);
}

#[test]
fn the_opening_is_at_most_40_lines_and_at_least_the_title() {
    let long_preamble = format!("{}# Title\n\n{}", "A line.\n".repeat(60), words(300));
    let titled = format!("# Title\n\nThe lead, two\nlines.\n\n## A\n\n{}", words(300));
    let bare = format!("# Title\n## A\n\n{}", words(300));
    let dir = Scratch::with(
        "hook-outline",
        &[
            ("long.md", long_preamble),
            ("titled.md", titled),
            ("bare.md", bare),
        ],
    );
    let limit = |name| narrowed(&whole(dir.path(), name), name).0;
    assert_eq!(limit("long.md"), 40);
    // No preamble: the opening is the first line, the title.
    assert_eq!(limit("titled.md"), 1);
    let note = narrowed(&whole(dir.path(), "titled.md"), "titled.md").1;
    assert!(note.contains("opening, line 1."), "{note}");
    assert_eq!(limit("bare.md"), 1);
}

#[test]
fn a_huge_outline_is_folded_within_the_budget_and_names_a_call_that_works() {
    let mut text = String::from("# Handbook\n\n");
    for a in 0..300 {
        text.push_str(&format!("## Chapter {a}\n\nSome text.\n\n"));
        for b in 0..20 {
            text.push_str(&format!("### Section {a}.{b}\n\nMore text here.\n\n"));
        }
    }
    let dir = Scratch::with("hook-outline", &[("handbook.md", text)]);
    let path = dir.join("handbook.md").display().to_string();
    for (env, words) in [(vec![], 2000), (vec![("MDSEL_MAX_WORDS", "300")], 300)] {
        let out = hook(
            read(dir.path(), json!({"file_path": path}))
                .to_string()
                .as_bytes(),
            &env,
        );
        let (_, context) = narrowed(&out, &path);
        assert!(context.len() <= 16 * words, "{} bytes", context.len());
        assert!(mdsel::count_words(&context) <= words + 4);
        let marker = context.lines().last().unwrap();
        let call = marker
            .split_once("expand: mdsel ")
            .map(|(_, c)| c.trim_end_matches(']'))
            .unwrap_or_else(|| panic!("{marker}"));
        let mut args: Vec<&str> = call.split(' ').collect();
        assert_eq!((args.len(), args[0], args[2]), (3, "index", path.as_str()));
        args[1] = args[1].trim_matches('\'');
        // The call works, from anywhere, and shows that part's outline: the
        // section, or (issue 21) its children when they cannot fit beside it.
        let expanded = mdsel_in(Path::new("/"), &args, b"");
        assert!(expanded.status.success(), "{marker}");
        let first = String::from_utf8(expanded.stdout).unwrap();
        match args[1].strip_suffix("/*") {
            Some(parent) => {
                assert!(!first.contains(&format!("{parent} ")), "{marker}: {first}");
                assert!(first.lines().count() > 2, "{marker}: {first}");
            }
            None => {
                let want = format!("{} ", args[1]);
                assert!(first.trim_start().starts_with(&want), "{marker}: {first}");
            }
        }
    }
}

#[test]
fn other_hosts_ignore_the_flag() {
    let dir = Scratch::with("hook-outline", &[("big.md", guide())]);
    let input = json!({
        "session_id": "s", "cwd": dir.path(), "hook_event_name": "AfterTool",
        "tool_name": "read_file", "tool_input": {"file_path": "big.md"},
        "tool_response": {"llmContent": "..."}
    });
    let run = |args: &[&str]| {
        let out = Mdsel::new(args)
            .stdin(input.to_string().as_bytes())
            .output();
        assert_eq!(out.status.code(), Some(0));
        out.stdout
    };
    let plain = run(&["hook", "gemini"]);
    assert!(!plain.is_empty());
    assert_eq!(run(&["hook", "gemini", "--outline"]), plain);
}
