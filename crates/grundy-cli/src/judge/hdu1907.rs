//! hdu1907 — John: misère Nim, by Bouton's misère rule.

use std::io::Write;

use grundy::games::misere_nim::outcome;
use grundy::Outcome;

use super::input::{Input, JudgeError};

/// Reads `T`, then `T` cases `N a1 .. aN`, and writes `John` when the first player wins,
/// else `Brother`.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    let cases = input.int("T", 0, 1_000_000)?;
    let mut heaps = Vec::new();
    for case in 1..=cases as usize {
        input.start_case(case);
        let n = input.int("N", 1, 47)?;
        heaps.clear();
        for _ in 0..n {
            heaps.push(input.int("a heap size", 1, 4747)? as u64);
        }
        let answer = match outcome(&heaps) {
            Outcome::Win => "John",
            _ => "Brother",
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}
