// The grundy playground: plain JavaScript over the JSON API under /api/ (docs/api.md).
"use strict";

// The page's scripts are common.js, board.js, play.js, history.js, table.js and misere.js, loaded before this one
// (they share their top-level names); this one starts the page.

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
  $("quotient-form").addEventListener("submit", showQuotient);
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
    databases = await api("GET", "/databases");
  } catch (err) {
    showError("play-error", err);
    return;
  }
  fillSelect($("play-game"), games);
  fillFiles($("play-game"), examples);
  fillDatabases($("play-game"), databases);
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
