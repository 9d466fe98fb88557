//! hdu1848 — Fibonacci again and again: three heaps of the Fibonacci subtraction game,
//! summed by Sprague-Grundy (the XOR of the heaps' Grundy values).

use std::io::Write;

use grundy::games::subtraction::{Subtraction, SubtractionSet};
use grundy::Budget;

use super::input::{answer, Input, JudgeError};

/// Reads lines `m n p` until `0 0 0` (or the end of input) and writes `Fibo` when the
/// first player wins, else `Nacci`.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    let game = Subtraction::new(SubtractionSet::Fibonacci);
    let table = game
        .nimbers(1000, &Budget::default())
        .map_err(|err| input.error(err.to_string()))?;
    for case in 1.. {
        input.start_case(case);
        let line = input.line();
        let Some(m) = input.int_or_end("m", 0, 1000)? else {
            break;
        };
        let n = input.int("n", 0, 1000)?;
        let p = input.int("p", 0, 1000)?;
        if m == 0 && n == 0 && p == 0 {
            break;
        }
        if m == 0 || n == 0 || p == 0 {
            return Err(JudgeError {
                case: Some(case),
                line,
                message: format!(
                "m, n and p must be from 1 to 1000 (only \"0 0 0\" ends the input), found {m} {n} {p}"
                ),
                io: None,
            });
        }
        let sum = table[m as usize] ^ table[n as usize] ^ table[p as usize];
        answer(out, if sum != 0 { "Fibo" } else { "Nacci" })?;
    }
    Ok(())
}
