//! The judge samples of the classic-family problems (docs/problems.md) as golden tests of
//! the binary, and their bad-input behaviour: answers for the complete cases before the bad
//! token, an error naming case and line, exit code 2.

#[path = "support/judge.rs"]
mod support;

use support::{check, check_bad};

#[test]
fn hdu4764_sample() {
    check("hdu4764", "1 1\n30 3\n10 2\n0 0\n", "Jiang\nTang\nJiang\n");
    check(
        "hdu4764",
        "1 1\r\n\r\n30 3\r\n10\t2",
        "Jiang\nTang\nJiang\n",
    );
    // 99999999 = 101 * 990099: the first player loses.
    check(
        "hdu4764",
        "100000000 100\n100000000 99\n0 0",
        "Jiang\nTang\n",
    );
}

#[test]
fn hdu4764_bad_input() {
    check_bad("hdu4764", "1 1\n30 x\n0 0\n", "Jiang\n", "case 2, line 2");
    check_bad("hdu4764", "1 1\n30\n", "Jiang\n", "input ends");
    check_bad(
        "hdu4764",
        "1 1\n5 0\n",
        "Jiang\n",
        "case 2, line 2: N and k",
    );
    check_bad("hdu4764", "100000001 1\n", "", "case 1, line 1");
}

#[test]
fn hdu1536_sample() {
    check(
        "hdu1536",
        "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n",
        "LWW\n",
    );
    check(
        "hdu1536",
        "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n1 1\n2\n1 10000\n0\n",
        "LWW\nLL\n",
    );
    check("hdu1536", "2 2 5 3 2 5 12 3 2 4 7 4 2 3 7 12", "LWW\n");
}

#[test]
fn hdu1536_bad_input() {
    // The second case is truncated: no partial line is written.
    check_bad(
        "hdu1536",
        "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n1 1\n3\n1 2\n1 3\n",
        "LWW\n",
        "case 2, line 10: input ends where l",
    );
    check_bad("hdu1536", "2 2 0\n", "", "case 1, line 1");
    check_bad("hdu1536", "1 1\n1\n1 10001\n", "", "case 1, line 3");
}

#[test]
fn poj1067_sample() {
    check("poj1067", "2 1\n8 4\n4 7\n", "0\n1\n0\n");
    check("poj1067", "2 1\r\n8 4\r\n\r\n4 7", "0\n1\n0\n");
    // (a_k, b_k) for k = 381966011 (a_k = floor(k φ) = 618033988): a P-position near 1e9.
    check(
        "poj1067",
        "618033988 999999999\n618033988 999999998\n",
        "0\n1\n",
    );
}

#[test]
fn poj1067_bad_input() {
    check_bad(
        "poj1067",
        "2 1\n8\n",
        "0\n",
        "case 2, line 3: input ends where b",
    );
    check_bad("poj1067", "2 1\n-1 3\n", "0\n", "case 2, line 2");
    check_bad("poj1067", "1000000001 0\n", "", "case 1, line 1");
}

#[test]
fn hdu1907_sample() {
    check("hdu1907", "2\n3\n3 5 1\n1\n1\n", "John\nBrother\n");
    check("hdu1907", "2\r\n3\r\n3 5 1\r\n1\r\n1", "John\nBrother\n");
}

#[test]
fn hdu1907_bad_input() {
    check_bad(
        "hdu1907",
        "2\n3\n3 5 1\n2\n1\n",
        "John\n",
        "case 2, line 6: input ends",
    );
    check_bad("hdu1907", "1\n48\n", "", "case 1, line 2");
    check_bad("hdu1907", "1\n1\n0\n", "", "case 1, line 3");
}

#[test]
fn hdu1847_sample() {
    check("hdu1847", "1\n3\n", "Kiki\nCici\n");
    check("hdu1847", "1\r\n\r\n3", "Kiki\nCici\n");
}

#[test]
fn hdu1847_bad_input() {
    check_bad("hdu1847", "1\n3\n0\n", "Kiki\nCici\n", "case 3, line 3");
    check_bad("hdu1847", "1\nthree\n", "Kiki\n", "case 2, line 2");
}

#[test]
fn hdu2147_sample() {
    check(
        "hdu2147",
        "5 3\n5 4\n6 6\n0 0\n",
        "What a pity!\nWonderful!\nWonderful!\n",
    );
    check(
        "hdu2147",
        "5 3\r\n5 4\r\n6 6",
        "What a pity!\nWonderful!\nWonderful!\n",
    );
}

#[test]
fn hdu2147_bad_input() {
    check_bad(
        "hdu2147",
        "5 3\n0 4\n",
        "What a pity!\n",
        "case 2, line 2: n and m",
    );
    check_bad(
        "hdu2147",
        "5 3\n2001 4\n",
        "What a pity!\n",
        "case 2, line 2",
    );
}

#[test]
fn hdu1848_sample() {
    check("hdu1848", "1 1 1\n1 4 1\n0 0 0\n", "Fibo\nNacci\n");
    check("hdu1848", "1 1 1\r\n1 4 1", "Fibo\nNacci\n");
}

#[test]
fn hdu1848_bad_input() {
    check_bad(
        "hdu1848",
        "1 1 1\n1 4\n",
        "Fibo\n",
        "case 2, line 3: input ends where p",
    );
    check_bad(
        "hdu1848",
        "1 1 1\n0 4 1\n",
        "Fibo\n",
        "case 2, line 2: m, n and p",
    );
}

#[test]
fn hdu2516_sample() {
    check(
        "hdu2516",
        "2\n13\n10000\n0\n",
        "Second win\nSecond win\nFirst win\n",
    );
    check(
        "hdu2516",
        "2\r\n13\r\n10000",
        "Second win\nSecond win\nFirst win\n",
    );
    check(
        "hdu2516",
        "1836311903\n2147483647\n0\n",
        "Second win\nFirst win\n",
    );
}

#[test]
fn hdu2516_bad_input() {
    check_bad(
        "hdu2516",
        "2\n1\n",
        "Second win\n",
        "case 2, line 2: n must be",
    );
    check_bad(
        "hdu2516",
        "2\n2147483648\n",
        "Second win\n",
        "case 2, line 2",
    );
}
