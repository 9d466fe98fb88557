//! The library's impartial games under misère play (whoever cannot move wins): the same
//! rules and notation, solved by the memo search on the whole position, since misère play
//! does not decompose into the components' nimbers (no closed form of normal play applies).

use std::sync::Arc;

use super::notations::{CountNotation, HeapNotation};
use super::rows::{sorted_heaps, HeapRow};
use crate::adapter::{Adapter, Notation};
use crate::dynamic::{DynGame, Kind};
use crate::games::bash::{Bash, BashReach};
use crate::games::heaps::HeapRule;
use crate::model::Game;
use crate::value::Play;

const MISERE: Kind = Kind::Impartial { play: Play::Misere };

/// `game` under misère play, written in `notation`: every position searched whole.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin::{misere, PairNotation};
/// use grundy::dynamic::Datum;
/// use grundy::games::wythoff::Wythoff;
/// use grundy::{Budget, Outcome};
/// let game = misere(Wythoff, PairNotation, "wythoff", "take from one heap, or the same from both");
/// // Misère Wythoff: (0, 1) is lost for the player to move (their only move leaves none
/// // to the other, who then wins); (0, 0) is won, as is (1, 1), by moving to (0, 1).
/// let loses = |a, b| game.solve(&Datum::ints([a, b]), &Budget::default()).unwrap().value.outcome == Outcome::Loss;
/// assert!(loses(0, 1) && !loses(0, 0) && !loses(1, 1));
/// ```
pub fn misere<G, N>(
    game: G,
    notation: N,
    name: impl Into<String>,
    description: impl Into<String>,
) -> Arc<dyn DynGame>
where
    G: Game + Send + Sync + 'static,
    N: Notation<G::Position> + 'static,
{
    Arc::new(Adapter::new(game, notation, name, description, MISERE))
}

/// A row of heaps of `rule` under misère play, heaps kept in order (as the normal game
/// keeps them), positions stored sorted.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin::heaps_misere;
/// use grundy::dynamic::Datum;
/// use grundy::games::lasker::Lasker;
/// use grundy::{Budget, Outcome};
/// let game = heaps_misere(Lasker, "lasker", "take from a heap, or split one into two");
/// let sol = game.solve(&Datum::ints([1]), &Budget::default()).unwrap();
/// assert_eq!(sol.value.outcome, Outcome::Loss);
/// ```
pub fn heaps_misere<R: HeapRule + Send + Sync + 'static>(
    rule: R,
    name: impl Into<String>,
    description: impl Into<String>,
) -> Arc<dyn DynGame> {
    Arc::new(
        Adapter::new(HeapRow(rule), HeapNotation, name, description, MISERE)
            .with_canonical(sorted_heaps),
    )
}

/// Bash, reach `target` and lose, under misère play: the player who cannot write (the
/// number is `target` or more already) wins.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin::bash_reach_misere;
/// use grundy::games::bash::Bash;
/// use grundy::{Budget, Outcome};
/// // Writing 1 to 3 below 4: the player left at 3, with nothing to write, wins; 0 -> 2 wins.
/// let game = bash_reach_misere(Bash::new(3).unwrap(), 4);
/// let start = game.start().unwrap();
/// assert_eq!(game.solve(&start, &Budget::default()).unwrap().value.outcome, Outcome::Win);
/// ```
pub fn bash_reach_misere(rule: Bash, target: u64) -> Arc<dyn DynGame> {
    let name = format!("bash-reach {} {target}", rule.max_take());
    let game = BashReach { rule, target };
    let description = "write numbers rising by 1..K; writing N or more loses";
    Arc::new(Adapter::new(game, CountNotation, name, description, MISERE).with_start(0))
}
