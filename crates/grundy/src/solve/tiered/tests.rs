use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::*;
use crate::model::Game;
use crate::solve::memo::{MemoSearch, Outcomes, Scores};
use crate::testing::numbered_by_itself;

/// One heap of `len - 1` tokens at most; take 1, 3 or 4. Tier `t` holds heap `t`, or all
/// heaps when `one_tier` (a deliberately broken game: moves stay in the tier).
struct Subtraction {
    len: usize,
    one_tier: bool,
}

impl Game for Subtraction {
    type Position = usize;
    fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
        out.extend(
            [1, 3, 4]
                .into_iter()
                .filter(|&k| k <= *pos)
                .map(|k| Move::to(pos - k)),
        );
    }
}

impl Indexed for Subtraction {
    fn len(&self) -> usize {
        self.len
    }
    fn index(&self, pos: &usize) -> usize {
        *pos
    }
    fn position(&self, index: usize) -> usize {
        index
    }
    fn tiers(&self) -> usize {
        if self.one_tier {
            1
        } else {
            self.len
        }
    }
    fn tier_range(&self, tier: usize) -> Range<usize> {
        if self.one_tier {
            0..self.len
        } else {
            tier..tier + 1
        }
    }
}

fn heap(len: usize) -> Subtraction {
    Subtraction {
        len,
        one_tier: false,
    }
}

#[test]
fn subtraction_134_nimbers_have_period_7() {
    // S = {1, 3, 4}: nimbers 0 1 0 1 2 3 2, period 7 (Berlekamp, Conway, Guy, Winning Ways,
    // ch. 4, table of subtraction games).
    let table = solve_nimbers(&heap(200), &Budget::default()).unwrap();
    let period = [0, 1, 0, 1, 2, 3, 2];
    for n in 0..200 {
        assert_eq!(table.get(n), Nimber(period[n % 7]), "heap {n}");
    }
    assert_eq!(table.bytes_per_position(), 1);
}

/// [`Subtraction`] (proper tiers) with bonus moves and points, generating its moves lazily
/// in `visit_moves` and counting the moves visited.
struct Lazy {
    len: usize,
    visited: std::sync::atomic::AtomicUsize,
}

impl Game for Lazy {
    type Position = usize;
    fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
        self.visit_moves(*pos, &mut Vec::new(), |m| {
            out.push(m);
            std::ops::ControlFlow::Continue(())
        });
    }
}

numbered_by_itself!(
    Lazy,
    |game| game.len,
    fn visit_moves<F>(&self, index: usize, _buf: &mut Vec<Move<usize>>, mut visit: F)
    where
        F: FnMut(Move<usize>) -> std::ops::ControlFlow<()>,
    {
        for k in [1, 3, 4].into_iter().filter(|&k| k <= index) {
            let mut m = Move::to(index - k).with_points(k as i64 - 2);
            if index % 5 == k {
                m = m.again();
            }
            self.visited
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if visit(m).is_break() {
                return;
            }
        }
    }
);

#[test]
fn lazy_visitors_agree_with_memo_search_and_outcomes_stop_early() {
    use std::sync::atomic::Ordering::Relaxed;
    let game = Lazy {
        len: 300,
        visited: 0.into(),
    };
    let all_moves: usize = (0..300usize)
        .map(|n| [1, 3, 4].iter().filter(|&&k| k <= n).count())
        .sum();
    assert_eq!(all_moves, 892);
    for play in [Play::Normal, Play::Misere] {
        game.visited.store(0, Relaxed);
        let table = solve_outcomes(&game, play, &Budget::default()).unwrap();
        let visited = game.visited.load(Relaxed);
        assert!(
            visited < all_moves,
            "{visited} of {all_moves} moves visited"
        );
        let mut search = MemoSearch::new(&game, Outcomes(play), Budget::default());
        for n in 0..300 {
            assert_eq!(table.get(n), search.value(&n).unwrap(), "{play:?} heap {n}");
        }
    }
    game.visited.store(0, Relaxed);
    let scores = solve_scores(&game, &Budget::default()).unwrap();
    assert_eq!(game.visited.load(Relaxed), all_moves);
    let mut search = MemoSearch::new(&game, Scores, Budget::default());
    for n in 0..300 {
        assert_eq!(scores.get(n), search.value(&n).unwrap(), "heap {n}");
    }
    // Points and bonus moves are refused by the nimber table, naming the first.
    assert!(matches!(
        solve_nimbers(&game, &Budget::default()),
        Err(SolveError::Unsupported(m)) if m.contains("position 1 to 0")
    ));
}

#[test]
fn outcomes_and_scores_match_memo_search() {
    let game = heap(100);
    for play in [Play::Normal, Play::Misere] {
        let table = solve_outcomes(&game, play, &Budget::default()).unwrap();
        let mut search = MemoSearch::new(&game, Outcomes(play), Budget::default());
        for n in 0..100 {
            assert_eq!(table.get(n), search.value(&n).unwrap(), "{play:?} heap {n}");
        }
    }
    let scores = solve_scores(&game, &Budget::default()).unwrap();
    let mut search = MemoSearch::new(&game, Scores, Budget::default());
    for n in 0..100 {
        assert_eq!(scores.get(n), search.value(&n).unwrap());
    }
}

#[test]
fn a_move_within_its_tier_is_refused_naming_it() {
    let game = Subtraction {
        len: 10,
        one_tier: true,
    };
    let err = solve_outcomes(&game, Play::Normal, &Budget::default()).unwrap_err();
    assert!(
        matches!(&err, SolveError::Unsupported(msg) if msg.contains("position 1 leads to position 0")),
        "{err}"
    );
    assert!(matches!(
        solve_nimbers(&game, &Budget::default()),
        Err(SolveError::Unsupported(_))
    ));
    assert!(matches!(
        solve_scores(&game, &Budget::default()),
        Err(SolveError::Unsupported(_))
    ));
}

/// Claims a huge number of positions in tiers that do not cover them.
struct Huge;
impl Game for Huge {
    type Position = usize;
    fn moves(&self, _pos: &usize, _out: &mut Vec<Move<usize>>) {}
}
impl Indexed for Huge {
    fn len(&self) -> usize {
        1 << 50
    }
    fn index(&self, pos: &usize) -> usize {
        *pos
    }
    fn position(&self, index: usize) -> usize {
        index
    }
    fn tiers(&self) -> usize {
        1
    }
    fn tier_range(&self, _tier: usize) -> Range<usize> {
        0..3
    }
}

#[test]
fn budget_refuses_before_allocating() {
    let budget = Budget::unlimited().with_bytes(1 << 30);
    let err = solve_outcomes(&Huge, Play::Normal, &budget).unwrap_err();
    assert_eq!(
        err,
        SolveError::TooLarge {
            needed: (1 << 50) / 8,
            limit: 1 << 30,
            unit: "bytes"
        }
    );
    assert!(matches!(
        solve_scores(&Huge, &budget),
        Err(SolveError::TooLarge { needed, .. }) if needed == 8 << 50
    ));
    assert!(matches!(
        solve_nimbers(&Huge, &Budget::default()),
        Err(SolveError::TooLarge {
            unit: "positions",
            ..
        })
    ));
}

#[test]
fn tiers_must_cover_every_position() {
    let budget = Budget::unlimited();
    let game = Subtraction {
        len: 5,
        one_tier: false,
    };
    assert!(solve_outcomes(&game, Play::Normal, &budget).is_ok());
    // Huge's single tier covers 0..3 of 2^50 positions; use a budget-free small variant.
    struct Short;
    impl Game for Short {
        type Position = usize;
        fn moves(&self, _pos: &usize, _out: &mut Vec<Move<usize>>) {}
    }
    impl Indexed for Short {
        fn len(&self) -> usize {
            5
        }
        fn index(&self, pos: &usize) -> usize {
            *pos
        }
        fn position(&self, index: usize) -> usize {
            index
        }
        fn tiers(&self) -> usize {
            2
        }
        fn tier_range(&self, tier: usize) -> Range<usize> {
            [0..2, 3..5][tier].clone()
        }
    }
    let err = solve_outcomes(&Short, Play::Normal, &budget).unwrap_err();
    assert!(
        matches!(&err, SolveError::Unsupported(msg) if msg.contains("tier 1")),
        "{err}"
    );
}

#[test]
fn cancelled_job_returns_no_table() {
    let budget = Budget::default().with_cancel(Arc::new(AtomicBool::new(true)));
    assert_eq!(
        solve_outcomes(&heap(10), Play::Normal, &budget),
        Err(SolveError::Interrupted)
    );
    assert_eq!(
        solve_nimbers(&heap(10), &budget),
        Err(SolveError::Interrupted)
    );
}

/// Nim on one heap: nimber = heap, so a table past 255 widens.
struct NimHeap(usize);
impl Game for NimHeap {
    type Position = usize;
    fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
        out.extend((0..*pos).map(Move::to));
    }
}
numbered_by_itself!(
    NimHeap,
    |game| game.0,
    fn score_bound(&self) -> Option<u64> {
        Some(0)
    }
);

#[test]
fn nimbers_widen_when_needed_and_budget_applies_to_the_wider_table() {
    // (The u16 -> u32 step needs a position with 65,536 options: too slow for a unit test.)
    let table = solve_nimbers(&NimHeap(700), &Budget::default()).unwrap();
    assert_eq!(table.bytes_per_position(), 2);
    assert!((0..700).all(|n| table.get(n) == Nimber(n as u64)));
    let table = solve_nimbers(&NimHeap(256), &Budget::default()).unwrap();
    assert_eq!(table.bytes_per_position(), 1);
    let tight = Budget::default().with_bytes(300);
    assert!(matches!(
        solve_nimbers(&NimHeap(257), &tight),
        Err(SolveError::TooLarge { needed: 514, .. })
    ));
}

#[test]
fn score_cells_follow_the_bound() {
    let table = solve_scores(&NimHeap(5), &Budget::default()).unwrap();
    assert_eq!(table.bytes(), 5);
    assert_eq!(ScoreCells::width_for(Some(127)), 1);
    assert_eq!(ScoreCells::width_for(Some(128)), 2);
    assert_eq!(ScoreCells::width_for(Some(40_000)), 4);
    assert_eq!(ScoreCells::width_for(Some(1 << 40)), 8);
    assert_eq!(ScoreCells::width_for(None), 8);
}

/// Each take earns 100 points, but the game claims scores stay within 0.
struct Liar;
impl Game for Liar {
    type Position = usize;
    fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
        if *pos > 0 {
            out.push(Move::to(pos - 1).with_points(100));
        }
    }
}
numbered_by_itself!(
    Liar,
    |_game| 3,
    fn score_bound(&self) -> Option<u64> {
        Some(10)
    }
);

#[test]
fn a_score_beyond_the_stated_bound_is_refused() {
    let err = solve_scores(&Liar, &Budget::default()).unwrap_err();
    assert!(
        matches!(&err, SolveError::Unsupported(msg) if msg.contains("position 1 scores 100")),
        "{err}"
    );
    assert!(matches!(
        solve_nimbers(&Liar, &Budget::default()),
        Err(SolveError::Unsupported(_))
    ));
}

#[test]
fn large_tiers_split_across_threads_agree_with_one_thread() {
    // One tier of 100k terminal positions above a tier of 1: exercises the parallel path and
    // a tier starting in the middle of a word.
    struct Wide;
    impl Game for Wide {
        type Position = usize;
        fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
            if *pos >= 37 {
                out.push(Move::to(pos % 37));
                if pos.is_multiple_of(3) {
                    out.push(Move::to((pos / 3) % 37).again());
                }
            } else if *pos > 0 {
                out.push(Move::to(pos - 1));
            }
        }
    }
    impl Indexed for Wide {
        fn len(&self) -> usize {
            100_037
        }
        fn index(&self, pos: &usize) -> usize {
            *pos
        }
        fn position(&self, index: usize) -> usize {
            index
        }
        fn tiers(&self) -> usize {
            38
        }
        fn tier_range(&self, tier: usize) -> Range<usize> {
            if tier < 37 {
                tier..tier + 1
            } else {
                37..100_037
            }
        }
    }
    let pool = |n| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .unwrap()
    };
    let one = pool(1).install(|| solve_outcomes(&Wide, Play::Normal, &Budget::default()));
    let four = pool(4).install(|| solve_outcomes(&Wide, Play::Normal, &Budget::default()));
    assert_eq!(one, four);
    let table = one.unwrap();
    let mut search = MemoSearch::new(&Wide, Outcomes(Play::Normal), Budget::default());
    for n in (0..100_037).step_by(7) {
        assert_eq!(table.get(n), search.value(&n).unwrap(), "position {n}");
    }
}

#[test]
fn errors_name_the_first_bad_position_whatever_the_threads() {
    // Tier 0 is position 0; tier 1 holds 1..100_001, where every 10,000th position (10,001,
    // 20,001...) wrongly moves to itself.
    struct Faulty;
    impl Game for Faulty {
        type Position = usize;
        fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
            if *pos > 1 && pos % 10_000 == 1 {
                out.push(Move::to(*pos));
            } else if *pos > 0 {
                out.push(Move::to(0));
            }
        }
    }
    impl Indexed for Faulty {
        fn len(&self) -> usize {
            100_001
        }
        fn index(&self, pos: &usize) -> usize {
            *pos
        }
        fn position(&self, index: usize) -> usize {
            index
        }
        fn tiers(&self) -> usize {
            2
        }
        fn tier_range(&self, tier: usize) -> Range<usize> {
            [0..1, 1..100_001][tier].clone()
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    for _ in 0..5 {
        let err = pool
            .install(|| solve_outcomes(&Faulty, Play::Normal, &Budget::default()))
            .unwrap_err();
        assert!(
            matches!(&err, SolveError::Unsupported(m) if m.contains("position 10001 leads")),
            "{err}"
        );
        let err = pool
            .install(|| solve_nimbers(&Faulty, &Budget::default()))
            .unwrap_err();
        assert!(
            matches!(&err, SolveError::Unsupported(m) if m.contains("position 10001 leads")),
            "{err}"
        );
    }
}
