//! Hot paths of the classic families: the finite subtraction table (hdu1536's inner loop)
//! against the generic mex table, and Wythoff's P-test at 10^18 in u128 against big integers.
//! Each benchmark asserts its answer first: fast and wrong fails.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::heaps::nimbers;
use grundy::games::subtraction::{Subtraction, SubtractionSet};
use grundy::games::wythoff::{is_p_position, is_p_position_big, p_pair, BigUint};
use grundy::Budget;

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

criterion_group!(benches, subtraction_table, wythoff_p_test);
criterion_main!(benches);
