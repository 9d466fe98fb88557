//! `grundy analyze ... --db`: a position analysed from a tier database (the board, every
//! move's value, the best moves, a principal line to the end), as text and JSON, and the
//! refusals.
#[path = "support/exit.rs"]
mod exit;
#[path = "support/runner.rs"]
mod runner;

use exit::grundy;

#[test]
fn analyze_reads_the_best_moves_and_a_line_from_a_database() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-analyze-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.to_str().unwrap();
    let (code, _, err) = grundy(&["build", "tic-tac-toe", "--db", db]);
    assert_eq!(code, 0, "{err}");
    // X in the centre, O on an edge (cell 2): X wins (a known trap of tic-tac-toe).
    let (code, out, err) = grundy(&["analyze", "tic-tac-toe", "at", "5 2", "--db", db]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("position  5 2\n          .O.\n          .X.\n"),
        "{out}"
    );
    assert!(
        out.contains("value     win in 5 (the player to move wins"),
        "{out}"
    );
    assert!(
        out.contains("moves     7 (each valued for its mover)"),
        "{out}"
    );
    assert!(out.contains("  cell 1     win in 5  best"), "{out}");
    assert!(out.contains("(the quickest win)"), "{out}");
    assert!(out.contains(" (5 moves to the end)"), "{out}");
    // JSON: solve --db's keys, with the best moves and the line, which agree.
    let (code, out, err) = grundy(&["analyze", "tic-tac-toe", "at", "5 2", "--db", db, "--json"]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (_, solved, _) = grundy(&["solve", "tic-tac-toe", "at", "5 2", "--db", db, "--json"]);
    let solved: serde_json::Value = serde_json::from_str(&solved).unwrap();
    for key in ["game", "parameters", "position", "in_database", "value"] {
        assert_eq!(report[key], solved[key], "{key}");
    }
    let moves = report["moves"].as_array().unwrap();
    assert_eq!(moves.len(), solved["moves"].as_array().unwrap().len());
    for (m, s) in moves.iter().zip(solved["moves"].as_array().unwrap()) {
        assert_eq!((&m["label"], &m["value"]), (&s["label"], &s["value"]));
        assert_eq!(m["best"], m["value"] == report["value"]);
    }
    let line = report["line"].as_array().unwrap();
    assert_eq!(line.len(), 5);
    assert_eq!(line[0]["label"], report["best"][0]);
    assert_eq!(line[0]["value"], report["value"]);
    assert_eq!(report["board"], ".O.\n.X.\n...");
    // A game over: its value, no moves, no line.
    let (code, out, _) = grundy(&["analyze", "tic-tac-toe", "at", "1 4 2 5 3", "--db", db]);
    assert_eq!(code, 0);
    assert!(
        out.contains("loss in 0") && out.contains("none: the game is over"),
        "{out}"
    );
    for (args, message) in [
        (
            vec!["analyze", "connect-four", "4", "3", "--db", db],
            "holds tic-tac-toe, not connect-four 4 x 3",
        ),
        (
            vec!["analyze", "tic-tac-toe", "at", "1 4 2 5 3 6", "--db", db],
            "the game is already won",
        ),
        (
            vec!["analyze", "nim", "3", "--db", db],
            "'nim' has no tier database",
        ),
        (
            vec!["analyze", "tic-tac-toe", "--db", "/nonexistent/db"],
            "not a tier database",
        ),
    ] {
        let (code, _, err) = grundy(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
