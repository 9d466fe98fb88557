//! Where a sequence's values live: every value, or the first ones and a recent window.
//!
//! The sparse method reads two kinds of values (see the `sparse` module): G(a) for small a
//! (the rare positions' values, the low side of a pair) and G(m - x) for small x (the
//! partners of the rare positions, the high side of a pair, the takes). A [`Window`] keeps
//! exactly those: the first `prefix` values for good, and the last `recent` ones, so a run
//! to 2^40 takes as much memory as one to 2^23.
//!
//! A few heaps need more: a missing rare value is usually found among the first few
//! thousand pairs (a, m - a), but now and then only far out (Officers: past a = 2^16 at 16
//! of its first 2^23 heaps, and at a = 431,361 for n = 1,697,097). The values dropped from
//! the window past the prefix can go to a [`SpillFile`] (on disk: 2 bytes a value), from
//! which those scans read; without one, such a heap stops the run with
//! `ComputeError::NotKept`. Either way no value is answered from missing values.
//!
//! Invariant: in window mode, `recent` holds G(origin .. n) with at least
//! `min(n, window.recent)` values, and `early` holds G(0 .. prefix) once n > prefix
//! (before that, `recent` starts at 0 and serves as both).

use std::fmt;
use std::io::{self, SeekFrom};

/// The values a windowed run keeps: the first `prefix` heap sizes, and the last `recent`.
///
/// The partners of a rare position r lie r values back, so `recent` must exceed the
/// largest rare position (plus a margin). [`Window::new`] makes it twice `prefix` plus a
/// margin, which covers every rare position a window can prove without a spill (a new rare
/// value needs the pairs up to m / 2, all within the prefix only while m < 2 `prefix`). A
/// rare position beyond that (found by a far scan through the spill) stops the run with
/// `ComputeError::NotKept`.
///
/// # Examples
///
/// ```
/// use grundy::octal::Window;
/// let w = Window::new(1 << 22);
/// assert_eq!(w.prefix, 1 << 22);
/// assert!(w.recent > 2 << 22);
/// assert!(w.bytes() < 41 << 20); // 41 MiB, whatever the length of the run
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Window {
    /// G(0 .. prefix) are kept for good (and periods are looked for among them); at least
    /// [`Window::MIN_PREFIX`] are (`Sequence::keep_window`
    /// raises a smaller prefix, and lowers either size to [`Window::MAX_SIZE`]).
    pub prefix: usize,
    /// At least the last `recent` values are kept.
    pub recent: usize,
}

impl Window {
    /// The margin of the recent window beyond twice the prefix: the block pass, the
    /// learning pass and the takes read that much further back.
    const MARGIN: usize = 1 << 16;

    /// The fewest values kept for good: the sparse method reads the first pairs from them.
    pub const MIN_PREFIX: usize = 1024;

    /// The largest prefix or recent size (twice it must not overflow).
    pub const MAX_SIZE: usize = usize::MAX / 4;

    /// A window keeping `prefix` values for good (at least 1,024) and enough recent ones.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::Window;
    /// assert_eq!(Window::new(10).prefix, 1024);
    /// ```
    pub fn new(prefix: usize) -> Self {
        let prefix = prefix.clamp(Self::MIN_PREFIX, 1 << 30);
        Window {
            prefix,
            recent: 2 * prefix + Self::MARGIN,
        }
    }

    /// The most memory the values take: the prefix, and the recent window, which grows to
    /// twice its size before the older half is dropped (2 bytes a value).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::Window;
    /// let w = Window::new(1024);
    /// assert_eq!(w.bytes(), 2 * (1024 + 2 * w.recent as u64));
    /// ```
    pub fn bytes(&self) -> u64 {
        let values = (self.prefix as u64).saturating_add((self.recent as u64).saturating_mul(2));
        values.saturating_mul(2)
    }
}

/// Where a windowed run puts the values it drops (past its prefix), read back only by
/// the rare long pair scans: a file, or anything else that reads, writes and seeks and may
/// be sent and shared between threads (an in-memory cursor in tests), so a sequence can be. Making it durable before a checkpoint that counts on it
/// (`File::sync_data` on a clone of the handle) is the caller's part.
///
/// # Examples
///
/// ```
/// use grundy::octal::{Method, Sequence, SpillFile, Window};
/// let mut seq = Sequence::new("0.6".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
/// let spill: Box<dyn SpillFile> = Box::new(std::io::Cursor::new(Vec::new()));
/// seq.keep_window(Window { prefix: 1024, recent: 30_000 }, Some(spill)).unwrap();
/// seq.extend_to(200_000).unwrap(); // far scans read the spill
/// assert_eq!(seq.get(199_999), Some(32)); // G(199999) of Officers
/// assert_eq!(seq.get(100_000), None); // in the spill, not in memory
/// ```
pub trait SpillFile: io::Read + io::Write + io::Seek + Send + Sync + fmt::Debug {}

impl<T: io::Read + io::Write + io::Seek + Send + Sync + fmt::Debug> SpillFile for T {}

/// The spilled values G(prefix .. prefix + len) in a [`SpillFile`], 2 bytes each (LE).
#[derive(Debug)]
struct Spill {
    file: Box<dyn SpillFile>,
    len: usize,
}

impl Spill {
    fn append(&mut self, values: &[u16]) -> io::Result<()> {
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.file.seek(SeekFrom::Start(2 * self.len as u64))?;
        self.file.write_all(&bytes)?;
        self.len += values.len();
        Ok(())
    }

    /// Reads spilled values `from ..` (relative to the prefix) into `out`.
    fn read(&mut self, from: usize, out: &mut [u16]) -> io::Result<()> {
        let mut bytes = vec![0u8; 2 * out.len()];
        self.file.seek(SeekFrom::Start(2 * from as u64))?;
        self.file.read_exact(&mut bytes)?;
        for (v, pair) in out.iter_mut().zip(bytes.chunks_exact(2)) {
            *v = u16::from_le_bytes([pair[0], pair[1]]);
        }
        Ok(())
    }
}

/// The values of a sequence: all of them, or a prefix and a recent window.
#[derive(Debug, Default)]
pub(super) struct Store {
    /// G(0 .. prefix) once the recent window has moved past them (window mode only).
    early: Vec<u16>,
    /// G(origin .. n).
    recent: Vec<u16>,
    origin: usize,
    window: Option<Window>,
    /// G(prefix .. origin) when the window has moved past the prefix.
    spill: Option<Spill>,
}

/// A window is closing (about to drop values for the first time) when fewer values than
/// this are left before it does: two blocks of the sparse method.
const CLOSING: usize = 32;

/// Pairs read at once by a far scan: the first chunk, doubling up to the last.
const FAR_CHUNK: (usize, usize) = (1 << 10, 1 << 20);

impl Store {
    /// Every value, starting from `values` = G(0 ..).
    pub fn full(values: Vec<u16>) -> Self {
        Store {
            recent: values,
            ..Store::default()
        }
    }

    /// A window resumed at G(0 .. early.len()) and G(origin .. origin + recent.len()),
    /// with G(prefix .. origin) in `spill` when given. The caller checks the shape and
    /// the spill (see `checkpoint`).
    pub fn windowed(
        window: Window,
        early: Vec<u16>,
        (origin, recent): (usize, Vec<u16>),
        spill: Option<Box<dyn SpillFile>>,
    ) -> Self {
        let early = if origin == 0 { Vec::new() } else { early };
        let len = origin.saturating_sub(window.prefix);
        Store {
            early,
            recent,
            origin,
            window: Some(window),
            spill: spill.map(|file| Spill { file, len }),
        }
    }

    /// Keeps from now on only `window` (every value is still here), dropping the others
    /// into `spill` when given.
    pub fn set_window(
        &mut self,
        window: Window,
        spill: Option<Box<dyn SpillFile>>,
    ) -> io::Result<()> {
        self.window = Some(window);
        self.spill = spill.map(|file| Spill { file, len: 0 });
        self.slide()
    }

    /// True when dropped values can be read back.
    pub fn has_spill(&self) -> bool {
        self.spill.is_some()
    }

    /// How many values the spill holds (`None` without a spill).
    pub fn spilled(&self) -> Option<usize> {
        self.spill.as_ref().map(|spill| spill.len)
    }

    pub fn window(&self) -> Option<Window> {
        self.window
    }

    /// How many values are computed.
    pub fn len(&self) -> usize {
        self.origin + self.recent.len()
    }

    /// G(0 ..) as far as it is kept without a gap: everything in full mode, else at
    /// least the prefix.
    pub fn head(&self) -> &[u16] {
        if self.origin == 0 {
            &self.recent
        } else {
            &self.early
        }
    }

    /// The recent values: the heap size of the first, and the values.
    pub fn recent(&self) -> (usize, &[u16]) {
        (self.origin, &self.recent)
    }

    /// G(n), when it is kept.
    pub fn get(&self, n: usize) -> Option<u16> {
        match n.checked_sub(self.origin) {
            Some(i) => self.recent.get(i).copied(),
            None => self.early.get(n).copied(),
        }
    }

    /// How many values there will be when the view starts [`Values::closing`], while it
    /// can still change (`None` without a window or once it has moved).
    pub fn closing_at(&self) -> Option<usize> {
        let window = self.window?;
        (self.origin == 0).then(|| (2 * window.recent).saturating_sub(CLOSING))
    }

    /// What the computation reads.
    pub fn view(&self) -> Values<'_> {
        let closing = match self.window {
            Some(window) => self.origin == 0 && self.recent.len() + CLOSING >= 2 * window.recent,
            None => false,
        };
        Values {
            early: self.head(),
            recent: &self.recent,
            origin: self.origin,
            closing,
        }
    }

    /// Appends G(n) for n = len().
    pub fn push(&mut self, value: u16) -> io::Result<()> {
        self.recent.push(value);
        match self.window {
            Some(window) if self.recent.len() >= 2 * window.recent => self.slide(),
            _ => Ok(()),
        }
    }

    /// Reserves room for the values up to `len`, at most a window's worth.
    pub fn reserve(&mut self, len: usize) {
        let more = len.saturating_sub(self.len());
        let more = match self.window {
            Some(window) => more.min((2 * window.recent).saturating_sub(self.recent.len())),
            None => more,
        };
        self.recent.reserve(more);
    }

    /// Drops the values before the last `window.recent`, keeping the prefix (and
    /// spilling the others when there is a spill).
    fn slide(&mut self) -> io::Result<()> {
        let Some(window) = self.window else {
            return Ok(());
        };
        if self.recent.len() <= window.recent {
            return Ok(());
        }
        if self.origin == 0 {
            self.early = self.recent[..window.prefix.min(self.recent.len())].to_vec();
        }
        let drop = self.recent.len() - window.recent;
        if let Some(spill) = &mut self.spill {
            // G(max(origin, prefix) .. origin + drop) leave memory.
            let from = window.prefix.max(self.origin) - self.origin;
            if from < drop {
                spill.append(&self.recent[from..drop])?;
            }
        }
        self.recent.drain(..drop);
        self.origin += drop;
        Ok(())
    }

    /// Reads G(from .. from + out.len()) from wherever it is kept: the prefix, the
    /// spill, the recent values.
    fn read(&mut self, from: usize, out: &mut [u16]) -> io::Result<()> {
        let end = from + out.len();
        let mut at = from;
        while at < end {
            let i = at - from;
            if at >= self.origin {
                let src = &self.recent[at - self.origin..end - self.origin];
                out[i..].copy_from_slice(src);
                return Ok(());
            }
            let head = self.head();
            if at < head.len() {
                let to = end.min(head.len());
                out[i..i + to - at].copy_from_slice(&head[at..to]);
                at = to;
                continue;
            }
            let prefix = self.window.map_or(0, |w| w.prefix);
            let to = end.min(self.origin);
            match &mut self.spill {
                Some(spill) if at >= prefix && to - prefix <= spill.len => {
                    spill.read(at - prefix, &mut out[i..i + to - at])?;
                }
                _ => {
                    return Err(io::Error::other(format!(
                        "G({at}) is neither kept nor spilled"
                    )))
                }
            }
            at = to;
        }
        Ok(())
    }

    /// Removes from `missing` (ascending) every G(a) ^ G(m - a), m = n - k, for each
    /// two-heap take k of `split2` and each a above the pairs a kept window can scan
    /// ([`Values::pair_limit`]) up to m / 2, reading the pairs from the spill.
    pub fn far_scan(
        &mut self,
        split2: &[usize],
        n: usize,
        missing: &mut Vec<usize>,
    ) -> io::Result<()> {
        let top = missing.iter().copied().max().unwrap_or(0);
        let mut wanted = vec![false; (top + 1).next_power_of_two().max(1 << 16)];
        for &v in missing.iter() {
            wanted[v] = true;
        }
        let mut left = missing.len();
        let (mut low, mut high) = (Vec::new(), Vec::new());
        for &k in split2.iter().filter(|&&k| n >= k + 2) {
            let m = n - k;
            let half = m / 2;
            let mut a = self.view().pair_limit(m) + 1;
            let mut chunk = FAR_CHUNK.0;
            while a <= half && left > 0 {
                let count = chunk.min(half + 1 - a);
                chunk = (2 * chunk).min(FAR_CHUNK.1);
                low.resize(count, 0);
                high.resize(count, 0);
                self.read(a, &mut low[..count])?;
                self.read(m - a - (count - 1), &mut high[..count])?;
                for (x, y) in low[..count].iter().zip(high[..count].iter().rev()) {
                    let v = usize::from(x ^ y);
                    if v < wanted.len() && wanted[v] {
                        wanted[v] = false;
                        left -= 1;
                    }
                }
                a += count;
            }
        }
        missing.retain(|&v| wanted[v]);
        Ok(())
    }
}

/// The values the sparse method reads: `early[a]` = G(a) for the first ones and
/// `recent[i]` = G(origin + i) for the last ones, up to n = origin + recent.len(). When
/// every value is kept, both are G(0 .. n) and `origin` is 0.
#[derive(Clone, Copy, Debug)]
pub(super) struct Values<'a> {
    pub early: &'a [u16],
    pub recent: &'a [u16],
    pub origin: usize,
    /// Every value is still kept, but the window drops some within [`CLOSING`] values:
    /// the last chance to rebuild anything from all of them.
    pub closing: bool,
}

impl<'a> Values<'a> {
    /// Every value: `g` = G(0 .. n).
    pub fn full(g: &'a [u16]) -> Self {
        Values {
            early: g,
            recent: g,
            origin: 0,
            closing: false,
        }
    }

    /// n, the heap size whose value comes next.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.origin + self.recent.len()
    }

    /// The kept values before heap size m, as a slice whose last element is G(m - 1):
    /// G(m - x) is `until(m)[until(m).len() - x]` for x up to `m - origin`.
    #[inline(always)]
    pub fn until(&self, m: usize) -> &'a [u16] {
        &self.recent[..m - self.origin]
    }

    /// The largest a <= m / 2 such that every G(a') and G(m - a') with a' <= a is kept.
    #[inline(always)]
    pub fn pair_limit(&self, m: usize) -> usize {
        (m / 2)
            .min(self.early.len().saturating_sub(1))
            .min(m.saturating_sub(self.origin))
    }
}

#[cfg(test)]
mod tests;
