//! The catalogue's board games as tier games: a game of `games/` (its rules, a [`Game`])
//! with a numbering of its positions by tier ([`Numbered`]), and the catalogue's own game
//! for everything a person reads or types (its notation, its move labels, its drawing), so
//! that a database names positions and moves exactly as `grundy solve GAME` does.
//!
//! [`Board`] makes the two one [`TierGame`]: a position's moves are the rules' moves (in
//! their order, which is the catalogue's), each placed by the numbering; a move's points
//! and bonus turn are its gains in a database of scores.

use std::sync::Arc;

use super::game::{End, Identity, Place, TierGame};
use super::value::{Gain, Values};
use crate::drawing::Drawing;
use crate::dynamic::{Datum, DynGame};
use crate::model::{Game, Move};

/// A board game's positions numbered by tier: every move leads to a later tier.
pub(super) trait Numbered: Send + Sync {
    /// The rules.
    type Rules: Game;

    /// The rules, whose moves the database follows.
    fn rules(&self) -> &Self::Rules;

    /// The game and its setup, as the manifest records them.
    fn identity(&self) -> Identity;

    /// The catalogue's words for the game (`young 2 3 2 7 ...`).
    fn words(&self) -> String;

    /// What the database holds.
    fn values(&self) -> Values;

    /// The number of tiers.
    fn tiers(&self) -> u32;

    /// The ranks of `tier`.
    fn tier_size(&self, tier: u32) -> u64;

    /// The tiers a move from `tier` may reach, ascending (by default the next one).
    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        match tier + 1 < self.tiers() {
            true => vec![tier + 1],
            false => Vec::new(),
        }
    }

    /// The start position.
    fn start(&self) -> Pos<Self>;

    /// The place of `pos`, a position of this board.
    fn place(&self, pos: &Pos<Self>) -> Place;

    /// The position at `at`.
    fn position(&self, at: Place) -> Pos<Self>;

    /// `pos` as the catalogue's game holds it.
    fn datum(&self, pos: &Pos<Self>) -> Datum;

    /// The position the catalogue's game holds as `datum`, or why it is not one of this
    /// board's (off the board, say).
    fn read(&self, datum: &Datum) -> Result<Pos<Self>, String>;

    /// How `pos` ended when it is over and its ending is not a loss by having no move.
    fn end(&self, pos: &Pos<Self>) -> Option<End> {
        let _ = pos;
        None
    }

    /// A move by its label, as a sentence names it.
    fn move_name(&self, label: &str) -> String {
        label.to_string()
    }
}

/// A position of the rules of `N`.
pub(super) type Pos<N> = <<N as Numbered>::Rules as Game>::Position;

/// A board game of the catalogue as a [`TierGame`]: its numbering and the catalogue's game.
pub(super) struct Board<N> {
    numbered: N,
    front: Arc<dyn DynGame>,
}

impl<N: Numbered> Board<N> {
    /// The game numbered by `numbered`, named and drawn by the catalogue's `front`.
    pub(super) fn new(numbered: N, front: Arc<dyn DynGame>) -> Board<N> {
        Board { numbered, front }
    }

    /// The numbering (the tests check it against a plain enumeration).
    #[cfg(test)]
    pub(super) fn numbered(&self) -> &N {
        &self.numbered
    }

    /// The rules' moves of the position at `at`, none once it is over.
    fn moves_at(&self, at: Place) -> (Pos<N>, Option<End>, Vec<Move<Pos<N>>>) {
        let pos = self.numbered.position(at);
        let mut moves = Vec::new();
        let end = self.numbered.end(&pos);
        if end.is_none() {
            self.numbered.rules().moves(&pos, &mut moves);
        }
        (pos, end, moves)
    }
}

impl<N> std::fmt::Debug for Board<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({})", self.front.name())
    }
}

impl<N: Numbered> TierGame for Board<N> {
    fn identity(&self) -> Identity {
        self.numbered.identity()
    }

    fn tiers(&self) -> u32 {
        self.numbered.tiers()
    }

    fn tier_size(&self, tier: u32) -> u64 {
        self.numbered.tier_size(tier)
    }

    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        self.numbered.child_tiers(tier)
    }

    fn start(&self) -> Place {
        self.numbered.place(&self.numbered.start())
    }

    fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End> {
        let (_, end, moves) = self.moves_at(at);
        children.extend(moves.iter().map(|mv| self.numbered.place(&mv.to)));
        end
    }

    /// The catalogue's labels of the position's moves (in the rules' order).
    fn labels(&self, at: Place) -> Vec<String> {
        let (pos, end, _) = self.moves_at(at);
        if end.is_some() {
            return Vec::new();
        }
        self.front
            .moves(&self.numbered.datum(&pos))
            .map(|moves| moves.into_iter().map(|mv| mv.label).collect())
            .unwrap_or_default()
    }

    /// A position in the catalogue's notation (`grundy solve GAME ... at POSITION`); no
    /// text is the start, as the catalogue's game starts when no position follows `at`.
    fn parse(&self, text: &str) -> Result<Place, String> {
        if text.trim().is_empty() {
            return Ok(self.start());
        }
        let datum = self.front.parse(text).map_err(|e| e.to_string())?;
        let pos = self.numbered.read(&datum)?;
        Ok(self.numbered.place(&pos))
    }

    /// The position as the catalogue shows it.
    fn show(&self, at: Place) -> String {
        let datum = self.numbered.datum(&self.numbered.position(at));
        self.front.show(&datum).unwrap_or_else(|e| e.to_string())
    }

    fn values(&self) -> Values {
        self.numbered.values()
    }

    /// Each move's points and bonus turn, as the rules give them.
    fn gains(&self, at: Place, gains: &mut Vec<Gain>) {
        let (_, _, moves) = self.moves_at(at);
        gains.extend(moves.iter().map(|mv| Gain {
            points: mv.points.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32,
            again: mv.again,
        }));
    }

    fn describe(&self) -> String {
        self.front.name()
    }

    fn words(&self) -> String {
        self.numbered.words()
    }

    fn move_name(&self, label: &str) -> String {
        self.numbered.move_name(label)
    }

    /// The catalogue's drawing of the position.
    fn draw(&self, at: Place) -> Option<Drawing> {
        let datum = self.numbered.datum(&self.numbered.position(at));
        self.front.draw(&datum).ok().flatten()
    }
}

/// The numbers after a game's name in `words`, each an integer, or a message naming the
/// word that is not.
pub(super) fn integers(words: &[&str]) -> Result<Vec<i64>, String> {
    words[1..]
        .iter()
        .enumerate()
        .map(|(i, w)| {
            w.parse().map_err(|_| {
                format!(
                    "{}: word {}: '{w}' is not a number (a tier database takes the setup as \
                     numbers)",
                    words[0],
                    i + 1
                )
            })
        })
        .collect()
}
