// Registers the site's service worker (sw.js at the site's root, written at build time by
// hooks/offline.py), so that the site keeps working without a network after a visit.
// It waits for the page to finish loading, and on a play page until its game is ready,
// so that it never slows a first game down. Then a play page asks the worker to keep the
// Python runtime and the engine too: <html data-offline="ready"> tells that both games
// can now start offline ("keeping" while it works, "failed" if it could not).
(() => {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const root = new URL("../../", document.currentScript.src);
  const play = document.querySelector("#play[data-runtime]");

  const loaded = () =>
    document.readyState === "complete"
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));

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

  async function keepRuntime() {
    const { active } = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => {
      channel.port1.onmessage = ({ data }) => resolve(data);
    });
    document.documentElement.dataset.offline = "keeping";
    active.postMessage({ type: "keep-runtime" }, [channel.port2]);
    const { ok, error } = await answer;
    document.documentElement.dataset.offline = ok ? "ready" : "failed";
    if (!ok) console.warn("The games could not be kept for offline play:", error);
  }

  async function start() {
    await loaded();
    const settled = play ? gameSettled(play) : Promise.resolve(false);
    // A game that takes very long to start does not hold the rest of the site back.
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 60000))]);
    await navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname });
    if (await settled) await keepRuntime();
  }

  start().catch((error) => console.warn("This site cannot be kept for offline use:", error));
})();
