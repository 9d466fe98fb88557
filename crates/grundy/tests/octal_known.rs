//! Published facts about octal games (tests/data/octal_*.txt, each block headed by its
//! source) checked against both methods, and the direct method checked against the
//! engine's GrundySolver on many codes.
//!
//! Every fact runs in `cargo test` but one (0.354, whose proof needs 20 million values):
//! the longest, 0.376's proof (4,536,507 values by the sparse method), Officers to 2^21,
//! and 0.04 and 0.06 to 2^17 (many rare values) take some seconds each in the test
//! profile. Czajka's tables (`octal_czajka.txt`) are an independent solver's: they agree
//! on every period, preperiod, listed value, largest value and rare-value statistic.

use grundy::octal::game::{normalize, Heap};
use grundy::octal::period::{analyze, proof_length, Period, Verdict};
use grundy::octal::{Method, Sequence, TakeAndBreak};
use grundy::solve::grundy::GrundySolver;
use grundy::{Budget, Nimber};

/// The fact lines of a data file: blank lines and `#` comments dropped.
fn facts(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.split_whitespace().collect())
        .collect()
}

fn sequence(code: &str, method: Method) -> Sequence {
    let game: TakeAndBreak = code.parse().expect("a valid code in the data file");
    Sequence::new(game, method, Budget::default()).expect("a supported method")
}

/// The sequences of `code` by the sparse method, and by the direct method where the proof
/// needs at most `direct_up_to` values, each analysed until the theorem proves `period`
/// (asserted, with the values the proof needs).
fn assert_proved(code: &str, period: Period, direct_up_to: usize) -> Vec<(Method, Sequence)> {
    let game: TakeAndBreak = code.parse().expect("a code");
    let needed = proof_length(&game, period);
    let expected = Verdict::Periodic {
        period: period.period,
        preperiod: period.preperiod,
        proved_at: needed - 1,
    };
    let mut methods = vec![Method::Sparse];
    if needed <= direct_up_to {
        methods.push(Method::Direct);
    }
    methods
        .into_iter()
        .map(|method| {
            let mut seq = sequence(code, method);
            let verdict = analyze(&mut seq, 2 * needed + 64, &mut ()).expect("within budget");
            assert_eq!(verdict, expected, "{code} by the {method} method");
            (method, seq)
        })
        .collect()
}

#[test]
fn published_periods_are_proved() {
    let data = include_str!("data/octal_periods.txt");
    let mut checked = 0;
    for fact in facts(data) {
        let [code, period, preperiod] = fact[..] else {
            panic!("bad line {fact:?}");
        };
        let period = Period {
            period: period.parse().expect("a period"),
            preperiod: preperiod.parse().expect("a preperiod"),
        };
        assert_proved(code, period, 5000);
        checked += 1;
    }
    assert_eq!(checked, 11, "facts checked");
}

#[test]
fn published_values_match() {
    let data = include_str!("data/octal_values.txt");
    let mut checked = 0;
    for fact in facts(data) {
        let code = fact[0];
        let offset: usize = fact[1].parse().expect("an offset");
        let expected: Vec<u16> = fact[2..]
            .iter()
            .map(|v| v.parse().expect("a value"))
            .collect();
        for method in [Method::Direct, Method::Sparse] {
            let mut seq = sequence(code, method);
            seq.extend_to(offset + expected.len())
                .expect("within budget");
            assert_eq!(
                &seq.values()[offset..],
                &expected[..],
                "{code} by the {method} method"
            );
            checked += expected.len();
        }
    }
    assert!(checked > 700, "checked {checked} values");
}

#[test]
fn direct_method_agrees_with_the_engine_on_famous_and_random_codes() {
    // The famous codes, and pseudo-random codes of up to four digits (a fixed LCG).
    let mut codes: Vec<String> = [
        "0.77", "0.07", "0.137", "0.6", "0.16", "0.007", "0.4", "0.17", "4.7", "0.35", "0.106",
        "0.3F", "0.B7",
    ]
    .map(String::from)
    .to_vec();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..40 {
        let mut code = String::from(if state.is_multiple_of(3) { "4." } else { "0." });
        for _ in 0..1 + state % 4 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            code.push(char::from(b'0' + (state >> 60) as u8 % 8));
        }
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        codes.push(code);
    }
    let mut compared = 0;
    for code in &codes {
        let game: TakeAndBreak = code.parse().expect("a valid code");
        let len = if game.max_heaps() > 2 { 16 } else { 30 };
        let mut seq = sequence(code, Method::Direct);
        seq.extend_to(len).expect("within budget");
        let mut solver = GrundySolver::new(&game, Budget::default());
        for n in 0..len {
            let pos = normalize(vec![Heap::Line(n as u32)]);
            let engine = solver.nimber(&pos).expect("the engine solves small heaps");
            assert_eq!(
                engine,
                Nimber(u64::from(seq.values()[n])),
                "{code} at n = {n}"
            );
            compared += 1;
        }
    }
    assert!(compared >= 50 * 16, "compared {compared}");
}

/// Czajka's game name (`.4`, `4.3`, `4`) as a code this crate reads.
fn czajka_code(game: &str) -> String {
    match game.contains('.') {
        true => game.to_string(),
        false => format!("{game}."),
    }
}

/// The values of a `trivial` line's nimbers: one digit each, 0-9 then A = 10, B = 11, ...
/// (the period's in parentheses).
fn czajka_nimbers(text: &str) -> Vec<u16> {
    text.chars()
        .filter(|c| !matches!(c, '(' | ')'))
        .map(|c| c.to_digit(36).expect("a digit") as u16)
        .collect()
}

/// The trivial and solved games of Czajka's tables: the period and preperiod proved by the
/// sparse method (and by the direct method below 20,000 values), the values listed, and
/// the largest value with its first heap size. Facts needing more than 5,000,000 values
/// (0.354: 20,124,000) are left out.
#[test]
fn czajka_periods_are_proved() {
    let data = include_str!("data/octal_czajka.txt");
    let (mut trivial, mut solved) = (0, 0);
    for fact in facts(data) {
        let (kind, code) = (fact[0], czajka_code(fact[1]));
        if kind == "unsolved" {
            continue;
        }
        let preperiod: usize = fact[2].parse().expect("a prefix");
        let period: usize = fact[3].parse().expect("a period");
        let game: TakeAndBreak = code.parse().expect("a code");
        let period = Period { period, preperiod };
        if proof_length(&game, period) > 5_000_000 {
            continue;
        }
        for (method, seq) in assert_proved(&code, period, 20_000) {
            let values = seq.values();
            if kind == "trivial" {
                let listed = czajka_nimbers(fact[4]);
                assert_eq!(
                    listed.len(),
                    preperiod + period.period,
                    "{code}: the line's length"
                );
                assert_eq!(
                    &values[..listed.len()],
                    &listed[..],
                    "{code} by the {method} method"
                );
                trivial += 1;
            } else {
                check_largest(&code, values, (fact[4], fact[5]));
                if let [mask, count, last] = fact[6..] {
                    check_rare(&code, values, (mask, count, last));
                }
                solved += 1;
            }
        }
    }
    assert!(trivial >= 2 * 60, "{trivial} trivial checks");
    assert!(solved >= 9, "{solved} solved checks");
}

/// The largest of `values` and the first heap size with it against a line's.
fn check_largest(code: &str, values: &[u16], (at, largest): (&str, &str)) {
    let largest: u16 = largest.parse().expect("a value");
    let at: usize = at.parse().expect("a heap size");
    assert_eq!(
        values.iter().max(),
        Some(&largest),
        "{code}: the largest value"
    );
    assert_eq!(
        values.iter().position(|&v| v == largest),
        Some(at),
        "{code}: the first heap size with {largest}"
    );
}

/// The rare values of `values` against a line's hexadecimal mask, count (n = 0 included)
/// and last heap size.
fn check_rare(code: &str, values: &[u16], (mask, count, last): (&str, &str, &str)) {
    let stats = grundy::octal::stats::Distribution::of(values);
    let mask = usize::from_str_radix(mask, 16).expect("a hexadecimal mask");
    assert_eq!(stats.mask, mask, "{code}: the mask");
    // Heap 0 (value 0, rare under every mask) is left out of the distribution.
    let count: u64 = count.parse().expect("a count");
    assert_eq!(
        stats.rare_positions + 1,
        count,
        "{code}: heap sizes with a rare value"
    );
    assert_eq!(
        stats.last_rare,
        Some(last.parse().expect("a heap size")),
        "{code}"
    );
}

/// Officers to 2^21, 0.04 and 0.06 to 2^17 against Czajka's table of unsolved games: the
/// largest value, where it first occurs, and the rare values (the masks of 0.04 and 0.06
/// lie above 1024, as their largest values do).
#[test]
fn czajka_unsolved_statistics_match() {
    let data = include_str!("data/octal_czajka.txt");
    let mut checked = 0;
    for fact in facts(data).into_iter().filter(|fact| fact[0] == "unsolved") {
        let code = czajka_code(fact[1]);
        let len: usize = fact[2].parse().expect("a length");
        let mut seq = sequence(&code, Method::Sparse);
        seq.extend_to(len).expect("within budget");
        let values = seq.values();
        check_largest(&code, values, (fact[3], fact[4]));
        check_rare(&code, values, (fact[5], fact[6], fact[7]));
        checked += 1;
    }
    assert_eq!(checked, 3);
}
