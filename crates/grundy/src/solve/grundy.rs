//! Grundy values (nimbers) by memoized search, with sums split into components.
//!
//! The nimber of a position is the mex of its options' nimbers (Sprague-Grundy). When the
//! game can split a position into independent components ([`Components`]), the nimber of
//! every position met, the root and each option, is the XOR of its components' nimbers, and
//! only components are ever searched and stored: a sum is never searched as a whole.
//!
//! Like [`crate::solve::memo`], the search keeps an explicit stack and shared buffers, and
//! reports a repeated position as [`SolveError::Cycle`]. Moves that earn points or grant
//! another turn are refused: nimbers describe impartial games under normal play.

use std::hash::BuildHasherDefault;
use std::mem::size_of;

use rustc_hash::FxHasher;

use crate::limits::{Budget, SolveError};
use crate::model::{Components, Game, Move};
use crate::solve::moves::check_moves;
use crate::value::Nimber;

type FxMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// How a position splits into components.
type Split<G> = fn(&G, &<G as Game>::Position, &mut Vec<<G as Game>::Position>);

/// Memoized nimber search over a game, with a table of solved components.
///
/// # Examples
///
/// ```
/// use grundy::games::nim::Nim;
/// use grundy::solve::grundy::GrundySolver;
/// use grundy::{Budget, Nimber};
///
/// let mut solver = GrundySolver::new(&Nim, Budget::default());
/// assert_eq!(solver.nimber(&vec![1, 2, 3]).unwrap(), Nimber(0));
/// // Each heap size was searched once, as a component.
/// assert!(solver.len() <= 4);
/// ```
pub struct GrundySolver<'g, G: Game> {
    game: &'g G,
    split: Split<G>,
    /// False when every position is searched whole ([`Game::reachable`] then bounds what
    /// the search stores).
    splits: bool,
    budget: Budget,
    table: FxMap<G::Position, Option<Nimber>>,
    /// The heap bytes the table's positions own.
    heap: u64,
    /// The heap bytes the positions of the move buffer own (one component's search).
    buffer: u64,
    /// Moves listed so far, for the budget's work limit.
    listed: u64,
}

/// The table of a [`GrundySolver`] (component nimbers), detached from its game, so that an
/// owner of the game (which a solver borrows) can keep solved components between solves.
///
/// # Examples
///
/// ```
/// use grundy::games::nim::Nim;
/// use grundy::solve::grundy::GrundySolver;
/// use grundy::{Budget, Nimber};
/// let mut solver = GrundySolver::new(&Nim, Budget::default());
/// solver.nimber(&vec![3]).unwrap();
/// let table = solver.into_table();
/// let again = GrundySolver::new(&Nim, Budget::default()).with_table(table);
/// assert_eq!(again.len(), 3);
/// ```
pub struct GrundyTable<P>(FxMap<P, Option<Nimber>>, u64);

impl<P> Default for GrundyTable<P> {
    fn default() -> Self {
        GrundyTable(FxMap::default(), 0)
    }
}

impl<P> GrundyTable<P> {
    /// The number of components stored.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::solve::grundy::GrundyTable::<u8>::default().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when nothing is stored.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::solve::grundy::GrundyTable::<u8>::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

struct Frame<P> {
    pos: P,
    /// The heap bytes this frame's moves' positions own.
    heap: u64,
    /// This frame's moves are `moves[start..]` (the top frame's are last in the buffer).
    start: usize,
    next: usize,
    /// This frame's option values are `options[options_start..]`.
    options_start: usize,
}

impl<'g, G: Components> GrundySolver<'g, G> {
    /// A solver that splits positions with [`Components::components`].
    ///
    /// # Examples
    ///
    /// ```
    /// let solver = grundy::solve::grundy::GrundySolver::new(&grundy::games::nim::Nim, grundy::Budget::default());
    /// assert!(solver.is_empty());
    /// ```
    pub fn new(game: &'g G, budget: Budget) -> Self {
        GrundySolver {
            game,
            split: G::components,
            splits: true,
            budget,
            table: FxMap::default(),
            heap: 0,
            buffer: 0,
            listed: 0,
        }
    }
}

fn whole<G: Game>(_game: &G, pos: &G::Position, out: &mut Vec<G::Position>) {
    out.push(pos.clone());
}

impl<'g, G: Game> GrundySolver<'g, G> {
    /// A solver for a game whose positions do not split: every position is searched whole.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::nim::Nim;
    /// use grundy::solve::grundy::GrundySolver;
    /// use grundy::{Budget, Nimber};
    /// let mut solver = GrundySolver::without_components(&Nim, Budget::default());
    /// assert_eq!(solver.nimber(&vec![2, 3]).unwrap(), Nimber(1));
    /// ```
    pub fn without_components(game: &'g G, budget: Budget) -> Self {
        GrundySolver {
            game,
            split: whole::<G>,
            splits: false,
            budget,
            table: FxMap::default(),
            heap: 0,
            buffer: 0,
            listed: 0,
        }
    }

    /// The same solver, starting from `table` (solved earlier for the same game).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::solve::grundy::{GrundySolver, GrundyTable};
    /// let solver = GrundySolver::new(&grundy::games::nim::Nim, grundy::Budget::default())
    ///     .with_table(GrundyTable::default());
    /// assert!(solver.is_empty());
    /// ```
    pub fn with_table(mut self, table: GrundyTable<G::Position>) -> Self {
        self.table = table.0;
        self.heap = table.1;
        self
    }

    /// The table of solved components, for [`GrundySolver::with_table`] later.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::solve::grundy::GrundySolver;
    /// let mut solver = GrundySolver::new(&grundy::games::nim::Nim, grundy::Budget::default());
    /// solver.nimber(&vec![2]).unwrap();
    /// assert_eq!(solver.into_table().len(), 2);
    /// ```
    pub fn into_table(self) -> GrundyTable<G::Position> {
        GrundyTable(self.table, self.heap)
    }

    /// The number of components solved and stored.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// The moves this solver has listed so far (its cost, roughly).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::solve::grundy::GrundySolver;
    /// let mut solver = GrundySolver::new(&grundy::games::nim::Nim, grundy::Budget::default());
    /// solver.nimber(&vec![2]).unwrap();
    /// assert_eq!(solver.listed(), 3);
    /// ```
    pub fn listed(&self) -> u64 {
        self.listed
    }

    /// True when nothing is stored yet.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The components of `pos`, as the solver splits them.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::solve::grundy::GrundySolver;
    /// let solver = GrundySolver::new(&grundy::games::nim::Nim, grundy::Budget::default());
    /// assert_eq!(solver.components(&vec![0, 4, 1]), vec![vec![4], vec![1]]);
    /// ```
    pub fn components(&self, pos: &G::Position) -> Vec<G::Position> {
        let mut out = Vec::new();
        (self.split)(self.game, pos, &mut out);
        out
    }

    /// The nimber of `pos`: the XOR of its components' nimbers.
    ///
    /// # Errors
    ///
    /// [`SolveError::TooLarge`] past the budget (a solver without components refuses at
    /// once a position whose [`Game::reachable`] does not fit), [`SolveError::Cycle`] for a
    /// loopy game,
    /// [`SolveError::Interrupted`] when cancelled, and [`SolveError::Unsupported`] when a move
    /// earns points or grants another turn.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::nim::Nim;
    /// use grundy::solve::grundy::GrundySolver;
    /// use grundy::{Budget, Nimber};
    /// let mut solver = GrundySolver::new(&Nim, Budget::default());
    /// assert_eq!(solver.nimber(&vec![7, 11, 13]).unwrap(), Nimber(7 ^ 11 ^ 13));
    /// ```
    pub fn nimber(&mut self, pos: &G::Position) -> Result<Nimber, SolveError> {
        let mut res = Nimber::ZERO;
        for component in self.components(pos) {
            res = res ^ self.component_nimber(&component)?;
        }
        Ok(res)
    }

    /// The nimber of a sum given by its kinds of positions, each with how many times the sum
    /// holds it: each kind held an odd number of times is solved once (and kept in the table)
    /// and XORed in, and a kind held an even number of times cancels (Sprague-Grundy), so a
    /// sum of a million positions of a few kinds costs a few searches.
    ///
    /// # Errors
    ///
    /// As [`GrundySolver::nimber`], for the first kind that fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::nim::Nim;
    /// use grundy::solve::grundy::GrundySolver;
    /// use grundy::{Budget, Nimber};
    /// let mut solver = GrundySolver::new(&Nim, Budget::default());
    /// // A million heaps of 5 cancel; three heaps of 6 leave one.
    /// let kinds = [(vec![5], 1_000_000), (vec![6], 3)];
    /// assert_eq!(solver.nimber_of_sum(kinds).unwrap(), Nimber(6));
    /// ```
    pub fn nimber_of_sum<I>(&mut self, kinds: I) -> Result<Nimber, SolveError>
    where
        I: IntoIterator<Item = (G::Position, u64)>,
    {
        let mut res = Nimber::ZERO;
        for (pos, count) in kinds {
            if count % 2 == 1 {
                res = res ^ self.nimber(&pos)?;
            }
        }
        Ok(res)
    }

    /// The bytes a stored position takes in the table.
    fn entry_bytes() -> u64 {
        size_of::<(G::Position, Option<Nimber>)>() as u64 + 1
    }

    /// The nimber of one component (a position that does not split further).
    fn component_nimber(&mut self, root: &G::Position) -> Result<Nimber, SolveError> {
        if let Some(Some(v)) = self.table.get(root) {
            return Ok(*v);
        }
        if !self.splits {
            // The search stores every position reachable: refuse before storing any.
            if let Some(reachable) = self.game.reachable(root) {
                self.budget.check_positions(reachable)?;
                self.budget
                    .check_bytes(reachable.saturating_mul(Self::entry_bytes()))?;
            }
        }
        let mut stack = Vec::new();
        let mut moves = Vec::new();
        let mut options = Vec::new();
        self.buffer = 0;
        let res = self.run(root, &mut stack, &mut moves, &mut options);
        if res.is_err() {
            for frame in stack {
                if self.table.remove(&frame.pos).is_some() {
                    self.heap -= self.game.heap_bytes(&frame.pos);
                }
            }
        }
        res
    }

    fn open(
        &mut self,
        pos: G::Position,
        stack: &mut Vec<Frame<G::Position>>,
        moves: &mut Vec<Move<G::Position>>,
        options: &[Nimber],
    ) -> Result<(), SolveError> {
        let needed = self.table.len() as u64 + 1;
        self.budget.check_positions(needed)?;
        // Every position: one position's moves may take long to list (large positions).
        self.budget.check_cancelled()?;
        self.budget.count_position();
        let start = moves.len();
        check_moves(self.game, &pos, moves.len(), &self.budget)?;
        self.game.moves(&pos, moves);
        self.listed += (moves.len() - start) as u64;
        if let Err(err) = self.budget.check_work(self.listed) {
            moves.truncate(start);
            return Err(err);
        }
        if moves[start..].iter().any(|m| m.points != 0 || m.again) {
            moves.truncate(start);
            return Err(SolveError::Unsupported(
                "nimbers need an impartial game: a move earns points or grants another turn".into(),
            ));
        }
        // The table with this position, and the move buffer with its moves, in the budget.
        let heap: u64 = moves[start..]
            .iter()
            .map(|m| self.game.heap_bytes(&m.to))
            .sum();
        let key_bytes = self.game.heap_bytes(&pos);
        let held = (moves.capacity() * size_of::<Move<G::Position>>()) as u64
            + self.buffer
            + heap
            + self.heap
            + key_bytes;
        let capacity = self.table.capacity() as u64;
        if let Err(err) = self
            .budget
            .check_table(needed, capacity, Self::entry_bytes(), held)
        {
            moves.truncate(start);
            return Err(err);
        }
        self.table.insert(pos.clone(), None);
        self.heap += key_bytes;
        self.buffer += heap;
        stack.push(Frame {
            pos,
            heap,
            start,
            next: start,
            options_start: options.len(),
        });
        Ok(())
    }

    fn run(
        &mut self,
        root: &G::Position,
        stack: &mut Vec<Frame<G::Position>>,
        moves: &mut Vec<Move<G::Position>>,
        options: &mut Vec<Nimber>,
    ) -> Result<Nimber, SolveError> {
        let mut parts = Vec::new();
        self.open(root.clone(), stack, moves, options)?;
        loop {
            let frame = stack.last_mut().expect("the root frame is on the stack");
            let mut descend = None;
            'moves: while frame.next < moves.len() {
                parts.clear();
                (self.split)(self.game, &moves[frame.next].to, &mut parts);
                let mut value = Nimber::ZERO;
                for part in parts.drain(..) {
                    match self.table.get(&part) {
                        Some(Some(v)) => value = value ^ *v,
                        Some(None) => return Err(SolveError::Cycle),
                        None => {
                            descend = Some(part);
                            break 'moves;
                        }
                    }
                }
                options.push(value);
                frame.next += 1;
            }
            if let Some(child) = descend {
                self.open(child, stack, moves, options)?;
                continue;
            }
            let frame = stack.pop().expect("the frame just examined");
            moves.truncate(frame.start);
            self.buffer -= frame.heap;
            let value = Nimber::mex(options.drain(frame.options_start..));
            self.table.insert(frame.pos, Some(value));
            if stack.is_empty() {
                return Ok(value);
            }
        }
    }
}

#[cfg(test)]
mod tests;
