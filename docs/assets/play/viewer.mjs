// The record viewer page: open a game record (file picker, drag and drop, or a shared
// game link), then step through it. The engine replays the record (viewer_open,
// viewer_step in pirate_rules.web.viewer) and sends the view of each step, the step in
// words with its rule ids, and the replay's error, worded as `pirate-rules replay`
// words it (its rule id shown once, as a link); this page draws them with the game's
// renderer (renderers.mjs). A file that cannot be opened leaves no table behind it, and
// focus never falls to the page when a step button it was on is switched off.

import { bootPage, el, focusShown, pageReady } from "./client.mjs";
import { guardShortcuts } from "./guard.mjs";
import { readShareHash } from "./keep.mjs";
import { marvinRenderer } from "./marvin-table.mjs";
import { registerRenderer, rendererFor } from "./renderers.mjs";
import { pirateRenderer } from "./viewer-pirate.mjs";

registerRenderer("marvin", marvinRenderer);
registerRenderer("real_marvin", marvinRenderer); // a game played with real cards (its link)
registerRenderer("pirate", pirateRenderer);

const TITLES = { marvin: "Marvin's Pirates Go!", pirate: "Pirate" };
const root = document.getElementById("play");
const area = root.querySelector(".play-area");
const drop = document.getElementById("drop");
const fileInput = document.getElementById("file");
const errorBox = document.getElementById("error");
const viewer = document.getElementById("viewer");
const statusLine = document.getElementById("status");
const board = document.getElementById("board");
const words = document.getElementById("words");
const summary = document.getElementById("summary");
const nav = {
  first: document.getElementById("first"),
  back: document.getElementById("back"),
  forward: document.getElementById("forward"),
  last: document.getElementById("last"),
};
const siteRoot = new URL(root.dataset.site || "../../", document.baseURI);

let engine = null;
let opened = null; // {id, game, steps, total, error, players}
let current = null;
let drawing = null; // {game, renderer, state}
let asking = false;

const ruleLink = (line) =>
  el("a", { class: "rule-link", href: new URL(line.href, siteRoot).href, title: `Rule ${line.rule}` }, line.rule);

function showError(error) {
  if (!error) {
    errorBox.hidden = true;
    return;
  }
  const where = error.step ? `This record stops at ${opened?.game === "pirate" ? "moment" : "turn"} ${error.step}: ` : "This record cannot be opened: ";
  // The rule id ends the message; it is shown once, as a link to the rule.
  const rule = error.rule ? [" (", ruleLink(error), ")"] : [];
  errorBox.replaceChildren(el("strong", {}, where), el("code", {}, error.words ?? error.message), ...rule);
  errorBox.hidden = false;
}

/** No record is open any more: nothing of the last one stays on the page. */
function closeRecord() {
  opened = null;
  current = null;
  viewer.hidden = true;
  delete root.dataset.step;
}

async function open(text, source) {
  let answer;
  try {
    answer = await engine.call("viewer_open", text);
  } catch (error) {
    answer = { id: null, error: { message: error.message, step: null } };
  }
  if (!answer.id) {
    closeRecord();
    showError(answer.error);
    return;
  }
  opened = answer;
  root.dataset.source = source;
  const renderer = rendererFor(answer.game);
  if (!drawing || drawing.game !== answer.game) {
    board.replaceChildren();
    drawing = { game: answer.game, renderer, state: renderer.build(board) };
  }
  viewer.hidden = false;
  showError(answer.error);
  draw(answer);
  focusShown(nav.forward, {});
}

function draw(step) {
  current = step;
  root.dataset.step = String(step.step);
  drawing.renderer.draw(drawing.state, step.view);
  const unit = step.unit;
  const names = step.players.join(" against ");
  statusLine.textContent = `${TITLES[step.game]}: ${names} · ${step.step ? `${unit} ${step.step} of ${step.steps}` : "as dealt"}`;
  words.replaceChildren(...step.words.map((line) => el("li", {}, line.text, " ", ruleLink(line))));
  const end = step.step === step.steps;
  summary.textContent = "";
  if (end && !opened.error) {
    const outcome = step.summary.winner === null || step.summary.winner === undefined ? "unfinished" : `${step.players[step.summary.winner]} won`;
    summary.textContent = `End of the record: every move is legal; ${outcome}.`;
  } else if (end && opened.error) {
    summary.textContent = "The next move in the record breaks a rule (see above), so the replay stops here.";
  }
  summary.dataset.summary = JSON.stringify(step.summary);
  const focused = document.activeElement;
  nav.first.disabled = nav.back.disabled = step.step === 0;
  nav.forward.disabled = nav.last.disabled = end;
  // A step button switched off under the focus hands it on: at the end to the result,
  // at the start to Forward.
  const lost = !focused || focused === document.body || (focused.disabled && Object.values(nav).includes(focused));
  if (lost && end) summary.focus({ preventScroll: true });
  else if (lost && focused?.disabled) nav.forward.focus({ preventScroll: true });
}

async function go(step) {
  if (!opened || asking || step < 0 || step > opened.steps || step === current?.step) return;
  asking = true;
  try {
    draw(await engine.call("viewer_step", opened.id, step));
  } catch (error) {
    showError({ message: error.message });
  } finally {
    asking = false;
  }
}

async function openFile(file) {
  if (!file) return;
  if (file.size > 5 * 1024 * 1024) {
    closeRecord();
    showError({ message: `record too large: ${file.size.toLocaleString("en")} bytes (the limit is 5,242,880)` });
    return;
  }
  await open(await file.text(), "file");
}

async function openLink() {
  const game = new URLSearchParams(location.hash.slice(1)).get("play");
  if (!game) return;
  const shared = readShareHash(location.hash, game);
  const fail = (message) => {
    closeRecord();
    showError({ message });
  };
  if (shared.problem) return fail(shared.problem);
  if (!rendererFor(game)) return fail(`This link is for a game this viewer does not know (${game}).`);
  try {
    const start = await engine.call(`${game}_new`, shared.keep);
    const { record } = await engine.call("record", start.id);
    await engine.call("forget", start.id);
    await open(JSON.stringify(record), "link");
  } catch (error) {
    fail(`The shared game could not be opened: ${error.message}`);
  }
}

function onKey(event) {
  if (!opened || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest?.("input, select, textarea")) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1 };
  let step = null;
  if (event.key in moves) step = current.step + moves[event.key];
  else if (event.key === "Home") step = 0;
  else if (event.key === "End") step = opened.steps;
  if (step === null) return;
  event.preventDefault();
  go(step);
}

function build() {
  fileInput.addEventListener("change", () => openFile(fileInput.files[0]));
  for (const type of ["dragenter", "dragover"]) {
    drop.addEventListener(type, (event) => {
      event.preventDefault();
      drop.classList.add("viewer-open--over");
    });
  }
  drop.addEventListener("dragleave", () => drop.classList.remove("viewer-open--over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("viewer-open--over");
    openFile(event.dataTransfer?.files?.[0]);
  });
  nav.first.addEventListener("click", () => go(0));
  nav.back.addEventListener("click", () => go(current.step - 1));
  nav.forward.addEventListener("click", () => go(current.step + 1));
  nav.last.addEventListener("click", () => go(opened.steps));
  window.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", openLink);
  guardShortcuts(() => Boolean(opened));
}

engine = await bootPage(root);
if (engine) {
  build();
  area.hidden = false;
  await openLink();
  pageReady(root);
}
