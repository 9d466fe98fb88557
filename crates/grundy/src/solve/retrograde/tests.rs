use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::*;
use crate::games::nim::Nim;
use crate::solve::memo::{MemoSearch, Outcomes};

/// An explicit graph: `edges[u]` lists `(to, again)`.
struct Graph(Vec<Vec<(usize, bool)>>);

impl Game for Graph {
    type Position = usize;
    fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
        out.extend(self.0[*pos].iter().map(|&(to, again)| Move {
            to,
            points: 0,
            again,
        }));
    }
}

fn outcomes_from(graph: &Graph, root: usize, play: Play) -> Vec<Option<Outcome>> {
    let table = retrograde(graph, &root, play, &Budget::default()).unwrap();
    (0..graph.0.len()).map(|u| table.outcome(&u)).collect()
}

#[test]
fn forced_draw_on_a_two_cycle() {
    // 0 <-> 1; 0 may also move to 2, a win for the opponent (2 -> 3, 3 has no moves).
    // Leaving the cycle loses, so both players stay in it: 0 and 1 are draws.
    let graph = Graph(vec![
        vec![(1, false), (2, false)],
        vec![(0, false)],
        vec![(3, false)],
        vec![],
    ]);
    use Outcome::*;
    assert_eq!(
        outcomes_from(&graph, 0, Play::Normal),
        vec![Some(Draw), Some(Draw), Some(Win), Some(Loss)]
    );
    // Under misère play 3 is a win, 2 a loss, so 0 escapes to 2 and wins; 1 must go to 0.
    assert_eq!(
        outcomes_from(&graph, 0, Play::Misere),
        vec![Some(Win), Some(Loss), Some(Loss), Some(Win)]
    );
}

#[test]
fn again_moves_keep_the_mover() {
    use Outcome::*;
    // 0 -(again)-> 1 -> 2 (no moves). After the bonus move the same player moves 1 -> 2 and
    // the opponent is stuck: 0 wins. A pass-forever loop (again to itself) is a draw.
    let graph = Graph(vec![
        vec![(1, true)],
        vec![(2, false)],
        vec![],
        vec![(3, true)],
    ]);
    assert_eq!(
        outcomes_from(&graph, 0, Play::Normal),
        vec![Some(Win), Some(Win), Some(Loss), None]
    );
    assert_eq!(outcomes_from(&graph, 3, Play::Normal)[3], Some(Draw));
    // With the self-pass and a bonus move to a position the mover wins, the mover wins.
    let graph = Graph(vec![vec![(0, true), (1, true)], vec![(2, false)], vec![]]);
    assert_eq!(outcomes_from(&graph, 0, Play::Normal)[0], Some(Win));
}

#[test]
fn agrees_with_memo_search_on_nim() {
    for play in [Play::Normal, Play::Misere] {
        let root = vec![3, 4, 2];
        let table = retrograde(&Nim, &root, play, &Budget::default()).unwrap();
        assert_eq!(table.len(), 4 * 5 * 3);
        assert_eq!(table.count(Outcome::Draw), 0);
        let mut search = MemoSearch::new(&Nim, Outcomes(play), Budget::default());
        let mut compared = 0;
        for a in 0..=3 {
            for b in 0..=4 {
                for c in 0..=2 {
                    let pos = vec![a, b, c];
                    assert_eq!(table.outcome(&pos), Some(search.value(&pos).unwrap()));
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 60);
    }
}

#[test]
fn budget_and_cancel_are_checked() {
    let err = retrograde(
        &Nim,
        &vec![5, 5],
        Play::Normal,
        &Budget::default().with_positions(10),
    )
    .unwrap_err();
    assert!(matches!(
        err,
        SolveError::TooLarge {
            needed: 11,
            limit: 10,
            unit: "positions"
        }
    ));
    let cancelled = Budget::default().with_cancel(Arc::new(AtomicBool::new(true)));
    assert_eq!(
        retrograde(&Nim, &vec![2], Play::Normal, &cancelled).unwrap_err(),
        SolveError::Interrupted
    );
}

/// Indices 0..len where position `i > 0` moves to `(i * 7 + 3) % len` and `i / 2`: loopy.
struct Mixer(usize);
impl Game for Mixer {
    type Position = usize;
    fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
        if *pos > 0 {
            out.push(Move::to((pos * 7 + 3) % self.0));
            out.push(Move::to(pos / 2));
        }
    }
}
impl Indexed for Mixer {
    fn len(&self) -> usize {
        self.0
    }
    fn index(&self, pos: &usize) -> usize {
        *pos
    }
    fn position(&self, index: usize) -> usize {
        index
    }
    fn tiers(&self) -> usize {
        1
    }
    fn tier_range(&self, _tier: usize) -> std::ops::Range<usize> {
        0..self.0
    }
}

#[test]
fn indexed_variant_agrees_with_the_hashed_one() {
    let game = Mixer(200);
    for play in [Play::Normal, Play::Misere] {
        let dense = retrograde_indexed(&game, play, &Budget::default()).unwrap();
        let mut compared = 0;
        for root in 0..200 {
            let hashed = retrograde(&game, &root, play, &Budget::default()).unwrap();
            assert_eq!(hashed.outcome(&root), Some(dense.get(root)));
            compared += 1;
        }
        assert_eq!(compared, 200);
    }
}

#[test]
fn indexed_variant_refuses_moves_out_of_range() {
    struct Out;
    impl Game for Out {
        type Position = usize;
        fn moves(&self, _pos: &usize, out: &mut Vec<Move<usize>>) {
            out.push(Move::to(9));
        }
    }
    impl Indexed for Out {
        fn len(&self) -> usize {
            3
        }
        fn index(&self, pos: &usize) -> usize {
            *pos
        }
        fn position(&self, index: usize) -> usize {
            index
        }
        fn tiers(&self) -> usize {
            1
        }
        fn tier_range(&self, _tier: usize) -> std::ops::Range<usize> {
            0..3
        }
    }
    let err = retrograde_indexed(&Out, Play::Normal, &Budget::default()).unwrap_err();
    assert!(
        matches!(&err, SolveError::Unsupported(m) if m.contains("position 9")),
        "{err}"
    );
}
