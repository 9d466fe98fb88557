//! Positions stored and CPU time with and without `canonical` (docs/game-files.md,
//! "Symmetry") for the examples that have symmetries: each solved once from a fresh game
//! (`DynGame::solve`, remoteness when cheap as by default), the file as it is and with
//! `canonical = nil` appended; both must give the same value. Prints a Markdown table for
//! BENCHMARKS.md. Run with `cargo bench -p grundy-script --bench symmetry`.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use cpu_time::ProcessTime;
use grundy::dynamic::{DynGame, Value};
use grundy::scripted::parse_data;
use grundy::Budget;

/// A file, its parameters, and a position as data (empty: the start).
type Case = (
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static str,
);

const CASES: [Case; 8] = [
    ("tictactoe.luau", &[], ""),
    ("connect_four.luau", &[], ""),
    ("connect_four.luau", &[], r#""..../..../..../..../....""#),
    ("chomp.luau", &[], "[8, 8, 8, 8, 8, 8, 8, 8]"),
    ("cram.luau", &[], r#"["....", "....", "....", "...."]"#),
    (
        "domineering.luau",
        &[],
        r#"["V", [".....", ".....", ".....", "....."]]"#,
    ),
    ("dots_and_boxes.luau", &[], ""),
    ("dots_and_boxes.luau", &[("rows", "2"), ("cols", "3")], ""),
];

/// Solves `position` of the file's `source`: value, positions expanded, CPU time.
fn run(
    name: &str,
    source: &str,
    params: &[(&str, &str)],
    position: &str,
) -> (Value, u64, Duration) {
    let params: Vec<(String, String)> = params
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let game: Arc<dyn DynGame> = grundy_script::load_source(name, source, &params).unwrap();
    let pos = match position {
        "" => game.start().unwrap(),
        text => parse_data(text).unwrap(),
    };
    let counter = Arc::new(AtomicU64::new(0));
    let budget = Budget::default()
        .with_positions(1 << 30)
        .with_progress(Arc::clone(&counter));
    let start = ProcessTime::now();
    let sol = game.solve(&pos, &budget).unwrap();
    (sol.value, counter.load(Ordering::Relaxed), start.elapsed())
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/games");
    println!(
        "| game | position | positions with | without | ratio | CPU s with | without | ratio |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (name, params, position) in CASES {
        let source = std::fs::read_to_string(dir.join(name)).unwrap();
        let plain = format!("{source}\ncanonical = nil\n");
        let (value, with, with_time) = run(name, &source, params, position);
        let (expected, without, without_time) = run(name, &plain, params, position);
        assert_eq!(value, expected, "{name} {position}");
        let shown = match (position, params) {
            ("", []) => "start".to_string(),
            ("", _) => format!("start, {params:?}"),
            (text, _) => text.to_string(),
        };
        println!(
            "| {name} | {shown} | {with} | {without} | {:.2} | {:.2} | {:.2} | {:.2} |",
            without as f64 / with as f64,
            with_time.as_secs_f64(),
            without_time.as_secs_f64(),
            without_time.as_secs_f64() / with_time.as_secs_f64(),
        );
    }
}
