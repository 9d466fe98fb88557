//! Thermographs against a pointwise reference, the laws of means and temperatures, and
//! worked examples (Berlekamp, Conway and Guy, *Winning Ways*, chapter 6; Siegel,
//! *Combinatorial Game Theory*, 2013, chapter II.5).

use super::super::domineering::{Domineering, Grid};
use super::super::tests::{canonical, random_games, random_tree};
use super::*;
use crate::cgt::thermograph::Segment;
use crate::testing::Rng;

/// Fixed point: a value `v` is held as `v * 2^SCALE`.
const SCALE: u32 = 20;
/// The reference samples the walls every `2^-GRID` of temperature.
const GRID: u32 = 8;
/// The samples run from `t = -1` to `t = TOP`.
const TOP: i64 = 12;

fn fixed(x: Dyadic) -> i64 {
    assert!(
        x.exponent() <= SCALE,
        "{x} is finer than the reference's scale"
    );
    x.numerator() << (SCALE - x.exponent())
}

fn dyadic(v: i64) -> Dyadic {
    Dyadic::new(v, SCALE).unwrap()
}

/// A thermograph sampled on the grid: the walls' values at every sample, the temperature
/// and the mast, all in fixed point.
#[derive(Clone)]
struct Sampled {
    left: Vec<i64>,
    right: Vec<i64>,
    temperature: i64,
    mast: i64,
}

/// The thermograph by its definition, evaluated at each sample on its own: a number's walls
/// stay on it; otherwise Left's scaffold is the greatest of the left options' right walls
/// less `t`, Right's the least of the right options' left walls plus `t`, and above the
/// first temperature where Left's is no longer above Right's both walls are the mast. The
/// crossing between two samples is found on the assumption that the walls are straight
/// between samples (asserted: the division must be exact). No segments, no merging.
struct Reference {
    known: rustc_hash::FxHashMap<GameId, Sampled>,
}

impl Reference {
    fn samples() -> impl Iterator<Item = i64> {
        let step = 1i64 << (SCALE - GRID);
        (0..=((TOP + 1) << GRID)).map(move |i| (-1i64 << SCALE) + i * step)
    }

    fn get(&mut self, arena: &mut Arena, g: GameId) -> Sampled {
        if let Some(known) = self.known.get(&g) {
            return known.clone();
        }
        let sampled = match arena.as_number(g) {
            Some(x) => {
                let n = Self::samples().count();
                Sampled {
                    left: vec![fixed(x); n],
                    right: vec![fixed(x); n],
                    temperature: if x.exponent() == 0 {
                        -1 << SCALE
                    } else {
                        -1 << (SCALE - x.exponent())
                    },
                    mast: fixed(x),
                }
            }
            None => self.scaffolds(arena, g),
        };
        self.known.insert(g, sampled.clone());
        sampled
    }

    fn scaffolds(&mut self, arena: &mut Arena, g: GameId) -> Sampled {
        let lefts: Vec<Sampled> = arena
            .left_options(g)
            .into_iter()
            .map(|gl| self.get(arena, gl))
            .collect();
        let rights: Vec<Sampled> = arena
            .right_options(g)
            .into_iter()
            .map(|gr| self.get(arena, gr))
            .collect();
        let ts: Vec<i64> = Self::samples().collect();
        let left: Vec<i64> = (0..ts.len())
            .map(|i| lefts.iter().map(|o| o.right[i] - ts[i]).max().unwrap())
            .collect();
        let right: Vec<i64> = (0..ts.len())
            .map(|i| rights.iter().map(|o| o.left[i] + ts[i]).min().unwrap())
            .collect();
        let first = (0..ts.len())
            .find(|&i| left[i] <= right[i])
            .expect("the scaffolds meet below TOP");
        let (temperature, mast) = if first == 0 {
            (ts[0], left[0])
        } else {
            let a = first - 1;
            let (da, db) = (left[a] - right[a], left[first] - right[first]);
            let step = ts[first] - ts[a];
            assert_eq!(da * step % (da - db), 0, "a crossing off the grid");
            let dt = da * step / (da - db);
            let rise = (left[first] - left[a]) * dt;
            assert_eq!(rise % step, 0, "a crossing off the grid");
            (ts[a] + dt, left[a] + rise / step)
        };
        let below = |wall: &[i64]| -> Vec<i64> {
            ts.iter()
                .zip(wall)
                .map(|(&t, &v)| if t < temperature { v } else { mast })
                .collect()
        };
        Sampled {
            left: below(&left),
            right: below(&right),
            temperature,
            mast,
        }
    }
}

/// The library's thermograph of `g` equals the reference's at every sample.
fn assert_matches_reference(arena: &mut Arena, reference: &mut Reference, g: GameId) {
    let expected = reference.get(arena, g);
    let thermograph = arena.thermograph(g).unwrap();
    let name = arena.display(g);
    assert_eq!(
        fixed(thermograph.temperature()),
        expected.temperature,
        "temperature of {name}"
    );
    assert_eq!(fixed(thermograph.mast()), expected.mast, "mast of {name}");
    for (i, t) in Reference::samples().enumerate() {
        let t = dyadic(t);
        let left = thermograph.left_wall().value_at(t).unwrap();
        let right = thermograph.right_wall().value_at(t).unwrap();
        assert_eq!(fixed(left), expected.left[i], "left wall of {name} at {t}");
        assert_eq!(
            fixed(right),
            expected.right[i],
            "right wall of {name} at {t}"
        );
    }
}

fn reference() -> Reference {
    Reference {
        known: rustc_hash::FxHashMap::default(),
    }
}

/// Random games (trees of birthday up to 4, and sums and options of sums) thermographed
/// both ways. Before the fix of the right scaffold's crossing, `{1|0,+-1}` and about one
/// game in six here disagreed.
#[test]
fn thermographs_agree_with_the_pointwise_reference() {
    let mut arena = Arena::new();
    let mut reference = reference();
    let mut rng = Rng(0x7e57_7e57);
    let mut games = random_games(&mut arena, &mut rng, 300);
    for round in 0..600 {
        let (birthday, width) = [(3, 3), (4, 2), (3, 2)][round % 3];
        let tree = random_tree(&mut rng, birthday, width);
        games.push(canonical(&mut arena, &tree));
    }
    let mut hot = 0;
    for &g in &games {
        assert_matches_reference(&mut arena, &mut reference, g);
        hot += usize::from(arena.temperature(g).unwrap() > Dyadic::ZERO);
    }
    assert!(hot > 150, "only {hot} hot games");
}

/// The laws (Siegel II.5): the mean is additive and odd, the temperature even and at most
/// the greater of a sum's parts', the walls at `t = 0` are the stops, and the Mean Value
/// Theorem: `n.m(G) - t(G) <= R(nG) <= L(nG) <= n.m(G) + t(G)` for `t(G) >= 0`, whose stops
/// come from the plain stop recursion, not from the thermograph.
#[test]
fn means_and_temperatures_obey_the_laws() {
    let mut arena = Arena::new();
    let mut rng = Rng(0x5eed_0037);
    let mut games = random_games(&mut arena, &mut rng, 120);
    games.push(arena.parse("{1|0,+-1}").unwrap());
    for _ in 0..120 {
        let tree = random_tree(&mut rng, 3, 3);
        games.push(canonical(&mut arena, &tree));
    }
    let mut sums = 0;
    for (i, &g) in games.iter().enumerate() {
        let (mean, temperature) = (arena.mean(g).unwrap(), arena.temperature(g).unwrap());
        let negative = arena.negative(g);
        assert_eq!(arena.mean(negative).unwrap(), mean.checked_neg().unwrap());
        assert_eq!(arena.temperature(negative).unwrap(), temperature);
        let (mine, theirs) = (
            arena.thermograph(g).unwrap(),
            arena.thermograph(negative).unwrap(),
        );
        for t in [-1, 0, 1, 3].map(Dyadic::integer) {
            let mirrored = theirs.right_wall().value_at(t).unwrap().checked_neg();
            assert_eq!(mine.left_wall().value_at(t), mirrored);
        }
        if arena.as_number(g).is_none() {
            let stops = (
                mine.left_wall().value_at(Dyadic::ZERO).unwrap(),
                mine.right_wall().value_at(Dyadic::ZERO).unwrap(),
            );
            assert_eq!(stops, arena.stops(g), "walls at 0 of {}", arena.display(g));
        }
        if temperature >= Dyadic::ZERO {
            let mut multiple = g;
            for n in 1..=4i64 {
                let (left, right) = arena.stops(multiple);
                let centre = mean.checked_mul_int(n).unwrap();
                let low = centre.checked_sub(temperature).unwrap();
                let high = centre.checked_add(temperature).unwrap();
                assert!(
                    low <= right && right <= left && left <= high,
                    "{n} x {}: stops {left}, {right}, mean {mean}, temperature {temperature}",
                    arena.display(g)
                );
                multiple = arena.sum(multiple, g).unwrap();
            }
        }
        for &h in games.iter().skip(i).take(12) {
            let s = arena.sum(g, h).unwrap();
            let expected = mean.checked_add(arena.mean(h).unwrap()).unwrap();
            assert_eq!(arena.mean(s).unwrap(), expected);
            let hotter = temperature.max(arena.temperature(h).unwrap());
            assert!(arena.temperature(s).unwrap() <= hotter);
            sums += 1;
        }
    }
    assert!(sums > 2_000, "{sums}");
}

/// Worked examples, by hand from the scaffolds (the definitions of Winning Ways, chapter 6,
/// and Siegel II.5): `{a|b}` with `a > b` has mean `(a+b)/2` and temperature `(a-b)/2`;
/// numbers are cold (`-1/2^k` for `m/2^k`, `-1` for an integer, as CGSuite has it).
#[test]
fn temperatures_and_means() {
    let mut arena = Arena::new();
    let d = |n: i64, k: u32| Dyadic::new(n, k).unwrap();
    let cases = [
        ("{1|-1}", d(1, 0), d(0, 0), (d(1, 0), d(-1, 0))),
        ("{3|-1}", d(2, 0), d(1, 0), (d(3, 0), d(-1, 0))),
        ("{2|1}", d(1, 1), d(3, 1), (d(2, 0), d(1, 0))),
        ("{5|2||1}", d(1, 0), d(2, 0), (d(2, 0), d(1, 0))),
        ("^", d(0, 0), d(0, 0), (d(0, 0), d(0, 0))),
        ("*", d(0, 0), d(0, 0), (d(0, 0), d(0, 0))),
        ("3", d(-1, 0), d(3, 0), (d(3, 0), d(3, 0))),
        ("3/4", d(-1, 2), d(3, 2), (d(3, 2), d(3, 2))),
        ("{4|2} + {2|-2}", d(2, 0), d(3, 0), (d(4, 0), d(2, 0))),
        ("{4|2} + {1|-1}", d(-1, 0), d(3, 0), (d(3, 0), d(3, 0))),
        // {10|0}'s right wall is t up to 5, so Left's scaffold is 0 and meets Right's,
        // t - 1, at 1.
        ("{10|0||-1}", d(1, 0), d(0, 0), (d(0, 0), d(-1, 0))),
        // Left's scaffold is 0 up to 3/2, then 3/2 - t; Right's is t - 3: they meet at 9/4.
        ("{3|0||-3}", d(9, 2), d(-3, 2), (d(0, 0), d(-3, 0))),
        // Left's scaffold 2 - t meets Right's, 1/2 + t past 1/2, at 3/4.
        ("{2||1|0}", d(3, 2), d(5, 2), (d(2, 0), d(1, 0))),
        ("1.Tiny", d(0, 0), d(0, 0), (d(0, 0), d(0, 0))),
        // Right's scaffold is the least of t (from 0) and 1 up to t = 1 (from +-1): t.
        // Left's, 1 - t, meets it at 1/2. (Mean 1 and temperature 0 before the fix.)
        ("{1|0,+-1}", d(1, 1), d(1, 1), (d(1, 0), d(0, 0))),
        ("{0,+-1|-1}", d(1, 1), d(-1, 1), (d(0, 0), d(-1, 0))),
        // Left's scaffold: 1 - t from 1, and -2 from {6|-2} (its right wall is -2 + t up
        // to 4): 1 - t until 3, then -2 until 4, then 2 - t. Right's, t - 11/2, meets it on
        // the flat piece, at 7/2 (value -2); without {6|-2} it would be 13/4 (value -9/4).
        ("{1,{6|-2}|-11/2}", d(7, 1), d(-2, 0), (d(1, 0), d(-11, 1))),
    ];
    for (text, temperature, mean, stops) in cases {
        let g = arena.parse(text).unwrap();
        assert_eq!(
            arena.temperature(g).unwrap(),
            temperature,
            "temperature of {text}"
        );
        assert_eq!(arena.mean(g).unwrap(), mean, "mean of {text}");
        assert_eq!(arena.stops(g), stops, "stops of {text}");
    }
}

/// The walls of `{1|0,+-1}` piece by piece: Left's falls from 2 at `t = -1` to the mast at
/// 1/2, Right's rises from -1 to it.
#[test]
fn walls_piece_by_piece() {
    let mut arena = Arena::new();
    let g = arena.parse("{1|0,+-1}").unwrap();
    let thermograph = arena.thermograph(g).unwrap();
    let piece = |start: Dyadic, value: Dyadic, slope| Segment {
        start,
        value,
        slope,
    };
    let (minus_one, half) = (Dyadic::integer(-1), Dyadic::new(1, 1).unwrap());
    assert_eq!(
        thermograph.left_wall().segments(),
        [
            piece(minus_one, Dyadic::integer(2), -1),
            piece(half, half, 0)
        ]
    );
    assert_eq!(
        thermograph.right_wall().segments(),
        [piece(minus_one, minus_one, 1), piece(half, half, 0)]
    );
}

/// Domineering: turning a board a quarter turn swaps the players, so a square board's
/// value is its own negative (mean 0), and `w x h` and `h x w` have opposite means and the
/// same temperature. (4x4 had mean 1 before the fix.)
#[test]
fn domineering_boards_turned_a_quarter() {
    let mut arena = Arena::new();
    let mut domineering = Domineering::default();
    let mut value = |arena: &mut Arena, w: u8, h: u8| {
        let full = (1u64 << (u32::from(w) * u32::from(h))) - 1;
        domineering
            .value(arena, Grid::new(w, h, full).unwrap())
            .unwrap()
    };
    for n in [2, 3, 4] {
        let g = value(&mut arena, n, n);
        assert_eq!(arena.mean(g).unwrap(), Dyadic::ZERO, "{n}x{n}");
    }
    for (w, h) in [(2, 3), (2, 5), (3, 4), (3, 5)] {
        let (g, turned) = (value(&mut arena, w, h), value(&mut arena, h, w));
        assert_eq!(turned, arena.negative(g), "{w}x{h}");
        let mean = arena.mean(g).unwrap();
        assert_eq!(arena.mean(turned).unwrap(), mean.checked_neg().unwrap());
        assert_eq!(arena.temperature(turned), arena.temperature(g));
    }
}

/// The corners to draw lie on the walls, start at `t = -1` and end on the mast at the
/// temperature; a number's are its one point at `t = -1` (an integer) or its mast from
/// `-1` to its temperature.
#[test]
fn corners_lie_on_the_walls() {
    let mut arena = Arena::new();
    let mut rng = Rng(0xc0);
    let games = random_games(&mut arena, &mut rng, 100);
    for &g in &games {
        let thermograph = arena.thermograph(g).unwrap();
        let [left, right] = thermograph.corners();
        for (points, wall) in [
            (&left, thermograph.left_wall()),
            (&right, thermograph.right_wall()),
        ] {
            assert_eq!(points[0].0, Dyadic::integer(-1));
            let top = (
                thermograph.temperature().max(Dyadic::integer(-1)),
                thermograph.mast(),
            );
            assert_eq!(*points.last().unwrap(), top);
            for &(t, v) in points {
                assert_eq!(wall.value_at(t), Some(v));
            }
            assert!(points.windows(2).all(|w| w[0].0 < w[1].0));
        }
    }
    let three = arena.integer(3);
    assert_eq!(
        arena.thermograph(three).unwrap().corners(),
        [
            vec![(Dyadic::integer(-1), Dyadic::integer(3))],
            vec![(Dyadic::integer(-1), Dyadic::integer(3))]
        ]
    );
}
