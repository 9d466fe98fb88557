//! The Young-diagram game (chess2018) as a tier game: tier `t` holds the staircases of `t`
//! filled cells, ranked as the game's own table numbers them (its lattice paths in
//! colexicographic order, grouped by size: [`Young`]'s [`Indexed`] numbering, whose tier
//! counts the empty cells). Every staircase is reachable, a move fills one cell, and the
//! database holds each position's net score: the mover's points to come less the other's.

use std::sync::Arc;

use super::boards::{integers, Board, Numbered};
use super::game::{Identity, Place};
use super::value::Values;
use crate::catalog::open_game;
use crate::dynamic::Datum;
use crate::games::young::Young;
use crate::model::Indexed;

/// A Young-diagram game numbered by tier.
pub(super) struct Diagrams(Young);

impl Diagrams {
    fn cells(&self) -> u32 {
        (self.0.rows() * self.0.cols()) as u32
    }

    /// The game's own tier (empty cells) of our tier `tier` (filled cells).
    fn range(&self, tier: u32) -> std::ops::Range<usize> {
        self.0.tier_range((self.cells() - tier) as usize)
    }
}

/// The name of the parameter of `player`'s value of cell `i` (row-major, from 1).
fn value_name(player: char, i: usize) -> String {
    format!("{player}{i}")
}

/// The name of the parameter that marks the value named `name` negative.
fn negative_name(name: &str) -> String {
    format!("{name}-negative")
}

impl Numbered for Diagrams {
    type Rules = Young;

    fn rules(&self) -> &Young {
        &self.0
    }

    /// `young` with `rows`, `cols`, and each cell's values `a1..` (the first player's,
    /// row-major) and `b1..` (the second's), each as its size, with `aK-negative` = 1 beside
    /// a negative one.
    fn identity(&self) -> Identity {
        let mut id = Identity::new(
            "young",
            &[
                ("rows", self.0.rows() as u64),
                ("cols", self.0.cols() as u64),
            ],
        );
        for (player, values) in [('a', self.0.first()), ('b', self.0.second())] {
            for (i, &value) in values.iter().enumerate() {
                let name = value_name(player, i + 1);
                if value < 0 {
                    id.parameters.insert(negative_name(&name), 1);
                }
                id.parameters.insert(name, value.unsigned_abs());
            }
        }
        id
    }

    fn words(&self) -> String {
        let values = self.0.first().iter().chain(self.0.second());
        let numbers: Vec<String> = values.map(i64::to_string).collect();
        format!(
            "young {} {} {}",
            self.0.rows(),
            self.0.cols(),
            numbers.join(" ")
        )
    }

    fn values(&self) -> Values {
        Values::Scores
    }

    fn tiers(&self) -> u32 {
        self.cells() + 1
    }

    fn tier_size(&self, tier: u32) -> u64 {
        self.range(tier).len() as u64
    }

    fn start(&self) -> Vec<u8> {
        self.0.start()
    }

    fn place(&self, lengths: &Vec<u8>) -> Place {
        let tier: u32 = lengths.iter().map(|&l| u32::from(l)).sum();
        Place {
            tier,
            rank: (self.0.index(lengths) - self.range(tier).start) as u64,
        }
    }

    fn position(&self, at: Place) -> Vec<u8> {
        self.0
            .position(self.range(at.tier).start + at.rank as usize)
    }

    fn datum(&self, lengths: &Vec<u8>) -> Datum {
        Datum::ints(lengths.iter().map(|&l| i64::from(l)))
    }

    /// The row lengths (the catalogue's game has checked them).
    fn read(&self, datum: &Datum) -> Result<Vec<u8>, String> {
        datum
            .as_list()
            .unwrap_or_default()
            .iter()
            .map(|d| d.as_int().and_then(|l| u8::try_from(l).ok()))
            .collect::<Option<Vec<u8>>>()
            .ok_or_else(|| format!("expected the row lengths, found {datum}"))
    }

    fn move_name(&self, label: &str) -> String {
        format!("cell {label}")
    }
}

/// The game of the catalogue's words `young N M A... B...`.
pub(super) fn young(words: &[&str]) -> Result<Board<Diagrams>, String> {
    let owned: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let (front, _) = open_game(&owned).map_err(|e| e.to_string())?;
    let n = integers(words)?;
    let (rows, cols) = (n[0] as usize, n[1] as usize);
    let cells = rows * cols;
    let game = Young::new(
        rows,
        cols,
        n[2..2 + cells].to_vec(),
        n[2 + cells..].to_vec(),
    )
    .map_err(|e| e.to_string())?;
    Ok(Board::new(Diagrams(game), Arc::clone(&front)))
}

/// The game of a manifest's `identity`.
pub(super) fn young_of(identity: &Identity) -> Result<Board<Diagrams>, String> {
    let parameter = |name: &str| {
        identity
            .parameter(name)
            .ok_or_else(|| format!("no parameter '{name}'"))
    };
    let (rows, cols) = (parameter("rows")?, parameter("cols")?);
    let mut words = vec!["young".to_string(), rows.to_string(), cols.to_string()];
    for player in ['a', 'b'] {
        for i in 1..=rows.saturating_mul(cols).min(1 << 16) {
            let name = value_name(player, i as usize);
            let sign = match identity.parameter(&negative_name(&name)) {
                Some(1) => "-",
                _ => "",
            };
            words.push(format!("{sign}{}", parameter(&name)?));
        }
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    young(&words)
}
