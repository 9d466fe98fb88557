//! A fuzzing harness for every reader of untrusted bytes: the fifteen judge inputs, family
//! words and positions, octal codes, and checkpoint files. Each target is fed seeded random
//! and mutated inputs (mutations of valid seeds: bytes flipped, inserted, deleted,
//! duplicated; huge numbers, signs, NUL bytes, truncation) and must answer or refuse, never
//! panic. A panic fails the test with the input that caused it; such an input then becomes
//! a regression case in [`REGRESSIONS`].
//!
//! `cargo test` runs a short pass (a few hundred inputs a target, seed fixed). A long run:
//!
//! ```text
//! GRUNDY_FUZZ_ITERATIONS=200000 GRUNDY_FUZZ_SEED=7 cargo test --release -p grundy-cli fuzz -- --nocapture
//! ```
//!
//! prints how many inputs each target tried. Game files join the targets when their reader
//! lands (a target is a name, seeds and a closure: see [`targets`]).

use std::collections::VecDeque;
use std::panic::{self, AssertUnwindSafe};
use std::time::Instant;

use grundy::octal::{checkpoint, Method, Sequence, TakeAndBreak};
use grundy::Budget;

use crate::commands::list::catalog;
use crate::judge::{Input, PROBLEMS};

/// Inputs that once crashed a reader (none so far): `(target, input)`.
const REGRESSIONS: &[(&str, &[u8])] = &[];

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Bytes a mutation inserts: the ones readers care about.
const INTERESTING: &[&[u8]] = &[
    b" ",
    b"\n",
    b"\r\n",
    b"\t",
    b"-",
    b"+",
    b"0",
    b"1",
    b"9",
    b"-1",
    b"1000",
    b"4294967296",
    b"9223372036854775807",
    b"99999999999999999999999",
    b"\0",
    b"\xff",
    b".",
    b",",
    b"!",
    b"--",
    b"x",
];

/// Bytes random inputs are made of: mostly digits and separators.
const FILLER: &[u8] = b"0123456789 \n-.,x\0";

/// One random change to `input`.
fn mutate(rng: &mut Rng, input: &mut Vec<u8>) {
    let at = rng.below(input.len() + 1);
    match rng.below(7) {
        0 if !input.is_empty() => {
            let i = rng.below(input.len());
            input[i] = rng.next() as u8;
        }
        1 => {
            let piece = INTERESTING[rng.below(INTERESTING.len())];
            input.splice(at..at, piece.iter().copied());
        }
        2 if !input.is_empty() => {
            let end = (at + 1 + rng.below(8)).min(input.len());
            input.drain(at.min(end)..end);
        }
        3 if !input.is_empty() => {
            let start = rng.below(input.len());
            let end = (start + 1 + rng.below(32)).min(input.len());
            let piece: Vec<u8> = input[start..end].to_vec();
            input.splice(at..at, piece);
        }
        4 => input.truncate(at),
        5 if !input.is_empty() => {
            // Replace a digit by a digit: keeps inputs valid often, so solvers run.
            let i = rng.below(input.len());
            if input[i].is_ascii_digit() {
                input[i] = b'0' + rng.below(10) as u8;
            }
        }
        _ => input.push(FILLER[rng.below(FILLER.len())]),
    }
}

/// Feeds one input to a reader, ignoring its answer or refusal.
type Run = Box<dyn Fn(&[u8])>;

/// A reader under test: its name, valid seeds, and a run that must not panic.
struct Target {
    name: String,
    seeds: Vec<Vec<u8>>,
    run: Run,
}

/// The sample input of each judge problem (../shared/PROBLEMS.md), by id.
fn judge_seed(id: &str) -> &'static str {
    match id {
        "hdu4778" => "3 4 3\n2 2 3\n2 1 3\n2 1 2\n3 2 3 1\n\n3 2 2\n3 2 3 1\n3 1 2 3\n\n0 0 0\n",
        "hdu4678" => "2\n3 3 0\n3 3 1\n1 1\n",
        "chess2018" => "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n",
        "poj2068" => "1 101 4 4\n1 100 4 4\n3 97 8 7 6 5 4 3\n0\n",
        "hdu1536" => "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n",
        "cf69d" => "0 0 2 3\n1 1\n1 2\n",
        "poj2975" => "3 7 11 13\n2 1000000000 1000000000\n0\n",
        "poj1067" => "2 1\n8 4\n4 7\n",
        "hdu1907" => "2\n3\n3 5 1\n1\n1\n",
        "hdu1847" => "1\n3\n",
        "hdu2147" => "5 3\n5 4\n6 6\n0 0\n",
        "hdu1848" => "1 1 1\n1 4 1\n0 0 0\n",
        "hdu2516" => "2\n13\n10000\n0\n",
        "hdu3980" => "2\n3 1\n4 2\n",
        "hdu4764" => "1 1\n30 3\n10 2\n0 0\n",
        _ => "1\n",
    }
}

/// Every target.
fn targets() -> Vec<Target> {
    let mut targets: Vec<Target> = PROBLEMS
        .iter()
        .map(|problem| Target {
            name: format!("judge {}", problem.id),
            seeds: vec![judge_seed(problem.id).as_bytes().to_vec()],
            run: Box::new(move |bytes: &[u8]| {
                let mut out = Vec::new();
                let _ = (problem.run)(&mut Input::new(bytes.to_vec()), &mut out);
            }),
        })
        .collect();
    targets.push(Target {
        name: "family words".into(),
        seeds: [
            "nim 3 5 7",
            "subtraction 1,3,4 -- 10 12",
            "all-but 1,2 7",
            "bash 3 10",
            "moore 2 1 2 3",
            "wythoff 4 7",
            "fibonacci-nim 20",
            "subtraction !1,2 9",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect(),
        run: Box::new(|bytes: &[u8]| {
            let text = String::from_utf8_lossy(bytes);
            let mut words: VecDeque<String> = text.split_whitespace().map(String::from).collect();
            if catalog::parse_family(&mut words).is_ok() {
                let rest: Vec<String> = words.into_iter().collect();
                let _ = grundy::catalog::numbers(&rest, "a heap size");
            }
        }),
    });
    targets.push(Target {
        name: "octal codes".into(),
        seeds: ["0.77", "0.6", "4.07", "0.F", "0.137", "0.0000007", "0.16"]
            .iter()
            .map(|s| s.as_bytes().to_vec())
            .collect(),
        run: Box::new(|bytes: &[u8]| {
            let text = String::from_utf8_lossy(bytes);
            if let Ok(game) = text.parse::<TakeAndBreak>() {
                let method = if game.max_heaps() <= 2 {
                    Method::Sparse
                } else {
                    Method::Direct
                };
                if let Ok(mut seq) = Sequence::new(game, method, Budget::default()) {
                    let _ = seq.extend_to(120);
                }
            }
        }),
    });
    let officers: TakeAndBreak = "0.6".parse().unwrap_or_else(|_| unreachable!());
    let mut seq = Sequence::new(officers.clone(), Method::Sparse, Budget::default())
        .unwrap_or_else(|_| unreachable!("0.6 is octal"));
    let _ = seq.extend_to(300);
    let saved = checkpoint::encode(&seq);
    targets.push(Target {
        name: "checkpoints".into(),
        seeds: vec![saved],
        run: Box::new(move |bytes: &[u8]| {
            let budget = Budget::default().with_bytes(1 << 26);
            if let Ok(mut seq) = checkpoint::restore(bytes, &officers, Method::Sparse, budget, None)
            {
                let _ = seq.extend_to(seq.len() + 50);
            }
            let _ = checkpoint::decode(bytes, &officers, Method::Sparse);
        }),
    });
    targets
}

/// The input as a short, printable string for a failure message.
fn shown(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(400)]).into_owned();
    format!("{text:?} ({} bytes)", bytes.len())
}

fn iterations() -> usize {
    std::env::var("GRUNDY_FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

/// Runs `target` on `bytes`, failing the test (with the input) on a panic.
fn run_one(target: &Target, bytes: &[u8]) {
    let res = panic::catch_unwind(AssertUnwindSafe(|| (target.run)(bytes)));
    assert!(
        res.is_ok(),
        "{} panicked on the input {}",
        target.name,
        shown(bytes)
    );
}

#[test]
fn fuzz_every_reader() {
    let seed = std::env::var("GRUNDY_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x9e37_79b9_7f4a_7c15u64);
    let per_target = iterations();
    let started = Instant::now();
    let mut total = 0;
    for target in targets() {
        let mut rng = Rng(seed ^ target.name.len() as u64 ^ 0x5555);
        for seed_input in &target.seeds {
            run_one(&target, seed_input);
        }
        for _ in 0..per_target {
            let input = if rng.below(10) == 0 {
                // Plain random bytes, biased to digits and whitespace.
                (0..rng.below(64))
                    .map(|_| FILLER[rng.below(FILLER.len())])
                    .collect()
            } else {
                let mut input = target.seeds[rng.below(target.seeds.len())].clone();
                for _ in 0..=rng.below(6) {
                    mutate(&mut rng, &mut input);
                }
                input.truncate(4096);
                input
            };
            run_one(&target, &input);
            total += 1;
        }
        eprintln!("fuzz: {}: {} inputs", target.name, per_target);
    }
    for (name, input) in REGRESSIONS {
        let targets = targets();
        let target = targets.iter().find(|t| t.name == *name);
        if let Some(target) = target {
            run_one(target, input);
        }
    }
    eprintln!(
        "fuzz: {total} inputs in {:.1} s (seed {seed})",
        started.elapsed().as_secs_f64()
    );
    assert!(total >= per_target * 18, "{total}");
}
