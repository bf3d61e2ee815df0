// Runs the page's examples in its Python and shows each answer under the example. Python
// (pirate_rules.web.live) reads, runs and compares them; this module keeps them in page
// order, draws the answers and swaps an example for an editor when asked.
//
// An example that shows no sign of life for the page's time limit (live.mjs says it on
// the page) is stopped and Python restarted. The examples before another one run again
// to rebuild its namespace; an edited example whose last run was stopped or failed is
// not run again as the reader changed it: the page's own version runs in its place, and
// its note says so.

import { el } from "../play/client.mjs";
import { bootWords, call, onRestart, ready, siteRoot } from "./engine.mjs";

const page = location.pathname;
// The page's time limit, as its panel says it (read at each run).
const limitSeconds = () => Number(document.querySelector(".live-page")?.dataset.limit) || 10;
let controller = null;

/** Entry point from live.mjs: `action` is "run", "edit" or "check". */
export async function act(boxes, bars, edits, action, index) {
  controller ??= new Examples(boxes, bars, edits);
  if (action === "edit") return controller.edit(controller.items[index]);
  if (action === "run") return controller.run(controller.items[index]);
  return controller.check();
}

// The docstring an example belongs to on a reference page (its examples run in a copy of
// the module's globals), or null for the page's own examples.
function scopeOf(box) {
  const object = box.closest(".doc-object");
  const heading = object?.querySelector(":scope > .doc-heading[id]");
  return heading ? heading.id : null;
}

class Examples {
  constructor(boxes, bars, edits) {
    this.edits = edits;
    const counts = new Map();
    this.items = boxes.map((box, number) => {
      const scope = scopeOf(box);
      const key = scope ?? "";
      const index = counts.get(key) ?? 0;
      counts.set(key, index + 1);
      const original = box.querySelector("pre > code").textContent;
      return { box, bar: bars[number], number, scope, key, index, original, text: original, editor: null, ran: null };
    });
    this.keys = new Map(); // key -> {next, changed}: what Python holds for the key
    this.queue = Promise.resolve();
    this.stop = null;
    this.status = el("p", { class: "live-status", role: "status" });
    document.querySelector(".live-page")?.append(this.status);
    onRestart(() => {
      this.keys.clear();
      this.booted = false;
    });
  }

  state(item) {
    if (!this.keys.has(item.key)) this.keys.set(item.key, { next: 0, changed: Infinity });
    return this.keys.get(item.key);
  }

  sameKey(item) {
    return this.items.filter((other) => other.key === item.key);
  }

  // Serialise the runs: one example at a time, in the order they were asked for.
  enqueue(task) {
    const result = this.queue.then(task, task);
    this.queue = result.catch(() => {});
    return result;
  }

  run(item) {
    return this.enqueue(() => this.runUpTo(item));
  }

  // Run the examples before `item` that have not run (or changed since), then `item`.
  // Resolves to whether `item` agrees, or null if it could not run.
  async runUpTo(item) {
    const state = this.state(item);
    const from = Math.min(state.next, state.changed, item.index);
    const chain = this.sameKey(item);
    const stop = new AbortController();
    this.showStop(item, stop);
    try {
      await this.boot(item);
      for (let i = from; i <= item.index; i += 1) {
        const answer = await this.runOne(chain[i], stop.signal, i < item.index);
        if (answer === "replay") {
          i = -1; // the namespace before it was not kept: start the page again
        } else if (!answer) {
          return null;
        }
      }
      return item.ran.agree;
    } catch {
      return null;
    } finally {
      this.hideStop(item);
    }
  }

  async boot(item) {
    if (this.booted) return;
    const say = (text) => (item.note.textContent = text);
    item.note ??= this.noteFor(item);
    say("Starting Python…");
    try {
      const answer = await ready((progress) => say(bootWords(progress)));
      this.booted = true;
      this.bootNote = `Python started in ${answer.boot.toFixed(1)} s.`;
    } catch (error) {
      say(`Python could not start: ${error.message}`);
      throw error;
    }
  }

  noteFor(item) {
    const note = el("span", { class: "live-note" });
    item.bar.append(note);
    return note;
  }

  // Run `item` (`before`: only to rebuild the namespace of a later example).
  async runOne(item, signal, before = false) {
    const state = this.state(item);
    item.note ??= this.noteFor(item);
    item.note.textContent = "Running…";
    const edited = item.editor ? item.editor.text : item.text;
    // An edited example that was stopped or failed is never run again unasked.
    const instead = before && edited !== item.original && item.last && item.last !== "ran";
    const text = instead ? item.original : edited;
    const started = performance.now();
    let answer;
    try {
      answer = await call("live_run", [page, item.index, text, item.scope], { stop: signal, limit: limitSeconds() * 1000 });
    } catch (error) {
      if (error.kind === "ReplayNeededError") {
        state.next = 0;
        return "replay";
      }
      if (!instead) item.last = ["Stopped", "Stuck"].includes(error.kind) ? "stopped" : "failed";
      item.note.textContent = this.problemWords(error);
      this.showProblem(item, error);
      return null;
    }
    const seconds = (performance.now() - started) / 1000;
    state.next = answer.next;
    if (state.changed <= item.index) state.changed = Infinity;
    item.ran = { agree: answer.agree, text, seconds, changed: answer.changed || [] };
    if (!instead) item.last = answer.raised && !answer.agree ? "failed" : "ran";
    // A failed edit leaves Python's state half made: the examples after it run on the
    // state the page's own version leaves (it runs again in its place first).
    if (!instead && text !== item.original && item.last === "failed") state.changed = Math.min(state.changed, item.index);
    const took = seconds >= 1 ? `Ran in ${seconds.toFixed(1)} s.` : "";
    const why = item.last === "stopped" ? "was stopped" : "failed";
    const swapped = instead ? `The page's own version ran here, since your version ${why}: press Run to try yours again.` : "";
    item.note.textContent = [this.bootNote, took, swapped].filter(Boolean).join(" ");
    this.bootNote = "";
    this.showAnswer(item, answer);
    this.mark(item, answer.marks);
    performance.mark("live-answer", { detail: { example: item.index } }); // for the benchmarks
    return answer;
  }

  showStop(item, stop) {
    this.stop = stop;
    item.stopButton ??= el("button", { type: "button", class: "live-button live-button--stop", onclick: () => this.stop?.abort() }, "Stop");
    item.stopButton.hidden = false;
    item.bar.append(item.stopButton);
  }

  hideStop(item) {
    this.stop = null;
    if (item.stopButton) {
      const hadFocus = document.activeElement === item.stopButton;
      item.stopButton.hidden = true;
      if (hadFocus) item.bar.querySelector("button")?.focus();
    }
  }

  resultBox(item) {
    if (!item.result) {
      item.result = el("div", { class: "live-result" });
      item.bar.after(item.result);
    }
    item.result.replaceChildren();
    return item.result;
  }

  problemWords(error) {
    const deep = error.recursion && this.recursionWords(error.recursion);
    if (error.kind === "Stopped") return deep ? `Stopped ${deep}: Python was restarted.` : "Stopped: Python was restarted.";
    if (error.kind === "StackOverflow") {
      return "A recursion too deep for Python in this browser: it overflowed the WebAssembly stack (the recursion limit was raised past what that stack holds), so Python was restarted.";
    }
    if (error.kind === "Crashed") return `Python failed in this browser (${error.message}), so it was restarted.`;
    if (error.kind === "Stuck") {
      // The limit that was kept: the page's, longer on a slower device (engine.mjs).
      if (deep) return `Stopped after ${error.seconds} seconds ${deep} (a recursion without end?): Python was restarted.`;
      return `Stopped after ${error.seconds} seconds without getting any further (a loop that never ends?): Python was restarted.`;
    }
    return error.message;
  }

  // Where a deep recursion was, as Python last told (pirate_rules.web.live.DEPTH).
  recursionWords({ depth, limit, name }) {
    const count = (n) => Number(n).toLocaleString("en");
    const where = name && !name.startsWith("<") ? `, in ${name}()` : "";
    return `while a recursion was ${count(depth)} calls deep${where}, with the recursion limit raised to ${count(limit)}`;
  }

  showProblem(item, error) {
    const box = this.resultBox(item);
    box.className = "live-result live-result--differ";
    const restarted = ["Stopped", "Stuck", "StackOverflow", "Crashed"].includes(error.kind);
    const words = restarted ? this.problemWords(error) : `This example could not run: ${error.message}`;
    box.append(el("p", { class: "live-verdict" }, words));
  }

  showAnswer(item, answer) {
    const box = this.resultBox(item);
    const edited = item.editor && item.editor.text !== item.original;
    box.className = `live-result ${answer.agree ? "live-result--agree" : "live-result--differ"}`;
    // An example edited above this one, whose version is the one Python ran last, and
    // that changed names this one may use.
    const editedAbove = this.sameKey(item).filter((other) => other.index < item.index && other.ran && other.ran.text !== other.original && other.ran.changed.length);
    const why = editedAbove.map((other) => ` Example ${other.number + 1} was edited and changed the state: reset it to compare (it changed ${other.ran.changed.join(", ")}).`);
    const verdict = answer.agree
      ? `✓ The engine's answer is the one on the page${edited ? " (as you changed it)" : ""}.`
      : `✗ The engine answered differently from the ${edited ? "example as you changed it" : "page"}.${why.join("")}`;
    box.append(el("p", { class: "live-verdict" }, verdict));
    const lines = el("code", { tabindex: "0" }); // a long answer scrolls in it (live.css)
    const cuts = [];
    for (const step of answer.steps) {
      const row = el("span", { class: `live-step${step.agree ? "" : " live-step--differ"}` });
      step.source.trimEnd().split("\n").forEach((line, i) => row.append(el("span", { class: "live-prompt" }, `${i ? "..." : ">>>"} ${line}\n`)));
      if (step.skipped) row.append(el("span", { class: "live-skipped" }, "(skipped, as the test suite does)\n"));
      if (step.summary) row.append(el("span", { class: "live-summary" }, `${step.summary}\n`));
      row.append(linkRules(step.got, answer.rules));
      if (step.cut) {
        row.append(el("span", { class: "live-cut" }, `${step.cut}\n`));
        cuts.push(this.downloadButton(item, step, answer.steps.length > 1));
      }
      if (!step.agree) {
        const where = edited ? "Your example expects:\n" : "The page shows:\n";
        row.append(el("span", { class: "live-want-label" }, where), el("span", { class: "live-want" }, step.want || "(nothing)\n"));
      }
      lines.append(row);
    }
    box.append(el("p", { class: "live-caption" }, "What the engine answers:"), el("pre", { class: "live-output" }, lines));
    if (cuts.length) box.append(el("p", { class: "live-downloads" }, ...cuts));
    this.status.textContent = `Example ${item.number + 1}: ${answer.agree ? "the same answer as the page" : "a different answer"}.`;
  }

  // A button that saves the whole of a step's answer, which the page shows only in part.
  downloadButton(item, step, several) {
    const save = () => {
      const link = el("a", { href: URL.createObjectURL(new Blob([step.whole], { type: "text/plain" })), download: `example-${item.number + 1}-output.txt` });
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    };
    return el("button", { type: "button", class: "live-button", onclick: save }, `Download the whole output${several ? ` of line ${step.line}` : ""}`);
  }

  mark(item, marks) {
    for (const other of this.sameKey(item)) other.editor?.mark(marks.filter((m) => m.index === other.index).map((m) => m.line));
  }

  async edit(item) {
    if (item.editor) return item.editor.focus();
    item.opening ??= import("./editor.mjs").then((editor) => editor.loadView());
    const { createEditor } = await item.opening;
    if (item.editor) return item.editor.focus(); // a second press while it loaded
    const holder = el("div", { class: "live-editor" });
    item.box.after(holder);
    item.box.hidden = true;
    item.bar.querySelector(".live-note--kept")?.remove();
    const kept = this.edits.saved[item.number + 1];
    const text = kept?.original === item.original ? kept.text : item.text;
    item.editor = createEditor(holder, text, {
      label: `Example ${item.number + 1}, editable`,
      prompts: true,
      onRun: () => this.run(item),
      onChange: () => this.changed(item),
    });
    const reset = el("button", { type: "button", class: "live-button", "aria-label": `Reset example ${item.number + 1}`, onclick: () => {
      item.editor.text = item.original;
      item.editor.focus();
    } }, "Reset");
    const editButton = item.bar.querySelectorAll("button")[1];
    editButton.replaceWith(reset);
    if (text !== item.original) this.changed(item);
    item.editor.focus();
  }

  changed(item) {
    const state = this.state(item);
    state.changed = Math.min(state.changed, item.index);
    item.editor.mark([]);
    const text = item.editor.text;
    if (text === item.original) delete this.edits.saved[item.number + 1];
    else this.edits.saved[item.number + 1] = { original: item.original, text };
    try {
      if (Object.keys(this.edits.saved).length) localStorage.setItem(this.edits.key, JSON.stringify(this.edits.saved));
      else localStorage.removeItem(this.edits.key);
    } catch {
      // storage full or refused: the change stays on the page until it is closed
    }
  }

  check() {
    return this.enqueue(async () => {
      const total = this.items.length;
      const differ = [];
      for (const item of this.items) this.state(item).changed = 0; // from the top, in one Python
      for (const item of this.items) {
        this.status.textContent = `Checking: example ${item.number + 1} of ${total}…`;
        const agree = await this.runUpTo(item);
        if (agree === null) {
          this.status.textContent = `Checking stopped at example ${item.number + 1} of ${total}.`;
          return;
        }
        if (!agree) differ.push(item);
      }
      const agreeing = total - differ.length;
      this.status.replaceChildren(`${agreeing} of ${total} ${total === 1 ? "example agrees" : "examples agree"}.`);
      if (differ.length) {
        const links = differ.map((item) => el("a", { href: `#${item.bar.id}` }, `example ${item.number + 1}`));
        this.status.append(" Different: ", ...links.flatMap((link, i) => (i ? [", ", link] : [link])), ".");
      }
      this.status.dataset.agree = String(agreeing);
      this.status.dataset.total = String(total);
    });
  }
}

// Text with each rule id such as "(M16)" made a link to its rule.
function linkRules(text, rules) {
  const out = document.createDocumentFragment();
  let last = 0;
  for (const match of text.matchAll(/\(([MP]\d{1,2})\)/g)) {
    const where = rules[match[1]];
    if (!where) continue;
    out.append(text.slice(last, match.index + 1));
    out.append(el("a", { href: new URL(where, siteRoot).href, class: "live-rule" }, match[1]));
    last = match.index + 1 + match[1].length;
  }
  out.append(text.slice(last));
  return out;
}
