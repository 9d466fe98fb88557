//! The tables themselves: Grundy values by mex, outcomes and P-positions by the engine, and
//! the comparison with each family's closed form.

use anyhow::bail;
use grundy::games::bash::BashReach;
use grundy::games::fibonacci_nim::{self, FibonacciNim};
use grundy::games::heaps::{nimbers, HeapRule};
use grundy::games::lasker::Lasker;
use grundy::games::nim::Nim;
use grundy::games::subtraction::{is_fibonacci, SubtractionSet};
use grundy::games::{corner, misere_nim, staircase, wythoff};
use grundy::sequence::find_pattern;
use grundy::sequence::shape::{one_heap_shape, two_heap_shape, OneHeapShape, TwoHeapShape};
use grundy::solve::memo::{MemoSearch, Outcomes};
use grundy::{Budget, Game, Outcome, Play};

use super::Table;
use crate::commands::list::catalog::Family;

/// The rule of a heap family, for enumerating moves.
fn rule(family: &Family) -> Option<&dyn HeapRule> {
    match family {
        Family::Bash(b) => Some(b),
        Family::Subtraction(s) => Some(s),
        Family::Lasker => Some(&Lasker),
        Family::GrundyGame => Some(&grundy::games::grundy_game::GrundyGame),
        _ => None,
    }
}

/// Nim as a heap rule: a heap becomes any smaller heap.
struct NimRule;

impl HeapRule for NimRule {
    fn options(&self, heap: u64, out: &mut Vec<(u64, u64)>) {
        out.extend((0..heap).map(|smaller| (smaller, 0)));
    }
}

/// The largest `--to` of a table of pairs of heaps, whatever the family: it holds
/// (N + 1)^2 cells, 4 M at this bound.
const PAIRS_CAP: u64 = 2_000;

/// The largest `--to` for each kind of table.
fn cap(family: &Family, pairs: bool) -> u64 {
    let one_heap = match family {
        Family::Subtraction(s) => match s.set() {
            SubtractionSet::AllBut(_) => 20_000,
            _ => 1_000_000,
        },
        Family::Bash(b) => (100_000_000 / b.max_take()).clamp(1000, 1_000_000),
        Family::Nim | Family::Lasker | Family::GrundyGame if !pairs => 20_000,
        Family::Nim | Family::Lasker | Family::GrundyGame => 2_000,
        Family::BashReach(_) => 300,
        Family::FibonacciNim => 300,
        Family::Wythoff => 200,
        Family::Corner => 500,
        Family::MisereNim => 100,
        Family::Staircase => 60,
        Family::Moore(_) => 40,
    };
    if pairs {
        one_heap.min(PAIRS_CAP)
    } else {
        one_heap
    }
}

/// Tabulates `family` up to `to`.
pub fn tabulate(family: &Family, to: u64, pairs: bool) -> anyhow::Result<Table> {
    let limit = cap(family, pairs);
    if to > limit {
        let why = if pairs {
            format!(
                " (a table of pairs holds (N + 1)^2 = {} cells)",
                (u128::from(to) + 1).pow(2)
            )
        } else {
            String::new()
        };
        bail!(
            "--to {to} is too large for {}: at most {limit} here{why}",
            family.title()
        );
    }
    let mut table = Table {
        game: family.title(),
        to,
        ..Table::default()
    };
    match family {
        Family::BashReach(_) | Family::FibonacciNim => outcome_table(family, &mut table)?,
        Family::Wythoff
        | Family::Corner
        | Family::MisereNim
        | Family::Staircase
        | Family::Moore(_) => pair_table(family, &mut table)?,
        _ => grundy_table(family, &mut table, pairs)?,
    }
    Ok(table)
}

fn grundy_table(family: &Family, t: &mut Table, pairs: bool) -> anyhow::Result<()> {
    let budget = Budget::default();
    let values = match family {
        Family::Nim => nimbers(&NimRule, t.to, &budget)?,
        Family::Subtraction(s) => s.nimbers(t.to, &budget)?,
        _ => match rule(family) {
            Some(rule) => nimbers(&DynRule(rule), t.to, &budget)?,
            None => bail!("{} has no Grundy table", family.title()),
        },
    };
    let pattern = match family {
        Family::Subtraction(s) => s.pattern(&values),
        _ => find_pattern(&values, None),
    };
    t.pattern = Some(match pattern {
        Some(p) => p.describe(),
        None => format!("no period or arithmetic period found for n <= {}", t.to),
    });
    let closed: Option<(String, Formula)> = match family {
        Family::Nim => Some((
            "G(n) = n (every smaller heap is an option)".into(),
            Box::new(Some),
        )),
        Family::Bash(b) => {
            let m = b.max_take() + 1;
            Some((
                format!("G(n) = n mod {m} (Bash)"),
                Box::new(move |n| Some(n % m)),
            ))
        }
        Family::Lasker => Some((
            "G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (Conway, ONAG)".into(),
            Box::new(|n| Lasker::nimber(n).map(|v| v.0)),
        )),
        Family::Subtraction(s) if matches!(s.set(), SubtractionSet::PowersOfTwo) => Some((
            "G(n) = n mod 3 (no power of two is a multiple of 3)".into(),
            Box::new(|n| Some(n % 3)),
        )),
        _ => None,
    };
    if let Some((text, formula)) = closed {
        let agrees = (0..=t.to).all(|n| formula(n) == Some(values[n as usize]));
        t.closed_form = Some(if agrees {
            format!("{text}, a theorem; the table agrees with it")
        } else {
            format!("{text}: THE TABLE DISAGREES (please report this)")
        });
    }
    if pairs {
        let len = t.to as usize + 1;
        t.cells = (0..len)
            .map(|a| (0..len).map(|b| values[a] == values[b]).collect())
            .collect();
        t.kind = "pairs";
        finish_pairs(t);
        t.closed_form = Some(
            "a sum of two heaps is a P-position exactly when G(a) = G(b) (Sprague-Grundy)".into(),
        );
        t.nimbers = Some(values);
        return Ok(());
    }
    t.kind = "grundy";
    t.p_positions = (0..=t.to).filter(|&n| values[n as usize] == 0).collect();
    let flags: Vec<bool> = values.iter().map(|&v| v == 0).collect();
    t.shape = Some(one_heap_description(&flags, t.to));
    // A plain period of G makes the P-positions a union of residue classes beyond the
    // preperiod, with the same evidence as the period.
    if let (Some(p), OneHeapShape::Other) = (pattern, one_heap_shape(&flags)) {
        let (start, period) = (p.periodicity.preperiod, p.periodicity.period);
        if p.periodicity.saltus == 0 {
            let mut residues: Vec<usize> = (start..start + period)
                .filter(|&n| values[n] == 0)
                .map(|n| n % period)
                .collect();
            residues.sort_unstable();
            let residues: Vec<String> = residues.iter().map(usize::to_string).collect();
            let evidence = if p.evidence.is_proved() {
                "proved with the period".to_string()
            } else {
                format!("a conjecture checked for n <= {}", t.to)
            };
            t.shape = Some(if residues.is_empty() {
                format!("no P-positions for n >= {start}, {evidence}")
            } else {
                format!(
                    "P-positions for n >= {start}: n ≡ {} (mod {period}), {evidence}",
                    residues.join(", ")
                )
            });
        }
    }
    t.nimbers = Some(values);
    Ok(())
}

/// A closed form G(n) (`None` where it does not fit a u64).
type Formula = Box<dyn Fn(u64) -> Option<u64>>;

/// A closed form for two heaps: true on P-positions.
type PairFormula = Box<dyn Fn(u64, u64) -> bool>;

/// A `&dyn HeapRule` as a sized rule.
struct DynRule<'a>(&'a dyn HeapRule);

impl HeapRule for DynRule<'_> {
    fn options(&self, heap: u64, out: &mut Vec<(u64, u64)>) {
        self.0.options(heap, out);
    }
}

fn one_heap_description(flags: &[bool], to: u64) -> String {
    match one_heap_shape(flags) {
        OneHeapShape::ResidueClass { modulus, residue } => format!(
            "P-positions form a single residue class, n ≡ {residue} (mod {modulus}), as in the Bash game (seen for n <= {to})"
        ),
        OneHeapShape::Other => format!("P-positions form no single residue class for n <= {to}"),
    }
}

fn outcome_table(family: &Family, t: &mut Table) -> anyhow::Result<()> {
    t.kind = "outcome";
    let budget = Budget::default();
    let mut loses = vec![false; t.to as usize + 1];
    match family {
        Family::BashReach(rule) => {
            for target in 1..=t.to {
                let game = BashReach {
                    rule: *rule,
                    target,
                };
                let mut search = MemoSearch::new(&game, Outcomes(Play::Normal), budget.clone());
                loses[target as usize] = search.value(&0)? == Outcome::Loss;
            }
            t.p_positions = (1..=t.to).filter(|&n| loses[n as usize]).collect();
            let flags = &loses[1..];
            let shifted = match one_heap_shape(flags) {
                OneHeapShape::ResidueClass { modulus, residue } => format!(
                    "the first player loses exactly when N ≡ {} (mod {modulus}) (seen for N <= {})",
                    residue + 1,
                    t.to
                ),
                OneHeapShape::Other => format!("no single residue class for N <= {}", t.to),
            };
            t.shape = Some(shifted);
            let agrees =
                (1..=t.to).all(|n| loses[n as usize] == (rule.reach_outcome(n) == Outcome::Loss));
            t.closed_form = Some(agree(
                &format!(
                    "the first player loses exactly when (N - 1) mod {} = 0 (the Bash game on N - 1)",
                    rule.max_take() + 1
                ),
                agrees,
            ));
        }
        Family::FibonacciNim => {
            let mut search = MemoSearch::new(&FibonacciNim, Outcomes(Play::Normal), budget);
            for n in 1..=t.to {
                loses[n as usize] = search.value(&fibonacci_nim::start(n))? == Outcome::Loss;
            }
            t.p_positions = (1..=t.to).filter(|&n| loses[n as usize]).collect();
            let fibonacci = (2..=t.to).all(|n| loses[n as usize] == is_fibonacci(n));
            t.shape = Some(if fibonacci {
                format!(
                    "for heaps 2..{}, the first player loses exactly on the Fibonacci numbers",
                    t.to
                )
            } else {
                "the losing heaps are not exactly the Fibonacci numbers".into()
            });
            let agrees = (1..=t.to).all(|n| {
                loses[n as usize]
                    == (fibonacci_nim::outcome(fibonacci_nim::start(n)) == Outcome::Loss)
            });
            t.closed_form = Some(agree(
                "Zeckendorf (Whinihan 1963): a player may win exactly when the smallest Zeckendorf term is within reach",
                agrees,
            ));
        }
        _ => bail!("{} has no outcome table", family.title()),
    }
    Ok(())
}

fn agree(text: &str, agrees: bool) -> String {
    if agrees {
        format!("{text}, a theorem; the table agrees with it")
    } else {
        format!("{text}: THE TABLE DISAGREES (please report this)")
    }
}

/// Two heaps (or cells, or steps) `0..=to`, solved by the engine.
fn pair_table(family: &Family, t: &mut Table) -> anyhow::Result<()> {
    t.kind = "pairs";
    let len = t.to as usize + 1;
    let budget = Budget::default();
    fn solve<G: Game>(
        game: &G,
        len: usize,
        budget: &Budget,
        position: impl Fn(u64, u64) -> G::Position,
        play: Play,
    ) -> anyhow::Result<Vec<Vec<bool>>> {
        let mut search = MemoSearch::new(game, Outcomes(play), budget.clone());
        let mut cells = vec![vec![false; len]; len];
        for (a, row) in cells.iter_mut().enumerate() {
            for (b, cell) in row.iter_mut().enumerate() {
                *cell = search.value(&position(a as u64, b as u64))? == Outcome::Loss;
            }
        }
        Ok(cells)
    }
    let (cells, theorem, closed): (Vec<Vec<bool>>, &str, PairFormula) =
        match family {
            Family::Wythoff => (
                solve(&wythoff::Wythoff, len, &budget, |a, b| (a, b), Play::Normal)?,
                "Wythoff (1907): P-positions are the Beatty pairs (floor(k φ), floor(k φ²))",
                Box::new(wythoff::is_p_position),
            ),
            Family::Corner => (
                solve(&corner::Corner, len, &budget, |a, b| (a, b), Play::Normal)?,
                "P-positions are the cells with both distances even",
                Box::new(|a, b| corner::outcome((a, b)) == Outcome::Loss),
            ),
            Family::MisereNim => (
                solve(&Nim, len, &budget, |a, b| vec![a, b], Play::Misere)?,
                "Bouton's misère rule: nim-sum 0 when a heap has 2 or more, else an odd number of 1-heaps",
                Box::new(|a, b| misere_nim::outcome(&[a, b]) == Outcome::Loss),
            ),
            Family::Staircase => (
                solve(&staircase::Staircase, len, &budget, |a, b| vec![a, b], Play::Normal)?,
                "only odd steps count: with two steps (a on step 1, b on step 2), P exactly when a = 0",
                Box::new(|a, b| staircase::nimber(&[a, b]).0 == 0),
            ),
            Family::Moore(game) => {
                let game = *game;
                (
                    solve(&game, len, &budget, |a, b| vec![a, b], Play::Normal)?,
                    "Moore: every bit count divisible by K + 1",
                    Box::new(move |a, b| game.outcome(&[a, b]) == Outcome::Loss),
                )
            }
            _ => bail!("{} has no two-heap table", family.title()),
        };
    let agrees = (0..len).all(|a| (0..len).all(|b| cells[a][b] == closed(a as u64, b as u64)));
    t.cells = cells;
    finish_pairs(t);
    t.closed_form = Some(agree(theorem, agrees));
    Ok(())
}

fn finish_pairs(t: &mut Table) {
    let len = t.cells.len();
    t.p_pairs = (0..len)
        .flat_map(|a| (a..len).map(move |b| (a, b)))
        .filter(|&(a, b)| t.cells[a][b])
        .map(|(a, b)| (a as u64, b as u64))
        .collect();
    let shape = two_heap_shape(&t.cells);
    t.shape = Some(match shape {
        TwoHeapShape::Other => format!("no recognised shape for a, b <= {}", t.to),
        _ => format!("{} (seen for a, b <= {})", shape.describe(), t.to),
    });
}
