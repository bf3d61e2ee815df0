// Playing cards as pictures, for every page that shows cards.
//
// The pictures are SVG-cards 4.0.2 (David Bellot, Huub de Beer and others, LGPL-2.1),
// installed from npm and copied unchanged into the built site by the build hook; see the
// About page. Each card is one <svg> that points into that file with <use>, so the file
// is fetched once and every card after that costs a few bytes.
//
//   cardSvg(card)        a card face from the JSON that pirate_rules.web.sessions.card_json
//                        gives ({card: "8S", rank: "8", suit: "S", red, name}); "JK" is a joker
//   cardBackSvg(label)   the back of a card; `label` is what a screen reader hears
//   cardSlot(label)      an empty place for a card (dashed outline), with a visible label
//   cardPicture(card)    the picture's name inside the file, e.g. "spade_8" (for tests)
//
// Every picture is role="img" with an accessible name, and scales with CSS: give the
// element a width and the height follows (the card's shape is 169 × 245).

const SVG = "http://www.w3.org/2000/svg";
const FILE = new URL("../vendor/svg-cards/svg-cards.svg", import.meta.url).href;
const WIDTH = 169.075;
const HEIGHT = 244.64;

const SUITS = { S: "spade", H: "heart", D: "diamond", C: "club" };
const FACES = { A: "1", J: "jack", Q: "queen", K: "king", T: "10", 10: "10" };

/** The name of the picture for a card JSON, such as "heart_queen" or "joker_red". */
export function cardPicture(card) {
  if (!card) return null;
  if (card.card === "JK") return "joker_red";
  const rank = card.card.slice(0, -1);
  return `${SUITS[card.suit]}_${FACES[rank] || rank}`;
}

function picture(name, label, className) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  svg.setAttribute("class", className);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `${FILE}#${name}`);
  svg.append(use);
  return svg;
}

/** A card face; `card` is a card JSON. */
export function cardSvg(card) {
  const node = picture(cardPicture(card), card.name, `pcard${card.red ? " pcard--red" : ""}`);
  node.dataset.card = card.card;
  return node;
}

/** The back of a card. */
export function cardBackSvg(label) {
  return picture("back", label, "pcard pcard--back");
}

/** An empty place where a card can go. */
export function cardSlot(label) {
  const slot = document.createElement("span");
  slot.className = "pcard pcard--slot";
  slot.textContent = label;
  return slot;
}
