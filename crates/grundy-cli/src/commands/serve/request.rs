//! One description of a game request: the fields that name a game (a game of the
//! catalogue, or a game file by its source or an example's name, and their parameters),
//! declared once for every request that names one ([`game_request!`]), and the game they
//! name ([`Named`]).

use std::collections::BTreeMap;

use super::error::ApiError;
use super::examples::param_texts;
use super::files::Source;

/// Declares a request body naming a game: the struct, with the fields that name it
/// (`game`, `source`, `example`, `params`, `param`) before the request's own, unknown
/// fields refused, and its `named()`, the game they name.
macro_rules! game_request {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $($(#[$field_meta:meta])* $vis:vis $field:ident: $ty:ty,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(::serde::Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            /// The family, as `grundy list` names it (or `source`, or `example`).
            #[serde(default)]
            game: Option<String>,
            /// A game file's Luau text, run in the script crate's sandbox.
            #[serde(default)]
            source: Option<String>,
            /// An example game file by name (`GET /api/examples`), run like `source`.
            #[serde(default)]
            example: Option<String>,
            /// A game file's parameters, `{name: value}` (as `--param name=value`).
            #[serde(default)]
            params: Option<std::collections::BTreeMap<String, serde_json::Value>>,
            /// Its parameter, for families that take one; a board game's setup (its lines
            /// kept).
            #[serde(default)]
            param: Option<String>,
            $($(#[$field_meta])* $vis $field: $ty,)*
        }

        impl $name {
            /// The game the request names ([`named`](super::request::named)).
            pub fn named(&self) -> Result<super::request::Named<'_>, super::error::ApiError> {
                super::request::named(
                    self.game.as_deref(),
                    self.source.as_deref(),
                    self.example.as_deref(),
                    self.param.as_deref(),
                    self.params.as_ref(),
                )
            }
        }
    };
}

pub(super) use game_request;

/// Which game a request names.
pub enum Named<'a> {
    /// A game of the catalogue and its parameter, as typed.
    Catalogue {
        game: &'a str,
        param: Option<&'a str>,
    },
    /// A game file and its parameters (`NAME`, value as typed).
    File {
        source: Source<'a>,
        params: Vec<(String, String)>,
    },
}

/// The game named by a request's fields: exactly one of `game`, `source` and `example`,
/// `param` only with `game`, `params` only with a game file.
pub fn named<'a>(
    game: Option<&'a str>,
    source: Option<&'a str>,
    example: Option<&'a str>,
    param: Option<&'a str>,
    params: Option<&BTreeMap<String, serde_json::Value>>,
) -> Result<Named<'a>, ApiError> {
    let file = match (source, example) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request("give source or example, not both"))
        }
        (Some(text), None) => Some(Source::Text(text)),
        (None, Some(name)) => Some(Source::Example(name)),
        (None, None) => None,
    };
    match (game, file) {
        (Some(game), None) => {
            if params.is_some() {
                return Err(ApiError::bad_request(format!(
                    "params are for game files (source, example); {game} takes its parameter \
                     as param"
                )));
            }
            Ok(Named::Catalogue { game, param })
        }
        (None, Some(source)) => {
            if let Some(param) = param {
                return Err(ApiError::bad_request(format!(
                    "param {param:?}: a game file takes params, {{\"name\": value}}"
                )));
            }
            let params = params.map(param_texts).unwrap_or_default();
            Ok(Named::File { source, params })
        }
        (Some(_), Some(_)) => Err(ApiError::bad_request(
            "give game or a game file (source, example), not both",
        )),
        (None, None) => Err(ApiError::bad_request(
            "give a game (see GET /api/games) or a game file: its source, or an example \
             (see GET /api/examples)",
        )),
    }
}
