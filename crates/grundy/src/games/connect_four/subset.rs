//! The next subset of a set of bits in increasing order, for walking a tier's colourings.

/// The subset of `within` with as many bits as `subset` (a subset of `within`) that follows
/// it in increasing order, or `None` after the last: Gosper's next combination, its sums
/// taken in the bits of `within` only. The lowest run of `subset`'s bits (as `within`
/// orders them) moves its top bit up one place and the rest of it to `within`'s lowest bits.
pub(super) fn next_subset(subset: u64, within: u64) -> Option<u64> {
    let lowest = subset & subset.wrapping_neg();
    if lowest == 0 {
        return None; // the empty set is the only one
    }
    // Adding the lowest bit with the bits outside `within` set carries through the run.
    let raised = (subset | !within).wrapping_add(lowest) & within;
    if raised & !subset == 0 {
        return None; // the carry left `within`: the run was at its top
    }
    let mut refill = subset.count_ones() - raised.count_ones();
    let (mut low, mut free) = (0u64, within);
    while refill > 0 {
        let bit = free & free.wrapping_neg();
        low |= bit;
        free ^= bit;
        refill -= 1;
    }
    Some(raised | low)
}
