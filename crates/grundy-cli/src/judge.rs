//! Judge problems (docs/problems.md): each reads its judge input from a token stream and
//! writes exactly the judge's output, solving every case through the library's engine.
//!
//! Errors name the case and the line. A problem writes each answer line only when it is
//! complete, so on bad input the output holds the answers of the complete cases before it
//! and no partial line; the caller then prints the error and exits with code 2.

use std::io::Write;

mod cf69d;
mod chess2018;
mod hdu1536;
mod hdu1847;
mod hdu1848;
mod hdu1907;
mod hdu2147;
mod hdu2516;
mod hdu3980;
mod hdu4678;
mod hdu4764;
mod hdu4778;
mod input;
mod poj1067;
mod poj2068;
mod poj2975;

pub use input::{Input, JudgeError};

/// One judge problem: its id, a one-line description and its solver.
pub struct Problem {
    /// The id used on the command line, e.g. `hdu4778`.
    pub id: &'static str,
    /// A one-line description for `grundy judge --list`.
    pub summary: &'static str,
    /// Reads every case from `input` and writes every answer to `out`.
    pub run: fn(&mut Input, &mut dyn Write) -> Result<(), JudgeError>,
}

/// Every problem, in the order of docs/problems.md.
pub const PROBLEMS: &[Problem] = &[
    Problem {
        id: "hdu4778",
        summary: "Gems Fight!: bags, a shared cooker, bonus turns (subset score tables)",
        run: hdu4778::run,
    },
    Problem {
        id: "hdu3980",
        summary: "Paint Chain: the circular octal game 0.0..07",
        run: hdu3980::run,
    },
    Problem {
        id: "hdu4764",
        summary: "Stone: reach N and lose (the Bash game)",
        run: hdu4764::run,
    },
    Problem {
        id: "hdu4678",
        summary: "Mine: Minesweeper as a sum of games (flood fill, Grundy values)",
        run: hdu4678::run,
    },
    Problem {
        id: "chess2018",
        summary: "Young-diagram game: staircase fills, both players score (tiered tables)",
        run: chess2018::run,
    },
    Problem {
        id: "poj2068",
        summary: "Team Nim: seated teams, misere take-away (memo search)",
        run: poj2068::run,
    },
    Problem {
        id: "hdu1536",
        summary: "S-Nim: sums of subtraction games (Grundy table, XOR)",
        run: hdu1536::run,
    },
    Problem {
        id: "cf69d",
        summary: "Dot: vectors and one reflection each (memo search)",
        run: cf69d::run,
    },
    Problem {
        id: "poj2975",
        summary: "Nim: count the winning moves (Bouton's rule)",
        run: poj2975::run,
    },
    Problem {
        id: "poj1067",
        summary: "Wythoff's game (Beatty pairs, exact integers)",
        run: poj1067::run,
    },
    Problem {
        id: "hdu1907",
        summary: "John: misère Nim (Bouton's misère rule)",
        run: hdu1907::run,
    },
    Problem {
        id: "hdu1847",
        summary: "Good Luck in CET-4: subtraction by powers of two (n mod 3)",
        run: hdu1847::run,
    },
    Problem {
        id: "hdu2147",
        summary: "kiki's game: the grid corner game (both distances even)",
        run: hdu2147::run,
    },
    Problem {
        id: "hdu1848",
        summary: "Fibonacci again and again: Fibonacci subtraction, three heaps summed",
        run: hdu1848::run,
    },
    Problem {
        id: "hdu2516",
        summary: "Fibonacci Nim (Zeckendorf: the first player loses on Fibonacci heaps)",
        run: hdu2516::run,
    },
];

/// Finds a problem by id.
pub fn find(id: &str) -> Option<&'static Problem> {
    PROBLEMS.iter().find(|p| p.id == id)
}
