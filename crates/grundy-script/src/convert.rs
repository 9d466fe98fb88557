//! Positions and moves between Luau values and [`Datum`]s.

use grundy::dynamic::callback::RuleMove;
use grundy::dynamic::Datum;
use mlua::{Lua, Table, Value};

/// The largest integer a Luau number holds exactly: 2^53.
const EXACT: f64 = 9_007_199_254_740_992.0;

/// The deepest nesting of lists a position may have.
const MAX_DEPTH: usize = 64;

/// `datum` as a Luau value (lists become fresh tables).
pub(crate) fn to_lua(lua: &Lua, datum: &Datum) -> mlua::Result<Value> {
    Ok(match datum {
        Datum::Bool(value) => Value::Boolean(*value),
        Datum::Int(value) => Value::Number(*value as f64),
        Datum::Str(text) => Value::String(lua.create_string(text)?),
        Datum::List(items) => {
            let table = lua.create_table_with_capacity(items.len(), 0)?;
            for (idx, item) in items.iter().enumerate() {
                table.raw_set(idx + 1, to_lua(lua, item)?)?;
            }
            Value::Table(table)
        }
    })
}

/// The Luau name of a value's type (`number` for integers too).
pub(crate) fn type_of(value: &Value) -> &'static str {
    match value {
        Value::Integer(_) => "number",
        other => other.type_name(),
    }
}

/// What a value is, for messages.
fn describe(value: &Value) -> String {
    match value {
        Value::Nil => "nil".into(),
        Value::Number(n) => format!("the number {n}"),
        Value::Integer(n) => format!("the number {n}"),
        Value::String(s) => format!("the string {:?}", s.to_string_lossy()),
        other => format!("a {}", type_of(other)),
    }
}

/// The integer `n` is, if it is one a [`Datum`] holds.
fn integer(n: f64) -> Result<i64, String> {
    if n.fract() == 0.0 && n.abs() <= EXACT {
        Ok(n as i64)
    } else if n.is_finite() && n.fract() == 0.0 {
        Err(format!("{n} is too large (at most 2^53 in size)"))
    } else {
        Err(format!("{n} is not an integer"))
    }
}

/// The position `value` writes.
///
/// # Errors
///
/// What is not a position, and where in the value.
pub(crate) fn datum(value: Value) -> Result<Datum, String> {
    datum_at(value, 0)
}

fn datum_at(value: Value, depth: usize) -> Result<Datum, String> {
    match value {
        Value::Boolean(b) => Ok(Datum::Bool(b)),
        Value::Integer(i) => Ok(Datum::Int(i)),
        Value::Number(n) => integer(n).map(Datum::Int),
        Value::String(s) => s
            .to_str()
            .map(|s| Datum::Str(s.to_string()))
            .map_err(|_| "a string that is not UTF-8".to_string()),
        Value::Table(table) if depth < MAX_DEPTH => list(&table, depth),
        Value::Table(_) => Err(format!("lists nested more than {MAX_DEPTH} deep")),
        other => Err(format!(
            "{} is not a position (positions are integers, strings, booleans and lists)",
            describe(&other)
        )),
    }
}

/// A table that is a list: keys `1..n` and nothing else.
fn list(table: &Table, depth: usize) -> Result<Datum, String> {
    let mut items: Vec<Option<Datum>> = Vec::with_capacity(table.raw_len());
    let mut problem = None;
    table
        .for_each(|key: Value, value: Value| {
            let slot = match key {
                Value::Number(n) if n >= 1.0 && n.fract() == 0.0 && n <= 1e9 => n as usize,
                Value::Integer(n) if (1..=1_000_000_000).contains(&n) => n as usize,
                other => {
                    problem = Some(match &other {
                        Value::String(s) => format!(
                            "a table with the key {:?} is not a position (a list has keys 1, 2, ... only)",
                            s.to_string_lossy()
                        ),
                        _ => format!(
                            "a table with the key {} is not a position (a list has keys 1, 2, ... only)",
                            describe(&other)
                        ),
                    });
                    return Err(mlua::Error::runtime(""));
                }
            };
            match datum_at(value, depth + 1) {
                Ok(item) => {
                    if items.len() < slot {
                        items.resize(slot, None);
                    }
                    items[slot - 1] = Some(item);
                    Ok(())
                }
                Err(err) => {
                    problem = Some(err);
                    Err(mlua::Error::runtime(""))
                }
            }
        })
        .map_err(|err| problem.take().unwrap_or_else(|| err.to_string()))?;
    items
        .into_iter()
        .enumerate()
        .map(|(idx, item)| item.ok_or_else(|| format!("a list with a hole at {}", idx + 1)))
        .collect::<Result<Vec<_>, _>>()
        .map(Datum::List)
}

/// The moves a `moves` function returned: a list whose items are positions or tables with
/// `to` (and optionally `label`, `points`, `again`). Labels are read only when `labels`.
///
/// # Errors
///
/// Which move is bad and why.
pub(crate) fn moves(value: Value, labels: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
    let Value::Table(list) = value else {
        return Err(format!(
            "moves must return a list of moves, not {}",
            describe(&value)
        ));
    };
    let count = list.raw_len();
    for number in 1..=count {
        let item: Value = list.raw_get(number).map_err(|e| e.to_string())?;
        let mv = one_move(item, labels).map_err(|e| format!("move {number}: {e}"))?;
        out.push(mv);
    }
    Ok(())
}

fn one_move(item: Value, labels: bool) -> Result<RuleMove, String> {
    let Value::Table(table) = &item else {
        return datum(item).map(RuleMove::to);
    };
    let to: Value = table.raw_get("to").map_err(|e| e.to_string())?;
    if to.is_nil() {
        return datum(item).map(RuleMove::to);
    }
    let mut mv = RuleMove::to(datum(to)?);
    let mut problem = None;
    table
        .for_each(|key: Value, value: Value| {
            let res = match key.as_string().and_then(|k| k.to_str().ok()).as_deref() {
                Some("to") => Ok(()),
                Some("label") if !labels => Ok(()),
                Some("label") => match value {
                    Value::String(s) => {
                        mv.label = Some(s.to_string_lossy());
                        Ok(())
                    }
                    other => Err(format!("label must be a string, not {}", describe(&other))),
                },
                Some("points") => match value {
                    Value::Number(n) => integer(n).map(|n| mv.points = n),
                    Value::Integer(n) => {
                        mv.points = n;
                        Ok(())
                    }
                    other => Err(format!(
                        "points must be an integer, not {}",
                        describe(&other)
                    )),
                },
                Some("again") => match value {
                    Value::Boolean(b) => {
                        mv.again = b;
                        Ok(())
                    }
                    other => Err(format!(
                        "again must be true or false, not {}",
                        describe(&other)
                    )),
                },
                _ => Err(format!(
                    "unknown field {} (a move has to, label, points, again)",
                    match &key {
                        Value::String(s) => format!("{:?}", s.to_string_lossy()),
                        other => describe(other),
                    }
                )),
            };
            res.map_err(|e| {
                problem = Some(e);
                mlua::Error::runtime("")
            })
        })
        .map_err(|err| problem.take().unwrap_or_else(|| err.to_string()))?;
    Ok(mv)
}
