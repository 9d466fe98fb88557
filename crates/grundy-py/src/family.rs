//! Built-in families by name, as the command line names them (`grundy list`).

use std::collections::VecDeque;
use std::sync::Arc;

use grundy::catalog::{parse_family, Family};
use grundy::dynamic::{builtin, Datum, DynGame};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::{catalog_error, dyn_error};

/// The game named by `words` (a family and its parameter) and the position after them
/// (`--` allowed between), or the game's start when there is none.
pub fn game_and_position(words: &[String]) -> PyResult<(Arc<dyn DynGame>, Option<Datum>)> {
    let mut queue: VecDeque<String> = words.iter().cloned().collect();
    if queue.front().is_some_and(|w| w == "sum") {
        return Err(PyValueError::new_err(
            "a sum is several games: solve each with grundy.game(...) and combine them with grundy.sum(...)",
        ));
    }
    let family = parse_family(&mut queue).map_err(catalog_error)?;
    let mut words: Vec<String> = queue.into_iter().filter(|w| w != "--").collect();
    let game = family_game(family, &mut words)?;
    let position = match (words.is_empty(), game.start()) {
        (true, start) => start,
        (false, _) => Some(game.parse(&words.join(" ")).map_err(dyn_error)?),
    };
    Ok((game, position))
}

/// The front door of `family`; `words` holds the position and may be rewritten
/// (bash-reach's N is the game's target, its position the start).
fn family_game(family: Family, words: &mut Vec<String>) -> PyResult<Arc<dyn DynGame>> {
    Ok(match family {
        Family::Nim => builtin::nim(),
        Family::MisereNim => builtin::misere_nim(),
        Family::Bash(rule) => builtin::bash(rule),
        Family::BashReach(rule) => {
            let [target] = &words[..] else {
                return Err(PyValueError::new_err(
                    "bash-reach expects one number N (writing N or more loses)",
                ));
            };
            let target: u64 = target
                .parse()
                .ok()
                .filter(|&n| n <= builtin::MAX_HEAP)
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "expected N, an integer from 0 to {}, found {target:?}",
                        builtin::MAX_HEAP
                    ))
                })?;
            *words = Vec::new();
            builtin::bash_reach(rule, target)
        }
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
