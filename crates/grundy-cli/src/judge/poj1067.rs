//! poj1067 — Wythoff's game, by the Beatty pairs in exact integer arithmetic.

use std::io::Write;

use grundy::games::wythoff::is_p_position;

use super::input::{answer, Input, JudgeError};

/// Reads lines `a b` until the end of input and writes `0` when the first player loses,
/// else `1`.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    for case in 1.. {
        input.start_case(case);
        let Some(a) = input.int_or_end("a", 0, 1_000_000_000)? else {
            break;
        };
        let b = input.int("b", 0, 1_000_000_000)?;
        let lost = is_p_position(a as u64, b as u64);
        answer(out, if lost { "0" } else { "1" })?;
    }
    Ok(())
}
