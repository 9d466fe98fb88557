//! The tier games built in: by the words a person types (`connect-four 5 4`) and by the
//! identity a manifest records (what `Database::open` opens without being handed the
//! game).

use super::game::{Identity, TierGame};
use super::gems_fight::{gems_fight, gems_fight_of};
use super::kiki::{kiki, kiki_of};
use super::team_nim::{team_nim, team_nim_of};
use super::young::{young, young_of};
use crate::games::connect_four::ConnectFour;
use crate::games::dots_and_boxes::DotsAndBoxes;
use crate::games::mnk::Mnk;

/// The built-in game of `identity`, or why there is none.
pub(super) fn open_game(identity: &Identity) -> Result<Box<dyn TierGame>, String> {
    let parameter = |name: &str| {
        identity
            .parameter(name)
            .ok_or_else(|| format!("no parameter '{name}'"))
    };
    match identity.game.as_str() {
        "connect-four" => {
            if parameter("connect")? != 4 {
                return Err("only lines of four are built in".into());
            }
            let game = ConnectFour::new(parameter("width")?, parameter("height")?)
                .map_err(|e| e.to_string())?;
            Ok(Box::new(game))
        }
        "mnk" => {
            let game = Mnk::new(
                parameter("width")?,
                parameter("height")?,
                parameter("line")?,
            )
            .map_err(|e| e.to_string())?;
            Ok(Box::new(game))
        }
        "dots-and-boxes" => Ok(Box::new(
            DotsAndBoxes::new(parameter("width")?, parameter("height")?)
                .map_err(|e| e.to_string())?,
        )),
        "young" => Ok(Box::new(young_of(identity)?)),
        "gems-fight" => Ok(Box::new(gems_fight_of(identity)?)),
        "kiki" => Ok(Box::new(kiki_of(identity)?)),
        "team-nim" => Ok(Box::new(team_nim_of(identity)?)),
        other => Err(format!("no built-in game '{other}'")),
    }
}

/// The forms of the built-in tier games, for messages.
pub const TIER_GAMES: &str = "connect-four WIDTH HEIGHT, tic-tac-toe, mnk WIDTH HEIGHT LINE, \
     dots-and-boxes WIDTH HEIGHT, young N M A... B..., gems-fight G B S (N C1..CN)..., kiki N M, \
     team-nim N S M1..M2N";

/// The built-in tier game the words name: `connect-four WIDTH HEIGHT`, `tic-tac-toe`,
/// `mnk WIDTH HEIGHT LINE` (an m,n,k-game), `dots-and-boxes WIDTH HEIGHT` (boxes across
/// and down), or a board game of the catalogue by its setup, as `grundy solve` takes it:
/// `young N M A... B...` (scores), `gems-fight G B S (N C1..CN)...` (scores, bonus turns),
/// `kiki N M` (nimbers) or `team-nim N S M1..M2N` (win or loss, misère play).
///
/// # Errors
///
/// A message naming the word that is wrong, or the forms when the game is unknown.
///
/// # Examples
///
/// ```
/// use grundy::tierdb::tier_game;
/// let game = tier_game(&["connect-four", "5", "4"]).unwrap();
/// assert_eq!(game.describe(), "connect-four 5 x 4");
/// assert_eq!(tier_game(&["tic-tac-toe"]).unwrap().tiers(), 10);
/// assert_eq!(tier_game(&["dots-and-boxes", "2", "2"]).unwrap().tiers(), 13);
/// let young = tier_game(&["young", "1", "2", "3", "1", "2", "5"]).unwrap();
/// assert_eq!((young.tiers(), young.words()), (3, "young 1 2 3 1 2 5".to_string()));
/// assert_eq!(tier_game(&["kiki", "5", "3"]).unwrap().tiers(), 7);
/// assert!(tier_game(&["kiki", "5"]).unwrap_err().contains("the setup ends before"));
/// assert!(tier_game(&["chess"]).unwrap_err().contains("connect-four WIDTH HEIGHT"));
/// assert!(tier_game(&["mnk", "3", "x", "3"]).unwrap_err().contains("'x'"));
/// ```
pub fn tier_game<S: AsRef<str>>(words: &[S]) -> Result<Box<dyn TierGame>, String> {
    let words: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
    let numbers = |names: &[&str]| -> Result<Vec<u64>, String> {
        let given = &words[1..];
        if given.len() != names.len() && names.is_empty() {
            return Err(format!(
                "{} takes no numbers, found '{}'",
                words[0],
                given.join(" ")
            ));
        }
        if given.len() != names.len() {
            return Err(format!(
                "{} takes {} ({}), found {} word(s) after it",
                words[0],
                names.join(" "),
                names.len(),
                given.len()
            ));
        }
        given
            .iter()
            .zip(names)
            .map(|(w, name)| {
                w.parse()
                    .map_err(|_| format!("{} of {}: '{w}' is not a number", name, words[0]))
            })
            .collect()
    };
    match words.first().copied() {
        Some("connect-four") => {
            let n = numbers(&["WIDTH", "HEIGHT"])?;
            let game = ConnectFour::new(n[0], n[1]).map_err(|e| e.to_string())?;
            Ok(Box::new(game))
        }
        Some("tic-tac-toe") => {
            numbers(&[])?;
            Ok(Box::new(Mnk::tic_tac_toe()))
        }
        Some("mnk") => {
            let n = numbers(&["WIDTH", "HEIGHT", "LINE"])?;
            Ok(Box::new(
                Mnk::new(n[0], n[1], n[2]).map_err(|e| e.to_string())?,
            ))
        }
        Some("dots-and-boxes") => {
            let n = numbers(&["WIDTH", "HEIGHT"])?;
            Ok(Box::new(
                DotsAndBoxes::new(n[0], n[1]).map_err(|e| e.to_string())?,
            ))
        }
        Some("young") => Ok(Box::new(young(&words)?)),
        Some("gems-fight") => Ok(Box::new(gems_fight(&words)?)),
        Some("kiki") => Ok(Box::new(kiki(&words)?)),
        Some("team-nim") => Ok(Box::new(team_nim(&words)?)),
        Some(other) => Err(format!(
            "'{other}' has no tier database: the games are {TIER_GAMES}"
        )),
        None => Err(format!("name a game: {TIER_GAMES}")),
    }
}
