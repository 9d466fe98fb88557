// The grundy playground, the board: a position drawn as SVG (grids, heaps, graphs), its moves
// coloured by their values (the value history is history.js').
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value !== undefined && value !== null) node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

// A move's value in a few characters, put on the board: the outcome with its remoteness
// (W3, L4, D9), the score (+2; a database's with its remoteness, "+2 in 5", as describe
// and the command line write it) or the outcome alone.
function shortValue(value) {
  if (value.score !== null && value.score !== undefined) {
    const score = (value.score > 0 ? "+" : "") + value.score;
    return value.remoteness > 0 ? score + " in " + value.remoteness : score;
  }
  const letter = { win: "W", loss: "L", draw: "D" }[value.outcome];
  if (value.remoteness !== null && value.remoteness !== undefined) return letter + value.remoteness;
  return letter;
}

// The pieces' colours, FILLS and DARK_FILLS, are the library's palette (palette.js, made
// by the server from grundy::drawing::Fill::colour).
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
      shape = svgEl("circle", { cx: colX[c] + w / 2, cy: rowY[r] + h / 2, r: Math.max(2, Math.min(w, h) / 3), fill: "#24324a" });
    } else if ((cell.shape === "horizontal" || cell.shape === "vertical") && (cell.fill === "first" || cell.fill === "second")) {
      // A joint in a player's colour: the middle of a piece over two cells (a domino), drawn
      // without a gap to its cells.
      const across = cell.shape === "horizontal";
      shape = svgEl("rect", { x: colX[c] + (across ? 1 : -1), y: rowY[r] + (across ? -1 : 1), width: w + (across ? -2 : 2),
        height: h + (across ? 2 : -2), fill: FILLS[cell.fill], class: "bridge" });
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
        "font-size": Math.max(10, Math.min(w, h) * 0.45), class: "cell-text", fill: DARK_FILLS.includes(cell.fill) ? "#fff" : "#1d2330" }, cell.text));
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
  const height = heaps.length * (token + 14) + 8;
  const root = svgEl("svg", { width, height, viewBox: `0 0 ${width} ${height}`, class: "drawing heaps" });
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
  const root = svgEl("svg", { width: size, height: size, viewBox: `0 0 ${size} ${size}`, class: "drawing graph" });
  for (const [a, b] of graph.edges) {
    const [ax, ay] = place(a), [bx, by] = place(b);
    root.append(svgEl("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: "#9aa3b5", "stroke-width": 2 }));
  }
  graph.nodes.forEach((node, i) => {
    const [x, y] = place(i);
    const g = svgEl("g", { class: "node", "data-node": i });
    const shape = svgEl("circle", { cx: x, cy: y, r, fill: FILLS[node.fill] || FILLS.empty, stroke: "#24324a", "stroke-width": 2 });
    g.append(shape, svgEl("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 11,
      fill: DARK_FILLS.includes(node.fill) ? "#fff" : "#1d2330" }, node.text));
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
