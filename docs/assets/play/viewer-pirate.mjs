// A plain drawing of a Pirate table for the record viewer: each player's stock and
// waste, and the four ships, Ace to King, coloured by whose half holds each card. It
// uses the Pirate page's styles; the Pirate page can register a richer drawing in its
// place (see renderers.mjs).

import { el } from "./client.mjs";
import { cardBack, cardFace, suitSign } from "./icons.mjs";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

function build(box) {
  const state = { players: [], ships: [] };
  const player = (seat) => {
    const name = el("h2", { class: "pir-player__name" });
    const meta = el("p", { class: "pir-player__meta" });
    const piles = el("div", { class: "pir-piles" });
    state.players[seat] = { name, meta, piles };
    return el("section", { class: `pir-player pir-player--${seat}` }, el("div", { class: "pir-player__info" }, name, meta), piles);
  };
  const ships = el("div", { class: "pir-ships", role: "table", "aria-label": "The ships, Ace to King" });
  for (let row = 0; row < 4; row += 1) {
    const label = el("span", { class: "pir-ship__suit", role: "rowheader" });
    const slots = RANKS.map((rank) => el("span", { class: "pir-slot", role: "cell" }, rank));
    ships.append(el("div", { class: "pir-ship", role: "row" }, label, ...slots));
    state.ships.push({ label, slots });
  }
  box.append(el("div", { class: "pir-board" }, player(1), ships, player(0)));
  return state;
}

function draw(state, view) {
  view.tables.forEach((table, seat) => {
    const part = state.players[seat];
    part.name.textContent = table.name;
    const ships = table.captured.length;
    part.meta.textContent = `${table.role} player · ${ships} ship${ships === 1 ? "" : "s"} captured`;
    part.piles.replaceChildren(
      el("div", { class: "pile" }, table.stock ? cardBack(`Stock: ${table.stock} cards`) : cardFace(null, "empty"), "Stock"),
      el("div", { class: "pile" }, cardFace(table.top, "empty"), `Waste (${table.waste})`),
    );
  });
  view.ships.forEach((ship, index) => {
    const part = state.ships[index];
    part.label.className = `pir-ship__suit${"HD".includes(ship.suit) ? " pir-ship__suit--red" : ""}`;
    part.label.replaceChildren(suitSign(ship.suit), el("small", {}, `ship ${ship.number}`));
    part.label.setAttribute("aria-label", `${ship.name}, ship ${ship.number}`);
    ship.slots.forEach((slot, rank) => {
      const node = part.slots[rank];
      node.className = `pir-slot${slot ? ` pir-slot--${slot.half}` : ""}${slot && slot.owner !== slot.half ? " pir-slot--claimed" : ""}`;
      node.setAttribute("aria-label", `${RANKS[rank]}: ${slot ? view.players[slot.half] : "empty"}`);
    });
  });
}

export const pirateRenderer = { build, draw };
