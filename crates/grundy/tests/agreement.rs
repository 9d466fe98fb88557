//! Every solver against every other on the same games: memo search (on a hash table and on
//! dense cells), tiered tables, retrograde analysis and the Grundy solver (with and without
//! components).
//!
//! Random games come from proptest: random DAGs with points and bonus turns (256 cases),
//! random impartial games whose positions are multisets of atoms (256 cases), and random
//! loopy graphs with bonus moves (256 cases, against plain fixed-point iteration). Each check
//! counts what it compared and fails if that is nothing.

use std::collections::HashMap;
use std::ops::Range;

use grundy::model::{Components, Game, Indexed, Move};
use grundy::solve::grundy::GrundySolver;
use grundy::solve::memo::dense::DenseOutcomeSearch;
use grundy::solve::memo::{MemoSearch, Outcomes, Scores};
use grundy::solve::retrograde::{retrograde, retrograde_indexed};
use grundy::solve::tiered::{solve_nimbers, solve_outcomes, solve_scores};
use grundy::{Budget, Nimber, Outcome, Play, SolveError};
use proptest::collection::vec;
use proptest::prelude::*;

#[path = "agreement/table_game.rs"]
mod table_game;

use table_game::{Atoms, TableGame};

/// Memo search, tiered tables and retrograde analysis agree on every position of `game`;
/// returns the number of positions compared.
fn check_all_solvers(game: &TableGame) -> usize {
    let budget = Budget::default();
    let n = game.len();
    for play in [Play::Normal, Play::Misere] {
        let tiered = solve_outcomes(game, play, &budget).unwrap();
        let dense = retrograde_indexed(game, play, &budget).unwrap();
        let hashed = retrograde(game, &(n - 1), play, &budget).unwrap();
        let mut search = MemoSearch::new(game, Outcomes(play), budget.clone());
        let mut on_cells = DenseOutcomeSearch::new(game, play, budget.clone()).unwrap();
        for i in 0..n {
            let expected = search.value(&i).unwrap();
            assert_eq!(
                on_cells.value(&i).unwrap(),
                expected,
                "{play:?} dense memo, position {i}"
            );
            assert_eq!(tiered.get(i), expected, "{play:?} tiered, position {i}");
            assert_eq!(dense.get(i), expected, "{play:?} retrograde, position {i}");
            if let Some(o) = hashed.outcome(&i) {
                assert_eq!(
                    o, expected,
                    "{play:?} retrograde from the top, position {i}"
                );
            }
        }
        assert_eq!(hashed.outcome(&(n - 1)), Some(tiered.get(n - 1)));
    }
    let scores = solve_scores(game, &budget).unwrap();
    let mut search = MemoSearch::new(game, Scores, budget.clone());
    for i in 0..n {
        assert_eq!(
            scores.get(i),
            search.value(&i).unwrap(),
            "score, position {i}"
        );
    }
    n
}

/// A random DAG: `tier_breaks[i]` starts a new tier at position `i`; `raw_moves[i]` lists
/// moves as `(target seed, points, again)`, each aimed below `i`'s tier.
fn random_dag(
    tier_breaks: &[bool],
    raw_moves: &[Vec<(u16, i64, bool)>],
    bounded: bool,
) -> TableGame {
    let n = tier_breaks.len();
    let mut tier_starts = vec![0];
    for (i, &brk) in tier_breaks.iter().enumerate().skip(1) {
        if brk {
            tier_starts.push(i);
        }
    }
    tier_starts.push(n);
    let mut moves = Vec::with_capacity(n);
    let mut tier = 0;
    for (i, raw) in raw_moves.iter().enumerate() {
        while tier_starts[tier + 1] <= i {
            tier += 1;
        }
        let below = tier_starts[tier];
        moves.push(if below == 0 {
            Vec::new()
        } else {
            raw.iter()
                .map(|&(seed, points, again)| Move {
                    to: seed as usize % below,
                    points,
                    again,
                })
                .collect()
        });
    }
    let bound = bounded.then_some(3 * n as u64);
    TableGame::new(moves, tier_starts, bound)
}

fn dag_strategy() -> impl Strategy<Value = TableGame> {
    (1usize..40).prop_flat_map(|n| {
        (
            vec(any::<bool>(), n),
            vec(vec((any::<u16>(), -3i64..=3, any::<bool>()), 0..4), n),
            any::<bool>(),
        )
            .prop_map(|(breaks, raw, bounded)| random_dag(&breaks, &raw, bounded))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_dags_agree_across_solvers(game in dag_strategy()) {
        prop_assert!(check_all_solvers(&game) > 0);
    }

    #[test]
    fn random_impartial_sums_agree(atoms in Atoms::strategy(), roots in vec(vec(0u8..6, 0..4), 1..4)) {
        let roots: Vec<Vec<u8>> = roots
            .into_iter()
            .map(|mut r| {
                r.retain(|&a| (a as usize) < atoms.len());
                r.sort_unstable();
                r
            })
            .collect();
        let budget = Budget::default();
        let (table_game, index) = atoms.enumerate(&roots);
        let tiered = solve_nimbers(&table_game, &budget).unwrap();
        let mut split = GrundySolver::new(&atoms, budget.clone());
        let mut whole = GrundySolver::without_components(&atoms, budget.clone());
        let mut outcomes = MemoSearch::new(&atoms, Outcomes(Play::Normal), budget.clone());
        let mut compared = 0;
        for (pos, &i) in &index {
            let nimber = split.nimber(pos).unwrap();
            prop_assert_eq!(whole.nimber(pos).unwrap(), nimber, "whole, {:?}", pos);
            prop_assert_eq!(tiered.get(i), nimber, "tiered, {:?}", pos);
            let loss = outcomes.value(pos).unwrap() == Outcome::Loss;
            prop_assert_eq!(loss, nimber == Nimber(0), "outcome, {:?}", pos);
            compared += 1;
        }
        prop_assert!(compared >= 1);
        // The multisets also form a DAG game (no points): every other solver agrees there.
        prop_assert!(check_all_solvers(&table_game) > 0);
    }
}

/// A loopy game given by explicit moves `(to, again)`; moves may go anywhere, itself included.
#[derive(Debug)]
struct Loopy(Vec<Vec<(usize, bool)>>);

impl Game for Loopy {
    type Position = usize;
    fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
        out.extend(self.0[*pos].iter().map(|&(to, again)| Move {
            to,
            points: 0,
            again,
        }));
    }
}

impl Indexed for Loopy {
    fn len(&self) -> usize {
        self.0.len()
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
        0..self.0.len()
    }
}

/// Outcomes of a loopy game by plain fixed-point iteration: sweep every position until
/// nothing changes; a position is a win once a move is good for the mover, a loss once every
/// move is bad, and what never settles is a draw.
fn outcomes_by_iteration(game: &Loopy, play: Play) -> Vec<Outcome> {
    let n = game.0.len();
    let mut known: Vec<Option<Outcome>> = vec![None; n];
    loop {
        let mut changed = false;
        for u in 0..n {
            if known[u].is_some() {
                continue;
            }
            let moves = &game.0[u];
            let good = |&(v, again): &(usize, bool)| {
                known[v] == Some(if again { Outcome::Win } else { Outcome::Loss })
            };
            let bad = |&(v, again): &(usize, bool)| {
                known[v] == Some(if again { Outcome::Loss } else { Outcome::Win })
            };
            let value = if moves.is_empty() {
                Some(play.terminal())
            } else if moves.iter().any(good) {
                Some(Outcome::Win)
            } else if moves.iter().all(bad) {
                Some(Outcome::Loss)
            } else {
                None
            };
            if value.is_some() {
                known[u] = value;
                changed = true;
            }
        }
        if !changed {
            return known
                .into_iter()
                .map(|o| o.unwrap_or(Outcome::Draw))
                .collect();
        }
    }
}

fn loopy_strategy() -> impl Strategy<Value = Loopy> {
    (1usize..30)
        .prop_flat_map(|n| vec(vec((0..n, proptest::bool::weighted(0.2)), 0..4), n).prop_map(Loopy))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// 256 random loopy graphs with bonus moves: retrograde analysis (dense, and hashed from
    /// position 0) equals plain fixed-point iteration on every position.
    #[test]
    fn retrograde_matches_fixed_point_iteration(game in loopy_strategy()) {
        for play in [Play::Normal, Play::Misere] {
            let expected = outcomes_by_iteration(&game, play);
            let dense = retrograde_indexed(&game, play, &Budget::default()).unwrap();
            let hashed = retrograde(&game, &0, play, &Budget::default()).unwrap();
            let mut compared = 0;
            for (u, &outcome) in expected.iter().enumerate() {
                prop_assert_eq!(dense.get(u), outcome, "{:?} position {}", play, u);
                if let Some(o) = hashed.outcome(&u) {
                    prop_assert_eq!(o, outcome, "{:?} from 0, position {}", play, u);
                    compared += 1;
                }
            }
            prop_assert!(compared >= 1);
        }
    }
}

#[test]
fn misere_terminal_is_a_win_everywhere() {
    // Positions 0 (no moves) and 1 (one move to 0).
    let game = TableGame::new(vec![vec![], vec![Move::to(0)]], vec![0, 1, 2], None);
    let budget = Budget::default();
    let tiered = solve_outcomes(&game, Play::Misere, &budget).unwrap();
    let dense = retrograde_indexed(&game, Play::Misere, &budget).unwrap();
    let mut search = MemoSearch::new(&game, Outcomes(Play::Misere), budget.clone());
    for (i, expected) in [(0, Outcome::Win), (1, Outcome::Loss)] {
        assert_eq!(tiered.get(i), expected);
        assert_eq!(dense.get(i), expected);
        assert_eq!(search.value(&i).unwrap(), expected);
    }
    assert_eq!(check_all_solvers(&game), 2);
}

#[test]
fn scoring_conventions_by_hand() {
    // 2 -> 1 earns 1 point, 1 -> 0 earns 2. Plain: from 2 the mover gets 1, the opponent 2,
    // so -1. With a bonus turn on 2 -> 1 the mover also takes the 2 points: 3.
    let plain = TableGame::new(
        vec![
            vec![],
            vec![Move::to(0).with_points(2)],
            vec![Move::to(1).with_points(1)],
        ],
        vec![0, 1, 2, 3],
        Some(3),
    );
    let bonus = TableGame::new(
        vec![
            vec![],
            vec![Move::to(0).with_points(2)],
            vec![Move::to(1).with_points(1).again()],
        ],
        vec![0, 1, 2, 3],
        None,
    );
    let budget = Budget::default();
    let plain_table = solve_scores(&plain, &budget).unwrap();
    let bonus_table = solve_scores(&bonus, &budget).unwrap();
    assert_eq!(
        (0..3).map(|i| plain_table.get(i)).collect::<Vec<_>>(),
        [0, 2, -1]
    );
    assert_eq!(
        (0..3).map(|i| bonus_table.get(i)).collect::<Vec<_>>(),
        [0, 2, 3]
    );
    assert_eq!(
        (
            plain_table.bytes_per_position(),
            bonus_table.bytes_per_position()
        ),
        (1, 8)
    );
    // Negative points: the mover prefers losing 1 over losing 3, and a position with no moves
    // is worth 0 whatever the moves into it earned.
    let negative = TableGame::new(
        vec![
            vec![],
            vec![Move::to(0).with_points(-3), Move::to(0).with_points(-1)],
        ],
        vec![0, 1, 2],
        Some(3),
    );
    assert_eq!(solve_scores(&negative, &budget).unwrap().get(1), -1);
    assert_eq!(check_all_solvers(&plain) + check_all_solvers(&bonus), 6);
}

/// 0 <-> 1 for ever, 0 -> 2 -> 3 (3 has no moves): leaving the cycle loses, so it is drawn.
struct TwoCycle;
impl Game for TwoCycle {
    type Position = u8;
    fn moves(&self, pos: &u8, out: &mut Vec<Move<u8>>) {
        match pos {
            0 => out.extend([Move::to(1), Move::to(2)]),
            1 => out.push(Move::to(0)),
            2 => out.push(Move::to(3)),
            _ => {}
        }
    }
}

#[test]
fn loopy_game_has_forced_draws_and_memo_search_reports_the_cycle() {
    let table = retrograde(&TwoCycle, &0, Play::Normal, &Budget::default()).unwrap();
    let got: Vec<_> = (0..4).map(|p| table.outcome(&p)).collect();
    use Outcome::*;
    assert_eq!(got, [Some(Draw), Some(Draw), Some(Win), Some(Loss)]);
    assert_eq!(table.count(Draw), 2);
    let mut search = MemoSearch::new(&TwoCycle, Outcomes(Play::Normal), Budget::default());
    assert_eq!(search.value(&0), Err(SolveError::Cycle));
    // Outside the cycle the search still works.
    assert_eq!(search.value(&2), Ok(Win));
}

/// A deterministic pseudo-random DAG of `n` positions in tiers of about 5,000, large enough
/// for the tiered solver to split tiers between threads.
fn big_dag(n: usize) -> TableGame {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let breaks: Vec<bool> = (0..n).map(|i| i % 4_999 == 0).collect();
    let raw: Vec<Vec<(u16, i64, bool)>> = (0..n)
        .map(|_| {
            let k = next() % 4;
            (0..k)
                .map(|_| {
                    let r = next();
                    (r as u16, (r >> 16) as i64 % 4, (r >> 20) & 3 == 0)
                })
                .collect()
        })
        .collect();
    random_dag(&breaks, &raw, true)
}

#[test]
fn tables_do_not_depend_on_the_number_of_threads() {
    let game = big_dag(30_011);
    let budget = Budget::default();
    let pool = |n| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .unwrap()
    };
    let (one, four) = (pool(1), pool(4));
    for play in [Play::Normal, Play::Misere] {
        let a = one
            .install(|| solve_outcomes(&game, play, &budget))
            .unwrap();
        let b = four
            .install(|| solve_outcomes(&game, play, &budget))
            .unwrap();
        assert_eq!(a, b);
    }
    let a = one.install(|| solve_scores(&game, &budget)).unwrap();
    let b = four.install(|| solve_scores(&game, &budget)).unwrap();
    assert_eq!(a, b);
    let impartial = game.without_points();
    let a = one.install(|| solve_nimbers(&impartial, &budget)).unwrap();
    let b = four.install(|| solve_nimbers(&impartial, &budget)).unwrap();
    assert_eq!(a, b);
    // And the parallel tables are right, not only equal.
    assert_eq!(check_all_solvers(&game), 30_011);
    let mut grundy = GrundySolver::without_components(&impartial, budget.clone());
    for i in (0..30_011).step_by(97) {
        assert_eq!(a.get(i), grundy.nimber(&i).unwrap(), "position {i}");
    }
}

/// Claims 2^45 positions: no solver may try to allocate them.
struct Enormous;
impl Game for Enormous {
    type Position = usize;
    fn moves(&self, _pos: &usize, _out: &mut Vec<Move<usize>>) {}
}
impl Indexed for Enormous {
    fn len(&self) -> usize {
        1 << 45
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
        0..1 << 45
    }
}

#[test]
fn budget_refuses_huge_tables_before_allocating() {
    let budget = Budget::unlimited().with_bytes(1 << 32);
    let too_large = |res: Result<(), SolveError>| matches!(res, Err(SolveError::TooLarge { .. }));
    assert!(too_large(
        solve_outcomes(&Enormous, Play::Normal, &budget).map(drop)
    ));
    assert!(too_large(solve_scores(&Enormous, &budget).map(drop)));
    assert!(too_large(solve_nimbers(&Enormous, &budget).map(drop)));
    assert!(too_large(
        retrograde_indexed(&Enormous, Play::Normal, &budget).map(drop)
    ));
    // The default budget refuses on positions first.
    assert_eq!(
        solve_outcomes(&Enormous, Play::Normal, &Budget::default()).map(drop),
        Err(SolveError::TooLarge {
            needed: 1 << 45,
            limit: 1 << 31,
            unit: "positions"
        })
    );
}

/// `Atoms` and `TableGame` implement the traits the solvers need.
#[test]
fn helpers_implement_components() {
    let atoms = Atoms::new(vec![vec![vec![]], vec![vec![0, 0]]]);
    let mut parts = Vec::new();
    atoms.components(&vec![0, 1, 1], &mut parts);
    assert_eq!(parts, vec![vec![0], vec![1], vec![1]]);
    let (game, index) = atoms.enumerate(&[vec![1]]);
    let positions: HashMap<usize, Vec<u8>> = index.into_iter().map(|(p, i)| (i, p)).collect();
    assert_eq!(game.len(), 4); // [1], [0, 0], [0], []
    assert_eq!(positions[&0], Vec::<u8>::new());
}
