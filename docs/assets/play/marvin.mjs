// The Marvin's Pirates Go! page. It draws the views the engine sends and sends back the
// notation of the choice that was clicked; every rule lives in Python (pirate_rules.web).
//
// Each answer carries `steps` (what happened, in order, with the table after each);
// they are played one at a time at the chosen pace (the computer's turn can be paused
// and stepped), then the final view is drawn. A draw the engine made for a person waits
// until that person taps the pile (the step says `wait`). While the steps of a move
// play, the computer's answer to it is already being worked out.
//
// A tap picks a move by its places (`places` of each choice), as in the lessons
// (taps.mjs): one tap for a move of one place, or for the one move a place names
// (`element`); otherwise the first tap picks the place and the second names the other
// (the Ship's two pirates, or a pirate and the Cave or the Fort).
//
// Every word the page shows of the game comes from the engine, in family words
// (pirate_rules.web.family); the log is the engine's log, line for line, so a reload
// shows the same log. "Show details" adds the engine's exact sentences and the
// computer's reasons. After every move the game's `keep` (its start and moves) is saved
// in this browser, so a reload resumes it, and a share link holds the same: the keep
// of where the steps shown lead, or, while a draw waits for a person's tap, the keep
// that step carries, which comes back to that very draw, still waiting. Modules:
// marvin-table.mjs draws, keep.mjs keeps, guard.mjs stops the site's one-key shortcuts
// during a game, motion.mjs animates.
//
// An optional voice (voice.mjs) says what the engine sends as `say`, in the same family
// words as the log: each step as it is shown, the prompt of a draw that waits, and what
// to do once a person may choose. It tells them all, in order; only a person's own tap
// cuts it short. The speaker button by the caption says again what just happened and
// what to do now. "Hint" asks the engine which choice the expert would make and why
// (marvin_hint); the page shows the words and lights the places, and the engine notes
// the hint in the game's record.

import { Conversation, bootPage, countView, el, focusShown, logTo, pageReady, saveRecord } from "./client.mjs";
import { guardShortcuts } from "./guard.mjs";
import { loadGame, saveGame, setAside, shareHash } from "./keep.mjs";
import { buildTable, choiceButtons, drawTable, markPlaces, offerPlaces, pickPlace, pointAt, showStep } from "./marvin-table.mjs";
import { KeptGames, Notice, shareNotice } from "./notice.mjs";
import { placeOffers, tapped } from "./taps.mjs";
import { createVoice } from "./voice.mjs";

const GAME = "marvin";
const root = document.getElementById("play");
const area = root.querySelector(".play-area");
const dialog = document.getElementById("options");
const form = dialog.querySelector("form");
const statusLine = document.getElementById("status");
const choicesBox = document.getElementById("choices");
const logList = document.getElementById("log");
const endBox = document.getElementById("end");
const notice = new Notice(document.getElementById("notice"));
const tools = {
  newGame: document.getElementById("new-game"),
  undo: document.getElementById("undo"),
  share: document.getElementById("share"),
  pause: document.getElementById("pause"),
  step: document.getElementById("step"),
  details: document.getElementById("details"),
  hint: document.getElementById("hint"),
};
const hintText = document.getElementById("hint-text");
const siteRoot = new URL(root.dataset.site || "../../", document.baseURI);

let engine = null;
let talk = null;
let view = null;
let parts = null;
let version = "";
let playing = false; // steps are being shown; choices wait until they are done
let paused = false;
let release = null; // resolves the pause gate for one step, or for good
let drawWait = null; // resolves when a person taps the pile to draw
let run = 0; // counts the runs of steps: a new game or a take-back stops the one shown
let picked = null; // the place tapped first, of a move named by two places
let lastMarks = [];
let clickedAt = 0;
let clickKind = "";
let paced = 0; // how long the steps since that click were meant to show, in ms
let shownLines = 0; // how many lines of the game's log are shown
let statusNow = { text: "", computer: false }; // what the status says when not paused
let kept = null; // opening kept games (notice.mjs)
let keptNow = null; // {keep, finished}: the game as saved last, which Share shares
let voice = null; // voice.mjs: says each view's `say` once a person may choose
let saidView = null; // the last view whose words were said
let hinted = null; // the hint shown now: {for: the view it is for, marks}

// -- log ------------------------------------------------------------------------------

const sayText = logTo(logList, 1000);

function ruleLink(line) {
  const href = new URL(line.href, siteRoot).href;
  return el("a", { class: "rule-link", href, title: `Rule ${line.rule}` }, line.rule);
}

/** One line of the engine's log: its family words, its exact words (shown with the
 * details) and its rule. The computer's reasons have no family words. */
function sayLine(line) {
  sayText("", `log-${line.kind}`);
  const item = logList.lastElementChild;
  item.dataset.n = String(line.n);
  if (line.family) item.append(el("span", { class: "log-family" }, line.family), " ");
  item.append(el("span", { class: "log-detail" }, line.text));
  if (line.rule) item.append(" ", ruleLink(line));
}

/** Show the lines of `lines` not shown yet, up to line number `upTo`. */
function showLines(lines, upTo = Infinity) {
  for (const line of lines) {
    if (line.n < shownLines || line.n > upTo) continue;
    sayLine(line);
    shownLines = line.n + 1;
  }
}

function restartLog(lines) {
  logList.replaceChildren();
  shownLines = 0;
  showLines(lines);
}

function setDetails(on) {
  logList.classList.toggle("is-detailed", on);
  tools.details.setAttribute("aria-pressed", String(on));
}

const details = () => tools.details.getAttribute("aria-pressed") === "true";

// -- status -----------------------------------------------------------------------------

/** The status line: `text`, or the paused words while the computer's turn is paused. */
function setStatus(text, computer = false) {
  statusNow = { text, computer };
  showStatus();
}

function showStatus() {
  const waiting = paused && statusNow.computer && view;
  statusLine.textContent = waiting ? view.paused : statusNow.text;
  statusLine.classList.toggle("play-status--paused", Boolean(waiting));
}

// -- pacing ---------------------------------------------------------------------------

const pace = () => Number(form.elements.pace.value) || 900;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long a step stays on the table before the next one, in beats of the chosen speed.
 * A person's own move is shown briefly (they made it); a draw is quick; the computer's
 * moves stay long enough to read their caption; a turn a person loses (a joker) stays
 * longest. The last step before a person may choose only waits for its animation: it
 * stays on the table, its caption too, while they choose.
 */
function stepTime(next, index) {
  const unit = pace();
  const step = next.steps[index];
  const person = step.seat !== null && step.seat !== undefined && !next.players[step.seat]?.computer;
  let time = (person ? 0.5 : 1.1) * unit;
  if (step.kind === "draw") time = (person ? 0.5 : 0.6) * unit;
  if (step.hold) return 2.5 * unit;
  const after = next.steps[index + 1];
  const last = after ? after.wait : !next.computer_to_move;
  return last ? Math.min(time, 0.65 * unit) : time;
}

let permit = false; // a Step pressed while no step was waiting: the next one may go

/**
 * Wait here before each of the computer's steps while paused, until Go on or Step.
 * `data-held` on the page is there while a step waits: no step is under way then.
 */
function gate() {
  if (!paused) return Promise.resolve();
  if (permit) {
    permit = false;
    return Promise.resolve();
  }
  root.dataset.held = "";
  return new Promise((resolve) => {
    release = () => {
      delete root.dataset.held;
      resolve();
    };
  });
}

function setPaused(on) {
  paused = on;
  permit = false;
  tools.pause.textContent = on ? "Go on" : "Pause";
  tools.pause.setAttribute("aria-pressed", String(on));
  tools.step.disabled = !on;
  if (!on && release) {
    release();
    release = null;
  }
  showStatus();
}

function stepOnce() {
  if (release) {
    const go = release;
    release = null;
    go();
  } else {
    permit = true;
  }
}

/** Stop the steps being shown: a new game or a take-back starts afresh. */
function stopSteps() {
  run += 1;
  playing = false;
  const draw = drawWait;
  drawWait = null;
  draw?.();
  if (release) {
    release();
    release = null;
  }
}

// -- talking to the engine --------------------------------------------------------------

function formOptions() {
  const f = form.elements;
  const mode = f.mode.value;
  const options = { seed: f.seed.value.trim() || null, mode, jokers: Number(f.jokers.value) };
  if (mode === "computer") {
    options.bot = f.bot.value;
    options.players = [f.name0.value, "Computer"];
  } else if (mode === "watch") {
    options.bots = [f.bot0.value, f.bot.value];
  } else {
    options.players = [f.name0.value, f.name1.value];
  }
  return options;
}

function forgetMarks() {
  markPlaces(parts, lastMarks, false, "is-last");
  lastMarks = [];
}

/** Start a game (or resume one from its keep); resolves true once it is on the table,
 * false if it cannot start (`talk.lastError` says why), null if another game was asked
 * for before it started (that one goes on the table instead). */
async function start(options, { quiet = false } = {}) {
  const mine = talk.newGame();
  root.dataset.game = String(talk.game);
  stopSteps();
  setPaused(false);
  forgetMarks();
  pick(null, false);
  const first = await (quiet ? talk.attempt : talk.request).call(talk, "marvin_new", options);
  if (!first) return talk.notStarted(mine);
  view = null;
  endBox.hidden = true;
  showTools(first);
  tools.undo.disabled = true;
  parts.caption.textContent = "";
  // A new game's steps (from the deal), or a kept game's from the draw that waited.
  const steps = first.steps.length > 0;
  drawTable(parts, steps ? first.dealt : first.table, { players: first.players });
  noteSeed(first); // now, so that the log's heading does not grow once the deal is shown
  restartLog(first.log.slice(0, first.log_shown));
  // Not awaited: the first steps may wait for a person's tap on the pile, and the
  // computer may play on. A resumed game (no steps) is drawn before this returns.
  show(first, steps);
  return true;
}

async function newGame() {
  dialog.close();
  notice.hide();
  await start(formOptions());
}

async function choose(move) {
  if (!move || playing || talk?.busy || !view || view.computer_to_move || view.outcome) return;
  voice.stop(); // a person's own tap may cut what is being said
  clickedAt = performance.now();
  clickKind = "move";
  paced = 0;
  pick(null, false);
  if (!notice.holdsFocus()) notice.hide(); // a move says "got it"
  const next = await talk.request("marvin_move", view.id, move);
  if (next) await show(next, true);
}

async function takeBack() {
  if (talk.busy || !view?.can_undo || (playing && !drawWait)) return;
  voice.stop();
  stopSteps();
  const back = await talk.request("marvin_undo", view.id);
  if (!back) return;
  notice.show(back.taken_back);
  forgetMarks();
  parts.caption.textContent = "";
  restartLog(back.log);
  await show(back, false);
}

// -- tapping the table --------------------------------------------------------------

function onPick(id) {
  if (drawWait) {
    if (id === "draw-pile") drawNow();
    return;
  }
  if (!view || playing || talk.busy || view.computer_to_move || view.outcome) return;
  const tap = tapped(view.legal, picked, id);
  if (tap.move) return choose(tap.move);
  voice.stop();
  pick(tap.pick);
}

/** A tap on a place that offers nothing now: the places worth a tap pulse (the pile,
 * while a draw waits), so that a child who cannot read sees where to tap. */
function onMiss() {
  if (drawWait) return pointAt(parts, ["draw-pile"]);
  if (!view || playing || view.computer_to_move || view.outcome) return;
  const offers = placeOffers(parts, view.legal, picked).filter((offer) => offer.glow);
  pointAt(parts, offers.map((offer) => offer.id));
}

/** Pick `id` as the first of two places (null: none), and offer the places to tap. */
function pick(id, redraw = true) {
  picked = id;
  pickPlace(parts, id);
  if (!redraw || !view) return;
  offerPlaces(parts, placeOffers(parts, view.legal, picked));
  setStatus(id ? view.pick : view.headline);
}

/** A person's draw waits for their tap on the pile (or the "Draw a card" button). */
function waitForDraw(step) {
  countView(root, talk.game);
  setStatus(step.prompt);
  voice.tell(step.say);
  tools.undo.disabled = !view.can_undo;
  markPlaces(parts, lastMarks, true, "is-last"); // what the other player just did
  offerPlaces(parts, [{ id: "draw-pile", label: step.prompt, glow: true }]);
  const button = el("button", { type: "button", class: "play-button", "data-move": "draw", "aria-keyshortcuts": "1 D", onclick: drawNow }, el("kbd", { "aria-hidden": "true" }, "1"), " Draw a card");
  choicesBox.replaceChildren(button);
  if (!dialog.open && !notice.holdsFocus()) focusShown(button);
  choicesOffered();
  return new Promise((resolve) => (drawWait = resolve));
}

function drawNow() {
  if (!drawWait) return;
  voice.stop();
  const go = drawWait;
  drawWait = null;
  clickedAt = performance.now();
  clickKind = "draw";
  paced = 0;
  offerPlaces(parts, []);
  choicesBox.replaceChildren();
  go();
}

/** The page offers a choice: note the time from the click that led here (benchmarks). */
function choicesOffered() {
  root.dataset.choices = String(Number(root.dataset.choices || 0) + 1);
  if (!clickedAt) return;
  const clicked = clickedAt;
  const kind = clickKind;
  const steps = paced;
  clickedAt = 0;
  requestAnimationFrame(() => {
    root.dataset.clickToChoice = String(Math.round(performance.now() - clicked));
    root.dataset.clickKind = kind;
    root.dataset.clickPaced = String(Math.round(steps));
  });
}

// -- showing a view ---------------------------------------------------------------------

/** Whose turn step `index` belongs to: its seat, or for a step of no seat (a reshuffle)
 * the seat of the nearest step before it, else after it; so the pause holds a reshuffle
 * in the computer's turn as it holds the computer's own steps. */
function actor(steps, index) {
  const seated = (step) => step.seat !== null && step.seat !== undefined;
  const before = steps.slice(0, index + 1).reverse().find(seated);
  return (before || steps.slice(index + 1).find(seated))?.seat ?? null;
}

async function playSteps(next, game) {
  const mine = ++run;
  const stale = () => talk.game !== game || run !== mine;
  playing = true;
  forgetMarks();
  offerPlaces(parts, []);
  choicesBox.replaceChildren();
  showHint(null);
  tools.hint.hidden = true;
  setStatus(next.steps[0]?.status || "", Boolean(next.steps[0]?.status));
  const info = { players: next.players, toMove: null };
  let first = true;
  for (const [index, step] of next.steps.entries()) {
    if (step.wait) {
      await waitForDraw(step);
      if (stale()) return false;
      keepWhere(next, index + 1); // drawn: a reload goes on from here
    } else if (next.players[actor(next.steps, index)]?.computer) await gate();
    if (stale()) return false;
    // While the computer plays, the status says so; a person's own step clears their
    // prompt (the caption and the log tell the step), and a turn they lose is said there.
    if (step.status) setStatus(step.status, true);
    else setStatus(step.hold ? step.family : "");
    if (!step.wait) voice.tell(step.say); // a draw that waited said its prompt
    const time = stepTime(next, index);
    paced += time;
    showStep(parts, step, info, Math.min(time, 600));
    if (first && clickedAt) {
      // From the click to the frame that shows its first result on the table.
      const clicked = clickedAt;
      requestAnimationFrame(() => {
        root.dataset.clickToTable = String(Math.round(performance.now() - clicked));
      });
    }
    first = false;
    if (step.line !== null && step.line !== undefined) {
      showLines(next.log, step.line);
      lastMarks.push(...step.marks);
    }
    root.dataset.steps = String(Number(root.dataset.steps || 0) + 1);
    await sleep(time);
    if (stale()) return false;
  }
  playing = false;
  return true;
}

async function show(next, animate) {
  view = next;
  keepWhere(next, 0); // a reload while the steps are shown finds the game where they lead
  // The computer's answer is worked out while this move's steps are shown.
  const answer = next.computer_to_move && !next.outcome ? talk.request("marvin_bot_move", next.id) : null;
  if (animate && next.steps.length && !(await playSteps(next, talk.game))) return;
  view = next;
  showLines(next.log);
  render(next);
  const after = await answer;
  if (after && view === next) await show(after, true);
}

/** The game's seed and turn, beside the log's heading. */
function noteSeed(next) {
  document.getElementById("seed-note").textContent = `Seed ${next.seed} · turn ${next.turn}`;
}

// `data-renders` on the page counts the times it settled: a view drawn, or a draw that
// waits for a tap (tests and benchmarks wait on it); `data-choices` counts the times a
// person was offered a choice, and `data-click-to-choice` is the time from the click
// before it (`data-click-kind`: "move", or "draw" for a tap on the pile), of which
// `data-click-paced` was the steps' own pacing.
function render(next) {
  countView(root, talk.game);
  drawTable(parts, next.table, { players: next.players, toMove: next.to_move });
  markPlaces(parts, lastMarks, true, "is-last");
  statusLine.classList.toggle("play-status--you", !next.computer_to_move && !next.outcome);
  noteSeed(next);
  showTools(next);
  tools.undo.disabled = !next.can_undo;
  picked = null;
  pickPlace(parts, null);
  drawChoices(next);
  setStatus(next.headline, next.computer_to_move);
  if (hinted?.for !== next) showHint(null);
  tools.hint.hidden = !next.legal.length || next.computer_to_move || Boolean(next.outcome);
  if (!next.computer_to_move && saidView !== next) voice.tell(next.say);
  saidView = next; // a view drawn again (a setting changed) is not said again
  endBox.hidden = !next.outcome;
  if (next.outcome) {
    document.getElementById("end-text").textContent = next.headline;
    document.getElementById("watch").href = `../viewer/${shareHash(GAME, next.keep)}`;
    // Focus goes to what comes next, not to the page.
    if (!dialog.open && !notice.holdsFocus()) focusShown(document.getElementById("again"));
  }
}

function drawChoices(next) {
  const human = next.legal.length > 0 && !next.computer_to_move;
  offerPlaces(parts, human ? placeOffers(parts, next.legal, picked) : []);
  choicesBox.replaceChildren();
  if (!human) return;
  choicesBox.append(...choiceButtons(parts, next.legal, choose));
  const inDialog = dialog.open || notice.holdsFocus();
  const first = choicesBox.querySelector("button");
  if (!inDialog && first) focusShown(first);
  choicesOffered();
}

/** The tools a game of `next`'s kind offers: shown as it starts, so that they do not
 * appear (and move what is beside them) once its first steps have been shown. */
function showTools(next) {
  const versusComputer = next.players.some((player) => player.computer);
  tools.pause.hidden = tools.step.hidden = !versusComputer || Boolean(next.outcome);
  tools.undo.hidden = next.mode !== "computer" || !form.elements.takeback.checked;
}

// -- the coach ----------------------------------------------------------------------------

/** Show `hint` (null: none) under the status, its choice lit on the table. */
function showHint(hint) {
  if (hinted) markPlaces(parts, hinted.marks, false, "is-hinted");
  hinted = hint;
  hintText.hidden = !hint;
  hintText.textContent = hint ? hint.text : "";
  if (hint) markPlaces(parts, hint.marks, true, "is-hinted");
}

async function askHint() {
  const asked = view;
  if (!asked || playing || talk.busy || asked.computer_to_move || asked.outcome) return;
  tools.hint.disabled = true; // the expert is thinking (a tenth of a second, mostly)
  tools.hint.setAttribute("aria-busy", "true");
  const hint = await talk.request("marvin_hint", asked.id);
  tools.hint.disabled = false;
  tools.hint.removeAttribute("aria-busy");
  if (!hint || view !== asked || playing) return;
  view.keep = hint.keep; // the hint is noted in the game, and kept with it
  keepGame(view.keep, false);
  showHint({ ...hint, for: view });
  voice.stop(); // the person asked: the hint is said at once
  voice.tell(hint.text);
  root.dataset.hints = String(Number(root.dataset.hints || 0) + 1);
}

// -- keeping the game -------------------------------------------------------------------

/** Save `keep` as the game in this browser (by default, the one saved last, with the
 * page's settings as they are now): what a reload and a share link come back to. */
function keepGame(keep = keptNow?.keep, finished = keptNow?.finished) {
  if (!keep) return;
  keptNow = { keep, finished: Boolean(finished) };
  const extra = {
    finished: keptNow.finished,
    pace: form.elements.pace.value,
    takeback: form.elements.takeback.checked,
    details: details(),
  };
  saveGame(GAME, keep, extra, version);
}

/** Keep the game where the steps of `next` from number `index` lead: at the first draw
 * among them that waits for a person's tap (its step's keep), else at their end. */
function keepWhere(next, index) {
  const wait = next.steps.slice(index).find((step) => step.wait);
  keepGame(wait ? wait.keep : next.keep, !wait && Boolean(next.outcome));
}

/** A record was saved: the button says so for a moment (the notice keeps its message). */
function saved(button) {
  const words = button.dataset.words || button.textContent;
  button.dataset.words = words;
  button.textContent = "Saved ✓";
  setTimeout(() => (button.textContent = words), 2000);
}

function shareGame() {
  if (keptNow) shareNotice(notice, shareHash(GAME, keptNow.keep));
}

/** The speaker by the caption: what just happened, and what to do now, said again. */
function hearAgain() {
  voice.again([parts.caption.textContent, statusLine.textContent].filter(Boolean).join(" "));
}

// Opened from "Write your own bot" (?bot=mine): the reader's bot is the computer player
// (assets/live/playbot.mjs). A kept game against it goes on; any other game is put aside.
async function playMyBot() {
  if (new URLSearchParams(location.search).get("bot") !== "mine") return false;
  const { offerMyBot } = await import("../live/playbot.mjs");
  const mine = await offerMyBot(engine, [form.elements.bot, form.elements.bot0]);
  if (!mine.ok) return notice.show(mine.problem), false;
  const { saved } = loadGame(GAME);
  if (saved?.keep?.bot === mine.bot && !saved.extra?.finished) return kept.resumeSaved();
  if (saved && !saved.extra?.finished) setAside(GAME, "a game against your own bot was started");
  form.elements.mode.value = "computer";
  showSetupFields();
  setDetails(true); // the reader wants to see why their bot chose each move
  await start(formOptions());
  notice.show(`You are playing against your own bot, ${mine.name}, from "Write your own bot".`);
  return true;
}

// -- building the page -----------------------------------------------------------------

function showSetupFields() {
  const mode = form.elements.mode.value;
  const show = (selector, on) => form.querySelectorAll(selector).forEach((node) => (node.hidden = !on));
  show(".when-computer", mode !== "two");
  show(".when-watch", mode === "watch");
  show(".when-human", mode !== "watch");
  show(".when-two", mode === "two");
  show(".when-versus", mode === "computer");
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || area.hidden || dialog.open) return;
  if (event.target.closest?.("input, select, textarea")) return;
  const key = event.key.toLowerCase();
  let button = null;
  if (/^[1-9]$/.test(key)) button = choicesBox.querySelectorAll("button")[Number(key) - 1];
  else if (key === "d") button = choicesBox.querySelector('button[data-move="draw"]');
  else return;
  event.preventDefault();
  button?.click();
}

function build() {
  parts = buildTable(document.getElementById("table"), onPick, { hear: true, onMiss });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    newGame();
  });
  form.elements.mode.addEventListener("change", showSetupFields);
  dialog.querySelector("[data-close]").addEventListener("click", () => dialog.close());
  tools.newGame.addEventListener("click", () => dialog.showModal());
  tools.undo.addEventListener("click", takeBack);
  tools.share.addEventListener("click", shareGame);
  tools.pause.addEventListener("click", () => setPaused(!paused));
  tools.step.addEventListener("click", stepOnce);
  tools.hint.addEventListener("click", askHint);
  voice = createVoice(document.getElementById("voice"), { none: "No voice", again: [parts.hear] });
  parts.hear.addEventListener("click", hearAgain);
  tools.details.addEventListener("click", () => {
    setDetails(!details());
    keepGame();
  });
  form.elements.takeback.addEventListener("change", () => {
    if (!view) return;
    if (playing) showTools(view);
    else render(view);
    keepGame();
  });
  document.getElementById("again").addEventListener("click", () => start(formOptions()));
  for (const id of ["download", "save-record"]) {
    const button = document.getElementById(id);
    button.addEventListener("click", () => view && saveRecord(engine, view.id, () => saved(button)));
  }
  window.addEventListener("keydown", onKey);
  guardShortcuts(() => Boolean(view && !view.outcome && !area.hidden));
  showSetupFields();
}

engine = await bootPage(root);
if (engine) {
  talk = new Conversation(engine, (text) => notice.show(text));
  const info = await engine.call("info");
  version = info.version;
  for (const select of [form.elements.bot, form.elements.bot0]) {
    select.replaceChildren(
      ...info.marvin_levels.map((level) => el("option", { value: level.bot }, `${level.name}: ${level.about}`)),
    );
  }
  build();
  kept = new KeptGames({
    game: GAME,
    notice,
    start: (keep) => start(keep, { quiet: true }),
    fresh: () => start(formOptions()),
    settle: (extra) => {
      const paces = [...form.elements.pace.options].map((option) => option.value);
      if (paces.includes(extra.pace)) form.elements.pace.value = extra.pace;
      if (extra.takeback === false) form.elements.takeback.checked = false;
      setDetails(extra.details === true);
    },
    lastError: () => talk.lastError,
    version: () => version,
  });
  area.hidden = false;
  root.querySelector(".play-tools").hidden = false;
  if (!(await playMyBot())) await kept.open();
  pageReady(root);
}
