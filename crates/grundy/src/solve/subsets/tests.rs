use super::*;
use crate::model::{Game, Move};
use crate::solve::memo::{MemoSearch, Scores};
use crate::testing::Rng;

/// A random subset game: each (position, item) move has its own points and bonus turn.
struct RandomSubsets {
    items: usize,
    /// `points[taken * items + item]`, and whether that move grants another turn.
    points: Vec<i64>,
    again: Vec<bool>,
    bound: u64,
}

impl RandomSubsets {
    fn new(rng: &mut Rng, items: usize, most_points: u64) -> Self {
        let moves = items << items;
        let points: Vec<i64> = (0..moves)
            .map(|_| rng.below(2 * most_points + 1) as i64 - most_points as i64)
            .collect();
        let again = (0..moves).map(|_| rng.below(3) == 0).collect();
        // Every line takes `items` moves.
        let bound = most_points * items as u64;
        RandomSubsets {
            items,
            points,
            again,
            bound,
        }
    }
}

impl Game for RandomSubsets {
    type Position = u32;
    fn moves(&self, taken: &u32, out: &mut Vec<Move<u32>>) {
        for item in (0..self.items).filter(|i| taken & 1 << i == 0) {
            let k = *taken as usize * self.items + item;
            let m = Move::to(taken | 1 << item).with_points(self.points[k]);
            out.push(if self.again[k] { m.again() } else { m });
        }
    }
}

impl Subsets for RandomSubsets {
    fn items(&self) -> usize {
        self.items
    }
    fn score_bound(&self) -> u64 {
        self.bound
    }
}

/// Every position of random games, every block size (one block down to one position per
/// block), `i16` and `i32` cells: the table equals the memo search.
#[test]
fn matches_memo_search_for_every_block_size() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut compared = 0;
    for round in 0..40 {
        let items = round % 9;
        // Points up to 5 give i16 cells; up to 5000 (bound 40,000) give i32 cells.
        let most = if round % 2 == 0 { 5 } else { 5000 };
        let game = RandomSubsets::new(&mut rng, items, most);
        let mut search = MemoSearch::new(&game, Scores, Budget::default());
        for block_bits in 0..=items {
            let table = solve_in_blocks(&game, &Budget::default(), block_bits).unwrap();
            assert_eq!(table.len(), 1 << items);
            for taken in 0..1u32 << items {
                assert_eq!(
                    table.get(taken),
                    search.value(&taken).unwrap(),
                    "{items} items, blocks of 2^{block_bits}, position {taken:#b}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 16_000, "{compared}");
}

/// The table does not depend on the number of threads.
#[test]
fn same_table_on_one_and_four_threads() {
    let game = RandomSubsets::new(&mut Rng(7), 10, 9);
    let solve = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| solve_in_blocks(&game, &Budget::default(), 3).unwrap())
    };
    let one = solve(1);
    assert_eq!(one, solve(4));
    assert_eq!(one.len(), 1024);
}

#[test]
fn cell_width_follows_the_bound() {
    let narrow = RandomSubsets::new(&mut Rng(3), 4, 3);
    let table = solve_subset_scores(&narrow, &Budget::default()).unwrap();
    assert_eq!(table.bytes(), 32);
    let wide = RandomSubsets::new(&mut Rng(3), 4, 5000);
    let table = solve_subset_scores(&wide, &Budget::default()).unwrap();
    assert_eq!(table.bytes(), 64);
}

/// A game whose moves are not one per untaken item is refused, naming the position.
#[test]
fn refuses_games_that_are_not_subset_games() {
    struct Skips;
    impl Game for Skips {
        type Position = u32;
        fn moves(&self, taken: &u32, out: &mut Vec<Move<u32>>) {
            // Item 1 can never be taken alone: from 0 only item 0 is offered.
            for item in 0..2 {
                if taken & 1 << item == 0 && !(*taken == 0 && item == 1) {
                    out.push(Move::to(taken | 1 << item));
                }
            }
        }
    }
    impl Subsets for Skips {
        fn items(&self) -> usize {
            2
        }
        fn score_bound(&self) -> u64 {
            0
        }
    }
    let err = solve_subset_scores(&Skips, &Budget::default()).unwrap_err();
    assert!(
        matches!(&err, SolveError::Unsupported(m) if m.contains("0b0")),
        "{err}"
    );
}

/// A game whose values break its stated bound is refused rather than misread.
#[test]
fn refuses_values_beyond_the_bound() {
    let mut game = RandomSubsets::new(&mut Rng(11), 3, 0);
    game.points.iter_mut().for_each(|p| *p = 1);
    game.again.iter_mut().for_each(|a| *a = true);
    // Three moves of one point each, all by the first player: the start is worth 3.
    game.bound = 2;
    let err = solve_subset_scores(&game, &Budget::default()).unwrap_err();
    assert!(
        matches!(&err, SolveError::Unsupported(m) if m.contains("scores 3")),
        "{err}"
    );
    game.bound = 3;
    assert_eq!(
        solve_subset_scores(&game, &Budget::default())
            .unwrap()
            .get(0),
        3
    );
}

#[test]
fn refuses_before_allocating() {
    let game = RandomSubsets::new(&mut Rng(5), 8, 1);
    let err = solve_subset_scores(&game, &Budget::default().with_bytes(100)).unwrap_err();
    assert!(matches!(err, SolveError::TooLarge { .. }), "{err}");
    let err = solve_subset_scores(&game, &Budget::default().with_positions(255)).unwrap_err();
    assert!(matches!(err, SolveError::TooLarge { .. }), "{err}");
}

#[test]
fn refuses_too_many_items() {
    struct Huge;
    impl Game for Huge {
        type Position = u32;
        fn moves(&self, _: &u32, _: &mut Vec<Move<u32>>) {}
    }
    impl Subsets for Huge {
        fn items(&self) -> usize {
            MAX_ITEMS + 1
        }
        fn score_bound(&self) -> u64 {
            0
        }
    }
    let err = solve_subset_scores(&Huge, &Budget::unlimited()).unwrap_err();
    assert!(matches!(err, SolveError::Unsupported(_)), "{err}");
}
