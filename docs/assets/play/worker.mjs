// The play pages' worker: starts Python (Pyodide, served by this site), unpacks the
// engine and answers the page's requests by calling fixed entry points of
// pirate_rules.web. No Python source ever travels in a message.
//
// Page -> worker: {id, call, args}             call: a name from pirate_rules.web.ENTRY_POINTS
// Worker -> page: {id, result}                 the entry point's JSON answer
//                 {id, error: {kind, message}} a refused or failed request
//                 {type: "progress", stage, step, steps, label, loaded}
//
// `loaded` counts the bytes of the runtime and engine files downloaded so far (every
// fetch of this worker is counted as its body streams in), so the page can say how
// much of the first visit's download is done.
//                 {type: "ready", seconds}
//                 {type: "failed", error: {kind, message}}

const params = new URL(self.location.href).searchParams;
const indexURL = new URL(params.get("runtime"), self.location.href).href;
const engineURL = new URL(params.get("engine"), self.location.href).href;

const STAGES = [
  ["download", "Downloading the Python runtime, then starting it"],
  ["engine", "Loading the game engine"],
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
// times a second.
const plainFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
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
  return response.arrayBuffer();
}

async function boot() {
  const started = performance.now();
  progress("download");
  // The engine zip downloads while the runtime loads and starts.
  const engine = fetchEngine();
  engine.catch(() => {}); // reported below, once the runtime has started or failed
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  // Python starts as soon as its files are in: the page tells "python" from the bytes.
  const pyodide = await loadPyodide({
    indexURL,
    packageBaseUrl: indexURL,
    lockFileURL: new URL("pyodide-lock.json", indexURL).href,
    stdout: () => {},
    stderr: (text) => console.warn(text),
  });
  const archive = await engine;
  progress("engine");
  pyodide.unpackArchive(archive, "zip");
  // The module and its call_json function stay alive as long as the worker; every
  // other Python object is converted and its proxy destroyed at once.
  const web = pyodide.pyimport("pirate_rules.web");
  const callJson = web.call_json;
  const entryPoints = web.ENTRY_POINTS;
  const names = entryPoints.toJs();
  entryPoints.destroy();
  self.postMessage({ type: "ready", seconds: (performance.now() - started) / 1000 });
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
