//! A run refused in one line. Included beside `support/runner.rs` (as the test file's `mod
//! runner`), whose runner it calls.

/// Runs `grundy args`, expecting exit 2 and one line `grundy: message...` on stderr.
pub fn check_error(args: &[&str], message: &str) {
    let out = crate::runner::grundy(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(&format!("grundy: {message}")),
        "{args:?}: {stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
}
