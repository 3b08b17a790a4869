//! Byte-exactness and the per-file errors that need a live file system:
//! FIFOs, unreadable files, streams over the size limit, closed stdout.

use crate::common;

use common::bin::{command, fixtures, json, mdsel, mdsel_in};
use common::scratch::Scratch;

fn stdout_of(dir: &std::path::Path, args: &[&str]) -> Vec<u8> {
    let out = mdsel_in(dir, args, b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn crlf_tabs_bullets_and_escapes_come_out_as_they_went_in() {
    let s = Scratch::new("exact-crlf");
    let text = "# T\r\n\r\n## A\r\n\r\n*\tstar \\* bullet\r\n+ plus\r\n\r\ntext\r\n\r\n    indented\r\n    code\r\n\r\n## B\r\n";
    s.write("crlf.md", text);
    assert_eq!(stdout_of(s.path(), &["*", "crlf.md"]), text.as_bytes());
    assert_eq!(
        stdout_of(s.path(), &["h2.0", "crlf.md"]),
        b"## A\r\n\r\n*\tstar \\* bullet\r\n+ plus\r\n\r\ntext\r\n\r\n    indented\r\n    code\r\n"
    );
    assert_eq!(
        stdout_of(s.path(), &["code.0", "crlf.md"]),
        b"    indented\r\n    code\r\n"
    );
    assert_eq!(
        stdout_of(s.path(), &["list.0/item.0", "crlf.md"]),
        b"*\tstar \\* bullet\r\n"
    );
}

#[test]
fn bom_is_skipped_and_a_missing_final_newline_is_added_once() {
    let s = Scratch::new("exact-bom");
    s.write("bom.md", b"\xef\xbb\xbf# Title\n\nBody\n");
    s.write("nonl.md", b"# Title\n\nlast");
    assert_eq!(stdout_of(s.path(), &["*", "bom.md"]), b"# Title\n\nBody\n");
    assert_eq!(
        stdout_of(s.path(), &["h1.0", "bom.md"]),
        b"# Title\n\nBody\n"
    );
    assert_eq!(stdout_of(s.path(), &["*", "nonl.md"]), b"# Title\n\nlast\n");
    assert_eq!(stdout_of(s.path(), &["para.0", "nonl.md"]), b"last\n");
    // JSON offsets address the file on disk, BOM included.
    let v: serde_json::Value =
        serde_json::from_slice(&stdout_of(s.path(), &["--json", "para.0", "bom.md"])).unwrap();
    assert_eq!(
        (
            v["data"]["matches"][0]["byte_start"].as_u64(),
            v["data"]["matches"][0]["byte_end"].as_u64()
        ),
        (Some(12), Some(17))
    );
}

#[test]
fn stdin_is_a_document_named_stdin() {
    let out = mdsel_in(
        &fixtures(),
        &["h2.1", "-", "crlf.md"],
        b"# S\n\n## One\n\n## Two\n\ntwo\n",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "## Two\n\ntwo\n");
    let out = mdsel_in(&fixtures(), &["-", "bom.md"], b"# S\n");
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("stdin - (2w)\n")
    );
}

#[test]
fn fifo_is_refused_without_blocking_and_others_still_load() {
    let s = Scratch::new("exact-fifo");
    s.fifo("pipe.md");
    s.write("ok.md", "# Ok\n");
    let out = mdsel_in(s.path(), &["pipe.md", "ok.md"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("!NOT_A_FILE: pipe.md\n"), "{err}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "h1.0 Ok (2w)\n");
}

#[test]
fn unreadable_file_is_permission_denied() {
    let s = Scratch::new("exact-perm");
    let path = s.write("secret.md", "# Secret\n");
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o000);
    std::fs::set_permissions(&path, perms).unwrap();
    // Root reads anything; a write-only proc file denies even root.
    let target = if std::fs::read(&path).is_ok() {
        "/proc/sys/vm/drop_caches".to_owned()
    } else {
        "secret.md".to_owned()
    };
    let out = mdsel_in(s.path(), &[&target], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with(&format!("!PERMISSION_DENIED: {target}\n")),
        "{err}"
    );
}

#[test]
fn stdin_over_the_limit_is_too_large() {
    let big = vec![b'a'; 5000];
    let out = mdsel_in(&fixtures(), &["--max-bytes", "4096", "-"], &big);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .starts_with("!FILE_TOO_LARGE: -\n")
    );
}

#[test]
fn nul_after_the_first_8_kib_is_text() {
    let s = Scratch::new("exact-nul");
    let mut text = b"# Late NUL\n\n".to_vec();
    text.extend(std::iter::repeat_n(b'x', 9000));
    text.extend(b"\0\n");
    s.write("late.md", &text);
    let out = mdsel_in(s.path(), &["late.md"], b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn closed_stdout_exits_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    let s = Scratch::new("exact-pipe");
    let text: String = (0..20000)
        .map(|i| format!("## Heading {i}\n\nSome words here.\n\n"))
        .collect();
    s.write("big.md", &text);
    let mut child = command(s.path())
        .args(["*", "big.md", "--full"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap(); // then drop: the pipe closes
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(err.is_empty(), "nothing on stderr: {err}");
    assert_eq!(status.code(), Some(0));
}

#[test]
fn thread_count_never_changes_output() {
    let dir = fixtures();
    for args in [
        &["index", "."][..],
        &["h1.0", "."],
        &["--json", "."],
        &["start", "."],
    ] {
        let one = mdsel_in(&dir, &[args, &["-j", "1"]].concat(), b"");
        let two = mdsel_in(&dir, &[args, &["-j", "2"]].concat(), b"");
        let many = mdsel_in(&dir, &[args, &["-j", "7"]].concat(), b"");
        assert_eq!(one.stdout, two.stdout, "{args:?}");
        assert_eq!(one.stdout, many.stdout, "{args:?}");
        assert_eq!(one.stderr, two.stderr, "{args:?}");
    }
}

#[test]
fn directory_walk_skips_symlinks_and_does_not_loop() {
    let s = Scratch::new("exact-links");
    s.write("docs/a.md", "# A\n");
    std::os::unix::fs::symlink(s.path(), s.join("docs/loop")).unwrap();
    std::os::unix::fs::symlink(s.join("docs/a.md"), s.join("docs/link.md")).unwrap();
    let out = mdsel_in(s.path(), &["docs"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "h1.0 A (2w)\n");
    assert!(mdsel(&["guide.md"]).status.success());
}

#[test]
fn a_lone_cr_ends_a_line_for_structure_too() {
    let text = b"# A\r```\rcode\r```\r";
    let out = mdsel_in(&fixtures(), &["code.0", "-"], text);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"```\rcode\r```\r", "the fence, CRs kept");
    let out = mdsel_in(&fixtures(), &["--json", "code.0", "-"], text);
    let m = &json(&out)["data"]["matches"][0];
    assert_eq!((&m["line_start"], &m["line_end"]), (&2.into(), &4.into()));
    assert_eq!((&m["byte_start"], &m["byte_end"]), (&4.into(), &17.into()));
}
