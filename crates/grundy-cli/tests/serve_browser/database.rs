//! Playing tier databases on the page (`grundy serve --db DIR`, three times): they head the
//! game list, their boards are drawn with every move coloured by its value and remoteness (a
//! score with its remoteness, `-1 in 4`), whole games are played against their perfect play,
//! and a position the database refuses shows grundy's message.

use super::*;

/// A temporary directory removed when the test ends, however it ends.
pub(super) struct Built(PathBuf);

impl Drop for Built {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Tic-tac-toe, Connect Four 4 x 4 and Dots-and-Boxes of one box built by `grundy build` in
/// a temporary directory;
/// returns it and the `--db` arguments of `grundy serve`.
pub(super) fn build() -> (Built, Vec<String>) {
    let root = std::env::temp_dir().join(format!("grundy-browser-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let mut args = Vec::new();
    for (name, words) in [
        ("ttt", &["tic-tac-toe"][..]),
        ("c4", &["connect-four", "4", "4"][..]),
        ("boxes", &["dots-and-boxes", "1", "1"][..]),
    ] {
        let dir = root.join(name);
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .arg("build")
            .args(words)
            .arg("--db")
            .arg(&dir)
            .output()
            .expect("grundy build runs");
        assert!(out.status.success(), "{out:?}");
        args.extend(["--db".to_string(), dir.display().to_string()]);
    }
    (Built(root), args)
}

/// The databases are offered first; tic-tac-toe and Connect Four 4 x 4 are each played to a
/// draw on a full board by clicking drawn moves, the values shown with their remoteness.
pub(super) async fn play_databases(client: &Client) {
    let options = js(
        client,
        "return [...document.querySelectorAll('#play-game option')].slice(0, 2).map(o => o.value)",
    )
    .await;
    assert_eq!(options, json!(["db:tic-tac-toe", "db:connect-four 4 4"]));
    choose(client, "#play-game", "db:tic-tac-toe").await;
    click(client, "#play-start").await;
    let start = until(
        client,
        "the tic-tac-toe board",
        &format!(
            "{{const s = (() => {{{SETTLED}}})(); \
             return s && document.querySelectorAll('#board .click').length == 9 ? s : null;}}"
        ),
    )
    .await;
    assert!(
        start["status"].as_str().unwrap().contains("draw in 9"),
        "{start}"
    );
    let marks = js(
        client,
        "return [...document.querySelectorAll('#board .value-mark')].map(t => t.textContent)",
    )
    .await;
    assert_eq!(marks, json!(vec!["D9"; 9]), "every cell a draw in 9");
    let ended = play::play_by_clicks(client, "draw", "tic-tac-toe from its database").await;
    assert_eq!(ended["end"], "a draw", "{ended}");
    assert_eq!(ended["history"].as_array().unwrap().len(), 9);

    choose(client, "#play-game", "db:connect-four 4 4").await;
    click(client, "#play-start").await;
    until(
        client,
        "the Connect Four board",
        "return document.querySelectorAll('#board svg.grid circle').length == 16 && \
         document.querySelectorAll('#board .click').length == 16 && \
         document.getElementById('status').textContent.includes('draw in 16')",
    )
    .await;
    let ended = play::play_by_clicks(client, "draw", "Connect Four from its database").await;
    assert_eq!(ended["end"], "a draw", "{ended}");
    assert_eq!(ended["history"].as_array().unwrap().len(), 16);
    screenshot(client, "database.png").await;

    // A database of scores: each move's mark is its score with its remoteness, as the
    // command line writes it (every first line loses the one box, on the fourth line).
    choose(client, "#play-game", "db:dots-and-boxes 1 1").await;
    click(client, "#play-start").await;
    until(
        client,
        "the Dots-and-Boxes board",
        "return document.querySelectorAll('#board .value-mark').length == 4",
    )
    .await;
    let marks = js(
        client,
        "return [...document.querySelectorAll('#board .value-mark')].map(t => t.textContent)",
    )
    .await;
    assert_eq!(marks, json!(vec!["-1 in 4"; 4]), "each line: -1 in 4");

    // A position the game refuses: grundy's own message.
    choose(client, "#play-game", "db:tic-tac-toe").await;
    fill(client, "#play-position", "5 5").await;
    click(client, "#play-start").await;
    let error = until(
        client,
        "the error",
        "const e = document.getElementById('play-error'); return !e.hidden && e.textContent",
    )
    .await;
    assert!(
        error.as_str().unwrap().contains("cell 5 is taken"),
        "{error}"
    );
}
