//! poj2068 — Team Nim: two teams seated alternately share a heap; whoever takes the last
//! stone loses. A misère game of (stones, seat) positions, solved by the game's dense
//! bottom-up table (the memo search's values, tested equal in the library).

use std::io::Write;

use grundy::games::team_nim::{Seat, TeamNim};
use grundy::{Budget, Outcome};

use super::input::{Input, JudgeError};

/// Reads lines `n S M1 .. M2n` until `0` and writes `1` when the first team wins, else `0`.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    for case in 1.. {
        input.start_case(case);
        let Some(n) = input.int_or_end("n", 0, 10)? else {
            return Ok(());
        };
        if n == 0 {
            return Ok(());
        }
        let stones = input.int("S", 1, 1 << 13)? as u32;
        let mut limits = Vec::with_capacity(2 * n as usize);
        for _ in 0..2 * n {
            limits.push(input.int("a take limit M", 1, 16)? as u32);
        }
        let game = TeamNim::new(limits).ok_or_else(|| input.error("invalid take limits"))?;
        let value = game
            .outcome(&Seat { stones, seat: 0 }, &Budget::default())
            .map_err(|err| input.error(err.to_string()))?;
        writeln!(out, "{}", u8::from(value == Outcome::Win))?;
    }
    Ok(())
}
