//! Issue 42: every built-in game drawn, Domineering's dominoes and Wythoff's diagonal
//! moves, tables of a million rows, and the page on a phone (400 pixels) and a wide screen
//! (1920 pixels), each with screenshots in `target/browser/`.

use super::*;

/// Starts the game chosen in the play form and waits for its board.
async fn start_game(client: &Client, what: &str) -> Value {
    // Start is disabled while grundy thinks (a reply to the last game's move).
    until(client, "grundy to finish", "return !busy").await;
    let previous = js(client, "return session ? session.id : ''").await;
    click(client, "#play-start").await;
    until(
        client,
        what,
        &format!(
            "return session && session.id !== {previous} && !busy \
             && document.querySelector('#board svg.drawing, #board pre') && session"
        ),
    )
    .await
}

/// What a board shows: its parts, whether it fits its box, and the parts outside a click
/// filled with a move value's colour (a piece that could be read as a value).
const BOARD: &str = r#"
    const board = document.getElementById('board');
    const svg = board.querySelector('svg.drawing');
    if (!svg) return { svg: false };
    const box = board.getBoundingClientRect(), drawn = svg.getBoundingClientRect();
    const values = Object.values(VALUE_COLOURS);
    const misread = [...svg.querySelectorAll('rect, circle')]
        .filter(s => !s.closest('.click') && values.includes(s.getAttribute('fill'))).length;
    return { svg: true, fits: drawn.right <= box.right + 1 && drawn.width > 0,
             clicks: board.querySelectorAll('.click').length, misread,
             moves: session.moves.length,
             numbers: !!(session.drawing && session.drawing.heaps && session.drawing.heaps.some(h => h.size > 64)) };"#;

/// Every built-in game from its preset: drawn as SVG inside its box, its pieces in no
/// value's colour, and a part to click for its moves.
pub(super) async fn every_builtin_game(client: &Client) {
    click(client, "#tab-play").await;
    choose(client, "#play-mode", "people").await;
    let names = js(client, "return games.map(g => g.name)").await;
    let names = names.as_array().unwrap();
    assert!(names.len() >= 20, "{names:?}");
    let partizan = js(
        client,
        "return games.filter(g => g.partizan).map(g => g.name)",
    )
    .await;
    assert_eq!(partizan, json!(["domineering"]));
    for name in names {
        let name = name.as_str().unwrap();
        choose(client, "#play-game", name).await;
        if partizan.as_array().unwrap().contains(&json!(name)) {
            // Valued, not played: its board and its value, in the value area.
            click(client, "#play-start").await;
            let value = until(
                client,
                name,
                "const v = document.querySelector('#value-facts dd[data-fact=value]'); \
                 return !document.getElementById('value-area').hidden \
                   && document.querySelector('#value-board svg.drawing') && v && v.textContent",
            )
            .await;
            assert!(
                value.as_str().is_some_and(|v| !v.is_empty()),
                "{name}: {value}"
            );
            continue;
        }
        start_game(client, name).await;
        let board = js(client, &format!("{{{BOARD}}}")).await;
        assert_eq!(board["svg"], true, "{name}: drawn as SVG: {board}");
        assert_eq!(
            board["fits"], true,
            "{name}: the drawing fits its box: {board}"
        );
        assert_eq!(
            board["misread"], 0,
            "{name}: a piece in a value's colour: {board}"
        );
        // A heap of more than 64 tokens is drawn as its number (Grundy's game parts a heap
        // by a click on a token since issue 42).
        assert!(
            board["clicks"].as_u64().unwrap() > 0
                || board["moves"] == 0
                || board["numbers"] == true,
            "{name}: nothing to click: {board}"
        );
        js(
            client,
            "document.getElementById('board').scrollIntoView(); return true",
        )
        .await;
        screenshot(client, &format!("game-{name}.png")).await;
    }
    choose(client, "#play-mode", "engine").await;
}

/// Wythoff's "same from both heaps" is a click: the third row's token 0 empties the smaller
/// heap and lowers the other as much.
pub(super) async fn wythoff(client: &Client) {
    choose(client, "#play-game", "wythoff").await;
    fill(client, "#play-position", "4 7").await;
    start_game(client, "wythoff").await;
    let row = js(
        client,
        "return [...document.querySelectorAll('#board text.axis')].map(t => t.textContent)",
    )
    .await;
    assert!(
        row.as_array().unwrap().contains(&json!("both heaps")),
        "{row}"
    );
    click(client, "#board .token[data-heap=\"2\"][data-token=\"0\"]").await;
    let played = until(
        client,
        "Wythoff's diagonal move",
        "const h = [...document.querySelectorAll('#history li .jump')]; \
         return h.length > 0 && h[0].textContent",
    )
    .await;
    assert_eq!(played, "you: 4 7 -> 0 3");
}

/// Domineering 4 x 4 (the example file): four columns of cells with narrow joints
/// between them, and a domino placed drawn as one piece: its two cells and the joint
/// between them in Vertical's colour, grundy's reply in Horizontal's.
pub(super) async fn domineering(client: &Client) {
    choose(client, "#play-game", "file:domineering").await;
    start_game(client, "domineering").await;
    let widths = js(
        client,
        "const w = c => document.querySelector(`#board .cell[data-row=\"0\"][data-col=\"${c}\"] rect`) \
           .getBBox().width; \
         return [w(0), w(1), document.querySelectorAll('#board .cell[data-row=\"0\"]').length]",
    )
    .await;
    let (cell, joint) = (widths[0].as_f64().unwrap(), widths[1].as_f64().unwrap());
    assert!(joint * 2.0 < cell, "joints narrow beside cells: {widths}");
    assert_eq!(widths[2], 7, "4 cells and 3 joints a row: {widths}");
    click(client, "#board .click[data-move=\"1 1\"]").await;
    let pieces = until(
        client,
        "grundy's domino",
        "if (busy || session.history.length < 2) return null; \
         const fills = [...document.querySelectorAll('#board .cell rect')].map(r => r.getAttribute('fill')); \
         return { first: fills.filter(f => f === FILLS.first).length, \
                  second: fills.filter(f => f === FILLS.second).length, \
                  bridges: document.querySelectorAll('#board .bridge').length }",
    )
    .await;
    // Each domino: two cells and a bridge.
    assert_eq!(pieces, json!({"first": 3, "second": 3, "bridges": 2}));
    screenshot(client, "domineering.png").await;
}

/// A table of a million rows (the issue's call stack overflow): drawn a column of pixels at
/// a time, its P-positions counted and paged, its values paged.
pub(super) async fn large_table(client: &Client) {
    click(client, "#tab-table").await;
    choose(client, "#table-game", "subtraction").await;
    fill(client, "#table-param", "1,3,4").await;
    fill(client, "#table-to", "1000000").await;
    js(
        client,
        "document.getElementById('table-pairs').checked = false; return true",
    )
    .await;
    click(client, "#table-go").await;
    let shown = until(
        client,
        "the table of a million rows",
        "const e = document.getElementById('table-error'); if (!e.hidden) return e.textContent; \
         const t = document.querySelector('#table-facts dd[data-fact=table]'); \
         if (!t || t.textContent !== 'G(n), n = 0..1000000') return null; \
         return { count: document.querySelector('.p-count').textContent, \
                  columns: document.querySelectorAll('#plot-svg path.columns').length, \
                  circles: document.querySelectorAll('#plot-svg circle').length, \
                  cells: document.querySelectorAll('#table-values .cell').length, \
                  pages: document.querySelector('#table-values .page-label').textContent }",
    )
    .await;
    assert!(shown.is_object(), "{shown}");
    // P-positions of subtraction {1, 3, 4}: n = 0 or 2 mod 7; up to 10^6, 142,858 + 142,857.
    assert!(
        shown["count"]
            .as_str()
            .unwrap()
            .starts_with("285,715 P-positions"),
        "{shown}"
    );
    assert_eq!(
        (&shown["columns"], &shown["circles"], &shown["cells"]),
        (&json!(1), &json!(0), &json!(500)),
        "{shown}"
    );
    assert_eq!(shown["pages"], "n = 0–499 of 0–1,000,000", "{shown}");
    // The second page of P-positions starts at the 201st: 7 * 100 = 700.
    click(client, "#table-facts .page-next").await;
    let page = js(
        client,
        "return document.querySelector('.p-list').textContent.split(' ').slice(0, 3)",
    )
    .await;
    assert_eq!(page, json!(["700", "702", "707"]));
    screenshot(client, "table-million.png").await;
}

/// The page at `width` pixels: no horizontal scroll, the game's buttons on the screen, the
/// plot at its own size (its text as large as on a desktop) and the value history there.
pub(super) async fn at_width(client: &Client, width: u32, name: &str) {
    client
        .set_window_size(width, 900)
        .await
        .expect("the window resized");
    let inner = js(client, "return window.innerWidth").await;
    assert!(inner.as_u64().unwrap() <= u64::from(width), "{inner}");
    click(client, "#tab-play").await;
    choose(client, "#play-game", "nim").await;
    fill(client, "#play-position", "3 5 7").await;
    start_game(client, "nim").await;
    // Two moves played, one of them throwing the win away: the history shows it.
    click(client, "#moves .move[data-outcome=\"loss\"]").await;
    until(
        client,
        "grundy's reply",
        "return !busy && session.history.length >= 2",
    )
    .await;
    let page = js(
        client,
        "const right = window.innerWidth; \
         const buttons = [...document.querySelectorAll('.controls button, #play-start')]; \
         return { scroll: Math.max(0, document.documentElement.scrollWidth - right), \
                  off: buttons.filter(b => b.getBoundingClientRect().right > right + 1).map(b => b.id), \
                  chart: document.getElementById('chart-svg').getBoundingClientRect().right <= right + 1, \
                  threw: document.querySelectorAll('#chart-svg .threw').length, \
                  numbers: document.querySelectorAll('#chart-svg .move-number').length, \
                  note: document.querySelector('#history li.threw .threw-note') !== null }",
    )
    .await;
    assert_eq!(
        page,
        json!({"scroll": 0, "off": [], "chart": true, "threw": 1, "numbers": 3, "note": true}),
        "{name}"
    );
    js(
        client,
        "document.getElementById('chart').scrollIntoView(); return true",
    )
    .await;
    screenshot(client, &format!("{name}-play.png")).await;
    click(client, "#tab-table").await;
    choose(client, "#table-game", "subtraction").await;
    fill(client, "#table-param", "1,3,4").await;
    fill(client, "#table-to", "100").await;
    click(client, "#table-go").await;
    let plot = until(
        client,
        "the plot",
        "const t = document.querySelector('#table-facts dd[data-fact=table]'); \
         const svg = document.getElementById('plot-svg'); \
         if (!t || t.textContent !== 'G(n), n = 0..100' || !svg) return null; \
         return { scale: svg.getBoundingClientRect().width / svg.viewBox.baseVal.width, \
                  scroll: Math.max(0, document.documentElement.scrollWidth - window.innerWidth) }",
    )
    .await;
    assert_eq!(plot["scroll"], 0, "{name}: {plot}");
    assert!(
        plot["scale"].as_f64().unwrap() > 0.95,
        "{name}: the plot is drawn at its size, not shrunk: {plot}"
    );
    screenshot(client, &format!("{name}-table.png")).await;
    client
        .set_window_size(1100, 1000)
        .await
        .expect("the window resized back");
}
