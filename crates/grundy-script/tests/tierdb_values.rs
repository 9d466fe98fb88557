//! Tier databases of scores and nimbers (`grundy::tierdb::build_file`): every position of a
//! scoring game file (Dots-and-Boxes, whose boxes give bonus turns) valued by its net score
//! as the engine's memo search values it, with every move's; every position of an
//! impartial file valued by its nimber as the Grundy solver values it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use grundy::tierdb::{build_file, open_file, BuildOptions, Database, Place, Values};
use grundy::Budget;

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/games")
        .join(name)
}

/// A fresh directory for one test.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "grundy-script-values-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn params(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Builds `path` with `params` into `dir`, keeping `values` (None: the file's own), and
/// opens it.
fn built(
    path: &Path,
    params: &[(String, String)],
    dir: &Path,
    values: Option<Values>,
) -> Result<Database, String> {
    let file = grundy_script::load_rules(path, params).map_err(|e| e.to_string())?;
    let options = BuildOptions {
        values,
        ..BuildOptions::default()
    };
    build_file(file.rules, file.info, file.identity, dir, &options).map_err(|e| e.to_string())?;
    let file = grundy_script::load_rules(path, params).unwrap();
    open_file(file.rules, file.info, file.identity, dir).map_err(|e| e.to_string())
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

/// Dots-and-Boxes on 1 x 2, 2 x 1 and 2 x 2 boxes: the database holds net scores, and every
/// position's score and every move's are the memo search's of the file (points plus or
/// minus the score after, plus after a box's bonus turn); a principal line plays to the
/// full board.
#[test]
fn dots_and_boxes_scores_match_the_memo_search() {
    let path = example("dots_and_boxes.luau");
    for (rows, cols, positions) in [("1", "2", 128), ("2", "1", 128), ("2", "2", 4096)] {
        let params = params(&[("rows", rows), ("cols", cols)]);
        let dir = temp(&format!("dab-{rows}x{cols}"));
        let db = built(&path, &params, &dir, None).unwrap();
        assert_eq!(db.values(), Values::Scores);
        assert_eq!(db.positions(), positions, "every set of lines drawn");
        let game = grundy_script::load(&path, &params).unwrap();
        let places = reachable(&db);
        assert_eq!(places.len() as u64, positions);
        let mut scores = HashSet::new();
        for at in places {
            let shown = db.game().show(at);
            let pos = game.parse(&shown).unwrap();
            let solution = game.solve(&pos, &Budget::default()).unwrap();
            let probe = db.probe(at).unwrap().unwrap();
            let score = probe.value.score.unwrap();
            assert_eq!(Some(i64::from(score)), solution.value.score, "{shown}");
            scores.insert(score);
            let all = game
                .solve_with(
                    &pos,
                    &Budget::default(),
                    grundy::dynamic::Ask {
                        all_moves: true,
                        ..Default::default()
                    },
                )
                .unwrap();
            assert_eq!(all.moves.len(), probe.moves.len(), "{shown}");
            for mv in &all.moves {
                let (_, value) = probe
                    .moves
                    .iter()
                    .find(|(label, _)| *label == mv.mv.label)
                    .unwrap();
                assert_eq!(value.score.map(i64::from), mv.value.score, "{shown}");
            }
        }
        assert!(scores.len() >= 3, "{rows} x {cols}: {scores:?}");
        // A principal line plays out to the full board.
        let line = db.line(db.game().start()).unwrap().unwrap();
        assert_eq!(line.len() as u32, db.game().tiers() - 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// A subtraction game of one heap of 12 (take 1, 3 or 4), tiered by tokens taken: built as
/// nimbers, every position's nimber is the Grundy solver's and the published sequence
/// 0 1 0 1 2 3 2, repeated with period 7 (the subtraction game S(1,3,4): Berlekamp,
/// Conway and Guy, "Winning Ways", chapter 4),
/// and asked of a game that is not impartial, nimbers are refused.
#[test]
fn nimbers_match_the_grundy_solver() {
    let dir = temp("nim");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("take.luau");
    std::fs::write(
        &path,
        "start = 12\nfunction tier(n) return 12 - n end\n\
         function moves(n) local out = {} for _, k in {1, 3, 4} do if k <= n then \
         out[#out + 1] = n - k end end return out end",
    )
    .unwrap();
    let db = built(&path, &[], &dir.join("db"), Some(Values::Nimbers)).unwrap();
    assert_eq!(db.values(), Values::Nimbers);
    let game = grundy_script::load(&path, &[]).unwrap();
    let period = [0, 1, 0, 1, 2, 3, 2];
    for n in 0..=12i64 {
        let at = db.game().parse(&n.to_string()).unwrap();
        let nimber = db.value(at).unwrap().unwrap().nimber.unwrap();
        let pos = game.parse(&n.to_string()).unwrap();
        let solved = game.value(&pos, &Budget::default()).unwrap();
        assert_eq!(solved.nimber.map(|g| g.0), Some(u64::from(nimber)), "{n}");
        assert_eq!(nimber, period[n as usize % 7], "{n}");
    }
    let probe = db.probe(db.game().start()).unwrap().unwrap();
    // 12 is worth 3 (12 = 5 mod 7); its one best move takes 3, to 9, worth 0.
    assert_eq!(probe.value.nimber, Some(3));
    let best = probe.best();
    assert_eq!(best.len(), 1);
    assert_eq!(probe.moves[best[0]].1.nimber, Some(0));
    let ttt = built(
        &example("tictactoe.luau"),
        &[],
        &dir.join("ttt"),
        Some(Values::Nimbers),
    )
    .unwrap_err();
    assert!(ttt.contains("not one"), "{ttt}");
    std::fs::remove_dir_all(&dir).unwrap();
}
