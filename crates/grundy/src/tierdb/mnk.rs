//! m,n,k-games (tic-tac-toe and its larger boards) as tier games: tier `t` holds the boards
//! with `t` stones, numbered by [`Mnk::rank`]; a move places a stone, so it leads to tier
//! `t + 1`.

use super::game::{draw_board, draw_rows, End, Identity, Place, TierGame};
use crate::drawing::{Drawing, Fill, Shape};
use crate::games::mnk::{Grid, Mnk};

impl Mnk {
    fn place_of(&self, grid: &Grid) -> Place {
        Place {
            tier: grid.stones(),
            rank: self.rank(grid),
        }
    }

    /// The empty cells where the player to move may play, none once the game is over.
    fn open_cells(&self, grid: &Grid) -> impl Iterator<Item = u32> {
        let empty = match self.is_won(grid) {
            true => 0,
            false => self.empty(grid),
        };
        (0..self.cells()).filter(move |c| empty >> c & 1 == 1)
    }
}

impl TierGame for Mnk {
    fn identity(&self) -> Identity {
        Identity::new(
            "mnk",
            &[
                ("width", u64::from(self.width())),
                ("height", u64::from(self.height())),
                ("line", u64::from(self.line())),
            ],
        )
    }

    fn tiers(&self) -> u32 {
        self.cells() + 1
    }

    fn describe(&self) -> String {
        match *self == Mnk::tic_tac_toe() {
            true => "tic-tac-toe".to_string(),
            false => format!(
                "mnk {} x {}, lines of {}",
                self.width(),
                self.height(),
                self.line()
            ),
        }
    }

    fn words(&self) -> String {
        match *self == Mnk::tic_tac_toe() {
            true => "tic-tac-toe".to_string(),
            false => format!("mnk {} {} {}", self.width(), self.height(), self.line()),
        }
    }

    fn move_name(&self, label: &str) -> String {
        format!("cell {label}")
    }

    fn tier_size(&self, tier: u32) -> u64 {
        Mnk::tier_size(self, tier)
    }

    fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End> {
        let grid = self.unrank(at.tier, at.rank);
        if self.is_won(&grid) {
            return Some(End::Loss);
        }
        if grid.stones() == self.cells() {
            return Some(End::Draw);
        }
        children.extend(
            self.open_cells(&grid)
                .map(|cell| self.place_of(&self.play(&grid, cell))),
        );
        None
    }

    fn labels(&self, at: Place) -> Vec<String> {
        let grid = self.unrank(at.tier, at.rank);
        self.open_cells(&grid)
            .map(|c| (c + 1).to_string())
            .collect()
    }

    /// The cells played from the start, numbered from 1 row by row from the top left,
    /// separated by spaces or commas (`5 1 9`).
    fn parse(&self, text: &str) -> Result<Place, String> {
        self.play_all(text)
            .map(|grid| self.place_of(&grid))
            .map_err(|e| e.to_string())
    }

    /// The board, top row first: `X` the first player's stones, `O` the second's.
    fn show(&self, at: Place) -> String {
        let grid = self.unrank(at.tier, at.rank);
        draw_rows(self.width(), self.height(), |row, col| {
            let c = row * self.width() + col;
            match (grid.x >> c & 1, grid.o >> c & 1) {
                (1, _) => 'X',
                (_, 1) => 'O',
                _ => '.',
            }
        })
    }

    /// The board, top row first: `X`'s stones red ([`Fill::First`]) and marked `X`, `O`'s
    /// yellow and marked `O`; a click
    /// on an empty cell plays there while the game goes on.
    fn draw(&self, at: Place) -> Option<Drawing> {
        let grid = self.unrank(at.tier, at.rank);
        let open: u64 = self.open_cells(&grid).fold(0, |set, c| set | 1 << c);
        let size = (self.width(), self.height());
        Some(draw_board(size, Shape::Square, |row, col| {
            let c = row * self.width() + col;
            let fill = match (grid.x >> c & 1, grid.o >> c & 1) {
                (1, _) => Fill::First,
                (_, 1) => Fill::Second,
                _ => Fill::Empty,
            };
            (fill, (open >> c & 1 == 1).then(|| (c + 1).to_string()))
        }))
    }
}
