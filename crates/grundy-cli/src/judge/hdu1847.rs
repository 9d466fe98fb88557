//! hdu1847 — Good Luck in CET-4: the subtraction game on the powers of two (`G(n) = n mod 3`).

use std::io::Write;

use grundy::games::subtraction::{Subtraction, SubtractionSet};
use grundy::Budget;

use super::input::{answer, Input, JudgeError};

/// Reads `n` per line until the end of input and writes `Kiki` when the first player wins,
/// else `Cici`.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    let game = Subtraction::new(SubtractionSet::PowersOfTwo);
    let budget = Budget::default();
    for case in 1.. {
        input.start_case(case);
        let Some(n) = input.int_or_end("n", 1, 1000)? else {
            break;
        };
        let nimber = game
            .nimber(n as u64, &budget)
            .map_err(|err| input.error(err.to_string()))?;
        answer(out, if nimber != 0 { "Kiki" } else { "Cici" })?;
    }
    Ok(())
}
