//! A heap bound where the quotient grows: the automaton learned first from outcomes read
//! through the quotient of the smaller heaps (`through`, no search of whole sums), then,
//! when that guess fails, from outcomes of sums by plain search (`outcome`). Either way
//! nothing is returned before `check` has proved it, so a wrong guess costs time, never a
//! wrong quotient.

use super::check;
use super::error::QuotientError;
use super::learn::Table;
use super::limits::Limits;
use super::outcome::{Counts, Oracle, Outcomes, Rules};
use super::through::Through;

/// The deepest keys the guess tries (`through`) before the search.
const GUESS_DEPTH: usize = 1;

/// Learns and proves the quotient of heaps 1..=n (n the last heap of `rules`), starting
/// from the given test sums; `outcomes` holds the proved quotient of heaps 1..n-1, if any.
pub(super) fn learn(
    rules: &Rules,
    outcomes: &mut Outcomes,
    suffixes: Vec<Counts>,
    limits: &Limits,
    stop: &dyn Fn() -> bool,
) -> Result<Table, QuotientError> {
    let n = rules.max_heap();
    for depth in 0..=GUESS_DEPTH {
        let guess = outcomes
            .known()
            .and_then(|known| Through::new(known, n, depth, limits.max_positions));
        let Some(mut through) = guess else { break };
        match learn_from(rules, &mut through, suffixes.clone(), limits, stop) {
            // Proved, but the guessed outcomes may have kept apart states that no sum
            // tells apart: reduced, it is the quotient.
            Ok(table) => return Ok(table.reduced()),
            Err(QuotientError::Cancelled) => return Err(QuotientError::Cancelled),
            Err(_) => {}
        }
    }
    learn_from(rules, outcomes, suffixes, limits, stop)
}

/// Learns from `oracle` until `check` proves the automaton.
fn learn_from(
    rules: &Rules,
    oracle: &mut dyn Oracle,
    suffixes: Vec<Counts>,
    limits: &Limits,
    stop: &dyn Fn() -> bool,
) -> Result<Table, QuotientError> {
    let n = rules.max_heap();
    let mut table = Table::new(n, suffixes);
    loop {
        table.close(rules, oracle, limits.max_order, stop)?;
        let suspects = match check::commutes(&table) {
            Some(words) => words,
            None => match check::closed(&table, rules, limits.max_pairs, stop)? {
                Some(words) => words,
                None => return Ok(table),
            },
        };
        let mut refined = false;
        for word in &suspects {
            if table.refine(rules, oracle, word)? {
                refined = true;
                break;
            }
        }
        if !refined {
            return Err(QuotientError::Inconsistent { heap: n });
        }
    }
}
