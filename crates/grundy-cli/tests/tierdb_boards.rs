//! `grundy build` of the catalogue's boards (young, gems-fight, kiki) and their answers from
//! the database: the same values as `grundy solve` searching, positions and moves named
//! as the catalogue names them, and refusals with exit 2 and a message.

#[path = "support/exit.rs"]
mod exit;
#[path = "support/runner.rs"]
mod runner;

use exit::grundy;

/// A fresh directory for a database, removed at the end of the test.
struct Db(std::path::PathBuf);

impl Db {
    fn new(name: &str) -> Db {
        let dir = std::env::temp_dir().join(format!("grundy-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Db(dir)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Db {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `grundy build WORDS --db DIR --json`'s report.
fn build(words: &[&str], db: &Db) -> serde_json::Value {
    let mut args = vec!["build"];
    args.extend(words);
    args.extend(["--db", db.path(), "--json"]);
    let (code, out, err) = grundy(&args);
    assert_eq!(code, 0, "{words:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

/// `grundy solve WORDS [--db DIR] --json`'s value.
fn solve(words: &[&str], db: Option<&Db>) -> serde_json::Value {
    let mut args = vec!["solve"];
    args.extend(words);
    if let Some(db) = db {
        args.extend(["--db", db.path()]);
    }
    args.push("--json");
    let (code, out, err) = grundy(&args);
    assert_eq!(code, 0, "{words:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

/// chess2018's sample (the first player 2 ahead) and a position of it: the database's
/// scores are the search's, its moves named as `grundy solve young` names them.
#[test]
fn young_is_built_and_answered_as_the_search_answers() {
    let game = "young 2 3 2 7 3 9 1 2 3 7 2 2 3 1";
    let words: Vec<&str> = game.split(' ').collect();
    let db = Db::new("young");
    let report = build(&words, &db);
    assert_eq!(report["positions"], 10, "C(5, 2) staircases");
    assert_eq!(report["game"], "young");
    assert_eq!(report["value"]["score"], 2, "{report}");
    for position in [None, Some("##. #.."), Some("#.. ...")] {
        let mut asked = words.clone();
        if let Some(p) = position {
            asked.extend(["at", p]);
        }
        let searched = solve(&asked, None);
        let read = solve(&asked, Some(&db));
        assert_eq!(read["in_database"], true);
        assert_eq!(read["value"]["score"], searched["score"], "{position:?}");
        let labels: Vec<&str> = searched["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["label"].as_str().unwrap())
            .collect();
        let read_labels: Vec<&str> = read["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["label"].as_str().unwrap())
            .collect();
        let mut sorted = labels.clone();
        sorted.sort();
        let mut read_sorted = read_labels.clone();
        read_sorted.sort();
        assert_eq!(read_sorted, sorted, "{position:?}");
    }
    let mut asked = words.clone();
    asked.extend(["at", "##. #..", "--db", db.path()]);
    let mut args = vec!["solve"];
    args.extend(&asked);
    let (code, out, err) = grundy(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("young 2 3 at ##. #..: score "), "{out}");
    assert!(out.contains("  cell (1, 3): score "), "{out}");
    let mut args = vec!["analyze"];
    args.extend(&asked);
    let (code, out, err) = grundy(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("best"), "{out}");
    // Another setup's words are refused, naming both games.
    let (code, _, err) = grundy(&[
        "solve",
        "young",
        "2",
        "3",
        "2",
        "7",
        "3",
        "9",
        "1",
        "2",
        "3",
        "7",
        "2",
        "2",
        "3",
        "-1",
        "--db",
        db.path(),
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "holds young 2 3 2 7 3 9 1 2 3 7 2 2 3 1, not young 2 3 2 7 3 9 1 2 3 7 2 2 3 -1"
        ),
        "{err}"
    );
    let (code, _, err) = grundy(&["build", "young", "2", "--db", db.path()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("young: the setup ends before M, the columns"),
        "{err}"
    );
}

/// hdu4778's first sample: the first player ends 3 stones ahead, with a bonus turn's
/// remoteness read from the database; every move's score is the search's.
#[test]
fn gems_fight_is_built_and_answered_as_the_search_answers() {
    let game = "gems-fight 3 4 3 2 2 3 2 1 3 2 1 2 3 2 3 1";
    let words: Vec<&str> = game.split(' ').collect();
    let db = Db::new("gems");
    let report = build(&words, &db);
    assert_eq!(report["positions"], 16, "every set of 4 bags");
    assert_eq!(report["value"]["score"], 3, "{report}");
    let mut asked = words.clone();
    asked.extend(["at", "1 3"]);
    let searched = solve(&asked, None);
    let read = solve(&asked, Some(&db));
    assert_eq!(read["value"]["score"], searched["score"]);
    for mv in read["moves"].as_array().unwrap() {
        let label = mv["label"].as_str().unwrap();
        let want = searched["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["label"] == label)
            .unwrap_or_else(|| panic!("{label} in {searched}"));
        assert_eq!(mv["value"]["score"], want["value"]["score"], "{label}");
    }
    let (code, _, err) = grundy(&[
        "solve",
        "gems-fight",
        "3",
        "4",
        "3",
        "2",
        "2",
        "3",
        "2",
        "1",
        "3",
        "2",
        "1",
        "2",
        "3",
        "2",
        "3",
        "1",
        "at",
        "5",
        "--db",
        db.path(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("a bag taken"), "{err}");
}

/// hdu2147's samples from kiki's database of nimbers: 5 x 3 a loss (nimber 0), 5 x 4 a win.
#[test]
fn kiki_is_built_into_nimbers() {
    for (rows, wins) in [("3", false), ("4", true)] {
        let db = Db::new(&format!("kiki-{rows}"));
        let report = build(&["kiki", "5", rows], &db);
        assert_eq!(report["positions"], if wins { 20 } else { 15 });
        assert_eq!(report["value"]["nimber"] != 0, wins, "{report}");
        let read = solve(&["kiki", "5", rows, "at", "1 1"], Some(&db));
        assert_eq!(read["value"]["nimber"], 2, "{read}");
        assert_eq!(read["moves"].as_array().unwrap().len(), 3);
    }
    let db = Db::new("kiki-off");
    build(&["kiki", "2", "2"], &db);
    let (code, _, err) = grundy(&["solve", "kiki", "2", "2", "at", "5 0", "--db", db.path()]);
    assert_eq!(code, 2);
    assert!(err.contains("is not on the board"), "{err}");
}
