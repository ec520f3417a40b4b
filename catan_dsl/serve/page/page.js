// The page of `catan-dsl serve`: draws what GET /api/game returns, plays a clicked action with
// POST /api/game/actions, follows the game over the websocket, and steps through a replay.
"use strict";

const query = new URLSearchParams(location.search);
const token = query.get("token");
const pinnedSeat = query.get("seat");
const $ = (id) => document.getElementById(id);
let entries = [];          // the log as this page has it, by entry number
let current = null;        // the last view drawn
let busy = false;          // an action is on its way
let requestNo = 0;         // the viewer keeps only the newest answer
let playing = null;        // the viewer's auto-play timer

function apiUrl(path, extra) {
  const url = new URL(path, location.href);
  if (pinnedSeat !== null) url.searchParams.set("seat", pinnedSeat);
  for (const [k, v] of Object.entries(extra || {})) url.searchParams.set(k, v);
  return url;
}

async function api(path, extra, options) {
  const headers = { "Accept": "application/json" };
  if (token) headers["X-Catan-Token"] = token;
  if (options && options.body) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(apiUrl(path, extra), Object.assign({ headers }, options || {}));
  } catch (err) {         // the browser's words ("Failed to fetch") would tell a player nothing
    throw new Error("cannot reach the server: was catan-dsl serve stopped? (this page retries)");
  }
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v; else if (k === "style") node.style.cssText = v;
    else node.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function banner(message) {
  const b = $("banner");
  b.textContent = message || "";
  b.hidden = !message;
}

function words(obj) {
  return Object.entries(obj || {}).filter(([, n]) => n).map(([k, n]) => `${n} ${k.replace(/_/g, " ")}`).join(", ");
}

// ---- drawing a view ------------------------------------------------------------------------
function accept(view) {
  // Answers and pushes may cross: an older position only adds its log lines.
  // The same position again (a push after the answer to our own action) is not redrawn.
  if (current && view.mode === "play" && (view.version < current.version ||
      (view.version === current.version && view.seat === current.seat))) drawLog(view);
  else draw(view);
}

function draw(view) {
  if (!current || view.version !== current.version) why("");
  current = view;
  document.title = `${view.title} — catan-dsl`;
  $("title").textContent = view.title;
  const extra = view.with && view.with.length ? ` + ${view.with.join(", ")}` : "";
  $("subtitle").textContent = `${view.scenario}${extra} · board ${view.board} · seed ${view.seed} · ${view.target} VP to win`;
  $("board").innerHTML = view.svg;
  drawTurn(view);
  drawActions(view);
  drawSeats(view);
  drawLog(view);
  banner(view.error);
  // On a LAN game the transcript (every hidden card) is served once the game is over.
  $("save").hidden = Boolean(token) && view.mode === "play" && !view.over;
  document.body.dataset.version = view.version;
  document.body.dataset.over = view.over ? "1" : "";
  document.body.dataset.step = view.steps;
  document.body.dataset.yourTurn = view.actions.length ? "1" : "";
  if (view.mode === "replay") drawViewer(view);
}

function seatName(view, p) {
  const s = view.seats[p];
  return s ? s.name : `seat ${p}`;
}

function drawTurn(view) {
  const t = $("turn");
  t.replaceChildren();
  // Answering out of turn (a discard, an offer): say whose turn it is.
  const owner = view.turn_seat !== view.to_move && view.seats[view.turn_seat] ? ` (${view.seats[view.turn_seat].name}'s)` : "";
  const turn = (view.setup ? "set-up" : `turn ${view.turn}`) + (view.mode === "play" ? owner : "");
  if (view.result) t.append(el("span", { class: "result", id: "result" }, view.result));
  else if (view.mode === "replay") t.append(turn);
  else if (view.chance) t.append(`${turn}: chance is drawn…`);
  else if (view.to_move !== null) {
    const who = view.seats[view.to_move];
    t.append(`${turn}: `, el("b", { style: `color:${who.color === "#f5f5f5" ? "#777" : who.color}` }, who.name),
      view.actions.length ? " — your move" : ` (${who.kind}) is to move`);
  }
  if (view.prompt && !view.result) {
    t.append(" · ", el("span", { class: "prompt" }, view.prompt.text));
    if (view.prompt.rule) t.append(ruleLink(view.prompt.rule));
  }
}

function drawActions(view) {
  const box = $("actions");
  box.replaceChildren();
  $("actions-wrap").hidden = view.mode === "replay";
  // Any action by its text: a trade offer of the player's own making is not among the buttons.
  $("typed").hidden = !view.actions.length;
  if (!view.actions.length) {
    box.append(el("span", { class: "detail" }, view.over ? "The game is over." : "Waiting for the other players…"));
    return;
  }
  const groups = new Map();
  for (const a of view.actions) {
    if (!groups.has(a.group)) groups.set(a.group, []);
    groups.get(a.group).push(a);
  }
  for (const [group, list] of groups) {
    const buttons = list.map((a) => el("button", {
      type: "button", "data-action": a.text, class: ["end", "roll", "accept"].includes(group) ? "main" : null,
      title: a.place ? `also on the board: ${a.place.kind} ${a.place.id}` : null,
    }, a.label || a.text));
    if (list.length > 8) {
      box.append(el("details", { class: "group" }, el("summary", {}, `${group} (${list.length})`), buttons));
    } else {
      // a button that says it all ("Feed the oxen …") needs no heading repeating it
      const alone = list.length === 1 && list[0].label === group;
      box.append(el("div", { class: "group" }, alone ? null : el("span", {}, group), buttons));
    }
  }
}

function drawSeats(view) {
  const box = $("seats");
  box.replaceChildren();
  for (const s of view.seats) {
    const vp = s.vp_hidden ? `${s.vp} VP shown` : `${s.vp} VP`;
    const hand = s.hand ? (words(s.hand) || "no cards") : `${s.cards} card${s.cards === 1 ? "" : "s"}`;
    const dev = s.development ? words(s.development) : (s.development_cards ? `${s.development_cards} development card(s)` : "");
    const items = Object.entries(s.items || {}).map(([deck, held]) =>
      ("count" in held) ? (held.count ? `${held.count} ${deck} (hidden)` : "") : words(held)).filter(Boolean).join(", ");
    const lines = [
      ["VP", words(s.vp_by_source)],
      ["hand", s.kind === "neutral" ? "" : hand + (dev ? ` · ${dev}` : "")],
      ["played", words(s.played)],
      ["holds", [s.special.map((x) => x.replace(/_/g, " ")).join(", "), items].filter(Boolean).join(", ")],
      ["counters", words(s.counters)],
      ["left", words(s.pieces_left)],
    ].filter(([, v]) => v);
    box.append(el("div", {
      class: `seat${s.you ? " you" : ""}${view.to_move === s.seat ? " to-move" : ""}`,
      style: `--c:${s.color}`, "data-seat": s.seat,
    },
    el("div", { class: "head" }, el("span", {}, `${s.name} · ${s.kind}${s.you ? " (you)" : ""}`),
      el("span", { class: "vp", "data-vp": s.vp }, vp)),
    lines.map(([k, v]) => el("div", { class: "detail" }, `${k}: ${v}`))));
  }
  $("shared").textContent = words(view.shared);
}

function ruleLink(rule) {
  const short = rule.where.split("/").pop();
  return el("a", { href: "#", class: "rule", "data-where": rule.where,
    title: `${rule.where}: rule ${rule.id}${rule.via ? ", via " + rule.via : ""}` }, short);
}

function drawLog(view) {
  for (const e of view.log) entries[e.n] = e;
  // A replay's log shrinks when it steps back; a live game's only grows (answers may cross).
  entries.length = view.mode === "replay" ? view.log_total : Math.max(entries.length, view.log_total);
  const list = $("log");
  while (list.children.length > entries.length) list.lastChild.remove();
  const wrap = $("log-wrap");
  const atBottom = wrap.scrollTop + wrap.clientHeight >= wrap.scrollHeight - 30;
  const item = (e, i) => el("li", { class: e.kind, "data-n": i }, e.text, e.rule ? ruleLink(e.rule) : null);
  for (const e of view.log) {           // an entry may come again (a replay stepping back)
    if (e.n < list.children.length) list.children[e.n].replaceWith(item(e, e.n));
  }
  for (let i = list.children.length; i < entries.length; i++) {
    list.append(item(entries[i] || { text: "…", kind: "event" }, i));
  }
  if (atBottom || view.mode === "replay") wrap.scrollTop = wrap.scrollHeight;
}

// ---- playing -------------------------------------------------------------------------------
async function play(text) {
  if (busy || !current || current.mode !== "play") return false;
  busy = true;
  for (const b of document.querySelectorAll("#actions button")) b.disabled = true;
  try {
    const body = { action: text };
    accept(await api("/api/game/actions", { since: entries.length }, { method: "POST", body: JSON.stringify(body) }));
    return true;
  } catch (err) {
    banner(err.message.startsWith(text) ? err.message : `${text}: ${err.message}`);
    refresh();
    return false;
  } finally {
    busy = false;
    for (const b of document.querySelectorAll("#actions button")) b.disabled = false;
  }
}

function chooseAmong(actions, x, y) {
  const menu = $("menu");
  menu.replaceChildren(el("div", { class: "detail" }, "Which?"),
    ...actions.map((a) => el("div", {}, el("button", { type: "button", "data-action": a }, a))));
  menu.style.left = `${Math.min(x, innerWidth - 260)}px`;
  menu.style.top = `${Math.min(y, innerHeight - 40 * actions.length - 40)}px`;
  menu.hidden = false;
}

async function showSource(where) {
  const box = $("source");
  box.replaceChildren(el("b", {}, where), " ", el("button", { type: "button", "data-close": "1" }, "close"));
  box.hidden = false;
  try {
    const src = await api("/api/source", { where });
    box.append(el("pre", {}, src.lines.map(([n, text]) =>
      el("span", { class: n === src.line ? "hit" : null }, `${String(n).padStart(4)} | ${text}\n`))));
  } catch (err) {
    box.append(el("p", {}, err.message));
  }
}

// A click on the board where nothing can be played says why, instead of doing nothing.
function whyNothing(view) {
  if (view.mode !== "play") return "";
  if (view.over) return "The game is over.";
  if (view.error) return "The game stopped (see the red banner).";
  if (!view.actions.length) {
    if (view.chance || view.to_move === null) return "Nothing can be played now: chance is being drawn.";
    const who = view.seats[view.to_move];
    return `Not your move: ${who.name} (${who.kind}) is to move.`;
  }
  const onBoard = view.actions.filter((a) => a.place).length;
  const ask = view.prompt ? ` (${view.prompt.text})` : "";
  return onBoard ? `Nothing to play there${ask}: the places you can play are highlighted (${onBoard}).`
    : `Nothing to play on the board now${ask}: your moves are the buttons under “Your move”.`;
}

function why(message) {
  $("why").textContent = message || "";
  $("why").hidden = !message;
}

document.addEventListener("click", (ev) => {
  const target = ev.target.closest("[data-action], [data-actions], a.rule, [data-close], button[data-step]");
  if (!ev.target.closest("#menu")) $("menu").hidden = true;
  why("");
  if (!target && current && ev.target.closest("#board svg")) { why(whyNothing(current)); return; }
  if (!target) return;
  if (target.matches("a.rule")) { ev.preventDefault(); showSource(target.dataset.where); return; }
  if (target.dataset.close) { target.closest(".popup").hidden = true; return; }
  if (target.dataset.step) { viewerButton(target.dataset.step); return; }
  if (target.dataset.actions) { chooseAmong(JSON.parse(target.dataset.actions), ev.clientX, ev.clientY); return; }
  $("menu").hidden = true;
  play(target.dataset.action);
});

// ---- staying up to date --------------------------------------------------------------------
async function refresh() {
  try {
    const extra = { since: entries.length };
    if (current && current.mode === "replay") extra.step = current.step;
    accept(await api("/api/game", extra));
  } catch (err) {
    banner(err.message);
  }
}

function connect() {
  const url = apiUrl("/api/game/ws", { since: entries.length });
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  if (token) url.searchParams.set("token", token);
  const ws = new WebSocket(url);
  ws.onopen = () => { $("connection").textContent = "● live"; };
  ws.onmessage = (msg) => accept(JSON.parse(msg.data));
  ws.onclose = () => {
    $("connection").textContent = "○ reconnecting…";
    setTimeout(() => { refresh().then(connect); }, 1500);
  };
}

// ---- the replay viewer ---------------------------------------------------------------------
function drawViewer(view) {
  $("viewer").hidden = false;
  const slider = $("slider");
  slider.max = view.total;
  if (document.activeElement !== slider) slider.value = view.step;
  $("stepinfo").textContent = `step ${view.step} of ${view.total}`;
  const link = apiUrl(location.pathname, { step: view.step });
  if (token) link.searchParams.set("token", token);
  $("permalink").href = link.pathname + link.search;
  history.replaceState(null, "", link.pathname + link.search);
  const next = view.next ? `next: ${view.next.name} — ${view.next.action}` : "the end of the recorded game";
  const last = view.last ? `last: ${view.last.name} — ${view.last.action}` : "the start";
  $("nextstep").textContent = `${last} · ${next}`;
}

async function goTo(step) {
  if (!current) return;
  step = Math.max(0, Math.min(current.total, step));
  const mine = ++requestNo;
  try {
    const view = await api("/api/game", { step, since: Math.min(entries.length, current.log_total) });
    if (mine === requestNo) draw(view);
  } catch (err) {
    banner(err.message);
  }
}

function viewerButton(which) {
  if (!current || current.mode !== "replay") return;
  if (which !== "play" && playing) { clearInterval(playing); playing = null; }
  if (which === "first") goTo(0);
  else if (which === "last") goTo(current.total);
  else if (which === "prev") goTo(current.step - 1);
  else if (which === "next") goTo(current.step + 1);
  else if (which === "play") {
    if (playing) { clearInterval(playing); playing = null; return; }
    playing = setInterval(() => {
      if (current.step >= current.total) { clearInterval(playing); playing = null; } else goTo(current.step + 1);
    }, 250);
  }
}

$("typed").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const text = $("typed-text").value.trim();
  if (text) play(text).then((done) => { if (done) $("typed-text").value = ""; });
});

$("slider").addEventListener("input", (ev) => goTo(Number(ev.target.value)));
document.addEventListener("keydown", (ev) => {
  if (!current || current.mode !== "replay" || ev.target.tagName === "INPUT") return;
  if (ev.key === "ArrowLeft") goTo(current.step - 1);
  if (ev.key === "ArrowRight") goTo(current.step + 1);
});

// ---- start ---------------------------------------------------------------------------------
(async () => {
  if (token) $("save").href = `/api/game/transcript?download=1&token=${encodeURIComponent(token)}`;
  try {
    const first = await api("/api/game", query.get("step") !== null ? { step: query.get("step") } : {});
    draw(first);
    if (first.mode === "play") connect();
    else $("connection").textContent = "replay";
  } catch (err) {
    banner(err.message);
  }
})();
