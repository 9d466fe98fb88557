//! Tiers whose moves may stay in the tier, solved by retrograde analysis: on random games,
//! every position's outcome against the engine's retrograde solver and its remoteness
//! against rounds computed here from the definition; and a game without cycles solved in
//! one tier gives the bytes of the plain pass over many.

use std::collections::{HashMap, HashSet};

use super::TempDir;
use crate::limits::Budget;
use crate::model::{Game, Move};
use crate::solve::retrograde::retrograde;
use crate::testing::Rng;
use crate::tierdb::*;
use crate::value::{Outcome, Play};

#[derive(Clone, Debug)]
pub(super) enum Node {
    End(End),
    Moves(Vec<Place>),
}

/// A random game: `nodes[tier][rank]`.
#[derive(Debug)]
pub(super) struct Graph {
    pub(super) nodes: Vec<Vec<Node>>,
}

/// Where a drawn or won end leads in the plain game (`Game`): a sink with no moves.
const SINK: Place = Place {
    tier: u32::MAX,
    rank: 0,
};

impl Graph {
    /// `tiers` tiers of `size` positions; moves stay in their tier when `loopy`.
    pub(super) fn random(rng: &mut Rng, tiers: u32, size: u64, loopy: bool) -> Graph {
        let nodes = (0..tiers)
            .map(|t| {
                (0..size)
                    .map(|_| match rng.below(12) {
                        0 => Node::End(End::Loss),
                        1 => Node::End(End::Draw),
                        2 => Node::End(End::Win),
                        _ => {
                            let low = if loopy { t } else { t + 1 };
                            let n = if low < tiers { rng.below(4) } else { 0 };
                            Node::Moves(
                                (0..n)
                                    .map(|_| Place {
                                        tier: low + rng.below(u64::from(tiers - low)) as u32,
                                        rank: rng.below(size),
                                    })
                                    .collect(),
                            )
                        }
                    })
                    .collect()
            })
            .collect();
        Graph { nodes }
    }

    fn node(&self, at: Place) -> &Node {
        &self.nodes[at.tier as usize][at.rank as usize]
    }
}

impl TierGame for Graph {
    fn identity(&self) -> Identity {
        Identity::new("graph", &[])
    }
    fn tiers(&self) -> u32 {
        self.nodes.len() as u32
    }
    fn tier_size(&self, tier: u32) -> u64 {
        self.nodes[tier as usize].len() as u64
    }
    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        let mut tiers: Vec<u32> = self.nodes[tier as usize]
            .iter()
            .flat_map(|n| match n {
                Node::Moves(m) => m.iter().map(|p| p.tier).collect(),
                Node::End(_) => Vec::new(),
            })
            .collect();
        tiers.sort_unstable();
        tiers.dedup();
        tiers
    }
    fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End> {
        match self.node(at) {
            Node::End(end) => Some(*end),
            Node::Moves(moves) => {
                children.extend_from_slice(moves);
                None
            }
        }
    }
    fn labels(&self, at: Place) -> Vec<String> {
        let mut children = Vec::new();
        self.expand(at, &mut children);
        children
            .iter()
            .map(|c| format!("{} {}", c.tier, c.rank))
            .collect()
    }
    fn parse(&self, text: &str) -> Result<Place, String> {
        let (t, r) = text.split_once(' ').ok_or("TIER RANK")?;
        Ok(Place {
            tier: t.parse().map_err(|_| "a tier")?,
            rank: r.parse().map_err(|_| "a rank")?,
        })
    }
    fn show(&self, at: Place) -> String {
        format!("{} {}", at.tier, at.rank)
    }
}

/// The same game for the engine's solvers: a drawn end moves to itself for ever, a won
/// end to a sink (a loss for whoever is there).
impl Game for Graph {
    type Position = Place;
    fn moves(&self, pos: &Place, out: &mut Vec<Move<Place>>) {
        if *pos == SINK {
            return;
        }
        match self.node(*pos) {
            Node::End(End::Loss) => {}
            Node::End(End::Draw) => out.push(Move::to(*pos)),
            Node::End(End::Win) => out.push(Move::to(SINK)),
            Node::Moves(moves) => out.extend(moves.iter().map(|&p| Move::to(p))),
        }
    }
}

/// Values by their definition, round by round: a win in `n` has a move to a loss in fewer
/// than `n`, a loss in `n` only moves to wins in fewer than `n`, a draw in `n` (of what is
/// never a win or a loss) a move to a draw in fewer than `n`; `None`: a draw that never ends.
fn by_rounds(g: &Graph) -> HashMap<Place, Option<(Outcome, u32)>> {
    let places: Vec<Place> = (0..g.tiers())
        .flat_map(|t| (0..g.tier_size(t)).map(move |r| Place { tier: t, rank: r }))
        .collect();
    let mut known: HashMap<Place, (Outcome, u32)> = HashMap::new();
    for &p in &places {
        match g.node(p) {
            Node::End(end) => {
                known.insert(p, (end.value().outcome, 0));
            }
            Node::Moves(m) if m.is_empty() => {
                known.insert(p, (Outcome::Loss, 0));
            }
            Node::Moves(_) => {}
        }
    }
    let decisive = |v: &(Outcome, u32)| v.0 != Outcome::Draw;
    for n in 1..200u32 {
        let before = known.clone();
        for &p in &places {
            let Node::Moves(m) = g.node(p) else { continue };
            if before.contains_key(&p) {
                continue;
            }
            let of = |c: &Place| before.get(c).filter(|v| decisive(v)).map(|v| v.0);
            if m.iter().any(|c| of(c) == Some(Outcome::Loss)) {
                known.insert(p, (Outcome::Win, n));
            } else if m.iter().all(|c| of(c) == Some(Outcome::Win)) {
                known.insert(p, (Outcome::Loss, n));
            }
        }
    }
    for n in 1..200u32 {
        let before = known.clone();
        for &p in &places {
            let Node::Moves(m) = g.node(p) else { continue };
            if before.contains_key(&p) {
                continue;
            }
            if m.iter()
                .any(|c| before.get(c).is_some_and(|v| v.0 == Outcome::Draw))
            {
                known.insert(p, (Outcome::Draw, n));
            }
        }
    }
    places.iter().map(|p| (*p, known.get(p).copied())).collect()
}

/// Every place the start reaches.
fn reached(g: &Graph) -> HashSet<Place> {
    let mut seen = HashSet::from([g.start()]);
    let mut stack = vec![g.start()];
    let mut children = Vec::new();
    while let Some(p) = stack.pop() {
        children.clear();
        g.expand(p, &mut children);
        stack.extend(children.iter().filter(|c| seen.insert(**c)));
    }
    seen
}

/// Random games whose moves stay in their tier or rise: each position reached has the
/// outcome of the engine's retrograde analysis, and the remoteness of the definition.
#[test]
fn loopy_tiers_match_retrograde_analysis_and_the_definition() {
    let mut rng = Rng(39);
    let mut draws = 0;
    for case in 0..60 {
        let size = 5 + rng.below(40);
        let g = Graph::random(&mut rng, 1 + case % 4, size, true);
        let dir = TempDir::new(&format!("cycles-{case}"));
        let report = build(&g, &dir.0, &BuildOptions::default()).unwrap();
        let db = Database::open_with(
            &dir.0,
            Box::new(Graph {
                nodes: g.nodes.clone(),
            }),
        )
        .unwrap();
        let table = retrograde(&g, &g.start(), Play::Normal, &Budget::default()).unwrap();
        let rounds = by_rounds(&g);
        let places = reached(&g);
        assert_eq!(report.positions, places.len() as u64);
        for p in places {
            let value = db.value(p).unwrap().unwrap();
            assert_eq!(
                Some(value.outcome),
                table.outcome(&p),
                "case {case} at {p:?}"
            );
            match rounds[&p] {
                Some((outcome, r)) => {
                    assert_eq!(
                        (value.outcome, value.remoteness),
                        (outcome, r),
                        "case {case} at {p:?}"
                    );
                }
                None => {
                    assert!(value.is_endless(), "case {case} at {p:?}: {value}");
                    draws += 1;
                }
            }
        }
    }
    assert!(draws > 20, "endless draws are checked ({draws})");
}

/// One tier holding a whole game without cycles (each position's moves within it).
#[derive(Debug)]
struct Flat(Graph, u64);

impl Flat {
    fn place(&self, p: Place) -> Place {
        Place {
            tier: 0,
            rank: u64::from(p.tier) * self.1 + p.rank,
        }
    }
    fn inner(&self, p: Place) -> Place {
        Place {
            tier: (p.rank / self.1) as u32,
            rank: p.rank % self.1,
        }
    }
}

impl TierGame for Flat {
    fn identity(&self) -> Identity {
        Identity::new("flat", &[])
    }
    fn tiers(&self) -> u32 {
        1
    }
    fn tier_size(&self, _: u32) -> u64 {
        u64::from(self.0.tiers()) * self.1
    }
    fn child_tiers(&self, _: u32) -> Vec<u32> {
        vec![0]
    }
    fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End> {
        let mut inner = Vec::new();
        let end = self.0.expand(self.inner(at), &mut inner);
        children.extend(inner.into_iter().map(|c| self.place(c)));
        end
    }
    fn labels(&self, at: Place) -> Vec<String> {
        self.0.labels(self.inner(at))
    }
    fn parse(&self, text: &str) -> Result<Place, String> {
        self.0.parse(text).map(|p| self.place(p))
    }
    fn show(&self, at: Place) -> String {
        self.0.show(self.inner(at))
    }
}

/// A game without cycles in one tier (retrograde analysis) has, position by position, the
/// bytes of the same game over many tiers (the plain pass): wins, losses and draws, each
/// with its remoteness.
#[test]
fn one_tier_without_cycles_matches_the_plain_pass() {
    let mut rng = Rng(7);
    for case in 0..30 {
        let size = 5 + rng.below(30);
        let g = Graph::random(&mut rng, 2 + case % 5, size, false);
        let flat = Flat(
            Graph {
                nodes: g.nodes.clone(),
            },
            size,
        );
        let (a, b) = (
            TempDir::new(&format!("flat-a-{case}")),
            TempDir::new(&format!("flat-b-{case}")),
        );
        let many = build(&g, &a.0, &BuildOptions::default()).unwrap();
        let one = build(&flat, &b.0, &BuildOptions::default()).unwrap();
        assert_eq!(many.positions, one.positions);
        assert_eq!(many.value, one.value);
        let (da, db) = (
            Database::open_with(
                &a.0,
                Box::new(Graph {
                    nodes: g.nodes.clone(),
                }),
            )
            .unwrap(),
            Database::open_with(
                &b.0,
                Box::new(Flat(
                    Graph {
                        nodes: g.nodes.clone(),
                    },
                    size,
                )),
            )
            .unwrap(),
        );
        for p in reached(&g) {
            assert_eq!(
                da.value(p).unwrap(),
                db.value(flat.place(p)).unwrap(),
                "case {case} at {p:?}"
            );
        }
    }
}
