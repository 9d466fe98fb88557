//! Tiers whose moves stay in the tier, built split across processes (threads acting as
//! ranks through `Local`): the bytes of one process for 2, 3 and 5 processes, on random
//! loopy games spread over several blocks and on a game whose cycles cross the blocks of
//! every process; resumed on another number of processes; an error past remoteness 63
//! told by every process.

use super::cycles::Graph;
use super::split::split;
use super::{files, TempDir};
use crate::testing::Rng;
use crate::tierdb::*;

/// How many blocks a tier of [`Spread`] spans.
const SPREAD: u64 = 5;

/// A [`Graph`] whose ranks are spread over [`SPREAD`] blocks (rank `r` at block
/// `r % SPREAD`), so that its moves cross from one process's blocks to another's.
#[derive(Debug)]
struct Spread(Graph);

impl Spread {
    fn len(&self, tier: u32) -> u64 {
        self.0.nodes[tier as usize].len() as u64
    }
    fn out(&self, p: Place) -> Place {
        Place {
            tier: p.tier,
            rank: p.rank % SPREAD * BLOCK as u64 + p.rank / SPREAD,
        }
    }
    fn back(&self, p: Place) -> Option<Place> {
        let rank = p.rank % BLOCK as u64 * SPREAD + p.rank / BLOCK as u64;
        (rank < self.len(p.tier)).then_some(Place { tier: p.tier, rank })
    }
}

impl TierGame for Spread {
    fn identity(&self) -> Identity {
        Identity::new("spread", &[])
    }
    fn tiers(&self) -> u32 {
        self.0.tiers()
    }
    fn tier_size(&self, tier: u32) -> u64 {
        (SPREAD - 1) * BLOCK as u64 + self.len(tier).div_ceil(SPREAD)
    }
    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        self.0.child_tiers(tier)
    }
    fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End> {
        let Some(inner) = self.back(at) else {
            return Some(End::Loss);
        };
        let mut moves = Vec::new();
        let end = self.0.expand(inner, &mut moves);
        children.extend(moves.into_iter().map(|c| self.out(c)));
        end
    }
    fn labels(&self, at: Place) -> Vec<String> {
        self.back(at).map_or_else(Vec::new, |p| self.0.labels(p))
    }
    fn parse(&self, text: &str) -> Result<Place, String> {
        self.0.parse(text).map(|p| self.out(p))
    }
    fn show(&self, at: Place) -> String {
        self.back(at).map_or_else(String::new, |p| self.0.show(p))
    }
}

/// Random loopy games, their ranks over five blocks: every number of processes writes the
/// bytes of one.
#[test]
fn random_loopy_games_split_into_the_bytes_of_one_process() {
    let mut rng = Rng(391);
    for case in 0..12 {
        let size = 20 + rng.below(60);
        let game = Spread(Graph::random(&mut rng, 1 + case % 3, size, true));
        let whole = TempDir::new(&format!("loops-random-{case}"));
        let alone = build(&game, &whole.0, &BuildOptions::default()).unwrap();
        for processes in [2, 3, 5] {
            let dir = TempDir::new(&format!("loops-random-{case}-{processes}"));
            for report in split(&game, &dir.0, processes, &BuildOptions::default()) {
                let report = report.unwrap();
                assert_eq!(
                    (report.positions, report.value),
                    (alone.positions, alone.value)
                );
            }
            assert_eq!(files(&whole.0), files(&dir.0), "case {case} on {processes}");
        }
    }
}

/// A game of three wide tiers (three blocks and more each) whose moves stay in their tier
/// (to ranks scattered over every block, and one a block further on) or go to the next:
/// losses, wins and draws that end, at several remotenesses, and draws that never end
/// (cycles of ranks that move only among themselves).
#[derive(Debug)]
struct Whirl {
    /// Whole blocks a tier (each tier has a partial one more).
    blocks: u64,
}

/// [`Whirl`] as the tests build it.
const WHIRL: Whirl = Whirl { blocks: 3 };

const WHIRL_TIERS: u32 = 3;

impl TierGame for Whirl {
    fn identity(&self) -> Identity {
        Identity::new("whirl", &[])
    }
    fn tiers(&self) -> u32 {
        WHIRL_TIERS
    }
    fn tier_size(&self, tier: u32) -> u64 {
        self.blocks * BLOCK as u64 + 4321 * u64::from(tier) + 77
    }
    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        (tier..(tier + 2).min(WHIRL_TIERS)).collect()
    }
    fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End> {
        let (r, size) = (at.rank, self.tier_size(at.tier));
        if r % 101 == 50 {
            // Cycles of ranks 101 j + 50, each a block and more apart: play never ends.
            let members = (size - 50) / 101;
            let next = (r / 101 + 650) % members;
            children.push(Place {
                tier: at.tier,
                rank: next * 101 + 50,
            });
            return None;
        }
        // Drawn ends in the last tier only: draws in the others end there, or never.
        match (r % 17, r % 23, r % 29) {
            (0, _, _) if r > 0 => return Some(End::Loss),
            (_, 5, _) if at.tier + 1 == WHIRL_TIERS => return Some(End::Draw),
            (_, _, 7) => return Some(End::Win),
            _ => {}
        }
        for salt in [1u64, 7919] {
            let rank = (r.wrapping_mul(2_654_435_761) + salt) % size;
            children.push(Place {
                tier: at.tier,
                rank,
            });
        }
        children.push(Place {
            tier: at.tier,
            rank: (r + BLOCK as u64 + 1) % size,
        });
        if at.tier + 1 < WHIRL_TIERS && r % 3 == 0 {
            let next = self.tier_size(at.tier + 1);
            children.push(Place {
                tier: at.tier + 1,
                rank: (r * 31 + 11) % next,
            });
        }
        None
    }
    fn labels(&self, at: Place) -> Vec<String> {
        let mut children = Vec::new();
        self.expand(at, &mut children);
        (0..children.len()).map(|i| i.to_string()).collect()
    }
    fn parse(&self, _text: &str) -> Result<Place, String> {
        Ok(self.start())
    }
    fn show(&self, at: Place) -> String {
        format!("{at:?}")
    }
}

#[test]
fn a_loopy_game_across_blocks_splits_into_the_bytes_of_one_process() {
    let whole = TempDir::new("loops-whirl");
    let alone = build(&WHIRL, &whole.0, &BuildOptions::default()).unwrap();
    assert!(alone.positions > 100_000, "{alone:?}");
    // Every kind of value is there, at several remotenesses.
    let db = Database::open_with(&whole.0, Box::new(WHIRL)).unwrap();
    let mut kinds = std::collections::BTreeSet::new();
    for rank in (0..WHIRL.tier_size(0)).step_by(7) {
        if let Some(value) = db.value(Place { tier: 0, rank }).unwrap() {
            kinds.insert((
                format!("{:?}", value.outcome),
                value.remoteness.min(3),
                value.is_endless(),
            ));
        }
    }
    for kind in ["Win", "Loss"] {
        let at = |r: u32| kinds.contains(&(kind.to_string(), r, false));
        assert!(at(0) && at(3), "{kind}: {kinds:?}");
    }
    assert!(kinds.contains(&("Draw".into(), 3, false)), "{kinds:?}");
    assert!(kinds.contains(&("Draw".into(), 3, true)), "{kinds:?}");
    for processes in [2, 3, 5] {
        let dir = TempDir::new(&format!("loops-whirl-{processes}"));
        for report in split(&WHIRL, &dir.0, processes, &BuildOptions::default()) {
            let report = report.unwrap();
            assert_eq!(
                (report.positions, report.value),
                (alone.positions, alone.value)
            );
            assert!(report.sent > 0, "{report:?}");
        }
        assert_eq!(files(&whole.0), files(&dir.0), "{processes} processes");
    }
    // Stopped on three processes, resumed on two: the same bytes.
    let parts = TempDir::new("loops-whirl-resume");
    let stop = BuildOptions {
        stop_after: Some(1),
        ..BuildOptions::default()
    };
    for report in split(&WHIRL, &parts.0, 3, &stop) {
        assert_eq!(report.unwrap().written, vec![2, 1]);
    }
    for report in split(&WHIRL, &parts.0, 2, &BuildOptions::default()) {
        let report = report.unwrap();
        assert_eq!((report.kept, report.written), (vec![2, 1], vec![0]));
    }
    assert_eq!(files(&whole.0), files(&parts.0));
}

/// A chain of 70 moves within one tier, alternating between two processes' blocks, ending
/// in a loss: its remoteness passes 63, and every process says so.
#[derive(Debug)]
struct Chain;

impl TierGame for Chain {
    fn identity(&self) -> Identity {
        Identity::new("chain", &[])
    }
    fn tiers(&self) -> u32 {
        1
    }
    fn tier_size(&self, _: u32) -> u64 {
        2 * BLOCK as u64
    }
    fn child_tiers(&self, _: u32) -> Vec<u32> {
        vec![0]
    }
    fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End> {
        // Step `i` of the chain is at rank (i % 2) * BLOCK + i / 2.
        let i = at.rank % BLOCK as u64 * 2 + at.rank / BLOCK as u64;
        if i >= 70 {
            return Some(End::Loss);
        }
        let next = i + 1;
        children.push(Place {
            tier: 0,
            rank: next % 2 * BLOCK as u64 + next / 2,
        });
        None
    }
    fn labels(&self, _: Place) -> Vec<String> {
        vec!["next".into()]
    }
    fn parse(&self, _text: &str) -> Result<Place, String> {
        Ok(self.start())
    }
    fn show(&self, at: Place) -> String {
        format!("{at:?}")
    }
}

#[test]
fn a_remoteness_past_63_stops_every_process_with_the_message() {
    let dir = TempDir::new("loops-chain");
    let alone = build(&Chain, &dir.0, &BuildOptions::default()).unwrap_err();
    assert!(
        matches!(alone, DbError::Remoteness { tier: 0, .. }),
        "{alone}"
    );
    for processes in [2, 3] {
        let dir = TempDir::new(&format!("loops-chain-{processes}"));
        for result in split(&Chain, &dir.0, processes, &BuildOptions::default()) {
            let err = result.unwrap_err().to_string();
            assert!(err.ends_with(&alone.to_string()), "{err}");
        }
    }
}

/// The figures of BENCHMARKS.md ("Loopy tiers across processes"): a [`Whirl`] of 16 blocks
/// a tier (3.2 million ranks) built on 1, 2 and 3 processes, each build's time and bytes
/// sent printed, the files the same.
#[test]
#[ignore = "seconds, printing figures: cargo test -p grundy --lib -- --ignored --nocapture loops"]
fn a_large_loopy_game_splits_into_the_bytes_of_one_process() {
    let game = Whirl { blocks: 16 };
    let whole = TempDir::new("loops-large");
    let start = std::time::Instant::now();
    let alone = build(&game, &whole.0, &BuildOptions::default()).unwrap();
    println!(
        "1 process: {:.2} s, {} positions, {} bytes of tiers",
        start.elapsed().as_secs_f64(),
        alone.positions,
        alone.bytes
    );
    for processes in [2, 3] {
        let dir = TempDir::new(&format!("loops-large-{processes}"));
        let start = std::time::Instant::now();
        let reports = split(&game, &dir.0, processes, &BuildOptions::default());
        let time = start.elapsed().as_secs_f64();
        let sent: Vec<u64> = reports.into_iter().map(|r| r.unwrap().sent).collect();
        println!("{processes} processes: {time:.2} s, bytes sent by each {sent:?}");
        assert_eq!(files(&whole.0), files(&dir.0), "{processes} processes");
    }
}
