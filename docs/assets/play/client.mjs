// Talks to the play worker and shows its loading and failure states.
// Shared by both play pages; it knows nothing of the games' rules.

export function canRunGames() {
  if (typeof WebAssembly !== "object" || typeof Worker !== "function") return false;
  let moduleWorkers = false;
  try {
    // A browser that supports module workers reads the `type` option.
    const probe = {
      get type() {
        moduleWorkers = true;
        return "module";
      },
    };
    const blank = URL.createObjectURL(new Blob([""], { type: "text/javascript" }));
    new Worker(blank, probe).terminate();
    URL.revokeObjectURL(blank);
  } catch {
    // the probe worker itself may be refused; the option was still read
  }
  return moduleWorkers;
}

// Starts the worker and returns {call, ready}: `call(name, ...args)` resolves with the
// entry point's JSON answer or rejects with an Error whose `kind` names the cause.
export function startEngine(root, { onProgress } = {}) {
  const runtime = new URL(root.dataset.runtime, document.baseURI).href;
  const engine = new URL(root.dataset.engine, document.baseURI).href;
  const url = new URL("./worker.mjs", import.meta.url);
  url.searchParams.set("runtime", runtime);
  url.searchParams.set("engine", engine);
  const pending = new Map();
  let nextId = 1;
  let settle;
  const ready = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  const onMessage = (data) => {
    if (data.id !== undefined) {
      const waiter = pending.get(data.id);
      pending.delete(data.id);
      if (!waiter) return;
      if (data.error) {
        const error = new Error(data.error.message);
        error.kind = data.error.kind;
        waiter.reject(error);
      } else {
        waiter.resolve(data.result);
      }
    } else if (data.type === "progress") {
      onProgress?.(data);
    } else if (data.type === "ready") {
      settle.resolve(data);
    } else if (data.type === "failed") {
      const error = new Error(data.error.message);
      error.kind = data.error.kind;
      settle.reject(error);
    }
  };
  const onError = (message) => settle.reject(new Error(message || "the game's worker could not start"));
  // The page may have started the same worker already, while it was loading
  // (overrides/partials/early-worker.html).
  const early = window.pirateRulesWorker;
  delete window.pirateRulesWorker;
  const adopt = early?.worker && early.url === url.href;
  const worker = adopt ? early.worker : new Worker(url, { type: "module" });
  worker.onmessage = ({ data }) => onMessage(data);
  worker.onerror = (event) => {
    event.preventDefault();
    onError(event.message);
  };
  if (adopt) {
    early.messages.forEach(onMessage);
    if (early.errors.length) onError(early.errors[0]);
  } else {
    early?.cancel();
  }
  const call = (name, ...args) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, call: name, args });
    });
  return { call, ready, worker };
}

// Wires the page's loading panel to the engine's boot and returns the engine once
// Python is ready, or null after showing the failure panel. The page calls `pageReady`
// once its first view is drawn.
export async function bootPage(root) {
  const loading = root.querySelector(".play-loading");
  const label = root.querySelector(".play-loading__label");
  const bar = root.querySelector(".play-loading progress");
  const fail = (error) => {
    console.warn("The game could not start:", error);
    loading.hidden = true;
    const failure = root.querySelector(".play-failure");
    const detail = failure.querySelector(".play-failure__detail");
    if (detail && error) detail.textContent = String(error.message || error);
    failure.hidden = false;
    root.classList.add("play--failed");
    return null;
  };
  if (!canRunGames()) {
    window.pirateRulesWorker?.cancel();
    return fail(new Error("This browser cannot run module workers or WebAssembly."));
  }
  const slow = setTimeout(() => {
    root.querySelector(".play-loading__slow")?.removeAttribute("hidden");
  }, 20000);
  const total = Number(root.dataset.downloadBytes) || 0;
  try {
    await window.pirateRulesWorker?.started; // a first visit lets the page be drawn first
    const engine = startEngine(root, {
      onProgress: ({ stage, loaded = 0 }) => {
        const words = loadingWords(stage, loaded, total);
        bar.max = 100;
        bar.value = words.percent;
        label.textContent = words.text;
      },
    });
    await engine.ready;
    bar.value = bar.max; // the panel stays until the page's first view is drawn
    return engine;
  } catch (error) {
    return fail(error);
  } finally {
    clearTimeout(slow);
  }
}

/**
 * The page has drawn its first view (a game on the table, a lesson list, a record) and
 * takes the player's choices: the loading panel goes, `play--ready` on its root shows the
 * game (site.css), and the `play-ready` mark. Until then a choice could be overtaken by
 * the page's own start (a first game that reads the new-game form as it is being filled
 * in), and a half-drawn game would move what is in sight.
 */
export function pageReady(root) {
  root.querySelector(".play-loading").hidden = true;
  root.classList.add("play--ready");
  if (unseenFocus) {
    const [element, options] = unseenFocus;
    unseenFocus = null;
    if (element.isConnected) element.focus(options);
  }
  performance.mark("play-ready");
}

let unseenFocus = null; // [element, options] the page gave the focus before it was shown

/**
 * Give `element` the focus, now if it is shown, or else as soon as the page's game is
 * (an element that is not shown cannot take the focus).
 */
export function focusShown(element, options = { preventScroll: true }) {
  if (element.closest(".play[data-runtime]:not(.play--ready)")) unseenFocus = [element, options];
  else element.focus(options);
}

/**
 * Count a view the page settled on, for tests and benchmarks to wait on: `data-renders`
 * counts the views, `data-drawn-game` numbers the game the last one showed, and
 * `data-game` (set by the page as it asks for a game) the game asked for last. A new
 * game is on the table once the two numbers agree, whatever the game before it drew
 * meanwhile.
 */
export function countView(root, game) {
  root.dataset.renders = String(Number(root.dataset.renders || 0) + 1);
  root.dataset.drawnGame = String(game);
}

const megabytes = (bytes) => Math.round(bytes / 1e6);

/** What the loading panel says at each stage of the start, in a family's words. */
export function loadingWords(stage, loaded, total) {
  if (stage === "download" && !(total && loaded >= total)) {
    const share = total ? Math.min(loaded / total, 1) : 0;
    const amount = total ? `${megabytes(loaded)} of ${megabytes(total)} MB` : `${megabytes(loaded)} MB`;
    return { percent: Math.round(5 + 80 * share), text: `Downloading the game (only the first time): ${amount}` };
  }
  if (stage === "download") return { percent: 88, text: "Unpacking the game…" };
  if (stage === "restore") return { percent: 80, text: "Getting the game out…" };
  return { percent: 95, text: "Shuffling the cards…" };
}

// Small DOM helpers shared by the pages.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child.nodeType ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

export function download(filename, text) {
  const blob = new Blob([text], { type: "application/json" });
  const link = el("a", { href: URL.createObjectURL(blob), download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/**
 * A log list that keeps its last 200 lines and shows the newest: returns `say`.
 * The newest line stays in view when lines are added and when the list changes size
 * (the end of a game takes room from it), unless the reader has scrolled up to read
 * older lines. The scroll waits for the next frame, so that many lines said at once
 * (a fast game) cost one layout, not one each.
 */
export function logTo(list, keep = 200) {
  let pinned = true;
  let top = 0; // where the list was last scrolled to from here
  let scrolling = false;
  const scroll = () => {
    scrolling = false;
    if (!pinned) return;
    list.scrollTop = list.scrollHeight;
    top = list.scrollTop;
  };
  const later = () => {
    if (!scrolling) {
      scrolling = true;
      requestAnimationFrame(scroll);
    }
  };
  // Scroll events arrive a frame late, maybe after more lines: only a move up from
  // where the list was put unpins it, and reaching the bottom pins it again.
  list.addEventListener("scroll", () => {
    const bottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    if (bottom) pinned = true;
    else if (list.scrollTop < top - 2) pinned = false;
  }, { passive: true });
  new ResizeObserver(later).observe(list);
  return (text, kind = "") => {
    list.append(el("li", { class: kind }, text));
    while (list.children.length > keep) list.firstElementChild.remove();
    later();
  };
}

/** Download the record of game `id` as JSON and tell the log. */
export async function saveRecord(engine, id, say) {
  const answer = await engine.call("record", id);
  download(answer.filename, `${JSON.stringify(answer.record, null, 1)}\n`);
  say(`Saved the game record as ${answer.filename}.`);
}

/**
 * A page's calls to the engine. Starting a new game drops the answers still on their way
 * for the old one; `busy` is true while an answer for the current game is awaited, and
 * a failure is told in the log (then `onError` runs).
 */
export class Conversation {
  constructor(engine, say, onError = () => {}) {
    this.engine = engine;
    this.say = say;
    this.onError = onError;
    this.game = 0;
    this.busy = false;
  }

  /** A new game is asked for: its number, for `notStarted`. */
  newGame() {
    this.game += 1;
    this.busy = false;
    return this.game;
  }

  /** What a start of game `number` that got no answer resolves to: false when it
   * failed (`lastError` says why), null when another game was asked for since. */
  notStarted(number) {
    return number === this.game ? false : null;
  }

  async request(name, ...args) {
    const answer = await this.attempt(name, ...args);
    if (answer === null && this.lastError) {
      this.say(`Something went wrong: ${this.lastError}`, "big");
      this.onError();
    }
    return answer;
  }

  /** Like `request`, but a refusal is only kept in `lastError` (the caller tells it). */
  async attempt(name, ...args) {
    const mine = this.game;
    this.busy = true;
    this.lastError = "";
    try {
      const answer = await this.engine.call(name, ...args);
      return mine === this.game ? answer : null;
    } catch (error) {
      if (mine === this.game) this.lastError = error.message;
      return null;
    } finally {
      if (mine === this.game) this.busy = false;
    }
  }
}
