//! The Table tab: a family's table and plot, the same game as a game file, a file of pairs
//! drawn as a heat map, and a file that cannot make a table.

use super::*;

/// The table of subtraction {1, 3, 4}: values, P-positions, period 7, a plot.
pub(super) async fn family(client: &Client) -> Value {
    click(client, "#tab-table").await;
    choose(client, "#table-game", "subtraction").await;
    fill(client, "#table-param", "1,3,4").await;
    fill(client, "#table-to", "60").await;
    click(client, "#table-go").await;
    until(
        client,
        "the plot",
        "return document.querySelector('#plot-svg circle')",
    )
    .await;
    let facts = js(
        client,
        "return Object.fromEntries([...document.querySelectorAll('#table-facts dd')]\
         .map(d => [d.dataset.fact, d.textContent]))",
    )
    .await;
    assert!(
        facts["P-positions"]
            .as_str()
            .unwrap()
            .starts_with("0 2 7 9 14 16 21 23"),
        "{facts}"
    );
    assert!(
        facts["pattern"].as_str().unwrap().contains("period 7"),
        "{facts}"
    );
    let points = js(
        client,
        "return document.querySelectorAll('#plot-svg circle').length",
    )
    .await;
    assert_eq!(points, 61);
    let ticks = js(
        client,
        "return document.querySelectorAll('#plot-svg .tick').length",
    )
    .await;
    assert!(ticks.as_u64().unwrap() >= 8, "ticks on both axes: {ticks}");
    let cells = js(
        client,
        "return document.querySelectorAll('#table-values .cell.p').length",
    )
    .await;
    assert_eq!(cells, 18, "P-positions up to 60: 0, 2 mod 7");
    screenshot(client, "table.png").await;
    facts
}

/// The same game as a game file (the example subtraction.luau, its source shown to
/// change): the same values and P-positions, its period a conjecture.
pub(super) async fn file_table(client: &Client, facts: &Value) {
    choose(client, "#table-game", "file:subtraction").await;
    let source = js(
        client,
        "const s = document.getElementById('table-source');          return !s.closest('label').hidden && s.value",
    )
    .await;
    assert!(
        source.as_str().unwrap().contains("function position(n)"),
        "{source}"
    );
    click(client, "#table-go").await;
    let file_facts = until(
        client,
        "the game file's table",
        "const g = document.querySelector('#table-facts dd[data-fact=game]');          if (!g || g.textContent !== 'subtraction') return null;          return Object.fromEntries([...document.querySelectorAll('#table-facts dd')]         .map(d => [d.dataset.fact, d.textContent]))",
    )
    .await;
    assert_eq!(
        file_facts["P-positions"], facts["P-positions"],
        "{file_facts}"
    );
    assert_eq!(file_facts["table"], "G(n), n = 0..60", "{file_facts}");
    let pattern = file_facts["pattern"].as_str().unwrap();
    assert!(
        pattern.contains("period 7") && pattern.contains("conjecture"),
        "{file_facts}"
    );
    let shown = js(
        client,
        "return { points: document.querySelectorAll('#plot-svg circle').length,                   p: [...document.querySelectorAll('#table-values .cell.p')].length,                   cells: document.querySelectorAll('#table-values .cell').length }",
    )
    .await;
    assert_eq!(shown, json!({"points": 61, "p": 18, "cells": 61}));
    screenshot(client, "table-file.png").await;
}

/// A file of pairs (wythoff.luau): the P-positions drawn as cells, Beatty pairs found.
pub(super) async fn pairs(client: &Client) {
    choose(client, "#table-game", "file:wythoff").await;
    fill(client, "#table-to", "20").await;
    click(client, "#table-pairs").await;
    click(client, "#table-go").await;
    let pairs = until(
        client,
        "the pairs' table",
        "const g = document.querySelector('#table-facts dd[data-fact=game]');          if (!g || g.textContent !== 'wythoff') return null;          return { p: [...document.querySelectorAll('#table-facts dd')].find(d => d.dataset.fact === 'P-positions').textContent,                   shape: document.querySelector('#table-facts dd[data-fact=shape]').textContent,                   p_cells: document.querySelectorAll('#plot-svg rect.p').length,                   cells: document.querySelectorAll('#plot-svg rect.heat').length,                   g05: document.querySelector('#plot-svg rect[data-a=\"0\"][data-b=\"5\"]').dataset.nimber,                   g11: document.querySelector('#plot-svg rect[data-a=\"1\"][data-b=\"1\"]').dataset.nimber,                   ticks: document.querySelectorAll('#plot-svg .tick').length }",
    )
    .await;
    assert_eq!(
        pairs["p"], "(0,0) (1,2) (3,5) (4,7) (6,10) (8,13) (9,15) (11,18) (12,20)",
        "{pairs}"
    );
    assert!(
        pairs["shape"].as_str().unwrap().starts_with("Beatty pairs"),
        "{pairs}"
    );
    // Every cell of the heat map drawn once, (0, 0) and both orders of the 8 other
    // P-positions in red; Wythoff's nimbers G(0, 5) = 5 and G(1, 1) = 2 (Winning Ways,
    // chapter 3's table of Wythoff's game), and ticks on both axes.
    assert_eq!(pairs["cells"], 21 * 21, "{pairs}");
    assert_eq!(pairs["p_cells"], 1 + 2 * 8, "{pairs}");
    assert_eq!(
        (&pairs["g05"], &pairs["g11"]),
        (&json!("5"), &json!("2")),
        "{pairs}"
    );
    assert!(pairs["ticks"].as_u64().unwrap() >= 10, "{pairs}");
    screenshot(client, "table-pairs.png").await;
}

/// A pasted file without a position function: the page says so.
pub(super) async fn without_position(client: &Client) {
    choose(client, "#table-game", "file:").await;
    fill(
        client,
        "#table-source",
        "start = 3\nfunction moves(n) return {} end",
    )
    .await;
    click(client, "#table-go").await;
    let error = until(
        client,
        "the table's error",
        "const e = document.getElementById('table-error'); return !e.hidden && e.textContent",
    )
    .await;
    assert!(
        error
            .as_str()
            .unwrap()
            .starts_with("game.luau has no position function"),
        "{error}"
    );
}
