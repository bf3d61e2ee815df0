// The chapters of "Build it yourself": the learner's file in an editor, kept in this
// browser chapter by chapter; "Check my code" runs the chapter's checks in the page's
// Python (pirate_rules.web.course), then plays the file beside the real engine over 200
// seeded games. The learner's file itself runs in a worker of its own, with a Python of
// its own (learner.mjs): the checks' answers say what to ask it (`ask`), and this module
// carries each round trip there and the reply back (`relay`). The last page measures
// both engines in games per second. Every rule, every check and every word about the
// learner's code comes from Python: this module only draws what it is sent.

import { download, el } from "../play/client.mjs";
import { lazyEditor } from "./editor.mjs";
import { learnerWorker, onLearnerStart } from "./learner.mjs";

// The page's Python (engine.mjs) is loaded when the reader first asks for it, and the code
// editor when they first reach it (focus, hover, touch): until then the file is shown as
// plain code.
const engine = () => import("./engine.mjs");
const call = async (...args) => (await engine()).call(...args);
const siteRoot = new URL("../../", import.meta.url);
const TRIGGERS = ["focusin", "pointerenter", "pointerdown"];

const CHECK_LIMIT_MS = 20_000; // no sign of life for this long: Python is replaced
const GAME_LIMIT_MS = 10_000;
const SLICE_SECONDS = 0.25; // games per request: about this long, so progress shows
const SPEED_SECONDS = 1; // each round of each engine (the element's data-seconds, if set)
const SPEED_ROUNDS = 3;
const key = (file, chapter) => `pirate-rules:course:${file}:${chapter}`;
const marker = (number) => `# ── Chapter ${number} `;

// The learner's worker starts with the first request that needs it; its program (the
// agent) comes from the checks' Python, once.
let agentFiles = null;
function learner() {
  const worker = learnerWorker();
  agentFiles ??= call("course_agent", [], { limit: CHECK_LIMIT_MS });
  agentFiles.catch(() => (agentFiles = null));
  worker.start(agentFiles).catch(() => {}); // told by the round trip that waits for it
  return worker;
}

// Carry the round trips an answer asks for, until the answer is the result.
async function relay(answer, signal, say) {
  while (answer?.ask) {
    const worker = learner();
    if (say && !worker.running) say("Starting a Python of its own for your code…");
    const reply = await worker.carry(answer.ask, { stop: signal });
    if (say) say("Checking your code…");
    answer = await call("course_answer", [answer.id, answer.ask.trip, reply], { limit: CHECK_LIMIT_MS, stop: signal });
  }
  return answer;
}

// The figures of each start of the learner's worker, for the tests and benchmarks.
onLearnerStart(({ seconds, memory, restored }) => {
  const root = document.getElementById("course") || document.getElementById("course-speed");
  if (!root) return;
  root.dataset.learnerStarts = String(Number(root.dataset.learnerStarts || 0) + 1);
  root.dataset.learnerSeconds = seconds.toFixed(3);
  root.dataset.learnerRestored = String(restored);
  if (memory) root.dataset.learnerMemory = String(memory);
});

export function setUp() {
  document.head.append(el("link", { rel: "stylesheet", href: new URL("course.css", import.meta.url).href }));
  const chapter = document.getElementById("course");
  if (chapter) new ChapterLab(chapter);
  const speed = document.getElementById("course-speed");
  if (speed) new SpeedLab(speed);
}

function ruleLink(rule, links) {
  const path = links?.[rule] || (rule.startsWith("P") ? `rules/pirate/#${rule}` : `rules/marvin/#${rule}`);
  return el("a", { href: new URL(path, siteRoot).href, class: "course-rule" }, rule);
}

function stoppedWords(error) {
  if (error.kind === "Stuck") {
    return [
      "The checks were stopped: their Python gave no sign of life for several seconds.",
      "It was started again, and the page goes on working: press Check again. (Your own code runs in a Python of its own; a loop in it is told in words.)",
    ];
  }
  if (error.kind === "Stopped") return ["Stopped.", ""];
  return [`Something went wrong: ${error.message}`, ""];
}

class ChapterLab {
  constructor(root) {
    this.root = root;
    this.chapter = Number(root.dataset.chapter);
    this.file = root.dataset.file;
    this.before = (root.dataset.before || "").split(/\s+/).filter(Boolean);
    this.next = root.dataset.next || "";
    this.part = document.querySelector(".course-part code")?.textContent ?? "";
    this.running = null;
    this.quiet = false; // true while the page itself sets the editor's text
    this.build();
  }

  build() {
    const root = this.root;
    const holder = el("div", { class: "highlight course__code" }, el("pre", {}, el("code", { tabindex: "0" }, ""))); // it may scroll
    this.say = el("p", { class: "live-lab__status course__status", role: "status" });
    this.problem = el("pre", { class: "live-lab__problem", hidden: true });
    this.progress = el("progress", { max: 200, value: 0, hidden: true, "aria-label": "Games beside the real engine" });
    this.results = el("div", { class: "course__results" });
    this.checkButton = el("button", { type: "button", class: "live-button live-button--main" }, "Check my code");
    this.stopButton = el("button", { type: "button", class: "live-button live-button--stop", hidden: true }, "Stop");
    const reset = el("button", { type: "button", class: "live-button" }, `Reset chapter ${this.chapter}`);
    const save = el("button", { type: "button", class: "live-button" }, `Download ${this.file}`);
    const apart = el("p", { class: "course__apart" },
      "Your code runs in a Python of its own in this browser, apart from the checks and the real engine: a check of good faith, not a sandbox (",
      el("a", { href: new URL("learn/build-it/#how-it-works", siteRoot).href }, "how it works"), ").");
    root.replaceChildren(
      holder,
      el("div", { class: "live-lab__controls" }, this.checkButton, this.stopButton, reset, save),
      this.progress, this.say, this.problem, this.results, apart,
    ); // prettier-ignore
    const saved = localStorage.getItem(key(this.file, this.chapter));
    this.editor = lazyEditor(holder, {
      text: saved ?? this.part,
      label: `${this.file}, your code for chapter ${this.chapter}`,
      className: "live-editor course__editor",
      within: root,
      onRun: () => this.check(),
      onChange: (text) => {
        if (this.quiet) return;
        localStorage.setItem(key(this.file, this.chapter), text);
        this.editor.mark([]);
      },
    });
    // Once the editor is there: the file is longer than it, and it scrolls, so keyboards
    // reach its scrolling too.
    const opened = () => {
      TRIGGERS.forEach((name) => root.removeEventListener(name, opened));
      this.editor.load().then((editor) => editor.view.scrollDOM.setAttribute("tabindex", "0"));
    };
    TRIGGERS.forEach((name) => root.addEventListener(name, opened, { passive: true }));
    // The pointer or the focus may have reached the chapter while this module loaded.
    if (root.matches(":hover") || root.contains(document.activeElement)) opened();
    // Until the file from the chapters before is read in, Download and Check wait for it:
    // the editor holds only this chapter's part meanwhile.
    this.starting = saved === null ? this.start().catch(() => {}) : Promise.resolve();
    this.checkButton.addEventListener("click", () => this.check());
    this.stopButton.addEventListener("click", () => this.running?.abort());
    save.addEventListener("click", async () => {
      await this.starting;
      download(this.file, this.editor.text);
    });
    reset.addEventListener("click", () => this.reset());
  }

  // The text a chapter starts from: the learner's file from the latest earlier chapter
  // kept in this browser, with the parts of the chapters after it (read from their pages).
  async startingText() {
    const first = this.chapter - this.before.length; // the file's first chapter
    let base = "";
    let from = first - 1;
    for (let number = this.chapter - 1; number >= first; number--) {
      const kept = localStorage.getItem(key(this.file, number));
      if (kept !== null) {
        base = kept;
        from = number;
        break;
      }
    }
    const parts = [];
    for (let number = from + 1; number < this.chapter; number++) parts.push([number, await this.partOf(this.before[number - first])]);
    parts.push([this.chapter, this.part]);
    let text = base.trimEnd();
    for (const [number, part] of parts) {
      if (text && text.includes(marker(number))) continue;
      text = text ? `${text}\n\n\n${part.trim()}` : part.trimEnd();
    }
    return `${text}\n`;
  }

  async partOf(page) {
    const response = await fetch(new URL(page, location.href));
    const html = await response.text();
    return new DOMParser().parseFromString(html, "text/html").querySelector(".course-part code")?.textContent ?? "";
  }

  async start() {
    const text = await this.startingText();
    if (localStorage.getItem(key(this.file, this.chapter)) !== null) return; // edited meanwhile
    this.quiet = true;
    this.editor.text = text;
    this.quiet = false;
  }

  async reset() {
    if (this.running) return;
    localStorage.removeItem(key(this.file, this.chapter));
    await (this.starting = this.start());
    this.show("", []);
    this.results.replaceChildren();
    this.setState("");
    this.say.textContent = this.chapter > 1 && this.file === "my_engine.py"
      ? `Chapter ${this.chapter} starts again: your file from the chapters before, and this chapter's part.`
      : `Chapter ${this.chapter} starts again from the skeleton.`;
    this.editor.focus();
  }

  show(text, lines) {
    this.problem.textContent = text;
    this.problem.hidden = !text;
    this.mark(lines);
  }

  // Mark the lines, and scroll the editor (not the page) to the first of them.
  async mark(lines) {
    this.editor.mark(lines);
    if (!lines.length) return;
    const { view } = await this.editor.load();
    const first = Math.min(...lines.filter((number) => number >= 1 && number <= view.state.doc.lines));
    if (!Number.isFinite(first)) return;
    const block = view.lineBlockAt(view.state.doc.line(first).from);
    view.scrollDOM.scrollTop = Math.max(0, block.top - view.scrollDOM.clientHeight / 3);
  }

  setState(state) {
    this.root.dataset.state = state;
  }

  async check() {
    await this.starting;
    if (this.running) return;
    const controller = (this.running = new AbortController());
    const signal = controller.signal;
    const text = this.editor.text;
    this.checkButton.disabled = true;
    this.stopButton.hidden = false;
    this.show("", []);
    this.results.replaceChildren();
    this.setState("checking");
    const started = performance.now();
    this.say.textContent = "Checking your code…";
    try {
      learner(); // its Python starts while the checks' starts
      const { bootWords, slowness } = await engine();
      const onProgress = (progress) => (this.say.textContent = bootWords(progress));
      const options = { slower: await slowness(onProgress) }; // a slow device: longer calls
      const first = await call("course_check", [this.chapter, text, options], { limit: CHECK_LIMIT_MS, stop: signal });
      const answer = await relay(first, signal, (words) => (this.say.textContent = words));
      this.root.dataset.callSeconds = String(answer.call_seconds);
      const seconds = (performance.now() - started) / 1000;
      this.root.dataset.checkSeconds = seconds.toFixed(3);
      if (answer.fault) {
        this.say.textContent = `${this.file} does not run yet:`;
        this.show(answer.fault.trace ? `${answer.fault.message}\n\n${answer.fault.trace}` : answer.fault.message, answer.fault.lines);
        this.setState("fault");
        return;
      }
      this.drawFindings(answer);
      const failed = answer.findings.filter((finding) => !finding.ok);
      if (failed.length) {
        const marked = failed[0].lines.length ? " The lines of the first that fails are marked." : "";
        this.say.textContent = `${answer.findings.length - failed.length} of ${answer.findings.length} checks pass (${seconds.toFixed(1)} s). Fix the first that fails.${marked}`;
        this.mark(failed[0].lines);
        this.setState("failed");
        return;
      }
      this.say.textContent = `All ${answer.findings.length} checks pass (${seconds.toFixed(1)} s). Now your code plays beside the real engine…`;
      await this.compare(text, options, signal);
    } catch (error) {
      const [said, detail] = stoppedWords(error);
      this.say.textContent = said;
      this.show(detail, []);
      this.setState(error.kind === "Stopped" ? "stopped" : "stuck");
    } finally {
      this.running = null;
      this.checkButton.disabled = false;
      this.stopButton.hidden = true;
      this.progress.hidden = true;
      if (!this.root.contains(document.activeElement) || document.activeElement === this.stopButton) this.checkButton.focus();
    }
  }

  drawFindings(answer) {
    const items = answer.findings.map((finding) =>
      el("li", { class: `course-finding course-finding--${finding.ok ? "ok" : "fail"}` },
        el("span", { class: "course-finding__mark", "aria-label": finding.ok ? "passes" : "fails" }, finding.ok ? "✓" : "✗"),
        ruleLink(finding.rule, answer.rules), " ",
        el("span", { class: "course-finding__says" }, finding.says),
        finding.ok ? null : el("p", { class: "course-finding__problem" }, finding.problem),
        finding.trace ? el("pre", { class: "course-finding__trace" }, finding.trace) : null),
    ); // prettier-ignore
    this.results.replaceChildren(el("ol", { class: "course-findings", "aria-label": `The checks of chapter ${this.chapter}` }, ...items));
  }

  async compare(text, options, signal) {
    const run = await call("course_compare", [this.chapter, text, options], { limit: CHECK_LIMIT_MS, stop: signal });
    this.progress.hidden = false;
    this.progress.max = run.total;
    this.progress.value = 0;
    this.setState("comparing");
    let answer;
    try {
      do {
        answer = await call("course_next", [run.id, SLICE_SECONDS], { limit: GAME_LIMIT_MS, stop: signal });
        answer = await relay(answer, signal);
        this.progress.value = answer.done;
        this.say.textContent = `Beside the real engine: ${answer.done} of ${answer.total} games agree so far…`;
      } while (!answer.finished);
    } finally {
      call("course_stop", [run.id]).catch(() => {});
    }
    this.root.dataset.games = String(answer.done);
    const verdict = el("div", { class: "course-beside" });
    if (answer.fault) {
      this.say.textContent = `${this.file} does not run:`;
      this.show(answer.fault.message, answer.fault.lines);
      this.setState("fault");
    } else if (answer.disagreement) {
      const found = answer.disagreement;
      const before = found.game - 1;
      this.say.textContent = `Your code and the real engine part ways in game ${found.game} (seed ${found.seed})${before ? `, after ${before} game${before === 1 ? "" : "s"} that agreed` : ""}:`;
      const rule = found.rule ? [" (", ruleLink(found.rule, found.link ? { [found.rule]: found.link } : null), ")"] : [];
      verdict.append(
        el("p", { class: "course-beside__text" }, found.text, ...rule),
        found.trace ? el("pre", { class: "course-finding__trace" }, found.trace) : "",
      );
      this.mark(found.lines);
      this.setState("disagreed");
    } else {
      this.say.textContent = `All ${answer.total} games agree with the real engine (seeds ${run.first_seed} to ${run.first_seed + answer.total - 1}, ${answer.seconds.toFixed(1)} s): chapter ${this.chapter} is done.`;
      if (this.next) verdict.append(el("p", {}, el("a", { href: this.next, class: "course-next" }, "On to the next chapter")));
      this.setState("agreed");
    }
    this.results.append(verdict);
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const SPEED_NAMES = { mine: "Your engine (my_engine.py)", plain: "The real engine, plain steps", real: "The real engine, with its shortcuts" };

class SpeedLab {
  constructor(root) {
    this.root = root;
    this.file = root.dataset.file;
    this.chapter = root.dataset.chapter;
    this.button = el("button", { type: "button", class: "live-button live-button--main" }, "Measure both engines");
    this.say = el("p", { class: "live-lab__status", role: "status" });
    this.table = el("div", { class: "course-speed__table" });
    this.problem = el("pre", { class: "live-lab__problem", hidden: true });
    root.replaceChildren(el("div", { class: "live-lab__controls" }, this.button), this.say, this.problem, this.table);
    this.button.addEventListener("click", () => this.measure());
    const kept = localStorage.getItem(key(this.file, this.chapter));
    this.say.textContent = kept === null
      ? "Your engine is not in this browser yet (it is kept as you write chapter 5): only the real engine will be measured."
      : "Your engine is the my_engine.py of chapter 5, as this browser keeps it.";
  }

  async measure() {
    if (this.running) return;
    this.running = true;
    this.button.disabled = true;
    this.problem.hidden = true;
    const source = localStorage.getItem(key(this.file, this.chapter));
    const engines = source === null ? ["plain", "real"] : ["mine", "plain", "real"];
    const runs = Object.fromEntries(engines.map((name) => [name, []]));
    const failed = {};
    const seconds = Number(this.root.dataset.seconds) || SPEED_SECONDS;
    try {
      const { bootWords } = await engine();
      const sizes = source === null ? null : await call("course_sizes", [source], { limit: CHECK_LIMIT_MS, onProgress: (p) => (this.say.textContent = bootWords(p)) });
      for (let round = 1; round <= SPEED_ROUNDS; round++) {
        for (const which of engines) {
          if (failed[which]) continue;
          this.say.textContent = `Measuring, round ${round} of ${SPEED_ROUNDS}: ${SPEED_NAMES[which].toLowerCase()}…`;
          if (which === "mine") learner();
          const asked = await call("course_speed", [which, source, seconds], { limit: CHECK_LIMIT_MS, onProgress: (p) => (this.say.textContent = bootWords(p)) });
          const answer = await relay(asked);
          if (answer.fault) failed[which] = answer.fault;
          else runs[which].push(answer);
        }
      }
      this.draw(runs, sizes, failed);
      this.say.textContent = `Measured in this browser: ${SPEED_ROUNDS} rounds of about ${seconds} s for each engine, taken in turn.`;
      this.root.dataset.measured = "true";
    } catch (error) {
      const [said, detail] = stoppedWords(error);
      this.say.textContent = said;
      this.problem.textContent = detail;
      this.problem.hidden = !detail;
    } finally {
      this.running = false;
      this.button.disabled = false;
    }
  }

  draw(runs, sizes, failed) {
    const lines = {
      mine: sizes?.mine ? Object.values(sizes.mine).reduce((a, b) => a + b, 0) : null,
      plain: sizes ? Object.values(sizes.real).reduce((a, b) => a + b, 0) : null,
      real: sizes ? Object.values(sizes.real).reduce((a, b) => a + b, 0) : null,
    };
    const rows = Object.entries(runs).map(([engine, answers]) => {
      const rates = answers.map((answer) => answer.per_second);
      const turns = answers.reduce((sum, a) => sum + a.turns, 0) / Math.max(1, answers.reduce((sum, a) => sum + a.games, 0));
      const cells = failed[engine]
        ? [el("td", { colspan: 2 }, failed[engine].message)]
        : [
            el("td", { "data-engine": engine, "data-rate": median(rates) }, `${Math.round(median(rates)).toLocaleString("en")} (${Math.round(Math.min(...rates)).toLocaleString("en")}–${Math.round(Math.max(...rates)).toLocaleString("en")})`),
            el("td", {}, turns.toFixed(1)),
          ];
      return el("tr", {}, el("th", { scope: "row" }, SPEED_NAMES[engine]), ...cells, el("td", {}, lines[engine] === null ? "–" : String(lines[engine])));
    });
    const head = el("tr", {}, ...["Engine", "Games per second (median, range)", "Turns per game", "Lines of code"].map((text) => el("th", { scope: "col" }, text)));
    this.table.replaceChildren(
      el("div", { class: "live-lab__scroll" },
        el("table", { class: "live-lab__table" },
          el("caption", {}, "Random moves on both sides, whole games only, in this browser's Python"),
          el("thead", {}, head), el("tbody", {}, ...rows))),
    ); // prettier-ignore
    if (runs.mine?.length && runs.real?.length) {
      const times = median(runs.real.map((a) => a.per_second)) / median(runs.mine.map((a) => a.per_second));
      this.table.append(el("p", { class: "course-speed__ratio" }, `The real engine plays about ${times.toFixed(1)} times as many games a second as yours.`));
    }
  }
}
