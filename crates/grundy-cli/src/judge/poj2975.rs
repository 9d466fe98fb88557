//! poj2975 — Nim winning moves: the number of moves to a P-position, by Bouton's rule.

use std::io::Write;

use grundy::games::nim::winning_moves;

use super::input::{Input, JudgeError};

/// Reads cases `n k1 .. kn` until `0` and writes the number of winning moves of each.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    let mut heaps = Vec::new();
    for case in 1.. {
        input.start_case(case);
        let Some(n) = input.int_or_end("n", 0, 1000)? else {
            return Ok(());
        };
        if n == 0 {
            return Ok(());
        }
        heaps.clear();
        for _ in 0..n {
            heaps.push(input.int("a heap size", 0, (1 << 31) - 1)? as u64);
        }
        writeln!(out, "{}", winning_moves(&heaps).len())?;
    }
    Ok(())
}
