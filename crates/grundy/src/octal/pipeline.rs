//! What a run of the sparse method on several threads did: how busy the thread computing
//! candidates was, which bounds the speed however many threads prove.

use serde::Serialize;

/// The work of the sparse method's batches on several threads, since the sequence was made
/// in this process (`Sequence::pipeline`).
///
/// One thread computes candidates ahead; the sequence's pool (`Sequence::set_threads`)
/// proves them and, from five threads on, passes the far and middle parts of each block. The rest of the candidates'
/// work is one thread's: its CPU time per candidate bounds the run at
/// [`Pipeline::candidate_rate`] values per second, however many threads prove.
///
/// # Examples
///
/// ```
/// use grundy::octal::{Method, Sequence};
///
/// let mut seq = Sequence::new("0.6".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
/// seq.set_threads(5.try_into().unwrap());
/// seq.extend_to(200_000).unwrap();
/// let pipeline = seq.pipeline();
/// assert!(pipeline.batches > 0);
/// // The far parts that came in time, and the blocks that did not wait for theirs.
/// assert!(pipeline.far_blocks + pipeline.far_missed > 0);
/// assert!(pipeline.candidate_rate().unwrap() > 0.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Pipeline {
    /// Batches of candidates proved and committed.
    pub batches: u64,
    /// Proofs that failed: each corrected one value (a new rare one) and dropped the
    /// candidates computed after it.
    pub failed_proofs: u64,
    /// Candidates computed ahead, those dropped included.
    pub candidates: u64,
    /// The CPU time of the thread computing them, in seconds, less `wait_cpu_seconds`.
    pub candidate_seconds: f64,
    /// The CPU time that thread spent in its waits (for room in the queue, for far and
    /// middle parts), in seconds: a channel spins and yields before it sleeps, and that is
    /// not the candidates' work, so it is left out of `candidate_seconds` and of
    /// [`Pipeline::candidate_rate`].
    pub wait_cpu_seconds: f64,
    /// Blocks whose far part was passed on the pool.
    pub far_blocks: u64,
    /// Heaps whose candidate passed the guesses of its far part, so that the candidates'
    /// thread compared the rest of the far positions itself (a few in a thousand).
    pub far_fallbacks: u64,
    /// Blocks that started before their far part arrived, so that the candidates' thread
    /// marked them whole (it never waits): many mean the pool has too few threads to spare.
    pub far_missed: u64,
    /// Blocks that waited for their far or middle part (from eight threads on, where the
    /// pool has threads to spare for them): the candidates' thread sleeps meanwhile.
    pub far_waited: u64,
    /// Blocks with a far part whose middle part (the rare positions from 256 to 1024) had
    /// not arrived, so that the candidates' thread marked those too.
    pub mid_missed: u64,
    /// Blocks whose middle part brought the few values per heap that the far and middle
    /// marks leave open, found on the pool; the candidates' thread found the others' itself
    /// (their far part was not done when their middle part was made).
    pub open_from_pool: u64,
    /// The wall time of the batches, in seconds: the pool's time is this times `threads`.
    pub seconds: f64,
    /// The most threads of the pool that ran them.
    pub threads: u64,
    /// The pool's time spent proving candidates, in seconds (summed over its threads).
    /// Beside it, the time spent passing far parts and committing: the rest of the pool's
    /// time it was idle (or running the rounds' bookkeeping).
    pub proof_seconds: f64,
    /// The time spent passing far and middle parts, in seconds: on the pool, and on the
    /// middle thread where it runs (from 12 threads on 12 cores or more).
    pub far_seconds: f64,
    /// The time spent committing proved values, in seconds (one thread at a time).
    pub commit_seconds: f64,
    /// The time the committing thread waited for a batch of candidates, with none to
    /// commit: the candidates' thread was behind the proofs.
    pub wait_seconds: f64,
    /// Rounds proved: `batches / rounds` batches were proved at once on average.
    pub rounds: u64,
    /// The time the candidates' thread waited for room in the queue of batches (the
    /// proofs were behind), in seconds.
    pub queue_seconds: f64,
    /// The time the candidates' thread waited for the far and middle parts of its blocks.
    pub far_wait_seconds: f64,
    /// The part of `far_wait_seconds` after a block's far part had come: the time spent
    /// waiting for middle parts alone.
    pub mid_wait_seconds: f64,
}

impl Pipeline {
    /// Candidates per second of the thread computing them (`None` before any): the most
    /// values per second the batches can reach, however many threads prove.
    ///
    /// # Examples
    ///
    /// ```
    /// let pipeline = grundy::octal::Pipeline { candidates: 1_000, candidate_seconds: 0.5, ..Default::default() };
    /// assert_eq!(pipeline.candidate_rate(), Some(2_000.0));
    /// ```
    pub fn candidate_rate(&self) -> Option<f64> {
        (self.candidates > 0 && self.candidate_seconds > 0.0)
            .then(|| self.candidates as f64 / self.candidate_seconds)
    }

    /// The share of the pool's time (`threads` times `seconds`) spent proving, passing
    /// far parts and committing (`None` before any batch).
    ///
    /// # Examples
    ///
    /// ```
    /// let pipeline = grundy::octal::Pipeline {
    ///     seconds: 2.0,
    ///     threads: 4,
    ///     proof_seconds: 3.0,
    ///     far_seconds: 2.0,
    ///     commit_seconds: 1.0,
    ///     ..Default::default()
    /// };
    /// assert_eq!(pipeline.busy(), Some(0.75));
    /// ```
    pub fn busy(&self) -> Option<f64> {
        let pool = self.seconds * self.threads as f64;
        (pool > 0.0).then(|| (self.proof_seconds + self.far_seconds + self.commit_seconds) / pool)
    }

    /// Adds the counts and times of `other`.
    pub(super) fn add(&mut self, other: &Pipeline) {
        self.batches += other.batches;
        self.failed_proofs += other.failed_proofs;
        self.candidates += other.candidates;
        self.candidate_seconds += other.candidate_seconds;
        self.wait_cpu_seconds += other.wait_cpu_seconds;
        self.far_blocks += other.far_blocks;
        self.far_fallbacks += other.far_fallbacks;
        self.far_missed += other.far_missed;
        self.far_waited += other.far_waited;
        self.mid_missed += other.mid_missed;
        self.open_from_pool += other.open_from_pool;
        self.seconds += other.seconds;
        self.threads = self.threads.max(other.threads);
        self.proof_seconds += other.proof_seconds;
        self.far_seconds += other.far_seconds;
        self.commit_seconds += other.commit_seconds;
        self.wait_seconds += other.wait_seconds;
        self.rounds += other.rounds;
        self.queue_seconds += other.queue_seconds;
        self.far_wait_seconds += other.far_wait_seconds;
        self.mid_wait_seconds += other.mid_wait_seconds;
    }
}
