//! Tier databases of scores and nimbers (`grundy::tierdb::build_file`): every position of a
//! scoring game file (Dots-and-Boxes, whose boxes give bonus turns; tic-tac-toe) valued by
//! its net score as the engine's memo search values it, and by its score and remoteness as
//! a plain recursive search here does, with every move's; every position of an impartial
//! file valued by its nimber as the Grundy solver values it.

use super::{example, reachable, temp};
use std::collections::{HashMap, HashSet};
use std::path::Path;

use grundy::dynamic::{Datum, DynGame};
use grundy::tierdb::{build_file, open_file, BuildOptions, Database, Values};
use grundy::Budget;

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

/// A plain recursive search of a scoring game file: the net score and remoteness of `pos`
/// for the player to move, as the value module of `grundy::tierdb` defines them (the best
/// net score; among the moves that achieve it, the shortest line to the end when ahead or
/// level, the longest when behind; a bonus turn counts as a move).
fn plain(game: &dyn DynGame, pos: &Datum, memo: &mut HashMap<Datum, (i64, u32)>) -> (i64, u32) {
    if let Some(&known) = memo.get(pos) {
        return known;
    }
    let mut best: Option<(i64, u32)> = None;
    for mv in game.moves(pos).unwrap() {
        let this = plain_move(game, &mv, memo);
        best = Some(match best {
            None => this,
            Some(b) if this.0 != b.0 => b.max(this),
            Some(b) if b.0 < 0 => (b.0, b.1.max(this.1)),
            Some(b) => (b.0, b.1.min(this.1)),
        });
    }
    let value = best.unwrap_or((0, 0));
    memo.insert(pos.clone(), value);
    value
}

/// A move's net score and remoteness for its mover (plain search).
fn plain_move(
    game: &dyn DynGame,
    mv: &grundy::dynamic::DynMove,
    memo: &mut HashMap<Datum, (i64, u32)>,
) -> (i64, u32) {
    let (next, r) = plain(game, &mv.to, memo);
    let score = match mv.again {
        true => mv.points + next,
        false => mv.points - next,
    };
    (score, r + 1)
}

/// Builds the scoring file `path` with `params` and checks every reachable position and
/// every move of its database: the score against the memo search, the score and
/// remoteness against [`plain`]. Returns the database (its directory is `dir`) and the
/// distinct remotenesses seen.
fn check_scores(path: &Path, params: &[(String, String)], dir: &Path) -> (Database, usize) {
    let db = built(path, params, dir, Some(Values::Scores)).unwrap();
    assert_eq!(db.values(), Values::Scores);
    assert!(db.keeps_score_remoteness());
    let game = grundy_script::load(path, params).unwrap();
    let mut memo = HashMap::new();
    let mut remotenesses = HashSet::new();
    for at in reachable(&db) {
        let shown = db.game().show(at);
        let pos = game.parse(&shown).unwrap();
        let solution = game.solve(&pos, &Budget::default()).unwrap();
        let probe = db.probe(at).unwrap().unwrap();
        let score = probe.value.score.unwrap();
        assert_eq!(Some(i64::from(score)), solution.value.score, "{shown}");
        let (plain_score, plain_r) = plain(game.as_ref(), &pos, &mut memo);
        assert_eq!(
            (i64::from(score), probe.value.remoteness),
            (plain_score, plain_r),
            "{shown}"
        );
        remotenesses.insert(plain_r);
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
            let (s, r) = plain_move(game.as_ref(), &mv.mv, &mut memo);
            assert_eq!(
                (value.score.map(i64::from), value.remoteness),
                (Some(s), r),
                "{shown} {}",
                mv.mv.label
            );
        }
    }
    (db, remotenesses.len())
}

/// Dots-and-Boxes on 1 x 2, 2 x 1 and 2 x 2 boxes: the database holds net scores with
/// their remoteness, and every position's and every move's are the memo search's score
/// and the plain search's score and remoteness (points plus or minus the score after,
/// plus after a box's bonus turn, which counts as a move); a principal line plays to the
/// full board, in as many moves as the start's remoteness.
#[test]
fn dots_and_boxes_scores_match_the_memo_search() {
    let path = example("dots_and_boxes.luau");
    for (rows, cols, positions) in [("1", "2", 128), ("2", "1", 128), ("2", "2", 4096)] {
        let params = params(&[("rows", rows), ("cols", cols)]);
        let dir = temp(&format!("dab-{rows}x{cols}"));
        let (db, remotenesses) = check_scores(&path, &params, &dir);
        assert_eq!(db.positions(), positions, "every set of lines drawn");
        // Every line is drawn before the end: the remoteness is the lines left to draw.
        assert_eq!(remotenesses as u32, db.game().tiers(), "{rows} x {cols}");
        let start = db.value(db.game().start()).unwrap().unwrap();
        assert_eq!(start.remoteness, db.game().tiers() - 1);
        let line = db.line(db.game().start()).unwrap().unwrap();
        assert_eq!(line.len() as u32, start.remoteness);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// Tic-tac-toe scored (a line earns 1 point): every position's and every move's score and
/// remoteness are the plain search's; the start is a draw (score 0) that lasts the whole
/// board, 9 moves, and a principal line plays them.
#[test]
fn tictactoe_scores_and_remoteness_match_the_plain_search() {
    let dir = temp("ttt-scores");
    let (db, remotenesses) = check_scores(&example("tictactoe.luau"), &[], &dir);
    // 5,478 positions: the count in Wikipedia's "Game complexity", citing Schaefer.
    assert_eq!(db.positions(), 5478, "the legal boards of tic-tac-toe");
    assert!(remotenesses >= 9, "{remotenesses}");
    let start = db.value(db.game().start()).unwrap().unwrap();
    assert_eq!((start.score, start.remoteness), (Some(0), 9));
    assert_eq!(db.line(db.game().start()).unwrap().unwrap().len(), 9);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Rewrites the database of scores in `dir` as format 3 wrote it: one byte a position, the
/// score alone (the tier file's header, block index and LZ4 blocks, and the manifest's
/// sizes and CRC-32s, as `tierdb::format` lays them out).
fn as_format_3(dir: &Path) {
    const BLOCK: usize = 1 << 16;
    let u64_at = |b: &[u8], i: usize| u64::from_le_bytes(b[i..i + 8].try_into().unwrap());
    let u32_at = |b: &[u8], i: usize| u32::from_le_bytes(b[i..i + 4].try_into().unwrap());
    let path = dir.join("manifest.json");
    let mut manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(manifest["version"], 4);
    manifest["version"] = 3.into();
    for entry in manifest["tiers"].as_array_mut().unwrap() {
        let file = dir.join(entry["file"].as_str().unwrap());
        let bytes = std::fs::read(&file).unwrap();
        let ranks = u64_at(&bytes, 16) as usize;
        let mut values = Vec::new();
        for b in 0..u64_at(&bytes, 24) as usize {
            let e = 32 + 16 * b;
            let (offset, len) = (u64_at(&bytes, e) as usize, u32_at(&bytes, e + 8) as usize);
            let size = (ranks - b * BLOCK).min(BLOCK);
            values.extend(lz4_flex::block::decompress(&bytes[offset..offset + len], size).unwrap());
        }
        let scores: Vec<u8> = values.iter().step_by(2).copied().collect();
        let blocks: Vec<Vec<u8>> = scores
            .chunks(BLOCK)
            .map(lz4_flex::block::compress)
            .collect();
        let mut out = bytes[..16].to_vec();
        out.extend((scores.len() as u64).to_le_bytes());
        out.extend((blocks.len() as u64).to_le_bytes());
        let mut offset = (32 + 16 * blocks.len()) as u64;
        for block in &blocks {
            out.extend(offset.to_le_bytes());
            out.extend((block.len() as u32).to_le_bytes());
            out.extend(crc32fast::hash(block).to_le_bytes());
            offset += block.len() as u64;
        }
        blocks.iter().for_each(|block| out.extend(block));
        std::fs::write(&file, &out).unwrap();
        entry["ranks"] = scores.len().into();
        entry["bytes"] = out.len().into();
        entry["crc32"] = crc32fast::hash(&out).into();
    }
    std::fs::write(&path, serde_json::to_string_pretty(&manifest).unwrap()).unwrap();
}

/// A database of scores of format 3 (one byte a position, no remoteness), as the build
/// before remoteness wrote it, still opens: every position and move has the score of
/// format 4's, and remoteness 0 (none kept), shown without one; a build resumed into it
/// is refused with a message that says why.
#[test]
fn a_format_3_database_of_scores_opens_without_remoteness() {
    let path = example("dots_and_boxes.luau");
    let params = params(&[("rows", "1"), ("cols", "2")]);
    let dir = temp("format-3");
    let now = built(&path, &params, &dir.join("4"), None).unwrap();
    built(&path, &params, &dir.join("3"), None).unwrap();
    as_format_3(&dir.join("3"));
    let file = grundy_script::load_rules(&path, &params).unwrap();
    let old = open_file(file.rules, file.info, file.identity, &dir.join("3")).unwrap();
    assert!(!old.keeps_score_remoteness());
    old.verify().unwrap();
    for at in reachable(&now) {
        let (new, was) = (
            now.probe(at).unwrap().unwrap(),
            old.probe(at).unwrap().unwrap(),
        );
        assert_eq!(was.value.score, new.value.score);
        assert_eq!(was.value.remoteness, 0);
        assert!(!was.value.to_string().contains(" in "), "{}", was.value);
        for ((label, w), (_, n)) in was.moves.iter().zip(&new.moves) {
            assert_eq!((w.score, w.remoteness), (n.score, 0), "{label}");
        }
    }
    let start = now.value(now.game().start()).unwrap().unwrap();
    assert!(
        start.remoteness > 0 && start.to_string().contains(" in "),
        "{start}"
    );
    let file = grundy_script::load_rules(&path, &params).unwrap();
    let resumed = build_file(
        file.rules,
        file.info,
        file.identity,
        &dir.join("3"),
        &BuildOptions::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(resumed.contains("keeps no remoteness"), "{resumed}");
    std::fs::remove_dir_all(&dir).unwrap();
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
