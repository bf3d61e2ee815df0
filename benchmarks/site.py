"""How fast the built site becomes usable on a first and a later visit, and what it costs.

Serves ``site/`` (built first if missing) on 127.0.0.1 with the plain static server of
the browser tests and opens it in headless Chromium (Debian's), all in one run, as a
family's device would:

* **bare Pyodide**: a blank page of the same server starts a module worker that only
  loads Pyodide from the site's files and runs ``1 + 1``: cold (a new profile, nothing
  cached) and warm (the same profile again, its files in the browser's cache). Every
  time below is also given as a ratio to both.
* for each play page, **time to the first choice** (navigation to the page's
  ``play-ready`` mark: the table drawn and a choice to make), and for one rules page,
  **time to the first Run's answer** (navigation to the answer of its first example
  on the page, its ``live-answer`` mark, Run being pressed as soon as it is there):

  - *first visit*: a new profile; the service worker then keeps what it keeps (the
    runtime too, once Python runs: ``<html data-offline="ready">``) and the worker keeps
    its memory snapshot, before the browser closes;
  - *second visit, with the snapshot*: the same profile, the browser started afresh;
  - *second visit, without it*: the same again, with the snapshot turned off (the
    About page's setting), so Python starts as it did before snapshots.

Bytes are counted by the server (headers and bodies, uncompressed, as it sends them)
from navigation until the visit is over, service worker included. Every figure is the
median of ``--runs`` runs, with the range; the last line gives the snapshot's size as
stored (Python's memory and the engine's files, uncompressed). Each visit starts its
own browser on the profile, so nothing else is left running and no memory cache
carries over, and navigates once the browser's own start is over (``SETTLE_MS``: as it
starts, this Chromium loads the pages of its omnibox, 0.6 s of CPU that a two-core
machine would otherwise count against the site, and against a bare boot less).

Run with ``.venv/bin/python benchmarks/site.py [--runs N]`` (``make bench-site``).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, BrowserType, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from siteserver import (
    CHROMIUM,
    CHROMIUM_ARGS,
    SITE,
    SiteHandler,
    Traffic,
    ensure_site_built,
    is_local,
    serve_site,
)

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
const worker = new Worker("/__bare__/worker.mjs", {type: "module"});
worker.onmessage = () => performance.mark("play-ready");
</script>"""
BARE_WORKER = """import { loadPyodide } from "/pyodide/pyodide.mjs";
const indexURL = new URL("/pyodide/", self.location.href).href;
const pyodide = await loadPyodide({indexURL, packageBaseUrl: indexURL});
pyodide.runPython("1 + 1");
postMessage("ready");"""
BARE = {
    "/__bare__/index.html": (BARE_PAGE, "text/html"),
    "/__bare__/worker.mjs": (BARE_WORKER, "text/javascript"),
}

PLAY_PAGES = ("play/marvin/", "play/pirate/")
RULES_PAGE = "rules/marvin/"
VISITS = ("first visit", "second, with snapshot", "second, without")
TIMEOUT_MS = 180_000
SETTLE_MS = 2_000
STORE = "(await import('/assets/play/snapshot.mjs')).snapshotStore(location.origin + '/')"


class BenchHandler(SiteHandler):
    """The site, plus the bare Pyodide page, written here rather than into the site."""

    def do_GET(self) -> None:
        """Answer the bare page's two files; every other path from the site."""
        found = BARE.get(self.path.split("?")[0])
        if found is None:
            super().do_GET()
            return
        body, kind = found[0].encode(), found[1]
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@dataclass
class Device:
    """One browser profile, opened afresh for each visit."""

    chromium: BrowserType
    traffic: Traffic
    profile: str
    snapshots: bool = True
    off_host: list[str] = field(default_factory=list)

    @contextlib.contextmanager
    def visit(self) -> Iterator[Page]:
        context: BrowserContext = self.chromium.launch_persistent_context(
            self.profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        context.on("request", lambda r: None if is_local(r.url) else self.off_host.append(r.url))
        context.set_default_timeout(TIMEOUT_MS)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            # The browser's own start is over before the visit: as it starts, this
            # Chromium loads its omnibox's pages (0.6 s of CPU), which would be measured
            # as the site's on this two-core machine.
            page.wait_for_timeout(SETTLE_MS)
            self.traffic.take()
            yield page
        finally:
            context.close()
        if self.off_host:
            raise SystemExit(f"requests left 127.0.0.1: {self.off_host}")


def mark_seconds(page: Page, name: str = "play-ready") -> float:
    page.wait_for_function(
        f"performance.getEntriesByName('{name}').length > 0", timeout=TIMEOUT_MS, polling=20
    )
    return float(page.evaluate(f"performance.getEntriesByName('{name}')[0].startTime")) / 1000


def until(page: Page, script: str) -> None:
    """Wait until the async function ``script`` resolves to a true value."""
    page.evaluate(
        f"""async () => {{
            const test = {script};
            const until = performance.now() + {TIMEOUT_MS};
            while (!(await test())) {{
                if (performance.now() > until) throw new Error("timed out: {script[:40]}");
                await new Promise((resolve) => setTimeout(resolve, 100));
            }}
        }}"""
    )


PRESS_RUN = """new MutationObserver((_, watch) => {
  const run = document.querySelector("#live-example-1 button");
  if (!run) return;
  watch.disconnect();
  run.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
  run.click();
}).observe(document, { childList: true, subtree: true });"""
"""Presses Run under the page's first example the moment it is there, in the page (as a
reader's press: the pointer over it, then the click). Pressed from here, the press
would land 0.2 s later: the time to learn the page has loaded and to check that the
button stands still (measured in this benchmark's first version)."""


def first_run_seconds(page: Page) -> float:
    """Seconds from navigation to the answer of the page's first example on the page
    (the examples' ``live-answer`` mark), Run being pressed by :data:`PRESS_RUN`."""
    return mark_seconds(page, "live-answer")


def settle(page: Page, first: bool, snapshots: bool) -> None:
    """After a visit: on the first, wait until the site and Python's snapshot are kept."""
    if first and not snapshots:  # a site built before snapshots: its worker tells nothing
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        page.wait_for_timeout(5000)
    elif first:
        page.wait_for_function(
            "['ready', 'site', 'failed'].includes(document.documentElement.dataset.offline)",
            timeout=TIMEOUT_MS,
        )
        state = page.evaluate("document.documentElement.dataset.offline")
        if state == "failed":
            raise SystemExit("the service worker could not keep the runtime")
        until(page, f"async () => (await {STORE}.describe()) !== null")
    page.wait_for_timeout(300)  # late requests are counted too


Visit = tuple[float, int]


def page_visits(device: Device, base: str, path: str) -> list[Visit]:
    """The three visits of ``path`` on a new device: (seconds, bytes) each."""
    measure: Callable[[Page], float] = first_run_seconds if path == RULES_PAGE else mark_seconds
    results: list[Visit] = []
    for number, _ in enumerate(VISITS if device.snapshots else VISITS[:2]):
        with device.visit() as page:
            if number == 2:  # the About page's setting, before the visit
                page.goto(base + "about/")
                page.evaluate(f"async () => {STORE}.setEnabled(false)")
                device.traffic.take()
            if path == RULES_PAGE:
                page.add_init_script(PRESS_RUN)
            page.goto(base + path)
            seconds = measure(page)
            settle(page, first=number == 0, snapshots=device.snapshots)
            results.append((seconds, device.traffic.take()[1]))
    return results


def bare_boots(device: Device, base: str) -> tuple[float, float]:
    """A bare Pyodide boot, cold then warm, on a new device."""
    times = []
    for _ in range(2):
        with device.visit() as page:
            page.goto(base + "__bare__/index.html")
            times.append(mark_seconds(page))
    return times[0], times[1]


def spread(values: list[float], digits: int = 2) -> str:
    middle = statistics.median(values)
    return f"{middle:.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of every figure (median)")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site to serve")
    parser.add_argument(
        "--before-snapshots",
        action="store_true",
        help="for a site built before snapshots: two visits each, no snapshot's size",
    )
    args = parser.parse_args(argv)
    if args.site == SITE:
        ensure_site_built()
    snapshots = not args.before_snapshots
    traffic = Traffic()
    bare: list[tuple[float, float]] = []
    visits: dict[str, list[list[Visit]]] = {path: [] for path in (*PLAY_PAGES, RULES_PAGE)}
    stored: list[float] = []
    with serve_site(args.site, traffic, BenchHandler) as base, sync_playwright() as playwright:
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="pirate-rules-profile-") as profile:
                bare.append(bare_boots(Device(playwright.chromium, traffic, profile), base))
            for path in visits:
                with tempfile.TemporaryDirectory(prefix="pirate-rules-profile-") as profile:
                    device = Device(playwright.chromium, traffic, profile, snapshots)
                    visits[path].append(page_visits(device, base, path))
            if not snapshots:
                continue
            with tempfile.TemporaryDirectory(prefix="pirate-rules-profile-") as profile:
                device = Device(playwright.chromium, traffic, profile)
                with device.visit() as page:
                    page.goto(base + PLAY_PAGES[0])
                    mark_seconds(page)
                    until(page, f"async () => (await {STORE}.describe()) !== null")
                    kept: Any = page.evaluate(f"async () => {STORE}.describe()")
                    stored.append(kept["stored"] / 1e6)
    cold = [run[0] for run in bare]
    warm = [run[1] for run in bare]
    print(f"Site figures: headless Chromium, one run; median (range) of {args.runs} runs")
    print(f"bare Pyodide boot, cold: {spread(cold)} s; warm (files cached): {spread(warm)} s")
    print()
    head = f"{'page':<16}{'visit':<24}{'to first choice (s)':>22}"
    print(head + f"{'vs warm boot':>14}{'vs cold boot':>14}{'transferred (MB)':>24}")
    for path, runs in visits.items():
        for number, name in enumerate(VISITS if snapshots else ("first visit", "second visit")):
            seconds = [run[number][0] for run in runs]
            megabytes = [run[number][1] / 1e6 for run in runs]
            ratio_warm = [s / w for s, w in zip(seconds, warm, strict=True)]
            ratio_cold = [s / c for s, c in zip(seconds, cold, strict=True)]
            print(
                f"/{path:<15}{name:<24}{spread(seconds):>22}"
                f"{statistics.median(ratio_warm):>13.2f}x{statistics.median(ratio_cold):>13.2f}x"
                f"{spread(megabytes, 3):>24}"
            )
    print(f"(/{RULES_PAGE}: to the first Run's answer, Run pressed as soon as it shows)")
    if stored:
        print(f"\nPython's memory snapshot as stored (uncompressed): {spread(stored)} MB")


if __name__ == "__main__":
    main()
