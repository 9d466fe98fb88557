//! A fuzzing harness for every reader of untrusted bytes: the fifteen judge inputs, family
//! words and positions, octal codes, checkpoint files, and game files (Luau sources and
//! positions, loaded and solved under small caps). Each target is fed seeded random
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
//! prints how many inputs each target tried (a target is a name, seeds and a closure: see
//! [`targets`]).

use std::collections::VecDeque;
use std::panic::{self, AssertUnwindSafe};
use std::time::Instant;

use grundy::analysis::{analyze_components, Component};
use grundy::octal::{checkpoint, Method, Sequence, TakeAndBreak};
use grundy::Budget;

use crate::commands::list::catalog;
use crate::commands::serve::examples::EXAMPLES;
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

/// The longest input fed to a reader, or a little past its seed (game files of a few KiB).
const MAX_INPUT: usize = 4096;

/// Feeds one input to a reader, ignoring its answer or refusal.
type Run = Box<dyn Fn(&[u8])>;

/// A reader under test: its name, valid seeds, how inputs are changed, and a run that must
/// not panic.
struct Target {
    name: String,
    seeds: Vec<Vec<u8>>,
    mutate: fn(&mut Rng, &mut Vec<u8>),
    run: Run,
    /// The target runs `iterations() / cost` inputs (a game file's input loads a Luau
    /// state and searches: a thousand times a judge input's work).
    cost: usize,
}

/// The sample input of each judge problem (docs/problems.md), by id.
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
            mutate,
            cost: 1,
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
        mutate,
        cost: 1,
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
        mutate,
        cost: 1,
        run: Box::new(|bytes: &[u8]| {
            let text = String::from_utf8_lossy(bytes);
            if let Ok(game) = text.parse::<TakeAndBreak>() {
                let method = Method::for_game(&game);
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
        mutate,
        cost: 1,
        run: Box::new(move |bytes: &[u8]| {
            let budget = Budget::default().with_bytes(1 << 26);
            if let Ok(mut seq) = checkpoint::restore(bytes, &officers, Method::Sparse, budget, None)
            {
                let _ = seq.extend_to(seq.len() + 50);
            }
            let _ = checkpoint::decode(bytes, &officers, Method::Sparse);
        }),
    });
    targets.push(Target {
        name: "game files".into(),
        seeds: game_file_seeds(),
        mutate: mutate_source,
        cost: 4,
        run: Box::new(|bytes: &[u8]| game_file(bytes)),
    });
    targets
}

/// What a source mutation puts in place of a number: values at the edges of what a game
/// file may compute with or return.
const LUAU_NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "7",
    "64",
    "0.5",
    "1e9",
    "2^53",
    "2^63",
    "-2^63",
    "(0/0)",
    "math.huge",
];

/// What a source mutation puts in place of a name that is not a keyword: other values and
/// names of the file.
const LUAU_NAMES: &[&str] = &[
    "nil", "true", "false", "\"\"", "\"x\"", "{}", "{{}}", "{1, {2}}", "p", "n", "pos", "out", "k",
    "i",
];

/// What a source mutation puts in place of an operator.
const LUAU_OPERATORS: &[&str] = &["+", "-", "*", "//", "%", "..", "<", "<=", "==", "~=", ">"];

/// Luau's keywords, never replaced (the file would rarely load again).
const LUAU_KEYWORDS: &[&str] = &[
    "and", "break", "do", "else", "elseif", "end", "for", "function", "if", "in", "local", "not",
    "or", "repeat", "return", "then", "until", "while", "continue",
];

/// One change to a Luau source: a byte-level [`mutate`] an eighth of the time, else a
/// number, name or operator replaced by another of its class, or a line dropped or repeated,
/// so that most changed files still load and only their rules change.
fn mutate_source(rng: &mut Rng, input: &mut Vec<u8>) {
    let mut lines: Vec<Vec<u8>> = input.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    let line_idx = rng.below(lines.len());
    match rng.below(8) {
        0 => return mutate(rng, input),
        1 if lines.len() > 1 => {
            lines.remove(line_idx);
        }
        2 => {
            let copy = lines[line_idx].clone();
            lines.insert(line_idx, copy);
        }
        _ => replace_token(rng, &mut lines[line_idx]),
    }
    *input = lines.join(&b'\n');
}

/// Replaces one token of `line` (a number, a name or an operator) by another of its class.
fn replace_token(rng: &mut Rng, line: &mut Vec<u8>) {
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'.';
    let mut tokens = Vec::new();
    let mut at = 0;
    while at < line.len() {
        let end = if is_word(line[at]) {
            at + line[at..].iter().take_while(|&&b| is_word(b)).count()
        } else {
            at + 1
        };
        tokens.push(at..end);
        at = end;
    }
    let choices: Vec<(std::ops::Range<usize>, &[&str])> = tokens
        .into_iter()
        .filter_map(|range| {
            let token = &line[range.clone()];
            let class: &[&str] = if token[0].is_ascii_digit() {
                LUAU_NUMBERS
            } else if is_word(token[0]) {
                let word = String::from_utf8_lossy(token);
                if LUAU_KEYWORDS.contains(&word.as_ref()) {
                    return None;
                }
                LUAU_NAMES
            } else if b"+-*/%<>#".contains(&token[0]) {
                LUAU_OPERATORS
            } else {
                return None;
            };
            Some((range, class))
        })
        .collect();
    if choices.is_empty() {
        return;
    }
    let (range, class) = choices[rng.below(choices.len())].clone();
    line.splice(range, class[rng.below(class.len())].bytes());
}

/// A game file's input: its source, and the position to solve on a last line `--@ TEXT` (a
/// Luau comment; without one, the file's start).
const POSITION_LINE: &str = "--@ ";

/// Seeds of game files: every example (with a position where one reads integers), and small
/// files that push at the sandbox (endless loops, deep recursion and nesting, huge strings,
/// self-containing tables, metatables, errors that fail to print).
fn game_file_seeds() -> Vec<Vec<u8>> {
    let mut seeds: Vec<String> = EXAMPLES
        .iter()
        .map(|(_, source)| source.to_string())
        .collect();
    for (name, position) in [
        ("subtraction", "3 4"),
        ("snim", "2 4 7"),
        ("chomp", "3 2 1"),
    ] {
        if let Some((_, source)) = EXAMPLES.iter().find(|(n, _)| *n == name) {
            seeds.push(format!("{source}\n{POSITION_LINE}{position}"));
        }
    }
    seeds.extend(
        [
            "start = 0\nfunction moves(p) return {p + 1} end",
            "start = 1\nfunction moves(p) while true do end end",
            "local function f(n) return f(n + 1) + 1 end\nstart = 0\nfunction moves(p) return {f(0)} end",
            "start = 0\nfunction moves(p) local t = 0 for i = 1, 1000 do t = {t} end return {t} end",
            "start = 0\nfunction moves(p) return {string.rep(\"x\", 1000000000)} end",
            "start = 0\nlocal t = {}\nt[1] = t\nfunction moves(p) return {t} end",
            "start = 0\nfunction moves(p) return setmetatable({}, {__len = function() return 5 end}) end",
            "start = 0\nfunction moves(p) error(setmetatable({}, {__tostring = function() while true do end end})) end",
            "loopy = true\nstart = 2\nfunction moves(n) return {(n + 1) % 3, {to = n, label = \"stay\"}} end",
            "scoring = true\nstart = 3\nfunction moves(n) if n == 0 then return {} end return {{to = n - 1, points = n, again = n % 2 == 0}} end",
            "start = {1, 2}\nfunction components(p) return {{p[1]}, {p[2]}, p} end\nfunction moves(p) return {} end",
            "start = 5\nfunction moves(n) local out = {} for k = 1, n do out[k] = n - k end return out end\nfunction show(p) return nil end\nfunction parse(t) return {} end",
        ]
        .map(String::from),
    );
    seeds.into_iter().map(String::into_bytes).collect()
}

/// Loads `bytes` as a game file and reads, shows, lists the moves of, solves and sums its
/// position, under a budget of a few hundred positions: each call into the file is capped
/// by the sandbox (steps, memory), and the search by the budget, so every input ends.
fn game_file(bytes: &[u8]) {
    let source = String::from_utf8_lossy(bytes);
    let Ok(game) = grundy_script::load_source("fuzz.luau", &source, &[]) else {
        return;
    };
    let typed = source
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix(POSITION_LINE));
    let position = match typed {
        Some(text) => game.parse(text).ok(),
        None => game.start(),
    };
    let Some(position) = position else {
        return;
    };
    let budget = Budget::default().with_positions(4_000).with_bytes(64 << 20);
    let _ = game.show(&position);
    let _ = game.moves(&position);
    if let Ok(solution) = game.solve(&position, &budget) {
        if let Some(mv) = solution.moves.first() {
            let _ = game.play(&position, &mv.mv.label);
        }
    }
    let parts = [
        Component::Game {
            name: "fuzz.luau".into(),
            game,
            position,
        },
        Component::Family(vec!["nim".into(), "3".into()]),
    ];
    let _ = analyze_components(&parts, &budget);
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
        let inputs = per_target / target.cost;
        for _ in 0..inputs {
            let input = if rng.below(10) == 0 {
                // Plain random bytes, biased to digits and whitespace.
                (0..rng.below(64))
                    .map(|_| FILLER[rng.below(FILLER.len())])
                    .collect()
            } else {
                let mut input = target.seeds[rng.below(target.seeds.len())].clone();
                let longest = MAX_INPUT.max(input.len() + 256);
                for _ in 0..=rng.below(6) {
                    (target.mutate)(&mut rng, &mut input);
                }
                input.truncate(longest);
                input
            };
            run_one(&target, &input);
            total += 1;
        }
        eprintln!("fuzz: {}: {inputs} inputs", target.name);
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
    assert!(total >= per_target * 18 + per_target / 4, "{total}");
}
