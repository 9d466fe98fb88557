//! Connect Four as a tier game: tier `k` holds the boards with `k` stones, numbered by
//! [`ConnectFour::rank`]; a move drops a stone, so it leads to tier `k + 1`.

use super::game::{draw_board, draw_rows, End, Identity, Place, TierGame, Visit};
use crate::drawing::{Drawing, Fill, Shape};
use crate::games::connect_four::{Board, ConnectFour};

impl ConnectFour {
    fn board_at(&self, at: Place) -> Board {
        self.unrank(at.tier, at.rank)
    }

    fn place_of(&self, board: &Board) -> Place {
        Place {
            tier: board.stones(),
            rank: self.rank(board),
        }
    }

    /// [`TierGame::expand`] of a board at hand.
    fn expand_board(&self, board: &Board, children: &mut Vec<Place>) -> Option<End> {
        if board.is_won(self) {
            return Some(End::Loss);
        }
        if board.stones() == self.cells() {
            return Some(End::Draw);
        }
        let tier = board.stones() + 1;
        self.move_ranks(board, |_, rank| children.push(Place { tier, rank }));
        None
    }
}

/// The most ranks [`TierGame::expand_ranks`] steps over ([`ConnectFour::next`]) before it
/// unranks the next one instead.
const MAX_STEPS: u64 = 8;

impl TierGame for ConnectFour {
    fn identity(&self) -> Identity {
        Identity::new(
            "connect-four",
            &[
                ("width", u64::from(self.width())),
                ("height", u64::from(self.height())),
                ("connect", 4),
            ],
        )
    }

    fn tiers(&self) -> u32 {
        self.cells() + 1
    }

    fn describe(&self) -> String {
        format!("connect-four {} x {}", self.width(), self.height())
    }

    fn words(&self) -> String {
        format!("connect-four {} {}", self.width(), self.height())
    }

    fn move_name(&self, label: &str) -> String {
        format!("column {label}")
    }

    fn tier_size(&self, tier: u32) -> u64 {
        ConnectFour::tier_size(self, tier)
    }

    fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End> {
        self.expand_board(&self.board_at(at), children)
    }

    /// Steps from each rank to the next ([`ConnectFour::next`]) where the ranks are close,
    /// and unranks where they are not.
    fn expand_ranks(&self, tier: u32, ranks: &mut dyn Iterator<Item = u64>, visit: &mut Visit<'_>) {
        let mut children = Vec::new();
        let mut last: Option<(u64, Board)> = None;
        for rank in ranks {
            let board = match last {
                Some((before, board)) if rank > before && rank - before <= MAX_STEPS => (before
                    ..rank)
                    .try_fold(board, |board, _| self.next(&board))
                    .unwrap_or_else(|| self.unrank(tier, rank)),
                _ => self.unrank(tier, rank),
            };
            last = Some((rank, board));
            children.clear();
            let end = self.expand_board(&board, &mut children);
            if visit(rank, end, &children).is_break() {
                return;
            }
        }
    }

    fn labels(&self, at: Place) -> Vec<String> {
        let board = self.board_at(at);
        if board.is_over(self) {
            return Vec::new();
        }
        (0..self.width())
            .filter(|&col| self.can_play(&board, col))
            .map(|col| (col + 1).to_string())
            .collect()
    }

    /// The columns played from the start, from 1 (`4453`, or `4,4,5,3` past column 9).
    fn parse(&self, text: &str) -> Result<Place, String> {
        self.play_all(text)
            .map(|board| self.place_of(&board))
            .map_err(|e| e.to_string())
    }

    /// The board, top row first: `X` the first player's stones, `O` the second's.
    fn show(&self, at: Place) -> String {
        let board = self.board_at(at);
        // X moves first: with an even number of stones the player to move is X.
        let x_to_move = board.stones().is_multiple_of(2);
        draw_rows(self.width(), self.height(), |row, col| {
            let bit = 1u64 << (self.height() - 1 - row + col * (self.height() + 1));
            match (board.mask & bit != 0, (board.mine & bit != 0) == x_to_move) {
                (false, _) => '.',
                (true, true) => 'X',
                (true, false) => 'O',
            }
        })
    }

    /// The board of discs, top row first: the first player's red ([`Fill::First`]), the
    /// second's yellow; a click anywhere in a column with room drops a disc there.
    fn draw(&self, at: Place) -> Option<Drawing> {
        let board = self.board_at(at);
        let x_to_move = board.stones().is_multiple_of(2);
        let over = board.is_over(self);
        let size = (self.width(), self.height());
        Some(draw_board(size, Shape::Disc, |row, col| {
            let bit = 1u64 << (self.height() - 1 - row + col * (self.height() + 1));
            let fill = match (board.mask & bit != 0, (board.mine & bit != 0) == x_to_move) {
                (false, _) => Fill::Empty,
                (true, true) => Fill::First,
                (true, false) => Fill::Second,
            };
            let open = !over && self.can_play(&board, col);
            (fill, open.then(|| (col + 1).to_string()))
        }))
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::*;

    #[test]
    fn places_parse_show_and_expand_as_the_board_does() {
        let game = ConnectFour::new(4, 3).unwrap();
        let at = game.parse("1213").unwrap();
        assert_eq!(at.tier, 4);
        assert_eq!(game.show(at), "....\nX...\nXOO.");
        let mut children = Vec::new();
        assert_eq!(game.expand(at, &mut children), None);
        assert_eq!(children.len(), 4);
        assert_eq!(game.labels(at), ["1", "2", "3", "4"]);
        assert!(children.iter().all(|c| c.tier == 5));
        let won = game.parse("1122334").unwrap();
        assert_eq!(game.expand(won, &mut children), Some(End::Loss));
        assert!(game.labels(won).is_empty());
        assert!(game.parse("9").unwrap_err().contains("not a column"));
    }

    /// Walking a tier's ranks (stepping over short gaps, unranking past long ones) finds
    /// what `expand` finds rank by rank.
    #[test]
    fn expand_ranks_agrees_with_expand() {
        let game = ConnectFour::new(4, 4).unwrap();
        let mut seed = 7u64;
        for tier in 0..=game.cells() {
            let size = game.tier_size(tier);
            let mut ranks = Vec::new();
            let mut rank = 0;
            while rank < size {
                ranks.push(rank);
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                rank += 1 + (seed >> 33) % 12; // gaps of 1 to 12: steps and unranks
            }
            let mut seen = Vec::new();
            game.expand_ranks(
                tier,
                &mut ranks.iter().copied(),
                &mut |rank, end, children| {
                    let mut expected = Vec::new();
                    let expected_end = game.expand(Place { tier, rank }, &mut expected);
                    assert_eq!(
                        (end, children),
                        (expected_end, &expected[..]),
                        "tier {tier} rank {rank}"
                    );
                    seen.push(rank);
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(seen, ranks, "tier {tier}");
        }
        let mut visits = 0;
        game.expand_ranks(8, &mut (0..100), &mut |_, _, _| {
            visits += 1;
            ControlFlow::Break(())
        });
        assert_eq!(visits, 1, "a break stops the walk");
    }

    /// The drawing shows the discs as `show` writes them and clicks exactly the moves.
    #[test]
    fn the_drawing_matches_the_text_and_the_moves() {
        let game = ConnectFour::new(4, 3).unwrap();
        for moves in ["", "1213", "1122334", "111222"] {
            let at = game.parse(moves).unwrap();
            let Some(Drawing::Grid(grid)) = game.draw(at) else {
                panic!("a grid")
            };
            let text: Vec<String> = grid
                .cells
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|c| match c.fill {
                            Fill::First => 'X',
                            Fill::Second => 'O',
                            _ => '.',
                        })
                        .collect()
                })
                .collect();
            assert_eq!(text.join("\n"), game.show(at), "{moves}");
            let labels = game.labels(at);
            let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
            let drawing = Drawing::Grid(grid);
            drawing.check(&labels).unwrap();
            let mut clicks = drawing.clicks();
            clicks.sort_unstable();
            clicks.dedup();
            assert_eq!(clicks, labels, "{moves}");
        }
    }
}
