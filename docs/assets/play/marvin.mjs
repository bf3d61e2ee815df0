// The Marvin's Pirates Go! page. It draws the views the engine sends and sends back the
// notation of the choice that was clicked; every rule lives in Python (pirate_rules.web).
//
// Each answer carries `steps` (what happened, in order, with the table after each);
// they are played one at a time at the chosen pace (the computer's turn can be paused
// and stepped), then the final view is drawn. After every move the game's `keep` (its
// start and moves) is saved in this browser, so a reload resumes it, and a share link
// holds the same. Modules: marvin-table.mjs draws, keep.mjs keeps, guard.mjs stops the
// site's one-key shortcuts during a game, motion.mjs animates.

import { Conversation, bootPage, el, logTo, saveRecord } from "./client.mjs";
import { guardShortcuts } from "./guard.mjs";
import { loadGame, saveGame, setAside, shareHash } from "./keep.mjs";
import { buildTable, drawTable, markPlaces, offerChoices, showStep } from "./marvin-table.mjs";
import { KeptGames, Notice, shareNotice } from "./notice.mjs";

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
};
const siteRoot = new URL(root.dataset.site || "../../", document.baseURI);

let engine = null;
let talk = null;
let view = null;
let parts = null;
let version = "";
let playing = false; // steps are being shown; choices wait until they are done
let paused = false;
let release = null; // resolves the pause gate for one step, or for good
let lastMarks = [];
let clickedAt = 0;
let kept = null; // opening kept games (notice.mjs)

// -- log ------------------------------------------------------------------------------

const sayText = logTo(logList);

function say(line, kind = "") {
  if (typeof line === "string") return sayText(line, kind);
  sayText(line.text, line.kind === "reason" ? "reason" : kind);
  if (line.rule) {
    const href = new URL(line.href, siteRoot).href;
    logList.lastElementChild.append(" ", el("a", { class: "rule-link", href, title: `Rule ${line.rule}` }, line.rule));
  }
}

// -- pacing ---------------------------------------------------------------------------

const pace = () => Number(form.elements.pace.value) || 900;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let permit = false; // a Step pressed while no step was waiting: the next one may go

function gate() {
  if (!paused) return Promise.resolve();
  if (permit) {
    permit = false;
    return Promise.resolve();
  }
  return new Promise((resolve) => (release = resolve));
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

async function start(options, { animate = true, quiet = false } = {}) {
  talk.newGame();
  setPaused(false);
  playing = false;
  forgetMarks();
  const first = await (quiet ? talk.attempt : talk.request).call(talk, "marvin_new", options);
  if (!first) return false;
  logList.replaceChildren();
  view = null;
  const names = first.players.map((player) => player.name);
  say(`New game, seed ${first.seed}: ${names[0]} plays at the bottom, ${names[1]} at the top.`);
  if (!animate) for (const line of first.log) say(line);
  await show(first, animate);
  return true;
}

async function newGame() {
  dialog.close();
  notice.hide();
  await start(formOptions());
}

async function choose(move) {
  if (!move || playing || talk?.busy || !view || view.computer_to_move || view.outcome) return;
  clickedAt = performance.now();
  if (!notice.holdsFocus()) notice.hide(); // a move says "got it"
  const next = await talk.request("marvin_move", view.id, move);
  if (next) await show(next, true);
}

async function botMove() {
  const id = view?.id;
  await sleep(pace());
  if (!view || view.id !== id || !view.computer_to_move || view.outcome || talk.busy || playing) return;
  const next = await talk.request("marvin_bot_move", view.id);
  if (next) await show(next, true);
}

async function takeBack() {
  if (playing || talk.busy || !view?.can_undo) return;
  const back = await talk.request("marvin_undo", view.id);
  if (!back) return;
  say(`Taken back: ${back.undone}. Choose again.`, "big");
  forgetMarks();
  await show(back, false);
}

// -- showing a view ---------------------------------------------------------------------

async function playSteps(next, game) {
  playing = true;
  forgetMarks();
  offerChoices(parts, []);
  choicesBox.replaceChildren();
  const info = { players: next.players, toMove: null };
  for (const line of next.said) say(line);
  let first = true;
  for (const step of next.steps) {
    if (next.players[step.seat]?.computer) await gate();
    if (talk.game !== game) return false; // a new game has started meanwhile
    showStep(parts, step, info, Math.min(pace(), 600));
    if (first && clickedAt) {
      // From the click to the frame that shows its first result on the table.
      const clicked = clickedAt;
      clickedAt = 0;
      requestAnimationFrame(() => {
        root.dataset.clickToTable = String(Math.round(performance.now() - clicked));
      });
    }
    first = false;
    if (step.kind !== "draw") {
      say(step, step.kind === "win" ? "big" : "");
      lastMarks.push(...step.marks);
    }
    root.dataset.steps = String(Number(root.dataset.steps || 0) + 1);
    await sleep(step.kind === "draw" ? pace() / 2 : pace());
  }
  if (talk.game !== game) return false;
  playing = false;
  return true;
}

async function show(next, animate) {
  const fresh = !view || view.id !== next.id;
  if (fresh) view = next;
  if (animate && next.steps.length && !(await playSteps(next, talk.game))) return;
  view = next;
  render(next);
  keepGame(next);
  if (next.computer_to_move && !next.outcome) botMove();
}

function render(next) {
  root.dataset.renders = String(Number(root.dataset.renders || 0) + 1);
  drawTable(parts, next.table, { players: next.players, toMove: next.to_move });
  parts.caption.textContent = "";
  markPlaces(parts, lastMarks, true, "is-last");
  statusLine.textContent = next.headline;
  statusLine.classList.toggle("play-status--you", !next.computer_to_move && !next.outcome);
  document.getElementById("seed-note").textContent = `Seed ${next.seed} · turn ${next.turn}`;
  const versusComputer = next.players.some((player) => player.computer);
  tools.pause.hidden = tools.step.hidden = !versusComputer || Boolean(next.outcome);
  tools.undo.hidden = next.mode !== "computer" || !form.elements.takeback.checked;
  tools.undo.disabled = !next.can_undo;
  drawChoices(next);
  endBox.hidden = !next.outcome;
  if (next.outcome) {
    document.getElementById("end-text").textContent = next.headline;
    document.getElementById("watch").href = `../viewer/${shareHash(GAME, next.keep)}`;
  }
}

function drawChoices(next) {
  const human = next.legal.length > 0 && !next.computer_to_move;
  offerChoices(parts, human ? next.legal : []);
  choicesBox.replaceChildren();
  if (!human) return;
  next.legal.forEach((choice, index) => {
    const key = index < 9 ? String(index + 1) : "";
    const button = el(
      "button",
      {
        type: "button",
        class: "play-button",
        "data-move": choice.move,
        "aria-keyshortcuts": key || null,
        onclick: () => choose(choice.move),
        onmouseenter: () => markPlaces(parts, choice.marks, true),
        onmouseleave: () => markPlaces(parts, choice.marks, false),
        onfocus: () => markPlaces(parts, choice.marks, true),
        onblur: () => markPlaces(parts, choice.marks, false),
      },
      key ? el("kbd", { "aria-hidden": "true" }, key) : null,
      key ? " " : null,
      choice.label,
    );
    choicesBox.append(button);
  });
  const inDialog = dialog.open || notice.holdsFocus();
  if (!inDialog) choicesBox.querySelector("button")?.focus({ preventScroll: true });
}

// -- keeping the game -------------------------------------------------------------------

function keepGame(next) {
  const extra = {
    finished: Boolean(next.outcome),
    pace: form.elements.pace.value,
    takeback: form.elements.takeback.checked,
  };
  saveGame(GAME, next.keep, extra, version);
}

function shareGame() {
  if (view) shareNotice(notice, shareHash(GAME, view.keep));
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
  parts = buildTable(document.getElementById("table"), choose);
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
  form.elements.takeback.addEventListener("change", () => {
    if (!view) return;
    render(view);
    keepGame(view);
  });
  document.getElementById("again").addEventListener("click", () => start(formOptions()));
  for (const id of ["download", "save-record"]) {
    document.getElementById(id).addEventListener("click", () => view && saveRecord(engine, view.id, say));
  }
  window.addEventListener("keydown", onKey);
  guardShortcuts(() => Boolean(view && !view.outcome && !area.hidden));
  showSetupFields();
}

engine = await bootPage(root);
if (engine) {
  talk = new Conversation(engine, (text) => say(text, "big"));
  const info = await engine.call("info");
  version = info.version;
  for (const select of [form.elements.bot, form.elements.bot0]) {
    const about = info.bot_descriptions.marvin;
    select.replaceChildren(
      ...info.bots.marvin.map((name) => el("option", { value: name }, about[name] ? `${name}: ${about[name]}` : name)),
    );
  }
  build();
  kept = new KeptGames({
    game: GAME,
    notice,
    start: (keep) => start(keep, { animate: false, quiet: true }),
    fresh: () => start(formOptions()),
    settle: (extra) => {
      const paces = [...form.elements.pace.options].map((option) => option.value);
      if (paces.includes(extra.pace)) form.elements.pace.value = extra.pace;
      if (extra.takeback === false) form.elements.takeback.checked = false;
    },
    lastError: () => talk.lastError,
    version: () => version,
  });
  area.hidden = false;
  root.querySelector(".play-tools").hidden = false;
  if (!(await playMyBot())) await kept.open();
  performance.mark("play-ready");
}
