//! What a front end implements to define a game by its rules: [`Rules`], the moves it
//! gives ([`RuleMove`]), what it says of the game ([`GameInfo`]), and why rules could not
//! be followed (`RulesError`, kept with the front door's errors).

use crate::drawing::Drawing;
use crate::dynamic::{Datum, DynError, Kind, RulesError};

/// A move as the rules give it.
///
/// # Examples
///
/// ```
/// use grundy::scripted::RuleMove;
/// use grundy::dynamic::Datum;
/// let mv = RuleMove::to(Datum::ints([2]));
/// assert_eq!((mv.label, mv.points, mv.again), (None, 0, false));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleMove {
    /// The position after the move, seen from the player then to move.
    pub to: Datum,
    /// How a person names the move; `None`: the position it leads to, shown.
    pub label: Option<String>,
    /// Points the mover earns (scoring games only).
    pub points: i64,
    /// True when the mover moves again.
    pub again: bool,
}

impl RuleMove {
    /// A plain move to `to`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::scripted::RuleMove;
    /// assert_eq!(RuleMove::to(grundy::dynamic::Datum::Int(0)).to.as_int(), Some(0));
    /// ```
    pub fn to(to: Datum) -> Self {
        RuleMove {
            to,
            label: None,
            points: 0,
            again: false,
        }
    }
}

/// The rules of a game over [`Datum`] positions, as a callback. Errors are messages in the
/// callback's own terms (a game file's `FILE:LINE: what`); `CallbackGame` adds the
/// position and the function.
///
/// # Examples
///
/// Nim as a Rust closure-like rule set:
///
/// ```
/// use grundy::scripted::{RuleMove, Rules};
/// use grundy::dynamic::Datum;
///
/// struct Nim;
/// impl Rules for Nim {
///     fn moves(&self, pos: &Datum, _labels: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
///         let heaps = pos.as_list().ok_or("a position is a list of heaps")?;
///         for (idx, heap) in heaps.iter().enumerate() {
///             let size = heap.as_int().ok_or("a heap is an integer")?;
///             for smaller in 0..size {
///                 let mut next = heaps.to_vec();
///                 next[idx] = Datum::Int(smaller);
///                 out.push(RuleMove::to(Datum::List(next)));
///             }
///         }
///         Ok(())
///     }
/// }
/// let mut out = Vec::new();
/// Nim.moves(&Datum::ints([2]), false, &mut out).unwrap();
/// assert_eq!(out.len(), 2);
/// ```
pub trait Rules: Send + Sync {
    /// Appends every move from `pos` to `out` (none: the player to move cannot move).
    /// `labels` says whether labels are wanted; without it they may be left out.
    ///
    /// # Errors
    ///
    /// A message saying what went wrong (the caller adds the position).
    fn moves(&self, pos: &Datum, labels: bool, out: &mut Vec<RuleMove>) -> Result<(), String>;

    /// Appends the moves of one player of a partizan game from `pos` (a position with no
    /// player to move; see `PartizanGame`). The
    /// default gives both players [`Rules::moves`]: an impartial game read as a partizan one,
    /// whose canonical forms are its nimbers.
    ///
    /// # Errors
    ///
    /// A message saying what went wrong (the caller adds the position).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::scripted::{RuleMove, Rules};
    /// use grundy::dynamic::partizan::Side;
    /// use grundy::dynamic::Datum;
    /// struct Take1;
    /// impl Rules for Take1 {
    ///     fn moves(&self, pos: &Datum, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
    ///         let n = pos.as_int().ok_or("a heap")?;
    ///         out.extend((n > 0).then(|| RuleMove::to(Datum::Int(n - 1))));
    ///         Ok(())
    ///     }
    /// }
    /// let mut out = Vec::new();
    /// Take1.options(&Datum::Int(3), Side::Right, false, &mut out).unwrap();
    /// assert_eq!(out, vec![RuleMove::to(Datum::Int(2))]);
    /// ```
    fn options(
        &self,
        pos: &Datum,
        side: crate::dynamic::partizan::Side,
        labels: bool,
        out: &mut Vec<RuleMove>,
    ) -> Result<(), String> {
        let _ = side;
        self.moves(pos, labels, out)
    }

    /// True when [`Rules::components`] splits positions (used only by impartial games
    /// under normal play).
    fn has_components(&self) -> bool {
        false
    }

    /// Appends the independent components of `pos` (see [`Components`](crate::model::Components)); the default
    /// appends `pos` itself.
    ///
    /// # Errors
    ///
    /// A message saying what went wrong.
    fn components(&self, pos: &Datum, out: &mut Vec<Datum>) -> Result<(), String> {
        out.push(pos.clone());
        Ok(())
    }

    /// True when [`Rules::canonical`] maps positions to the representatives of their
    /// symmetry classes (then the searches store classes).
    fn has_canonical(&self) -> bool {
        false
    }

    /// Whether `message`, a failure of these rules, says that they ran out of a resource
    /// (a step or memory cap of a sandbox), not that they failed on the position: such a
    /// failure is the rules' own whatever the position, and is reported as it is rather
    /// than as a malformed position. The default is `false`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::scripted::{RuleMove, Rules};
    /// use grundy::dynamic::Datum;
    /// struct Endless;
    /// impl Rules for Endless {
    ///     fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> {
    ///         Err("out of steps".into())
    ///     }
    ///     fn exhausted(&self, message: &str) -> bool { message == "out of steps" }
    /// }
    /// assert!(Endless.exhausted("out of steps"));
    /// ```
    fn exhausted(&self, message: &str) -> bool {
        let _ = message;
        false
    }

    /// The representative of the class of `pos`: a position of the same value whose moves
    /// are those of `pos` up to the same symmetry (a board turned or mirrored), the same for
    /// every position of the class. The default is `pos` itself. A search stores classes;
    /// moves, labels and principal lines still show the positions as played.
    ///
    /// # Errors
    ///
    /// A message saying what went wrong.
    ///
    /// # Examples
    ///
    /// One heap and its mirror image, a negative size, are one class:
    ///
    /// ```
    /// use grundy::scripted::{RuleMove, Rules};
    /// use grundy::dynamic::Datum;
    /// struct Mirrored;
    /// impl Rules for Mirrored {
    ///     fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> { Ok(()) }
    ///     fn has_canonical(&self) -> bool { true }
    ///     fn canonical(&self, pos: &Datum) -> Result<Datum, String> {
    ///         Ok(Datum::Int(pos.as_int().ok_or("a heap is an integer")?.abs()))
    ///     }
    /// }
    /// assert_eq!(Mirrored.canonical(&Datum::Int(-3)), Ok(Datum::Int(3)));
    /// ```
    fn canonical(&self, pos: &Datum) -> Result<Datum, String> {
        Ok(pos.clone())
    }

    /// The bytes the rules' own state holds now (a game file's script heap), counted with
    /// the search's positions and tables against the budget; the default is 0.
    fn heap_bytes(&self) -> u64 {
        0
    }

    /// The position as text; the default is [`show_data`].
    ///
    /// # Errors
    ///
    /// A message saying what went wrong.
    fn show(&self, pos: &Datum) -> Result<String, String> {
        Ok(show_data(pos))
    }

    /// The position `text` writes; the default is [`parse_data`].
    ///
    /// # Errors
    ///
    /// A message saying what is wrong with the text.
    fn parse(&self, text: &str) -> Result<Datum, String> {
        parse_data(text)
    }

    /// The position for one or two integers (tables: a heap of `n`, a board `a` by `b`);
    /// `None` when the game has no such positions.
    fn position_of(&self, numbers: &[u64]) -> Option<Result<Datum, String>> {
        let _ = numbers;
        None
    }

    /// The tier of `pos` for a tier database (a game file's `tier`): `None`, the default,
    /// when the rules give no tiers. A tier is an integer from 0 up, and every move leads to
    /// a tier at least its position's (the same tier only where positions may repeat).
    ///
    /// # Errors
    ///
    /// `Some(Err(..))`: a message saying what went wrong (the caller adds the position).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::scripted::{RuleMove, Rules};
    /// use grundy::dynamic::Datum;
    /// struct Countdown;
    /// impl Rules for Countdown {
    ///     fn moves(&self, pos: &Datum, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
    ///         let n = pos.as_int().ok_or("a number")?;
    ///         out.extend((n > 0).then(|| RuleMove::to(Datum::Int(n - 1))));
    ///         Ok(())
    ///     }
    ///     fn tier(&self, pos: &Datum) -> Option<Result<i64, String>> {
    ///         Some(pos.as_int().map(|n| 10 - n).ok_or("a number".into()))
    ///     }
    /// }
    /// assert_eq!(Countdown.tier(&Datum::Int(3)), Some(Ok(7)));
    /// ```
    fn tier(&self, pos: &Datum) -> Option<Result<i64, String>> {
        let _ = pos;
        None
    }

    /// How many ranks tier `tier` has under the rules' own numbering of their tiers (a
    /// game file's `tier_size`): `None`, the default, when the rules do not number them
    /// (grundy then numbers the positions it finds, by their keys). A tier database asks
    /// it of every tier from 0 to 1023 (a tier database's highest); the game's tiers end
    /// at the last one with ranks.
    ///
    /// # Errors
    ///
    /// `Some(Err(..))`: a message saying what went wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::scripted::{RuleMove, Rules};
    /// use grundy::dynamic::Datum;
    /// struct Plain;
    /// impl Rules for Plain {
    ///     fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> {
    ///         Ok(())
    ///     }
    /// }
    /// assert_eq!(Plain.tier_size(0), None); // numbered by grundy
    /// ```
    fn tier_size(&self, tier: i64) -> Option<Result<i64, String>> {
        let _ = tier;
        None
    }

    /// The rank of `pos` within its tier under the rules' own numbering (a game file's
    /// `rank`): an integer from 0 to [`Rules::tier_size`] less 1, different for every
    /// position of the tier; `None`, the default, when the rules do not number their tiers.
    ///
    /// # Errors
    ///
    /// `Some(Err(..))`: a message saying what went wrong (the caller adds the position).
    ///
    /// # Examples
    ///
    /// A countdown from 10 numbered by hand: tier `10 - n`, one position a tier.
    ///
    /// ```
    /// use grundy::scripted::{RuleMove, Rules};
    /// use grundy::dynamic::Datum;
    /// struct Countdown;
    /// impl Rules for Countdown {
    ///     fn moves(&self, pos: &Datum, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
    ///         let n = pos.as_int().ok_or("a number")?;
    ///         out.extend((n > 0).then(|| RuleMove::to(Datum::Int(n - 1))));
    ///         Ok(())
    ///     }
    ///     fn tier(&self, pos: &Datum) -> Option<Result<i64, String>> {
    ///         Some(pos.as_int().map(|n| 10 - n).ok_or("a number".into()))
    ///     }
    ///     fn tier_size(&self, tier: i64) -> Option<Result<i64, String>> {
    ///         Some(Ok(i64::from(tier <= 10)))
    ///     }
    ///     fn rank(&self, _: &Datum) -> Option<Result<i64, String>> {
    ///         Some(Ok(0))
    ///     }
    ///     fn unrank(&self, tier: i64, _: i64) -> Option<Result<Datum, String>> {
    ///         Some(Ok(Datum::Int(10 - tier)))
    ///     }
    /// }
    /// assert_eq!(Countdown.rank(&Datum::Int(3)), Some(Ok(0)));
    /// assert_eq!(Countdown.unrank(7, 0), Some(Ok(Datum::Int(3))));
    /// ```
    fn rank(&self, pos: &Datum) -> Option<Result<i64, String>> {
        let _ = pos;
        None
    }

    /// The position of rank `rank` in tier `tier` under the rules' own numbering (a game
    /// file's `unrank`), the inverse of [`Rules::rank`]; `None`, the default, when the
    /// rules do not number their tiers.
    ///
    /// # Errors
    ///
    /// `Some(Err(..))`: a message saying what went wrong.
    ///
    /// # Examples
    ///
    /// See [`Rules::rank`].
    fn unrank(&self, tier: i64, rank: i64) -> Option<Result<Datum, String>> {
        let _ = (tier, rank);
        None
    }

    /// How `pos` looks, as data (a game file's `draw`); `Ok(None)`, the default: the game
    /// does not draw. The game checks the drawing ([`Drawing::check`]) against the
    /// position's moves.
    ///
    /// # Errors
    ///
    /// A message saying what went wrong (a drawing that is not one, too).
    fn draw(&self, pos: &Datum) -> Result<Option<Drawing>, String> {
        let _ = pos;
        Ok(None)
    }
}

/// A position as text, the default of [`Rules::show`]: a list of two or more integers as
/// the integers separated by spaces, anything else as data (JSON).
///
/// # Examples
///
/// ```
/// use grundy::scripted::show_data;
/// use grundy::dynamic::Datum;
/// assert_eq!(show_data(&Datum::ints([3, 5, 7])), "3 5 7");
/// assert_eq!(show_data(&Datum::ints([7])), "[7]");
/// assert_eq!(show_data(&Datum::Str("x.o".into())), "\"x.o\"");
/// ```
pub fn show_data(pos: &Datum) -> String {
    match pos.as_list() {
        Some(items) if items.len() >= 2 && items.iter().all(|d| d.as_int().is_some()) => items
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        _ => pos.to_string(),
    }
}

/// Reads a position written as data (JSON), or as integers separated by spaces or commas
/// (a list); the default of [`Rules::parse`] and the inverse of [`show_data`].
///
/// # Errors
///
/// A message quoting the text when it is neither.
///
/// # Examples
///
/// ```
/// use grundy::scripted::parse_data;
/// use grundy::dynamic::Datum;
/// assert_eq!(parse_data("3 5, 7").unwrap(), Datum::ints([3, 5, 7]));
/// assert_eq!(parse_data("[[1], \"x\"]").unwrap().to_string(), "[[1], \"x\"]");
/// assert!(parse_data("3 x").is_err());
/// ```
pub fn parse_data(text: &str) -> Result<Datum, String> {
    if let Ok(datum) = serde_json::from_str::<Datum>(text) {
        return Ok(datum);
    }
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty())
        .map(|word| word.parse::<i64>().map(Datum::Int))
        .collect::<Result<Vec<_>, _>>()
        .map(Datum::List)
        .map_err(|_| {
            format!(
                "cannot read {}: write data (JSON) or integers separated by spaces",
                crate::text::quoted(text.trim())
            )
        })
}

/// What a `CallbackGame` is: name, description, kind, start position, and where its
/// rules come from.
///
/// # Examples
///
/// ```
/// use grundy::scripted::GameInfo;
/// use grundy::dynamic::Kind;
/// let info = GameInfo::new("mine", Kind::Scoring);
/// assert_eq!(info.origin, "mine");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The game's name.
    pub name: String,
    /// One line saying what the game is.
    pub description: String,
    /// What values it has.
    pub kind: Kind,
    /// The start position, if any.
    pub start: Option<Datum>,
    /// Where the rules come from (a file name), the first word of [`RulesError`]s.
    pub origin: String,
}

impl GameInfo {
    /// A game named `name` of `kind`, without description or start; its origin is its name.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::scripted::GameInfo;
    /// let info = GameInfo::new("g", grundy::dynamic::Kind::Scoring);
    /// assert_eq!(info.start, None);
    /// ```
    pub fn new(name: impl Into<String>, kind: Kind) -> Self {
        let name = name.into();
        GameInfo {
            origin: name.clone(),
            name,
            description: String::new(),
            kind,
            start: None,
        }
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
