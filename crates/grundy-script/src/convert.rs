//! Positions and moves between Luau and [`Datum`]s, written and read on Luau's stack through
//! its C API.
//!
//! This is the hot path of every game file (one call per position, a handful of values
//! each), so it takes no handle per value: `mlua` would take a registry reference for every
//! table and string read back, which cost more than the game file's own work.
//!
//! # Safety
//!
//! The `unsafe` functions take a `lua_State` inside [`Lua::exec_raw`] (a protected call,
//! where a Luau error unwinds to `mlua`) and the index of a live stack slot. They leave the
//! stack as they found it, apart from what [`push`] pushes. Reading raises no Luau error
//! once a Rust value is in flight: types are checked before values are read, only strings
//! are read as strings (so no number is converted in place), and the one key looked up by
//! name, `to`, is pushed before the moves are read.

use std::ffi::{c_int, CStr};

use grundy::dynamic::Datum;
use grundy::scripted::RuleMove;
use mlua::ffi::{self, lua_State};
use mlua::{Lua, Value};

/// The largest integer a Luau number holds exactly: 2^53.
const EXACT: f64 = 9_007_199_254_740_992.0;

/// The deepest nesting of lists a position may have.
const MAX_DEPTH: usize = 64;

/// Pushes `datum` (lists as fresh tables).
///
/// # Safety
///
/// `state` is inside a protected call (see the module's doc): allocating may raise
/// Luau's memory error.
pub(crate) unsafe fn push(state: *mut lua_State, datum: &Datum) {
    match datum {
        Datum::Bool(value) => ffi::lua_pushboolean(state, c_int::from(*value)),
        Datum::Int(value) => ffi::lua_pushnumber(state, *value as f64),
        Datum::Str(text) => {
            ffi::lua_pushlstring(state, text.as_ptr().cast(), text.len());
        }
        Datum::List(items) => {
            ffi::luaL_checkstack(state, 2, c"positions nested too deep".as_ptr());
            let len = c_int::try_from(items.len()).unwrap_or(c_int::MAX);
            ffi::lua_createtable(state, len, 0);
            for (idx, item) in (1..=len).zip(items) {
                push(state, item);
                ffi::lua_rawseti_(state, -2, idx);
            }
        }
    }
}

/// `datum` as a Luau value (lists become fresh tables).
pub(crate) fn to_lua(lua: &Lua, datum: &Datum) -> mlua::Result<Value> {
    // SAFETY: `exec_raw` runs the closure in a protected call, and `push` pushes one value.
    unsafe { lua.exec_raw((), |state| push(state, datum)) }
}

/// The position a Luau value writes.
///
/// # Errors
///
/// What is not a position, and where in the value.
pub(crate) fn datum(lua: &Lua, value: Value) -> Result<Datum, String> {
    let mut read = Err(String::new());
    // SAFETY: in a protected call with `value` at slot 1, `position` reads it and leaves
    // the stack as it was.
    unsafe {
        lua.exec_raw::<()>(value, |state| {
            read = position(state, 1);
            ffi::lua_settop(state, 0);
        })
    }
    .map_err(|err| err.to_string())?;
    read
}

/// The Luau name of a value's type.
pub(crate) fn type_of(value: &Value) -> &'static str {
    match value {
        Value::Integer(_) => "number",
        other => other.type_name(),
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

/// The bytes of the string at `idx`.
///
/// # Safety
///
/// The slot holds a string (so reading it converts nothing), and the bytes live while the
/// slot does.
unsafe fn bytes<'a>(state: *mut lua_State, idx: c_int) -> &'a [u8] {
    let mut len = 0usize;
    let ptr = ffi::lua_tolstring(state, idx, &mut len);
    std::slice::from_raw_parts(ptr.cast::<u8>(), len)
}

/// What the value at `idx` is, for messages.
///
/// # Safety
///
/// As for the module.
unsafe fn describe(state: *mut lua_State, idx: c_int) -> String {
    match ffi::lua_type(state, idx) {
        ffi::LUA_TNIL => "nil".into(),
        ffi::LUA_TNUMBER => format!("the number {}", ffi::lua_tonumber(state, idx)),
        ffi::LUA_TSTRING => format!(
            "the string {:?}",
            String::from_utf8_lossy(bytes(state, idx))
        ),
        kind => format!("a {}", type_name(state, kind)),
    }
}

/// Luau's name of the type `kind`.
unsafe fn type_name(state: *mut lua_State, kind: c_int) -> String {
    CStr::from_ptr(ffi::lua_typename(state, kind))
        .to_string_lossy()
        .into_owned()
}

/// The string at `idx` (what a function that shows a position returned).
///
/// # Safety
///
/// As for the module.
pub(crate) unsafe fn text(state: *mut lua_State, idx: c_int) -> Result<String, String> {
    match ffi::lua_type(state, idx) {
        ffi::LUA_TSTRING => Ok(String::from_utf8_lossy(bytes(state, idx)).into_owned()),
        kind => Err(format!("a {}, not a string", type_name(state, kind))),
    }
}

/// The position at stack slot `idx` (an absolute index).
///
/// # Safety
///
/// As for the module.
pub(crate) unsafe fn position(state: *mut lua_State, idx: c_int) -> Result<Datum, String> {
    position_at(state, idx, 0)
}

unsafe fn position_at(state: *mut lua_State, idx: c_int, depth: usize) -> Result<Datum, String> {
    match ffi::lua_type(state, idx) {
        ffi::LUA_TBOOLEAN => Ok(Datum::Bool(ffi::lua_toboolean(state, idx) != 0)),
        ffi::LUA_TNUMBER => integer(ffi::lua_tonumber(state, idx)).map(Datum::Int),
        ffi::LUA_TSTRING => std::str::from_utf8(bytes(state, idx))
            .map(|text| Datum::Str(text.to_string()))
            .map_err(|_| "a string that is not UTF-8".to_string()),
        ffi::LUA_TTABLE if depth < MAX_DEPTH => list(state, idx, depth),
        ffi::LUA_TTABLE => Err(format!("lists nested more than {MAX_DEPTH} deep")),
        _ => Err(format!(
            "{} is not a position (positions are integers, strings, booleans and lists)",
            describe(state, idx)
        )),
    }
}

/// The list at `idx`: a table with keys `1..n` and nothing else.
unsafe fn list(state: *mut lua_State, idx: c_int, depth: usize) -> Result<Datum, String> {
    if ffi::lua_checkstack(state, 3) == 0 {
        return Err(format!("lists nested more than {depth} deep"));
    }
    // Luau walks a table's array part first, in order: items arrive as keys 1, 2, ...
    // and are pushed; keys out of that order are put aside with their items.
    let mut items: Vec<Datum> = Vec::with_capacity(ffi::lua_objlen(state, idx));
    let mut aside: Vec<(usize, Datum)> = Vec::new();
    ffi::lua_pushnil(state);
    while ffi::lua_next(state, idx) != 0 {
        // The key is at -2, the value at -1.
        let read = slot(state, -2).and_then(|slot| {
            let item = position_at(state, ffi::lua_gettop(state), depth + 1)?;
            match aside.is_empty() && slot == items.len() + 1 {
                true => items.push(item),
                false => aside.push((slot, item)),
            }
            Ok(())
        });
        if let Err(problem) = read {
            ffi::lua_pop(state, 2);
            return Err(problem);
        }
        ffi::lua_pop(state, 1);
    }
    aside.sort_unstable_by_key(|&(slot, _)| slot);
    for (slot, item) in aside {
        if slot != items.len() + 1 {
            return Err(format!("a list with a hole at {}", items.len() + 1));
        }
        items.push(item);
    }
    Ok(Datum::List(items))
}

/// The list index a key at `idx` names, counted from 1.
unsafe fn slot(state: *mut lua_State, idx: c_int) -> Result<usize, String> {
    if ffi::lua_type(state, idx) == ffi::LUA_TNUMBER {
        let n = ffi::lua_tonumber(state, idx);
        if n >= 1.0 && n.fract() == 0.0 && n <= 1e9 {
            return Ok(n as usize);
        }
    }
    let key = match ffi::lua_type(state, idx) {
        ffi::LUA_TSTRING => format!("{:?}", String::from_utf8_lossy(bytes(state, idx))),
        _ => describe(state, idx),
    };
    Err(format!(
        "a table with the key {key} is not a position (a list has keys 1, 2, ... only)"
    ))
}

/// Appends the moves that the list at `idx` holds (a `moves` function's result): items
/// are positions or tables with `to` (and optionally `label`, `points`, `again`). Labels
/// are read only when `labels`.
///
/// # Errors
///
/// Which move is bad and why.
///
/// # Safety
///
/// As for the module.
pub(crate) unsafe fn moves(
    state: *mut lua_State,
    idx: c_int,
    labels: bool,
    out: &mut Vec<RuleMove>,
) -> Result<(), String> {
    if ffi::lua_type(state, idx) != ffi::LUA_TTABLE {
        return Err(format!("{}, not a list of moves", describe(state, idx)));
    }
    if ffi::lua_checkstack(state, 5) == 0 {
        return Err("no room on Luau's stack to read the moves".into());
    }
    // The key `to`, pushed once (this may raise a memory error: no Rust value is made yet).
    ffi::lua_pushlstring(state, c"to".as_ptr(), 2);
    let to_key = ffi::lua_gettop(state);
    let count = c_int::try_from(ffi::lua_objlen(state, idx)).unwrap_or(c_int::MAX);
    out.reserve(count as usize);
    let mut read = Ok(());
    for number in 1..=count {
        ffi::lua_rawgeti_(state, idx, number);
        let mv = one_move(state, ffi::lua_gettop(state), to_key, labels);
        ffi::lua_pop(state, 1);
        match mv {
            Ok(mv) => out.push(mv),
            Err(problem) => {
                read = Err(format!("move {number}: {problem}"));
                break;
            }
        }
    }
    ffi::lua_pop(state, 1);
    read
}

/// The move at `idx`; `to_key` is the slot of the string `to`.
unsafe fn one_move(
    state: *mut lua_State,
    idx: c_int,
    to_key: c_int,
    labels: bool,
) -> Result<RuleMove, String> {
    if ffi::lua_type(state, idx) != ffi::LUA_TTABLE {
        return position(state, idx).map(RuleMove::to);
    }
    ffi::lua_pushvalue(state, to_key);
    let to = match ffi::lua_rawget(state, idx) {
        ffi::LUA_TNIL => None,
        _ => Some(position(state, ffi::lua_gettop(state))),
    };
    ffi::lua_pop(state, 1);
    let Some(to) = to else {
        return position(state, idx).map(RuleMove::to);
    };
    let mut mv = RuleMove::to(to?);
    ffi::lua_pushnil(state);
    while ffi::lua_next(state, idx) != 0 {
        if let Err(problem) = field(state, &mut mv, labels) {
            ffi::lua_pop(state, 2);
            return Err(problem);
        }
        ffi::lua_pop(state, 1);
    }
    Ok(mv)
}

/// Reads the field of a move whose key is at -2 and value at -1 into `mv`.
unsafe fn field(state: *mut lua_State, mv: &mut RuleMove, labels: bool) -> Result<(), String> {
    let key = match ffi::lua_type(state, -2) {
        ffi::LUA_TSTRING => bytes(state, -2),
        _ => &[],
    };
    let value = ffi::lua_type(state, -1);
    match key {
        b"to" => Ok(()),
        b"label" if !labels => Ok(()),
        b"label" if value == ffi::LUA_TSTRING => {
            mv.label = Some(String::from_utf8_lossy(bytes(state, -1)).into_owned());
            Ok(())
        }
        b"label" => Err(format!(
            "label must be a string, not {}",
            describe(state, -1)
        )),
        b"points" if value == ffi::LUA_TNUMBER => {
            integer(ffi::lua_tonumber(state, -1)).map(|points| mv.points = points)
        }
        b"points" => Err(format!(
            "points must be an integer, not {}",
            describe(state, -1)
        )),
        b"again" if value == ffi::LUA_TBOOLEAN => {
            mv.again = ffi::lua_toboolean(state, -1) != 0;
            Ok(())
        }
        b"again" => Err(format!(
            "again must be true or false, not {}",
            describe(state, -1)
        )),
        _ => Err(format!(
            "unknown field {} (a move has to, label, points, again)",
            match ffi::lua_type(state, -2) {
                ffi::LUA_TSTRING => format!("{:?}", String::from_utf8_lossy(key)),
                _ => describe(state, -2),
            }
        )),
    }
}
