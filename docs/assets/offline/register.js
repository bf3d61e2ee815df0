// Registers the site's service worker (sw.js at the site's root, written at build time by
// hooks/offline.py), so that the site keeps working without a network after a visit.
// It waits until the page is loaded and idle (on a play page, until its game is ready),
// so that it never slows a page down. Then it asks the worker to keep
//
// * this page and what it loaded (from the browser's cache: nothing is downloaded again),
//   with its pictures, even those that load lazily and were not shown yet;
// * the Python runtime too, on a play page (with the play pages, so that both games
//   start offline) or once a live example has started Python (the "pirate-rules:python"
//   event of assets/live/engine.mjs);
// * the whole site, when it runs as an installed app (or the reader asked for it on the
//   About page: assets/offline/settings.mjs).
//
// <html data-offline> tells how far it got: "page", "ready" (both games can start
// offline), "site" (everything is kept); "keeping" while it works, "failed" if it could
// not keep what it was asked to.
(() => {
  const script = document.currentScript;
  const settings = document.getElementById("offline-settings");
  // The About page's settings, a module of the page's own: kept with the page, so its
  // list of files waits for it.
  const settingsLoaded = settings ? import(new URL("settings.mjs", script.src).href) : Promise.resolve(null);
  settingsLoaded.then((module) => module?.setUp(settings));
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const root = new URL("../../", script.src);
  const play = document.querySelector("#play[data-runtime]");
  // The board the page draws once its game (or its puzzles) is ready: the cards it shows
  // are fetched only then, so the page is kept after that.
  const board = play || document.querySelector(".play");
  const html = document.documentElement;

  const loaded = () =>
    document.readyState === "complete"
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  const idle = () =>
    new Promise((resolve) => (window.requestIdleCallback ? requestIdleCallback(resolve, { timeout: 5000 }) : setTimeout(resolve, 200)));

  // Resolves with true once the play page's game is ready, false if it failed to start.
  const gameSettled = (node) =>
    new Promise((resolve) => {
      const check = () => {
        const ready = node.classList.contains("play--ready");
        if (!ready && !node.classList.contains("play--failed")) return false;
        resolve(ready);
        return true;
      };
      if (check()) return;
      const observer = new MutationObserver(() => check() && observer.disconnect());
      observer.observe(node, { attributes: true, attributeFilter: ["class"] });
    });
  const pythonStarted = new Promise((resolve) => window.addEventListener("pirate-rules:python", resolve, { once: true }));

  // Ask the worker; resolves with its answer ({ok, error, offline, ...what is kept}), or
  // with a failure if the worker stops before it answers (its end of the channel closes).
  async function ask(message, onProgress) {
    const { active } = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => {
      channel.port1.onmessage = ({ data }) => (data.progress ? onProgress?.(data.progress) : resolve(data));
      channel.port1.addEventListener("close", () => resolve({ ok: false, error: "the site's offline keeper stopped" }));
    });
    active.postMessage(message, [channel.port2]);
    return answer;
  }
  let pageKept;
  const keptPage = new Promise((resolve) => (pageKept = resolve));
  // For the About page's settings: ask the worker, once it has kept this page.
  window.pirateRulesOffline = { ask, keptPage };

  // Keep something and tell it on <html>: `done` once kept.
  const steps = [];
  function keepStep(message, done) {
    const step = (steps.at(-1) || Promise.resolve()).then(async () => {
      html.dataset.offline = "keeping";
      const { ok, error, whole } = await ask(message);
      html.dataset.offline = whole ? "site" : ok ? done : "failed";
      if (!ok) console.warn("This site could not be kept for offline use:", error);
    });
    steps.push(step);
    return step;
  }

  const installed = () => window.matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;

  async function start() {
    await loaded();
    const settled = board ? gameSettled(board) : Promise.resolve(false);
    // A game that takes very long to start does not hold the rest of the site back.
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 60000))]);
    await settingsLoaded.catch(() => {});
    await idle();
    await navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname });
    // The search's index, which the page asks for late (overrides/partials/search-later.html),
    // is kept with the page: asked for now if it was not yet, and kept once it has arrived.
    const search = window.pirateRulesSearch;
    if (search) {
      search.want();
      await Promise.race([search.fetched, new Promise((resolve) => setTimeout(resolve, 10000))]);
    }
    // What the page loaded, and the card pictures it shows, even one still on its way.
    const cards = [...document.querySelectorAll("use")].map((use) => use.href?.baseVal || use.getAttribute("href") || "");
    const loadedUrls = performance.getEntriesByType("resource").map((entry) => entry.name);
    // Pictures that load lazily are kept too, even those not scrolled to yet.
    const pictures = [...document.images].map((image) => image.currentSrc || image.src).filter(Boolean);
    // The site's icon, which the browser asks for on its own, so that no entry lists it:
    // offline, a page whose icon was not kept would fail to load it.
    const icons = [...document.querySelectorAll("link[rel~='icon']")].map((link) => link.href);
    const urls = [location.href, ...loadedUrls, ...pictures, ...icons, ...cards.map((href) => new URL(href, location.href).href)];
    if (search?.worker) urls.push(search.worker); // it may not have arrived yet
    await keepStep({ type: "keep-page", urls: urls.filter((url) => url.startsWith(root.origin)) }, "page");
    pageKept();
    if (installed()) await keepStep({ type: "keep-all", on: true }, "site");
    if (!play || (await settled)) {
      const python = play ? Promise.resolve() : pythonStarted;
      python.then(() => keepStep({ type: "keep-runtime", play: play !== null }, "ready"));
    }
  }

  window.addEventListener("appinstalled", () => keepStep({ type: "keep-all", on: true }, "site"));
  start().catch((error) => console.warn("This site cannot be kept for offline use:", error));
})();
