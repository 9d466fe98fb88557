//! Game files opened from Python, as the command line opens them.

use std::path::PathBuf;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

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

/// A game file's parameter as the command line writes it (`--param set=1,2`): a list or
/// tuple joined by commas, a bool as `true` or `false`, anything else as `str` gives it.
fn param_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(flag) = value.cast::<pyo3::types::PyBool>() {
        return Ok(flag.is_true().to_string());
    }
    if value.is_instance_of::<pyo3::types::PyList>()
        || value.is_instance_of::<pyo3::types::PyTuple>()
    {
        let items: Vec<String> = value
            .try_iter()?
            .map(|item| param_text(&item?))
            .collect::<PyResult<_>>()?;
        return Ok(items.join(","));
    }
    Ok(value.str()?.to_string())
}

/// A game file's parameters given as Python keywords (`set=[1, 2]`, `misere=True`), each
/// as `(name, value)` in the command line's spelling.
pub fn file_params(params: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let mut words = Vec::new();
    if let Some(params) = params {
        for (name, value) in params.iter() {
            words.push((name.extract::<String>()?, param_text(&value)?));
        }
    }
    Ok(words)
}
