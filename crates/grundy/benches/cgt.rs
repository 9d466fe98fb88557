//! The Domineering sweep of BENCHMARKS.md ("Partizan values: every position of a
//! Domineering grid"): every subset of a grid's cells as the free cells, its canonical form
//! and temperature, regions memoized by their normal form. Each run starts from an empty
//! arena and asserts the hottest temperature: 7/4 on the 4x4 grid (cgt-tools' exhaustive
//! search finds the same; Shankar and Sridharan, "New temperatures in Domineering",
//! INTEGERS 5 (2005) #G04, list temperatures above 3/2 on small grids), 3/2 on the 5x3.
//!
//! Run with `cargo bench -p grundy --bench cgt`.

use criterion::{criterion_group, criterion_main, Criterion};

use grundy::cgt::domineering::{Domineering, Grid};
use grundy::cgt::{Arena, Dyadic};

/// The hottest temperature over every position of the `width x height` grid.
fn sweep(width: u8, height: u8) -> Dyadic {
    let mut arena = Arena::new();
    let mut domineering = Domineering::default();
    let mut hottest = Dyadic::integer(-1);
    for free in 0..1u64 << (u32::from(width) * u32::from(height)) {
        let grid = Grid::new(width, height, free).expect("a grid of at most 64 cells");
        let g = domineering.value(&mut arena, grid).expect("in range");
        hottest = hottest.max(arena.temperature(g).expect("in range"));
    }
    hottest
}

fn domineering(c: &mut Criterion) {
    let mut group = c.benchmark_group("domineering sweep");
    group.sample_size(10);
    for (width, height, hottest) in [(4u8, 4u8, Dyadic::new(7, 2)), (5, 3, Dyadic::new(3, 1))] {
        let hottest = hottest.expect("a dyadic");
        assert_eq!(sweep(width, height), hottest, "{width}x{height}");
        group.bench_function(format!("{width}x{height}"), |b| {
            b.iter(|| sweep(width, height))
        });
    }
    group.finish();
}

criterion_group!(benches, domineering);
criterion_main!(benches);
