//! hdu3980 (Paint Chain) as golden tests of the binary: the sample of docs/problems.md,
//! bad input, and every ring of up to 12 beads against a brute force over painted-bead masks.

#[path = "support/judge.rs"]
mod support;

use support::{check, check_bad};

use std::collections::HashMap;

#[test]
fn hdu3980_sample() {
    check(
        "hdu3980",
        "2\n3 1\n4 2\n",
        "Case #1: aekdycoin\nCase #2: abcdxyzk\n",
    );
}

#[test]
fn hdu3980_bad_input() {
    check_bad(
        "hdu3980",
        "2\n3 1\n4 x\n",
        "Case #1: aekdycoin\n",
        "case 2, line 3",
    );
    check_bad("hdu3980", "2\n3 1\n", "Case #1: aekdycoin\n", "input ends");
    check_bad("hdu3980", "1\n1001 1\n", "", "case 1, line 2");
    check_bad(
        "hdu3980",
        "1\n5 0\n",
        "",
        "M (the beads painted per move) must be from 1 to 1000",
    );
}

/// True when the player to move wins on a ring of `n` beads, `painted` a bit mask, painting
/// `m` consecutive unpainted beads per move (brute force, memoized).
fn wins(n: u32, m: u32, painted: u32, memo: &mut HashMap<u32, bool>) -> bool {
    if let Some(&known) = memo.get(&painted) {
        return known;
    }
    let run = |start: u32| (0..m).fold(0u32, |acc, i| acc | 1 << ((start + i) % n));
    let res = m <= n
        && (0..n).any(|start| {
            let bits = run(start);
            painted & bits == 0 && !wins(n, m, painted | bits, memo)
        });
    memo.insert(painted, res);
    res
}

#[test]
fn hdu3980_matches_a_brute_force_on_small_rings() {
    let mut input = String::new();
    let mut expected = String::new();
    let mut case = 0;
    for n in 1..=12 {
        for m in 1..=13 {
            case += 1;
            input.push_str(&format!("{n} {m}\n"));
            let winner = if wins(n, m, 0, &mut HashMap::new()) {
                "aekdycoin"
            } else {
                "abcdxyzk"
            };
            expected.push_str(&format!("Case #{case}: {winner}\n"));
        }
    }
    assert_eq!(case, 12 * 13);
    check("hdu3980", &format!("{case}\n{input}"), &expected);
}
