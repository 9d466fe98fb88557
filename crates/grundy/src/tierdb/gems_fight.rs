//! Gems Fight (hdu4778) as a tier game: tier `t` holds the sets of `t` bags taken, each
//! ranked colexicographically as Dots-and-Boxes ranks its sets of lines. Every set is
//! reachable, a move takes one bag, and the database holds each position's net score (the
//! mover's stones to come less the other's), a stone's bonus turn included.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::boards::{integers, Board, Numbered};
use super::dots_and_boxes::{choose, rank, unrank};
use super::game::{Identity, Place};
use super::value::Values;
use crate::catalog::open_game;
use crate::dynamic::Datum;
use crate::games::gems_fight::GemsFight;

/// A Gems Fight setup numbered by tier: the rules and the setup they were made from.
pub(super) struct Bags {
    game: GemsFight,
    colours: usize,
    size: u32,
    /// Each bag's gems, 0-based colours.
    bags: Vec<Vec<usize>>,
}

impl Bags {
    fn count(&self) -> u32 {
        self.bags.len() as u32
    }
}

/// The parameter of the gems of colour `colour` (from 1) in bag `bag` (from 1).
fn gems_name(bag: usize, colour: usize) -> String {
    format!("bag{bag}-colour{colour}")
}

impl Numbered for Bags {
    type Rules = GemsFight;

    fn rules(&self) -> &GemsFight {
        &self.game
    }

    /// `gems-fight` with `colours`, `bags`, `size` (the gems of a stone) and, for each bag
    /// and colour it holds, `bagB-colourC`: its gems of that colour.
    fn identity(&self) -> Identity {
        let mut id = Identity::new(
            "gems-fight",
            &[
                ("colours", self.colours as u64),
                ("bags", self.bags.len() as u64),
                ("size", u64::from(self.size)),
            ],
        );
        for (b, gems) in self.bags.iter().enumerate() {
            let mut counts = BTreeMap::new();
            for &colour in gems {
                *counts.entry(colour).or_insert(0u64) += 1;
            }
            for (colour, count) in counts {
                id.parameters.insert(gems_name(b + 1, colour + 1), count);
            }
        }
        id
    }

    fn words(&self) -> String {
        let mut words = vec![
            "gems-fight".to_string(),
            self.colours.to_string(),
            self.bags.len().to_string(),
            self.size.to_string(),
        ];
        for gems in &self.bags {
            words.push(gems.len().to_string());
            words.extend(gems.iter().map(|c| (c + 1).to_string()));
        }
        words.join(" ")
    }

    fn values(&self) -> Values {
        Values::Scores
    }

    fn tiers(&self) -> u32 {
        self.count() + 1
    }

    fn tier_size(&self, tier: u32) -> u64 {
        choose(self.count(), tier.min(self.count()))
    }

    fn start(&self) -> u32 {
        self.game.start()
    }

    fn place(&self, taken: &u32) -> Place {
        Place {
            tier: taken.count_ones(),
            rank: rank(u64::from(*taken)),
        }
    }

    fn position(&self, at: Place) -> u32 {
        unrank(self.count(), at.tier, at.rank) as u32
    }

    fn datum(&self, taken: &u32) -> Datum {
        Datum::ints(
            (0..self.count())
                .filter(|b| taken >> b & 1 == 1)
                .map(|b| i64::from(b) + 1),
        )
    }

    /// The bags taken (the catalogue's game has checked them).
    fn read(&self, datum: &Datum) -> Result<u32, String> {
        let bags = datum.as_list().unwrap_or_default();
        bags.iter()
            .map(|d| {
                d.as_int()
                    .filter(|b| (1..=i64::from(self.count())).contains(b))
            })
            .try_fold(0u32, |taken, bag| Some(taken | 1 << (bag? - 1)))
            .ok_or_else(|| format!("expected the bags taken, found {datum}"))
    }
}

/// The game of the catalogue's words `gems-fight G B S (N C1..CN)...`.
pub(super) fn gems_fight(words: &[&str]) -> Result<Board<Bags>, String> {
    let owned: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let (front, _) = open_game(&owned).map_err(|e| e.to_string())?;
    let n = integers(words)?;
    let (colours, size) = (n[0] as usize, n[2] as u32);
    let mut bags = Vec::new();
    let mut next = 3;
    for _ in 0..n[1] {
        let count = n[next] as usize;
        bags.push(
            n[next + 1..next + 1 + count]
                .iter()
                .map(|&c| c as usize - 1)
                .collect(),
        );
        next += 1 + count;
    }
    let game = GemsFight::new(colours, size, &bags).map_err(|e| e.to_string())?;
    let numbered = Bags {
        game,
        colours,
        size,
        bags,
    };
    Ok(Board::new(numbered, Arc::clone(&front)))
}

/// The game of a manifest's `identity`.
pub(super) fn gems_fight_of(identity: &Identity) -> Result<Board<Bags>, String> {
    let parameter = |name: &str| {
        identity
            .parameter(name)
            .ok_or_else(|| format!("no parameter '{name}'"))
    };
    let (colours, bags) = (parameter("colours")?, parameter("bags")?);
    let mut words = vec![
        "gems-fight".to_string(),
        colours.to_string(),
        bags.to_string(),
        parameter("size")?.to_string(),
    ];
    for bag in 1..=bags.min(64) as usize {
        let mut gems = Vec::new();
        for colour in 1..=colours.min(64) as usize {
            let count = identity.parameter(&gems_name(bag, colour)).unwrap_or(0);
            gems.extend(std::iter::repeat_n(
                colour.to_string(),
                count.min(256) as usize,
            ));
        }
        words.push(gems.len().to_string());
        words.extend(gems);
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    gems_fight(&words)
}
