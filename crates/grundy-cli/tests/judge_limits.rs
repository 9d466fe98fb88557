//! Every judge problem at exactly the limits `docs/problems.md` states (answered, exit
//! 0) and one past them (refused with a message naming the field, exit 2), so that a
//! reader's bounds and the problem statement cannot drift apart. Where the statement's
//! limit is also a case's end marker or a lower bound the reader relaxes on purpose (a heap
//! of 0 is still a game), only the upper limits are checked.

#[path = "support/judge.rs"]
mod support;

use support::{check, check_bad, judge};

/// Runs `id` on `input` and expects exit 0 with `lines` answer lines.
fn answers(id: &str, input: &str, lines: usize) {
    let out = judge(id, input);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{id} at its limits: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout.lines().count(), lines, "{id}: {stdout}");
}

fn repeat(text: &str, times: usize) -> String {
    vec![text; times].join(" ")
}

#[test]
fn hdu4778_gems_fight() {
    // B = 21 bags of n = 10 gems in G = 8 colours, S = 19.
    let bag = format!("10 {}", repeat("1 2 3 4 5 6 7 8 1 2", 1));
    let case = format!("8 21 19\n{}\n", vec![bag.as_str(); 21].join("\n"));
    answers("hdu4778", &format!("{case}0 0 0\n"), 1);
    check_bad("hdu4778", "8 22 19\n", "", "B must be from 0 to 21");
    check_bad("hdu4778", "9 1 19\n", "", "G must be from 0 to 8");
    check_bad("hdu4778", "8 1 20\n", "", "S must be from 0 to 19");
    check_bad("hdu4778", "8 1 3\n11 1\n", "", "must be from 1 to 10");
}

#[test]
fn hdu4678_mine() {
    answers("hdu4678", "1\n1000 1000 1\n999 999\n", 1);
    check_bad("hdu4678", "1\n1001 1 0\n", "", "N must be from 1 to 1000");
    check_bad("hdu4678", "1\n1 1001 0\n", "", "M must be from 1 to 1000");
    let mut many = String::from("51\n");
    many.push_str(&"1 1 0\n".repeat(51));
    check_bad("hdu4678", &many, "", "T must be from 0 to 50");
}

#[test]
fn chess2018_young() {
    let row = repeat("100000", 10);
    let board = vec![row.as_str(); 20].join("\n");
    answers("chess2018", &format!("10 10\n{board}\n"), 1);
    check_bad("chess2018", "11 1\n", "", "n must be from 1 to 10");
    check_bad("chess2018", "1 11\n", "", "m must be from 1 to 10");
    check_bad(
        "chess2018",
        "1 1\n100001\n0\n",
        "",
        "must be from 0 to 100000",
    );
}

#[test]
fn poj2068_team_nim() {
    answers("poj2068", &format!("10 8192 {}\n0\n", repeat("16", 20)), 1);
    check_bad("poj2068", "1 8193 4 4\n", "", "S must be from 1 to 8192");
    check_bad("poj2068", "11 5\n", "", "n must be from 0 to 10");
    check_bad("poj2068", "1 5 17 4\n", "", "must be from 1 to 16");
}

#[test]
fn cf69d_dot() {
    let vectors = "200 200\n".repeat(20);
    answers("cf69d", &format!("-199 0 20 200\n{vectors}"), 1);
    check_bad("cf69d", "0 0 21 200\n", "", "n must be from 1 to 20");
    check_bad("cf69d", "0 0 1 201\n1 1\n", "", "d must be from 1 to 200");
    check_bad(
        "cf69d",
        "-201 0 1 200\n1 1\n",
        "",
        "x must be from -200 to 200",
    );
    check_bad("cf69d", "0 0 1 200\n201 0\n", "", "must be from 0 to 200");
}

#[test]
fn hdu1536_s_nim() {
    let set = (1..=100).map(|s| (s * 100).to_string()).collect::<Vec<_>>();
    let position = format!("100 {}", repeat("10000", 100));
    let positions = vec![position.as_str(); 100].join("\n");
    let input = format!("100 {}\n100\n{positions}\n0\n", set.join(" "));
    answers("hdu1536", &input, 1);
    check_bad("hdu1536", "101\n", "", "k must be from 0 to 100");
    check_bad("hdu1536", "1 10001\n", "", "must be from 1 to 10000");
    check_bad("hdu1536", "1 1\n101\n", "", "m must be from 0 to 100");
    check_bad("hdu1536", "1 1\n1\n101\n", "", "l must be from 0 to 100");
    check_bad(
        "hdu1536",
        "1 1\n1\n1 10001\n",
        "",
        "must be from 0 to 10000",
    );
}

#[test]
fn heap_problems() {
    // Equal heaps: take both (Wythoff); 1000 = 1 (mod 3) for powers of two.
    check("poj1067", "1000000000 1000000000\n", "1\n");
    check_bad(
        "poj1067",
        "1000000001 1\n",
        "",
        "a must be from 0 to 1000000000",
    );
    answers("hdu1907", &format!("1\n47\n{}\n", repeat("4747", 47)), 1);
    check_bad("hdu1907", "1\n48\n", "", "N must be from 1 to 47");
    check_bad("hdu1907", "1\n1\n4748\n", "", "must be from 1 to 4747");
    check("hdu1847", "1000\n", "Kiki\n");
    check_bad("hdu1847", "1001\n", "", "n must be from 1 to 1000");
    answers("hdu2147", "2000 2000\n0 0\n", 1);
    check_bad("hdu2147", "2001 1\n", "", "n must be from 0 to 2000");
    answers("hdu1848", "1000 1000 1000\n0 0 0\n", 1);
    check_bad("hdu1848", "1001 1 1\n", "", "m must be from 0 to 1000");
    answers("hdu2516", "2147483647\n0\n", 1);
    check_bad(
        "hdu2516",
        "2147483648\n",
        "",
        "n must be from 0 to 2147483647",
    );
    answers("hdu3980", "1\n1000 1000\n", 1);
    check_bad("hdu3980", "1\n1001 1\n", "", "must be from 1 to 1000");
    answers("hdu4764", "100000000 100\n0 0\n", 1);
    check_bad(
        "hdu4764",
        "100000001 1\n",
        "",
        "N must be from 0 to 100000000",
    );
    check_bad("hdu4764", "10 101\n", "", "k must be from 0 to 100");
    answers(
        "poj2975",
        &format!("1000 {}\n0\n", repeat("2147483647", 1000)),
        1,
    );
    check_bad("poj2975", "1001\n", "", "n must be from 0 to 1000");
    check_bad(
        "poj2975",
        "1 2147483648\n",
        "",
        "must be from 0 to 2147483647",
    );
}

/// A 5,000,000-digit token is quoted by a short prefix and its length, not echoed whole.
#[test]
fn huge_tokens_are_not_echoed() {
    let token = "9".repeat(5_000_000);
    let out = judge("poj1067", &format!("{token} 1\n"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        out.stderr.len() < 300,
        "{} bytes of stderr",
        out.stderr.len()
    );
    let nuls = "\0".repeat(1 << 20);
    let out = judge("poj1067", &nuls);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        out.stderr.len() < 300,
        "{} bytes of stderr",
        out.stderr.len()
    );
}
