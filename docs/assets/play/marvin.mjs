// The Marvin's Pirates Go! page: builds the table once, then redraws it from each view
// the engine sends. Every rule lives in Python (pirate_rules.web); this file only draws
// views and sends back the notation of the choice that was clicked.

import { Conversation, bootPage, el, logTo, saveRecord } from "./client.mjs";
import { cardBack, cardFace, icon, installIcons } from "./icons.mjs";

const root = document.getElementById("play");
const area = root.querySelector(".play-area");
const form = root.querySelector(".play-setup");
const statusLine = document.getElementById("status");
const seedNote = document.getElementById("seed-note");
const tableBox = document.getElementById("table");
const choicesBox = document.getElementById("choices");
const logList = document.getElementById("log");
const say = logTo(logList);
const endBox = document.getElementById("end");

const POSITIONS = ["GL", "GR", "CL", "CR"];
const PRIZES = ["cave", "ship", "fort"];
const PRIZE_TITLES = { cave: "Cave", ship: "Ship", fort: "Fort" };

let engine = null;
let view = null;
let talk = null; // the engine conversation, made once the engine has started
let botTimer = null;
const parts = { sides: [], pirates: new Map(), prizes: new Map() };

// -- build once -----------------------------------------------------------------------

function buildSide(seat) {
  const name = el("h2", { class: "mpg-side__name", id: `side-${seat}-name` });
  const prizes = el("div", { class: "mpg-prizes", "aria-label": "Prizes held" });
  const grid = el("div", { class: "mpg-grid" });
  // Player 1 sits across the table: captains at the back (top), left and right swapped.
  const rows = seat === 1 ? [["CR", "CL"], ["GR", "GL"]] : [["GL", "GR"], ["CL", "CR"]];
  const rowNames = { G: "Guards", C: "Captains" };
  for (const row of rows) {
    grid.append(el("p", { class: "mpg-row-label", "aria-hidden": "true" }, rowNames[row[0][0]]));
    for (const position of row) {
      const id = `p${seat}-${position}`;
      const hp = el("span", { class: "pirate__hp" });
      const note = el("span", { class: "pirate__note" });
      const shield = icon("shield", "pirate__shield");
      const button = el(
        "button",
        { type: "button", class: "pirate", id, disabled: true, onclick: () => choose(button.dataset.move) },
        icon("pirate"),
        shield,
        el("span", { class: "pirate__pos" }, position),
        hp,
        note,
      );
      parts.pirates.set(id, { button, hp, note, shield });
    }
    for (const position of row) grid.append(parts.pirates.get(`p${seat}-${position}`).button);
  }
  const box = el(
    "section",
    { class: `mpg-side mpg-side--${seat}`, "aria-labelledby": `side-${seat}-name` },
    el("div", { class: "mpg-side__head" }, name, prizes),
    grid,
  );
  parts.sides[seat] = { box, name, prizes };
  return box;
}

function buildMiddle() {
  const drawCount = el("span");
  const drawPile = el(
    "button",
    { type: "button", class: "mpg-drawpile", id: "draw-pile", disabled: true, onclick: () => choose(drawPile.dataset.move) },
  );
  const drawn = el("div", { class: "mpg-drawn" });
  const discard = el("div", { class: "pile" });
  const bankPrizes = el("div", { class: "mpg-bank__prizes" });
  for (const prize of PRIZES) {
    const button = el(
      "button",
      { type: "button", class: "prize", id: `prize-${prize}`, disabled: true, onclick: () => choose(button.dataset.move) },
      icon(prize),
      PRIZE_TITLES[prize],
    );
    parts.prizes.set(prize, button);
  }
  parts.middle = { drawPile, drawCount, drawn, discard, bankPrizes };
  return el(
    "div",
    { class: "mpg-middle" },
    el("div", { class: "pile" }, drawPile, drawCount),
    drawn,
    discard,
    el("div", { class: "mpg-bank" }, bankPrizes, "Prize bank"),
  );
}

function build() {
  installIcons();
  tableBox.append(buildSide(1), buildMiddle(), buildSide(0));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    newGame();
  });
  form.elements.mode.addEventListener("change", showSetupFields);
  document.getElementById("again").addEventListener("click", () => newGame());
  document.getElementById("download").addEventListener("click", () => view && saveRecord(engine, view.id, say));
  window.addEventListener("keydown", onKey, true);
  showSetupFields();
}

function showSetupFields() {
  const mode = form.elements.mode.value;
  const show = (selector, on) => form.querySelectorAll(selector).forEach((node) => (node.hidden = !on));
  show(".when-computer", mode !== "two");
  show(".when-watch", mode === "watch");
  show(".when-human", mode !== "watch");
  show(".when-two", mode === "two");
}

// -- talk to the engine ---------------------------------------------------------------

async function newGame() {
  if (!talk) return;
  talk.newGame();
  clearTimeout(botTimer);
  const f = form.elements;
  const mode = f.mode.value;
  const options = {
    seed: f.seed.value.trim() || null,
    mode,
    bot: f.bot.value,
    bots: [f.bot0.value, f.bot.value],
    jokers: Number(f.jokers.value),
  };
  if (mode === "two") options.players = [f.name0.value, f.name1.value];
  else if (mode === "computer") options.players = [f.name0.value, "Computer"];
  const first = await talk.request("marvin_new", options);
  if (!first) return;
  logList.replaceChildren();
  say(`New game, seed ${first.seed}. ${first.sides[0].name} plays at the bottom, ${first.sides[1].name} at the top.`);
  show(first);
}

async function choose(move) {
  if (!move || talk?.busy || !view || view.computer_to_move) return;
  const next = await talk.request("marvin_move", view.id, move);
  if (next) show(next);
}

async function botMove() {
  if (talk?.busy || !view || !view.computer_to_move) return;
  const next = await talk.request("marvin_bot_move", view.id);
  if (next) show(next);
}

// -- draw a view ----------------------------------------------------------------------

function pirateLabel(side, pirate) {
  const who = `${side.name}'s ${pirate.name} (${pirate.position})`;
  if (pirate.fainted) return `${who}: fainted`;
  const parts = [`${pirate.hp} of 4 hit points`];
  if (pirate.shield) parts.push("a shield");
  if (pirate.hidden) parts.push("hiding in the Cave");
  return `${who}: ${parts.join(", ")}`;
}

function drawPirate(side, seat, pirate, before) {
  const part = parts.pirates.get(`p${seat}-${pirate.position}`);
  const { button, hp, note, shield } = part;
  button.classList.toggle("pirate--fainted", pirate.fainted);
  button.classList.toggle("pirate--hidden", pirate.hidden);
  shield.style.visibility = pirate.shield ? "visible" : "hidden";
  hp.replaceChildren();
  for (let i = 0; i < 4; i += 1) {
    hp.append(el("span", { class: i < pirate.hp ? "" : "lost", "aria-hidden": "true" }, "♥"));
  }
  note.textContent = pirate.fainted ? "fainted" : pirate.hidden ? "in the Cave" : pirate.shield ? "shield" : "";
  button.setAttribute("aria-label", pirateLabel(side, pirate));
  if (before && (before.hp !== pirate.hp || before.shield !== pirate.shield)) {
    button.classList.remove("pirate--hit");
    void button.offsetWidth; // restart the animation
    button.classList.add("pirate--hit");
  }
}

function clearChoiceMarks() {
  for (const { button } of parts.pirates.values()) {
    button.disabled = true;
    button.classList.remove("pirate--target", "pirate--marked");
    delete button.dataset.move;
  }
  for (const button of parts.prizes.values()) {
    button.disabled = true;
    button.classList.remove("prize--target", "prize--marked");
    delete button.dataset.move;
  }
  const pile = parts.middle.drawPile;
  pile.disabled = true;
  pile.classList.remove("mpg-drawpile--target");
  delete pile.dataset.move;
}

function target(id) {
  if (id === "draw-pile") return parts.middle.drawPile;
  if (id?.startsWith("prize-")) return parts.prizes.get(id.slice(6));
  return parts.pirates.get(id)?.button;
}

function mark(choice, on) {
  for (const id of choice.marks) {
    const node = target(id);
    if (node) node.classList.toggle(node.classList.contains("prize") ? "prize--marked" : "pirate--marked", on);
  }
}

function drawChoices(current) {
  clearChoiceMarks();
  const hadFocus = choicesBox.contains(document.activeElement) || tableBox.contains(document.activeElement);
  choicesBox.replaceChildren();
  const human = current.legal.length > 0 && !current.computer_to_move;
  if (!human) return;
  choicesBox.append(el("h2", { id: "choices-title" }, "Your choices"));
  current.legal.forEach((choice, index) => {
    const key = index < 9 ? String(index + 1) : "";
    const button = el(
      "button",
      {
        type: "button",
        class: "play-button",
        "data-move": choice.move,
        onclick: () => choose(choice.move),
        onmouseenter: () => mark(choice, true),
        onmouseleave: () => mark(choice, false),
        onfocus: () => mark(choice, true),
        onblur: () => mark(choice, false),
      },
      key ? el("kbd", { "aria-hidden": "true" }, key) : null,
      key ? " " : null,
      choice.label,
    );
    if (key) button.setAttribute("aria-keyshortcuts", key);
    choicesBox.append(button);
    const node = target(choice.element);
    if (node) {
      node.disabled = false;
      node.dataset.move = choice.move;
      node.classList.add(node.classList.contains("prize") ? "prize--target" : node === parts.middle.drawPile ? "mpg-drawpile--target" : "pirate--target");
      if (node.classList.contains("pirate")) node.setAttribute("aria-label", choice.label);
      if (node.classList.contains("prize")) node.setAttribute("aria-label", choice.label);
      if (node === parts.middle.drawPile) node.setAttribute("aria-label", choice.label);
    }
  });
  if (hadFocus) choicesBox.querySelector("button")?.focus({ preventScroll: true });
}

function show(next) {
  const before = view;
  view = next;
  root.dataset.renders = String(Number(root.dataset.renders || 0) + 1);
  statusLine.textContent = next.headline;
  statusLine.classList.toggle("play-status--you", !next.computer_to_move && !next.outcome);
  seedNote.textContent = `Seed ${next.seed} · turn ${next.turn}`;
  next.sides.forEach((side, seat) => {
    const part = parts.sides[seat];
    part.name.textContent = side.computer ? `${side.name} (${side.bot})` : side.name;
    part.box.classList.toggle("mpg-side--to-move", next.to_move === seat);
    side.pirates.forEach((pirate, index) => drawPirate(side, seat, pirate, before?.sides[seat].pirates[index]));
    part.prizes.replaceChildren();
    if (!side.prizes.length) part.prizes.append(el("span", { class: "pirate__note" }, "no prizes"));
  });
  const { drawPile, drawCount, drawn, discard, bankPrizes } = parts.middle;
  bankPrizes.replaceChildren();
  for (const prize of PRIZES) {
    const button = parts.prizes.get(prize);
    const holder = next.sides.findIndex((side) => side.prizes.includes(prize));
    (holder >= 0 ? parts.sides[holder].prizes : bankPrizes).append(button);
    button.setAttribute("aria-label", `the ${PRIZE_TITLES[prize]}${holder >= 0 ? `, held by ${next.sides[holder].name}` : ", in the bank"}`);
  }
  for (const seat of [0, 1]) {
    const none = parts.sides[seat].prizes.querySelector(".pirate__note");
    if (none && parts.sides[seat].prizes.querySelector(".prize")) none.remove();
  }
  if (!bankPrizes.children.length) bankPrizes.append(el("span", { class: "pirate__note" }, "empty"));
  drawPile.replaceChildren(cardBack(`Draw pile: ${next.draw_pile} cards`));
  drawCount.textContent = "Draw pile";
  drawn.replaceChildren(
    cardFace(next.drawn, "no card"),
    next.drawn ? `${next.drawn.name}: ${next.drawn.effect}` : "Card drawn",
  );
  discard.replaceChildren(cardFace(next.discard_top, "empty"), `Discard pile (${next.discard_pile})`);
  drawChoices(next);
  for (const line of next.new || []) say(line.text, line.kind === "reason" ? "reason" : "");
  if (next.outcome && !before?.outcome) {
    say(`${next.headline} ${next.outcome.text}.`, "big");
  }
  endBox.hidden = !next.outcome;
  if (next.outcome) document.getElementById("end-text").textContent = next.headline;
  if (next.computer_to_move && !next.outcome) {
    clearTimeout(botTimer);
    botTimer = setTimeout(botMove, Number(form.elements.pace.value));
  }
}

// -- keys -----------------------------------------------------------------------------

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || area.hidden) return;
  const field = event.target.closest?.("input, select, textarea");
  if (field) return;
  const key = event.key.toLowerCase();
  let button = null;
  if (/^[1-9]$/.test(key)) button = choicesBox.querySelectorAll("button")[Number(key) - 1];
  else if (key === "d") button = choicesBox.querySelector('button[data-move="draw"]');
  else return;
  event.preventDefault();
  event.stopPropagation(); // these keys belong to the game, not to the site's shortcuts
  button?.click();
}

// -- start ----------------------------------------------------------------------------

engine = await bootPage(root);
if (engine) {
  talk = new Conversation(engine, say);
  const info = await engine.call("info");
  for (const select of [form.elements.bot, form.elements.bot0]) {
    const about = info.bot_descriptions.marvin;
    select.replaceChildren(
      ...info.bots.marvin.map((name) => el("option", { value: name }, about[name] ? `${name}: ${about[name]}` : name)),
    );
  }
  build();
  area.hidden = false;
  await newGame();
  performance.mark("play-ready");
}
