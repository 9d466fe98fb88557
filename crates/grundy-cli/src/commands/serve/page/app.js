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

// Requests in flight; the loading indicator shows once one has run half a second.
let inFlight = 0;

async function api(method, path, body) {
  inFlight += 1;
  const timer = setTimeout(() => { $("loading").hidden = inFlight === 0; }, 500);
  try {
    return await request(method, path, body);
  } finally {
    inFlight -= 1;
    clearTimeout(timer);
    if (inFlight === 0) $("loading").hidden = true;
  }
}

async function request(method, path, body) {
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
  // An example's source stays small until one scrolls or resizes it; one's own file has room.
  $("play-source").rows = example ? 4 : 14;
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

// Who plays: "engine" (you against grundy), "people" (two people at one board) or
// "engines" (grundy against itself).
let mode = "engine";
// Moves taken back by going back in the history, replayed by Redo ({label, side}, oldest
// first).
let redo = [];
// Per position of the game so far: its value for the side to move and that side's seat;
// per move: whether it threw a win away (its value for the mover was worse than the
// position's).
let values = [];
let threw = [];
// The request that started the game (kept in the URL).
let started = null;

const SVG_NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value !== undefined && value !== null) node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

// A move's value in a few characters, put on the board: the remoteness (W3, L4), the
// score (+2), the nimber (*1) or D.
function shortValue(value) {
  if (value.score !== null && value.score !== undefined) return (value.score > 0 ? "+" : "") + value.score;
  const letter = { win: "W", loss: "L", draw: "D" }[value.outcome];
  if (value.remoteness !== null && value.remoteness !== undefined) return letter + value.remoteness;
  return letter;
}

const FILLS = {
  empty: "#fbfbf7",
  first: "#d9433b",
  second: "#f2c230",
  filled: "#7a5537",
  hidden: "#b8bfcc",
  marked: "#3b5b92",
};
const VALUE_COLOURS = { win: "#1b7f3a", loss: "#b42318", draw: "#c79a00" };

// The move a click on a part makes, with its value (from the state's moves), or null.
function clickable(state, label) {
  if (!label || state.end || !canPlay(state)) return null;
  return state.moves.find((m) => m.label === label) || null;
}

// Marks a part of the board as a click that plays `move`, coloured by its value.
function makeClickable(node, move, shape) {
  node.classList.add("click");
  node.dataset.move = move.label;
  node.dataset.outcome = move.value.outcome;
  node.setAttribute("tabindex", "0");
  node.append(svgEl("title", {}, move.label + ": " + describe(move.value) + " for the mover"));
  node.addEventListener("click", () => play(move.label));
  node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") play(move.label); });
  if (showValues()) shape.setAttribute("stroke", VALUE_COLOURS[move.value.outcome]);
}

function valueMark(move, x, y, size) {
  if (!move || !showValues()) return [];
  return [svgEl("text", { x, y, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central",
    fill: VALUE_COLOURS[move.value.outcome], class: "value-mark", "font-weight": "600" }, shortValue(move.value))];
}

function drawGrid(state, grid) {
  const rows = grid.cells.length;
  const cols = Math.max(0, ...grid.cells.map((r) => r.length));
  // Rows and columns of lines and dots only are drawn narrow (Dots-and-Boxes' joints).
  const narrow = (cells) => cells.length > 0 && cells.every((c) => !c || c.shape === "dot" || c.shape === "horizontal" || c.shape === "vertical");
  const big = Math.max(26, Math.min(56, Math.floor(480 / Math.max(rows, cols, 1))));
  const small = Math.max(10, Math.floor(big / 3));
  const colNarrow = Array.from({ length: cols }, (_, c) => narrow(grid.cells.map((r) => r[c]).filter((x) => x && x.shape !== "horizontal")) && grid.cells.some((r) => r[c] && r[c].shape !== "square"));
  const rowNarrow = grid.cells.map((r) => narrow(r.filter((x) => x.shape !== "vertical")) && r.some((x) => x.shape !== "square"));
  const colX = [], rowY = [];
  const left = grid.rows.length ? 28 : 4, top = grid.columns.length ? 22 : 4;
  let x = left;
  for (let c = 0; c < cols; c++) { colX.push(x); x += colNarrow[c] ? small : big; }
  let y = top;
  for (let r = 0; r < rows; r++) { rowY.push(y); y += rowNarrow[r] ? small : big; }
  const root = svgEl("svg", { width: x + 4, height: y + 4, viewBox: `0 0 ${x + 4} ${y + 4}`, class: "drawing grid" });
  grid.columns.forEach((label, c) => root.append(svgEl("text", { x: colX[c] + (colNarrow[c] ? small : big) / 2, y: 12, "text-anchor": "middle", class: "axis" }, label)));
  grid.rows.forEach((label, r) => root.append(svgEl("text", { x: left - 8, y: rowY[r] + (rowNarrow[r] ? small : big) / 2 + 4, "text-anchor": "end", class: "axis" }, label)));
  grid.cells.forEach((row, r) => row.forEach((cell, c) => {
    const w = colNarrow[c] ? small : big, h = rowNarrow[r] ? small : big;
    const g = svgEl("g", { class: "cell", "data-row": r, "data-col": c });
    let shape;
    const fill = FILLS[cell.fill] || FILLS.empty;
    if (cell.shape === "disc") {
      g.append(svgEl("rect", { x: colX[c], y: rowY[r], width: w, height: h, fill: "#3b5b92" }));
      shape = svgEl("circle", { cx: colX[c] + w / 2, cy: rowY[r] + h / 2, r: Math.min(w, h) / 2 - 4, fill: cell.fill === "empty" ? "#fff" : fill, stroke: "#24324a", "stroke-width": 2 });
    } else if (cell.shape === "dot") {
      shape = svgEl("circle", { cx: colX[c] + w / 2, cy: rowY[r] + h / 2, r: Math.min(w, h) / 2 - 1, fill: "#24324a" });
    } else if (cell.shape === "horizontal" || cell.shape === "vertical") {
      const drawn = cell.fill !== "empty";
      shape = svgEl("rect", { x: colX[c] + 1, y: rowY[r] + 1, width: w - 2, height: h - 2, rx: 3,
        fill: drawn ? "#24324a" : "#eef1f6", stroke: drawn ? "none" : "#d5dae3", "stroke-width": 2 });
    } else {
      shape = svgEl("rect", { x: colX[c] + 1, y: rowY[r] + 1, width: w - 2, height: h - 2, fill, stroke: "#c3c9d4", "stroke-width": 1 });
    }
    g.append(shape);
    if (cell.text) {
      g.append(svgEl("text", { x: colX[c] + w / 2, y: rowY[r] + h / 2, "text-anchor": "middle", "dominant-baseline": "central",
        "font-size": Math.max(10, Math.min(w, h) * 0.45), class: "cell-text", fill: ["first", "filled", "marked"].includes(cell.fill) ? "#fff" : "#1d2330" }, cell.text));
    }
    const move = clickable(state, cell.move);
    if (move) {
      makeClickable(g, move, shape);
      if (showValues()) shape.setAttribute("stroke-width", 3);
      if (!cell.text) g.append(...valueMark(move, colX[c] + w / 2, rowY[r] + h / 2, Math.max(9, Math.min(w, h) * 0.3)));
    }
    root.append(g);
  }));
  return root;
}

function drawHeaps(state, heaps) {
  const token = 18, gap = 4, left = 120;
  const longest = Math.max(1, ...heaps.map((h) => (h.size <= 64 ? h.size : 3)));
  const width = left + longest * (token + gap) + 20;
  const root = svgEl("svg", { width, height: heaps.length * (token + 14) + 8, class: "drawing heaps" });
  heaps.forEach((heap, i) => {
    const y = 6 + i * (token + 14);
    root.append(svgEl("text", { x: 4, y: y + token / 2 + 5, class: "axis" }, heap.name || "heap " + (i + 1)));
    root.append(svgEl("text", { x: left - 12, y: y + token / 2 + 5, "text-anchor": "end", class: "count" }, String(heap.size)));
    if (heap.size > 64) return;
    for (let k = 0; k < heap.size; k++) {
      const g = svgEl("g", { class: "token", "data-heap": i, "data-token": k });
      const shape = svgEl("circle", { cx: left + k * (token + gap) + token / 2, cy: y + token / 2, r: token / 2 - 1, fill: "#3b5b92", stroke: "#3b5b92", "stroke-width": 2 });
      g.append(shape);
      const move = clickable(state, heap.clicks[k]);
      if (move) {
        makeClickable(g, move, shape);
        if (showValues()) shape.setAttribute("fill", VALUE_COLOURS[move.value.outcome]);
      }
      root.append(g);
    }
  });
  return root;
}

function drawGraph(state, graph) {
  const n = graph.nodes.length, size = 420, r = 24;
  let place;
  if (n > 0 && graph.nodes.every((node) => node.at)) {
    const xs = graph.nodes.map((node) => node.at[0]), ys = graph.nodes.map((node) => node.at[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    place = (i) => [40 + ((graph.nodes[i].at[0] - x0) * (size - 80)) / Math.max(1, x1 - x0), 40 + ((graph.nodes[i].at[1] - y0) * (size - 80)) / Math.max(1, y1 - y0)];
  } else {
    place = (i) => [size / 2 + (size / 2 - 50) * Math.sin((2 * Math.PI * i) / n), size / 2 - (size / 2 - 50) * Math.cos((2 * Math.PI * i) / n)];
  }
  const root = svgEl("svg", { width: size, height: size, class: "drawing graph" });
  for (const [a, b] of graph.edges) {
    const [ax, ay] = place(a), [bx, by] = place(b);
    root.append(svgEl("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: "#9aa3b5", "stroke-width": 2 }));
  }
  graph.nodes.forEach((node, i) => {
    const [x, y] = place(i);
    const g = svgEl("g", { class: "node", "data-node": i });
    const shape = svgEl("circle", { cx: x, cy: y, r, fill: FILLS[node.fill] || FILLS.empty, stroke: "#24324a", "stroke-width": 2 });
    g.append(shape, svgEl("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 11,
      fill: ["first", "filled", "marked"].includes(node.fill) ? "#fff" : "#1d2330" }, node.text));
    const move = clickable(state, node.move);
    if (move) {
      makeClickable(g, move, shape);
      g.append(...valueMark(move, x, y + r + 10, 11));
    }
    root.append(g);
  });
  return root;
}

// A position's drawing as SVG, or its text where the game does not draw it.
function drawn(state) {
  const d = state.drawing;
  if (d && d.grid) return drawGrid(state, d.grid);
  if (d && d.heaps) return drawHeaps(state, d.heaps);
  if (d && d.graph) return drawGraph(state, d.graph);
  return el("pre", {}, state.shown);
}

function renderBoard(state) {
  $("board").replaceChildren(drawn(state));
}

function showValues() {
  return $("show-values").checked;
}

// Whether a person may move now.
function canPlay(state) {
  if (busy || state.end) return false;
  return mode === "people" || (mode === "engine" && state.to_move === "person");
}

// Who made a move, in words: you and grundy, or the first and second player.
function mover(p) {
  if (mode === "engine") return p.side === "person" ? "you" : "grundy";
  return p.seat === 0 ? "first" : "second";
}

// The value of the position after `n` moves for the first player: +1 a win, -1 a loss, 0 a
// draw (a score, for scoring games).
function forFirst(n) {
  const v = values[n];
  if (!v) return null;
  let y = v.value.score !== null && v.value.score !== undefined ? v.value.score : { win: 1, loss: -1, draw: 0 }[v.value.outcome];
  return v.seat === 0 ? y : -y;
}

// The value history: the position's value for the first player after each move, the
// moves that threw a win away circled.
function renderChart(state) {
  const count = state.history.length + 1;
  const width = Math.max(240, Math.min(900, 40 + count * 28)), height = 150, pad = 34;
  const ys = Array.from({ length: count }, (_, n) => forFirst(n)).filter((y) => y !== null);
  const top = Math.max(1, ...ys.map(Math.abs));
  const x = (n) => pad + (n * (width - 2 * pad)) / Math.max(1, count - 1);
  const y = (v) => height / 2 - (v * (height / 2 - 18)) / top;
  const root = svgEl("svg", { width, height, viewBox: `0 0 ${width} ${height}`, id: "chart-svg" });
  root.append(svgEl("line", { x1: pad, y1: y(0), x2: width - pad, y2: y(0), stroke: "#c3c9d4" }));
  root.append(svgEl("text", { x: 4, y: y(top) + 4, class: "axis" }, "+" + top));
  root.append(svgEl("text", { x: 4, y: y(0) + 4, class: "axis" }, "0"));
  root.append(svgEl("text", { x: 4, y: y(-top) + 4, class: "axis" }, "-" + top));
  root.append(svgEl("text", { x: width - pad, y: height - 2, "text-anchor": "end", class: "axis" }, "moves → (value for the first player)"));
  const points = [];
  for (let n = 0; n < count; n++) {
    const v = forFirst(n);
    if (v === null) continue;
    points.push(x(n) + "," + y(v));
    root.append(svgEl("circle", { cx: x(n), cy: y(v), r: 4, class: "chart-point", "data-move": n,
      fill: v > 0 ? VALUE_COLOURS.win : v < 0 ? VALUE_COLOURS.loss : VALUE_COLOURS.draw }));
    if (n > 0 && threw[n - 1]) {
      root.append(svgEl("circle", { cx: x(n), cy: y(v), r: 8, fill: "none", stroke: "#b42318", "stroke-width": 2, class: "threw" },
        svgEl("title", {}, "move " + n + " threw a win away")));
    }
  }
  root.insertBefore(svgEl("polyline", { points: points.join(" "), fill: "none", stroke: "#9db3d9", "stroke-width": 2 }), root.children[4]);
  $("chart").replaceChildren(root);
}

function render(state) {
  const previous = session;
  session = state;
  const n = state.history.length;
  // A move just made: was it worse than the best for its mover?
  if (previous && previous.id === state.id && previous.history.length === n - 1 && previous.value) {
    const played = previous.moves.find((m) => m.label === state.history[n - 1].label);
    if (played) {
      const best = previous.value;
      const worse = best.score !== null && best.score !== undefined
        ? played.value.score < best.score
        : best.outcome === "win" && played.value.outcome !== "win";
      threw[n - 1] = worse;
    }
  }
  values.length = Math.min(values.length, n + 1);
  threw.length = Math.min(threw.length, n);
  const seats = state.history.length ? state.history[n - 1].seat ^ (state.history[n - 1].again ? 0 : 1) : 0;
  if (state.value) values[n] = { value: state.value, seat: seats };
  else if (state.end) {
    const winnerSeat = state.end.winner === null ? null : (state.end.winner === state.to_move ? seats : 1 - seats);
    values[n] = { value: { outcome: winnerSeat === null ? "draw" : winnerSeat === seats ? "win" : "loss" }, seat: seats };
  }
  $("board-area").hidden = false;
  $("game-about").textContent = state.game + (state.description ? ": " + state.description : "");
  renderBoard(state);
  const mine = canPlay(state);
  let status;
  if (state.end) {
    status = "Game over";
  } else if (mode !== "engine") {
    status = (seats === 0 ? "First" : "Second") + " player to move. This position: " + describe(state.value) + " for the player to move";
  } else if (state.to_move === "person") {
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

  $("moves-heading").hidden = state.moves.length === 0;
  $("moves").replaceChildren(
    ...state.moves.map((m) => {
      const button = el(
        "button",
        {
          type: "button",
          class: "move " + (showValues() ? m.value.outcome : "hidden-value"),
          disabled: !mine,
          title: "leads to " + JSON.stringify(m.to) + (m.points ? ", " + m.points + " points" : "") + (m.again ? ", moves again" : ""),
          "data-label": m.label,
          "data-outcome": m.value.outcome,
          "data-number": m.number,
        },
        el("span", { class: "label" }, (m.number <= 9 ? m.number + ". " : "") + m.label),
        el("span", { class: "value" }, showValues() ? describe(m.value) + (m.points ? " · +" + m.points + " pts" : "") + (m.again ? " · again" : "") : ""),
      );
      button.addEventListener("click", () => play(m.label));
      return button;
    }),
  );
  $("hint").hidden = true;
  $("history").replaceChildren(
    ...state.history.map((p, i) => {
      const item = el("li", { "data-move": i + 1 }, el("button", { type: "button", class: "jump", title: "back to the position after this move" }, mover(p) + ": " + p.label));
      if (threw[i]) item.classList.add("threw");
      item.querySelector("button").addEventListener("click", () => jump(i + 1));
      return item;
    }),
  );
  renderChart(state);
  $("btn-undo").disabled = busy || state.history.length === 0;
  $("btn-redo").disabled = busy || redo.length === 0;
  $("btn-hint").disabled = busy || !!state.end || !mine;
  $("btn-swap").disabled = busy || !!state.end || mode !== "engine";
  $("btn-new").disabled = busy;
  saveUrl();
}

// The game in the URL: the request that started it, the mode and the moves played.
function saveUrl() {
  if (!started || !session) return;
  const params = new URLSearchParams();
  params.set("game", started.choice);
  if (started.param) params.set("param", started.param);
  if (started.position) params.set("position", started.position);
  if (started.params) params.set("params", started.params);
  if (started.engineFirst) params.set("first", "engine");
  params.set("mode", mode);
  if (session.history.length) params.set("moves", JSON.stringify(session.history.map((p) => p.label)));
  history.replaceState(null, "", "#" + params.toString());
}

// Runs a request that changes the game, then lets grundy move while it is its turn.
async function step(request) {
  if (busy) return;
  busy = true;
  showError("play-error", null);
  try {
    let state = await request();
    render(state);
    while (!state.end && (mode === "engines" || (mode === "engine" && state.to_move === "engine"))) {
      await new Promise((done) => setTimeout(done, 250));
      if (mode === "engines") {
        const best = state.moves.find((m) => m.optimal);
        state = await api("POST", "/sessions/" + state.id + "/play", { move: best.label, either: true });
      } else {
        state = await api("POST", "/sessions/" + state.id + "/reply");
      }
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
  if (!session || !canPlay(session)) return;
  redo = [];
  step(() => api("POST", "/sessions/" + session.id + "/play", { move: label, either: mode !== "engine" }));
}

// Back to the position after `n` moves; the moves taken back can be redone.
function jump(n) {
  if (!session || busy || n >= session.history.length) return;
  redo = session.history.slice(n).map((p) => ({ label: p.label, side: p.side })).concat(redo);
  const keep = mode === "engines" ? "people" : mode;
  mode = keep;
  $("play-mode").value = mode;
  step(() => api("POST", "/sessions/" + session.id + "/jump", { moves: n }));
}

function redoMove() {
  if (!session || busy || redo.length === 0) return;
  const label = redo.shift().label;
  // Against grundy, grundy replays its own moves.
  while (mode === "engine" && redo.length && redo[0].side === "engine") redo.shift();
  const kept = redo;
  step(() => api("POST", "/sessions/" + session.id + "/play", { move: label, either: true })).then(() => { redo = kept; if (session) render(session); });
}

function undo() {
  if (!session || busy || session.history.length === 0) return;
  if (mode === "engine") {
    // Back to the person's last turn, as the server's undo goes.
    let n = session.history.length - 1;
    while (n > 0 && session.history[n].side !== "person") n--;
    jump(n);
  } else {
    jump(session.history.length - 1);
  }
}

// The play form's request body, or throws what is wrong with it.
function playRequest() {
  const choice = $("play-game").value;
  const body = {
    position: $("play-position").value.trim() || null,
    engine_first: $("play-engine-first").checked,
  };
  const info = { choice, position: body.position, engineFirst: body.engine_first };
  if (choice.startsWith("file:")) {
    body.source = $("play-source").value;
    body.params = readParams($("play-params").value);
    info.params = $("play-params").value;
  } else {
    body.game = choice;
    const game = games.find((g) => g.name === choice);
    const param = game.board ? $("play-setup").value.trim() : $("play-param").value.trim();
    if (param) body.param = param;
    info.param = param;
  }
  return [body, info];
}

// Starts a game; the game in progress is removed only once the new one is made (issue 23:
// a bad position lost the game being played).
async function start(event, replay) {
  if (event) event.preventDefault();
  let body, info;
  try {
    [body, info] = playRequest();
  } catch (err) {
    showError("play-error", err);
    return;
  }
  const example = examples.find((e) => "file:" + e.name === info.choice);
  $("value-area").hidden = true;
  if (example && example.partizan) {
    await showValue(body);
    return;
  }
  mode = $("play-mode").value;
  const old = session;
  redo = [];
  values = [];
  threw = [];
  await step(async () => {
    const state = await api("POST", "/sessions", body);
    if (old) api("DELETE", "/sessions/" + old.id).catch(() => {});
    session = null;
    started = info;
    for (const label of replay || []) {
      await api("POST", "/sessions/" + state.id + "/play", { move: label, either: true });
    }
    return replay && replay.length ? api("GET", "/sessions/" + state.id) : state;
  });
}

// Who wins a partizan position, by its outcome class.
const OUTCOME_CLASSES = {
  L: "Left wins, whoever starts",
  R: "Right wins, whoever starts",
  N: "the player who starts wins",
  P: "the player who starts loses",
};

// A partizan example's position: its board, its value, who wins, its temperature, each
// component's value, and the best moves in the hottest component (no session: no one is
// to move, so nothing on the board is a click).
async function showValue(body) {
  showError("play-error", null);
  try {
    const solved = await api("POST", "/solve", { ...body, engine_first: undefined });
    const a = solved.partizan;
    if (session) api("DELETE", "/sessions/" + session.id).catch(() => {});
    session = null;
    $("board-area").hidden = true;
    $("value-board").replaceChildren(drawn({ drawing: solved.drawing, shown: solved.shown, moves: [], end: true }));
    const facts = [
      ["position", solved.shown],
      ["value", a.value.value],
      ["outcome", OUTCOME_CLASSES[a.value.outcome] || a.value.outcome],
      ["stops", "left " + a.value.left_stop + ", right " + a.value.right_stop],
      ["mean", a.value.mean],
      ["temperature", a.value.temperature],
    ];
    const best = (moves) => moves.map((m) => m.label + " (to " + m.value + ")").join(", ") || "none";
    if (a.hottest !== null && a.hottest !== undefined) {
      facts.push(["Left's best", best(a.left)], ["Right's best", best(a.right)]);
    }
    $("value-facts").replaceChildren(...facts.flatMap(([k, v]) => [el("dt", {}, k), el("dd", { "data-fact": k }, String(v))]));
    $("value-parts").replaceChildren(...a.components.map((c, i) =>
      el("li", { class: i === a.hottest ? "hottest" : "" }, c.shown + ": " + c.value.value + " (temperature " + c.value.temperature + ")")));
    $("value-area").hidden = false;
  } catch (err) {
    showError("play-error", err);
  }
}

async function hint() {
  try {
    const h = await api("GET", "/sessions/" + session.id + "/hint");
    for (const button of document.querySelectorAll("#moves .move")) {
      button.classList.toggle("best", h.optimal.includes(Number(button.dataset.number)));
    }
    for (const part of document.querySelectorAll("#board .click")) {
      const move = session.moves.find((m) => m.label === part.dataset.move);
      part.classList.toggle("best", !!move && h.optimal.includes(move.number));
    }
    const box = $("hint");
    box.textContent = "Best: " + h.best.join(", ") + " — this position is a " + describe(h.value) +
      " for you. Perfect play goes on: " + h.line.join(", ");
    box.hidden = false;
  } catch (err) {
    showError("play-error", err);
  }
}

// Keys: 1-9 play the move of that number, ← and → go back and redo, h asks for a hint.
function onKey(event) {
  if (!session || $("play-view").hidden) return;
  const tag = (event.target.tagName || "").toLowerCase();
  if (tag === "input" || tag === "textarea" || tag === "select") return;
  if (/^[1-9]$/.test(event.key)) {
    const move = session.moves.find((m) => m.number === Number(event.key));
    if (move) play(move.label);
  } else if (event.key === "ArrowLeft") undo();
  else if (event.key === "ArrowRight") redoMove();
  else if (event.key === "h") hint();
  else return;
  event.preventDefault();
}

// The rules and parameters of a game file, from its own text: the comment lines at its top
// and each param(name, default, help).
function fileRules(source) {
  const lines = [];
  for (const line of source.split("\n")) {
    if (!line.startsWith("--")) break;
    lines.push(line.replace(/^--\s?/, ""));
  }
  const params = [...source.matchAll(/param\(\s*"([^"]+)"\s*,\s*(.+?),\s*"([^"]*)"\s*\)/g)].map((m) => m[1] + " (default " + m[2] + "): " + m[3]);
  return [lines.join(" "), params];
}

function showRules() {
  const choice = $("play-game").value;
  let text = "", params = [];
  if (choice.startsWith("file:")) {
    [text, params] = fileRules($("play-source").value);
  } else {
    const game = games.find((g) => g.name === choice);
    if (game) {
      text = game.summary;
      if (game.param) params.push((game.board ? "setup " : "parameter ") + game.param + ": see the example " + game.example);
      params.push("position: " + game.position);
    }
  }
  $("rules-text").textContent = text;
  $("rules-params").replaceChildren(...params.map((p) => el("li", {}, p)));
}

// A game from the URL (a link or a reload): its form filled in, its moves replayed.
async function fromUrl() {
  const params = new URLSearchParams(location.hash.slice(1));
  const choice = params.get("game");
  if (!choice) return false;
  const option = [...$("play-game").options].find((o) => o.value === choice);
  if (!option) return false;
  $("play-game").value = choice;
  applyPreset("play");
  if (params.has("param")) {
    const game = games.find((g) => g.name === choice);
    $(game && game.board ? "play-setup" : "play-param").value = params.get("param");
  }
  if (params.has("params")) $("play-params").value = params.get("params");
  $("play-position").value = params.get("position") || "";
  $("play-engine-first").checked = params.get("first") === "engine";
  $("play-mode").value = ["engine", "people", "engines"].includes(params.get("mode")) ? params.get("mode") : "engine";
  showRules();
  let moves = [];
  try {
    moves = JSON.parse(params.get("moves") || "[]");
  } catch (err) {
    moves = [];
  }
  await start(null, Array.isArray(moves) ? moves.map(String) : []);
  return true;
}

// ---- tables ----

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

// About `count` round steps (1, 2 or 5 times a power of ten) that cover 0..max.
function tickStep(max, count) {
  const raw = Math.max(1, max / count);
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw);
}

// Ticks with their labels at 0, step, 2 step, ... up to max, on one side of a plot
// ("bottom", "top" or "left"): `place(v)` is the tick's position along the axis, `at` the
// axis' own position across.
function ticks(root, max, count, place, side, at) {
  const step = tickStep(max, count);
  for (let v = 0; v <= max; v += step) {
    const p = place(v);
    if (side === "left") {
      root.append(svg("line", { x1: at - 5, y1: p, x2: at, y2: p, stroke: "#888", class: "tick" }));
      root.append(svg("text", { x: at - 8, y: p + 4, "font-size": 11, "text-anchor": "end", fill: "#555" }, v));
    } else {
      const out = side === "bottom" ? 1 : -1;
      root.append(svg("line", { x1: p, y1: at, x2: p, y2: at + 5 * out, stroke: "#888", class: "tick" }));
      root.append(svg("text", { x: p, y: at + (out > 0 ? 17 : -8), "font-size": 11, "text-anchor": "middle", fill: "#555" }, v));
    }
  }
}

// G(n) against n as points joined by a line, or P-positions as marks along n.
function plotSequence(values, title) {
  const width = 900, height = 260, pad = 40;
  const top = Math.max(1, ...values);
  const x = (n) => pad + (n * (width - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v) => height - pad - (v * (height - 2 * pad)) / top;
  const root = svg("svg", { width, height, viewBox: `0 0 ${width} ${height}`, id: "plot-svg" });
  root.append(svg("line", { x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, stroke: "#888" }));
  root.append(svg("line", { x1: pad, y1: pad, x2: pad, y2: height - pad, stroke: "#888" }));
  root.append(svg("text", { x: pad, y: pad - 14, "font-size": 13, fill: "#333" }, title));
  root.append(svg("text", { x: width - pad, y: height - 4, "font-size": 12, "text-anchor": "end", fill: "#555" }, "n →"));
  ticks(root, values.length - 1, 12, x, "bottom", height - pad);
  ticks(root, top, 5, y, "left", pad);
  const points = values.map((v, n) => x(n) + "," + y(v)).join(" ");
  root.append(svg("polyline", { points, fill: "none", stroke: "#9db3d9", "stroke-width": 1 }));
  values.forEach((v, n) => {
    root.append(svg("circle", { cx: x(n), cy: y(v), r: values.length > 200 ? 1.5 : 3, fill: v === 0 ? "#b42318" : "#3b5b92" }));
  });
  return root;
}

// The colour of a nimber on the heat map: P-positions (0) red, the others from pale to
// dark blue as they grow towards `top`.
function heat(v, top) {
  if (v === 0) return "#b42318";
  const t = Math.min(1, v / Math.max(1, top));
  return `hsl(215, 55%, ${88 - 60 * t}%)`;
}

// The nimber of the pair (a, b), when the table has them: a game file's cell value, or a
// heap game's G(a) xor G(b); else null.
function pairNimber(t, a, b) {
  if (t.values) {
    const v = t.values[a * (t.to + 1) + b];
    return v && v.nimber !== null && v.nimber !== undefined ? v.nimber : null;
  }
  if (t.nimbers) return t.nimbers[a] ^ t.nimbers[b];
  return null;
}

// Two heaps: the nimber of every cell (a, b) as a heat map when the table has nimbers, P
// cells red; else the P-positions alone, filled. The pairs list only a <= b when the
// table is symmetric.
function plotPairs(t) {
  const to = t.to, left = 40, top = 28;
  const size = Math.min(600, Math.max(200, (to + 1) * 8));
  const cell = size / (to + 1);
  const root = svg("svg", { width: size + left + 10, height: size + top + 44, viewBox: `0 0 ${size + left + 10} ${size + top + 44}`, id: "plot-svg" });
  root.append(svg("rect", { x: left, y: top, width: size, height: size, fill: "#fff", stroke: "#888", class: "frame" }));
  const nimbers = pairNimber(t, 0, 0) !== null;
  if (nimbers) {
    const all = [];
    for (let a = 0; a <= to; a++) for (let b = 0; b <= to; b++) all.push(pairNimber(t, a, b));
    const most = Math.max(1, ...all);
    const titled = all.length <= 10000;
    all.forEach((v, i) => {
      const a = Math.floor(i / (to + 1)), b = i % (to + 1);
      const rect = svg("rect", { x: left + b * cell, y: top + a * cell, width: cell, height: cell, fill: heat(v, most),
        class: v === 0 ? "cell p" : "cell", "data-a": a, "data-b": b, "data-nimber": v });
      if (titled) rect.append(svg("title", {}, `(${a}, ${b}): G = ${v}`));
      root.append(rect);
    });
    // The scale: 0 (red), then the palette up to the largest nimber.
    const y = top + size + 30;
    root.append(svg("text", { x: left, y: y + 9, "font-size": 11, fill: "#555" }, "G ="));
    const steps = Math.min(most, 8);
    for (let k = 0; k <= steps; k++) {
      const v = Math.round((k * most) / steps);
      root.append(svg("rect", { x: left + 30 + k * 34, y, width: 12, height: 12, fill: heat(v, most), class: "legend" }));
      root.append(svg("text", { x: left + 45 + k * 34, y: y + 10, "font-size": 11, fill: "#555" }, v));
    }
  } else {
    for (const [a, b] of t.p_pairs) {
      for (const [r, c] of t.symmetric ? [[a, b], [b, a]] : [[a, b]]) {
        root.append(svg("rect", { x: left + c * cell, y: top + r * cell, width: cell, height: cell, fill: "#b42318", class: "cell p" }));
      }
    }
    root.append(svg("text", { x: left, y: top + size + 38, "font-size": 11, fill: "#555" }, "P-positions filled"));
  }
  // Ticks at the cells' centres: b along the top, a down the left.
  const centre = (v) => v * cell + cell / 2;
  ticks(root, to, 10, (v) => left + centre(v), "top", top);
  ticks(root, to, 10, (v) => top + centre(v), "left", left);
  root.append(svg("text", { x: 2, y: top - 8, "font-size": 11, fill: "#555" }, "a↓ b→"));
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
      picture = plotPairs(t);
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
  $("play-game").addEventListener("change", () => { applyPreset("play"); showRules(); });
  $("play-source").addEventListener("input", showRules);
  $("table-game").addEventListener("change", () => applyPreset("table"));
  $("btn-undo").addEventListener("click", undo);
  $("btn-redo").addEventListener("click", redoMove);
  $("show-values").addEventListener("change", () => { if (session) render(session); });
  $("play-mode").addEventListener("change", () => {
    mode = $("play-mode").value;
    if (session) step(async () => session);
  });
  document.addEventListener("keydown", onKey);
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
  showRules();
  $("page-loading").hidden = true;
  document.body.dataset.ready = "true";
  await fromUrl();
}

main();
