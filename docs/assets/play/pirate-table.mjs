// The Pirate table: both seats, the four ships and the sunk ones, drawn from a view that
// the engine sent (pirate_rules.web.pirate_view). It knows no rule: what fits, who can
// act and how the game ended all come in the view. The play page draws into it, and so
// can any page that shows a Pirate view (a record viewer, for one).
//
// The cards are the pictures of cards.mjs, as on the Marvin page: whole cards on the
// stocks and wastes, and on the ships each card's corner, as when cards overlap in a row
// (pirate.css crops them). Moves are animated with motion.mjs, and not at all for
// visitors who ask for reduced motion.

import { cardBackSvg, cardSlot, cardSvg } from "./cards.mjs";
import { el } from "./client.mjs";
import { suitSign } from "./icons.mjs";
import { flyCopy, flyFrom, reducedMotion } from "./motion.mjs";

export const SUITS = ["S", "H", "D", "C"];
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const ACTIONS = [
  { action: "T", label: "Turn", title: "Turn your top stock card onto your waste" },
  { action: "P", label: "Play", title: "Put your top waste card on your half of its ship" },
  { action: "C", label: "Claim", title: "Take the other side's newly turned card (once your own cards are used up)" },
];

const FLIGHT_MS = 220;
const CAPTURED = [{ opacity: 0.2 }, { opacity: 1 }];
const SUNK = [
  { transform: "none" },
  { transform: "translateY(0.6rem) rotate(-1.5deg)", opacity: 0.3 },
  { transform: "none", opacity: 1 },
];

/**
 * One card picture (cards.mjs), or an empty place labelled `empty`.
 * `size` is "pile" (a stock or waste card), "slot" (a card on a ship) or "ship" (a
 * captured or sunk ship, as a small pile).
 */
export function cardArt(card, { size = "pile", empty = "" } = {}) {
  const art = card ? cardSvg(card) : cardSlot(empty);
  art.classList.add(`pir-card--${size}`);
  return art;
}

/** The back of a stock; its count is said, and written under it. */
export function stockArt(count) {
  return count ? cardBackSvg(`Stock: ${count} cards`) : cardArt(null, { empty: "no stock" });
}

/** A captured or sunk ship: a small pile topped by its suit's Ace, with its number. */
function shipPile(ship, sunk = false) {
  const ace = cardArt({ card: `A${ship.suit}`, suit: ship.suit, red: "HD".includes(ship.suit), name: "" }, { size: "ship" });
  ace.setAttribute("aria-hidden", "true");
  return el(
    "li",
    { class: `pir-pile-ship${sunk ? " pir-pile-ship--sunk" : ""}`, title: ship.name, "aria-label": ship.name, "data-ship": `${ship.suit}${ship.number}` },
    ace,
    el("span", { class: "pir-pile-ship__label", "aria-hidden": "true" }, `${suitSign(ship.suit)} ${ship.number}`),
  );
}

/** Whether `node` sits in the far seat of a face-to-face table, which is turned round. */
const turned = (node) => Boolean(node?.closest(".pir-table--facing .pir-seat--1"));

/** Moves `node` from where `from` (a DOMRect) was to where it is now (`now`), quickly. */
function fly(node, from, ms, now) {
  flyFrom(node, from, ms, { turned: turned(node), scale: false, now });
}

export class PirateTable {
  /**
   * Builds the table inside `container`. `onAction(seat, action, time)` is called when a
   * person touches, clicks or (from the keyboard) presses one of their action buttons,
   * with the event's time stamp (leave it out to show a table that cannot be played, as
   * a record viewer does).
   */
  constructor(container, { onAction = null } = {}) {
    this.container = container;
    this.onAction = onAction;
    this.seats = [this.buildSeat(0), this.buildSeat(1)];
    this.ships = new Map();
    const rows = el("div", { class: "pir-ships", role: "table", "aria-label": "The ships, one row per suit, Ace to King" });
    for (const suit of SUITS) rows.append(this.buildShip(suit));
    this.roles = el("p", { class: "pir-roles" });
    this.sunkShips = el("ul", { class: "pir-sunk__ships", "aria-label": "Ships sunk" });
    this.sunk = el("div", { class: "pir-sunk" }, el("span", {}, "Sunk, nobody scores:"), this.sunkShips);
    this.middle = el("div", { class: "pir-middle" }, rows, this.roles, this.sunk);
    // The frame's width, not the window's, decides between seats beside or around the ships.
    container.classList.add("pir-frame");
    container.replaceChildren(el("div", { class: "pir-table" }, this.seats[0].box, this.middle, this.seats[1].box));
    this.view = null;
    this.places = null; // where things were in the last frame that moved anything
    this.pending = [];
    this.frame = 0;
  }

  buildSeat(seat) {
    const name = el("h2", { class: "pir-seat__name", id: `seat-${seat}-name` });
    const meta = el("p", { class: "pir-seat__meta" });
    const stock = el("div", { class: "pir-pile" });
    const waste = el("div", { class: "pir-pile" });
    const note = el("p", { class: "pir-seat__note" });
    // Once the seat is out of cards: what it does now, in place of its empty piles.
    const watchText = el("p", { class: "pir-watching__text" });
    const watching = el("div", { class: "pir-watching", hidden: "" }, watchText);
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
      // Each finger acts on its own pointerdown, so that fingers on several buttons at
      // once all count (no click comes when touches overlap); a click that no pointer
      // began is Enter or Space on a focused button.
      button.addEventListener("pointerdown", (event) => {
        if (event.pointerType === "mouse" && event.button !== 0) return;
        event.preventDefault();
        this.onAction?.(seat, action, event.timeStamp);
      });
      button.addEventListener("click", (event) => {
        if (event.detail === 0) this.onAction?.(seat, action, event.timeStamp);
      });
      buttons.set(action, { button, key });
      actions.append(button);
    }
    const captured = el("ul", { class: "pir-captured", "aria-label": "Ships captured" });
    const stockCount = el("span", {});
    const wasteCount = el("span", {});
    stock.append(stockArt(0), stockCount);
    waste.append(cardArt(null, { empty: "empty" }), wasteCount);
    const box = el(
      "section",
      { class: `pir-seat pir-seat--${seat}`, "aria-labelledby": `seat-${seat}-name` },
      el("div", { class: "pir-seat__head" }, name, meta, captured),
      el("div", { class: "pir-piles" }, stock, waste),
      watching,
      note,
      actions,
    );
    const parts = { box, name, meta, stock, waste, stockCount, wasteCount, note, actions, buttons, captured };
    return { ...parts, watching, watchText };
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
    const same = this.view?.id === view.id;
    // The waste cards as they were: a played or claimed card's picture flies from there.
    const pictures = same ? this.seats.map((part) => part.waste.firstElementChild) : null;
    this.view = view;
    this.container.classList.toggle("pir-table--hints", hints);
    this.container.classList.toggle("pir-table--over", view.outcome !== null);
    view.seats.forEach((seat, index) => this.drawSeat(view, index, { hints, person: people[index], keys: keys[index] }));
    view.ships.forEach((ship) => this.drawShip(view, ship, hints));
    if (this.roles.textContent !== view.roles) this.roles.textContent = view.roles;
    this.sunk.hidden = !view.sunk.length;
    drawPiles(this.sunkShips, view.sunk, true);
    // A new game is measured, so that its first moment can move cards already.
    if (!reducedMotion()) this.later(same ? view.last : null, pictures);
  }

  drawSeat(view, index, { hints, person, keys }) {
    const seat = view.seats[index];
    const part = this.seats[index];
    const playing = view.outcome === null;
    part.box.classList.toggle("pir-seat--idle", playing && !seat.can_act);
    part.name.textContent = seat.name;
    const who = seat.plays === "person" ? "" : " · computer";
    const watching = seat.observer && !seat.watching ? " · out of cards, watching for cards to claim" : "";
    part.meta.textContent = `${seat.role} player${who}${watching}`;
    // Out of cards, the seat says what it does now where its empty piles were.
    part.box.classList.toggle("pir-seat--out", Boolean(seat.watching));
    part.watching.hidden = !seat.watching;
    if (part.watchText.textContent !== (seat.watching || "")) part.watchText.textContent = seat.watching || "";
    // A picture is made only when what it shows changes: most moments change one card.
    const back = part.stock.firstElementChild;
    if (Boolean(seat.stock) !== back.matches("svg")) back.replaceWith(stockArt(seat.stock));
    else if (seat.stock) back.setAttribute("aria-label", `Stock: ${seat.stock} cards`);
    part.stockCount.textContent = `Stock (${seat.stock})`;
    let top = part.waste.firstElementChild;
    if ((top.dataset.card || "") !== (seat.top?.card || "")) {
      const fresh = cardArt(seat.top, { empty: "empty" });
      top.replaceWith(fresh);
      top = fresh;
    }
    top.classList.toggle("pir-card--fresh", Boolean(seat.top && seat.fresh));
    top.classList.toggle("pir-card--fits", Boolean(hints && (seat.fits || seat.claims)));
    part.wasteCount.textContent = `Waste (${seat.waste})`;
    if (seat.plays !== "person") part.note.textContent = seat.reason ? `“${seat.reason}”` : "";
    part.actions.hidden = !person;
    for (const [action, { button, key }] of part.buttons) {
      const legal = seat.legal.includes(action);
      // Out of cards, a player can only claim (P9): Claim alone stays, in sight (and,
      // face to face, in its place: pirate.css keeps the others' room).
      button.classList.toggle("pir-action--gone", Boolean(seat.observer) && action !== "C");
      key.textContent = keys ? keys[action].toUpperCase() : "";
      if (keys) button.setAttribute("aria-keyshortcuts", keys[action].toUpperCase());
      button.disabled = !person || !playing;
      button.classList.toggle("pir-action--ready", hints && legal && action !== "T");
    }
    drawPiles(part.captured, seat.captured);
  }

  drawShip(view, ship, hints) {
    const part = this.ships.get(ship.suit);
    const up = ship.halves.findIndex((half) => half.direction === "up");
    part.row.dataset.up = String(up);
    part.row.classList.toggle("pir-ship--swapped", ship.swapped);
    const key = `${ship.number}${ship.swapped ? " ⇄" : ""}`;
    if (part.label.dataset.ship !== key) {
      part.label.dataset.ship = key;
      part.label.replaceChildren(suitSign(ship.suit), el("small", {}, el("span", { class: "pir-ship__word" }, "ship "), key));
      part.label.setAttribute("aria-label", `${ship.name}, ship ${ship.number}${ship.swapped ? ", ends swapped" : ""}`);
    }
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

  /**
   * Animate `last` in the next frame. Nothing is measured while drawing: the frame
   * measures the table once (the layout it needs anyway), moves what moved from where it
   * was in the frame before, and keeps these places for the next moment.
   */
  later(last, pictures) {
    if (last) this.pending.push({ last, pictures });
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      const pending = this.pending.splice(0);
      const before = this.places;
      this.places = this.measure();
      if (!before) return;
      const flights = pending.flatMap(({ last, pictures }) => this.plan(last, before, pictures));
      for (const flight of flights) flight();
    });
  }

  /** Where the stocks, wastes and ship rows are now. */
  measure() {
    const rect = (node) => node.getBoundingClientRect();
    return {
      stock: this.seats.map((part) => rect(part.stock.firstElementChild)),
      waste: this.seats.map((part) => rect(part.waste.firstElementChild)),
      rows: new Map([...this.ships].map(([suit, part]) => [suit, rect(part.row)])),
    };
  }

  /**
   * What moves for `last`: stock to waste, waste to ship (a copy of the card flies, as
   * the ship's place shows only the card's corner); a finished ship goes to its captor's
   * pile or sinks. Everything is measured first and moved after, so that the page is
   * laid out once. Returns the moves, as functions.
   */
  plan(last, from, pictures) {
    const flights = [];
    for (const move of last.moves) {
      if (move.kind === "turn") {
        const card = this.seats[move.seat].waste.firstElementChild;
        const rect = card.getBoundingClientRect();
        flights.push(() => fly(card, from.stock[move.seat], FLIGHT_MS, rect));
      }
      if (move.kind === "play" || move.kind === "claim") {
        const owner = move.kind === "play" ? move.seat : move.from;
        const ship = this.ships.get(move.card[1]);
        const index = ship.cards.indexOf(move.card);
        const picture = pictures[owner];
        if (index < 0 || !picture.matches("svg")) continue;
        const slot = ship.slots[index].getBoundingClientRect();
        const to = new DOMRect(slot.left, slot.top, (slot.height * 169) / 245, slot.height);
        flights.push(() => flyCopy(picture, from.waste[owner], to, FLIGHT_MS));
      }
    }
    for (const event of last.events) {
      const part = this.ships.get(event.suit);
      const home = { capture: this.seats[event.player]?.captured, sink: this.sunkShips }[event.kind];
      if (!part || !home) continue;
      const pile = home.querySelector(`[data-ship="${event.suit}${event.number}"]`);
      const rect = pile?.getBoundingClientRect();
      const [keyframes, ms] = event.kind === "capture" ? [CAPTURED, 600] : [SUNK, 900];
      flights.push(() => {
        fly(pile, from.rows.get(event.suit), ms, rect);
        part.row.animate(keyframes, { duration: ms, easing: "ease-in-out" });
      });
    }
    return flights;
  }

  /**
   * Show at once that `seat` pressed `action` (`on`), before its moment is played; or
   * stop showing it (`on` false, every action of the seat unless one is named).
   */
  pend(seat, action, on = true) {
    for (const [name, { button }] of this.seats[seat].buttons) {
      if (on ? name === action : !action || name === action) button.classList.toggle("pir-action--pending", on);
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

/** Draw the piles of captured or sunk ships into `list`, when they have changed. */
function drawPiles(list, ships, sunk = false) {
  const key = ships.map((ship) => `${ship.suit}${ship.number}`).join(" ");
  if (list.dataset.ships === key) return;
  list.dataset.ships = key;
  list.replaceChildren(...ships.map((ship) => shipPile(ship, sunk)));
}
