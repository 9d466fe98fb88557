//! Team Nim (poj2068) as a tier game of win or loss: the stones taken are the tier, the
//! seat to move the rank; a move takes 1 to the seat's limit, so it leads that many tiers
//! on. Whoever takes the last stone loses (misère play): a position with no stone left is a
//! win for the player to move. A game lasts at most as many moves as stones, and a byte of
//! win or loss holds a remoteness up to 63, so a build of more stones may be refused.

use std::sync::Arc;

use super::boards::{integers, Board, Numbered};
use super::game::{End, Identity, Place};
use super::value::Values;
use crate::catalog::open_game;
use crate::dynamic::Datum;
use crate::games::team_nim::{Seat, TeamNim};

/// Team Nim from `stones` stones, seat 1 first.
pub(super) struct Seats {
    game: TeamNim,
    stones: u32,
}

impl Seats {
    fn seats(&self) -> u32 {
        self.game.limits().len() as u32
    }
}

impl Numbered for Seats {
    type Rules = TeamNim;

    fn rules(&self) -> &TeamNim {
        &self.game
    }

    /// `team-nim` with `players` (of a team), `stones` and each seat's limit `m1..`.
    fn identity(&self) -> Identity {
        let mut id = Identity::new(
            "team-nim",
            &[
                ("players", u64::from(self.seats() / 2)),
                ("stones", u64::from(self.stones)),
            ],
        );
        for (i, &limit) in self.game.limits().iter().enumerate() {
            id.parameters
                .insert(format!("m{}", i + 1), u64::from(limit));
        }
        id
    }

    fn words(&self) -> String {
        let limits: Vec<String> = self.game.limits().iter().map(u32::to_string).collect();
        format!(
            "team-nim {} {} {}",
            self.seats() / 2,
            self.stones,
            limits.join(" ")
        )
    }

    fn values(&self) -> Values {
        Values::Outcomes
    }

    fn tiers(&self) -> u32 {
        self.stones + 1
    }

    fn tier_size(&self, _tier: u32) -> u64 {
        u64::from(self.seats())
    }

    /// A seat takes 1 to its limit: up to the largest limit's tiers on.
    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        let most = self.game.limits().iter().copied().max().unwrap_or(1);
        (tier + 1..=tier.saturating_add(most).min(self.stones)).collect()
    }

    fn start(&self) -> Seat {
        Seat {
            stones: self.stones,
            seat: 0,
        }
    }

    fn place(&self, pos: &Seat) -> Place {
        Place {
            tier: self.stones - pos.stones,
            rank: u64::from(pos.seat),
        }
    }

    fn position(&self, at: Place) -> Seat {
        Seat {
            stones: self.stones - at.tier,
            seat: at.rank as u32,
        }
    }

    fn datum(&self, pos: &Seat) -> Datum {
        Datum::ints([i64::from(pos.stones), i64::from(pos.seat) + 1])
    }

    /// The stones left (at most the start's) and the seat to move.
    fn read(&self, datum: &Datum) -> Result<Seat, String> {
        let pair = match datum.as_list() {
            Some([stones, seat]) => stones.as_int().zip(seat.as_int()),
            _ => None,
        };
        match pair {
            Some((stones, seat))
                if (0..=i64::from(self.stones)).contains(&stones)
                    && (1..=i64::from(self.seats())).contains(&seat) =>
            {
                Ok(Seat {
                    stones: stones as u32,
                    seat: (seat - 1) as u32,
                })
            }
            _ => Err(format!(
                "{datum} is not a position of this game: at most {} stones, seats 1 to {}",
                self.stones,
                self.seats()
            )),
        }
    }

    /// No stone left: the other player took the last one, and lost.
    fn end(&self, pos: &Seat) -> Option<End> {
        (pos.stones == 0).then_some(End::Win)
    }
}

/// At most this many stones (one tier, one file, a stone).
const MAX_STONES: i64 = 4095;

/// The game of the catalogue's words `team-nim N S M1..M2N`.
pub(super) fn team_nim(words: &[&str]) -> Result<Board<Seats>, String> {
    let owned: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let (front, _) = open_game(&owned).map_err(|e| e.to_string())?;
    let n = integers(words)?;
    if n[1] > MAX_STONES {
        return Err(format!(
            "team-nim: a database holds at most {MAX_STONES} stones (one tier a stone), found {}",
            n[1]
        ));
    }
    let limits = n[2..].iter().map(|&m| m as u32).collect();
    let game = TeamNim::new(limits).ok_or("team-nim: bad take limits")?;
    let seats = Seats {
        game,
        stones: n[1] as u32,
    };
    Ok(Board::new(seats, Arc::clone(&front)))
}

/// The game of a manifest's `identity`.
pub(super) fn team_nim_of(identity: &Identity) -> Result<Board<Seats>, String> {
    let parameter = |name: &str| {
        identity
            .parameter(name)
            .ok_or_else(|| format!("no parameter '{name}'"))
    };
    let players = parameter("players")?;
    let mut words = vec![
        "team-nim".to_string(),
        players.to_string(),
        parameter("stones")?.to_string(),
    ];
    for seat in 1..=2 * players.min(100) {
        words.push(parameter(&format!("m{seat}"))?.to_string());
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    team_nim(&words)
}
