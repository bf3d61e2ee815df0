// The Marvin's Pirates Go! table: both crews, the piles and the prizes, drawn from the
// `table` JSON of pirate_rules.web.marvin_table. Used by the play page and by the
// record viewer. It draws; it decides nothing.
//
//   buildTable(box, onPick, {hear, onMiss})
//                                  build the table once inside `box`; `onPick(id)` is
//                                  called with the place's id when a pirate, a prize or
//                                  the pile that is offered (offerPlaces) is tapped or
//                                  clicked, and `onMiss(id)` when one that is not; with
//                                  `hear`, a speaker button by the caption (`parts.hear`:
//                                  "Hear it again")
//   drawTable(parts, table, info)  draw a table; `info` = {players, toMove}
//   showStep(parts, step, info)    draw a step's table, say it in the caption (its family
//                                  words, which stay until the next step) and animate it
//   placeOf(parts, id)             the element of a place: "p1-GL", "prize-cave",
//                                  "draw-pile", "drawn", "discard"
//   markPlaces(parts, ids, on)     outline places (the last move, a choice's targets)
//   offerPlaces(parts, offers)     make only these places tappable: [{id, label, glow}];
//                                  the others are aria-disabled and out of the Tab order
//                                  (not disabled: a tap on them still reaches onMiss)
//   pointAt(parts, ids)            make these places pulse for a moment: where to tap
//   pickPlace(parts, id)           show the place picked as the first of two (or none)
//   choiceButtons(parts, legal, onChoose)
//                                  a button for each of a view's `legal` choices, with
//                                  its key (1 to 9); pointed at or focused, it outlines
//                                  the choice's places; a click calls onChoose(move)

import { cardBackSvg, cardSlot, cardSvg } from "./cards.mjs";
import { el } from "./client.mjs";
import { icon, installIcons } from "./icons.mjs";
import { flyFrom, play, popBadge, rectOf } from "./motion.mjs";

const POSITIONS = ["GL", "GR", "CL", "CR"];
const PRIZES = ["cave", "ship", "fort"];
const TITLES = { cave: "Cave", ship: "Ship", fort: "Fort" };

/** A place's button: `onPick` when it is offered, `onMiss` when it is not. */
function placeButton(parts, id, attributes, { onPick, onMiss }, ...children) {
  const button = el(
    "button",
    { type: "button", id, "aria-disabled": "true", tabindex: "-1", ...attributes },
    ...children,
  );
  button.addEventListener("click", () => (button.dataset.offered ? onPick(id) : onMiss(id)));
  parts.places.set(id, button);
  return button;
}

function buildPirate(parts, seat, position, taps) {
  const id = `p${seat}-${position}`;
  const hearts = el("span", { class: "pirate__hp", "aria-hidden": "true" });
  for (let i = 0; i < 4; i += 1) hearts.append(icon("heart", "pirate__heart"));
  const figure = el(
    "span",
    { class: "pirate__figure", "aria-hidden": "true" },
    icon("cave", "pirate__cave"),
    icon("pirate", "pirate__body"),
    icon("shield", "pirate__shield"),
    icon("ko", "pirate__ko"),
  );
  return placeButton(
    parts,
    id,
    { class: "pirate" },
    taps,
    figure,
    hearts,
    el("span", { class: "pirate__pos", "aria-hidden": "true" }, position),
  );
}

function buildSide(parts, seat, taps) {
  const name = el("h2", { class: "mpg-side__name", id: `side-${seat}-name` });
  const prizes = el("div", { class: "mpg-prizes" });
  const grid = el("div", { class: "mpg-grid" });
  // Player 1 sits across the table: captains at the back (top), left and right swapped.
  const rows = seat === 1 ? [["CR", "CL"], ["GR", "GL"]] : [["GL", "GR"], ["CL", "CR"]];
  for (const row of rows) for (const position of row) grid.append(buildPirate(parts, seat, position, taps));
  const box = el(
    "section",
    { class: `mpg-side mpg-side--${seat}`, "aria-labelledby": `side-${seat}-name` },
    el("div", { class: "mpg-side__head" }, name, prizes),
    grid,
  );
  parts.sides[seat] = { box, name, prizes };
  return box;
}

/** A big speaker button: "Hear it again" (voice.mjs shows it when there is a voice). */
export function hearButton(label = "Hear it again") {
  return el("button", { type: "button", class: "play-hear", "aria-label": label, title: label, hidden: true }, icon("speaker"));
}

function buildMiddle(parts, taps, { hear = false } = {}) {
  const pile = placeButton(parts, "draw-pile", { class: "mpg-pile" }, taps);
  const pileCount = el("span", { class: "mpg-count" });
  const drawn = el("div", { class: "mpg-drawn", id: "drawn" });
  const discard = el("div", { class: "mpg-discard", id: "discard" });
  const discardCount = el("span", { class: "mpg-count" });
  const bank = el("div", { class: "mpg-bank__prizes" });
  for (const prize of PRIZES) placeButton(parts, `prize-${prize}`, { class: "prize" }, taps, icon(prize), el("span", {}, TITLES[prize]));
  parts.places.set("drawn", drawn).set("discard", discard);
  parts.middle = { pile, pileCount, drawn, discard, discardCount, bank };
  parts.caption = el("p", { class: "mpg-caption", "aria-hidden": "true" });
  parts.hear = hear ? hearButton() : null;
  return el(
    "div",
    { class: "mpg-middle" },
    el("div", { class: "mpg-stack" }, pile, pileCount),
    drawn,
    el("div", { class: "mpg-stack" }, discard, discardCount),
    el("div", { class: "mpg-bank" }, bank, el("span", { class: "mpg-count" }, "Prize bank")),
    el("div", { class: "mpg-say" }, parts.hear, parts.caption),
  );
}

export function buildTable(box, onPick = () => {}, { hear = false, onMiss = () => {} } = {}) {
  installIcons();
  const parts = { sides: [], places: new Map(), box };
  const taps = { onPick, onMiss };
  box.append(buildSide(parts, 1, taps), buildMiddle(parts, taps, { hear }), buildSide(parts, 0, taps));
  return parts;
}

export const placeOf = (parts, id) => parts.places.get(id) || null;

function pirateWords(name, pirate) {
  const who = `${name}'s ${pirate.name} (${pirate.position})`;
  if (pirate.fainted) return `${who}: fainted`;
  const words = [`${pirate.hp} of 4 hit points`];
  if (pirate.shield) words.push("a shield");
  if (pirate.hidden) words.push("hiding in the Cave");
  return `${who}: ${words.join(", ")}`;
}

function drawPirate(button, name, pirate) {
  button.classList.toggle("pirate--fainted", pirate.fainted);
  button.classList.toggle("pirate--hidden", pirate.hidden);
  button.classList.toggle("pirate--shield", pirate.shield);
  button.querySelectorAll(".pirate__heart").forEach((heart, i) => heart.classList.toggle("lost", i >= pirate.hp));
  button.dataset.words = pirateWords(name, pirate);
  if (!button.dataset.offered) button.setAttribute("aria-label", button.dataset.words);
}

export function drawTable(parts, table, { players, toMove = null } = {}) {
  table.sides.forEach((side, seat) => {
    const part = parts.sides[seat];
    const player = players?.[seat];
    const level = player?.computer ? player.level || player.bot : null;
    part.name.textContent = level ? `${side.name} (${level})` : side.name;
    part.box.classList.toggle("mpg-side--to-move", toMove === seat);
    side.pirates.forEach((pirate) => drawPirate(parts.places.get(`p${seat}-${pirate.position}`), side.name, pirate));
  });
  const { pile, pileCount, drawn, discard, discardCount, bank } = parts.middle;
  for (const prize of PRIZES) {
    const button = parts.places.get(`prize-${prize}`);
    const holder = table.sides.findIndex((side) => side.prizes.includes(prize));
    const home = holder >= 0 ? parts.sides[holder].prizes : bank;
    if (button.parentElement !== home) home.append(button);
    button.dataset.words = `the ${TITLES[prize]}, ${holder >= 0 ? `held by ${table.sides[holder].name}` : "in the bank"}`;
    if (!button.dataset.offered) button.setAttribute("aria-label", button.dataset.words);
  }
  for (const home of [bank, ...parts.sides.map((side) => side.prizes)]) {
    // keep the prizes in the order cave, ship, fort wherever they are
    [...home.children].sort((a, b) => PRIZES.indexOf(a.id.slice(6)) - PRIZES.indexOf(b.id.slice(6))).forEach((child) => home.append(child));
  }
  if (pile.dataset.count !== String(table.draw_pile)) {
    pile.replaceChildren(table.draw_pile ? cardBackSvg(`Draw pile: ${table.draw_pile} cards`) : cardSlot("empty"));
    pile.dataset.count = String(table.draw_pile);
  }
  pileCount.textContent = `${table.draw_pile} to draw`;
  pile.dataset.words = `Draw pile: ${table.draw_pile} cards`;
  if (!pile.dataset.offered) pile.setAttribute("aria-label", pile.dataset.words);
  const shown = table.drawn?.card || "";
  if (drawn.dataset.card !== shown) {
    drawn.replaceChildren(table.drawn ? cardSvg(table.drawn) : cardSlot("Card drawn"));
    drawn.dataset.card = shown;
  }
  const top = table.discard_top?.card || "";
  if (discard.dataset.card !== top || discard.dataset.count !== String(table.discard_pile)) {
    discard.replaceChildren(table.discard_top ? cardSvg(table.discard_top) : cardSlot("Discards"));
    discard.dataset.card = top;
    discard.dataset.count = String(table.discard_pile);
  }
  discardCount.textContent = `${table.discard_pile} played`;
}

export function markPlaces(parts, ids, on, className = "is-marked") {
  for (const id of ids || []) parts.places.get(id)?.classList.toggle(className, on);
}

export function offerPlaces(parts, offers) {
  for (const node of parts.places.values()) {
    if (!node.matches("button")) continue;
    node.setAttribute("aria-disabled", "true");
    node.tabIndex = -1;
    node.classList.remove("is-choice", "is-pointed");
    delete node.dataset.offered;
    if (node.dataset.words) node.setAttribute("aria-label", node.dataset.words);
  }
  for (const { id, label, glow = true } of offers || []) {
    const node = parts.places.get(id);
    if (!node) continue;
    node.removeAttribute("aria-disabled");
    node.removeAttribute("tabindex");
    node.dataset.offered = "true";
    node.classList.toggle("is-choice", glow);
    node.setAttribute("aria-label", label);
  }
}

/** Make the places `ids` pulse for a moment (again on a second call): where to tap. */
export function pointAt(parts, ids) {
  for (const id of ids || []) {
    const node = parts.places.get(id);
    if (!node) continue;
    node.classList.remove("is-pointed");
    void node.offsetWidth; // start the pulse again
    node.classList.add("is-pointed");
  }
}

export function pickPlace(parts, id) {
  for (const [place, node] of parts.places) {
    const on = place === id;
    node.classList.toggle("is-picked", on);
    if (node.matches("button")) {
      if (on) node.setAttribute("aria-pressed", "true");
      else node.removeAttribute("aria-pressed");
    }
  }
}

const BADGES = { hit: "−1", slash: "−2", kill: "KO", shield: "+", fort: "+", return: "!", take: "★" };
const EFFECT_ICONS = { hit: "bang", slash: "slash", kill: "bang" };

/** Draw a step's table, moving what moved, and show what it did to its places. */
export function showStep(parts, step, info, ms = 450) {
  const { middle } = parts;
  const from = {
    pile: rectOf(middle.pile),
    drawn: rectOf(middle.drawn.firstElementChild),
    prizes: new Map(PRIZES.map((prize) => [prize, rectOf(parts.places.get(`prize-${prize}`))])),
    pirates: new Map(step.marks.map((id) => [id, rectOf(parts.places.get(id)?.querySelector(".pirate__figure"))])),
  };
  drawTable(parts, step.table, info);
  parts.caption.textContent = step.family || step.text.replace(/^Turn \d+: /, "");
  const kind = step.kind;
  if (kind === "draw") {
    flyFrom(middle.drawn.firstElementChild, from.pile, ms);
    return;
  }
  if (step.card && kind !== "draw") flyFrom(middle.discard.firstElementChild, from.drawn, ms);
  if (kind === "ship") {
    const [a, b] = step.marks;
    flyFrom(parts.places.get(a)?.querySelector(".pirate__figure"), from.pirates.get(b), ms);
    flyFrom(parts.places.get(b)?.querySelector(".pirate__figure"), from.pirates.get(a), ms);
    return;
  }
  for (const id of step.marks) {
    const node = parts.places.get(id);
    if (!node || id === "drawn") continue;
    if (kind === "take") {
      flyFrom(node, from.prizes.get(id.slice(6)), ms);
    } else {
      play(node.querySelector(".pirate__figure") || node, kind === "cave" ? "hide" : kind, ms);
    }
    if (EFFECT_ICONS[kind]) {
      const mark = icon(EFFECT_ICONS[kind], "pirate__effect");
      node.append(mark);
      const gone = () => mark.remove();
      const animation = play(mark, "shield", ms);
      if (animation) animation.finished.then(gone, gone);
      else gone();
    }
    if (BADGES[kind]) popBadge(node, BADGES[kind], ms * 2);
  }
}

/** The record viewer's drawing of this game (see renderers.mjs). */
export const marvinRenderer = {
  build: (box) => buildTable(box.appendChild(el("div", { class: "mpg-table" }))),
  draw: (parts, view) => drawTable(parts, view.table, { players: view.players }),
};

export function choiceButtons(parts, legal, onChoose) {
  return legal.map((choice, index) => {
    const key = index < 9 ? String(index + 1) : "";
    return el(
      "button",
      {
        type: "button",
        class: "play-button",
        "data-move": choice.move,
        "aria-keyshortcuts": key || null,
        onclick: () => onChoose(choice.move),
        onmouseenter: () => markPlaces(parts, choice.marks, true),
        onmouseleave: () => markPlaces(parts, choice.marks, false),
        onfocus: () => markPlaces(parts, choice.marks, true),
        onblur: () => markPlaces(parts, choice.marks, false),
      },
      key ? el("kbd", { "aria-hidden": "true" }, key) : null,
      key ? " " : null,
      choice.label,
    );
  });
}
