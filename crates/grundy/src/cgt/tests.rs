//! The algebra against its definitions on random games, and against published values.
//!
//! The reference is a game tree (`Tree`) compared, added and negated by the definitions
//! (Conway, *On Numbers and Games*; Siegel, *Combinatorial Game Theory*, 2013, chapter
//! II.1), with no canonical forms: `G <= H` unless some `GL >= H` or some `HR <= G`.

use std::cmp::Ordering;

use super::*;
use crate::testing::Rng;

#[derive(Clone, Debug)]
pub(super) struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

fn tree_leq(g: &Tree, h: &Tree) -> bool {
    !g.left.iter().any(|gl| tree_leq(h, gl)) && !h.right.iter().any(|hr| tree_leq(hr, g))
}

fn tree_eq(g: &Tree, h: &Tree) -> bool {
    tree_leq(g, h) && tree_leq(h, g)
}

fn tree_sum(g: &Tree, h: &Tree) -> Tree {
    let mut left: Vec<Tree> = g.left.iter().map(|gl| tree_sum(gl, h)).collect();
    left.extend(h.left.iter().map(|hl| tree_sum(g, hl)));
    let mut right: Vec<Tree> = g.right.iter().map(|gr| tree_sum(gr, h)).collect();
    right.extend(h.right.iter().map(|hr| tree_sum(g, hr)));
    Tree { left, right }
}

fn tree_neg(g: &Tree) -> Tree {
    Tree {
        left: g.right.iter().map(tree_neg).collect(),
        right: g.left.iter().map(tree_neg).collect(),
    }
}

/// A random game of birthday at most `birthday`, with up to `width` options a side.
pub(super) fn random_tree(rng: &mut Rng, birthday: u32, width: u64) -> Tree {
    if birthday == 0 {
        return Tree {
            left: vec![],
            right: vec![],
        };
    }
    let side = |rng: &mut Rng| {
        let n = rng.below(width + 1);
        (0..n)
            .map(|_| random_tree(rng, birthday - 1, width))
            .collect()
    };
    let left = side(rng);
    let right = side(rng);
    Tree { left, right }
}

/// The arena's form of a tree, built bottom-up.
pub(super) fn canonical(arena: &mut Arena, tree: &Tree) -> GameId {
    let left: Vec<GameId> = tree.left.iter().map(|t| canonical(arena, t)).collect();
    let right: Vec<GameId> = tree.right.iter().map(|t| canonical(arena, t)).collect();
    arena.from_options(&left, &right).unwrap()
}

/// A canonical form written out as a tree.
fn tree_of(arena: &mut Arena, g: GameId) -> Tree {
    let left = arena
        .left_options(g)
        .into_iter()
        .map(|o| tree_of(arena, o))
        .collect();
    let right = arena
        .right_options(g)
        .into_iter()
        .map(|o| tree_of(arena, o))
        .collect();
    Tree { left, right }
}

/// Every canonical form equals the game it came from, has no dominated or reversible
/// option, and compares, adds and negates as the definitions say.
#[test]
fn canonical_forms_agree_with_the_definitions() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut arena = Arena::new();
    let mut cases = 0;
    for round in 0..400 {
        let (birthday, width) = if round % 2 == 0 { (3, 2) } else { (2, 3) };
        let (a, b) = (
            random_tree(&mut rng, birthday, width),
            random_tree(&mut rng, 2, 2),
        );
        let (ga, gb) = (canonical(&mut arena, &a), canonical(&mut arena, &b));
        let ta = tree_of(&mut arena, ga);
        assert!(tree_eq(&a, &ta), "{a:?} is not {}", arena.display(ga));
        assert_eq!(arena.leq(ga, gb), tree_leq(&a, &b));
        assert_eq!(arena.leq(gb, ga), tree_leq(&b, &a));
        assert_eq!(ga == gb, tree_eq(&a, &b));
        let sum = arena.sum(ga, gb).unwrap();
        let tree = tree_of(&mut arena, sum);
        assert!(tree_eq(&tree, &tree_sum(&a, &b)));
        let negative = arena.negative(ga);
        let tree = tree_of(&mut arena, negative);
        assert!(tree_eq(&tree, &tree_neg(&a)));
        assert_canonical(&mut arena, ga);
        assert_canonical(&mut arena, sum);
        cases += 1;
    }
    assert_eq!(cases, 400);
}

/// No option of `g` is dominated or reversible.
fn assert_canonical(arena: &mut Arena, g: GameId) {
    let (left, right) = (arena.left_options(g), arena.right_options(g));
    for &a in &left {
        for &b in &left {
            assert!(
                a == b || !arena.leq(a, b),
                "dominated left option in {}",
                arena.display(g)
            );
        }
        for glr in arena.right_options(a) {
            assert!(
                !arena.leq(glr, g),
                "reversible left option in {}",
                arena.display(g)
            );
        }
    }
    for &a in &right {
        for &b in &right {
            assert!(
                a == b || !arena.leq(b, a),
                "dominated right option in {}",
                arena.display(g)
            );
        }
        for grl in arena.left_options(a) {
            assert!(
                !arena.leq(g, grl),
                "reversible right option in {}",
                arena.display(g)
            );
        }
    }
}

/// Random games of a few sums deep, to exercise the laws on larger values.
pub(super) fn random_games(arena: &mut Arena, rng: &mut Rng, n: usize) -> Vec<GameId> {
    let mut pool = vec![arena.zero()];
    for text in [
        "1", "-1", "1/2", "*", "^", "{1|-1}", "{2|1}", "*2", "v*", "{0|-2}",
    ] {
        pool.push(arena.parse(text).unwrap());
    }
    while pool.len() < n {
        let pick = |rng: &mut Rng, pool: &Vec<GameId>| pool[rng.below(pool.len() as u64) as usize];
        let g = match rng.below(3) {
            0 => {
                let (a, b) = (pick(rng, &pool), pick(rng, &pool));
                arena.sum(a, b).unwrap()
            }
            _ => {
                let left: Vec<GameId> = (0..rng.below(3)).map(|_| pick(rng, &pool)).collect();
                let right: Vec<GameId> = (0..rng.below(3)).map(|_| pick(rng, &pool)).collect();
                arena.from_options(&left, &right).unwrap()
            }
        };
        pool.push(g);
    }
    pool
}

#[test]
fn sums_commute_associate_and_cancel() {
    let mut rng = Rng(12345);
    let mut arena = Arena::new();
    let games = random_games(&mut arena, &mut rng, 60);
    let mut checked = 0;
    for _ in 0..300 {
        let pick = |rng: &mut Rng| games[rng.below(games.len() as u64) as usize];
        let (a, b, c) = (pick(&mut rng), pick(&mut rng), pick(&mut rng));
        assert_eq!(arena.sum(a, b).unwrap(), arena.sum(b, a).unwrap());
        let ab = arena.sum(a, b).unwrap();
        let bc = arena.sum(b, c).unwrap();
        assert_eq!(arena.sum(ab, c).unwrap(), arena.sum(a, bc).unwrap());
        assert_eq!(arena.difference(a, a).unwrap(), arena.zero());
        // Order is compatible with sums: a <= b iff a + c <= b + c.
        let (ac, bc) = (arena.sum(a, c).unwrap(), arena.sum(b, c).unwrap());
        assert_eq!(arena.leq(a, b), arena.leq(ac, bc));
        // a <= b iff b - a >= 0.
        let d = arena.difference(b, a).unwrap();
        let zero = arena.zero();
        assert_eq!(arena.leq(a, b), arena.leq(zero, d));
        checked += 1;
    }
    assert_eq!(checked, 300);
}

/// The shortcuts (number-up-star arithmetic, number avoidance, translation) give the same
/// forms as the definitions: the same games built in a plain arena print the same.
#[test]
fn shortcuts_agree_with_the_plain_definitions() {
    let mut fast = Arena::new();
    let mut plain = Arena::plain();
    let (mut rng_fast, mut rng_plain) = (Rng(777), Rng(777));
    let games_fast = random_games(&mut fast, &mut rng_fast, 45);
    let games_plain = random_games(&mut plain, &mut rng_plain, 45);
    for (i, (&a, &b)) in games_fast.iter().zip(&games_plain).enumerate() {
        assert_eq!(fast.display(a), plain.display(b), "game {i}");
        for (&c, &d) in games_fast.iter().zip(&games_plain).take(20) {
            assert_eq!(fast.leq(a, c), plain.leq(b, d));
        }
    }
}

/// The number-up-star forms `Arena::nus` builds are the sums that define them, computed
/// from `^ = {0|*}` and `* = {0|0}` by the definitions, and are recognised as such.
#[test]
fn number_up_star_forms_are_the_sums() {
    let mut plain = Arena::plain();
    let zero = plain.zero();
    let star = plain.from_options(&[zero], &[zero]).unwrap();
    let up = plain.from_options(&[zero], &[star]).unwrap();
    let down = plain.negative(up);
    let mut nimbers = vec![zero];
    for k in 1..5 {
        let previous = nimbers.clone();
        nimbers.push(plain.from_options(&previous, &previous).unwrap());
        assert_eq!(nimbers[k], plain.nus(Nus::new(Dyadic::ZERO, 0, k as u64)));
    }
    for x in [
        Dyadic::ZERO,
        Dyadic::new(1, 1).unwrap(),
        Dyadic::integer(-3),
    ] {
        for n in -4i64..=4 {
            for k in 0..5u64 {
                let mut g = plain.number(x);
                for _ in 0..n.abs() {
                    g = plain.sum(g, if n > 0 { up } else { down }).unwrap();
                }
                g = plain.sum(g, nimbers[k as usize]).unwrap();
                let nus = Nus::new(x, n, k);
                assert_eq!(plain.as_nus(g), Some(nus), "{nus}");
                assert_eq!(g, plain.nus(nus), "{nus}");
            }
        }
    }
}

/// Published forms: Winning Ways (Berlekamp, Conway, Guy), chapters 2-8, and Siegel,
/// *Combinatorial Game Theory*, 2013, chapter II.
#[test]
fn known_forms() {
    let mut arena = Arena::new();
    let mut same = |a: &str, b: &str| {
        let (g, h) = (arena.parse(a).unwrap(), arena.parse(b).unwrap());
        assert_eq!(g, h, "{a} = {b}");
    };
    same("^ + ^", "{0|^*}");
    same("^*", "{0,*|0}");
    same("{0|1}", "1/2");
    same("{0|*}", "^");
    same("{*|0}", "v");
    same("^ + *", "^*");
    same("{0|^}", "^^*");
    same("*2 + *3", "*");
    same("{0,*|0,*}", "*2");
    same("^ + v", "0");
    same("+-1 + +-1", "0");
    same("1/2 + 1/2", "1");
    same("{1/2|1}", "3/4");
    same("{|}", "0");
    same("{0|}", "1");
    same("{|0}", "-1");
    same("{1|}", "2");
    same("{-1|1}", "0");
    same("{0|2}", "1");
    same("{1|-1} + 1", "{2|0}");
    same("{*|*}", "0");
    same("{^|1}", "1/2");
    same("{0||0|-1}", "1.Tiny");
    same("-(1.Tiny)", "1.Miny");
    same("0.5", "1/2");
    same("-0.25 + 1/4", "0");
    same("+-{2,1}", "{2,1|-1,-2}");
    same("{1,*|2}", "3/2");
    let mut check = |text: &str, shown: &str| {
        let g = arena.parse(text).unwrap();
        assert_eq!(arena.display(g), shown, "{text}");
    };
    check("{0|^*}", "^^");
    check("^+^+^", "^3");
    check("v+v", "vv");
    check("v+v+v*", "v3*");
    check("{1|-1}", "+-1");
    check("{2|1}", "{2|1}");
    check("{2|0||-1}", "{2|0||-1}");
    check("{3||2|1|||0}", "{3||2|1|||0}");
    check("{4|||3||2|1||||0}", "{4|||3||2|1||||0}");
    check("1 + ^*", "1^*");
    check("-1/2 + *3", "-1/2*3");
    check("{1*|-1*}", "+-(1*)");
    check("{2, 1*|-2, -1*}", "+-2");
    check("+-{1,{2|0}}", "+-{1,{2|0}}");
    check("{0||0|-2}", "Tiny(2)");
    check("{0||0|-1/2}", "Tiny(1/2)");
    check("3 + 2.Tiny", "3+Tiny(2)");
    check("{2|0} + 0", "{2|0}");
}

#[test]
fn outcomes_and_comparisons() {
    let mut arena = Arena::new();
    let mut outcome = |text: &str| {
        let g = arena.parse(text).unwrap();
        arena.outcome(g)
    };
    assert_eq!(outcome("^"), OutcomeClass::Left);
    assert_eq!(outcome("v"), OutcomeClass::Right);
    assert_eq!(outcome("*"), OutcomeClass::Next);
    assert_eq!(outcome("^*"), OutcomeClass::Next);
    assert_eq!(outcome("^^*"), OutcomeClass::Left);
    assert_eq!(outcome("0"), OutcomeClass::Previous);
    assert_eq!(outcome("+-1"), OutcomeClass::Next);
    assert_eq!(outcome("1.Tiny"), OutcomeClass::Left);
    let mut truth = |text: &str| match arena.evaluate(text).unwrap() {
        Evaluation::Comparison(truth) => truth,
        Evaluation::Game(_) => panic!("{text} is not a comparison"),
    };
    assert!(truth("^ > 0"));
    assert!(truth("^ || *"));
    assert!(truth("^ <> *"));
    assert!(truth("^* <| 0"));
    assert!(truth("^* |> 0"));
    assert!(!truth("^* <= 0"));
    assert!(truth("1.Tiny < ^"));
    assert!(truth("{1|-1} || 1/2"));
    assert!(truth("{1|-1} < 2"));
    assert!(truth("*2 >= *2"));
    assert!(truth("3/4 == {1/2|1}"));
    let (a, b) = (arena.parse("^").unwrap(), arena.parse("*").unwrap());
    assert_eq!(arena.compare(a, b), None);
    let zero = arena.zero();
    assert_eq!(arena.compare(zero, a), Some(Ordering::Less));
}

/// Atomic weights: `aw(n.^ + *k) = n` (Winning Ways, chapter 8), additivity on random
/// all-small games, and the far-star rule on `{0|v}`-like forms.
#[test]
fn atomic_weights() {
    let mut arena = Arena::new();
    let mut weight = |text: &str| {
        let g = arena.parse(text).unwrap();
        arena.atomic_weight(g).ok().map(|w| arena.display(w))
    };
    assert_eq!(weight("^").as_deref(), Some("1"));
    assert_eq!(weight("^*").as_deref(), Some("1"));
    assert_eq!(weight("v3*2").as_deref(), Some("-3"));
    assert_eq!(weight("*5").as_deref(), Some("0"));
    assert_eq!(weight("1/2"), None);
    // {0|v*} ... all-small games from random forms over 0, * and ^: weights add.
    let mut rng = Rng(4242);
    let mut pool: Vec<GameId> = ["0", "*", "^", "v*", "*2"]
        .iter()
        .map(|t| arena.parse(t).unwrap())
        .collect();
    while pool.len() < 40 {
        let pick = |rng: &mut Rng| pool[rng.below(pool.len() as u64) as usize];
        let left: Vec<GameId> = (0..1 + rng.below(2)).map(|_| pick(&mut rng)).collect();
        let right: Vec<GameId> = (0..1 + rng.below(2)).map(|_| pick(&mut rng)).collect();
        let g = arena.from_options(&left, &right).unwrap();
        if arena.is_all_small(g) {
            pool.push(g);
        }
    }
    for &a in &pool {
        for &b in pool.iter().take(10) {
            let s = arena.sum(a, b).unwrap();
            let (wa, wb, ws) = (
                arena.atomic_weight(a).unwrap(),
                arena.atomic_weight(b).unwrap(),
                arena.atomic_weight(s).unwrap(),
            );
            assert_eq!(
                arena.sum(wa, wb).unwrap(),
                ws,
                "{} + {}",
                arena.display(a),
                arena.display(b)
            );
        }
    }
}

/// What is printed reads back as the same value, in both notations.
#[test]
fn display_round_trips() {
    let mut arena = Arena::new();
    let mut rng = Rng(31337);
    let games = random_games(&mut arena, &mut rng, 120);
    for g in games {
        let shown = arena.display(g);
        assert_eq!(arena.parse(&shown).unwrap(), g, "{shown}");
        let explicit = arena.explicit(g);
        assert_eq!(arena.parse(&explicit).unwrap(), g, "{explicit}");
    }
}

#[test]
fn parse_errors_name_the_column() {
    let mut arena = Arena::new();
    let mut error = |text: &str| arena.parse(text).unwrap_err().to_string();
    assert_eq!(error("1 + "), "column 5: expected a game, found the end");
    assert_eq!(
        error("{1|2"),
        "column 5: expected '}' or an option, found the end"
    );
    assert_eq!(
        error("{1,2}"),
        "column 5: expected '|' or an option, found '}'"
    );
    assert_eq!(
        error("1/3"),
        "column 1: 1/3 is not a dyadic rational (its denominator must be a power of two)"
    );
    assert_eq!(
        error("0.1"),
        "column 1: 0.1 is not a dyadic rational (its denominator must be a power of two)"
    );
    assert_eq!(
        error("{1|2|3}"),
        "column 5: ambiguous bars: two runs of 1 at one level (add braces)"
    );
    assert_eq!(error("2 $ 3"), "column 3: expected a game, found '$'");
    assert_eq!(error("*99999"), "column 2: 99999 is too large");
    assert_eq!(error("1 < 2"), "column 1: a comparison is not a game");
    assert_eq!(
        error("1 2"),
        "column 3: expected an operator or the end, found '2'"
    );
    assert_eq!(
        error("(1"),
        "column 3: expected ')' or an operator, found the end"
    );
    assert_eq!(
        error("1.Huge"),
        "column 3: expected a method (Tiny, Miny, Cool, Heat, Overheat, NortonMultiply, OrdinalSum, Birthday, Mean, Temperature, LeftStop, RightStop, AtomicWeight, ReducedCanonicalForm, Pow, PowTo), found 'Huge'"
    );
    assert_eq!(
        error("99999999999999999999"),
        "column 1: 99999999999999999999 is too large"
    );
    let deep = "{".repeat(300) + "|" + &"}".repeat(300);
    assert!(error(&deep).ends_with(&format!("nested deeper than {MAX_DEPTH} levels")));
    let big = format!("{} + {}", i64::MAX, i64::MAX);
    assert!(error(&big).starts_with("column 21: a number leaves the range"));
}

/// The value of a Blue-Red Hackenbush string (edges from the ground up, `true` for blue,
/// Left's) by its game tree: a player removes one of their edges and every edge above it.
/// Memoized by the string (`known`).
fn hackenbush(
    arena: &mut Arena,
    known: &mut std::collections::HashMap<Vec<bool>, GameId>,
    edges: &[bool],
) -> GameId {
    if let Some(&g) = known.get(edges) {
        return g;
    }
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for (i, &blue) in edges.iter().enumerate() {
        let option = hackenbush(arena, known, &edges[..i]);
        if blue {
            left.push(option)
        } else {
            right.push(option)
        }
    }
    let g = arena.from_options(&left, &right).unwrap();
    known.insert(edges.to_vec(), g);
    g
}

/// Every Blue-Red Hackenbush string up to 12 edges against Berlekamp's sign-expansion
/// rule (Winning Ways, chapter 2; Siegel, *Combinatorial Game Theory*, 2013, I.4): the
/// first run of one colour counts 1 an edge, and each edge after the first change of
/// colour counts 1/2, 1/4, ... with its colour's sign.
#[test]
fn hackenbush_strings_follow_the_sign_expansion() {
    let mut arena = Arena::new();
    let mut known = std::collections::HashMap::new();
    let mut checked = 0;
    for n in 0..=12u32 {
        for bits in 0..1u32 << n {
            let edges: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
            let sign = |blue: bool| if blue { 1 } else { -1 };
            let run = edges
                .iter()
                .take_while(|&&e| Some(&e) == edges.first())
                .count();
            let mut value = Dyadic::integer(edges.first().map_or(0, |&e| sign(e)) * run as i64);
            for (k, &blue) in edges[run..].iter().enumerate() {
                let step = Dyadic::new(sign(blue), k as u32 + 1).unwrap();
                value = value.checked_add(step).unwrap();
            }
            let g = hackenbush(&mut arena, &mut known, &edges);
            assert_eq!(arena.as_number(g), Some(value), "{edges:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, (1 << 13) - 1);
}

/// An impartial game read as a partizan one (both players have the same options) has the
/// canonical form `*g`, `g` its Grundy value by the library's impartial solver: subtraction
/// {1, 3, 4} on every heap up to 40.
#[test]
fn impartial_games_are_their_nimbers() {
    use crate::games::subtraction::{Subtraction, SubtractionSet};
    let set = [1u64, 3, 4];
    let game = Subtraction::new(SubtractionSet::finite(set).unwrap());
    let nimbers = game.nimbers(40, &crate::Budget::default()).unwrap();
    let mut arena = Arena::new();
    let mut values: Vec<GameId> = Vec::new();
    for n in 0..=40u64 {
        let options: Vec<GameId> = set
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| values[(n - s) as usize])
            .collect();
        let g = arena.from_options(&options, &options).unwrap();
        assert_eq!(
            arena.as_nus(g),
            Some(Nus::new(Dyadic::ZERO, 0, nimbers[n as usize])),
            "heap {n}"
        );
        values.push(g);
    }
    assert_eq!(values.len(), 41);
}
