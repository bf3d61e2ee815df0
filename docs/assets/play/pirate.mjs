// The Pirate page: a clock plays one moment per tick. The player's chosen action (turn,
// play or claim) goes with the next tick; the computer's choice is made in Python.
// Every rule lives in Python (pirate_rules.web); this file only draws views.

import { Conversation, bootPage, el, logTo, saveRecord } from "./client.mjs";
import { cardBack, cardFace, suitSign } from "./icons.mjs";

const root = document.getElementById("play");
const area = root.querySelector(".play-area");
const form = root.querySelector(".play-setup");
const statusLine = document.getElementById("status");
const board = document.getElementById("board");
const controls = document.getElementById("controls");
const pauseButton = document.getElementById("pause");
const clock = document.getElementById("clock");
const logList = document.getElementById("log");
const say = logTo(logList);
const endBox = document.getElementById("end");

const SUITS = ["S", "H", "D", "C"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

let engine = null;
let view = null;
let talk = null; // the engine conversation, made once the engine has started
let timer = null;
let running = false;
let pending = null;
const parts = { players: [], ships: new Map() };

// -- build once -----------------------------------------------------------------------

function buildPlayer(seat) {
  const name = el("h2", { class: "pir-player__name", id: `player-${seat}-name` });
  const meta = el("p", { class: "pir-player__meta" });
  const reason = el("p", { class: "pir-player__reason" });
  const stock = el("div", { class: "pile" });
  const waste = el("div", { class: "pile" });
  const box = el(
    "section",
    { class: `pir-player pir-player--${seat}`, "aria-labelledby": `player-${seat}-name` },
    el("div", { class: "pir-player__info" }, name, meta, reason),
    el("div", { class: "pir-piles" }, stock, waste),
  );
  parts.players[seat] = { box, name, meta, reason, stock, waste };
  return box;
}

function buildShips() {
  const box = el("div", { class: "pir-ships", role: "table", "aria-label": "The ships, Ace to King" });
  for (const suit of SUITS) {
    const label = el("span", { class: `pir-ship__suit${"HD".includes(suit) ? " pir-ship__suit--red" : ""}`, role: "rowheader" });
    const slots = RANKS.map((rank) => el("span", { class: "pir-slot", role: "cell" }, rank));
    const row = el("div", { class: "pir-ship", role: "row" }, label, ...slots);
    parts.ships.set(suit, { row, label, slots });
    box.append(row);
  }
  return box;
}

function build() {
  board.append(buildPlayer(1), buildShips(), buildPlayer(0));
  parts.banner = el("p", { class: "pir-banner", "aria-hidden": "true" });
  board.append(parts.banner);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    newGame();
  });
  form.elements.mode.addEventListener("change", () => {
    form.querySelector(".when-human").hidden = form.elements.mode.value !== "computer";
  });
  for (const button of controls.querySelectorAll("button")) {
    button.addEventListener("click", () => pick(button.dataset.action));
  }
  pauseButton.addEventListener("click", () => (running ? pause() : start()));
  clock.addEventListener("change", () => running && start());
  document.getElementById("again").addEventListener("click", () => newGame());
  document.getElementById("download").addEventListener("click", () => view && saveRecord(engine, view.id, say));
  document.addEventListener("visibilitychange", () => document.hidden && pause());
  window.addEventListener("keydown", onKey, true);
}

// -- the clock ------------------------------------------------------------------------

function start() {
  if (!view || view.outcome) return;
  running = true;
  pauseButton.textContent = "Pause";
  clearInterval(timer);
  timer = setInterval(tick, Number(clock.value));
}

function pause() {
  running = false;
  clearInterval(timer);
  pauseButton.textContent = view && view.moment > 0 ? "Go on" : "Start";
}

async function tick() {
  if (talk?.busy || !view || view.outcome) return;
  const action = pending || "W";
  pending = null;
  const next = await talk.request("pirate_tick", view.id, action);
  if (next) show(next);
}

function pick(action) {
  if (!view || view.outcome || view.human === null) return;
  const button = controls.querySelector(`[data-action="${action}"]`);
  if (!button || button.disabled) return;
  pending = action;
  for (const other of controls.querySelectorAll("button")) {
    other.setAttribute("aria-pressed", String(other === button));
  }
  if (!running) start();
}

// -- talk to the engine ---------------------------------------------------------------

async function newGame() {
  if (!talk) return;
  talk.newGame();
  pause();
  pending = null;
  const f = form.elements;
  const options = { seed: f.seed.value.trim() || null, mode: f.mode.value, level: f.level.value };
  if (f.mode.value === "computer") options.players = [f.name0.value, "Computer"];
  view = null;
  const first = await talk.request("pirate_new", options);
  if (!first) return;
  logList.replaceChildren();
  say(`New game, seed ${first.seed}.`);
  for (const line of first.log) say(line.text);
  show(first);
  pause();
}

// -- draw a view ----------------------------------------------------------------------

function flash(node, className) {
  node.classList.remove(className);
  void node.offsetWidth; // restart the animation
  node.classList.add(className);
}

function drawPlayer(next, seat) {
  const table = next.tables[seat];
  const part = parts.players[seat];
  const ships = table.captured.length;
  part.name.textContent = table.name;
  const builds = table.role === "low" ? "low player" : "high player";
  part.meta.textContent = `${builds} · ${ships} ship${ships === 1 ? "" : "s"} captured${table.observer ? " · watching for cards to claim" : ""}`;
  part.reason.textContent = table.computer && table.reason ? `“${table.reason}”` : "";
  part.stock.replaceChildren(table.stock ? cardBack(`Stock: ${table.stock} cards`) : cardFace(null, "empty"), "Stock");
  const top = cardFace(table.top, "empty");
  if (table.top && table.fresh) top.classList.add("card--fresh");
  const canPlay = seat === next.human && next.legal.some((choice) => choice.action === "P");
  if (canPlay) top.classList.add("card--fits");
  part.waste.replaceChildren(top, `Waste (${table.waste})`);
}

function drawShip(next, ship, before) {
  const part = parts.ships.get(ship.suit);
  part.label.replaceChildren(suitSign(ship.suit), el("small", {}, `ship ${ship.number}`));
  part.label.setAttribute("aria-label", `${ship.name}, ship ${ship.number}`);
  const needs = ship.halves.map((half) => half.needs);
  ship.slots.forEach((slot, index) => {
    const node = part.slots[index];
    const rank = RANKS[index];
    const card = `${rank === "10" ? "T" : rank}${ship.suit}`;
    const classes = ["pir-slot"];
    let label = `${rank}: empty`;
    if (slot) {
      classes.push(`pir-slot--${slot.half}`);
      if (slot.owner !== slot.half) classes.push("pir-slot--claimed");
      label = `${rank}: ${next.players[slot.half]}${slot.owner !== slot.half ? " (claimed)" : ""}`;
      const old = before?.slots[index];
      if (!old || old.card !== slot.card) classes.push("pir-slot--new");
    } else {
      needs.forEach((need, seat) => {
        if (need === card) {
          classes.push(`pir-slot--next-${seat}`);
          label = `${rank}: ${next.players[seat]} needs it next`;
        }
      });
    }
    node.className = classes.join(" ");
    node.setAttribute("aria-label", label);
  });
}

function show(next) {
  const before = view;
  view = next;
  root.dataset.renders = String(Number(root.dataset.renders || 0) + 1);
  const [mine, theirs] = next.score;
  const names = next.players;
  statusLine.textContent = next.outcome
    ? next.outcome.text
    : `Moment ${next.moment} · ${names[0]} ${mine} · ${names[1]} ${theirs} · sunk ${next.sunk.length}`;
  drawPlayer(next, 1);
  drawPlayer(next, 0);
  next.ships.forEach((ship, index) => {
    const old = before && before.id === next.id ? before.ships[index] : null;
    drawShip(next, ship, old);
  });
  const legal = new Set(next.legal.map((choice) => choice.action));
  for (const button of controls.querySelectorAll("button")) {
    button.disabled = next.human === null || !legal.has(button.dataset.action);
    button.classList.toggle("play-button--ready", button.dataset.action === "P" && legal.has("P"));
    button.setAttribute("aria-pressed", String(pending === button.dataset.action));
  }
  controls.hidden = next.human === null;
  const last = next.last;
  if (last) {
    for (const event of last.events) {
      const big = ["capture", "sink", "end", "claim"].includes(event.kind);
      say(event.text, big ? "big" : "");
      if (event.suit) flash(parts.ships.get(event.suit).row, "pir-ship--flash");
      if (big) parts.banner.textContent = event.text.replace(/^moment \d+: /, "");
    }
    if (next.refused) {
      say(`Not now: ${next.refused.message}`);
      parts.banner.textContent = "That card does not go there yet.";
    }
  }
  endBox.hidden = !next.outcome;
  if (next.outcome) {
    pause();
    pauseButton.disabled = true;
    const winner = next.outcome.winner;
    document.getElementById("end-text").textContent =
      winner === null ? "It's a draw!" : `${names[winner]} wins!`;
  } else {
    pauseButton.disabled = false;
  }
}

// -- keys -----------------------------------------------------------------------------

const KEYS = { t: "T", " ": "T", p: "P", enter: "P", c: "C" };

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || area.hidden) return;
  if (event.target.closest?.("input, select, textarea, summary")) return;
  const key = event.key.toLowerCase();
  const onOtherButton =
    event.target.closest?.("button, a") && !controls.contains(event.target) && event.target !== pauseButton;
  if (key === "escape") {
    event.preventDefault();
    if (running) pause();
    return;
  }
  if (!(key in KEYS)) return;
  if (onOtherButton && (key === " " || key === "enter")) return;
  event.preventDefault();
  event.stopPropagation(); // these keys belong to the game, not to the site's shortcuts
  pick(KEYS[key]);
}

// -- start ----------------------------------------------------------------------------

engine = await bootPage(root);
if (engine) {
  talk = new Conversation(engine, say, pause);
  const info = await engine.call("info");
  form.elements.level.replaceChildren(
    ...info.pirate_levels.map((level) => el("option", { value: level.id, selected: level.id === info.pirate_default_level }, level.label)),
  );
  build();
  area.hidden = false;
  await newGame();
  performance.mark("play-ready");
}
