//! Published structure theorems about misère quotients, checked on every quotient of the
//! octal codes with two digits after the point (and some with three), heap bound by heap
//! bound. Siegel, "The structure and classification of misère quotients" (2007,
//! arXiv:math/0703070), abstract: "if |P| = 2 and Q is finite, then |Q| = 2^n+2 or
//! 2^n+4", and "there is exactly one quotient of order 8". Plambeck and Siegel, "Misère
//! quotients for impartial games" (JCTA 115, 2008): every quotient of impartial games has
//! even order, but the trivial one of {0}.

use super::super::{compute, Limits, Quotient};
use crate::octal::TakeAndBreak;

/// Every quotient of the codes 0.d1d2 (and a few of three digits) for heaps up to 7, with
/// the code and bound.
fn small_quotients() -> Vec<(String, usize, Quotient)> {
    let mut codes: Vec<String> = (0..8)
        .flat_map(|a| (0..8).map(move |b| format!("0.{a}{b}")))
        .collect();
    codes.extend(["0.137", "0.106", "0.122", "0.144", "4.7", "0.314"].map(String::from));
    let mut found = Vec::new();
    for text in codes {
        let code: TakeAndBreak = text.parse().unwrap();
        for n in 1..=7 {
            let limits = Limits {
                max_positions: 200_000,
                ..Limits::new(n).with_max_order(64)
            };
            // A code whose quotient passes the limits at this bound is left out: the
            // theorems speak of the quotients found.
            if let Ok(q) = compute(&code, &limits) {
                found.push((text.clone(), n, q));
            }
        }
    }
    found
}

/// Whether two quotients are the same bipartite monoid: a bijection of their elements that
/// keeps products, the identity and the P-portion (tried over every permutation; orders
/// here are small).
fn isomorphic(p: &Quotient, q: &Quotient) -> bool {
    let n = p.order();
    if n != q.order() || p.p_portion().len() != q.p_portion().len() {
        return false;
    }
    let mut map: Vec<usize> = (0..n).collect();
    let fits = |map: &[usize]| {
        (0..n).all(|x| p.is_p(x) == q.is_p(map[x]))
            && (0..n).all(|x| (0..n).all(|y| map[p.product(x, y)] == q.product(map[x], map[y])))
    };
    // Heap's algorithm over the permutations of `map`.
    let mut c = vec![0; n];
    if fits(&map) {
        return true;
    }
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                map.swap(0, i);
            } else {
                map.swap(c[i], i);
            }
            if fits(&map) {
                return true;
            }
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    false
}

#[test]
fn quotients_obey_the_published_classification() {
    let quotients = small_quotients();
    assert!(
        quotients.len() > 300,
        "only {} quotients found",
        quotients.len()
    );
    let mut two_p = 0;
    let mut of_order_8: Vec<&(String, usize, Quotient)> = Vec::new();
    for entry in &quotients {
        let (code, n, q) = entry;
        // Only the quotient of {0} (no heap can move) is trivial; every other is even.
        let moves = (1..=*n).any(|h| q.element_of_heap(h) != Some(0));
        assert!(
            q.order() % 2 == 0 || (q.order() == 1 && !moves),
            "{code} heaps to {n}: odd order {}",
            q.order()
        );
        if q.p_portion().len() == 2 {
            two_p += 1;
            let rest = q.order() - 2;
            let k = q.order() - 4;
            assert!(
                rest.is_power_of_two() || (q.order() > 4 && k.is_power_of_two()),
                "{code} heaps to {n}: |P| = 2 and order {}, not 2^n+2 nor 2^n+4",
                q.order()
            );
        }
        if q.order() == 8 {
            of_order_8.push(entry);
        }
    }
    // The theorem is exercised: misère Nim's T_2 (order 6, |P| = 2) and larger ones.
    assert!(two_p > 10, "only {two_p} quotients with |P| = 2");
    // Of order 8: 0.75 and 4.7 (Daisies), from heap 5 on.
    let codes: std::collections::BTreeSet<&str> = of_order_8
        .iter()
        .map(|(code, _, _)| code.as_str())
        .collect();
    assert!(codes.len() >= 2, "quotients of order 8 only of {codes:?}");
    let (first_code, first_n, first) = of_order_8[0];
    for (code, n, q) in &of_order_8[1..] {
        assert!(
            isomorphic(first, q),
            "{first_code} heaps to {first_n} and {code} heaps to {n}: two quotients of order 8"
        );
    }
}
