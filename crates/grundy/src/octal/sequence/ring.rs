//! The ring (circular) variant: a ring's first move leaves a line, so its value is a mex
//! over at most t line values, and it needs no table of its own.

use super::super::direct::Rules;
use super::super::error::ComputeError;
use crate::value::Nimber;

/// The value of a ring of `n` tokens under `rules`, from the values `line(m)` of lines of
/// `m < n` tokens (the first error `line` returns, if any).
pub(super) fn ring_value(
    rules: &Rules,
    n: usize,
    line: impl Fn(usize) -> Result<u16, ComputeError>,
) -> Result<Nimber, ComputeError> {
    // Only the takes the code allows are visited (`rules` lists them in increasing
    // order), not every k up to the largest take: Paint Chain asks a million rings of a
    // code with one non-zero digit.
    let whole = rules
        .whole
        .binary_search(&n)
        .is_ok()
        .then_some(Nimber::ZERO);
    let mut missing = None;
    let singles = rules
        .single
        .iter()
        .take_while(|&&k| k < n)
        .map(|&k| match line(n - k) {
            Ok(v) => Nimber(u64::from(v)),
            Err(err) => {
                missing.get_or_insert(err);
                Nimber::ZERO
            }
        });
    let mex = Nimber::mex(whole.into_iter().chain(singles));
    match missing {
        Some(err) => Err(err),
        None => Ok(mex),
    }
}
