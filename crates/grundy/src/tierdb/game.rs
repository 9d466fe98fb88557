//! What a game gives the tier databases: tiers, a numbering of each tier's positions, and
//! each position's moves as places in later tiers.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use super::value::{Gain, Value, Values};
use crate::drawing::{Cell, Drawing, Fill, Grid, Shape};
use crate::value::Outcome;

/// A position by its tier and its rank (its number within the tier, below
/// [`TierGame::tier_size`]).
///
/// # Examples
///
/// ```
/// use grundy::tierdb::Place;
/// let start = Place { tier: 0, rank: 0 };
/// assert!(start < Place { tier: 1, rank: 0 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Place {
    /// The tier (for a board game, usually the stones placed).
    pub tier: u32,
    /// The position's number within its tier.
    pub rank: u64,
}

/// How a game that is over ended, for the player to move.
///
/// # Examples
///
/// ```
/// use grundy::tierdb::End;
/// assert_ne!(End::Loss, End::Draw);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The player to move has lost (the opponent completed a line, say).
    Loss,
    /// Nobody won (a full board).
    Draw,
    /// The player to move has won (misère play: who cannot move wins).
    Win,
}

impl End {
    /// The value of a position that ended so, for the player to move: remoteness 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::End;
    /// assert_eq!(End::Win.value().to_string(), "win in 0");
    /// ```
    pub fn value(self) -> Value {
        let outcome = match self {
            End::Loss => Outcome::Loss,
            End::Draw => Outcome::Draw,
            End::Win => Outcome::Win,
        };
        Value::new(outcome, 0)
    }
}

/// Which game a database holds: its name and parameters, as the manifest records them.
///
/// # Examples
///
/// ```
/// use grundy::tierdb::Identity;
/// let id = Identity::new("connect-four", &[("width", 5), ("height", 4), ("connect", 4)]);
/// assert_eq!(id.to_string(), "connect-four connect=4 height=4 width=5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    /// The game's name, as front ends type it.
    pub game: String,
    /// Its parameters by name.
    pub parameters: BTreeMap<String, u64>,
    /// The game file it was built from, for a game file's database.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<FileIdentity>,
}

/// The game file a database was built from: its name, its parameters as given, and a hash
/// of its source, so that a database is refused for a file changed since.
///
/// # Examples
///
/// ```
/// use grundy::tierdb::FileIdentity;
/// let a = FileIdentity::new("take.luau", &[("most".into(), "2".into())], "start = 7");
/// let b = FileIdentity::new("take.luau", &[("most".into(), "2".into())], "start = 8");
/// assert_eq!(a.file, "take.luau");
/// assert_ne!(a.source, b.source);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileIdentity {
    /// The file's name (without its directory).
    pub file: String,
    /// Its parameters by name, as the command line writes them.
    pub params: BTreeMap<String, String>,
    /// The source's length and FNV-1a hash (64 bits, hexadecimal): `fnv1a64:LEN:HASH`.
    pub source: String,
}

impl FileIdentity {
    /// The identity of the file named `file` (a path: its last part is kept) with
    /// `params` in force and `source` its text.
    ///
    /// # Examples
    ///
    /// ```
    /// let id = grundy::tierdb::FileIdentity::new("examples/games/x.luau", &[], "");
    /// assert_eq!(id.file, "x.luau");
    /// assert_eq!(id.source, "fnv1a64:0:cbf29ce484222325");
    /// ```
    pub fn new(file: &str, params: &[(String, String)], source: &str) -> FileIdentity {
        let hash = source.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        let name = std::path::Path::new(file)
            .file_name()
            .map_or_else(|| file.to_string(), |n| n.to_string_lossy().into_owned());
        FileIdentity {
            file: name,
            params: params.iter().cloned().collect(),
            source: format!("fnv1a64:{}:{hash:016x}", source.len()),
        }
    }
}

impl Identity {
    /// The identity of `game` with `parameters`.
    ///
    /// # Examples
    ///
    /// ```
    /// let id = grundy::tierdb::Identity::new("tic-tac-toe", &[]);
    /// assert!(id.parameters.is_empty());
    /// ```
    pub fn new(game: &str, parameters: &[(&str, u64)]) -> Identity {
        Identity {
            game: game.to_string(),
            parameters: parameters
                .iter()
                .map(|&(name, value)| (name.to_string(), value))
                .collect(),
            file: None,
        }
    }

    /// The parameter `name`, if recorded.
    ///
    /// # Examples
    ///
    /// ```
    /// let id = grundy::tierdb::Identity::new("connect-four", &[("width", 5)]);
    /// assert_eq!(id.parameter("width"), Some(5));
    /// assert_eq!(id.parameter("depth"), None);
    /// ```
    pub fn parameter(&self, name: &str) -> Option<u64> {
        self.parameters.get(name).copied()
    }
}

impl std::fmt::Display for Identity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.game)?;
        for (name, value) in &self.parameters {
            write!(f, " {name}={value}")?;
        }
        if let Some(file) = &self.file {
            write!(f, " (file {}", file.file)?;
            for (name, value) in &file.params {
                write!(f, " {name}={value}")?;
            }
            write!(f, ")")?;
        }
        Ok(())
    }
}

/// What [`TierGame::expand_ranks`] hands each position to: its rank, how it ended (or
/// `None`) and its moves; it breaks to stop the walk.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use grundy::tierdb::Visit;
/// let mut ends = 0;
/// let visit: &mut Visit<'_> = &mut |_, end, _| {
///     ends += usize::from(end.is_some());
///     ControlFlow::Continue(())
/// };
/// assert!(visit(0, None, &[]).is_continue());
/// ```
pub type Visit<'a> = dyn FnMut(u64, Option<End>, &[Place]) -> ControlFlow<()> + 'a;

/// A game solved tier by tier: its positions fall into tiers `0..tiers()`, every move leads
/// to a later tier, and each tier's positions are numbered `0..tier_size(tier)` (a rank may
/// name no position the game reaches: the build marks what the start reaches). Object safe,
/// so that a database opened from its manifest holds any game.
///
/// # Examples
///
/// A pile of `n` counters from which a player takes one or two; the tier is the counters
/// taken, one position a tier.
///
/// ```
/// use grundy::tierdb::{End, Identity, Place, TierGame};
///
/// #[derive(Debug)]
/// struct Pile(u32);
///
/// impl TierGame for Pile {
///     fn identity(&self) -> Identity {
///         Identity::new("pile", &[("counters", u64::from(self.0))])
///     }
///     fn tiers(&self) -> u32 {
///         self.0 + 1
///     }
///     fn tier_size(&self, _tier: u32) -> u64 {
///         1
///     }
///     fn child_tiers(&self, tier: u32) -> Vec<u32> {
///         (tier + 1..=(tier + 2).min(self.0)).collect()
///     }
///     fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End> {
///         children.extend(self.child_tiers(at.tier).into_iter().map(|tier| Place { tier, rank: 0 }));
///         None // no counter left: no moves, a loss
///     }
///     fn labels(&self, at: Place) -> Vec<String> {
///         self.child_tiers(at.tier).iter().map(|t| (t - at.tier).to_string()).collect()
///     }
///     fn parse(&self, text: &str) -> Result<Place, String> {
///         let taken: u32 = text.trim().parse().map_err(|_| format!("'{text}' is not a number"))?;
///         (taken <= self.0).then_some(Place { tier: taken, rank: 0 }).ok_or("too many".into())
///     }
///     fn show(&self, at: Place) -> String {
///         format!("{} left", self.0 - at.tier)
///     }
/// }
///
/// let pile = Pile(7);
/// assert_eq!(pile.start(), Place { tier: 0, rank: 0 });
/// assert_eq!(pile.labels(pile.start()), ["1", "2"]);
/// ```
pub trait TierGame: Debug + Send + Sync {
    /// The game and its parameters, written in the manifest and checked when a build resumes.
    fn identity(&self) -> Identity;

    /// The number of tiers: tiers are `0..tiers()`.
    fn tiers(&self) -> u32;

    /// The ranks of `tier`: its positions are numbered below this.
    fn tier_size(&self, tier: u32) -> u64;

    /// The tiers a move from a position of `tier` may reach, ascending: each above `tier`,
    /// or `tier` itself for a game whose moves may stay in their tier (positions that may
    /// repeat: such a tier is solved by retrograde analysis, with draws for what neither
    /// player can force).
    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        match tier + 1 < self.tiers() {
            true => vec![tier + 1],
            false => Vec::new(),
        }
    }

    /// The start position (tier 0, rank 0 unless a game says otherwise).
    fn start(&self) -> Place {
        Place { tier: 0, rank: 0 }
    }

    /// The position at `at`: how it ended when the game is over, else its moves pushed onto
    /// `children` (each in one of [`TierGame::child_tiers`], in the order of
    /// [`TierGame::labels`]). A position with no moves that is not over is a loss for the
    /// player to move (normal play).
    fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End>;

    /// The positions of `tier` at `ranks` (ascending), each handed to `visit` with its rank
    /// and what [`TierGame::expand`] finds: how it ended, or its moves. `visit` breaks to
    /// stop the walk. By default one `expand` a rank; a game that steps from a rank to the
    /// next faster than it finds a rank's position (Connect Four) walks instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use grundy::games::connect_four::ConnectFour;
    /// use grundy::tierdb::TierGame;
    ///
    /// let game = ConnectFour::new(4, 4).unwrap();
    /// let mut moves = Vec::new();
    /// game.expand_ranks(1, &mut (0..4), &mut |rank, end, children| {
    ///     assert!(end.is_none());
    ///     moves.push((rank, children.len()));
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(moves, [(0, 4), (1, 4), (2, 4), (3, 4)]);
    /// ```
    fn expand_ranks(&self, tier: u32, ranks: &mut dyn Iterator<Item = u64>, visit: &mut Visit<'_>) {
        let mut children = Vec::new();
        for rank in ranks {
            children.clear();
            let end = self.expand(Place { tier, rank }, &mut children);
            if visit(rank, end, &children).is_break() {
                return;
            }
        }
    }

    /// The names of the moves of the position at `at`, in the order [`TierGame::expand`]
    /// lists them (a person types these).
    fn labels(&self, at: Place) -> Vec<String>;

    /// The position a front end names with `text` (for a board game, the moves played).
    ///
    /// # Errors
    ///
    /// A message naming what in `text` is wrong.
    fn parse(&self, text: &str) -> Result<Place, String>;

    /// The position at `at` as text (for a board game, the board drawn in rows).
    fn show(&self, at: Place) -> String;

    /// What the database holds for each position ([`Values`]): win, loss or draw with
    /// remoteness (the default); the net score of a scoring game, whose moves earn points
    /// ([`TierGame::gains`]); or the nimber of an impartial game (normal play).
    fn values(&self) -> Values {
        Values::Outcomes
    }

    /// What each move of the position at `at` earns its mover, pushed onto `gains` in the
    /// order of [`TierGame::expand`]; the default pushes nothing (no points, no bonus
    /// turns), as every game does whose [`TierGame::values`] are not scores. A game of
    /// scores pushes one a move.
    fn gains(&self, at: Place, gains: &mut Vec<Gain>) {
        let _ = (at, gains);
    }

    /// The game as a person names it (`connect-four 5 x 4`); by default its identity.
    fn describe(&self) -> String {
        self.identity().to_string()
    }

    /// The words that name the game to a front end (what `tierdb::tier_game` reads, e.g.
    /// `connect-four 5 4`); by default its identity's name.
    fn words(&self) -> String {
        self.identity().game
    }

    /// A move by its label, as a sentence names it (`column 3`); by default `move 3`.
    fn move_name(&self, label: &str) -> String {
        format!("move {label}")
    }

    /// How the position at `at` looks, as data ([`Drawing`]: a board whose cells name the
    /// moves a click on them makes); `None` (the default) for a game shown as text only.
    fn draw(&self, at: Place) -> Option<Drawing> {
        let _ = at;
        None
    }
}

/// A board drawn as data, top row first: `cell(row, column)` (row 0 at the top) gives each
/// cell's fill and the label of the move a click on it makes. A board of discs (Connect
/// Four) numbers its rows from the bottom and its columns from 1, as its moves name them; a
/// board of squares writes `X` and `O` in the stones' cells.
pub(super) fn draw_board(
    (width, height): (u32, u32),
    shape: Shape,
    cell: impl Fn(u32, u32) -> (Fill, Option<String>),
) -> Drawing {
    let cells = (0..height)
        .map(|row| {
            (0..width)
                .map(|col| {
                    let (fill, click) = cell(row, col);
                    let text = match (shape, fill) {
                        (Shape::Square, Fill::First) => "X",
                        (Shape::Square, Fill::Second) => "O",
                        _ => "",
                    };
                    Cell {
                        text: text.to_string(),
                        ..Cell::new(fill, shape, click)
                    }
                })
                .collect()
        })
        .collect();
    let numbered = shape == Shape::Disc;
    Drawing::Grid(Grid {
        cells,
        rows: match numbered {
            true => (0..height).map(|row| (height - row).to_string()).collect(),
            false => Vec::new(),
        },
        columns: match numbered {
            true => (1..=width).map(|col| col.to_string()).collect(),
            false => Vec::new(),
        },
    })
}

/// A board drawn as text, top row first: `cell(row, column)` (row 0 at the top) gives each
/// cell's character. The tier games' [`TierGame::show`] draw their boards with it.
pub(super) fn draw_rows(width: u32, height: u32, cell: impl Fn(u32, u32) -> char) -> String {
    (0..height)
        .map(|row| (0..width).map(|col| cell(row, col)).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}
