// What the play pages say above the table, and how they open a kept game.
//
//   new Notice(box)             a message in `box` (role=status) with buttons and a ×:
//                               show(text, ...actions), hide(), holdsFocus()
//   pageButton(text, onclick)   one of the page's buttons
//   shareNotice(notice, hash)   the link to this page with `hash` (keep.mjs shareHash), to
//                               copy: it opens the same game at the same point
//   new KeptGames(options)      opening a game when the page loads (open()): the game of a
//                               share link, else the game saved in this browser, else a new
//                               one; the saved game that a shared one replaces is set
//                               aside, and "Back to my own game" brings it back, then
//                               or on any later visit until it is back. A share link
//                               pasted into the address later (a hashchange) opens its
//                               game the same way.
//
// KeptGames options: `game` ("marvin", "pirate"), `notice`; `start(keep)` puts a kept
// game on the table and resolves true, or false with `lastError()` saying why, or null
// when another game was asked for before it started (the player's newer choice, which
// then goes on the table: nothing is set aside or started for it); `fresh()`
// starts a new game; `settle(extra)` puts back the page settings saved with a game;
// `version()` is the engine's; `welcome` is said when a saved game is resumed.

import { el } from "./client.mjs";
import { copyAside, findAside, forgetGame, loadGame, readShareHash, restoreAside, setAside } from "./keep.mjs";

const SHARED = "a shared game was opened";

export function pageButton(text, onclick) {
  return el("button", { type: "button", class: "play-button", onclick }, text);
}

export class Notice {
  constructor(box) {
    this.box = box;
  }

  show(text, ...actions) {
    const close = el("button", { type: "button", class: "play-button", "aria-label": "Close this message", onclick: () => this.hide() }, "×");
    this.box.replaceChildren(el("p", {}, text), ...actions.filter(Boolean), close);
    this.box.hidden = false;
  }

  hide() {
    this.box.hidden = true;
    this.box.replaceChildren();
  }

  holdsFocus() {
    return this.box.contains(document.activeElement);
  }
}

export function shareNotice(notice, hash) {
  const link = new URL(hash, location.href.split("#")[0]).href;
  const field = el("input", { class: "play-link", readonly: true, value: link, "aria-label": "Link to this game" });
  const copy = pageButton("Copy the link", async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(link);
      copy.textContent = "Copied!";
    } catch {
      document.execCommand?.("copy");
      copy.textContent = "Selected: copy it";
    }
  });
  notice.show("This link opens this game at this very point, on any device:", field, copy);
  field.focus();
  field.select();
  return link;
}

export class KeptGames {
  constructor({ game, notice, start, fresh, settle = () => {}, lastError, version = () => "", welcome }) {
    Object.assign(this, { game, notice, start, fresh, settle, lastError, version });
    this.welcome = welcome || "Welcome back! Your game is just as you left it.";
  }

  /** Resume the saved game, if there is an unfinished one; `before` starts the notice. */
  async resumeSaved(before = "") {
    const { game, notice } = this;
    const { saved, problem } = loadGame(game);
    if (problem) {
      notice.show(`${before}${problem} It has been put aside, and a new game has started.`);
      return false;
    }
    if (!saved || saved.extra?.finished) return false;
    this.settle(saved.extra || {});
    const resumed = await this.start(saved.keep);
    if (resumed === null) return true; // another game was asked for meanwhile: it is on the table
    if (resumed) {
      const afresh = pageButton("Start afresh", () => {
        notice.hide();
        forgetGame(game);
        this.fresh();
      });
      const back = this.backButton(findAside(game, SHARED));
      const own = back ? " Your own game from before the shared one is kept too." : "";
      notice.show(`${before}${this.welcome}${own}`, back, afresh);
      return true;
    }
    setAside(game, "could not be replayed");
    const old = saved.engine && saved.engine !== this.version() ? " (kept by an older version of the game)" : "";
    notice.show(
      `${before}The saved game${old} could not be resumed: ${this.lastError()}. It has been put aside, and a new game has started.`,
    );
    return false;
  }

  /** At page load: the shared game, else the saved one, else a new game. A share link
   * opened later in this tab changes only the address's hash: it opens its game too. */
  async open() {
    window.addEventListener("hashchange", () => this.followLink());
    const link = await this.openLink();
    if (!link.opened) await this.openElse(link.problem || "");
  }

  /** The game of the share link in the address: {opened}, {problem} (with `started`
   * once the game on the table was given up for it), or {} for no share link.
   *
   * The link stays in the address, and the saved game stays saved (a copy is set aside),
   * until the shared game is on the table and saved in its place: a reload at any moment
   * before then opens the link again, and "Back to my own game" still finds one's own. */
  async openLink() {
    const { game, notice } = this;
    const shared = readShareHash(location.hash, game);
    if (!shared.keep && !shared.problem) return {};
    const forgetLink = () => history.replaceState(null, "", location.pathname + location.search);
    if (shared.problem) {
      forgetLink();
      return { problem: `${shared.problem} ` };
    }
    const { saved } = loadGame(game);
    const aside = saved && !saved.extra?.finished ? copyAside(game, SHARED) : null;
    const opened = await this.start(shared.keep);
    forgetLink();
    if (opened === null) return { opened: true }; // another game was asked for meanwhile
    if (opened) {
      notice.show("Here is the shared game, at the point where it was shared.", this.backButton(aside));
      return { opened: true };
    }
    if (aside) restoreAside(game, aside);
    return { problem: `The shared game could not be opened: ${this.lastError()}. `, started: true };
  }

  /** "Back to my own game": the game set aside under `aside` is put back and resumed;
   * null when nothing was set aside. */
  backButton(aside) {
    if (!aside) return null;
    return pageButton("Back to my own game", async () => {
      this.notice.hide();
      restoreAside(this.game, aside);
      if (!(await this.resumeSaved())) this.fresh();
    });
  }

  /** No shared game: the saved one, else a new game; `problem` starts the notice. One's
   * own game, set aside for a shared game that is now over, is still offered. */
  async openElse(problem) {
    const { notice } = this;
    if (await this.resumeSaved(problem)) return;
    await this.fresh();
    if (!notice.box.hidden) return;
    const back = this.backButton(findAside(this.game, SHARED));
    if (back) notice.show(`${problem}A new game has started. Your own game from before the shared one is kept.`, back);
    else if (problem) notice.show(`${problem}A new game has started instead.`);
  }

  /** A share link pasted into the address while the page is open. A link that cannot
   * be read leaves the game on the table as it is, and says so. */
  async followLink() {
    const link = await this.openLink();
    if (!link.problem) return;
    if (link.started) await this.openElse(link.problem);
    else this.notice.show(`${link.problem}The game on the table goes on.`);
  }
}
