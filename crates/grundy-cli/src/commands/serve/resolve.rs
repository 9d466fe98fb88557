//! What a request names: a game of the catalogue (through the library's resolver, the
//! command line's words) or a game file (pasted source or an example, loaded under the
//! server's caps), and where it starts.

use std::sync::Arc;

use grundy::catalog::{open_in, BOARDS, SPECS};
use grundy::dynamic::{Datum, DynGame};
use grundy::tierdb::DbGame;
use grundy::Play;

use super::app::App;
use super::error::ApiError;
use super::files::Reserved;
use super::request::{game_request, Named};

game_request! {
    /// A game and where it starts, as a page names it: a game of the catalogue by name, or
    /// a game file by its source text or an example's name.
    pub struct GameRequest {
        /// The start position: text as on the command line (`"3 5 7"`; a board game's
        /// position after `at`; a game file's own notation) or a list of integers; absent
        /// for the game's usual start.
        #[serde(default)]
        position: Option<Datum>,
        /// Sessions only: grundy moves first.
        #[serde(default)]
        pub engine_first: bool,
        /// `POST /api/solve` only: remoteness and a principal line whatever they cost (by
        /// default only when they cost no more than the value; the solution says when they
        /// were skipped).
        #[serde(default)]
        pub remoteness: bool,
        /// A tier database the server was started with, by the words that name its game
        /// (`GET /api/databases`: `connect-four 5 4`, `tic-tac-toe`), instead of `game`:
        /// every answer read from it; `position` is the moves played from the start.
        #[serde(default)]
        db: Option<String>,
        /// A game of the catalogue under misère play (whoever cannot move wins), as
        /// `--misere` opens it: any impartial family or code.
        #[serde(default)]
        misere: bool,
    }
}

/// A game opened for a request, where it starts, and a game file's share of the server's
/// memory for game files (kept as long as the game).
pub struct Resolved {
    pub game: Arc<dyn DynGame>,
    pub position: Datum,
    pub memory: Option<Reserved>,
}

/// The game and start position a request names: a game file loaded by the script crate's
/// `load_source_within` (the command line's sandbox and step cap, the server's memory cap),
/// else the library's resolver. Nothing here reads a file.
pub fn resolve(app: &App, req: &GameRequest) -> Result<Resolved, ApiError> {
    let position = position_words(&req.position)?;
    if let Some(words) = &req.db {
        return from_database(app, req, words, position);
    }
    let play = match req.misere {
        true => Play::Misere,
        false => Play::Normal,
    };
    match req.named()? {
        Named::Catalogue { game, param } => {
            let (game, position) = resolve_words(game, param, position, play)?;
            Ok(Resolved {
                game,
                position,
                memory: None,
            })
        }
        Named::File { .. } if req.misere => Err(ApiError::bad_request(
            "misere: only a game of the catalogue is played under misère play here",
        )),
        Named::File { source, params } => {
            let (game, memory) = app.load_file(source, &params)?;
            let position = match (position, game.start()) {
                (Some(words), _) => game.parse(&words.join(" "))?,
                (None, Some(start)) => start,
                (None, None) => {
                    return Err(ApiError::bad_request(
                        "the game file has no start: give a position",
                    ))
                }
            };
            Ok(Resolved {
                game,
                position,
                memory: Some(memory),
            })
        }
    }
}

/// A database's game (`db`, alone of the fields that name a game) from the moves
/// `position` (its start without them).
fn from_database(
    app: &App,
    req: &GameRequest,
    words: &str,
    position: Option<Vec<String>>,
) -> Result<Resolved, ApiError> {
    let named = [
        req.game.is_some(),
        req.source.is_some(),
        req.example.is_some(),
        req.param.is_some(),
        req.params.is_some(),
        req.misere,
    ];
    if named.contains(&true) {
        return Err(ApiError::bad_request(
            "db names the game by itself: give it without game, source, example, param, \
             params or misere",
        ));
    }
    let game = DbGame::new(super::db::database(app, words)?);
    let position = match position {
        Some(moves) => game.parse(&moves.join(" "))?,
        None => DbGame::datum(game.database().game().start()),
    };
    Ok(Resolved {
        game: Arc::new(game),
        position,
        memory: None,
    })
}

/// The words of a request's position (none when absent or empty).
fn position_words(position: &Option<Datum>) -> Result<Option<Vec<String>>, ApiError> {
    let words: Vec<String> = match position {
        None => return Ok(None),
        Some(Datum::Str(text)) => text.split_whitespace().map(String::from).collect(),
        Some(Datum::List(items)) if items.iter().all(|d| d.as_int().is_some()) => {
            items.iter().map(|d| d.to_string()).collect()
        }
        Some(Datum::Int(n)) => vec![n.to_string()],
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "position: give the text the game reads (e.g. \"3 5 7\") or a list of \
                 integers, found {other}"
            )))
        }
    };
    Ok(Some(words).filter(|words| !words.is_empty()))
}

/// A game of the catalogue through the library's resolver (the same words as the command
/// line: `GAME PARAM -- POSITION`, a board game's `GAME SETUP at POSITION`) under `play`.
fn resolve_words(
    game: &str,
    param: Option<&str>,
    position: Option<Vec<String>>,
    play: Play,
) -> Result<(Arc<dyn DynGame>, Datum), ApiError> {
    let family = SPECS.iter().find(|spec| spec.name == game);
    let board = BOARDS.iter().find(|spec| spec.name == game);
    let param = param.map(str::trim).filter(|p| !p.is_empty());
    match (family.or(board).map(|s| s.param), param) {
        (Some(None), Some(param)) => {
            return Err(ApiError::bad_request(format!(
                "{game} takes no parameter, found {param:?}"
            )))
        }
        (Some(Some(name)), None) => {
            return Err(ApiError::bad_request(format!(
                "{game} needs its parameter {name} (see GET /api/games)"
            )))
        }
        _ => {}
    }
    let mut words = vec![game.to_string()];
    // One word: a board's setup may hold lines (a minesweeper board).
    words.extend(param.map(String::from));
    match (board.is_some(), position) {
        (true, Some(position)) => words.extend(std::iter::once("at".into()).chain(position)),
        (false, Some(position)) => words.extend(std::iter::once("--".into()).chain(position)),
        (_, None) => {}
    }
    open_in(&words, play).map_err(|err| ApiError::bad_request(err.to_string()))
}
