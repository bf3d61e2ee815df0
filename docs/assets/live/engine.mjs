// The live pages' Python: the play pages' worker (assets/play/worker.mjs), started on the
// first request and shared by everything on the page. A request that must not hang (a
// page example, a bot's move) gives a time limit: if the worker sends no sign of life
// for that long (longer on a slow or busy device: scaledLimit), it is replaced by a
// fresh one and the request fails with kind "Stuck".
// A request can also be stopped by the reader, which replaces the worker the same way.
// A fresh worker restores Python from the snapshot kept in this browser when it can,
// so a restart takes well under a second after the first start.
//
// For any page script (the live examples, the bot lab, a course page):
//
//   import { call, onRestart } from "<site>/assets/live/engine.mjs";
//   const stop = new AbortController();
//   try {
//     const answer = await call("live_run", [location.pathname, 0, text, null],
//                               { limit: 10_000, stop: stop.signal, onProgress });
//   } catch (error) {
//     // error.kind: "Stuck" (no sign of life within `limit` ms), "Stopped" (stop.abort()),
//     // "StackOverflow" or "Crashed" (Python failed for good: it was restarted),
//     // "Unsupported" (no module workers or WebAssembly), or the Python exception's name;
//     // a Stuck or Stopped call that was in a deep recursion has error.recursion:
//     // {depth, limit, name}
//   }
//
// `name` is an entry point of pirate_rules.web.ENTRY_POINTS, `args` its JSON arguments.
// Python sends a sign of life before each of a lab bot's moves and as each game of a
// simulation starts (pirate_rules.web.live.signal_alive), so a long simulation is not
// stopped. While the recursion limit is raised, it also tells how deep the calls go
// (pirate_rules.web.live.DEPTH): no sign of life, but kept, so that a call stopped in a
// deep recursion can say so. `onRestart(listener)` tells when the worker was replaced (its namespaces are
// gone); `ready(onProgress)` starts Python without a request.

import { canRunGames, startEngine } from "../play/client.mjs";

const ALIVE = "pirate-rules:alive"; // pirate_rules.web.live.ALIVE
const DEPTH = "pirate-rules:depth "; // pirate_rules.web.live.DEPTH, then JSON
// A request's time limit is for a device of usual speed. Each Python, once started,
// times a fixed piece of the engine's work (pirate_rules.web.pace): about 0.05 s in
// Chromium on an idle 2-core computer, and USUAL_PACE_S is a little more, so that an
// idle device's noise does not lengthen its limits. On a slower device, or one busy with
// other work, the limits grow by as many times as it took longer, up to MOST_SLOWER.
export const USUAL_PACE_S = 0.06;
export const MOST_SLOWER = 8;
let version = pageVersion() || "dev";
let session = null;
const restartListeners = new Set();

// The engine's version, as the build wrote it into the page's own live.mjs address.
function pageVersion() {
  const script = document.querySelector('script[type="module"][src*="assets/live/live.mjs"]');
  return script ? new URL(script.src, document.baseURI).searchParams.get("v") : null;
}

/** Use the engine build `engineVersion` (the page's own, by default). */
export function configure(engineVersion) {
  version = engineVersion;
}

/** The site's root, for links such as a rule's page. */
export const siteRoot = new URL("../../", import.meta.url);

/** `listener(reason)` runs whenever the worker is replaced: its namespaces are gone. */
export function onRestart(listener) {
  restartListeners.add(listener);
}

function begin(onProgress) {
  const root = {
    dataset: {
      runtime: new URL("pyodide/", siteRoot).href,
      engine: new URL(`play/pirate_rules.zip?v=${encodeURIComponent(version)}`, siteRoot).href,
    },
  };
  const started = performance.now();
  // Nothing else should compete with Python's start (the theme's search waits until it is
  // ready or has failed: overrides/partials/search-later.html).
  window.dispatchEvent(new Event("pirate-rules:python-starting"));
  const engine = startEngine(root, { onProgress: (data) => session?.progress.forEach((fn) => fn(data)) });
  engine.ready.catch(() => window.dispatchEvent(new Event("pirate-rules:python-failed")));
  const mine = { engine, started, alive: started, progress: new Set(onProgress ? [onProgress] : []) };
  mine.ready = engine.ready.then((answer) => {
    // The site's offline copy (assets/offline/register.js) now keeps the runtime too.
    window.dispatchEvent(new CustomEvent("pirate-rules:python", { detail: answer }));
    return { ...answer, boot: (performance.now() - started) / 1000 };
  });
  engine.worker.addEventListener("message", ({ data }) => {
    if (data === ALIVE) mine.alive = performance.now();
    else if (typeof data === "string" && data.startsWith(DEPTH)) mine.recursion = JSON.parse(data.slice(DEPTH.length));
  });
  return mine;
}

/** Start Python if it is not running; resolves once it can answer. */
export async function ready(onProgress) {
  if (!canRunGames()) {
    const error = new Error("This browser cannot run Python here (it needs module workers and WebAssembly).");
    error.kind = "Unsupported";
    throw error;
  }
  if (!session) session = begin(onProgress);
  else if (onProgress) session.progress.add(onProgress);
  const mine = session;
  try {
    return await mine.ready;
  } catch (error) {
    if (session === mine) replace("Python did not start");
    throw error;
  } finally {
    if (onProgress) mine.progress.delete(onProgress);
  }
}

/**
 * Start Python now if it can be restored from the snapshot kept in this browser for this
 * engine build (a fraction of a second, nothing downloaded), so that it is ready by the
 * time the reader presses Run; otherwise leave it to the first request, which may have
 * to download the runtime. live.mjs calls this on the first hover or focus of an example.
 */
export async function warmUp() {
  if (session || !canRunGames()) return;
  const { holdsEngine, snapshotStore } = await import("../play/snapshot.mjs");
  const kept = await snapshotStore(siteRoot.href).describe();
  if (!session && holdsEngine(kept?.key, version)) ready().catch(() => {}); // told to the request
}

/** Whether Python is running (or starting) now. */
export function running() {
  return session !== null;
}

/** Terminate the worker; the next request starts a fresh one. */
export function replace(reason) {
  if (!session) return;
  session.engine.worker.terminate();
  session = null;
  restartListeners.forEach((listener) => listener(reason));
}

/**
 * `limit` (ms, for a device of usual speed) on a device whose Python took `pace` seconds
 * for pirate_rules.web.pace: never less, and at most MOST_SLOWER times as long.
 */
export function scaledLimit(limit, pace) {
  const slower = pace / USUAL_PACE_S; // NaN for an unknown pace: the usual limit
  return Math.round(limit * (slower > 1 ? Math.min(slower, MOST_SLOWER) : 1));
}

// How long this Python takes for the work of pirate_rules.web.pace (measured once).
function paceOf(mine) {
  mine.pace ??= mine.engine.call("pace").then(
    (seconds) => {
      document.documentElement.dataset.pythonPace = seconds.toFixed(4);
      return seconds;
    },
    () => USUAL_PACE_S, // an engine without it: the usual limits
  );
  return mine.pace;
}

/**
 * How many times longer than on a device of usual speed a limit is kept here (1 to
 * MOST_SLOWER): for the limits that Python keeps itself, such as the course's on each call
 * into the learner's code. Starts Python first (`onProgress`, as for `ready`).
 */
export async function slowness(onProgress) {
  await ready(onProgress);
  return scaledLimit(1000, await paceOf(session)) / 1000;
}

/**
 * Call entry point `name` of pirate_rules.web with `args` (a list). Options: `limit` (ms
 * without a sign of life before the worker is replaced and the call fails with kind
 * "Stuck", for a device of usual speed: it grows on a slower one (scaledLimit); the
 * error's `seconds` are the limit that was kept; Python's start does not count), `stop` (an
 * AbortSignal: the reader stopped it, kind "Stopped"), `onProgress` (while Python starts).
 */
export async function call(name, args, options = {}) {
  const { limit: usual = 0, stop, onProgress } = options;
  await ready(onProgress);
  const mine = session;
  const limit = usual && scaledLimit(usual, await paceOf(mine));
  const seconds = Math.round(limit / 1000); // as the pages say it
  if (stop?.aborted) throw failure("Stopped", "Stopped.");
  if (session !== mine) return call(name, args, options); // replaced while it was timed
  return new Promise((resolve, reject) => {
    let watch = null;
    const onStop = () => end(reject, kill("Stopped", "Stopped: Python was restarted."));
    const end = (settle, value) => {
      clearInterval(watch);
      stop?.removeEventListener("abort", onStop);
      settle(value);
    };
    const kill = (kind, message) => {
      if (session === mine) replace(message);
      const error = failure(kind, message);
      if (limit) error.seconds = seconds;
      if (mine.recursion?.depth) error.recursion = mine.recursion;
      return error;
    };
    mine.recursion = null; // what this call tells
    mine.engine.call(name, ...args).then(
      (answer) => end(resolve, answer),
      // Python that overflowed its stack or failed for good cannot be trusted again.
      (error) => end(reject, ["StackOverflow", "Crashed"].includes(error.kind) ? kill(error.kind, error.message) : error),
    );
    stop?.addEventListener("abort", onStop);
    if (limit) {
      mine.alive = performance.now();
      watch = setInterval(() => {
        if (performance.now() - mine.alive > limit) {
          end(reject, kill("Stuck", `no sign of progress for ${seconds} seconds`));
        }
      }, 100);
    }
  });
}

function failure(kind, message) {
  const error = new Error(message);
  error.kind = kind;
  return error;
}

/** What a status line says while Python starts, from the worker's progress messages. */
export function bootWords({ stage, loaded = 0 }) {
  if (stage === "download") return `Downloading Python (only the first time): ${Math.round(loaded / 1e6)} MB…`;
  return "Starting Python and the engine…";
}
