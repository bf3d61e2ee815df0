// Inline SVG drawings for the play pages: a pirate, a shield, the three prizes, the
// marks of what happens to a pirate (a heart per hit point, a hit, a slash, and a dizzy
// spiral for a knock-out: not stars, which are what a lesson earns), and a speaker.
// They are added to the page once and reused with <use>; no image is fetched.
//
//   installIcons()          put the drawings into the page (once)
//   icon(name, className)   an <svg> showing one drawing: pirate, shield, cave, ship,
//                           fort, heart, bang, slash, ko, speaker
//   cardFace, cardBack      text-only cards (the Pirate page; cards.mjs draws pictures)

const SVG = "http://www.w3.org/2000/svg";

const SPRITE = `
<symbol id="icon-pirate" viewBox="0 0 40 48">
  <path d="M9 47c0-11 4-17 11-17s11 6 11 17z" fill="currentColor"/>
  <path d="M12 36h16M11 41h18" stroke="#fff" stroke-width="2" opacity=".7"/>
  <circle cx="20" cy="20" r="9.5" fill="#f3c9a2" stroke="#6b4a2f" stroke-width="1"/>
  <path d="M10 18c1-8 6-11 10-11s9 3 10 11z" fill="currentColor"/>
  <path d="M29 13l5-3-1 6z" fill="currentColor"/>
  <circle cx="16" cy="14" r="1.2" fill="#fff"/><circle cx="22" cy="12" r="1.2" fill="#fff"/>
  <path d="M11 19l18 4" stroke="#222" stroke-width="1.2"/>
  <circle cx="24" cy="21.5" r="2.6" fill="#222"/>
  <circle cx="16" cy="21" r="1.3" fill="#222"/>
  <path d="M16 25.5q4 3 8 0" stroke="#6b4a2f" stroke-width="1.2" fill="none"/>
  <path d="M32 44l6-14" stroke="#9aa3ad" stroke-width="2.2" stroke-linecap="round"/>
  <path d="M30 41l5 2" stroke="#6b4a2f" stroke-width="2.2" stroke-linecap="round"/>
</symbol>
<symbol id="icon-shield" viewBox="0 0 24 27">
  <path d="M12 1l10 4v8c0 7-5 11-10 13C7 24 2 20 2 13V5z" fill="currentColor" stroke="#7a5a00" stroke-width="1.2"/>
  <path d="M12 5v17M6 11h12" stroke="#fff7d6" stroke-width="1.6"/>
</symbol>
<symbol id="icon-cave" viewBox="0 0 36 30">
  <path d="M1 29C4 10 10 3 18 3s14 7 17 26z" fill="#8a7356" stroke="#5b4a35"/>
  <path d="M11 29c0-9 3-14 7-14s7 5 7 14z" fill="#2b2118"/>
  <path d="M6 20l3-2M28 16l3 3" stroke="#5b4a35" stroke-width="1.2"/>
</symbol>
<symbol id="icon-ship" viewBox="0 0 36 30">
  <path d="M18 2v19" stroke="#5b4a35" stroke-width="1.6"/>
  <path d="M19 4l11 14H19z" fill="#f4f1e8" stroke="#5b4a35"/>
  <path d="M17 6L8 18h9z" fill="#f4f1e8" stroke="#5b4a35"/>
  <path d="M18 2h7l-2 2 2 2h-7z" fill="#222"/>
  <path d="M2 21h32l-5 8H7z" fill="#8b5a2b" stroke="#5b3a1b"/>
</symbol>
<symbol id="icon-heart" viewBox="0 0 20 18">
  <path d="M10 17S1 11.5 1 5.6C1 2.9 3.1 1 5.5 1c2 0 3.6 1.2 4.5 2.8C10.9 2.2 12.5 1 14.5 1 16.9 1 19 2.9 19 5.6 19 11.5 10 17 10 17z" fill="currentColor" stroke="#8c1d25" stroke-width="1.4"/>
</symbol>
<symbol id="icon-bang" viewBox="0 0 40 40">
  <path d="M20 2l4 10 10-5-5 10 10 4-10 4 5 10-10-5-4 10-4-10-10 5 5-10-10-4 10-4-5-10 10 5z" fill="#ffd23f" stroke="#d1495b" stroke-width="2" stroke-linejoin="round"/>
</symbol>
<symbol id="icon-slash" viewBox="0 0 40 40">
  <path d="M6 32L34 6M10 36L37 12" stroke="#d1495b" stroke-width="4" stroke-linecap="round"/>
</symbol>
<symbol id="icon-ko" viewBox="0 0 40 20">
  <path d="M20 10A1.5 1.5 0 0 1 23 10A3 3 0 0 1 17 10A4.5 4.5 0 0 1 26 10A6 6 0 0 1 14 10A7.5 7.5 0 0 1 29 10" fill="none" stroke="#fff" stroke-width="3.4" stroke-linecap="round"/>
  <path d="M20 10A1.5 1.5 0 0 1 23 10A3 3 0 0 1 17 10A4.5 4.5 0 0 1 26 10A6 6 0 0 1 14 10A7.5 7.5 0 0 1 29 10" fill="none" stroke="#6a3d9a" stroke-width="1.8" stroke-linecap="round"/>
</symbol>
<symbol id="icon-speaker" viewBox="0 0 24 24">
  <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>
  <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9.2 9.2 0 0 1 0 13" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>
</symbol>
<symbol id="icon-fort" viewBox="0 0 36 30">
  <path d="M3 29V9h4V5h4v4h4V5h6v4h4V5h4v4h4v20z" fill="#9aa0a6" stroke="#5f6368"/>
  <path d="M14 29v-8a4 4 0 018 0v8z" fill="#3c4043"/>
  <path d="M26 5V1h6l-2 1.5 2 1.5h-6" fill="#c4432b" stroke="#5f6368" stroke-width=".6"/>
</symbol>`;

export function installIcons() {
  if (document.getElementById("play-icons")) return;
  const holder = document.createElementNS(SVG, "svg");
  holder.setAttribute("id", "play-icons");
  holder.setAttribute("aria-hidden", "true");
  holder.setAttribute("style", "position:absolute;width:0;height:0;overflow:hidden");
  holder.innerHTML = SPRITE;
  document.body.prepend(holder);
}

export function icon(name, className = "") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  if (className) svg.setAttribute("class", className);
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#icon-${name}`);
  svg.append(use);
  return svg;
}

const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const suitSign = (suit) => SUIT_SIGNS[suit] || "";

// A playing card from a view's card object ({card, rank, suit, red, name}); null gives
// an empty place labelled `empty`.
export function cardFace(card, empty = "") {
  const face = document.createElement("span");
  if (!card) {
    face.className = "card card--empty";
    face.textContent = empty;
    return face;
  }
  face.className = `card${card.red ? " card--red" : ""}${card.card === "JK" ? " card--joker" : ""}`;
  face.setAttribute("role", "img");
  face.setAttribute("aria-label", card.name);
  const rank = document.createElement("span");
  rank.className = "card__rank";
  rank.textContent = card.card === "JK" ? "JOKER" : card.rank;
  const suit = document.createElement("span");
  suit.className = "card__suit";
  suit.textContent = card.card === "JK" ? "★" : suitSign(card.suit);
  face.append(rank, suit);
  return face;
}

export function cardBack(label) {
  const back = document.createElement("span");
  back.className = "card card--back";
  back.setAttribute("role", "img");
  back.setAttribute("aria-label", label);
  back.textContent = label.match(/\d+/)?.[0] ?? "";
  return back;
}
