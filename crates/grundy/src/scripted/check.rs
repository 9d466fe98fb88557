//! The check of a position handed to a game defined by [`Rules`] (a game file, a Python
//! function) from outside: data a front end was given, or what the game's `parse` read.
//!
//! The rules say nothing of which data are positions, so a malformed one would reach the
//! search and come back as a wrong answer (no moves: a lost game) or as the rules' own
//! failure deep inside them (a game file's `FILE:LINE`). A position is checked instead, in
//! this order, against what the game does say:
//!
//! 1. its shape: the kinds of data its start position has ([`Shape`]: a string, a list of
//!    integers, ...), when the game has a start;
//! 2. its text: `parse` reads back exactly the position from the text `show` writes;
//! 3. its rules: the functions a search calls on it (`moves`, or `left` and `right`; the
//!    `components` and `canonical` the game uses) do not fail on it.
//!
//! The first that fails is a [`Malformed`] naming the position, what is wrong and what the
//! game's positions are; the rules' own message (with its file and line) is left out: it
//! speaks of the game's code, not of the position.

use std::fmt;

use super::rules::{GameInfo, Rules};
use crate::dynamic::partizan::Side;
use crate::dynamic::{Datum, DynError, Kind, Malformed, Problem, RulesError};
use crate::value::Play;

/// The kinds of data a game's positions are made of, read from example positions: which
/// of booleans, integers, strings and lists a position may be, and what a list's items may
/// be. A list whose items were never seen (only empty lists) may hold anything.
///
/// # Examples
///
/// ```
/// use grundy::scripted::Shape;
/// use grundy::dynamic::Datum;
/// let rows = Shape::of(&Datum::List(vec![Datum::Str("..".into()), Datum::Str("#.".into())]));
/// assert_eq!(rows.to_string(), "a list of strings");
/// assert!(rows.fits(&Datum::List(vec![])));
/// assert!(!rows.fits(&Datum::ints([1, 2])));
/// assert!(!rows.fits(&Datum::Str("..".into())));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    bool: bool,
    int: bool,
    str: bool,
    /// Lists, with what their items may be.
    list: Option<Box<Shape>>,
}

/// How deep [`Shape`]'s text names lists' items: deeper lists are just lists.
const NAMED_DEPTH: usize = 2;

impl Shape {
    /// The shape of `datum` alone.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::scripted::Shape;
    /// use grundy::dynamic::Datum;
    /// let mixed = Datum::List(vec![Datum::Str("ring".into()), Datum::Int(4)]);
    /// assert_eq!(Shape::of(&mixed).to_string(), "a list of integers or strings");
    /// ```
    pub fn of(datum: &Datum) -> Shape {
        let mut shape = Shape::default();
        shape.add(datum);
        shape
    }

    fn add(&mut self, datum: &Datum) {
        match datum {
            Datum::Bool(_) => self.bool = true,
            Datum::Int(_) => self.int = true,
            Datum::Str(_) => self.str = true,
            Datum::List(items) => {
                let inner = self.list.get_or_insert_with(Box::default);
                for item in items {
                    inner.add(item);
                }
            }
        }
    }

    fn is_empty(&self) -> bool {
        !self.bool && !self.int && !self.str && self.list.is_none()
    }

    /// True when `datum` has this shape: its kind is one of the shape's and, for a list,
    /// each item fits the shape of the items.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::scripted::Shape;
    /// use grundy::dynamic::Datum;
    /// let heaps = Shape::of(&Datum::ints([8, 4]));
    /// assert!(heaps.fits(&Datum::ints([1, 2, 3])));
    /// assert!(!heaps.fits(&Datum::Int(8)));
    /// ```
    pub fn fits(&self, datum: &Datum) -> bool {
        match datum {
            _ if self.is_empty() => true,
            Datum::Bool(_) => self.bool,
            Datum::Int(_) => self.int,
            Datum::Str(_) => self.str,
            Datum::List(items) => self
                .list
                .as_ref()
                .is_some_and(|inner| items.iter().all(|item| inner.fits(item))),
        }
    }

    /// The kinds named, `plural` or with an article, lists' items down to `depth` more
    /// levels.
    fn names(&self, plural: bool, depth: usize) -> Vec<String> {
        let word = |one: &str, many: &str| match plural {
            true => many.to_string(),
            false => one.to_string(),
        };
        let mut names = Vec::new();
        if self.bool {
            names.push(word("a boolean", "booleans"));
        }
        if self.int {
            names.push(word("an integer", "integers"));
        }
        if self.str {
            names.push(word("a string", "strings"));
        }
        if let Some(inner) = &self.list {
            let list = word("a list", "lists");
            names.push(match depth > 0 && !inner.is_empty() {
                true => format!("{list} of {}", inner.names(true, depth - 1).join(" or ")),
                false => list,
            });
        }
        names
    }
}

impl fmt::Display for Shape {
    /// `a string`, `a list of integers`, `a list of integers or strings`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.is_empty() {
            true => f.write_str("anything"),
            false => f.write_str(&self.names(false, NAMED_DEPTH).join(" or ")),
        }
    }
}

/// Reads `text` as a position of the game `rules` play (described by `info`), checked as
/// the game's front door ([`crate::dynamic::DynGame::parse`]) checks it: for a front end that
/// holds a file's rules, not a game made of them.
///
/// # Errors
///
/// [`DynError::Position`] when the rules' `parse` fails; [`DynError::Malformed`] as the
/// check finds it.
///
/// # Examples
///
/// ```
/// use grundy::scripted::{parse_position, GameInfo, RuleMove, Rules};
/// use grundy::dynamic::{Datum, Kind};
/// use grundy::Play;
/// struct Take1;
/// impl Rules for Take1 {
///     fn moves(&self, pos: &Datum, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
///         let n = pos.as_int().ok_or("a heap is an integer")?;
///         out.extend((n > 0).then(|| RuleMove::to(Datum::Int(n - 1))));
///         Ok(())
///     }
/// }
/// let mut info = GameInfo::new("take", Kind::Impartial { play: Play::Misere });
/// info.start = Some(Datum::Int(3));
/// assert_eq!(parse_position(&Take1, &info, "5").unwrap(), Datum::Int(5));
/// assert!(parse_position(&Take1, &info, "[1, 2]").is_err());
/// ```
pub fn parse_position(rules: &dyn Rules, info: &GameInfo, text: &str) -> Result<Datum, DynError> {
    let pos = rules.parse(text).map_err(DynError::Position)?;
    check(rules, info, &pos)?;
    Ok(pos)
}

/// Checks that `pos` is a position of the game `rules` play, described by `info`.
///
/// # Errors
///
/// [`DynError::Malformed`] saying what is wrong.
pub(crate) fn check<R: Rules + ?Sized>(
    rules: &R,
    info: &GameInfo,
    pos: &Datum,
) -> Result<(), DynError> {
    let shape = info.start.as_ref().map(Shape::of);
    let malformed = |problem| {
        let expected = info
            .start
            .as_ref()
            .zip(shape.as_ref())
            .map(|(start, shape)| format!("{shape} like its start {}", start.brief()));
        DynError::Malformed(Box::new(Malformed {
            position: pos.clone(),
            game: info.name.clone(),
            problem,
            expected,
        }))
    };
    if shape.as_ref().is_some_and(|shape| !shape.fits(pos)) {
        let found = Shape::of(pos).names(false, 1).join(" or ");
        return Err(malformed(Problem::Type { found }));
    }
    let text = rules.show(pos).map_err(|_| malformed(Problem::Unshown))?;
    match rules.parse(&text) {
        Err(_) => return Err(malformed(Problem::Unread { text })),
        Ok(back) if back != *pos => return Err(malformed(Problem::Misread { back })),
        Ok(_) => {}
    }
    // A failure that is the rules running out of steps or memory is theirs, not the
    // position's: it is reported as it is.
    let fails = |function: &'static str| {
        move |message: String| match rules.exhausted(&message) {
            true => DynError::Rules(RulesError::Callback {
                function,
                position: pos.clone(),
                message,
            }),
            false => malformed(Problem::Fails { function }),
        }
    };
    let mut moves = Vec::new();
    match info.kind {
        Kind::Partizan => {
            for side in [Side::Left, Side::Right] {
                rules
                    .options(pos, side, false, &mut moves)
                    .map_err(fails(side.function()))?;
            }
        }
        _ => rules
            .moves(pos, false, &mut moves)
            .map_err(fails("moves"))?,
    }
    let split = matches!(
        info.kind,
        Kind::Partizan | Kind::Impartial { play: Play::Normal }
    );
    if split && rules.has_components() {
        rules
            .components(pos, &mut Vec::new())
            .map_err(fails("components"))?;
    }
    if info.kind != Kind::Partizan && rules.has_canonical() {
        rules.canonical(pos).map_err(fails("canonical"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
