//! One message for a split build's refusal or failure. Under `mpirun` the launcher stops
//! the whole job as soon as one process exits with an error, so a process that fails must
//! not exit before the message is out: every step's outcome (the arguments read, the
//! build) is agreed between the processes, rank 0 prints one line for all of them (its own
//! error, or the first failing process's, naming it) and flushes it, and only then, after
//! a last exchange, does every process exit, non-zero.

use std::io::Write;

use grundy::tierdb::Cluster;

/// A split build's refusal or failure already printed by rank 0: every process exits with
/// 2 without printing it again.
#[derive(Debug)]
pub struct Told;

impl std::fmt::Display for Told {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the build's processes stopped (rank 0 said why)")
    }
}

impl std::error::Error for Told {}

/// This process's outcome of a step (`local`), agreed with every other process of `world`:
/// the value when none failed. Else rank 0 prints one line, `grundy: ` and its own error
/// or `process R of the build: ` and the first failing process's, every process waits for
/// it, and each returns [`Told`]. Alone, `local` itself.
pub fn agree<T>(world: &dyn Cluster, local: anyhow::Result<T>) -> anyhow::Result<T> {
    if world.size() <= 1 {
        return local;
    }
    let mine = match &local {
        Ok(_) => Vec::new(),
        Err(err) => format!("{err:#}").into_bytes(),
    };
    let all = world.all_gather(&mine)?;
    let Some(first) = all.iter().position(|m| !m.is_empty()) else {
        return local;
    };
    if world.rank() == 0 {
        let why = String::from_utf8_lossy(&all[first]);
        let _ = std::io::stdout().flush();
        match first {
            0 => eprintln!("grundy: {why}"),
            rank => eprintln!("grundy: process {rank} of the build: {why}"),
        }
        let _ = std::io::stderr().flush();
    }
    // No process exits (and so no launcher stops the job) before rank 0 has printed.
    world.all_gather(&[])?;
    Err(Told.into())
}
