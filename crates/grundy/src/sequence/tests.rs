use super::shape::*;
use super::*;

#[test]
fn plain_period_with_preperiod() {
    // 5 9 then 0 1 2 repeating.
    let mut seq = vec![5, 9];
    for n in 0..30 {
        seq.push(n % 3);
    }
    let pattern = find_pattern(&seq, None).unwrap();
    assert_eq!(
        pattern.periodicity,
        Periodicity {
            preperiod: 2,
            period: 3,
            saltus: 0
        }
    );
    assert_eq!(pattern.evidence, Evidence::Conjecture { checked_to: 32 });
    assert!(pattern.describe().contains("conjecture"));
}

#[test]
fn proof_needs_a_whole_window() {
    let seq: Vec<u64> = (0..20).map(|n| n % 4).collect();
    // The data after the preperiod covers 16 values beyond one period: a window of 16 is
    // proved, a window of 17 is not.
    assert!(find_pattern(&seq, Some(16)).unwrap().evidence.is_proved());
    let pattern = find_pattern(&seq, Some(17)).unwrap();
    assert!(!pattern.evidence.is_proved());
    assert!(!pattern.describe().contains("proved"));
}

#[test]
fn arithmetic_periodicity() {
    // Nim: G(n) = n.
    let nim: Vec<u64> = (0..40).collect();
    let pattern = find_pattern(&nim, None).unwrap();
    assert_eq!(
        pattern.periodicity,
        Periodicity {
            preperiod: 0,
            period: 1,
            saltus: 1
        }
    );
    assert!(!pattern.evidence.is_proved());
    assert!(pattern.describe().contains("saltus 1"));
}

#[test]
fn a_period_seen_only_at_the_end_is_no_conjecture() {
    // 60 values of no pattern, then 30 of period 3: the preperiod is most of the data.
    let mut seq: Vec<u64> = (0..60).map(|n| (n * n + 7 * n) % 11 + 3).collect();
    seq.extend((0..30).map(|n| n % 3));
    assert_eq!(find_pattern(&seq, None), None);
    // With a proof window the same data proves the period (the window argument needs no
    // more than one window of repetition).
    assert!(find_pattern(&seq, Some(3)).unwrap().evidence.is_proved());
}

#[test]
fn too_little_data_is_no_pattern() {
    assert_eq!(find_pattern(&[0, 1, 0, 1], None), None);
    assert_eq!(find_pattern(&[], None), None);
    assert_eq!(
        find_pattern(&[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9], None),
        None
    );
}

#[test]
fn one_heap_residue_class() {
    let bash: Vec<bool> = (0..30).map(|n| n % 5 == 0).collect();
    assert_eq!(
        one_heap_shape(&bash),
        OneHeapShape::ResidueClass {
            modulus: 5,
            residue: 0
        }
    );
    let reach: Vec<bool> = (0..30).map(|n| n % 3 == 1).collect();
    assert_eq!(
        one_heap_shape(&reach),
        OneHeapShape::ResidueClass {
            modulus: 3,
            residue: 1
        }
    );
    let fib: Vec<bool> = (0..30)
        .map(|n| [1, 2, 3, 5, 8, 13, 21].contains(&n))
        .collect();
    assert_eq!(one_heap_shape(&fib), OneHeapShape::Other);
}

#[test]
fn two_heap_shapes() {
    // Wythoff's P-positions from the pairs, and the generalisation with step 2.
    for step in 1..=3u128 {
        let len = 60usize;
        let mut table = vec![vec![false; len]; len];
        for k in 0..len as u128 {
            let a = beatty_lower(k, step).unwrap();
            let b = a + step * k;
            if b < len as u128 {
                table[a as usize][b as usize] = true;
                table[b as usize][a as usize] = true;
            }
        }
        assert_eq!(
            two_heap_shape(&table),
            TwoHeapShape::Beatty { step: step as u64 }
        );
        table[7][7] = !table[7][7];
        assert_eq!(two_heap_shape(&table), TwoHeapShape::Other);
    }
}

#[test]
fn isqrt_is_exact() {
    for n in 0..10_000u128 {
        let r = isqrt_u128(n);
        assert!(r * r <= n && (r + 1) * (r + 1) > n);
    }
    for r in [u64::MAX as u128, (1 << 62) + 12345, 999_999_999_999_999_999] {
        assert_eq!(isqrt_u128(r * r), r);
        assert_eq!(isqrt_u128(r * r - 1), r - 1);
    }
}

#[test]
fn same_residue_and_equal_heaps() {
    let bash: Vec<Vec<bool>> = (0..20)
        .map(|a| (0..20).map(|b| a % 4 == b % 4).collect())
        .collect();
    assert_eq!(
        two_heap_shape(&bash),
        TwoHeapShape::SameResidue { modulus: 4 }
    );
    let nim: Vec<Vec<bool>> = (0..20).map(|a| (0..20).map(|b| a == b).collect()).collect();
    assert_eq!(two_heap_shape(&nim), TwoHeapShape::EqualHeaps);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

    /// A random eventually (arithmetic-)periodic sequence showing at least four periods after
    /// its preperiod: a pattern is found (the true one, or a shorter one the data allows), it
    /// is a conjecture, and it predicts every value.
    #[test]
    fn finds_random_periods(
        pre in proptest::collection::vec(0u64..5, 0..10),
        cycle in proptest::collection::vec(0u64..5, 1..8),
        saltus in 0u64..3,
    ) {
        let len = pre.len() + 4 * cycle.len() + 12;
        let seq: Vec<u64> = (0..len)
            .map(|n| {
                if n < pre.len() {
                    pre[n]
                } else {
                    let offset = n - pre.len();
                    cycle[offset % cycle.len()] + saltus * (offset / cycle.len()) as u64
                }
            })
            .collect();
        let pattern = find_pattern(&seq, None);
        proptest::prop_assert!(pattern.is_some());
        let pattern = pattern.unwrap();
        proptest::prop_assert!(!pattern.evidence.is_proved());
        proptest::prop_assert!(pattern.periodicity.preperiod <= pre.len());
        for (n, &value) in seq.iter().enumerate() {
            proptest::prop_assert_eq!(pattern.periodicity.extend(&seq, n as u64), value);
        }
    }
}
