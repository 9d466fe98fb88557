//! A board's components ([`Part`]), and blank regions linked by shared numbered cells.
//!
//! A numbered cell can border two or more blank regions (mines on a diagonal with a gap). Then
//! opening one region opens the shared cell too, and the regions are no longer independent
//! games: together they form one component, a [`Linked`] cluster. Its numbered cells are
//! grouped by the set of regions they border (cells bordering the same regions are
//! interchangeable); clicking a blank cell of a closed region opens the region and every
//! group that borders it, clicking a numbered cell opens that cell. After a move the cluster
//! may fall apart into smaller clusters and single regions: [`parts`] splits it, so the
//! Grundy solver only ever stores connected clusters.
//!
//! Only the parity of a group's count matters: a cluster `G` with `c + 2` cells in a group
//! has the nimber of the same cluster with `c`, because `G(c + 2) + G(c)` is a second-player
//! win. The second player mirrors every move in the other copy, except that when the copies
//! differ and the first player clicks a cell of the larger group, she clicks another cell of
//! it (one is left, since it holds two more), and when he clicks a cell of the smaller group
//! she clicks one of the larger; opening a region bordering the group empties it in either
//! copy, and she opens the same region in the other. She always has a reply, so she wins.
//! [`parts`] therefore keeps counts modulo 2, which keeps a cluster's positions few; the
//! tests check the result against cell-by-cell play of whole boards.

/// One independent component of a Minesweeper board.
///
/// # Examples
///
/// ```
/// use grundy::games::minesweeper::Part;
/// assert!(Part::Region { numbers: 2 } < Part::Number);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// An unopened blank region with `numbers` unopened numbered cells bordering it. Clicking
    /// any of its blank cells opens all of it; clicking one of the numbered cells opens that
    /// cell alone.
    Region {
        /// The unopened numbered cells bordering the region.
        numbers: u32,
    },
    /// An unopened numbered cell bordering no blank region: one click opens it.
    Number,
    /// Blank regions linked by numbered cells bordering more than one of them.
    Linked(Linked),
}

/// A cluster of closed blank regions linked by shared numbered cells.
///
/// Regions are numbered `0..regions`; each group is a bitmask of the regions its numbered
/// cells border and the count of those cells still unopened. Groups are sorted by mask, have
/// positive counts, and every pair of regions is connected through groups of two or more
/// regions (a cluster that is not connected is split by [`parts`]).
///
/// # Examples
///
/// ```
/// use grundy::games::minesweeper::{parts, Part};
/// // Two regions sharing one numbered cell, each with one cell of its own.
/// let part = &parts(2, &[(0b01, 1), (0b10, 1), (0b11, 1)])[0];
/// assert!(matches!(part, Part::Linked(linked) if linked.regions() == 2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Linked {
    regions: u32,
    groups: Vec<(u64, u32)>,
}

impl Linked {
    /// The number of closed regions in the cluster.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::minesweeper::{parts, Part};
    /// let ps = parts(3, &[(0b011, 1), (0b110, 3)]);
    /// assert!(matches!(&ps[0], Part::Linked(l) if l.regions() == 3));
    /// ```
    pub fn regions(&self) -> u32 {
        self.regions
    }

    /// The groups of unopened numbered cells: (bitmask of bordered regions, count).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::minesweeper::{parts, Part};
    /// let ps = parts(2, &[(0b11, 3)]);
    /// assert!(matches!(&ps[0], Part::Linked(l) if l.groups() == [(0b11, 1)]));
    /// ```
    pub fn groups(&self) -> &[(u64, u32)] {
        &self.groups
    }

    /// Appends the parts left by each move from this cluster, one `Vec` per move.
    pub(super) fn moves(&self, out: &mut Vec<Vec<Part>>) {
        let all = if self.regions == 64 {
            u64::MAX
        } else {
            (1u64 << self.regions) - 1
        };
        for region in 0..self.regions {
            let bit = 1u64 << region;
            let groups: Vec<(u64, u32)> = self
                .groups
                .iter()
                .filter(|&&(mask, _)| mask & bit == 0)
                .copied()
                .collect();
            out.push(split(all & !bit, &groups));
        }
        for g in 0..self.groups.len() {
            let mut groups = self.groups.clone();
            groups[g].1 -= 1;
            out.push(split(all, &groups));
        }
    }
}

/// The parts of a set of `regions` closed blank regions (numbered `0..regions`, at most 64)
/// with groups of unopened numbered cells `(bitmask of bordered regions, count)`: each
/// connected cluster of two or more regions becomes a [`Part::Linked`], each lone region a
/// [`Part::Region`], and groups are merged by mask, their counts kept modulo 2.
///
/// # Panics
///
/// When `regions` exceeds 64 or a mask names a region outside `0..regions`.
///
/// # Examples
///
/// ```
/// use grundy::games::minesweeper::{parts, Part};
/// // A region with three numbered cells of its own (kept as 1), and an empty region.
/// assert_eq!(
///     parts(2, &[(0b01, 3)]),
///     vec![Part::Region { numbers: 1 }, Part::Region { numbers: 0 }]
/// );
/// ```
pub fn parts(regions: u32, groups: &[(u64, u32)]) -> Vec<Part> {
    assert!(regions <= 64, "at most 64 regions in a cluster");
    let all = if regions == 64 {
        u64::MAX
    } else {
        (1u64 << regions) - 1
    };
    assert!(
        groups
            .iter()
            .all(|&(mask, _)| mask != 0 && mask & !all == 0),
        "group masks must name regions of the cluster"
    );
    split(all, groups)
}

/// Splits the closed regions `closed` (a bitmask) with `groups` into connected parts.
fn split(closed: u64, groups: &[(u64, u32)]) -> Vec<Part> {
    // Merge equal masks and keep counts modulo 2 (see the module doc) before linking.
    let mut merged: Vec<(u64, u32)> = groups.to_vec();
    merged.sort_unstable();
    merged.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        if same {
            kept.1 += later.1;
        }
        same
    });
    merged.retain(|&(_, count)| count % 2 == 1);
    for group in &mut merged {
        group.1 = 1;
    }
    let groups = &merged[..];
    let mut res = Vec::new();
    let mut left = closed;
    while left != 0 {
        // Grow one connected component from the lowest region left.
        let mut component = left & left.wrapping_neg();
        loop {
            let grown = groups
                .iter()
                .filter(|&&(mask, count)| count > 0 && mask & component != 0)
                .fold(component, |acc, &(mask, _)| acc | mask);
            if grown == component {
                break;
            }
            component = grown;
        }
        left &= !component;
        // Renumber the component's regions 0.. by their signature (the sizes of the groups
        // they border), so that clusters equal up to swapping alike regions (the leaves of a
        // star) are mostly written alike and share one entry in the solver's table.
        let own: Vec<(u64, u32)> = groups
            .iter()
            .filter(|&&(mask, count)| count > 0 && mask & component != 0)
            .copied()
            .collect();
        let mut keyed: Vec<(Vec<u32>, u32)> = Vec::new();
        let mut rest = component;
        while rest != 0 {
            let region = rest.trailing_zeros();
            rest &= rest - 1;
            let mut signature: Vec<u32> = own
                .iter()
                .filter(|&&(mask, _)| mask >> region & 1 == 1)
                .map(|&(mask, _)| mask.count_ones())
                .collect();
            signature.sort_unstable();
            keyed.push((signature, region));
        }
        keyed.sort_unstable();
        let mut place_of = [0u8; 64];
        for (place, (_, region)) in keyed.iter().enumerate() {
            place_of[*region as usize] = place as u8;
        }
        let compress = |mask: u64| -> u64 {
            let (mut res, mut rest) = (0u64, mask);
            while rest != 0 {
                res |= 1 << place_of[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            res
        };
        let mut local: Vec<(u64, u32)> = own
            .iter()
            .map(|&(mask, count)| (compress(mask), count))
            .collect();
        local.sort_unstable();
        let n_regions = component.count_ones();
        if n_regions == 1 {
            let numbers = local.iter().map(|&(_, count)| count).sum();
            res.push(Part::Region { numbers });
        } else {
            res.push(Part::Linked(Linked {
                regions: n_regions,
                groups: local,
            }));
        }
    }
    res
}
