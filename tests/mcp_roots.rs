//! `mdsel mcp` reads only inside its roots: the working directory, `--root`
//! folders and the roots the client declares, links resolved before the check.

use crate::common;
use crate::mcp;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use common::bin::Mdsel;
use common::scratch::Scratch;
use mcp::{Client, assert_ok, start, start_with};

/// A work folder, a sibling with a secret, and links from one to the other.
fn roots_tree() -> (Scratch, PathBuf, PathBuf) {
    let tmp = Scratch::new("roots");
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
    let out = Mdsel::new(&["mcp", "--root", "nowhere"])
        .cwd(&work)
        .output();
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

/// Issue 49 (G17): a link that leads back to itself and a path holding a NUL
/// byte are named for what they are, not as permission problems.
#[cfg(unix)]
#[tokio::test]
async fn a_link_loop_and_a_nul_in_a_path_say_what_they_are() {
    let (_tmp, work, _other) = roots_tree();
    std::os::unix::fs::symlink(work.join("b.md"), work.join("a.md")).unwrap();
    std::os::unix::fs::symlink(work.join("a.md"), work.join("b.md")).unwrap();
    let session = start(&work).await;
    let (text, is_error) = session.select("h1.0", &["a.md"]).await;
    assert!(
        is_error && text.contains("!NOT_A_FILE: a.md\nA symbolic link loop"),
        "{text}"
    );
    let (text, is_error) = session.select("h1.0", &["x\u{0}y.md"]).await;
    assert!(
        is_error && text.contains("!FILE_NOT_FOUND: $'x\\u0000y.md'\n"),
        "{text}"
    );
    assert!(text.contains("holds a NUL byte"), "{text}");
    assert!(session.close().await.success());
}
