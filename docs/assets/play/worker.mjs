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
// holds the interpreter's memory, not its file system: so the engine's files, as the
// archive unpacked them, are kept beside it and written back after a restore, before
// anything runs, so that modules imported later (a bot, the live examples' machinery)
// and tracebacks find them. (Writing them takes a few milliseconds; unpacking the
// archive again in a just-restored Python took ten times as long.) Whatever goes wrong
// with a snapshot, the worker starts Python as usual, says nothing, and makes a new one.

const params = new URL(self.location.href).searchParams;
const indexURL = new URL(params.get("runtime"), self.location.href).href;
const engineURL = new URL(params.get("engine"), self.location.href).href;
const siteRoot = new URL("../", indexURL).href; // the runtime is served from <site>/pyodide/

// Every script a start needs is asked for at once, not one after the other: the
// snapshot's store, Pyodide's loader and the runtime's own script (which the loader
// imports later, from the same address: the browser loads it only once).
const scripts = {
  store: import("./snapshot.mjs"),
  runtime: import(new URL("pyodide.mjs", indexURL).href),
  wasm: import(new URL("pyodide.asm.mjs", indexURL).href),
};
Object.values(scripts).forEach((script) => script.catch(() => {})); // told where awaited

/** Bump when what Python holds at the moment of the snapshot changes. */
const SNAPSHOT_FORMAT = 2; // 2: the engine's files are kept beside the memory

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
// times a second. A restore downloads nothing: its files come from the browser's
// caches, and are not counted.
const plainFetch = self.fetch.bind(self);
let counting = true;
async function countedFetch(input, init) {
  const response = await plainFetch(input, init);
  if (!counting || !response.ok || !response.body) return response;
  const counter = new TransformStream({
    transform(chunk, controller) {
      if (counting) loaded += chunk.byteLength; // asked for early, and then not needed
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
}

// The runtime's WebAssembly (9.6 MB) compiles from the worker's first moment, alongside
// the runtime's scripts and the snapshot's read; left to Pyodide, it would start only
// once the runtime's script had set itself up and the snapshot was read. Pyodide
// instantiates its WebAssembly with `instantiateStreaming(fetch(url), imports)`: once
// the early compile has begun, that fetch is answered by a response whose body is
// downloaded only if it is read, and the module compiled early is instantiated in its
// place. Should the early compile fail, or Pyodide read the file some other way, the
// body downloads then and Pyodide compiles it as before.
const wasmURL = new URL("pyodide.asm.wasm", indexURL).href;
let compiled = null;
const stands = new WeakSet(); // the responses that stand for the early download

function compileEarly() {
  compiled = WebAssembly.compileStreaming(countedFetch(wasmURL));
  compiled.catch(() => {
    compiled = null;
  });
}
compileEarly();

// Pyodide's standard library (2.5 MB) and lock file are asked for at once too: a start
// and a restore both need them, and Pyodide would ask only once its script has loaded
// (a restore then waited for them after the snapshot was read). Pyodide's own fetch of
// each is answered by the response asked for here, or, should that have failed, by a
// fetch of its own.
const early = new Map(
  ["python_stdlib.zip", "pyodide-lock.json"].map((name) => {
    const url = new URL(name, indexURL).href;
    const response = countedFetch(url);
    response.catch(() => {}); // fetched again when Pyodide asks
    return [url, response];
  }),
);

// A response for `input` whose body is fetched when, and only if, it is read.
function readLater(input, init) {
  let reader = null;
  const body = new ReadableStream(
    {
      async pull(controller) {
        reader ??= (await countedFetch(input, init)).body.getReader();
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader?.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  const response = new Response(body, { headers: { "Content-Type": "application/wasm" } });
  stands.add(response);
  return response;
}

self.fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  const asked = early.get(url);
  if (asked) {
    early.delete(url);
    return asked.catch(() => countedFetch(input, init));
  }
  return compiled && url === wasmURL ? readLater(input, init) : countedFetch(input, init);
};

const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  if (stands.has(response) && compiled) {
    try {
      const module = await compiled;
      const instance = await WebAssembly.instantiate(module, imports);
      response.body.cancel().catch(() => {});
      return { module, instance };
    } catch {
      // compiled wrongly, or for other imports: the file is read and compiled here
    }
  }
  return instantiateStreaming(response, imports);
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

// The engine's files as the archive unpacked them: [path, bytes] for each file under
// the package's folder (not the bytecode Python may have written there).
function engineFiles(FS) {
  const files = [];
  const walk = (folder) => {
    for (const name of FS.readdir(folder)) {
      if (name === "." || name === ".." || name === "__pycache__") continue;
      const path = `${folder}/${name}`;
      if (FS.isDir(FS.stat(path).mode)) walk(path);
      else files.push([path, FS.readFile(path)]);
    }
  };
  walk(`${FS.cwd()}/pirate_rules`);
  return files;
}

// A Python restored from `kept` (snapshot.mjs: the memory, and the engine's files,
// which are written back into the file system before anything imports from them);
// throws if anything is amiss (then the caller starts Python afresh).
async function restore(runtime, kept, key) {
  const pyodide = await runtime.loadPyodide(options({ _loadSnapshot: kept.then(({ memory }) => memory) }));
  const { FS } = pyodide;
  for (const [path, bytes] of (await kept).files) {
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes);
  }
  const web = pyodide.pyimport("pirate_rules.web");
  web.after_restore(key);
  return { pyodide, web };
}

// A Python started afresh; with `store`, a snapshot of it (its memory and the engine's
// files) is made before any request.
async function start(runtime, key, store) {
  const archive = fetchEngine();
  archive.catch(() => {}); // reported once the runtime has started or failed
  const snapshots = Boolean(store) && (await store.enabled());
  const pyodide = await runtime.loadPyodide(options(snapshots ? { _makeSnapshot: true } : {}));
  progress("engine");
  pyodide.unpackArchive(await archive, "zip");
  const web = pyodide.pyimport("pirate_rules.web");
  let snapshot = null;
  if (snapshots) {
    try {
      web.prepare_snapshot(key);
      snapshot = { memory: pyodide.makeMemorySnapshot(), files: engineFiles(pyodide.FS) };
    } catch {
      snapshot = null; // an API that changed: no snapshot, and no harm
    }
  }
  return { pyodide, web, snapshot };
}

async function boot() {
  const started = performance.now();
  progress("download");
  // A kept snapshot is looked up while the runtime's script loads.
  const { snapshotStore, snapshotKey } = await scripts.store;
  const store = snapshotStore(siteRoot);
  const runtime = scripts.runtime;
  const version = new URL(engineURL).searchParams.get("v") || "dev";
  const key = runtime.then((loaded) => snapshotKey(loaded.version, version, SNAPSHOT_FORMAT));
  key.catch(() => {}); // a runtime that failed to load is reported where it is awaited
  const kept = store.usable ? await store.find(key) : null;
  let python = null;
  if (kept) {
    progress("restore");
    counting = false;
    try {
      // The runtime loads while the snapshot's bytes are read.
      python = await restore(await runtime, kept.bytes, await key);
    } catch {
      await store.clear(); // damaged or from a runtime that changed: start afresh
      counting = true;
    }
  }
  const restored = python !== null;
  python ??= await start(await runtime, await key, store.usable ? store : null);
  // The module and its call_json function stay alive as long as the worker; every
  // other Python object is converted and its proxy destroyed at once.
  const callJson = python.web.call_json;
  const entryPoints = python.web.ENTRY_POINTS;
  const names = entryPoints.toJs();
  entryPoints.destroy();
  performance.mark("python-ready", { detail: { restored } });
  self.postMessage({ type: "ready", seconds: (performance.now() - started) / 1000, restored });
  // Kept after the page has its answer: writing 32 MB takes a moment.
  if (python.snapshot) {
    store.write(await key, python.snapshot).then((kept) => kept && performance.mark("python-snapshot-kept"));
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
    // call_json never raises: an error here is Python's runtime failing for good, most
    // often its WebAssembly stack overflowing (a recursion through C, with the recursion
    // limit raised). The page then starts a fresh Python.
    const kind = error?.type || (error instanceof RangeError ? "StackOverflow" : "Crashed");
    self.postMessage({ id, error: { kind, message: String(error?.message || error) } });
  }
};
