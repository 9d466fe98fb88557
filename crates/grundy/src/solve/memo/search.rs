//! The search loop, written once over its table: depth first with an explicit stack, every
//! open position's moves in one shared buffer, each position's solved successors probed for
//! one that settles it before descending, a position met again while open reported as a
//! cycle.

use std::mem::size_of;

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

    /// Marks `key` (not stored yet, owning `key_bytes` on the heap) open, once one more
    /// position fits `budget` with `held` bytes held outside the table (the move buffer).
    fn open(
        &mut self,
        key: &Self::Key,
        key_bytes: u64,
        held: u64,
        budget: &Budget,
    ) -> Result<(), SolveError>;

    /// Stores the value of the open position `key`.
    fn store(&mut self, key: &Self::Key, value: Self::Value);

    /// Drops the open position `key` (owning `key_bytes` on the heap).
    fn forget(&mut self, key: &Self::Key, key_bytes: u64);
}

/// The value of `root` under `rule`, searched depth first over `table`, generating moves
/// with `moves_of` (which appends to its buffer) and counting the heap bytes of positions
/// with `weigh` (the move buffer's and the table's, against the budget's bytes). After an
/// error, the positions still open are dropped from the table.
pub(super) fn search<T, E, M, W>(
    table: &mut T,
    rule: &E,
    budget: &Budget,
    moves_of: M,
    weigh: W,
    root: &T::Key,
) -> Result<E::Value, SolveError>
where
    T: Table,
    E: Evaluation<Value = T::Value>,
    M: FnMut(&T::Key, &mut Vec<Move<T::Key>>) -> Result<(), SolveError>,
    W: Fn(&T::Key) -> u64,
{
    if let Some(Entry::Solved(v)) = table.get(root) {
        return Ok(v);
    }
    let mut run = Run {
        table,
        rule,
        budget,
        moves_of,
        weigh,
        stack: Vec::new(),
        moves: Vec::new(),
        heap: 0,
    };
    let res = run.run(root);
    if res.is_err() {
        // Forget the positions that were still open: they have no value.
        for frame in run.stack {
            run.table.forget(&frame.pos, frame.key_bytes);
        }
    }
    res
}

/// One position being searched: its moves are `moves[start..end]` of the shared buffer.
struct Frame<P, V> {
    pos: P,
    /// The heap bytes `pos` owns.
    key_bytes: u64,
    /// The heap bytes its moves' positions own.
    heap: u64,
    start: usize,
    next: usize,
    best: Option<V>,
}

/// The state of one [`search`]: the table, the stack, and every open position's moves in one
/// shared buffer.
struct Run<'a, T: Table, E, M, W> {
    table: &'a mut T,
    rule: &'a E,
    budget: &'a Budget,
    moves_of: M,
    weigh: W,
    stack: Vec<Frame<T::Key, T::Value>>,
    moves: Vec<Move<T::Key>>,
    /// The heap bytes the positions in `moves` own.
    heap: u64,
}

impl<T, E, M, W> Run<'_, T, E, M, W>
where
    T: Table,
    E: Evaluation<Value = T::Value>,
    M: FnMut(&T::Key, &mut Vec<Move<T::Key>>) -> Result<(), SolveError>,
    W: Fn(&T::Key) -> u64,
{
    fn open(&mut self, pos: T::Key) -> Result<(), SolveError> {
        // Every position: one position's moves may take long to list (large positions).
        self.budget.check_cancelled()?;
        self.budget.count_position();
        let moves = &mut self.moves;
        let start = moves.len();
        (self.moves_of)(&pos, moves)?;
        let heap: u64 = moves[start..].iter().map(|mv| (self.weigh)(&mv.to)).sum();
        self.heap += heap;
        let key_bytes = (self.weigh)(&pos);
        let held = (moves.capacity() * size_of::<Move<T::Key>>()) as u64 + self.heap;
        // Marked open after its moves are listed: a hash table's store to the new entry is a
        // cache miss, which would otherwise hold up the move list's stores (20% slower).
        if let Err(err) = self.table.open(&pos, key_bytes, held, self.budget) {
            self.heap -= heap;
            moves.truncate(start);
            return Err(err);
        }
        let mut frame = Frame {
            pos,
            key_bytes,
            heap,
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
            self.heap -= frame.heap;
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
