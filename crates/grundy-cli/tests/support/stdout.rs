//! The standard output of a run that must succeed. Included beside `support/runner.rs`
//! (as the test file's `mod runner`), whose runner it calls.

/// Runs `grundy args`, checks exit 0 (showing stderr when not), and returns stdout.
pub fn stdout(args: &[&str]) -> String {
    let out = crate::runner::grundy(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
