use super::*;

#[test]
fn rank_is_a_bijection_on_small_boards() {
    for (w, h) in [(1, 1), (2, 3), (3, 3), (4, 2), (3, 4)] {
        let game = ConnectFour::new(w, h).unwrap();
        for k in 0..=game.cells() {
            for r in 0..game.tier_size(k) {
                let board = game.unrank(k, r);
                assert_eq!(board.stones(), k);
                assert_eq!(game.rank(&board), r, "{w}x{h} tier {k}");
            }
        }
    }
}

/// The ranks of every move, found together, are the ranks of the boards they make.
#[test]
fn move_ranks_are_the_ranks_of_the_moves() {
    for (w, h) in [(1, 1), (2, 3), (3, 3), (4, 2), (3, 4), (4, 4), (5, 2)] {
        let game = ConnectFour::new(w, h).unwrap();
        for k in 0..game.cells() {
            for r in 0..game.tier_size(k) {
                let board = game.unrank(k, r);
                let mut ranks = Vec::new();
                game.move_ranks(&board, |col, rank| ranks.push((col, rank)));
                let expected: Vec<(u32, u64)> = (0..game.width())
                    .filter(|&col| game.can_play(&board, col))
                    .map(|col| (col, game.rank(&game.play(&board, col))))
                    .collect();
                assert_eq!(ranks, expected, "{w}x{h} tier {k} rank {r}");
            }
        }
    }
}

/// Stepping from rank to rank visits the same boards as unranking each.
#[test]
fn next_walks_the_ranks_in_order() {
    for (w, h) in [(1, 1), (2, 3), (3, 3), (4, 2), (3, 4), (4, 4)] {
        let game = ConnectFour::new(w, h).unwrap();
        for k in 0..=game.cells() {
            let mut board = game.unrank(k, 0);
            for r in 1..game.tier_size(k) {
                board = game.next(&board).expect("a next rank");
                assert_eq!(board, game.unrank(k, r), "{w}x{h} tier {k} rank {r}");
            }
            assert_eq!(game.next(&board), None, "{w}x{h} tier {k}");
        }
    }
}

#[test]
fn lines_in_every_direction() {
    let game = ConnectFour::new(7, 6).unwrap();
    for (moves, won) in [
        ("1213141", true), // row
        ("1212121", true), // column
        ("1223433454", false),
        ("12234334544", true), // X: the rising diagonal from column 1
        ("76654554344", true), // its mirror image
    ] {
        let board = game.play_all(moves).unwrap();
        assert_eq!(board.is_won(&game), won, "{moves}");
    }
    assert!(game.play_all("12345671234567").is_ok());
    let err = game.play_all("12121212").unwrap_err();
    assert!(err.to_string().contains("already won"), "{err}");
}

#[test]
fn sizes_refused() {
    for (w, h) in [(0, 4), (4, 0), (8, 8), (33, 1), (u64::MAX, u64::MAX)] {
        assert!(ConnectFour::new(w, h).is_err());
    }
    assert!(ConnectFour::new(32, 1).is_ok() && ConnectFour::new(1, 63).is_ok());
}
