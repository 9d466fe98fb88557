//! kiki's game (hdu2147, the corner game from the top-right cell of a board) as a tier
//! game of nimbers: the coin at `(x, y)` (its distance from the bottom-left corner) is in
//! tier `x0 + y0 - x - y`, `(x0, y0)` the start, ranked by `x` among the cells of its
//! diagonal on the board. A move goes left, down (one tier on) or diagonally (two), and
//! every cell is reachable; the database holds each cell's nimber, which a sum of such
//! boards adds by XOR.

use std::sync::Arc;

use super::boards::{integers, Board, Numbered};
use super::game::{Identity, Place};
use super::value::Values;
use crate::catalog::open_game;
use crate::dynamic::Datum;
use crate::games::corner::Corner;

/// kiki's board: the coin starts at `(x0, y0)` = (columns - 1, rows - 1).
pub(super) struct Corners {
    rows: u64,
    columns: u64,
}

impl Corners {
    /// The start's distance from the corner.
    fn corner(&self) -> (u64, u64) {
        (self.columns - 1, self.rows - 1)
    }

    /// The least `x` of the cells of `tier` (on the diagonal `x + y = x0 + y0 - tier`).
    fn least_x(&self, tier: u32) -> u64 {
        let (x0, y0) = self.corner();
        (x0 + y0 - u64::from(tier)).saturating_sub(y0)
    }
}

impl Numbered for Corners {
    type Rules = Corner;

    fn rules(&self) -> &Corner {
        &Corner
    }

    fn identity(&self) -> Identity {
        Identity::new("kiki", &[("rows", self.rows), ("columns", self.columns)])
    }

    fn words(&self) -> String {
        format!("kiki {} {}", self.rows, self.columns)
    }

    fn values(&self) -> Values {
        Values::Nimbers
    }

    fn tiers(&self) -> u32 {
        (self.rows + self.columns - 1) as u32
    }

    fn tier_size(&self, tier: u32) -> u64 {
        let (x0, y0) = self.corner();
        let most = (x0 + y0 - u64::from(tier)).min(x0);
        most + 1 - self.least_x(tier)
    }

    /// Left and down lead one tier on, the diagonal two.
    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        (tier + 1..(tier + 3).min(self.tiers())).collect()
    }

    fn start(&self) -> (u64, u64) {
        self.corner()
    }

    fn place(&self, &(x, y): &(u64, u64)) -> Place {
        let (x0, y0) = self.corner();
        let tier = (x0 + y0 - x - y) as u32;
        Place {
            tier,
            rank: x - self.least_x(tier),
        }
    }

    fn position(&self, at: Place) -> (u64, u64) {
        let (x0, y0) = self.corner();
        let x = self.least_x(at.tier) + at.rank;
        (x, x0 + y0 - u64::from(at.tier) - x)
    }

    fn datum(&self, &(x, y): &(u64, u64)) -> Datum {
        Datum::ints([x as i64, y as i64])
    }

    /// The coin's `X Y`, on the board.
    fn read(&self, datum: &Datum) -> Result<(u64, u64), String> {
        let (x0, y0) = self.corner();
        let pair = match datum.as_list() {
            Some([x, y]) => x.as_int().zip(y.as_int()),
            _ => None,
        };
        match pair {
            Some((x, y)) if (0..=x0 as i64).contains(&x) && (0..=y0 as i64).contains(&y) => {
                Ok((x as u64, y as u64))
            }
            _ => Err(format!(
                "{datum} is not on the board: X from 0 to {x0}, Y from 0 to {y0}"
            )),
        }
    }
}

/// At most this many tiers (rows plus columns less one): a database holds a file a tier.
const MAX_TIERS: u64 = 4096;

/// The game of the catalogue's words `kiki N M`.
pub(super) fn kiki(words: &[&str]) -> Result<Board<Corners>, String> {
    let owned: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let (front, _) = open_game(&owned).map_err(|e| e.to_string())?;
    let n = integers(words)?;
    let (rows, columns) = (n[0] as u64, n[1] as u64);
    if rows.saturating_add(columns) - 1 > MAX_TIERS {
        return Err(format!(
            "kiki {rows} {columns}: a database of kiki holds boards of rows plus columns at \
             most {} ({MAX_TIERS} tiers, one file each)",
            MAX_TIERS + 1
        ));
    }
    Ok(Board::new(Corners { rows, columns }, Arc::clone(&front)))
}

/// The game of a manifest's `identity`.
pub(super) fn kiki_of(identity: &Identity) -> Result<Board<Corners>, String> {
    let parameter = |name: &str| {
        identity
            .parameter(name)
            .ok_or_else(|| format!("no parameter '{name}'"))
    };
    let words = [
        "kiki".to_string(),
        parameter("rows")?.to_string(),
        parameter("columns")?.to_string(),
    ];
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    kiki(&words)
}
