//! Octal games at speed: Officers (0.6) to 2^21 values by the sparse method (on two threads
//! and on one), 0.16 proved periodic (about 510,000 values), the small famous games proved,
//! and the direct method as the baseline. Each benchmark asserts its answer: fast and wrong
//! fails.
//!
//! `cargo bench -p grundy --bench octal` (figures in BENCHMARKS.md, "Octal"); the group
//! `octal/scaling` runs Officers to 2^22 and 0.167 to 2^24 on 1, 2, 4, 8 and 16 threads (as
//! many as the machine has cores), and prints how fast the thread computing candidates
//! would let each run go however many threads prove (`Sequence::pipeline`).

use std::num::NonZeroUsize;

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::octal::period::{analyze, Verdict};
use grundy::octal::{Method, Sequence};
use grundy::Budget;

fn sequence(code: &str, method: Method) -> Sequence {
    Sequence::new(
        code.parse().expect("a valid code"),
        method,
        Budget::default(),
    )
    .expect("a supported method")
}

fn proved(code: &str, method: Method) -> Verdict {
    let mut seq = sequence(code, method);
    analyze(&mut seq, 1 << 22, &mut ()).expect("within the budget")
}

fn small_famous_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal/proved");
    // (code, period, preperiod): Guy and Smith 1956; Winning Ways ch. 4.
    for (code, period, preperiod) in [
        ("0.77", 12, 71),
        ("0.07", 34, 53),
        ("0.137", 34, 52),
        ("0.4", 34, 54),
        ("0.17", 34, 33),
    ] {
        group.bench_function(code, |b| {
            b.iter(|| match proved(code, Method::Sparse) {
                Verdict::Periodic {
                    period: p,
                    preperiod: e,
                    ..
                } => {
                    assert_eq!((p, e), (period, preperiod))
                }
                other => panic!("{code}: {other}"),
            })
        });
    }
    group.finish();
}

fn game_016(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal/0.16");
    group.sample_size(10);
    group.bench_function("proved", |b| {
        b.iter(|| {
            // Gangolli and Plambeck 1989: period 149459, preperiod 105351.
            assert_eq!(
                proved("0.16", Method::Sparse),
                Verdict::Periodic {
                    period: 149459,
                    preperiod: 105351,
                    proved_at: 509621
                }
            )
        })
    });
    group.finish();
}

fn officers(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal/0.6");
    group.sample_size(10);
    let len = 1 << 21;
    // The direct method's answer on a prefix, checked once: the sparse run must agree.
    let mut direct = sequence("0.6", Method::Direct);
    direct.extend_to(20_000).expect("within the budget");
    // Two threads (candidates ahead, proofs behind) against one, in the same run.
    let prefix = direct.values();
    let run = |threads| {
        let mut seq = sequence("0.6", Method::Sparse);
        seq.set_threads(NonZeroUsize::new(threads).expect("a thread"));
        seq.extend_to(len).expect("within the budget");
        assert_eq!(&seq.values()[..20_000], prefix);
        seq.values().to_vec()
    };
    let alone = run(1);
    assert_eq!(run(2), alone);
    group.bench_function("sparse 2^21 two threads", |b| b.iter(|| run(2).len()));
    group.bench_function("sparse 2^21 one thread", |b| b.iter(|| run(1).len()));
    group.bench_function("sparse 2^15", |b| {
        b.iter(|| {
            let mut seq = sequence("0.6", Method::Sparse);
            seq.extend_to(1 << 15).expect("within the budget");
            assert_eq!(&seq.values()[..20_000], direct.values());
        })
    });
    group.bench_function("direct 2^15 (baseline)", |b| {
        b.iter(|| {
            let mut seq = sequence("0.6", Method::Direct);
            seq.extend_to(1 << 15).expect("within the budget");
            assert_eq!(&seq.values()[..20_000], direct.values());
        })
    });
    group.finish();
}

/// Scaling with threads (issue 15): Officers to 2^22 and 0.167 to 2^24 on 1 and 2 threads,
/// and on 4, 8 and 16 where the machine has that many cores (never more threads than cores:
/// the figures are speed-ups). Every thread count must give the one-thread values.
fn scaling(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal/scaling");
    group.sample_size(10);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (code, len) in [("0.6", 1 << 22), ("0.167", 1 << 24)] {
        let run = |threads| {
            let mut seq = sequence(code, Method::Sparse);
            seq.set_threads(NonZeroUsize::new(threads).expect("a thread"));
            seq.extend_to(len).expect("within the budget");
            (seq.tally().digest, seq.pipeline())
        };
        let mut alone = None;
        for threads in [1, 2, 4, 8, 16] {
            if threads > 2 && threads > cores {
                continue;
            }
            let (digest, pipeline) = run(threads);
            // The thread computing candidates bounds the speed, however many threads prove.
            if let Some(rate) = pipeline.candidate_rate() {
                eprintln!(
                    "{code} on {threads} threads: the candidates' thread allows {:.2} M values/s; far parts of {} blocks ({} more marked whole)",
                    rate / 1e6,
                    pipeline.far_blocks,
                    pipeline.far_missed
                );
            }
            assert_eq!(
                *alone.get_or_insert(digest),
                digest,
                "{code} on {threads} threads"
            );
            let name = format!("{code} to 2^{} on {threads} threads", len.trailing_zeros());
            group.bench_function(name, |b| b.iter(|| run(threads)));
        }
    }
    group.finish();
}

/// The period search over a long periodic stretch, as 0.376 (period 4 from n = 2,268,248)
/// has between its preperiod and its proof: every multiple of the period matches as far
/// back as the period does. At 2^16 and 2^20 values: linear, the larger 16 times the
/// smaller (each multiple scanned in full made it quadratic: minutes for 0.376).
fn period_search(c: &mut Criterion) {
    use grundy::octal::period::find_proved;
    let mut group = c.benchmark_group("octal/period search");
    let game = "0.376".parse().expect("a valid code");
    for log in [16, 20] {
        let len = 1usize << log;
        // Half the values exceptional, then period 4: not yet proved (it needs twice the
        // preperiod), as 0.376 between 2,268,248 and 4,536,506.
        let values: Vec<u16> = (0..len)
            .map(|n| match n < len / 2 {
                true => (n * 7 % 13 + 5) as u16,
                false => [3, 1, 4, 1][n % 4],
            })
            .collect();
        group.bench_function(format!("periodic stretch 2^{log}"), |b| {
            b.iter(|| assert_eq!(find_proved(&values, &game), None))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    small_famous_games,
    game_016,
    officers,
    scaling,
    period_search
);
criterion_main!(benches);
