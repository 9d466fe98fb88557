//! One empty Domineering board evaluated: its canonical form and temperature, with the CPU
//! time (the single-board measurement of BENCHMARKS.md against cgt-tools' `domineering`).
//!
//! `cargo run --release -p grundy --example domineering_board -- WIDTH HEIGHT`

use grundy::cgt::domineering::{Domineering, Grid};
use grundy::cgt::Arena;

fn main() {
    let args: Vec<u8> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let [width, height] = args[..] else {
        eprintln!("usage: domineering_board WIDTH HEIGHT");
        std::process::exit(2);
    };
    let cells = u32::from(width) * u32::from(height);
    let Some(grid) = (1..=64)
        .contains(&cells)
        .then(|| Grid::new(width, height, u64::MAX >> (64 - cells)))
        .flatten()
    else {
        eprintln!("domineering_board: 1 to 64 cells");
        std::process::exit(2);
    };
    let start = cpu_time::ProcessTime::now();
    let mut arena = Arena::new();
    let mut domineering = Domineering::default();
    let (g, temperature) = match domineering
        .value(&mut arena, grid)
        .and_then(|g| Ok((g, arena.temperature(g)?)))
    {
        Ok(found) => found,
        Err(err) => {
            eprintln!("domineering_board: {err}");
            std::process::exit(1);
        }
    };
    println!(
        "{width}x{height}: {}, temperature {temperature}, {} regions, {:.3} s CPU",
        arena.display(g),
        domineering.len(),
        start.elapsed().as_secs_f64()
    );
}
