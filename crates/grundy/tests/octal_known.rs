//! Published facts about octal games (tests/data/octal_*.txt, each block headed by its
//! source) checked against both methods, and the direct method checked against the
//! engine's GrundySolver on many codes.
//!
//! Every fact runs in `cargo test`: the longest, 0.16's proof (509,622 values by the
//! sparse method), takes under a second in the test profile.

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

#[test]
fn published_periods_are_proved() {
    let data = include_str!("data/octal_periods.txt");
    let mut checked = 0;
    for fact in facts(data) {
        let [code, period, preperiod] = fact[..] else {
            panic!("bad line {fact:?}");
        };
        let period: usize = period.parse().expect("a period");
        let preperiod: usize = preperiod.parse().expect("a preperiod");
        let game: TakeAndBreak = code.parse().expect("a code");
        let needed = proof_length(&game, Period { period, preperiod });
        let expected = Verdict::Periodic {
            period,
            preperiod,
            proved_at: needed - 1,
        };
        let mut methods = vec![Method::Sparse];
        if needed <= 5000 {
            methods.push(Method::Direct);
        }
        for method in methods {
            let mut seq = sequence(code, method);
            let verdict = analyze(&mut seq, 2 * needed + 64, &mut ()).expect("within budget");
            assert_eq!(verdict, expected, "{code} by the {method} method");
        }
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
