//! Playing on the page: a whole game of Nim and its buttons, a board game, the tic-tac-toe
//! game file and Connect Four, by clicking.

use super::*;

/// A whole game of Nim from 3 5 7, always clicking a green (winning) move.
pub(super) async fn nim(client: &Client) {
    choose(client, "#play-game", "nim").await;
    fill(client, "#play-position", "3 5 7").await;
    click(client, "#play-start").await;
    let mut state = until(client, "the first position", &format!("{{{SETTLED}}}")).await;
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
            click(client, "#btn-hint").await;
            until(
                client,
                "the hint",
                "return !document.getElementById('hint').hidden && \
                 document.querySelectorAll('#moves .move.best').length > 0",
            )
            .await;
            screenshot(client, "playground.png").await;
        }
        let label = wins[0].as_str().unwrap();
        let css = format!("#moves .move[data-label=\"{label}\"]");
        click(client, &css).await;
        turns += 1;
        assert!(turns < 20, "the game does not end: {state}");
        // Wait for the engine's reply (or the end).
        let before = state["history"].as_array().unwrap().len();
        state = until(
            client,
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
        js(client, "return document.getElementById('end').className").await,
        "end won"
    );

    // Undo takes back the last move; new starts again; swap lets grundy move.
    click(client, "#btn-undo").await;
    let undone = until(
        client,
        "undo",
        &format!("{{const s = (() => {{{SETTLED}}})(); return s && !s.end ? s : null;}}"),
    )
    .await;
    assert!(undone["end"].is_null(), "{undone}");
    assert!(undone["history"].as_array().unwrap().len() < history.len());
    click(client, "#btn-new").await;
    let fresh = until(
        client,
        "a new game",
        &format!(
            "{{const s = (() => {{{SETTLED}}})(); return s && s.history.length == 0 ? s : null;}}"
        ),
    )
    .await;
    assert!(fresh["history"].as_array().unwrap().is_empty(), "{fresh}");
    click(client, "#btn-swap").await;
    let swapped = until(
        client,
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
}

/// A board game of the problem set: its setup filled in from the catalogue's example,
/// the board drawn as text, every move valued by score.
pub(super) async fn board_game(client: &Client) {
    choose(client, "#play-game", "young").await;
    let setup = js(client, "return document.getElementById('play-setup').value").await;
    assert_eq!(setup, "2 3 2 7 3 9 1 2 3 7 2 2 3 1");
    click(client, "#play-start").await;
    let young = until(
        client,
        "the Young-diagram board",
        &format!(
            "{{const s = (() => {{{SETTLED}}})(); \
             return s && document.querySelector('#board svg.grid') && s.status.includes('score') ? s : null;}}"
        ),
    )
    .await;
    assert_eq!(young["tokens"], 0, "a board, not heaps: {young}");
    let values = js(
        client,
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
}

/// A game file: the tic-tac-toe example, its source shown in the page's editor, played
/// for one move and grundy's reply.
pub(super) async fn tictactoe(client: &Client) {
    choose(client, "#play-game", "file:tictactoe").await;
    let source = js(
        client,
        "return document.getElementById('play-source').value",
    )
    .await;
    assert!(
        source.as_str().unwrap().contains("function moves(board)"),
        "{source}"
    );
    click(client, "#play-start").await;
    let board = until(
        client,
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
        client,
        "return [...document.querySelectorAll('#board .value-mark')].map(m => m.textContent)",
    )
    .await;
    assert_eq!(marks, json!(vec!["0"; 9]), "{marks}");
    click(client, "#board .click[data-move=\"b2\"]").await;
    let replied = until(
        client,
        "grundy's reply in tic-tac-toe",
        &format!(
            "{{const s = (() => {{{SETTLED}}})(); return s && s.history.length == 2 ? s : null;}}"
        ),
    )
    .await;
    assert_eq!(replied["history"][0], "you: b2", "{replied}");
    assert_eq!(replied["moves"], 7, "{replied}");
    let drawn = js(
        client,
        "return [...document.querySelectorAll('#moves .move')].some(m => m.dataset.outcome === 'draw')",
    )
    .await;
    assert_eq!(drawn, true, "a drawing move is coloured as a draw");
    // To the end by clicking cells that keep the draw: a draw, the history chart drawn
    // with a point a position and no move marked as throwing a win away.
    let ended = play_by_clicks(client, "draw", "tic-tac-toe").await;
    assert_eq!(ended["end"], "a draw", "{ended}");
    let chart = js(
        client,
        "return [document.querySelectorAll('#chart-svg .chart-point').length, \
         document.querySelectorAll('#chart-svg .threw').length]",
    )
    .await;
    let played = ended["history"].as_array().unwrap().len();
    assert_eq!(chart, json!([played + 1, 0]), "{ended}");
    assert!(
        js(
            client,
            "return document.getElementById('moves-heading').hidden"
        )
        .await
            == json!(true),
        "issue 23: no empty Moves heading after the end"
    );
    screenshot(client, "tictactoe-draw.png").await;
}

/// Connect Four on a 3 x 3 board, three in a line: played by clicking columns.
pub(super) async fn connect_four(client: &Client) {
    fill(client, "#play-params", "connect=3").await;
    choose(client, "#play-game", "file:connect_four").await;
    fill(client, "#play-params", "connect=3").await;
    fill(client, "#play-position", ".../.../...").await;
    click(client, "#play-start").await;
    until(
        client,
        "the Connect Four board",
        "return document.querySelectorAll('#board svg.grid .cell').length == 9 && \
         document.querySelectorAll('#board .click').length == 9",
    )
    .await;
    let ended = play_by_clicks(client, "", "connect four").await;
    assert!(ended["end"].as_str().is_some(), "{ended}");
    let chart = js(
        client,
        "return document.querySelectorAll('#chart-svg .chart-point').length",
    )
    .await;
    assert_eq!(chart, json!(ended["history"].as_array().unwrap().len() + 1));
    screenshot(client, "connect-four.png").await;
}

/// Plays by clicking the board until the game ends: a part whose move has the outcome
/// `outcome` (any clickable part when empty), waiting for grundy's replies; returns the
/// settled state at the end.
pub(super) async fn play_by_clicks(client: &Client, outcome: &str, what: &str) -> Value {
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
