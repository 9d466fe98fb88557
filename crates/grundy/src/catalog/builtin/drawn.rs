//! How the library's games look ([`Drawing`]s for [`Notation::draw`]): heaps of tokens for
//! the heap and two-heap families, boards for the problem-set games. Each part names the
//! move a click on it makes by the label the notation gives that move.
//!
//! [`Notation::draw`]: crate::adapter::Notation::draw

use crate::drawing::{Cell, Drawing, Fill, Grid, Heap, Shape, MAX_CELLS, MAX_TOKENS};
use crate::games::dot::{Dot, Point};

/// Heaps named `{what} 1`, `{what} 2`, ...: a click on token `k` of heap `j` makes the move
/// that `taken` says leaves `k` on heap `j` (`taken(from, to)`: the heap lowered, and to
/// what). Heaps over [`MAX_TOKENS`] have no clicks (they are drawn as numbers).
pub(super) fn heaps<P>(
    sizes: &[u64],
    moves: &[(P, String)],
    taken: impl Fn(&P) -> Option<(usize, u64)>,
    what: &str,
) -> Drawing {
    Drawing::Heaps(rows(sizes, moves, taken, what))
}

/// The rows of tokens that [`heaps`] draws, to add rows of one's own to.
pub(super) fn rows<P>(
    sizes: &[u64],
    moves: &[(P, String)],
    taken: impl Fn(&P) -> Option<(usize, u64)>,
    what: &str,
) -> Vec<Heap> {
    let mut heaps: Vec<Heap> = sizes
        .iter()
        .enumerate()
        .map(|(heap_idx, &size)| Heap {
            size,
            name: format!("{what} {}", heap_idx + 1),
            clicks: Vec::new(),
        })
        .collect();
    for (to, label) in moves {
        let Some((heap_idx, left)) = taken(to) else {
            continue;
        };
        let Some(heap) = heaps.get_mut(heap_idx) else {
            continue;
        };
        if heap.size as usize > MAX_TOKENS || left >= heap.size {
            continue;
        }
        let left = left as usize;
        if heap.clicks.len() <= left {
            heap.clicks.resize(left + 1, None);
        }
        heap.clicks[left].get_or_insert_with(|| label.clone());
    }
    heaps
}

/// The one heap that a row of heaps kept in place lowers, and to what (none for a split
/// or a move on several heaps).
pub(super) fn lowered(from: &[u64], to: &[u64]) -> Option<(usize, u64)> {
    if from.len() != to.len() {
        return None;
    }
    let mut changed = (0..from.len()).filter(|&i| from[i] != to[i]);
    let heap_idx = changed.next()?;
    (changed.next().is_none() && to[heap_idx] < from[heap_idx]).then(|| (heap_idx, to[heap_idx]))
}

/// The heap that a row of heaps parts in two, kept in place (its parts follow each other
/// where it stood), and its first part: none unless the parts make the whole heap (Grundy's
/// game, Lasker's splits; not a take that also splits).
pub(super) fn parted(from: &[u64], to: &[u64]) -> Option<(usize, u64)> {
    if to.len() != from.len() + 1 {
        return None;
    }
    let heap_idx = (0..from.len()).find(|&i| from[i] != to[i])?;
    let (a, b) = (to[heap_idx], to[heap_idx + 1]);
    let whole = a.checked_add(b) == Some(from[heap_idx]) && a > 0 && b > 0;
    (whole && to[heap_idx + 2..] == from[heap_idx + 1..]).then_some((heap_idx, a))
}

/// Adds to `rows` the clicks of `more` on the tokens that have none yet.
pub(super) fn add_clicks(rows: &mut [Heap], more: Vec<Heap>) {
    for (row, extra) in rows.iter_mut().zip(more) {
        for (k, click) in extra.clicks.into_iter().enumerate() {
            if click.is_none() {
                continue;
            }
            if row.clicks.len() <= k {
                row.clicks.resize(k + 1, None);
            }
            if row.clicks[k].is_none() {
                row.clicks[k] = click;
            }
        }
    }
}

/// Gems Fight's bags in a row: a bag taken is filled; a click on a bag takes it.
pub(super) fn bags(count: usize, taken: u32, moves: &[(u32, String)]) -> Drawing {
    let cells = (0..count)
        .map(|bag| {
            let bit = 1u32 << bag;
            let click = moves
                .iter()
                .find(|(to, _)| to & !taken == bit)
                .map(|(_, label)| label.clone());
            let fill = if taken & bit != 0 {
                Fill::Filled
            } else {
                Fill::Empty
            };
            Cell {
                text: format!("{}", bag + 1),
                ..Cell::new(fill, Shape::Square, click)
            }
        })
        .collect();
    Drawing::Grid(Grid {
        cells: vec![cells],
        rows: vec![],
        columns: vec![],
    })
}

/// A Young diagram on a `cols`-wide board: filled cells filled; a click on an empty cell
/// fills it (where the rules allow).
pub(super) fn diagram(cols: usize, lengths: &[u8], moves: &[(Vec<u8>, String)]) -> Drawing {
    let cells = lengths
        .iter()
        .enumerate()
        .map(|(row, &len)| {
            (0..cols)
                .map(|col| {
                    if col < usize::from(len) {
                        return Cell::new(Fill::Filled, Shape::Square, None);
                    }
                    let click = moves
                        .iter()
                        .find(|(to, _)| col == usize::from(len) && to[row] > len)
                        .map(|(_, label)| label.clone());
                    Cell::new(Fill::Empty, Shape::Square, click)
                })
                .collect()
        })
        .collect();
    Drawing::Grid(Grid {
        cells,
        rows: (1..=lengths.len()).map(|r| r.to_string()).collect(),
        columns: (1..=cols).map(|c| c.to_string()).collect(),
    })
}

/// Dot's plane around the point, the origin and the points its moves reach (a reflection
/// is clicked on the point it reaches when no vector reaches it): the point is a disc,
/// points outside the disc are hidden. `None` when that box has more than [`MAX_CELLS`].
pub(super) fn plane(game: &Dot, p: &Point, moves: &[(Point, String)]) -> Option<Drawing> {
    let xs = moves.iter().map(|(to, _)| to.x).chain([0, p.x]);
    let ys = moves.iter().map(|(to, _)| to.y).chain([0, p.y]);
    let (x_lo, x_hi) = (xs.clone().min()?, xs.max()?);
    let (y_lo, y_hi) = (ys.clone().min()?, ys.max()?);
    let (width, height) = (i64::from(x_hi - x_lo) + 1, i64::from(y_hi - y_lo) + 1);
    if width * height > MAX_CELLS as i64 {
        return None;
    }
    // Vectors first: a reflection is named on its point only where no vector lands.
    let mut ordered: Vec<&(Point, String)> = moves.iter().collect();
    ordered.sort_by_key(|(to, _)| to.other_reflects != p.mover_reflects);
    let cells = (y_lo..=y_hi)
        .rev()
        .map(|y| {
            (x_lo..=x_hi)
                .map(|x| {
                    let click = ordered
                        .iter()
                        .find(|(to, _)| (to.x, to.y) == (x, y))
                        .map(|(_, label)| label.clone());
                    let (fill, shape) = match ((x, y) == (p.x, p.y), game.within(x, y)) {
                        (true, _) => (Fill::First, Shape::Disc),
                        (false, true) if (x, y) == (0, 0) => (Fill::Marked, Shape::Square),
                        (false, true) => (Fill::Empty, Shape::Square),
                        (false, false) => (Fill::Hidden, Shape::Square),
                    };
                    Cell::new(fill, shape, click)
                })
                .collect()
        })
        .collect();
    Some(Drawing::Grid(Grid {
        cells,
        rows: (y_lo..=y_hi).rev().map(|y| y.to_string()).collect(),
        columns: (x_lo..=x_hi).map(|x| x.to_string()).collect(),
    }))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::catalog::open;
    use crate::drawing::Drawing;
    use crate::dynamic::{Datum, DynGame};

    /// Walks every position of `game` reachable from `start` (up to `limit` positions) and
    /// checks each drawing: sizes and references valid, every click naming a move of the
    /// position, and every move of one heap or one cell named by a click where `all` says
    /// the drawing names them all.
    fn check_game(game: &Arc<dyn DynGame>, start: Datum, limit: usize, all: bool) -> usize {
        let mut seen = vec![start.clone()];
        let mut todo = vec![start];
        let mut drawn = 0;
        while let Some(pos) = todo.pop() {
            let moves = game.moves(&pos).unwrap();
            let labels: Vec<&str> = moves.iter().map(|m| m.label.as_str()).collect();
            let drawing = game.draw(&pos).unwrap().expect("the game draws");
            drawing
                .check(&labels)
                .unwrap_or_else(|e| panic!("{} at {pos}: {e}", game.name()));
            if all {
                let clicks = drawing.clicks();
                for label in &labels {
                    assert!(
                        clicks.contains(label),
                        "{} at {pos}: no click plays {label}",
                        game.name()
                    );
                }
            }
            drawn += 1;
            for mv in moves {
                if seen.len() < limit && !seen.contains(&mv.to) {
                    seen.push(mv.to.clone());
                    todo.push(mv.to);
                }
            }
        }
        drawn
    }

    fn opened(words: &str) -> (Arc<dyn DynGame>, Datum) {
        let words: Vec<String> = words.split_whitespace().map(String::from).collect();
        open(&words).unwrap()
    }

    /// Every built-in game draws every position reached in play, its clicks naming real
    /// moves; on boards and in Nim every move is a click.
    #[test]
    fn every_builtin_game_draws_its_positions() {
        let cases: &[(&str, bool)] = &[
            ("nim 3 2 4", true),
            ("misere-nim 2 3", true),
            ("subtraction 1,3,4 7 5", true),
            ("bash 3 7 5", true),
            ("bash-reach 3 12", true),
            ("lasker 3 2", false),
            ("grundy-game 7", true),
            ("grundy-game 9 4", true),
            ("moore 2 3 2 1", false),
            ("staircase 2 1 3", true),
            ("wythoff 3 4", true),
            ("corner 3 4", false),
            ("fibonacci-nim 9", true),
            ("young 2 3 2 7 3 9 1 2 3 7 2 2 3 1", true),
            ("gems-fight 3 4 3 2 2 3 2 1 3 2 1 2 3 2 3 1", true),
            ("team-nim 1 30 4 4", true),
            ("dot 0 0 2 3 1 1 1 2", false),
            ("minesweeper 3 3 1 1 1", true),
            ("minesweeper 4 4 2 0 0 3 3", true),
        ];
        let mut drawn = 0;
        for &(words, all) in cases {
            let (game, start) = opened(words);
            drawn += check_game(&game, start, 300, all);
        }
        assert!(drawn > 800, "{drawn}");
    }

    /// Wythoff's diagonal moves are clicks too (issue 42): a third row, "both heaps", as
    /// long as the smaller heap, whose token k lowers the smaller heap to k and the other
    /// by as many.
    #[test]
    fn wythoff_takes_from_both_heaps_by_a_click() {
        let (game, _) = opened("wythoff 1 1");
        let Some(Drawing::Heaps(heaps)) = game.draw(&Datum::ints([3, 5])).unwrap() else {
            panic!("heaps")
        };
        assert_eq!(heaps.len(), 3);
        assert_eq!((heaps[2].name.as_str(), heaps[2].size), ("both heaps", 3));
        let labels: Vec<String> = (0..3).map(|k| format!("3 5 -> {k} {}", k + 2)).collect();
        let clicks: Vec<Option<String>> = labels.into_iter().map(Some).collect();
        assert_eq!(heaps[2].clicks, clicks);
        // Nim has no such move, so no such row.
        let (nim, _) = opened("nim 1");
        let Some(Drawing::Heaps(heaps)) = nim.draw(&Datum::ints([3, 5])).unwrap() else {
            panic!("heaps")
        };
        assert_eq!(heaps.len(), 2);
    }

    /// Nim's heaps: a click on token k leaves k; a heap over the token limit is a number.
    #[test]
    fn heaps_name_the_move_that_leaves_k() {
        let (game, _) = opened("nim 1");
        let Some(Drawing::Heaps(heaps)) = game.draw(&Datum::ints([2, 65])).unwrap() else {
            panic!("heaps")
        };
        assert_eq!(
            heaps[0].clicks,
            vec![Some("heap 1: 2 -> 0".into()), Some("heap 1: 2 -> 1".into())]
        );
        assert!(heaps[1].clicks.is_empty());
        assert_eq!((heaps[1].size, heaps[1].name.as_str()), (65, "heap 2"));
    }
}
