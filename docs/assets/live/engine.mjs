// The live pages' Python: the play pages' worker (assets/play/worker.mjs), started on the
// first request and shared by everything on the page. A request that must not hang (a
// bot's move) gives a time limit: if the worker sends no sign of life for that long, it
// is replaced by a fresh one and the request fails with kind "Stuck". A request can
// also be stopped by the reader, which replaces the worker the same way.

import { canRunGames, startEngine } from "../play/client.mjs";

const ALIVE = "pirate-rules:alive"; // sent by pirate_rules.web.botlab before a lab bot's move
let version = "dev";
let session = null;
const restartListeners = new Set();

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
  const engine = startEngine(root, { onProgress: (data) => session?.progress.forEach((fn) => fn(data)) });
  const mine = { engine, started, alive: started, progress: new Set(onProgress ? [onProgress] : []) };
  mine.ready = engine.ready.then((answer) => ({ ...answer, boot: (performance.now() - started) / 1000 }));
  engine.worker.addEventListener("message", ({ data }) => {
    if (data === ALIVE) mine.alive = performance.now();
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
 * Call entry point `name` of pirate_rules.web with `args`. Options: `limit` (ms without
 * a sign of life before the worker is replaced), `stop` (an AbortSignal: the reader
 * stopped it), `onProgress` (while Python starts).
 */
export async function call(name, args, { limit = 0, stop, onProgress } = {}) {
  await ready(onProgress);
  const mine = session;
  if (stop?.aborted) throw failure("Stopped", "Stopped.");
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
      return failure(kind, message);
    };
    mine.engine.call(name, ...args).then(
      (answer) => end(resolve, answer),
      (error) => end(reject, error),
    );
    stop?.addEventListener("abort", onStop);
    if (limit) {
      mine.alive = performance.now();
      watch = setInterval(() => {
        if (performance.now() - mine.alive > limit) {
          end(reject, kill("Stuck", `no answer for ${Math.round(limit / 1000)} seconds`));
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
