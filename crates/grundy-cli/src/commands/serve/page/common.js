// The grundy playground, its common part: the API under /api/ (docs/api.md), elements, the game
// selectors and forms. The page loads common.js, board.js, play.js, history.js, table.js, then
// app.js, which starts it; they share their top-level names.
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
  octal: { param: "0.137", position: "10 20" },
  kayles: { position: "3 5 7" },
  "dawsons-kayles": { position: "9 12" },
};

const $ = (id) => document.getElementById(id);
let games = [];
// The example game files (GET /api/examples): {name, summary, source}.
let examples = [];
// The tier databases the server was started with (GET /api/databases): {game, words,
// positions}; played from the Play tab as "db:" + words.
let databases = [];
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

// "win in 3 (*2)", "loss in 4", "draw", "score +2", "score +2 in 5" (a database's score
// with its remoteness).
function describe(value) {
  if (!value) return "";
  let text;
  if (value.score !== null && value.score !== undefined) {
    text = "score " + (value.score > 0 ? "+" : "") + value.score;
    if (value.remoteness > 0) text += " in " + value.remoteness;
  } else {
    text = value.outcome;
    if (value.remoteness !== null && value.remoteness !== undefined) text += " in " + value.remoteness;
  }
  if (value.nimber !== null && value.nimber !== undefined) text += " (*" + value.nimber + ")";
  return text;
}

// What to try when a search runs past the server's time limit (issue 42).
const TIME_OUT_ADVICE = " The server stops a search after a few seconds so that it stays quick for everyone." +
  " Try a smaller position, board or parameter, or a game with a database (they answer at once);" +
  " on your own machine, grundy serve --timeout allows more time.";

// Shows an error (or clears it with null) where the eye is: just under the form, scrolled
// into view, and read out by screen readers (the element is role="alert").
function showError(where, err) {
  const node = $(where);
  let text = err ? String(err.message || err) : "";
  if (/time limit/.test(text)) text += TIME_OUT_ADVICE;
  node.textContent = text;
  node.hidden = !err;
  if (!err) return;
  const box = node.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) node.scrollIntoView({ block: "center", behavior: "smooth" });
}

// A form while the engine thinks: its submit button disabled and saying so, or back again.
function thinking(form, on) {
  const button = $(form).querySelector("button[type=submit]");
  if (!button.dataset.label) button.dataset.label = button.textContent;
  button.disabled = on;
  button.textContent = on ? "Thinking…" : button.dataset.label;
  $(form).setAttribute("aria-busy", on ? "true" : "false");
}

// ---- the game selectors ----

function fillSelect(select, list) {
  select.replaceChildren(...list.map((g) => el("option", { value: g.name }, g.name + (g.board ? " (board)" : ""))));
}

// A board game's setup as its catalogue example gives it: the words after its name, up to
// a position the example starts from ("dots-and-boxes 2 2 at h 1 1"): play starts at the
// game's own start.
function exampleSetup(game) {
  const words = game.example.split(/\s+/);
  const name = words.indexOf(game.name);
  if (name < 0) return "";
  const setup = words.slice(name + 1);
  const at = setup.indexOf("at");
  return (at < 0 ? setup : setup.slice(0, at)).join(" ");
}

// The game files in a form's list: the examples (for tables, those with a position
// function), then one to paste.
function fillFiles(select, list) {
  const group = el("optgroup", { label: "game files" });
  group.append(...list.map((e) => el("option", { value: "file:" + e.name }, e.name + " (game file)")));
  group.append(el("option", { value: "file:" }, "your own game file…"));
  select.append(group);
}

// The databases at the top of the play form's list, the first one chosen.
function fillDatabases(select, list) {
  if (list.length === 0) return;
  const group = el("optgroup", { label: "databases (perfect play at full speed)" });
  group.append(...list.map((d) => el("option", { value: "db:" + d.words }, d.game + " (database)")));
  select.prepend(group);
  select.value = "db:" + list[0].words;
}

// The play form for a database: the moves played from the start as its position.
function applyDatabase(words) {
  const db = databases.find((d) => d.words === words);
  showFields("none");
  $("play-position").value = "";
  $("play-position").placeholder = "moves from the start";
  $("play-summary").textContent = db
    ? db.game + ": every move's value and remoteness read from a tier database of " + db.positions + " positions"
    : "";
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
  if (prefix === "play" && name.startsWith("db:")) {
    applyDatabase(name.slice(3));
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
