//! The adapter itself: the game as the solvers see it ([`Canon`]), its notation, and the
//! solvers' tables kept between calls.

use std::sync::{Arc, Mutex, PoisonError};

use super::limits::MAX_MOVES;
use super::notation::Notation;
use crate::dynamic::{DynMove, Kind, Value};
use crate::limits::{Budget, SolveError};
use crate::model::{Components, Game, Move};
use crate::octal::TakeAndBreak;
use crate::solve::grundy::{GrundySolver, GrundyTable};
use crate::solve::memo::{Evaluation, MemoSearch, MemoTable};
use crate::solve::retrograde::RetrogradeTable;
use crate::solve::strategy::Timed;
use crate::value::{Nimber, Outcome};

/// Builds the Grundy solver of a game (splitting components or not).
pub(super) type MakeGrundy<G> = for<'a> fn(&'a Canon<G>, Budget) -> GrundySolver<'a, Canon<G>>;

pub(super) fn split<G: Components>(game: &Canon<G>, budget: Budget) -> GrundySolver<'_, Canon<G>> {
    GrundySolver::new(game, budget)
}

pub(super) fn whole<G: Game>(game: &Canon<G>, budget: Budget) -> GrundySolver<'_, Canon<G>> {
    GrundySolver::without_components(game, budget)
}

/// The game as the solvers see it: every position reached is put in normal form (a row of
/// heaps sorted, zeros dropped), so that positions equal up to order share a table entry.
pub(super) struct Canon<G: Game> {
    pub(super) game: G,
    pub(super) canonical: Option<Normalize<G::Position>>,
}

impl<G: Game> Canon<G> {
    pub(super) fn normal(&self, pos: &G::Position) -> G::Position {
        match self.canonical {
            Some(canonical) => canonical(pos),
            None => pos.clone(),
        }
    }
}

impl<G: Game> Game for Canon<G> {
    type Position = G::Position;

    fn moves(&self, pos: &G::Position, out: &mut Vec<Move<G::Position>>) {
        let start = out.len();
        self.game.moves(pos, out);
        if let Some(canonical) = self.canonical {
            for mv in &mut out[start..] {
                mv.to = canonical(&mv.to);
            }
        }
    }

    fn max_moves(&self, pos: &G::Position) -> Option<u64> {
        self.game.max_moves(pos)
    }

    fn reachable(&self, pos: &G::Position) -> Option<u64> {
        self.game.reachable(pos)
    }

    fn heap_bytes(&self, pos: &G::Position) -> u64 {
        self.game.heap_bytes(pos)
    }
}

impl<G: Game> Canon<G> {
    /// Refuses a position with more moves than a front end lists ([`MAX_MOVES`]).
    pub(super) fn check_listable(&self, pos: &G::Position) -> Result<(), SolveError> {
        match self.game.max_moves(pos) {
            Some(count) if count > MAX_MOVES => Err(SolveError::TooLarge {
                needed: count,
                limit: MAX_MOVES,
                unit: "moves",
            }),
            _ => Ok(()),
        }
    }
}

impl<G: Components> Components for Canon<G> {
    fn components(&self, pos: &G::Position, out: &mut Vec<G::Position>) {
        self.game.components(pos, out);
    }
}

/// Puts a position in normal form.
pub(super) type Normalize<P> = fn(&P) -> P;

/// A closed form for the nimber of a position of an impartial game.
pub(super) type NimberOf<G> = fn(&G, &<G as Game>::Position) -> Nimber;

/// A closed form for the outcome of a position (for the player to move).
pub(super) type OutcomeOf<G> = fn(&G, &<G as Game>::Position) -> Outcome;

/// Selects one table of [`Tables`].
pub(super) type Pick<P, V> = fn(&mut Tables<P>) -> &mut MemoTable<P, V>;

/// A solve's parts.
pub(super) struct Solved<P> {
    /// The position's value.
    pub(super) value: Value,
    /// Each move's, for the mover.
    pub(super) values: Vec<Value>,
    /// The optimal moves.
    pub(super) optimal: Vec<usize>,
    /// A principal line.
    pub(super) line: Vec<Move<P>>,
    /// True when remoteness was skipped.
    pub(super) skipped: bool,
}

/// The solvers' tables, kept between calls.
pub(super) struct Tables<P> {
    pub(super) outcomes: MemoTable<P, Outcome>,
    pub(super) timed: MemoTable<P, Timed>,
    pub(super) scores: MemoTable<P, i64>,
    pub(super) nimbers: GrundyTable<P>,
    pub(super) loopy: Option<Arc<RetrogradeTable<P>>>,
}

impl<P> Tables<P> {
    /// No position solved yet.
    pub(super) fn empty() -> Self {
        Tables {
            outcomes: MemoTable::default(),
            timed: MemoTable::default(),
            scores: MemoTable::default(),
            nimbers: GrundyTable::default(),
            loopy: None,
        }
    }
}

/// A [`Game`] with its [`Notation`], name and [`Kind`], as a [`DynGame`](crate::dynamic::DynGame).
///
/// # Examples
///
/// ```
/// use grundy::adapter::Adapter;
/// use grundy::catalog::builtin::HeapNotation;
/// use grundy::dynamic::{Datum, DynGame, Kind};
/// use grundy::games::nim::Nim;
/// use grundy::{Budget, Nimber, Play};
///
/// let game = Adapter::new(Nim, HeapNotation, "nim", "take any number from one heap",
///     Kind::Impartial { play: Play::Normal }).with_components();
/// let sol = game.solve(&Datum::ints([1, 2]), &Budget::default()).unwrap();
/// assert_eq!(sol.value.nimber, Some(Nimber(3)));
/// assert_eq!(sol.moves[sol.optimal[0]].mv.label, "heap 2: 2 -> 1");
/// ```
pub struct Adapter<G: Game, N> {
    pub(super) game: Canon<G>,
    pub(super) notation: N,
    pub(super) name: String,
    pub(super) description: String,
    pub(super) kind: Kind,
    pub(super) start: Option<G::Position>,
    pub(super) grundy: MakeGrundy<G>,
    pub(super) nimber_of: Option<NimberOf<G>>,
    pub(super) outcome_of: Option<OutcomeOf<G>>,
    pub(super) code: Option<TakeAndBreak>,
    pub(super) tables: Mutex<Tables<G::Position>>,
}

impl<G: Game, N: Notation<G::Position>> Adapter<G, N> {
    /// `game` written in `notation`, named `name`, with values of `kind`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::adapter::Adapter;
    /// use grundy::catalog::builtin::PairNotation;
    /// use grundy::dynamic::{DynGame, Kind};
    /// use grundy::games::corner::Corner;
    /// use grundy::Play;
    /// let game = Adapter::new(Corner, PairNotation, "corner", "to the corner", Kind::Impartial { play: Play::Normal });
    /// assert_eq!(game.name(), "corner");
    /// ```
    pub fn new(
        game: G,
        notation: N,
        name: impl Into<String>,
        description: impl Into<String>,
        kind: Kind,
    ) -> Self {
        Adapter {
            game: Canon {
                game,
                canonical: None,
            },
            notation,
            name: name.into(),
            description: description.into(),
            kind,
            start: None,
            grundy: whole::<G>,
            nimber_of: None,
            outcome_of: None,
            code: None,
            tables: Mutex::new(Tables::empty()),
        }
    }

    /// The same game, with `start` as its start position.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::adapter::Adapter;
    /// use grundy::catalog::builtin::PairNotation;
    /// use grundy::dynamic::{Datum, DynGame, Kind};
    /// use grundy::games::corner::Corner;
    /// use grundy::Play;
    /// let game = Adapter::new(Corner, PairNotation, "corner", "", Kind::Impartial { play: Play::Normal })
    ///     .with_start((3, 4));
    /// assert_eq!(game.start(), Some(Datum::ints([3, 4])));
    /// ```
    pub fn with_start(mut self, start: G::Position) -> Self {
        self.start = Some(start);
        self
    }

    /// The same game, saying that it plays the take-and-break `code` ([`crate::dynamic::DynGame::code`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::adapter::Adapter;
    /// use grundy::catalog::builtin::{CodeRow, HeapNotation};
    /// use grundy::dynamic::{DynGame, Kind};
    /// use grundy::Play;
    /// let kayles: grundy::octal::TakeAndBreak = "0.77".parse().unwrap();
    /// let row = CodeRow::new(kayles.clone(), None);
    /// let game = Adapter::new(row, HeapNotation, "0.77", "", Kind::Impartial { play: Play::Misere })
    ///     .with_code(kayles.clone());
    /// assert_eq!(game.code(), Some(kayles));
    /// ```
    pub fn with_code(mut self, code: TakeAndBreak) -> Self {
        self.code = Some(code);
        self
    }

    /// The game being adapted.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::adapter::Adapter;
    /// use grundy::catalog::builtin::PairNotation;
    /// use grundy::dynamic::Kind;
    /// use grundy::games::corner::Corner;
    /// let game = Adapter::new(Corner, PairNotation, "corner", "", Kind::Scoring);
    /// let _rules: &Corner = game.game();
    /// ```
    pub fn game(&self) -> &G {
        &self.game.game
    }

    /// The same game, with `canonical` putting positions in a normal form before they are
    /// stored (it must map positions to positions of equal value, e.g. sort a row of heaps);
    /// moves are still listed from the position as given. The game's [`Game::reachable`]
    /// must then count no more than the normal forms reachable.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::adapter::Adapter;
    /// use grundy::catalog::builtin::{sorted_heaps, HeapNotation};
    /// use grundy::dynamic::{Datum, DynGame, Kind};
    /// use grundy::games::nim::Nim;
    /// use grundy::{Budget, Play};
    /// let game = Adapter::new(Nim, HeapNotation, "nim", "", Kind::Impartial { play: Play::Misere })
    ///     .with_canonical(sorted_heaps);
    /// let sol = game.solve(&Datum::ints([2, 0, 1]), &Budget::default()).unwrap();
    /// assert_eq!(sol.moves[0].mv.to, Datum::ints([0, 0, 1])); // as given, not sorted
    /// ```
    pub fn with_canonical(mut self, canonical: fn(&G::Position) -> G::Position) -> Self {
        self.game.canonical = Some(canonical);
        self
    }

    /// The same impartial game, its nimbers given by the closed form `nimber_of` (proved
    /// against the search in the game's tests) instead of the Grundy solver: a position of
    /// any size within [`MAX_MOVES`] answers at once, with the same values.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::adapter::Adapter;
    /// use grundy::catalog::builtin::HeapNotation;
    /// use grundy::dynamic::{Datum, DynGame, Kind};
    /// use grundy::games::nim::{nim_sum, Nim};
    /// use grundy::{Budget, Nimber, Play};
    /// let game = Adapter::new(Nim, HeapNotation, "nim", "", Kind::Impartial { play: Play::Normal })
    ///     .with_nimbers(|_, heaps| Nimber(nim_sum(heaps)));
    /// let sol = game.solve(&Datum::ints([3000, 5000]), &Budget::default().with_positions(10)).unwrap();
    /// assert_eq!(sol.value.nimber, Some(Nimber(3000 ^ 5000)));
    /// ```
    pub fn with_nimbers(mut self, nimber_of: fn(&G, &G::Position) -> Nimber) -> Self {
        self.nimber_of = Some(nimber_of);
        self
    }

    /// The same impartial game, with the closed form `outcome_of` for its outcomes, used
    /// when the Grundy solver would be refused: when the positions reachable
    /// ([`Game::reachable`]) are more than the budget's. Its values then carry the outcome
    /// alone (no nimber).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::adapter::Adapter;
    /// use grundy::catalog::builtin::PairNotation;
    /// use grundy::dynamic::{Datum, DynGame, Kind};
    /// use grundy::games::corner::{self, Corner};
    /// use grundy::{Budget, Outcome, Play};
    /// let game = Adapter::new(Corner, PairNotation, "corner", "", Kind::Impartial { play: Play::Normal })
    ///     .with_outcomes(|_, &pos| corner::outcome(pos));
    /// let sol = game.solve(&Datum::ints([1 << 20, 1 << 20]), &Budget::default().with_positions(1000)).unwrap();
    /// assert_eq!((sol.value.outcome, sol.value.nimber), (Outcome::Loss, None));
    /// ```
    pub fn with_outcomes(mut self, outcome_of: fn(&G, &G::Position) -> Outcome) -> Self {
        self.outcome_of = Some(outcome_of);
        self
    }

    pub(super) fn dyn_move(&self, from: &G::Position, mv: &Move<G::Position>) -> DynMove {
        DynMove {
            label: self.notation.label(from, mv),
            to: self.notation.to_datum(&mv.to),
            points: mv.points,
            again: mv.again,
        }
    }

    /// The moves of `line`, played from `pos`, as labelled moves.
    pub(super) fn dyn_line(&self, pos: &G::Position, line: &[Move<G::Position>]) -> Vec<DynMove> {
        let mut from = pos;
        line.iter()
            .map(|mv| {
                let res = self.dyn_move(from, mv);
                from = &mv.to;
                res
            })
            .collect()
    }

    /// The moves from `pos`, their positions as the game gives them (not in normal form).
    pub(super) fn moves_of(&self, pos: &G::Position) -> Vec<Move<G::Position>> {
        let mut moves = Vec::new();
        self.game.game.moves(pos, &mut moves);
        moves
    }

    /// Runs `work` on a memo search under `rule` over the table `pick` selects; the table
    /// goes back whatever the result. Positions kept from earlier calls count toward the
    /// budget: when they make it too small, `work` runs again on an empty table, so that a
    /// call is refused only when it alone needs more.
    pub(super) fn with_memo<E: Evaluation + Clone, T>(
        &self,
        rule: E,
        budget: &Budget,
        pick: Pick<G::Position, E::Value>,
        mut work: impl FnMut(&mut MemoSearch<'_, Canon<G>, E>) -> Result<T, SolveError>,
    ) -> Result<T, SolveError> {
        let kept = std::mem::take(pick(&mut self.lock()));
        let had_kept = !kept.is_empty();
        let mut search = MemoSearch::new(&self.game, rule.clone(), budget.clone()).with_table(kept);
        let mut res = work(&mut search);
        if had_kept && matches!(res, Err(SolveError::TooLarge { .. })) {
            search = MemoSearch::new(&self.game, rule, budget.clone());
            res = work(&mut search);
        }
        let table = search.into_table();
        let mut tables = self.lock();
        let slot = pick(&mut tables);
        if slot.len() < table.len() {
            *slot = table;
        }
        res
    }

    /// Runs `work` on the Grundy solver over the kept table, again on an empty one when the
    /// kept positions make the budget too small (as [`Adapter::with_memo`]).
    pub(super) fn with_grundy<T>(
        &self,
        budget: &Budget,
        mut work: impl FnMut(&mut GrundySolver<'_, Canon<G>>) -> Result<T, SolveError>,
    ) -> Result<T, SolveError> {
        let kept = std::mem::take(&mut self.lock().nimbers);
        let had_kept = !kept.is_empty();
        let mut solver = (self.grundy)(&self.game, budget.clone()).with_table(kept);
        let mut res = work(&mut solver);
        if had_kept && matches!(res, Err(SolveError::TooLarge { .. })) {
            solver = (self.grundy)(&self.game, budget.clone());
            res = work(&mut solver);
        }
        let table = solver.into_table();
        let mut tables = self.lock();
        if tables.nimbers.len() < table.len() {
            tables.nimbers = table;
        }
        res
    }

    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, Tables<G::Position>> {
        // A panic elsewhere cannot leave a table half-written: tables are swapped whole.
        self.tables.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<G: Components, N: Notation<G::Position>> Adapter<G, N> {
    /// The same game, with nimbers computed component by component (Sprague-Grundy).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::adapter::Adapter;
    /// use grundy::catalog::builtin::HeapNotation;
    /// use grundy::dynamic::{Datum, DynGame, Kind};
    /// use grundy::games::nim::Nim;
    /// use grundy::{Budget, Nimber, Play};
    /// let game = Adapter::new(Nim, HeapNotation, "nim", "", Kind::Impartial { play: Play::Normal })
    ///     .with_components();
    /// // 10^6 positions in all: nimbers come by components, remoteness is left out.
    /// let sol = game.solve(&Datum::ints([100, 100, 100]), &Budget::default().with_positions(1 << 16)).unwrap();
    /// assert_eq!(sol.value.nimber, Some(Nimber(100)));
    /// assert_eq!(sol.value.remoteness, None);
    /// ```
    pub fn with_components(mut self) -> Self {
        self.grundy = split::<G>;
        self
    }
}

/// The indices of the values equal to `best`.
pub(super) fn optimal_by<V: PartialEq>(values: &[V], best: V) -> Vec<usize> {
    (0..values.len()).filter(|&i| values[i] == best).collect()
}

pub(super) fn sign(score: i64) -> Outcome {
    match score.signum() {
        1 => Outcome::Win,
        -1 => Outcome::Loss,
        _ => Outcome::Draw,
    }
}
