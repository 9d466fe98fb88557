//! hdu3980 — Paint Chain: a ring of N beads, a move paints M consecutive unpainted beads.
//!
//! The ring is the circular variant of the take-and-break game whose only digit is d_M = 7
//! (remove a run of M anywhere in a row): the first move leaves a line of N - M, and from
//! then on the game is that octal game on lines. The first player wins when the ring's
//! Grundy value is not 0. The first time a case names M, the ring values for every N up to
//! 1000 are computed from that code's line values (`grundy::octal::runs`, over runs of
//! equal values); every case after that is a table look-up.

use std::io::Write;
use std::num::NonZeroUsize;

use grundy::octal::runs::ring_values;

use super::input::{Input, JudgeError};

/// The largest N and M the problem allows.
const MAX: usize = 1000;

/// Reads `T` then `T` lines `N M` and writes `Case #i: aekdycoin` when the first player
/// wins, else `Case #i: abcdxyzk`.
pub fn run(input: &mut Input, out: &mut dyn Write) -> Result<(), JudgeError> {
    let cases = input.int("T (the number of cases)", 0, 1_000_000)?;
    // rings[M][N]: the ring of N beads is a first-player win; filled the first time M comes.
    let mut rings: Vec<Option<Vec<bool>>> = vec![None; MAX + 1];
    let mut line = Vec::with_capacity(32);
    for case in 1..=cases as usize {
        input.start_case(case);
        let n = input.int("N (the number of beads)", 1, MAX as i64)? as usize;
        let m = input.int("M (the beads painted per move)", 1, MAX as i64)? as usize;
        let wins = match &mut rings[m] {
            Some(wins) => wins,
            slot => slot.insert(ring_wins(m).map_err(|message| input.error(message))?),
        };
        let winner: &[u8] = if wins[n] { b"aekdycoin" } else { b"abcdxyzk" };
        // Written without the formatting machinery: a maximal input has a million lines.
        line.clear();
        line.extend_from_slice(b"Case #");
        push_decimal(&mut line, case);
        line.extend_from_slice(b": ");
        line.extend_from_slice(winner);
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}

/// For every N in 0..=1000, whether the ring of N beads is a first-player win when a move
/// paints `m` beads (1 <= m <= 1000, as read).
fn ring_wins(m: usize) -> Result<Vec<bool>, String> {
    let take = NonZeroUsize::new(m).ok_or("M must be at least 1")?;
    let rings = ring_values(take, MAX + 1).ok_or("N past the longest ring computed")?;
    Ok(rings.into_iter().map(|v| v != 0).collect())
}

/// Appends `n` in decimal.
fn push_decimal(out: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}
