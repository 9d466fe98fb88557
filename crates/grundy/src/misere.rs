//! Misère play (whoever cannot move wins) beyond Nim's closed form.
//!
//! [`genus`]: Conway's genus of impartial games (the normal value and the misère values
//! of the game plus copies of `*2`), computed for heap games heap by heap, and the
//! decision of a sum of tame games by their genera.

pub mod genus;
