//! The proof scan of the sparse method with AVX2: every pair G(a) ^ G(m - a) is looked up in
//! a bitset of the still-missing rare values, 32 pairs at a time, whatever their number.
//!
//! The values must lie below 512, so a pair's XOR does too: its upper six bits pick one of
//! 64 bytes of the bitset (four 16-byte shuffles and two blends), its lower three bits pick
//! the bit. A block with a hit is rescanned pair by pair, which clears the values found.

use std::arch::x86_64::*;

/// The values the bitset covers: every value, hence every XOR of two, must lie below it.
pub(super) const LIMIT: usize = 512;

/// A set of values below [`LIMIT`], one bit each.
pub(super) type Wanted = [u8; LIMIT / 8];

/// Clears from `wanted` (which holds `count` values) every G(a) ^ G(m - a) for
/// `start <= a <= end`, where `low[a]` = G(a) and `high` ends at G(m - 1), so that
/// G(m - a) = `high[high.len() - a]`; returns how many values remain.
///
/// # Safety
///
/// The CPU must support AVX2, `1 <= start`, `end < low.len()`, `end <= high.len()`, and
/// every value in `low` and `high` must lie below [`LIMIT`].
#[target_feature(enable = "avx2")]
pub(super) unsafe fn find(
    wanted: &mut Wanted,
    mut count: usize,
    low: &[u16],
    high: &[u16],
    start: usize,
    end: usize,
) -> usize {
    const BLOCK: usize = 32;
    assert!(end < low.len() && end <= high.len());
    let m = high.len();
    let half = end;
    let (low_ptr, high_ptr) = (low.as_ptr(), high.as_ptr());
    // Reverses the eight u16 of each 128-bit lane; a lane swap then reverses all sixteen.
    let reverse = _mm256_setr_epi8(
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7,
        4, 5, 2, 3, 0, 1,
    );
    let bits = _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, 0, 0,
        0, 0, 0, 0, 0, 0,
    );
    let seven = _mm256_set1_epi16(7);
    let load_table = |wanted: &Wanted, part: usize| -> __m256i {
        // SAFETY: `part < 4`, so the 16 bytes lie inside the 64-byte set.
        unsafe {
            _mm256_broadcastsi128_si256(_mm_loadu_si128(
                wanted.as_ptr().add(16 * part) as *const __m128i
            ))
        }
    };
    let mut tables = [0, 1, 2, 3].map(|part| load_table(wanted, part));
    let mut a = start;
    while a + BLOCK <= half + 1 {
        // SAFETY: 1 <= a and a + 31 <= end < low.len(), so a .. a + 32 lies inside `low`;
        // end <= m = high.len(), so m - a - 31 >= m - end >= 0 and m - a < m: the 32
        // values m - a - 31 ..= m - a lie inside `high`.
        let (lo0, lo1, hi0, hi1) = unsafe {
            (
                _mm256_loadu_si256(low_ptr.add(a) as *const __m256i),
                _mm256_loadu_si256(low_ptr.add(a + 16) as *const __m256i),
                _mm256_loadu_si256(high_ptr.add(m - a - 15) as *const __m256i),
                _mm256_loadu_si256(high_ptr.add(m - a - 31) as *const __m256i),
            )
        };
        let hi0 = _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(hi0, reverse));
        let hi1 = _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(hi1, reverse));
        let x0 = _mm256_xor_si256(lo0, hi0);
        let x1 = _mm256_xor_si256(lo1, hi1);
        // Byte and bit of each XOR (the order of the packed lanes does not matter).
        let byte = _mm256_packus_epi16(_mm256_srli_epi16::<3>(x0), _mm256_srli_epi16::<3>(x1));
        let bit = _mm256_packus_epi16(_mm256_and_si256(x0, seven), _mm256_and_si256(x1, seven));
        // Bits 4 and 5 of the byte index, moved to bit 7 of each byte for the blends.
        let select16 = _mm256_slli_epi16::<3>(byte);
        let select32 = _mm256_slli_epi16::<2>(byte);
        let set_low = _mm256_blendv_epi8(
            _mm256_shuffle_epi8(tables[0], byte),
            _mm256_shuffle_epi8(tables[1], byte),
            select16,
        );
        let set_high = _mm256_blendv_epi8(
            _mm256_shuffle_epi8(tables[2], byte),
            _mm256_shuffle_epi8(tables[3], byte),
            select16,
        );
        let set = _mm256_blendv_epi8(set_low, set_high, select32);
        let hits = _mm256_and_si256(set, _mm256_shuffle_epi8(bits, bit));
        if _mm256_testz_si256(hits, hits) == 0 {
            let zero = _mm256_cmpeq_epi8(hits, _mm256_setzero_si256());
            let mut lanes = !(_mm256_movemask_epi8(zero) as u32);
            while lanes != 0 {
                let lane = lanes.trailing_zeros() as usize;
                lanes &= lanes - 1;
                // The packs interleave eight-lane groups: x0 low, x1 low, x0 high, x1 high.
                let j = a + [0, 16, 8, 24][lane / 8] + lane % 8;
                count -= clear(wanted, low[j] ^ high[m - j]);
            }
            if count == 0 {
                return 0;
            }
            tables = [0, 1, 2, 3].map(|part| load_table(wanted, part));
        }
        a += BLOCK;
    }
    while a <= half {
        count -= clear(wanted, low[a] ^ high[m - a]);
        if count == 0 {
            return 0;
        }
        a += 1;
    }
    count
}

/// Bit i set when `row[i] == value`.
///
/// # Safety
///
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn equal_bits(row: &[u8; 64], value: u8) -> u64 {
    let value = _mm256_set1_epi8(value as i8);
    // SAFETY: `row` holds 64 bytes: two unaligned 32-byte loads.
    let (low, high) = unsafe {
        (
            _mm256_loadu_si256(row.as_ptr() as *const __m256i),
            _mm256_loadu_si256(row.as_ptr().add(32) as *const __m256i),
        )
    };
    let low = _mm256_movemask_epi8(_mm256_cmpeq_epi8(low, value)) as u32;
    let high = _mm256_movemask_epi8(_mm256_cmpeq_epi8(high, value)) as u32;
    u64::from(low) | u64::from(high) << 32
}

/// Removes `value` from `wanted`; 1 if it was there, else 0.
#[inline(always)]
fn clear(wanted: &mut Wanted, value: u16) -> usize {
    let (byte, bit) = (usize::from(value >> 3) % wanted.len(), value & 7);
    let was = (wanted[byte] >> bit) & 1;
    wanted[byte] &= !(1 << bit);
    usize::from(was)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    /// `equal_bits` against a plain comparison, on pseudo-random rows.
    #[test]
    fn equal_bits_agrees_with_a_plain_comparison() {
        if !std::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut rng = Rng(0x853c_49e6_748f_ea9b);
        let mut equal = 0;
        for case in 0..200 {
            let mut row = [0u8; 64];
            for byte in &mut row {
                *byte = rng.below(4) as u8;
            }
            let value = (case % 4) as u8;
            let expected = (0..64).fold(0u64, |bits, i| bits | u64::from(row[i] == value) << i);
            // SAFETY: AVX2 is present.
            assert_eq!(unsafe { equal_bits(&row, value) }, expected, "case {case}");
            equal += expected.count_ones();
        }
        assert!(equal > 2000, "{equal}");
    }

    /// `find` against a plain scan of the same pairs, on pseudo-random windows and sets.
    #[test]
    fn find_agrees_with_a_plain_scan() {
        if !std::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut next = |bound: u64| rng.below(bound);
        let mut checked = 0;
        for case in 0..300 {
            let m = 2 + next(400) as usize;
            let spread = [4, 16, 64, 512][case % 4];
            let window: Vec<u16> = (0..m).map(|_| next(spread) as u16).collect();
            let start = 1 + next(8) as usize;
            let mut wanted: Wanted = [0; LIMIT / 8];
            let values: Vec<u16> = (0..1 + next(40)).map(|_| next(spread) as u16).collect();
            for &v in &values {
                wanted[usize::from(v / 8)] |= 1 << (v % 8);
            }
            let count = wanted.iter().map(|b| b.count_ones() as usize).sum();
            let mut expected = wanted;
            for a in start..=m / 2 {
                clear(&mut expected, window[a] ^ window[m - a]);
            }
            let expected_count: usize = expected.iter().map(|b| b.count_ones() as usize).sum();
            // SAFETY: AVX2 is present, start >= 1 and every value is below LIMIT.
            let left = unsafe { find(&mut wanted, count, &window, &window, start, m / 2) };
            assert_eq!(left, expected_count, "case {case}");
            if left > 0 {
                assert_eq!(wanted, expected, "case {case}");
            }
            checked += 1;
        }
        assert_eq!(checked, 300);
    }
}
