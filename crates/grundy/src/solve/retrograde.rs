//! Retrograde analysis: win, loss or draw for games whose positions can repeat.
//!
//! A depth-first search cannot value a loopy game (it meets a position still being searched;
//! [`crate::solve::memo`] reports [`SolveError::Cycle`]). Retrograde analysis works backwards
//! instead, as endgame tablebases do (Thompson, "Retrograde analysis of certain endgames",
//! ICCA Journal 9, 1986): list every position reachable from the root, start from the
//! positions with no moves, whose outcome the play convention fixes, and propagate along
//! reversed moves:
//!
//! - a position is a **win** as soon as one move is good for the mover: a plain move to a
//!   loss, or a move granting another turn (`again`) to a win (the mover is still to move);
//! - a position is a **loss** once every move is bad for the mover (each counted down);
//! - whatever is never resolved is a **draw**: from there, neither player can force an end
//!   in their favour, and best play goes on for ever.
//!
//! The graph is stored in compressed sparse rows (one offset per position, one `u32` per
//! move, the again flag in the low bit), forward while enumerating, then reversed by a
//! counting sort. Positions are numbered by a hash map while a queue expands them
//! breadth-first; nothing recurses. Points are ignored: outcomes only.

use std::hash::BuildHasherDefault;
use std::mem::size_of;

use rustc_hash::FxHasher;

use crate::limits::{Budget, SolveError};
use crate::model::{Game, Indexed, Move};
use crate::value::{Outcome, Play};

type FxMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The most positions a graph may hold: ids are `u32` with one bit kept for the again flag.
const MAX_POSITIONS: u64 = 1 << 31;

/// Outcomes, draws included, of every position reachable from a root.
///
/// Built by [`retrograde`].
///
/// # Examples
///
/// ```
/// use grundy::model::{Game, Move};
/// use grundy::solve::retrograde::retrograde;
/// use grundy::{Budget, Outcome, Play};
///
/// // 0 and 1 move to each other for ever; 2 can also step out to 0.
/// struct Loop;
/// impl Game for Loop {
///     type Position = u8;
///     fn moves(&self, pos: &u8, out: &mut Vec<Move<u8>>) {
///         match pos {
///             0 => out.push(Move::to(1)),
///             1 => out.push(Move::to(0)),
///             _ => out.push(Move::to(0)),
///         }
///     }
/// }
/// let table = retrograde(&Loop, &2, Play::Normal, &Budget::default()).unwrap();
/// assert_eq!(table.outcome(&2), Some(Outcome::Draw));
/// assert_eq!(table.outcome(&7), None); // not reachable from the root
/// assert_eq!(table.len(), 3);
/// ```
#[derive(Clone, Debug)]
pub struct RetrogradeTable<P> {
    ids: FxMap<P, u32>,
    outcomes: Vec<Outcome>,
    play: Play,
}

impl<P: std::hash::Hash + Eq> RetrogradeTable<P> {
    /// The outcome of `pos` for the player to move, or `None` when `pos` is not reachable
    /// from the root the table was built from.
    pub fn outcome(&self, pos: &P) -> Option<Outcome> {
        self.ids.get(pos).map(|&id| self.outcomes[id as usize])
    }

    /// The number of positions reachable from the root.
    pub fn len(&self) -> usize {
        self.outcomes.len()
    }

    /// True when the table holds no position (never, once built: the root is in it).
    pub fn is_empty(&self) -> bool {
        self.outcomes.is_empty()
    }

    /// The number of positions with `outcome`.
    pub fn count(&self, outcome: Outcome) -> usize {
        self.outcomes.iter().filter(|&&o| o == outcome).count()
    }

    /// The play convention the table was solved under.
    pub fn play(&self) -> Play {
        self.play
    }
}

/// Outcomes, draws included, of every position of an [`Indexed`] game, by index.
///
/// Built by [`retrograde_indexed`]; one byte per position.
///
/// # Examples
///
/// ```
/// use grundy::model::{Game, Indexed, Move};
/// use grundy::solve::retrograde::retrograde_indexed;
/// use grundy::{Budget, Outcome, Play};
///
/// // A cycle 0 -> 1 -> 2 -> 0, and 3 with no moves.
/// struct Ring;
/// impl Game for Ring {
///     type Position = usize;
///     fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
///         if *pos < 3 { out.push(Move::to((pos + 1) % 3)); }
///     }
/// }
/// impl Indexed for Ring {
///     fn len(&self) -> usize { 4 }
///     fn index(&self, pos: &usize) -> usize { *pos }
///     fn position(&self, index: usize) -> usize { index }
///     // Tiers are not used by retrograde analysis (the game is loopy).
///     fn tiers(&self) -> usize { 1 }
///     fn tier_range(&self, _tier: usize) -> std::ops::Range<usize> { 0..4 }
/// }
/// let table = retrograde_indexed(&Ring, Play::Normal, &Budget::default()).unwrap();
/// assert_eq!(table.get(0), Outcome::Draw);
/// assert_eq!(table.get(3), Outcome::Loss);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexedRetrograde {
    outcomes: Vec<Outcome>,
    play: Play,
}

impl IndexedRetrograde {
    /// The outcome of the position numbered `index`.
    ///
    /// # Panics
    ///
    /// When `index >= len()`.
    pub fn get(&self, index: usize) -> Outcome {
        self.outcomes[index]
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.outcomes.len()
    }

    /// True when the game has no positions.
    pub fn is_empty(&self) -> bool {
        self.outcomes.is_empty()
    }

    /// The number of positions with `outcome`.
    pub fn count(&self, outcome: Outcome) -> usize {
        self.outcomes.iter().filter(|&&o| o == outcome).count()
    }

    /// The play convention the table was solved under.
    pub fn play(&self) -> Play {
        self.play
    }
}

/// Win, loss or draw of every position reachable from `root` under `play`.
///
/// Works for any finite game, loopy or not; for a game that always ends it agrees with
/// [`crate::solve::memo::MemoSearch`] and has no draws.
///
/// # Errors
///
/// [`SolveError::TooLarge`] when the reachable positions or their moves exceed the budget
/// (checked as they are found, before the tables grow; at most 2^31 positions);
/// [`SolveError::Interrupted`] when cancelled.
///
/// # Examples
///
/// ```
/// use grundy::games::nim::Nim;
/// use grundy::solve::retrograde::retrograde;
/// use grundy::{Budget, Outcome, Play};
/// let table = retrograde(&Nim, &vec![1, 2, 3], Play::Normal, &Budget::default()).unwrap();
/// assert_eq!(table.outcome(&vec![1, 2, 3]), Some(Outcome::Loss));
/// assert_eq!(table.outcome(&vec![1, 2, 2]), Some(Outcome::Win));
/// assert_eq!(table.count(Outcome::Draw), 0);
/// ```
pub fn retrograde<G: Game>(
    game: &G,
    root: &G::Position,
    play: Play,
    budget: &Budget,
) -> Result<RetrogradeTable<G::Position>, SolveError> {
    // Hash entry, queued copy, offset, outcome, remaining count, and a reverse offset.
    let position_bytes = 2 * size_of::<(G::Position, u32)>() as u64 + 8 + 1 + 4 + 8;
    let mut ids: FxMap<G::Position, u32> = FxMap::default();
    let mut order: Vec<G::Position> = vec![root.clone()];
    ids.insert(root.clone(), 0);
    let mut graph = Graph::default();
    let mut moves: Vec<Move<G::Position>> = Vec::new();
    let mut head = 0;
    while head < order.len() {
        if head % 4_096 == 0 {
            budget.check_cancelled()?;
        }
        budget.count_position();
        moves.clear();
        game.moves(&order[head], &mut moves);
        for m in moves.drain(..) {
            let id = match ids.get(&m.to) {
                Some(&id) => id,
                None => {
                    let needed = order.len() as u64 + 1;
                    check_size(budget, needed, position_bytes, graph.targets.len() as u64)?;
                    let id = order.len() as u32;
                    ids.insert(m.to.clone(), id);
                    order.push(m.to);
                    id
                }
            };
            graph.targets.push(id << 1 | m.again as u32);
        }
        check_size(
            budget,
            order.len() as u64,
            position_bytes,
            graph.targets.len() as u64,
        )?;
        graph.offsets.push(graph.targets.len());
        head += 1;
    }
    drop(order);
    let outcomes = graph.propagate(play, budget)?;
    Ok(RetrogradeTable {
        ids,
        outcomes,
        play,
    })
}

/// Win, loss or draw of every position of an [`Indexed`] game under `play`, without any
/// assumption on its tiers (the game may be loopy).
///
/// # Errors
///
/// [`SolveError::TooLarge`] past the budget (checked before allocating the graph, and as
/// moves are listed); [`SolveError::Interrupted`] when cancelled;
/// [`SolveError::Unsupported`] when a move leads outside `0..len()`.
///
/// # Examples
///
/// ```
/// use grundy::model::{Game, Indexed, Move};
/// use grundy::solve::retrograde::retrograde_indexed;
/// use grundy::{Budget, Outcome, Play};
/// struct Chain;
/// impl Game for Chain {
///     type Position = usize;
///     fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
///         if *pos > 0 { out.push(Move::to(pos - 1)); }
///     }
/// }
/// impl Indexed for Chain {
///     fn len(&self) -> usize { 5 }
///     fn index(&self, pos: &usize) -> usize { *pos }
///     fn position(&self, index: usize) -> usize { index }
///     fn tiers(&self) -> usize { 5 }
///     fn tier_range(&self, tier: usize) -> std::ops::Range<usize> { tier..tier + 1 }
/// }
/// let table = retrograde_indexed(&Chain, Play::Misere, &Budget::default()).unwrap();
/// assert_eq!(table.get(1), Outcome::Loss);
/// assert_eq!(table.count(Outcome::Win), 3);
/// ```
pub fn retrograde_indexed<G: Indexed>(
    game: &G,
    play: Play,
    budget: &Budget,
) -> Result<IndexedRetrograde, SolveError> {
    let len = game.len();
    let position_bytes = 8 + 1 + 4 + 8;
    check_size(budget, len as u64, position_bytes, 0)?;
    let mut graph = Graph {
        offsets: Vec::with_capacity(len + 1),
        targets: Vec::new(),
    };
    graph.offsets.push(0);
    let mut moves = Vec::new();
    for index in 0..len {
        if index % 65_536 == 0 {
            budget.check_cancelled()?;
        }
        moves.clear();
        game.indexed_moves(index, &mut moves);
        for m in &moves {
            if m.to >= len {
                return Err(SolveError::Unsupported(format!(
                    "a move from position {index} leads to position {}, outside 0..{len}",
                    m.to
                )));
            }
            graph.targets.push((m.to as u32) << 1 | m.again as u32);
        }
        check_size(
            budget,
            len as u64,
            position_bytes,
            graph.targets.len() as u64,
        )?;
        graph.offsets.push(graph.targets.len());
    }
    let outcomes = graph.propagate(play, budget)?;
    Ok(IndexedRetrograde { outcomes, play })
}

/// `Err` when `positions` positions and `edges` moves do not fit the budget.
fn check_size(
    budget: &Budget,
    positions: u64,
    position_bytes: u64,
    edges: u64,
) -> Result<(), SolveError> {
    budget.check_positions(positions)?;
    if positions > MAX_POSITIONS {
        return Err(SolveError::TooLarge {
            needed: positions,
            limit: MAX_POSITIONS,
            unit: "positions",
        });
    }
    // Each move is stored twice (forward and reversed), 4 bytes each.
    let bytes = positions
        .saturating_mul(position_bytes)
        .saturating_add(edges.saturating_mul(8));
    budget.check_bytes(bytes)
}

/// Moves in compressed sparse rows: position `u`'s moves are
/// `targets[offsets[u]..offsets[u + 1]]`, each `to << 1 | again`.
struct Graph {
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

impl Default for Graph {
    fn default() -> Self {
        Graph {
            offsets: vec![0],
            targets: Vec::new(),
        }
    }
}

impl Graph {
    /// The outcome of every position, propagated backwards from the positions with no moves.
    fn propagate(self, play: Play, budget: &Budget) -> Result<Vec<Outcome>, SolveError> {
        let n = self.offsets.len() - 1;
        // Reverse the moves by a counting sort on their targets: `sources[rev[v]..rev[v + 1]]`
        // are the moves into `v`, each `from << 1 | again`.
        let mut rev = vec![0usize; n + 1];
        for &t in &self.targets {
            rev[(t >> 1) as usize + 1] += 1;
        }
        for v in 0..n {
            rev[v + 1] += rev[v];
        }
        let mut fill = rev.clone();
        let mut sources = vec![0u32; self.targets.len()];
        let mut remaining = vec![0u32; n];
        for (u, count) in remaining.iter_mut().enumerate() {
            let (lo, hi) = (self.offsets[u], self.offsets[u + 1]);
            *count = (hi - lo) as u32;
            for &t in &self.targets[lo..hi] {
                let v = (t >> 1) as usize;
                sources[fill[v]] = (u as u32) << 1 | (t & 1);
                fill[v] += 1;
            }
        }
        drop(fill);
        drop(self);

        // Draw stands for "not resolved yet" until the end, when it is the answer.
        let mut outcomes = vec![Outcome::Draw; n];
        let mut queue: Vec<u32> = Vec::new();
        for (u, &count) in remaining.iter().enumerate() {
            if count == 0 {
                outcomes[u] = play.terminal();
                queue.push(u as u32);
            }
        }
        let mut popped = 0usize;
        while let Some(v) = queue.pop() {
            popped += 1;
            if popped.is_multiple_of(65_536) {
                budget.check_cancelled()?;
            }
            let v = v as usize;
            let solved = outcomes[v];
            for &s in &sources[rev[v]..rev[v + 1]] {
                let u = (s >> 1) as usize;
                if outcomes[u] != Outcome::Draw {
                    continue;
                }
                let again = s & 1 == 1;
                // Good for the mover at `u`: the player then to move at `v` loses, unless
                // the mover is the one to move there again.
                let good = solved == if again { Outcome::Win } else { Outcome::Loss };
                if good {
                    outcomes[u] = Outcome::Win;
                    queue.push(u as u32);
                } else {
                    remaining[u] -= 1;
                    if remaining[u] == 0 {
                        outcomes[u] = Outcome::Loss;
                        queue.push(u as u32);
                    }
                }
            }
        }
        Ok(outcomes)
    }
}

#[cfg(test)]
mod tests;
