//! The block pass of the sparse method: the partner marks of 16 consecutive heaps at once,
//! and the far parts of a block ([`FarBlock`]), passed ahead on other threads (`far`).

use super::super::direct::{Mark, Marks, Rules};
use super::super::store::Values;
#[cfg(target_arch = "x86_64")]
use super::avx2;

/// Heaps per block of the partner pass.
pub(super) const BLOCK_HEAPS: usize = 16;

/// Guesses per heap at most (a far pass takes more: see `far`).
pub(super) const MAX_GUESSES: usize = 12;

/// Open values found per heap (see `open`).
pub(super) const OPEN: usize = 3;

/// The block pass also marks the pairs (a, m - a) for a up to this.
pub(super) const PAIRS: usize = 256;

/// How many of the ascending positions `pos` lie below `bound`. Most bounds asked lie near
/// the list's start (BLOCK_HEAPS, the near positions' end) or past its end (m0), so the
/// search gallops from the start, after a look at the last position: a few reads in the
/// lines a block reads anyway, not a binary search's dozen across the list (each a cache
/// miss after the thread was switched out); any other bound costs about a binary search.
#[inline(always)]
pub(super) fn below(pos: &[u32], bound: usize) -> usize {
    match pos.last() {
        None => return 0,
        Some(&last) if (last as usize) < bound => return pos.len(),
        _ => {}
    }
    // pos[step - 1] < bound for the steps passed: the count lies in step / 2 ..= step.
    let mut step = 1;
    while step < pos.len() && (pos[step - 1] as usize) < bound {
        step *= 2;
    }
    let from = step / 2;
    let to = step.min(pos.len());
    from + pos[from..to].partition_point(|&r| (r as usize) < bound)
}

/// The partner marks of a block of consecutive heaps, made in one pass over the rare list.
///
/// For a rare position r >= BLOCK_HEAPS, the partners of the heaps `start .. start + B` are
/// the B consecutive values G(m0 - r .. m0 - r + B) (m0 = start - k), all known before the
/// block starts: one contiguous load per rare position serves B heaps, instead of B loads
/// spread over the whole window of recent values. The few rare positions below B, and
/// those at or after m0 (new rare positions among them), are handled heap by heap.
#[derive(Clone, Debug, Default)]
pub(super) struct Block {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) active: bool,
    pub(super) width: usize,
    pub(super) generation: u8,
    /// `table[j * width + x] == generation`: x is an option of heap `start + j` (one row
    /// per heap, so the candidate scan reads it 64 values at a time).
    pub(super) table: Vec<u8>,
    /// With rows of 64 values, the marks as bits instead: bit x of `bit_rows[j]`.
    pub(super) bit_rows: [u64; BLOCK_HEAPS],
    /// Part B of a split rare list is only compared with the guesses (see `guess`).
    pub(super) checked: bool,
    /// `guess[i][j]`: heap `start + j`'s i-th least common value left unmarked by part A,
    /// for i below `guessed`.
    pub(super) guess: [[u16; BLOCK_HEAPS]; MAX_GUESSES],
    pub(super) guessed: usize,
    /// `hit[i][j] != 0`: part B hits `guess[i][j]`.
    pub(super) hit: [[u16; BLOCK_HEAPS]; MAX_GUESSES],
    /// A candidate of heap `start + j` up to `bound[j]`, or at or above `width`, is exact;
    /// between them part B must be marked in full.
    pub(super) bound: [usize; BLOCK_HEAPS],
    /// The CPU supports AVX2 (x86-64 only).
    pub(super) avx2: bool,
    /// The pairs (a, m - a) for BLOCK_HEAPS <= a <= `pairs` are marked too (0: none).
    pub(super) pairs: usize,
    /// The far part of the marks and hits, and the middle part of the marks, passed ahead
    /// on other threads (see `far`).
    pub(super) far: Option<Box<FarBlock>>,
    /// Whether the middle part's marks were added to `far`'s.
    pub(super) with_mid: bool,
    /// How many rare positions lie below BLOCK_HEAPS, and for each split's k, below
    /// max(start - k, BLOCK_HEAPS): the heap-by-heap pass starts there.
    pub(super) low: usize,
    pub(super) from: Vec<usize>,
    /// The rare positions below BLOCK_HEAPS as lanes against the 16 values before m:
    /// lane i stands for r = BLOCK_HEAPS - i, with G(r) in `low_val[i]` and all ones in
    /// `low_mask[i]` when r is rare (zeros otherwise). See `open`.
    pub(super) low_val: [u16; BLOCK_HEAPS],
    pub(super) low_mask: [u16; BLOCK_HEAPS],
    /// The open values of each heap and their hits, when `opened` (see `open`).
    pub(super) open: [[u16; BLOCK_HEAPS]; OPEN],
    pub(super) open_hit: [[u16; BLOCK_HEAPS]; OPEN],
    pub(super) opened: bool,
    /// The near rare positions (below `near_end`, with a far part) are left out of the
    /// table (the open values stand for them) until a heap needs them there.
    pub(super) near_left: bool,
    pub(super) near_end: usize,
}

impl Block {
    /// Starts an active block of heaps from `start` with rows of `width` values at least,
    /// with no marks, hits nor far part.
    pub(super) fn begin(&mut self, start: usize, width: usize, avx2: bool) {
        self.start = start;
        self.end = start + BLOCK_HEAPS;
        self.active = true;
        self.checked = false;
        self.far = None;
        self.with_mid = false;
        self.opened = false;
        self.near_left = false;
        self.avx2 = avx2;
        if width > self.width {
            self.table.resize(width * BLOCK_HEAPS, 0);
            self.width = width;
        }
        self.bit_rows = [0; BLOCK_HEAPS];
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.table.fill(0);
            self.generation = 1;
        }
    }

    /// Marks x (below the row width) an option of heap `start + j`.
    #[inline(always)]
    pub(super) fn mark(&mut self, j: usize, x: usize) {
        match self.width {
            64 => self.bit_rows[j] |= 1 << (x % 64),
            width => self.table[j * width + x % width] = self.generation,
        }
    }

    /// Bit i set when `from + i` is marked for heap n (`from` a multiple of 64), by this
    /// block's pass or its far part.
    #[inline(always)]
    pub(super) fn bits(&self, n: usize, from: usize) -> u64 {
        let part = |part: &Option<Box<FarBlock>>| match part {
            Some(part) if from + 64 <= part.width => {
                part.bits[(n - self.start) * (part.width / 64) + from / 64]
            }
            _ => 0,
        };
        let far = part(&self.far);
        if !self.active || from + 64 > self.width {
            return far;
        }
        if self.width == 64 {
            return far | self.bit_rows[n - self.start];
        }
        let at = (n - self.start) * self.width + from;
        let row: &[u8; 64] = self.table[at..at + 64]
            .try_into()
            .unwrap_or_else(|_| unreachable!());
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only when the CPU reports AVX2.
            return far | unsafe { avx2::equal_bits(row, self.generation) };
        }
        let mut bits = far;
        for (i, &stamp) in row.iter().enumerate() {
            bits |= u64::from(stamp == self.generation) << i;
        }
        bits
    }

    /// Heap n's marks from this block's pass and its far and middle parts, found once for
    /// a scan of its words ([`Row::bits`] is [`Block::bits`] without the look-ups).
    #[inline(always)]
    pub(super) fn row(&self, n: usize) -> Row<'_> {
        let j = n - self.start;
        fn part(part: &Option<Box<FarBlock>>, j: usize) -> &[u64] {
            let Some(part) = part else {
                return &[];
            };
            let words = part.width / 64;
            part.bits.get(j * words..(j + 1) * words).unwrap_or(&[])
        }
        let table = match self.active && self.width > 64 {
            true => self
                .table
                .get(j * self.width..(j + 1) * self.width)
                .unwrap_or(&[]),
            false => &[],
        };
        Row {
            far: part(&self.far, j),
            table,
            bits: match self.active && self.width == 64 {
                true => self.bit_rows[j % BLOCK_HEAPS],
                false => 0,
            },
            generation: self.generation,
            avx2: self.avx2,
        }
    }

    /// The rare positions of `pos` that a block with a far part marks itself for a split
    /// whose partners start at `m0`: from BLOCK_HEAPS up to `near_end` (those below are
    /// marked heap by heap).
    #[inline(always)]
    pub(super) fn near_range(pos: &[u32], m0: usize, near_end: usize) -> std::ops::Range<usize> {
        let (lo, hi) = (below(pos, BLOCK_HEAPS), below(pos, m0));
        lo.min(hi)..hi.min(below(pos, near_end))
    }

    /// Marks in the table the near rare positions `(pos, val)` below `near_end` of a
    /// block with a far part, reading partners from `g`.
    pub(super) fn mark_near(&mut self, rules: &Rules, (pos, val): (&[u32], &[u16]), g: Values) {
        let mut rows = Rows {
            table: &mut self.table[..],
            bits: &mut self.bit_rows,
        };
        for &k in &rules.split2 {
            let m0 = self.start.saturating_sub(k);
            let range = Block::near_range(pos, m0, self.near_end);
            let rare = (&pos[range.clone()], &val[range]);
            rows.scatter(self.width, rare, g.recent, m0 - g.origin, self.generation);
        }
        self.near_left = false;
    }

    /// Heap n's row to mark the options the block pass leaves to each heap (the takes,
    /// the rare positions below the block and those found since), values at or past the
    /// row's width in `wide`; with `low` and `from` (which rare positions those are).
    #[inline(always)]
    pub(super) fn own_marks<'a>(
        &'a mut self,
        n: usize,
        wide: &'a mut Marks,
    ) -> (RowMarks<'a>, usize, &'a [usize]) {
        let j = (n - self.start) % BLOCK_HEAPS;
        let row = match self.width {
            64 => Row64(&mut self.bit_rows[j]),
            width => Stamps(&mut self.table[j * width..(j + 1) * width], self.generation),
        };
        (RowMarks { row, wide }, self.low, &self.from)
    }

    /// Bit i set when `from + i` is a guess of heap n that part B hits.
    #[inline(always)]
    pub(super) fn hits(&self, n: usize, from: usize) -> u64 {
        if !self.checked {
            return 0;
        }
        let j = (n - self.start) % BLOCK_HEAPS;
        self.hit_guesses(j).fold(0, |bits, guess| {
            let offset = usize::from(guess).wrapping_sub(from);
            bits | u64::from(offset < 64) << (offset % 64)
        })
    }

    /// The guesses of row j (heap `start + j`) that part B hits.
    #[inline(always)]
    pub(super) fn hit_guesses(&self, j: usize) -> impl Iterator<Item = u16> + '_ {
        let rows = self.guess[..self.guessed].iter().zip(&self.hit);
        rows.filter(move |(_, hit)| hit[j] != 0)
            .map(move |(guess, _)| guess[j])
    }

    /// Finds `count` guesses (at most [`MAX_GUESSES`]) of every heap from the rows marked
    /// by part A.
    #[inline(always)]
    pub(super) fn guesses(&mut self, rare_bits: &[u64], count: usize) {
        self.guessed = count;
        for j in 0..BLOCK_HEAPS {
            let mut found = 0;
            let mut from = 0;
            while found < count && from + 64 <= self.width {
                let mut free = !(self.bits(self.start + j, from) | rare_bits[from / 64]);
                while free != 0 && found < count {
                    self.guess[found][j] = (from + free.trailing_zeros() as usize) as u16;
                    free &= free - 1;
                    found += 1;
                }
                from += 64;
            }
            self.bound[j] = if found == count {
                usize::from(self.guess[count - 1][j])
            } else {
                usize::MAX
            };
            for guess in &mut self.guess[found..count] {
                guess[j] = u16::MAX;
            }
        }
        self.hit = [[0; BLOCK_HEAPS]; MAX_GUESSES];
    }
}

/// One heap's row of a [`Block`] (see [`Block::row`]).
pub(super) struct Row<'a> {
    far: &'a [u64],
    /// The block's byte stamps for the heap, or its bits with rows of 64 values.
    table: &'a [u8],
    bits: u64,
    generation: u8,
    avx2: bool,
}

impl Row<'_> {
    /// Bit i set when `from + i` is marked (`from` a multiple of 64), as [`Block::bits`].
    #[inline(always)]
    pub(super) fn bits(&self, from: usize) -> u64 {
        let word = from / 64;
        let part = |part: &[u64]| part.get(word).copied().unwrap_or(0);
        let mut bits = part(self.far);
        if word == 0 {
            bits |= self.bits;
        }
        let Some(row) = self.table.get(from..from + 64) else {
            return bits;
        };
        let row: &[u8; 64] = row.try_into().unwrap_or_else(|_| unreachable!());
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only when the CPU reports AVX2.
            return bits | unsafe { avx2::equal_bits(row, self.generation) };
        }
        for (i, &stamp) in row.iter().enumerate() {
            bits |= u64::from(stamp == self.generation) << i;
        }
        bits
    }
}

/// One heap's row of an active [`Block`], marked value by value; values at or past its
/// width (a value larger than any when the block started) go to a [`Marks`].
pub(super) struct RowMarks<'a> {
    row: OwnRow<'a>,
    wide: &'a mut Marks,
}

/// The row of [`RowMarks`]: stamps, or bits with rows of 64 values.
enum OwnRow<'a> {
    Stamps(&'a mut [u8], u8),
    Row64(&'a mut u64),
}

use OwnRow::{Row64, Stamps};

impl Mark for RowMarks<'_> {
    #[inline(always)]
    fn mark(&mut self, value: u16) {
        let x = usize::from(value);
        match &mut self.row {
            Stamps(row, generation) if x < row.len() => row[x] = *generation,
            Row64(bits) if x < 64 => **bits |= 1 << x,
            _ => self.wide.mark(value),
        }
    }
}

/// Where a block pass marks: a block's `table`, or its `bits` with rows of 64 values.
pub(super) struct Rows<'a> {
    pub(super) table: &'a mut [u8],
    pub(super) bits: &'a mut [u64; BLOCK_HEAPS],
}

impl Rows<'_> {
    /// The block pass of `rare` (positions and values) for rows of `width` values.
    #[inline(always)]
    pub(super) fn scatter(
        &mut self,
        width: usize,
        rare: (&[u32], &[u16]),
        g: &[u16],
        m0: usize,
        generation: u8,
    ) {
        scatter_rows((self.table, self.bits), width, rare, g, m0, generation);
    }
}

/// The block pass of `positions` for rows of `width` values, into `table`, or `bits` with
/// rows of 64 values.
#[inline(always)]
fn scatter_rows(
    (table, bits): (&mut [u8], &mut [u64; BLOCK_HEAPS]),
    width: usize,
    (positions, values): (&[u32], &[u16]),
    g: &[u16],
    m0: usize,
    generation: u8,
) {
    match width {
        64 => scatter_bits(bits, positions, values, g, m0),
        512 => scatter::<512>(table, positions, values, g, m0, generation),
        1024 => scatter::<1024>(table, positions, values, g, m0, generation),
        _ => {
            let shift = width.trailing_zeros();
            // The length is a power of two, so masking the index proves it in bounds.
            let index_mask = table.len() - 1;
            for (&r, &v) in positions.iter().zip(values) {
                let base = m0 - r as usize;
                let partners: &[u16; BLOCK_HEAPS] = g[base..base + BLOCK_HEAPS]
                    .try_into()
                    .unwrap_or_else(|_| unreachable!());
                for (j, &p) in partners.iter().enumerate() {
                    table[((j << shift) | usize::from(p ^ v)) & index_mask] = generation;
                }
            }
        }
    }
}

/// The block pass for rows of 64 values, as bits: each mark is one load, one XOR, one
/// shift and one OR, 16 heaps at once (AVX2's variable shifts).
#[inline(always)]
fn scatter_bits(
    bits: &mut [u64; BLOCK_HEAPS],
    positions: &[u32],
    values: &[u16],
    g: &[u16],
    m0: usize,
) {
    // The rows stay in registers (four AVX2 vectors) over the whole list.
    let mut rows = *bits;
    for (&r, &v) in positions.iter().zip(values) {
        let base = m0 - r as usize;
        let partners: &[u16; BLOCK_HEAPS] = g[base..base + BLOCK_HEAPS]
            .try_into()
            .unwrap_or_else(|_| unreachable!());
        for j in 0..BLOCK_HEAPS {
            rows[j] |= 1 << (u64::from(partners[j] ^ v) & 63);
        }
    }
    *bits = rows;
}

/// The block pass for rows of `W` values (every partner XOR is below `W`): with the row
/// length a constant, each mark is one load, one XOR, one mask and one store.
#[inline(always)]
fn scatter<const W: usize>(
    table: &mut [u8],
    positions: &[u32],
    values: &[u16],
    g: &[u16],
    m0: usize,
    generation: u8,
) {
    // A slice of constant length: the masked indices below need no bounds checks.
    let Some(table) = table.get_mut(..BLOCK_HEAPS * W) else {
        return;
    };
    // Four u16 lanes per u64, XORed and masked at once; each index is then a shift away.
    // (As a vector of 16 lanes, extracting each index costs more than its store.)
    const LOW: u64 = 0x0001_0001_0001_0001;
    let keep = LOW * (W as u64 - 1);
    for (&r, &v) in positions.iter().zip(values) {
        let base = m0 - r as usize;
        let partners: &[u16; BLOCK_HEAPS] = g[base..base + BLOCK_HEAPS]
            .try_into()
            .unwrap_or_else(|_| unreachable!());
        let v = LOW * u64::from(v);
        for (quad, four) in partners.chunks_exact(4).enumerate() {
            let word = four
                .iter()
                .rev()
                .fold(0u64, |word, &p| word << 16 | u64::from(p));
            let x = (word ^ v) & keep;
            for lane in 0..4 {
                let j = 4 * quad + lane;
                table[j * W + ((x >> (16 * lane)) as usize & (W - 1))] = generation;
            }
        }
    }
}

/// Which rare positions a pass covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(in crate::octal) enum Tier {
    /// From `FAR` on: part A marked, part B compared with the guesses.
    Far,
    /// From `MID` up to `FAR` (see `far`): every one marked.
    Mid,
}

/// The far part of one block: for heap `start + j`, bit i of `bits[j * words + w]` is
/// set when 64 w + i is marked by part A or is a guess part B hits; exact for values up
/// to `bound[j]`.
#[derive(Clone, Debug)]
pub(in crate::octal) struct FarBlock {
    pub(super) tier: Tier,
    pub(super) start: usize,
    pub(super) width: usize,
    pub(super) bits: Vec<u64>,
    pub(super) bound: [usize; BLOCK_HEAPS],
    /// A far part's guesses that part B does not hit (`Block::guess`), ascending: every
    /// common value up to `bound[j]` left unmarked is one of heap `start + j`'s (u16::MAX
    /// past them).
    pub(super) guess: [[u16; BLOCK_HEAPS]; MAX_GUESSES],
    /// A middle part made with its far part's `guess`: those it leaves unmarked, the first
    /// [`OPEN`] of them (the block's open values, see `open`), when `opened`.
    pub(super) open: [[u16; BLOCK_HEAPS]; OPEN],
    pub(super) opened: bool,
}

/// A far part's guesses (see [`FarBlock`]).
pub(in crate::octal) type Guesses = [[u16; BLOCK_HEAPS]; MAX_GUESSES];

/// Far and middle parts in a list: sent by a job, or kept for a pass to refill. Boxed, so
/// that they move (in the list, the channel and the slots of arrived parts) as pointers.
#[allow(clippy::vec_box)]
pub(in crate::octal) type Parts = Vec<Box<FarBlock>>;

impl FarBlock {
    /// The first heap of the block.
    pub fn start(&self) -> usize {
        self.start
    }

    /// The rare positions it covers.
    pub fn tier(&self) -> Tier {
        self.tier
    }

    /// A far part's guesses that part B does not hit.
    pub fn guesses(&self) -> &Guesses {
        &self.guess
    }
}

#[cfg(test)]
mod tests {
    use super::below;

    /// The galloping count against a binary search, on every ascending list of positions
    /// below 12 (as bit sets) and every bound up to past its end.
    #[test]
    fn below_counts_as_a_binary_search() {
        for set in 0u32..1 << 12 {
            let pos: Vec<u32> = (0..12).filter(|&r| set >> r & 1 == 1).collect();
            for bound in 0..14 {
                let expected = pos.partition_point(|&r| (r as usize) < bound);
                assert_eq!(below(&pos, bound), expected, "{pos:?} below {bound}");
            }
        }
    }
}
