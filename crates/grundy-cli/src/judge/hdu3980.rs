//! hdu3980 — Paint Chain: a ring of N beads, a move paints M consecutive unpainted beads.
//!
//! The ring is the circular variant of the take-and-break game whose only digit is d_M = 7
//! (remove a run of M anywhere in a row): the first move leaves a line of N - M, and from
//! then on the game is that octal game on lines. The first player wins when the ring's
//! Grundy value is not 0. Sequences are computed once per M (direct method, N <= 1000).

use std::collections::HashMap;
use std::io::Write;

use grundy::octal::{Method, Sequence, TakeAndBreak};
use grundy::Budget;

use super::{Input, JudgeError};

/// Reads `T` then `T` lines `N M` and writes `Case #i: aekdycoin` when the first player
/// wins, else `Case #i: abcdxyzk`.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    let cases = input.int("T (the number of cases)", 0, 1_000_000)?;
    let mut sequences: HashMap<usize, Sequence> = HashMap::new();
    for case in 1..=cases as usize {
        input.start_case(case);
        let n = input.int("N (the number of beads)", 1, 1000)? as usize;
        let m = input.int("M (the beads painted per move)", 1, 1000)? as usize;
        let seq = match sequences.entry(m) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                let game =
                    TakeAndBreak::remove_run(m).map_err(|err| input.error(err.to_string()))?;
                let seq = Sequence::new(game, Method::Direct, Budget::default())
                    .map_err(|err| input.error(err.to_string()))?;
                e.insert(seq)
            }
        };
        let value = seq
            .ring_nimber(n)
            .map_err(|err| input.error(err.to_string()))?;
        let winner = if value.0 != 0 {
            "aekdycoin"
        } else {
            "abcdxyzk"
        };
        writeln!(out, "Case #{case}: {winner}")?;
    }
    Ok(())
}
