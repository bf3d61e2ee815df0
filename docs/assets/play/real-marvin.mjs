// Marvin's Pirates Go! with real cards: the page keeps score and referees a game that a
// family plays at a real table. It draws the views the engine sends
// (pirate_rules.web.real_marvin) and sends back what the players tapped, one entry at a
// time: a prize power, the card drawn (its kind, or with "Exact cards" the very card),
// then what the card does. Every rule, and every word of the game, is the engine's; a
// tap the rules refuse comes back as a refusal, in family words with its rule.
//
// Each answer carries `steps` (what happened, with the table after each), shown one by
// one (at once for people who ask for reduced motion). A card entered by its kind is
// drawn as that kind: the engine marks its stand-in (`standin`). After every entry the
// game's `keep` is saved in this browser (keep.mjs), so a reload resumes it.
//
// Marks for tests and benchmarks on the root: `data-entries` (entries accepted),
// `data-refusals`, `data-renders` (views drawn), `data-entry-to-table` (ms from the tap
// of an entry to the frame that shows its first step on the table).

import { countView, el, focusShown, saveRecord } from "./client.mjs";
import { cardSvg } from "./cards.mjs";
import { shareHash } from "./keep.mjs";
import { buildTable, drawTable, markPlaces, offerPlaces, pickPlace, placeOf, showStep } from "./marvin-table.mjs";
import { reducedMotion } from "./motion.mjs";
import { keepView, lineLog, openTable, ruleLink, setupDialog, tablePage } from "./real-table.mjs";
import { placeOffers, tapped } from "./taps.mjs";
import { createVoice } from "./voice.mjs";

const GAME = "real_marvin";
const STORE = "pirate-rules/real-marvin/";
const STEP_MS = 420; // how long a step stays before the next, unless motion is reduced
const page = tablePage();
const { root, area, dialog, endBox, notice, siteRoot } = page;
const statusLine = document.getElementById("status");
const refusalBox = document.getElementById("refusal");
const kindsBox = document.getElementById("kinds");
const grid = document.getElementById("grid");
const gridTitle = document.getElementById("grid-title");
const gridCards = document.getElementById("grid-cards");
const tools = {
  newGame: document.getElementById("new-game"),
  undo: document.getElementById("undo"),
  exact: document.getElementById("exact"),
  facing: document.getElementById("facing"),
};

let engine = null;
let talk = null;
let view = null;
let parts = null;
let version = "";
let voice = null;
let busy = false; // an entry is on its way, or its steps are being shown
let picked = null; // the place tapped first, of a power named by two places
let tappedAt = 0;
let lastMarks = [];
let setup = null; // opens the New game dialog

// -- settings kept in this browser ---------------------------------------------------------

function setting(name, fallback) {
  try {
    const value = window.localStorage.getItem(STORE + name);
    return value === null ? fallback : value === "on";
  } catch {
    return fallback;
  }
}

function keepSetting(name, on) {
  try {
    window.localStorage.setItem(STORE + name, on ? "on" : "off");
  } catch {
    // storage switched off: the setting holds for this visit only
  }
}

function toggle(button, words, on) {
  button.setAttribute("aria-pressed", String(on));
  button.textContent = `${words}: ${on ? "on" : "off"}`;
}

const exactCards = () => tools.exact.getAttribute("aria-pressed") === "true";
const facing = () => tools.facing.getAttribute("aria-pressed") === "true";

function setFacing(on) {
  toggle(tools.facing, "Face to face", on);
  root.classList.toggle("real--facing", on);
}

// -- the log -------------------------------------------------------------------------------

const log = lineLog(document.getElementById("log"), siteRoot);

// -- drawing ---------------------------------------------------------------------------------

/** A card entered only by its kind: the kind is drawn, not the card that stands in for it. */
function kindCard(card) {
  return el(
    "span",
    { class: "pcard pcard--kind", role: "img", "aria-label": card.name },
    el("span", { class: "pcard__ranks" }, card.ranks),
    el("span", { class: "pcard__kind" }, card.name),
  );
}

function drawStandIns(table) {
  const { drawn, discard } = parts.middle;
  for (const [node, card] of [[drawn, table.drawn], [discard, table.discard_top]]) {
    if (!card?.standin) continue;
    node.replaceChildren(kindCard(card));
    node.dataset.card = `${card.card}*`; // drawn again when the same card comes exactly
  }
}

function drawBoard(table, toMove = null) {
  drawTable(parts, table, { players: view.players, toMove });
  drawStandIns(table);
}

function setStatus(text) {
  statusLine.textContent = text;
}

function showRefusal(refusal) {
  refusalBox.hidden = !refusal;
  if (!refusal) return refusalBox.replaceChildren();
  refusalBox.replaceChildren(el("span", {}, refusal.words), " ", ruleLink(refusal, siteRoot));
  voice.say(refusal.words);
}

/** The kinds of card the next draw may be: one button each (its ranks and what it does). */
function drawKinds(next) {
  const offered = next.kinds.length > 0 && !grid.dataset.kind;
  kindsBox.hidden = !next.kinds.length || Boolean(grid.dataset.kind);
  if (!offered) return kindsBox.replaceChildren();
  kindsBox.replaceChildren(
    ...next.kinds.map((kind) =>
      el(
        "button",
        {
          type: "button",
          class: `play-button real-kind real-kind--${kind.kind}`,
          "data-kind": kind.kind,
          disabled: !kind.left,
          title: kind.left ? `${kind.title}: ${kind.ranks}` : `No ${kind.title.toLowerCase()} card is left since the last shuffle`,
          onclick: () => pickKind(kind),
        },
        el("span", { class: "real-kind__ranks" }, kind.ranks),
        el("span", { class: "real-kind__title" }, kind.title),
      ),
    ),
  );
}

/** A kind tapped: with exact cards, the cards of that kind come up to pick from. */
function pickKind(kind) {
  if (busy || !view) return;
  if (!exactCards() || kind.kind === "lost") return enter(kind.kind === "lost" ? "draw JK" : `draw ${kind.kind}`);
  grid.dataset.kind = kind.kind;
  gridTitle.textContent = `Which ${kind.title.toLowerCase()} card? (${kind.ranks})`;
  gridCards.replaceChildren(
    ...kind.cards.map((card) =>
      el("button", { type: "button", class: "real-card", "data-card": card.card, "aria-label": card.name, onclick: () => enter(`draw ${card.card}`) }, cardSvg(card)),
    ),
  );
  grid.hidden = false;
  kindsBox.hidden = true;
  root.classList.add("real--picking");
  focusShown(gridCards.querySelector("button"));
}

function closeGrid(focus = false) {
  delete grid.dataset.kind;
  root.classList.remove("real--picking");
  grid.hidden = true;
  gridCards.replaceChildren();
  if (view) drawKinds(view);
  if (focus) focusShown(kindsBox.querySelector("button:not([disabled])") || tools.undo);
}

/** The places to offer on the table: the powers' places, or every place the card acts on. */
function offer(next) {
  if (next.phase === "power") {
    offerPlaces(parts, placeOffers(parts, next.legal, picked));
  } else if (next.phase === "card") {
    const legal = new Map(next.legal.map((choice) => [choice.element, choice]));
    offerPlaces(
      parts,
      next.taps.map(({ id }) => ({
        id,
        label: legal.get(id)?.label || `${placeOf(parts, id)?.dataset.words || id}: not allowed now`,
        glow: legal.has(id),
      })),
    );
  } else {
    offerPlaces(parts, []);
  }
}

function render(next) {
  view = next;
  closeGrid();
  drawBoard(next.table, next.to_move);
  markPlaces(parts, lastMarks, true, "is-last");
  picked = null;
  pickPlace(parts, null);
  offer(next);
  drawKinds(next);
  setStatus(next.headline);
  root.classList.toggle("real--p1", next.to_move === 1);
  tools.undo.disabled = !next.can_undo;
  tools.undo.title = next.last ? `Take back the last tap (${next.last})` : "Nothing to take back yet";
  document.getElementById("turn-note").textContent = `turn ${next.turn}`;
  endBox.hidden = !next.outcome;
  if (next.outcome) {
    document.getElementById("end-text").textContent = next.outcome.text;
    document.getElementById("watch").href = `../viewer/${shareHash(GAME, next.keep)}`;
    if (!dialog.open && !notice.holdsFocus()) focusShown(document.getElementById("again"));
  } else if (!dialog.open && !notice.holdsFocus() && next.kinds.length && !root.contains(document.activeElement)) {
    focusShown(kindsBox.querySelector("button:not([disabled])"));
  }
  root.dataset.entries = String(next.entries);
  countView(root, talk.game);
}

function forgetMarks() {
  markPlaces(parts, lastMarks, false, "is-last");
  lastMarks = [];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Show the steps of an entry one by one, then the view they lead to. */
async function playSteps(next) {
  forgetMarks();
  offerPlaces(parts, []);
  const game = talk.game;
  const ms = reducedMotion() ? 0 : STEP_MS;
  for (const [index, step] of next.steps.entries()) {
    showStep(parts, step, { players: next.players, toMove: null }, Math.min(ms, 400));
    drawStandIns(step.table);
    if (index === 0 && tappedAt) {
      const tapped = tappedAt;
      tappedAt = 0;
      requestAnimationFrame(() => {
        root.dataset.entryToTable = String(Math.round(performance.now() - tapped));
      });
    }
    if (step.kind !== "draw") lastMarks.push(...step.marks);
    if (ms && index < next.steps.length - 1) await sleep(ms);
    if (talk.game !== game) return false;
  }
  return true;
}

async function show(next, animate) {
  keepGame(next);
  showRefusal(null);
  if (animate && next.steps.length && !(await playSteps(next))) return;
  log.show(next.log);
  render(next);
  voice.say(next.say);
}

// -- entries ---------------------------------------------------------------------------------

async function enter(entry) {
  if (busy || !view || view.outcome) return;
  busy = true;
  tappedAt = performance.now();
  try {
    const next = await talk.request("real_marvin_play", view.id, entry);
    if (!next) return;
    if (next.refusal) {
      root.dataset.refusals = String(Number(root.dataset.refusals || 0) + 1);
      tappedAt = 0;
      picked = null;
      pickPlace(parts, null);
      closeGrid();
      offer(view);
      showRefusal(next.refusal);
      countView(root, talk.game);
      return;
    }
    if (!notice.holdsFocus()) notice.hide();
    await show(next, true);
  } finally {
    busy = false;
  }
}

function onPick(id) {
  if (busy || !view) return;
  if (view.phase === "power") {
    const tap = tapped(view.legal, picked, id);
    if (tap.move) return enter(tap.move);
    picked = tap.pick;
    pickPlace(parts, picked);
    offer(view);
    setStatus(picked ? view.pick : view.headline);
  } else if (view.phase === "card") {
    const tap = view.taps.find((place) => place.id === id);
    if (tap) enter(tap.move);
  }
}

async function takeBack() {
  if (busy || !view?.can_undo) return;
  busy = true;
  try {
    const back = await talk.request("real_marvin_undo", view.id);
    if (!back) return;
    notice.show(`Taken back: ${back.undone}.`);
    forgetMarks();
    parts.caption.textContent = "";
    log.restart(back.log);
    await show(back, false);
  } finally {
    busy = false;
  }
}

// -- games -----------------------------------------------------------------------------------

/** The New game dialog's answers as the engine's options. */
function gameOptions(values) {
  return { players: [values.name0, values.name1], first: Number(values.first), jokers: Number(values.jokers) };
}

/** Start a game (or resume one from its keep); resolves true once it is on the table,
 * false if it cannot start (`talk.lastError` says why), null if another game was asked
 * for before it started (that one goes on the table instead). */
async function start(options, quiet = false) {
  const mine = talk.newGame();
  notice.hide();
  root.dataset.game = String(talk.game);
  forgetMarks();
  const first = await (quiet ? talk.attempt : talk.request).call(talk, "real_marvin_new", options);
  if (!first) return talk.notStarted(mine);
  view = first;
  parts.caption.textContent = "";
  log.restart(first.log);
  await show(first, false);
  return true;
}

const keepGame = (next) => keepView(GAME, next, version);

function saved(button) {
  const words = button.dataset.words || button.textContent;
  button.dataset.words = words;
  button.textContent = "Saved ✓";
  setTimeout(() => (button.textContent = words), 2000);
}

const openSetup = () => setup(view?.players.map((player) => player.name));

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || area.hidden || dialog.open) return;
  if (event.target.closest?.("input, select, textarea")) return;
  if (event.key === "Escape" && grid.dataset.kind) closeGrid(true);
}

function build(started) {
  ({ engine, talk, version } = started);
  parts = buildTable(document.getElementById("table"), onPick);
  setup = setupDialog(dialog, (values) => start(gameOptions(values)));
  tools.newGame.addEventListener("click", openSetup);
  tools.undo.addEventListener("click", takeBack);
  document.getElementById("grid-back").addEventListener("click", () => closeGrid(true));
  toggle(tools.exact, "Exact cards", setting("exact", false));
  tools.exact.addEventListener("click", () => {
    const on = !exactCards();
    toggle(tools.exact, "Exact cards", on);
    keepSetting("exact", on);
    closeGrid();
  });
  setFacing(setting("facing", window.matchMedia("(orientation: landscape) and (max-height: 32rem)").matches));
  tools.facing.addEventListener("click", () => {
    setFacing(!facing());
    keepSetting("facing", facing());
  });
  voice = createVoice(document.getElementById("voice"), { none: "No voice" });
  document.getElementById("again").addEventListener("click", openSetup);
  for (const id of ["download", "save-record"]) {
    const button = document.getElementById(id);
    button.addEventListener("click", () => view && saveRecord(engine, view.id, () => saved(button)));
  }
  window.addEventListener("keydown", onKey);
}

await openTable(page, {
  game: GAME,
  build,
  start,
  options: gameOptions,
  setup: openSetup,
  playing: () => Boolean(view && !view.outcome),
});
