//! The analysis of one position of a family: outcome, value, every winning move, and why.

use std::collections::VecDeque;

use anyhow::{bail, Context};
use grundy::games::fibonacci_nim::{self, zeckendorf};
use grundy::games::wythoff::{self, BigUint};
use grundy::games::{corner, misere_nim, nim, staircase};
use grundy::solve::grundy::GrundySolver;
use grundy::{Budget, Outcome};
use serde::Serialize;

use super::values::{enumerable, heap_values, rule};
use crate::commands::list::catalog::{numbers, Family};

/// What `grundy analyze` reports.
#[derive(Serialize)]
pub struct Analysis {
    /// The family and parameter.
    pub game: String,
    /// The position, as typed.
    pub position: String,
    /// For the player to move.
    pub outcome: Outcome,
    /// The Grundy value, where known.
    pub nimber: Option<u64>,
    /// Every winning move (or, when `complete` is false, the ones found).
    pub winning_moves: Vec<String>,
    /// False when the list of winning moves is not exhaustive.
    pub complete: bool,
    /// One or two lines of explanation.
    pub why: Vec<String>,
}

fn outcome_of(nimber: u64) -> Outcome {
    if nimber == 0 {
        Outcome::Loss
    } else {
        Outcome::Win
    }
}

fn joined(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Analyses `words` (the position) of `family`.
pub fn analyze(family: &Family, words: &[String]) -> anyhow::Result<Analysis> {
    let mut res = match family {
        Family::Wythoff => wythoff_analysis(words)?,
        Family::FibonacciNim => fibonacci_analysis(words)?,
        Family::BashReach(rule) => {
            let [target] = numbers(words, "N")?[..] else {
                bail!("bash-reach expects one number N (writing N or more loses)");
            };
            if target == 0 {
                bail!("bash-reach expects N >= 1");
            }
            let k = rule.max_take();
            let first = (target - 1) % (k + 1);
            let outcome = rule.reach_outcome(target);
            Analysis {
                game: String::new(),
                position: String::new(),
                outcome,
                nimber: Some(first),
                winning_moves: if first > 0 {
                    vec![format!("write {first}")]
                } else {
                    Vec::new()
                },
                complete: true,
                why: vec![
                    format!("this is the Bash game on a heap of N - 1 = {}, taking 1..{k}", target - 1),
                    format!("{} mod {} = {first}: the player to move loses exactly on 0; winning replies keep the written number ≡ N - 1 (mod {})", target - 1, k + 1, k + 1),
                ],
            }
        }
        Family::Nim | Family::MisereNim | Family::Staircase | Family::Moore(_) => {
            let heaps = numbers(words, "a heap size")?;
            if heaps.is_empty() {
                bail!("{} expects at least one heap size", family.title());
            }
            nim_like(family, &heaps)?
        }
        Family::Corner => {
            let [x, y] = numbers(words, "a distance")?[..] else {
                bail!("corner expects two numbers X Y (the distances to the corner)");
            };
            let outcome = corner::outcome((x, y));
            let nimber = ((x.saturating_add(1)).saturating_mul(y.saturating_add(1)) <= 250_000)
                .then(|| {
                    GrundySolver::without_components(&corner::Corner, Budget::default())
                        .nimber(&(x, y))
                })
                .transpose()?
                .map(|n| n.0);
            Analysis {
                game: String::new(),
                position: String::new(),
                outcome,
                nimber,
                winning_moves: corner::winning_move((x, y))
                    .map(|(a, b)| format!("({x}, {y}) -> ({a}, {b})"))
                    .into_iter()
                    .collect(),
                complete: true,
                why: vec![format!(
                    "P-positions are the cells with both distances even; here X is {} and Y is {}",
                    parity(x),
                    parity(y)
                )],
            }
        }
        _ => heap_analysis(family, words)?,
    };
    res.game = family.title();
    res.position = words.join(" ");
    Ok(res)
}

fn parity(n: u64) -> &'static str {
    if n.is_multiple_of(2) {
        "even"
    } else {
        "odd"
    }
}

fn nim_like(family: &Family, heaps: &[u64]) -> anyhow::Result<Analysis> {
    let sum = nim::nim_sum(heaps);
    let heap_moves = |moves: Vec<(usize, u64)>| -> Vec<String> {
        moves
            .into_iter()
            .map(|(i, size)| format!("heap {}: {} -> {size}", i + 1, heaps[i]))
            .collect()
    };
    let xor_line = format!(
        "nim-sum {} = {sum}",
        heaps
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ^ ")
    );
    Ok(match family {
        Family::Nim => Analysis {
            game: String::new(),
            position: String::new(),
            outcome: outcome_of(sum),
            nimber: Some(sum),
            winning_moves: heap_moves(nim::winning_moves(heaps)),
            complete: true,
            why: vec![
                xor_line,
                "Bouton: the player to move loses exactly when the nim-sum is 0; a winning move lowers a heap h to h ^ nim-sum".into(),
            ],
        },
        Family::MisereNim => {
            let big = heaps.iter().filter(|&&h| h >= 2).count();
            let ones = heaps.iter().filter(|&&h| h == 1).count();
            let why = if big > 0 {
                format!("{big} heap(s) of 2 or more: play as in Nim ({xor_line}) until only 1-heaps would remain, then leave an odd number of them")
            } else {
                format!("every heap is 0 or 1: {ones} heap(s) of 1; the player to move wins exactly when that is even")
            };
            Analysis {
                game: String::new(),
                position: String::new(),
                outcome: misere_nim::outcome(heaps),
                nimber: None,
                winning_moves: heap_moves(misere_nim::winning_moves(heaps)),
                complete: true,
                why: vec![why, "Bouton's misère rule (1901)".into()],
            }
        }
        Family::Staircase => {
            let value = staircase::nimber(heaps).0;
            let odd: Vec<String> = heaps.iter().step_by(2).map(u64::to_string).collect();
            Analysis {
                game: String::new(),
                position: String::new(),
                outcome: outcome_of(value),
                nimber: Some(value),
                winning_moves: staircase::winning_moves(heaps)
                    .into_iter()
                    .map(|m| {
                        let to = if m.from == 1 { "off the staircase".to_string() } else { format!("to step {}", m.from - 1) };
                        format!("move {} coin(s) from step {} {to}", m.coins, m.from)
                    })
                    .collect(),
                complete: true,
                why: vec![
                    format!("only the odd steps count: nim-sum of steps 1, 3, 5, ... = {} = {value}", odd.join(" ^ ")),
                    "coins moved from an even step can be moved straight back down, so even steps are reversible".into(),
                ],
            }
        }
        Family::Moore(game) => {
            let outcome = game.outcome(heaps);
            let modulus = game.k() + 1;
            let counts: Vec<String> = game
                .bit_counts(heaps)
                .into_iter()
                .map(|(bit, count)| format!("2^{bit}: {count}"))
                .collect();
            let (winning_moves, complete) = moore_moves(game, heaps);
            // The engine's Grundy value, where the position is small enough to search.
            let product: f64 = heaps.iter().map(|&h| h as f64 + 1.0).product();
            let nimber = (heaps.len() <= 6 && product <= 5_000.0)
                .then(|| {
                    GrundySolver::without_components(game, Budget::default()).nimber(&heaps.to_vec())
                })
                .transpose()?
                .map(|n| n.0);
            Analysis {
                game: String::new(),
                position: String::new(),
                outcome,
                nimber,
                winning_moves,
                complete,
                why: vec![
                    format!("heaps with each bit set: {}", counts.join(", ")),
                    format!("Moore: the player to move loses exactly when every count is divisible by K + 1 = {modulus}"),
                ],
            }
        }
        _ => unreachable!("nim_like is called for nim, misere-nim, staircase and moore"),
    })
}

/// Every winning move when the moves are few enough to try, else Moore's constructed one.
fn moore_moves(game: &grundy::games::moore::MooreNim, heaps: &[u64]) -> (Vec<String>, bool) {
    use grundy::Game;
    let show = |next: &[u64]| format!("{} -> {}", joined(heaps), joined(next));
    let product: f64 = heaps.iter().map(|&h| h as f64 + 1.0).product();
    if heaps.len() <= 16 && product <= 200_000.0 {
        let mut moves = Vec::new();
        game.moves(&heaps.to_vec(), &mut moves);
        let list = moves
            .into_iter()
            .filter(|m| game.outcome(&m.to) == Outcome::Loss)
            .map(|m| show(&m.to))
            .collect();
        return (list, true);
    }
    let list = game
        .winning_move(heaps)
        .map(|next| show(&next))
        .into_iter()
        .collect();
    (list, false)
}

fn heap_analysis(family: &Family, words: &[String]) -> anyhow::Result<Analysis> {
    let heaps = numbers(words, "a heap size")?;
    if heaps.is_empty() {
        bail!("{} expects at least one heap size", family.title());
    }
    let max_heap = heaps.iter().copied().max().unwrap_or(0);
    let values = heap_values(family, max_heap, 0)?;
    let get = |n: u64| {
        values
            .get(n)
            .with_context(|| format!("no Grundy value for heap {n}"))
    };
    let mut grundy = Vec::with_capacity(heaps.len());
    for &h in &heaps {
        grundy.push(get(h)?);
    }
    let sum = grundy.iter().fold(0, |acc, &g| acc ^ g);
    let rule = rule(family).context("a heap rule")?;
    let mut winning_moves = Vec::new();
    let mut complete = true;
    let mut options = Vec::new();
    if sum != 0 {
        for (i, (&h, &g)) in heaps.iter().zip(&grundy).enumerate() {
            let target = g ^ sum;
            if i > 0 && heaps[..i].contains(&h) {
                continue; // the same moves as an equal heap before
            }
            if !enumerable(family, h) {
                complete = false;
                continue;
            }
            options.clear();
            rule.options(h, &mut options);
            for &(a, b) in &options {
                if get(a)? ^ get(b)? == target {
                    let to = if b == 0 {
                        a.to_string()
                    } else {
                        format!("{a} + {b}")
                    };
                    winning_moves.push(format!("heap {}: {h} -> {to}", i + 1));
                }
            }
        }
    }
    let parts: Vec<String> = heaps
        .iter()
        .zip(&grundy)
        .map(|(h, g)| format!("G({h}) = {g}"))
        .collect();
    let mut why = vec![format!(
        "{}; XOR = {sum} (Sprague-Grundy: the player to move loses exactly when it is 0)",
        parts.join(", ")
    )];
    match family {
        Family::Bash(b) => why.push(format!("Bash: G(n) = n mod {}", b.max_take() + 1)),
        Family::Lasker => why.push(
            "Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3".into(),
        ),
        Family::Subtraction(s)
            if matches!(
                s.set(),
                grundy::games::subtraction::SubtractionSet::PowersOfTwo
            ) =>
        {
            why.push("powers of two: G(n) = n mod 3 (no power of two is a multiple of 3)".into())
        }
        _ => {
            if heaps.iter().any(|&h| values.uses_period(h)) {
                if let Some(pattern) = values.pattern {
                    why.push(format!(
                        "beyond the table of {} values: G is {}",
                        values.table.len(),
                        pattern.describe()
                    ));
                }
            }
        }
    }
    if !complete {
        why.push(format!(
            "moves of heaps above {} were not enumerated: the list of winning moves is partial",
            super::values::ENUMERATION_CAP
        ));
    }
    Ok(Analysis {
        game: String::new(),
        position: String::new(),
        outcome: outcome_of(sum),
        nimber: Some(sum),
        winning_moves,
        complete,
        why,
    })
}

fn wythoff_analysis(words: &[String]) -> anyhow::Result<Analysis> {
    let [a, b] = words else {
        bail!("wythoff expects two heap sizes A B");
    };
    let parse = |w: &String| -> anyhow::Result<BigUint> {
        w.parse::<BigUint>().map_err(|_| {
            anyhow::anyhow!("expected a heap size (a non-negative integer), found {w:?}")
        })
    };
    let (a, b) = (parse(a)?, parse(b)?);
    let p = wythoff::is_p_position_big(&a, &b);
    let moves = wythoff::winning_moves_big(&a, &b);
    let (low, high) = if a <= b { (&a, &b) } else { (&b, &a) };
    let diff = high - low;
    let (a_d, b_d) = wythoff::p_pair_big(&diff);
    let small = |v: &BigUint| u64::try_from(v.clone()).ok().filter(|&x| x <= 100);
    let nimber = match (small(&a), small(&b)) {
        (Some(x), Some(y)) => Some(
            GrundySolver::without_components(&wythoff::Wythoff, Budget::default())
                .nimber(&(x, y))?
                .0,
        ),
        _ => None,
    };
    let mut why = vec![
        "P-positions are the Beatty pairs (a_k, b_k) = (floor(k φ), floor(k φ²)) = ((k + isqrt(5k²)) / 2, a_k + k), in exact integers".into(),
        format!(
            "the difference is {diff}, and the pair with difference k = {diff} is ({a_d}, {b_d}): {}",
            if p { "this position is that pair" } else { "this position is not a P-position" }
        ),
    ];
    if let (Ok(x), false) = (u64::try_from(a.clone()), p) {
        let (partner, k) = wythoff::partner_of(x);
        why.push(format!(
            "heap {x} belongs to the pair k = {k}, with partner {partner}"
        ));
    }
    Ok(Analysis {
        game: String::new(),
        position: String::new(),
        outcome: if p { Outcome::Loss } else { Outcome::Win },
        nimber,
        winning_moves: moves
            .iter()
            .map(|(x, y)| format!("({a}, {b}) -> ({x}, {y})"))
            .collect(),
        complete: true,
        why,
    })
}

fn fibonacci_analysis(words: &[String]) -> anyhow::Result<Analysis> {
    let values = numbers(words, "a number")?;
    let (heap, max_take) = match values[..] {
        [n] => fibonacci_nim::start(n),
        [n, m] => (n, m),
        _ => bail!("fibonacci-nim expects N (a first move) or N MAX_TAKE"),
    };
    let terms = zeckendorf(heap);
    let pos = (heap, max_take);
    let (takes, complete) = match fibonacci_nim::winning_takes(pos, 1_000_000) {
        Some(takes) => (takes, true),
        None => (
            fibonacci_nim::winning_take(pos).into_iter().collect(),
            false,
        ),
    };
    let smallest = terms.last().copied().unwrap_or(0);
    // The engine's Grundy value, where the position is small enough to search.
    let nimber = (heap <= 300)
        .then(|| {
            GrundySolver::without_components(&fibonacci_nim::FibonacciNim, Budget::default())
                .nimber(&(heap, max_take.min(heap)))
        })
        .transpose()?
        .map(|n| n.0);
    Ok(Analysis {
        game: String::new(),
        position: String::new(),
        outcome: fibonacci_nim::outcome(pos),
        nimber,
        winning_moves: takes.iter().map(|t| format!("take {t} (leaving {}, the next player may take up to {})", heap - t, t.saturating_mul(2))).collect(),
        complete,
        why: vec![
            format!(
                "Zeckendorf: {heap} = {}",
                terms.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
            ),
            format!(
                "the smallest term {smallest} is {} the most the player to move may take ({max_take}); taking it wins exactly when it is allowed",
                if smallest <= max_take { "at most" } else { "more than" }
            ),
        ],
    })
}

/// Analyses a sum: components separated by `+`, each `GAME [PARAM] POSITION`.
pub fn analyze_sum(words: &[String]) -> anyhow::Result<Analysis> {
    let mut parts = Vec::new();
    for chunk in words.split(|w| w == "+") {
        let mut queue: VecDeque<String> = chunk.iter().cloned().collect();
        if queue.is_empty() {
            bail!("sum expects components separated by '+', e.g. 'nim 3 + bash 2 5'");
        }
        let family = crate::commands::list::catalog::parse_family(&mut queue)?;
        let position: Vec<String> = queue.into_iter().collect();
        let analysis = analyze(&family, &position)?;
        let nimber = analysis.nimber.with_context(|| {
            format!(
                "{} {} has no Grundy value here (misère or too large for the engine); a sum needs one",
                analysis.game, analysis.position
            )
        })?;
        parts.push((analysis, nimber));
    }
    let sum = parts.iter().fold(0, |acc, (_, g)| acc ^ g);
    let mut winning_moves = Vec::new();
    for (analysis, g) in &parts {
        if g ^ sum < *g {
            winning_moves.push(format!(
                "in {} {}: move to a position of value {} (from {g})",
                analysis.game,
                analysis.position,
                g ^ sum
            ));
        }
    }
    let values: Vec<String> = parts
        .iter()
        .map(|(a, g)| format!("{} {} = *{g}", a.game, a.position))
        .collect();
    Ok(Analysis {
        game: "sum".into(),
        position: words.join(" "),
        outcome: outcome_of(sum),
        nimber: Some(sum),
        winning_moves,
        complete: true,
        why: vec![
            format!("components: {}", values.join(", ")),
            format!("Sprague-Grundy: the sum's value is their XOR = {sum}"),
        ],
    })
}
