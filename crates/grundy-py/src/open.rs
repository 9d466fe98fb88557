//! Game files opened from Python, as the command line opens them.

use std::path::PathBuf;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A game file and its position (the words after the file's name, else its start), as
/// `grundy solve FILE.luau POSITION` opens them.
pub fn open_file(
    file: &str,
    words: &[String],
    play: grundy::Play,
) -> PyResult<(
    std::sync::Arc<dyn grundy::dynamic::DynGame>,
    grundy::dynamic::Datum,
)> {
    let path = PathBuf::from(file);
    let game = match play {
        grundy::Play::Normal => grundy_script::load(&path, &[]),
        grundy::Play::Misere => grundy_script::load_misere(&path, &[]),
    }
    .map_err(|err| crate::errors::script_error(&path, err))?;
    let position = match (words.is_empty(), game.start()) {
        (true, Some(start)) => start,
        (true, None) => {
            return Err(PyValueError::new_err(format!(
                "{file} has no start position: give one after the file"
            )))
        }
        (false, _) => game
            .parse(&words.join(" "))
            .map_err(crate::errors::dyn_error)?,
    };
    Ok((game, position))
}
