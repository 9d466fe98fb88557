//! hdu4678 — Mine: Minesweeper as a sum of games. The board's flood fill gives its
//! components ([`Board::census`]); their nimbers come from the engine's Grundy solver.
//!
//! docs/problems.md says no numbered cell borders two blank regions, but random boards do have
//! such cells; their regions are solved exactly as one linked cluster (a clear error only
//! if a cluster exceeds 64 regions or the solver's budget of [`POSITIONS`]). A cluster's
//! positions grow exponentially with its regions (a 3 x 20 strip of 10 regions in a chain
//! needs more than 2^18; 3 x 18 is solved in under a second), so the budget is what bounds
//! the time and memory of such input: about 8 s of CPU and 90 MB at most.

use std::io::Write;

use grundy::games::minesweeper::{Board, BoardError, Minesweeper};
use grundy::solve::grundy::GrundySolver;
use grundy::{Budget, Nimber};

use super::input::{Input, JudgeError};

/// The most positions of linked clusters solved over the whole input.
const POSITIONS: u64 = 1 << 18;

/// Reads `T`, then `T` cases `N M K` with `K` mines `x y`, and writes who wins each.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    let cases = input.int("T", 0, 50)?;
    let budget = Budget::default().with_positions(POSITIONS);
    let mut solver = GrundySolver::new(&Minesweeper, budget);
    for case in 1..=cases as usize {
        input.start_case(case);
        let line = input.line();
        let rows = input.int("N", 1, 1000)?;
        let cols = input.int("M", 1, 1000)?;
        let mines = input.int("K", 0, rows * cols)?;
        let (rows, cols) = (rows as usize, cols as usize);
        let mut board = Board::new(rows, cols).map_err(|err| input.error(err.to_string()))?;
        for _ in 0..mines {
            let row = input.int("a mine's row x", 0, rows as i64 - 1)? as usize;
            let col = input.int("a mine's column y", 0, cols as i64 - 1)? as usize;
            board
                .add_mine(row, col)
                .map_err(|err| input.error(err.to_string()))?;
        }
        let value = board.census().and_then(|census| {
            solver
                .nimber_of_sum(census.kinds())
                .map_err(BoardError::from)
        });
        let value = value.map_err(|err| {
            let note = match err {
                BoardError::Linked { .. } | BoardError::Cluster { .. } => {
                    " (the problem says no numbered cell borders two blank regions)"
                }
                _ => "",
            };
            let mut err = input.error(format!("{err}{note}"));
            err.line = line;
            err
        })?;
        let winner = if value != Nimber(0) {
            "Xiemao"
        } else {
            "Fanglaoshi"
        };
        writeln!(out, "Case #{case}: {winner}")?;
    }
    Ok(())
}
