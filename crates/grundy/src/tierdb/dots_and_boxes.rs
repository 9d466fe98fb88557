//! Dots-and-Boxes as a tier game: tier `t` holds the sets of `t` lines drawn, each ranked
//! colexicographically (`sum C(p_i, i)` over its lines `p_1 < p_2 < ..`, 1-based `i`), so a
//! tier's ranks run over its sets in the order of their bit patterns as numbers. Every set
//! is reachable (lines may be drawn in any order), every move draws one line and leads to
//! the next tier, and the database holds each position's net score from there on.

use super::game::{End, Identity, Place, TierGame, Visit};
use super::value::{Gain, Values};
use crate::drawing::Drawing;
use crate::games::dots_and_boxes::{DotsAndBoxes, MAX_LINES};

/// The binomial coefficients `C(n, k)` for `n, k <= 64` (`C(64, 32)` fits in 64 bits).
static BINOMIAL: [[u64; 65]; 65] = binomials();

const fn binomials() -> [[u64; 65]; 65] {
    let mut table = [[0u64; 65]; 65];
    let mut n = 0;
    while n <= 64 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
}

/// `C(n, k)`.
pub(super) fn choose(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// The colexicographic rank of the set `lines` among the sets of as many lines.
pub(super) fn rank(lines: u64) -> u64 {
    let mut rest = lines;
    let mut rank = 0;
    let mut i = 0;
    while rest != 0 {
        i += 1;
        rank += choose(rest.trailing_zeros(), i);
        rest &= rest - 1;
    }
    rank
}

/// The set of `k` of `n` lines whose rank is `rank` (below `C(n, k)`).
pub(super) fn unrank(n: u32, k: u32, mut rank: u64) -> u64 {
    let mut lines = 0u64;
    let mut p = n;
    for i in (1..=k).rev() {
        // The largest p with C(p, i) <= rank: the i-th line.
        p -= 1;
        while choose(p, i) > rank {
            p -= 1;
        }
        lines |= 1 << p;
        rank -= choose(p, i);
    }
    lines
}

/// The next set of as many lines in colexicographic order (Gosper's hack); the caller
/// asks only for sets that exist.
fn next_set(lines: u64) -> u64 {
    let low = lines & lines.wrapping_neg();
    let ripple = lines.wrapping_add(low);
    (((ripple ^ lines) >> 2) >> low.trailing_zeros()) | ripple
}

impl DotsAndBoxes {
    /// The place of the set `lines`.
    fn place_of(&self, lines: u64) -> Place {
        Place {
            tier: lines.count_ones(),
            rank: rank(lines),
        }
    }

    /// The set of lines at `at`.
    fn lines_at(&self, at: Place) -> u64 {
        unrank(self.lines(), at.tier, at.rank)
    }

    /// Each line not drawn in `lines` (of rank `rank`), ascending, with the rank of the set
    /// with it drawn: the lines below keep their places in the sum, the new line is the
    /// `j + 1`-th with `j` lines below it, and each line above moves from `i`-th to
    /// `i + 1`-th. (A line's step `C(p, i + 1) - C(p, i)` may be negative: the sums wrap,
    /// and each child's rank, a sum of binomials, comes out exact.)
    fn for_each_child(&self, lines: u64, rank: u64, mut each: impl FnMut(u32, u64)) {
        let step = |p: u32, i: u32| choose(p, i + 1).wrapping_sub(choose(p, i));
        let (mut shift_above, mut i) = (0u64, 0);
        let mut rest = lines;
        while rest != 0 {
            i += 1;
            shift_above = shift_above.wrapping_add(step(rest.trailing_zeros(), i));
            rest &= rest - 1;
        }
        let mut below = 0;
        for line in 0..self.lines() {
            match lines >> line & 1 == 1 {
                true => {
                    below += 1;
                    shift_above = shift_above.wrapping_sub(step(line, below));
                }
                false => each(
                    line,
                    rank.wrapping_add(shift_above)
                        .wrapping_add(choose(line, below + 1)),
                ),
            }
        }
    }

    /// How `lines` ends (the board full) or its moves' places pushed onto `children`.
    fn expand_lines(&self, lines: u64, rank: u64, children: &mut Vec<Place>) -> Option<End> {
        if lines == self.full() {
            return Some(End::Draw);
        }
        let tier = lines.count_ones() + 1;
        self.for_each_child(lines, rank, |_, rank| children.push(Place { tier, rank }));
        None
    }
}

impl TierGame for DotsAndBoxes {
    fn identity(&self) -> Identity {
        Identity::new(
            "dots-and-boxes",
            &[
                ("width", u64::from(self.width())),
                ("height", u64::from(self.height())),
            ],
        )
    }

    fn tiers(&self) -> u32 {
        self.lines() + 1
    }

    fn tier_size(&self, tier: u32) -> u64 {
        choose(self.lines(), tier.min(MAX_LINES))
    }

    fn describe(&self) -> String {
        format!("dots-and-boxes {} x {} boxes", self.width(), self.height())
    }

    fn words(&self) -> String {
        format!("dots-and-boxes {} {}", self.width(), self.height())
    }

    fn move_name(&self, label: &str) -> String {
        format!("line {label}")
    }

    fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End> {
        self.expand_lines(self.lines_at(at), at.rank, children)
    }

    /// Steps from a rank to the next by the next set of lines, unranking only after a gap.
    fn expand_ranks(&self, tier: u32, ranks: &mut dyn Iterator<Item = u64>, visit: &mut Visit<'_>) {
        let mut children = Vec::new();
        let mut last: Option<(u64, u64)> = None;
        for rank in ranks {
            let lines = match last {
                Some((r, lines)) if r + 1 == rank => next_set(lines),
                _ => unrank(self.lines(), tier, rank),
            };
            last = Some((rank, lines));
            children.clear();
            let end = self.expand_lines(lines, rank, &mut children);
            if visit(rank, end, &children).is_break() {
                return;
            }
        }
    }

    fn labels(&self, at: Place) -> Vec<String> {
        let lines = self.lines_at(at);
        (0..self.lines())
            .filter(|&l| lines >> l & 1 == 0)
            .map(|l| self.label(l))
            .collect()
    }

    /// The lines drawn, `h ROW COLUMN` or `v ROW COLUMN` separated by commas, or `none`
    /// (the module [`crate::games::dots_and_boxes`] names the lines).
    fn parse(&self, text: &str) -> Result<Place, String> {
        DotsAndBoxes::parse(self, text)
            .map(|lines| self.place_of(lines))
            .map_err(|e| e.to_string())
    }

    /// The board: dots `+`, lines `-` and `|`, completed boxes `#`.
    fn show(&self, at: Place) -> String {
        self.picture(self.lines_at(at))
    }

    fn values(&self) -> Values {
        Values::Scores
    }

    /// The boxes each line closes, and a bonus turn when it closes one.
    fn gains(&self, at: Place, gains: &mut Vec<Gain>) {
        let lines = self.lines_at(at);
        for line in (0..self.lines()).filter(|&l| lines >> l & 1 == 0) {
            let boxes = self.completes(lines, line);
            gains.push(Gain {
                points: boxes as i32,
                again: boxes > 0,
            });
        }
    }

    /// The dots, the lines (a click on one not drawn draws it) and the completed boxes.
    fn draw(&self, at: Place) -> Option<Drawing> {
        Some(self.drawing(self.lines_at(at), true))
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::*;

    /// Ranks against a plain count of the sets before each (all 2^17 sets of 3 x 2 boxes),
    /// the steps by [`next_set`], and each child's rank against the child's own.
    #[test]
    fn ranks_number_each_tier_in_order_and_children_rank_as_their_sets() {
        let game = DotsAndBoxes::new(3, 2).unwrap();
        let n = game.lines();
        let mut seen = vec![0u64; n as usize + 1];
        for lines in 0..=game.full() {
            let k = lines.count_ones();
            assert_eq!(rank(lines), seen[k as usize], "{lines:b}");
            assert_eq!(unrank(n, k, seen[k as usize]), lines);
            seen[k as usize] += 1;
            let mut children = Vec::new();
            game.for_each_child(lines, rank(lines), |line, r| children.push((line, r)));
            let want: Vec<(u32, u64)> = (0..n)
                .filter(|&l| lines >> l & 1 == 0)
                .map(|l| (l, rank(lines | 1 << l)))
                .collect();
            assert_eq!(children, want);
        }
        for k in 0..=n {
            assert_eq!(seen[k as usize], game.tier_size(k));
            let mut lines = unrank(n, k, 0);
            for r in 1..game.tier_size(k) {
                lines = next_set(lines);
                assert_eq!(rank(lines), r);
            }
        }
        assert_eq!(choose(64, 32), 1_832_624_140_942_590_534);
    }

    /// Walking a tier (with a gap) gives what expanding each rank gives.
    #[test]
    fn expand_ranks_agrees_with_expand() {
        let game = DotsAndBoxes::new(2, 2).unwrap();
        for tier in 0..game.tiers() {
            let size = game.tier_size(tier);
            let ranks: Vec<u64> = (0..size).filter(|r| r % 7 != 3).collect();
            let mut walked = Vec::new();
            game.expand_ranks(tier, &mut ranks.iter().copied(), &mut |rank, end, kids| {
                walked.push((rank, end, kids.to_vec()));
                ControlFlow::Continue(())
            });
            let each: Vec<_> = ranks
                .iter()
                .map(|&rank| {
                    let mut kids = Vec::new();
                    let end = game.expand(Place { tier, rank }, &mut kids);
                    (rank, end, kids)
                })
                .collect();
            assert_eq!(walked, each, "tier {tier}");
        }
        let full = Place { tier: 12, rank: 0 };
        assert_eq!(game.expand(full, &mut Vec::new()), Some(End::Draw));
    }
}
