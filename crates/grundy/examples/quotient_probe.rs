//! Measures the misère quotient of a code for growing heap bounds, then a sum of many
//! heaps answered by the quotient against the whole-position search it replaces.
//! `cargo run --release -p grundy --example quotient_probe CODE MAX_HEAP [HEAPS...]`

use std::time::Instant;

use grundy::dynamic::Datum;
use grundy::misere::quotient::{grow, Limits};
use grundy::{Budget, Play};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let code: grundy::octal::TakeAndBreak = args[1].parse().expect("a code");
    let n: usize = args[2].parse().expect("a heap bound");
    let started = Instant::now();
    let limits = Limits::new(n);
    let q = grow(&code, &limits, &|| false, &mut |q| {
        eprintln!(
            "n={} order={} p={} t={:.3}s",
            q.max_heap(),
            q.order(),
            q.p_portion().len(),
            started.elapsed().as_secs_f64()
        );
    });
    let q = match q {
        Ok(q) => q,
        Err(err) => return eprintln!("{err}"),
    };
    let heaps: Vec<usize> = args[3..]
        .iter()
        .map(|w| w.parse().expect("a heap"))
        .collect();
    if heaps.is_empty() {
        return;
    }
    // The same heaps repeated to 1,000.
    let many: Vec<usize> = heaps.iter().copied().cycle().take(1000).collect();
    let t = Instant::now();
    let reps = 1000;
    let mut moves = 0;
    for _ in 0..reps {
        moves += q.winning_moves(&many).unwrap().len();
    }
    eprintln!(
        "1000 heaps by the quotient: {:?} ({} winning moves), {:.1} us each",
        q.outcome_of(&many),
        moves / reps,
        t.elapsed().as_secs_f64() * 1e6 / reps as f64
    );
    let t = Instant::now();
    let small = q.winning_moves(&heaps).unwrap().len();
    eprintln!(
        "{} heaps by the quotient: {:?} ({small} winning moves), {:.1} us",
        heaps.len(),
        q.outcome_of(&heaps),
        t.elapsed().as_secs_f64() * 1e6
    );
    let words: Vec<String> = std::iter::once(args[1].clone())
        .chain(args[3..].iter().cloned())
        .collect();
    let (game, _) = grundy::catalog::open_in(&words, Play::Misere).expect("opens");
    let t = Instant::now();
    let sol = game
        .solve(
            &Datum::ints(heaps.iter().map(|&h| h as i64)),
            &Budget::default(),
        )
        .expect("solves");
    eprintln!(
        "{} heaps by the search: {:?}, {:.3} s",
        heaps.len(),
        sol.value.outcome,
        t.elapsed().as_secs_f64()
    );
}
