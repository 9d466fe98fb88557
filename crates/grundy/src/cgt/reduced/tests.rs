//! Reduced canonical forms against the definition: close to the game mod Inf, reduced in
//! every subposition, idempotent, and one form for a game plus any infinitesimal (Siegel,
//! *Combinatorial Game Theory*, 2013, II.6).

use super::super::tests::random_games;
use super::*;
use crate::testing::Rng;

/// Whether `g` is reduced by the definition (Siegel, *Combinatorial Game Theory*, 2013,
/// II.6): every subposition a number, or with stops apart and no Inf-dominated or
/// Inf-reversible option.
fn is_reduced(arena: &mut Arena, g: GameId) -> bool {
    if arena.as_number(g).is_some() {
        return true;
    }
    let (l, r) = arena.stops(g);
    if l == r {
        return false;
    }
    let (left, right) = (arena.left_options(g), arena.right_options(g));
    for (i, &a) in left.iter().enumerate() {
        for (j, &b) in left.iter().enumerate() {
            if i != j && arena.inf_geq(b, a).unwrap() {
                return false;
            }
        }
        for t in arena.right_options(a) {
            if arena.inf_geq(g, t).unwrap() {
                return false;
            }
        }
    }
    for (i, &a) in right.iter().enumerate() {
        for (j, &b) in right.iter().enumerate() {
            if i != j && arena.inf_geq(a, b).unwrap() {
                return false;
            }
        }
        for t in arena.left_options(a) {
            if arena.inf_geq(t, g).unwrap() {
                return false;
            }
        }
    }
    left.into_iter().chain(right).all(|h| is_reduced(arena, h))
}

/// Whether `g - h` is infinitesimal: both its stops are 0 (Siegel II.6: a game is
/// infinitesimal exactly when its stops are 0).
fn infinitesimally_close(arena: &mut Arena, g: GameId, h: GameId) -> bool {
    let d = arena.difference(g, h).unwrap();
    arena.stops(d) == (Dyadic::ZERO, Dyadic::ZERO)
}

/// The infinitesimals added to games below: ups, stars, tinies and minies, and sums.
const INFINITESIMALS: [&str; 8] = [
    "*",
    "^",
    "v*",
    "^^*",
    "*2",
    "{0||0|-1}",
    "{1|0||0}",
    "{0||0|-2} + ^",
];

/// On random games: the reduced form differs from the game by an infinitesimal, is reduced
/// by the definition, is its own reduced form, and is the same for the game plus any
/// infinitesimal (reduced forms equal mod Inf are identical: Siegel II.6).
#[test]
fn reduced_forms_are_the_representatives_mod_inf() {
    let mut arena = Arena::new();
    let mut rng = Rng(0x5eed_0006);
    let games = random_games(&mut arena, &mut rng, 300);
    let small: Vec<GameId> = INFINITESIMALS
        .iter()
        .map(|text| arena.parse(text).unwrap())
        .collect();
    let mut hot = 0;
    for &g in &games {
        let r = arena.reduced(g).unwrap();
        assert!(
            infinitesimally_close(&mut arena, g, r),
            "{}",
            arena.display(g)
        );
        assert!(
            is_reduced(&mut arena, r),
            "{} -> {}",
            arena.display(g),
            arena.display(r)
        );
        assert_eq!(arena.reduced(r).unwrap(), r);
        for &e in &small {
            let moved = arena.sum(g, e).unwrap();
            assert_eq!(
                arena.reduced(moved).unwrap(),
                r,
                "{} + {}",
                arena.display(g),
                arena.display(e)
            );
        }
        if arena.as_number(r).is_none() {
            hot += 1;
        }
    }
    assert!(hot > 50, "{hot}");
}

/// Every number plus an infinitesimal reduces to the number (Siegel II.6: `G ≡ x` mod Inf
/// exactly when both stops of `G` are `x`); infinitesimals reduce to 0.
#[test]
fn numbers_plus_infinitesimals_reduce_to_the_number() {
    let mut arena = Arena::new();
    for x in ["0", "1", "-3/4", "5/8", "12"] {
        let number = arena.parse(x).unwrap();
        for e in INFINITESIMALS {
            let g = arena.parse(&format!("{x} + {e}")).unwrap();
            assert_eq!(arena.reduced(g).unwrap(), number, "{x} + {e}");
        }
    }
    for e in ["^", "*", "{0|^}", "{0||0|-1/2}", "^^^*3"] {
        let g = arena.parse(e).unwrap();
        let zero = arena.zero();
        assert_eq!(arena.reduced(g).unwrap(), zero, "{e}");
    }
}

/// Worked cases by the definition: a switch keeps its form, `±1 + ^` loses the up, and a
/// hot game's infinitesimal options become numbers (`{2|^}` is `{2|0}`, `{1*|-1}` is
/// `±1`); an option Inf-dominated after reduction goes (`{1, 1^|-1}` is `±1`).
#[test]
fn worked_examples() {
    let mut arena = Arena::new();
    for (game, reduced) in [
        ("+-1", "+-1"),
        ("+-1 + ^", "+-1"),
        ("{2|^}", "{2|0}"),
        ("{1*|-1}", "+-1"),
        ("{1, 1^|-1}", "+-1"),
        ("{3|1||0|-1}", "{3|1||0|-1}"),
        ("{3|1*||0|-1} + *", "{3|1||0|-1}"),
    ] {
        let g = arena.parse(game).unwrap();
        let r = arena.reduced(g).unwrap();
        assert_eq!(arena.display(r), reduced, "{game}");
    }
}
