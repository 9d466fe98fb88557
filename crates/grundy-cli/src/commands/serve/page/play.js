// The grundy playground, playing: a game in progress (against grundy, between two people or
// grundy against itself), its history, hints, keys and the game in the URL.
"use strict";

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
    values[n] = { value: { outcome: winnerSeat === null ? "draw" : winnerSeat === seats ? "win" : "loss" }, seat: seats, over: true };
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
  renderHistory(state);
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
  if (started.misere) params.set("misere", "1");
  params.set("mode", mode);
  if (session.history.length) params.set("moves", JSON.stringify(session.history.map((p) => p.label)));
  history.replaceState(null, "", "#" + params.toString());
}

// Runs a request that changes the game, then lets grundy move while it is its turn.
async function step(request) {
  if (busy) return;
  busy = true;
  thinking("play-form", true);
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
    thinking("play-form", false);
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
  if (choice.startsWith("db:")) {
    body.db = choice.slice(3);
  } else if (choice.startsWith("file:")) {
    body.source = $("play-source").value;
    body.params = readParams($("play-params").value);
    info.params = $("play-params").value;
  } else {
    body.game = choice;
    const game = games.find((g) => g.name === choice);
    const param = game.board ? $("play-setup").value.trim() : $("play-param").value.trim();
    if (param) body.param = param;
    info.param = param;
    // Misère play: the server opens the game as `--misere` does (a game of the list only).
    if ($("play-misere").checked) body.misere = info.misere = true;
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
  const game = games.find((g) => g.name === info.choice);
  $("value-area").hidden = true;
  // A partizan game's positions have no player to move: they are valued, not played.
  if ((example && example.partizan) || (game && game.partizan)) {
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
  thinking("play-form", true);
  try {
    const solved = await api("POST", "/solve", { ...body, engine_first: undefined });
    const a = solved.partizan || { components: [], hottest: null };
    if (session) api("DELETE", "/sessions/" + session.id).catch(() => {});
    session = null;
    $("board-area").hidden = true;
    $("value-board").replaceChildren(drawn({ drawing: solved.drawing, shown: solved.shown, moves: [], end: true }));
    // Positions that repeat: a loopy game's sided value, its sides and its outcome.
    const l = solved.loopy;
    const facts = l ? [
      ["position", solved.shown],
      ["value", l.value],
      ["outcome", l.outcome + " (Left first: " + l.left_first + ", Right first: " + l.right_first + ")"],
      ["sides", l.onside === null ? "not found as stoppers" : "onside " + l.onside + ", offside " + l.offside],
    ] : [
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
    await showThermograph(a.value.value);
  } catch (err) {
    showError("play-error", err);
  } finally {
    thinking("play-form", false);
  }
}

// The valued position's thermograph, as the library draws it (GET /api/cgt), with its
// atomic weight where CGSuite has one.
async function showThermograph(value) {
  const figure = $("value-thermograph");
  figure.hidden = true;
  const cgt = await api("GET", "/cgt?expr=" + encodeURIComponent(value));
  // The SVG is the server's own drawing, built from numbers: no text of the request in it.
  $("value-thermograph-svg").innerHTML = cgt.thermograph_svg;
  if (cgt.atomic_weight !== null) {
    const facts = $("value-facts");
    facts.append(el("dt", {}, "atomic weight"), el("dd", { "data-fact": "atomic weight" }, cgt.atomic_weight));
  }
  figure.hidden = false;
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
    // Several best moves are alternatives: "a, b or c", not a sequence.
    const best = h.best.length === 0 ? "No move is best"
      : h.best.length === 1 ? "Best move: " + h.best[0]
        : "Best moves (any one of them): " + h.best.slice(0, -1).join(", ") + " or " + h.best[h.best.length - 1];
    box.textContent = best + ". This position is a " + describe(h.value) + (mode === "engine" ? " for you." : " for the player to move.") +
      (h.line.length ? " Perfect play goes on: " + h.line.join(" → ") : "");
    // Why, as the library explains it (a misère sum of a code's heaps: by its quotient).
    for (const line of h.why) box.append(el("div", { class: "why" }, line));
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
  if (choice.startsWith("db:")) {
    const db = databases.find((d) => "db:" + d.words === choice);
    if (db) text = db.game + ", solved strongly by grundy build: the value (win, loss or draw, in how many moves) of each of its " +
      db.positions + " positions is read from the database, so grundy answers at once.";
    params.push("position: the moves played from the start, as grundy solve " + choice.slice(3) + " at MOVES takes them");
  } else if (choice.startsWith("file:")) {
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
  $("play-misere").checked = params.get("misere") === "1";
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
