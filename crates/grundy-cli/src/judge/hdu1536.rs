//! hdu1536 — S-Nim: sums of subtraction-game heaps. Each case's Grundy table is computed
//! once, up to its largest heap, and each position is the XOR of its heaps' values.

use std::io::Write;

use grundy::games::subtraction::{Subtraction, SubtractionSet};
use grundy::Budget;

use super::input::{Input, JudgeError};

/// Reads cases `k s1 .. sk` then `m` and `m` positions `l h1 .. hl`, until `k = 0` (or the
/// end of input); writes one line per case, `W` or `L` per position. A case's line is
/// written only once the whole case has been read.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    let budget = Budget::default();
    let mut positions: Vec<Vec<u64>> = Vec::new();
    let mut line = String::new();
    for case in 1.. {
        input.start_case(case);
        let Some(k) = input.int_or_end("k", 0, 100)? else {
            break;
        };
        if k == 0 {
            break;
        }
        let mut set = Vec::with_capacity(k as usize);
        for _ in 0..k {
            set.push(input.int("an element of S", 1, 10_000)? as u64);
        }
        let count = input.int("m", 0, 100)?;
        positions.clear();
        for _ in 0..count {
            let heaps = input.int("l", 0, 100)?;
            let mut position = Vec::with_capacity(heaps as usize);
            for _ in 0..heaps {
                position.push(input.int("a heap size", 0, 10_000)? as u64);
            }
            positions.push(position);
        }
        let set = SubtractionSet::finite(set).map_err(|err| input.error(err.to_string()))?;
        let largest = positions.iter().flatten().copied().max().unwrap_or(0);
        let table = Subtraction::new(set)
            .nimbers(largest, &budget)
            .map_err(|err| input.error(err.to_string()))?;
        line.clear();
        for position in &positions {
            let sum = position.iter().fold(0, |acc, &h| acc ^ table[h as usize]);
            line.push(if sum != 0 { 'W' } else { 'L' });
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}
