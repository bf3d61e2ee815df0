"""How fast the built site's play pages become playable, and how much each page downloads.

Serves ``site/`` (run ``mkdocs build --strict`` first) on 127.0.0.1 and opens it in
headless Chromium. First, every figure is measured in a fresh browser context with the
service worker blocked, so with an empty cache, as on a first visit of the page alone:

* bare Pyodide: a blank page of the same server starts a module worker that only loads
  Pyodide from the site's own files, the floor a play page cannot beat;
* each play page: from navigation until a game can be played (the page's ``play-ready``
  performance mark), and the ratio to bare Pyodide;
* bytes transferred by a rules page and by a play page, worker downloads included.

Then, with the service worker (``hooks/offline.py``), each play page three times in one
new browser profile, as a family would open it: a first visit, a second visit online and
a second visit offline. Each visit starts a new browser on that profile (its disk cache
and service worker kept, nothing else left running). Times run from navigation to the
``play-ready`` mark; the first visit also waits until the service worker has kept the
runtime (``<html data-offline="ready">``) and counts those bytes. Bytes are counted by
the server: headers and bodies, uncompressed, as the test server sends them.

Run with ``.venv/bin/python benchmarks/site.py [--runs N] [--visits N]``.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import (
    Browser,
    BrowserType,
    Page,
    Request,
    Route,
    sync_playwright,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from siteserver import (
    CHROMIUM,
    CHROMIUM_ARGS,
    SITE,
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

RULES_PAGES = ("rules/marvin/", "rules/pirate/", "")
PLAY_PAGES = ("play/marvin/", "play/pirate/")


class Measure:
    """Open one URL in a fresh context; record the bytes of every response."""

    def __init__(self, browser: Browser, base: str) -> None:
        self.browser = browser
        self.base = base

    def run(self, path: str, ready: bool) -> tuple[float | None, int, int]:
        """Return (seconds until the ``play-ready`` mark or None, bytes, requests)."""
        context = self.browser.new_context(service_workers="block")
        sizes: list[int] = []
        off_host: list[str] = []

        def finished(request: Request) -> None:
            size = request.sizes()
            sizes.append(size["responseBodySize"] + size["responseHeadersSize"])

        def bare(route: Route) -> None:
            body = BARE_PAGE if route.request.url.endswith(".html") else BARE_WORKER
            kind = "text/html" if route.request.url.endswith(".html") else "text/javascript"
            route.fulfill(status=200, body=body, content_type=kind)

        context.on("requestfinished", finished)
        context.on("request", lambda r: None if is_local(r.url) else off_host.append(r.url))
        context.route(lambda url: not is_local(url), lambda route: route.abort())
        context.route("**/__bare__/*", bare)
        page = context.new_page()
        try:
            page.goto(self.base + path, wait_until="load")
            seconds = _ready_seconds(page) if ready else None
            if not ready:
                page.wait_for_load_state("networkidle")
            page.wait_for_timeout(300)  # late requests (search index) are counted too
        finally:
            context.close()
        if off_host:
            raise SystemExit(f"requests left 127.0.0.1: {off_host}")
        return seconds, sum(sizes), len(sizes)


def _ready_seconds(page: Page) -> float:
    page.wait_for_function(
        "performance.getEntriesByName('play-ready').length > 0", timeout=120_000, polling=20
    )
    return float(page.evaluate("performance.getEntriesByName('play-ready')[0].startTime")) / 1000


Run = tuple[float | None, int, int]


def _median(runs: int, measure: Callable[[], Run]) -> tuple[float, int, int]:
    results = [measure() for _ in range(runs)]
    seconds = [r[0] for r in results if r[0] is not None]
    return (
        statistics.median(seconds) if seconds else float("nan"),
        int(statistics.median(r[1] for r in results)),
        int(statistics.median(r[2] for r in results)),
    )


VISITS = ("first visit", "second, online", "second, offline")


def visit_series(chromium: BrowserType, path: str) -> list[tuple[float, int, int]]:
    """Open ``path`` three times in one new profile: (seconds to ready, bytes, requests).

    Each visit starts the browser afresh on the same profile (its disk cache and service
    worker kept, nothing left running). The site is served for the first two visits only:
    the offline visit meets a closed port as well as the browser's offline switch.
    """
    traffic = Traffic()
    results: list[tuple[float, int, int]] = []
    with tempfile.TemporaryDirectory(prefix="pirate-rules-profile-") as profile:
        with serve_site(SITE, traffic) as base:
            for visit in VISITS[:2]:
                results.append(_visit(chromium, profile, base + path, traffic, visit))
        results.append(_visit(chromium, profile, base + path, traffic, VISITS[2]))
    return results


def _visit(
    chromium: BrowserType, profile: str, url: str, traffic: Traffic, visit: str
) -> tuple[float, int, int]:
    context = chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    # Requests are watched but not routed: routing would turn the browser's cache off.
    off_host: list[str] = []
    context.on("request", lambda r: None if is_local(r.url) else off_host.append(r.url))
    try:
        context.set_offline(visit.endswith("offline"))
        traffic.take()
        page = context.new_page()
        page.goto(url, wait_until="load")
        seconds = _ready_seconds(page)
        if visit == VISITS[0]:
            page.wait_for_function(
                "['ready', 'failed'].includes(document.documentElement.dataset.offline)",
                timeout=120_000,
            )
            state = page.evaluate("document.documentElement.dataset.offline")
            if state != "ready":
                raise SystemExit(f"the runtime was not kept for offline use: {state}")
        page.wait_for_timeout(300)  # late requests (search index) are counted too
        paths, size = traffic.take()
    finally:
        context.close()
    if off_host:
        raise SystemExit(f"requests left 127.0.0.1: {off_host}")
    return seconds, size, len(paths)


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def print_visits(chromium: BrowserType, path: str, runs: int) -> None:
    """Measure and print the three visits of ``path``: median (range) of ``runs``."""
    series = [visit_series(chromium, path) for _ in range(runs)]
    print(f"\nVisits of /{path}: new profile with a disk cache per run, median (range) of {runs}")
    print(f"{'visit':<20}{'ready (s)':>20}{'transferred (MB)':>24}{'requests':>10}")
    for index, name in enumerate(VISITS):
        seconds = [run[index][0] for run in series]
        megabytes = [run[index][1] / 1e6 for run in series]
        requests = [run[index][2] for run in series]
        print(
            f"{name:<20}{_spread(seconds):>20}{_spread(megabytes):>24}"
            f"{int(statistics.median(requests)):>10}"
        )


def main(argv: list[str] | None = None) -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
    parser.add_argument(
        "--visits", type=int, default=5, help="runs of the three visits (0 to skip them)"
    )
    args = parser.parse_args(argv)
    ensure_site_built()
    rows: list[tuple[str, float | None, int, int, str]] = []
    with serve_site(SITE) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        measure = Measure(browser, base)
        measure.run("__bare__/index.html", ready=True)  # warm up the server and the disk
        bare, bare_bytes, bare_requests = _median(
            args.runs, lambda: measure.run("__bare__/index.html", ready=True)
        )
        rows.append(("bare Pyodide (worker)", bare, bare_bytes, bare_requests, "1.00x"))
        for path in PLAY_PAGES:
            seconds, size, count = _median(args.runs, functools.partial(measure.run, path, True))
            rows.append((f"/{path}", seconds, size, count, f"{seconds / bare:.2f}x"))
        for path in RULES_PAGES:
            _, size, count = _median(args.runs, functools.partial(measure.run, path, False))
            rows.append((f"/{path}", None, size, count, ""))
        browser.close()
    print(f"Site figures: headless Chromium, cold cache, median of {args.runs} runs")
    print(f"{'page':<24}{'ready (s)':>10}{'vs bare':>9}{'transferred':>14}{'requests':>10}")
    for name, ready, size, count, ratio in rows:
        shown = f"{ready:.2f}" if ready is not None else "-"
        print(f"{name:<24}{shown:>10}{ratio:>9}{size / 1e6:>11.2f} MB{count:>10}")
    if args.visits > 0:
        with sync_playwright() as playwright:
            for path in PLAY_PAGES:
                print_visits(playwright.chromium, path, args.visits)


if __name__ == "__main__":
    main()
