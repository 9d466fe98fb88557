//! The Luau sandbox: a state with only pure libraries, a step cap per call and a memory cap,
//! and errors described as `FILE:LINE: what`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use mlua::{Error, FromLuaMulti, Function, IntoLuaMulti, Lua, LuaOptions, StdLib, VmState};

/// The most steps (loop iterations and function calls, as Luau counts interrupts) one call
/// into a game file may take: 10^7.
pub const STEP_CAP: u64 = 10_000_000;

/// The most memory a game file's Luau state may hold by default (the command line's cap):
/// 256 MiB. A server running many files passes a smaller one to
/// [`crate::load_source_within`].
pub const MEMORY_CAP: usize = 256 << 20;

/// Globals of Luau's base library that reach outside the computation (output, loading
/// code, the collector, environments); removed before the file runs.
const REMOVED: [&str; 7] = [
    "print",
    "require",
    "loadstring",
    "collectgarbage",
    "gcinfo",
    "getfenv",
    "setfenv",
];

/// A sandboxed Luau state running one game file; calls are one at a time.
pub(crate) struct Vm {
    lua: Lua,
    /// The file's name as errors show it.
    file: String,
    /// The most bytes the state may hold.
    memory_cap: usize,
    steps: Arc<AtomicU64>,
    capped: Arc<AtomicBool>,
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
        lua.set_memory_limit(memory_cap)?;
        let steps = Arc::new(AtomicU64::new(0));
        let capped = Arc::new(AtomicBool::new(false));
        let (count, flag) = (steps.clone(), capped.clone());
        lua.set_interrupt(move |_| {
            if count.fetch_add(1, Ordering::Relaxed) >= STEP_CAP {
                flag.store(true, Ordering::Relaxed);
                return Err(Error::runtime("the operation cap was hit"));
            }
            Ok(VmState::Continue)
        });
        Ok(Vm {
            lua,
            file: file.to_string(),
            memory_cap,
            steps,
            capped,
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
        self.steps.store(0, Ordering::Relaxed);
        self.capped.store(false, Ordering::Relaxed);
        Turn {
            vm: self,
            _guard: guard,
        }
    }

    /// What went wrong in `function`, as `FILE:LINE: what` where Luau knows the line.
    pub(crate) fn describe(&self, err: &Error, function: &str) -> String {
        if self.capped.load(Ordering::Relaxed) {
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
    /// Calls `function` (named `name` in errors) with `args`.
    pub(crate) fn call<R: FromLuaMulti>(
        &self,
        function: &Function,
        name: &str,
        args: impl IntoLuaMulti,
    ) -> Result<R, String> {
        function
            .call(args)
            .map_err(|err| self.vm.describe(&err, name))
    }

    /// The state.
    pub(crate) fn lua(&self) -> &Lua {
        &self.vm.lua
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
