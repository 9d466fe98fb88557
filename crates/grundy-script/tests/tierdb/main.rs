//! Tier databases of game files (`grundy::tierdb::build_file`), one test binary: the
//! example files checked against the engine's searches and the built-in tier games
//! (`files`), databases of scores and nimbers (`values`), and files that number their own
//! tiers (`numbering`).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use grundy::tierdb::{build_file, open_file, BuildOptions, BuildReport, Database, Place};

mod files;
mod numbering;
mod values;

/// An example game file of the repository.
fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/games")
        .join(name)
}

/// A fresh, empty directory for one test (a new one each call: the tests run at once).
fn temp(name: &str) -> PathBuf {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "grundy-script-tierdb-{name}-{}-{}",
        std::process::id(),
        CALLS.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds the file at `path` (no parameters) into `dir`.
fn build_path(path: &Path, dir: &Path, options: &BuildOptions) -> Result<BuildReport, String> {
    let file = grundy_script::load_rules(path, &[]).map_err(|e| e.to_string())?;
    build_file(file.rules, file.info, file.identity, dir, options).map_err(|e| e.to_string())
}

/// Opens the database of the file at `path` (no parameters) in `dir`.
fn open_path(path: &Path, dir: &Path) -> Database {
    let file = grundy_script::load_rules(path, &[]).unwrap();
    open_file(file.rules, file.info, file.identity, dir).unwrap()
}

/// The error a build of `source` gives.
fn refused(source: &str) -> String {
    let dir = temp("bad");
    let path = dir.join("bad.luau");
    std::fs::write(&path, source).unwrap();
    let err = build_path(&path, &dir.join("db"), &BuildOptions::default()).unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    err
}

/// Every place the start reaches, by its moves.
fn reachable(db: &Database) -> Vec<Place> {
    let game = db.game();
    let mut seen = HashSet::from([game.start()]);
    let mut stack = vec![game.start()];
    let mut children = Vec::new();
    while let Some(at) = stack.pop() {
        children.clear();
        game.expand(at, &mut children);
        for &c in &children {
            if seen.insert(c) {
                stack.push(c);
            }
        }
    }
    seen.into_iter().collect()
}
