// The play pages' worker: starts Python (Pyodide, served by this site), unpacks the
// engine and answers the page's requests by calling fixed entry points of
// pirate_rules.web. No Python source ever travels in a message.
//
// Page -> worker: {id, call, args}             call: a name from pirate_rules.web.ENTRY_POINTS
// Worker -> page: {id, result}                 the entry point's JSON answer
//                 {id, error: {kind, message}} a refused or failed request
//                 {type: "progress", stage, step, steps, label, loaded}
//                 {type: "ready", seconds, restored}
//                 {type: "failed", error: {kind, message}}
//
// `loaded` counts the bytes of the runtime and engine files downloaded so far (every
// fetch of this worker is counted as its body streams in), so the page can say how
// much of the first visit's download is done.
//
// Starting quickly: the first start on a device makes a memory snapshot of the started
// Python with the engine imported (Pyodide's private `_makeSnapshot`,
// `makeMemorySnapshot` and `_loadSnapshot`, checked with the pinned version) and keeps
// it (snapshot.mjs); a later start restores it instead (`restored: true`). A snapshot
// holds the interpreter's memory, not its file system: after a restore the engine's
// archive is unpacked again, so that modules imported later (a bot, the live examples'
// machinery) and tracebacks find their files. Whatever goes wrong with a snapshot, the
// worker starts Python as usual, says nothing, and makes a new one.

import { snapshotStore } from "./snapshot.mjs";

const params = new URL(self.location.href).searchParams;
const indexURL = new URL(params.get("runtime"), self.location.href).href;
const engineURL = new URL(params.get("engine"), self.location.href).href;
const siteRoot = new URL("../", indexURL).href; // the runtime is served from <site>/pyodide/

/** Bump when what Python holds at the moment of the snapshot changes. */
const SNAPSHOT_FORMAT = 1;

const STAGES = [
  ["download", "Downloading the Python runtime, then starting it"],
  ["engine", "Loading the game engine"],
  ["restore", "Starting Python from the copy kept on this device"],
];

let loaded = 0;
let stageNow = "download";
let lastReport = 0;

function progress(stage) {
  stageNow = stage;
  const step = STAGES.findIndex(([name]) => name === stage);
  self.postMessage({ type: "progress", stage, step, steps: STAGES.length, label: STAGES[step][1], loaded });
}

// Count the bytes of every download as they arrive, and tell the page at most ten
// times a second. A restore downloads nothing: its files are fetched as they are, so
// that the browser can reuse the compiled runtime it keeps beside a cached file.
const plainFetch = self.fetch.bind(self);
let counting = true;
self.fetch = async (input, init) => {
  if (!counting) return plainFetch(input, init);
  const response = await plainFetch(input, init);
  if (!response.ok || !response.body) return response;
  const counter = new TransformStream({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      const now = performance.now();
      if (now - lastReport > 100) {
        lastReport = now;
        progress(stageNow);
      }
      controller.enqueue(chunk);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(counter), { status, statusText, headers });
};

async function fetchEngine() {
  const response = await fetch(engineURL);
  if (!response.ok) {
    throw new Error(`the game engine could not be downloaded (${response.status} ${engineURL})`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

function options(extra) {
  return {
    indexURL,
    packageBaseUrl: indexURL,
    lockFileURL: new URL("pyodide-lock.json", indexURL).href,
    stdout: () => {},
    stderr: (text) => console.warn(text),
    ...extra,
  };
}

// A Python restored from `snapshot`, with the engine's files unpacked again; throws if
// anything is amiss (then the caller starts Python afresh).
async function restore(runtime, snapshot, archive, key) {
  const pyodide = await runtime.loadPyodide(options({ _loadSnapshot: snapshot }));
  pyodide.unpackArchive(await archive, "zip");
  const web = pyodide.pyimport("pirate_rules.web");
  web.after_restore(key);
  return { pyodide, web };
}

// A Python started afresh; with `store`, a snapshot of it is made before any request
// and handed to `keep`.
async function start(runtime, archive, key, store) {
  const snapshots = Boolean(store) && (await store.enabled());
  const pyodide = await runtime.loadPyodide(options(snapshots ? { _makeSnapshot: true } : {}));
  progress("engine");
  pyodide.unpackArchive(await archive, "zip");
  const web = pyodide.pyimport("pirate_rules.web");
  let snapshot = null;
  if (snapshots) {
    try {
      web.prepare_snapshot(key);
      snapshot = pyodide.makeMemorySnapshot();
    } catch {
      snapshot = null; // an API that changed: no snapshot, and no harm
    }
  }
  return { pyodide, web, snapshot };
}

async function boot() {
  const started = performance.now();
  progress("download");
  // The engine zip downloads while the runtime loads and starts.
  const archive = fetchEngine();
  archive.catch(() => {}); // reported below, once the runtime has started or failed
  const runtime = await import(new URL("pyodide.mjs", indexURL).href);
  const version = new URL(engineURL).searchParams.get("v") || "dev";
  const key = `pyodide ${runtime.version}; engine ${version}; format ${SNAPSHOT_FORMAT}`;
  const store = snapshotStore(siteRoot);
  let python = null;
  const kept = store.usable ? await store.read(key) : null;
  if (kept) {
    progress("restore");
    counting = false;
    try {
      python = await restore(runtime, kept, archive, key);
    } catch {
      await store.clear(); // damaged or from a runtime that changed: start afresh
      counting = true;
    }
  }
  const restored = python !== null;
  python ??= await start(runtime, archive, key, store.usable ? store : null);
  // The module and its call_json function stay alive as long as the worker; every
  // other Python object is converted and its proxy destroyed at once.
  const callJson = python.web.call_json;
  const entryPoints = python.web.ENTRY_POINTS;
  const names = entryPoints.toJs();
  entryPoints.destroy();
  performance.mark("python-ready", { detail: { restored } });
  self.postMessage({ type: "ready", seconds: (performance.now() - started) / 1000, restored });
  // Kept after the page has its answer: compressing and writing take a moment.
  if (python.snapshot) {
    store.write(key, python.snapshot).then((kept) => kept && performance.mark("python-snapshot-kept"));
    python.snapshot = null;
  }
  return { callJson, names: new Set(names) };
}

const booted = boot();
booted.catch((error) => {
  self.postMessage({
    type: "failed",
    error: { kind: error?.name || "Error", message: String(error?.message || error) },
  });
});

self.onmessage = async (event) => {
  const { id, call, args } = event.data || {};
  let engine;
  try {
    engine = await booted;
  } catch (error) {
    self.postMessage({ id, error: { kind: "NotStarted", message: "Python did not start." } });
    return;
  }
  if (typeof call !== "string" || !engine.names.has(call)) {
    self.postMessage({ id, error: { kind: "UnknownCall", message: `unknown request ${call}` } });
    return;
  }
  try {
    // Arguments and answers cross as JSON text: no Python object stays behind.
    const answer = JSON.parse(engine.callJson(call, JSON.stringify(args ?? [])));
    self.postMessage(answer.error ? { id, error: answer.error } : { id, result: answer.result });
  } catch (error) {
    self.postMessage({ id, error: { kind: error?.type || "Error", message: String(error?.message || error) } });
  }
};
