//! Randomized cross-checks of `grundy judge` against independent brute-force searches.
//!
//! Each module under `brute/` is one problem of docs/problems.md: a plain game-tree
//! search written from the rules text alone (it uses nothing from the `grundy` library),
//! a deterministic generator of hundreds of small valid cases, and a check that the brute
//! force reproduces the problem's samples, so a wrong brute force is caught too. The
//! harness batches the cases into as few judge inputs as the format allows, runs the
//! binary once per batch and compares stdout byte for byte; on a mismatch it names the
//! first differing case and prints its input lines. A problem the binary lacks fails.
//!
//! Every other batch is written with noisy whitespace (tabs, CR LF, blank lines), which
//! the problem statements allow.
//!
//! Each board game (gems-fight, young, dot, team-nim, minesweeper, kiki) is also checked
//! through `grundy solve` (`check_solve`): the front door against the same brute force.
//!
//! Set `GRUNDY_BIN` to a `grundy` binary to check it instead of the one cargo built, e.g.
//! `GRUNDY_BIN=path/to/grundy cargo test -p grundy-cli --test judge_brute hdu4778`.

use std::collections::HashMap;
use std::io::Write;
use std::process::{Command, Stdio};

mod brute {
    pub mod cf69d;
    pub mod chess2018;
    pub mod hdu1536;
    pub mod hdu1847;
    pub mod hdu1848;
    pub mod hdu1907;
    pub mod hdu2147;
    pub mod hdu2516;
    pub mod hdu3980;
    pub mod hdu4678;
    pub mod hdu4764;
    pub mod hdu4778;
    pub mod poj1067;
    pub mod poj2068;
    pub mod poj2975;
}

/// A deterministic pseudo-random generator (SplitMix64, Steele, Lea and Flood 2014).
pub struct Rng(u64);

impl Rng {
    /// A generator seeded from a problem id, so each problem draws its own cases.
    pub fn new(id: &str) -> Self {
        let seed = id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform integer in `low..=high`.
    pub fn range(&mut self, low: i64, high: i64) -> i64 {
        assert!(low <= high);
        let span = (high - low) as u64 + 1;
        low + (self.next_u64() % span) as i64
    }

    /// A uniform index in `0..len`.
    pub fn below(&mut self, len: usize) -> usize {
        (self.next_u64() % len as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// One generated case: its input lines and the answer the brute force gives.
pub struct Case {
    /// The case's input, each line ending with `\n`.
    pub input: String,
    /// The answer line without its `Case #i: ` prefix or newline.
    pub answer: String,
}

/// How a problem's cases are put into one judge input and read back.
pub struct Format {
    /// The problem id given to `grundy judge`.
    pub id: &'static str,
    /// Whether the input opens with the number of cases `T`.
    pub count_first: bool,
    /// Whether each answer line starts with `Case #i: `.
    pub case_prefix: bool,
    /// The line ending the input (`""` where input ends at end of file).
    pub terminator: &'static str,
    /// The most cases one judge input may hold.
    pub max_cases: usize,
}

/// Runs the judge on `cases`, batched by `format`, and checks stdout against the answers.
///
/// Panics, naming the first differing case and its input, on any difference, on a
/// non-zero exit (a missing problem included), or when fewer than `min_cases` were given.
pub fn check(format: &Format, cases: &[Case], min_cases: usize) {
    assert!(
        cases.len() >= min_cases,
        "{}: only {} cases generated",
        format.id,
        cases.len()
    );
    for (batch_idx, batch) in cases.chunks(format.max_cases).enumerate() {
        let mut input = String::new();
        if format.count_first {
            input.push_str(&format!("{}\n", batch.len()));
        }
        let mut expected = String::new();
        for (i, case) in batch.iter().enumerate() {
            input.push_str(&case.input);
            if format.case_prefix {
                expected.push_str(&format!("Case #{}: ", i + 1));
            }
            expected.push_str(&case.answer);
            expected.push('\n');
        }
        input.push_str(format.terminator);
        let is_noisy = batch_idx % 2 == 1;
        if is_noisy {
            input = noisy(&input, &mut Rng::new(&format!("{}{batch_idx}", format.id)));
        }
        let (stdout, stderr, ok) = run_judge(format.id, &input);
        if stdout == expected && ok {
            continue;
        }
        let first_bad = expected
            .lines()
            .zip(stdout.lines())
            .position(|(want, got)| want != got)
            .unwrap_or_else(|| expected.lines().count().min(stdout.lines().count()));
        let case_text = batch
            .get(first_bad)
            .map_or("(none: extra output)", |c| c.input.as_str());
        panic!(
            "{id}: batch {batch_idx} (noisy whitespace: {is_noisy}), case {case} differs\n\
             input of the case:\n{case_text}\
             expected: {want:?}\ngot:      {got:?}\nexit ok: {ok}, stderr: {stderr}",
            id = format.id,
            case = first_bad + 1,
            want = expected.lines().nth(first_bad),
            got = stdout.lines().nth(first_bad),
        );
    }
}

/// Runs `grundy solve game INPUT --json` on each case (its input is the problem's setup for
/// one case, which the board games take as it is) and checks that `answer` reads the brute
/// force's answer from the solution: the front door agrees with the brute force too.
pub fn check_solve(game: &str, cases: &[Case], answer: impl Fn(&serde_json::Value) -> String) {
    for case in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["solve", game])
            .args(case.input.split_whitespace())
            .arg("--json")
            .output()
            .expect("the grundy binary runs");
        assert!(
            out.status.success(),
            "{game} {}: {}",
            case.input,
            String::from_utf8_lossy(&out.stderr)
        );
        let solution: serde_json::Value =
            serde_json::from_slice(&out.stdout).expect("grundy solve writes JSON");
        assert_eq!(
            answer(&solution),
            case.answer,
            "grundy solve {game} {}",
            case.input
        );
    }
}

/// The judge's answer for a win of the player to move, or for a loss.
pub fn by_outcome(solution: &serde_json::Value, win: &str, loss: &str) -> String {
    match solution["outcome"].as_str() {
        Some("win") => win.into(),
        Some("loss") => loss.into(),
        other => panic!("a win or a loss, found {other:?}"),
    }
}

/// Runs `grundy judge id` (or `$GRUNDY_BIN judge id`) on `input`: stdout, stderr, success.
fn run_judge(id: &str, input: &str) -> (String, String, bool) {
    let bin = std::env::var("GRUNDY_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_grundy").into());
    let mut child = Command::new(bin)
        .args(["judge", id])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // A binary that rejects the input early may close stdin; the output check reports it.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("grundy finishes");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

/// `text` with its spaces and newlines replaced by other whitespace that separates as well.
fn noisy(text: &str, rng: &mut Rng) -> String {
    let mut res = String::with_capacity(text.len() * 2);
    for ch in text.chars() {
        match ch {
            ' ' => res.push_str([" ", "\t", "  ", " \t "][rng.below(4)]),
            '\n' => res.push_str(["\n", "\r\n", "\n\n", " \r\n\r\n"][rng.below(4)]),
            other => res.push(other),
        }
    }
    // The last line may lack its newline.
    res.truncate(res.trim_end().len());
    res
}

/// Space-separated numbers followed by a newline.
pub fn line<T: std::fmt::Display>(items: &[T]) -> String {
    let mut res = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            res.push(' ');
        }
        res.push_str(&item.to_string());
    }
    res.push('\n');
    res
}

/// Whether the player to move wins a sum of heaps, by search over the whole position.
///
/// `options(h)` lists the sizes a heap of size `h` may become in one move; a player
/// with no move loses (normal play) or wins (`misere`). Positions are memoized as sorted
/// heap lists without empty heaps, which is the same position.
pub fn sum_wins(
    heaps: &[u32],
    options: &dyn Fn(u32) -> Vec<u32>,
    misere: bool,
    memo: &mut HashMap<Vec<u32>, bool>,
) -> bool {
    let mut key: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&res) = memo.get(&key) {
        return res;
    }
    let mut has_move = false;
    let mut res = false;
    'search: for heap_idx in 0..key.len() {
        for to in options(key[heap_idx]) {
            has_move = true;
            let mut next = key.clone();
            next[heap_idx] = to;
            if !sum_wins(&next, options, misere, memo) {
                res = true;
                break 'search;
            }
        }
    }
    if !has_move {
        res = misere;
    }
    memo.insert(key, res);
    res
}
