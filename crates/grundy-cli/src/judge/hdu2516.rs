//! hdu2516 — Fibonacci Nim, by Zeckendorf's representation (the first player loses exactly
//! on Fibonacci heaps).

use std::io::Write;

use grundy::games::fibonacci_nim::{outcome, start};
use grundy::Outcome;

use super::input::{Input, JudgeError};

/// Reads `n` per line until `0` (or the end of input) and writes `First win` or
/// `Second win`.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    for case in 1.. {
        input.start_case(case);
        let line = input.line();
        let Some(n) = input.int_or_end("n", 0, (1 << 31) - 1)? else {
            break;
        };
        if n == 0 {
            break;
        }
        if n < 2 {
            return Err(JudgeError {
                case: Some(case),
                line,
                message: format!(
                    "n must be from 2 to 2147483647 (only 0 ends the input), found {n}"
                ),
                io: None,
            });
        }
        let answer = match outcome(start(n as u64)) {
            Outcome::Win => "First win",
            _ => "Second win",
        };
        super::input::answer(out, answer)?;
    }
    Ok(())
}
