// The grundy playground, the value history: who wins after each move and in how many moves
// (or the score), for both players, move by move, with the moves that threw a win away
// marked; as a chart and in the list of moves played.
"use strict";

// ---- the value history ----

// The value of the position after `n` moves for the first player: {score} for a scoring
// game, else {winner, remoteness} with winner 0 (the first player), 1 (the second) or null
// (a draw), remoteness the moves left with perfect play (null where the game gives none);
// null when the position's value is not known.
function forFirst(n) {
  const v = values[n];
  if (!v) return null;
  const value = v.value;
  if (value.score !== null && value.score !== undefined) return { score: v.seat === 0 ? value.score : -value.score };
  const remoteness = value.remoteness !== null && value.remoteness !== undefined ? value.remoteness : v.over ? 0 : null;
  if (value.outcome === "draw") return { winner: null, remoteness };
  return { winner: value.outcome === "win" ? v.seat : 1 - v.seat, remoteness };
}

// A player in words, at the position after `n` moves: "you" and "grundy" when one plays
// grundy (seats stay, sides change with Swap sides), else "first player" or "second player".
function seatName(seat, state, n) {
  if (mode !== "engine" || !values[n]) return seat === 0 ? "first player" : "second player";
  const toMove = n < state.history.length ? state.history[n].side : state.to_move;
  const side = seat === values[n].seat ? toMove : toMove === "person" ? "engine" : "person";
  return side === "person" ? "you" : "grundy";
}

// The value after `n` moves in words: "you win in 4", "grundy wins", "a draw", "score +2
// for the first player".
function valueWords(state, n) {
  const p = forFirst(n);
  if (!p) return "";
  if (p.score !== undefined) return "score " + (p.score > 0 ? "+" : "") + p.score + " for the first player";
  if (p.winner === null) return p.remoteness === null ? "a draw" : "a draw (" + p.remoteness + " moves left)";
  const who = seatName(p.winner, state, n);
  const verb = who === "you" ? " win" : " wins";
  return who + verb + (p.remoteness === null ? "" : p.remoteness === 0 ? " (game over)" : " in " + p.remoteness);
}

// The history of moves played: each move, the value it left, and the wins thrown away.
function renderHistory(state) {
  $("history").replaceChildren(
    ...state.history.map((p, i) => {
      const back = el("button", { type: "button", class: "jump", title: "back to the position after this move" }, mover(p) + ": " + p.label);
      const item = el("li", { "data-move": i + 1 }, back, el("span", { class: "after" }, " → " + valueWords(state, i + 1)));
      if (threw[i]) {
        item.classList.add("threw");
        item.append(el("span", { class: "threw-note" }, " (threw a win away: " + valueWords(state, i) + " before it)"));
      }
      back.addEventListener("click", () => jump(i + 1));
      return item;
    }),
  );
}

// The chart: a column a move, the first player's wins above the middle line and the second
// player's below it, nearer the edge the sooner the game ends (remoteness 0 on the edge);
// draws on the line. A scoring game: the score for the first player, above or below 0.
function renderChart(state) {
  const count = state.history.length + 1;
  const points = Array.from({ length: count }, (_, n) => forFirst(n));
  const scored = points.some((p) => p && p.score !== undefined);
  const room = $("chart").clientWidth || 640;
  const width = Math.max(260, Math.min(room, 1200));
  const left = 70, right = 18, top = 14, bottom = 40;
  const height = width < 500 ? 250 : 290;
  const half = (height - top - bottom) / 2, mid = top + half;
  const step = count > 1 ? (width - left - right) / (count - 1) : 0;
  const x = (n) => left + n * step;
  const root = svgEl("svg", { width, height, viewBox: `0 0 ${width} ${height}`, id: "chart-svg", role: "img",
    "aria-label": "value history: " + points.length + " positions" });
  root.append(svgEl("rect", { x: left, y: top, width: width - left - right, height: half, fill: "#eef1f6", class: "band" }));
  root.append(svgEl("line", { x1: left, y1: mid, x2: width - right, y2: mid, stroke: "#9aa3b5" }));
  let y;
  if (scored) {
    let most = 1;
    for (const p of points) if (p) most = Math.max(most, Math.abs(p.score));
    y = (p) => mid - (p.score * (half - 8)) / most;
    for (const [v, text] of [[most, "+" + most], [0, "0"], [-most, "-" + most]]) {
      root.append(svgEl("text", { x: left - 6, y: y({ score: v }) + 4, "text-anchor": "end", class: "axis" }, text));
    }
    root.append(svgEl("text", { x: left + 12, y: top + 14, class: "axis who" }, "the first player's score ↑"));
  } else {
    let most = 1;
    for (const p of points) if (p && p.remoteness !== null) most = Math.max(most, p.remoteness);
    const distance = (r) => (r === null ? half / 2 : ((most + 1 - r) * (half - 6)) / (most + 1));
    y = (p) => (p.winner === null ? mid : p.winner === 0 ? mid - distance(p.remoteness) : mid + distance(p.remoteness));
    // Remoteness ticks on both halves, at most about 4 a half.
    const every = Math.max(1, Math.ceil((most + 1) / 4));
    for (let r = 0; r <= most; r += every) {
      for (const winner of [0, 1]) {
        root.append(svgEl("text", { x: left - 6, y: y({ winner, remoteness: r }) + 4, "text-anchor": "end", class: "axis tick" }, "in " + r));
      }
    }
    const wins = (seat) => {
      const who = seatName(seat, state, count - 1);
      return who + (who === "you" ? " win" : " wins");
    };
    root.append(svgEl("text", { x: left + 6, y: top + 14, class: "axis who" }, wins(0) + " ↑ (sooner nearer the edge)"));
    root.append(svgEl("text", { x: 4, y: mid + 4, class: "axis" }, "draw"));
    root.append(svgEl("text", { x: left + 6, y: top + 2 * half - 6, class: "axis who" }, wins(1) + " ↓"));
  }
  // Move numbers along the bottom, at least 22 pixels apart.
  const every = Math.max(1, Math.ceil(22 / Math.max(1, step)));
  for (let n = 0; n < count; n += every) {
    root.append(svgEl("text", { x: x(n), y: height - bottom + 16, "text-anchor": "middle", class: "axis move-number" }, String(n)));
  }
  root.append(svgEl("text", { x: width - right, y: height - 4, "text-anchor": "end", class: "axis" }, "moves played →"));
  const line = points.map((p, n) => (p ? x(n) + "," + y(p) : null)).filter((s) => s !== null);
  root.append(svgEl("polyline", { points: line.join(" "), fill: "none", stroke: "#7d8aa3", "stroke-width": 2 }));
  points.forEach((p, n) => {
    if (!p) return;
    const fill = p.score !== undefined ? (p.score > 0 ? FILLS.first : p.score < 0 ? FILLS.second : "#fff")
      : p.winner === 0 ? FILLS.first : p.winner === 1 ? FILLS.second : "#fff";
    const dot = svgEl("circle", { cx: x(n), cy: y(p), r: 5, fill, stroke: "#1d2330", "stroke-width": 1.5, class: "chart-point", "data-move": n },
      svgEl("title", {}, (n === 0 ? "the start" : "after move " + n + " (" + mover(state.history[n - 1]) + ": " + state.history[n - 1].label + ")") +
        ": " + valueWords(state, n)));
    root.append(dot);
    if (step >= 16 && p.score === undefined && p.remoteness !== null) {
      const above = p.winner === 1 ? 16 : -9;
      root.append(svgEl("text", { x: x(n), y: y(p) + above, "text-anchor": "middle", class: "axis remoteness" }, String(p.remoteness)));
    }
    if (n > 0 && threw[n - 1]) {
      root.append(svgEl("circle", { cx: x(n), cy: y(p), r: 10, fill: "none", stroke: "#b42318", "stroke-width": 2.5, class: "threw" },
        svgEl("title", {}, "move " + n + " threw a win away")));
      root.append(svgEl("text", { x: x(n), y: height - bottom + 30, "text-anchor": "middle", class: "threw-mark", fill: "#b42318" }, "✗"));
    }
  });
  $("chart").replaceChildren(root);
}
