//! The analysis of a position of one family: each family's closed form, table or search,
//! chosen by its [`Family`].

use super::error::AnalysisError;
use super::found::{outcome_of, Analysis, Found};
use super::heaps::{HeapFamily, HeapRow, ENUMERATION_CAP};
use super::reason::{HeapNimber, Reason};
use super::valued::{self, Searched, Valued};
use super::{nim, pairs};
use crate::catalog::{numbers, Family};
use crate::games::corner;
use crate::games::subtraction::SubtractionSet;
use crate::limits::Budget;
use crate::solve::grundy::GrundySolver;
use crate::value::Nimber;

/// Analyses `position` (its words, e.g. `["3", "5", "7"]`) of `family`.
///
/// # Errors
///
/// [`AnalysisError`] naming the bad word or what the family expects, or saying why a heap
/// has no known value.
///
/// # Examples
///
/// ```
/// use grundy::analysis::{analyze, Reason};
/// use grundy::catalog::Family;
/// use grundy::Outcome;
/// let analysis = analyze(&Family::Corner, &["4".into(), "7".into()]).unwrap();
/// assert_eq!(analysis.outcome, Outcome::Win);
/// assert_eq!(analysis.reasons, [Reason::CornerParity { x: 4, y: 7 }]);
/// ```
pub fn analyze(family: &Family, position: &[String]) -> Result<Analysis, AnalysisError> {
    let (analysis, _) = analyze_valued(family, position)?;
    Ok(analysis)
}

/// [`analyze`], and the position with its Grundy value where it has one (what lists its
/// moves to any value, as a sum asks of its components).
pub(super) fn analyze_valued<'a>(
    family: &'a Family,
    position: &[String],
) -> Result<(Analysis, Option<Valued<'a>>), AnalysisError> {
    let game = family.title();
    let bad = |expected| AnalysisError::Position {
        game: game.clone(),
        expected,
    };
    let heaps = || -> Result<Vec<u64>, AnalysisError> {
        let heaps = numbers(position, "a heap size")?;
        if heaps.is_empty() {
            return Err(bad("at least one heap size"));
        }
        Ok(heaps)
    };
    let found = match family {
        Family::Nim => nim::nim(&heaps()?),
        Family::MisereNim => nim::misere(&heaps()?),
        Family::Staircase => nim::staircase(&heaps()?),
        Family::Moore(rule) => nim::moore(rule, &heaps()?)?,
        Family::Bash(rule) => heap_row(HeapFamily::Bash(rule), &heaps()?)?,
        Family::Subtraction(rule) => heap_row(HeapFamily::Subtraction(rule), &heaps()?)?,
        Family::Lasker => heap_row(HeapFamily::Lasker, &heaps()?)?,
        Family::GrundyGame => heap_row(HeapFamily::GrundyGame, &heaps()?)?,
        Family::Code(code) => heap_row(HeapFamily::Code(code), &heaps()?)?,
        Family::Wythoff => {
            let [a, b] = position else {
                return Err(bad("two heap sizes A B"));
            };
            pairs::wythoff(a, b)?
        }
        Family::FibonacciNim => match numbers(position, "a number")?[..] {
            [n] => pairs::fibonacci(crate::games::fibonacci_nim::start(n))?,
            [n, max_take] => pairs::fibonacci((n, max_take))?,
            _ => return Err(bad("N (a first move) or N MAX_TAKE")),
        },
        Family::BashReach(rule) => {
            // The message names the family without its K, as `grundy list` shows it.
            let bad = |expected| AnalysisError::Position {
                game: "bash-reach".into(),
                expected,
            };
            let [target] = numbers(position, "N")?[..] else {
                return Err(bad("one number N (writing N or more loses)"));
            };
            if target == 0 {
                return Err(bad("N >= 1"));
            }
            bash_reach(rule.max_take(), target)
        }
        Family::Corner => {
            let [x, y] = numbers(position, "a distance")?[..] else {
                return Err(bad("two numbers X Y (the distances to the corner)"));
            };
            corner_analysis(x, y)?
        }
    };
    let analysis = Analysis {
        game,
        position: position.join(" "),
        outcome: found.outcome,
        nimber: found.value.as_ref().map(Valued::nimber),
        winning_moves: found.winning_moves,
        complete: found.complete,
        reasons: found.reasons,
    };
    Ok((analysis, found.value))
}

/// Bash, reach `target` and lose: the Bash game on a heap of `target - 1` (`target >= 1`).
fn bash_reach(max_take: u64, target: u64) -> Found<'static> {
    let heap = target - 1;
    let modulus = max_take + 1;
    let first = heap % modulus;
    Found {
        outcome: outcome_of(Nimber(first)),
        value: Some(Valued::BashReach { heap, max_take }),
        winning_moves: valued::bash_reach_write(heap, max_take, Nimber(0))
            .map(valued::write)
            .into_iter()
            .collect(),
        complete: true,
        reasons: vec![
            Reason::BashReach { heap, max_take },
            Reason::BashReachRule {
                heap,
                modulus,
                remainder: first,
            },
        ],
    }
}

/// The corner game's most cells searched for a Grundy value.
const CORNER_CELLS: u64 = 250_000;

fn corner_analysis(x: u64, y: u64) -> Result<Found<'static>, AnalysisError> {
    let cells = x.saturating_add(1).saturating_mul(y.saturating_add(1));
    let value = if cells <= CORNER_CELLS {
        Some(Valued::Searched {
            nimber: GrundySolver::without_components(&corner::Corner, Budget::default())
                .nimber(&(x, y))?,
            position: Searched::Corner(x, y),
        })
    } else {
        None
    };
    Ok(Found {
        outcome: corner::outcome((x, y)),
        value,
        winning_moves: corner::winning_move((x, y))
            .map(|to| valued::corner_label((x, y), to))
            .into_iter()
            .collect(),
        complete: true,
        reasons: vec![Reason::CornerParity { x, y }],
    })
}

/// A row of heaps of `family`: each heap's value, their XOR, the winning moves.
fn heap_row<'a>(family: HeapFamily<'a>, heaps: &[u64]) -> Result<Found<'a>, AnalysisError> {
    let row = HeapRow::new(family, heaps, ENUMERATION_CAP)?;
    let (grundy, total) = (&row.grundy, row.nimber().0);
    let values = &row.values;
    let (winning_moves, partial) = row.moves_to(Nimber(0))?;
    let mut reasons = vec![Reason::HeapXor {
        heaps: heaps
            .iter()
            .zip(grundy)
            .map(|(&heap, &g)| HeapNimber {
                heap,
                nimber: Nimber(g),
            })
            .collect(),
        total: Nimber(total),
    }];
    match family {
        HeapFamily::Bash(b) => reasons.push(Reason::BashFormula {
            modulus: b.max_take() + 1,
        }),
        HeapFamily::Lasker => reasons.push(Reason::LaskerFormula),
        HeapFamily::Code(code) => {
            if let Some(known) = values.known() {
                reasons.push(Reason::OctalValues {
                    code: code.to_string(),
                    computed: known.computed(),
                    verdict: *known.verdict(),
                });
            }
        }
        HeapFamily::Subtraction(s) if matches!(s.set(), SubtractionSet::PowersOfTwo) => {
            reasons.push(Reason::PowersOfTwo)
        }
        _ => {
            if heaps.iter().any(|&h| values.uses_period(h)) {
                if let Some(pattern) = values.pattern {
                    reasons.push(Reason::Period {
                        tabulated: values.table.len(),
                        pattern,
                    });
                }
            }
        }
    }
    let complete = partial.is_none();
    reasons.extend(partial);
    Ok(Found {
        outcome: outcome_of(Nimber(total)),
        winning_moves,
        complete,
        reasons,
        value: Some(Valued::Heaps(row)),
    })
}
