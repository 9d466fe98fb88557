//! Game files: a game written in a few lines of Luau, solved by every solver of grundy.
//!
//! A game file defines `moves(pos)` and optionally a name, a start position, parameters,
//! how positions are shown and read, components, misère play, scores and loops (the format
//! is in `docs/game-files.md`). [`load`] runs it once in a sandbox (pure libraries only: no
//! files, processes, network or clock; at most [`STEP_CAP`] steps a call and [`MEMORY_CAP`]
//! bytes, or the cap given to [`load_source_within`]) and returns it as a [`DynGame`], driven by
//! [`grundy::scripted::CallbackGame`]: each position's moves are asked for once.
//!
//! # Examples
//!
//! ```
//! use grundy::dynamic::{Datum, DynGame};
//! use grundy::{Budget, Nimber};
//!
//! let source = r#"
//!     name = "take 1 or 2"
//!     local most = param("most", 2, "the most one may take")
//!     start = 7
//!     function moves(n)
//!         local out = {}
//!         for k = 1, math.min(most, n) do
//!             out[#out + 1] = { to = n - k, label = `take {k}` }
//!         end
//!         return out
//!     end
//! "#;
//! let game = grundy_script::load_source("take.luau", source, &[]).unwrap();
//! let sol = game.solve(&game.start().unwrap(), &Budget::default()).unwrap();
//! assert_eq!(sol.value.nimber, Some(Nimber(1)));
//! assert_eq!(sol.moves[sol.optimal[0]].mv.label, "take 1");
//!
//! let three = grundy_script::load_source("take.luau", source, &[("most".into(), "3".into())]).unwrap();
//! assert_eq!(three.name(), "take 1 or 2 most=3");
//! assert_eq!(three.solve(&Datum::Int(8), &Budget::default()).unwrap().value.nimber, Some(Nimber(0)));
//! ```

use std::path::Path;
use std::sync::{Arc, PoisonError};

use grundy::dynamic::{DynGame, Kind};
use grundy::scripted::PartizanGame;
use grundy::scripted::{CallbackGame, GameInfo, Rules};
use grundy::tierdb::FileIdentity;
use grundy::Play;

mod convert;
mod drawing;
mod error;
mod params;
mod rules;
mod sandbox;

pub use error::ScriptError;
pub use sandbox::{MEMORY_CAP, STEP_CAP};

/// The extension of game files: `luau`.
pub const EXTENSION: &str = "luau";

/// The most positions a front end lets a search of a game file store unless told otherwise.
///
/// A built-in game searches millions of positions a second, a game file tens to hundreds of
/// thousands (each position is a call into Luau; see BENCHMARKS.md, "Game files"), so the
/// engine's default budget would let an unbounded file (`moves(p)` returning `p + 1`) run for
/// many minutes and gigabytes before being refused. A million positions is seconds of search
/// for a game file, four times the largest example (Connect Four's small board); a front end
/// names this limit and how to raise it when it refuses a search.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::DynGame;
/// use grundy::Budget;
/// // An unbounded game: refused once the search holds more positions than its budget.
/// let up = grundy_script::load_source("up.luau", "start = 0\nfunction moves(p) return {p + 1} end", &[]).unwrap();
/// let budget = Budget::default().with_positions(grundy_script::DEFAULT_MAX_POSITIONS / 1000);
/// let err = up.solve(&up.start().unwrap(), &budget).unwrap_err();
/// assert_eq!(err.to_string(), "the game needs 1001 positions, more than the limit of 1000");
/// ```
pub const DEFAULT_MAX_POSITIONS: u64 = 1_000_000;

/// The largest game file read: 16 MiB.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// True when `word` names a game file: it ends in `.luau` and is an existing file.
///
/// # Examples
///
/// ```
/// assert!(!grundy_script::is_game_file("nim"));
/// assert!(!grundy_script::is_game_file("missing.luau"));
/// ```
pub fn is_game_file(word: &str) -> bool {
    let path = Path::new(word);
    path.extension().is_some_and(|ext| ext == EXTENSION) && path.is_file()
}

/// Loads the game file at `path` with `params` (name, value as typed) in force.
///
/// # Errors
///
/// [`ScriptError`] naming the file (and line) and what is wrong.
///
/// # Examples
///
/// ```
/// let err = grundy_script::load(std::path::Path::new("missing.luau"), &[]).err().unwrap();
/// assert!(err.to_string().starts_with("missing.luau: cannot read the game file"));
/// ```
pub fn load(path: &Path, params: &[(String, String)]) -> Result<Arc<dyn DynGame>, ScriptError> {
    let (file, source) = read_source(path)?;
    load_source(&file, &source, params)
}

/// A game file loaded as its rules (for what needs more than a [`DynGame`]: a tier
/// database calls the file's `tier` and keys its positions), with what identifies it.
pub struct RuleFile {
    /// The file's functions.
    pub rules: Box<dyn Rules>,
    /// Its name, kind and start.
    pub info: GameInfo,
    /// The file's name, every parameter it declares with its value, and a hash of its
    /// source, as a tier database's manifest records them.
    pub identity: FileIdentity,
}

/// Loads the game file at `path` with `params` in force as its rules
/// ([`RuleFile`]), for a tier database.
///
/// # Errors
///
/// As [`load`].
///
/// # Examples
///
/// ```
/// let file = grundy_script::load_rules(std::path::Path::new("../../examples/games/tictactoe.luau"), &[]).unwrap();
/// assert_eq!(file.info.name, "tic-tac-toe");
/// assert_eq!(file.identity.file, "tictactoe.luau");
/// ```
pub fn load_rules(path: &Path, params: &[(String, String)]) -> Result<RuleFile, ScriptError> {
    let (file, source) = read_source(path)?;
    let (rules, info, declared) = define(&file, &source, params, MEMORY_CAP)?;
    Ok(RuleFile {
        rules: Box::new(rules),
        info,
        identity: FileIdentity::new(&file, &declared, &source),
    })
}

/// The source of the game file at `path`, named as messages name it.
fn read_source(path: &Path) -> Result<(String, String), ScriptError> {
    let file = path.display().to_string();
    let read = |message: String| ScriptError::Read {
        file: file.clone(),
        message,
    };
    let size = std::fs::metadata(path)
        .map_err(|e| read(e.to_string()))?
        .len();
    if size > MAX_FILE_BYTES {
        return Err(read(format!(
            "{size} bytes, more than the limit of {MAX_FILE_BYTES}"
        )));
    }
    let source = std::fs::read_to_string(path).map_err(|e| read(e.to_string()))?;
    Ok((file, source))
}

/// Loads a game from `source`, named `file` in messages, with `params` in force, its Luau
/// state holding at most [`MEMORY_CAP`] bytes.
///
/// # Errors
///
/// [`ScriptError`] naming the file (and line) and what is wrong.
///
/// # Examples
///
/// See the [crate] documentation.
pub fn load_source(
    file: &str,
    source: &str,
    params: &[(String, String)],
) -> Result<Arc<dyn DynGame>, ScriptError> {
    load_source_within(file, source, params, MEMORY_CAP)
}

/// [`load_source`] with a memory cap of its own: the file's Luau state (its globals and
/// whatever a call builds) holds at most `memory_cap` bytes, at load time and in every call
/// after. A server running many files at once bounds their total this way.
///
/// # Errors
///
/// [`ScriptError`] naming the file (and line) and what is wrong; a file that needs more
/// memory than the cap at its top level is [`ScriptError::Run`] naming the cap.
///
/// # Examples
///
/// ```
/// let huge = "local t = {}\nfor i = 1, 1e7 do t[i] = i end\nfunction moves(n) return {} end";
/// let err = grundy_script::load_source_within("big.luau", huge, &[], 4 << 20).err().unwrap();
/// assert_eq!(err.to_string(), "big.luau: the memory cap of 4 MiB was hit in the file's top level");
/// assert!(grundy_script::load_source_within("ok.luau", "function moves(n) return {} end", &[], 4 << 20).is_ok());
/// ```
pub fn load_source_within(
    file: &str,
    source: &str,
    params: &[(String, String)],
    memory_cap: usize,
) -> Result<Arc<dyn DynGame>, ScriptError> {
    let (rules, info, _) = define(file, source, params, memory_cap)?;
    Ok(match info.kind {
        Kind::Partizan => Arc::new(PartizanGame::new(rules, info)),
        _ => Arc::new(CallbackGame::new(rules, info)),
    })
}

/// Loads the game file `path` as [`load`] does, under misère play whatever the file says
/// (whoever cannot move wins): what `--misere` and `misere=True` ask of a file. The memo
/// search then solves whole positions (misère play does not decompose by `components`).
///
/// # Errors
///
/// As [`load`]; [`ScriptError::Definition`] for a scoring or partizan file, which has no
/// misère form.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::Kind;
/// use grundy::Play;
/// let path = std::env::temp_dir().join("grundy-misere-doc.luau");
/// std::fs::write(&path, "function moves(n) local out = {} for k = 1, n do out[k] = n - k end return out end").unwrap();
/// let game = grundy_script::load_misere(&path, &[]).unwrap();
/// assert_eq!(game.kind(), Kind::Impartial { play: Play::Misere });
/// ```
pub fn load_misere(
    path: &Path,
    params: &[(String, String)],
) -> Result<Arc<dyn DynGame>, ScriptError> {
    let (file, source) = read_source(path)?;
    let (rules, mut info, _) = define(&file, &source, params, MEMORY_CAP)?;
    info.kind = match info.kind {
        Kind::Impartial { .. } => Kind::Impartial { play: Play::Misere },
        Kind::WinLoss { .. } => Kind::WinLoss { play: Play::Misere },
        Kind::Loopy { .. } => Kind::Loopy { play: Play::Misere },
        _ => {
            return Err(ScriptError::Definition {
                file,
                message: "--misere: a scoring or partizan game has no misère form".into(),
            })
        }
    };
    Ok(Arc::new(CallbackGame::new(rules, info)))
}

/// Loads a game from `source` as [`load_source`] does, then reads it as a partizan game: a
/// file with `left` and `right` as it is, an impartial file (`moves`) with both players
/// given its moves, whose canonical forms are then its nimbers (the check that the
/// partizan theory extends the impartial one).
///
/// # Errors
///
/// As [`load_source`].
///
/// # Examples
///
/// ```
/// use grundy::cgt::Arena;
/// use grundy::dynamic::{Datum, DynGame};
/// let source = "function moves(n) local out = {} for k = 1, math.min(2, n) do out[k] = n - k end return out end";
/// let game = grundy_script::load_source_as_partizan("take.luau", source, &[]).unwrap();
/// let mut arena = Arena::new();
/// let g = game.partizan().unwrap().canonical(&Datum::Int(5), &mut arena, &grundy::Budget::default()).unwrap();
/// assert_eq!(arena.display(g), "*2");
/// ```
pub fn load_source_as_partizan(
    file: &str,
    source: &str,
    params: &[(String, String)],
) -> Result<Arc<dyn DynGame>, ScriptError> {
    let (rules, info, _) = define(file, source, params, MEMORY_CAP)?;
    Ok(Arc::new(PartizanGame::new(rules, info)))
}

/// Every parameter a file declares with its value, as the command line writes it.
type Declared = Vec<(String, String)>;

/// Runs the file and reads its rules and description, with every parameter it declares
/// and its value as the command line writes it.
fn define(
    file: &str,
    source: &str,
    params: &[(String, String)],
    memory_cap: usize,
) -> Result<(rules::FileRules, GameInfo, Declared), ScriptError> {
    let run = |message: String| ScriptError::Run { message };
    let vm = sandbox::Vm::new(file, memory_cap).map_err(|e| run(format!("{file}: {e}")))?;
    let declared =
        params::Params::install(vm.lua(), params).map_err(|e| run(format!("{file}: {e}")))?;
    vm.seal().map_err(|e| run(format!("{file}: {e}")))?;
    let res = vm.turn().exec(source);
    let declared = declared.lock().unwrap_or_else(PoisonError::into_inner);
    let parameter = |message: String| ScriptError::Parameter {
        file: file.to_string(),
        message,
    };
    if let Err(err) = res {
        if let mlua::Error::SyntaxError { message, .. } = &err {
            return Err(syntax(file, message));
        }
        return Err(match declared.problem() {
            Some(problem) => parameter(problem.to_string()),
            None => run(vm.describe(&err, "the file's top level")),
        });
    }
    let params = declared.finish().map_err(parameter)?;
    drop(declared);
    let (rules, info) = rules::define(vm, &params)?;
    let values = params
        .iter()
        .map(|p| (p.name.clone(), params::shown(&p.value)))
        .collect();
    Ok((rules, info, values))
}

/// A syntax error from Luau's `FILE:LINE: what` (the whole message if it has no line).
fn syntax(file: &str, message: &str) -> ScriptError {
    let rest = message.strip_prefix(file).and_then(|r| r.strip_prefix(':'));
    let parsed = rest.and_then(|r| {
        let (line, what) = r.split_once(':')?;
        Some((line.trim().parse().ok()?, what.trim()))
    });
    match parsed {
        Some((line, what)) => ScriptError::Syntax {
            file: file.to_string(),
            line,
            message: what.to_string(),
        },
        None => ScriptError::Run {
            message: format!("{file}: syntax error: {message}"),
        },
    }
}

#[cfg(test)]
mod tests;
