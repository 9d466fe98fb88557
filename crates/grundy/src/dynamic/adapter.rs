//! The generic adapter: any [`Game`] with a [`Notation`] is a [`DynGame`].
//!
//! [`Adapter`] owns the game and the tables its solvers fill. Solvers borrow the game, so
//! the adapter keeps their tables detached ([`MemoTable`], [`GrundyTable`]) behind a
//! mutex: a call takes the table out, searches without holding the lock, and puts it back
//! (the larger of two tables wins when two calls ran at once). Many sessions can share one
//! `Arc<dyn DynGame>`: none waits for another's search, and a session that asks about many
//! positions of one game reuses what earlier calls solved.
//!
//! What [`DynGame::solve`] runs depends on the [`Kind`]:
//!
//! - impartial, normal play: the Grundy solver (components split when the game has
//!   [`Components`]) for the nimbers and the outcome, or a closed form
//!   ([`Adapter::with_nimbers`]; [`Adapter::with_outcomes`] where the positions reachable
//!   do not fit the budget);
//! - impartial misère and win/loss games: the closed form for outcomes if the game has one,
//!   else the memo search for outcomes (it stops at a position's first winning move);
//! - then, for both, remoteness by the memo search with [`crate::solve::strategy::Remoteness`] over whole
//!   positions, only when it lists no more moves than the value's search did (or
//!   [`REMOTENESS_WORK`]) and stores at most [`REMOTENESS_POSITIONS`], or when asked
//!   ([`crate::dynamic::Ask`]); else the solution says it was skipped;
//! - scoring games: the memo search with [`Scores`];
//! - loopy games: retrograde analysis from the position, kept and reused for every position
//!   it reached.

use std::sync::{Arc, Mutex, PoisonError};

use crate::dynamic::drawing::Drawing;
use crate::dynamic::solution::Listing;
use crate::dynamic::{Ask, Datum, DynError, DynGame, DynMove, Kind, MoveValue, Solution, Value};
use crate::limits::{Budget, SolveError};
use crate::model::{Components, Game, Move};
use crate::solve::grundy::{GrundySolver, GrundyTable};
use crate::solve::memo::{Evaluation, MemoSearch, MemoTable, Scores};
use crate::solve::retrograde::RetrogradeTable;
use crate::solve::strategy::Timed;
use crate::value::{Nimber, Outcome, Play};

mod solve;
mod streamed;

/// The most positions the whole-position remoteness search may store when remoteness was
/// not asked for (or the budget's positions, if fewer); past it, remoteness is skipped.
pub const REMOTENESS_POSITIONS: u64 = 1 << 18;

/// The moves the remoteness search may list when remoteness was not asked for, if the
/// value's own search listed fewer (else as many as it did): small games always get their
/// remoteness, a large one spends on it at most what its value cost.
pub const REMOTENESS_WORK: u64 = 1 << 18;

/// The most moves the Grundy solver may list for a game that also has a closed form for
/// outcomes (or the budget's work limit, if less): past it the formula answers the outcome
/// and the nimbers are left out. Wythoff's game at (1000, 1618) fits the positions limit but
/// lists some 2 * 10^9 moves; this stops it in about a second.
pub const NIMBER_WORK: u64 = 1 << 26;

/// The most moves of a principal line.
pub const MAX_LINE: usize = 1_000;

/// The most moves a principal line chosen by outcomes through a closed form looks at (the
/// loser's side looks at every move of its positions): 2^22, as many as a position may
/// list ([`MAX_MOVES`]), some 30 ms; the line stops there, short of the end.
pub const LINE_WORK: u64 = 1 << 22;

/// The most moves a position may have for [`DynGame::moves`] and [`DynGame::solve`] to
/// list them (each with a label): 2^22; a game that bounds its moves
/// ([`Game::max_moves`]) is refused past it before any is listed.
pub const MAX_MOVES: u64 = 1 << 22;

/// How a game's positions and moves are written: to and from [`Datum`] and text.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::adapter::Notation;
/// use grundy::dynamic::{Datum, DynError};
/// use grundy::model::Move;
///
/// // One heap, written as its size.
/// struct Size;
/// impl Notation<u64> for Size {
///     fn to_datum(&self, pos: &u64) -> Datum { Datum::Int(*pos as i64) }
///     fn read(&self, datum: &Datum) -> Result<u64, DynError> {
///         datum.as_int().and_then(|n| u64::try_from(n).ok())
///             .ok_or_else(|| DynError::Position(format!("expected a size, found {datum}")))
///     }
///     fn parse(&self, text: &str) -> Result<u64, DynError> {
///         text.trim().parse().map_err(|_| DynError::Position(format!("expected a size, found {text:?}")))
///     }
///     fn show(&self, pos: &u64) -> String { pos.to_string() }
/// }
/// assert_eq!(Size.label(&5, &Move::to(3)), "3");
/// assert!(Size.parse("x").is_err());
/// ```
pub trait Notation<P>: Send + Sync {
    /// The position as data (the form every front end stores).
    fn to_datum(&self, pos: &P) -> Datum;

    /// The position that `datum` writes.
    ///
    /// # Errors
    ///
    /// [`DynError::Position`] saying what is wrong.
    fn read(&self, datum: &Datum) -> Result<P, DynError>;

    /// The position that `text` writes.
    ///
    /// # Errors
    ///
    /// [`DynError::Position`] naming the bad word or line.
    fn parse(&self, text: &str) -> Result<P, DynError>;

    /// The position as text, parsed back by [`Notation::parse`].
    fn show(&self, pos: &P) -> String;

    /// The position that `numbers` name, when positions can be made from integers
    /// ([`DynGame::position_of`]); `None` by default.
    ///
    /// # Errors
    ///
    /// `Some(Err(DynError::Position))` when the integers are out of range.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::adapter::Notation;
    /// use grundy::dynamic::builtin::{HeapNotation, PairNotation};
    /// assert_eq!(HeapNotation.position_of(&[3, 5]), Some(Ok(vec![3, 5])));
    /// assert_eq!(PairNotation.position_of(&[3, 5]), Some(Ok((3, 5))));
    /// assert_eq!(PairNotation.position_of(&[3]), None);
    /// assert!(HeapNotation.position_of(&[1 << 40]).unwrap().is_err());
    /// ```
    fn position_of(&self, numbers: &[u64]) -> Option<Result<P, DynError>> {
        let _ = numbers;
        None
    }

    /// A short label for `mv` from `from`, unique among the moves from `from`; by default,
    /// the position it leads to.
    fn label(&self, from: &P, mv: &Move<P>) -> String {
        let _ = from;
        self.show(&mv.to)
    }

    /// How `pos` looks ([`DynGame::draw`]), its parts naming the moves a click makes by
    /// their labels: `moves` are the moves from `pos` with their labels (empty where the
    /// position has more than [`MAX_DRAWN_MOVES`]). `None` by default: the game is shown
    /// as text.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::adapter::Notation;
    /// use grundy::dynamic::builtin::HeapNotation;
    /// use grundy::dynamic::drawing::Drawing;
    /// let moves = [(vec![0], "heap 1: 1 -> 0".to_string())];
    /// let Some(Drawing::Heaps(heaps)) = HeapNotation.draw(&vec![1], &moves) else { panic!() };
    /// assert_eq!(heaps[0].clicks, vec![Some("heap 1: 1 -> 0".to_string())]);
    /// ```
    fn draw(&self, pos: &P, moves: &[(P, String)]) -> Option<Drawing> {
        let _ = (pos, moves);
        None
    }
}

/// The most moves a position may have for [`Notation::draw`] to see them: a drawing of a
/// larger position makes no clicks (its moves are made from the list).
pub const MAX_DRAWN_MOVES: u64 = 100_000;

/// Builds the Grundy solver of a game (splitting components or not).
type MakeGrundy<G> = for<'a> fn(&'a Canon<G>, Budget) -> GrundySolver<'a, Canon<G>>;

fn split<G: Components>(game: &Canon<G>, budget: Budget) -> GrundySolver<'_, Canon<G>> {
    GrundySolver::new(game, budget)
}

fn whole<G: Game>(game: &Canon<G>, budget: Budget) -> GrundySolver<'_, Canon<G>> {
    GrundySolver::without_components(game, budget)
}

/// The game as the solvers see it: every position reached is put in normal form (a row of
/// heaps sorted, zeros dropped), so that positions equal up to order share a table entry.
struct Canon<G: Game> {
    game: G,
    canonical: Option<Normalize<G::Position>>,
}

impl<G: Game> Canon<G> {
    fn normal(&self, pos: &G::Position) -> G::Position {
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
}

impl<G: Game> Canon<G> {
    /// Refuses a position with more moves than a front end lists ([`MAX_MOVES`]).
    fn check_listable(&self, pos: &G::Position) -> Result<(), SolveError> {
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
type Normalize<P> = fn(&P) -> P;

/// A closed form for the nimber of a position of an impartial game.
type NimberOf<G> = fn(&G, &<G as Game>::Position) -> Nimber;

/// A closed form for the outcome of a position (for the player to move).
type OutcomeOf<G> = fn(&G, &<G as Game>::Position) -> Outcome;

/// Selects one table of [`Tables`].
type Pick<P, V> = fn(&mut Tables<P>) -> &mut MemoTable<P, V>;

/// A solve's parts.
struct Solved<P> {
    /// The position's value.
    value: Value,
    /// Each move's, for the mover.
    values: Vec<Value>,
    /// The optimal moves.
    optimal: Vec<usize>,
    /// A principal line.
    line: Vec<Move<P>>,
    /// True when remoteness was skipped.
    skipped: bool,
}

/// The solvers' tables, kept between calls.
struct Tables<P> {
    outcomes: MemoTable<P, Outcome>,
    timed: MemoTable<P, Timed>,
    scores: MemoTable<P, i64>,
    nimbers: GrundyTable<P>,
    loopy: Option<Arc<RetrogradeTable<P>>>,
}

/// A [`Game`] with its [`Notation`], name and [`Kind`], as a [`DynGame`].
///
/// # Examples
///
/// ```
/// use grundy::dynamic::adapter::Adapter;
/// use grundy::dynamic::builtin::HeapNotation;
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
    game: Canon<G>,
    notation: N,
    name: String,
    description: String,
    kind: Kind,
    start: Option<G::Position>,
    grundy: MakeGrundy<G>,
    nimber_of: Option<NimberOf<G>>,
    outcome_of: Option<OutcomeOf<G>>,
    tables: Mutex<Tables<G::Position>>,
}

impl<G: Game, N: Notation<G::Position>> Adapter<G, N> {
    /// `game` written in `notation`, named `name`, with values of `kind`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::adapter::Adapter;
    /// use grundy::dynamic::builtin::PairNotation;
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
            tables: Mutex::new(Tables {
                outcomes: MemoTable::default(),
                timed: MemoTable::default(),
                scores: MemoTable::default(),
                nimbers: GrundyTable::default(),
                loopy: None,
            }),
        }
    }

    /// The same game, with `start` as its start position.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::adapter::Adapter;
    /// use grundy::dynamic::builtin::PairNotation;
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

    /// The game being adapted.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::adapter::Adapter;
    /// use grundy::dynamic::builtin::PairNotation;
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
    /// use grundy::dynamic::adapter::Adapter;
    /// use grundy::dynamic::builtin::{sorted_heaps, HeapNotation};
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
    /// use grundy::dynamic::adapter::Adapter;
    /// use grundy::dynamic::builtin::HeapNotation;
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
    /// use grundy::dynamic::adapter::Adapter;
    /// use grundy::dynamic::builtin::PairNotation;
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

    fn dyn_move(&self, from: &G::Position, mv: &Move<G::Position>) -> DynMove {
        DynMove {
            label: self.notation.label(from, mv),
            to: self.notation.to_datum(&mv.to),
            points: mv.points,
            again: mv.again,
        }
    }

    /// The moves of `line`, played from `pos`, as labelled moves.
    fn dyn_line(&self, pos: &G::Position, line: &[Move<G::Position>]) -> Vec<DynMove> {
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
    fn moves_of(&self, pos: &G::Position) -> Vec<Move<G::Position>> {
        let mut moves = Vec::new();
        self.game.game.moves(pos, &mut moves);
        moves
    }

    /// Runs `work` on a memo search under `rule` over the table `pick` selects; the table
    /// goes back whatever the result.
    fn with_memo<E: Evaluation, T>(
        &self,
        rule: E,
        budget: &Budget,
        pick: Pick<G::Position, E::Value>,
        work: impl FnOnce(&mut MemoSearch<'_, Canon<G>, E>) -> Result<T, SolveError>,
    ) -> Result<T, SolveError> {
        let table = std::mem::take(pick(&mut self.lock()));
        let mut search = MemoSearch::new(&self.game, rule, budget.clone()).with_table(table);
        let res = work(&mut search);
        let table = search.into_table();
        let mut tables = self.lock();
        let slot = pick(&mut tables);
        if slot.len() < table.len() {
            *slot = table;
        }
        res
    }

    /// Runs `work` on the Grundy solver over the kept table.
    fn with_grundy<T>(
        &self,
        budget: &Budget,
        work: impl FnOnce(&mut GrundySolver<'_, Canon<G>>) -> Result<T, SolveError>,
    ) -> Result<T, SolveError> {
        let table = std::mem::take(&mut self.lock().nimbers);
        let mut solver = (self.grundy)(&self.game, budget.clone()).with_table(table);
        let res = work(&mut solver);
        let table = solver.into_table();
        let mut tables = self.lock();
        if tables.nimbers.len() < table.len() {
            tables.nimbers = table;
        }
        res
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Tables<G::Position>> {
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
    /// use grundy::dynamic::adapter::Adapter;
    /// use grundy::dynamic::builtin::HeapNotation;
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
fn optimal_by<V: PartialEq>(values: &[V], best: V) -> Vec<usize> {
    (0..values.len()).filter(|&i| values[i] == best).collect()
}

fn sign(score: i64) -> Outcome {
    match score.signum() {
        1 => Outcome::Win,
        -1 => Outcome::Loss,
        _ => Outcome::Draw,
    }
}

impl<G, N> DynGame for Adapter<G, N>
where
    G: Game + Send + Sync,
    N: Notation<G::Position>,
{
    fn name(&self) -> String {
        self.name.clone()
    }

    fn description(&self) -> String {
        self.description.clone()
    }

    fn kind(&self) -> Kind {
        self.kind
    }

    fn start(&self) -> Option<Datum> {
        self.start.as_ref().map(|p| self.notation.to_datum(p))
    }

    fn parse(&self, text: &str) -> Result<Datum, DynError> {
        Ok(self.notation.to_datum(&self.notation.parse(text)?))
    }

    fn check(&self, pos: &Datum) -> Result<Datum, DynError> {
        Ok(self.notation.to_datum(&self.notation.read(pos)?))
    }

    fn show(&self, pos: &Datum) -> Result<String, DynError> {
        Ok(self.notation.show(&self.notation.read(pos)?))
    }

    fn position_of(&self, numbers: &[u64]) -> Option<Result<Datum, DynError>> {
        let pos = self.notation.position_of(numbers)?;
        Some(pos.map(|pos| self.notation.to_datum(&pos)))
    }

    fn draw(&self, datum: &Datum) -> Result<Option<Drawing>, DynError> {
        let pos = self.notation.read(datum)?;
        let few = self
            .game
            .max_moves(&pos)
            .is_none_or(|n| n <= MAX_DRAWN_MOVES);
        let moves: Vec<(G::Position, String)> = match few && self.game.check_listable(&pos).is_ok()
        {
            true => self
                .moves_of(&pos)
                .into_iter()
                .map(|mv| {
                    let label = self.notation.label(&pos, &mv);
                    (mv.to, label)
                })
                .collect(),
            false => Vec::new(),
        };
        Ok(self.notation.draw(&pos, &moves))
    }

    fn moves(&self, pos: &Datum) -> Result<Vec<DynMove>, DynError> {
        let pos = self.notation.read(pos)?;
        self.game.check_listable(&pos)?;
        Ok(self
            .moves_of(&pos)
            .iter()
            .map(|mv| self.dyn_move(&pos, mv))
            .collect())
    }

    fn max_moves(&self, pos: &Datum) -> Result<Option<u64>, DynError> {
        Ok(self.game.max_moves(&self.notation.read(pos)?))
    }

    fn solve_with(&self, datum: &Datum, budget: &Budget, ask: Ask) -> Result<Solution, DynError> {
        let pos = self.notation.read(datum)?;
        self.game.check_listable(&pos)?;
        if let Some(solution) = self.solve_streamed(&pos, budget, ask)? {
            return Ok(solution);
        }
        let moves = self.moves_of(&pos);
        let solved = match self.kind {
            Kind::Impartial { play } | Kind::WinLoss { play } => {
                self.solve_by_value(play, &pos, &moves, budget, ask)?
            }
            Kind::Scoring => {
                let (root, scores, line) =
                    self.by_memo(Scores, budget, |t| &mut t.scores, &pos, &moves)?;
                let value = |score: i64| Value {
                    score: Some(score),
                    ..Value::outcome(sign(score))
                };
                Solved {
                    value: value(root),
                    optimal: optimal_by(&scores, root),
                    values: scores.into_iter().map(value).collect(),
                    line,
                    skipped: false,
                }
            }
            Kind::Loopy { play } => self.solve_loopy(play, &pos, &moves, budget)?,
            Kind::Partizan => return Err(DynError::NoTurn),
        };
        let Solved {
            value,
            values,
            optimal,
            line,
            skipped,
        } = solved;
        let line = self.dyn_line(&pos, &line);
        let Listing {
            listed,
            optimal,
            counts,
            ..
        } = Listing::of(&values, &optimal, ask.all_moves);
        Ok(Solution {
            position: self.notation.to_datum(&pos),
            value,
            moves: listed
                .into_iter()
                .map(|index| MoveValue {
                    index,
                    mv: self.dyn_move(&pos, &moves[index]),
                    value: values[index],
                })
                .collect(),
            counts,
            optimal,
            line,
            skipped,
        })
    }

    fn value(&self, datum: &Datum, budget: &Budget) -> Result<Value, DynError> {
        let pos = self.notation.read(datum)?;
        Ok(match self.kind {
            Kind::Impartial { play: Play::Normal } => self.impartial_values(&pos, &[], budget)?.0,
            Kind::Impartial { play } | Kind::WinLoss { play } => {
                self.win_loss_values(play, &pos, &[], budget)?.0
            }
            Kind::Scoring => {
                let (root, _, _) =
                    self.memo_values(Scores, budget, |t| &mut t.scores, &pos, &[])?;
                Value {
                    score: Some(root),
                    ..Value::outcome(sign(root))
                }
            }
            Kind::Loopy { play } => self.solve_loopy(play, &pos, &[], budget)?.value,
            Kind::Partizan => return Err(DynError::NoTurn),
        })
    }
}
