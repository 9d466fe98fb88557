//! The positions a game defined by rules has met, interned: each distinct [`Datum`] a small
//! number ([`Id`]), each position's moves and parts kept as numbers, and the first error;
//! the rules as a [`Game`] over them ([`Expanded`]) and their notation ([`Interned`]).

use std::ops::Range;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use rustc_hash::FxHashMap;

use super::rules::{RuleMove, Rules};
use super::store::{self, Positions};
use crate::adapter::Notation;
use crate::dynamic::{Datum, DynError, DynMove, Kind, RulesError};
use crate::limits::{Budget, SolveError};
use crate::model::{Components, Game, Move};

/// A position as the solvers see it: its number among the positions interned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Id(u32);

/// The positions met so far, each position's moves, and the first error.
pub(super) struct State {
    pub(super) positions: Positions,
    /// A position's encoding, made to look it up.
    pub(super) scratch: Vec<u8>,
    /// Per position: its moves' range in `edges`, once listed.
    pub(super) listed: Vec<Option<(u32, u32)>>,
    pub(super) edges: Vec<Move<Id>>,
    /// Per position: its components' range in `parts`, once split.
    pub(super) split: Vec<Option<(u32, u32)>>,
    pub(super) parts: Vec<Id>,
    pub(super) labels: FxHashMap<Id, Vec<String>>,
    /// The bytes the rules' own state held when last asked ([`Rules::heap_bytes`]).
    pub(super) heap: u64,
    /// The most bytes the search may hold (the budget's): the positions, their moves and
    /// parts, the solvers' tables and the rules' heap together.
    pub(super) bytes_limit: u64,
    /// The budget of the call running, whose cancel flag is looked at before every
    /// callback (a callback may be slow: a search of 1 ms callbacks must stop at once).
    pub(super) budget: Budget,
    pub(super) failure: Option<DynError>,
}

/// What the game and its notation share: the rules and the state.
pub(super) struct Shared<R> {
    pub(super) rules: Arc<R>,
    pub(super) kind: Kind,
    pub(super) origin: String,
    pub(super) state: Mutex<State>,
}

/// The rules as a [`Game`] over interned positions.
pub(super) struct Expanded<R>(pub(super) Arc<Shared<R>>);

/// Positions to and from data, through the interned table.
pub(super) struct Interned<R>(pub(super) Arc<Shared<R>>);

/// The bytes the solvers' tables take for a position, at most: an entry of the memo
/// search's table for the value and one for remoteness (hash maps of the id and a value up
/// to 16 bytes, and a control byte, at most 7/8 full, and while one grows its old and new
/// slots both held).
pub const TABLE_BYTES: u64 = 96;

/// The bytes `items` holds, and the most it holds while growing by `extra` items.
pub(super) fn vec_bytes<T>(items: &Vec<T>, extra: usize) -> u64 {
    let cap = items.capacity();
    let held = if items.len() + extra > cap {
        cap + (items.len() + extra).max(2 * cap)
    } else {
        cap
    };
    (held * size_of::<T>()) as u64
}

impl State {
    pub(super) fn new() -> Self {
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
    pub(super) fn intern(&mut self, datum: Datum) -> Result<Id, SolveError> {
        let mut encoded = std::mem::take(&mut self.scratch);
        encoded.clear();
        store::encode(&datum, &mut encoded);
        let res = self.intern_encoded(&encoded);
        self.scratch = encoded;
        res
    }

    pub(super) fn intern_encoded(&mut self, encoded: &[u8]) -> Result<Id, SolveError> {
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
    pub(super) fn held(&self, more: usize) -> u64 {
        self.positions.bytes_after(more)
            + vec_bytes(&self.listed, 1)
            + vec_bytes(&self.split, 1)
            + vec_bytes(&self.edges, 1)
            + vec_bytes(&self.parts, 1)
            + TABLE_BYTES * (self.positions.len() as u64 + 1)
            + self.heap
    }

    pub(super) fn datum(&self, id: Id) -> Datum {
        self.positions.datum(id.0)
    }

    pub(super) fn fail(&mut self, err: DynError) {
        if self.failure.is_none() {
            self.failure = Some(err);
        }
    }
}

pub(super) fn range((start, end): (u32, u32)) -> Range<usize> {
    start as usize..end as usize
}

impl<R: Rules> Shared<R> {
    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        // The state is consistent between calls: a panic in a callback leaves at most a
        // position without its moves listed.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Checks a move of the rules against the game's kind.
    pub(super) fn check_move(&self, mv: &RuleMove) -> Result<(), String> {
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
    pub(super) fn class(&self, pos: Datum) -> Result<Datum, DynError> {
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
    pub(super) fn listed(&self, state: &mut State, id: Id) -> Result<(u32, u32), DynError> {
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

    pub(super) fn split(&self, state: &mut State, id: Id) -> Result<(u32, u32), DynError> {
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
    pub(super) fn labels(&self, state: &mut State, id: Id) -> Result<Vec<String>, DynError> {
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
    pub(super) fn labelled(&self, pos: &Datum) -> Result<Vec<DynMove>, DynError> {
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

    pub(super) fn show(&self, pos: &Datum) -> Result<String, DynError> {
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
    pub(super) fn cycle_error(&self, root: &Datum) -> DynError {
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
    pub(super) fn cycle_from(&self, root: &Datum) -> Option<Closed> {
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
pub(super) enum Closed {
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
