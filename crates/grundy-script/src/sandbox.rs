//! The Luau sandbox: a state with only pure libraries, a step cap per call and a memory cap,
//! and errors described as `FILE:LINE: what`.
//!
//! Steps are counted by a raw Luau interrupt (a C function that bumps a thread-local
//! counter): Luau calls it at every function call and loop back-edge, so it must cost a
//! few instructions, not `mlua`'s general callback machinery.

use std::cell::Cell;
use std::ffi::c_int;
use std::sync::{Mutex, MutexGuard, PoisonError};

use grundy::dynamic::Datum;
use mlua::ffi::{self, lua_State};
use mlua::{Error, Function, Lua, LuaOptions, StdLib};

use crate::convert;

/// The most steps (loop iterations and function calls, as Luau counts interrupts) one call
/// into a game file may take: 10^7.
pub const STEP_CAP: u64 = 10_000_000;

/// The most memory a game file's Luau state may hold by default (the command line's cap):
/// 256 MiB. A server running many files passes a smaller one to
/// `load_source_within`.
pub const MEMORY_CAP: usize = 256 << 20;

/// Globals of Luau's base library that reach outside the computation (output, loading
/// code, the collector, environments); removed before the file runs, and replaced by
/// functions that say so ([`REFUSALS`]).
const REMOVED: [&str; 7] = [
    "print",
    "require",
    "loadstring",
    "collectgarbage",
    "gcinfo",
    "getfenv",
    "setfenv",
];

/// What a file reaching outside its computation meets instead of a nil value: `io`, `os`
/// and `debug` index to an error, and the removed functions (with `require`, `dofile`,
/// `load`) raise one, each naming what is not available, at the file's line.
const REFUSALS: &str = r#"
local only = " is not available in game files: they reach nothing outside their computation (math, string, table, bit32 and utf8 are)"
for _, name in {"io", "os", "debug"} do
  _G[name] = setmetatable({}, {
    __index = function(_, key) error(name .. "." .. tostring(key) .. " (the " .. name .. " library)" .. only, 2) end,
    __newindex = function() error("the " .. name .. " library" .. only, 2) end,
  })
end
for _, name in {"require", "dofile", "load", "loadstring", "print", "collectgarbage", "gcinfo", "getfenv", "setfenv"} do
  _G[name] = function() error(name .. only, 2) end
end
"#;

thread_local! {
    /// Steps left to the call running on this thread (one call at a time per thread: a
    /// game file cannot call another).
    static STEPS_LEFT: Cell<u64> = const { Cell::new(STEP_CAP) };
    /// Whether the last call on this thread was stopped by the step cap.
    static CAPPED: Cell<bool> = const { Cell::new(false) };
}

/// Luau's interrupt: counts a step and raises an error once the cap is passed.
///
/// # Safety
///
/// Called by Luau only, inside a running call (a protected one: every call into a game
/// file goes through `mlua`), where raising an error unwinds to that call.
unsafe extern "C-unwind" fn count_step(state: *mut lua_State, gc: c_int) {
    if gc >= 0 {
        return; // the collector's interrupts are not steps
    }
    let left = STEPS_LEFT.get();
    if left == 0 {
        CAPPED.set(true);
        ffi::luaL_error(state, c"the operation cap was hit".as_ptr());
    }
    STEPS_LEFT.set(left - 1);
}

/// A sandboxed Luau state running one game file; calls are one at a time.
pub(crate) struct Vm {
    lua: Lua,
    /// The file's name as errors show it.
    file: String,
    /// The most bytes the state may hold.
    memory_cap: usize,
    turn: Mutex<()>,
}

impl Vm {
    /// A fresh sandbox for the file named `file`, holding at most `memory_cap` bytes.
    pub(crate) fn new(file: &str, memory_cap: usize) -> Result<Vm, Error> {
        let lua = Lua::new_with(
            StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::BIT | StdLib::UTF8,
            LuaOptions::default(),
        )?;
        let globals = lua.globals();
        for name in REMOVED {
            globals.raw_remove(name)?;
        }
        lua.load(REFUSALS).set_name("=sandbox").exec()?;
        lua.set_memory_limit(memory_cap)?;
        // SAFETY: the callbacks are the state's own; `count_step` is an interrupt as Luau
        // expects it.
        unsafe {
            lua.exec_raw::<()>((), |state| {
                (*ffi::lua_callbacks(state)).interrupt = Some(count_step);
            })?;
        }
        Ok(Vm {
            lua,
            file: file.to_string(),
            memory_cap,
            turn: Mutex::new(()),
        })
    }

    /// The state (to define globals before [`Vm::seal`], and to convert values).
    pub(crate) fn lua(&self) -> &Lua {
        &self.lua
    }

    /// The file's name as errors show it.
    pub(crate) fn file(&self) -> &str {
        &self.file
    }

    /// Makes the libraries and the globals defined so far read-only; the file's own
    /// globals go into a table of their own.
    pub(crate) fn seal(&self) -> Result<(), Error> {
        self.lua.sandbox(true)
    }

    /// Takes the state for one call, with a fresh step count.
    pub(crate) fn turn(&self) -> Turn<'_> {
        let guard = self.turn.lock().unwrap_or_else(PoisonError::into_inner);
        STEPS_LEFT.set(STEP_CAP);
        CAPPED.set(false);
        Turn {
            vm: self,
            _guard: guard,
        }
    }

    /// Whether `message`, from [`Vm::describe`], says a cap was hit (the step or the memory
    /// cap), not that the code failed.
    pub(crate) fn is_cap(message: &str) -> bool {
        (message.contains(": the operation cap of ") || message.contains(": the memory cap of "))
            && message.contains(" was hit in ")
    }

    /// What went wrong in `function`, as `FILE:LINE: what` where Luau knows the line.
    pub(crate) fn describe(&self, err: &Error, function: &str) -> String {
        if CAPPED.get() {
            return format!(
                "{}: the operation cap of {STEP_CAP} steps was hit in {function} (an endless loop?)",
                self.file
            );
        }
        match err {
            Error::RuntimeError(message) => {
                let message = message
                    .split("\nstack traceback:")
                    .next()
                    .unwrap_or(message);
                // `parse` speaks to the person who typed the text: its message stands alone.
                if function == "parse" || message.starts_with(&format!("{}:", self.file)) {
                    message.to_string()
                } else {
                    format!("{}: {message}", self.file)
                }
            }
            Error::MemoryError(_) => format!(
                "{}: the memory cap of {} was hit in {function}",
                self.file,
                mebibytes(self.memory_cap)
            ),
            Error::CallbackError { cause, .. } => self.describe(cause, function),
            Error::SyntaxError { message, .. } => message.clone(),
            other => format!("{}: {other}", self.file),
        }
    }
}

/// `bytes` as `256 MiB`, or `1.5 MiB` where it is not a whole number of MiB.
fn mebibytes(bytes: usize) -> String {
    if bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
    }
}

/// The state held for one call (a step count of its own).
pub(crate) struct Turn<'a> {
    vm: &'a Vm,
    _guard: MutexGuard<'a, ()>,
}

impl Turn<'_> {
    /// Calls `function` (named `name` in errors) on `args`, and reads its one result with
    /// `read` from the stack slot it gets (see [`convert`]). A problem `read` finds comes
    /// back as `FILE:LINE: NAME returned PROBLEM`, the line where the function is defined
    /// (Luau does not say which `return` it came from).
    pub(crate) fn call<T>(
        &self,
        function: &Function,
        name: &str,
        args: &[Datum],
        read: impl FnOnce(*mut lua_State, c_int) -> Result<T, String>,
    ) -> Result<T, String> {
        let mut result = None;
        // SAFETY: `exec_raw` runs the closure in a protected call with `function` at slot
        // 1; the arguments are pushed above it, the call leaves its one result at slot 1,
        // which `read` reads as `convert` requires, and the stack is emptied after.
        let called = unsafe {
            self.vm.lua.exec_raw::<()>(function, |state| {
                let nargs = c_int::try_from(args.len()).unwrap_or(c_int::MAX);
                ffi::luaL_checkstack(state, nargs + 1, c"too many arguments".as_ptr());
                for arg in args {
                    convert::push(state, arg);
                }
                ffi::lua_call(state, nargs, 1);
                result = Some(read(state, 1));
                ffi::lua_settop(state, 0);
            })
        };
        called.map_err(|err| self.vm.describe(&err, name))?;
        let result = result.expect("a call that returned read its result");
        result.map_err(|problem| match function.info().line_defined {
            Some(line) => format!("{}:{line}: {name} returned {problem}", self.vm.file),
            None => format!("{}: {name} returned {problem}", self.vm.file),
        })
    }

    /// Runs the file's source, named by the file in messages.
    pub(crate) fn exec(&self, source: &str) -> Result<(), Error> {
        self.vm
            .lua
            .load(source)
            .set_name(format!("@{}", self.vm.file))
            .exec()
    }
}
