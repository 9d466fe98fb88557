//! Hot paths of the classic families: the finite subtraction table (hdu1536's inner loop)
//! against the generic mex table, Wythoff's P-test at 10^18 in u128 against big integers,
//! and the front door's solve of huge positions by closed forms: Lasker's Nim at a heap of
//! 10^6 (1.5 M moves, built one at a time) against the same solve listing every move, and
//! subtraction {1,3,4} at 10^6 by its proved period against the Grundy solver.
//! Each benchmark asserts its answer first: fast and wrong fails.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::adapter::Adapter;
use grundy::catalog::builtin::{self, HeapNotation, HeapRow};
use grundy::dynamic::{Ask, Datum, DynGame, Kind};
use grundy::games::heaps::nimbers;
use grundy::games::subtraction::{Subtraction, SubtractionSet};
use grundy::games::wythoff::{is_p_position, is_p_position_big, p_pair, BigUint};
use grundy::{Budget, Nimber, Play};

/// A set of 100 amounts below 10000 (a fixed pseudo-random choice), hdu1536's largest case.
fn hundred_amounts() -> Vec<u64> {
    let mut state = 12345u64;
    let mut set = Vec::new();
    while set.len() < 100 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let amount = (state >> 33) % 10_000 + 1;
        if !set.contains(&amount) {
            set.push(amount);
        }
    }
    set
}

fn subtraction_table(c: &mut Criterion) {
    let game = Subtraction::new(SubtractionSet::finite(hundred_amounts()).unwrap());
    let budget = Budget::default();
    let fast = game.nimbers(10_000, &budget).unwrap();
    assert_eq!(fast, nimbers(&game, 10_000, &budget).unwrap());
    let mut group = c.benchmark_group("subtraction_table_100_amounts_to_10000");
    group.bench_function("finite_bitmask", |b| {
        b.iter(|| game.nimbers(black_box(10_000), &budget).unwrap())
    });
    group.bench_function("generic_mex", |b| {
        b.iter(|| nimbers(&game, black_box(10_000), &budget).unwrap())
    });
    group.finish();
}

fn wythoff_p_test(c: &mut Criterion) {
    let k = 1_000_000_000_000_000_000u64 / 2;
    let (a, b) = p_pair(k);
    let (a, b) = (a as u64, b as u64);
    assert!(is_p_position(a, b) && !is_p_position(a + 1, b));
    let (big_a, big_b) = (BigUint::from(a), BigUint::from(b));
    assert!(is_p_position_big(&big_a, &big_b));
    let mut group = c.benchmark_group("wythoff_p_test_near_1e18");
    group.bench_function("u128", |bench| {
        bench.iter(|| is_p_position(black_box(a), black_box(b)))
    });
    group.bench_function("big_integers", |bench| {
        bench.iter(|| is_p_position_big(black_box(&big_a), black_box(&big_b)))
    });
    group.finish();
}

fn closed_forms_at_the_front_door(c: &mut Criterion) {
    let budget = Budget::default();
    let mut group = c.benchmark_group("solve_by_closed_forms");
    group.sample_size(10);
    let lasker = builtin::lasker();
    let heap = Datum::ints([1_000_000]);
    let every = Ask {
        all_moves: true,
        ..Ask::default()
    };
    let listed = lasker.solve_with(&heap, &budget, every).unwrap();
    let streamed = lasker.solve(&heap, &budget).unwrap();
    assert_eq!(streamed.value.nimber, Some(Nimber(999_999)));
    assert_eq!(
        (streamed.counts, streamed.value),
        (listed.counts, listed.value)
    );
    group.bench_function("lasker_1e6_moves_built_one_at_a_time", |b| {
        b.iter(|| builtin::lasker().solve(black_box(&heap), &budget).unwrap())
    });
    group.bench_function("lasker_1e6_every_move_listed", |b| {
        b.iter(|| {
            builtin::lasker()
                .solve_with(black_box(&heap), &budget, every)
                .unwrap()
        })
    });
    let rule = || Subtraction::new(SubtractionSet::finite([1, 3, 4]).unwrap());
    // The same game without its closed form: the Grundy solver over components.
    let searched = || {
        Adapter::new(
            HeapRow(rule()),
            HeapNotation,
            "subtraction 1,3,4",
            "take s in S from one heap",
            Kind::Impartial { play: Play::Normal },
        )
        .with_components()
    };
    let heap = Datum::ints([1_000_000]);
    // G(10^6) = 1: 10^6 = 6 mod 7, and G = 0 1 0 1 2 3 2 repeats.
    let periodic = builtin::subtraction(rule());
    assert_eq!(
        periodic.value(&heap, &budget).unwrap().nimber,
        Some(Nimber(1))
    );
    assert_eq!(
        searched().value(&heap, &budget).unwrap().nimber,
        Some(Nimber(1))
    );
    // A fresh game each time: a game keeps its tables between calls.
    group.bench_function("subtraction_1_3_4_at_1e6_by_its_period", |b| {
        b.iter(|| {
            builtin::subtraction(rule())
                .solve(black_box(&heap), &budget)
                .unwrap()
        })
    });
    group.bench_function("subtraction_1_3_4_at_1e6_by_the_grundy_solver", |b| {
        b.iter(|| searched().solve(black_box(&heap), &budget).unwrap())
    });
    group.finish();
}

criterion_group!(
    benches,
    subtraction_table,
    wythoff_p_test,
    closed_forms_at_the_front_door
);
criterion_main!(benches);
