"""The pace of the Marvin's Pirates Go! page: from a click to your next choice, at each speed.

Serves ``site/`` (run ``mkdocs build --strict`` first) on 127.0.0.1, opens the play
page in headless Chromium and plays against Easy (the ``random`` bot) at the page's own
speeds, Slow, Normal and Fast, clicking the first choice as soon as it is offered. For
each click it reads what the page itself measured: the time from the click to the frame
that offers your next choice, with every step between shown at that speed (your move,
the computer's draw and move, and any prize it used). A click is one of two kinds:

* a **move**, which hands the turn to the computer: its time holds the computer's turn;
* a **draw**, a tap on the pile when your turn starts with a card to draw: its time is the
  card coming into view (a joker then holds your lost turn, and the computer plays on).

A **turn** adds a move to the draw after it: from the click that ends your turn to the
choices of your next one, less the benchmark's own time to tap the pile.

Prints, for each speed and kind, the median and the range, the number of steps shown per
click, and how long a whole game took. Wall time only: the work is split between the
page and its worker, whose CPU time the page cannot see. Each speed gets a fresh page,
so nothing of one run stays alive in the next.

Run with ``.venv/bin/python benchmarks/marvin_clicks.py [--moves N] [--speeds normal]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from marvinpage import CHOICES, STEPS
from siteserver import CHROMIUM, CHROMIUM_ARGS, ensure_site_built, serve_site

SPEEDS = {"slow": "1600", "normal": "900", "fast": "350"}
"""The page's own speeds (the values of its "Computer speed" menu)."""
ENDED = "!document.querySelector('#end').hidden"


def summary(times: list[int]) -> str:
    if not times:
        return "none"
    low, middle, high = min(times) / 1000, statistics.median(times) / 1000, max(times) / 1000
    return f"median {middle:.2f} s, range {low:.2f}-{high:.2f} s"


def start(page: Page, seed: int, pace: str) -> None:
    page.locator("#new-game").click()
    page.locator("[name=mode]").select_option("computer")
    page.locator("[name=bot]").select_option("random")
    page.locator("[name=pace]").select_option(pace)
    page.locator("[name=seed]").fill(str(seed))
    before = page.evaluate(CHOICES)
    page.locator(".play-setup button[type=submit]").click()
    page.wait_for_function(f"{CHOICES} > {before} || {ENDED}", timeout=120_000)


def run(browser: Browser, url: str, pace: str, moves: int) -> dict[str, list[int]]:
    """Click until ``moves`` move clicks are timed; the times of each kind, in ms."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{url}play/marvin/")
    page.wait_for_selector(".play--ready", state="attached", timeout=120_000)
    found: dict[str, list[int]] = {
        "move": [], "draw": [], "turn": [], "steps": [], "game": [], "paced": []
    }  # fmt: skip
    after_move = 0  # the time of the last move click, until the draw after it is timed
    seed = 1
    start(page, seed, pace)
    began = time.perf_counter()
    while len(found["move"]) < moves:
        if page.evaluate(ENDED):
            found["game"].append(round((time.perf_counter() - began) * 1000))
            seed += 1
            start(page, seed, pace)
            began = time.perf_counter()
            continue
        page.evaluate("delete document.querySelector('#play').dataset.clickToChoice")
        before, steps = page.evaluate(CHOICES), page.evaluate(STEPS)
        page.locator("#choices button").first.click()
        page.wait_for_function(f"{CHOICES} > {before} || {ENDED}", timeout=120_000)
        if page.evaluate(ENDED):
            after_move = 0
            continue  # the game ended: no next choice to time
        page.wait_for_function("document.querySelector('#play').dataset.clickToChoice")
        kind = page.get_attribute("#play", "data-click-kind") or ""
        took = int(page.get_attribute("#play", "data-click-to-choice") or 0)
        found[kind].append(took)
        if kind == "draw" and after_move:
            found["turn"].append(after_move + took)
        after_move = took if kind == "move" else 0
        if kind == "move":
            found["steps"].append(page.evaluate(STEPS) - steps)
            found["paced"].append(int(page.get_attribute("#play", "data-click-paced") or 0))
    page.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=30, help="move clicks to time per speed (30)")
    parser.add_argument("--speeds", default="slow,normal,fast", help="which speeds (all three)")
    args = parser.parse_args()
    with serve_site(ensure_site_built()) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name in args.speeds.split(","):
            found = run(browser, url, SPEEDS[name], args.moves)
            games = ", ".join(f"{ms / 1000:.0f} s" for ms in found["game"]) or "none finished"
            print(f"{name} ({SPEEDS[name]} ms a beat), against Easy, click to your next choice:")
            print(f"  after a move ({len(found['move'])} clicks): {summary(found['move'])};"
                  f" steps shown per move: median {statistics.median(found['steps']):.0f},"
                  f" range {min(found['steps'])}-{max(found['steps'])}")  # fmt: skip
            print(f"    of which the steps' own pacing: {summary(found['paced'])}")
            draws = f"{len(found['draw'])} taps on the pile"
            print(f"  after a draw ({draws}): {summary(found['draw'])}")
            turns = f"{len(found['turn'])} moves with the draw after them"
            print(f"  a move and the next draw ({turns}): {summary(found['turn'])}")
            print(f"  whole games, clicking at once: {games}")
        browser.close()


if __name__ == "__main__":
    main()
