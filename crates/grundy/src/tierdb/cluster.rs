//! The processes a build is split across. A [`Cluster`] says which process this is and
//! passes bytes between all of them; [`Solo`] is one process alone, [`Local`] a group of
//! threads of one process acting as processes (for tests and examples). MPI itself lives in
//! the front end (grundy-cli's cargo feature `mpi`), so the library needs no MPI library.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::sync::mpsc::{channel, Receiver, Sender};

use super::error::DbError;

/// The processes of one build, as `build_with` sees them: every
/// process calls the same methods in the same order (collectives, as in MPI), and each
/// returns the same answer on every process.
///
/// An implementation need only pass bytes: [`Cluster::all_to_all`] has a default through
/// [`Cluster::all_gather`]. An error means a process was lost; the build then fails on
/// every process still running, with [`DbError::Cluster`].
///
/// # Examples
///
/// Three threads act as three processes and each learns the others' bytes.
///
/// ```
/// use grundy::tierdb::{Cluster, Local};
/// let handles: Vec<_> = Local::group(3)
///     .into_iter()
///     .map(|me| std::thread::spawn(move || me.all_gather(&[me.rank() as u8]).unwrap()))
///     .collect();
/// for handle in handles {
///     assert_eq!(handle.join().unwrap(), vec![vec![0], vec![1], vec![2]]);
/// }
/// ```
pub trait Cluster {
    /// This process's number, from 0 (which reads and writes the directory).
    fn rank(&self) -> usize;
    /// How many processes there are.
    fn size(&self) -> usize;
    /// Every process's `mine`, in order of rank (this one's included).
    ///
    /// # Errors
    ///
    /// [`DbError::Cluster`] when a process was lost.
    fn all_gather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, DbError>;
    /// Sends `parts[r]` to process `r` (one part for each process, this one's included)
    /// and returns what each process sent this one, in order of rank: MPI's all-to-all.
    ///
    /// The default passes every part through [`Cluster::all_gather`] (each process
    /// receives all of them and keeps its own), for an implementation that only passes
    /// bytes; MPI's does it natively.
    ///
    /// # Errors
    ///
    /// [`DbError::Cluster`] when a process was lost, or when `parts` does not hold one part
    /// for each process.
    ///
    /// # Examples
    ///
    /// Each of two threads sends its rank times ten plus the receiver's rank.
    ///
    /// ```
    /// use grundy::tierdb::{Cluster, Local};
    /// let handles: Vec<_> = Local::group(2)
    ///     .into_iter()
    ///     .map(|me| {
    ///         std::thread::spawn(move || {
    ///             let parts = (0..2).map(|to| vec![me.rank() as u8 * 10 + to]).collect();
    ///             me.all_to_all(parts).unwrap()
    ///         })
    ///     })
    ///     .collect();
    /// let got: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    /// assert_eq!(got, vec![vec![vec![0], vec![10]], vec![vec![1], vec![11]]]);
    /// ```
    fn all_to_all(&self, parts: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>, DbError> {
        check_parts(self.rank(), self.size(), &parts)?;
        let mut mine = Vec::new();
        for part in &parts {
            mine.extend_from_slice(&(part.len() as u64).to_le_bytes());
            mine.extend_from_slice(part);
        }
        drop(parts);
        let me = self.rank();
        self.all_gather(&mine)?
            .into_iter()
            .enumerate()
            .map(|(rank, bytes)| {
                let cut = || DbError::Cluster {
                    rank,
                    why: "its all-to-all parts came cut".into(),
                };
                let mut rest = bytes.as_slice();
                for to in 0..=me {
                    let len = rest
                        .get(..8)
                        .and_then(|b| b.try_into().ok())
                        .map(u64::from_le_bytes)
                        .ok_or_else(cut)? as usize;
                    let part = rest.get(8..8 + len).ok_or_else(cut)?;
                    if to == me {
                        return Ok(part.to_vec());
                    }
                    rest = &rest[8 + len..];
                }
                Err(cut())
            })
            .collect()
    }
}

/// Refuses `parts` that do not hold one part for each of `size` processes.
fn check_parts(rank: usize, size: usize, parts: &[Vec<u8>]) -> Result<(), DbError> {
    match parts.len() == size {
        true => Ok(()),
        false => Err(DbError::Cluster {
            rank,
            why: format!(
                "it gave {} all-to-all parts for {size} processes",
                parts.len()
            ),
        }),
    }
}

/// One process alone: `build` is `build_with` on it.
///
/// # Examples
///
/// ```
/// use grundy::tierdb::{Cluster, Solo};
/// assert_eq!((Solo.rank(), Solo.size()), (0, 1));
/// assert_eq!(Solo.all_gather(b"mine").unwrap(), vec![b"mine".to_vec()]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Solo;

impl Cluster for Solo {
    fn rank(&self) -> usize {
        0
    }

    fn size(&self) -> usize {
        1
    }

    fn all_gather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, DbError> {
        Ok(vec![mine.to_vec()])
    }

    fn all_to_all(&self, parts: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>, DbError> {
        check_parts(0, 1, &parts)?;
        Ok(parts)
    }
}

/// A message between [`Local`] processes: the sender's rank and its bytes, or `None` when
/// the sender is gone.
type Message = (usize, Option<Vec<u8>>);

/// One of a group of threads acting as the processes of a build, through channels: the
/// split build runs in one process, for tests and examples. A member that is dropped
/// (its thread returned or panicked) tells the others, whose next exchange fails with
/// [`DbError::Cluster`] instead of waiting forever.
///
/// # Examples
///
/// Two threads build one database together; rank 0 writes it.
///
/// ```
/// use grundy::games::connect_four::ConnectFour;
/// use grundy::tierdb::{build_with, BuildOptions, Local};
/// let dir = std::env::temp_dir().join(format!("grundy-doc-local-{}", std::process::id()));
/// let handles: Vec<_> = Local::group(2)
///     .into_iter()
///     .map(|me| {
///         let dir = dir.clone();
///         std::thread::spawn(move || {
///             let game = ConnectFour::new(3, 3).unwrap();
///             build_with(&game, &dir, &BuildOptions::default(), &me).unwrap()
///         })
///     })
///     .collect();
/// for handle in handles {
///     assert_eq!(handle.join().unwrap().positions, 869); // Tromp's count for 3 x 3
/// }
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug)]
pub struct Local {
    rank: usize,
    /// A sender to each member, by rank (this one's unused).
    to: Vec<Sender<Message>>,
    from: Receiver<Message>,
    /// Messages received ahead of their turn, by sender.
    pending: RefCell<Vec<VecDeque<Option<Vec<u8>>>>>,
}

impl Local {
    /// `size` members, ranks 0 to `size - 1`, each to be moved to its own thread.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::{Cluster, Local};
    /// let group = Local::group(4);
    /// assert_eq!(group[3].rank(), 3);
    /// assert_eq!(group[0].size(), 4);
    /// ```
    pub fn group(size: usize) -> Vec<Local> {
        let (senders, receivers): (Vec<_>, Vec<_>) = (0..size).map(|_| channel()).unzip();
        receivers
            .into_iter()
            .enumerate()
            .map(|(rank, from)| Local {
                rank,
                to: senders.clone(),
                from,
                pending: RefCell::new(vec![VecDeque::new(); size]),
            })
            .collect()
    }
}

impl Cluster for Local {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.to.len()
    }

    fn all_gather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, DbError> {
        for (rank, to) in self.to.iter().enumerate() {
            if rank != self.rank {
                // A member gone has said so in its last message, read below.
                let _ = to.send((self.rank, Some(mine.to_vec())));
            }
        }
        self.receive(mine.to_vec())
    }

    fn all_to_all(&self, parts: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>, DbError> {
        check_parts(self.rank, self.size(), &parts)?;
        let mut own = Vec::new();
        for (rank, (to, part)) in self.to.iter().zip(parts).enumerate() {
            match rank == self.rank {
                true => own = part,
                // A member gone has said so in its last message, read below.
                false => drop(to.send((self.rank, Some(part)))),
            }
        }
        self.receive(own)
    }
}

impl Local {
    /// The next message of every other member, in order of rank, with `own` in this
    /// one's place.
    fn receive(&self, own: Vec<u8>) -> Result<Vec<Vec<u8>>, DbError> {
        let mut own = Some(own);
        let mut pending = self.pending.borrow_mut();
        let mut out = Vec::with_capacity(self.size());
        for rank in 0..self.size() {
            if rank == self.rank {
                out.push(own.take().unwrap_or_default());
                continue;
            }
            while pending[rank].is_empty() {
                let (sender, bytes) = self.from.recv().map_err(|_| lost(rank))?;
                pending[sender].push_back(bytes);
            }
            match pending[rank].front() {
                Some(Some(_)) => out.push(pending[rank].pop_front().flatten().expect("bytes")),
                _ => return Err(lost(rank)),
            }
        }
        Ok(out)
    }
}

impl Drop for Local {
    fn drop(&mut self) {
        for (rank, to) in self.to.iter().enumerate() {
            if rank != self.rank {
                let _ = to.send((self.rank, None));
            }
        }
    }
}

/// The error of a member found gone.
fn lost(rank: usize) -> DbError {
    DbError::Cluster {
        rank,
        why: "it stopped before the build's end (killed, crashed or failed alone)".into(),
    }
}
