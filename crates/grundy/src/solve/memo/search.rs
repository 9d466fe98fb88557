//! The search loop, written once over its table: depth first with an explicit stack, every
//! open position's moves in one shared buffer, each position's solved successors probed for
//! one that settles it before descending, a position met again while open reported as a
//! cycle.

use crate::limits::{Budget, SolveError};
use crate::model::Move;

use super::evaluation::Evaluation;

/// What a table holds for a position it knows.
#[derive(Clone, Copy, Debug)]
pub(super) enum Entry<V> {
    /// On the search stack: its value is being computed.
    Open,
    Solved(V),
}

/// The transposition table of a search, over positions named by `Key`: the hash table of
/// `MemoSearch`, or the dense cells of
/// `DenseOutcomeSearch`.
pub(super) trait Table {
    type Key: Clone;
    type Value: Copy;

    /// What is stored for `key` (`None`: nothing yet).
    fn get(&self, key: &Self::Key) -> Option<Entry<Self::Value>>;

    /// Marks `key` (not stored yet) open, once one more position fits `budget`.
    fn open(&mut self, key: &Self::Key, budget: &Budget) -> Result<(), SolveError>;

    /// Stores the value of the open position `key`.
    fn store(&mut self, key: &Self::Key, value: Self::Value);

    /// Drops the open position `key`.
    fn forget(&mut self, key: &Self::Key);

    /// The positions stored, open ones included.
    fn len(&self) -> usize;
}

/// The value of `root` under `rule`, searched depth first over `table`, generating moves
/// with `moves_of` (which appends to its buffer). After an error, the positions still open
/// are dropped from the table.
pub(super) fn search<T, E, M>(
    table: &mut T,
    rule: &E,
    budget: &Budget,
    moves_of: M,
    root: &T::Key,
) -> Result<E::Value, SolveError>
where
    T: Table,
    E: Evaluation<Value = T::Value>,
    M: FnMut(&T::Key, &mut Vec<Move<T::Key>>) -> Result<(), SolveError>,
{
    if let Some(Entry::Solved(v)) = table.get(root) {
        return Ok(v);
    }
    let mut run = Run {
        table,
        rule,
        budget,
        moves_of,
        stack: Vec::new(),
        moves: Vec::new(),
    };
    let res = run.run(root);
    if res.is_err() {
        // Forget the positions that were still open: they have no value.
        for frame in run.stack {
            run.table.forget(&frame.pos);
        }
    }
    res
}

/// One position being searched: its moves are `moves[start..end]` of the shared buffer.
struct Frame<P, V> {
    pos: P,
    start: usize,
    next: usize,
    best: Option<V>,
}

/// The state of one [`search`]: the table, the stack, and every open position's moves in one
/// shared buffer.
struct Run<'a, T: Table, E, M> {
    table: &'a mut T,
    rule: &'a E,
    budget: &'a Budget,
    moves_of: M,
    stack: Vec<Frame<T::Key, T::Value>>,
    moves: Vec<Move<T::Key>>,
}

impl<T, E, M> Run<'_, T, E, M>
where
    T: Table,
    E: Evaluation<Value = T::Value>,
    M: FnMut(&T::Key, &mut Vec<Move<T::Key>>) -> Result<(), SolveError>,
{
    fn open(&mut self, pos: T::Key) -> Result<(), SolveError> {
        if (self.table.len() as u64 + 1).is_multiple_of(4_096) {
            self.budget.check_cancelled()?;
        }
        self.budget.count_position();
        let moves = &mut self.moves;
        let start = moves.len();
        (self.moves_of)(&pos, moves)?;
        // Marked open after its moves are listed: a hash table's store to the new entry is a
        // cache miss, which would otherwise hold up the move list's stores (20% slower).
        self.table.open(&pos, self.budget)?;
        let mut frame = Frame {
            pos,
            start,
            next: start,
            best: None,
        };
        // A solved successor that settles the value saves descending into the others.
        let scan = if self.rule.cuts_off() {
            start
        } else {
            moves.len()
        };
        for mv in &moves[scan..] {
            if let Some(Entry::Solved(next)) = self.table.get(&mv.to) {
                let v = self.rule.through(mv.points, mv.again, next);
                if self.rule.is_best(v) {
                    frame.best = Some(v);
                    frame.next = moves.len();
                    break;
                }
            }
        }
        self.stack.push(frame);
        Ok(())
    }

    fn run(&mut self, root: &T::Key) -> Result<E::Value, SolveError> {
        self.open(root.clone())?;
        loop {
            let frame = self
                .stack
                .last_mut()
                .expect("the root frame is on the stack");
            let mut descend = None;
            while frame.next < self.moves.len() {
                let mv = &self.moves[frame.next];
                match self.table.get(&mv.to) {
                    Some(Entry::Solved(next)) => {
                        let v = self.rule.through(mv.points, mv.again, next);
                        let best = match frame.best {
                            Some(b) => self.rule.better(b, v),
                            None => v,
                        };
                        frame.best = Some(best);
                        frame.next += 1;
                        if self.rule.is_best(best) {
                            frame.next = self.moves.len();
                        }
                    }
                    Some(Entry::Open) => return Err(SolveError::Cycle),
                    None => {
                        descend = Some(mv.to.clone());
                        break;
                    }
                }
            }
            if let Some(child) = descend {
                self.open(child)?;
                continue;
            }
            let frame = self.stack.pop().expect("the frame just examined");
            self.moves.truncate(frame.start);
            let value = frame.best.unwrap_or_else(|| self.rule.terminal());
            self.table.store(&frame.pos, value);
            // The parent's current move led here: hand it the value without a probe.
            let Some(parent) = self.stack.last_mut() else {
                return Ok(value);
            };
            let mv = &self.moves[parent.next];
            let v = self.rule.through(mv.points, mv.again, value);
            let best = match parent.best {
                Some(b) => self.rule.better(b, v),
                None => v,
            };
            parent.best = Some(best);
            parent.next += 1;
            if self.rule.is_best(best) {
                parent.next = self.moves.len();
            }
        }
    }
}
