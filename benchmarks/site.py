"""How fast the built site's play pages become playable, and how much each page downloads.

Serves ``site/`` (run ``mkdocs build --strict`` first) on 127.0.0.1 and opens it in
headless Chromium. Every figure is measured in a fresh browser context, so with an empty
cache, as on a first visit:

* bare Pyodide: a blank page of the same server starts a module worker that only loads
  Pyodide from the site's own files, the floor a play page cannot beat;
* each play page: from navigation until a game can be played (the page's ``play-ready``
  performance mark), and the ratio to bare Pyodide;
* bytes transferred by a rules page and by a play page, worker downloads included.

Run with ``.venv/bin/python benchmarks/site.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, Request, Route, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from siteserver import CHROMIUM, CHROMIUM_ARGS, SITE, ensure_site_built, is_local, serve_site

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
        context = self.browser.new_context()
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


def main(argv: list[str] | None = None) -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
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


if __name__ == "__main__":
    main()
