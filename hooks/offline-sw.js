// The site's service worker. hooks/offline-build.mjs fills in the three lists below at
// every build and writes the result into the built site as sw.js.
//
// SHELL    pages, search index, styles, scripts and pictures, each with a revision (a
//          hash of its bytes): kept when this worker installs, on any first visit.
// RUNTIME  the Python runtime and the engine archive (about 13 MB), each with the SHA-256
//          of its bytes: kept once a play page has started a game (the page asks with a
//          "keep-runtime" message), then kept up to date by every later version.
//
// Pages and small assets come from the network whenever it answers, and from the kept
// copy when it does not, so an open page never mixes two builds and a rebuild shows at
// once. The runtime's files come from the kept copy first: a kept file always has the
// bytes its entry names, and the engine's URL carries its version.

importScripts(...self.__WORKBOX_SCRIPTS);

const SHELL = self.__WB_MANIFEST;
const RUNTIME = self.__RUNTIME_MANIFEST;
// Named after the scope, as Workbox names its own, so two sites on one host keep apart.
const RUNTIME_CACHE = `pirate-rules-runtime-${self.registration.scope}`;

const { precaching } = self.workbox;
precaching.precache(SHELL);
precaching.cleanupOutdatedCaches();

// Runtime files by absolute URL; each is kept under a key that names its bytes.
const runtime = new Map(
  RUNTIME.map((entry) => {
    const url = new URL(entry.url, self.registration.scope);
    const key = new URL(url);
    key.searchParams.set("sha256", entry.sha256);
    return [url.href, { ...entry, url: url.href, key: key.href }];
  }),
);

function isWhole(response) {
  return response.ok && response.status === 200 && response.type === "basic" && !response.redirected;
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Keeps `response` for `entry` if its bytes are the ones the entry names; a different
// file means the site was rebuilt since this worker was: its successor keeps that one.
async function keep(cache, entry, response) {
  const bytes = await response.arrayBuffer();
  if ((await sha256(bytes)) !== entry.sha256) {
    throw new Error(`${entry.url} has changed since this version of the site was built`);
  }
  const { status, statusText, headers } = response;
  await cache.put(entry.key, new Response(bytes, { status, statusText, headers }));
}

// Runtime files being kept as they arrive for a page, by key.
const arriving = new Map();

// Downloads the runtime files not kept yet. The browser's own cache usually holds them
// from the page's first download, so "no-cache" costs a revalidation, not 13 MB.
let keepingAll = null;
function keepRuntime() {
  keepingAll ??= (async () => {
    const cache = await caches.open(RUNTIME_CACHE);
    await Promise.all(
      [...runtime.values()].map(async (entry) => {
        await arriving.get(entry.key);
        if (await cache.match(entry.key)) return;
        const response = await fetch(entry.url, { cache: "no-cache", credentials: "same-origin" });
        if (!isWhole(response)) throw new Error(`${entry.url} could not be downloaded (${response.status})`);
        await keep(cache, entry, response);
      }),
    );
  })().finally(() => {
    keepingAll = null;
  });
  return keepingAll;
}

async function dropOldRuntime() {
  if (!(await caches.has(RUNTIME_CACHE))) return;
  const cache = await caches.open(RUNTIME_CACHE);
  const current = new Set([...runtime.values()].map((entry) => entry.key));
  for (const request of await cache.keys()) {
    if (!current.has(request.url)) await cache.delete(request);
  }
}

// A runtime file: the kept copy, else the network (and keep what arrives, when the page
// is already controlled, so the runtime is not downloaded twice).
async function fromRuntime(event, entry) {
  const cache = await caches.open(RUNTIME_CACHE);
  const kept = await cache.match(entry.key);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (isWhole(response) && !arriving.has(entry.key)) {
    const keeping = keep(cache, entry, response.clone())
      .catch(() => {})
      .finally(() => arriving.delete(entry.key));
    arriving.set(entry.key, keeping);
    event.waitUntil(keeping);
  }
  return response;
}

// A page or a small asset: the network, else the copy kept at install. The copy is
// answered as a new response so that it takes the request's URL: a worker script reads
// its settings from the query of its own URL.
async function networkFirst(event, url) {
  try {
    return await fetch(event.request);
  } catch (error) {
    const kept = await precaching.matchPrecache(url);
    if (!kept) throw error;
    const { status, statusText, headers } = kept;
    return new Response(kept.body, { status, statusText, headers });
  }
}

// The shell entry for a URL: queries do not matter (the worker's script carries some),
// and a folder stands for its index.html.
function shellURL(url) {
  const plain = url.origin + url.pathname;
  if (precaching.getCacheKeyForURL(plain)) return plain;
  const index = `${plain}index.html`;
  if (plain.endsWith("/") && precaching.getCacheKeyForURL(index)) return index;
  return null;
}

self.addEventListener("install", (event) => {
  self.skipWaiting();
  // Families who have played keep a current runtime: only changed files are downloaded.
  event.waitUntil(caches.has(RUNTIME_CACHE).then((used) => used && keepRuntime()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(Promise.all([dropOldRuntime(), self.clients.claim()]));
});

self.addEventListener("message", (event) => {
  if (event.data?.type !== "keep-runtime") return;
  const reply = (answer) => event.ports[0]?.postMessage(answer);
  event.waitUntil(
    keepRuntime().then(
      () => reply({ ok: true }),
      (error) => reply({ ok: false, error: String(error?.message || error) }),
    ),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const entry = runtime.get(url.href);
  if (entry) {
    event.respondWith(fromRuntime(event, entry));
    return;
  }
  const shell = shellURL(url);
  if (shell) event.respondWith(networkFirst(event, shell));
});
