//! Parameters: `param(name, default, help)` in a file, `--param name=value` on the command
//! line, each value read as the type of its default.

use std::sync::{Arc, Mutex, PoisonError};

use grundy::dynamic::Datum;
use mlua::{Lua, Value};

use crate::convert;

/// A parameter a file declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Param {
    /// Its name.
    pub name: String,
    /// Its default.
    pub default: Datum,
    /// What it means (may be empty).
    pub help: String,
    /// The value in force.
    pub value: Datum,
}

/// The values given, the parameters declared, and the first problem met.
#[derive(Default)]
pub(crate) struct Params {
    given: Vec<(String, String)>,
    declared: Vec<Param>,
    problem: Option<String>,
}

/// The value `text` writes for a parameter whose default is `default`.
fn read(name: &str, default: &Datum, text: &str) -> Result<Datum, String> {
    let bad = |what: &str| {
        format!(
            "--param {name}={text}: {name} is {what} (its default is {})",
            shown(default)
        )
    };
    match default {
        Datum::Int(_) => text
            .trim()
            .parse()
            .map(Datum::Int)
            .map_err(|_| bad("an integer")),
        Datum::Bool(_) => match text.trim() {
            "true" => Ok(Datum::Bool(true)),
            "false" => Ok(Datum::Bool(false)),
            _ => Err(bad("true or false")),
        },
        Datum::Str(_) => Ok(Datum::Str(text.to_string())),
        Datum::List(items) if items.iter().all(|d| d.as_int().is_some()) => text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|word| !word.is_empty())
            .map(|word| word.parse().map(Datum::Int))
            .collect::<Result<Vec<_>, _>>()
            .map(Datum::List)
            .map_err(|_| bad("a list of integers separated by commas")),
        Datum::List(_) => serde_json::from_str(text).map_err(|_| bad("data (JSON)")),
    }
}

/// A parameter's value as the game's name shows it: `1,3,4` for a list of integers.
pub(crate) fn shown(value: &Datum) -> String {
    match value.as_list() {
        Some(items) if items.iter().all(|d| d.as_int().is_some()) && !items.is_empty() => items
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(","),
        _ => value.to_string(),
    }
}

impl Params {
    /// Declares `param` in `lua`, reading values from `given` (name, text).
    pub(crate) fn install(
        lua: &Lua,
        given: &[(String, String)],
    ) -> mlua::Result<Arc<Mutex<Params>>> {
        let params = Arc::new(Mutex::new(Params {
            given: given.to_vec(),
            ..Params::default()
        }));
        let shared = params.clone();
        let param =
            lua.create_function(move |lua, (name, default, help): (Value, Value, Value)| {
                let mut params = shared.lock().unwrap_or_else(PoisonError::into_inner);
                match params.declare(lua, name, default, help) {
                    Ok(value) => convert::to_lua(lua, &value),
                    Err(problem) => {
                        let line = lua.inspect_stack(1, |debug| debug.current_line()).flatten();
                        let problem = match line {
                            Some(line) => format!("line {line}: {problem}"),
                            None => problem,
                        };
                        params.problem.get_or_insert(problem.clone());
                        Err(mlua::Error::runtime(problem))
                    }
                }
            })?;
        lua.globals().raw_set("param", param)?;
        Ok(params)
    }

    fn declare(
        &mut self,
        lua: &Lua,
        name: Value,
        default: Value,
        help: Value,
    ) -> Result<Datum, String> {
        let Value::String(name) = name else {
            return Err("param(name, default, help): the name must be a string".into());
        };
        let name = name.to_string_lossy();
        let default = convert::datum(lua, default).map_err(|e| {
            format!("param {name:?}: the default must be a position-like value: {e}")
        })?;
        let help = match help {
            Value::String(text) => text.to_string_lossy(),
            Value::Nil => String::new(),
            _ => return Err(format!("param {name:?}: the help must be a string")),
        };
        if self.declared.iter().any(|p| p.name == name) {
            return Err(format!("param {name:?} is declared twice"));
        }
        let value = match self.given.iter().rev().find(|(given, _)| *given == name) {
            Some((_, text)) => read(&name, &default, text)?,
            None => default.clone(),
        };
        self.declared.push(Param {
            name,
            default,
            help,
            value: value.clone(),
        });
        Ok(value)
    }

    /// The problem met while loading, if any.
    pub(crate) fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// The parameters declared, or an error naming a value given for none of them.
    pub(crate) fn finish(&self) -> Result<Vec<Param>, String> {
        for (name, _) in &self.given {
            if !self.declared.iter().any(|p| &p.name == name) {
                let known = match self.declared.len() {
                    0 => "the game has no parameters".to_string(),
                    _ => format!(
                        "the parameters are: {}",
                        self.declared
                            .iter()
                            .map(|p| p.name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                return Err(format!("unknown parameter {name:?} ({known})"));
            }
        }
        Ok(self.declared.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_as_the_type_of_the_default() {
        assert_eq!(read("k", &Datum::Int(3), " 5 ").unwrap(), Datum::Int(5));
        assert_eq!(
            read("m", &Datum::Bool(false), "true").unwrap(),
            Datum::Bool(true)
        );
        assert_eq!(
            read("s", &Datum::Str("a".into()), "x o").unwrap(),
            Datum::Str("x o".into())
        );
        assert_eq!(
            read("set", &Datum::ints([1, 3, 4]), "1, 2 5").unwrap(),
            Datum::ints([1, 2, 5])
        );
        assert_eq!(
            read("rows", &Datum::List(vec![Datum::ints([1])]), "[[2], [3]]").unwrap(),
            Datum::List(vec![Datum::ints([2]), Datum::ints([3])])
        );
        assert_eq!(
            read("k", &Datum::Int(3), "x").unwrap_err(),
            "--param k=x: k is an integer (its default is 3)"
        );
        assert_eq!(
            read("set", &Datum::ints([1, 3]), "1,a").unwrap_err(),
            "--param set=1,a: set is a list of integers separated by commas (its default is 1,3)"
        );
        assert!(read("m", &Datum::Bool(true), "yes").is_err());
    }
}
