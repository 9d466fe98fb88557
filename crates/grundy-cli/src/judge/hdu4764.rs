//! hdu4764 — Stone: "reach N and lose", the Bash game's misère-like form, by its closed form.

use std::io::Write;

use grundy::games::bash::Bash;
use grundy::Outcome;

use super::input::{Input, JudgeError};

/// Reads lines `N k` until `0 0` (or the end of input) and writes `Tang` when the first
/// player wins, else `Jiang`.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    for case in 1.. {
        input.start_case(case);
        let line = input.line();
        let Some(target) = input.int_or_end("N", 0, 100_000_000)? else {
            break;
        };
        let max_take = input.int("k", 0, 100)?;
        if target == 0 && max_take == 0 {
            break;
        }
        let Some(rule) = Bash::new(max_take as u64).filter(|_| target > 0) else {
            return Err(JudgeError {
                case: Some(case),
                line,
                message: format!(
                "N and k must both be positive (only \"0 0\" ends the input), found {target} {max_take}"
                ),
                io: None,
            });
        };
        let answer = match rule.reach_outcome(target as u64) {
            Outcome::Win => "Tang",
            _ => "Jiang",
        };
        super::input::answer(out, answer)?;
    }
    Ok(())
}
