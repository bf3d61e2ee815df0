// Live examples: a Run button under every Python console example of the page, and the
// bot lab of "Write your own bot". This small module is all a page loads at first. The
// runner (examples.mjs, engine.mjs) loads on the first interaction with an example
// (focus or hover, which also fetches the editor's files without running them, or
// Run); Python (assets/play/worker.mjs) starts on the first Run, or already on that first
// interaction when this browser keeps a snapshot of this engine to restore it from; the
// editor runs on the first Edit, or when the reader reaches the bot lab.

const version = new URL(import.meta.url).searchParams.get("v") || "dev";
const content = document.querySelector(".md-content__inner");

// A console example: a block marked `pycon`, or (in the reference pages' docstrings) a
// plain code block that starts with a prompt.
function examples() {
  if (!content) return [];
  return [...content.querySelectorAll("div.highlight")].filter((box) => {
    const code = box.querySelector(":scope > pre > code");
    if (!code || box.closest(".live-lab")) return false;
    if (box.classList.contains("language-pycon")) return true;
    const plain = ![...box.classList].some((name) => name.startsWith("language-") && name !== "language-text");
    return plain && code.textContent.startsWith(">>> ");
  });
}

// Examples the reader changed are kept in this browser, per page, with the text they
// changed (so a rewritten example on the page is not given old changes).
const edits = { key: `pirate-rules:edits:${location.pathname}`, saved: {} };
try {
  edits.saved = JSON.parse(localStorage.getItem(edits.key) || "{}");
} catch {
  edits.saved = {};
}

let engine = null;
let runner = null;
function load() {
  engine ??= import("./engine.mjs").then((module) => (module.configure(version), (engineModule = module)));
  runner ??= engine.then(() => import("./examples.mjs"));
  return runner;
}

// Run (or the page's check) starts Python at once, while the runner loads: Python is the
// longer wait, and the runner asks for the same start. The first time, Python's worker is
// started here, before the runner's modules have arrived; engine.mjs adopts it, as a play
// page adopts the worker its page started early (assets/play/client.mjs, startEngine).
let engineModule = null;
function startPython() {
  if (!engineModule?.running()) startWorkerEarly();
  load();
  engine.then((module) => module.ready()).catch(() => {}); // the runner tells a failure
}

function startWorkerEarly() {
  if (window.pirateRulesWorker || !window.Worker || typeof WebAssembly !== "object") return;
  const site = new URL("../../", import.meta.url); // the addresses engine.mjs asks for
  const url = new URL("../play/worker.mjs", import.meta.url);
  url.searchParams.set("runtime", new URL("pyodide/", site).href);
  url.searchParams.set("engine", new URL(`play/pirate_rules.zip?v=${encodeURIComponent(version)}`, site).href);
  const early = { url: url.href, messages: [], errors: [], cancel: () => early.worker?.terminate() };
  try {
    early.worker = new Worker(url, { type: "module" });
  } catch {
    return; // engine.mjs starts its own, and tells why it could not
  }
  early.worker.onmessage = (event) => early.messages.push(event.data);
  early.worker.onerror = (event) => {
    event.preventDefault();
    early.errors.push(event.message || "error");
  };
  window.pirateRulesWorker = early;
  window.dispatchEvent(new Event("pirate-rules:python-starting"));
}

// The first focus or hover of an example loads the runner, fetches the editor and, if
// this browser keeps a snapshot of this engine, starts Python.
let warmed = false;
function warm(event) {
  if (warmed || !event.target.closest?.(".live-bar, div.highlight")) return;
  warmed = true;
  load();
  engine.then((module) => module.warmUp());
  import("./editor.mjs").then((editor) => editor.preloadEditor());
}

function button(text, label, onclick) {
  const node = document.createElement("button");
  node.type = "button";
  node.className = "live-button";
  node.textContent = text;
  if (label) node.setAttribute("aria-label", label);
  node.addEventListener("click", onclick);
  return node;
}

function setUp() {
  const boxes = examples();
  if (boxes.length) {
    const bars = boxes.map((box, index) => {
      const bar = document.createElement("div");
      bar.className = "live-bar";
      bar.id = `live-example-${index + 1}`;
      const act = (action) => async () => {
        if (action === "run") startPython();
        return (await load()).act(boxes, bars, edits, action, index);
      };
      bar.append(
        button("Run", `Run example ${index + 1}`, act("run")),
        button("Edit", `Edit example ${index + 1}`, act("edit")),
      );
      const kept = edits.saved[index + 1];
      if (kept && kept.original === box.querySelector("code").textContent) {
        const note = document.createElement("span");
        note.className = "live-note live-note--kept";
        note.textContent = "You changed this example before: Edit brings your version back.";
        bar.append(note);
      }
      box.after(bar);
      return bar;
    });
    // The page's panel (with its time limit) comes with the page: hooks/page_tools.py.
    const check = content.querySelector(".live-page [data-live=check]");
    check?.addEventListener("click", async () => {
      startPython();
      return (await load()).act(boxes, bars, edits, "check");
    });
    content.addEventListener("pointerover", warm, { passive: true });
    content.addEventListener("focusin", warm);
  }
  const lab = document.getElementById("bot-lab");
  if (lab) import("./bot.mjs").then((module) => module.setUp(lab));
  if (document.querySelector("#course, #course-speed")) import("./course.mjs").then((module) => module.setUp());
}

// The theme wraps each code block's copy button in a <nav>: not a way around the site, and
// so many landmarks of one name that none can be told apart. They are plain boxes here.
// The theme adds them as the blocks come into view (content.lazy), so each is caught as
// it comes.
function unlandmark() {
  document.querySelectorAll("nav.md-code__nav:not([role])").forEach((nav) => nav.setAttribute("role", "none"));
}
if (content?.querySelector("pre > code")) new MutationObserver(unlandmark).observe(content, { childList: true, subtree: true });
unlandmark();

setUp();
