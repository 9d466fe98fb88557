//! Strategy: every move from a position with the value it leads to, the optimal moves, and a
//! principal line of optimal play.
//!
//! Values here are always for the mover, after [`Evaluation::through`]: a move worth
//! [`Outcome::Win`] is a winning move. For the principal line, [`Remoteness`] refines
//! win/loss with the number of moves to the end (Steinhaus's remoteness): a winner takes
//! the quickest win, a loser the longest resistance.

use std::collections::HashSet;
use std::hash::Hash;

use crate::limits::SolveError;
use crate::model::{Game, Move};
use crate::solve::memo::{Evaluation, MemoSearch};
use crate::value::{Outcome, Play};

/// A move and its value for the mover.
///
/// # Examples
///
/// ```
/// use grundy::solve::strategy::MoveValue;
/// use grundy::{Move, Outcome};
/// let mv = MoveValue { mv: Move::to(0u64), value: Outcome::Win };
/// assert_eq!(mv.value, Outcome::Win);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue<P, V> {
    /// The move.
    pub mv: Move<P>,
    /// What it is worth to the mover.
    pub value: V,
}

/// A list of moves with their values.
pub type MoveValues<P, V> = Vec<MoveValue<P, V>>;

/// Every move from `pos` with its value for the mover, in the game's move order.
///
/// # Errors
///
/// Whatever the search returns ([`SolveError`]).
///
/// # Examples
///
/// ```
/// use grundy::games::nim::Nim;
/// use grundy::solve::memo::{MemoSearch, Outcomes};
/// use grundy::solve::strategy::move_values;
/// use grundy::{Budget, Outcome, Play};
/// let mut search = MemoSearch::new(&Nim, Outcomes(Play::Normal), Budget::default());
/// let values = move_values(&mut search, &vec![1, 2]).unwrap();
/// let winning: Vec<_> = values.iter().filter(|m| m.value == Outcome::Win).map(|m| m.mv.to.clone()).collect();
/// assert_eq!(winning, vec![vec![1, 1]]);
/// ```
pub fn move_values<G: Game, E: Evaluation>(
    search: &mut MemoSearch<'_, G, E>,
    pos: &G::Position,
) -> Result<MoveValues<G::Position, E::Value>, SolveError> {
    let mut moves = Vec::new();
    crate::solve::moves::check_moves(search.game(), pos, 0, search.budget())?;
    search.game().moves(pos, &mut moves);
    let mut res = Vec::with_capacity(moves.len());
    for mv in moves {
        let next = search.value(&mv.to)?;
        let value = search.rule().through(mv.points, mv.again, next);
        res.push(MoveValue { mv, value });
    }
    Ok(res)
}

/// A position's value and the moves that achieve it.
///
/// # Examples
///
/// ```
/// use grundy::solve::strategy::Optimal;
/// let none: Optimal<u64, i64> = Optimal { value: 0, moves: Vec::new() };
/// assert!(none.moves.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimal<P, V> {
    /// The value for the player to move.
    pub value: V,
    /// Every move achieving it (none when the player to move cannot move).
    pub moves: MoveValues<P, V>,
}

/// The value of `pos` and every move that achieves it (the optimal moves).
///
/// # Errors
///
/// Whatever the search returns ([`SolveError`]).
///
/// # Examples
///
/// ```
/// use grundy::games::nim::Nim;
/// use grundy::solve::memo::{MemoSearch, Outcomes};
/// use grundy::solve::strategy::optimal_moves;
/// use grundy::{Budget, Outcome, Play};
/// let mut search = MemoSearch::new(&Nim, Outcomes(Play::Normal), Budget::default());
/// let best = optimal_moves(&mut search, &vec![3, 5, 7]).unwrap();
/// assert_eq!(best.value, Outcome::Win);
/// assert_eq!(best.moves.len(), 3); // 3^5^7 = 1: each heap can be reduced by one move
/// ```
pub fn optimal_moves<G: Game, E: Evaluation>(
    search: &mut MemoSearch<'_, G, E>,
    pos: &G::Position,
) -> Result<Optimal<G::Position, E::Value>, SolveError> {
    let all = move_values(search, pos)?;
    let Some(best) = all
        .iter()
        .map(|m| m.value)
        .reduce(|a, b| search.rule().better(a, b))
    else {
        return Ok(Optimal {
            value: search.rule().terminal(),
            moves: Vec::new(),
        });
    };
    let moves = all.into_iter().filter(|m| m.value == best).collect();
    Ok(Optimal { value: best, moves })
}

/// A line of play from `start`: `next` chooses the move made from each position reached
/// (`None` ends the line), for at most `max_moves` moves; a position met a second time ends
/// it too (in a game with cycles a line of optimal moves may come back). Every principal
/// line grundy shows is walked here, whatever chooses its moves.
///
/// # Errors
///
/// The first error `next` returns.
///
/// # Examples
///
/// ```
/// use grundy::model::Move;
/// use grundy::solve::strategy::walk_line;
/// // Count down by twos from 7; a position with no move ends the line.
/// let line = walk_line(&7u32, 10, |&n| -> Result<_, ()> {
///     Ok((n >= 2).then(|| Move { to: n - 2, points: 0, again: false }))
/// })
/// .unwrap();
/// assert_eq!(line.iter().map(|m| m.to).collect::<Vec<_>>(), [5, 3, 1]);
/// ```
pub fn walk_line<P: Clone + Eq + Hash, E>(
    start: &P,
    max_moves: usize,
    mut next: impl FnMut(&P) -> Result<Option<Move<P>>, E>,
) -> Result<Vec<Move<P>>, E> {
    let mut line: Vec<Move<P>> = Vec::new();
    let mut seen = HashSet::from([start.clone()]);
    let mut current = start.clone();
    while line.len() < max_moves {
        let Some(mv) = next(&current)? else {
            break;
        };
        current = mv.to.clone();
        line.push(mv);
        if !seen.insert(current.clone()) {
            break;
        }
    }
    Ok(line)
}

/// A principal line: from `pos`, an optimal move for whoever is to move, repeated until the
/// game ends or `max_moves` moves were made. Each entry says whether the mover moves again.
///
/// With [`Remoteness`] the winner takes the quickest win and the loser the longest
/// resistance; with scores each side keeps the best points difference.
///
/// # Errors
///
/// Whatever the search returns ([`SolveError`]).
///
/// # Examples
///
/// ```
/// use grundy::games::nim::Nim;
/// use grundy::solve::memo::MemoSearch;
/// use grundy::solve::strategy::{principal_line, Remoteness};
/// use grundy::{Budget, Play};
/// let mut search = MemoSearch::new(&Nim, Remoteness(Play::Normal), Budget::default());
/// // One heap of 5: the winner takes it all at once.
/// let line = principal_line(&mut search, &vec![5], 10).unwrap();
/// assert_eq!(line.len(), 1);
/// assert_eq!(line[0].to, vec![0]);
/// ```
pub fn principal_line<G: Game, E: Evaluation>(
    search: &mut MemoSearch<'_, G, E>,
    pos: &G::Position,
    max_moves: usize,
) -> Result<Vec<Move<G::Position>>, SolveError> {
    walk_line(pos, max_moves, |current| {
        let best = optimal_moves(search, current)?;
        Ok(best.moves.into_iter().next().map(|first| first.mv))
    })
}

/// An outcome with the number of moves to the end of the game under best play.
///
/// # Examples
///
/// ```
/// use grundy::solve::strategy::Timed;
/// use grundy::Outcome;
/// let t = Timed { outcome: Outcome::Win, moves: 3 };
/// assert_eq!(t.moves, 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Timed {
    /// Who wins, for the player to move.
    pub outcome: Outcome,
    /// Moves until the game ends when the winner hurries and the loser delays.
    pub moves: u64,
}

/// Outcomes refined by remoteness: among winning moves the quickest is better, among losing
/// moves the slowest.
///
/// # Examples
///
/// ```
/// use grundy::solve::memo::{MemoSearch, Evaluation};
/// use grundy::solve::strategy::{Remoteness, Timed};
/// use grundy::games::nim::Nim;
/// use grundy::{Budget, Outcome, Play};
/// let mut search = MemoSearch::new(&Nim, Remoteness(Play::Normal), Budget::default());
/// // Two equal heaps of 2: the loser makes the game last four moves.
/// assert_eq!(search.value(&vec![2, 2]).unwrap(), Timed { outcome: Outcome::Loss, moves: 4 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Remoteness(pub Play);

impl Evaluation for Remoteness {
    type Value = Timed;

    fn terminal(&self) -> Timed {
        Timed {
            outcome: self.0.terminal(),
            moves: 0,
        }
    }

    fn through(&self, _points: i64, again: bool, next: Timed) -> Timed {
        Timed {
            outcome: if again {
                next.outcome
            } else {
                next.outcome.flip()
            },
            moves: next.moves + 1,
        }
    }

    fn better(&self, a: Timed, b: Timed) -> Timed {
        // Rank: quick wins first, then draws, then slow losses.
        let key = |t: Timed| match t.outcome {
            Outcome::Win => (2, u64::MAX - t.moves),
            Outcome::Draw => (1, 0),
            Outcome::Loss => (0, t.moves),
        };
        if key(b) > key(a) {
            b
        } else {
            a
        }
    }

    fn is_best(&self, value: Timed) -> bool {
        value.outcome == Outcome::Win && value.moves == 1
    }
}
