// The Pirate page: two seats, each played by a person (keys or taps) or by the computer.
// Real time becomes the engine's moments in pirate-clock.mjs; the table is drawn by
// pirate-table.mjs; every rule lives in Python (pirate_rules.web), and this file only
// passes on what the players did and draws the views that come back.
//
// Every view carries the game's keep (how it started and its moments), saved in this
// browser after every moment (keep.mjs), so that a reload resumes the game, paused; the
// Share button puts the same keep in a link (notice.mjs).
//
// The log writes each line in family words, the engine's sentence after it; an optional
// voice (voice.mjs) says what the engine marks to be said: a capture, a sinking, a
// claim, running out, "tap Claim!" and the end. Lines that can wait are said once the
// line being said is over (a newer one replaces one still waiting); "tap Claim!" and the
// end are said at once.

import { Conversation, bootPage, countView, el, logTo, pageReady, saveRecord } from "./client.mjs";
import { guardShortcuts } from "./guard.mjs";
import { suitSign } from "./icons.mjs";
import { saveGame, shareHash } from "./keep.mjs";
import { KeptGames, Notice, shareNotice } from "./notice.mjs";
import { FAST_BEAT_MS, MomentClock } from "./pirate-clock.mjs";
import { actionName, actionOf, keyLabel, keyOf, loadKeys, remap } from "./pirate-keys.mjs";
import { PirateTable } from "./pirate-table.mjs";
import { createVoice } from "./voice.mjs";

const root = document.getElementById("play");
const area = root.querySelector(".play-area");
const form = root.querySelector(".play-setup");
const formError = form.querySelector(".pir-setup__error");
const statusLine = document.getElementById("status");
const pauseButton = document.getElementById("pause");
const clockMenu = document.getElementById("clock");
const hintsBox = document.getElementById("hints");
const skipButton = document.getElementById("skip");
const bar = root.querySelector(".pir-bar");
const layout = root.querySelector(".pir-layout");
const logList = document.getElementById("log");
const say = logTo(logList);
const endBox = document.getElementById("end");
const notice = new Notice(document.getElementById("notice"));
const GAME = "pirate";

// The levels below "quick" are meant for children: they get "Show what fits" at first.
const HINTED_LEVELS = new Set(["toddler", "child", "casual"]);

let engine = null;
let talk = null; // the engine conversation, made once the engine has started
let view = null;
let table = null;
let people = [true, false]; // which seats a person plays
let keys = loadKeys();
let hintsChosen = false; // the player ticked or unticked "Show what fits" themselves
let remapping = null; // {seat, actions: [...]} while a player sets their keys
let began = false; // the clock ran in this game (the button then says "Go on")
let pending = [new Map(), new Map()]; // each seat's presses not yet played, by action
let version = ""; // the engine's, saved with the game
let lastError = ""; // why a kept game could not be opened
let asked = 0; // the games asked of the engine, numbered (`data-game`)
let shown = 0; // the number of the game on the table
let voice = null; // voice.mjs: says each view's `say`
const clock = new MomentClock(playMoment);

// -- build once -----------------------------------------------------------------------

function build(levels) {
  const seconds = (ms) => `${(ms / 1000).toLocaleString("en", { maximumFractionDigits: 2 })} s`;
  for (const select of form.querySelectorAll(".pir-plays")) {
    const label = (level) => `Computer: ${level.label}, ${seconds(level.reaction)} a card`;
    select.append(...levels.map((level) => el("option", { value: level.id }, label(level))));
  }
  form.elements.plays1.value = "child";
  table = new PirateTable(document.getElementById("board"), { onAction: press });
  for (const seat of [0, 1]) {
    const change = el("button", { type: "button", class: "pir-change-keys" }, "Change keys");
    change.addEventListener("click", () => startRemap(seat));
    table.seats[seat].actions.append(change);
  }
  form.elements.facing.checked = window.matchMedia("(pointer: coarse)").matches;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    notice.hide();
    if (await newGame()) readyToPlay();
  });
  form.addEventListener("change", showSetupFields);
  showSetupFields();
  pauseButton.addEventListener("click", () => (clock.running ? pause() : go()));
  clockMenu.addEventListener("change", () => {
    useBeat();
    if (view) keepGame(view);
    clockMenu.blur(); // the game's keys work again at once
  });
  hintsBox.addEventListener("change", () => {
    hintsChosen = true;
    if (!view) return;
    draw(view);
    keepGame(view);
  });
  skipButton.addEventListener("click", skip);
  document.getElementById("again").addEventListener("click", async () => {
    notice.hide();
    if (await newGame()) readyToPlay();
  });
  for (const id of ["share", "end-share", "log-share"]) document.getElementById(id).addEventListener("click", share);
  document.getElementById("same-deal").addEventListener("click", sameDeal);
  for (const id of ["download", "save"]) {
    document.getElementById(id).addEventListener("click", () => view && saveRecord(engine, view.id, say));
  }
  document.addEventListener("visibilitychange", () => document.hidden && pause());
  voice = createVoice(document.getElementById("voice"), { none: "No voice" });
  window.addEventListener("keydown", onKey, true);
  // No jumping to another page or to the search mid-game, nor from the end of a game
  // when a player's last press (S claims) comes just after it.
  guardShortcuts(() => !area.hidden && view !== null);
}

function showSetupFields() {
  const f = form.elements;
  form.querySelector(".when-two").hidden = !(f.plays0.value === "person" && f.plays1.value === "person");
  for (const seat of [0, 1]) f[`name${seat}`].closest("label").hidden = f[`plays${seat}`].value !== "person";
}

// -- the players' actions -------------------------------------------------------------

function press(seat, action, time = performance.now()) {
  if (!view || view.outcome || !people[seat]) return;
  // The press shows at once, as pending, until its moment is played and drawn: marked
  // before anything else runs (starting the clock, closing a moment, sending it).
  pend(seat, action, 1);
  if (!clock.running) go();
  if (!clock.act(seat, action, time)) {
    pend(seat, action, -1); // too many moments waiting: this press is not taken
    return;
  }
  requestAnimationFrame(() => {
    performance.measure("pirate:press-to-feedback", { start: time, end: performance.now(), detail: { seat, action } });
  });
}

function pend(seat, action, change) {
  const count = (pending[seat].get(action) || 0) + change;
  if (count > 0) pending[seat].set(action, count);
  else pending[seat].delete(action);
  table.pend(seat, action, count > 0);
}

function go() {
  if (!view || view.outcome) return;
  began = true;
  // A notice stays where it is, in the page's flow above the table (notice.mjs): hiding
  // it now would move the table under the players' fingers as the game starts.
  clock.start();
  pauseButton.textContent = "Pause";
  showTable();
}

/**
 * The whole table in sight: from the status bar down, or, face to face around a tablet,
 * the table alone filling the screen (its middle holds the status bar then). A finished
 * game shows its end first, which lies above the table, with what can be done next.
 */
function showTable() {
  const board = document.getElementById("board");
  const facing = board.classList.contains("pir-table--facing") && endBox.hidden;
  const target = facing ? board : layout;
  const from = target.getBoundingClientRect();
  const { bottom } = board.getBoundingClientRect();
  const header = document.querySelector(".md-header")?.getBoundingClientRect().bottom || 0;
  if (bottom > window.innerHeight || from.top < header) {
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  }
}

/** A game was just set up from the options: close them and hand the keys to the game. */
function readyToPlay() {
  root.querySelector("details.play-options").open = false;
  showTable();
  pauseButton.focus({ preventScroll: true });
}

function pause() {
  clock.pause();
  pauseButton.textContent = began ? "Go on" : "Start";
}

/**
 * A computer looks at the table once a beat: every beat_ms (a tenth of a second), so
 * that its level is its reaction time. Two computers may be watched faster or slower
 * (the clock menu); while only a computer can act, it plays on faster.
 */
function useBeat() {
  const watched = !people.some(Boolean);
  const beat = watched ? Number(clockMenu.value) : view?.beat_ms || 100;
  const fast = view?.stretch?.fast && !view.outcome;
  clock.setBeat(fast ? Math.min(FAST_BEAT_MS, beat) : beat);
  root.dataset.beat = String(clock.beatMs);
}

function inGame() {
  return !area.hidden && view !== null && !view.outcome;
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || area.hidden) return;
  const typing = event.target.closest?.("input:not([type=checkbox]), textarea, [contenteditable], .play-setup");
  if (typing) return;
  const key = keyOf(event);
  if (remapping) {
    event.preventDefault();
    event.stopImmediatePropagation();
    takeRemap(key);
    return;
  }
  if (key === "escape") {
    if (clock.running) pause();
    return;
  }
  const found = actionOf(keys, key, people);
  if (found && inGame()) {
    event.preventDefault();
    event.stopImmediatePropagation(); // the key belongs to the game, not to the site's shortcuts
    if (!event.repeat) press(found.seat, found.action, event.timeStamp);
  }
}

// -- changing keys --------------------------------------------------------------------

function startRemap(seat) {
  pause();
  remapping = { seat, actions: ["T", "P", "C"] };
  askRemap();
}

function askRemap(problem = "") {
  const { seat, actions } = remapping;
  table.tell(seat, `${problem} Press the key for ${actionName(actions[0])}…`.trim());
  drawKeys();
}

function takeRemap(key) {
  const { seat, actions } = remapping;
  if (key === "escape") {
    remapping = null;
    table.tell(seat, "Keys unchanged.");
    return;
  }
  const problem = remap(keys, seat, actions[0], key, view.players);
  if (problem) return askRemap(problem);
  actions.shift();
  if (actions.length) return askRemap();
  remapping = null;
  table.tell(seat, "New keys saved in this browser.");
  drawKeys();
}

function drawKeys() {
  if (view) draw(view);
}

// -- talk to the engine ---------------------------------------------------------------

async function readRecord() {
  const file = form.elements.record.files?.[0];
  return file ? await file.text() : null;
}

/** Start a new game from the options (or from `record`); true once it is on the table. */
async function newGame(record = undefined) {
  if (!talk) return false;
  formError.textContent = "";
  const f = form.elements;
  const seats = [f.plays0.value, f.plays1.value];
  // A computer's seat keeps its default name.
  const players = seats.map((plays, seat) => (plays === "person" ? f[`name${seat}`].value : ""));
  const options = { seed: f.seed.value.trim() || null, seats, players };
  pause();
  const number = askForGame();
  let first;
  try {
    const deal = record === undefined ? await readRecord() : record;
    if (deal) Object.assign(options, { record: deal, resume: record === undefined && f.resume.checked });
    first = await engine.call("pirate_new", options);
  } catch (error) {
    formError.textContent = `That game cannot start: ${error.message}`;
    root.querySelector("details.play-options").open = true;
    return false;
  }
  f.record.value = ""; // "Play again" deals new cards; "Play this deal again" keeps them
  setUp(first, `New game${options.record ? " from a game record" : `, seed ${first.seed}`}.`, number);
  return true;
}

/** Open a kept game (saved in this browser, or from a share link), paused. */
async function openKept(keep) {
  if (!talk) return false;
  const number = askForGame();
  let first;
  try {
    first = await engine.call("pirate_new", keep);
  } catch (error) {
    lastError = error.message;
    return false;
  }
  const f = form.elements;
  first.seats.forEach((seat, index) => {
    f[`plays${index}`].value = seat.plays;
    if (seat.plays === "person") f[`name${index}`].value = seat.name;
  });
  showSetupFields();
  setUp(first, `A kept game, at moment ${first.moment}.`, number);
  if (root.classList.contains("play--ready")) showFacing();
  return true;
}

/**
 * Face to face, a game opened from a link or kept in this browser fills the screen at
 * once, as a new one does: both players' buttons are in sight before anyone presses.
 */
function showFacing() {
  if (document.getElementById("board").classList.contains("pir-table--facing")) showTable();
}

/** A game is asked of the engine: its number. */
function askForGame() {
  asked += 1;
  root.dataset.game = String(asked);
  return asked;
}

/** Put the first view of game `number` on the table, paused. */
function setUp(first, said, number) {
  shown = number;
  pause();
  talk.newGame();
  clock.reset();
  endBox.hidden = true; // a new game's end, if it has one, is shown (and focused) afresh
  performance.clearMeasures("pirate:moment");
  const seats = first.seats.map((seat) => seat.plays);
  const f = form.elements;
  began = first.moment > 0;
  people = seats.map((plays) => plays === "person");
  clock.seat({ computers: [0, 1].filter((seat) => !people[seat]), people: people.some(Boolean) });
  if (!hintsChosen) {
    const gentle = seats.every((plays) => plays === "person" || HINTED_LEVELS.has(plays));
    hintsBox.checked = gentle && !people.every(Boolean);
  }
  const board = document.getElementById("board");
  const facing = f.facing.checked && people.every(Boolean);
  board.classList.toggle("pir-table--facing", facing);
  // Face to face, the status bar lies in the table's middle, in sight of both players.
  if (facing) table.middle.append(bar);
  else layout.prepend(bar);
  clockMenu.parentElement.hidden = people.some(Boolean);
  view = null;
  for (const seat of [0, 1]) {
    table.tell(seat, "");
    for (const action of pending[seat].keys()) table.pend(seat, action, false);
  }
  pending = [new Map(), new Map()];
  logList.replaceChildren();
  say(said);
  for (const line of first.log) sayLine(line);
  voice.stop();
  show(first);
  pause();
}

async function sameDeal() {
  if (!view) return;
  const saved = await engine.call("record", view.id);
  if (await newGame(saved.record)) readyToPlay();
}

async function playMoment(moment) {
  const beat = clock.beatMs;
  const next = await talk.request("pirate_moment", view.id, moment.actions, moment.looks);
  if (!next) return;
  show(next);
  moment.actions.forEach((action, seat) => action !== null && pend(seat, action, -1));
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const drawn = performance.now();
  // Every moment of this game on the page's own clock, from its beat or first press to
  // its table: the pace of the beats can be read back (after a pause, none is made up).
  const { looks, closed, sent } = moment;
  const timed = { moment: next.moment, beat, looks, closed, sent };
  performance.measure("pirate:moment", { start: moment.opened, end: drawn, detail: timed });
  moment.actions.forEach((action, seat) => {
    if (action === null) return;
    const detail = { seat, action, moment: next.moment, closed: moment.closed, sent: moment.sent };
    performance.measure("pirate:press-to-table", { start: moment.pressed[seat], end: drawn, detail });
  });
}

async function skip() {
  if (!view?.stretch?.fast) return;
  const next = await talk.request("pirate_skip", view.id);
  if (next) show(next);
}

// -- draw a view ----------------------------------------------------------------------

function draw(next) {
  const labels = (set) => Object.fromEntries(Object.entries(set).map(([action, key]) => [action, keyLabel(key)]));
  const shown = keys.map((set, seat) => (people[seat] ? labels(set) : null));
  table.draw(next, { hints: hintsBox.checked, people, keys: shown });
}

function show(next) {
  view = next;
  draw(next);
  keepGame(next);
  root.dataset.moment = String(next.moment);
  countView(root, shown);
  const names = next.players;
  statusLine.textContent = next.outcome
    ? next.outcome.title
    : `Moment ${next.moment} · ships: ${names[0]} ${next.score[0]}, ${names[1]} ${next.score[1]}, sunk ${next.sunk.length}`;
  const last = next.last;
  if (last) {
    if (last.skipped) say(`Skipped ${last.skipped} moments.`);
    for (const line of last.events) sayLine(line);
    for (const refusal of last.refused) {
      say(`Not now: ${refusal.message}`);
      table.tell(refusal.seat, `Not now: ${refusal.message}`);
      table.shake(refusal.seat);
    }
    last.actions?.forEach((action, seat) => {
      if (people[seat] && action !== "W") table.tell(seat, "");
    });
  }
  if (next.say) voice.say(next.say.text, { wait: !next.say.urgent });
  showSkip(next);
  useBeat();
  showEnd(next);
}

const BIG = new Set(["capture", "sink", "end", "claim", "clash", "claimable"]);

/** One line of the engine's log: its family words, then the engine's own sentence. */
function sayLine(line) {
  say(line.family || line.text, BIG.has(line.kind) ? "big" : "");
  if (line.family && line.text !== line.family) {
    logList.lastElementChild.append(" ", el("span", { class: "log-detail" }, line.text));
  }
}

/**
 * A person out of cards against a computer: the skip button sits beside their Claim, and
 * stays there while they watch, so that nothing jumps. It plays on at once while there
 * is nothing to claim, and waits while there is.
 */
function showSkip(next) {
  const idle = next.seats.findIndex((seat, index) => seat.watching && people[index] && !people[1 - index]);
  skipButton.hidden = idle < 0 || Boolean(next.outcome);
  const actions = idle >= 0 ? table.seats[idle].actions : null;
  if (actions && skipButton.parentElement !== actions) {
    actions.insertBefore(skipButton, actions.querySelector(".pir-change-keys"));
  }
  skipButton.disabled = !next.stretch?.fast || Boolean(next.outcome);
}

function showEnd(next) {
  const end = next.outcome;
  const wasHidden = endBox.hidden;
  endBox.hidden = !end;
  pauseButton.hidden = Boolean(end);
  if (!end) return;
  pause();
  document.getElementById("end-title").textContent = end.title;
  document.getElementById("end-why").textContent = end.why;
  const blocked = document.getElementById("end-blocked");
  blocked.hidden = !end.details.length;
  next.players.forEach((name, seat) => (document.getElementById(`end-head-${seat}`).textContent = `${name}'s half`));
  const row = (suit) =>
    el(
      "tr",
      {},
      el("th", { scope: "row" }, suitSign(suit.suit), ` ${suit.name}`),
      ...suit.halves.map((half) => el("td", {}, `needs ${half.card}: ${half.where}`)),
    );
  blocked.tBodies[0].replaceChildren(...end.details.map(row));
  document.getElementById("watch").href = `../viewer/${shareHash(GAME, next.keep)}`;
  const list = (ships) => (ships.length ? ships.map((ship) => `${suitSign(ship.suit)} ${ship.number}`).join(", ") : "none");
  document.getElementById("end-ships").replaceChildren(
    ...next.seats.map((seat) => el("li", {}, `${seat.name} captured ${list(seat.captured)}`)),
    el("li", {}, `Sunk: ${list(next.sunk)}`),
  );
  if (wasHidden) document.getElementById("again").focus();
}

// -- keeping and sharing --------------------------------------------------------------

/** Save the game in this browser: after every moment, and when a setting changes. */
function keepGame(next) {
  const extra = {
    finished: Boolean(next.outcome),
    clock: clockMenu.value,
    hints: hintsBox.checked,
    hintsChosen,
    facing: form.elements.facing.checked,
  };
  saveGame(GAME, next.keep, extra, version);
}

/** Put back the settings saved with a game. */
function settle(extra) {
  if ([...clockMenu.options].some((option) => option.value === extra.clock)) clockMenu.value = extra.clock;
  if (extra.hintsChosen) {
    hintsChosen = true;
    hintsBox.checked = Boolean(extra.hints);
  }
  if (typeof extra.facing === "boolean") form.elements.facing.checked = extra.facing;
}

function share() {
  if (!view) return;
  pause();
  shareNotice(notice, shareHash(GAME, view.keep));
}

// -- start ----------------------------------------------------------------------------

engine = await bootPage(root);
if (engine) {
  talk = new Conversation(engine, say, pause);
  const info = await engine.call("info");
  version = info.version;
  build(info.pirate_levels);
  area.hidden = false;
  const kept = new KeptGames({
    game: GAME,
    notice,
    start: openKept,
    fresh: () => newGame(),
    settle,
    lastError: () => lastError,
    version: () => version,
    welcome: "Welcome back! Your game is here, paused where you left it: press Go on to play.",
  });
  await kept.open();
  pageReady(root);
  showFacing();
}
