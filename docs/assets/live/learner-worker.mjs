// The learner's worker for "Build it yourself": their file runs here, in a Python of its own
// (Pyodide, from the site's own copy), apart from the checks' Python. This Python holds no
// engine: only the agent (pirate_rules/course/agent.py, standard library only), which the
// page hands over as text from the checks' Python, and the learner's file.
//
// Page -> worker: {type: "start", snapshot}   first: Python starts (from `snapshot`, if any)
//                 {type: "agent", files: {"agent.py": text, "clock.py": text}}   once
//                 {type: "trip", trip, batches: [[message, ...], ...]}
// Worker -> page: {type: "snapshot", memory}          a fresh Python's memory, to start the next
//                 {type: "ready", seconds, memory, restored}
//                                                       Python started (memory: its heap, in bytes)
//                 {type: "answer", trip, batch, answer} one message answered
//                 {type: "done", trip}                  every batch answered
//                 {type: "died", trip, batch, kind, status, detail}
//                                                       Python ended (os._exit) or crashed
//                 {type: "failed", message}             Python did not start
//
// Starting again quickly: a worker that had to start Python afresh sends the page a memory
// snapshot of it, taken before anything ran (Pyodide's private `_makeSnapshot`,
// `makeMemorySnapshot` and `_loadSnapshot`, as the play pages' worker uses them); the page
// keeps it for as long as it is open, and a worker started after a loop or a crash is
// restored from it, in a fraction of a fresh start's time. A restore that fails is a
// fresh start.
//
// Each batch's messages are answered in order, and a batch ends at its first fault. An
// answer goes to the page as soon as it is made, so that the page knows which message a
// Python that stops answering was on (it ends this worker after a time without answers).
//
// Before the learner's file runs, this worker takes away what a rule engine has no need
// of and what could reach the real engine another way: the network (fetch, XMLHttpRequest,
// sockets), the browser's stores (IndexedDB, Cache Storage, the private file system),
// other workers, and the page itself (postMessage is kept for this script alone). The
// agent's audit hook refuses the rest in Python (files, programs, ctypes, the modules that
// lead to JavaScript). A check of good faith, not a sandbox.

const params = new URL(self.location.href).searchParams;
const indexURL = new URL(params.get("runtime"), self.location.href).href;
const post = self.postMessage.bind(self);
const started = performance.now();

const runtime = import(new URL("pyodide.mjs", indexURL).href);
let python = null; // resolves to Pyodide once it has started
let restored = false;

// Nothing the learner's code prints goes anywhere: the checks read what it returns.
const quiet = () => {};
const OPTIONS = { indexURL, packageBaseUrl: indexURL, lockFileURL: `${indexURL}pyodide-lock.json`, stdout: quiet, stderr: quiet };

async function boot(snapshot) {
  const { loadPyodide } = await runtime;
  if (snapshot) {
    try {
      const pyodide = await loadPyodide({ ...OPTIONS, _loadSnapshot: snapshot });
      restored = true;
      return pyodide;
    } catch {
      // a snapshot this runtime refuses: Python starts afresh
    }
  }
  const pyodide = await loadPyodide({ ...OPTIONS, _makeSnapshot: true });
  try {
    const memory = pyodide.makeMemorySnapshot();
    post({ type: "snapshot", memory }, [memory.buffer]);
  } catch {
    // no snapshot: the next start is a fresh one too
  }
  return pyodide;
}

let answerOne = null; // the agent's answer to one message, as JSON text both ways

const CUT = {
  self: ["fetch", "XMLHttpRequest", "WebSocket", "WebSocketStream", "WebTransport", "EventSource",
         "indexedDB", "caches", "Worker", "SharedWorker", "BroadcastChannel", "importScripts",
         "postMessage", "Request", "Response"],
  navigator: ["storage", "serviceWorker", "locks", "sendBeacon"],
}; // prettier-ignore

// Remove `name` from `object` and from every prototype it inherits from, and leave an
// own property that cannot be set or deleted again.
function cut(object, name) {
  for (let holder = object; holder; holder = Object.getPrototypeOf(holder)) {
    const found = Object.getOwnPropertyDescriptor(holder, name);
    if (found?.configurable) delete holder[name];
  }
  try {
    Object.defineProperty(object, name, { value: undefined, writable: false, configurable: false });
  } catch {
    // a property the browser keeps: its prototypes' copies are gone at least
  }
}

async function install(files) {
  const pyodide = await python;
  pyodide.FS.mkdirTree("/agent");
  for (const [name, text] of Object.entries(files)) pyodide.FS.writeFile(`/agent/${name}`, text);
  answerOne = pyodide.runPython(
    [
      "import importlib.util",
      "spec = importlib.util.spec_from_file_location('agent', '/agent/agent.py')",
      "agent = importlib.util.module_from_spec(spec)",
      "spec.loader.exec_module(agent)",
      "agent.in_browser('/agent/clock.py')",
    ].join("\n"),
    { globals: pyodide.toPy({}) },
  );
  // A crash of the learner's Python is told to them in words, by the checks: Pyodide's own
  // report of it (console.error) would only alarm the page's console.
  console.error = console.warn = () => {};
  CUT.self.forEach((name) => cut(self, name));
  CUT.navigator.forEach((name) => cut(self.navigator, name));
  const memory = pyodide._module?.HEAP8?.length ?? null; // the WebAssembly heap, for the page's figures
  post({ type: "ready", seconds: (performance.now() - started) / 1000, memory, restored });
}

// A Python that ended or crashed: the page ends this worker, and starts another.
function ended(error) {
  if (typeof error?.status === "number") return { kind: "exit", status: error.status, detail: "" };
  const cause = String(error?.message || error).match(/RangeError: [^\n]*/);
  return { kind: "crash", status: null, detail: cause ? cause[0] : String(error?.message || error).split("\n")[0] };
}

function answerTrip({ trip, batches }) {
  for (let batch = 0; batch < batches.length; batch++) {
    for (const message of batches[batch]) {
      let answer;
      try {
        answer = JSON.parse(answerOne(JSON.stringify(message)));
      } catch (error) {
        post({ type: "died", trip, batch, ...ended(error) });
        return;
      }
      post({ type: "answer", trip, batch, answer });
      if ("fault" in answer) break;
    }
  }
  post({ type: "done", trip });
}

self.onmessage = async ({ data }) => {
  if (data?.type === "start" && !python) {
    python = boot(data.snapshot);
    python.catch(() => {}); // told when the agent arrives
  } else if (data?.type === "agent" && python && !answerOne) {
    try {
      await install(data.files);
    } catch (error) {
      post({ type: "failed", message: String(error?.message || error) });
    }
  } else if (data?.type === "trip" && answerOne) {
    answerTrip(data);
  }
};
