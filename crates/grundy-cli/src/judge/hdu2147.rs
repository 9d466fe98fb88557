//! hdu2147 — kiki's game: the grid corner game, by its closed form (both distances even).

use std::io::Write;

use grundy::games::corner::board_outcome;
use grundy::Outcome;

use super::input::{Input, JudgeError};

/// Reads lines `n m` until `0 0` (or the end of input) and writes `Wonderful!` when the
/// first player wins, else `What a pity!`.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    for case in 1.. {
        input.start_case(case);
        let line = input.line();
        let Some(rows) = input.int_or_end("n", 0, 2000)? else {
            break;
        };
        let columns = input.int("m", 0, 2000)?;
        if rows == 0 && columns == 0 {
            break;
        }
        if rows == 0 || columns == 0 {
            return Err(JudgeError {
                case: Some(case),
                line,
                message: format!(
                "n and m must both be positive (only \"0 0\" ends the input), found {rows} {columns}"
                ),
                io: None,
            });
        }
        let answer = match board_outcome(rows as u64, columns as u64) {
            Outcome::Win => "Wonderful!",
            _ => "What a pity!",
        };
        super::input::answer(out, answer)?;
    }
    Ok(())
}
