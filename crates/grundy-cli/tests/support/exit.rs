//! Running the `grundy` binary in tests: its exit code and what it printed.

/// Runs `grundy args` and returns its exit code (-1 for a signal), standard output and
/// standard error. Included beside `support/runner.rs` (as the test file's `mod runner`),
/// whose runner it calls.
pub fn grundy(args: &[&str]) -> (i32, String, String) {
    let out = crate::runner::grundy(args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
