// Live examples: a Run button under every Python console example of the page, and the
// bot lab of "Write your own bot". This small module is all a page loads at first; Python
// (assets/play/worker.mjs), the runner and the editor load when a reader asks for them.

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

let runner = null;
async function load() {
  if (!runner) {
    runner = import("./engine.mjs")
      .then((engine) => engine.configure(version))
      .then(() => import("./examples.mjs"));
  }
  return runner;
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
      const act = (action) => async () => (await load()).act(boxes, bars, edits, action, index);
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
    const panel = document.createElement("div");
    panel.className = "live-page";
    const note = document.createElement("p");
    const count = boxes.length === 1 ? "The example" : `The ${boxes.length} examples`;
    note.textContent = `${count} on this page can run in your browser. `;
    note.append(button("Check this page", null, async () => (await load()).act(boxes, bars, edits, "check")));
    panel.append(note);
    const title = content.querySelector("h1");
    (title || boxes[0]).after(panel);
  }
  if (document.getElementById("bot-lab")) {
    load().then(() => import("./bot.mjs")).then((lab) => lab.setUp(document.getElementById("bot-lab")));
  }
  if (document.querySelector("#course, #course-speed")) load().then(() => import("./course.mjs")).then((course) => course.setUp());
}

setUp();
