// The lessons of both games ("Learn to play"). Each lesson is a stacked deal played in
// the engine (pirate_rules.web.lessons for Marvin's Pirates Go!, pirate_lessons for
// Pirate): this page draws what the worker sends on the play page's table and sends back
// what the child tapped. The page's `data-game` chooses the game's board: the table, how
// its steps are shown, and what a tap plays (marvinBoard below, pirate-lesson-board.mjs).
// An optional voice (voice.mjs) says the engine's family words: each step's `say` as it
// is shown and each view's `say`, all in order (only the child's own tap cuts them
// short); speaker buttons by the goal and by the table's caption say them again.
// The engine decides whether the move reaches the lesson's goal; a move that does not
// comes back refused, with its nudge and the places to tap (`show`), which pulse; a tap
// on a place that offers no move gets the same help (Marvin's `lesson_miss`), and the
// table stays as it was.
//
// As on the play page, every legal move glows. In Marvin's Pirates Go! a move of two
// places (the Ship, the Cave, the Fort) takes two taps, and a draw the engine made for
// the child waits for their tap on the pile; in Pirate each tap on Turn, Play or Claim
// is one moment, and the computer waits for it. The stars of each lesson (the best so
// far) are kept in this browser, for each game apart.
//
// `data-state` on the page says where it is, for tests: "list", "playing" (steps shown),
// "waiting" (for a tap on the pile), "choosing", "done"; `data-rests` counts the times it
// came to rest (any state but "playing"), `data-nudges` the nudges shown. `data-pace`
// (ms) sets the pace of the steps.

import { bootPage, el, pageReady } from "./client.mjs";
import { cardSvg } from "./cards.mjs";
import { guardShortcuts } from "./guard.mjs";
import { icon } from "./icons.mjs";
import { buildTable, drawTable, hearButton, offerPlaces, pickPlace, pointAt, showStep } from "./marvin-table.mjs";
import { pirateBoard } from "./pirate-lesson-board.mjs";
import { placeOffers, tapped } from "./taps.mjs";
import { createVoice } from "./voice.mjs";

// A board is what this page needs of a game: `calls` (its engine's entry points), `store`
// (where its stars are kept), build(box, onPick, onMiss), dealt(first view),
// offerDraw(prompt or null: the pile to tap, where the game has one), stepTime(step) (in
// paces), stepLine(step) (the status line meanwhile), showStep(step, view, ms),
// draw(view, picked), pick(place) and tapped(view, picked, place), which says what a tap
// does: {move} or {pick}. A board may also have `point(places)` (make them pulse: where
// to tap), `calls.miss` (the help for a tap on a place that offers no move), `hear` (a
// speaker button by its caption) and `caption()` (the caption's words).

/** Marvin's Pirates Go! on the play page's table (marvin-table.mjs, taps.mjs). */
const marvinBoard = {
  calls: { list: "lessons_list", start: "lesson_start", tap: "lesson_tap", miss: "lesson_miss" },
  store: "pirate-rules/lessons/stars",
  build(box, onPick, onMiss) {
    this.parts = buildTable(box, onPick, { hear: true, onMiss });
    this.hear = this.parts.hear;
  },
  caption() {
    return this.parts.caption.textContent;
  },
  point(places) {
    pointAt(this.parts, places);
  },
  dealt(first) {
    this.parts.caption.textContent = "";
    drawTable(this.parts, first.dealt, { players: first.players });
  },
  offerDraw(label) {
    offerPlaces(this.parts, label ? [{ id: "draw-pile", label, glow: true }] : []);
  },
  stepTime: (step) => (step.hold ? 2.2 : step.seat === 0 ? 0.6 : 1.1),
  stepLine: (step) => (step.hold ? step.family : ""), // the table's caption says the rest
  showStep(step, next, ms) {
    showStep(this.parts, step, { players: next.players, toMove: null }, ms);
  },
  draw(next, picked) {
    drawTable(this.parts, next.table, { players: next.players, toMove: next.to_move });
    pickPlace(this.parts, picked);
    offerPlaces(this.parts, next.done ? [] : placeOffers(this.parts, next.legal, picked));
  },
  pick(id) {
    pickPlace(this.parts, id);
  },
  tapped: (next, picked, id) => tapped(next.legal, picked, id),
};

const ACTION_WORDS = { T: "Turn", P: "Play", C: "Claim" };

const board = document.getElementById("play").dataset.game === "pirate" ? pirateBoard : marvinBoard;
const STORE = board.store;
const root = document.getElementById("play");
const listBox = document.getElementById("lessons-list");
const lessonBox = document.getElementById("lesson");
const statusLine = document.getElementById("status");
const nudgeLine = document.getElementById("nudge");
const doneBox = document.getElementById("done");
const toList = document.getElementById("to-list");

let engine = null;
let lessons = [];
let view = null;
let picked = null;
let busy = false;
let drawWait = null;
let run = 0;
let voice = null; // voice.mjs: says each step's and each view's `say`, in order
let shownHelp = null; // the places the last nudge pointed at
const goalHear = hearButton("Hear the goal again");

function setState(state) {
  root.dataset.state = state;
  if (state !== "playing") root.dataset.rests = String(Number(root.dataset.rests || 0) + 1);
}
const pace = () => Number(root.dataset.pace) || 900;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// -- stars kept in this browser -------------------------------------------------------

function loadStars() {
  try {
    const kept = JSON.parse(window.localStorage.getItem(STORE) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch {
    return {}; // storage switched off or unreadable: nothing is kept
  }
}

function keepStars(key, stars) {
  const kept = loadStars();
  kept[key] = Math.max(Number(kept[key]) || 0, stars);
  try {
    window.localStorage.setItem(STORE, JSON.stringify(kept));
  } catch {
    // storage switched off: the stars are shown, not kept
  }
}

function forgetStars() {
  try {
    window.localStorage.removeItem(STORE);
  } catch {
    // nothing was kept
  }
}

const starWords = (stars) => (stars ? `${stars} of 3 stars` : "not played yet");

function starRow(stars, className) {
  const row = el("span", { class: className, role: "img", "aria-label": starWords(stars) });
  for (let i = 1; i <= 3; i += 1) row.append(el("span", { class: i <= stars ? "star star--won" : "star", "aria-hidden": "true" }, "★"));
  return row;
}

// -- the goal as a picture -------------------------------------------------------------

function pictureOf(things) {
  return things.map((thing) => {
    if (thing.card) return el("span", { class: "goal-card" }, cardSvg(thing.card));
    if (thing.prize) return el("span", { class: "goal-prize" }, icon(thing.prize));
    if (thing.sign === "to") return el("span", { class: "goal-sign" }, "→");
    if (thing.sign === "ko") return el("span", { class: "goal-ko" }, icon("ko"));
    if (thing.sign === "sink") return el("span", { class: "goal-prize goal-sunk" }, icon("ship"));
    if (thing.action) return el("span", { class: "goal-action", "data-action": thing.action }, ACTION_WORDS[thing.action]);
    const hearts = el("span", { class: "goal-hearts" });
    for (let i = 0; i < 4; i += 1) hearts.append(icon("heart", i < thing.hp ? "goal-heart" : "goal-heart lost"));
    return el(
      "span",
      { class: `goal-pirate goal-pirate--${thing.pirate}${thing.mine ? " goal-pirate--mine" : ""}` },
      el("span", { class: "goal-figure" }, icon("pirate"), thing.shield ? icon("shield", "goal-shield") : null),
      hearts,
      el("span", { class: "goal-rank" }, thing.pirate),
    );
  });
}

/** A tap on the goal's picture of a button points at the button itself, so that a child
 * who taps the picture learns where to press instead of meeting a dead chip. */
function pointAtButton(event) {
  const action = event.target.closest?.(".goal-action")?.dataset.action;
  const button = action && document.getElementById(`action-${action}`);
  if (!button) return;
  button.classList.remove("is-pointed");
  void button.offsetWidth; // start the pointing again on a second tap
  button.classList.add("is-pointed");
  button.addEventListener("animationend", () => button.classList.remove("is-pointed"), { once: true });
}

function showGoal(lesson) {
  document.getElementById("lesson-title").textContent = lesson.title;
  goalHear.dataset.goal = lesson.goal;
  const picture = document.getElementById("goal-picture");
  picture.replaceChildren(...pictureOf(lesson.picture));
  picture.setAttribute("aria-label", `Goal: ${lesson.goal}`);
  document.getElementById("goal-words").textContent = lesson.goal;
}

// -- the list ---------------------------------------------------------------------------

function showList() {
  stop();
  voice?.stop();
  shownHelp = null;
  view = null;
  const kept = loadStars();
  const items = lessons.map((lesson, index) =>
    el(
      "li",
      { class: "lessons__item" },
      el(
        "button",
        { type: "button", class: "lesson-card", "data-lesson": lesson.key, onclick: () => openLesson(lesson.key) },
        el("span", { class: "lesson-card__number", "aria-hidden": "true" }, String(index + 1)),
        el("span", { class: "lesson-card__title" }, lesson.title),
        el("span", { class: "lesson-card__picture", "aria-hidden": "true" }, ...pictureOf(lesson.picture)),
        starRow(Number(kept[lesson.key]) || 0, "lesson-card__stars"),
      ),
    ),
  );
  document.getElementById("lessons").replaceChildren(...items);
  lessonBox.hidden = true;
  listBox.hidden = false;
  root.classList.remove("play--in-lesson");
  toList.hidden = true;
  setState("list");
}

function askAfresh(on) {
  document.getElementById("afresh").hidden = on;
  document.getElementById("afresh-ask").hidden = !on;
  document.getElementById(on ? "afresh-no" : "afresh").focus();
}

// -- a lesson ---------------------------------------------------------------------------

function stop() {
  run += 1;
  const draw = drawWait;
  drawWait = null;
  draw?.();
}

async function openLesson(key) {
  stop();
  voice.stop(); // the child's tap on a lesson
  const lesson = lessons.find((item) => item.key === key);
  const first = await ask(board.calls.start, key);
  if (!first) return;
  listBox.hidden = true;
  lessonBox.hidden = false;
  root.classList.add("play--in-lesson");
  toList.hidden = false;
  doneBox.hidden = true;
  showNudge(false);
  showGoal(lesson);
  view = first;
  pick(null, false);
  board.dealt(first);
  window.scrollTo({ top: 0 });
  if (await playSteps(first)) render(first);
}

async function ask(name, ...args) {
  busy = true;
  try {
    return await engine.call(name, ...args);
  } catch (error) {
    statusLine.textContent = `Something went wrong: ${error.message}`;
    return null;
  } finally {
    busy = false;
  }
}

/** Show the steps one by one; resolves false when the lesson was left meanwhile. */
async function playSteps(next) {
  const mine = ++run;
  board.offerDraw(null);
  for (const step of next.steps) {
    if (step.wait) {
      setState("waiting");
      statusLine.textContent = step.prompt;
      voice.tell(step.say);
      board.offerDraw(step.prompt);
      await new Promise((resolve) => (drawWait = resolve));
      board.offerDraw(null);
    }
    if (run !== mine) return false;
    setState("playing");
    const time = board.stepTime(step) * pace();
    statusLine.textContent = board.stepLine(step);
    board.showStep(step, next, Math.min(time, 600));
    if (!step.wait) voice.tell(step.say); // a draw that waited said its prompt
    await sleep(time);
    if (run !== mine) return false;
  }
  return true;
}

function render(next) {
  view = next;
  picked = null;
  board.draw(next, picked);
  statusLine.textContent = next.done ? "" : next.headline;
  root.dataset.renders = String(Number(root.dataset.renders || 0) + 1);
  voice.tell(next.say);
  if (next.done) return celebrate(next);
  setState("choosing");
}

function celebrate(next) {
  keepStars(next.lesson, next.stars);
  const stars = document.getElementById("done-stars");
  stars.replaceChildren(starRow(next.stars, "lesson-done__row"));
  stars.setAttribute("aria-label", `Well done! ${starWords(next.stars)}`);
  document.getElementById("done-words").textContent = `Well done! ${next.headline}`;
  const index = lessons.findIndex((lesson) => lesson.key === next.lesson);
  const following = lessons[index + 1];
  const nextButton = document.getElementById("next");
  nextButton.hidden = !following;
  nextButton.textContent = following ? `Next lesson: ${following.title}` : "";
  doneBox.hidden = false;
  (following ? nextButton : toList).focus({ preventScroll: true });
  setState("done");
}

/** The nudge takes the place of the prompt, which it says again in its own way. */
function showNudge(on) {
  nudgeLine.hidden = !on;
  statusLine.hidden = on;
}

async function choose(move) {
  if (!view || busy || drawWait || view.done) return;
  voice.stop(); // the child's own tap may cut what is being said
  pick(null, false);
  const answer = await ask(board.calls.tap, view.id, move);
  if (!answer) return;
  if (answer.refused) {
    nudge(answer);
    render(answer);
    board.point?.(answer.show);
    return;
  }
  showNudge(false);
  if (await playSteps(answer)) render(answer);
}

/** Show the nudge of a refused move (or of a tap on nothing). */
function nudge(answer) {
  nudgeLine.textContent = answer.nudge;
  showNudge(true);
  shownHelp = answer.show || null;
  root.dataset.nudges = String(Number(root.dataset.nudges || 0) + 1);
}

// -- taps (taps.mjs): one for a move of one place, two for the Ship, the Cave, the Fort --

function onPick(id) {
  if (drawWait) {
    if (id !== "draw-pile") return;
    voice.stop();
    const go = drawWait;
    drawWait = null;
    go();
    return;
  }
  if (!view || busy || view.done || root.dataset.state !== "choosing") return;
  const tap = board.tapped(view, picked, id);
  if (tap.move) return choose(tap.move);
  voice.stop();
  pick(tap.pick);
}

/** A tap on a place that offers no move: the pile glows while a draw waits; else the
 * engine's nudge, said, and the places to tap pulse, as after a wrong tap. */
async function onMiss(id) {
  const state = root.dataset.state;
  if (state === "waiting") return board.point?.(["draw-pile"]);
  if (state !== "choosing" || !view || busy || !board.calls.miss) return;
  if (picked) return board.point?.(shownHelp || []);
  const help = await ask(board.calls.miss, view.id, id);
  if (!help || root.dataset.state !== "choosing") return;
  nudge(help);
  voice.stop();
  voice.tell(help.say);
  board.point?.(help.show);
}

function pick(id, redraw = true) {
  picked = id;
  board.pick(id);
  if (!redraw || !view) return;
  board.draw(view, picked);
  statusLine.textContent = id ? view.pick : view.headline;
}

// -- start --------------------------------------------------------------------------

engine = await bootPage(root);
if (engine) {
  board.build(document.getElementById("table"), onPick, onMiss);
  document.querySelector(".lesson-goal").prepend(goalHear);
  voice = createVoice(document.getElementById("voice"), { again: [goalHear, board.hear].filter(Boolean) });
  goalHear.addEventListener("click", () => voice.again(goalHear.dataset.goal));
  board.hear?.addEventListener("click", () => {
    const prompt = nudgeLine.hidden ? statusLine.textContent : nudgeLine.textContent;
    voice.again([board.caption(), prompt].filter(Boolean).join(" "));
  });
  lessons = (await engine.call(board.calls.list)).lessons;
  toList.addEventListener("click", showList);
  document.getElementById("goal-picture").addEventListener("pointerdown", pointAtButton);
  document.getElementById("again").addEventListener("click", () => openLesson(view.lesson));
  document.getElementById("next").addEventListener("click", () => {
    const index = lessons.findIndex((lesson) => lesson.key === view?.lesson);
    if (lessons[index + 1]) openLesson(lessons[index + 1].key);
  });
  document.getElementById("afresh").addEventListener("click", () => askAfresh(true));
  document.getElementById("afresh-no").addEventListener("click", () => askAfresh(false));
  document.getElementById("afresh-yes").addEventListener("click", () => {
    forgetStars();
    showList();
    askAfresh(false);
  });
  guardShortcuts(() => !lessonBox.hidden);
  root.querySelector(".play-area").hidden = false;
  root.querySelector(".play-tools").hidden = false;
  showList();
  pageReady(root);
}
