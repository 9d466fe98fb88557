//! A loaded game file: its functions as [`Rules`], its globals as a [`GameInfo`].

use grundy::drawing::Drawing;
use grundy::dynamic::partizan::Side;
use grundy::dynamic::{Datum, Kind};
use grundy::scripted::{GameInfo, RuleMove, Rules};
use grundy::Play;
use std::ffi::c_int;

use mlua::ffi::lua_State;
use mlua::{Function, Table, Value};

use crate::convert;
use crate::error::ScriptError;
use crate::params::{shown, Param};
use crate::sandbox::Vm;

/// The functions of a game file, called in its sandbox.
pub(crate) struct FileRules {
    vm: Vm,
    /// `moves`; `None` in a partizan file (which gives `left` and `right`).
    moves: Option<Function>,
    /// A partizan file's `left` and `right`.
    sides: Option<(Function, Function)>,
    label: Option<Function>,
    components: Option<Function>,
    canonical: Option<Function>,
    show: Option<Function>,
    parse: Option<Function>,
    position: Option<Function>,
    draw: Option<Function>,
    tier: Option<Function>,
    /// The file's own numbering of its tiers: `tier_size`, `rank`, `unrank`.
    tier_size: Option<Function>,
    rank: Option<Function>,
    unrank: Option<Function>,
}

impl FileRules {
    /// Calls `function` (named `name`) on `args`, and reads its result with `read` (see
    /// [`Turn::call`](crate::sandbox::Turn::call)).
    fn call<T>(
        &self,
        function: &Function,
        name: &str,
        args: &[Datum],
        read: impl FnOnce(*mut lua_State, c_int) -> Result<T, String>,
    ) -> Result<T, String> {
        self.vm.turn().call(function, name, args, read)
    }
}

impl FileRules {
    /// Calls `function` (named `name`) on `args` for an integer.
    fn integer(&self, function: &Function, name: &str, args: &[Datum]) -> Result<i64, String> {
        match self.call(function, name, args, read)? {
            Datum::Int(n) => Ok(n),
            other => Err(format!(
                "{}: {name} returned {other}, not an integer",
                self.vm.file()
            )),
        }
    }

    /// Calls `function` (`moves`, `left` or `right`, named `name`) on `pos` and appends
    /// the moves it returns, labelled (by the file's `label` where it gives none) when
    /// `labels` asks.
    fn listed(
        &self,
        function: &Function,
        name: &str,
        pos: &Datum,
        labels: bool,
        out: &mut Vec<RuleMove>,
    ) -> Result<(), String> {
        let turn = self.vm.turn();
        let first = out.len();
        turn.call(function, name, std::slice::from_ref(pos), |state, idx| {
            // SAFETY: `call` hands `read` a state and slot as `convert` requires.
            unsafe { convert::moves(state, idx, labels, out) }
        })?;
        if !labels {
            return Ok(());
        }
        if let Some(label) = &self.label {
            for mv in out[first..].iter_mut().filter(|mv| mv.label.is_none()) {
                let args = [pos.clone(), mv.to.clone()];
                // SAFETY: as above.
                let text = turn.call(label, "label", &args, |state, idx| unsafe {
                    convert::text(state, idx)
                })?;
                mv.label = Some(text);
            }
        }
        unique_labels(self.vm.file(), &out[first..])
    }
}

impl Rules for FileRules {
    fn moves(&self, pos: &Datum, labels: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
        let Some(moves) = &self.moves else {
            return Err(format!(
                "{}: a partizan game has no moves(pos), only left(pos) and right(pos)",
                self.vm.file()
            ));
        };
        self.listed(moves, "moves", pos, labels, out)
    }

    fn options(
        &self,
        pos: &Datum,
        side: Side,
        labels: bool,
        out: &mut Vec<RuleMove>,
    ) -> Result<(), String> {
        match &self.sides {
            Some((left, right)) => {
                let function = if side == Side::Left { left } else { right };
                self.listed(function, side.function(), pos, labels, out)
            }
            None => self.moves(pos, labels, out),
        }
    }

    fn has_components(&self) -> bool {
        self.components.is_some()
    }

    fn components(&self, pos: &Datum, out: &mut Vec<Datum>) -> Result<(), String> {
        let Some(function) = &self.components else {
            out.push(pos.clone());
            return Ok(());
        };
        match self.call(function, "components", std::slice::from_ref(pos), read)? {
            Datum::List(parts) => {
                out.extend(parts);
                Ok(())
            }
            other => Err(format!(
                "{}: components returned {other}, not a list of positions",
                self.vm.file()
            )),
        }
    }

    fn heap_bytes(&self) -> u64 {
        self.vm.lua().used_memory() as u64
    }

    fn has_canonical(&self) -> bool {
        self.canonical.is_some()
    }

    fn exhausted(&self, message: &str) -> bool {
        crate::sandbox::Vm::is_cap(message)
    }

    fn canonical(&self, pos: &Datum) -> Result<Datum, String> {
        match &self.canonical {
            Some(function) => self.call(function, "canonical", std::slice::from_ref(pos), read),
            None => Ok(pos.clone()),
        }
    }

    fn show(&self, pos: &Datum) -> Result<String, String> {
        let Some(function) = &self.show else {
            return Ok(grundy::scripted::show_data(pos));
        };
        self.call(
            function,
            "show",
            std::slice::from_ref(pos),
            // SAFETY: `call` hands `read` a state and slot as `convert` requires.
            |state, idx| unsafe { convert::text(state, idx) },
        )
    }

    fn parse(&self, text: &str) -> Result<Datum, String> {
        let Some(function) = &self.parse else {
            return grundy::scripted::parse_data(text);
        };
        self.call(function, "parse", &[Datum::Str(text.to_string())], read)
    }

    fn position_of(&self, numbers: &[u64]) -> Option<Result<Datum, String>> {
        let function = self.position.as_ref()?;
        let args: Vec<Datum> = numbers
            .iter()
            .map(|&n| Datum::Int(i64::try_from(n).unwrap_or(i64::MAX)))
            .collect();
        Some(self.call(function, "position", &args, read))
    }

    fn tier(&self, pos: &Datum) -> Option<Result<i64, String>> {
        let function = self.tier.as_ref()?;
        Some(self.integer(function, "tier", std::slice::from_ref(pos)))
    }

    fn tier_size(&self, tier: i64) -> Option<Result<i64, String>> {
        let function = self.tier_size.as_ref()?;
        Some(self.integer(function, "tier_size", &[Datum::Int(tier)]))
    }

    fn rank(&self, pos: &Datum) -> Option<Result<i64, String>> {
        let function = self.rank.as_ref()?;
        Some(self.integer(function, "rank", std::slice::from_ref(pos)))
    }

    fn unrank(&self, tier: i64, rank: i64) -> Option<Result<Datum, String>> {
        let function = self.unrank.as_ref()?;
        Some(self.call(
            function,
            "unrank",
            &[Datum::Int(tier), Datum::Int(rank)],
            read,
        ))
    }

    fn draw(&self, pos: &Datum) -> Result<Option<Drawing>, String> {
        let Some(function) = &self.draw else {
            return Ok(None);
        };
        let lua = self.vm.lua();
        let _turn = self.vm.turn();
        let arg = convert::to_lua(lua, pos).map_err(|err| self.vm.describe(&err, "draw"))?;
        let value: Value = function
            .call(arg)
            .map_err(|err| self.vm.describe(&err, "draw"))?;
        if value.is_nil() {
            return Ok(None);
        }
        let drawing = crate::drawing::read(value)
            .map_err(|problem| format!("{}: draw returned {problem}", self.vm.file()))?;
        Ok(Some(drawing))
    }
}

/// Refuses two moves of one position with the same label (given by the file or its `label`
/// function): a person could not say which one they mean.
fn unique_labels(file: &str, moves: &[RuleMove]) -> Result<(), String> {
    let mut seen = std::collections::HashMap::new();
    for (number, mv) in moves.iter().enumerate() {
        let Some(label) = &mv.label else { continue };
        if let Some(before) = seen.insert(label.as_str(), number + 1) {
            return Err(format!(
                "{file}: moves {before} and {} have the same label {}: labels must be unique \
                 among a position's moves",
                number + 1,
                grundy::text::quoted(label)
            ));
        }
    }
    Ok(())
}

/// Reads the position a function returned.
fn read(state: *mut lua_State, idx: c_int) -> Result<Datum, String> {
    // SAFETY: only ever passed to `FileRules::call`, which hands it a state and slot as
    // `convert` requires.
    unsafe { convert::position(state, idx) }
}

/// A global of the file: `None` when absent.
fn global(globals: &Table, name: &str) -> Result<Option<Value>, String> {
    let value: Value = globals
        .raw_get(name)
        .map_err(|err| format!("cannot read {name}: {err}"))?;
    Ok((!value.is_nil()).then_some(value))
}

fn function(globals: &Table, name: &str, usage: &str) -> Result<Option<Function>, String> {
    match global(globals, name)? {
        None => Ok(None),
        Some(Value::Function(f)) => Ok(Some(f)),
        Some(other) => Err(format!(
            "{name} must be a function {usage}, not a {}",
            convert::type_of(&other)
        )),
    }
}

fn flag(globals: &Table, name: &str, default: bool) -> Result<bool, String> {
    match global(globals, name)? {
        None => Ok(default),
        Some(Value::Boolean(b)) => Ok(b),
        Some(other) => Err(format!(
            "{name} must be true or false, not a {}",
            convert::type_of(&other)
        )),
    }
}

fn text(globals: &Table, name: &str) -> Result<Option<String>, String> {
    match global(globals, name)? {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.to_string_lossy())),
        Some(other) => Err(format!(
            "{name} must be a string, not a {}",
            convert::type_of(&other)
        )),
    }
}

/// The game's kind from its flags.
fn kind(globals: &Table) -> Result<Kind, String> {
    let play = match flag(globals, "misere", false)? {
        true => Play::Misere,
        false => Play::Normal,
    };
    let scoring = flag(globals, "scoring", false)?;
    let loopy = flag(globals, "loopy", false)?;
    let impartial = flag(globals, "impartial", true)?;
    Ok(match (loopy, scoring) {
        (true, true) => return Err("a game cannot be both loopy and scoring".into()),
        (true, false) => Kind::Loopy { play },
        (false, true) if play == Play::Misere => {
            return Err("a scoring game is decided by points: misere does not apply".into())
        }
        (false, true) => Kind::Scoring,
        (false, false) if impartial => Kind::Impartial { play },
        (false, false) => Kind::WinLoss { play },
    })
}

/// The kind of a partizan file: [`Kind::Partizan`], refusing the flags of other kinds.
fn partizan(globals: &Table) -> Result<Kind, String> {
    for (name, default) in [
        ("misere", false),
        ("scoring", false),
        ("loopy", false),
        ("impartial", false),
    ] {
        if flag(globals, name, default)? != default {
            return Err(format!(
                "a partizan game (left and right) is short, normal play and without points: \
                 remove {name} = {}",
                !default
            ));
        }
    }
    Ok(Kind::Partizan)
}

/// The rules and the description of the file run in `vm`, with `params` in force.
pub(crate) fn define(vm: Vm, params: &[Param]) -> Result<(FileRules, GameInfo), ScriptError> {
    let file = vm.file().to_string();
    let definition = |message: String| ScriptError::Definition {
        file: file.clone(),
        message,
    };
    let globals = vm.lua().globals();
    let moves = function(&globals, "moves", "of a position").map_err(definition)?;
    let left = function(&globals, "left", "of a position").map_err(definition)?;
    let right = function(&globals, "right", "of a position").map_err(definition)?;
    let (sides, kind) =
        match (moves.is_some(), left, right) {
            (false, Some(left), Some(right)) => {
                (Some((left, right)), partizan(&globals).map_err(definition)?)
            }
            (false, None, None) => {
                return Err(definition(
                    "no function moves(pos): every game file defines one, or left(pos) and \
                 right(pos) for a partizan game (see docs/game-files.md)"
                        .into(),
                ))
            }
            (false, Some(_), None) | (false, None, Some(_)) => return Err(definition(
                "a partizan game defines both left(pos) and right(pos) (see docs/game-files.md)"
                    .into(),
            )),
            (true, None, None) => (None, kind(&globals).map_err(definition)?),
            (true, _, _) => {
                return Err(definition(
                    "a game file defines moves(pos) or, for a partizan game, left(pos) and \
                 right(pos), not both"
                        .into(),
                ))
            }
        };
    let stem = std::path::Path::new(&file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| file.clone());
    let mut name = text(&globals, "name").map_err(definition)?.unwrap_or(stem);
    for param in params.iter().filter(|p| p.value != p.default) {
        name.push_str(&format!(" {}={}", param.name, shown(&param.value)));
    }
    let description = text(&globals, "description")
        .map_err(definition)?
        .unwrap_or_default();
    let rules = FileRules {
        components: function(&globals, "components", "of a position").map_err(definition)?,
        canonical: function(&globals, "canonical", "of a position").map_err(definition)?,
        show: function(&globals, "show", "of a position").map_err(definition)?,
        parse: function(&globals, "parse", "of a text").map_err(definition)?,
        position: function(&globals, "position", "of one or two integers").map_err(definition)?,
        draw: function(&globals, "draw", "of a position").map_err(definition)?,
        tier: function(&globals, "tier", "of a position").map_err(definition)?,
        tier_size: function(&globals, "tier_size", "of a tier").map_err(definition)?,
        rank: function(&globals, "rank", "of a position").map_err(definition)?,
        unrank: function(&globals, "unrank", "of a tier and a rank").map_err(definition)?,
        label: function(&globals, "label", "of a position and a move's position")
            .map_err(definition)?,
        moves,
        sides,
        vm,
    };
    let start = match global(&globals, "start").map_err(definition)? {
        None => None,
        Some(Value::Function(f)) => Some(
            rules
                .call(&f, "start", &[], read)
                .map_err(|message| ScriptError::Run { message })?,
        ),
        Some(value) => Some(
            convert::datum(rules.vm.lua(), value)
                .map_err(|e| definition(format!("start is not a position: {e}")))?,
        ),
    };
    let info = GameInfo {
        name,
        description,
        kind,
        start,
        origin: file,
    };
    Ok((rules, info))
}
