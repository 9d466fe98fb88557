//! The playground in a real browser: `grundy serve` on an ephemeral port, headless Chromium
//! driven through chromedriver (WebDriver, the `fantoccini` crate) through a whole game of
//! Nim, its buttons, every example and built-in game's board, a family's table (up to a
//! million rows), game files' tables, games against tier databases (`--db`) and the page
//! at 400 and 1920 pixels wide; screenshots land in `target/browser/`.
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

#[path = "serve_browser/database.rs"]
mod database;
#[path = "serve_browser/examples.rs"]
mod examples;
#[path = "serve_browser/misere.rs"]
mod misere;
#[path = "serve_browser/play.rs"]
mod play;
#[path = "serve_browser/screens.rs"]
mod screens;
#[path = "serve_browser/tables.rs"]
mod tables;

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

/// `grundy serve --port 0 args` and the address it prints.
fn serve(args: &[String]) -> (Killed, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--port", "0"])
        .args(args)
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
        history: [...document.querySelectorAll('#history li .jump')].map(b => b.textContent),
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
    let (_built, databases) = database::build();
    let (_server, url) = serve(&databases);
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

    play::nim(&client).await;
    play::board_game(&client).await;
    play::tictactoe(&client).await;
    play::connect_four(&client).await;
    database::play_databases(&client).await;
    examples::every_example(&client).await;
    examples::bad_start(&client).await;
    screens::domineering(&client).await;
    screens::wythoff(&client).await;
    screens::every_builtin_game(&client).await;
    let facts = tables::family(&client).await;
    tables::file_table(&client, &facts).await;
    tables::pairs(&client).await;
    tables::without_position(&client).await;
    misere::table(&client).await;
    misere::quotient(&client).await;
    screens::large_table(&client).await;
    screens::at_width(&client, 400, "phone").await;
    screens::at_width(&client, 1920, "wide").await;
}
