//! The resolver: words as a person types them (`nim 3 5 7`, `bash-reach 3 30`) to a game
//! behind the front door and its position.

use std::collections::VecDeque;
use std::sync::Arc;

use super::boards::open_board;
use super::boards::BOARDS;
use super::error::CatalogError;
use super::family::{parse_family, Family};
use super::spec::SPECS;
use crate::catalog::builtin::{self, StairNotation};
use crate::dynamic::{Datum, DynGame};
use crate::games::corner::Corner;
use crate::games::fibonacci_nim::FibonacciNim;
use crate::games::grundy_game::GrundyGame;
use crate::games::lasker::Lasker;
use crate::games::staircase::Staircase;
use crate::games::wythoff::Wythoff;
use crate::octal::TakeAndBreak;
use crate::value::Play;

/// Opens the game that `words` name: the game's name, its parameter if it has one, then
/// the position (`--` may stand anywhere between them). A game with a usual start (bash-reach
/// starts at 0) may leave the position out. A board game of [`BOARDS`] takes its problem's
/// input for one case (a word may hold several lines, e.g. a file's text), then optionally
/// `at` and a position; without one it starts at the game's start (see
/// [`BOARDS`] and `grundy solve --help` for each game's words).
///
/// Every front end (the command line's `solve` and `play`, the web playground, the Python
/// package) opens games here, so all of them name games and positions the same way and
/// give the same errors. Nothing here reads a file: a front end that takes positions from
/// files reads them itself and passes their text as a word.
///
/// # Errors
///
/// [`CatalogError`]: an unknown name, a bad parameter, a sum where one game is expected,
/// or a bad position ([`CatalogError::Position`], naming the bad word).
///
/// # Examples
///
/// ```
/// use grundy::catalog::open;
/// use grundy::dynamic::Datum;
/// use grundy::{Budget, Outcome};
///
/// let words = ["subtraction", "1,3,4", "--", "7"].map(String::from);
/// let (game, position) = open(&words).unwrap();
/// assert_eq!(game.name(), "subtraction 1,3,4");
/// assert_eq!(position, Datum::ints([7]));
/// let solution = game.solve(&position, &Budget::default()).unwrap();
/// assert_eq!(solution.value.outcome, Outcome::Loss);
///
/// // bash-reach's number is the game's target; the game starts at 0.
/// let (_game, position) = open(&["bash-reach", "3", "30"].map(String::from)).unwrap();
/// assert_eq!(position, Datum::Int(0));
///
/// let err = open(&["wythoff", "3", "x"].map(String::from)).err().unwrap();
/// assert!(err.to_string().contains("found \"x\""));
///
/// // A board game: chess2018's sample (2 x 3, then A and B), from a drawn position.
/// let words = "young 2 3 2 7 3 9 1 2 3 7 2 2 3 1 at ##. #..".split(' ').map(String::from);
/// let (game, position) = open(&words.collect::<Vec<_>>()).unwrap();
/// assert_eq!(game.show(&position).unwrap(), "##.\n#..");
/// assert_eq!(game.solve(&position, &Budget::default()).unwrap().value.score, Some(2));
/// ```
pub fn open(words: &[String]) -> Result<(Arc<dyn DynGame>, Datum), CatalogError> {
    open_in(words, Play::Normal)
}

/// [`open`], the game under `play`: misère play (whoever cannot move wins) for any
/// impartial family or code, searched on the whole position (misère play does not
/// decompose into nimbers). Nim under misère play is `misere-nim`, with its closed form.
///
/// # Errors
///
/// As [`open`]; [`CatalogError::NoMisere`] for a board game under misère play.
///
/// # Examples
///
/// ```
/// use grundy::catalog::open_in;
/// use grundy::{Budget, Outcome, Play};
/// let (game, position) = open_in(&["0.77", "1", "1"].map(String::from), Play::Misere).unwrap();
/// let solution = game.solve(&position, &Budget::default()).unwrap();
/// assert_eq!(solution.value.outcome, Outcome::Win); // knock both pins down
/// let (game, _) = open_in(&["nim", "3"].map(String::from), Play::Misere).unwrap();
/// assert_eq!(game.name(), "misere-nim");
/// ```
pub fn open_in(words: &[String], play: Play) -> Result<(Arc<dyn DynGame>, Datum), CatalogError> {
    if let Some((name, setup, position)) = board_words(words) {
        if play == Play::Misere {
            return Err(CatalogError::NoMisere { name: name.into() });
        }
        let position = position.map(|words| words.join(" "));
        return open_board(name, &setup, position.as_deref());
    }
    let (game, words) = open_game_in(words, play)?;
    let position = match (words.is_empty(), game.start()) {
        (true, Some(start)) => start,
        _ => game.parse(&words.join(" "))?,
    };
    Ok((game, position))
}

/// Opens the game that `words` name, as [`open`] does, and returns it with the words left
/// for its position (`--` removed; bash-reach's number is the game's, not left; a board's
/// position is what follows `at`).
///
/// For a front end that takes the game and its positions apart (the Python package's
/// `grundy.game("subtraction", "1,3,4")`).
///
/// # Errors
///
/// As [`open`], but for the position, which is not read.
///
/// # Examples
///
/// ```
/// use grundy::catalog::open_game;
/// let (game, rest) = open_game(&["wythoff", "3", "5"].map(String::from)).unwrap();
/// assert_eq!((game.name().as_str(), rest.len()), ("wythoff", 2));
/// let (game, rest) = open_game(&["bash-reach", "3", "30"].map(String::from)).unwrap();
/// assert_eq!((game.name().as_str(), rest.len()), ("bash-reach 3 30", 0));
/// ```
pub fn open_game(words: &[String]) -> Result<(Arc<dyn DynGame>, Vec<String>), CatalogError> {
    open_game_in(words, Play::Normal)
}

/// [`open_game`], the game under `play` (as [`open_in`]).
///
/// # Errors
///
/// As [`open_in`], but for the position, which is not read.
///
/// # Examples
///
/// ```
/// use grundy::catalog::open_game_in;
/// use grundy::dynamic::Kind;
/// use grundy::Play;
/// let (game, _) = open_game_in(&["lasker".to_string()], Play::Misere).unwrap();
/// assert_eq!(game.kind(), Kind::Impartial { play: Play::Misere });
/// ```
pub fn open_game_in(
    words: &[String],
    play: Play,
) -> Result<(Arc<dyn DynGame>, Vec<String>), CatalogError> {
    if let Some((name, setup, position)) = board_words(words) {
        if play == Play::Misere {
            return Err(CatalogError::NoMisere { name: name.into() });
        }
        let (game, _) = open_board(name, &setup, None)?;
        let position = position.unwrap_or_default();
        return Ok((game, position.into_iter().map(String::from).collect()));
    }
    let mut queue: VecDeque<String> = words.iter().cloned().collect();
    let family = match parse_family(&mut queue) {
        Err(CatalogError::UnknownName { name, names }) => {
            let boards = BOARDS.iter().map(|s| s.name).collect::<Vec<_>>().join(", ");
            return Err(CatalogError::UnknownName {
                name,
                names: format!("{names}, {boards}"),
            });
        }
        family => family?,
    };
    let mut words: Vec<String> = queue.into_iter().filter(|w| w != "--").collect();
    let game = match play {
        Play::Normal => family_game(family, &mut words)?,
        Play::Misere => misere_game(family, &mut words)?,
    };
    Ok((game, words))
}

/// A board game's words taken apart: its name, its setup (the words before `at`, joined by
/// spaces) and the words of its position after `at`, if any (`--` dropped); `None` when the
/// first word names no board game.
fn board_words(words: &[String]) -> Option<(&'static str, String, Option<Vec<&str>>)> {
    let spec = BOARDS
        .iter()
        .find(|s| Some(s.name) == words.first().map(String::as_str))?;
    let rest: Vec<&str> = words[1..]
        .iter()
        .map(String::as_str)
        .filter(|&w| w != "--")
        .collect();
    Some(match rest.iter().position(|&w| w == "at") {
        Some(at) => (
            spec.name,
            rest[..at].join(" "),
            Some(rest[at + 1..].to_vec()),
        ),
        None => (spec.name, rest.join(" "), None),
    })
}

/// bash-reach's N, the one word of `words` (taken: the game starts at 0).
fn reach_target(words: &mut Vec<String>) -> Result<u64, CatalogError> {
    let [target] = &words[..] else {
        return Err(CatalogError::ReachTarget);
    };
    let target = target
        .parse::<u64>()
        .ok()
        .filter(|&n| n <= builtin::MAX_HEAP)
        .ok_or_else(|| CatalogError::BadTarget {
            max: builtin::MAX_HEAP,
            text: target.clone(),
        })?;
    words.clear();
    Ok(target)
}

/// The game of a code under `play`.
fn code_game(code: TakeAndBreak, play: Play) -> Result<Arc<dyn DynGame>, CatalogError> {
    let name = code.to_string();
    builtin::code(code, play).map_err(|source| CatalogError::Values { code: name, source })
}

/// The game a family names; `words` holds the position and may be rewritten (bash-reach's
/// N is the game's target, its position the start).
fn family_game(family: Family, words: &mut Vec<String>) -> Result<Arc<dyn DynGame>, CatalogError> {
    Ok(match family {
        Family::Nim => builtin::nim(),
        Family::MisereNim => builtin::misere_nim(),
        Family::Bash(rule) => builtin::bash(rule),
        Family::BashReach(rule) => builtin::bash_reach(rule, reach_target(words)?),
        Family::Code(code) => code_game(code, Play::Normal)?,
        Family::Subtraction(rule) => builtin::subtraction(rule),
        Family::Lasker => builtin::lasker(),
        Family::GrundyGame => builtin::grundy_game(),
        Family::Wythoff => builtin::wythoff(),
        Family::FibonacciNim => builtin::fibonacci_nim(),
        Family::Staircase => builtin::staircase(),
        Family::Moore(rule) => builtin::moore(rule),
        Family::Corner => builtin::corner(),
    })
}

/// The game a family names under misère play, its words as for [`family_game`].
fn misere_game(family: Family, words: &mut Vec<String>) -> Result<Arc<dyn DynGame>, CatalogError> {
    use builtin::{heaps_misere, misere, FibonacciNotation, HeapNotation, PairNotation};
    let (name, summary) = (family.title(), summary_of(&family));
    Ok(match family {
        Family::Nim | Family::MisereNim => builtin::misere_nim(),
        Family::Bash(rule) => heaps_misere(rule, name, summary),
        Family::BashReach(rule) => builtin::bash_reach_misere(rule, reach_target(words)?),
        Family::Code(code) => code_game(code, Play::Misere)?,
        Family::Subtraction(rule) => heaps_misere(rule, name, summary),
        Family::Lasker => heaps_misere(Lasker, name, summary),
        Family::GrundyGame => heaps_misere(GrundyGame, name, summary),
        Family::Wythoff => misere(Wythoff, PairNotation, name, summary),
        Family::FibonacciNim => misere(FibonacciNim, FibonacciNotation, name, summary),
        Family::Staircase => misere(Staircase, StairNotation, name, summary),
        Family::Moore(rule) => misere(rule, HeapNotation, name, summary),
        Family::Corner => misere(Corner, PairNotation, name, summary),
    })
}

/// The one line `grundy list` gives a family.
fn summary_of(family: &Family) -> &'static str {
    let name = match family {
        Family::Subtraction(_) => "subtraction",
        Family::Bash(_) => "bash",
        Family::Moore(_) => "moore",
        Family::Code(_) => "octal",
        other => {
            return SPECS
                .iter()
                .find(|s| s.name == other.title())
                .map_or("", |s| s.summary)
        }
    };
    SPECS
        .iter()
        .find(|s| s.name == name)
        .map_or("", |s| s.summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    /// Every family opens, and its position is what was typed.
    #[test]
    fn every_family_opens() {
        for (typed, name, shown) in [
            ("nim 3 5 7", "nim", "3 5 7"),
            ("misere-nim -- 1 2", "misere-nim", "1 2"),
            ("bash 3 10", "bash 3", "10"),
            ("bash-reach 3 30", "bash-reach 3 30", "0"),
            ("subtraction 1,3,4 -- 10 12", "subtraction 1,3,4", "10 12"),
            ("all-but 1,2 5", "subtraction !1,2", "5"),
            ("pow2 9", "subtraction pow2", "9"),
            ("fib-subtraction 9", "subtraction fib", "9"),
            ("lasker 3", "lasker", "3"),
            ("grundy-game 8", "grundy-game", "8"),
            ("wythoff 3 5", "wythoff", "3 5"),
            ("fibonacci-nim 10", "fibonacci-nim", "10 9"),
            ("staircase 2 4 3", "staircase", "2 4 3"),
            ("moore 2 5 3 7", "moore 2", "5 3 7"),
            ("corner 4 7", "corner", "4 7"),
            ("0.77 3 5", "0.77", "3 5"),
            ("kayles -- 3", "0.77", "3"),
            ("dawsons-kayles 9", "0.07", "9"),
            ("octal 0.137 -- 10 20", "0.137", "10 20"),
            (".F 4", "0.F", "4"),
        ] {
            let (game, pos) = open(&words(typed)).unwrap();
            assert_eq!(game.name(), name, "{typed}");
            assert_eq!(game.show(&pos).unwrap(), shown, "{typed}");
        }
    }

    /// Errors carry the command line's messages.
    #[test]
    fn errors_name_the_problem() {
        for (typed, message) in [
            ("", "expected a game name, one of: nim,"),
            ("foo 1", "unknown game \"foo\"; expected one of: nim,"),
            (
                "sum nim 3",
                "sum is not a single game; 'sum' combines games with '+'",
            ),
            (
                "bash 0 1",
                "bash expects K, an integer from 1 to 1000000, found \"0\"",
            ),
            (
                "bash-reach 3",
                "bash-reach expects one number N (writing N or more loses)",
            ),
            (
                "bash-reach 3 x",
                "expected N, an integer from 0 to 16777216, found \"x\"",
            ),
            (
                "wythoff 3",
                "bad position: expected two integers A B, found 1 words",
            ),
            (
                "0.9x 3",
                "invalid digit 'x' at position 4 of the code \"0.9x\" (digits are 0-9 and A-F)",
            ),
            ("0. 3", "the code 0. allows no move"),
            (
                "1.7 3",
                "the digit '1' before the point of \"1.7\" is not allowed",
            ),
            ("octal", "octal needs its parameter CODE"),
            ("0.6 5000", "bad position: a heap of 5000 is past 4095"),
            (
                "nim 3 -1",
                "bad position: a heap must be at least 0, found -1",
            ),
        ] {
            let err = open(&words(typed)).err().unwrap().to_string();
            assert!(err.starts_with(message), "{typed}: {err}");
        }
        let err = open_in(&words("young 2 3 2 7 3 9 1 2 3 7 2 2 3 1"), Play::Misere);
        assert_eq!(
            err.err().unwrap().to_string(),
            "young has no misère form: misère play is for impartial games (see 'grundy list')"
        );
    }

    /// Every family opens under misère play, as the same game with misère's kind.
    #[test]
    fn every_family_opens_under_misere_play() {
        use crate::dynamic::Kind;
        for typed in [
            "nim 3",
            "misere-nim 3",
            "bash 3 4",
            "bash-reach 3 30",
            "subtraction 1,3,4 -- 5",
            "lasker 3",
            "grundy-game 8",
            "wythoff 3 5",
            "fibonacci-nim 10",
            "staircase 2 4",
            "moore 2 5 3",
            "corner 4 7",
            "0.77 3",
            "kayles 3",
        ] {
            let (game, pos) = open_in(&words(typed), Play::Misere).unwrap();
            assert_eq!(
                game.kind(),
                Kind::Impartial { play: Play::Misere },
                "{typed}"
            );
            assert!(
                game.solve(&pos, &crate::Budget::default()).is_ok(),
                "{typed}"
            );
        }
    }
}
