//! The catalog: one module per game or family, each with its rules, its closed form where
//! there is one, and tests proving the closed form against the search.

pub mod bash;
pub mod connect_four;
pub mod corner;
pub mod dot;
pub mod dots_and_boxes;
pub mod fibonacci_nim;
pub mod gems_fight;
pub mod grundy_game;
pub mod heaps;
pub mod lasker;
pub mod minesweeper;
pub mod misere_nim;
pub mod mnk;
pub mod moore;
pub mod nim;
pub mod staircase;
pub mod subtraction;
pub mod sum;
pub mod team_nim;
pub mod wythoff;
pub mod young;
