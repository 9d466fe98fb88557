//! The example games, each drawn at its start, and a bad start that keeps the game in
//! progress.

use super::*;

/// Every example game draws its start, screenshot by screenshot; a partizan one shows
/// its value and its board, with no clicks.
pub(super) async fn every_example(client: &Client) {
    let names = js(
        client,
        "return examples.filter(e => !e.partizan).map(e => e.name)",
    )
    .await;
    let partizan = js(
        client,
        "return examples.filter(e => e.partizan).map(e => e.name)",
    )
    .await;
    for name in partizan.as_array().unwrap() {
        let name = name.as_str().unwrap();
        choose(client, "#play-game", &format!("file:{name}")).await;
        if name == "domineering_values" {
            fill(client, "#play-position", ".../...").await;
        }
        js(
            client,
            "document.getElementById('value-facts').replaceChildren(); \
             document.getElementById('value-board').replaceChildren(); return true",
        )
        .await;
        click(client, "#play-start").await;
        let value = until(
            client,
            name,
            "const v = document.querySelector('#value-facts dd[data-fact=value]');              return !document.getElementById('value-area').hidden && v && v.textContent",
        )
        .await;
        if name == "domineering_values" {
            // Winning Ways, chapter 5: the 2 x 3 board is {2|-1/2}.
            assert_eq!(value, json!("{2|-1/2}"));
            // Its thermograph, drawn (GET /api/cgt): two walls meeting the mast at the
            // temperature 5/4 over the mean 3/4 (halfway between the stops 2 and -1/2).
            let drawn = until(
                client,
                "the thermograph",
                "const f = document.getElementById('value-thermograph'); \
                 const s = f.querySelector('svg.thermograph'); \
                 return !f.hidden && s && s.querySelectorAll('path.mast, path.left-wall, \
                 path.right-wall').length === 3 && s.querySelector('title').textContent",
            )
            .await;
            assert_eq!(drawn, json!("thermograph: mast 3/4, temperature 5/4"));
        }
        let board = js(
            client,
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
        screenshot(client, &format!("example-{name}.png")).await;
    }
    assert!(partizan.as_array().unwrap().len() >= 5, "{partizan}");
    for name in names.as_array().unwrap() {
        let name = name.as_str().unwrap();
        choose(client, "#play-game", &format!("file:{name}")).await;
        // The larger boards' defaults take a while to solve: smaller ones.
        match name {
            "connect_four" => {
                fill(client, "#play-params", "connect=3").await;
                fill(client, "#play-position", ".../.../...").await;
            }
            "dots_and_boxes" => fill(client, "#play-params", "rows=1; cols=2").await,
            _ => {}
        }
        let previous = js(client, "return session ? session.id : ''").await;
        click(client, "#play-start").await;
        until(
            client,
            name,
            &format!(
                "return session && session.id !== {previous} && !busy \
                 && document.querySelector('#board svg.drawing')"
            ),
        )
        .await;
        js(
            client,
            "document.getElementById('board').scrollIntoView(); return true",
        )
        .await;
        screenshot(client, &format!("example-{name}.png")).await;
    }
}

/// Issue 23: a bad start keeps the game in progress.
pub(super) async fn bad_start(client: &Client) {
    let before = js(client, "return session.id").await;
    choose(client, "#play-game", "nim").await;

    // A bad start position shows the API's message, in sight (issue 42: it was written
    // below the board, out of the window) and read out (role="alert"); Start is disabled
    // while the request is out.
    fill(client, "#play-position", "3 x").await;
    js(
        client,
        "window.scrollTo(0, document.body.scrollHeight); return true",
    )
    .await;
    let disabled = js(
        client,
        "const b = document.getElementById('play-start'); b.click(); return b.disabled",
    )
    .await;
    assert_eq!(disabled, true, "Start is disabled while grundy thinks");
    let error = until(
        client,
        "the error",
        "const e = document.getElementById('play-error'); return !e.hidden && e.textContent",
    )
    .await;
    assert!(error.as_str().unwrap().contains("\"x\""), "{error}");
    let seen = until(
        client,
        "the error in view",
        "const e = document.getElementById('play-error'), b = e.getBoundingClientRect();          return b.top >= 0 && b.bottom <= window.innerHeight            && !document.getElementById('play-start').disabled && e.getAttribute('role')",
    )
    .await;
    assert_eq!(seen, "alert");
    screenshot(client, "bad-start.png").await;
    // A time-out says what to try next.
    let advice = js(
        client,
        "showError('play-error', new Error('the search ran past the time limit of a request \
         (3000 ms; see grundy serve --timeout)')); \
         return document.getElementById('play-error').textContent",
    )
    .await;
    assert!(
        advice.as_str().unwrap().contains("Try a smaller position"),
        "{advice}"
    );
    let after = js(client, "return session && session.id").await;
    assert_eq!(after, before, "the game in progress stays");
    let status = js(
        client,
        &format!("return fetch('/api/sessions/' + {before}).then(r => r.status)"),
    )
    .await;
    assert_eq!(status, 200, "and its session too");
}
