//! Misère play on the Table tab: Kayles' genera with the misère switch, a game file refused
//! in view, and a code's misère quotient with a sum answered by it.

use super::*;

/// Kayles' misère table: heap 5 is 4^146 and the first wild heap (Winning Ways, 2nd ed.,
/// vol. 2, ch. 13; CGSuite 2.2 writes the same genera); then the switch back off gives the
/// normal table again.
pub(super) async fn table(client: &Client) {
    click(client, "#tab-table").await;
    choose(client, "#table-game", "octal").await;
    fill(client, "#table-param", "0.77").await;
    fill(client, "#table-to", "12").await;
    click(client, "#table-misere").await;
    click(client, "#table-go").await;
    let rows = until(
        client,
        "the misère table",
        "const rows = [...document.querySelectorAll('#misere-rows tr')].slice(1);          return rows.length === 13 && rows.map(r => [...r.cells].map(c => c.textContent))",
    )
    .await;
    assert_eq!(rows[5], json!(["5", "4", "1", "4^146", "no"]), "{rows}");
    assert_eq!(rows[4], json!(["4", "1", "0", "1^031", "yes"]), "{rows}");
    let wild = js(
        client,
        "return document.querySelector('#table-facts dd[data-fact=\"first wild heap\"]').textContent",
    )
    .await;
    assert!(wild.as_str().unwrap().starts_with("heap 5"), "{wild}");
    screenshot(client, "misere-table.png").await;
    click(client, "#table-misere").await;
}

/// The quotient of misère Nim on heaps of 1 and 2 (0.33), derived by hand in the library's
/// tests (T_2 of Plambeck and Siegel 2008): order 6, P-portion {a, b^2}; the sum 2 + 2 + 1
/// is ab^2, won by taking the 1. Then a bad code's error in view.
pub(super) async fn quotient(client: &Client) {
    fill(client, "#quotient-code", "0.33").await;
    fill(client, "#quotient-heap", "2").await;
    fill(client, "#quotient-sum", "2 2 1").await;
    click(client, "#quotient-go").await;
    let facts = until(
        client,
        "the quotient",
        "const o = document.querySelector('#quotient-facts dd[data-fact=order]');          if (!o) return null;          return Object.fromEntries([...document.querySelectorAll('#quotient-facts dd')]         .map(d => [d.dataset.fact, d.textContent]))",
    )
    .await;
    assert_eq!(facts["order"], "6", "{facts}");
    assert_eq!(facts["P-portion"], "{a, b^2}", "{facts}");
    assert_eq!(facts["relations"], "a^2 = 1, b^3 = b", "{facts}");
    let sum = facts["sum"].as_str().unwrap();
    assert!(
        sum.contains("their product is ab^2, not in the P-portion"),
        "{sum}"
    );
    assert!(
        sum.contains("a heap of 1 -> nothing (product b^2)"),
        "{sum}"
    );
    let red = js(
        client,
        "return document.querySelectorAll('#quotient-products td.p').length",
    )
    .await;
    // The products in the P-portion {a, b^2}, counted in the table grundy quotient 0.33
    // --max-heap 2 prints (README): 2 + 2 + 1 + 1 + 2 + 2.
    assert_eq!(red, 10);
    fill(client, "#quotient-code", "0.7z").await;
    click(client, "#quotient-go").await;
    let alert = until(
        client,
        "the quotient's error",
        "const e = document.getElementById('quotient-error');          return !e.hidden && e.getAttribute('role') === 'alert' && e.textContent",
    )
    .await;
    assert!(alert.as_str().unwrap().contains("0.7z"), "{alert}");
}
