//! Engine benchmarks: memo search, tiered tables (1 thread and all threads) and a hand-written
//! array DP baseline, all on sums of three heaps of the subtraction game S = {1, 3, 4}.
//! The tiered game generates its moves lazily (`Indexed::visit_moves`); `outcomes_listed_moves`
//! solves the same game through move lists (the default `visit_moves`) for comparison.
//! The memo search runs on a hash table and, for the same heaps numbered in a cube
//! (`Indexed`), on a dense 2-bit table (`dense_three_heaps_134`).
//!
//! Every benchmark asserts its answer against Sprague-Grundy: a heap of `n` has nimber
//! `[0, 1, 0, 1, 2, 3, 2][n % 7]` (period 7), and a sum is lost for the player to move exactly
//! when the XOR of its heaps' nimbers is 0.
//!
//! Every benchmark runs twice: timed by the wall clock (groups `memo`, `tiered`) and by the
//! process's CPU time, all threads summed (groups `cpu_memo`, `cpu_tiered`), which other jobs
//! on a shared machine inflate far less than wall-clock time; with several threads, CPU time
//! shows the total work (the parallel overhead), not the speed-up.
//!
//! Run with `cargo bench -p grundy --bench engine` (or `-- cpu_` for the CPU-time groups
//! only); figures go in BENCHMARKS.md.

use std::cell::Cell;
use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Duration;

use criterion::measurement::{Measurement, WallTime};
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};
use grundy::model::{Game, Indexed, Move};
use grundy::solve::memo::dense::DenseOutcomeSearch;
use grundy::solve::memo::{MemoSearch, Outcomes};
use grundy::solve::tiered::{solve_nimbers, solve_outcomes};
use grundy::{Budget, Outcome, Play};

#[path = "support/cpu_clock.rs"]
mod cpu_clock;
use cpu_clock::CpuTime;

const TAKE: [usize; 3] = [1, 3, 4];

/// The nimber of one heap of S = {1, 3, 4} (Winning Ways, ch. 4).
fn heap_nimber(n: usize) -> u8 {
    [0, 1, 0, 1, 2, 3, 2][n % 7]
}

/// Three heaps of at most 255 tokens packed in a `u32` (8 bits each), for the memo search.
struct Packed;

impl Game for Packed {
    type Position = u32;
    fn moves(&self, pos: &u32, out: &mut Vec<Move<u32>>) {
        for shift in [0, 8, 16] {
            let heap = (pos >> shift) & 0xff;
            for take in TAKE {
                if take as u32 <= heap {
                    out.push(Move::to(pos - ((take as u32) << shift)));
                }
            }
        }
    }
}

/// Three heaps `(a, b, c)` with `a + b + c <= max_total`, numbered densely by total (the
/// tier), then by `a`, then by `b`: tier `t` starts at `t(t+1)(t+2)/6` and, within it, row
/// `a` starts at `a(2t + 3 - a)/2`.
struct Simplex {
    max_total: usize,
    tier_start: Vec<usize>,
    /// The tier holding index `k << BLOCK_SHIFT`, to start the tier search from.
    tier_of_block: Vec<u32>,
}

/// Indices per block of [`Simplex::tier_of_block`].
const BLOCK_SHIFT: u32 = 10;

impl Simplex {
    fn new(max_total: usize) -> Self {
        let tier_start: Vec<usize> = (0..=max_total + 1)
            .map(|t| t * (t + 1) * (t + 2) / 6)
            .collect();
        let len = tier_start[max_total + 1];
        let mut tier_of_block = Vec::new();
        let mut t = 0;
        for block_start in (0..len).step_by(1 << BLOCK_SHIFT) {
            while tier_start[t + 1] <= block_start {
                t += 1;
            }
            tier_of_block.push(t as u32);
        }
        Simplex {
            max_total,
            tier_start,
            tier_of_block,
        }
    }

    fn row_start(t: usize, a: usize) -> usize {
        a * (2 * t + 3 - a) / 2
    }

    fn encode(&self, t: usize, a: usize, b: usize) -> usize {
        self.tier_start[t] + Self::row_start(t, a) + b
    }

    /// `(t, a, b)` of an index: the tier from a table of blocks, the row from a square root
    /// corrected by a step where floating point rounds the wrong way.
    fn decode(&self, index: usize) -> (usize, usize, usize) {
        let mut t = self.tier_of_block[index >> BLOCK_SHIFT] as usize;
        while self.tier_start[t + 1] <= index {
            t += 1;
        }
        let r = index - self.tier_start[t];
        let w = (2 * t + 3) as f64;
        let mut a = ((w - (w * w - 8.0 * r as f64).sqrt()) / 2.0) as usize;
        while a > 0 && Self::row_start(t, a) > r {
            a -= 1;
        }
        while a < t && Self::row_start(t, a + 1) <= r {
            a += 1;
        }
        (t, a, r - Self::row_start(t, a))
    }
}

thread_local! {
    /// The last index this thread decoded, and its `(t, a, b)` (none yet: an index no
    /// position has, whose successor is no position either).
    static CURSOR: Cell<(usize, usize, usize, usize)> = const { Cell::new((usize::MAX - 1, 0, 0, 0)) };
}

impl Simplex {
    /// [`Simplex::decode`], but stepping from the index this thread decoded last when `index`
    /// follows it (the tiered solver walks each chunk in order), which needs no square root.
    #[inline]
    fn decode_next(&self, index: usize) -> (usize, usize, usize) {
        let (last, t, a, b) = CURSOR.get();
        let next = if last.wrapping_add(1) == index {
            if a + b < t {
                (t, a, b + 1)
            } else if a < t {
                (t, a + 1, 0)
            } else {
                (t + 1, 0, 0)
            }
        } else {
            self.decode(index)
        };
        CURSOR.set((index, next.0, next.1, next.2));
        next
    }
}

/// The moves of three heaps of S = {1, 3, 4}, heap by heap, take by take (the order of
/// `Packed`'s moves, so the memo searches store the same positions).
fn three_heap_moves(pos: &[usize; 3], out: &mut Vec<Move<[usize; 3]>>) {
    for heap_idx in 0..3 {
        for take in TAKE {
            if take <= pos[heap_idx] {
                let mut next = *pos;
                next[heap_idx] -= take;
                out.push(Move::to(next));
            }
        }
    }
}

impl Game for Simplex {
    type Position = [usize; 3];
    fn moves(&self, pos: &[usize; 3], out: &mut Vec<Move<[usize; 3]>>) {
        three_heap_moves(pos, out);
    }
}

impl Indexed for Simplex {
    fn len(&self) -> usize {
        self.tier_start[self.max_total + 1]
    }
    fn index(&self, pos: &[usize; 3]) -> usize {
        self.encode(pos.iter().sum(), pos[0], pos[1])
    }
    fn position(&self, index: usize) -> [usize; 3] {
        let (t, a, b) = self.decode(index);
        [a, b, t - a - b]
    }
    fn tiers(&self) -> usize {
        self.max_total + 1
    }
    fn tier_range(&self, tier: usize) -> std::ops::Range<usize> {
        self.tier_start[tier]..self.tier_start[tier + 1]
    }
    fn indexed_moves(&self, index: usize, out: &mut Vec<Move<usize>>) {
        let (t, a, b) = self.decode_next(index);
        let c = t - a - b;
        for take in TAKE {
            if take > t {
                break;
            }
            let lower = t - take;
            if take <= a {
                out.push(Move::to(self.encode(lower, a - take, b)));
            }
            if take <= b {
                out.push(Move::to(self.encode(lower, a, b - take)));
            }
            if take <= c {
                out.push(Move::to(self.encode(lower, a, b)));
            }
        }
    }
    /// The same moves as `indexed_moves`, in the same order, generated one at a time.
    #[inline]
    fn visit_moves<F>(&self, index: usize, _buf: &mut Vec<Move<usize>>, mut visit: F)
    where
        F: FnMut(Move<usize>) -> ControlFlow<()>,
    {
        let (t, a, b) = self.decode_next(index);
        let c = t - a - b;
        for take in TAKE {
            if take > t {
                break;
            }
            let lower = t - take;
            if take <= a && visit(Move::to(self.encode(lower, a - take, b))).is_break() {
                return;
            }
            if take <= b && visit(Move::to(self.encode(lower, a, b - take))).is_break() {
                return;
            }
            if take <= c && visit(Move::to(self.encode(lower, a, b))).is_break() {
                return;
            }
        }
    }
}

/// [`Simplex`] without its `visit_moves` override: solvers get every move list from
/// `indexed_moves` (the default `visit_moves`), to measure what visiting lazily saves.
struct Listed<'a>(&'a Simplex);

impl Game for Listed<'_> {
    type Position = [usize; 3];
    fn moves(&self, pos: &[usize; 3], out: &mut Vec<Move<[usize; 3]>>) {
        self.0.moves(pos, out)
    }
}

impl Indexed for Listed<'_> {
    fn len(&self) -> usize {
        self.0.len()
    }
    fn index(&self, pos: &[usize; 3]) -> usize {
        self.0.index(pos)
    }
    fn position(&self, index: usize) -> [usize; 3] {
        self.0.position(index)
    }
    fn tiers(&self) -> usize {
        self.0.tiers()
    }
    fn tier_range(&self, tier: usize) -> std::ops::Range<usize> {
        self.0.tier_range(tier)
    }
    fn indexed_moves(&self, index: usize, out: &mut Vec<Move<usize>>) {
        self.0.indexed_moves(index, out)
    }
}

/// Three heaps of at most `side - 1` tokens numbered as digits in base `side`:
/// `(x2 * side + x1) * side + x0`, for the dense memo search. Moves come in [`Packed`]'s order
/// (heap `x0`, then `x1`, then `x2`), so both searches visit the same positions. Every move
/// lowers the number, so each number is its own tier.
struct Cube {
    side: usize,
}

impl Cube {
    fn index_of(&self, heaps: [usize; 3]) -> usize {
        (heaps[2] * self.side + heaps[1]) * self.side + heaps[0]
    }
}

impl Game for Cube {
    type Position = [usize; 3];
    fn moves(&self, pos: &[usize; 3], out: &mut Vec<Move<[usize; 3]>>) {
        three_heap_moves(pos, out);
    }
}

impl Indexed for Cube {
    fn len(&self) -> usize {
        self.side.pow(3)
    }
    fn index(&self, pos: &[usize; 3]) -> usize {
        self.index_of(*pos)
    }
    fn position(&self, index: usize) -> [usize; 3] {
        [
            index % self.side,
            index / self.side % self.side,
            index / (self.side * self.side),
        ]
    }
    fn tiers(&self) -> usize {
        self.len()
    }
    fn tier_range(&self, tier: usize) -> std::ops::Range<usize> {
        tier..tier + 1
    }
    fn indexed_moves(&self, index: usize, out: &mut Vec<Move<usize>>) {
        let mut stride = 1;
        for digit in self.position(index) {
            for take in TAKE {
                if take <= digit {
                    out.push(Move::to(index - take * stride));
                }
            }
            stride *= self.side;
        }
    }
}

/// The hand-written baseline: the same numbering, walked in order with nested loops (no
/// decoding, no move buffer), one bit per position, stopping at the first losing option
/// when `early_exit` (the generic solver lists and checks every move).
fn array_dp(game: &Simplex, early_exit: bool) -> Vec<u64> {
    let mut words = vec![0u64; game.len().div_ceil(64)];
    let is_win = |words: &[u64], i: usize| (words[i / 64] >> (i % 64)) & 1 == 1;
    let mut index = 0;
    for t in 0..=game.max_total {
        for a in 0..=t {
            for b in 0..=t - a {
                let c = t - a - b;
                let mut win = false;
                for take in TAKE {
                    if take > t || (win && early_exit) {
                        break;
                    }
                    let lower = t - take;
                    if early_exit {
                        win = (take <= a && !is_win(&words, game.encode(lower, a - take, b)))
                            || (take <= b && !is_win(&words, game.encode(lower, a, b - take)))
                            || (take <= c && !is_win(&words, game.encode(lower, a, b)));
                    } else {
                        win |= take <= a && !is_win(&words, game.encode(lower, a - take, b));
                        win |= take <= b && !is_win(&words, game.encode(lower, a, b - take));
                        win |= take <= c && !is_win(&words, game.encode(lower, a, b));
                    }
                }
                words[index / 64] |= (win as u64) << (index % 64);
                index += 1;
            }
        }
    }
    words
}

/// The number of losing positions (nimber XOR 0) among `(a, b, c)` with total at most `max`.
fn expected_losses(max_total: usize) -> usize {
    let mut losses = 0;
    for a in 0..=max_total {
        for b in 0..=max_total - a {
            for c in 0..=max_total - a - b {
                losses += (heap_nimber(a) ^ heap_nimber(b) ^ heap_nimber(c) == 0) as usize;
            }
        }
    }
    losses
}

fn memo_search<M: Measurement>(c: &mut Criterion<M>, name: &str) {
    let mut group = c.benchmark_group(name);
    // 127 is the target's instance (2 M positions, a table far larger than the caches); 63
    // stores about 240 K positions, whose table fits the 8 MB L3 cache: the pair shows what
    // the table's size costs per position.
    // 215 (10.1 M positions numbered) is issue 2's size, where the hash table runs far out
    // of the caches and the dense table (2.5 MB) does not: the hash search runs there too, as
    // the dense search's baseline.
    for heap in [63u32, 127, 215] {
        memo_three_heaps(&mut group, heap);
    }
    for heap in [127, 215] {
        dense_three_heaps(&mut group, heap);
    }
    group.finish();
}

/// The dense memo benchmark from `(heap, heap, heap)` on [`Cube`] of side `heap + 1`: it
/// visits the positions the hash search stores from the same root, in the same order.
fn dense_three_heaps<M: Measurement>(group: &mut BenchmarkGroup<'_, M>, heap: usize) {
    let game = Cube { side: heap + 1 };
    let root = game.index_of([heap; 3]);
    assert_eq!(game.position(root), [heap; 3]);
    let expected = if heap_nimber(heap) == 0 {
        Outcome::Loss
    } else {
        Outcome::Win
    };
    let mut probe = DenseOutcomeSearch::new(&game, Play::Normal, Budget::default()).unwrap();
    assert_eq!(probe.value_at(root).unwrap(), expected);
    let solved = probe.len();
    let packed = (heap << 16 | heap << 8 | heap) as u32;
    let mut hashed = MemoSearch::new(&Packed, Outcomes(Play::Normal), Budget::default());
    assert_eq!(hashed.value(&packed).unwrap(), expected);
    assert_eq!(hashed.len(), solved);
    println!(
        "dense memo from {heap}: {solved} positions solved of {} numbered, {} bytes ({:.3} bytes per solved position)",
        game.len(),
        probe.bytes(),
        probe.bytes() as f64 / solved as f64
    );
    // Then every position against Sprague-Grundy, outside the timings.
    for index in 0..game.len() {
        let [a, b, c] = game.position(index);
        let win = heap_nimber(a) ^ heap_nimber(b) ^ heap_nimber(c) != 0;
        assert_eq!(probe.value_at(index).unwrap() == Outcome::Win, win);
    }
    assert_eq!(probe.len(), game.len());
    group.throughput(Throughput::Elements(solved as u64));
    group.bench_function(BenchmarkId::new("dense_three_heaps_134", heap), |bench| {
        bench.iter(|| {
            let mut search =
                DenseOutcomeSearch::new(&game, Play::Normal, Budget::default()).unwrap();
            assert_eq!(search.value_at(black_box(root)).unwrap(), expected);
            assert_eq!(search.len(), solved);
        })
    });
}

/// The memo benchmark from `(heap, heap, heap)`.
fn memo_three_heaps<M: Measurement>(group: &mut BenchmarkGroup<'_, M>, heap: u32) {
    let root = heap << 16 | heap << 8 | heap;
    let expected = if heap_nimber(heap as usize) == 0 {
        Outcome::Loss
    } else {
        Outcome::Win
    };
    // Measure the positions one search stores (the outcome search stops at a winning move,
    // so it does not visit every position).
    let mut probe = MemoSearch::new(&Packed, Outcomes(Play::Normal), Budget::default());
    assert_eq!(probe.value(&root).unwrap(), expected);
    let stored = probe.len();
    println!(
        "memo from {heap}: {stored} positions stored, {} bytes per position (plus the table's spare capacity)",
        MemoSearch::<Packed, Outcomes>::bytes_per_position()
    );
    group.throughput(Throughput::Elements(stored as u64));
    group.bench_function(BenchmarkId::new("three_heaps_134", heap), |bench| {
        bench.iter(|| {
            let mut search = MemoSearch::new(&Packed, Outcomes(Play::Normal), Budget::default());
            assert_eq!(search.value(black_box(&root)).unwrap(), expected);
            assert_eq!(search.len(), stored);
        })
    });
}

fn tiered_vs_array<M: Measurement>(c: &mut Criterion<M>, name: &str) {
    let game = Simplex::new(390);
    let len = game.len();
    let losses = expected_losses(game.max_total);
    // Check the numbering and every value once, outside the timings.
    for index in (0..len).step_by(1_009) {
        assert_eq!(game.index(&game.position(index)), index);
        let (mut listed, mut visited) = (Vec::new(), Vec::new());
        game.indexed_moves(index, &mut listed);
        game.visit_moves(index, &mut Vec::new(), |m| {
            visited.push(m);
            ControlFlow::Continue(())
        });
        assert_eq!(listed, visited);
    }
    let table = solve_outcomes(&game, Play::Normal, &Budget::default()).unwrap();
    let baseline = array_dp(&game, true);
    let full = array_dp(&game, false);
    for index in 0..len {
        let [a, b, c] = game.position(index);
        let win = heap_nimber(a) ^ heap_nimber(b) ^ heap_nimber(c) != 0;
        assert_eq!(table.get(index) == Outcome::Win, win);
        assert_eq!((baseline[index / 64] >> (index % 64)) & 1 == 1, win);
        assert_eq!((full[index / 64] >> (index % 64)) & 1 == 1, win);
    }
    assert_eq!(table.count(Outcome::Loss), losses);
    println!(
        "tiered: {len} positions, outcome table {} bytes ({:.3} bytes/position)",
        table.bytes(),
        table.bytes() as f64 / len as f64
    );

    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(len as u64));
    let all = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut threads = vec![1];
    if all > 1 {
        threads.push(all);
    }
    for n_threads in threads {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(n_threads)
            .build()
            .unwrap();
        group.bench_function(BenchmarkId::new("outcomes_threads", n_threads), |bench| {
            bench.iter(|| {
                let table = pool
                    .install(|| solve_outcomes(&game, Play::Normal, &Budget::default()))
                    .unwrap();
                assert_eq!(table.count(Outcome::Loss), losses);
            })
        });
        if n_threads == 1 {
            group.bench_function("outcomes_listed_moves", |bench| {
                bench.iter(|| {
                    let table = pool
                        .install(|| {
                            solve_outcomes(&Listed(&game), Play::Normal, &Budget::default())
                        })
                        .unwrap();
                    assert_eq!(table.count(Outcome::Loss), losses);
                })
            });
        }
        group.bench_function(BenchmarkId::new("nimbers_threads", n_threads), |bench| {
            bench.iter(|| {
                let table = pool
                    .install(|| solve_nimbers(&game, &Budget::default()))
                    .unwrap();
                assert_eq!(table.bytes_per_position(), 1);
                assert_eq!(table.get(len - 1).0, u64::from(heap_nimber(390)));
            })
        });
    }
    for (name, early_exit) in [("array_dp", true), ("array_dp_every_move", false)] {
        group.bench_function(name, |bench| {
            bench.iter(|| {
                let words = array_dp(black_box(&game), early_exit);
                let wins: usize = words.iter().map(|w| w.count_ones() as usize).sum();
                assert_eq!(len - wins, losses);
            })
        });
    }
    group.finish();
}

fn wall(c: &mut Criterion<WallTime>) {
    memo_search(c, "memo");
    tiered_vs_array(c, "tiered");
}

fn cpu(c: &mut Criterion<CpuTime>) {
    memo_search(c, "cpu_memo");
    tiered_vs_array(c, "cpu_tiered");
}

criterion_group! {
    name = engine;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    targets = wall
}
criterion_group! {
    name = engine_cpu;
    config = Criterion::default()
        .with_measurement(CpuTime)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    targets = cpu
}
criterion_main!(engine, engine_cpu);
