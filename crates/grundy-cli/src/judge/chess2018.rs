//! chess2018 — the Young-diagram board game: stones fill a staircase, each player scores
//! their own table. Solved by the engine's tiered score tables over the staircases.

use std::io::Write;

use grundy::games::young::Young;
use grundy::solve::tiered::solve_scores;
use grundy::{Budget, Indexed};

use super::input::{Input, JudgeError};

/// Reads cases `n m`, `n` lines of A and `n` lines of B until the end of input, and writes
/// the first player's score minus the second's for each.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    for case in 1.. {
        let Some(rows) = input.case_start(case, "n", 1, 10)? else {
            return Ok(());
        };
        let cols = input.int("m", 1, 10)?;
        let cells = (rows * cols) as usize;
        let mut first = Vec::with_capacity(cells);
        for _ in 0..cells {
            first.push(input.int("a value of A", 0, 100_000)?);
        }
        let mut second = Vec::with_capacity(cells);
        for _ in 0..cells {
            second.push(input.int("a value of B", 0, 100_000)?);
        }
        let game = Young::new(rows as usize, cols as usize, first, second)
            .map_err(|err| input.error(err.to_string()))?;
        let table =
            solve_scores(&game, &Budget::default()).map_err(|err| input.error(err.to_string()))?;
        writeln!(out, "{}", table.get(game.index(&game.start())))?;
    }
    Ok(())
}
