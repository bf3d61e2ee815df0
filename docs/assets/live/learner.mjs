// The learner's worker, seen from the page (learner-worker.mjs): their file runs there, in a
// Python of its own, and the checks run in the page's Python (engine.mjs). The page only
// carries messages between the two: a round trip from the checks (pirate_rules.course.relay)
// goes to the learner's worker, and its answers go back to the checks as they came.
//
//   const learner = learnerWorker();
//   learner.start(agentFiles);          // at the first Check: Python starts meanwhile
//   const reply = await learner.carry(ask, { stop });  // {answers, died}
//
// The worker starts at the first Check and is kept for the next; the memory snapshot the
// first one sends (a fresh Python, before anything ran) is kept here, and each later
// worker is restored from it, in a fraction of the time. When it stops answering
// for the trip's `limit` (a loop that no line of the file can stop), exits (os._exit) or
// crashes (the WebAssembly stack overflowing), it is ended, the reply says so (`died`),
// and the next trip starts a new one. `stop` (an AbortSignal) ends it too.

const started = new Set(); // listeners of each start: (seconds, memory)

class LearnerWorker {
  constructor() {
    this.worker = null;
    this.ready = null;
    this.running = false; // started, and ready for round trips
    this.files = null;
    this.snapshot = null; // a fresh Python's memory, from the first worker that made one
    this.runtime = new URL("../../pyodide/", import.meta.url).href;
  }

  /** Start the worker if it is not running; `files` gives the agent's files (a promise). */
  start(files) {
    if (files) this.files = files;
    if (this.worker) return this.ready;
    const url = new URL("./learner-worker.mjs", import.meta.url);
    url.searchParams.set("runtime", this.runtime);
    const worker = (this.worker = new Worker(url, { type: "module" }));
    let refuse;
    this.ready = new Promise((resolve, reject) => {
      refuse = reject;
      worker.onmessage = ({ data }) => {
        if (data?.type === "snapshot") {
          this.snapshot = data.memory;
        } else if (data?.type === "ready") {
          this.running = this.worker === worker;
          started.forEach((listener) => listener(data));
          resolve(data);
        } else if (data?.type === "failed") {
          reject(failure("NotStarted", `Python did not start for your code: ${data.message}`));
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        reject(failure("NotStarted", `Python did not start for your code: ${event.message || "an error"}`));
      };
    });
    this.ready.catch(() => this.end(worker));
    worker.postMessage({ type: "start", snapshot: this.snapshot }); // a copy: kept for the next
    Promise.resolve(this.files).then(
      (files) => this.worker === worker && worker.postMessage({ type: "agent", files }),
      (error) => refuse(error),
    );
    return this.ready;
  }

  end(worker = this.worker) {
    worker?.terminate();
    if (this.worker === worker) {
      this.worker = this.ready = null;
      this.running = false;
    }
  }

  /** Carry round trip `ask` to the worker; resolves with its reply, `{answers, died}`. */
  async carry(ask, { stop } = {}) {
    if (stop?.aborted) throw failure("Stopped", "Stopped.");
    await this.start();
    const worker = this.worker;
    const answers = ask.batches.map(() => []);
    const faulted = ask.batches.map(() => false);
    const current = () => {
      const index = ask.batches.findIndex((batch, b) => !faulted[b] && answers[b].length < batch.length);
      return index < 0 ? ask.batches.length - 1 : index;
    };
    return new Promise((resolve, reject) => {
      let heard = performance.now();
      const settle = (settleWith, value) => {
        clearInterval(watch);
        stop?.removeEventListener("abort", onStop);
        worker.onmessage = null;
        settleWith(value);
      };
      const died = (kind, status = null, detail = "", batch = current()) => {
        this.end(worker);
        settle(resolve, { answers, died: { batch, kind, status, detail } });
      };
      const onStop = () => {
        this.end(worker);
        settle(reject, failure("Stopped", "Stopped."));
      };
      const watch = setInterval(() => {
        if (performance.now() - heard > ask.limit * 1000) died("deadline");
      }, 100);
      stop?.addEventListener("abort", onStop);
      worker.onmessage = ({ data }) => {
        if (data?.trip !== ask.trip) return;
        heard = performance.now();
        if (data.type === "answer") {
          answers[data.batch].push(data.answer);
          if ("fault" in data.answer) faulted[data.batch] = true;
        } else if (data.type === "done") {
          settle(resolve, { answers, died: null });
        } else if (data.type === "died") {
          died(data.kind, data.status, data.detail, data.batch);
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        died("crash", null, event.message || "an error");
      };
      worker.postMessage({ type: "trip", trip: ask.trip, batches: ask.batches });
    });
  }
}

function failure(kind, message) {
  const error = new Error(message);
  error.kind = kind;
  return error;
}

let shared = null;

/** The page's one learner's worker (not started until `start`). */
export function learnerWorker() {
  shared ??= new LearnerWorker();
  return shared;
}

/** `listener({seconds, memory})` runs each time a learner's worker is ready. */
export function onLearnerStart(listener) {
  started.add(listener);
}
