//! Tier databases against published counts and values and against a plain search written
//! here from the rules (a grid of cells, no bitboards, no ranking).

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use super::value::{ABSENT, DRAW, LOSS, WIN};
use super::*;
use crate::games::connect_four::{Board, ConnectFour};
use crate::limits::Budget;
use crate::value::Outcome;

/// A fresh directory under the system's temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("grundy-tierdb-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn c4(w: u64, h: u64) -> ConnectFour {
    ConnectFour::new(w, h).unwrap()
}

/// Builds `game` in `dir` on `size` threads acting as processes, each running its build on
/// a pool of one thread (so that a round is a few blocks, and a tier of many blocks takes
/// several); each one's result.
fn split_one_thread<G: TierGame + ?Sized>(
    game: &G,
    dir: &Path,
    size: usize,
    options: &BuildOptions,
) -> Vec<Result<BuildReport, DbError>> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = Local::group(size)
            .into_iter()
            .map(|me| {
                scope.spawn(move || {
                    let pool = rayon::ThreadPoolBuilder::new()
                        .num_threads(1)
                        .build()
                        .unwrap();
                    pool.install(move || build_with(game, dir, options, &me))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

/// The place of `board` in `game`'s tiers.
fn at(game: &ConnectFour, board: &Board) -> Place {
    Place {
        tier: board.stones(),
        rank: game.rank(board),
    }
}

/// John Tromp, "John's Connect Four Playground" (https://tromp.github.io/c4/c4.html),
/// table "Number of connect-4 positions": (width, height, positions), every board of at
/// most 16 cells.
const TROMP_POSITIONS: &[(u64, u64, u64)] = &[
    (1, 1, 2),
    (2, 1, 5),
    (3, 1, 13),
    (4, 1, 35),
    (5, 1, 96),
    (6, 1, 267),
    (7, 1, 750),
    (8, 1, 2118),
    (1, 2, 3),
    (2, 2, 18),
    (3, 2, 116),
    (4, 2, 741),
    (5, 2, 4688),
    (6, 2, 29737),
    (7, 2, 189648),
    (8, 2, 1216721),
    (1, 3, 4),
    (2, 3, 58),
    (3, 3, 869),
    (4, 3, 12031),
    (5, 3, 158911),
    (1, 4, 5),
    (2, 4, 179),
    (3, 4, 6000),
    (4, 4, 161029),
    (1, 5, 6),
    (2, 5, 537),
    (3, 5, 38310),
    (1, 6, 7),
    (2, 6, 1571),
    (1, 7, 8),
    (2, 7, 4587),
    (1, 8, 9),
    (2, 8, 13343),
];

#[test]
fn positions_match_tromps_table() {
    for &(w, h, positions) in TROMP_POSITIONS {
        let dir = TempDir::new(&format!("count-{w}x{h}"));
        let report = build(&c4(w, h), &dir.0, &BuildOptions::default()).unwrap();
        assert_eq!(report.positions, positions, "{w} x {h}");
        assert_eq!(Database::open(&dir.0).unwrap().positions(), positions);
    }
}

#[test]
fn four_by_four_is_a_draw_as_tromp_found() {
    // Tromp's table of results on the same page: 4 x 4 "=" (a tie).
    let dir = TempDir::new("value-4x4");
    let report = build(&c4(4, 4), &dir.0, &BuildOptions::default()).unwrap();
    assert_eq!(report.value.unwrap().outcome, Outcome::Draw);
}

#[test]
#[ignore = "minutes: cargo test --release -p grundy --lib -- --ignored tierdb"]
fn larger_boards_match_tromp() {
    // Tromp's tables: 5 x 4 "=" with 3945711 positions, 4 x 5 "=" with 1706255, 6 x 4
    // "-" (a second player win) with 94910577, 5 x 5 "=" with 69763700 (the last two also
    // the sums of the per-ply counts Böck's solver prints, BENCHMARKS.md; a minute or two).
    for (w, h, positions, outcome) in [
        (5, 4, 3945711, Outcome::Draw),
        (4, 5, 1706255, Outcome::Draw),
        (6, 4, 94910577, Outcome::Loss),
        (5, 5, 69763700, Outcome::Draw),
    ] {
        let dir = TempDir::new(&format!("value-{w}x{h}"));
        let report = build(&c4(w, h), &dir.0, &BuildOptions::default()).unwrap();
        assert_eq!(report.positions, positions);
        assert_eq!(report.value.unwrap().outcome, outcome);
    }
}

/// A plain board: `cells[c * height + r]` the cell of column `c`, row `r` from the bottom,
/// 0 empty, 1 the first player's, 2 the second's; `tops[c]` the stones in column `c`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Grid {
    cells: [u8; 64],
    tops: [u8; 8],
    width: usize,
    height: usize,
    stones: usize,
}

impl Grid {
    fn at(&self, c: i64, r: i64) -> u8 {
        if c < 0 || r < 0 || c >= self.width as i64 || r >= self.height as i64 {
            return 0;
        }
        self.cells[c as usize * self.height + r as usize]
    }

    /// True when `who` has four in a line anywhere.
    fn line(&self, who: u8) -> bool {
        for c in 0..self.width as i64 {
            for r in 0..self.height as i64 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    if (0..4).all(|i| self.at(c + i * dc, r + i * dr) == who) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn mover(&self) -> u8 {
        if self.stones.is_multiple_of(2) {
            1
        } else {
            2
        }
    }

    /// The bitboard of the library, to ask the database.
    fn board(&self) -> Board {
        let mover = self.mover();
        let mut b = Board::default();
        for c in 0..self.width {
            for r in 0..self.height {
                let who = self.cells[c * self.height + r];
                let bit = 1u64 << (c * (self.height + 1) + r);
                if who != 0 {
                    b.mask |= bit;
                }
                if who == mover {
                    b.mine |= bit;
                }
            }
        }
        b
    }
}

/// Plain negamax with remoteness, memoized: (outcome, remoteness) for the player to move.
fn negamax(grid: &mut Grid, memo: &mut HashMap<Grid, (Outcome, u32)>) -> (Outcome, u32) {
    if let Some(&v) = memo.get(grid) {
        return v;
    }
    let mover = grid.mover();
    let value = if grid.line(3 - mover) {
        (Outcome::Loss, 0)
    } else {
        let mut options = Vec::new();
        for c in 0..grid.width {
            let top = usize::from(grid.tops[c]);
            if top < grid.height {
                let saved = *grid;
                grid.cells[c * grid.height + top] = mover;
                grid.tops[c] += 1;
                grid.stones += 1;
                options.push(negamax(grid, memo));
                *grid = saved;
            }
        }
        if options.is_empty() {
            (Outcome::Draw, 0)
        } else if let Some(r) = options
            .iter()
            .filter(|o| o.0 == Outcome::Loss)
            .map(|o| o.1)
            .min()
        {
            (Outcome::Win, r + 1)
        } else if let Some(o) = options.iter().find(|o| o.0 == Outcome::Draw) {
            (Outcome::Draw, o.1 + 1)
        } else {
            (
                Outcome::Loss,
                options.iter().map(|o| o.1).max().unwrap() + 1,
            )
        }
    };
    memo.insert(*grid, value);
    value
}

#[test]
fn every_value_and_remoteness_of_small_boards_matches_a_plain_search() {
    for (w, h) in [(4, 4), (5, 3), (3, 5)] {
        let game = c4(w, h);
        let dir = TempDir::new(&format!("cross-{w}x{h}"));
        build(&game, &dir.0, &BuildOptions::default()).unwrap();
        let db = Database::open(&dir.0).unwrap();
        let mut grid = Grid {
            cells: [0; 64],
            tops: [0; 8],
            width: w as usize,
            height: h as usize,
            stones: 0,
        };
        let mut memo = HashMap::new();
        negamax(&mut grid, &mut memo);
        assert_eq!(memo.len() as u64, db.positions(), "{w} x {h}");
        let mut outcomes = [0u64; 3];
        for (grid, &(outcome, remoteness)) in &memo {
            let got = db.value(at(&game, &grid.board())).unwrap().unwrap();
            assert_eq!((got.outcome, got.remoteness), (outcome, remoteness));
            outcomes[outcome as usize] += 1;
        }
        assert!(outcomes.iter().all(|&n| n > 0), "{outcomes:?}");
    }
}

#[test]
fn moves_are_valued_for_the_mover() {
    let game = c4(4, 4);
    let dir = TempDir::new("probe");
    build(&game, &dir.0, &BuildOptions::default()).unwrap();
    let db = Database::open(&dir.0).unwrap();
    // X has three in column 1 and it is X's turn after O's move elsewhere: X wins in 1.
    let board = game.play_all("121212").unwrap();
    let probe = db.probe(at(&game, &board)).unwrap().unwrap();
    assert_eq!(probe.value, Value::new(Outcome::Win, 1));
    assert_eq!(
        probe.moves[0],
        ("1".to_string(), Value::new(Outcome::Win, 1))
    );
    assert!(probe.moves.iter().any(|m| m.1.outcome == Outcome::Loss));
    // The best move's value is the position's.
    let best = probe.moves.iter().map(|m| m.1).find(|v| *v == probe.value);
    assert!(best.is_some());
    // Over: no moves.
    let over = db
        .probe(at(&game, &game.play_all("1212121").unwrap()))
        .unwrap()
        .unwrap();
    assert_eq!(over.value, Value::new(Outcome::Loss, 0));
    assert!(over.moves.is_empty());
    // Not reachable: both players with a line (X's bottom row, O's second row).
    let mut board = Board::default();
    for c in 0..4 {
        board.mask |= 0b11 << (c * 5);
        board.mine |= 0b01 << (c * 5);
    }
    assert_eq!(db.value(at(&game, &board)).unwrap(), None);
    assert_eq!(db.probe(at(&game, &board)).unwrap(), None);
    // No rank of the game, no tier of the game.
    let past = Place {
        tier: 3,
        rank: game.tier_size(3),
    };
    assert_eq!(db.value(past).unwrap(), None);
    assert_eq!(db.value(Place { tier: 17, rank: 0 }).unwrap(), None);
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_stopped_build_resumes_to_identical_files() {
    let game = c4(4, 3);
    let whole = TempDir::new("whole");
    build(&game, &whole.0, &BuildOptions::default()).unwrap();
    let parts = TempDir::new("parts");
    for stop in [9, 5] {
        let options = BuildOptions {
            stop_after: Some(stop),
            ..BuildOptions::default()
        };
        let report = build(&game, &parts.0, &options).unwrap();
        assert_eq!(report.value, None);
        assert!(matches!(
            Database::open(&parts.0),
            Err(DbError::Incomplete { .. })
        ));
    }
    // A kill between a tier's file and the manifest leaves a temporary file: overwritten.
    fs::write(parts.0.join("tier-04.bin.tmp"), b"half").unwrap();
    let report = build(&game, &parts.0, &BuildOptions::default()).unwrap();
    assert_eq!(report.kept, (5..=12).rev().collect::<Vec<_>>());
    assert_eq!(report.written, (0..=4).rev().collect::<Vec<_>>());
    assert_eq!(files(&whole.0), files(&parts.0));
    // One thread writes the same bytes as many.
    let single = TempDir::new("single");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    pool.install(|| build(&game, &single.0, &BuildOptions::default()))
        .unwrap();
    assert_eq!(files(&whole.0), files(&single.0));
}

#[test]
fn corrupt_and_truncated_files_are_named() {
    let game = c4(4, 3);
    let dir = TempDir::new("corrupt");
    build(&game, &dir.0, &BuildOptions::default()).unwrap();
    let path = dir.0.join("tier-08.bin");
    let mut bytes = fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    fs::write(&path, &bytes).unwrap();
    // Opening reads headers and indexes only; verify and the build read whole files.
    let db = Database::open(&dir.0).unwrap();
    let err = db.verify().unwrap_err();
    assert!(matches!(err, DbError::Corrupt { .. }), "{err}");
    assert!(
        err.to_string().contains("tier-08.bin is corrupt: CRC-32"),
        "{err}"
    );
    let err = build(&game, &dir.0, &BuildOptions::default()).unwrap_err();
    assert!(err.to_string().contains("tier-08.bin is corrupt"), "{err}");
    // A lookup in the damaged block fails its block checksum.
    let mut failed = 0;
    for r in 0..game.tier_size(8) {
        if let Err(err) = db.value(Place { tier: 8, rank: r }) {
            assert!(err.to_string().contains("fails its checksum"), "{err}");
            failed += 1;
        }
    }
    assert!(failed > 0);
    // Truncated: refused on open.
    fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    let err = Database::open(&dir.0).unwrap_err();
    assert!(err.to_string().contains("truncated"), "{err}");
    // Missing.
    fs::remove_file(&path).unwrap();
    assert!(matches!(Database::open(&dir.0), Err(DbError::Io { .. })));
}

#[test]
fn bad_directories_and_budgets_are_refused() {
    let dir = TempDir::new("other");
    build(&c4(3, 3), &dir.0, &BuildOptions::default()).unwrap();
    let err = build(&c4(4, 3), &dir.0, &BuildOptions::default()).unwrap_err();
    assert!(matches!(err, DbError::OtherGame { .. }), "{err}");
    assert!(
        err.to_string().contains(
            "connect-four connect=4 height=3 width=3, not connect-four connect=4 height=3 width=4"
        ),
        "{err}"
    );
    fs::write(
        dir.0.join(MANIFEST),
        "{\"format\": \"grundy-tierdb\", \"version\": 9}",
    )
    .unwrap();
    assert!(matches!(
        Database::open(&dir.0),
        Err(DbError::Version { found: 9, .. })
    ));
    fs::write(dir.0.join(MANIFEST), "not json").unwrap();
    assert!(matches!(
        Database::open(&dir.0),
        Err(DbError::NotADatabase { .. })
    ));
    let empty = TempDir::new("empty");
    assert!(matches!(
        Database::open(&empty.0),
        Err(DbError::NotADatabase { .. })
    ));
    let small = BuildOptions {
        budget: Budget::default().with_bytes(1000),
        ..BuildOptions::default()
    };
    let err = build(&c4(4, 4), &empty.0, &small).unwrap_err();
    assert!(matches!(err, DbError::Memory { limit: 1000, .. }), "{err}");
    let text = err.to_string();
    assert!(
        text.starts_with("building needs ") && !text.contains("a process"),
        "{text}"
    );
    assert!(
        text.ends_with("more than the limit of 1000 bytes"),
        "{text}"
    );
    assert!(!empty.0.exists(), "nothing written before the refusal");
    // Split, every process refuses with the figures of one process, saying so.
    let refused: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = Local::group(2)
            .into_iter()
            .map(|me| {
                let (dir, small) = (&empty.0, &small);
                scope.spawn(move || build_with(&c4(4, 4), dir, small, &me).unwrap_err())
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap().to_string())
            .collect()
    });
    for text in refused {
        assert!(
            text.contains(" bytes a process on 2 processes (the largest tier"),
            "{text}"
        );
        assert!(
            text.ends_with("more than the limit of 1000 bytes a process"),
            "{text}"
        );
    }
    assert!(!empty.0.exists(), "nothing written before the refusal");
}

#[test]
fn the_byte_encoding_round_trips() {
    for r in 0..64u8 {
        for (bits, outcome) in [
            (WIN, Outcome::Win),
            (LOSS, Outcome::Loss),
            (DRAW, Outcome::Draw),
        ] {
            let value = Value::new(outcome, u32::from(r));
            assert_eq!(Value::decode(bits | r), Some(value));
            assert_eq!(value.encode(), Some(bits | r));
        }
    }
    assert_eq!(Value::decode(ABSENT), None);
    assert_eq!(Value::decode(0xC1), None);
    let far = Value::new(Outcome::Win, 64);
    assert_eq!(far.encode(), None);
}

#[test]
fn a_cancelled_build_resumes_to_identical_files() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let game = c4(4, 4);
    let whole = TempDir::new("cancel-whole");
    let progress = Arc::new(BuildProgress::default());
    let counted = BuildOptions {
        progress: Some(Arc::clone(&progress)),
        ..BuildOptions::default()
    };
    build(&game, &whole.0, &counted).unwrap();
    let reach: u64 = (0..game.cells()).map(|k| game.tier_size(k)).sum();
    let all: u64 = (0..=game.cells()).map(|k| game.tier_size(k)).sum();
    assert_eq!(progress.total(), reach + all);
    assert_eq!(progress.done(), progress.total());
    // Cancelled through the flag by another thread once the first tiers are solved: the build
    // stops between blocks, keeps the tiers written, and a second run resumes after them.
    let parts = TempDir::new("cancel-parts");
    let cancel = Arc::new(AtomicBool::new(false));
    let progress = Arc::new(BuildProgress::default());
    let options = BuildOptions {
        budget: Budget::default().with_cancel(Arc::clone(&cancel)),
        progress: Some(Arc::clone(&progress)),
        ..BuildOptions::default()
    };
    let top = reach + game.tier_size(game.cells());
    let watcher = {
        let (cancel, progress) = (Arc::clone(&cancel), Arc::clone(&progress));
        std::thread::spawn(move || {
            while progress.done() <= top {
                std::thread::yield_now();
            }
            cancel.store(true, Ordering::Relaxed);
        })
    };
    let err = build(&game, &parts.0, &options).unwrap_err();
    watcher.join().unwrap();
    assert!(
        matches!(err, DbError::Solve(crate::SolveError::Interrupted)),
        "{err}"
    );
    assert!(matches!(
        Database::open(&parts.0),
        Err(DbError::Incomplete { .. })
    ));
    let report = build(&game, &parts.0, &BuildOptions::default()).unwrap();
    assert!(report.kept.contains(&game.cells()), "{report:?}");
    assert!(!report.written.is_empty(), "{report:?}");
    assert_eq!(files(&whole.0), files(&parts.0));
    // Cancelled before it starts: nothing but the directory is written.
    let early = TempDir::new("cancel-early");
    let err = build(&game, &early.0, &options).unwrap_err();
    assert!(matches!(err, DbError::Solve(_)), "{err}");
    assert!(!early.0.join(MANIFEST).exists());
}

/// A tier's file is checked against the free space before it is written: refused with
/// the figures (its bytes and room for the manifest, what is free), nothing written.
#[test]
fn a_tier_that_does_not_fit_the_disk_is_refused_with_the_figures() {
    let dir = Path::new("/db");
    assert!(super::format::disk_fits(dir, 7, 1000, 1 << 21).is_ok());
    let err = super::format::disk_fits(dir, 7, 1 << 20, 1 << 20).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tier 7 needs 2097152 bytes on disk and /db has 1048576 free: the tiers written so \
         far are kept; free some space and run the build again to resume"
    );
}

mod boards;
mod cycles;
mod dots_and_boxes;
mod games;
mod kept;
mod loops;
mod marks;
mod play;
mod rounds;
mod split;
