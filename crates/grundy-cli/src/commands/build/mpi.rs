//! `grundy build` across the processes of an MPI job (cargo feature `mpi`): the library's
//! [`Cluster`] over MPI's world communicator (rsmpi, on OpenMPI or MPICH). Collectives only,
//! called from the main thread (the build's own threads never call MPI). A process that
//! dies ends the job: MPI's launcher (`mpirun`, `srun`) stops the others and says which.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use grundy::tierdb::{Cluster, DbError};
use mpi::datatype::{Partition, PartitionMut};
use mpi::environment::Universe;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use mpi::Count;

/// MPI's world, initialized for the build and finalized when dropped.
pub struct World {
    world: SimpleCommunicator,
    // Dropped after `world`: finalizes MPI.
    _universe: Universe,
}

impl World {
    /// Initializes MPI (a process started without `mpirun` is a world of one).
    pub fn init() -> anyhow::Result<World> {
        let (universe, _) = mpi::initialize_with_threading(mpi::Threading::Funneled)
            .context("MPI was initialized twice")?;
        Ok(World {
            world: universe.world(),
            _universe: universe,
        })
    }
}

/// What clap refused of a command line, under an MPI launcher: printed by rank 0 alone,
/// every process waiting for that before it returns the exit code (a launcher stops the
/// job at the first process that exits with an error). The error back when MPI sees this
/// process alone, for it to print as usual.
pub fn refused_once(err: clap::Error) -> Result<ExitCode, clap::Error> {
    use clap::error::ErrorKind;
    let Ok(world) = World::init() else {
        return Err(err);
    };
    if world.size() <= 1 {
        return Err(err);
    }
    let code = match (world.rank(), err.kind()) {
        (0, _) => crate::output::clap_error(err),
        (_, ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => ExitCode::SUCCESS,
        _ => ExitCode::from(2),
    };
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    // No process exits before rank 0 has printed; an error here leaves the launcher to say.
    let _ = world.all_gather(&[]);
    Ok(code)
}

/// A length as MPI counts it (an `int`); the library keeps each exchange far below.
fn count(len: usize) -> Result<Count, DbError> {
    Count::try_from(len).map_err(|_| DbError::Cluster {
        rank: 0,
        why: format!("an exchange of {len} bytes passes MPI's count"),
    })
}

/// Where each process's part starts in a buffer of all the parts one after the other, and
/// the buffer's length (within MPI's count).
fn displacements(counts: &[Count]) -> Result<(Vec<Count>, usize), DbError> {
    let mut displs = Vec::with_capacity(counts.len());
    let mut total = 0usize;
    for &c in counts {
        displs.push(count(total)?);
        total += c as usize;
    }
    count(total)?;
    Ok((displs, total))
}

/// The parts of `buf`, each without the byte it travelled behind.
fn unwrapped(buf: &[u8], counts: &[Count], displs: &[Count]) -> Vec<Vec<u8>> {
    counts
        .iter()
        .zip(displs)
        .map(|(&c, &d)| buf[d as usize + 1..(d + c) as usize].to_vec())
        .collect()
}

impl Cluster for World {
    fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    fn size(&self) -> usize {
        self.world.size() as usize
    }

    fn all_gather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, DbError> {
        // Each part travels behind one byte: an empty Rust slice's address (1) is OpenMPI's
        // `MPI_IN_PLACE`.
        let mut sent = Vec::with_capacity(mine.len() + 1);
        sent.push(0u8);
        sent.extend_from_slice(mine);
        let size = self.size();
        let mut counts: Vec<Count> = vec![0; size];
        self.world
            .all_gather_into(&count(sent.len())?, &mut counts[..]);
        let (displs, total) = displacements(&counts)?;
        let mut buf = vec![0u8; total];
        {
            let mut parts = PartitionMut::new(&mut buf[..], &counts[..], &displs[..]);
            self.world.all_gather_varcount_into(&sent[..], &mut parts);
        }
        Ok(unwrapped(&buf, &counts, &displs))
    }

    fn all_to_all(&self, parts: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>, DbError> {
        let size = self.size();
        if parts.len() != size {
            return Err(DbError::Cluster {
                rank: self.rank(),
                why: format!(
                    "it gave {} all-to-all parts for {size} processes",
                    parts.len()
                ),
            });
        }
        // Each part travels behind one byte, as in `all_gather`.
        let mut sent = Vec::with_capacity(parts.iter().map(|p| p.len() + 1).sum());
        let mut sent_counts: Vec<Count> = Vec::with_capacity(size);
        let mut sent_displs: Vec<Count> = Vec::with_capacity(size);
        for part in &parts {
            sent_displs.push(count(sent.len())?);
            sent_counts.push(count(part.len() + 1)?);
            sent.push(0u8);
            sent.extend_from_slice(part);
        }
        count(sent.len())?;
        drop(parts);
        let mut counts: Vec<Count> = vec![0; size];
        self.world
            .all_to_all_into(&sent_counts[..], &mut counts[..]);
        let (displs, total) = displacements(&counts)?;
        let mut buf = vec![0u8; total];
        {
            let out = Partition::new(&sent[..], &sent_counts[..], &sent_displs[..]);
            let mut parts = PartitionMut::new(&mut buf[..], &counts[..], &displs[..]);
            self.world.all_to_all_varcount_into(&out, &mut parts);
        }
        Ok(unwrapped(&buf, &counts, &displs))
    }
}
