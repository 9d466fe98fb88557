//! A batch: the candidates of consecutive heaps, computed ahead, with the proofs they wait
//! for ([`Job`]).

/// Heaps per batch. A proof from pair a = 257 of a heap at most 256 after its batch's
/// start reads only values before that start (checked per heap by the sparse method).
pub(super) const BATCH: usize = 256;

/// The candidates of heaps `start .. start + len`, with the proofs they wait for.
#[derive(Debug, Default)]
pub(super) struct Batch {
    pub(super) start: usize,
    pub(super) len: usize,
    /// The candidates, G(start ..) unless a proof fails.
    pub(super) values: Vec<u16>,
    pub(super) jobs: Vec<Job>,
    /// The missing rare values of every job as bits (bit i of word w: 64 w + i), one
    /// job's words after the other.
    pub(super) missing: Vec<u64>,
}

impl Batch {
    /// An empty batch with room for a full one (a heap's job and its missing rare values
    /// take about three words), so that the candidates' thread does not grow it heap by heap.
    pub(super) fn new() -> Self {
        Batch {
            values: Vec::with_capacity(BATCH),
            jobs: Vec::with_capacity(BATCH),
            missing: Vec::with_capacity(4 * BATCH),
            ..Batch::default()
        }
    }
}

/// A candidate waiting for its proof: the rare values of the bits `missing[from..to]` must
/// be found among the pairs from a = `start` on. Once proved, `missing[from..to]` holds
/// those never found and `complete` whether every pair could be read.
#[derive(Clone, Copy, Debug)]
pub(super) struct Job {
    pub(super) n: usize,
    pub(super) start: usize,
    pub(super) from: usize,
    pub(super) to: usize,
    pub(super) complete: bool,
}
