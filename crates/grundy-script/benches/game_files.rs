//! The same games native and as game files, through the same front door (`DynGame::solve`
//! on a fresh game each time, so every position is searched): three heaps of the
//! subtraction game {1, 3, 4} by the memo search (misère play, heaps kept in order, the same
//! positions both ways) and a full solve of tic-tac-toe (scores; the file with and without
//! its `canonical`). Each benchmark checks
//! that both give the same answer first.
//!
//! Each runs twice: timed by the wall clock and, in the groups named `cpu ...`, by the
//! process's CPU time, which other jobs on a shared machine inflate far less. Run with
//! `cargo bench -p grundy-script --bench game_files` (or `-- cpu` for CPU time only).

use std::path::Path;
use std::sync::Arc;

use criterion::measurement::{Measurement, WallTime};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use grundy::adapter::{Adapter, Notation};
use grundy::catalog::builtin::{HeapNotation, HeapRow};
use grundy::dynamic::{Datum, DynError, DynGame, Kind};
use grundy::games::subtraction::Subtraction;
use grundy::model::{Game, Move};
use grundy::{Budget, Play};

#[path = "../../grundy/benches/support/cpu_clock.rs"]
mod cpu_clock;
use cpu_clock::CpuTime;

fn example(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/games")
        .join(name);
    std::fs::read_to_string(path).expect("the example exists")
}

const HEAPS: [i64; 3] = [12, 12, 12];

fn subtraction<M: Measurement>(c: &mut Criterion<M>, prefix: &str) {
    let native = || -> Arc<dyn DynGame> {
        let rule = Subtraction::new("1,3,4".parse().unwrap());
        Arc::new(Adapter::new(
            HeapRow(rule),
            HeapNotation,
            "subtraction 1,3,4",
            "",
            Kind::Impartial { play: Play::Misere },
        ))
    };
    let source = format!("{}\nmisere = true\n", example("subtraction.luau"));
    let file = || grundy_script::load_source("subtraction.luau", &source, &[]).unwrap();
    let pos = Datum::ints(HEAPS);
    let budget = Budget::default();
    assert_eq!(
        native().solve(&pos, &budget).unwrap().value,
        file().solve(&pos, &budget).unwrap().value
    );
    let positions: u64 = HEAPS.iter().map(|&h| h as u64 + 1).product();
    let mut group = c.benchmark_group(format!(
        "{prefix}subtraction 1,3,4 at 12 12 12 (memo search)"
    ));
    group.throughput(Throughput::Elements(positions));
    group.bench_function("native", |b| {
        b.iter_batched(
            native,
            |g| g.solve(&pos, &budget).unwrap(),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("game file", |b| {
        b.iter_batched(
            file,
            |g| g.solve(&pos, &budget).unwrap(),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

/// Tic-tac-toe in Rust: the board as 9 bytes (`x`, `o`, `.`), the same rules and labels as
/// `examples/games/tictactoe.luau`.
struct TicTacToe;

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

fn won(board: &[u8; 9], mark: u8) -> bool {
    LINES.iter().any(|l| l.iter().all(|&i| board[i] == mark))
}

impl Game for TicTacToe {
    type Position = [u8; 9];

    fn moves(&self, board: &[u8; 9], out: &mut Vec<Move<[u8; 9]>>) {
        let xs = board.iter().filter(|&&c| c == b'x').count();
        let os = board.iter().filter(|&&c| c == b'o').count();
        let (mark, other) = if xs == os { (b'x', b'o') } else { (b'o', b'x') };
        if won(board, other) {
            return;
        }
        for cell in 0..9 {
            if board[cell] == b'.' {
                let mut after = *board;
                after[cell] = mark;
                let points = i64::from(won(&after, mark));
                out.push(Move::to(after).with_points(points));
            }
        }
    }
}

struct Board;

impl Notation<[u8; 9]> for Board {
    fn to_datum(&self, pos: &[u8; 9]) -> Datum {
        Datum::Str(String::from_utf8_lossy(pos).into_owned())
    }
    fn read(&self, datum: &Datum) -> Result<[u8; 9], DynError> {
        match datum {
            Datum::Str(text) => text
                .as_bytes()
                .try_into()
                .map_err(|_| DynError::Position(format!("not a board: {datum}"))),
            _ => Err(DynError::Position(format!("not a board: {datum}"))),
        }
    }
    fn parse(&self, text: &str) -> Result<[u8; 9], DynError> {
        self.read(&Datum::Str(text.to_string()))
    }
    fn show(&self, pos: &[u8; 9]) -> String {
        String::from_utf8_lossy(pos).into_owned()
    }
}

fn tictactoe<M: Measurement>(c: &mut Criterion<M>, prefix: &str) {
    let native = || -> Arc<dyn DynGame> {
        Arc::new(Adapter::new(
            TicTacToe,
            Board,
            "tic-tac-toe",
            "",
            Kind::Scoring,
        ))
    };
    let source = example("tictactoe.luau");
    let file = || grundy_script::load_source("tictactoe.luau", &source, &[]).unwrap();
    // The file searches 765 classes of boards by its `canonical`; without it, 5478 boards.
    let plain_source = format!("{source}\ncanonical = nil\n");
    let plain = || grundy_script::load_source("tictactoe.luau", &plain_source, &[]).unwrap();
    let start = Datum::Str(".........".into());
    let budget = Budget::default();
    let ours = file().solve(&start, &budget).unwrap();
    assert_eq!(native().solve(&start, &budget).unwrap().value, ours.value);
    assert_eq!(ours.value.score, Some(0), "tic-tac-toe is a draw");
    // 5478 positions are reachable from the empty board.
    let mut group = c.benchmark_group(format!(
        "{prefix}tic-tac-toe full solve (memo search, scores)"
    ));
    group.throughput(Throughput::Elements(5478));
    group.bench_function("native", |b| {
        b.iter_batched(
            native,
            |g| g.solve(&start, &budget).unwrap(),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("game file", |b| {
        b.iter_batched(
            file,
            |g| g.solve(&start, &budget).unwrap(),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("game file without canonical", |b| {
        b.iter_batched(
            plain,
            |g| g.solve(&start, &budget).unwrap(),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn wall(c: &mut Criterion<WallTime>) {
    subtraction(c, "");
    tictactoe(c, "");
}

fn cpu(c: &mut Criterion<CpuTime>) {
    subtraction(c, "cpu ");
    tictactoe(c, "cpu ");
}

criterion_group!(wall_time, wall);
criterion_group! {
    name = cpu_time;
    config = Criterion::default().with_measurement(CpuTime);
    targets = cpu
}
criterion_main!(wall_time, cpu_time);
