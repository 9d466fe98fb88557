//! `grundy build connect-four` and `grundy solve ... --db`: a stopped build resumed, answers
//! from the database, and refusals with exit 2 and a message.

use std::process::Command;

#[path = "support/exit.rs"]
mod exit;
#[path = "support/runner.rs"]
mod runner;

use exit::grundy;

#[test]
fn build_stop_resume_and_answer() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-tierdb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.to_str().unwrap();
    let (code, out, _) = grundy(&[
        "build",
        "connect-four",
        "4",
        "3",
        "--db",
        db,
        "--stop-after",
        "6",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("stopped after tier 6"), "{out}");
    let (code, _, err) = grundy(&["solve", "connect-four", "4", "3", "--db", db]);
    assert_eq!(code, 2);
    assert!(err.contains("incomplete: tiers 0..=5"), "{err}");
    let (code, out, _) = grundy(&["build", "connect-four", "4", "3", "--db", db, "--json"]);
    assert_eq!(code, 0);
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["positions"], 12031);
    assert_eq!(report["kept"].as_array().unwrap().len(), 7);
    assert_eq!(report["value"]["outcome"], "draw");
    let (code, out, _) = grundy(&["solve", "connect-four", "4", "3", "at", "1212", "--db", db]);
    assert_eq!(code, 0);
    assert!(out.starts_with("connect-four 4 x 3 at 1212: "), "{out}");
    assert_eq!(out.lines().count(), 5, "{out}");
    for (args, message) in [
        (
            vec!["solve", "connect-four", "5", "3", "--db", db],
            "holds connect-four 4 x 3, not connect-four 5 x 3",
        ),
        (
            vec!["solve", "connect-four", "4", "3", "at", "1111", "--db", db],
            "column 1 is full",
        ),
        (
            vec!["solve", "connect-four", "4", "3", "at", "9", "--db", db],
            "not a column",
        ),
        (
            vec!["build", "connect-four", "5", "3", "--db", db],
            "holds a database of connect-four connect=4 height=3 width=4",
        ),
        (
            vec!["build", "connect-four", "0", "3", "--db", db],
            "at least 1",
        ),
        (
            vec![
                "build",
                "connect-four",
                "7",
                "6",
                "--db",
                db,
                "--memory",
                "0.5",
            ],
            "more than the limit",
        ),
        (
            vec!["build", "chess", "8", "8", "--db", db],
            "'chess' has no tier database: the games are connect-four WIDTH HEIGHT",
        ),
        (
            vec!["build", "mnk", "3", "three", "3", "--db", db],
            "HEIGHT of mnk: 'three' is not a number",
        ),
        (
            vec!["build", "tic-tac-toe", "3", "--db", db],
            "tic-tac-toe takes no numbers",
        ),
        (
            vec!["solve", "tic-tac-toe", "--db", db],
            "holds connect-four 4 x 3, not tic-tac-toe",
        ),
    ] {
        let (code, _, err) = grundy(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Tic-tac-toe built and answered: its 5,478 positions, a draw, and a position's moves by
/// cell.
#[test]
fn tic_tac_toe_is_built_and_answered() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-ttt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.to_str().unwrap();
    let (code, out, err) = grundy(&["build", "tic-tac-toe", "--db", db, "--json"]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["positions"], 5478);
    assert_eq!(report["game"], "mnk");
    assert_eq!(report["value"]["outcome"], "draw");
    let (code, out, err) = grundy(&["solve", "tic-tac-toe", "at", "5 2", "--db", db]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("tic-tac-toe at 5 2: win in "), "{out}");
    assert!(out.contains("  cell 1: win in "), "{out}");
    assert_eq!(out.lines().count(), 8, "{out}");
    let (code, _, err) = grundy(&["solve", "tic-tac-toe", "at", "5 5", "--db", db]);
    assert_eq!(code, 2);
    assert!(err.contains("cell 5 is taken"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A board that only a database answers, asked without `--db`, says how to build it (not
/// "unknown game"); a bad setup of it names the word; a game that is neither stays unknown.
#[test]
fn a_database_board_without_db_says_how_to_build_it() {
    let (code, _, err) = grundy(&["solve", "connect-four", "4", "4", "at", "2132"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("connect-four 4 x 4 is answered from a tier database")
            && err.contains("'grundy build connect-four 4 4 --db DIR'"),
        "{err}"
    );
    let (code, _, err) = grundy(&["play", "tic-tac-toe"]);
    assert_eq!(code, 2);
    assert!(err.contains("'grundy play tic-tac-toe --db DIR'"), "{err}");
    let (code, _, err) = grundy(&["solve", "mnk", "3", "x", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("HEIGHT of mnk: 'x' is not a number"), "{err}");
    let (code, _, err) = grundy(&["solve", "chess", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown game \"chess\""), "{err}");
}

/// Ctrl-C (SIGINT) stops a build between blocks: exit 2, a message saying it resumes, and
/// the same command run again finishes it from the tiers kept.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_build_that_resumes() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-tierdb-int-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.to_str().unwrap();
    let args = ["build", "connect-four", "5", "4", "--db", db, "--json"];
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Once the first tier is recorded the handler is installed and most of the work is left.
    let start = std::time::Instant::now();
    while !dir.join("manifest.json").exists() {
        assert!(start.elapsed().as_secs() < 120, "no tier written");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let pid = i32::try_from(child.id()).unwrap();
    // SAFETY: kill(2) on our own child's pid, which has not been waited for yet.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("interrupted") && err.contains("run the same command again to resume"),
        "{err}"
    );
    let (code, out, err) = grundy(&args);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["positions"], 3945711);
    assert!(!report["kept"].as_array().unwrap().is_empty(), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A game file that defines `tier(pos)`: built, answered from its database at the start, at
/// a position in its notation and at one it never reaches; a file without `tier` is told
/// what to add, and a built-in form refuses the file's database saying how to open it.
#[test]
fn a_game_file_is_built_and_answered() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-tierdb-file-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.to_str().unwrap();
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/tictactoe.luau"
    );
    let (code, out, err) = grundy(&["build", file, "--db", db, "--json"]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["positions"], 5478);
    assert_eq!(report["value"]["remoteness"], 9);
    let (code, out, _) = grundy(&["solve", file, "x.. .o. ...", "--db", db]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("tic-tac-toe at x.. .o. ...: draw in 7"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 8, "{out}");
    let (code, out, _) = grundy(&["solve", file, "xxx ooo ...", "--db", db]);
    assert_eq!(code, 0);
    assert!(out.contains("not in the database"), "{out}");
    let (code, _, err) = grundy(&["solve", "tic-tac-toe", "--db", db]);
    assert_eq!(code, 2);
    assert!(err.contains("open it with the file"), "{err}");
    let subtraction = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/subtraction.luau"
    );
    let (code, _, err) = grundy(&["build", subtraction, "--db", db]);
    assert_eq!(code, 2);
    assert!(err.contains("no function tier(pos)"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A process started by `mpirun -np 3` (OpenMPI and MPICH say so in the environment) that
/// sees itself alone (built without the cargo feature `mpi`, or with another MPI library
/// than the launcher's) refuses to build the whole database beside the others.
#[test]
fn a_build_alone_refuses_to_be_one_of_several_processes() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-no-mpi-{}", std::process::id()));
    for var in ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE"] {
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["build", "tic-tac-toe", "--db"])
            .arg(&dir)
            .env(var, "3")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("grundy: started as one of 3 MPI processes")
                && err.contains("docs/cluster.md"),
            "{err}"
        );
        assert!(!dir.exists(), "nothing is written");
    }
}

/// Dots-and-Boxes (a scoring game file whose boxes give bonus turns) is built into net
/// scores: the start's score from its database is the engine's search of the same file,
/// and every move is listed with its score.
#[test]
fn a_scoring_file_is_built_into_net_scores() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-tierdb-dab-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.to_str().unwrap();
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/dots_and_boxes.luau"
    );
    let params = ["--param", "rows=1", "--param", "cols=2"];
    let mut args = vec!["build", file, "--db", db, "--json"];
    args.extend(params);
    let (code, out, err) = grundy(&args);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["positions"], 128, "every set of the 7 lines");
    let mut args = vec!["solve", file, "--json"];
    args.extend(params);
    let (code, out, err) = grundy(&args);
    assert_eq!(code, 0, "{err}");
    let searched: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["value"]["score"], searched["score"], "{out}");
    let mut args = vec!["solve", file, "--db", db];
    args.extend(params);
    let (code, out, err) = grundy(&args);
    assert_eq!(code, 0, "{err}");
    let score = searched["score"].as_i64().unwrap();
    let sign = if score > 0 { "+" } else { "" };
    assert!(
        out.starts_with(&format!(
            // Every line is drawn before the end: 7 moves whatever is played.
            "dots-and-boxes rows=1 at the start: score {sign}{score} in 7 ("
        )),
        "{out}"
    );
    assert_eq!(out.lines().count(), 8, "the start and its 7 moves: {out}");
    assert!(out.contains("(best)"), "{out}");
    let mut args = vec!["build", file, "--db", db, "--nimbers"];
    args.extend(params);
    let (code, _, err) = grundy(&args);
    assert_eq!(code, 2);
    assert!(err.contains("not one"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
