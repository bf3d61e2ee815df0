// Pirate with real cards: a tie judge and a scorer for two players at a real table. The
// phone lies between them; each has a pad of the four suits, and taps the suit of a
// ship they complete. The taps go into moments through the Pirate play page's own clock
// (pirate-clock.mjs: the same tie window, each tap counted at its pointer event's time
// stamp, so fingers on both pads at once all count), and each moment goes to the engine
// (pirate_rules.web.real_pirate), which settles it by the rules: one tap captures, two on
// one suit sink (P7), five ships win, or four once a ship has sunk (P10). This page only
// draws what the engine sends.
//
// Marks for tests: `data-moments` (moments settled), `data-renders` (views drawn).

import { countView, el, focusShown } from "./client.mjs";
import { MomentClock, TIE_WINDOW_MS } from "./pirate-clock.mjs";
import { keepView, lineLog, openTable, ruleLink, setupDialog, tablePage } from "./real-table.mjs";
import { createVoice } from "./voice.mjs";

const GAME = "real_pirate";
const SUITS = [
  { suit: "S", symbol: "♠", name: "spades", red: false },
  { suit: "H", symbol: "♥", name: "hearts", red: true },
  { suit: "D", symbol: "♦", name: "diamonds", red: true },
  { suit: "C", symbol: "♣", name: "clubs", red: false },
];
const page = tablePage();
const { root, dialog, endBox, notice, siteRoot } = page;
const scoreLine = document.getElementById("score");
const saidLine = document.getElementById("said");
const tools = {
  undo: document.getElementById("undo"),
  blocked: document.getElementById("blocked"),
  newGame: document.getElementById("new-game"),
};
const pads = [0, 1].map((seat) => {
  const box = root.querySelector(`.rp-pad--${seat}`);
  return { box, name: box.querySelector(".rp-pad__name"), ships: box.querySelector(".rp-pad__ships"), suits: box.querySelector(".rp-suits"), buttons: new Map() };
});

let talk = null;
let view = null;
let version = "";
let voice = null;
let setup = null; // opens the New game dialog
const clock = new MomentClock(settle);

// -- the pads ----------------------------------------------------------------------------

function buildPads() {
  for (const [seat, pad] of pads.entries()) {
    for (const { suit, symbol, name, red } of SUITS) {
      const ship = el("span", { class: "rp-suit__ship" });
      const button = el(
        "button",
        { type: "button", class: `rp-suit${red ? " rp-suit--red" : ""}`, "data-seat": seat, "data-suit": suit },
        el("span", { class: "rp-suit__symbol", "aria-hidden": "true" }, symbol),
        ship,
      );
      button.dataset.name = name;
      // Each finger acts on its own pointerdown, timed by the event itself: fingers on
      // both pads at once all count, and no click comes when touches overlap. A click
      // that no pointer began is Enter or Space on a focused button.
      button.addEventListener("pointerdown", (event) => {
        if (event.pointerType === "mouse" && event.button !== 0) return;
        event.preventDefault();
        tap(seat, suit, event.timeStamp);
      });
      button.addEventListener("click", (event) => {
        if (event.detail === 0) tap(seat, suit, event.timeStamp);
      });
      pad.buttons.set(suit, { button, ship });
      pad.suits.append(button);
    }
  }
}

function tap(seat, suit, time) {
  if (!view || view.outcome || dialog.open) return;
  const { button } = pads[seat].buttons.get(suit);
  button.classList.add("rp-suit--pending");
  clock.act(seat, suit, time);
}

/** A moment's taps, settled by the engine. */
async function settle(moment) {
  const pressed = moment.pressed.filter((time) => time !== null);
  const at = performance.timeOrigin + Math.min(...pressed);
  const next = await talk.request("real_pirate_moment", view.id, moment.actions, at);
  for (const pad of pads) for (const { button } of pad.buttons.values()) button.classList.remove("rp-suit--pending");
  if (!next) return;
  if (next.refusal) {
    saidLine.textContent = next.refusal.words;
    return;
  }
  show(next);
  voice.say(next.said.map((line) => line.family).join(" "));
}

// -- drawing ------------------------------------------------------------------------------

const log = lineLog(document.getElementById("log"), siteRoot);

function show(next) {
  view = next;
  keepView(GAME, next, version);
  const [near, far] = next.players;
  for (const [seat, pad] of pads.entries()) {
    const captured = next.captured[seat];
    pad.name.textContent = `${next.players[seat]}: ${captured.length} ${captured.length === 1 ? "ship" : "ships"}`;
    pad.ships.replaceChildren(
      ...captured.map((ship) => el("li", { class: `rp-ship${"HD".includes(ship.suit) ? " rp-ship--red" : ""}`, title: `${SUITS.find((s) => s.suit === ship.suit).name} ship ${ship.number}` }, SUITS.find((s) => s.suit === ship.suit).symbol)),
    );
    for (const state of next.suits) {
      const { button, ship } = pad.buttons.get(state.suit);
      const keel = state.keels[seat] === 1 ? "A" : "K";
      ship.textContent = `ship ${state.number} · ${keel === "A" ? "A↑" : "K↓"}`;
      button.setAttribute("aria-label", `${next.players[seat]}: I completed the ${state.name} ship (ship ${state.number}; I build from the ${keel === "A" ? "Ace" : "King"})`);
      button.disabled = Boolean(next.outcome);
    }
  }
  const sunk = next.sunk.length ? ` · ${next.sunk.length} sunk` : "";
  scoreLine.textContent = `${near} ${next.score[0]} – ${next.score[1]} ${far}${sunk} · ${next.to_win} ships win`;
  const last = next.said.length ? next.said : next.log.slice(-1);
  saidLine.replaceChildren(...last.flatMap((line) => [el("span", {}, line.family), " ", ruleLink(line, siteRoot), " "]));
  log.show(next.log);
  tools.undo.disabled = !next.can_undo;
  tools.blocked.disabled = Boolean(next.outcome);
  endBox.hidden = !next.outcome;
  if (next.outcome) {
    document.getElementById("end-text").textContent = next.outcome.text;
    if (!dialog.open && !notice.holdsFocus()) focusShown(document.getElementById("again"));
  }
  root.dataset.moments = String(next.moments);
  countView(root, talk.game);
}

// -- games --------------------------------------------------------------------------------

/** Start a game (or resume one from its keep): true once it is on the table, false if it
 * cannot start (`talk.lastError` says why), null if another game was asked for first. */
async function start(options, quiet = false) {
  const mine = talk.newGame();
  notice.hide();
  clock.reset();
  clock.seat({ computers: [], people: true });
  root.dataset.game = String(talk.game);
  const first = await (quiet ? talk.attempt : talk.request).call(talk, "real_pirate_new", options);
  if (!first) return talk.notStarted(mine);
  log.restart(first.log);
  show(first);
  return true;
}

/** The New game dialog's answers as the engine's options. */
const gameOptions = (values) => ({ players: [values.name0, values.name1], low: Number(values.low) });

async function takeBack() {
  if (!view?.can_undo || talk.busy) return;
  const back = await talk.request("real_pirate_undo", view.id);
  if (!back) return;
  notice.show(`Taken back: ${back.undone}`);
  show(back);
}

async function nothingFits() {
  if (!view || view.outcome || talk.busy) return;
  const next = await talk.request("real_pirate_end", view.id);
  if (!next) return;
  show(next);
  voice.say(next.said.map((line) => line.family).join(" "));
}

const openSetup = () => setup(view?.players);

function build(started) {
  ({ talk, version } = started);
  buildPads();
  // The page names its tie window: the very one of the Pirate play page.
  const tenths = TIE_WINDOW_MS / 100;
  document.getElementById("window-words").textContent = `tie window of ${TIE_WINDOW_MS} ms (${tenths === 1 ? "a tenth" : `${tenths} tenths`} of a second)`;
  setup = setupDialog(dialog, (values) => start(gameOptions(values)));
  tools.newGame.addEventListener("click", openSetup);
  tools.undo.addEventListener("click", takeBack);
  tools.blocked.addEventListener("click", nothingFits);
  document.getElementById("again").addEventListener("click", openSetup);
  voice = createVoice(document.getElementById("voice"), { none: "No voice" });
}

await openTable(page, {
  game: GAME,
  build,
  start,
  options: gameOptions,
  setup: openSetup,
  playing: () => Boolean(view && !view.outcome),
});
