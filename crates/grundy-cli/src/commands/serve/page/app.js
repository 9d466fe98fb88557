// The grundy playground: plain JavaScript over the JSON API under /api/ (docs/api.md).
"use strict";

// Starting points for the forms (any other parameter or position can be typed).
const PRESETS = {
  nim: { position: "3 5 7" },
  "misere-nim": { position: "2 3 4" },
  bash: { param: "3", position: "10 7" },
  "bash-reach": { param: "3", position: "21" },
  subtraction: { param: "1,3,4", position: "15" },
  "all-but": { param: "1,2", position: "12" },
  pow2: { position: "12" },
  "fib-subtraction": { position: "12" },
  lasker: { position: "3 7" },
  "grundy-game": { position: "9" },
  wythoff: { position: "4 7" },
  "fibonacci-nim": { position: "20" },
  staircase: { position: "2 4 3" },
  moore: { param: "2", position: "3 5 6" },
  corner: { position: "4 7" },
};

const $ = (id) => document.getElementById(id);
let games = [];
// The example game files (GET /api/examples): {name, summary, source}.
let examples = [];
let session = null;
let busy = false;

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch("/api" + path, init);
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) {
    throw new Error(data && data.error ? data.error : response.status + " " + response.statusText);
  }
  return data;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) {
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// "win in 3 (*2)", "loss in 4", "draw", "score +2".
function describe(value) {
  if (!value) return "";
  let text;
  if (value.score !== null && value.score !== undefined) {
    text = "score " + (value.score > 0 ? "+" : "") + value.score;
  } else {
    text = value.outcome;
    if (value.remoteness !== null && value.remoteness !== undefined) text += " in " + value.remoteness;
  }
  if (value.nimber !== null && value.nimber !== undefined) text += " (*" + value.nimber + ")";
  return text;
}

function showError(where, err) {
  const node = $(where);
  node.textContent = err ? String(err.message || err) : "";
  node.hidden = !err;
}

// ---- the game selectors ----

function fillSelect(select, list) {
  select.replaceChildren(...list.map((g) => el("option", { value: g.name }, g.name + (g.board ? " (board)" : ""))));
}

// A board game's setup as its catalogue example gives it: the words after its name.
function exampleSetup(game) {
  const words = game.example.split(/\s+/);
  const at = words.indexOf(game.name);
  return at < 0 ? "" : words.slice(at + 1).join(" ");
}

// The game files in a form's list: the examples (for tables, those with a position
// function), then one to paste.
function fillFiles(select, list) {
  const group = el("optgroup", { label: "game files" });
  group.append(...list.map((e) => el("option", { value: "file:" + e.name }, e.name + " (game file)")));
  group.append(el("option", { value: "file:" }, "your own game file…"));
  select.append(group);
}

// What the play form asks for: a family's parameter, a board game's setup (lines kept) or a
// game file's source and parameters.
function showFields(mode) {
  $("play-param-label").hidden = mode !== "param";
  $("play-setup-label").hidden = mode !== "setup";
  $("play-source-label").hidden = mode !== "file";
  $("play-params-label").hidden = mode !== "file";
}

function applyFile(name) {
  const example = examples.find((e) => e.name === name);
  showFields("file");
  if (example) $("play-source").value = example.source;
  $("play-params").value = "";
  $("play-position").value = "";
  $("play-position").placeholder = "the file's start";
  $("play-summary").textContent = example
    ? example.summary + " (" + name + ".luau; change it below as you like)"
    : "Paste a game file (Luau: name, start, moves(position); see docs/game-files.md).";
}

// The table form for a game file: its source (an example's, to change as one likes, or
// one's own) and its parameters.
function applyTableFile(name) {
  const example = examples.find((e) => e.name === name);
  $("table-param-label").hidden = true;
  $("table-params-label").hidden = false;
  $("table-source-label").hidden = false;
  if (example) $("table-source").value = example.source;
  $("table-params").value = "";
  $("table-summary").textContent = example
    ? example.summary + " (" + name + ".luau, tabulated from its position function)"
    : "Paste a game file with a position function: position(n) makes the position of n, position(a, b) that of a pair.";
}

function applyPreset(prefix) {
  const name = $(prefix + "-game").value;
  if (prefix === "play" && name.startsWith("file:")) {
    applyFile(name.slice(5));
    return;
  }
  if (prefix === "table") {
    if (name.startsWith("file:")) {
      applyTableFile(name.slice(5));
      return;
    }
    $("table-params-label").hidden = true;
    $("table-source-label").hidden = true;
    $("table-summary").textContent = "";
  }
  const game = games.find((g) => g.name === name);
  const preset = PRESETS[name] || (game.board ? { param: exampleSetup(game) } : {});
  $(prefix + "-param-label").hidden = !game.param || (prefix === "play" && game.board);
  $(prefix + "-param").value = game.param ? preset.param || "" : "";
  $(prefix + "-param").placeholder = game.param || "";
  if (prefix === "play") {
    showFields(game.board ? "setup" : game.param ? "param" : "none");
    $("play-setup").value = game.board ? preset.param || "" : "";
    $("play-position").value = preset.position || "";
    $("play-position").placeholder = game.position;
    $("play-summary").textContent = name + ": " + game.summary + " (position: " + game.position + ")";
  }
}

// "k=3; set=1,2" as {k: "3", set: "1,2"}.
function readParams(text) {
  const params = {};
  for (const pair of text.split(";")) {
    if (!pair.trim()) continue;
    const at = pair.indexOf("=");
    if (at < 0) throw new Error("parameters: write name=value, separated by ';' (found \"" + pair.trim() + "\")");
    params[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return params;
}

// ---- playing ----

function renderBoard(state) {
  const board = $("board");
  const game = games.find((g) => state.game === g.name || state.game.startsWith(g.name + " "));
  const heaps = !(game && game.board) && Array.isArray(state.position) && state.position.every((h) => Number.isInteger(h));
  if (heaps && state.position.length <= 12 && Math.max(0, ...state.position) <= 40) {
    board.replaceChildren(
      ...state.position.map((count, i) =>
        el(
          "div",
          { class: "heap" },
          el("span", { class: "name" }, "heap " + (i + 1)),
          el("span", { class: "count" }, count),
          el("span", { class: "tokens" }, ...Array.from({ length: count }, () => el("span", { class: "token" }))),
        ),
      ),
    );
  } else {
    board.replaceChildren(el("pre", {}, state.shown));
  }
}

function render(state) {
  session = state;
  $("board-area").hidden = false;
  renderBoard(state);
  const mine = state.to_move === "person";
  let status;
  if (state.end) {
    status = "Game over";
  } else if (mine) {
    status = "Your move. This position: " + describe(state.value) + " for you";
  } else {
    status = "grundy to move. This position: " + describe(state.value) + " for grundy";
  }
  if (state.points.person || state.points.engine) {
    status += " · points: you " + state.points.person + ", grundy " + state.points.engine;
  }
  $("status").textContent = status;

  const end = $("end");
  end.hidden = !state.end;
  if (state.end) {
    end.textContent = state.end.text;
    end.className = "end " + (state.end.winner === "person" ? "won" : state.end.winner === "engine" ? "lost" : "drawn");
  }

  $("moves").replaceChildren(
    ...state.moves.map((m) => {
      const button = el(
        "button",
        {
          type: "button",
          class: "move " + m.value.outcome,
          disabled: !mine || busy,
          title: "leads to " + JSON.stringify(m.to) + (m.points ? ", " + m.points + " points" : "") + (m.again ? ", moves again" : ""),
          "data-label": m.label,
          "data-outcome": m.value.outcome,
          "data-number": m.number,
        },
        el("span", { class: "label" }, m.label),
        el("span", { class: "value" }, describe(m.value) + (m.points ? " · +" + m.points + " pts" : "") + (m.again ? " · again" : "")),
      );
      button.addEventListener("click", () => play(m.label));
      return button;
    }),
  );
  $("hint").hidden = true;
  $("history").replaceChildren(
    ...state.history.map((p) => el("li", {}, (p.side === "person" ? "you: " : "grundy: ") + p.label)),
  );
  $("btn-undo").disabled = busy || state.history.length === 0;
  $("btn-hint").disabled = busy || !!state.end || !mine;
  $("btn-swap").disabled = busy || !!state.end;
  $("btn-new").disabled = busy;
}

// Runs a request that changes the game, then lets grundy reply while it is its turn.
async function step(request) {
  if (busy) return;
  busy = true;
  showError("play-error", null);
  try {
    let state = await request();
    render(state);
    while (!state.end && state.to_move === "engine") {
      await new Promise((done) => setTimeout(done, 250));
      state = await api("POST", "/sessions/" + state.id + "/reply");
      render(state);
    }
  } catch (err) {
    showError("play-error", err);
  } finally {
    busy = false;
    if (session) render(session);
  }
}

function play(label) {
  step(() => api("POST", "/sessions/" + session.id + "/play", { move: label }));
}

async function start(event) {
  event.preventDefault();
  const choice = $("play-game").value;
  const body = {
    position: $("play-position").value.trim() || null,
    engine_first: $("play-engine-first").checked,
  };
  if (choice.startsWith("file:")) {
    body.source = $("play-source").value;
    try {
      body.params = readParams($("play-params").value);
    } catch (err) {
      showError("play-error", err);
      return;
    }
  } else {
    body.game = choice;
    const game = games.find((g) => g.name === choice);
    const param = game.board ? $("play-setup").value.trim() : $("play-param").value.trim();
    if (param) body.param = param;
  }
  if (session) api("DELETE", "/sessions/" + session.id).catch(() => {});
  session = null;
  $("board-area").hidden = true;
  await step(() => api("POST", "/sessions", body));
}

async function hint() {
  try {
    const h = await api("GET", "/sessions/" + session.id + "/hint");
    for (const button of document.querySelectorAll("#moves .move")) {
      button.classList.toggle("best", h.optimal.includes(Number(button.dataset.number)));
    }
    const box = $("hint");
    box.textContent = "Best: " + h.best.join(", ") + " — this position is a " + describe(h.value) +
      " for you. Perfect play goes on: " + h.line.join(", ");
    box.hidden = false;
  } catch (err) {
    showError("play-error", err);
  }
}

// ---- tables ----

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

// G(n) against n as points joined by a line, or P-positions as marks along n.
function plotSequence(values, title) {
  const width = 900, height = 260, pad = 36;
  const top = Math.max(1, ...values);
  const x = (n) => pad + (n * (width - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v) => height - pad - (v * (height - 2 * pad)) / top;
  const root = svg("svg", { width, height, viewBox: `0 0 ${width} ${height}`, id: "plot-svg" });
  root.append(svg("line", { x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, stroke: "#888" }));
  root.append(svg("line", { x1: pad, y1: pad, x2: pad, y2: height - pad, stroke: "#888" }));
  root.append(svg("text", { x: pad, y: pad - 12, "font-size": 13, fill: "#333" }, title));
  root.append(svg("text", { x: width - pad, y: height - 10, "font-size": 12, "text-anchor": "end", fill: "#555" }, "n = " + (values.length - 1)));
  root.append(svg("text", { x: pad - 6, y: pad + 4, "font-size": 12, "text-anchor": "end", fill: "#555" }, top));
  root.append(svg("text", { x: pad - 6, y: height - pad + 4, "font-size": 12, "text-anchor": "end", fill: "#555" }, 0));
  const points = values.map((v, n) => x(n) + "," + y(v)).join(" ");
  root.append(svg("polyline", { points, fill: "none", stroke: "#9db3d9", "stroke-width": 1 }));
  values.forEach((v, n) => {
    root.append(svg("circle", { cx: x(n), cy: y(v), r: values.length > 200 ? 1.5 : 3, fill: v === 0 ? "#b42318" : "#3b5b92" }));
  });
  return root;
}

// The P-positions of two heaps: a cell (a, b) filled when the player to move loses; the
// pairs list only a <= b when the table is symmetric.
function plotPairs(pairs, to, symmetric) {
  const size = Math.min(600, Math.max(200, (to + 1) * 8));
  const cell = size / (to + 1);
  const root = svg("svg", { width: size + 40, height: size + 40, viewBox: `0 0 ${size + 40} ${size + 40}`, id: "plot-svg" });
  root.append(svg("rect", { x: 30, y: 10, width: size, height: size, fill: "#fff", stroke: "#888" }));
  for (const [a, b] of pairs) {
    for (const [r, c] of symmetric ? [[a, b], [b, a]] : [[a, b]]) {
      root.append(svg("rect", { x: 30 + c * cell, y: 10 + r * cell, width: cell, height: cell, fill: "#b42318" }));
    }
  }
  root.append(svg("text", { x: 30, y: size + 32, "font-size": 12, fill: "#555" }, "b →  (rows a, P-positions filled)"));
  return root;
}

// A value as one short cell: the nimber, the score, else W, L or D.
function cellText(value) {
  if (value.nimber !== null && value.nimber !== undefined) return value.nimber;
  if (value.score !== null && value.score !== undefined) return value.score;
  return { win: "W", loss: "L", draw: "D" }[value.outcome];
}

// What the table holds, in words.
function tableTitle(t) {
  if (t.kind === "pairs") return "pairs of heaps up to " + t.to;
  if (t.kind === "grundy") return "G(n), n = 0.." + t.to;
  const scores = t.values && t.values.length && t.values[0].score !== null;
  return (scores ? "scores" : "outcomes") + ", n = 0.." + t.to;
}

// The request for the table form: a family (GET-like fields) or a game file (its source).
function tableRequest() {
  const choice = $("table-game").value;
  const body = { to: Number($("table-to").value || "40"), pairs: $("table-pairs").checked };
  if (choice.startsWith("file:")) {
    body.source = $("table-source").value;
    body.params = readParams($("table-params").value);
  } else {
    body.game = choice;
    const param = $("table-param").value.trim();
    if (param) body.param = param;
  }
  return body;
}

async function tabulate(event) {
  event.preventDefault();
  showError("table-error", null);
  try {
    const t = await api("POST", "/table", tableRequest());
    const facts = [["game", t.game], ["table", tableTitle(t)]];
    if (t.kind === "pairs") {
      const list = t.p_pairs.map(([a, b]) => "(" + a + "," + b + ")").join(" ");
      facts.push(["P-positions", list + (t.symmetric ? "" : " (every one listed: not symmetric)")]);
    } else {
      facts.push(["P-positions", t.p_positions.join(" ")]);
    }
    if (t.text.pattern) facts.push(["pattern", t.text.pattern]);
    if (t.text.shape) facts.push(["shape", t.text.shape]);
    if (t.text.closed_form) facts.push(["closed form", t.text.closed_form]);
    $("table-facts").replaceChildren(...facts.flatMap(([k, v]) => [el("dt", {}, k), el("dd", { "data-fact": k }, v)]));

    let picture;
    if (t.kind === "pairs") {
      picture = plotPairs(t.p_pairs, t.to, t.symmetric);
    } else if (t.nimbers) {
      picture = plotSequence(t.nimbers, "G(n) (P-positions in red)");
    } else {
      const flags = Array.from({ length: t.to + 1 }, (_, n) => (t.p_positions.includes(n) ? 0 : 1));
      picture = plotSequence(flags, "1 = N-position, 0 = P-position");
    }
    $("table-plot").replaceChildren(picture);

    const cells = [];
    if (t.kind !== "pairs" && t.values && t.values.length <= 2000) {
      t.values.forEach((v, n) => cells.push(el("span", { class: "cell" + (v.outcome === "loss" ? " p" : "") }, el("span", { class: "n" }, n), cellText(v))));
    } else if (t.nimbers && t.nimbers.length <= 2000) {
      t.nimbers.forEach((v, n) => cells.push(el("span", { class: "cell" + (v === 0 ? " p" : "") }, el("span", { class: "n" }, n), v)));
    }
    $("table-values").replaceChildren(...cells);
    $("table-result").hidden = false;
  } catch (err) {
    $("table-result").hidden = true;
    showError("table-error", err);
  }
}

// ---- start ----

function showTab(name) {
  $("play-view").hidden = name !== "play";
  $("table-view").hidden = name !== "table";
  $("tab-play").classList.toggle("active", name === "play");
  $("tab-table").classList.toggle("active", name === "table");
}

async function main() {
  $("tab-play").addEventListener("click", () => showTab("play"));
  $("tab-table").addEventListener("click", () => showTab("table"));
  $("play-form").addEventListener("submit", start);
  $("table-form").addEventListener("submit", tabulate);
  $("play-game").addEventListener("change", () => applyPreset("play"));
  $("table-game").addEventListener("change", () => applyPreset("table"));
  $("btn-undo").addEventListener("click", () => step(() => api("POST", "/sessions/" + session.id + "/undo")));
  $("btn-swap").addEventListener("click", () => step(() => api("POST", "/sessions/" + session.id + "/swap")));
  $("btn-new").addEventListener("click", () => step(() => api("POST", "/sessions/" + session.id + "/new")));
  $("btn-hint").addEventListener("click", hint);
  try {
    games = (await api("GET", "/games")).games;
    examples = (await api("GET", "/examples")).examples;
  } catch (err) {
    showError("play-error", err);
    return;
  }
  fillSelect($("play-game"), games);
  fillFiles($("play-game"), examples);
  fillSelect($("table-game"), games.filter((g) => !g.board));
  fillFiles($("table-game"), examples.filter((e) => e.table));
  applyPreset("play");
  applyPreset("table");
  document.body.dataset.ready = "true";
}

main();
