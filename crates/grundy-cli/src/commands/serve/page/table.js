// The grundy playground, tables: a family's or a game file's values, their plots.
"use strict";

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

// The largest of `values` (at least `floor`), by a loop: spreading a large array into
// Math.max overflows the call stack (issue 42: a table of 200,000 rows).
function largest(values, floor) {
  let top = floor;
  for (const v of values) if (v > top) top = v;
  return top;
}

// The width a plot gets: the room on the page, so that its text keeps its size on a phone.
function plotWidth(most) {
  const room = $("table-plot").clientWidth || most;
  return Math.max(260, Math.min(most, room));
}

// The points drawn one by one up to this many; past it, each column of pixels shows the
// least and the largest value of the positions it covers.
const MAX_POINTS = 1500;

// G(n) against n as points joined by a line, or P-positions as marks along n.
function plotSequence(values, title) {
  const width = plotWidth(900), height = width < 500 ? 220 : 260, pad = 40;
  const top = largest(values, 1);
  const x = (n) => pad + (n * (width - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v) => height - pad - (v * (height - 2 * pad)) / top;
  const root = svg("svg", { width, height, viewBox: `0 0 ${width} ${height}`, id: "plot-svg" });
  root.append(svg("line", { x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, stroke: "#888" }));
  root.append(svg("line", { x1: pad, y1: pad, x2: pad, y2: height - pad, stroke: "#888" }));
  root.append(svg("text", { x: pad, y: pad - 14, "font-size": 13, fill: "#333" }, title));
  root.append(svg("text", { x: width - pad, y: height - 4, "font-size": 12, "text-anchor": "end", fill: "#555" }, "n →"));
  ticks(root, values.length - 1, width < 500 ? 5 : 12, x, "bottom", height - pad);
  ticks(root, top, 5, y, "left", pad);
  if (values.length <= MAX_POINTS) {
    const points = values.map((v, n) => x(n) + "," + y(v)).join(" ");
    root.append(svg("polyline", { points, fill: "none", stroke: "#9db3d9", "stroke-width": 1 }));
    values.forEach((v, n) => {
      root.append(svg("circle", { cx: x(n), cy: y(v), r: values.length > 200 ? 1.5 : 3, fill: v === 0 ? "#b42318" : "#3b5b92" }));
    });
    return root;
  }
  // One column of pixels at a time: a bar from its least to its largest value, and a red
  // mark under the axis where it holds a P-position.
  const columns = Math.round(width - 2 * pad);
  const lo = new Array(columns).fill(Infinity), hi = new Array(columns).fill(-Infinity), zero = new Array(columns).fill(false);
  values.forEach((v, n) => {
    const c = Math.min(columns - 1, Math.floor((n * columns) / values.length));
    if (v < lo[c]) lo[c] = v;
    if (v > hi[c]) hi[c] = v;
    if (v === 0) zero[c] = true;
  });
  let bars = "", marks = "";
  for (let c = 0; c < columns; c++) {
    if (hi[c] < lo[c]) continue;
    const at = pad + c + 0.5;
    bars += `M${at} ${y(lo[c]) + 0.5}V${y(hi[c]) - 0.5}`;
    if (zero[c]) marks += `M${at} ${height - pad + 2}V${height - pad + 8}`;
  }
  root.append(svg("path", { d: bars, stroke: "#3b5b92", "stroke-width": 1, fill: "none", class: "columns" }));
  root.append(svg("path", { d: marks, stroke: "#b42318", "stroke-width": 1, fill: "none", class: "p-marks" }));
  root.append(svg("text", { x: width - pad, y: pad - 14, "font-size": 11, "text-anchor": "end", fill: "#555" },
    "each column: the least to the largest of about " + Math.ceil(values.length / columns) + " values; red marks: P-positions"));
  return root;
}

// The colour of a nimber on the heat map: P-positions (0) red, the others from pale to
// dark blue as they grow towards `top`; as [red, green, blue] from 0 to 255.
function heatRgb(v, top) {
  if (v === 0) return [0xb4, 0x23, 0x18];
  const t = Math.min(1, v / Math.max(1, top));
  // hsl(215, 55%, l) in RGB.
  const l = (88 - 60 * t) / 100, s = 0.55, h = 215 / 360;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q;
  const channel = (k) => {
    let u = h + k;
    if (u < 0) u += 1;
    if (u > 1) u -= 1;
    const c = u < 1 / 6 ? p + (q - p) * 6 * u : u < 1 / 2 ? q : u < 2 / 3 ? p + (q - p) * (2 / 3 - u) * 6 : p;
    return Math.round(255 * c);
  };
  return [channel(1 / 3), channel(0), channel(-1 / 3)];
}

function heat(v, top) {
  return "rgb(" + heatRgb(v, top).join(",") + ")";
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

// Heat maps up to this many cells are drawn as rectangles (each with its nimber in a
// tooltip); larger ones as one image, a pixel a cell.
const MAX_RECTS = 40000;

// The heat map of a large table as an SVG image.
function heatImage(t, most, x, y, size) {
  const side = t.to + 1;
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext("2d");
  const image = context.createImageData(side, side);
  for (let a = 0; a < side; a++) {
    for (let b = 0; b < side; b++) {
      const [r, g, bl] = heatRgb(pairNimber(t, a, b), most);
      const at = 4 * (a * side + b);
      image.data[at] = r;
      image.data[at + 1] = g;
      image.data[at + 2] = bl;
      image.data[at + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
  return svg("image", { href: canvas.toDataURL(), x, y, width: size, height: size, preserveAspectRatio: "none",
    style: "image-rendering: pixelated", class: "heat-image" });
}

// Two heaps: the nimber of every cell (a, b) as a heat map when the table has nimbers, P
// cells red; else the P-positions alone, filled. The pairs list only a <= b when the
// table is symmetric.
function plotPairs(t) {
  const to = t.to, left = 40, top = 28;
  const size = Math.min(600, plotWidth(650) - left - 10, Math.max(200, (to + 1) * 8));
  const cell = size / (to + 1);
  const root = svg("svg", { width: size + left + 10, height: size + top + 44, viewBox: `0 0 ${size + left + 10} ${size + top + 44}`, id: "plot-svg" });
  root.append(svg("rect", { x: left, y: top, width: size, height: size, fill: "#fff", stroke: "#888", class: "frame" }));
  const nimbers = pairNimber(t, 0, 0) !== null;
  if (nimbers) {
    let most = 1;
    for (let a = 0; a <= to; a++) for (let b = 0; b <= to; b++) most = Math.max(most, pairNimber(t, a, b));
    const count = (to + 1) * (to + 1);
    if (count > MAX_RECTS) {
      root.append(heatImage(t, most, left, top, size));
    } else {
      for (let a = 0; a <= to; a++) {
        for (let b = 0; b <= to; b++) {
          const v = pairNimber(t, a, b);
          const rect = svg("rect", { x: left + b * cell, y: top + a * cell, width: cell, height: cell, fill: heat(v, most),
            class: v === 0 ? "heat p" : "heat", "data-a": a, "data-b": b, "data-nimber": v });
          if (count <= 10000) rect.append(svg("title", {}, `(${a}, ${b}): G = ${v}`));
          root.append(rect);
        }
      }
    }
    // The scale: 0 (red), then the palette up to the largest nimber.
    const y = top + size + 30;
    root.append(svg("text", { x: left, y: y + 9, "font-size": 11, fill: "#555" }, "G ="));
    const steps = Math.min(most, Math.max(3, Math.floor((size - 40) / 34)));
    for (let k = 0; k <= steps; k++) {
      const v = Math.round((k * most) / steps);
      root.append(svg("rect", { x: left + 30 + k * 34, y, width: 12, height: 12, fill: heat(v, most), class: "legend" }));
      root.append(svg("text", { x: left + 45 + k * 34, y: y + 10, "font-size": 11, fill: "#555" }, v));
    }
  } else {
    for (const [a, b] of t.p_pairs) {
      for (const [r, c] of t.symmetric ? [[a, b], [b, a]] : [[a, b]]) {
        root.append(svg("rect", { x: left + c * cell, y: top + r * cell, width: cell, height: cell, fill: "#b42318", class: "heat p" }));
      }
    }
    root.append(svg("text", { x: left, y: top + size + 38, "font-size": 11, fill: "#555" }, "P-positions filled"));
  }
  // Ticks at the cells' centres: b along the top, a down the left.
  const centre = (v) => v * cell + cell / 2;
  ticks(root, to, size < 400 ? 5 : 10, (v) => left + centre(v), "top", top);
  ticks(root, to, size < 400 ? 5 : 10, (v) => top + centre(v), "left", left);
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

// Buttons that page through `total` items `per` at a time, calling `show(from, to)` for
// the items shown (from the first page, at once) and `says(from, to)` for their label.
function pager(total, per, show, says) {
  const nav = el("span", { class: "pager" });
  let from = 0;
  const label = el("span", { class: "page-label" });
  const back = el("button", { type: "button", class: "page-back", title: "the " + per + " before" }, "‹ earlier");
  const next = el("button", { type: "button", class: "page-next", title: "the " + per + " after" }, "later ›");
  const go = (at) => {
    from = Math.max(0, Math.min(at, Math.floor((total - 1) / per) * per));
    const to = Math.min(total, from + per);
    label.textContent = says(from, to);
    back.disabled = from === 0;
    next.disabled = to >= total;
    show(from, to);
  };
  back.addEventListener("click", () => go(from - per));
  next.addEventListener("click", () => go(from + per));
  nav.append(back, label, next);
  go(0);
  return nav;
}

// A count with its thousands separated: 285,715.
function number(n) {
  return n.toLocaleString("en");
}

// The P-positions as a fact: all of them when there are few, else how many, the first
// page and buttons for the others.
const P_PAGE = 200;

function pList(items, note) {
  if (items.length <= P_PAGE) return el("span", {}, items.join(" ") + note);
  const list = el("span", { class: "p-list" });
  const count = el("span", { class: "p-count" }, number(items.length) + " P-positions" + note + ". ");
  const nav = pager(items.length, P_PAGE, (from, to) => { list.textContent = items.slice(from, to).join(" "); },
    (from, to) => "shown: " + number(from + 1) + "–" + number(to) + " of " + number(items.length));
  return el("span", {}, count, nav, el("br", {}), list);
}

// The values as cells, a page at a time.
const VALUE_PAGE = 500;

function valueCells(t) {
  const box = $("table-values");
  const cellOf = (n) => {
    if (t.values) {
      const v = t.values[n];
      return el("span", { class: "cell" + (v.outcome === "loss" ? " p" : "") }, el("span", { class: "n" }, n), cellText(v));
    }
    const v = t.nimbers[n];
    return el("span", { class: "cell" + (v === 0 ? " p" : "") }, el("span", { class: "n" }, n), v);
  };
  const total = t.values ? t.values.length : t.nimbers ? t.nimbers.length : 0;
  if (t.kind === "pairs" || total === 0) {
    box.replaceChildren();
    return;
  }
  const cells = el("div", { class: "cells" });
  const show = (from, to) => {
    const shown = [];
    for (let n = from; n < to; n++) shown.push(cellOf(n));
    cells.replaceChildren(...shown);
  };
  if (total <= VALUE_PAGE) {
    show(0, total);
    box.replaceChildren(cells);
  } else {
    box.replaceChildren(pager(total, VALUE_PAGE, show, (from, to) => "n = " + number(from) + "–" + number(to - 1) + " of 0–" + number(total - 1)), cells);
  }
}

async function tabulate(event) {
  event.preventDefault();
  showError("table-error", null);
  if ($("table-misere").checked) return tabulateMisere();
  thinking("table-form", true);
  try {
    const t = await api("POST", "/table", tableRequest());
    const facts = [["game", t.game], ["table", tableTitle(t)]];
    if (t.kind === "pairs") {
      const list = t.p_pairs.map(([a, b]) => "(" + a + "," + b + ")");
      facts.push(["P-positions", pList(list, t.symmetric ? "" : " (every one listed: not symmetric)")]);
    } else {
      facts.push(["P-positions", pList(t.p_positions.map(String), "")]);
    }
    if (t.text.pattern) facts.push(["pattern", t.text.pattern]);
    if (t.text.shape) facts.push(["shape", t.text.shape]);
    if (t.text.closed_form) facts.push(["closed form", t.text.closed_form]);
    $("table-facts").replaceChildren(...facts.flatMap(([k, v]) => [el("dt", {}, k), el("dd", { "data-fact": k }, v)]));
    // Shown before the plot is drawn: the plot takes the width it finds.
    $("table-result").hidden = false;

    let picture;
    if (t.kind === "pairs") {
      picture = plotPairs(t);
    } else if (t.nimbers) {
      picture = plotSequence(t.nimbers, "G(n) (P-positions in red)");
    } else {
      const p = new Set(t.p_positions);
      const flags = Array.from({ length: t.to + 1 }, (_, n) => (p.has(n) ? 0 : 1));
      picture = plotSequence(flags, "1 = N-position, 0 = P-position");
    }
    $("table-plot").replaceChildren(picture);
    valueCells(t);
  } catch (err) {
    $("table-result").hidden = true;
    showError("table-error", err);
  } finally {
    thinking("table-form", false);
  }
}
