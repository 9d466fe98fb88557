//! Values CGSuite's documentation and tests give (Aaron Siegel's CGSuite,
//! github.com/aaron-siegel/cgsuite: `lib/core/src/test/scala/org/cgsuite/lang/EvalTest.scala`,
//! "correctly interpret loopy game specifiers"; `CanonicalStopperTestCase.scala`;
//! `SidedValueTestCase.scala`; `GameTest.scala`; and the help page
//! `docs/tutorials/advanced-features/loopy-games.cgsh`), which follow Winning Ways, ch. 11,
//! and Siegel, *Combinatorial Game Theory*, ch. VI.

use crate::cgt::arena::Arena;

use super::super::{evaluate, LoopyEvaluation, LoopyGame, LoopyOutcomeClass};

fn game(arena: &mut Arena, text: &str) -> LoopyGame {
    match evaluate(arena, text) {
        Ok(LoopyEvaluation::Game(g)) => g,
        other => panic!("{text}: {other:?}"),
    }
}

fn holds(arena: &mut Arena, text: &str) -> bool {
    match evaluate(arena, text) {
        Ok(LoopyEvaluation::Comparison(truth)) => truth,
        other => panic!("{text}: {other:?}"),
    }
}

/// EvalTest.scala and CanonicalStopperTestCase.scala: how CGSuite writes what was typed.
#[test]
fn games_read_and_write_as_cgsuite_gives_them() {
    let mut arena = Arena::new();
    let cases = [
        ("{pass|}", "on"),
        ("{|pass}", "off"),
        ("{0|pass}", "over"),
        ("under", "under"),
        ("{pass|pass}", "dud"),
        ("x{0|x}", "over"),
        ("x{x|0}", "under"),
        ("over+^", "over"),
        ("{pass|*}", "^[on]"),
        ("{*|pass}", "v[on]"),
        ("upon", "^[on]"),
    ];
    for (text, written) in cases {
        let g = game(&mut arena, text);
        let shown = g.value_name().map_or_else(|| g.to_string(), str::to_string);
        assert_eq!(shown, written, "{text}");
    }
}

/// EvalTest.scala: `over+5` is `5over`, `{pass|3/2}` is `3/2under`
/// (CanonicalStopperTestCase), the four upons (`^[on]`, `^[on]*`, `v[on]`, `v[on]*`) and
/// uponth (`^<on>`, written `{0||0|0,pass}` and `{0,pass|0||0}` for its negative).
#[test]
fn published_equalities_hold() {
    let mut arena = Arena::new();
    for text in [
        "over + 5 == 5 + x{0|x}",
        "{pass|3/2} == 3/2 + under",
        "{pass,0|0} == upon + *",
        "{*|pass} == -upon",
        "{0|0,pass} == -upon + *",
        "{0,pass|0||0} == -{0||0|0,pass}",
        "{0,*||*|pass} == {0||0|0,pass} + *",
        "a{0|a} == {0|pass}",
        "over - 5 == -5 + over",
    ] {
        assert!(holds(&mut arena, text), "{text}");
    }
}

/// CanonicalStopperTestCase.scala: these stoppers have IsInfinitesimal true (they lie
/// strictly between -1/1024 and 1/1024), and on's stops are `on` (it exceeds every number).
#[test]
fn the_infinitesimal_stoppers_lie_between_the_numbers() {
    let mut arena = Arena::new();
    for g in [
        "{0|pass}",
        "{0|{0||0|0,pass}||-{0||0|0,pass}}",
        "{0|||0||0|{|pass}}",
        "{{pass|}|0||0}",
        "{0|||0||pass|0}",
        "a{0||||0|||a|*||*}",
    ] {
        assert!(
            holds(&mut arena, &format!("{g} > -1/1024")),
            "{g} > -1/1024"
        );
        assert!(holds(&mut arena, &format!("{g} < 1/1024")), "{g} < 1/1024");
        assert!(!game(&mut arena, g).is_loopfree());
    }
    assert!(holds(&mut arena, "on > 1000"));
    assert!(holds(&mut arena, "off < -1000"));
    assert!(holds(&mut arena, "on >= {1000|-1000}"));
}

/// SidedValueTestCase.scala and GameTest.scala: outcome classes with draws (`dud` is D,
/// `a{{|a}|}` is PHat, `{0|{dud|},*}` NHat, Bach's Carousel N, `^.Pow(on) + {0|upon}` L);
/// loopy-games.cgsh: `on + off` is dud.
#[test]
fn published_outcome_classes() {
    let mut arena = Arena::new();
    let cases = [
        ("dud", LoopyOutcomeClass::D),
        ("on + off", LoopyOutcomeClass::D),
        ("a{{|a}|}", LoopyOutcomeClass::PHat),
        ("{0|{dud|},*}", LoopyOutcomeClass::NHat),
        ("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}", LoopyOutcomeClass::N),
        ("{0||0|0,pass} + {0|upon}", LoopyOutcomeClass::L),
    ];
    for (text, class) in cases {
        assert_eq!(game(&mut arena, text).outcome(), class, "{text}");
    }
    assert_eq!(game(&mut arena, "on + off").to_string(), "dud");
    assert!(!game(&mut arena, "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}").is_stopper());
    // CanonicalStopperTestCase.scala: the 4-cycle of Siegel's Figure VI.3.2 is a stopper.
    assert!(game(&mut arena, "a{0||||0|||a|*||*}").is_stopper());
}

/// Stoppers that are a number plus a named one print as CGSuite prints them, and read back
/// as the same value: `over+5` is `5over` (EvalTest.scala), `{pass|3/2}` is `3/2under` and
/// `{-1/4+*|pass}` is `-1/4v[on]` (CanonicalStopperTestCase.scala), `^[on]*` and `v[on]*`
/// (the followers CanonicalStopperTestCase.scala lists); `{pass|1*2}` is `1^[on]*3` by
/// CGSuite's rule for upon forms (`CanonicalStopper.uponForm`: `{pass|x*k}` is
/// `x^[on]*(k^1)`).
#[test]
fn compound_names_print_as_cgsuite_prints_them_and_read_back() {
    use std::cmp::Ordering;

    use super::super::SidedValue;

    let mut arena = Arena::new();
    for (text, written) in [
        ("over+5", "5over"),
        ("over-1", "-1over"),
        ("{pass|3/2}", "3/2under"),
        ("{-1/4+*|pass}", "-1/4v[on]"),
        ("upon+*", "^[on]*"),
        ("-upon+*", "v[on]*"),
        ("{pass|1*2}", "1^[on]*3"),
        ("{1*2|pass}", "1v[on]*3"),
        ("{pass,1|1}", "1^[on]*"),
        ("upon", "^[on]"),
        ("over+under+1", "1over & 1under"),
    ] {
        let g = game(&mut arena, text);
        let shown = SidedValue::of(&g).unwrap().to_string();
        assert_eq!(shown, written, "{text}");
        // What is printed reads back as the same value (both sides for `S & T`).
        match evaluate(&mut arena, &shown).unwrap() {
            LoopyEvaluation::Game(h) => {
                assert_eq!(g.compare(&h).unwrap(), Some(Ordering::Equal), "{shown}")
            }
            LoopyEvaluation::Sided(v) => {
                assert_eq!(v, SidedValue::of(&g).unwrap(), "{shown}")
            }
            other => panic!("{shown}: {other:?}"),
        }
    }
    // A name binds before an operator: `over - 1over` is `over - (1 + over)`.
    assert!(holds(&mut arena, "1over == 1 + over"));
    assert!(holds(&mut arena, "5 - 1over == 5 - (1 + over)"));
    assert!(holds(&mut arena, "-1/4v[on] == -1/4 - upon"));
}
