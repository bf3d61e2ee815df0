// The Puzzles page: positions of Marvin's Pirates Go! where one choice wins clearly more
// often. Everything shown comes from learn/data/puzzles.json, which the engine wrote
// (`make puzzles`): each puzzle's view is the play page's own view of the position, so
// the table is drawn and offered exactly as on the play page (marvin-table.mjs), and
// each move's chance, the sentence that says why the best one wins, and what each move
// does on the table were all worked out in Python. This script decides nothing: it
// draws, waits for a tap, and shows the answer.
//
// Which puzzles were answered, and how, is kept in this browser (localStorage).

import { el } from "./client.mjs";
import { guardShortcuts } from "./guard.mjs";
import { buildTable, choiceButtons, drawTable, markPlaces, offerPlaces, showStep } from "./marvin-table.mjs";
import { reducedMotion } from "./motion.mjs";

const root = document.getElementById("puzzles");
const area = root.querySelector(".play-area");
const loading = root.querySelector(".play-loading");
const tools = root.querySelector(".play-tools");
const statusLine = document.getElementById("status");
const choicesBox = document.getElementById("choices");
const answerBox = document.getElementById("answer");
const answerTitle = document.getElementById("answer-title");
const whyLine = document.getElementById("why");
const chancesList = document.getElementById("chances");
const tallyLine = document.getElementById("tally");
const where = document.getElementById("where");
const buttons = {
  previous: document.getElementById("previous"),
  next: document.getElementById("next"),
  nextAfter: document.getElementById("next-after"),
};
const STORE = "pirate-rules/puzzles/answers";
const STEP_MS = 600;

let puzzles = [];
let parts = null;
let shown = null; // the puzzle on the table
let answered = null; // the move picked for it, once picked
let marks = [];

// -- answers kept in this browser -------------------------------------------------------

function loadAnswers() {
  try {
    const kept = JSON.parse(window.localStorage.getItem(STORE) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch {
    return {}; // storage switched off or unreadable: answers are simply not kept
  }
}

// Answers are kept by position (its game's seed and the moves before it), so that a new
// set of puzzles never inherits the answers of another.
const positionOf = (puzzle) => `${puzzle.seed}:${puzzle.moves.length}`;

function keepAnswer(puzzle, move) {
  const kept = loadAnswers();
  kept[positionOf(puzzle)] = { move, best: move === puzzle.best };
  try {
    window.localStorage.setItem(STORE, JSON.stringify(kept));
  } catch {
    // not kept; the page works the same
  }
}

function tally() {
  const here = new Set(puzzles.map(positionOf));
  const kept = Object.entries(loadAnswers())
    .filter(([position]) => here.has(position))
    .map(([, answer]) => answer);
  return { tried: kept.length, found: kept.filter((answer) => answer.best).length };
}

// -- one puzzle ---------------------------------------------------------------------------

const percent = (chance) => Math.round(chance * 100);
const labelOf = (puzzle, move) => puzzle.view.legal.find((choice) => choice.move === move).label;
const info = (puzzle, toMove) => ({ players: puzzle.view.players, toMove });

// The places a tap can answer with: each choice played by one tap on its place.
const tapChoices = (puzzle) => puzzle.view.legal.filter((choice) => choice.element);
const offerTaps = (puzzle) =>
  offerPlaces(parts, puzzle ? tapChoices(puzzle).map((choice) => ({ id: choice.element, label: choice.label })) : []);

/** A tap on the table's place `id`: the choice it plays, if any. */
function tap(id) {
  const choice = shown && tapChoices(shown).find((candidate) => candidate.element === id);
  if (choice) pick(choice.move);
}

function clearMarks() {
  markPlaces(parts, marks, false, "is-last");
  marks = [];
}

function show(number, { focus = false } = {}) {
  const puzzle = puzzles[Math.min(Math.max(number, 1), puzzles.length) - 1];
  shown = puzzle;
  answered = null;
  clearMarks();
  drawTable(parts, puzzle.view.table, info(puzzle, puzzle.view.to_move));
  parts.caption.textContent = "";
  offerTaps(puzzle);
  statusLine.textContent = `${puzzle.view.headline} Which choice wins most often?`;
  drawChoices(puzzle);
  answerBox.hidden = true;
  root.dataset.puzzle = String(puzzle.number);
  root.dataset.answered = "";
  root.dataset.revealed = "";
  where.textContent = `Puzzle ${puzzle.number} of ${puzzles.length}`;
  buttons.previous.disabled = puzzle.number === 1;
  buttons.next.disabled = puzzle.number === puzzles.length;
  const hash = `#${puzzle.number}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
  if (focus) choicesBox.querySelector("button")?.focus({ preventScroll: true });
}

function drawChoices(puzzle) {
  choicesBox.replaceChildren(...choiceButtons(parts, puzzle.view.legal, pick));
}

/** Show on the table what `move` does at once (from the puzzle's table). */
function playEffect(puzzle, move) {
  clearMarks();
  drawTable(parts, puzzle.view.table, info(puzzle, null));
  const step = puzzle.effects[move];
  if (step) {
    showStep(parts, step, info(puzzle, null), STEP_MS);
    marks = step.marks.filter((id) => id !== "drawn");
  } else {
    parts.caption.textContent = labelOf(puzzle, move);
    marks = puzzle.view.legal.find((choice) => choice.move === move).marks;
  }
  markPlaces(parts, marks, true, "is-last");
}

function pick(move) {
  const puzzle = shown;
  if (!puzzle || answered || !puzzle.view.legal.some((choice) => choice.move === move)) return;
  answered = move;
  keepAnswer(puzzle, move);
  offerTaps(null);
  choicesBox.replaceChildren();
  playEffect(puzzle, move);
  const best = move === puzzle.best;
  answerTitle.textContent = best
    ? "Well found: that is the best choice!"
    : `Good try! The best choice was: ${labelOf(puzzle, puzzle.best)}.`;
  whyLine.textContent = puzzle.why;
  drawChances(puzzle, move);
  const { tried, found } = tally();
  tallyLine.textContent = `You found the best choice in ${found} of the ${tried} puzzle${tried === 1 ? "" : "s"} you tried.`;
  answerBox.classList.toggle("puzzle-answer--found", best);
  buttons.nextAfter.hidden = puzzle.number === puzzles.length;
  root.dataset.answered = move;
  // The table shows what the choice did first; then the answer comes, and gets the focus.
  const reveal = () => {
    if (shown !== puzzle || answered !== move) return;
    answerBox.hidden = false;
    answerTitle.focus({ preventScroll: true });
    answerBox.scrollIntoView({ block: "nearest" });
    root.dataset.revealed = move;
  };
  if (reducedMotion()) reveal();
  else setTimeout(reveal, STEP_MS + 200);
}

function drawChances(puzzle, picked) {
  const rows = [...puzzle.chances].sort((a, b) => b.chance - a.chance);
  chancesList.replaceChildren(
    ...rows.map(({ move, chance }) => {
      const notes = [];
      if (move === puzzle.best) notes.push("best");
      if (move === picked) notes.push("your choice");
      const wins = `${percent(chance)} in 100`;
      return el(
        "li",
        {
          class: ["puzzle-chance", move === puzzle.best ? "puzzle-chance--best" : "", move === picked ? "puzzle-chance--picked" : ""].join(" ").trim(),
          "data-move": move,
        },
        el(
          "button",
          {
            type: "button",
            class: "puzzle-chance__show",
            title: "Show what this choice does on the table",
            onclick: () => playEffect(puzzle, move),
          },
          el(
            "span",
            { class: "puzzle-chance__label" },
            labelOf(puzzle, move),
            notes.length ? el("strong", { class: "puzzle-chance__notes" }, ` (${notes.join(", ")})`) : null,
          ),
          el(
            "span",
            { class: "puzzle-chance__bar", "aria-hidden": "true" },
            el("span", { class: "puzzle-chance__fill", style: `width: ${percent(chance)}%` }),
          ),
          el("span", { class: "puzzle-chance__wins" }, wins),
        ),
      );
    }),
  );
}

// -- the page ---------------------------------------------------------------------------

function numberFromHash() {
  const number = Number.parseInt(location.hash.slice(1), 10);
  return Number.isInteger(number) && number >= 1 && number <= puzzles.length ? number : 1;
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || area.hidden) return;
  if (event.target.closest?.("input, select, textarea")) return;
  if (event.key === "ArrowLeft" && !buttons.previous.disabled) {
    event.preventDefault();
    show(shown.number - 1, { focus: true });
  } else if (event.key === "ArrowRight" && !buttons.next.disabled) {
    event.preventDefault();
    show(shown.number + 1, { focus: true });
  } else if (/^[1-9]$/.test(event.key) && !answered) {
    const button = choicesBox.querySelectorAll("button")[Number(event.key) - 1];
    if (button) {
      event.preventDefault();
      button.click();
    }
  }
}

function fail(error) {
  console.warn("The puzzles could not be loaded:", error);
  loading.hidden = true;
  const failure = root.querySelector(".play-failure");
  failure.querySelector(".play-failure__detail").textContent = String(error?.message || error);
  failure.hidden = false;
  root.classList.add("play--failed");
}

async function start() {
  loading.hidden = false;
  const response = await fetch(new URL(root.dataset.puzzles, document.baseURI));
  if (!response.ok) throw new Error(`the puzzles file could not be loaded (${response.status})`);
  puzzles = (await response.json()).puzzles;
  parts = buildTable(document.getElementById("table"), tap);
  buttons.previous.addEventListener("click", () => show(shown.number - 1, { focus: true }));
  buttons.next.addEventListener("click", () => show(shown.number + 1, { focus: true }));
  buttons.nextAfter.addEventListener("click", () => show(shown.number + 1, { focus: true }));
  window.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => show(numberFromHash()));
  guardShortcuts(() => !area.hidden);
  loading.hidden = true;
  area.hidden = false;
  tools.hidden = false;
  show(numberFromHash());
  root.classList.add("play--ready");
}

start().catch(fail);
