use super::*;
use crate::solve::memo::{MemoSearch, Outcomes};
use crate::solve::strategy::optimal_moves;
use crate::{Budget, Outcome, Play};

/// OEIS A000201, the lower Wythoff sequence floor(n φ), n = 1..20.
const LOWER: [u128; 20] = [
    1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32,
];

#[test]
fn published_lower_sequence() {
    let computed: Vec<u128> = (1..=20).map(|k| p_pair(k).0).collect();
    assert_eq!(computed, LOWER);
}

/// Outcome and every winning move against the engine on every position up to 30 x 30.
#[test]
fn closed_form_matches_search() {
    let mut search = MemoSearch::new(&Wythoff, Outcomes(Play::Normal), Budget::default());
    let mut compared = 0;
    for a in 0..=30u64 {
        for b in 0..=30u64 {
            let best = optimal_moves(&mut search, &(a, b)).unwrap();
            assert_eq!(best.value == Outcome::Loss, is_p_position(a, b), "{a} {b}");
            let mut found: Vec<(u64, u64)> = if best.value == Outcome::Win {
                best.moves.into_iter().map(|m| m.mv.to).collect()
            } else {
                Vec::new()
            };
            found.sort();
            assert_eq!(found, winning_moves(a, b), "{a} {b}");
            compared += 1;
        }
    }
    assert_eq!(compared, 31 * 31);
}

/// The u128 path agrees with big integers, and with floating point where it is exact.
#[test]
fn u128_agrees_with_big_integers() {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    for k in 0..100_000u64 {
        assert_eq!(p_pair(k).0, (k as f64 * phi).floor() as u128, "k={k}");
    }
    let mut compared = 0;
    for k in (SMALL - 1000..SMALL + 1000).chain(u64::MAX - 100..=u64::MAX) {
        let (a, b) = p_pair(k);
        let (big_a, big_b) = p_pair_big(&BigUint::from(k));
        assert_eq!((BigUint::from(a), BigUint::from(b)), (big_a, big_b));
        if k < SMALL {
            let k128 = k as u128;
            assert_eq!((lower(&k128), upper(&k128)), (a, b));
        }
        compared += 1;
    }
    assert_eq!(compared, 2101);
}

/// Around 10^18 (and up to u64::MAX): P-pairs are P, their neighbours are not, and every
/// winning move lands on a P-position.
#[test]
fn exact_at_ten_to_the_eighteen() {
    let mut compared = 0;
    for k in (1_000_000_000_000_000_000u64 / 2..)
        .take(50)
        .chain([3 << 60])
    {
        let (a, b) = p_pair(k);
        let (a, b) = (a as u64, b as u64);
        assert!(is_p_position(a, b) && is_p_position(b, a));
        assert!(!is_p_position(a + 1, b) && !is_p_position(a, b + 1));
        assert_eq!(partner_of(a), (b as u128, k as u128));
        assert_eq!(partner_of(b), (a as u128, k as u128));
        for (x, y) in [(a + 1, b), (a, b + 1), (b + 5, a + 5), (a, a)] {
            let moves = winning_moves(x, y);
            assert!(!moves.is_empty());
            for (p, q) in moves {
                assert!(is_p_position(p, q));
                assert!(p <= x && q <= y && (p < x || q < y));
                assert!(p == x || q == y || x - p == y - q);
            }
        }
        compared += 1;
    }
    assert_eq!(compared, 51);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    /// On random heaps up to 2^63 (both arithmetic paths): partners pair up, exactly the
    /// non-P positions have winning moves, and each is a legal move to a P-position.
    #[test]
    fn random_large_positions(a in 0u64..(1 << 63), b in 0u64..(1 << 63)) {
        let (partner, k) = partner_of(a);
        proptest::prop_assert_eq!(partner_of(partner as u64), (a as u128, k));
        proptest::prop_assert_eq!(partner.abs_diff(a as u128), k);
        let moves = winning_moves(a, b);
        proptest::prop_assert_eq!(moves.is_empty(), is_p_position(a, b));
        for (x, y) in moves {
            proptest::prop_assert!(is_p_position(x, y));
            proptest::prop_assert!(x <= a && y <= b && (x < a || y < b));
            proptest::prop_assert!(x == a || y == b || a - x == b - y);
        }
    }
}

/// The one-root test of `is_p_position` (differences below 2^30) and its floating-point
/// filter (heaps below 2^40) against the partner formula of `is_p`, on pairs around the
/// P-positions (up to the filter's edge) and at random up to 2^40.
#[test]
fn the_word_sized_test_agrees_with_the_partner_formula() {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed >> 24
    };
    let by_partner = |a: u64, b: u64| super::is_p(&(a as u128), &(b as u128));
    for _ in 0..20_000 {
        let k = next() % (1 << 31);
        let (a, b) = p_pair(k);
        let (a, b) = (a as u64, b as u64);
        let near = [
            (a, b),
            (b, a),
            (a + 1, b),
            (a, b + 1),
            (a.saturating_sub(1), b),
            (a, b.saturating_sub(1)),
        ];
        for (x, y) in near {
            assert_eq!(is_p_position(x, y), by_partner(x, y), "{x} {y}");
        }
        let (x, y) = (next() % (1 << 40), next() % (1 << 40));
        assert_eq!(is_p_position(x, y), by_partner(x, y), "{x} {y}");
    }
    // The floating-point filter near its edge, 2^40: P-pairs and their neighbours.
    for _ in 0..20_000 {
        let k = (1 << 38) - next() % (1 << 30);
        let (a, b) = p_pair(k);
        let (a, b) = (a as u64, b as u64);
        assert!(b < 1 << 40);
        for (x, y) in [
            (a, b),
            (b, a),
            (a + 1, b),
            (a, b + 1),
            (a + 2, b),
            (a - 1, b - 1),
        ] {
            assert_eq!(is_p_position(x, y), by_partner(x, y), "{x} {y}");
        }
    }
    // The largest word-sized difference and the first past it.
    for k in [(1 << 30) - 1, 1 << 30] {
        let (a, b) = p_pair(k);
        let (a, b) = (a as u64, b as u64);
        assert!(is_p_position(a, b) && is_p_position(b, a));
        for (x, y) in [(a + 1, b), (a, b + 1), (a + 1, b + 1), (a - 1, b - 1)] {
            assert_eq!(is_p_position(x, y), by_partner(x, y), "{x} {y}");
        }
    }
}

/// Every pair below the position is reachable: `reachable` is exact.
#[test]
fn reachable_is_the_rectangle() {
    for a in 0..7 {
        for b in 0..7 {
            let count = crate::testing::check_bounds(&Wythoff, &(a, b));
            assert_eq!(Wythoff.reachable(&(a, b)), Some(count));
        }
    }
}
