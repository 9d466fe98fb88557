//! The catalogue families' tables: Grundy values by mex, outcomes and P-positions by the
//! memo search, and the comparison with each family's closed form.

use super::error::TableError;
use super::found::{ClosedForm, Shape, Table, TableKind, TablePattern, Theorem};
use crate::analysis::HeapFamily;
use crate::catalog::Family;
use crate::games::bash::{Bash, BashReach};
use crate::games::fibonacci_nim::{self, FibonacciNim};
use crate::games::heaps::{nimbers, HeapRule};
use crate::games::lasker::Lasker;
use crate::games::nim::Nim;
use crate::games::subtraction::{is_fibonacci, SubtractionSet};
use crate::games::{corner, misere_nim, staircase, wythoff};
use crate::limits::{Budget, SolveError};
use crate::model::Game;
use crate::octal::known::{bound, Known};
use crate::octal::{ComputeError, TakeAndBreak};
use crate::sequence::find_pattern;
use crate::sequence::shape::{one_heap_shape, two_heap_shape, OneHeapShape};
use crate::solve::memo::{MemoSearch, Outcomes};
use crate::value::{Outcome, Play};

/// Nim as a heap rule: a heap becomes any smaller heap.
struct NimRule;

impl HeapRule for NimRule {
    fn options(&self, heap: u64, out: &mut Vec<(u64, u64)>) {
        out.extend((0..heap).map(|smaller| (smaller, 0)));
    }
}

/// A closed form G(n) (`None` where it does not fit a u64).
type Formula = Box<dyn Fn(u64) -> Option<u64>>;

/// A closed form for two heaps: true on P-positions.
type PairFormula<'a> = &'a dyn Fn(u64, u64) -> bool;

/// Fills `t` (named, bounded, still empty) with `family`'s table.
pub(super) fn fill(
    family: &Family,
    mut t: Table,
    pairs: bool,
    budget: &Budget,
) -> Result<Table, TableError> {
    let len = t.to as usize + 1;
    let solve = |game: &dyn PairGame| game.cells(len, budget);
    let (cells, theorem, closed): (Vec<Vec<bool>>, Theorem, PairFormula) = match family {
        Family::Nim => return grundy_table(t, None, pairs, budget),
        Family::Bash(rule) => return grundy_table(t, Some(HeapFamily::Bash(rule)), pairs, budget),
        Family::Subtraction(rule) => {
            return grundy_table(t, Some(HeapFamily::Subtraction(rule)), pairs, budget)
        }
        Family::Lasker => return grundy_table(t, Some(HeapFamily::Lasker), pairs, budget),
        Family::GrundyGame => return grundy_table(t, Some(HeapFamily::GrundyGame), pairs, budget),
        Family::Code(code) => return code_table(t, code, pairs, budget),
        Family::BashReach(rule) => return bash_reach_table(t, rule, budget),
        Family::FibonacciNim => return fibonacci_table(t, budget),
        Family::Wythoff => (
            solve(&Pairs(wythoff::Wythoff, |a, b| (a, b), Play::Normal))?,
            Theorem::Wythoff,
            &wythoff::is_p_position,
        ),
        Family::Corner => (
            solve(&Pairs(corner::Corner, |a, b| (a, b), Play::Normal))?,
            Theorem::Corner,
            &|a, b| corner::outcome((a, b)) == Outcome::Loss,
        ),
        Family::MisereNim => (
            solve(&Pairs(Nim, |a, b| vec![a, b], Play::Misere))?,
            Theorem::MisereNim,
            &|a, b| misere_nim::outcome(&[a, b]) == Outcome::Loss,
        ),
        Family::Staircase => (
            solve(&Pairs(
                staircase::Staircase,
                |a, b| vec![a, b],
                Play::Normal,
            ))?,
            Theorem::Staircase,
            &|a, b| staircase::nimber(&[a, b]).0 == 0,
        ),
        Family::Moore(game) => (
            solve(&Pairs(*game, |a, b| vec![a, b], Play::Normal))?,
            Theorem::Moore,
            &|a, b| game.outcome(&[a, b]) == Outcome::Loss,
        ),
    };
    let agrees = (0..len).all(|a| (0..len).all(|b| cells[a][b] == closed(a as u64, b as u64)));
    t.kind = TableKind::Pairs;
    t.cells = cells;
    finish_pairs(&mut t);
    t.closed_form = Some(ClosedForm {
        theorem,
        agrees: Some(agrees),
    });
    Ok(t)
}

/// A game whose positions are made from two integers, solved cell by cell.
trait PairGame {
    /// `cells[a][b]`: the position made from `(a, b)` is a loss for the player to move.
    fn cells(&self, len: usize, budget: &Budget) -> Result<Vec<Vec<bool>>, TableError>;
}

/// A game, how two integers make its position, and the play convention.
struct Pairs<G: Game, F>(G, F, Play);

impl<G: Game, F: Fn(u64, u64) -> G::Position> PairGame for Pairs<G, F> {
    fn cells(&self, len: usize, budget: &Budget) -> Result<Vec<Vec<bool>>, TableError> {
        let Pairs(game, position, play) = self;
        let mut search = MemoSearch::new(game, Outcomes(*play), budget.clone());
        let mut cells = vec![vec![false; len]; len];
        for (a, row) in cells.iter_mut().enumerate() {
            for (b, cell) in row.iter_mut().enumerate() {
                *cell = search.value(&position(a as u64, b as u64))? == Outcome::Loss;
            }
        }
        Ok(cells)
    }
}

/// Grundy values of one heap (`None`: Nim), or of pairs of heaps with `pairs`.
fn grundy_table(
    t: Table,
    family: Option<HeapFamily>,
    pairs: bool,
    budget: &Budget,
) -> Result<Table, TableError> {
    let values = match family {
        None => nimbers(&NimRule, t.to, budget)?,
        Some(HeapFamily::Subtraction(s)) => s.nimbers(t.to, budget)?,
        Some(family) => family.nimbers(t.to, budget)?,
    };
    let pattern = match family {
        Some(HeapFamily::Subtraction(s)) => s.pattern(&values),
        _ => find_pattern(&values, None),
    };
    let shown = match pattern {
        Some(pattern) => TablePattern::Periodic { pattern },
        None => TablePattern::None { to: t.to },
    };
    // A plain period makes the P-positions residue classes, with the period's evidence.
    let plain = pattern.filter(|p| p.periodicity.saltus == 0).map(|p| {
        (
            p.periodicity.preperiod,
            p.periodicity.period,
            p.evidence.is_proved(),
        )
    });
    let closed: Option<(Theorem, Formula)> = match family {
        None => Some((Theorem::Nim, Box::new(Some))),
        Some(HeapFamily::Bash(b)) => {
            let modulus = b.max_take() + 1;
            Some((
                Theorem::Bash { modulus },
                Box::new(move |n| Some(n % modulus)),
            ))
        }
        Some(HeapFamily::Lasker) => Some((
            Theorem::Lasker,
            Box::new(|n| Lasker::nimber(n).map(|v| v.0)),
        )),
        Some(HeapFamily::Subtraction(s)) if matches!(s.set(), SubtractionSet::PowersOfTwo) => {
            Some((Theorem::PowersOfTwo, Box::new(|n| Some(n % 3))))
        }
        _ => None,
    };
    Ok(finish_values(t, values, shown, plain, closed, pairs))
}

/// A code's table: values from the octal engine (extended by a proved period past those
/// computed), with the engine's verdict on the period, as `grundy octal` gives it.
fn code_table(
    t: Table,
    code: &TakeAndBreak,
    pairs: bool,
    budget: &Budget,
) -> Result<Table, TableError> {
    let limit = usize::try_from(t.to)
        .unwrap_or(usize::MAX)
        .saturating_add(1)
        .max(bound(code));
    let known = Known::of(code.clone(), limit, budget).map_err(|err| match err {
        ComputeError::Solve(err) => TableError::Solve(err),
        other => TableError::Solve(SolveError::Unsupported(other.to_string())),
    })?;
    let values = (0..=t.to)
        .map(|n| known.get(n).map(|v| v.0))
        .collect::<Option<Vec<u64>>>()
        .ok_or_else(|| {
            TableError::Solve(SolveError::Unsupported(format!(
                "{code}: only {} values were computed",
                known.computed()
            )))
        })?;
    let plain = known.period().map(|p| (p.preperiod, p.period, true));
    let shown = TablePattern::Octal {
        verdict: *known.verdict(),
    };
    Ok(finish_values(t, values, shown, plain, None, pairs))
}

/// Fills `t` with one heap's `values` (or pairs of heaps' with `pairs`), the pattern
/// `shown`, the P-positions' shape (residue classes from a plain period `(from, period,
/// proved)`), and the closed form checked against the values.
fn finish_values(
    mut t: Table,
    values: Vec<u64>,
    shown: TablePattern,
    plain: Option<(usize, usize, bool)>,
    closed: Option<(Theorem, Formula)>,
    pairs: bool,
) -> Table {
    t.pattern = Some(shown);
    if let Some((theorem, formula)) = closed {
        let agrees = (0..=t.to).all(|n| formula(n) == Some(values[n as usize]));
        t.closed_form = Some(ClosedForm {
            theorem,
            agrees: Some(agrees),
        });
    }
    if pairs {
        let len = t.to as usize + 1;
        t.cells = (0..len)
            .map(|a| (0..len).map(|b| values[a] == values[b]).collect())
            .collect();
        t.kind = TableKind::Pairs;
        finish_pairs(&mut t);
        t.closed_form = Some(ClosedForm {
            theorem: Theorem::EqualValues,
            agrees: None,
        });
        t.nimbers = Some(values);
        return t;
    }
    t.kind = TableKind::Grundy;
    t.p_positions = (0..=t.to).filter(|&n| values[n as usize] == 0).collect();
    let flags: Vec<bool> = values.iter().map(|&v| v == 0).collect();
    let seen = one_heap_shape(&flags);
    t.shape = Some(Shape::OneHeap {
        shape: seen,
        to: t.to,
    });
    // A plain period of G makes the P-positions a union of residue classes beyond the
    // preperiod, with the same evidence as the period.
    if let (Some((from, period, proved)), OneHeapShape::Other) = (plain, seen) {
        if from + period <= values.len() {
            let mut residues: Vec<usize> = (from..from + period)
                .filter(|&n| values[n] == 0)
                .map(|n| n % period)
                .collect();
            residues.sort_unstable();
            t.shape = Some(Shape::Residues {
                from,
                period,
                residues,
                proved,
                to: t.to,
            });
        }
    }
    t.nimbers = Some(values);
    t
}

/// Bash, reach N and lose: the first player's outcome for each target `1..=to`.
fn bash_reach_table(mut t: Table, rule: &Bash, budget: &Budget) -> Result<Table, TableError> {
    t.kind = TableKind::Outcome;
    let mut loses = vec![false; t.to as usize + 1];
    for target in 1..=t.to {
        let game = BashReach {
            rule: *rule,
            target,
        };
        let mut search = MemoSearch::new(&game, Outcomes(Play::Normal), budget.clone());
        loses[target as usize] = search.value(&0)? == Outcome::Loss;
    }
    t.p_positions = (1..=t.to).filter(|&n| loses[n as usize]).collect();
    t.shape = Some(Shape::Targets {
        shape: one_heap_shape(&loses[1..]),
        to: t.to,
    });
    let agrees = (1..=t.to).all(|n| loses[n as usize] == (rule.reach_outcome(n) == Outcome::Loss));
    t.closed_form = Some(ClosedForm {
        theorem: Theorem::BashReach {
            modulus: rule.max_take() + 1,
        },
        agrees: Some(agrees),
    });
    Ok(t)
}

/// Fibonacci Nim: the first player's outcome from each start `1..=to`.
fn fibonacci_table(mut t: Table, budget: &Budget) -> Result<Table, TableError> {
    t.kind = TableKind::Outcome;
    let mut loses = vec![false; t.to as usize + 1];
    let mut search = MemoSearch::new(&FibonacciNim, Outcomes(Play::Normal), budget.clone());
    for n in 1..=t.to {
        loses[n as usize] = search.value(&fibonacci_nim::start(n))? == Outcome::Loss;
    }
    t.p_positions = (1..=t.to).filter(|&n| loses[n as usize]).collect();
    t.shape = Some(Shape::FibonacciStarts {
        fibonacci: (2..=t.to).all(|n| loses[n as usize] == is_fibonacci(n)),
        to: t.to,
    });
    let agrees = (1..=t.to).all(|n| {
        loses[n as usize] == (fibonacci_nim::outcome(fibonacci_nim::start(n)) == Outcome::Loss)
    });
    t.closed_form = Some(ClosedForm {
        theorem: Theorem::Zeckendorf,
        agrees: Some(agrees),
    });
    Ok(t)
}

/// The P-pairs `a <= b` and the shape of a two-heap table's `cells`.
fn finish_pairs(t: &mut Table) {
    let len = t.cells.len();
    t.p_pairs = (0..len)
        .flat_map(|a| (a..len).map(move |b| (a, b)))
        .filter(|&(a, b)| t.cells[a][b])
        .map(|(a, b)| (a as u64, b as u64))
        .collect();
    t.shape = Some(Shape::TwoHeaps {
        shape: two_heap_shape(&t.cells),
        to: t.to,
    });
}
