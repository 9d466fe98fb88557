//! hdu4778 — Gems Fight!: bags poured into a shared cooker, bonus turns for stones. Solved by
//! the engine's subset score tables over the sets of bags taken.

use std::io::Write;

use grundy::games::gems_fight::GemsFight;
use grundy::solve::subsets::solve_subset_scores;
use grundy::Budget;

use super::input::{Input, JudgeError};

/// Reads cases `G B S` with `B` bags `n c1 .. cn` until `0 0 0`, and writes the first
/// player's stones minus the second's for each.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    let mut bags: Vec<Vec<usize>> = Vec::new();
    for case in 1.. {
        input.start_case(case);
        let Some(colours) = input.int_or_end("G", 0, 8)? else {
            return Ok(());
        };
        let n_bags = input.int("B", 0, 21)?;
        let line = input.line();
        let size = input.int("S", 0, 19)?;
        if (colours, n_bags, size) == (0, 0, 0) {
            return Ok(());
        }
        if size == 0 {
            let mut err = input.error("S must be from 1 to 19, found 0");
            err.line = line;
            return Err(err);
        }
        bags.clear();
        for _ in 0..n_bags {
            let n = input.int("a bag's gem count n", 1, 10)?;
            let mut gems = Vec::with_capacity(n as usize);
            if colours == 0 {
                return Err(input.error("a bag holds gems, but G = 0: there are no colours"));
            }
            for _ in 0..n {
                gems.push(input.int("a colour", 1, colours)? as usize - 1);
            }
            bags.push(gems);
        }
        let game = GemsFight::new(colours as usize, size as u32, &bags)
            .map_err(|err| input.error(err.to_string()))?;
        let table = solve_subset_scores(&game, &Budget::default())
            .map_err(|err| input.error(err.to_string()))?;
        writeln!(out, "{}", table.get(game.start()))?;
    }
    Ok(())
}
