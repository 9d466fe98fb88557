//! cf69d — Dot: add a vector or reflect once in y = x; leaving the disc loses. Answered by
//! [`Dot::start_outcome`]: a table over the points reachable by additions, since the
//! reflections do not change a start's outcome (the library's module doc proves it).

use std::io::Write;

use grundy::games::dot::Dot;
use grundy::{Budget, Outcome};

use super::input::{Input, JudgeError};

/// Reads cases `x y n d` with `n` vectors `xi yi` until the end of input, and writes
/// `Anton` when the first player wins, else `Dasha`.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    for case in 1.. {
        let Some(x) = input.case_start(case, "x", -200, 200)? else {
            return Ok(());
        };
        let y = input.int("y", -200, 200)?;
        let n = input.int("n", 1, 20)?;
        let line = input.line();
        let d = input.int("d", 1, 200)?;
        if x * x + y * y >= d * d {
            let mut err = input.error(format!(
                "the start ({x}, {y}) must lie strictly within distance d = {d}"
            ));
            err.line = line;
            return Err(err);
        }
        let mut vectors = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let line = input.line();
            let xi = input.int("a vector's xi", 0, 200)?;
            let yi = input.int("a vector's yi", 0, 200)?;
            if xi == 0 && yi == 0 {
                let mut err = input.error("a vector must not be (0, 0)");
                err.line = line;
                return Err(err);
            }
            vectors.push((xi as i32, yi as i32));
        }
        let game = Dot::new(vectors, d as i32).ok_or_else(|| input.error("invalid vectors"))?;
        let value = game
            .start_outcome(x as i32, y as i32, &Budget::default())
            .map_err(|err| input.error(err.to_string()))?;
        let winner = if value == Outcome::Win {
            "Anton"
        } else {
            "Dasha"
        };
        writeln!(out, "{winner}")?;
    }
    Ok(())
}
