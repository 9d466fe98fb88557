//! A build split across processes (threads acting as ranks through `Local`) writes the same
//! bytes as one process, for every number of processes, resumed on another number, and a
//! process that fails or is lost stops every other with its message instead of a hang.

use std::path::Path;

use super::{c4, files, TempDir};
use crate::tierdb::*;

/// A game of wide tiers (several blocks each, the last one partial) whose moves scatter over
/// the next two tiers, with losses, draws and unreachable ranks: every block's owner
/// matters, which Connect Four's small boards (a block a tier) do not test.
#[derive(Debug)]
struct Scatter;

const TIERS: u32 = 7;

impl TierGame for Scatter {
    fn identity(&self) -> Identity {
        Identity::new("scatter", &[])
    }
    fn tiers(&self) -> u32 {
        TIERS
    }
    fn tier_size(&self, tier: u32) -> u64 {
        3 * BLOCK as u64 + 1000 * u64::from(tier) + 17
    }
    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        (tier + 1..(tier + 3).min(TIERS)).collect()
    }
    fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End> {
        match at.rank % 13 {
            0 if at.tier > 0 => return Some(End::Loss),
            5 => return Some(End::Draw),
            _ => {}
        }
        for tier in self.child_tiers(at.tier) {
            let size = self.tier_size(tier);
            for salt in [1u64, 97, 1009, 7919, 104_729, 1_299_709] {
                let rank = (at.rank.wrapping_mul(2_654_435_761) + salt * u64::from(tier)) % size;
                children.push(Place { tier, rank });
            }
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

/// [`Scatter`] keeping other values: scores (each move earning -1, 0 or 1 point, some a
/// bonus turn: two bytes a position, so that a block of ranks is two blocks of the file)
/// or nimbers (its draws ended as losses, normal play).
#[derive(Debug)]
struct Valued(Values);

impl TierGame for Valued {
    fn identity(&self) -> Identity {
        Identity::new("scatter-valued", &[])
    }
    fn tiers(&self) -> u32 {
        Scatter.tiers()
    }
    fn tier_size(&self, tier: u32) -> u64 {
        Scatter.tier_size(tier)
    }
    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        Scatter.child_tiers(tier)
    }
    fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End> {
        match Scatter.expand(at, children) {
            Some(End::Draw) if self.0 == Values::Nimbers => Some(End::Loss),
            end => end,
        }
    }
    fn values(&self) -> Values {
        self.0
    }
    fn gains(&self, at: Place, gains: &mut Vec<Gain>) {
        let mut children = Vec::new();
        Scatter.expand(at, &mut children);
        gains.extend((0..children.len() as u64).map(|i| Gain {
            points: ((at.rank + i) % 3) as i32 - 1,
            again: (at.rank + i).is_multiple_of(7),
        }));
    }
    fn labels(&self, at: Place) -> Vec<String> {
        Scatter.labels(at)
    }
    fn parse(&self, text: &str) -> Result<Place, String> {
        Scatter.parse(text)
    }
    fn show(&self, at: Place) -> String {
        Scatter.show(at)
    }
}

/// Builds `game` in `dir` on `size` threads acting as processes; each one's result.
pub(super) fn split<G: TierGame + ?Sized>(
    game: &G,
    dir: &Path,
    size: usize,
    options: &BuildOptions,
) -> Vec<Result<BuildReport, DbError>> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = Local::group(size)
            .into_iter()
            .map(|me| scope.spawn(move || build_with(game, dir, options, &me)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

#[test]
fn a_split_build_writes_the_bytes_of_one_process() {
    let whole = TempDir::new("split-whole");
    let alone = build(&Scatter, &whole.0, &BuildOptions::default()).unwrap();
    assert!(alone.positions > 50_000, "{alone:?}");
    assert_eq!(alone.sent, 0);
    for size in [2, 3, 5] {
        let dir = TempDir::new(&format!("split-{size}"));
        let reports = split(&Scatter, &dir.0, size, &BuildOptions::default());
        for (rank, report) in reports.into_iter().enumerate() {
            let report = report.unwrap();
            assert_eq!(
                (report.positions, report.value),
                (alone.positions, alone.value)
            );
            assert_eq!(report.bytes, alone.bytes);
            // Each process sends its share of the marks and of the compressed blocks.
            assert!(
                report.sent > 0 && report.sent < alone.bytes * 2,
                "{rank}: {report:?}"
            );
        }
        assert_eq!(files(&whole.0), files(&dir.0), "{size} processes");
    }
    // Connect Four and a game whose moves jump tiers, on three processes.
    let game = c4(4, 3);
    let (one, three) = (TempDir::new("split-c4-1"), TempDir::new("split-c4-3"));
    build(&game, &one.0, &BuildOptions::default()).unwrap();
    for report in split(&game, &three.0, 3, &BuildOptions::default()) {
        assert_eq!(report.unwrap().positions, 12_031); // Tromp's count for 4 x 3
    }
    assert_eq!(files(&one.0), files(&three.0));
}

#[test]
fn a_split_build_stopped_resumes_on_another_number_of_processes() {
    let whole = TempDir::new("split-resume-whole");
    build(&Scatter, &whole.0, &BuildOptions::default()).unwrap();
    let parts = TempDir::new("split-resume");
    let stop = BuildOptions {
        stop_after: Some(4),
        ..BuildOptions::default()
    };
    for report in split(&Scatter, &parts.0, 3, &stop) {
        assert_eq!(report.unwrap().written, vec![6, 5, 4]);
    }
    for report in split(&Scatter, &parts.0, 2, &BuildOptions::default()) {
        let report = report.unwrap();
        assert_eq!(report.kept, vec![6, 5, 4]);
        assert_eq!(report.written, vec![3, 2, 1, 0]);
    }
    assert_eq!(files(&whole.0), files(&parts.0));
    // Everything kept: the start's value comes from rank 0's file.
    let again = split(&Scatter, &parts.0, 4, &BuildOptions::default());
    let value = build(&Scatter, &whole.0, &BuildOptions::default())
        .unwrap()
        .value;
    for report in again {
        assert_eq!(report.unwrap().value, value);
    }
}

#[test]
fn a_process_lost_or_failing_stops_the_others_with_its_message() {
    // Process 2 of 3 is gone before the build starts (killed): the others stop.
    let dir = TempDir::new("split-lost");
    let mut group = Local::group(3);
    drop(group.pop());
    let results: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = group
            .into_iter()
            .map(|me| {
                let dir = &dir.0;
                scope.spawn(move || build_with(&Scatter, dir, &BuildOptions::default(), &me))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for result in results {
        let err = result.unwrap_err();
        assert!(matches!(err, DbError::Cluster { rank: 2, .. }), "{err}");
        assert!(
            err.to_string()
                .starts_with("process 2 of the build: it stopped"),
            "{err}"
        );
    }
    // Rank 0 finds another game's database: every process stops with its message.
    let other = TempDir::new("split-other");
    build(&c4(3, 2), &other.0, &BuildOptions::default()).unwrap();
    let results = split(&Scatter, &other.0, 3, &BuildOptions::default());
    assert!(matches!(results[0], Err(DbError::OtherGame { .. })));
    for result in &results[1..] {
        let err = result.as_ref().unwrap_err().to_string();
        assert!(
            err.starts_with("process 0 of the build: ") && err.contains("not scatter"),
            "{err}"
        );
    }
}

#[test]
fn each_process_counts_the_whole_builds_progress() {
    let dir = TempDir::new("split-progress");
    let done: Vec<(u64, u64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = Local::group(3)
            .into_iter()
            .map(|me| {
                let dir = &dir.0;
                scope.spawn(move || {
                    let progress = std::sync::Arc::new(BuildProgress::default());
                    let options = BuildOptions {
                        progress: Some(std::sync::Arc::clone(&progress)),
                        ..BuildOptions::default()
                    };
                    build_with(&Scatter, dir, &options, &me).unwrap();
                    (progress.done(), progress.total())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let ranks: u64 = (0..TIERS).map(|k| Scatter.tier_size(k)).sum();
    let last = Scatter.tier_size(TIERS - 1);
    for (done, total) in done {
        // Every tier solved, every tier but the last expanded: the others' blocks included.
        assert_eq!((done, total), (2 * ranks - last, 2 * ranks - last));
    }
}

/// A member of a [`Local`] group that passes bytes only: its all-to-all is the trait's
/// default, through `all_gather`.
struct Gathers(Local);

impl Cluster for Gathers {
    fn rank(&self) -> usize {
        self.0.rank()
    }

    fn size(&self) -> usize {
        self.0.size()
    }

    fn all_gather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, DbError> {
        self.0.all_gather(mine)
    }
}

/// Runs `each` on every member of a group of `size` threads, `Local`'s and `Gathers`'s
/// (`gathers`); each one's result, by rank.
fn on_group<T: Send>(
    size: usize,
    gathers: bool,
    each: impl Fn(&dyn Cluster) -> T + Sync,
) -> Vec<T> {
    std::thread::scope(|scope| {
        let each = &each;
        let handles: Vec<_> = Local::group(size)
            .into_iter()
            .map(|me| {
                scope.spawn(move || match gathers {
                    true => each(&Gathers(me)),
                    false => each(&me),
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

#[test]
fn all_to_all_natively_and_through_all_gather_deliver_every_part() {
    for size in 1..=4 {
        for gathers in [false, true] {
            let got = on_group(size, gathers, |me| {
                // Part `to` of process `from`: `from + to` bytes, each `from * 16 + to`.
                let parts = (0..size)
                    .map(|to| vec![(me.rank() * 16 + to) as u8; me.rank() + to])
                    .collect();
                me.all_to_all(parts).unwrap()
            });
            for (to, parts) in got.into_iter().enumerate() {
                let wanted: Vec<Vec<u8>> = (0..size)
                    .map(|from| vec![(from * 16 + to) as u8; from + to])
                    .collect();
                assert_eq!(parts, wanted, "{size} processes, gathers: {gathers}");
            }
        }
    }
    let wrong = on_group(2, true, |me| me.all_to_all(vec![Vec::new()]).unwrap_err());
    assert!(
        wrong[0].to_string().contains("1 all-to-all parts for 2"),
        "{}",
        wrong[0]
    );
}

#[test]
fn each_process_keeps_the_or_of_its_own_blocks_marks() {
    use crate::tierdb::layout::BLOCK;
    use crate::tierdb::split::Ranks;
    // A tier of 5 blocks and a part: every process marks scattered ranks of all of them.
    let ranks = 5 * BLOCK as u64 + 1000;
    let words = ranks.div_ceil(64) as usize;
    let marks_of = |rank: usize| -> Vec<u64> {
        let mut bits = vec![0u64; words];
        let mut x = 0x9E37_79B9_7F4A_7C15u64 ^ rank as u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let r = x % ranks;
            bits[(r / 64) as usize] |= 1 << (r % 64);
        }
        bits
    };
    for size in 1..=4 {
        for gathers in [false, true] {
            // The plain way: every process's marks OR-ed whole.
            let mut whole = vec![0u64; words];
            for rank in 0..size {
                for (w, m) in whole.iter_mut().zip(marks_of(rank)) {
                    *w |= m;
                }
            }
            let shares = on_group(size, gathers, |me| {
                let ranks = Ranks::new(me);
                let share = ranks.exchange_marks(marks_of(me.rank())).unwrap();
                (ranks.owner(), share, ranks.sent())
            });
            for (rank, (owner, share, sent)) in shares.into_iter().enumerate() {
                let mut held = 0;
                for block in (0..words.div_ceil(BLOCK / 64)).filter(|&b| owner.owns(b)) {
                    let len = (ranks - (block * BLOCK) as u64).min(BLOCK as u64) as usize;
                    let first = block * BLOCK / 64;
                    let wanted = &whole[first..first + len.div_ceil(64)];
                    assert_eq!(owner.words(&share, block, len), wanted, "{size}, {rank}");
                    held += wanted.len();
                }
                // Only its own blocks' marks are held, and the others' were sent to them.
                assert_eq!(share.len(), held);
                let others = (words - held) as u64 * 8;
                match size {
                    1 => assert_eq!(sent, 0),
                    _ => assert!(sent >= others && sent <= others + 64, "{sent} {others}"),
                }
            }
        }
    }
}

#[test]
fn a_cluster_that_only_gathers_writes_the_same_bytes() {
    let whole = TempDir::new("split-gathers-whole");
    build(&Scatter, &whole.0, &BuildOptions::default()).unwrap();
    for size in [2, 3] {
        let dir = TempDir::new(&format!("split-gathers-{size}"));
        let reports = on_group(size, true, |me| {
            build_with(&Scatter, &dir.0, &BuildOptions::default(), me).unwrap()
        });
        assert!(reports.iter().all(|r| r.positions == reports[0].positions));
        assert_eq!(files(&whole.0), files(&dir.0), "{size} processes");
    }
}

#[test]
fn a_process_counts_only_its_share_of_the_marks() {
    use crate::tierdb::build::check_memory;
    // Connect Four 6 x 5: 1.24 GB of marks in all (BENCHMARKS.md, "7 x 6 on paper").
    let game = c4(6, 5);
    let need = |spill: bool, size: usize| -> u64 {
        let over = check_memory(
            &game,
            &crate::limits::Budget::default().with_bytes(1),
            spill,
            size,
        );
        match over {
            Err(DbError::Memory { needed, .. }) => needed,
            other => panic!("{other:?}"),
        }
    };
    // Held in memory, 4 processes each hold a quarter of the marks, beside the tiers being
    // marked and the buffers of their exchange (the largest tier's bits twice).
    use crate::tierdb::marks::{bits_bytes, total_bytes, window_bytes};
    let total = total_bytes(&game);
    assert!(total > 1_200_000_000, "{total}");
    let largest = (0..game.tiers())
        .map(|k| bits_bytes(&game, k))
        .max()
        .unwrap();
    let window = window_bytes(&game);
    assert_eq!(need(false, 4) - need(true, 4), total.div_ceil(4));
    assert_eq!(need(false, 1) - need(true, 1), total - window);
    assert!(window + total.div_ceil(4) + 2 * largest < total);
    // The values, marks spilled: alone, the largest tier twice (values, compressed copy)
    // with the tier its moves reach, whole.
    let values = |size: usize| {
        let exchange = if size > 1 { 2 * largest } else { 0 };
        need(true, size) - window - exchange
    };
    let whole = (0..game.tiers() - 1)
        .map(|k| 2 * game.tier_size(k) + game.tier_size(k + 1))
        .max()
        .unwrap();
    assert_eq!(values(1), whole);
    // Split, a process's share of both tiers and the values it fetches (as many as its
    // share of the child tier, each with two bytes of offset or 1.25 bits a rank of the
    // tier), with a bit a rank of the child tier: about 2.3 tiers' bytes on 2 processes,
    // 1.8 on 4, 0.2 on 64, against 3 alone.
    let (two, four, many) = (values(2), values(4), values(64));
    assert!(four < two && two < whole, "{two} {four} {whole}");
    assert!(four * 2 < whole + whole / 4, "{four} {whole}");
    assert!(many * 8 < whole, "{many} {whole}");
}

#[test]
fn a_split_build_of_scores_or_nimbers_writes_the_bytes_of_one_process() {
    use crate::games::dots_and_boxes::DotsAndBoxes;
    // Two bytes a rank over many blocks (the last one partial), and nimbers; then
    // Dots-and-Boxes, whose 2 x 2 start is a win by 2 (3 boxes to 1: Puzzling Stack
    // Exchange, "Optimal play for 2 by 2 Dots and Boxes", as Winning Ways lays out).
    let games: Vec<(Box<dyn TierGame>, &[usize])> = vec![
        (Box::new(Valued(Values::Scores)), &[2, 3, 5]),
        (Box::new(Valued(Values::Nimbers)), &[3]),
        (Box::new(DotsAndBoxes::new(2, 2).unwrap()), &[2, 3]),
        (Box::new(DotsAndBoxes::new(3, 2).unwrap()), &[3]),
    ];
    for (game, sizes) in games {
        let game = game.as_ref();
        let name = game.describe();
        let whole = TempDir::new("split-valued-whole");
        let alone = build(game, &whole.0, &BuildOptions::default()).unwrap();
        assert!(alone.value.is_some(), "{name}");
        if name == "dots-and-boxes 2 x 2 boxes" {
            assert_eq!(alone.value.and_then(|v| v.score), Some(2));
        }
        for &size in sizes {
            let dir = TempDir::new(&format!("split-valued-{size}"));
            for report in split(game, &dir.0, size, &BuildOptions::default()) {
                let report = report.unwrap();
                assert_eq!(
                    (report.positions, report.value),
                    (alone.positions, alone.value)
                );
                assert_eq!(report.bytes, alone.bytes, "{name}");
            }
            assert_eq!(files(&whole.0), files(&dir.0), "{name}: {size} processes");
        }
    }
    // Scores stopped on three processes resume on two into the same bytes.
    let game = Valued(Values::Scores);
    let (whole, parts) = (
        TempDir::new("split-scores-1"),
        TempDir::new("split-scores-parts"),
    );
    build(&game, &whole.0, &BuildOptions::default()).unwrap();
    let stop = BuildOptions {
        stop_after: Some(3),
        ..BuildOptions::default()
    };
    for report in split(&game, &parts.0, 3, &stop) {
        assert_eq!(report.unwrap().written, vec![6, 5, 4, 3]);
    }
    for report in split(&game, &parts.0, 2, &BuildOptions::default()) {
        assert_eq!(report.unwrap().kept, vec![6, 5, 4, 3]);
    }
    assert_eq!(files(&whole.0), files(&parts.0));
}
