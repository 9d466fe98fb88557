//! CGSuite's spellings, each against the source that defines it.

use super::*;
use crate::cgt::Evaluation;

fn same(arena: &mut Arena, a: &str, b: &str) {
    let (g, h) = (arena.parse(a).unwrap(), arena.parse(b).unwrap());
    assert_eq!(
        g,
        h,
        "{a} is {} and {b} is {}",
        arena.display(g),
        arena.display(h)
    );
}

/// `Tiny(G) := {0||0|-G}` and `Miny(G) := {G|0||0}` (CGSuite,
/// `lib/core/src/main/resources/org/cgsuite/lang/resources/game/constants.cgs`), besides the
/// methods `G.Tiny` and `G.Miny` (`CanonicalStopper.cgs`); CGSuite prints them back so
/// (`CanonicalShortGameTestCase.scala`: `{0||0|-3/2}` is `Tiny(3/2)`, `{0|||0||-1|-3}` is
/// `Tiny({3|1})`, `{5||3|1|||0||||0}` is `Miny({5||3|1})`).
#[test]
fn tiny_and_miny_as_functions() {
    let mut arena = Arena::new();
    same(&mut arena, "Tiny(3/2)", "{0||0|-3/2}");
    same(&mut arena, "tiny(2)", "2.Tiny");
    same(&mut arena, "Miny({5||3|1})", "{5||3|1|||0||||0}");
    same(&mut arena, "Tiny({3|1})", "{0|||0||-1|-3}");
    for (text, shown) in [
        ("{0||0|-3/2}", "Tiny(3/2)"),
        ("{0|||0||-1|-3}", "Tiny({3|1})"),
        ("{5||3|1|||0||||0}", "Miny({5||3|1})"),
    ] {
        let g = arena.parse(text).unwrap();
        assert_eq!(arena.display(g), shown);
        assert_eq!(arena.parse(shown).unwrap(), g);
    }
    let err = arena.parse("Huge(2)").unwrap_err();
    assert_eq!(
        err.to_string(),
        "column 1: expected a game (or Tiny(G), Miny(G)), found 'Huge'"
    );
}

/// Up-nth powers as CGSuite prints them, `^<n>` for `^.Pow(n)` and `^[n]` for `^.PowTo(n)`
/// (`lib/core/src/main/scala/org/cgsuite/core/Uptimal.scala`); CGSuite's own cases
/// (`CanonicalShortGameTestCase.scala`): `{0|*||*|||*||||*}` is `^[4]`, `{0||0|v*}` is
/// `{0|^<2>}`. Siegel's definitions (*Combinatorial Game Theory*, 2013, II.4):
/// `^<2> = {0|v*}`, `^[2] = ^ + ^<2>`.
#[test]
fn powers_of_up() {
    let mut arena = Arena::new();
    same(&mut arena, "^[4]", "{0|*||*|||*||||*}");
    same(&mut arena, "{0|^<2>}", "{0||0|v*}");
    same(&mut arena, "^<2>", "{0|v*}");
    same(&mut arena, "^[2]", "^ + ^<2>");
    same(&mut arena, "^[3]", "^ + ^<2> + ^<3>");
    same(&mut arena, "^<1>", "^");
    same(&mut arena, "^[1]", "^");
    same(&mut arena, "v<2>", "-^<2>");
    same(&mut arena, "v[3]*", "-^[3] + *");
    same(&mut arena, "1^<3>*2", "1 + ^<3> + *2");
    same(&mut arena, "^.Pow(3)", "^<3>");
    same(&mut arena, "^.PowTo(3)", "^[3]");
    same(&mut arena, "{0|*}.pow(0)", "*");
    same(&mut arena, "^.PowTo(0)", "0");
    // Printed as CGSuite prints them (CanonicalShortGameTestCase.scala: `{0|*||*|||*||||*}`
    // is `^[4]`, `{0||0|v*}` is `{0|^<2>}`, `{0||0|vvv}` is `{0||0|v3}`).
    for (text, shown) in [
        ("{0|*||*|||*||||*}", "^[4]"),
        ("{0||0|v*}", "{0|^<2>}"),
        ("{0||0|vvv}", "{0||0|v3}"),
        ("{0|v*}", "^<2>"),
        ("-^<3> + *2", "v<3>*2"),
        ("1/2 + ^[3] + *", "1/2^[3]*"),
        ("{^|*}", "^[2]"),
        ("^ + ^<2>", "^[2]"),
    ] {
        let g = arena.parse(text).unwrap();
        assert_eq!(arena.display(g), shown, "{text}");
        assert_eq!(arena.parse(shown).unwrap(), g, "{shown}");
    }
    // `^<n>` grows smaller with n, each positive and infinitesimal.
    let ups: Vec<_> = (1..=6)
        .map(|n| arena.parse(&format!("^<{n}>")).unwrap())
        .collect();
    let zero = arena.zero();
    for pair in ups.windows(2) {
        assert!(arena.leq(pair[1], pair[0]) && !arena.leq(pair[0], pair[1]));
        assert!(arena.leq(zero, pair[1]) && !arena.leq(pair[1], zero));
    }
    // A comparison is still read as one.
    assert_eq!(
        arena.evaluate("^ < 2").unwrap(),
        Evaluation::Comparison(true)
    );
    assert_eq!(arena.evaluate("^<2").unwrap(), Evaluation::Comparison(true));
    for (text, message) in [
        ("^<65>", "column 1: a power of up above 64 is too large"),
        ("1.Pow(2)", "column 3: Pow: 1 is not of the form {0|H}"),
        (
            "^.Pow(1/2)",
            "column 3: Pow: the power must be an integer from 0 to 64, not 1/2",
        ),
        (
            "^[2",
            "column 2: expected an operator or the end, found '['",
        ),
    ] {
        let err = arena.parse(text).unwrap_err();
        assert_eq!(err.to_string(), message, "{text}");
    }
}

/// The spellings CGSuite's grammar reads for uptimals (`Cgsuite.g`, `upstarExpr`: `^`, `^^`,
/// `v`, `vv`, `^n`, `vn` and a star after), and `+-G`, `{a||b|c}`.
#[test]
fn uptimal_spellings() {
    let mut arena = Arena::new();
    same(&mut arena, "^3*", "^ + ^ + ^ + *");
    same(&mut arena, "vv*", "-^ - ^ + *");
    same(&mut arena, "v*5", "-^ + *5");
    same(&mut arena, "+-1", "{1|-1}");
    same(&mut arena, "{2||1|0}", "{2|{1|0}}");
}
