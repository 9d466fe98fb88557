//! A kept tier read back on resume: rank 0 reads its file block by block and each process
//! receives only its own blocks, so a build stopped on some number of processes resumes on
//! any other into the bytes of one run, sending less than the whole file to each.

use std::path::Path;

use super::split::{on_group, split, Scatter, Valued};
use super::{files, TempDir};
use crate::tierdb::split::Ranks;
use crate::tierdb::*;

/// Block `j` of the test's tiers: `j % 50 + 1` bytes of `j`.
fn block(j: usize) -> Vec<u8> {
    vec![j as u8; j % 50 + 1]
}

#[test]
fn each_process_receives_its_own_blocks_and_rank_0_sends_only_the_others() {
    let blocks = 75; // several rounds of 16 blocks a process, for up to 4 processes
    for size in 1..=4 {
        for width in [1, 2] {
            for gathers in [false, true] {
                let got = on_group(size, gathers, |me| {
                    let ranks = Ranks::new(me);
                    let mut asked = Vec::new();
                    let mut received = Vec::new();
                    ranks
                        .blocks_from_root(
                            blocks,
                            width,
                            &mut |j| {
                                asked.push(j);
                                Ok(block(j))
                            },
                            &mut |j, bytes| {
                                received.push((j, bytes.to_vec()));
                                Ok(())
                            },
                        )
                        .unwrap();
                    (asked, received, ranks.sent())
                });
                for (rank, (asked, received, sent)) in got.into_iter().enumerate() {
                    let case = format!("{size} processes, width {width}, rank {rank}");
                    let own = |j: &usize| j / width % size == rank;
                    let wanted: Vec<(usize, Vec<u8>)> =
                        (0..blocks).filter(own).map(|j| (j, block(j))).collect();
                    assert_eq!(received, wanted, "{case}");
                    // Rank 0 reads every block once, in order; the others read nothing.
                    match rank {
                        0 => assert_eq!(asked, (0..blocks).collect::<Vec<_>>(), "{case}"),
                        _ => assert!(asked.is_empty(), "{case}"),
                    }
                    // Rank 0 sends the others' blocks, each behind its length; besides, each
                    // process says how long its parts are (8 bytes a round of 16 blocks).
                    let others: u64 = (0..blocks)
                        .filter(|&j| j / width % size != 0)
                        .map(|j| 4 + block(j).len() as u64)
                        .sum();
                    let most = (0..size)
                        .map(|r| (0..blocks).filter(|j| j / width % size == r).count())
                        .max()
                        .unwrap();
                    let told = 8 * most.div_ceil(16) as u64;
                    match (size, rank) {
                        (1, _) => assert_eq!(sent, 0, "{case}"),
                        (_, 0) => assert_eq!(sent, others + told, "{case}"),
                        _ => assert_eq!(sent, told, "{case}"),
                    }
                }
            }
        }
    }
}

#[test]
fn a_read_failing_on_rank_0_or_a_block_refused_stops_every_process_without_a_hang() {
    for size in [1, 3] {
        // Rank 0 fails to read block 40: every process returns its error.
        let got = on_group(size, false, |me| {
            let ranks = Ranks::new(me);
            let mut received = 0;
            let result = ranks.blocks_from_root(
                75,
                1,
                &mut |j| match j {
                    40 => Err(DbError::Game("block 40 is unreadable".into())),
                    _ => Ok(block(j)),
                },
                &mut |_, _| {
                    received += 1;
                    Ok(())
                },
            );
            (result, received)
        });
        for (rank, (result, received)) in got.into_iter().enumerate() {
            let err = result.unwrap_err().to_string();
            match rank {
                0 => assert_eq!(err, "block 40 is unreadable"),
                _ => assert_eq!(err, "process 0 of the build: block 40 is unreadable"),
            }
            // Only blocks before the one that failed were handed on.
            assert!(received <= 40, "{rank}: {received}");
        }
    }
    // Rank 1 refuses one of its blocks: it alone returns the error, after every round.
    let got = on_group(3, false, |me| {
        let ranks = Ranks::new(me);
        ranks.blocks_from_root(75, 2, &mut |j| Ok(block(j)), &mut |j, _| match j {
            3 => Err(DbError::Game("block 3 is refused".into())),
            _ => Ok(()),
        })
    });
    assert!(got[0].is_ok() && got[2].is_ok(), "{got:?}");
    assert_eq!(
        got[1].as_ref().unwrap_err().to_string(),
        "block 3 is refused"
    );
}

/// Stops a build of `game` after tier 4 on `first` processes, resumes it on `then`; the
/// resumed run's reports.
fn stop_and_resume(game: &dyn TierGame, dir: &Path, first: usize, then: usize) -> Vec<BuildReport> {
    let stop = BuildOptions {
        stop_after: Some(4),
        ..BuildOptions::default()
    };
    let stopped = match first {
        1 => vec![build(game, dir, &stop)],
        _ => split(game, dir, first, &stop),
    };
    for report in stopped {
        assert_eq!(report.unwrap().written, vec![6, 5, 4]);
    }
    let resumed = match then {
        1 => vec![build(game, dir, &BuildOptions::default())],
        _ => split(game, dir, then, &BuildOptions::default()),
    };
    resumed.into_iter().map(Result::unwrap).collect()
}

#[test]
fn a_build_stopped_on_one_process_resumes_on_three_and_back_into_the_same_bytes() {
    let games: [&dyn TierGame; 2] = [&Scatter, &Valued(Values::Scores)];
    for game in games {
        let name = game.describe();
        let whole = TempDir::new("kept-whole");
        let alone = build(game, &whole.0, &BuildOptions::default()).unwrap();
        for (first, then) in [(1, 3), (3, 1), (1, 2), (2, 3)] {
            let dir = TempDir::new(&format!("kept-{first}-{then}"));
            for report in stop_and_resume(game, &dir.0, first, then) {
                assert_eq!(report.kept, vec![6, 5, 4], "{name}");
                assert_eq!(report.written, vec![3, 2, 1, 0], "{name}");
                assert_eq!(report.value, alone.value, "{name}");
            }
            assert_eq!(
                files(&whole.0),
                files(&dir.0),
                "{name}: {first}, then {then}"
            );
            // Everything kept: rank 0 reads the start's value from its file.
            let again = split(game, &dir.0, then.max(2), &BuildOptions::default());
            for report in again {
                let report = report.unwrap();
                assert_eq!((report.kept.len(), report.value), (7, alone.value));
            }
        }
    }
}

#[test]
fn a_corrupt_kept_tier_stops_every_process_with_rank_0s_message() {
    let dir = TempDir::new("kept-corrupt");
    let stop = BuildOptions {
        stop_after: Some(4),
        ..BuildOptions::default()
    };
    build(&Scatter, &dir.0, &stop).unwrap();
    // A byte of tier 4's second block (rank 1's of 3) flipped: the file fails its CRC-32.
    let path = dir.0.join("tier-04.bin");
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 0x55;
    std::fs::write(&path, &bytes).unwrap();
    let results = split(&Scatter, &dir.0, 3, &BuildOptions::default());
    let err = results[0].as_ref().unwrap_err().to_string();
    assert!(err.contains("tier-04.bin is corrupt"), "{err}");
    // The others stop too: with rank 0's message, or the block's owner with its own.
    for result in &results[1..] {
        let err = result.as_ref().unwrap_err().to_string();
        assert!(err.contains("tier-04.bin is corrupt"), "{err}");
    }
    // Cut short: refused from its size, before any block is sent.
    std::fs::write(&path, &bytes[..bytes.len() - 10]).unwrap();
    for result in split(&Scatter, &dir.0, 2, &BuildOptions::default()) {
        let err = result.unwrap_err().to_string();
        assert!(err.contains("truncated or overwritten"), "{err}");
    }
}

#[test]
fn a_kept_tier_costs_rank_0_the_others_blocks_not_the_whole_file() {
    use crate::tierdb::format::{read_index, Manifest};
    use crate::tierdb::kept;
    use crate::tierdb::layout::BLOCK;
    let dir = TempDir::new("kept-load");
    let stop = BuildOptions {
        stop_after: Some(4),
        ..BuildOptions::default()
    };
    build(&Scatter, &dir.0, &stop).unwrap();
    let entry = Manifest::read(&dir.0).unwrap().entry(4).unwrap().clone();
    let index = read_index(&dir.0.join(&entry.file), &entry).unwrap();
    let whole = kept::load(&dir.0, &entry, &Ranks::new(&Solo), 1).unwrap();
    assert_eq!(whole.len() as u64, entry.ranks);
    assert!(index.len() >= 4, "{}", index.len());
    for size in [2, 3] {
        let got = on_group(size, false, |me| {
            let ranks = Ranks::new(me);
            let values = kept::load(&dir.0, &entry, &ranks, 1).unwrap();
            (ranks.owner(), values, ranks.sent())
        });
        for (rank, (owner, values, sent)) in got.into_iter().enumerate() {
            // Its own blocks' values, one after the other.
            let wanted: Vec<u8> = whole
                .chunks(BLOCK)
                .enumerate()
                .filter(|(b, _)| owner.owns(*b))
                .flat_map(|(_, values)| values.to_vec())
                .collect();
            assert_eq!(values, wanted, "{size} processes, rank {rank}");
            // Rank 0 sends the others' blocks (each behind its length, offset and CRC-32)
            // and every process says how long its parts are (8 bytes a round): no longer
            // the whole file to every process.
            let others: u64 = (0..index.len())
                .filter(|&j| j % size != 0)
                .map(|j| 16 + u64::from(index[j].len))
                .sum();
            match rank {
                0 => {
                    assert_eq!(sent, others + 8, "{size} processes");
                    assert!(sent < entry.bytes, "{sent} {}", entry.bytes);
                }
                _ => assert_eq!(sent, 8, "{size} processes, rank {rank}"),
            }
        }
    }
}
