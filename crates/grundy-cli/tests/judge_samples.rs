//! The judge samples of docs/problems.md as golden tests of the binary, and bad-input
//! behaviour (answers for complete cases, an error naming case and line, exit code 2).

#[path = "support/judge.rs"]
mod support;

use support::{check, check_bad};

#[test]
fn poj2975_sample() {
    check(
        "poj2975",
        "3 7 11 13\n2 1000000000 1000000000\n0\n",
        "3\n0\n",
    );
    check(
        "poj2975",
        "3 7 11 13\r\n\r\n2 1000000000\t1000000000",
        "3\n0\n",
    );
}

#[test]
fn poj2975_bad_input() {
    check_bad("poj2975", "3 7 11 13\n2 5 x\n0\n", "3\n", "case 2, line 2");
    check_bad("poj2975", "3 7 11 13\n2 5\n", "3\n", "input ends");
    check_bad("poj2975", "1 2147483648\n", "", "case 1, line 1");
}
