// The About page's two settings for this device (loaded by register.js when the page
// has them): "Keep the whole site for offline use" asks the service worker to keep
// every file (hooks/offline-sw.js), and "Start Python from a copy kept on this device"
// turns the memory snapshot of Python on or off (assets/play/snapshot.mjs).

import { snapshotStore } from "../play/snapshot.mjs";

const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

export async function setUp(root) {
  const html = document.documentElement;
  const whole = root.querySelector("input[name=whole-site]");
  const wholeSize = root.querySelector("[data-whole-size]");
  const wholeSays = root.querySelector("[data-whole-status]");
  const quick = root.querySelector("input[name=snapshot]");
  const quickSays = root.querySelector("[data-snapshot-status]");
  const offline = window.pirateRulesOffline;

  const tell = (now) => {
    wholeSize.textContent = `(${megabytes(now.siteBytes)})`;
    whole.checked = now.whole;
    wholeSays.textContent = now.whole
      ? "The whole site is kept on this device: it works without a network."
      : `Kept on this device now: ${megabytes(now.keptBytes)}, the pages you opened and what they need.`;
  };

  if (!offline) {
    whole.disabled = true;
    wholeSays.textContent = "This browser cannot keep the site for offline use (it needs a service worker, on a secure address).";
  } else {
    whole.disabled = true;
    wholeSays.textContent = "Working out the size…";
    offline.keptPage.then(() => offline.ask({ type: "state" })).then((now) => {
      whole.disabled = false;
      tell(now);
    });
    whole.addEventListener("change", async () => {
      const on = whole.checked;
      whole.disabled = true;
      wholeSays.textContent = on ? "Keeping the whole site…" : "Keeping only the pages you open…";
      let answer;
      try {
        answer = await offline.ask({ type: "keep-all", on }, ([done, total]) => {
          wholeSays.textContent = `Keeping the whole site: ${done} of ${total} files…`;
        });
      } catch (error) {
        answer = { ok: false, error: String(error?.message || error) };
      }
      whole.disabled = false;
      if (answer.siteBytes !== undefined) tell(answer);
      if (answer.whole) html.dataset.offline = "site";
      if (answer.ok) return;
      whole.checked = Boolean(answer.whole);
      // The worker says when no file could be downloaded for want of a network: the
      // browser's own word for that (navigator.onLine) is late or wrong at times.
      wholeSays.textContent =
        answer.offline || !navigator.onLine
          ? "This device is offline now: tick it again once the network is back."
          : `Not everything could be kept: ${answer.error}. Try again once the network is back.`;
    });
  }

  const store = snapshotStore(new URL("../../", import.meta.url).href);
  const showQuick = async () => {
    const kept = await store.describe();
    quick.checked = await store.enabled();
    quick.disabled = false;
    if (!quick.checked) quickSays.textContent = "Off: Python starts afresh on every visit.";
    else if (kept) quickSays.textContent = `On: a copy of ${megabytes(kept.stored)} is kept.`;
    else quickSays.textContent = "On: a copy is kept the next time Python starts.";
  };
  if (!store.usable) {
    quick.disabled = true;
    quickSays.textContent = "This browser cannot keep a copy of Python here.";
    return;
  }
  quick.addEventListener("change", async () => {
    await store.setEnabled(quick.checked);
    await showQuick();
  });
  await showQuick();
}
