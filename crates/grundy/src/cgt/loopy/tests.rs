//! Loopy games against plain searches on small random graphs, short games against the
//! arena, and the values CGSuite's documentation and tests give.

use std::cmp::Ordering;

use crate::cgt::arena::Arena;
use crate::testing::Rng;

use super::outcome::Mover;
use super::{evaluate, LoopyEvaluation, LoopyGame, LoopyOutcomeClass};

mod published;
mod sides;

/// A random game of `n` positions with up to `k` options a side.
pub(super) fn random_game(rng: &mut Rng, n: usize, k: u64) -> LoopyGame {
    let positions: Vec<(Vec<usize>, Vec<usize>)> = (0..n)
        .map(|_| {
            let mut side = || {
                (0..rng.below(k + 1))
                    .map(|_| rng.below(n as u64) as usize)
                    .collect()
            };
            (side(), side())
        })
        .collect();
    LoopyGame::new(&positions, 0).unwrap()
}

/// A random stopper: moves only to later positions, plus passes of one player only
/// (`{pass|..}` loops), so no line alternates forever.
pub(super) fn random_stopper(rng: &mut Rng, n: usize) -> LoopyGame {
    loop {
        let g = random_game(rng, n, 2);
        if g.is_stopper() {
            return g;
        }
    }
}

/// The plain definition: iterate "some move reaches a loss" / "every move reaches a win"
/// to a fixed point over states (position, mover), given their successors.
fn plain_values(succ: &dyn Fn(usize) -> Vec<usize>, states: usize) -> Vec<Mover> {
    let mut value = vec![Mover::Draws; states];
    loop {
        let mut changed = false;
        for s in 0..states {
            if value[s] != Mover::Draws {
                continue;
            }
            let next = succ(s);
            if next.iter().any(|&t| value[t] == Mover::Loses) {
                value[s] = Mover::Wins;
                changed = true;
            } else if next.iter().all(|&t| value[t] == Mover::Wins) {
                value[s] = Mover::Loses;
                changed = true;
            }
        }
        if !changed {
            return value;
        }
    }
}

fn plain_game(g: &LoopyGame) -> Vec<Mover> {
    let succ = |s: usize| -> Vec<usize> {
        let (v, side) = (s / 2, s % 2);
        let options = if side == 0 { &g.left[v] } else { &g.right[v] };
        options.iter().map(|&w| 2 * w as usize + 1 - side).collect()
    };
    plain_values(&succ, 2 * g.len())
}

#[test]
fn outcomes_agree_with_the_plain_fixed_point() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..3000 {
        let g = random_game(&mut rng, 1 + (round % 9), 3);
        assert_eq!(g.solve(), plain_game(&g), "{g:?}");
    }
}

#[test]
fn sums_agree_with_the_plain_search_over_pairs() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for round in 0..400 {
        let g = random_game(&mut rng, 1 + round % 5, 2);
        let h = random_game(&mut rng, 1 + round % 4, 2);
        let (n, m) = (g.len(), h.len());
        // State ((a * m + b) * 2 + side), moves in either component.
        let succ = |s: usize| -> Vec<usize> {
            let (pair, side) = (s / 2, s % 2);
            let (a, b) = (pair / m, pair % m);
            let (ga, hb) = if side == 0 {
                (&g.left[a], &h.left[b])
            } else {
                (&g.right[a], &h.right[b])
            };
            let to = |a: usize, b: usize| (a * m + b) * 2 + 1 - side;
            ga.iter()
                .map(|&x| to(x as usize, b))
                .chain(hb.iter().map(|&y| to(a, y as usize)))
                .collect()
        };
        let plain = plain_values(&succ, 2 * n * m);
        let sum = g.sum(&h).unwrap();
        let solved = sum.solve();
        assert_eq!(solved[0], plain[0], "{g:?} + {h:?}");
        assert_eq!(solved[1], plain[1], "{g:?} + {h:?}");
    }
}

/// Plain stopper test: some alternating line is longer than the number of states.
fn plain_is_stopper(g: &LoopyGame) -> bool {
    let states = 2 * g.len();
    let mut longest = vec![0usize; states];
    for _ in 0..=states {
        longest = (0..states)
            .map(|s| {
                let (v, side) = (s / 2, s % 2);
                let options = if side == 0 { &g.left[v] } else { &g.right[v] };
                options
                    .iter()
                    .map(|&w| 1 + longest[2 * w as usize + 1 - side])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
    }
    longest.iter().all(|&l| l < states)
}

#[test]
fn stoppers_agree_with_the_plain_longest_line() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let mut stoppers = 0;
    for round in 0..2000 {
        let g = random_game(&mut rng, 1 + round % 6, 2);
        assert_eq!(g.is_stopper(), plain_is_stopper(&g), "{g:?}");
        stoppers += usize::from(g.is_stopper());
    }
    assert!(stoppers > 100 && stoppers < 1900, "{stoppers} stoppers");
}

#[test]
fn short_games_compare_and_play_as_in_the_arena() {
    let mut arena = Arena::new();
    let mut rng = Rng(0xDEAD_BEEF_CAFE_F00D);
    let mut pool = vec![arena.zero()];
    for _ in 0..60 {
        let mut pick = || {
            (0..rng.below(3))
                .map(|_| pool[rng.below(pool.len() as u64) as usize])
                .collect::<Vec<_>>()
        };
        let (l, r) = (pick(), pick());
        let g = arena.from_options(&l, &r).unwrap();
        pool.push(g);
    }
    let games: Vec<LoopyGame> = pool
        .iter()
        .map(|&g| LoopyGame::from_short(&mut arena, g).unwrap())
        .collect();
    for (i, g) in games.iter().enumerate() {
        let short = arena.outcome(pool[i]);
        // The arena spells the classes out (`Previous`); CGSuite's letters are their initials.
        assert_eq!(g.outcome().to_string(), format!("{short:?}")[..1]);
        assert!(g.is_loopfree() && g.is_stopper());
        for (j, h) in games.iter().enumerate() {
            assert_eq!(g.geq(h).unwrap(), arena.leq(pool[j], pool[i]), "{g} >= {h}");
        }
    }
}

#[test]
fn stoppers_minus_themselves_are_zero_and_the_order_is_transitive() {
    let mut rng = Rng(0x0F0F_1234_AAAA_5555);
    let games: Vec<LoopyGame> = (0..40)
        .map(|i| random_stopper(&mut rng, 1 + i % 5))
        .collect();
    for g in &games {
        // G - G survives for Left and for Right moving second: G >= G and G <= G.
        assert_eq!(g.compare(g).unwrap(), Some(Ordering::Equal), "{g}");
    }
    for g in &games {
        for h in &games {
            for k in &games {
                if g.geq(h).unwrap() && h.geq(k).unwrap() {
                    assert!(g.geq(k).unwrap(), "{g} >= {h} >= {k}");
                }
            }
        }
    }
}

#[test]
fn a_written_game_reads_back_as_the_same_value() {
    let mut rng = Rng(0x5151_7777_3333_9999);
    let mut arena = Arena::new();
    for round in 0..300 {
        let g = random_game(&mut rng, 1 + round % 6, 2);
        let text = g.to_string();
        let LoopyEvaluation::Game(back) = evaluate(&mut arena, &text).unwrap() else {
            panic!("{text} is a comparison")
        };
        assert_eq!(back.outcome(), g.outcome(), "{g:?} written {text}");
        assert_eq!(back.is_stopper(), g.is_stopper(), "{g:?} written {text}");
        if g.is_stopper() {
            assert_eq!(
                back.compare(&g).unwrap(),
                Some(Ordering::Equal),
                "{g:?}: {text}"
            );
        }
    }
}

#[test]
fn bad_expressions_are_refused_with_their_column() {
    let mut arena = Arena::new();
    let cases = [
        ("{0|pass", 8),
        ("pass", 1),
        ("a{0|a+1}", 5),
        ("over + foo", 8),
        ("{0|1/3}", 4),
        ("over & v & 0", 10),
        ("(over & v)", 7),
        ("{0|||0|||pass}", 7),
        ("{0)|over}", 3),
    ];
    for (text, column) in cases {
        match evaluate(&mut arena, text) {
            Err(super::LoopyError::Parse { column: c, message }) => {
                assert_eq!(c, column, "{text}: {message}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    let deep = format!("{}0{}", "{".repeat(300), "|}".repeat(300));
    assert!(evaluate(&mut arena, &deep).is_err());
    assert!(matches!(
        evaluate(&mut arena, "dud & 0"),
        Err(super::LoopyError::NotStopper(_))
    ));
    assert!(matches!(
        evaluate(&mut arena, "off & on"),
        Err(super::LoopyError::Parse { column: 0, .. })
    ));
}

#[test]
fn a_sum_too_large_is_refused() {
    let mut arena = Arena::new();
    let text = ["(over + 1000)"; 3].join(" + ");
    assert!(matches!(
        evaluate(&mut arena, &text),
        Err(super::LoopyError::TooLarge(_))
    ));
    assert_eq!(LoopyOutcomeClass::D.to_string(), "D");
}

#[test]
fn long_games_are_written_in_bounded_time() {
    let mut arena = Arena::new();
    let LoopyEvaluation::Game(g) = evaluate(&mut arena, "over + 100000").unwrap() else {
        panic!("a game")
    };
    assert_eq!(g.outcome(), LoopyOutcomeClass::L);
    let text = g.to_string();
    assert!(text.len() < 1 << 17, "{} characters", text.len());
    let LoopyEvaluation::Game(g) = evaluate(&mut arena, "{100000|pass}").unwrap() else {
        panic!("a game")
    };
    assert_eq!(g.to_string(), "100000over");
}
