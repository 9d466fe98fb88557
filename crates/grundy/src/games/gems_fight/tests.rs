use super::*;
use crate::solve::memo::{MemoSearch, Scores};
use crate::solve::subsets::solve_subset_scores;
use crate::testing::Rng;
use crate::Budget;

/// The best stones difference for the player to move, by plain recursion over the rules:
/// `cooker[c]` gems of colour `c` in the cooker, `taken[b]` whether bag `b` is taken.
fn plain(bags: &[Vec<usize>], size: usize, cooker: &mut Vec<usize>, taken: &mut Vec<bool>) -> i64 {
    let mut best = None;
    for b in 0..bags.len() {
        if taken[b] {
            continue;
        }
        let before = cooker.clone();
        taken[b] = true;
        for &c in &bags[b] {
            cooker[c] += 1;
        }
        let mut stones = 0;
        for count in cooker.iter_mut() {
            while *count >= size {
                *count -= size;
                stones += 1;
            }
        }
        let rest = plain(bags, size, cooker, taken);
        let value = if stones > 0 { stones + rest } else { -rest };
        best = Some(best.map_or(value, |v: i64| v.max(value)));
        *cooker = before;
        taken[b] = false;
    }
    best.unwrap_or(0)
}

fn random_game(rng: &mut Rng, most_bags: u64) -> (usize, usize, Vec<Vec<usize>>) {
    let colours = 1 + rng.below(4) as usize;
    let size = 1 + rng.below(5) as usize;
    let n_bags = rng.below(most_bags + 1) as usize;
    let bags = (0..n_bags)
        .map(|_| {
            let n = 1 + rng.below(4);
            (0..n).map(|_| rng.below(colours as u64) as usize).collect()
        })
        .collect();
    (colours, size, bags)
}

/// hdu4778's samples: 3 and -3.
#[test]
fn samples() {
    for (bags, expected) in [
        (vec![vec![1, 2], vec![0, 2], vec![0, 1], vec![1, 2, 0]], 3),
        (vec![vec![1, 2, 0], vec![0, 1, 2]], -3),
    ] {
        let size = if expected == 3 { 3 } else { 2 };
        let game = GemsFight::new(3, size, &bags).unwrap();
        let table = solve_subset_scores(&game, &Budget::default()).unwrap();
        assert_eq!(table.get(game.start()), expected);
    }
}

/// The subset table's start value equals plain recursion over the rules on random games of
/// up to 7 bags.
#[test]
fn table_matches_plain_recursion() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut compared = 0;
    for _ in 0..300 {
        let (colours, size, bags) = random_game(&mut rng, 7);
        let game = GemsFight::new(colours, size as u32, &bags).unwrap();
        let table = solve_subset_scores(&game, &Budget::default()).unwrap();
        let expected = plain(
            &bags,
            size,
            &mut vec![0; colours],
            &mut vec![false; bags.len()],
        );
        assert_eq!(table.get(game.start()), expected, "{bags:?} S = {size}");
        compared += 1;
    }
    assert_eq!(compared, 300);
}

/// On every position of random games of up to 14 bags (more than one block of the subset
/// solver): the batched and single moves (stones as differences of a table) equal [`Game::moves`]
/// (stones from the cooker's residues), and the table equals the memo search.
#[test]
fn take_many_and_table_match_memo_search() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut compared = 0;
    for round in 0..40 {
        let most_bags = if round < 4 { 14 } else { 10 };
        let (colours, size, mut bags) = random_game(&mut rng, most_bags);
        while round < 4 && bags.len() < 13 {
            bags.push(vec![rng.below(colours as u64) as usize; 2]);
        }
        let game = GemsFight::new(colours, size as u32, &bags).unwrap();
        let table = solve_subset_scores(&game, &Budget::default()).unwrap();
        let mut search = MemoSearch::new(&game, Scores, Budget::default());
        assert_eq!(table.len(), 1 << bags.len());
        let (mut points, mut again) = ([0i16; 1], [false; 1]);
        let mut moves = Vec::new();
        for taken in 0..1u32 << bags.len() {
            moves.clear();
            game.moves(&taken, &mut moves);
            for m in &moves {
                let bag = (m.to ^ taken).trailing_zeros() as usize;
                game.take_many(bag, taken, &mut points, &mut again).unwrap();
                assert_eq!((i64::from(points[0]), again[0]), (m.points, m.again));
                let (points, again) = game.take::<i32>(taken, bag).unwrap();
                assert_eq!((i64::from(points), again), (m.points, m.again));
            }
            assert_eq!(table.get(taken), search.value(&taken).unwrap());
            compared += 1;
        }
    }
    assert!(compared > 4 * 8192, "{compared}");
}

#[test]
fn refuses_bad_games() {
    let bags = vec![vec![0]; MAX_BAGS + 1];
    assert!(matches!(
        GemsFight::new(1, 1, &bags),
        Err(GemsFightError::Bags { .. })
    ));
    assert!(matches!(
        GemsFight::new(9, 1, &[]),
        Err(GemsFightError::Colours { .. })
    ));
    assert!(matches!(
        GemsFight::new(1, 0, &[]),
        Err(GemsFightError::Size { .. })
    ));
    assert!(matches!(
        GemsFight::new(2, 3, &[vec![0, 5]]),
        Err(GemsFightError::Colour {
            bag: 0,
            colour: 5,
            colours: 2
        })
    ));
}
