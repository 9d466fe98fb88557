//! The board-game judge problems (hdu4778, chess2018, cf69d, poj2068, hdu4678): their
//! samples from docs/problems.md as golden tests of the binary, and bad input (answers
//! for the complete cases, an error naming case and line, exit code 2).

#[path = "support/judge.rs"]
mod support;

use support::{check, check_bad};

#[test]
fn hdu4678_sample() {
    check(
        "hdu4678",
        "2\n3 3 0\n3 3 1\n1 1\n",
        "Case #1: Xiemao\nCase #2: Fanglaoshi\n",
    );
    check(
        "hdu4678",
        "2\r\n\r\n3 3 0\r\n3\t3 1\r\n1 1",
        "Case #1: Xiemao\nCase #2: Fanglaoshi\n",
    );
}

/// A numbered cell bordering two blank regions links them into one cluster, solved exactly;
/// a board full of mines leaves nothing to click.
#[test]
fn hdu4678_linked_regions_and_full_board() {
    check(
        "hdu4678",
        "2\n5 5 4\n0 4\n1 3\n3 1\n4 0\n1 1 1\n0 0\n",
        "Case #1: Xiemao\nCase #2: Fanglaoshi\n",
    );
}

#[test]
fn hdu4678_bad_input() {
    check_bad(
        "hdu4678",
        "2\n3 3 0\n3 3 1\n3 1\n",
        "Case #1: Xiemao\n",
        "case 2, line 4: a mine's row x must be from 0 to 2, found 3",
    );
    check_bad(
        "hdu4678",
        "2\n3 3 0\n3 3 2\n1 1\n",
        "Case #1: Xiemao\n",
        "case 2, line 5: input ends",
    );
    check_bad("hdu4678", "1\n3 3 x\n", "", "case 1, line 2: expected K");
    check_bad("hdu4678", "1\n2 2 5\n", "", "K must be from 0 to 4");
}

#[test]
fn poj2068_sample() {
    check(
        "poj2068",
        "1 101 4 4\n1 100 4 4\n3 97 8 7 6 5 4 3\n0\n",
        "0\n1\n1\n",
    );
    check("poj2068", "1 101 4 4\r\n\r\n1 100\t4 4", "0\n1\n");
}

#[test]
fn poj2068_bad_input() {
    check_bad(
        "poj2068",
        "1 101 4 4\n1 100 4\n",
        "0\n",
        "case 2, line 3: input ends",
    );
    check_bad(
        "poj2068",
        "1 101 4 17\n",
        "",
        "case 1, line 1: a take limit M must be from 1 to 16",
    );
    check_bad("poj2068", "1 8193 4 4\n", "", "S must be from 1 to 8192");
}

#[test]
fn cf69d_sample() {
    check("cf69d", "0 0 2 3\n1 1\n1 2\n", "Anton\n");
    check("cf69d", "0 0 2 4\r\n1 1\r\n\r\n1 2", "Dasha\n");
}

#[test]
fn cf69d_bad_input() {
    check_bad("cf69d", "0 0 2 3\n1 1\n", "", "case 1, line 3: input ends");
    check_bad(
        "cf69d",
        "3 0 1 3\n1 1\n",
        "",
        "case 1, line 1: the start (3, 0) must lie strictly within",
    );
    check_bad(
        "cf69d",
        "0 0 1 3\n0 0\n",
        "",
        "case 1, line 2: a vector must not be (0, 0)",
    );
    check_bad(
        "cf69d",
        "0 0 1 3\n1 y\n",
        "",
        "case 1, line 2: expected a vector's yi",
    );
}

#[test]
fn hdu4778_sample() {
    let sample = "3 4 3\n2 2 3\n2 1 3\n2 1 2\n3 2 3 1\n\n3 2 2\n3 2 3 1\n3 1 2 3\n\n0 0 0\n";
    check("hdu4778", sample, "3\n-3\n");
    check(
        "hdu4778",
        &sample.replace('\n', "\r\n").replace("\r\n0 0 0\r\n", ""),
        "3\n-3\n",
    );
}

#[test]
fn hdu4778_bad_input() {
    check_bad(
        "hdu4778",
        "3 4 3\n2 2 3\n2 1 3\n2 1 2\n3 2 3 1\n3 2 2\n3 2 4 1\n",
        "3\n",
        "case 2, line 7: a colour must be from 1 to 3, found 4",
    );
    check_bad(
        "hdu4778",
        "3 2 2\n3 2 3 1\n",
        "",
        "case 1, line 3: input ends",
    );
    check_bad(
        "hdu4778",
        "3 2 0\n",
        "",
        "case 1, line 1: S must be from 1 to 19",
    );
    check_bad(
        "hdu4778",
        "3 22 2\n",
        "",
        "case 1, line 1: B must be from 0 to 21",
    );
    check_bad(
        "hdu4778",
        "3 1 2\n2 1 x\n",
        "",
        "case 1, line 2: expected a colour",
    );
}

#[test]
fn chess2018_sample() {
    check("chess2018", "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n", "2\n");
    check(
        "chess2018",
        "2 3\r\n2 7 3\r\n\r\n9 1 2\r\n3 7 2\r\n2\t3 1",
        "2\n",
    );
}

#[test]
fn chess2018_bad_input() {
    check_bad(
        "chess2018",
        "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n1 1\n5\n",
        "2\n",
        "case 2, line 8: input ends",
    );
    check_bad(
        "chess2018",
        "2 3\n2 7 3\n9 1 2\n3 7 200000\n",
        "",
        "case 1, line 4",
    );
    check_bad(
        "chess2018",
        "11 3\n",
        "",
        "case 1, line 1: n must be from 1 to 10",
    );
}

#[test]
fn single_case_problems_refuse_an_empty_input() {
    check_bad(
        "chess2018",
        "",
        "",
        "line 1: input ends where n was expected",
    );
    check_bad("cf69d", "\n\n", "", "input ends where x was expected");
}
