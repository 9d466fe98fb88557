//! The catalog: one module per game or family, each with its rules, its closed form where
//! there is one, and tests proving the closed form against the search.

pub mod dot;
pub mod gems_fight;
pub mod minesweeper;
pub mod nim;
pub mod team_nim;
pub mod young;
