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
