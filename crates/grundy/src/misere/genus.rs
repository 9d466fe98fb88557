//! Conway's genus of impartial games under misère play, and the sums it decides.
//!
//! A game's genus ([`Genus`]) is its normal value and the misère Grundy values of the game
//! plus `k` copies of `*2`, `k = 0, 1, ...`; it follows from the genera of the game's options
//! alone. A game is tame when every position it can reach has a tame genus (that of a misère
//! Nim position); a sum of tame games then plays like misère Nim, and its genus, hence its
//! outcome, follows from theirs ([`Genus::tame_sum`], Conway's theorem). [`Genera`] tabulates
//! the heaps of a heap game (a family or an octal code: [`family_moves`]) and answers sums of
//! its heaps, by their genera where all are tame and by a search of the sum otherwise.
//!
//! # Examples
//!
//! ```
//! use grundy::catalog::parse_family;
//! use grundy::misere::genus::{family_moves, Genera};
//! let family = parse_family(&mut ["0.07".to_string()].into()).unwrap();
//! let mut genera = Genera::new(family_moves(&family).unwrap(), grundy::Budget::default());
//! genera.extend_to(4).unwrap();
//! let written: Vec<String> = genera.heaps().iter().map(|h| h.genus.to_string()).collect();
//! assert_eq!(written, ["0^120", "0^120", "1^031", "1^031", "2^20"]);
//! ```

mod heaps;
mod parts;
mod value;

use crate::catalog::Family;
use crate::games::heaps::HeapRule;

pub use heaps::{code_moves, Genera, HeapGenus, HeapMoves, SumGenus};
pub use parts::{PartMoves, Parts};
pub use value::Genus;

/// The moves of `family`'s heaps, for the heap games (Nim, subtraction games, Bash, Lasker's
/// Nim, Grundy's game, octal and hexadecimal codes); `None` for the others.
///
/// # Examples
///
/// ```
/// use grundy::catalog::{parse_family, Family};
/// use grundy::misere::genus::family_moves;
/// let moves = family_moves(&Family::Lasker).unwrap();
/// let mut seen = Vec::new();
/// moves(2, &mut |parts| seen.push(parts.to_vec()));
/// assert_eq!(seen, [vec![], vec![1], vec![1, 1]]);
/// assert!(family_moves(&Family::Wythoff).is_none());
/// ```
pub fn family_moves(family: &Family) -> Option<HeapMoves> {
    fn rule<R: HeapRule + Send + Sync + 'static>(rule: R) -> HeapMoves {
        Box::new(move |n, visit| {
            let mut options = Vec::new();
            rule.options(n, &mut options);
            for (first, second) in options {
                match (first, second) {
                    (0, 0) => visit(&[]),
                    (a, 0) | (0, a) => visit(&[a]),
                    (a, b) => visit(&[a, b]),
                }
            }
        })
    }
    Some(match family {
        Family::Nim => Box::new(|n, visit| (0..n).for_each(|k| visit(&[k]))),
        Family::Bash(b) => rule(*b),
        Family::Subtraction(s) => rule(s.clone()),
        Family::Lasker => rule(crate::games::lasker::Lasker),
        Family::GrundyGame => rule(crate::games::grundy_game::GrundyGame),
        Family::Code(code) => code_moves(code.clone()),
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
