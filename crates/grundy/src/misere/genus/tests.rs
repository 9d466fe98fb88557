//! The genus against a plain misère search, and published genera.

use std::collections::HashMap;

use super::*;
use crate::catalog::parse_family;
use crate::limits::Budget;

/// A family by its words (`["subtraction", "1,2,3"]`).
fn family(words: &[&str]) -> Family {
    let mut queue = words.iter().map(|w| w.to_string()).collect();
    parse_family(&mut queue).unwrap()
}

fn genera(words: &[&str]) -> Genera<HeapMoves> {
    Genera::new(family_moves(&family(words)).unwrap(), Budget::default())
}

/// The definitions, searched plainly: a position is heaps of the game plus `twos` heaps of
/// `*2` and `ones` of `*1`. Misère: no move is worth 1; normal: no move is worth 0; else
/// the mex of the options.
struct Brute {
    moves: HeapMoves,
    memo: HashMap<(Vec<u64>, u8, u8, bool), u64>,
}

impl Brute {
    fn value(&mut self, heaps: &[u64], twos: u8, ones: u8, misere: bool) -> u64 {
        let mut heaps = heaps.to_vec();
        heaps.sort_unstable();
        let key = (heaps.clone(), twos, ones, misere);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut options: Vec<(Vec<u64>, u8, u8)> = Vec::new();
        for i in 0..heaps.len() {
            (self.moves)(heaps[i], &mut |parts| {
                let mut next = heaps.clone();
                next.remove(i);
                next.extend_from_slice(parts);
                options.push((next, twos, ones));
            });
        }
        if twos > 0 {
            options.push((heaps.clone(), twos - 1, ones + 1)); // *2 -> *1
            options.push((heaps.clone(), twos - 1, ones)); // *2 -> 0
        }
        if ones > 0 {
            options.push((heaps.clone(), twos, ones - 1));
        }
        let value = if options.is_empty() {
            u64::from(misere)
        } else {
            let values: Vec<u64> = options
                .iter()
                .map(|(h, t, o)| self.value(h, *t, *o, misere))
                .collect();
            (0..).find(|v| !values.contains(v)).unwrap()
        };
        self.memo.insert(key, value);
        value
    }
}

/// Every sum of one to three heaps of 1..=`max`.
fn small_sums(max: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for a in 1..=max {
        out.push(vec![a]);
        for b in a..=max {
            out.push(vec![a, b]);
            for c in b..=max {
                out.push(vec![a, b, c]);
            }
        }
    }
    out
}

/// Every small sum's genus (its normal value, and each exponent against the search of the
/// sum plus copies of `*2`, with and without a `*1`), and the tame decision among them.
#[test]
fn genera_of_small_sums_match_the_plain_search() {
    let games: &[&[&str]] = &[
        &["nim"],
        &["0.77"],
        &["0.07"],
        &["0.137"],
        &["0.6"],
        &["4.7"],
        &["0.51"],
        &["subtraction", "1,2,3"],
        &["subtraction", "2,3"],
        &["subtraction", "1,3,4"],
        &["lasker"],
        &["grundy-game"],
        &["bash", "2"],
    ];
    let (mut tame, mut searched) = (0, 0);
    for words in games {
        let mut genera = genera(words);
        let mut brute = Brute {
            moves: family_moves(&family(words)).unwrap(),
            memo: HashMap::new(),
        };
        for heaps in small_sums(8) {
            let sum = genera.sum(&heaps).unwrap();
            let g = &sum.genus;
            let what = format!("{words:?} {heaps:?}: {g}");
            assert_eq!(g.normal(), brute.value(&heaps, 0, 0, false), "{what}");
            for k in 0..7u8 {
                let exponent = g.exponent(usize::from(k));
                assert_eq!(exponent, brute.value(&heaps, k, 0, true), "{what} k={k}");
                assert_eq!(
                    exponent ^ 1,
                    brute.value(&heaps, k, 1, true),
                    "{what} k={k} +*1"
                );
            }
            if sum.tame {
                tame += 1;
                assert!(g.is_tame(), "{what}");
            } else {
                searched += 1;
            }
        }
    }
    // Both ways of answering were exercised.
    assert!(
        tame > 1000 && searched > 100,
        "{tame} tame, {searched} searched"
    );
}

/// A heap is tame exactly when every position it reaches has a tame genus: checked against
/// the genera of all its followers, found by the plain search.
#[test]
fn tame_heaps_are_those_whose_followers_all_have_tame_genera() {
    for words in [&["0.77"][..], &["0.07"], &["0.137"], &["4.7"], &["lasker"]] {
        let mut genera = genera(words);
        genera.extend_to(10).unwrap();
        let moves = family_moves(&family(words)).unwrap();
        for n in 0..=10u64 {
            // Every follower of the heap, as a sorted row of heaps.
            let mut seen = std::collections::HashSet::new();
            let mut todo = vec![vec![n]];
            while let Some(pos) = todo.pop() {
                if !seen.insert(pos.clone()) {
                    continue;
                }
                for i in 0..pos.len() {
                    moves(pos[i], &mut |parts| {
                        let mut next = pos.clone();
                        next.remove(i);
                        next.extend_from_slice(parts);
                        next.sort_unstable();
                        todo.push(next);
                    });
                }
            }
            let all_tame = seen
                .iter()
                .all(|pos| genera.sum(pos).unwrap().genus.is_tame());
            assert_eq!(
                genera.heaps()[n as usize].tame,
                all_tame,
                "{words:?} heap {n}"
            );
        }
    }
}

/// Nim's heaps: 0^120, 1^031 and n^(n, n xor 2), all tame (Winning Ways, 2nd ed., vol. 2,
/// ch. 13: the genera of misère Nim positions; On Numbers and Games, ch. 12).
#[test]
fn nim_heaps_have_the_genera_of_misere_nim() {
    let mut nim = genera(&["nim"]);
    nim.extend_to(20).unwrap();
    let written: Vec<String> = nim.heaps().iter().map(|h| h.genus.to_string()).collect();
    assert_eq!(
        written[..6],
        ["0^120", "1^031", "2^20", "3^31", "4^46", "5^57"]
    );
    assert_eq!(written[10], "10^(10,8)");
    assert!(nim.heaps().iter().all(|h| h.tame));
}

/// Stopped by the budget or its cancel flag, never a wrong value.
#[test]
fn the_budget_bounds_the_search() {
    let mut kayles = Genera::new(
        family_moves(&family(&["0.77"])).unwrap(),
        Budget::default().with_positions(40),
    );
    let err = kayles.extend_to(30).unwrap_err();
    assert!(matches!(err, crate::SolveError::TooLarge { .. }), "{err}");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let mut stopped = Genera::new(
        family_moves(&family(&["0.77"])).unwrap(),
        Budget::default().with_cancel(stop),
    );
    assert_eq!(stopped.extend_to(3), Err(crate::SolveError::Interrupted));
}

/// Published rows: (normal value, the exponents g0..g7, tame).
type Published = &'static [(u64, &'static str, bool)];

/// Genera of heaps as published: (normal value, g0..g7, tame). Winning Ways (2nd ed., vol. 2,
/// ch. 13) tabulates the genera of misère Kayles (heap 5: 4^146) and Dawson's Chess (heap 9:
/// 3^1431, 11: 2^0520); these rows are CGSuite 2.2's (`TakeAndBreak(code)(n)`: `.NimValue`,
/// `.Genus` and the misère values with `*2`s added, `.MisereCanonicalForm.IsTame`) as
/// recorded in pycgt's test suite (tests/test_impartial.py, "CGSuite tables").
const KAYLES: Published = &[
    (0, "12020202", true),
    (1, "03131313", true),
    (2, "20202020", true),
    (3, "31313131", true),
    (1, "03131313", true),
    (4, "14646464", false),
    (3, "31313131", true),
    (2, "20202020", false),
    (1, "13131313", true),
    (4, "04646464", false),
    (2, "20202020", false),
    (6, "46464646", false),
    (4, "04646464", false),
    (1, "13131313", false),
    (2, "20202020", false),
    (7, "57575757", false),
    (1, "13131313", false),
    (4, "64646464", false),
    (3, "31313131", false),
    (2, "20202020", false),
    (1, "03131313", false),
    (4, "64646464", false),
    (6, "46464646", false),
    (7, "57575757", false),
    (4, "64646464", false),
    (1, "73131313", false),
];

/// Dawson's Chess, 0.137 (the same source as [`KAYLES`]).
const DAWSONS_CHESS: Published = &[
    (0, "12020202", true),
    (1, "03131313", true),
    (1, "03131313", true),
    (2, "20202020", true),
    (0, "12020202", true),
    (3, "31313131", true),
    (1, "03131313", true),
    (1, "03131313", true),
    (0, "12020202", true),
    (3, "14313131", false),
    (3, "31313131", true),
    (2, "05202020", false),
    (2, "20202020", true),
    (4, "14646464", false),
    (0, "12020202", true),
    (5, "05757575", false),
    (2, "05202020", false),
    (2, "20202020", true),
    (3, "14313131", false),
    (3, "31313131", true),
    (0, "02020202", false),
    (1, "03131313", false),
    (1, "13131313", false),
    (3, "14313131", false),
    (0, "31313131", false),
    (2, "05202020", false),
];

/// Grundy's game (the same source as [`KAYLES`]).
const GRUNDYS_GAME: Published = &[
    (0, "12020202", true),
    (0, "12020202", true),
    (0, "12020202", true),
    (1, "03131313", true),
    (0, "12020202", true),
    (2, "20202020", true),
    (1, "03131313", true),
    (0, "12020202", true),
    (2, "20202020", true),
    (1, "03131313", true),
    (0, "12020202", true),
    (2, "20202020", true),
    (1, "03131313", true),
    (3, "14313131", false),
    (2, "20202020", true),
    (1, "03131313", true),
    (3, "14313131", false),
    (2, "20202020", true),
    (4, "05646464", false),
    (3, "14313131", false),
];

/// Our genera are the published ones, and a heap we call tame (every position it reaches of
/// tame genus) is tame for CGSuite too (which also counts games tame through reversible
/// moves, so it calls more heaps tame).
#[test]
fn published_genera_of_kayles_dawsons_chess_and_grundys_game() {
    let cases: [(&[&str], Published); 3] = [
        (&["0.77"], KAYLES),
        (&["0.137"], DAWSONS_CHESS),
        (&["grundy-game"], GRUNDYS_GAME),
    ];
    for (words, table) in cases {
        let mut genera = genera(words);
        genera.extend_to(table.len() as u64 - 1).unwrap();
        for (n, (heap, &(normal, terms, tame))) in genera.heaps().iter().zip(table).enumerate() {
            let ours: String = (0..8).map(|k| heap.genus.exponent(k).to_string()).collect();
            let what = format!("{words:?} heap {n}: {}", heap.genus);
            assert_eq!(
                (heap.genus.normal(), ours.as_str()),
                (normal, terms),
                "{what}"
            );
            assert!(!heap.tame || tame, "{what}");
        }
    }
    // As Winning Ways writes them.
    let mut kayles = genera(&["0.77"]);
    kayles.extend_to(9).unwrap();
    let written: Vec<String> = kayles.heaps().iter().map(|h| h.genus.to_string()).collect();
    assert_eq!(written[5], "4^146");
    assert_eq!(written[9], "4^046");
    let mut dawson = genera(&["0.137"]);
    dawson.extend_to(11).unwrap();
    assert_eq!(dawson.heaps()[9].genus.to_string(), "3^1431");
    assert_eq!(dawson.heaps()[11].genus.to_string(), "2^0520");
}

/// A code's heaps written as parts (a heap of `n` as `n` x's, numbered by [`Parts`]) have the code's genera and tame flags, heaps 0..20, and so do sums of two.
#[test]
fn parts_numbered_by_exploring_have_the_codes_genera() {
    for code in ["0.77", "0.07", "0.137", "0.6"] {
        let moves = code_moves(code.parse().unwrap());
        let mut part_moves = |row: &String| {
            let mut out = Vec::new();
            moves(row.len() as u64, &mut |parts| {
                out.push(parts.iter().map(|&p| "x".repeat(p as usize)).collect());
            });
            Ok(out)
        };
        let mut parts = Parts::new();
        let budget = Budget::default();
        let ids: Vec<u64> = (0..=20)
            .map(|n| {
                parts
                    .explore(&"x".repeat(n), &mut part_moves, &budget)
                    .unwrap()
            })
            .collect();
        let mut by_parts = Genera::new(parts.moves(), budget.clone());
        let mut by_heaps = genera(&[code]);
        by_heaps.extend_to(20).unwrap();
        for (n, &id) in ids.iter().enumerate() {
            let sum = by_parts.sum(&[id]).unwrap();
            let heap = &by_heaps.heaps()[n];
            assert_eq!(
                (&sum.genus, sum.tame),
                (&heap.genus, heap.tame),
                "{code} {n}"
            );
        }
        for a in 1..=8 {
            for b in a..=8 {
                let by_part = by_parts.sum(&[ids[a], ids[b]]).unwrap();
                assert_eq!(
                    by_part,
                    by_heaps.sum(&[a as u64, b as u64]).unwrap(),
                    "{code} {a} {b}"
                );
            }
        }
    }
}
