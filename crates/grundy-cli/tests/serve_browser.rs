//! The playground in a real browser: `grundy serve` on an ephemeral port, headless Chromium
//! driven through chromedriver (WebDriver, the `fantoccini` crate) through a whole game of
//! Nim, its buttons, a family's table and game files' tables; screenshots land in
//! `target/browser/`.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/setup-browser.sh` installs them).
//! Without them the test fails and says so; `GRUNDY_SKIP_BROWSER=1` skips it on purpose.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

/// A child process killed when the test ends, however it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The first of `names` found on the PATH or in /usr/bin.
fn find(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path)
        .chain([
            PathBuf::from("/usr/bin"),
            PathBuf::from("/usr/lib/chromium"),
        ])
        .collect();
    names
        .iter()
        .flat_map(|name| dirs.iter().map(move |dir| dir.join(name)))
        .find(|p| p.is_file())
}

/// `grundy serve --port 0` and the address it prints.
fn serve() -> (Killed, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("grundy serve starts");
    let stdout = child.stdout.take().expect("piped");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("grundy serve prints its address");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (Killed(child), url)
}

/// chromedriver on a free port, once it answers.
fn chromedriver(driver: &Path) -> (Killed, String) {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "chromedriver did not listen"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    (Killed(child), format!("http://127.0.0.1:{port}"))
}

/// Runs `script` (a function body) in the page and returns its value.
async fn js(client: &Client, script: &str) -> Value {
    client
        .execute(script, vec![])
        .await
        .expect("the script runs")
}

/// Waits until `script` returns something truthy, and returns it.
async fn until(client: &Client, what: &str, script: &str) -> Value {
    let started = Instant::now();
    loop {
        let value = js(client, script).await;
        if !(value.is_null() || value == json!(false) || value == json!("")) {
            return value;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The page's state once no request is in flight: the end text (or null), the enabled
/// moves by outcome, the history.
const SETTLED: &str = r#"
    const moves = [...document.querySelectorAll('#moves .move')];
    const end = document.getElementById('end');
    const over = !end.hidden;
    const ready = over || (moves.length > 0 && moves.every(m => !m.disabled));
    if (!ready) return null;
    return {
        end: over ? end.textContent : null,
        wins: moves.filter(m => m.dataset.outcome === 'win').map(m => m.dataset.label),
        moves: moves.length,
        history: [...document.querySelectorAll('#history li')].map(li => li.textContent),
        status: document.getElementById('status').textContent,
        tokens: document.querySelectorAll('#board .token').length,
    };"#;

async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|_| panic!("no {css}"))
        .click()
        .await
        .unwrap_or_else(|_| panic!("cannot click {css}"));
}

/// Chooses the option of value `value` in the `<select>` at `css`.
async fn choose(client: &Client, css: &str, value: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .select_by_value(value)
        .await
        .unwrap();
}

async fn fill(client: &Client, css: &str, text: &str) {
    let input = client.find(Locator::Css(css)).await.expect(css);
    input.clear().await.expect("cleared");
    input.send_keys(text).await.expect("typed");
}

async fn screenshot(client: &Client, name: &str) -> PathBuf {
    // target/debug/grundy -> target/browser/
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_grundy"));
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("the target folder")
        .join("browser");
    std::fs::create_dir_all(&dir).expect("target/browser");
    let png = client.screenshot().await.expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    let path = dir.join(name);
    std::fs::write(&path, png).expect("saved");
    eprintln!("screenshot: {}", path.display());
    path
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_nim_and_a_table_in_chromium() {
    if std::env::var("GRUNDY_SKIP_BROWSER").as_deref() == Ok("1") {
        eprintln!("GRUNDY_SKIP_BROWSER=1: the browser test is skipped");
        return;
    }
    let (Some(chromium), Some(driver)) = (
        find(&["chromium", "chromium-browser"]),
        find(&["chromedriver"]),
    ) else {
        panic!(
            "the browser test needs chromium and chromedriver: run .ci/setup-browser.sh \
             (or set GRUNDY_SKIP_BROWSER=1 to skip it on purpose)"
        );
    };
    let (_server, url) = serve();
    let (_driver, driver_url) = chromedriver(&driver);
    let profile = std::env::temp_dir().join(format!("grundy-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--window-size=1100,1000",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&driver_url)
        .await
        .expect("chromium starts under chromedriver");

    // The checks run in a task of their own: when one fails, Chromium is still closed
    // (killing chromedriver alone would leave the browser running).
    let checks = tokio::spawn(drive(client.clone(), url));
    let outcome = checks.await;
    let closed = client.close().await;
    let _ = std::fs::remove_dir_all(&profile);
    if let Err(err) = outcome {
        std::panic::resume_unwind(err.into_panic());
    }
    closed.expect("chromium closes");
}

/// A whole game of Nim, its buttons, a board game, a bad start and a table, checked on the
/// page.
async fn drive(client: Client, url: String) {
    client.goto(&url).await.expect("the page loads");
    until(
        &client,
        "the game list",
        "return document.body.dataset.ready",
    )
    .await;
    assert_eq!(client.title().await.unwrap(), "grundy playground");

    // A whole game of Nim from 3 5 7, always clicking a green (winning) move.
    choose(&client, "#play-game", "nim").await;
    fill(&client, "#play-position", "3 5 7").await;
    click(&client, "#play-start").await;
    let mut state = until(&client, "the first position", &format!("{{{SETTLED}}}")).await;
    assert_eq!(state["tokens"], 15, "{state}");
    assert_eq!(state["moves"], 15, "{state}");
    assert!(
        state["status"].as_str().unwrap().contains("win in"),
        "{state}"
    );
    let mut turns = 0;
    while state["end"].is_null() {
        let wins = state["wins"].as_array().unwrap().clone();
        assert!(
            !wins.is_empty(),
            "a winning position shows a green move: {state}"
        );
        if turns == 1 {
            // Mid-game, with a hint shown: the picture for the README.
            click(&client, "#btn-hint").await;
            until(
                &client,
                "the hint",
                "return !document.getElementById('hint').hidden && \
                 document.querySelectorAll('#moves .move.best').length > 0",
            )
            .await;
            screenshot(&client, "playground.png").await;
        }
        let label = wins[0].as_str().unwrap();
        let css = format!("#moves .move[data-label=\"{label}\"]");
        click(&client, &css).await;
        turns += 1;
        assert!(turns < 20, "the game does not end: {state}");
        // Wait for the engine's reply (or the end).
        let before = state["history"].as_array().unwrap().len();
        state = until(
            &client,
            "grundy's reply",
            &format!(
                "{{const s = (() => {{{SETTLED}}})(); return s && (s.end || s.history.length >= {}) ? s : null;}}",
                before + 2
            ),
        )
        .await;
    }
    assert_eq!(state["end"], "you win", "{state}");
    let history = state["history"].as_array().unwrap();
    assert!(history
        .iter()
        .any(|h| h.as_str().unwrap().starts_with("grundy: ")));
    assert_eq!(
        js(&client, "return document.getElementById('end').className").await,
        "end won"
    );

    // Undo takes back the last move; new starts again; swap lets grundy move.
    click(&client, "#btn-undo").await;
    let undone = until(
        &client,
        "undo",
        &format!("{{const s = (() => {{{SETTLED}}})(); return s && !s.end ? s : null;}}"),
    )
    .await;
    assert!(undone["end"].is_null(), "{undone}");
    assert!(undone["history"].as_array().unwrap().len() < history.len());
    click(&client, "#btn-new").await;
    let fresh = until(
        &client,
        "a new game",
        &format!(
            "{{const s = (() => {{{SETTLED}}})(); return s && s.history.length == 0 ? s : null;}}"
        ),
    )
    .await;
    assert!(fresh["history"].as_array().unwrap().is_empty(), "{fresh}");
    click(&client, "#btn-swap").await;
    let swapped = until(
        &client,
        "grundy's move after swap",
        &format!(
            "{{const s = (() => {{{SETTLED}}})(); return s && s.history.length == 1 ? s : null;}}"
        ),
    )
    .await;
    assert!(swapped["history"][0]
        .as_str()
        .unwrap()
        .starts_with("grundy: "));
    assert!(
        swapped["wins"].as_array().unwrap().is_empty(),
        "grundy left a P-position: {swapped}"
    );

    // A board game of the problem set: its setup filled in from the catalogue's example,
    // the board drawn as text, every move valued by score.
    choose(&client, "#play-game", "young").await;
    let setup = js(
        &client,
        "return document.getElementById('play-setup').value",
    )
    .await;
    assert_eq!(setup, "2 3 2 7 3 9 1 2 3 7 2 2 3 1");
    click(&client, "#play-start").await;
    let young = until(
        &client,
        "the Young-diagram board",
        &format!(
            "{{const s = (() => {{{SETTLED}}})(); \
             return s && document.querySelector('#board svg.grid') && s.status.includes('score') ? s : null;}}"
        ),
    )
    .await;
    assert_eq!(young["tokens"], 0, "a board, not heaps: {young}");
    let values = js(
        &client,
        "return [...document.querySelectorAll('#moves .move .value')].map(v => v.textContent)",
    )
    .await;
    assert!(
        values
            .as_array()
            .unwrap()
            .iter()
            .all(|v| v.as_str().unwrap().starts_with("score ")),
        "{values}"
    );

    // A game file: the tic-tac-toe example, its source shown in the page's editor, played
    // for one move and grundy's reply.
    choose(&client, "#play-game", "file:tictactoe").await;
    let source = js(
        &client,
        "return document.getElementById('play-source').value",
    )
    .await;
    assert!(
        source.as_str().unwrap().contains("function moves(board)"),
        "{source}"
    );
    click(&client, "#play-start").await;
    let board = until(
        &client,
        "the tic-tac-toe board",
        &format!(
            "{{const s = (() => {{{SETTLED}}})(); \
             const cells = document.querySelectorAll('#board svg.grid .cell'); \
             return s && cells.length == 9 && s.moves == 9 ? \
             {{...s, clicks: [...document.querySelectorAll('#board .click')].map(c => c.dataset.move)}} : null;}}"
        ),
    )
    .await;
    assert_eq!(
        board["clicks"],
        json!(["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]),
        "{board}"
    );
    // Each cell's value is on the board: every first move draws.
    let marks = js(
        &client,
        "return [...document.querySelectorAll('#board .value-mark')].map(m => m.textContent)",
    )
    .await;
    assert_eq!(marks, json!(vec!["0"; 9]), "{marks}");
    click(&client, "#board .click[data-move=\"b2\"]").await;
    let replied = until(
        &client,
        "grundy's reply in tic-tac-toe",
        &format!(
            "{{const s = (() => {{{SETTLED}}})(); return s && s.history.length == 2 ? s : null;}}"
        ),
    )
    .await;
    assert_eq!(replied["history"][0], "you: b2", "{replied}");
    assert_eq!(replied["moves"], 7, "{replied}");
    let drawn = js(
        &client,
        "return [...document.querySelectorAll('#moves .move')].some(m => m.dataset.outcome === 'draw')",
    )
    .await;
    assert_eq!(drawn, true, "a drawing move is coloured as a draw");
    // To the end by clicking cells that keep the draw: a draw, the history chart drawn
    // with a point a position and no move marked as throwing a win away.
    let ended = play_by_clicks(&client, "draw", "tic-tac-toe").await;
    assert_eq!(ended["end"], "a draw", "{ended}");
    let chart = js(
        &client,
        "return [document.querySelectorAll('#chart-svg .chart-point').length, \
         document.querySelectorAll('#chart-svg .threw').length]",
    )
    .await;
    let played = ended["history"].as_array().unwrap().len();
    assert_eq!(chart, json!([played + 1, 0]), "{ended}");
    assert!(
        js(
            &client,
            "return document.getElementById('moves-heading').hidden"
        )
        .await
            == json!(true),
        "issue 23: no empty Moves heading after the end"
    );
    screenshot(&client, "tictactoe-draw.png").await;

    // Connect Four on a 3 x 3 board, three in a line: played by clicking columns.
    fill(&client, "#play-params", "connect=3").await;
    choose(&client, "#play-game", "file:connect_four").await;
    fill(&client, "#play-params", "connect=3").await;
    fill(&client, "#play-position", ".../.../...").await;
    click(&client, "#play-start").await;
    until(
        &client,
        "the Connect Four board",
        "return document.querySelectorAll('#board svg.grid .cell').length == 9 && \
         document.querySelectorAll('#board .click').length == 9",
    )
    .await;
    let ended = play_by_clicks(&client, "", "connect four").await;
    assert!(ended["end"].as_str().is_some(), "{ended}");
    let chart = js(
        &client,
        "return document.querySelectorAll('#chart-svg .chart-point').length",
    )
    .await;
    assert_eq!(chart, json!(ended["history"].as_array().unwrap().len() + 1));
    screenshot(&client, "connect-four.png").await;

    // Every example game draws its start, screenshot by screenshot; a partizan one shows
    // its value and its board, with no clicks.
    let names = js(
        &client,
        "return examples.filter(e => !e.partizan).map(e => e.name)",
    )
    .await;
    let partizan = js(
        &client,
        "return examples.filter(e => e.partizan).map(e => e.name)",
    )
    .await;
    for name in partizan.as_array().unwrap() {
        let name = name.as_str().unwrap();
        choose(&client, "#play-game", &format!("file:{name}")).await;
        if name == "domineering_values" {
            fill(&client, "#play-position", ".../...").await;
        }
        js(
            &client,
            "document.getElementById('value-facts').replaceChildren(); \
             document.getElementById('value-board').replaceChildren(); return true",
        )
        .await;
        click(&client, "#play-start").await;
        let value = until(
            &client,
            name,
            "const v = document.querySelector('#value-facts dd[data-fact=value]');              return !document.getElementById('value-area').hidden && v && v.textContent",
        )
        .await;
        if name == "domineering_values" {
            // Winning Ways, chapter 5: the 2 x 3 board is {2|-1/2}.
            assert_eq!(value, json!("{2|-1/2}"));
        }
        let board = js(
            &client,
            "const b = document.getElementById('value-board'); \
             return { svg: b.querySelectorAll('svg.drawing').length, \
                      cells: b.querySelectorAll('.cell').length, \
                      empty: [...b.querySelectorAll('.cell rect')] \
                        .filter(r => r.getAttribute('fill') === '#fbfbf7').length, \
                      clicks: b.querySelectorAll('.click').length, \
                      text: b.querySelectorAll('pre').length }",
        )
        .await;
        assert_eq!(
            (&board["svg"], &board["text"]),
            (&json!(1), &json!(0)),
            "{name}: {board}"
        );
        assert_eq!(board["clicks"], json!(0), "{name}: {board}");
        if name == "domineering_values" {
            // The 2 x 3 board: six empty cells.
            assert_eq!(
                (&board["cells"], &board["empty"]),
                (&json!(6), &json!(6)),
                "{board}"
            );
        }
        screenshot(&client, &format!("example-{name}.png")).await;
    }
    assert!(partizan.as_array().unwrap().len() >= 5, "{partizan}");
    for name in names.as_array().unwrap() {
        let name = name.as_str().unwrap();
        choose(&client, "#play-game", &format!("file:{name}")).await;
        // The larger boards' defaults take a while to solve: smaller ones.
        match name {
            "connect_four" => {
                fill(&client, "#play-params", "connect=3").await;
                fill(&client, "#play-position", ".../.../...").await;
            }
            "dots_and_boxes" => fill(&client, "#play-params", "rows=1; cols=2").await,
            _ => {}
        }
        let previous = js(&client, "return session ? session.id : ''").await;
        click(&client, "#play-start").await;
        until(
            &client,
            name,
            &format!(
                "return session && session.id !== {previous} && !busy \
                 && document.querySelector('#board svg.drawing')"
            ),
        )
        .await;
        js(
            &client,
            "document.getElementById('board').scrollIntoView(); return true",
        )
        .await;
        screenshot(&client, &format!("example-{name}.png")).await;
    }

    // Issue 23: a bad start keeps the game in progress.
    let before = js(&client, "return session.id").await;
    choose(&client, "#play-game", "nim").await;

    // A bad start position shows the API's message.
    fill(&client, "#play-position", "3 x").await;
    click(&client, "#play-start").await;
    let error = until(
        &client,
        "the error",
        "const e = document.getElementById('play-error'); return !e.hidden && e.textContent",
    )
    .await;
    assert!(error.as_str().unwrap().contains("\"x\""), "{error}");
    let after = js(&client, "return session && session.id").await;
    assert_eq!(after, before, "the game in progress stays");
    let status = js(
        &client,
        &format!("return fetch('/api/sessions/' + {before}).then(r => r.status)"),
    )
    .await;
    assert_eq!(status, 200, "and its session too");

    // The table of subtraction {1, 3, 4}: values, P-positions, period 7, a plot.
    click(&client, "#tab-table").await;
    choose(&client, "#table-game", "subtraction").await;
    fill(&client, "#table-param", "1,3,4").await;
    fill(&client, "#table-to", "60").await;
    click(&client, "#table-go").await;
    until(
        &client,
        "the plot",
        "return document.querySelector('#plot-svg circle')",
    )
    .await;
    let facts = js(
        &client,
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
        &client,
        "return document.querySelectorAll('#plot-svg circle').length",
    )
    .await;
    assert_eq!(points, 61);
    let ticks = js(
        &client,
        "return document.querySelectorAll('#plot-svg .tick').length",
    )
    .await;
    assert!(ticks.as_u64().unwrap() >= 8, "ticks on both axes: {ticks}");
    let cells = js(
        &client,
        "return document.querySelectorAll('#table-values .cell.p').length",
    )
    .await;
    assert_eq!(cells, 18, "P-positions up to 60: 0, 2 mod 7");
    screenshot(&client, "table.png").await;

    // The same game as a game file (the example subtraction.luau, its source shown to
    // change): the same values and P-positions, its period a conjecture.
    choose(&client, "#table-game", "file:subtraction").await;
    let source = js(
        &client,
        "const s = document.getElementById('table-source');          return !s.closest('label').hidden && s.value",
    )
    .await;
    assert!(
        source.as_str().unwrap().contains("function position(n)"),
        "{source}"
    );
    click(&client, "#table-go").await;
    let file_facts = until(
        &client,
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
        &client,
        "return { points: document.querySelectorAll('#plot-svg circle').length,                   p: [...document.querySelectorAll('#table-values .cell.p')].length,                   cells: document.querySelectorAll('#table-values .cell').length }",
    )
    .await;
    assert_eq!(shown, json!({"points": 61, "p": 18, "cells": 61}));
    screenshot(&client, "table-file.png").await;

    // A file of pairs (wythoff.luau): the P-positions drawn as cells, Beatty pairs found.
    choose(&client, "#table-game", "file:wythoff").await;
    fill(&client, "#table-to", "20").await;
    click(&client, "#table-pairs").await;
    click(&client, "#table-go").await;
    let pairs = until(
        &client,
        "the pairs' table",
        "const g = document.querySelector('#table-facts dd[data-fact=game]');          if (!g || g.textContent !== 'wythoff') return null;          return { p: [...document.querySelectorAll('#table-facts dd')].find(d => d.dataset.fact === 'P-positions').textContent,                   shape: document.querySelector('#table-facts dd[data-fact=shape]').textContent,                   p_cells: document.querySelectorAll('#plot-svg rect.p').length,                   cells: document.querySelectorAll('#plot-svg rect.cell').length,                   g05: document.querySelector('#plot-svg rect[data-a=\"0\"][data-b=\"5\"]').dataset.nimber,                   g11: document.querySelector('#plot-svg rect[data-a=\"1\"][data-b=\"1\"]').dataset.nimber,                   ticks: document.querySelectorAll('#plot-svg .tick').length }",
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
    screenshot(&client, "table-pairs.png").await;

    // A pasted file without a position function: the page says so.
    choose(&client, "#table-game", "file:").await;
    fill(
        &client,
        "#table-source",
        "start = 3\nfunction moves(n) return {} end",
    )
    .await;
    click(&client, "#table-go").await;
    let error = until(
        &client,
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

/// Plays by clicking the board until the game ends: a part whose move has the outcome
/// `outcome` (any clickable part when empty), waiting for grundy's replies; returns the
/// settled state at the end.
async fn play_by_clicks(client: &Client, outcome: &str, what: &str) -> Value {
    let filter = if outcome.is_empty() {
        String::new()
    } else {
        format!("[data-outcome=\"{outcome}\"]")
    };
    for _ in 0..40 {
        let state = until(
            client,
            what,
            &format!(
                "{{const s = (() => {{{SETTLED}}})(); \
                 return s && (s.end || document.querySelector('#board .click')) ? s : null;}}"
            ),
        )
        .await;
        if state["end"].is_string() {
            return state;
        }
        let before = state["history"].as_array().unwrap().len();
        click(client, &format!("#board .click{filter}")).await;
        until(
            client,
            what,
            &format!(
                "{{const s = (() => {{{SETTLED}}})(); return s && (s.end || s.history.length > {before}) ? s : null;}}"
            ),
        )
        .await;
    }
    panic!("{what} did not end in 40 moves")
}
