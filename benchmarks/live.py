"""Live examples and the bot lab: bytes, first and later runs, tournament speed.

Serves ``site/`` (built first if missing) on 127.0.0.1 and opens it in headless
Chromium, each run in a fresh browser context (cold cache, as on a first visit):

* a rules page's bytes before any Run (and without the live examples' files at all),
  and after its first Run has answered;
* the time from pressing the first Run to its answer (Python starts in between), beside
  bare Pyodide starting in a worker in the same run (the floor: ``benchmarks/site.py``'s
  blank page), and the time of later runs;
* tournament games per second: the tutorial's bot against ``random`` in the page's
  worker (the bot lab's entry points), beside the same games in this CPython
  (CPU and wall) and beside ``pirate-rules simulate`` run as a command.

Browser figures are wall-clock only. Run with ``.venv/bin/python benchmarks/live.py
[--runs N] [--games N]``; every figure is the median of the runs, with their range.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Request, Route, expect, sync_playwright

from pirate_rules.simulate import run_games
from pirate_rules.web import botlab

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from siteserver import CHROMIUM, CHROMIUM_ARGS, ROOT, SITE, ensure_site_built, serve_site


def _site_benchmark() -> Any:
    """benchmarks/site.py, for its bare Pyodide page (the file's name hides it from import)."""
    spec = importlib.util.spec_from_file_location("site_benchmark", ROOT / "benchmarks/site.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SITE_BENCHMARK = _site_benchmark()
RULES_PAGE = "rules/marvin/"
LATER_RUNS = (2, 3, 4, 5, 6)
TUTORIAL_BOT = re.search(
    r'<div class="live-lab".*?```python\n(.*?)```',
    (ROOT / "docs/learn/write-a-bot.md").read_text("utf-8"),
    re.DOTALL,
)


def tutorial_bot() -> str:
    assert TUTORIAL_BOT, "the write-a-bot page has no bot lab"
    return TUTORIAL_BOT.group(1)


class Visit:
    """One fresh browser context that adds up the bytes of every response."""

    def __init__(self, browser: Browser, base: str) -> None:
        self.base = base
        self.bytes = 0
        self.context = browser.new_context()
        self.context.on("requestfinished", self._count)
        self.context.route("**/__bare__/*", self._bare)
        self.page: Page = self.context.new_page()

    def _count(self, request: Request) -> None:
        sizes = request.sizes()
        self.bytes += sizes["responseBodySize"] + sizes["responseHeadersSize"]

    @staticmethod
    def _bare(route: Route) -> None:
        html = route.request.url.endswith(".html")
        route.fulfill(
            status=200,
            body=SITE_BENCHMARK.BARE_PAGE if html else SITE_BENCHMARK.BARE_WORKER,
            content_type="text/html" if html else "text/javascript",
        )

    def settle(self) -> None:
        self.page.wait_for_load_state("networkidle")
        self.page.wait_for_timeout(300)

    def close(self) -> None:
        self.context.close()


def timed_run(page: Page, number: int) -> float:
    """Press Run under example ``number``; seconds until its answer shows."""
    started = time.perf_counter()
    page.locator(f"#live-example-{number}").get_by_role("button", name="Run").click()
    verdict = page.locator(f"#live-example-{number} + .live-result .live-verdict")
    expect(verdict).to_be_visible(timeout=300_000)
    return time.perf_counter() - started


def browser_figures(browser: Browser, base: str, games: int) -> dict[str, float]:
    figures: dict[str, float] = {}
    bare = Visit(browser, base)
    bare.page.goto(base + "__bare__/index.html")
    figures["bare Pyodide boot (s)"] = SITE_BENCHMARK._ready_seconds(bare.page)
    bare.close()

    plain = Visit(browser, base)  # the same page without the live examples' two files
    plain.context.route("**/assets/live/*", lambda route: route.abort())
    plain.page.goto(base + RULES_PAGE)
    plain.settle()
    figures["rules page bytes without Run buttons (kB)"] = plain.bytes / 1e3
    plain.close()

    visit = Visit(browser, base)
    visit.page.goto(base + RULES_PAGE)
    visit.settle()
    figures["rules page bytes before Run (kB)"] = visit.bytes / 1e3
    figures["first Run to answer (s)"] = timed_run(visit.page, 1)
    visit.settle()
    figures["rules page bytes after first Run (kB)"] = visit.bytes / 1e3
    figures["later Run, median (s)"] = statistics.median(
        timed_run(visit.page, n) for n in LATER_RUNS
    )
    visit.close()

    lab = Visit(browser, base)
    lab.page.goto(base + "learn/write-a-bot/")
    seconds = lab.page.evaluate(
        """async ([source, games]) => {
            const engine = await import("/assets/live/engine.mjs");
            const bot = await engine.call("lab_load", [source]);
            const tour = await engine.call("lab_tournament",
                [{bot: bot.bot, games, seed: 0, opponents: ["random"]}]);
            const started = performance.now();
            let answer;
            do { answer = await engine.call("lab_next", [tour.id, 0.25]); }
            while (!answer.finished);
            return (performance.now() - started) / 1000;
        }""",
        [tutorial_bot(), games],
    )
    figures["browser tournament (games/s)"] = games / seconds
    lab.close()
    return figures


def cpython_figures(games: int) -> dict[str, float]:
    bot = botlab.lab_load(tutorial_bot())
    cpu, wall = time.process_time(), time.perf_counter()
    run_games("marvin", range(games), [bot["bot"], "random"])
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "my_bot.py").write_text(tutorial_bot(), encoding="utf-8")
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "pirate_rules", "simulate", "marvin", "--games", str(games),
             "--bots", "my_bot:Finisher,random", "--no-progress"],
            cwd=folder, check=True, capture_output=True,
        )  # fmt: skip
        command = time.perf_counter() - started
    return {
        "CPython run_games, CPU (games/s)": games / cpu,
        "CPython run_games, wall (games/s)": games / wall,
        "pirate-rules simulate, wall with start-up (games/s)": games / command,
    }


def summarise(runs: list[dict[str, float]]) -> None:
    for name in runs[0]:
        values = [run[name] for run in runs]
        median = statistics.median(values)
        print(f"  {name:<52}{median:>10.2f}   ({min(values):.2f} to {max(values):.2f})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--games", type=int, default=200, help="games of the tournament")
    args = parser.parse_args(argv)
    ensure_site_built()
    with serve_site(SITE) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        runs = []
        for _ in range(args.runs):
            figures = browser_figures(browser, base, args.games)
            runs.append({**figures, **cpython_figures(args.games)})
        browser.close()
    print(f"Live pages: headless Chromium, fresh context per run, median of {args.runs} runs")
    print(f"(rules page /{RULES_PAGE}; tournament: the tutorial's bot against random)")
    summarise(runs)


if __name__ == "__main__":
    main()
