// The bot lab of "Write your own bot": the reader's bot file in an editor, kept in this
// browser; a tournament against the engine's bots in the page's Python
// (pirate_rules.web.botlab), a download, and a game against it on the play page. The
// code editor itself loads when the reader first reaches the lab (focus, hover, touch).

import { download, el } from "../play/client.mjs";
import { lazyEditor } from "./editor.mjs";
import { STORAGE_KEY } from "./playbot.mjs";

// The page's Python (engine.mjs) is loaded when the reader first asks for it.
const engine = () => import("./engine.mjs");
const call = async (...args) => (await engine()).call(...args);
const siteRoot = new URL("../../", import.meta.url);

// A move that takes longer stops the bot (the worker is replaced); longer on a slower
// device (engine.mjs). The lab's `data-move-limit` (seconds) is read at each request.
const MOVE_LIMIT_S = 5;
const SLICE_SECONDS = 0.25; // games per request: about this long, so progress shows

export function setUp(root) {
  const block = root.querySelector("div.highlight");
  const original = block.querySelector("pre > code").textContent;
  const saved = localStorage.getItem(STORAGE_KEY);

  const say = el("p", { class: "live-lab__status", role: "status" });
  const problem = el("pre", { class: "live-lab__problem", hidden: true });
  const progress = el("progress", { max: 1, value: 0, hidden: true, "aria-label": "Tournament progress" });
  const games = el("select", { name: "games" }, ...[20, 50, 100, 200, 500].map((n) => el("option", { value: n, selected: n === 20 }, String(n))));
  const seed = el("input", { name: "seed", type: "number", min: 0, value: 0, inputmode: "numeric" });
  const start = el("button", { type: "button", class: "live-button live-button--main" }, "Tournament");
  const stop = el("button", { type: "button", class: "live-button live-button--stop", hidden: true }, "Stop");
  const play = el("button", { type: "button", class: "live-button" }, "Play against it");
  const save = el("button", { type: "button", class: "live-button" }, "Download my_bot.py");
  const reset = el("button", { type: "button", class: "live-button" }, "Start again");
  const table = el("div", { class: "live-lab__results" });

  const editor = lazyEditor(block, {
    text: saved !== null && saved !== original ? saved : undefined,
    label: "my_bot.py, your bot's code",
    className: "live-editor live-lab__editor",
    within: root,
    onChange: (text) => {
      localStorage.setItem(STORAGE_KEY, text);
      editor.mark([]);
    },
  });
  // The pointer or the focus may have reached the lab while this module loaded.
  if (root.matches(":hover") || root.contains(document.activeElement)) editor.load();

  root.append(
    el("div", { class: "live-lab__controls" },
      el("label", {}, "Games against each bot ", games),
      el("label", {}, "First seed ", seed),
      start, stop),
    el("div", { class: "live-lab__controls" }, play, save, reset),
    progress, say, problem, table,
  );  // prettier-ignore

  let running = null; // the AbortController of the tournament in progress

  root.dataset.moveLimit ||= String(MOVE_LIMIT_S);
  const moveLimit = () => 1000 * (Number(root.dataset.moveLimit) || MOVE_LIMIT_S);

  const showProblem = (text, lines = []) => {
    problem.textContent = text;
    problem.hidden = !text;
    editor.mark(lines);
  };

  // Load the editor's file into Python; false (and the problem shown) if it fails.
  async function load(signal) {
    showProblem("");
    say.textContent = "Loading your bot…";
    const { bootWords } = await engine();
    const answer = await call("lab_load", [editor.text], { limit: moveLimit(), stop: signal, onProgress: (progress) => (say.textContent = bootWords(progress)) });
    if (!answer.ok) {
      say.textContent = "Your bot could not be loaded:";
      showProblem(answer.error, answer.marks);
      return null;
    }
    return answer;
  }

  async function tournament() {
    if (running) return;
    running = new AbortController();
    const signal = running.signal;
    start.disabled = true;
    stop.hidden = false;
    stop.focus();
    table.replaceChildren();
    const started = performance.now();
    try {
      const bot = await load(signal);
      if (!bot) return;
      const tour = await call("lab_tournament", [{ bot: bot.bot, games: Number(games.value), seed: Number(seed.value) || 0 }], { stop: signal });
      progress.hidden = false;
      progress.max = tour.total;
      progress.value = 0;
      say.textContent = `${bot.name} against ${tour.opponents.join(", ")}…`;
      let answer;
      do {
        answer = await call("lab_next", [tour.id, SLICE_SECONDS], { limit: moveLimit(), stop: signal });
        progress.value = answer.done;
        say.textContent = `Played ${answer.done} of ${answer.total} games…`;
        drawTable(answer, bot);
      } while (!answer.finished);
      const seconds = (performance.now() - started) / 1000;
      if (answer.failed) {
        say.textContent = answer.failed.headline;
        showProblem(answer.failed.error, answer.failed.marks);
      } else {
        say.textContent = `${bot.name} played ${answer.total} games in ${seconds.toFixed(1)} s.`;
        table.dataset.finished = "true";
      }
      call("lab_stop", [tour.id]).catch(() => {});
    } catch (error) {
      if (error.kind === "Stuck") {
        say.textContent = `Your bot was stopped: it thought about one move for more than ${error.seconds} seconds.`;
        showProblem("A move that never comes is usually a loop that never ends, such as a while loop whose\ncondition stays true. Python was restarted; the rest of the page goes on working.");
      } else if (error.kind === "Stopped") {
        say.textContent = "Tournament stopped.";
      } else {
        say.textContent = `Something went wrong: ${error.message}`;
      }
    } finally {
      running = null;
      start.disabled = false;
      stop.hidden = true;
      progress.hidden = true;
      if (!root.contains(document.activeElement) || document.activeElement === stop) start.focus();
    }
  }

  function drawTable(answer, bot) {
    if (!answer.rows.length) {
      table.replaceChildren(); // no game was finished: nothing to count
      return;
    }
    const draws = answer.rows.some((row) => row.draws > 0);
    const columns = ["Against", "Won", "Lost", ...(draws ? ["Drawn"] : []), "Win rate (95% interval)", "Mean game"];
    const head = el("tr", {}, ...columns.map((text) => el("th", { scope: "col" }, text)));
    const rows = answer.rows.map((row) =>
      el("tr", {},
        el("th", { scope: "row", title: row.description }, row.opponent),
        el("td", {}, String(row.wins)),
        el("td", {}, String(row.losses)),
        draws ? el("td", {}, String(row.draws)) : null,
        el("td", {}, row.share),
        el("td", {}, `${row.mean_length} turns`)),
    );  // prettier-ignore
    const games = answer.rows.map((row) => row.games);
    const caption = el("caption", {}, `${bot.name} in seat 0, ${Math.max(...games)} games against each of the engine's bots`);
    const printed = answer.rows.map((row) => `$ ${row.command}\n${row.summary}`).join("\n\n");
    table.replaceChildren(
      el("div", { class: "live-lab__scroll" }, el("table", { class: "live-lab__table" }, caption, el("thead", {}, head), el("tbody", {}, ...rows))),
      el("details", { class: "live-lab__printed" }, el("summary", {}, "The same figures as the command line prints them"), el("pre", {}, printed)),
    );
  }

  start.addEventListener("click", tournament);
  stop.addEventListener("click", () => running?.abort());
  save.addEventListener("click", () => download("my_bot.py", editor.text));
  reset.addEventListener("click", () => {
    editor.text = original;
    localStorage.removeItem(STORAGE_KEY);
    showProblem("");
    say.textContent = "The finisher is back.";
    editor.focus();
  });
  play.addEventListener("click", async () => {
    if (running) return;
    try {
      const bot = await load();
      if (!bot) return;
      localStorage.setItem(STORAGE_KEY, editor.text);
      say.textContent = `Opening the play page with ${bot.name}…`;
      location.assign(new URL("play/marvin/?bot=mine", siteRoot).href);
    } catch (error) {
      say.textContent = error.kind === "Stuck" ? "Your bot's file takes too long to load (a loop that never ends?)." : `Something went wrong: ${error.message}`;
    }
  });
}
