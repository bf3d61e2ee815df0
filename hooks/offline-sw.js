// The site's service worker. hooks/offline-build.mjs fills in the two lists below at
// every build and writes the result into the built site as sw.js.
//
// PAGES    every page, the search index, styles, scripts and pictures
// RUNTIME  the Python runtime and the engine archive (about 14 MB)
//
// Each entry has the SHA-256 and the size of its bytes. A file is kept (in one cache,
// under a key that names its bytes) only once its bytes have been checked, so a kept
// copy is always the file its entry names. What is kept, and when:
//
// * a page, and every file it uses, once the page has been opened (the page sends the
//   list of what it loaded with a "keep-page" message; the files come from the
//   browser's own cache, so nothing is downloaded twice), and whatever a page asks for
//   while this worker answers it;
// * the runtime, once a game or a live example has started Python ("keep-runtime"),
//   with the live examples' machinery, and after a game the play pages too (so that
//   both games start offline, whichever was played);
// * everything, when the site runs as an installed app or the reader asked to keep the
//   whole site ("keep-all"); that choice is remembered until it is taken back (a
//   keeping that fails, offline say, leaves what was kept as it was before);
// * from the start, the offline page (assets/offline/offline.html): offline, a page that
//   was never kept gets it, at its own address, instead of the browser's bare error; so
//   does an address that is no page of the site (PAGES lists every page of this build),
//   and the page then says that there is no such page.
//
// Pages come from the network whenever it answers, and from the kept copy when it does
// not, so a rebuild shows at once. The files a page uses (and the workers it starts)
// come from the kept copy first when the page is of this worker's build, as its own
// bytes tell: a kept file always has the bytes its entry names. So a return visit does
// not wait for the network, file after file, before its game or its Run can start; on
// a slow connection that wait is long. A page of another build, or one this worker
// knows nothing of, gets the network first, as pages do, so an open page never mixes
// two builds. The runtime's files come from the kept copy first: the engine's URL
// carries its version. A new version of this worker brings what was kept up to date
// (only changed files are downloaded) and drops the old copies.

const PAGES = self.__PAGES_MANIFEST;
const RUNTIME = self.__RUNTIME_MANIFEST;
const SCOPE = self.registration.scope;
// Named after the scope, so two sites on one host keep apart.
const CACHE = `pirate-rules-site-${SCOPE}`;
const ALL_FLAG = new URL("__keep-whole-site__", SCOPE).href; // present while "keep-all" is on
const RUNTIME_FLAG = new URL("__keep-runtime__", SCOPE).href; // present once Python has run here
const OLD_CACHES = [`pirate-rules-runtime-${SCOPE}`, `workbox-precache-v2-${SCOPE}`];
// What a page that was never kept gets offline (docs/assets/offline/offline.html): kept
// from the start, since it is needed exactly when nothing can be downloaded.
const OFFLINE_PAGE = new URL("assets/offline/offline.html", SCOPE).href;

// Every file by absolute URL (a folder also stands for its index.html); each is kept
// under a key that names its bytes, and says why it was kept.
const entries = new Map();
for (const [list, kind] of [
  [PAGES, "page"],
  [RUNTIME, "runtime"],
]) {
  for (const entry of list) {
    const url = new URL(entry.url, SCOPE);
    const key = new URL(url);
    key.searchParams.set("__sha256", entry.sha256);
    const full = { ...entry, kind, url: url.href, key: key.href };
    entries.set(url.href, full);
    if (url.pathname.endsWith("/index.html")) entries.set(url.href.slice(0, -"index.html".length), full);
  }
}
const everything = [...new Set(entries.values())];
const runtime = everything.filter((entry) => entry.kind === "runtime");
const group = (name) => everything.filter((entry) => entry.group === name);

function lookUp(href) {
  const url = new URL(href);
  url.hash = ""; // a picture of a card is asked for as svg-cards.svg#its-name
  const entry = entries.get(url.href);
  if (entry) return entry;
  url.search = ""; // a worker script reads its settings from its query
  return entries.get(url.href) ?? null;
}

function isWhole(response) {
  return response.ok && response.status === 200 && response.type === "basic" && !response.redirected;
}

// The first 128 bits of the SHA-256 of `bytes`, in hex, as the lists give them.
async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Keeps `response` for `entry` if its bytes are the ones the entry names (true); else
// the site was rebuilt since this worker was, and its successor keeps the new file.
async function keep(cache, entry, response, why) {
  const bytes = await response.arrayBuffer();
  if ((await sha256(bytes)) !== entry.sha256) return false;
  const headers = new Headers(response.headers);
  headers.set("x-kept-for", why);
  await cache.put(entry.key, new Response(bytes, { status: 200, statusText: "OK", headers }));
  return true;
}

// Whether `entry` is kept already (a copy kept for another reason is now kept for `why`
// too, if that is a visit: it then stays when the whole site is no longer kept).
async function keptAlready(cache, entry, why) {
  const kept = await cache.match(entry.key);
  if (!kept) return false;
  if (why === "visit" && kept.headers.get("x-kept-for") !== "visit") await keep(cache, entry, kept, why);
  return true;
}

// A fetch that got no answer at all: the network (or the site) cannot be reached, which
// the pages tell as being offline, whatever the browser's own hint (navigator.onLine)
// says; that hint is often wrong, on a network that has no way out or on a busy device.
function unreachable(error) {
  throw Object.assign(new Error(`the network cannot be reached (${error?.message || error})`), { offline: true });
}

// Keep `entry` unless it is kept already. `mode` is the fetch's cache mode: a file the
// page has just loaded comes from the browser's own cache ("force-cache"), asked for
// by the `url` the page used; when that copy is not the right one, it is asked for again.
async function fetchAndKeep(cache, entry, why, mode = "no-cache", url = entry.url) {
  if (await keptAlready(cache, entry, why)) return 0;
  for (const cacheMode of mode === "no-cache" ? ["no-cache"] : [mode, "no-cache"]) {
    const response = await fetch(cacheMode === mode ? url : entry.url, { cache: cacheMode, credentials: "same-origin" }).catch(unreachable);
    if (!isWhole(response)) throw new Error(`${entry.url} could not be downloaded (${response.status})`);
    if (await keep(cache, entry, response, why)) return entry.size;
  }
  throw new Error(`${entry.url} has changed since this version of the site was built`);
}

// Keep `list` (entries, or [entry, url the page used]) a few files at a time;
// `report(done, total)` after each. It fails with the first error that is not the
// network's absence if there is one (an error with `offline` only when every file failed
// for want of a network).
async function keepAll(list, why, mode, report = () => {}) {
  const cache = await caches.open(CACHE);
  const queue = [...list];
  const total = list.length;
  let done = 0;
  const errors = [];
  const work = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [entry, url] = Array.isArray(item) ? item : [item, item.url];
      try {
        await fetchAndKeep(cache, entry, why, mode, url);
      } catch (error) {
        errors.push(error);
      }
      done += 1;
      report(done, total);
    }
  };
  await Promise.all([work(), work(), work(), work()]);
  if (errors.length) throw errors.find((error) => !error.offline) ?? errors[0];
}

// What is kept now: the bytes of the current files in the cache, and the flags.
async function state() {
  const cache = await caches.open(CACHE);
  const keys = new Set((await cache.keys()).map((request) => request.url));
  const kept = everything.filter((entry) => keys.has(entry.key));
  const sum = (list) => list.reduce((total, entry) => total + entry.size, 0);
  return {
    // Asked for, and done: a keeping that failed leaves the wish, not the whole site.
    whole: keys.has(ALL_FLAG) && kept.length === everything.length,
    runtime: runtime.every((entry) => keys.has(entry.key)),
    keptBytes: sum(kept),
    keptFiles: kept.length,
    siteBytes: sum(everything),
    siteFiles: everything.length,
  };
}

const flag = (url) => caches.open(CACHE).then((cache) => cache.put(url, new Response("on")));

// After an update: keep the new version of every file kept before (and everything, or
// the runtime, where that was asked for); then drop what no entry names any more.
async function renew() {
  const cache = await caches.open(CACHE);
  const keys = new Set(
    (await cache.keys()).map((request) => {
      const url = new URL(request.url);
      url.searchParams.delete("__sha256");
      return url.href;
    }),
  );
  const again = everything.filter((entry) => entry.kind === "page" && keys.has(entry.url));
  if (keys.has(RUNTIME_FLAG)) again.push(...runtime, ...group("live"));
  await keepAll(again, "visit");
  if (keys.has(ALL_FLAG)) await keepAll(everything, "all");
}

async function dropOld() {
  for (const name of OLD_CACHES) await caches.delete(name);
  const cache = await caches.open(CACHE);
  const current = new Set([...everything.map((entry) => entry.key), ALL_FLAG, RUNTIME_FLAG]);
  for (const request of await cache.keys()) {
    if (!current.has(request.url)) await cache.delete(request);
  }
}

async function wholeSite(on, report) {
  const cache = await caches.open(CACHE);
  if (!on) {
    await cache.delete(ALL_FLAG);
    for (const request of await cache.keys()) {
      const kept = await cache.match(request);
      if (kept?.headers.get("x-kept-for") === "all") await cache.delete(request);
    }
    return;
  }
  await flag(ALL_FLAG);
  // Kept whole, or left as it was: a failed keeping (offline, say) is not remembered as
  // the reader's wish, which the next version of this worker would then carry out.
  await keepAll(everything, "all", "no-cache", report).catch(async (error) => {
    await wholeSite(false);
    throw error;
  });
}

// A file of the runtime: the kept copy, else the network (and keep what arrives, so
// that the runtime is not downloaded twice).
async function fromRuntime(event, entry) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(entry.key);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (isWhole(response)) event.waitUntil(keep(cache, entry, response.clone(), "visit").catch(() => {}));
  return response;
}

// Whether each open page, and each worker a page started, is of this worker's build
// (client id -> a promise of true or false). A page is when the bytes the network sent
// for it are the ones its entry names, or when it came from the kept copy. Lost when
// the browser stops this worker: its pages then get the network first.
const builds = new Map();
const BUILDS_KEPT = 64; // the most recent clients; a page opened long ago asks the network

function noteBuild(clientId, same) {
  if (!clientId) return;
  builds.delete(clientId);
  builds.set(clientId, same);
  if (builds.size > BUILDS_KEPT) builds.delete(builds.keys().next().value);
}

// The kept copy of `entry`, or undefined.
async function keptCopy(entry) {
  return (await caches.open(CACHE)).match(entry.key);
}

// A kept response, answered as a new response so that it takes the request's URL.
function answer(kept) {
  const { status, statusText, headers } = kept;
  return new Response(kept.body, { status, statusText, headers });
}

// A file a page uses: the kept copy if the page is of this build, else as a page. (Its
// build is known once the whole page has arrived: a file asked for sooner waits for
// that, as it would share the connection with the page if it went to the network.)
async function forPage(event, entry) {
  const same = builds.get(event.clientId);
  const kept = same && (await same) && (await keptCopy(entry));
  if (kept) return answer(kept);
  return networkFirst(event, entry);
}

// A page or a small asset: the network (and keep what arrives, unless it is kept
// already: its key names its bytes), else the kept copy. For a page, note which build
// it is of.
async function networkFirst(event, entry) {
  const page = event.request.mode === "navigate";
  try {
    const response = await fetch(event.request);
    if (page) {
      const bytes = isWhole(response) ? response.clone().arrayBuffer() : Promise.reject();
      noteBuild(event.resultingClientId, bytes.then(sha256).then((hash) => hash === entry.sha256, () => false));
    }
    if (isWhole(response)) {
      const copy = response.clone();
      const keepNew = async () => {
        const cache = await caches.open(CACHE);
        if (await keptAlready(cache, entry, "visit")) return copy.body?.cancel();
        return keep(cache, entry, copy, "visit");
      };
      event.waitUntil(keepNew().catch(() => {}));
    }
    return response;
  } catch (error) {
    const kept = await keptCopy(entry);
    if (!kept) return page ? offlinePage(error) : Promise.reject(error);
    if (page) noteBuild(event.resultingClientId, Promise.resolve(true));
    return answer(kept);
  }
}

// The page that says, offline, why the page asked for cannot be shown (at its address):
// `reason` is "not kept" (a page of the site that was never kept here) or "no such
// page" (an address that is no page of this build). It lists the pages that are kept,
// and offers to keep the whole site. Without it, the browser's own error.
async function offlinePage(error, reason = "not kept") {
  const entry = entries.get(OFFLINE_PAGE);
  const kept = entry && (await keptCopy(entry));
  if (!kept) throw error;
  const headers = new Headers(kept.headers);
  headers.set("content-type", "text/html; charset=utf-8");
  headers.set("x-offline-page", reason);
  // The page shows the words for its reason (its root element's data-reason).
  const text = (await kept.text()).replace('data-reason="not-kept"', `data-reason="${reason.replaceAll(" ", "-")}"`);
  return new Response(text, { status: 200, statusText: "OK", headers });
}

// The pages kept on this device, with their titles, for the offline page to link to.
async function keptPages() {
  const cache = await caches.open(CACHE);
  const pages = [];
  for (const entry of everything) {
    if (entry.kind !== "page" || !entry.url.endsWith("/index.html")) continue;
    const kept = await cache.match(entry.key);
    if (!kept) continue;
    const title = /<title>([^<]*)<\/title>/.exec(await kept.text())?.[1] ?? entry.url;
    const words = title.replace(/&amp;/g, "&").replace(/&#39;|&#x27;/g, "'").replace(/&quot;/g, '"');
    pages.push({ url: entry.url.slice(0, -"index.html".length), title: words.replace(/ - Pirate Rules$/, "") });
  }
  return pages;
}

self.addEventListener("install", (event) => {
  self.skipWaiting();
  const offline = [entries.get(OFFLINE_PAGE)].filter(Boolean);
  // A file that fails now is kept on its next visit.
  event.waitUntil(Promise.all([renew(), keepAll(offline, "visit")]).catch(() => {}));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(Promise.all([dropOld(), self.clients.claim()]));
});

// Messages: {type: "keep-page", urls}, {type: "keep-runtime", play}, {type: "keep-all", on},
// {type: "state"}, {type: "kept-pages"}. Each is answered on its port, once, with {ok,
// error?, offline?, ...state} (`offline`: it failed because the network could not be
// reached), whatever fails; "keep-all" also sends {progress: [done, total]} while it
// works, always before its answer, and "kept-pages" adds `pages`, each {url, title}.
self.addEventListener("message", (event) => {
  const { type, urls, on } = event.data || {};
  const port = event.ports[0];
  const reply = (answer) => port?.postMessage(answer);
  let work;
  if (type === "keep-page") {
    const wanted = new Map(); // entry -> the URL the page loaded it by
    for (const url of urls || []) {
      const entry = lookUp(url);
      if (entry?.kind === "page" && !wanted.has(entry)) wanted.set(entry, url);
    }
    work = keepAll([...wanted], "visit", "force-cache");
  } else if (type === "keep-runtime") {
    const wanted = [...runtime, ...group("live"), ...(event.data.play ? group("play") : [])];
    work = flag(RUNTIME_FLAG).then(() => keepAll(wanted, "visit"));
  } else if (type === "keep-all") {
    work = wholeSite(Boolean(on), (done, total) => reply({ progress: [done, total] }));
  } else if (type === "state") {
    work = Promise.resolve();
  } else if (type === "kept-pages") {
    work = keptPages();
  } else {
    return;
  }
  event.waitUntil(
    Promise.all([work, work.then(state)]).then(
      ([found, now]) => reply({ ok: true, ...now, ...(type === "kept-pages" ? { pages: found } : {}) }),
      (error) => {
        const failed = { ok: false, error: String(error?.message || error), offline: Boolean(error?.offline) };
        return state().then((now) => reply({ ...failed, ...now }), () => reply(failed));
      },
    ),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // A worker a page starts is of the page's build.
  const parent = request.destination === "worker" && builds.get(event.clientId);
  if (parent) noteBuild(event.resultingClientId, parent);
  const entry = lookUp(url.href);
  if (!entry) {
    // An address that is no page of this build: the network's answer, or offline, the
    // offline page that says there is no such page. A page's address without its last
    // slash goes, offline, to the page (as the server would send it there).
    if (request.mode !== "navigate") return;
    const page = !url.pathname.endsWith("/") && lookUp(`${url.origin}${url.pathname}/`);
    const offline = page
      ? () => Response.redirect(`${url.origin}${url.pathname}/${url.search}`, 301)
      : (error) => offlinePage(error, "no such page");
    event.respondWith(fetch(request).catch(offline));
    return;
  }
  if (entry.kind === "runtime") event.respondWith(fromRuntime(event, entry));
  else event.respondWith(request.mode === "navigate" ? networkFirst(event, entry) : forPage(event, entry));
});
