//! A split build solves its blocks of a tier in rounds (`solve::solve_split`), each round
//! fetching only the values its own moves reach: on games whose tiers span many blocks,
//! with one thread a process (rounds of two blocks, so many rounds a tier), the files are
//! the bytes of one process's, resumed on another number of processes too; what a round
//! fetches is a round's worth, never a whole child tier; and the memory model falls with
//! the number of processes.

use super::{c4, files, split_one_thread, TempDir};
use crate::games::dots_and_boxes::DotsAndBoxes;
use crate::tierdb::*;

/// The largest tier's blocks of ranks.
fn most_blocks<G: TierGame + ?Sized>(game: &G) -> u64 {
    (0..game.tiers())
        .map(|k| game.tier_size(k).div_ceil(BLOCK as u64))
        .max()
        .unwrap()
}

#[test]
fn rounds_of_blocks_write_the_bytes_of_one_process() {
    // Connect Four 5 x 4 (tiers of up to 14 blocks: 7 rounds on 2 processes), whose
    // 3,945,711 positions and draw are Tromp's ("John's Connect Four Playground",
    // https://tromp.github.io/c4/c4.html), and Dots-and-Boxes, a database of scores: 3 x 2
    // boxes (17 lines, every one of the 2^17 sets of lines a position, a block of ranks a
    // tier, two of the file) and 4 x 2 (22 lines, middle tiers of 11 blocks).
    let games: Vec<(Box<dyn TierGame>, &[usize], u64)> = vec![
        (Box::new(c4(5, 4)), &[2, 3, 5], 3_945_711),
        (Box::new(DotsAndBoxes::new(3, 2).unwrap()), &[2, 5], 1 << 17),
        (Box::new(DotsAndBoxes::new(4, 2).unwrap()), &[3], 1 << 22),
    ];
    assert_eq!(most_blocks(&c4(5, 4)), 14);
    assert_eq!(most_blocks(&DotsAndBoxes::new(4, 2).unwrap()), 11);
    for (game, sizes, positions) in games {
        let game = game.as_ref();
        let name = game.describe();
        let whole = TempDir::new("rounds-whole");
        let alone = build(game, &whole.0, &BuildOptions::default()).unwrap();
        assert_eq!(alone.positions, positions, "{name}");
        if name.starts_with("connect-four") {
            assert_eq!(
                alone.value.map(|v| v.outcome),
                Some(crate::value::Outcome::Draw)
            );
        }
        for &size in sizes {
            let dir = TempDir::new(&format!("rounds-{size}"));
            for report in split_one_thread(game, &dir.0, size, &BuildOptions::default()) {
                let report = report.unwrap();
                assert_eq!(
                    (report.positions, report.value),
                    (alone.positions, alone.value)
                );
            }
            assert_eq!(files(&whole.0), files(&dir.0), "{name}: {size} processes");
        }
    }
}

#[test]
fn rounds_stopped_resume_on_another_number_of_processes() {
    let game = c4(5, 4);
    let (whole, parts) = (
        TempDir::new("rounds-resume-1"),
        TempDir::new("rounds-resume"),
    );
    build(&game, &whole.0, &BuildOptions::default()).unwrap();
    let stop = BuildOptions {
        stop_after: Some(12),
        ..BuildOptions::default()
    };
    for report in split_one_thread(&game, &parts.0, 3, &stop) {
        assert_eq!(report.unwrap().written, (12..=20).rev().collect::<Vec<_>>());
    }
    let stop = BuildOptions {
        stop_after: Some(6),
        ..BuildOptions::default()
    };
    for report in split_one_thread(&game, &parts.0, 5, &stop) {
        assert_eq!(report.unwrap().kept, (12..=20).rev().collect::<Vec<_>>());
    }
    for report in split_one_thread(&game, &parts.0, 2, &BuildOptions::default()) {
        let report = report.unwrap();
        assert_eq!(report.written, (0..=5).rev().collect::<Vec<_>>());
        assert_eq!(report.positions, 3_945_711); // Tromp's count for 5 x 4
    }
    assert_eq!(files(&whole.0), files(&parts.0));
}

#[test]
fn the_values_a_process_holds_fall_with_the_number_of_processes() {
    use crate::limits::Budget;
    use crate::tierdb::build::{check_memory, round_blocks};
    use crate::tierdb::marks::held_bytes;
    // The values part of the model (marks spilled; less the marks' part, `held_bytes`),
    // on 7 x 6 and 5 x 5, as `check_memory` refuses with.
    let values = |game: &dyn TierGame, size: usize| -> u64 {
        let over = check_memory(game, &Budget::default().with_bytes(1), true, size);
        let needed = match over {
            Err(DbError::Memory { needed, .. }) => needed,
            other => panic!("{other:?}"),
        };
        needed - held_bytes(game, true, size, rayon::current_num_threads())
    };
    for game in [c4(7, 6), c4(5, 5)] {
        // Alone: the largest tier twice with the tier below, whole (unchanged).
        let whole = (0..game.tiers() - 1)
            .map(|k| 2 * game.tier_size(k) + game.tier_size(k + 1))
            .max()
            .unwrap();
        assert_eq!(values(&game, 1), whole);
        // Split: a process's share of a tier twice and of the tier below, and one round's
        // fetch: its positions with seven (five) moves each, 17 bytes a child reached.
        let round = (round_blocks() * BLOCK) as u64 * u64::from(game.width()) * 17;
        let mut last = whole;
        for size in [2, 4, 64, 1024] {
            let share = |k: u32| {
                let blocks = game.tier_size(k).div_ceil(BLOCK as u64);
                (blocks.div_ceil(size as u64) * BLOCK as u64).min(game.tier_size(k))
            };
            let most = (0..game.tiers() - 1)
                .map(|k| 2 * share(k) + share(k + 1) + round.min(17 * game.tier_size(k + 1)))
                .max()
                .unwrap();
            let now = values(&game, size);
            assert!(now <= most, "{size}: {now} {most}");
            assert!(now < last, "{size}: {now} {last}");
            last = now;
        }
        // On 1,024 processes, 7 x 6's values take about a thousandth of one process's.
        if game.width() == 7 {
            assert!(last * 500 < whole, "{last} {whole}");
        }
    }
}
