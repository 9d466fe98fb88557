//! A game file's `draw(pos)`: the Luau table it returns, read as JSON data, then as the
//! library's [`Drawing`] (its serde form is the format: docs/game-files.md, "Drawing").
//!
//! `draw` is called once for a position a person sees, never in a search, so it goes
//! through `mlua`'s handles rather than the stack readers of the hot path.

use grundy::drawing::Drawing;
use mlua::{Table, Value};
use serde_json::{Map, Number, Value as Json};

/// The deepest nesting a drawing may have.
const MAX_DEPTH: usize = 8;

/// The most values (tables, strings, numbers) a drawing may hold.
const MAX_VALUES: usize = 100_000;

/// The drawing `value` writes.
///
/// # Errors
///
/// What is not data, or not a drawing, in words.
pub(crate) fn read(value: Value) -> Result<Drawing, String> {
    let mut budget = MAX_VALUES;
    let json = to_json(value, 0, &mut budget)?;
    serde_json::from_value(json).map_err(|err| format!("a drawing that is not one: {err}"))
}

fn to_json(value: Value, depth: usize, budget: &mut usize) -> Result<Json, String> {
    if *budget == 0 {
        return Err(format!("a drawing of more than {MAX_VALUES} values"));
    }
    *budget -= 1;
    match value {
        Value::Nil => Ok(Json::Null),
        Value::Boolean(b) => Ok(Json::Bool(b)),
        Value::Integer(n) => Ok(Json::from(n)),
        Value::Number(n) if n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_992.0 => {
            Ok(Json::from(n as i64))
        }
        Value::Number(n) => Number::from_f64(n)
            .map(Json::Number)
            .ok_or_else(|| format!("{n}, which is not a number a drawing holds")),
        Value::String(s) => Ok(Json::String(s.to_string_lossy())),
        Value::Table(table) if depth < MAX_DEPTH => table_json(table, depth, budget),
        Value::Table(_) => Err(format!("tables nested more than {MAX_DEPTH} deep")),
        other => Err(format!("a {} inside the drawing", other.type_name())),
    }
}

/// A list (keys `1..n`) as an array, a table of string keys as an object.
fn table_json(table: Table, depth: usize, budget: &mut usize) -> Result<Json, String> {
    let mut items: Vec<(Value, Value)> = Vec::new();
    for pair in table.pairs::<Value, Value>() {
        let pair = pair.map_err(|err| err.to_string())?;
        if items.len() >= *budget {
            return Err(format!("a drawing of more than {MAX_VALUES} values"));
        }
        items.push(pair);
    }
    let len = items.len();
    let index = |key: &Value| match key {
        Value::Integer(n) => usize::try_from(*n).ok(),
        Value::Number(n) if n.fract() == 0.0 && *n >= 1.0 => Some(*n as usize),
        _ => None,
    };
    if items
        .iter()
        .all(|(k, _)| index(k).is_some_and(|i| (1..=len).contains(&i)))
    {
        let mut slots: Vec<Json> = vec![Json::Null; len];
        for (key, value) in items {
            let slot = index(&key).unwrap_or(1) - 1;
            slots[slot] = to_json(value, depth + 1, budget)?;
        }
        return Ok(Json::Array(slots));
    }
    let mut object = Map::new();
    for (key, value) in items {
        let Value::String(key) = key else {
            return Err(format!(
                "a table with a {} key among others: use a list (keys 1..n) or names",
                key.type_name()
            ));
        };
        object.insert(key.to_string_lossy(), to_json(value, depth + 1, budget)?);
    }
    Ok(Json::Object(object))
}
