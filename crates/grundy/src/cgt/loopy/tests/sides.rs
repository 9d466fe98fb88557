//! Sides and sided values against survival on random games, and the values CGSuite's tests
//! give (github.com/aaron-siegel/cgsuite, `lib/core/src/test/scala/org/cgsuite/lang/`
//! `SidedValueTestCase.scala` and `CanonicalStopperTestCase.scala`).

use std::cmp::Ordering;

use crate::cgt::arena::Arena;
use crate::testing::Rng;

use super::super::outcome::Mover;
use super::super::{evaluate, LoopyError, LoopyEvaluation, LoopyGame, Side, SidedValue};
use super::{random_game, random_stopper};

fn game(arena: &mut Arena, text: &str) -> LoopyGame {
    match evaluate(arena, text) {
        Ok(LoopyEvaluation::Game(g)) => g,
        other => panic!("{text}: {other:?}"),
    }
}

/// SidedValueTestCase.scala: `dud` is `dud` (onside on, offside off, class D); `a{{|a}|}` is
/// `1 & 0` (PHat); `{0|{dud|},*}` is `^ & v*` (NHat); Bach's Carousel has sides that are not
/// stoppers (class N). The help page's `on + off` is `dud` too.
#[test]
fn sided_values_are_as_cgsuite_gives_them() {
    use super::super::LoopyOutcomeClass::*;
    let mut arena = Arena::new();
    for (text, written, on, off, class) in [
        ("dud", "dud", "on", "off", D),
        ("on + off", "dud", "on", "off", D),
        ("a{{|a}|}", "1 & 0", "1", "0", PHat),
        ("{0|{dud|},*}", "^ & v*", "^", "v*", NHat),
    ] {
        let g = game(&mut arena, text);
        let v = SidedValue::of(&g).unwrap();
        assert_eq!(v.to_string(), written, "{text}");
        assert_eq!(
            v.onside(),
            &game(&mut arena, on).simplest().unwrap(),
            "{text}"
        );
        assert_eq!(
            v.offside(),
            &game(&mut arena, off).simplest().unwrap(),
            "{text}"
        );
        assert_eq!((v.outcome(), g.outcome()), (class, class), "{text}");
        assert!(!v.is_stopper() && !g.is_stopper());
    }
    let bach = game(&mut arena, "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}");
    assert_eq!(bach.outcome(), N);
    assert!(matches!(
        SidedValue::of(&bach),
        Err(LoopyError::NotStopperSided(_))
    ));
    // Written whole: S & T, the onside at least the offside.
    match evaluate(&mut arena, "^ & v*") {
        Ok(LoopyEvaluation::Sided(v)) => assert_eq!(
            v,
            SidedValue::of(&game(&mut arena, "{0|{dud|},*}")).unwrap()
        ),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        evaluate(&mut arena, "on + off == dud"),
        Ok(LoopyEvaluation::Comparison(true))
    ));
    assert!(matches!(
        evaluate(&mut arena, "dud <> 0"),
        Ok(LoopyEvaluation::Comparison(true))
    ));
}

/// CanonicalStopperTestCase.scala: a stopper's onside and offside are itself; the simplest
/// forms here are those CGSuite writes (`{pass|3/2}` is 3/2under, `over + 5` 5over, `+-{0|pass}`
/// +-over), in node-label notation.
#[test]
fn stoppers_are_their_own_sides_in_simplest_form() {
    let mut arena = Arena::new();
    for (text, simplest) in [
        ("on", "on"),
        ("over", "over"),
        ("{pass|3/2}", "3/2under"),
        ("{0|pass} + 1", "1over"),
        ("over + over", "over"),
        ("+-{0|pass}", "{over|under}"),
        ("{0||0|under}", "{0|{0|under}}"),
        ("a{0||||0|||a|*||*}", "a{0|{0|{{a|*}|*}}}"),
    ] {
        let g = game(&mut arena, text);
        let v = SidedValue::of(&g).unwrap();
        assert!(v.is_stopper(), "{text}");
        assert_eq!(v.to_string(), simplest, "{text}");
        assert_eq!(g.side(Side::On).unwrap(), g.side(Side::Off).unwrap());
        assert_eq!(
            g.simplest().unwrap().compare(&g).unwrap(),
            Some(Ordering::Equal)
        );
    }
}

/// The plain characterisation of the sides (Winning Ways, ch. 11; Siegel, ch. VI): for every
/// stopper X, `G+ >= X` exactly when Left survives `G - X` moving second, and `G- <= X`
/// exactly when Right survives `G - X` moving second; played alone, the sides give `G`'s
/// outcome. Checked on random games against random stoppers, by plain survival.
#[test]
fn sides_agree_with_survival_against_random_stoppers() {
    let mut rng = Rng(0x7A3B_91C4_55E2_0D17);
    let stoppers: Vec<LoopyGame> = (0..30)
        .map(|i| random_stopper(&mut rng, 1 + i % 4))
        .collect();
    let (mut sided, mut refused) = (0, 0);
    for round in 0..300 {
        let g = random_game(&mut rng, 1 + round % 5, 2);
        let v = match SidedValue::of(&g) {
            Ok(v) => v,
            Err(LoopyError::NotStopperSided(_)) => {
                refused += 1;
                continue;
            }
            Err(err) => panic!("{g:?}: {err}"),
        };
        sided += usize::from(!g.is_stopper());
        assert_eq!(v.outcome(), g.outcome(), "{g:?}");
        assert!(v.onside().geq(v.offside()).unwrap(), "{g:?}");
        for x in &stoppers {
            let d = g.difference(x).unwrap().solve();
            let left_survives = d[1] != Mover::Wins;
            let right_survives = d[0] != Mover::Wins;
            assert_eq!(v.onside().geq(x).unwrap(), left_survives, "{g:?} - {x}");
            assert_eq!(x.geq(v.offside()).unwrap(), right_survives, "{g:?} - {x}");
            // The order of sides, without the sides, says the same.
            assert_eq!(x.side_leq(&g, Side::On).unwrap(), left_survives);
            assert_eq!(g.side_leq(x, Side::Off).unwrap(), right_survives);
        }
    }
    assert!(
        sided > 50,
        "{sided} games valued by their sides, {refused} refused"
    );
}

/// Simplest forms are equal to the stopper and no larger.
#[test]
fn simplest_forms_are_equal_and_no_larger() {
    let mut rng = Rng(0x3C6E_F372_FE94_F82B);
    for i in 0..200 {
        let g = random_stopper(&mut rng, 1 + i % 6);
        let s = g.simplest().unwrap();
        assert!(s.is_stopper() && s.len() <= g.len(), "{g:?}");
        assert_eq!(s.compare(&g).unwrap(), Some(Ordering::Equal), "{g:?}");
        assert_eq!(s.simplest().unwrap(), s, "{g:?}");
    }
}
