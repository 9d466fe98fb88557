//! The operations against their definitions' consequences: ordinal sums against Blue-Red
//! and green Hackenbush stalks, cooling against the thermograph, Norton multiplication by 1
//! and its linearity, and worked examples (Siegel, *Combinatorial Game Theory*, 2013,
//! II.5-II.6; Winning Ways, chapters 2, 6 and 8).

use super::super::tests::{canonical, random_games, random_tree};
use super::*;
use crate::testing::Rng;

/// A Blue-Red Hackenbush stalk is the ordinal sum of its edges from the ground up (`1` a
/// blue edge, `-1` a red one): its value by Berlekamp's sign expansion, every stalk up to
/// 10 edges. A green stalk of `n` edges is `*n`.
#[test]
fn stalks_are_ordinal_sums() {
    let mut arena = Arena::new();
    let (blue, red) = (arena.integer(1), arena.integer(-1));
    for n in 1..=10u32 {
        for bits in 0..1u32 << n {
            let edges: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
            let mut g = arena.zero();
            for &e in &edges {
                g = arena.ordinal_sum(g, if e { blue } else { red }).unwrap();
            }
            let sign = |e: bool| if e { 1 } else { -1 };
            let run = edges.iter().take_while(|&&e| e == edges[0]).count();
            let mut value = Dyadic::integer(sign(edges[0]) * run as i64);
            for (k, &e) in edges[run..].iter().enumerate() {
                value = value
                    .checked_add(Dyadic::new(sign(e), k as u32 + 1).unwrap())
                    .unwrap();
            }
            assert_eq!(arena.as_number(g), Some(value), "{edges:?}");
        }
    }
    let star = arena.parse("*").unwrap();
    let mut stalk = arena.zero();
    for n in 1..=8 {
        stalk = arena.ordinal_sum(stalk, star).unwrap();
        assert_eq!(
            arena.display(stalk),
            format!("*{}", if n == 1 { String::new() } else { n.to_string() })
        );
    }
}

/// The stops of `G` cooled by `t` are the walls of `G`'s thermograph at `t` (Siegel II.5),
/// and cooling is additive, `(G + H)_t = G_t + H_t`: on random games, every `t` in steps
/// of 1/4 up to 3.
#[test]
fn cooling_follows_the_thermograph_and_adds() {
    let mut arena = Arena::new();
    let mut rng = Rng(0xc001);
    let mut games = random_games(&mut arena, &mut rng, 60);
    for _ in 0..60 {
        let tree = random_tree(&mut rng, 3, 2);
        games.push(canonical(&mut arena, &tree));
    }
    for (i, &g) in games.iter().enumerate() {
        let thermograph = arena.thermograph(g).unwrap();
        for quarter in 0..=12 {
            let t = Dyadic::new(quarter, 2).unwrap();
            let cooled = arena.cool(g, t).unwrap();
            let walls = (
                thermograph.left_wall().value_at(t).unwrap(),
                thermograph.right_wall().value_at(t).unwrap(),
            );
            assert_eq!(arena.stops(cooled), walls, "{} at {t}", arena.display(g));
            if quarter % 2 == 0 {
                let h = games[(i * 7 + 3) % games.len()];
                let sum = arena.sum(g, h).unwrap();
                let cooled_h = arena.cool(h, t).unwrap();
                let expected = arena.sum(cooled, cooled_h).unwrap();
                assert_eq!(arena.cool(sum, t).unwrap(), expected, "at {t}");
            }
        }
    }
}

/// Worked examples of cooling, heating and overheating, by hand from the definitions.
#[test]
fn cooling_heating_and_overheating_by_hand() {
    let mut arena = Arena::new();
    let check = |arena: &mut Arena, got: GameId, expected: &str| {
        let expected = arena.parse(expected).unwrap();
        assert_eq!(arena.display(got), arena.display(expected));
    };
    let g = arena.parse("{2|-1}").unwrap();
    for (t, expected) in [
        ((0, 0), "{2|-1}"),
        ((1, 1), "{3/2|-1/2}"),
        ((1, 0), "{1|0}"),
        ((3, 1), "1/2*"),
        ((2, 0), "1/2"),
        ((42, 0), "1/2"),
    ] {
        let cooled = arena.cool(g, Dyadic::new(t.0, t.1).unwrap()).unwrap();
        check(&mut arena, cooled, expected);
    }
    // Numbers are not cooled; an integer not even below its temperature.
    for text in ["3", "-5", "3/4"] {
        let x = arena.parse(text).unwrap();
        assert_eq!(arena.cool(x, Dyadic::integer(1)).unwrap(), x);
        assert_eq!(arena.heat(x, x).unwrap(), x);
    }
    // ∫^1 ^ = {0 + 1 | ∫^1 * - 1} = {1 | {0|-2}}; cooling it by 1 gives ^ back, and
    // cooling +-1 = ∫^1 * by 1 gives *.
    let (up, star, one) = (
        arena.parse("^").unwrap(),
        arena.parse("*").unwrap(),
        arena.integer(1),
    );
    let heated = arena.heat(up, one).unwrap();
    check(&mut arena, heated, "{1|{0|-2}}");
    assert_eq!(arena.cool(heated, Dyadic::integer(1)).unwrap(), up);
    let switch = arena.heat(star, one).unwrap();
    assert_eq!(arena.cool(switch, Dyadic::integer(1)).unwrap(), star);
    // Overheating from 1* to 1 (Winning Ways, chapter 8's Toppling Dominoes-like units):
    // an integer n becomes n copies of 1*, * becomes {1|-1}.
    let (s, two) = (arena.parse("1*").unwrap(), arena.integer(2));
    let two_copies = arena.overheat(two, s, one).unwrap();
    check(&mut arena, two_copies, "2");
    let hot = arena.overheat(star, s, one).unwrap();
    check(&mut arena, hot, "+-1");
    let half = arena.parse("1/2").unwrap(); // {0|1}: {1 + 0 | -1 + 1*}
    let overheated = arena.overheat(half, s, one).unwrap();
    check(&mut arena, overheated, "{1|*}");
}

/// `G.1 = G` for every `G` (the steps `1 + Δ` of 1 are `{0}`), and Norton multiplication
/// by a positive unit is additive and keeps the order (Siegel II.6): on random games.
#[test]
fn norton_multiplication_by_one_is_the_identity_and_is_linear() {
    let mut arena = Arena::new();
    let mut rng = Rng(0x0a7e);
    let games = random_games(&mut arena, &mut rng, 80);
    let one = arena.integer(1);
    for &g in &games {
        assert_eq!(arena.norton(g, one).unwrap(), g, "{}", arena.display(g));
    }
    let units: Vec<GameId> = ["2", "1/2", "^", "{2|1}"]
        .iter()
        .map(|u| arena.parse(u).unwrap())
        .collect();
    for &u in &units {
        for (i, &g) in games.iter().enumerate().take(30) {
            let h = games[(i * 11 + 5) % games.len()];
            let sum = arena.sum(g, h).unwrap();
            let (gu, hu) = (arena.norton(g, u).unwrap(), arena.norton(h, u).unwrap());
            let expected = arena.sum(gu, hu).unwrap();
            assert_eq!(
                arena.norton(sum, u).unwrap(),
                expected,
                "({} + {}).{}",
                arena.display(g),
                arena.display(h),
                arena.display(u)
            );
            assert_eq!(arena.leq(g, h), arena.leq(gu, hu));
        }
    }
}

/// Birthdays and incentives of small forms, by hand.
#[test]
fn birthdays_and_incentives() {
    let mut arena = Arena::new();
    for (text, day) in [
        ("0", 0),
        ("*", 1),
        ("1", 1),
        ("-2", 2),
        ("1/2", 2),
        ("^", 2),
        ("{1|-1}", 2),
        ("*2", 2),
        ("5/4", 4),
        ("{2|1/2}", 3),
    ] {
        let g = arena.parse(text).unwrap();
        assert_eq!(arena.birthday(g), day, "{text}");
    }
    // The birthday of a canonical form is at most that of any form of its value.
    let mut rng = Rng(5);
    for _ in 0..200 {
        let tree = random_tree(&mut rng, 3, 3);
        let g = canonical(&mut arena, &tree);
        assert!(arena.birthday(g) <= 3);
    }
    // ^ = {0|*}: Left's incentive 0 - ^ = v, Right's ^ - * = ^*.
    let up = arena.parse("^").unwrap();
    let (left, right) = arena.incentives(up).unwrap();
    let shown: Vec<String> = left
        .iter()
        .chain(&right)
        .map(|&g| arena.display(g))
        .collect();
    assert_eq!(shown, ["v", "^*"]);
}

/// The calculator's spellings of the operations (CGSuite's): `G:H`, `G.Cool(t)`, ...
#[test]
fn the_calculator_spells_them_as_cgsuite() {
    let mut arena = Arena::new();
    for text in [
        "{2|-1}.Cool(1) == {1|0}",
        "{2|-1}.cool(3/2) == 1/2*",
        "*.Heat(1) == +-1",
        "^.Heat(1) == {1|{0|-2}}",
        "*.Overheat(1*, 1) == +-1",
        "1:-1 == 1/2",
        "1:-1:1 == 3/4",
        "-1:1 == -1/2",
        "*:*:* == *3",
        "1.OrdinalSum(-1) == 1/2",
        "(1/2).NortonMultiply(^) + (1/2).NortonMultiply(^) == ^",
        "3.NortonMultiply({2|1}) == {2|1} + {2|1} + {2|1}",
        "{2|-1}.Mean == 1/2",
        "{2|-1}.Temperature == 3/2",
        "{2|-1}.LeftStop + {2|-1}.RightStop == 1",
        "^.Birthday == 2",
        "(^ + ^ + *).AtomicWeight == 2",
        "1.Tiny == {0||0|-1}",
        "(1/2 + ^*).ReducedCanonicalForm == 1/2",
        "{2|^}.ReducedCanonicalForm == {2|0}",
    ] {
        assert_eq!(
            arena.evaluate(text).unwrap(),
            crate::cgt::Evaluation::Comparison(true),
            "{text}"
        );
    }
    for (text, column, message) in [
        (
            "{1|0}.Cool(*)",
            7,
            "Cool: the temperature must be a number, not *",
        ),
        ("*.Cool", 7, "expected '(', found the end"),
        ("*.Heat(1, 2)", 9, "expected ')', found ','"),
        ("1/2.Foo", 5, "expected a method (Tiny, Miny, Cool, Heat, Overheat, NortonMultiply, OrdinalSum, Birthday, Mean, Temperature, LeftStop, RightStop, AtomicWeight, ReducedCanonicalForm, Pow, PowTo), found 'Foo'"),
        ("(1/2).AtomicWeight", 7, "AtomicWeight: 1/2 has no atomic weight: it is not infinitesimal (its stops are not both 0)"),
        ("1:", 3, "expected a game, found the end"),
    ] {
        let err = arena.evaluate(text).unwrap_err();
        assert_eq!((err.column, err.kind.to_string()), (column, message.to_string()), "{text}");
    }
}
