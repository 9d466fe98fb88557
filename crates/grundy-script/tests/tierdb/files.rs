//! Tier databases of game files (`grundy::tierdb::build_file`): every reachable position
//! of the example files checked against the engine's own searches and the built-in tier
//! games, a resumed build against one run, and malformed files refused with clear errors.

use super::{build_path, example, open_path, reachable, refused, temp};
use std::collections::HashSet;
use std::path::Path;

use grundy::tierdb::{build, build_file, open_file, tier_game, BuildOptions, Database};
use grundy::{Budget, Outcome};

/// The tic-tac-toe file's database holds the 5,478 positions tic-tac-toe reaches (the
/// count in Wikipedia's "Game complexity", citing Schaefer) and a draw in 9 at the start;
/// every position has the value and remoteness of the built-in tic-tac-toe's database
/// (itself checked against a plain search in the library's tests), walked move by move,
/// and the outcome of the engine's search of the file.
#[test]
fn tictactoe_file_matches_the_builtin_game_and_the_search() {
    let path = example("tictactoe.luau");
    let dir = temp("ttt");
    let report = build_path(&path, &dir, &BuildOptions::default()).unwrap();
    assert_eq!(report.positions, 5478);
    assert_eq!(report.value.unwrap().to_string(), "draw in 9");
    let db = open_path(&path, &dir);
    let builtin_dir = temp("ttt-builtin");
    let builtin = tier_game(&["tic-tac-toe"]).unwrap();
    build(builtin.as_ref(), &builtin_dir, &BuildOptions::default()).unwrap();
    let other = Database::open(&builtin_dir).unwrap();
    let (file, mnk) = (db.game(), other.game());
    // "b2" is the cell of column b, row 2: cell 5 of the built-in game.
    let cell = |label: &str| {
        let b = label.as_bytes();
        (u32::from(b[1] - b'1') * 3 + u32::from(b[0] - b'a') + 1).to_string()
    };
    let mut seen = HashSet::from([file.start()]);
    let mut stack = vec![(file.start(), mnk.start())];
    // Each position's value and its moves' values are those of the built-in game.
    let (mut a, mut b) = (Vec::new(), Vec::new());
    while let Some((f, m)) = stack.pop() {
        assert_eq!(
            db.value(f).unwrap(),
            other.value(m).unwrap(),
            "{}",
            file.show(f)
        );
        a.clear();
        b.clear();
        file.expand(f, &mut a);
        mnk.expand(m, &mut b);
        let theirs: Vec<String> = mnk.labels(m);
        for (label, &fc) in file.labels(f).iter().zip(&a) {
            let i = theirs.iter().position(|l| *l == cell(label)).unwrap();
            if seen.insert(fc) {
                stack.push((fc, b[i]));
            }
        }
    }
    assert_eq!(seen.len(), 5478);
    // The database draws a position as the file's `draw` does, every click a move.
    for at in seen.iter().step_by(97) {
        let drawing = file.draw(*at).expect("tictactoe.luau draws its boards");
        let labels = file.labels(*at);
        let mut clicks = drawing.clicks();
        clicks.sort_unstable();
        let mut sorted: Vec<&str> = labels.iter().map(String::as_str).collect();
        sorted.sort_unstable();
        assert_eq!(clicks, sorted, "{}", file.show(*at));
    }
    // The search values a scoring game's position by the points still to come, so a board
    // already won is 0 there: positions that are over are left to the walk above.
    let game = grundy_script::load(&path, &[]).unwrap();
    let mut children = Vec::new();
    for at in seen.iter().step_by(3) {
        children.clear();
        if file.expand(*at, &mut children).is_some() {
            continue;
        }
        let pos = game.parse(&file.show(*at)).unwrap();
        let searched = game.value(&pos, &Budget::default()).unwrap().outcome;
        assert_eq!(db.value(*at).unwrap().unwrap().outcome, searched);
    }
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&builtin_dir).unwrap();
}

/// Cat and Mouse, whose positions repeat (most moves stay in tier 0): every position's
/// outcome is the engine's retrograde analysis of the file (the default graph, and one
/// where the Mouse can run in circles), and the draws never end.
#[test]
fn loopy_file_matches_retrograde_analysis() {
    let path = example("cat_and_mouse.luau");
    let graphs = [
        None,
        Some("[[3], [4, 3], [4, 5], [0, 1, 5], [1, 2], [2, 3]]"),
    ];
    for graph in graphs {
        let params: Vec<(String, String)> = graph
            .map(|g| ("graph".to_string(), g.to_string()))
            .into_iter()
            .collect();
        let dir = temp("cat");
        let file = grundy_script::load_rules(&path, &params).unwrap();
        let report = build_file(
            file.rules,
            file.info,
            file.identity,
            &dir,
            &BuildOptions::default(),
        )
        .unwrap();
        let file = grundy_script::load_rules(&path, &params).unwrap();
        let db = open_file(file.rules, file.info, file.identity, &dir).unwrap();
        let game = grundy_script::load(&path, &params).unwrap();
        let places = reachable(&db);
        assert_eq!(places.len() as u64, report.positions);
        let mut outcomes = HashSet::new();
        for at in places {
            let pos = game.parse(&db.game().show(at)).unwrap();
            let searched = game.value(&pos, &Budget::default()).unwrap().outcome;
            let value = db.value(at).unwrap().unwrap();
            assert_eq!(value.outcome, searched, "{}", db.game().show(at));
            assert_eq!(value.is_endless(), searched == Outcome::Draw);
            outcomes.insert(searched);
        }
        assert_eq!(outcomes.len(), 3, "wins, losses and draws are all checked");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// A build stopped after a tier and resumed writes the same bytes, keys and manifest
/// included, as one run: tic-tac-toe numbered by grundy (the file without its own
/// numbering) and by the file.
#[test]
fn a_resumed_build_writes_the_same_files() {
    let source = std::fs::read_to_string(example("tictactoe.luau")).unwrap();
    let sources = temp("sources");
    std::fs::create_dir_all(&sources).unwrap();
    let unnumbered = "\ntier_size = nil\nrank = nil\nunrank = nil\n";
    for (name, text, count) in [
        ("keys.luau", format!("{source}{unnumbered}"), 21),
        ("own.luau", source.clone(), 11),
    ] {
        let path = sources.join(name);
        std::fs::write(&path, text).unwrap();
        let (once, twice) = (temp("once"), temp("twice"));
        build_path(&path, &once, &BuildOptions::default()).unwrap();
        let stop = BuildOptions {
            stop_after: Some(6),
            ..BuildOptions::default()
        };
        assert_eq!(build_path(&path, &twice, &stop).unwrap().value, None);
        let report = build_path(&path, &twice, &BuildOptions::default()).unwrap();
        assert_eq!(report.kept, vec![9, 8, 7, 6]);
        let files = |dir: &Path| {
            let mut names: Vec<_> = std::fs::read_dir(dir)
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect();
            names.sort();
            names
                .into_iter()
                .map(|n| (std::fs::read(dir.join(&n)).unwrap(), n))
                .collect::<Vec<_>>()
        };
        let (a, b) = (files(&once), files(&twice));
        // A manifest and 10 tier files, and 10 keys files where grundy numbers.
        assert_eq!(a.len(), count, "{name}");
        assert!(a == b, "{name}");
        std::fs::remove_dir_all(&once).unwrap();
        std::fs::remove_dir_all(&twice).unwrap();
    }
    std::fs::remove_dir_all(&sources).unwrap();
}

/// A heap of 3 taking 1 or 2, with the tier function given.
fn take(tier: &str) -> String {
    format!(
        "start = 3\nfunction moves(n) local out = {{}} for k = 1, math.min(2, n) do out[k] = n - k end return out end\n{tier}"
    )
}

/// Malformed tiers, moves and files are refused, each with a message saying what is wrong.
#[test]
fn malformed_files_are_refused_clearly() {
    let no_tier = refused(&take(""));
    assert!(
        no_tier.contains("no function tier(pos)") && no_tier.contains("docs/game-files.md"),
        "{no_tier}"
    );
    let negative = refused(&take("function tier(n) return n - 3 end"));
    assert!(
        negative.contains("tier returned -1: a tier is an integer from 0 to 1023"),
        "{negative}"
    );
    let huge = refused(&take("function tier(n) return 1e12 end"));
    assert!(huge.contains("tier returned 1000000000000"), "{huge}");
    let fraction = refused(&take("function tier(n) return n / 2 end"));
    assert!(
        fraction.contains("tier returned") && fraction.contains("not an integer"),
        "{fraction}"
    );
    let down = refused(&take("function tier(n) return n end"));
    assert!(
        down.contains("move 1 from 3 to 2 leads from tier 3 down to tier 2"),
        "{down}"
    );
    let within = refused(&take("function tier(n) return 0 end"));
    assert!(
        within.contains("within tier 0") && within.contains("loopy"),
        "{within}"
    );
    // Points that do not end the game: net scores by default, refused as win, loss or draw.
    let dir = temp("scores");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("points.luau");
    std::fs::write(
        &path,
        "scoring = true\nstart = 2\nfunction tier(n) return 2 - n end\n\
         function moves(n) if n == 0 then return {} end return {{to = n - 1, points = 1}} end",
    )
    .unwrap();
    let report = build_path(&path, &dir.join("db"), &BuildOptions::default()).unwrap();
    assert_eq!(
        report.value.unwrap().score,
        Some(0),
        "1 - 1 under perfect play"
    );
    let outcomes = BuildOptions {
        values: Some(grundy::tierdb::Values::Outcomes),
        ..BuildOptions::default()
    };
    let scores = build_path(&path, &dir.join("db2"), &outcomes).unwrap_err();
    assert!(
        scores.contains("play goes on from it") && scores.contains("points end the game"),
        "{scores}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A database is refused for its game file changed since it was built, and a built-in
/// opener refuses a game file's database, saying how to open it.
#[test]
fn a_changed_file_is_refused() {
    let dir = temp("changed");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("take.luau");
    std::fs::write(&path, take("function tier(n) return 3 - n end")).unwrap();
    let db = dir.join("db");
    build_path(&path, &db, &BuildOptions::default()).unwrap();
    std::fs::write(&path, take("function tier(n) return 3 - n end -- changed")).unwrap();
    let file = grundy_script::load_rules(&path, &[]).unwrap();
    let err = open_file(file.rules, file.info, file.identity, &db)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("was built from another version of take.luau"),
        "{err}"
    );
    let again = build_path(&path, &db, &BuildOptions::default()).unwrap_err();
    assert!(again.contains("another version"), "{again}");
    let builtin = Database::open(&db).unwrap_err().to_string();
    assert!(builtin.contains("open it with the file"), "{builtin}");
    std::fs::remove_dir_all(&dir).unwrap();
}
