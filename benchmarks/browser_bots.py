"""How long a Marvin bot takes to choose a move, in the browser (Pyodide) and in CPython.

Serves ``site/`` (run ``make build`` first, so that the engine archive holds the current
bots) on 127.0.0.1 and opens a blank page of it in headless Chromium. That page starts
the play pages' own worker, which loads Pyodide and the engine from the site, and asks
it, through the same entry points as the Marvin play page, to let a bot play against
itself: ``marvin_new`` in watch mode, then ``marvin_bot_move`` until the game ends. Each
call is timed in the page, from the request to the answer, so a figure is the bot's
choice plus the move and the view the page draws. The same calls are then made in this
Python (CPython), with wall time and CPU time apart.

Usage:
    python benchmarks/browser_bots.py [--bots expert,random] [--games N] [--seed S]

Prints, for each bot, the median and the range of the time per call, and the 90th
centile, in the browser and in CPython. Only calls whose bot had a choice (more than one
legal move) are counted, as on the play page.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from playwright.sync_api import sync_playwright
from siteserver import CHROMIUM, CHROMIUM_ARGS, SITE, ensure_site_built, is_local, serve_site

from pirate_rules.web import marvin_bot_move, marvin_new

PAGE = """<!doctype html><meta charset="utf-8"><title>bot timing</title>
<script type="module">
const url = new URL("/assets/play/worker.mjs", location.href);
url.searchParams.set("runtime", new URL("/pyodide/", location.href).href);
url.searchParams.set("engine", new URL("/play/pirate_rules.zip", location.href).href);
const worker = new Worker(url, {type: "module"});
let next = 0;
const waiting = new Map();
worker.onmessage = (event) => {
  const message = event.data;
  if (message.type === "ready") window.workerReady = true;
  if (message.type === "failed") window.workerFailed = message.error.message;
  if (message.id !== undefined && waiting.has(message.id)) {
    waiting.get(message.id)(message);
    waiting.delete(message.id);
  }
};
window.call = (call, ...args) => new Promise((resolve) => {
  const id = ++next;
  waiting.set(id, resolve);
  worker.postMessage({id, call, args});
});
// One whole game between two bots: [milliseconds, legal moves] of each bot move.
window.playGame = async (bot, seed) => {
  let answer = await window.call("marvin_new", {seed, mode: "watch", bots: [bot, bot]});
  const times = [];
  while (!answer.error && !answer.result.outcome) {
    const choices = answer.result.legal.length;
    const started = performance.now();
    answer = await window.call("marvin_bot_move", answer.result.id);
    times.push([performance.now() - started, choices]);
  }
  if (answer.error) throw new Error(answer.error.message);
  return times;
};
</script>"""


def browser_times(bots: list[str], seeds: range) -> dict[str, list[float]]:
    """Milliseconds per bot move with a choice, in headless Chromium, by bot."""
    found: dict[str, list[float]] = {}
    with serve_site(SITE) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context()
        context.route(lambda url: not is_local(url), lambda route: route.abort())
        context.route(
            "**/__bots__.html",
            lambda route: route.fulfill(status=200, body=PAGE, content_type="text/html"),
        )
        page = context.new_page()
        page.goto(base + "__bots__.html")
        page.wait_for_function("window.workerReady || window.workerFailed", timeout=180_000)
        failed = page.evaluate("window.workerFailed")
        if failed:
            raise SystemExit(f"the worker did not start: {failed}")
        for bot in bots:
            page.evaluate("([bot, seed]) => window.playGame(bot, seed)", [bot, seeds[0]])
            times: list[float] = []
            for seed in seeds:
                moves = page.evaluate("([bot, seed]) => window.playGame(bot, seed)", [bot, seed])
                times += [ms for ms, choices in moves if choices > 1]
            found[bot] = times
        browser.close()
    return found


def cpython_times(bots: list[str], seeds: range) -> dict[str, tuple[list[float], list[float]]]:
    """Wall and CPU milliseconds per bot move with a choice, in this Python, by bot."""
    found: dict[str, tuple[list[float], list[float]]] = {}
    for bot in bots:
        walls: list[float] = []
        cpus: list[float] = []
        for seed in seeds:
            view: dict[str, Any] = marvin_new({"seed": seed, "mode": "watch", "bots": [bot, bot]})
            while not view["outcome"]:
                choices = len(view["legal"])
                wall, cpu = time.perf_counter(), time.process_time()
                view = marvin_bot_move(view["id"])
                cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
                if choices > 1:
                    walls.append(1000 * wall)
                    cpus.append(1000 * cpu)
        found[bot] = (walls, cpus)
    return found


def summary(times: list[float]) -> str:
    """Median (range) and 90th centile, in milliseconds."""
    if not times:
        return "no moves with a choice"
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (
        f"median {statistics.median(ordered):7.1f} ms (range {ordered[0]:.1f}-{ordered[-1]:.1f}),"
        f" 90% under {p90:.1f} ms, {len(ordered)} moves"
    )


def main(argv: list[str] | None = None) -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="expert,random", help="bots to time (expert,random)")
    parser.add_argument("--games", type=int, default=5, help="games per bot (5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (1)")
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    seeds = range(args.seed, args.seed + args.games)
    ensure_site_built()
    in_browser = browser_times(bots, seeds)
    in_cpython = cpython_times(bots, seeds)
    print(f"Marvin bot moves, {args.games} games of each bot against itself (seeds {seeds[0]}-")
    print(f"{seeds[-1]}); a move is the bot's choice, the move and the page's view")
    for bot in bots:
        walls, cpus = in_cpython[bot]
        print(f"{bot}")
        print(f"  browser (Pyodide), wall: {summary(in_browser[bot])}")
        print(f"  CPython, wall:           {summary(walls)}")
        print(f"  CPython, CPU:            {summary(cpus)}")


if __name__ == "__main__":
    main()
