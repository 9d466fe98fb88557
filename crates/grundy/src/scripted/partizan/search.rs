//! The partizan search: every position's canonical form, memoized, on an explicit stack.
//!
//! Positions are interned (a number each, as [`super::super::interned`] does), each split
//! once into its components and each component's options listed once. A position that is
//! its own only component takes the canonical form of its options' values (Left's and
//! Right's); any other position is the sum of its components' values. The memo stores
//! every position's value, so a component met again in another sum (a Domineering region,
//! a Hackenbush tree) is looked up, not searched.
//!
//! The walk is a depth-first search on a stack of position numbers, never on the call
//! stack: a position is opened (its children pushed), then closed once every child has a
//! value. A child that is open but has no value lies on the current path: the rules have a
//! cycle, which a short partizan game cannot have.

use indexmap::IndexSet;
use rustc_hash::FxBuildHasher;

use crate::cgt::{Arena, GameId};
use crate::dynamic::partizan::Side;
use crate::dynamic::{Datum, DynError, RulesError};
use crate::limits::{Budget, SolveError};
use crate::scripted::rules::{RuleMove, Rules};

/// Bytes a position costs beyond its data's heap: the set's entry and its node.
const POSITION_BYTES: u64 = (2 * size_of::<Datum>() + size_of::<Node>() + 16) as u64;

/// What is known of one position.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// Its children in `Search::edges`: components, or Left's then Right's options.
    children: Option<(u32, u32)>,
    /// How many of the children are Left's options; `None` for a sum of components.
    n_left: Option<u32>,
    value: Option<GameId>,
    /// Opened (children pushed) and not yet valued: on the current path.
    open: bool,
}

/// The positions met, their children and values, in one arena.
pub(super) struct Search {
    pub(super) arena: Arena,
    positions: IndexSet<Datum, FxBuildHasher>,
    nodes: Vec<Node>,
    edges: Vec<u32>,
    /// The positions' bytes (data and nodes) and the edges'.
    bytes: u64,
}

/// How a search calls the rules: the rules, whether they split positions, and the file's
/// name for messages.
pub(super) struct Caller<'a, R: Rules> {
    pub(super) rules: &'a R,
    pub(super) components: bool,
    pub(super) origin: &'a str,
}

/// The heap bytes of a datum.
fn heap_bytes(datum: &Datum) -> u64 {
    match datum {
        Datum::Str(text) => text.len() as u64,
        Datum::List(items) => {
            (items.len() * size_of::<Datum>()) as u64 + items.iter().map(heap_bytes).sum::<u64>()
        }
        Datum::Bool(_) | Datum::Int(_) => 0,
    }
}

impl Search {
    pub(super) fn new() -> Search {
        Search {
            arena: Arena::new(),
            positions: IndexSet::default(),
            nodes: Vec::new(),
            edges: Vec::new(),
            bytes: 0,
        }
    }

    /// The memory the search holds: positions, edges and the arena's forms.
    fn memory(&self) -> u64 {
        self.bytes + self.arena.memory()
    }

    /// The number of `datum`, interning it within the budget.
    fn intern(&mut self, datum: Datum, budget: &Budget) -> Result<u32, SolveError> {
        if let Some(idx) = self.positions.get_index_of(&datum) {
            return Ok(idx as u32);
        }
        let count = self.positions.len() as u64 + 1;
        budget.check_positions(count.min(u64::from(u32::MAX)))?;
        if count > u64::from(u32::MAX) {
            return Err(SolveError::TooLarge {
                needed: count,
                limit: u64::from(u32::MAX),
                unit: "positions",
            });
        }
        let bytes = self.bytes + POSITION_BYTES + heap_bytes(&datum);
        budget.check_bytes(bytes + self.arena.memory())?;
        self.bytes = bytes;
        self.positions.insert(datum);
        self.nodes.push(Node::default());
        Ok(self.nodes.len() as u32 - 1)
    }

    /// The canonical form of `pos`.
    pub(super) fn value<R: Rules>(
        &mut self,
        caller: &Caller<'_, R>,
        pos: &Datum,
        budget: &Budget,
    ) -> Result<GameId, DynError> {
        let root = self.intern(pos.clone(), budget)?;
        let mut stack = vec![root];
        while let Some(&top) = stack.last() {
            let node = self.nodes[top as usize];
            if node.value.is_some() {
                stack.pop();
                continue;
            }
            if !node.open {
                self.open(caller, top, budget)?;
                let (start, end) = self.nodes[top as usize].children.unwrap_or((0, 0));
                for edge in start..end {
                    let child = self.edges[edge as usize];
                    let child_node = self.nodes[child as usize];
                    if child_node.value.is_some() {
                        continue;
                    }
                    if child_node.open {
                        return Err(RulesError::Cycle {
                            origin: caller.origin.to_string(),
                            position: self.positions[child as usize].clone(),
                        }
                        .into());
                    }
                    stack.push(child);
                }
                continue;
            }
            self.close(top)?;
            budget.check_bytes(self.memory())?;
            stack.pop();
        }
        Ok(self.nodes[root as usize].value.unwrap_or(self.arena.zero()))
    }

    /// Lists `id`'s children: its components, or (when it is its own only component) its
    /// options; marks it open.
    fn open<R: Rules>(
        &mut self,
        caller: &Caller<'_, R>,
        id: u32,
        budget: &Budget,
    ) -> Result<(), DynError> {
        budget.count_position();
        let pos = self.positions[id as usize].clone();
        let mut children = Vec::new();
        let mut n_left = None;
        let parts = if caller.components {
            budget.check_cancelled()?;
            let mut parts = Vec::new();
            caller
                .rules
                .components(&pos, &mut parts)
                .map_err(|message| RulesError::Callback {
                    function: "components",
                    position: pos.clone(),
                    message,
                })?;
            parts
        } else {
            vec![pos.clone()]
        };
        if parts.len() == 1 && parts[0] == pos {
            for side in [Side::Left, Side::Right] {
                let options = options(caller, &pos, side, false, budget)?;
                for mv in options {
                    children.push(self.intern(mv.to, budget)?);
                }
                if side == Side::Left {
                    n_left = Some(children.len() as u32);
                }
            }
        } else {
            for part in parts {
                children.push(self.intern(part, budget)?);
            }
        }
        let start = self.edges.len() as u32;
        self.bytes += 4 * children.len() as u64;
        budget.check_bytes(self.memory())?;
        self.edges.extend(children);
        let node = &mut self.nodes[id as usize];
        node.children = Some((start, self.edges.len() as u32));
        node.n_left = n_left;
        node.open = true;
        Ok(())
    }

    /// Values `id` from its children's values.
    fn close(&mut self, id: u32) -> Result<(), DynError> {
        let node = self.nodes[id as usize];
        let (start, end) = node.children.unwrap_or((0, 0));
        let zero = self.arena.zero();
        let values: Vec<GameId> = (start..end)
            .map(|edge| {
                let child = self.edges[edge as usize] as usize;
                self.nodes[child].value.unwrap_or(zero)
            })
            .collect();
        let value = match node.n_left {
            Some(n_left) => {
                let (left, right) = values.split_at(n_left as usize);
                self.arena.from_options(left, right)?
            }
            None => {
                let mut total = self.arena.zero();
                for part in values {
                    total = self.arena.sum(total, part)?;
                }
                total
            }
        };
        let node = &mut self.nodes[id as usize];
        node.value = Some(value);
        node.open = false;
        Ok(())
    }
}

/// One player's moves from `pos`, checked: no points, no bonus turns.
pub(super) fn options<R: Rules>(
    caller: &Caller<'_, R>,
    pos: &Datum,
    side: Side,
    labels: bool,
    budget: &Budget,
) -> Result<Vec<RuleMove>, DynError> {
    budget.check_cancelled()?;
    let mut out = Vec::new();
    caller
        .rules
        .options(pos, side, labels, &mut out)
        .map_err(|message| RulesError::Callback {
            function: side.function(),
            position: pos.clone(),
            message,
        })?;
    for (idx, mv) in out.iter().enumerate() {
        let problem = if mv.points != 0 {
            "earns points, but a partizan game has none (its value is a canonical form)"
        } else if mv.again {
            "grants a bonus turn, but a partizan game has no turns"
        } else {
            continue;
        };
        return Err(RulesError::BadMove {
            origin: caller.origin.to_string(),
            position: pos.clone(),
            number: idx + 1,
            problem: format!("({} of {side}) {problem}", side.function()),
        }
        .into());
    }
    Ok(out)
}
