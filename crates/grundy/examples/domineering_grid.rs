//! Every position of a Domineering grid: each subset of its cells as the free cells, its
//! canonical form and temperature (the measurement of BENCHMARKS.md against cgt-tools'
//! `domineering exhaustive-search`).
//!
//! `cargo run --release -p grundy --example domineering_grid -- WIDTH HEIGHT`

use grundy::cgt::domineering::{Domineering, Grid};
use grundy::cgt::{Arena, Dyadic};

fn main() {
    let args: Vec<u8> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let [width, height] = args[..] else {
        eprintln!("usage: domineering_grid WIDTH HEIGHT");
        std::process::exit(2);
    };
    let cells = u32::from(width) * u32::from(height);
    if cells == 0 || cells > 30 {
        eprintln!("domineering_grid: at most 30 cells");
        std::process::exit(2);
    }
    let start = cpu_time::ProcessTime::now();
    let mut arena = Arena::new();
    let mut domineering = Domineering::default();
    let mut hottest = (Dyadic::integer(-1), 0u64);
    for free in 0..1u64 << cells {
        let Some(grid) = Grid::new(width, height, free) else {
            continue;
        };
        let g = domineering
            .value(&mut arena, grid)
            .expect("grids of 30 cells stay in range");
        let temperature = arena
            .temperature(g)
            .expect("grids of 30 cells stay in range");
        if temperature > hottest.0 {
            hottest = (temperature, free);
        }
    }
    let elapsed = start.elapsed();
    println!(
        "{width}x{height}: {} positions, {} regions, {} forms, hottest {} (free cells {:#x}), {:.3} s CPU",
        1u64 << cells,
        domineering.len(),
        arena.len(),
        hottest.0,
        hottest.1,
        elapsed.as_secs_f64()
    );
}
