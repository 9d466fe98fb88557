//! Atomic weights as CGSuite computes them: its published answers, the general test
//! against the all-small shortcut, and additivity.

use super::super::tests::random_games;
use super::*;
use crate::testing::Rng;

/// CGSuite's own answers for `G.AtomicWeight` (CGSuite's test cases,
/// `lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala`, field
/// `atomicWeight`; the issue's own check is `Tiny(3/2)`, weight 0). A refusal is `None`,
/// with the reason we give.
#[test]
fn cgsuite_answers() {
    use AtomicWeightError::{NotAtomic, NotInfinitesimal};
    let cases: [(&str, Result<&str, AtomicWeightError>); 22] = [
        ("0", Ok("0")),
        ("5", Err(NotInfinitesimal)),
        ("-1823437481924", Err(NotInfinitesimal)),
        ("-1/2", Err(NotInfinitesimal)),
        ("25/16", Err(NotInfinitesimal)),
        ("*8", Ok("0")),
        ("9/8+*", Err(NotInfinitesimal)),
        ("^", Ok("1")),
        ("v*", Ok("-1")),
        ("6+^*", Err(NotInfinitesimal)),
        ("^*6", Ok("1")),
        ("73/16+v9*8", Err(NotInfinitesimal)),
        ("{0|*||*|||*||||*}", Ok("1")),
        ("{0||0|v*}", Ok("1")),
        ("{0||0|vvv}", Ok("0")),
        ("{^^^|vv}", Ok("{1|0}")),
        ("{0||0|-3/2}", Ok("0")),
        ("{0|||0||-1|-3}", Ok("0")),
        ("{5||3|1|||0||||0}", Ok("0")),
        ("{1|^^||^}", Ok("2")),
        ("{1|^^^||^}", Err(NotAtomic)),
        ("{3||2+*|1+*}", Err(NotInfinitesimal)),
    ];
    let mut arena = Arena::new();
    for (text, expected) in cases {
        let g = arena.parse(text).unwrap();
        let got = arena.atomic_weight(g).map(|w| arena.display(w));
        assert_eq!(got.as_deref().map_err(|e| *e), expected, "{text}");
    }
}

/// On all-small games the shortcut (every all-small game is atomic) agrees with the general
/// test CGSuite applies to other infinitesimals: `G - W.^` is within `^* + *2^k:-1` of 0.
#[test]
fn the_general_test_accepts_every_all_small_game() {
    let mut arena = Arena::new();
    let mut rng = Rng(0xa70c);
    let mut pool: Vec<GameId> = ["0", "*", "^", "v*", "*2", "{0|v}"]
        .iter()
        .map(|t| arena.parse(t).unwrap())
        .collect();
    let mut checked = 0;
    while pool.len() < 120 {
        let pick = |rng: &mut Rng, pool: &[GameId]| pool[rng.below(pool.len() as u64) as usize];
        let left: Vec<GameId> = (0..1 + rng.below(3))
            .map(|_| pick(&mut rng, &pool))
            .collect();
        let right: Vec<GameId> = (0..1 + rng.below(3))
            .map(|_| pick(&mut rng, &pool))
            .collect();
        let g = arena.from_options(&left, &right).unwrap();
        if !arena.is_all_small(g) || pool.contains(&g) {
            continue;
        }
        let weight = arena.atomic_weight(g).unwrap();
        assert!(
            arena.atomically_equal(g, weight).unwrap(),
            "{}",
            arena.display(g)
        );
        pool.push(g);
        checked += 1;
    }
    assert!(checked >= 100);
}

/// Every game that is not infinitesimal is refused as such, and every infinitesimal one
/// that has a weight is within the bound of its weight's multiple of `^`; a sum of two
/// weighed games, where it has a weight, weighs their weights' sum.
#[test]
fn random_games_are_refused_or_weighed_consistently() {
    let mut arena = Arena::new();
    let mut rng = Rng(0x7e57);
    let games = random_games(&mut arena, &mut rng, 300);
    let mut weighed = Vec::new();
    for &g in &games {
        let infinitesimal = arena.stops(g) == (Dyadic::ZERO, Dyadic::ZERO);
        match arena.atomic_weight(g) {
            Ok(w) => {
                assert!(infinitesimal);
                assert!(arena.atomically_equal(g, w).unwrap());
                weighed.push((g, w));
            }
            Err(AtomicWeightError::NotInfinitesimal) => assert!(!infinitesimal),
            Err(AtomicWeightError::NotAtomic) => assert!(infinitesimal),
            Err(err) => panic!("{err}"),
        }
    }
    assert!(weighed.len() >= 10, "{}", weighed.len());
    for &(a, wa) in &weighed {
        for &(b, wb) in weighed.iter().take(8) {
            let s = arena.sum(a, b).unwrap();
            if arena.is_all_small(a) && arena.is_all_small(b) {
                let ws = arena.atomic_weight(s).unwrap();
                assert_eq!(arena.sum(wa, wb).unwrap(), ws);
            } else if let Ok(ws) = arena.atomic_weight(s) {
                assert_eq!(arena.sum(wa, wb).unwrap(), ws);
            }
        }
    }
}
