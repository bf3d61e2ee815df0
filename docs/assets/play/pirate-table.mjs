// The Pirate table: both seats, the four ships and the sunk ones, drawn from a view that
// the engine sent (pirate_rules.web.pirate_view). It knows no rule: what fits, who can
// act and how the game ended all come in the view. The play page draws into it, and so
// can any page that shows a Pirate view (a record viewer, for one).

import { el } from "./client.mjs";
import { cardBack, cardFace, suitSign } from "./icons.mjs";

export const SUITS = ["S", "H", "D", "C"];
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const ACTIONS = [
  { action: "T", label: "Turn", title: "Turn your top stock card onto your waste" },
  { action: "P", label: "Play", title: "Put your top waste card on your half of its ship" },
  { action: "C", label: "Claim", title: "Take the other side's newly turned card (once your own cards are used up)" },
];

const still = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * Draws one card face: the only place that does, so that the card art can change here.
 * `size` is "pile" (a stock or waste card) or "slot" (a card on a ship).
 */
export function cardArt(card, { size = "pile", empty = "" } = {}) {
  const face = cardFace(card, empty);
  face.classList.add(`card--${size}`);
  return face;
}

/** The back of a stock, with how many cards it holds. */
export function stockArt(count) {
  return count ? cardBack(`Stock: ${count} cards`) : cardArt(null, { empty: "no stock" });
}

/** Moves `node` from where `from` (a DOMRect) was to where it is now, quickly. */
function fly(node, from, duration = 220) {
  if (!node || !from || still() || !node.animate) return;
  const to = node.getBoundingClientRect();
  // The far seat of a face-to-face table is turned round: its moves run the other way.
  const turn = node.closest(".pir-table--facing .pir-seat--1") ? -1 : 1;
  const dx = turn * (from.left + from.width / 2 - (to.left + to.width / 2));
  const dy = turn * (from.top + from.height / 2 - (to.top + to.height / 2));
  if (Math.abs(dx) + Math.abs(dy) < 2) return;
  node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration, easing: "ease-out" });
}

export class PirateTable {
  /**
   * Builds the table inside `container`. `onAction(seat, action)` is called when a
   * person clicks or taps one of their action buttons (leave it out to show a table
   * that cannot be played, as a record viewer does).
   */
  constructor(container, { onAction = null } = {}) {
    this.container = container;
    this.onAction = onAction;
    this.seats = [this.buildSeat(0), this.buildSeat(1)];
    this.ships = new Map();
    const rows = el("div", { class: "pir-ships", role: "table", "aria-label": "The ships, one row per suit, Ace to King" });
    for (const suit of SUITS) rows.append(this.buildShip(suit));
    this.roles = el("p", { class: "pir-roles" });
    this.sunk = el("p", { class: "pir-sunk" });
    this.middle = el("div", { class: "pir-middle" }, rows, this.roles, this.sunk);
    // The frame's width, not the window's, decides between seats beside or around the ships.
    container.classList.add("pir-frame");
    container.replaceChildren(el("div", { class: "pir-table" }, this.seats[0].box, this.middle, this.seats[1].box));
    this.view = null;
  }

  buildSeat(seat) {
    const name = el("h2", { class: "pir-seat__name", id: `seat-${seat}-name` });
    const meta = el("p", { class: "pir-seat__meta" });
    const stock = el("div", { class: "pir-pile" });
    const waste = el("div", { class: "pir-pile" });
    const note = el("p", { class: "pir-seat__note" });
    const buttons = new Map();
    const actions = el("div", { class: "pir-actions", role: "group", "aria-label": "Actions" });
    for (const { action, label, title } of ACTIONS) {
      const key = el("kbd", { class: "pir-key", "aria-hidden": "true" });
      const button = el(
        "button",
        { type: "button", class: "play-button pir-action", "data-seat": seat, "data-action": action, title },
        key,
        el("span", {}, label),
      );
      button.addEventListener("click", () => this.onAction?.(seat, action));
      buttons.set(action, { button, key });
      actions.append(button);
    }
    const captured = el("ul", { class: "pir-captured", "aria-label": "Ships captured" });
    const box = el(
      "section",
      { class: `pir-seat pir-seat--${seat}`, "aria-labelledby": `seat-${seat}-name` },
      el("div", { class: "pir-seat__head" }, name, meta, captured),
      el("div", { class: "pir-piles" }, stock, waste),
      note,
      actions,
    );
    return { box, name, meta, stock, waste, note, actions, buttons, captured };
  }

  buildShip(suit) {
    const label = el("span", { class: `pir-ship__suit${"HD".includes(suit) ? " pir-ship__suit--red" : ""}`, role: "rowheader" });
    const slots = RANKS.map((rank) => el("span", { class: "pir-slot", role: "cell" }, rank));
    const row = el("div", { class: "pir-ship", role: "row" }, label, ...slots);
    this.ships.set(suit, { row, label, slots, cards: new Array(13).fill(null) });
    return row;
  }

  /**
   * Draws `view`. Options: `hints` (show what fits), `people` (which seats a person
   * plays: their action buttons show), `keys` (each seat's {T, P, C} key labels).
   */
  draw(view, { hints = false, people = [false, false], keys = [null, null] } = {}) {
    const before = this.view && this.view.id === view.id ? this.view : null;
    const rects = before ? this.measure() : null;
    this.view = view;
    this.container.classList.toggle("pir-table--hints", hints);
    view.seats.forEach((seat, index) => this.drawSeat(view, index, { hints, person: people[index], keys: keys[index] }));
    view.ships.forEach((ship) => this.drawShip(view, ship, hints));
    this.roles.textContent = view.roles;
    const chip = (ship) => el("span", { class: "pir-chip pir-chip--sunk" }, suitSign(ship.suit), ` ${ship.number}`);
    this.sunk.replaceChildren(...(view.sunk.length ? ["Sunk, nobody scores: ", ...view.sunk.map(chip)] : []));
    if (rects && view.last) this.animate(view.last, rects);
  }

  drawSeat(view, index, { hints, person, keys }) {
    const seat = view.seats[index];
    const part = this.seats[index];
    const playing = view.outcome === null;
    part.box.classList.toggle("pir-seat--idle", playing && !seat.can_act);
    part.name.textContent = seat.name;
    const who = seat.plays === "person" ? "" : " · computer";
    const watching = seat.observer ? " · out of cards, watching for cards to claim" : "";
    part.meta.textContent = `${seat.role} player${who}${watching}`;
    part.stock.replaceChildren(stockArt(seat.stock), el("span", {}, "Stock"));
    const top = cardArt(seat.top, { empty: "empty" });
    if (seat.top && seat.fresh) top.classList.add("card--fresh");
    if (hints && (seat.fits || seat.claims)) top.classList.add("card--fits");
    part.waste.replaceChildren(top, el("span", {}, `Waste (${seat.waste})`));
    if (seat.plays !== "person") part.note.textContent = seat.reason ? `“${seat.reason}”` : "";
    part.actions.hidden = !person;
    for (const [action, { button, key }] of part.buttons) {
      const legal = seat.legal.includes(action);
      key.textContent = keys ? keys[action].toUpperCase() : "";
      if (keys) button.setAttribute("aria-keyshortcuts", keys[action].toUpperCase());
      button.disabled = !person || !playing;
      button.classList.toggle("pir-action--ready", hints && legal && action !== "T");
    }
    part.captured.replaceChildren(
      ...seat.captured.map((ship) =>
        el("li", { class: "pir-chip", "aria-label": ship.name, title: ship.name }, suitSign(ship.suit), ` ${ship.number}`),
      ),
    );
  }

  drawShip(view, ship, hints) {
    const part = this.ships.get(ship.suit);
    const up = ship.halves.findIndex((half) => half.direction === "up");
    part.row.dataset.up = String(up);
    part.row.classList.toggle("pir-ship--swapped", ship.swapped);
    part.label.replaceChildren(suitSign(ship.suit), el("small", {}, `ship ${ship.number}${ship.swapped ? " ⇄" : ""}`));
    part.label.setAttribute("aria-label", `${ship.name}, ship ${ship.number}${ship.swapped ? ", ends swapped" : ""}`);
    ship.slots.forEach((slot, index) => {
      const node = part.slots[index];
      const rank = RANKS[index];
      const card = `${rank === "10" ? "T" : rank}${ship.suit}`;
      const classes = ["pir-slot"];
      let label = `${rank}: empty`;
      if (slot) {
        classes.push(`pir-slot--${slot.half}`);
        if (slot.owner !== slot.half) classes.push("pir-slot--claimed");
        const claimed = slot.owner !== slot.half ? `, claimed from ${view.players[slot.owner]}` : "";
        label = `${rank}: ${view.players[slot.half]}'s half${claimed}`;
        if (part.cards[index] !== slot.card) node.replaceChildren(cardArt(slot, { size: "slot" }));
      } else {
        if (part.cards[index] !== null) node.replaceChildren(rank);
        ship.halves.forEach((half, seat) => {
          if (half.needs === card && hints) {
            classes.push(`pir-slot--next-${seat}`);
            label = `${rank}: ${view.players[seat]} needs it next`;
          }
        });
      }
      part.cards[index] = slot ? slot.card : null;
      node.className = classes.join(" ");
      node.setAttribute("aria-label", label);
    });
  }

  /** Where the piles and ship rows are now, before a redraw moves things. */
  measure() {
    const rect = (node) => node.getBoundingClientRect();
    return {
      stock: this.seats.map((part) => rect(part.stock.firstElementChild)),
      waste: this.seats.map((part) => rect(part.waste.firstElementChild)),
      rows: new Map([...this.ships].map(([suit, part]) => [suit, rect(part.row)])),
    };
  }

  /** Cards move: stock to waste, waste to ship; a finished ship goes to its captor or sinks. */
  animate(last, rects) {
    for (const move of last.moves) {
      if (move.kind === "turn") fly(this.seats[move.seat].waste.firstElementChild, rects.stock[move.seat]);
      if (move.kind === "play" || move.kind === "claim") {
        const owner = move.kind === "play" ? move.seat : move.from;
        const ship = this.ships.get(move.card[1]);
        const index = ship.cards.indexOf(move.card);
        if (index >= 0) fly(ship.slots[index].firstElementChild, rects.waste[owner]);
      }
    }
    for (const event of last.events) {
      const part = this.ships.get(event.suit);
      if (!part || still()) continue;
      if (event.kind === "capture") {
        fly(this.seats[event.player].captured.lastElementChild, rects.rows.get(event.suit), 500);
        part.row.animate?.([{ opacity: 0.2 }, { opacity: 1 }], { duration: 500 });
      } else if (event.kind === "sink") {
        part.row.animate?.(
          [
            { transform: "none" },
            { transform: "translateY(0.6rem) rotate(-1.5deg)", opacity: 0.3 },
            { transform: "none", opacity: 1 },
          ],
          { duration: 900, easing: "ease-in-out" },
        );
      }
    }
  }

  /** The table shakes: `seat`'s action was refused. */
  shake(seat) {
    const box = this.seats[seat].box;
    box.classList.remove("pir-seat--refused");
    void box.offsetWidth; // restart the animation
    box.classList.add("pir-seat--refused");
    clearTimeout(this.seats[seat].shaking);
    this.seats[seat].shaking = setTimeout(() => box.classList.remove("pir-seat--refused"), 1500);
  }

  /** A line under a seat's piles, such as why its action was refused. */
  tell(seat, text) {
    this.seats[seat].note.textContent = text;
  }
}
