// What the two pages for playing with real cards share (real-marvin.mjs, real-pirate.mjs):
// starting Python, the New game dialog (the players' names first), the game kept in this
// browser, and the log of the engine's lines, each with its rule.
//
//   openTable(page, options)    start the engine, build the page, open the kept game or
//                               a new one (with the dialog); resolves {engine, talk,
//                               version}, or null when the engine cannot start
//   keepView(game, view, v)     save a view's game in this browser (keep.mjs)
//   setupDialog(dialog, start)  wire the New game dialog: `start(options)` on submit;
//                               returns open(names), which fills in the names and opens it
//   lineLog(list, siteRoot)     {show(lines), restart(lines)}: the engine's log lines
//                               ({n, family, rule, href}) not shown yet, with rule links
//   ruleLink(line, siteRoot)    a link to a line's rule
//   tablePage()                 the page's common parts: {root, area, dialog, endBox,
//                               notice, siteRoot}

import { Conversation, bootPage, el, logTo, pageReady } from "./client.mjs";
import { guardShortcuts } from "./guard.mjs";
import { saveGame } from "./keep.mjs";
import { KeptGames, Notice } from "./notice.mjs";

export function tablePage() {
  const root = document.getElementById("play");
  return {
    root,
    area: root.querySelector(".play-area"),
    dialog: document.getElementById("options"),
    endBox: document.getElementById("end"),
    notice: new Notice(document.getElementById("notice")),
    siteRoot: new URL(root.dataset.site || "../../", document.baseURI),
  };
}

export function ruleLink(line, siteRoot) {
  return el("a", { class: "rule-link", href: new URL(line.href, siteRoot).href, title: `Rule ${line.rule}` }, line.rule);
}

export function lineLog(list, siteRoot) {
  const say = logTo(list, 1000);
  let shown = 0;
  const show = (lines) => {
    for (const line of lines) {
      if (line.n < shown) continue;
      say("");
      list.lastElementChild.dataset.n = String(line.n);
      list.lastElementChild.append(el("span", { class: "log-family" }, line.family), " ", ruleLink(line, siteRoot));
      shown = line.n + 1;
    }
  };
  const restart = (lines) => {
    list.replaceChildren();
    shown = 0;
    show(lines);
  };
  return { show, restart };
}

export function setupDialog(dialog, start) {
  const form = dialog.querySelector("form");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    dialog.close();
    window.scrollTo({ top: 0 }); // the new game's table in sight, wherever the page was
    await start(Object.fromEntries(new FormData(form)));
  });
  dialog.querySelector("[data-close]").addEventListener("click", () => dialog.close());
  return (names) => {
    if (names) [form.elements.name0.value, form.elements.name1.value] = names;
    dialog.showModal();
  };
}

/** Save a view's game in this browser (keep.mjs), finished or not. */
export function keepView(game, view, version) {
  saveGame(game, view.keep, { finished: Boolean(view.outcome) }, version);
}

/**
 * Start the engine, then `build({engine, talk, version})` the page, and put on the table
 * the game of a share link, else the one kept in this browser, else a new one from the
 * New game dialog's defaults, with the dialog open to name the players. `start(options,
 * quiet)` asks for a game and resolves true once it is drawn; `options(values)` makes
 * the dialog's values the engine's options; `setup()` opens the dialog; while
 * `playing()`, the site's one-key shortcuts are kept away from the game (guard.mjs).
 */
export async function openTable(page, { game, build, start, options, setup, playing }) {
  const { root, notice, dialog } = page;
  const engine = await bootPage(root);
  if (!engine) return null;
  const talk = new Conversation(engine, (text) => notice.show(text));
  const version = (await engine.call("info")).version;
  build({ engine, talk, version });
  guardShortcuts(() => playing() && !page.area.hidden);
  const kept = new KeptGames({
    game,
    notice,
    start: (keep) => start(keep, true),
    fresh: async () => {
      await start(options(Object.fromEntries(new FormData(dialog.querySelector("form")))), false);
      setup();
    },
    lastError: () => talk.lastError,
    version: () => version,
  });
  page.area.hidden = false;
  await kept.open();
  pageReady(root);
  return { engine, talk, version };
}
