//! Connect Four on any board of `width` columns and `height` rows with
//! `(height + 1) * width <= 64`: bitboards (Pons' encoding: the stones of the player to move
//! and the mask of all stones, one `u64` each, a column `height + 1` bits with an empty
//! sentinel bit on top) and a perfect ranking of the boards with `k` stones, which the tier
//! databases use as file offsets.
//!
//! A line of four wins; the first player ("X") moves first; a full board without a line is
//! a draw. A position where the last mover made a line is over: it has no moves.
//!
//! # The ranking
//!
//! A board of tier `k` (`k` stones) is its column heights (each `0..=height`, summing to
//! `k`) and which of its `k` stones are X's (`ceil(k / 2)` of them, since X moves first and
//! the players alternate). The heights are ranked in lexicographic order among the vectors
//! with that sum, the colouring by the combinatorial number system among the
//! `C(k, ceil(k / 2))` subsets (stones taken column by column, bottom up), and
//! `rank = heights_rank * C(k, ceil(k / 2)) + colouring_rank`. Every rank below
//! [`ConnectFour::tier_size`] is a board (some unreachable in play: both players with a
//! line, or play past a line), every board one rank.

use thiserror::Error;

mod subset;

use subset::next_subset;

/// The most cells a [`ConnectFour`] board may have with its sentinel row: one `u64`.
pub const MAX_BITS: u32 = 64;

/// Why a board size or a sequence of moves was refused.
///
/// # Examples
///
/// ```
/// use grundy::games::connect_four::{ConnectFour, ConnectFourError};
/// assert!(matches!(ConnectFour::new(0, 4), Err(ConnectFourError::Size { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ConnectFourError {
    /// The board is empty or does not fit a bitboard.
    #[error(
        "a Connect Four board needs width and height of at least 1 and (height + 1) * width \
         at most 64, found {width} x {height}"
    )]
    Size {
        /// Columns asked for.
        width: u64,
        /// Rows asked for.
        height: u64,
    },
    /// A move of a sequence cannot be played.
    #[error("move {index} of '{moves}': {reason}")]
    Move {
        /// The sequence as given.
        moves: String,
        /// The move's place in it, from 1.
        index: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// The rules of Connect Four on one board size, with the tables of its ranking.
///
/// # Examples
///
/// ```
/// use grundy::games::connect_four::ConnectFour;
/// let game = ConnectFour::new(4, 4).unwrap();
/// let board = game.play_all("1212121").unwrap();
/// assert!(board.is_over(&game)); // X lined up four in column 1
/// assert_eq!(game.unrank(7, game.rank(&board)), board);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectFour {
    width: u32,
    height: u32,
    /// `binomial[n][r]` for `n, r <= 64`.
    binomial: Vec<[u64; 65]>,
    /// `ways[c][s]`: height vectors of `c` columns summing to `s`.
    ways: Vec<Vec<u64>>,
    /// `ways_below[(c * (cells + 1) + s) * (height + 1) + h]`: the sum of `ways[c][s - v]`
    /// for `v < h`: the height vectors that [`ConnectFour::rank`] counts before a column of
    /// `h` stones followed by `c` columns, `s` stones left (one lookup a column).
    ways_below: Vec<u64>,
}

/// A position: the stones of the player to move, all stones, and their count.
///
/// # Examples
///
/// ```
/// use grundy::games::connect_four::{Board, ConnectFour};
/// let game = ConnectFour::new(5, 4).unwrap();
/// assert_eq!(Board::start().stones(), 0);
/// assert_eq!(game.play_all("33").unwrap().stones(), 2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    /// The stones of the player to move.
    pub mine: u64,
    /// Every stone on the board.
    pub mask: u64,
}

impl Board {
    /// The empty board.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::connect_four::Board::start().mask, 0);
    /// ```
    pub fn start() -> Board {
        Board::default()
    }

    /// The number of stones on the board (its tier).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::connect_four::Board::start().stones(), 0);
    /// ```
    pub fn stones(&self) -> u32 {
        self.mask.count_ones()
    }

    /// True when the player who just moved has a line: the game is over, lost for the
    /// player to move.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::connect_four::ConnectFour;
    /// let game = ConnectFour::new(4, 4).unwrap();
    /// assert!(game.play_all("1213141").unwrap().is_won(&game)); // X's bottom row
    /// ```
    pub fn is_won(&self, game: &ConnectFour) -> bool {
        game.has_line(self.mine ^ self.mask)
    }

    /// True when the game is over: a line was made or the board is full.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::connect_four::{Board, ConnectFour};
    /// let game = ConnectFour::new(4, 4).unwrap();
    /// assert!(!Board::start().is_over(&game));
    /// ```
    pub fn is_over(&self, game: &ConnectFour) -> bool {
        self.is_won(game) || self.stones() == game.cells()
    }
}

impl ConnectFour {
    /// The game on `width` columns and `height` rows.
    ///
    /// # Errors
    ///
    /// [`ConnectFourError::Size`] when a side is 0 or `(height + 1) * width > 64`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::connect_four::ConnectFour;
    /// assert!(ConnectFour::new(7, 6).is_ok());
    /// assert!(ConnectFour::new(8, 8).is_err());
    /// ```
    pub fn new(width: u64, height: u64) -> Result<ConnectFour, ConnectFourError> {
        if width == 0
            || height == 0
            || height.saturating_add(1).saturating_mul(width) > u64::from(MAX_BITS)
        {
            return Err(ConnectFourError::Size { width, height });
        }
        let (w, h) = (width as u32, height as u32);
        let mut binomial = vec![[0u64; 65]; 65];
        for n in 0..=64 {
            binomial[n][0] = 1;
            for r in 1..=n {
                binomial[n][r] = binomial[n - 1][r - 1].saturating_add(binomial[n - 1][r]);
            }
        }
        let cells = (w * h) as usize;
        let mut ways = vec![vec![0u64; cells + 1]; w as usize + 1];
        ways[0][0] = 1;
        for c in 1..=w as usize {
            for s in 0..=cells {
                ways[c][s] = (0..=(h as usize).min(s)).map(|v| ways[c - 1][s - v]).sum();
            }
        }
        let mut ways_below = vec![0u64; (w as usize) * (cells + 1) * (h as usize + 1)];
        for (c, ways_c) in ways.iter().take(w as usize).enumerate() {
            for s in 0..=cells {
                let at = (c * (cells + 1) + s) * (h as usize + 1);
                for v in 0..(h as usize).min(s) {
                    ways_below[at + v + 1] = ways_below[at + v].saturating_add(ways_c[s - v]);
                }
            }
        }
        Ok(ConnectFour {
            width: w,
            height: h,
            binomial,
            ways,
            ways_below,
        })
    }

    /// Columns.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::connect_four::ConnectFour::new(5, 4).unwrap().width(), 5);
    /// ```
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::connect_four::ConnectFour::new(5, 4).unwrap().height(), 4);
    /// ```
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Cells: `width * height`, the last tier.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::connect_four::ConnectFour::new(5, 4).unwrap().cells(), 20);
    /// ```
    pub fn cells(&self) -> u32 {
        self.width * self.height
    }

    fn stride(&self) -> u32 {
        self.height + 1
    }

    fn has_line(&self, stones: u64) -> bool {
        let h = u64::from(self.height);
        for d in [1, h + 1, h, h + 2] {
            let m = stones & (stones >> d);
            if m & (m >> (2 * d)) != 0 {
                return true;
            }
        }
        false
    }

    /// True when column `col` (from 0) has room.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::connect_four::{Board, ConnectFour};
    /// let game = ConnectFour::new(4, 1).unwrap();
    /// let board = game.play_all("1").unwrap();
    /// assert!(!game.can_play(&board, 0) && game.can_play(&board, 1));
    /// ```
    pub fn can_play(&self, board: &Board, col: u32) -> bool {
        col < self.width && board.mask & (1u64 << (self.height - 1 + col * self.stride())) == 0
    }

    /// The board after a stone is dropped in column `col` (from 0), seen from the next
    /// player. The caller checks [`ConnectFour::can_play`] and that the game is not over.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::connect_four::{Board, ConnectFour};
    /// let game = ConnectFour::new(4, 4).unwrap();
    /// let after = game.play(&Board::start(), 2);
    /// assert_eq!((after.mine, after.mask), (0, 1 << 10));
    /// ```
    pub fn play(&self, board: &Board, col: u32) -> Board {
        let bottom = 1u64 << (col * self.stride());
        Board {
            mine: board.mine ^ board.mask,
            mask: board.mask | (board.mask + bottom),
        }
    }

    /// The board after the moves `moves`, columns from 1 as in John Tromp's and Pascal Pons'
    /// notation: a string of digits (`"4453"`) or, for boards wider than 9, numbers
    /// separated by commas or spaces (`"10,3"`).
    ///
    /// # Errors
    ///
    /// [`ConnectFourError::Move`] naming the first move that is not a column, is full, or
    /// follows the end of the game.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::connect_four::ConnectFour;
    /// let game = ConnectFour::new(4, 4).unwrap();
    /// assert_eq!(game.play_all("").unwrap().stones(), 0);
    /// assert!(game.play_all("11111").is_err()); // column 1 holds four
    /// assert!(game.play_all("5").is_err());
    /// ```
    pub fn play_all(&self, moves: &str) -> Result<Board, ConnectFourError> {
        let trimmed = moves.trim();
        let words: Vec<String> = if trimmed.contains([',', ' ']) {
            trimmed
                .split([',', ' '])
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect()
        } else {
            trimmed.chars().map(String::from).collect()
        };
        let mut board = Board::start();
        for (i, word) in words.iter().enumerate() {
            let fail = |reason: String| ConnectFourError::Move {
                moves: moves.to_string(),
                index: i + 1,
                reason,
            };
            let col: u32 = match word.parse::<u32>() {
                Ok(c) if (1..=self.width).contains(&c) => c - 1,
                _ => {
                    return Err(fail(format!(
                        "'{word}' is not a column from 1 to {}",
                        self.width
                    )))
                }
            };
            if board.is_won(self) {
                return Err(fail("the game is already won".into()));
            }
            if !self.can_play(&board, col) {
                return Err(fail(format!("column {} is full", col + 1)));
            }
            board = self.play(&board, col);
        }
        Ok(board)
    }

    /// The number of boards of tier `k` (`k` stones) in rank space: the height vectors
    /// times the colourings, reachable in play or not; 0 past the last tier.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::connect_four::ConnectFour;
    /// let game = ConnectFour::new(4, 4).unwrap();
    /// assert_eq!(game.tier_size(0), 1);
    /// assert_eq!(game.tier_size(1), 4);
    /// assert_eq!(game.tier_size(2), 10 * 2); // 10 height vectors, X's stone first or second
    /// ```
    pub fn tier_size(&self, k: u32) -> u64 {
        if k > self.cells() {
            return 0;
        }
        self.ways[self.width as usize][k as usize]
            .saturating_mul(self.binomial[k as usize][k.div_ceil(2) as usize])
    }

    /// The rank of `board` within its tier ([`Board::stones`]): below
    /// [`ConnectFour::tier_size`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::connect_four::ConnectFour;
    /// let game = ConnectFour::new(4, 4).unwrap();
    /// let board = game.play_all("2231").unwrap();
    /// assert_eq!(game.unrank(4, game.rank(&board)), board);
    /// ```
    pub fn rank(&self, board: &Board) -> u64 {
        let k = board.stones();
        let xs = if k.is_multiple_of(2) {
            board.mine
        } else {
            board.mine ^ board.mask
        };
        let stride = self.stride();
        let column = (1u64 << self.height) - 1;
        let (cells, rows) = (self.cells() as usize + 1, self.height as usize + 1);
        let mut heights_rank = 0u64;
        let mut left = k as usize;
        let mut colour_rank = 0u64;
        let mut seen = 0usize; // stones so far
        let mut x_seen = 0usize; // X's stones so far
        for c in 0..self.width {
            let bits = (board.mask >> (c * stride)) & column;
            let h = bits.count_ones() as usize;
            let cols_after = (self.width - 1 - c) as usize;
            heights_rank += self.ways_below[(cols_after * cells + left) * rows + h];
            left -= h;
            // The X stones of the column, bottom up: each adds the colourings before it.
            let mut x_bits = (xs >> (c * stride)) & column;
            while x_bits != 0 {
                x_seen += 1;
                colour_rank += self.binomial[seen + x_bits.trailing_zeros() as usize][x_seen];
                x_bits &= x_bits - 1;
            }
            seen += h;
        }
        heights_rank * self.binomial[k as usize][k.div_ceil(2) as usize] + colour_rank
    }

    /// The board of rank `rank` in tier `k` (the inverse of [`ConnectFour::rank`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::connect_four::{Board, ConnectFour};
    /// let game = ConnectFour::new(5, 4).unwrap();
    /// assert_eq!(game.unrank(0, 0), Board::start());
    /// ```
    pub fn unrank(&self, k: u32, rank: u64) -> Board {
        let xs_count = k.div_ceil(2) as usize;
        let colourings = self.binomial[k as usize][xs_count];
        let mut heights_rank = rank / colourings;
        let mut colour_rank = rank % colourings;
        let stride = self.stride();
        // Heights, column by column.
        let mut left = k as usize;
        let mut cells = [0u32; 64]; // bit index of each stone, in rank order
        let mut n = 0usize;
        for c in 0..self.width {
            let cols_after = (self.width - 1 - c) as usize;
            let mut h = 0usize;
            while h <= self.height as usize && h <= left {
                let count = self.ways[cols_after][left - h];
                if heights_rank < count {
                    break;
                }
                heights_rank -= count;
                h += 1;
            }
            for r in 0..h {
                cells[n] = c * stride + r as u32;
                n += 1;
            }
            left -= h;
        }
        // Colouring: the largest p with C(p, i) <= rest, for i = xs_count down to 1.
        let mut xs = 0u64;
        let mut p = k as usize;
        for i in (1..=xs_count).rev() {
            p -= 1;
            while self.binomial[p][i] > colour_rank {
                p -= 1;
            }
            colour_rank -= self.binomial[p][i];
            xs |= 1u64 << cells[p];
        }
        let mask = cells[..n].iter().fold(0u64, |m, &b| m | 1u64 << b);
        let mine = if k.is_multiple_of(2) { xs } else { xs ^ mask };
        Board { mine, mask }
    }

    /// Calls `each(col, rank)` for every column `col` with room, in order, with the rank of
    /// the board after a stone is dropped there: [`ConnectFour::rank`] of
    /// [`ConnectFour::play`], the work of all the moves shared. The new stone shifts the
    /// stones after it (in rank order) up one place, and makes one more X stone when X
    /// moves; so each move's rank is a prefix sum of the columns before it, the new
    /// stone's term and a suffix sum of the columns after it, each sum found once.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::connect_four::ConnectFour;
    /// let game = ConnectFour::new(4, 4).unwrap();
    /// let board = game.play_all("2231").unwrap();
    /// let mut ranks = Vec::new();
    /// game.move_ranks(&board, |col, rank| ranks.push((col, rank)));
    /// let expected: Vec<(u32, u64)> =
    ///     (0..4).map(|col| (col, game.rank(&game.play(&board, col)))).collect();
    /// assert_eq!(ranks, expected);
    /// ```
    pub fn move_ranks(&self, board: &Board, mut each: impl FnMut(u32, u64)) {
        const COLS: usize = MAX_BITS as usize / 2;
        const NO_MOVE: u64 = u64::MAX; // a full column
        let k = board.stones() as usize;
        if k >= self.cells() as usize {
            return; // a full board: no moves
        }
        let x_moves = k.is_multiple_of(2);
        let xs = match x_moves {
            true => board.mine,
            false => board.mine ^ board.mask,
        };
        let stride = self.stride();
        let column = (1u64 << self.height) - 1;
        let (cells, rows) = (self.cells() as usize + 1, self.height as usize + 1);
        let w = self.width as usize;
        let binomial = &self.binomial;
        let shift = usize::from(x_moves); // the new stone is X's: the X stones after it count one more
        let colourings = binomial[k + 1][(k + 1).div_ceil(2)];
        // A move in column c: the columns before it and the stone give `before[c]`; the
        // columns after it each give `after[c']`, summed from the last column back.
        let mut before = [NO_MOVE; COLS];
        let mut after = [0u64; COLS];
        let (mut left, mut seen, mut x_seen) = (k, 0usize, 0usize);
        let (mut heights_before, mut colour_before) = (0u64, 0u64);
        for c in 0..w {
            let h = ((board.mask >> (c as u32 * stride)) & column).count_ones() as usize;
            let at = ((w - 1 - c) * cells + left) * rows + h; // ways_below, `left` stones left
            let mut moved = 0u64; // this column's X stones, one place up
            let mut x_bits = (xs >> (c as u32 * stride)) & column;
            while x_bits != 0 {
                x_seen += 1;
                let index = seen + x_bits.trailing_zeros() as usize;
                colour_before += binomial[index][x_seen];
                moved += binomial[index + 1][x_seen + shift];
                x_bits &= x_bits - 1;
            }
            seen += h;
            if h < self.height as usize {
                // One more stone left from here on, one more in this column.
                let heights_rank = heights_before + self.ways_below[at + rows + 1];
                let new_stone = match x_moves {
                    true => binomial[seen][x_seen + 1],
                    false => 0,
                };
                before[c] = heights_rank * colourings + colour_before + new_stone;
            }
            after[c] = self.ways_below[at] * colourings + moved;
            heights_before += self.ways_below[at + rows];
            left -= h;
        }
        let mut later = 0u64;
        for c in (0..w).rev() {
            if before[c] != NO_MOVE {
                before[c] += later;
            }
            later += after[c];
        }
        for (c, &rank) in before[..w].iter().enumerate() {
            if rank != NO_MOVE {
                each(c as u32, rank);
            }
        }
    }

    /// The board of the next rank of its tier (`rank(board) + 1`), or `None` when `board`
    /// has the tier's last rank. Cheaper than [`ConnectFour::unrank`] for a walk through a
    /// tier in rank order: the colourings of one height vector follow each other as the
    /// subsets of its stones in increasing order (the next one by Gosper's step, taken on
    /// the stones' bits), and only the last colouring unranks its successor.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::connect_four::ConnectFour;
    /// let game = ConnectFour::new(4, 4).unwrap();
    /// let board = game.unrank(5, 17);
    /// assert_eq!(game.next(&board), Some(game.unrank(5, 18)));
    /// let last = game.unrank(5, game.tier_size(5) - 1);
    /// assert_eq!(game.next(&last), None);
    /// ```
    pub fn next(&self, board: &Board) -> Option<Board> {
        let k = board.stones();
        let mask = board.mask;
        let xs = match k.is_multiple_of(2) {
            true => board.mine,
            false => board.mine ^ mask,
        };
        match next_subset(xs, mask) {
            Some(xs) => Some(Board {
                mine: if k.is_multiple_of(2) { xs } else { xs ^ mask },
                mask,
            }),
            None => {
                let rank = self.rank(board) + 1;
                (rank < self.tier_size(k)).then(|| self.unrank(k, rank))
            }
        }
    }
}

#[cfg(test)]
mod tests;
