//! Games whose moves come from a callback: game files, Python functions, any [`Rules`].
//!
//! A front end that defines games in another language implements [`Rules`] (the moves of
//! a [`Datum`] position, fallible) and wraps it in a [`CallbackGame`], which is a
//! [`DynGame`] run by the generic engine through [`Adapter`]: memo search with remoteness or
//! scores, the Grundy solver (with components when the rules split positions) and
//! retrograde analysis for loopy games.
//!
//! How the rules are called:
//!
//! - once per position: positions are interned (each distinct [`Datum`] gets a small
//!   number, the solvers' position) and each position's moves are kept as numbers, so the
//!   solvers' hot path copies moves without allocating or calling back;
//! - labels are asked for only where a person sees moves (the moves of the position solved
//!   and of its principal line);
//! - the first error (a callback that fails, a move that breaks the game's kind, a game
//!   larger than the budget) stops the search: from then on every position has no moves, so
//!   the search ends at once without calling back, and the call returns that error, never
//!   a value; the tables of that attempt are dropped;
//! - with [`Rules::canonical`], every position a move or a split reaches is stored as its
//!   class's representative; the solution's moves and principal line are then replayed from
//!   the position as played (the module `symmetry`);
//! - a cycle in a game not declared loopy is reported as [`RulesError::Cycle`], naming the
//!   position where it closes.

use std::ops::Range;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use rustc_hash::FxHashMap;

use crate::dynamic::adapter::{Adapter, Notation};
use crate::dynamic::drawing::Drawing;
use crate::dynamic::{Ask, Datum, DynError, DynGame, DynMove, Kind, Solution, Value};
use crate::limits::{Budget, SolveError};
use crate::model::{Components, Game, Move};
use crate::value::Play;
use store::Positions;

pub(crate) mod check;
mod rules;
mod store;
mod symmetry;

pub use check::{Malformed, Problem, Shape};
pub use rules::{parse_data, show_data, GameInfo, RuleMove, Rules, RulesError};

/// The rules of a [`Rules`] callback as a [`DynGame`], solved by the generic engine.
///
/// # Examples
///
/// The subtraction game {1, 3, 4} on one heap, a closure for rules:
///
/// ```
/// use grundy::dynamic::callback::{CallbackGame, GameInfo, RuleMove, Rules};
/// use grundy::dynamic::{Datum, DynGame, Kind};
/// use grundy::{Budget, Nimber, Play};
///
/// struct Take134;
/// impl Rules for Take134 {
///     fn moves(&self, pos: &Datum, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
///         let n = pos.as_int().ok_or("a heap is an integer")?;
///         out.extend([1, 3, 4].into_iter().filter(|&k| k <= n).map(|k| RuleMove::to(Datum::Int(n - k))));
///         Ok(())
///     }
/// }
/// let game = CallbackGame::new(Take134, GameInfo::new("take", Kind::Impartial { play: Play::Normal }));
/// let sol = game.solve(&Datum::Int(10), &Budget::default()).unwrap();
/// assert_eq!(sol.value.nimber, Some(Nimber(1)));
/// let err = game.solve(&Datum::Str("x".into()), &Budget::default()).unwrap_err();
/// assert_eq!(err.to_string(), "a heap is an integer (in moves, at position \"x\")");
/// ```
pub struct CallbackGame<R: Rules> {
    rules: Arc<R>,
    info: GameInfo,
    engine: Mutex<Arc<Engine<R>>>,
}

/// The generic engine over a fresh set of interned positions.
type Engine<R> = Adapter<Expanded<R>, Interned<R>>;

/// A position as the solvers see it: its number among the positions interned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Id(u32);

/// The positions met so far, each position's moves, and the first error.
struct State {
    positions: Positions,
    /// A position's encoding, made to look it up.
    scratch: Vec<u8>,
    /// Per position: its moves' range in `edges`, once listed.
    listed: Vec<Option<(u32, u32)>>,
    edges: Vec<Move<Id>>,
    /// Per position: its components' range in `parts`, once split.
    split: Vec<Option<(u32, u32)>>,
    parts: Vec<Id>,
    labels: FxHashMap<Id, Vec<String>>,
    /// The bytes the rules' own state held when last asked ([`Rules::heap_bytes`]).
    heap: u64,
    /// The most bytes the search may hold (the budget's): the positions, their moves and
    /// parts, the solvers' tables and the rules' heap together.
    bytes_limit: u64,
    /// The budget of the call running, whose cancel flag is looked at before every
    /// callback (a callback may be slow: a search of 1 ms callbacks must stop at once).
    budget: Budget,
    failure: Option<DynError>,
}

/// What the game and its notation share: the rules and the state.
struct Shared<R> {
    rules: Arc<R>,
    kind: Kind,
    origin: String,
    state: Mutex<State>,
}

/// The rules as a [`Game`] over interned positions.
struct Expanded<R>(Arc<Shared<R>>);

/// Positions to and from data, through the interned table.
struct Interned<R>(Arc<Shared<R>>);

/// The bytes the solvers' tables take for a position, at most: an entry of the memo
/// search's table for the value and one for remoteness (hash maps of the id and a value up
/// to 16 bytes, and a control byte, at most 7/8 full, and while one grows its old and new
/// slots both held).
pub const TABLE_BYTES: u64 = 96;

/// The bytes `items` holds, and the most it holds while growing by `extra` items.
fn vec_bytes<T>(items: &Vec<T>, extra: usize) -> u64 {
    let cap = items.capacity();
    let held = if items.len() + extra > cap {
        cap + (items.len() + extra).max(2 * cap)
    } else {
        cap
    };
    (held * size_of::<T>()) as u64
}

impl State {
    fn new() -> Self {
        State {
            positions: Positions::default(),
            scratch: Vec::new(),
            listed: Vec::new(),
            edges: Vec::new(),
            split: Vec::new(),
            parts: Vec::new(),
            labels: FxHashMap::default(),
            heap: 0,
            bytes_limit: u64::MAX,
            budget: Budget::default(),
            failure: None,
        }
    }

    /// The number of `datum`, interning it within the limits.
    fn intern(&mut self, datum: Datum) -> Result<Id, SolveError> {
        let mut encoded = std::mem::take(&mut self.scratch);
        encoded.clear();
        store::encode(&datum, &mut encoded);
        let res = self.intern_encoded(&encoded);
        self.scratch = encoded;
        res
    }

    fn intern_encoded(&mut self, encoded: &[u8]) -> Result<Id, SolveError> {
        if let Some(idx) = self.positions.find(encoded) {
            return Ok(Id(idx));
        }
        if self.positions.len() as u64 >= u64::from(u32::MAX) {
            return Err(SolveError::TooLarge {
                needed: u64::from(u32::MAX) + 1,
                limit: u64::from(u32::MAX),
                unit: "positions",
            });
        }
        let needed = self.held(encoded.len());
        if needed > self.bytes_limit {
            return Err(SolveError::TooLarge {
                needed,
                limit: self.bytes_limit,
                unit: "bytes",
            });
        }
        let idx = self.positions.insert(encoded);
        self.listed.push(None);
        self.split.push(None);
        Ok(Id(idx))
    }

    /// The most bytes the search holds while one more position of `more` bytes is stored:
    /// the positions, the moves and parts kept, the solvers' tables ([`TABLE_BYTES`] a
    /// position) and the rules' heap.
    fn held(&self, more: usize) -> u64 {
        self.positions.bytes_after(more)
            + vec_bytes(&self.listed, 1)
            + vec_bytes(&self.split, 1)
            + vec_bytes(&self.edges, 1)
            + vec_bytes(&self.parts, 1)
            + TABLE_BYTES * (self.positions.len() as u64 + 1)
            + self.heap
    }

    fn datum(&self, id: Id) -> Datum {
        self.positions.datum(id.0)
    }

    fn fail(&mut self, err: DynError) {
        if self.failure.is_none() {
            self.failure = Some(err);
        }
    }
}

fn range((start, end): (u32, u32)) -> Range<usize> {
    start as usize..end as usize
}

impl<R: Rules> Shared<R> {
    fn lock(&self) -> MutexGuard<'_, State> {
        // The state is consistent between calls: a panic in a callback leaves at most a
        // position without its moves listed.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Checks a move of the rules against the game's kind.
    fn check_move(&self, mv: &RuleMove) -> Result<(), String> {
        match self.kind {
            Kind::Scoring => Ok(()),
            _ if mv.points != 0 => Err(format!(
                "earns {} points, but the game is not declared scoring",
                mv.points
            )),
            Kind::Impartial { .. } if mv.again => {
                Err("grants a bonus turn, but the game is impartial (no bonus turns)".into())
            }
            _ => Ok(()),
        }
    }

    /// The representative of `pos`'s class ([`Rules::canonical`]) when the rules give
    /// classes, else `pos`.
    fn class(&self, pos: Datum) -> Result<Datum, DynError> {
        if !self.rules.has_canonical() {
            return Ok(pos);
        }
        self.rules.canonical(&pos).map_err(|message| {
            RulesError::Callback {
                function: "canonical",
                position: pos,
                message,
            }
            .into()
        })
    }

    /// The range of `id`'s moves in `edges`, listing them first if needed.
    fn listed(&self, state: &mut State, id: Id) -> Result<(u32, u32), DynError> {
        if let Some(range) = state.listed[id.0 as usize] {
            return Ok(range);
        }
        state.budget.check_cancelled()?;
        let mut moves = Vec::new();
        let pos = state.datum(id);
        self.rules
            .moves(&pos, false, &mut moves)
            .map_err(|message| RulesError::Callback {
                function: "moves",
                position: pos.clone(),
                message,
            })?;
        state.heap = self.rules.heap_bytes();
        let start = state.edges.len() as u32;
        for (idx, mv) in moves.into_iter().enumerate() {
            if let Err(problem) = self.check_move(&mv) {
                return Err(RulesError::BadMove {
                    origin: self.origin.clone(),
                    position: pos.clone(),
                    number: idx + 1,
                    problem,
                }
                .into());
            }
            let to = state.intern(self.class(mv.to)?)?;
            state.edges.push(Move {
                to,
                points: mv.points,
                again: mv.again,
            });
        }
        let range = (start, state.edges.len() as u32);
        state.listed[id.0 as usize] = Some(range);
        Ok(range)
    }

    fn split(&self, state: &mut State, id: Id) -> Result<(u32, u32), DynError> {
        if let Some(range) = state.split[id.0 as usize] {
            return Ok(range);
        }
        state.budget.check_cancelled()?;
        let mut parts = Vec::new();
        let pos = state.datum(id);
        self.rules
            .components(&pos, &mut parts)
            .map_err(|message| RulesError::Callback {
                function: "components",
                position: pos,
                message,
            })?;
        let start = state.parts.len() as u32;
        for part in parts {
            let part = state.intern(self.class(part)?)?;
            state.parts.push(part);
        }
        let range = (start, state.parts.len() as u32);
        state.split[id.0 as usize] = Some(range);
        Ok(range)
    }

    /// The labels of `id`'s moves, in order (asked for once, then kept). After a failure the
    /// rules are not called again: none (the failure is what the call returns).
    fn labels(&self, state: &mut State, id: Id) -> Result<Vec<String>, DynError> {
        if let Some(labels) = state.labels.get(&id) {
            return Ok(labels.clone());
        }
        if state.failure.is_some() {
            return Ok(Vec::new());
        }
        let pos = state.datum(id);
        let labels = self.labelled(&pos)?.into_iter().map(|m| m.label).collect();
        state.labels.insert(id, labels);
        Ok(state.labels[&id].clone())
    }

    /// The moves from `pos` with labels, checked against the kind.
    fn labelled(&self, pos: &Datum) -> Result<Vec<DynMove>, DynError> {
        let mut moves = Vec::new();
        self.rules
            .moves(pos, true, &mut moves)
            .map_err(|message| RulesError::Callback {
                function: "moves",
                position: pos.clone(),
                message,
            })?;
        moves
            .into_iter()
            .enumerate()
            .map(|(idx, mv)| {
                self.check_move(&mv)
                    .map_err(|problem| RulesError::BadMove {
                        origin: self.origin.clone(),
                        position: pos.clone(),
                        number: idx + 1,
                        problem,
                    })?;
                let label = match mv.label {
                    Some(label) => label,
                    None => self.show(&mv.to)?,
                };
                Ok(DynMove {
                    label,
                    to: mv.to,
                    points: mv.points,
                    again: mv.again,
                })
            })
            .collect()
    }

    fn show(&self, pos: &Datum) -> Result<String, DynError> {
        self.rules.show(pos).map_err(|message| {
            RulesError::Callback {
                function: "show",
                position: pos.clone(),
                message,
            }
            .into()
        })
    }

    /// The error for a cycle met in a search from `root`, naming a position on it, or the
    /// `components` call that closed it (a part from which its position is reached again).
    fn cycle_error(&self, root: &Datum) -> DynError {
        match self.cycle_from(root) {
            Some(Closed::Moves(position)) => RulesError::Cycle {
                origin: self.origin.clone(),
                position,
            }
            .into(),
            Some(Closed::Split { position, part }) => RulesError::PartNotSmaller {
                origin: self.origin.clone(),
                position: position.brief(),
                part: part.brief(),
            }
            .into(),
            None => SolveError::Cycle.into(),
        }
    }

    /// A cycle reachable from `root` through the moves and components listed so far: the
    /// first position met again while still on the path, or, when a step of the cycle went
    /// from a position to a part of it other than itself, that step.
    fn cycle_from(&self, root: &Datum) -> Option<Closed> {
        let state = self.lock();
        let mut encoded = Vec::new();
        store::encode(root, &mut encoded);
        let root = state.positions.find(&encoded)? as usize;
        // The steps out of `node`: (next, the position `components` split `next` off when
        // that is a position other than `next` itself).
        let successors = |node: usize| -> Vec<(usize, Option<usize>)> {
            let mut next = Vec::new();
            let split_of = |whole: usize, next: &mut Vec<(usize, Option<usize>)>| {
                if let Some(p) = state.split[whole] {
                    let parts = state.parts[range(p)].iter().map(|id| id.0 as usize);
                    next.extend(parts.map(|part| (part, (part != whole).then_some(whole))));
                }
            };
            if let Some(r) = state.listed[node] {
                for mv in &state.edges[range(r)] {
                    let to = mv.to.0 as usize;
                    next.push((to, None));
                    split_of(to, &mut next);
                }
            }
            split_of(node, &mut next);
            next
        };
        // 0: not seen, 1: on the path, 2: done.
        let mut mark = vec![0u8; state.positions.len()];
        // Per frame: the node, its steps, the next step to take, the position it was split
        // off when it was entered by a split.
        let mut stack = vec![(root, successors(root), 0usize, None)];
        mark[root] = 1;
        while let Some((node, next, at, _)) = stack.last_mut() {
            if *at == next.len() {
                mark[*node] = 2;
                stack.pop();
                continue;
            }
            let (child, split) = next[*at];
            *at += 1;
            match mark[child] {
                1 => {
                    let datum = |i: usize| state.datum(Id(i as u32));
                    // The cycle: the frames above `child`'s, and the step closing it.
                    let on = stack
                        .iter()
                        .position(|f| f.0 == child)
                        .expect("on the path");
                    let steps = stack[on + 1..].iter().map(|f| (f.0, f.3));
                    let split = steps.chain([(child, split)]).find_map(|(part, whole)| {
                        whole.map(|whole| Closed::Split {
                            position: datum(whole),
                            part: datum(part),
                        })
                    });
                    return Some(split.unwrap_or_else(|| Closed::Moves(datum(child))));
                }
                0 => {
                    mark[child] = 1;
                    let after = successors(child);
                    stack.push((child, after, 0, split));
                }
                _ => {}
            }
        }
        None
    }
}

/// How a cycle met by a search closes.
enum Closed {
    /// Through moves alone: a position on it.
    Moves(Datum),
    /// Through a `components` call: `position` gave `part`, from which it is reached again.
    Split {
        /// The position split.
        position: Datum,
        /// The part that leads back to it.
        part: Datum,
    },
}

impl<R: Rules> Game for Expanded<R> {
    type Position = Id;

    fn moves(&self, pos: &Id, out: &mut Vec<Move<Id>>) {
        let shared = &self.0;
        let mut state = shared.lock();
        if state.failure.is_some() {
            return;
        }
        match shared.listed(&mut state, *pos) {
            Ok(r) => out.extend_from_slice(&state.edges[range(r)]),
            Err(err) => state.fail(err),
        }
    }
}

impl<R: Rules> Components for Expanded<R> {
    fn components(&self, pos: &Id, out: &mut Vec<Id>) {
        let shared = &self.0;
        let mut state = shared.lock();
        if state.failure.is_some() {
            return;
        }
        match shared.split(&mut state, *pos) {
            Ok(r) => out.extend_from_slice(&state.parts[range(r)]),
            Err(err) => state.fail(err),
        }
    }
}

impl<R: Rules> Notation<Id> for Interned<R> {
    fn to_datum(&self, pos: &Id) -> Datum {
        self.0.lock().datum(*pos)
    }

    fn read(&self, datum: &Datum) -> Result<Id, DynError> {
        Ok(self.0.lock().intern(datum.clone())?)
    }

    fn parse(&self, text: &str) -> Result<Id, DynError> {
        let datum = self.0.rules.parse(text).map_err(DynError::Position)?;
        self.read(&datum)
    }

    fn show(&self, pos: &Id) -> String {
        let datum = self.to_datum(pos);
        match self.0.show(&datum) {
            Ok(text) => text,
            Err(err) => {
                self.0.lock().fail(err);
                datum.to_string()
            }
        }
    }

    /// The label of the first move from `from` equal to `mv` (the one a principal line
    /// takes among equal moves).
    fn label(&self, from: &Id, mv: &Move<Id>) -> String {
        let shared = &self.0;
        let mut state = shared.lock();
        let found = shared.listed(&mut state, *from).and_then(|r| {
            let idx = state.edges[range(r)].iter().position(|m| m == mv);
            Ok((idx, shared.labels(&mut state, *from)?))
        });
        match found {
            Ok((Some(idx), labels)) if idx < labels.len() => labels[idx].clone(),
            Ok(_) => state.datum(mv.to).to_string(),
            Err(err) => {
                let text = state.datum(mv.to).to_string();
                state.fail(err);
                text
            }
        }
    }
}

impl<R: Rules> CallbackGame<R> {
    /// `rules` as a game described by `info`.
    ///
    /// # Examples
    ///
    /// See [`CallbackGame`].
    pub fn new(rules: R, info: GameInfo) -> Self {
        let rules = Arc::new(rules);
        let engine = Mutex::new(Arc::new(Self::engine(&rules, &info)));
        CallbackGame {
            rules,
            info,
            engine,
        }
    }

    /// The rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::callback::{CallbackGame, GameInfo, RuleMove, Rules};
    /// use grundy::dynamic::{Datum, Kind};
    /// struct End;
    /// impl Rules for End {
    ///     fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> { Ok(()) }
    /// }
    /// let game = CallbackGame::new(End, GameInfo::new("end", Kind::Scoring));
    /// let _rules: &End = game.rules();
    /// ```
    pub fn rules(&self) -> &R {
        &self.rules
    }

    fn engine(rules: &Arc<R>, info: &GameInfo) -> Engine<R> {
        let shared = Arc::new(Shared {
            rules: rules.clone(),
            kind: info.kind,
            origin: info.origin.clone(),
            state: Mutex::new(State::new()),
        });
        let game = Expanded(shared.clone());
        let adapter = Adapter::new(
            game,
            Interned(shared),
            info.name.clone(),
            info.description.clone(),
            info.kind,
        );
        match info.kind {
            Kind::Impartial { play: Play::Normal } if rules.has_components() => {
                adapter.with_components()
            }
            _ => adapter,
        }
    }

    fn current(&self) -> Arc<Engine<R>> {
        self.engine
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Runs `work` on the current engine; if the rules failed meanwhile, returns their error
    /// and starts a fresh engine (the failed one's tables hold no values).
    fn run<T>(
        &self,
        budget: &Budget,
        work: impl FnOnce(&Engine<R>) -> Result<T, DynError>,
    ) -> Result<T, DynError> {
        let engine = self.current();
        let shared = &engine.game().0;
        {
            let mut state = shared.lock();
            state.bytes_limit = budget.bytes();
            state.budget = budget.clone();
        }
        let res = work(&engine);
        let failure = shared.lock().failure.clone();
        if let Some(err) = failure {
            let mut slot = self.engine.lock().unwrap_or_else(PoisonError::into_inner);
            if Arc::ptr_eq(&slot, &engine) {
                *slot = Arc::new(Self::engine(&self.rules, &self.info));
            }
            return Err(err);
        }
        res
    }
}

impl<R: Rules> DynGame for CallbackGame<R> {
    fn name(&self) -> String {
        self.info.name.clone()
    }

    fn description(&self) -> String {
        self.info.description.clone()
    }

    fn kind(&self) -> Kind {
        self.info.kind
    }

    fn start(&self) -> Option<Datum> {
        self.info.start.clone()
    }

    /// The position the rules' `parse` reads from `text`, checked as [`DynGame::check`]
    /// checks it.
    fn parse(&self, text: &str) -> Result<Datum, DynError> {
        let pos = self.rules.parse(text).map_err(DynError::Position)?;
        self.check(&pos)
    }

    /// `pos` when it is a position of the game: of its start's shape, read back by its
    /// `parse` from what its `show` writes, and one its rules do not fail on (see
    /// [`Malformed`]).
    fn check(&self, pos: &Datum) -> Result<Datum, DynError> {
        check::check(&*self.rules, &self.info, pos)?;
        Ok(pos.clone())
    }

    fn show(&self, pos: &Datum) -> Result<String, DynError> {
        self.current().game().0.show(pos)
    }

    fn moves(&self, pos: &Datum) -> Result<Vec<DynMove>, DynError> {
        self.current().game().0.labelled(pos)
    }

    fn value(&self, pos: &Datum, budget: &Budget) -> Result<Value, DynError> {
        self.run(budget, |engine| match engine.value(pos, budget) {
            Err(DynError::Solve(SolveError::Cycle)) => Err(engine.game().0.cycle_error(pos)),
            res => res,
        })
    }

    fn draw(&self, pos: &Datum) -> Result<Option<Drawing>, DynError> {
        checked_drawing(&*self.rules, &self.info.origin, pos, || {
            Ok(self.moves(pos)?.into_iter().map(|m| m.label).collect())
        })
    }

    fn solve_with(&self, pos: &Datum, budget: &Budget, ask: Ask) -> Result<Solution, DynError> {
        self.run(budget, |engine| {
            let shared = &engine.game().0;
            let mut sol = match engine.solve_with(pos, budget, ask) {
                Err(DynError::Solve(SolveError::Cycle)) => return Err(shared.cycle_error(pos)),
                res => res?,
            };
            if shared.rules.has_canonical() {
                symmetry::as_played(shared, pos, &mut sol)?;
                return Ok(sol);
            }
            // The adapter labels each move by the first equal one; moves of the position
            // itself are labelled by their place.
            let labels = {
                let mut state = shared.lock();
                let id = state.intern(pos.clone())?;
                shared.labels(&mut state, id)?
            };
            if labels.len() == sol.counts.moves {
                for valued in &mut sol.moves {
                    valued.mv.label.clone_from(&labels[valued.index]);
                }
            }
            Ok(sol)
        })
    }

    fn position_of(&self, numbers: &[u64]) -> Option<Result<Datum, DynError>> {
        position_of(&*self.rules, numbers)
    }
}

/// The position `rules` make from `numbers` (their `position`), a failure reported as the
/// callback's, with the numbers as the position.
pub(crate) fn position_of<R: Rules + ?Sized>(
    rules: &R,
    numbers: &[u64],
) -> Option<Result<Datum, DynError>> {
    let res = rules.position_of(numbers)?;
    Some(res.map_err(|message| {
        RulesError::Callback {
            function: "position",
            position: Datum::List(
                numbers
                    .iter()
                    .map(|&n| Datum::Int(i64::try_from(n).unwrap_or(i64::MAX)))
                    .collect(),
            ),
            message,
        }
        .into()
    }))
}

/// The drawing `rules` give `pos`, checked against the labels of its moves (`labels`, asked
/// only when there is a drawing); a drawing that breaks the rules is the callback's error,
/// naming `origin`.
pub(crate) fn checked_drawing<R: Rules + ?Sized>(
    rules: &R,
    origin: &str,
    pos: &Datum,
    labels: impl FnOnce() -> Result<Vec<String>, DynError>,
) -> Result<Option<Drawing>, DynError> {
    let failed = |message: String| RulesError::Callback {
        function: "draw",
        position: pos.clone(),
        message,
    };
    let Some(drawing) = rules.draw(pos).map_err(failed)? else {
        return Ok(None);
    };
    let labels = labels()?;
    let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
    drawing
        .check(&labels)
        .map_err(|problem| failed(format!("{origin}: draw returned a drawing where {problem}")))?;
    Ok(Some(drawing))
}

#[cfg(test)]
mod tests;
