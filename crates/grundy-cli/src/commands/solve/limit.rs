//! `--max-positions` of the commands that search a game (`solve`, `play`, `analyze`, a game
//! file's `table`): the engine's default for built-in games, a smaller one for game files
//! ([`grundy_script::DEFAULT_MAX_POSITIONS`]: a game file searches far fewer positions a
//! second), and a refusal at that default that says so and names the flag.

use grundy::dynamic::{Datum, DynError, DynGame};
use grundy::SolveError;

/// The default `--max-positions` for built-in games.
pub const BUILTIN_MAX_POSITIONS: u64 = 50_000_000;

/// The help of `--max-positions`, with both defaults.
pub const HELP: &str =
    "Most positions the search may store [default: 50000000, 1000000 for a game file]";

/// The position limit in force: `given`, else the default for a game file (`file`) or a
/// built-in game.
pub fn positions(given: Option<u64>, file: bool) -> u64 {
    match (given, file) {
        (Some(limit), _) => limit,
        (None, true) => grundy_script::DEFAULT_MAX_POSITIONS,
        (None, false) => BUILTIN_MAX_POSITIONS,
    }
}

/// The help of `--memory`.
pub const MEMORY_HELP: &str = "Most memory the search may hold, in GiB (2^30 bytes; fractions \
such as 0.5 allowed): the positions stored, their moves, the solvers' tables and a game file's \
heap [default: 8, lowered to three quarters of the memory free]";

/// The bytes a search may hold: `--memory` when given, else the default lowered to what
/// the machine has free ([`crate::output::fitting`]).
pub fn bytes(memory: Option<u64>) -> u64 {
    memory.unwrap_or_else(|| crate::output::fitting(grundy::Budget::default().bytes()))
}

/// The search refused for the memory it would hold, said with the figures and the flag;
/// `None` for any other error.
pub fn memory(err: &anyhow::Error) -> Option<anyhow::Error> {
    let found = err.chain().find_map(|cause| {
        match cause.downcast_ref::<DynError>() {
            Some(DynError::Solve(found)) => Some(found),
            _ => cause.downcast_ref::<SolveError>(),
        }
        .filter(|found| matches!(found, SolveError::TooLarge { unit: "bytes", .. }))
        .cloned()
    })?;
    let SolveError::TooLarge { needed, limit, .. } = found else {
        return None;
    };
    let gib = |bytes: u64| bytes as f64 / f64::from(1u32 << 30);
    Some(anyhow::anyhow!(
        "the search would hold {needed} bytes ({:.2} GiB), more than its limit of {limit} bytes \
         ({:.2} GiB); raise it with --memory GIB",
        gib(needed),
        gib(limit)
    ))
}

/// `err` with a hint when it is a search refused at the game-file default: the size reached,
/// that the limit is the default for game files, and how to raise it; or refused for its
/// memory ([`memory`]).
pub fn explain(err: anyhow::Error, given: Option<u64>, file: bool) -> anyhow::Error {
    if let Some(said) = memory(&err) {
        return said;
    }
    if given.is_some() || !file {
        return err;
    }
    let too_large = err.chain().find_map(|cause| {
        match cause.downcast_ref::<DynError>() {
            Some(DynError::Solve(found)) => Some(found),
            _ => cause.downcast_ref::<SolveError>(),
        }
        .filter(|found| {
            matches!(
                found,
                SolveError::TooLarge {
                    unit: "positions",
                    ..
                }
            )
        })
        .cloned()
    });
    match too_large {
        Some(SolveError::TooLarge { needed, limit, .. }) => anyhow::anyhow!(
            "the game file's search reached {needed} positions, more than {limit}, the default limit for a game file (an unbounded game?); raise it with --max-positions N"
        ),
        _ => err,
    }
}

/// A search of `pos` refused past `limit` positions because `pos` alone has that many moves
/// (each a position to store): said as such, not as an unbounded game. `None` for any other
/// refusal. The moves are listed again only on this path, where the search listed them.
pub fn too_many_moves(
    err: &DynError,
    game: &dyn DynGame,
    pos: &Datum,
    limit: u64,
) -> Option<anyhow::Error> {
    if !matches!(
        err,
        DynError::Solve(SolveError::TooLarge {
            unit: "positions",
            ..
        })
    ) {
        return None;
    }
    let moves = game.moves(pos).ok()?.len() as u64;
    (moves >= limit).then(|| {
        anyhow::anyhow!(
            "the position has {moves} moves, and each is a position the search stores: more than the limit of {limit} positions; raise it with --max-positions N"
        )
    })
}
