// The grundy playground, misère play: a heap game's misère values and genera (the Table
// tab's misère switch, /api/misere-table) and a code's misère quotient (/api/quotient).
"use strict";

// ---- misère tables ----

// The misère table of the game chosen in the table form: the facts, a plot of the misère
// values and a row a heap (normal value, misère value, genus, tame).
async function tabulateMisere() {
  const choice = $("table-game").value;
  if (choice.startsWith("file:")) {
    showError("table-error", new Error("misère tables are for heap games by name or code (nim, subtraction, bash, lasker, grundy-game, 0.77, ...), not yet for game files"));
    return;
  }
  const query = new URLSearchParams({ game: choice, to: $("table-to").value || "40" });
  const param = $("table-param").value.trim();
  if (param) query.set("param", param);
  thinking("table-form", true);
  try {
    const t = await api("GET", "/misere-table?" + query);
    const wild = t.first_wild === null ? "none up to " + t.to + ": every sum of these heaps is decided by its genera"
      : "heap " + t.first_wild + " (sums with it are searched)";
    const p = t.heaps.filter((h) => h.misere_nimber === 0).map((h) => String(h.heap));
    const facts = [
      ["game", t.game + " (misère play)"],
      ["table", "misère values and genera, heaps 0–" + t.to],
      ["misère P-positions", pList(p, "")],
      ["first wild heap", wild],
    ];
    $("table-facts").replaceChildren(...facts.flatMap(([k, v]) => [el("dt", {}, k), el("dd", { "data-fact": k }, v)]));
    $("table-result").hidden = false;
    $("table-plot").replaceChildren(plotSequence(t.heaps.map((h) => h.misere_nimber), "misère G⁻(n) (misère P-positions in red)"));
    const head = el("tr", {}, ...["heap", "G (normal)", "G⁻ (misère)", "genus", "tame"].map((h) => el("th", {}, h)));
    const rows = t.heaps.map((h) => el("tr", { class: h.tame ? "" : "wild" },
      el("td", {}, h.heap), el("td", {}, h.nimber),
      el("td", { class: h.misere_nimber === 0 ? "p" : "" }, h.misere_nimber),
      el("td", { class: "genus" }, h.genus), el("td", {}, h.tame ? "yes" : "no")));
    $("table-values").replaceChildren(el("table", { id: "misere-rows", class: "misere" }, head, ...rows));
  } catch (err) {
    $("table-result").hidden = true;
    showError("table-error", err);
  } finally {
    thinking("table-form", false);
  }
}

// ---- misère quotients ----

// The largest order whose multiplication table is shown (as grundy quotient prints it).
const PRODUCTS_UP_TO = 24;

// An element's name in a cell, red when it lies in the P-portion.
function elementCell(q, tag, name) {
  return el(tag, { class: q.p_portion.includes(name) ? "p" : "" }, name);
}

async function showQuotient(event) {
  event.preventDefault();
  showError("quotient-error", null);
  thinking("quotient-form", true);
  try {
    const query = new URLSearchParams({ code: $("quotient-code").value.trim(), max_heap: $("quotient-heap").value || "12" });
    const sum = $("quotient-sum").value.trim();
    if (sum) query.set("heaps", sum);
    const q = await api("GET", "/quotient?" + query);
    const facts = [
      ["quotient", "misère quotient of " + q.code + ", heaps 1–" + q.max_heap],
      ["order", String(q.order)],
      ["P-portion", "{" + q.p_portion.join(", ") + "}"],
      ["generators", q.generators.map((g) => g.name + " = heap " + g.heap).join(", ") || "none"],
      ["relations", q.relations.join(", ") || "none"],
      ["orders by heap bound", q.orders.join(", ")],
    ];
    if (q.sum) facts.push(["sum", sumAnswer(q.sum)]);
    const parts = [el("dl", { id: "quotient-facts", class: "facts" },
      ...facts.flatMap(([k, v]) => [el("dt", {}, k), el("dd", { "data-fact": k }, v)]))];
    const heads = [el("th", {}, "heap")], cells = [el("th", {}, "element")];
    q.pretending.forEach((name, i) => {
      heads.push(el("th", {}, i + 1));
      cells.push(elementCell(q, "td", name));
    });
    parts.push(el("h3", {}, "Pretending function"),
      el("table", { id: "quotient-pretending", class: "quotient" }, el("tr", {}, ...heads), el("tr", {}, ...cells)));
    if (q.order <= PRODUCTS_UP_TO) {
      const head = el("tr", {}, el("th", {}, "×"), ...q.elements.map((name) => elementCell(q, "th", name)));
      const rows = q.table.map((row, x) => el("tr", {}, elementCell(q, "th", q.elements[x]),
        ...row.map((y) => elementCell(q, "td", q.elements[y]))));
      parts.push(el("h3", {}, "Multiplication table (P-portion in red)"),
        el("table", { id: "quotient-products", class: "quotient" }, head, ...rows));
    }
    $("quotient-result").replaceChildren(...parts);
    $("quotient-result").hidden = false;
  } catch (err) {
    $("quotient-result").hidden = true;
    showError("quotient-error", err);
  } finally {
    thinking("quotient-form", false);
  }
}

// Why a sum has its outcome, by the quotient: the library's reasons, line by line (each
// heap's element, their product, whether it lies in the P-portion, the winning moves), as
// grundy solve writes them.
function sumAnswer(s) {
  const lost = s.outcome === "loss";
  const lines = s.why.map((line) => el("div", { class: line.startsWith("winning moves") ? "winning-move" : "" }, line));
  return el("span", { id: "quotient-sum-answer", class: lost ? "loss" : "win" }, ...lines);
}
