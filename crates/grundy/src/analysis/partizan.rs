//! The analysis of a sum of partizan positions: each component's canonical form, the sum's,
//! and the move a player would make by temperature (Hotstrat: move in the hottest
//! component, Left to an option of the greatest right stop, Right to one of the least left
//! stop; Berlekamp, Conway and Guy, *Winning Ways*, chapter 6; Siegel, *Combinatorial Game
//! Theory*, 2013, II.5).
//!
//! A summand is a partizan game's position; the game's `components` split it further, and
//! every component is shown with its value. Forms of different games meet in one
//! [`Arena`], so the sum is exact.
//!
//! A position whose positions repeat has no canonical form: [`analyze_loopy`] values its
//! graph as a loopy game (outcome with draws, onside and offside).

use std::sync::Arc;

use serde::Serialize;

use crate::cgt::loopy::{
    LoopyError, LoopyGame, LoopyOutcomeClass, SidedValue, Winner, MAX_POSITIONS,
};
use crate::cgt::{Arena, Dyadic, GameId, Measures};
use crate::dynamic::partizan::{Partizan, Side};
use crate::dynamic::{Datum, DynError, DynGame};
use crate::limits::{Budget, SolveError};

use super::error::AnalysisError;

/// A component of a partizan sum with its value.
///
/// # Examples
///
/// See [`analyze_partizan`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanComponent {
    /// The summand's game as the caller named it.
    pub game: String,
    /// The component's position.
    pub position: Datum,
    /// The position as the game writes it.
    pub shown: String,
    /// Its canonical form and measures.
    pub value: Measures,
}

/// A move of the hottest component, with the value it leads to.
///
/// # Examples
///
/// See [`analyze_partizan`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BestMove {
    /// The move's label in the component's game.
    pub label: String,
    /// The component's position after it.
    pub to: Datum,
    /// The canonical form it leads to, as CGSuite writes it.
    pub value: String,
    /// The stop play reaches from there with the other player to move: the right stop
    /// after Left's move, the left stop after Right's.
    pub stop: Dyadic,
}

/// A sum of partizan positions analysed.
///
/// # Examples
///
/// See [`analyze_partizan`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanAnalysis {
    /// The sum's canonical form and measures.
    pub value: Measures,
    /// Every component, summand by summand.
    pub components: Vec<PartizanComponent>,
    /// The index of the hottest component that has a move (the first of the hottest), if
    /// any has one.
    pub hottest: Option<usize>,
    /// Left's best moves there (the greatest right stop after the move), in the game's
    /// order.
    pub left: Vec<BestMove>,
    /// Right's best moves there (the least left stop after the move).
    pub right: Vec<BestMove>,
}

/// A position of a partizan game to sum, named as the caller names it.
///
/// # Examples
///
/// See [`analyze_partizan`].
#[derive(Clone)]
pub struct Summand {
    /// How the analysis names the game (a game file's path as typed).
    pub name: String,
    /// The game; it must be partizan ([`DynGame::partizan`]).
    pub game: Arc<dyn DynGame>,
    /// The position.
    pub position: Datum,
}

/// Analyses the sum of `summands` within `budget` (each game's search within it).
///
/// # Errors
///
/// [`AnalysisError::NotSummable`] for a game that is not partizan, [`AnalysisError::Game`]
/// naming the game whose search or rules failed.
///
/// # Examples
///
/// ```
/// use grundy::analysis::partizan::{analyze_partizan, Summand};
/// use grundy::scripted::{GameInfo, RuleMove, Rules};
/// use grundy::dynamic::partizan::Side;
/// use grundy::scripted::PartizanGame;
/// use grundy::dynamic::{Datum, Kind};
/// use grundy::Budget;
/// use std::sync::Arc;
///
/// /// `{n | -n}` switches: either player moves a heap `n` to 0 for a gain of `n`.
/// struct Switches;
/// impl Rules for Switches {
///     fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> {
///         Err("partizan".into())
///     }
///     fn options(&self, pos: &Datum, side: Side, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
///         let n = pos.as_int().ok_or("an integer")?;
///         if n.abs() >= 1000 {
///             // A settled switch is an integer: its owner's moves count it down.
///             if (n > 0) == (side == Side::Left) {
///                 out.push(RuleMove::to(Datum::Int(n - 1000 * n.signum())));
///             }
///         } else if n > 0 {
///             let to = if side == Side::Left { n * 1000 } else { -n * 1000 };
///             out.push(RuleMove { label: Some("switch".into()), ..RuleMove::to(Datum::Int(to)) });
///         }
///         Ok(())
///     }
/// }
/// let game = Arc::new(PartizanGame::new(Switches, GameInfo::new("switches", Kind::Partizan)));
/// let summands = [1, 3].map(|n| Summand { name: "switches".into(), game: game.clone(), position: Datum::Int(n) });
/// let analysis = analyze_partizan(&summands, &Budget::default()).unwrap();
/// assert_eq!(analysis.components[1].value.value, "+-3");
/// assert_eq!(analysis.value.value, "+-{4|2}"); // {4|2||-2|-4}
/// assert_eq!(analysis.hottest, Some(1));
/// assert_eq!(analysis.left[0].value, "3");
/// ```
pub fn analyze_partizan(
    summands: &[Summand],
    budget: &Budget,
) -> Result<PartizanAnalysis, AnalysisError> {
    let mut arena = Arena::new();
    let mut total = arena.zero();
    let mut components = Vec::new();
    // Per component: its game, its value.
    let mut found: Vec<(&dyn Partizan, GameId)> = Vec::new();
    for summand in summands {
        let failed = |source: DynError| AnalysisError::Game {
            game: summand.name.clone(),
            source,
        };
        let Some(game) = summand.game.partizan() else {
            return Err(AnalysisError::NotSummable {
                game: summand.name.clone(),
                kind: summand.game.kind(),
            });
        };
        for part in game.components(&summand.position).map_err(failed)? {
            let g = game.canonical(&part, &mut arena, budget).map_err(failed)?;
            total = arena.sum(total, g).map_err(|e| failed(e.into()))?;
            components.push(PartizanComponent {
                game: summand.name.clone(),
                shown: summand.game.show(&part).map_err(failed)?,
                value: arena.measures(g).map_err(|e| failed(e.into()))?,
                position: part,
            });
            found.push((game, g));
        }
    }
    let value = arena.measures(total).map_err(|e| AnalysisError::Game {
        game: "the sum".into(),
        source: e.into(),
    })?;
    let mut hottest: Option<(usize, Dyadic)> = None;
    for (idx, &(_, g)) in found.iter().enumerate() {
        let has_moves = arena.as_number(g) != Some(Dyadic::ZERO)
            || !arena.left_options(g).is_empty()
            || !arena.right_options(g).is_empty();
        let t = components[idx].value.temperature;
        if has_moves && hottest.is_none_or(|(_, best)| t > best) {
            hottest = Some((idx, t));
        }
    }
    let mut res = PartizanAnalysis {
        value,
        components,
        hottest: hottest.map(|(idx, _)| idx),
        left: Vec::new(),
        right: Vec::new(),
    };
    if let Some((idx, _)) = hottest {
        let (game, _) = found[idx];
        let failed = |source: DynError| AnalysisError::Game {
            game: res.components[idx].game.clone(),
            source,
        };
        let position = res.components[idx].position.clone();
        let left = best_moves(game, &position, Side::Left, &mut arena, budget).map_err(failed)?;
        let right = best_moves(game, &position, Side::Right, &mut arena, budget).map_err(failed)?;
        (res.left, res.right) = (left, right);
    }
    Ok(res)
}

/// `side`'s moves from `pos` that reach the best stop with the other player to move.
fn best_moves(
    game: &dyn Partizan,
    pos: &Datum,
    side: Side,
    arena: &mut Arena,
    budget: &Budget,
) -> Result<Vec<BestMove>, DynError> {
    let mut moves = Vec::new();
    for mv in game.options(pos, side)? {
        let g = game.canonical(&mv.to, arena, budget)?;
        let (left_stop, right_stop) = arena.stops(g);
        let stop = match side {
            Side::Left => right_stop,
            Side::Right => left_stop,
        };
        moves.push(BestMove {
            label: mv.label,
            to: mv.to,
            value: arena.display(g),
            stop,
        });
    }
    let best = match side {
        Side::Left => moves.iter().map(|m| m.stop).max(),
        Side::Right => moves.iter().map(|m| m.stop).min(),
    };
    moves.retain(|m| Some(m.stop) == best);
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamic::Kind;
    use crate::scripted::PartizanGame;
    use crate::scripted::{GameInfo, RuleMove, Rules};

    /// Games written out in braces: `{A,B|C}` has the options `A`, `B` for Left and `C`
    /// for Right; an integer `n` is `n` moves of its owner.
    struct Braces;

    /// The options of `text` for each side, split at the top level.
    fn split(text: &str) -> (Vec<String>, Vec<String>) {
        if let Ok(n) = text.parse::<i64>() {
            let next = vec![(n - n.signum()).to_string()];
            return match n.signum() {
                1 => (next, vec![]),
                -1 => (vec![], next),
                _ => (vec![], vec![]),
            };
        }
        let inner = &text[1..text.len() - 1];
        let (mut sides, mut current, mut depth) = (vec![vec![]], String::new(), 0);
        for c in inner.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 && (c == ',' || c == '|') {
                sides.last_mut().unwrap().push(std::mem::take(&mut current));
                if c == '|' {
                    sides.push(vec![]);
                }
            } else {
                current.push(c);
            }
        }
        sides.last_mut().unwrap().push(current);
        let mut sides = sides
            .into_iter()
            .map(|s| s.into_iter().filter(|o| !o.is_empty()).collect());
        (sides.next().unwrap(), sides.next().unwrap())
    }

    impl Rules for Braces {
        fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> {
            Err("partizan".into())
        }
        fn options(
            &self,
            pos: &Datum,
            side: Side,
            _: bool,
            out: &mut Vec<RuleMove>,
        ) -> Result<(), String> {
            let Datum::Str(text) = pos else {
                return Err("a game in braces".into());
            };
            let (left, right) = split(text);
            let mine = if side == Side::Left { left } else { right };
            out.extend(mine.into_iter().map(|o| RuleMove::to(Datum::Str(o))));
            Ok(())
        }
    }

    /// The hottest component decides where the best moves are looked for: `{1|0,+-1}` is
    /// at 1/2 (its Right scaffold is `t`, its Left one `1 - t`), hotter than `{1|1/2}` at
    /// 1/4, although a wrong right scaffold once put it at 0 and sent play to the other.
    #[test]
    fn the_hottest_component_is_the_hottest() {
        let game: Arc<dyn DynGame> = Arc::new(PartizanGame::new(
            Braces,
            GameInfo::new("braces", Kind::Partizan),
        ));
        let summands = ["{1|{0|1}}", "{1|0,{1|-1}}"].map(|text| Summand {
            name: "braces".into(),
            game: game.clone(),
            position: Datum::Str(text.into()),
        });
        let analysis = analyze_partizan(&summands, &Budget::default()).unwrap();
        let temperatures: Vec<String> = analysis
            .components
            .iter()
            .map(|c| c.value.temperature.to_string())
            .collect();
        assert_eq!(temperatures, ["1/4", "1/2"]);
        assert_eq!(analysis.hottest, Some(1));
        assert_eq!(analysis.value.mean.to_string(), "5/4");
        let labels =
            |moves: &[BestMove]| -> Vec<String> { moves.iter().map(|m| m.value.clone()).collect() };
        assert_eq!(labels(&analysis.left), ["1"]);
        assert_eq!(labels(&analysis.right), ["0"]);
    }
}

/// A partizan position whose positions repeat, valued as a loopy game: the graph of every
/// position reachable from it ([`Partizan::loopy`]), its outcome class with draws and its
/// sided value, written as CGSuite writes them.
///
/// # Examples
///
/// See [`analyze_loopy`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyAnalysis {
    /// The sided value: `S & T`, `dud`, or a stopper's name or simplest form; the graph
    /// as given (node-label notation) when its sides are not found as stoppers.
    pub value: String,
    /// The onside, by name when it has one (`None` when the sides are not found).
    pub onside: Option<String>,
    /// The offside, likewise.
    pub offside: Option<String>,
    /// CGSuite's outcome class: L, R, P, N, D, NHat, PCheck, PHat or NCheck.
    pub outcome: LoopyOutcomeClass,
    /// Who wins with Left moving first (or a draw).
    pub left_first: Winner,
    /// Who wins with Right moving first (or a draw).
    pub right_first: Winner,
    /// No line of play alternates forever (then the game is its own onside and offside).
    pub stopper: bool,
    /// The positions of the graph (of the sum's, pairs of positions and so on).
    pub positions: usize,
    /// Each summand's own sided value (written as `value` is), one for a single position.
    pub components: Vec<String>,
}

/// A stopper by its name (`on`, `over`, ...) when it has one, else as CGSuite writes it.
fn stopper_name(g: &LoopyGame) -> String {
    g.value_name().map_or_else(|| g.to_string(), str::to_string)
}

/// Values `pos` of `game` as a loopy game (for rules whose positions repeat, where
/// [`Partizan::canonical`] meets a cycle); its sides are searched up to the loopy module's
/// `MAX_SIDED` positions, and a game whose sides are not found as stoppers is written as
/// given, with its outcome.
///
/// # Errors
///
/// As [`Partizan::loopy`]: a graph past the loopy module's `MAX_POSITIONS` or the budget,
/// or rules that fail.
///
/// # Examples
///
/// ```
/// use grundy::analysis::partizan::analyze_loopy;
/// use grundy::cgt::loopy::{LoopyOutcomeClass, Winner};
/// use grundy::dynamic::partizan::Side;
/// use grundy::dynamic::{Datum, DynGame, Kind};
/// use grundy::scripted::{GameInfo, PartizanGame, RuleMove, Rules};
/// use grundy::Budget;
///
/// /// From 1, Left moves to 0 and Right to 1 again: over = {0|pass}.
/// struct Over;
/// impl Rules for Over {
///     fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> {
///         Err("partizan".into())
///     }
///     fn options(&self, pos: &Datum, side: Side, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
///         if pos.as_int() == Some(1) {
///             let to = if side == Side::Left { 0 } else { 1 };
///             out.push(RuleMove::to(Datum::Int(to)));
///         }
///         Ok(())
///     }
/// }
/// let game = PartizanGame::new(Over, GameInfo::new("over", Kind::Partizan));
/// let a = analyze_loopy(game.partizan().unwrap(), &Datum::Int(1), &Budget::default()).unwrap();
/// assert_eq!(a.value, "over");
/// assert_eq!(a.outcome, LoopyOutcomeClass::L);
/// assert_eq!(a.right_first, Winner::Left);
/// ```
pub fn analyze_loopy(
    game: &dyn Partizan,
    pos: &Datum,
    budget: &Budget,
) -> Result<LoopyAnalysis, DynError> {
    let g = game.loopy(pos, budget)?;
    Ok(loopy_analysis(&g, None))
}

/// Values the sum of `summands`, some of whose positions repeat, as a loopy game: each
/// summand's graph ([`Partizan::loopy`]) and their sum's (the product graph, a move in the
/// sum a move in one summand), its outcome class with draws found on that graph by
/// retrograde analysis and its sided value `S & T` (the onside and offside of the sum's
/// graph, so `on + off` is `dud` and `over + under` is `over & under`, as CGSuite gives
/// them).
///
/// # Errors
///
/// [`AnalysisError::NotSummable`] for a game that is not partizan, [`AnalysisError::Game`]
/// naming the game whose graph failed (past the loopy module's `MAX_POSITIONS` or the
/// budget, or rules that fail), [`AnalysisError::Game`] naming the sum when the sum's graph
/// is past `MAX_POSITIONS`.
///
/// # Examples
///
/// ```
/// use grundy::analysis::partizan::{analyze_loopy_sum, Summand};
/// use grundy::cgt::loopy::LoopyOutcomeClass;
/// use grundy::dynamic::partizan::Side;
/// use grundy::dynamic::{Datum, DynGame, Kind};
/// use grundy::scripted::{GameInfo, PartizanGame, RuleMove, Rules};
/// use grundy::Budget;
/// use std::sync::Arc;
///
/// /// From 1 Left moves to 0 and Right to 1 again (over = {0|pass}); from -1 the same with
/// /// the players swapped (under).
/// struct OverUnder;
/// impl Rules for OverUnder {
///     fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> {
///         Err("partizan".into())
///     }
///     fn options(&self, pos: &Datum, side: Side, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
///         let n = pos.as_int().ok_or("an integer")?;
///         if n != 0 {
///             let exit = (side == Side::Left) == (n > 0);
///             out.push(RuleMove::to(Datum::Int(if exit { 0 } else { n })));
///         }
///         Ok(())
///     }
/// }
/// let game: Arc<dyn DynGame> =
///     Arc::new(PartizanGame::new(OverUnder, GameInfo::new("over-under", Kind::Partizan)));
/// let summands = [1, -1].map(|n| Summand {
///     name: "over-under".into(),
///     game: game.clone(),
///     position: Datum::Int(n),
/// });
/// let a = analyze_loopy_sum(&summands, &Budget::default()).unwrap();
/// assert_eq!(a.components, ["over", "under"]);
/// assert_eq!(a.value, "over & under");
/// assert_eq!(a.outcome, LoopyOutcomeClass::D);
/// ```
pub fn analyze_loopy_sum(
    summands: &[Summand],
    budget: &Budget,
) -> Result<LoopyAnalysis, AnalysisError> {
    let mut sum: Option<LoopyGame> = None;
    let mut components = Vec::with_capacity(summands.len());
    for s in summands {
        let partizan = s
            .game
            .partizan()
            .ok_or_else(|| AnalysisError::NotSummable {
                game: s.name.clone(),
                kind: s.game.kind(),
            })?;
        let g = partizan
            .loopy(&s.position, budget)
            .map_err(|source| AnalysisError::Game {
                game: s.name.clone(),
                source,
            })?;
        if summands.len() > 1 {
            components.push(sided_value(&g).0);
        }
        sum = Some(match sum {
            None => g,
            Some(total) => total.sum(&g).map_err(|err| AnalysisError::Game {
                game: "the sum".into(),
                source: match err {
                    LoopyError::TooLarge(needed) => SolveError::TooLarge {
                        needed: needed as u64,
                        limit: MAX_POSITIONS as u64,
                        unit: "positions of the sum (they repeat: valued as a loopy game)",
                    }
                    .into(),
                    other => DynError::Position(other.to_string()),
                },
            })?,
        });
    }
    let g = sum.ok_or(AnalysisError::EmptyComponent)?;
    Ok(loopy_analysis(
        &g,
        (summands.len() > 1).then_some(components),
    ))
}

/// The sided value of `g` as written, with the sides when they are found as stoppers
/// (else the graph as given: sides that are not stoppers, or a graph too large to search).
fn sided_value(g: &LoopyGame) -> (String, Option<SidedValue>) {
    let sided = SidedValue::of(g).ok();
    let value = sided
        .as_ref()
        .map_or_else(|| g.to_string(), SidedValue::to_string);
    (value, sided)
}

/// The analysis of the loopy game `g`, whose summands are valued `components` (`None` for
/// a single position: its own value).
fn loopy_analysis(g: &LoopyGame, components: Option<Vec<String>>) -> LoopyAnalysis {
    let outcome = g.outcome();
    let (value, sided) = sided_value(g);
    let components = components.unwrap_or_else(|| vec![value.clone()]);
    LoopyAnalysis {
        value,
        onside: sided.as_ref().map(|v| stopper_name(v.onside())),
        offside: sided.as_ref().map(|v| stopper_name(v.offside())),
        outcome,
        left_first: outcome.left_first(),
        right_first: outcome.right_first(),
        stopper: g.is_stopper(),
        positions: g.len(),
        components,
    }
}
