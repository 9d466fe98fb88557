//! The reachability pass split across processes: each holds its own blocks' marks only,
//! and lists the child ranks its blocks reach in the others' blocks for their owners; the
//! marks, the counts and the files are one process's.

use super::{c4, files, split_one_thread, TempDir};
use crate::games::dots_and_boxes::DotsAndBoxes;
use crate::tierdb::layout::BLOCK;
use crate::tierdb::marks::{read_foreign, Foreign};
use crate::tierdb::split::Ranks;
use crate::tierdb::*;

#[test]
fn lists_of_child_ranks_read_back_sorted_without_repeats() {
    let tiers = [3u32, 70_000];
    let mut foreign = Foreign::new(&tiers, 3);
    let pushed: [(usize, usize, u64); 9] = [
        (1, 0, 5),
        (1, 0, 0),
        (1, 0, 5),
        (1, 1, 1 << 40),
        (1, 1, 127),
        (1, 1, 128),
        (2, 0, u64::MAX >> 1),
        (2, 0, 300),
        (2, 0, 300),
    ];
    for (owner, child, rank) in pushed {
        foreign.push(owner, child, rank);
    }
    let parts = foreign.encode();
    assert_eq!(parts.len(), 3);
    let read = |bytes: &[u8]| -> Vec<Place> {
        let mut got = Vec::new();
        read_foreign(bytes, 4, |at| {
            got.push(at);
            Ok(())
        })
        .unwrap();
        got
    };
    let place = |tier, rank| Place { tier, rank };
    assert!(parts[0].is_empty());
    assert_eq!(
        read(&parts[1]),
        vec![
            place(3, 0),
            place(3, 5),
            place(70_000, 127),
            place(70_000, 128),
            place(70_000, 1 << 40)
        ]
    );
    assert_eq!(
        read(&parts[2]),
        vec![place(3, 300), place(3, u64::MAX >> 1)]
    );
    // Tier, count, then one byte a difference below 128: tier 3's 4 bytes, then 70,000 in
    // 3, the count, 127, 1 and 2^40 - 128 in 6.
    assert_eq!(parts[1].len(), 4 + 3 + 1 + 1 + 1 + 6);
    // Lists cut short, or with a rank twice, name their sender.
    let fail = |bytes: &[u8]| read_foreign(bytes, 4, |_| Ok(())).unwrap_err().to_string();
    let cut = fail(&parts[1][..parts[1].len() - 1]);
    assert_eq!(
        cut,
        "process 4 of the build: its lists of child ranks came cut"
    );
    assert!(fail(&[3, 2, 5, 0]).ends_with("came out of order"));
    assert!(fail(&[3, 1, 0xFF]).ends_with("came cut"));
    assert!(read_foreign(&[3, 2, 0, 1], 4, |_| Ok(())).is_ok());
}

#[test]
fn a_process_marks_words_hold_its_own_blocks_one_after_the_other() {
    for size in 1..=5 {
        for ranks in [
            0,
            1,
            64,
            65,
            BLOCK as u64,
            3 * BLOCK as u64 + 1000,
            7 * BLOCK as u64,
        ] {
            let mut held = 0;
            for me in Local::group(size) {
                let owner = Ranks::new(&me).owner();
                // The plain count: a word of a block for each 64 ranks of it, or part.
                let blocks = ranks.div_ceil(BLOCK as u64) as usize;
                let words: usize = (0..blocks)
                    .filter(|&b| owner.owns(b))
                    .map(|b| (ranks - (b * BLOCK) as u64).min(BLOCK as u64).div_ceil(64) as usize)
                    .sum();
                assert_eq!(owner.share_words(ranks), words, "{size} {ranks}");
                held += words;
            }
            assert_eq!(held as u64, ranks.div_ceil(64), "{size} {ranks}");
        }
    }
}

#[test]
fn a_split_reachability_pass_marks_what_one_process_does() {
    // Connect Four 5 x 4: tiers of up to 14 blocks, each move reaching ranks all over the
    // next tier (5,621,939 ranks; 3,945,711 positions reachable, John Tromp's count in
    // "John's Connect Four Playground", https://tromp.github.io/c4/c4.html);
    // Dots-and-Boxes 3 x 2, scores.
    let games: Vec<Box<dyn TierGame>> = vec![
        Box::new(c4(5, 4)),
        Box::new(DotsAndBoxes::new(3, 2).unwrap()),
    ];
    for game in games {
        let game = game.as_ref();
        let name = game.describe();
        let whole = TempDir::new("marks-whole");
        let alone = build(game, &whole.0, &BuildOptions::default()).unwrap();
        if name.starts_with("connect-four") {
            assert_eq!(alone.positions, 3_945_711);
            let blocks = (0..game.tiers()).map(|k| game.tier_size(k).div_ceil(BLOCK as u64));
            assert_eq!(blocks.max(), Some(14));
        }
        for size in [2, 3, 5] {
            let dir = TempDir::new(&format!("marks-{size}"));
            for report in split_one_thread(game, &dir.0, size, &BuildOptions::default()) {
                let report = report.unwrap();
                assert_eq!(report.per_tier, alone.per_tier, "{name}: {size}");
                assert_eq!(report.value, alone.value, "{name}: {size}");
            }
            assert_eq!(files(&whole.0), files(&dir.0), "{name}: {size} processes");
        }
    }
}
