"""The pace of "Marvin's Pirates Go! with real cards": taps per turn, and entry to table.

Serves ``site/`` (run ``mkdocs build --strict`` first) on 127.0.0.1 and enters, on a
phone-sized touch screen in headless Chromium, the same whole games as the browser tests
(``tests/browser/test_real_marvin.py``): the engine's games from stacked decks, once with
the exact cards and once by kinds. For every entry it reads what the page itself
measured (``data-entry-to-table``): the time from the tap that completes an entry to the
first frame in which the table shows its effect (the card drawn, the pirate hit, the
power used). Entries are grouped as a prize's **power**, the **card** drawn, and the
card's **target**. Each game gets a fresh page, so nothing of one run stays alive in
the next.

Prints taps per turn (median and most) and, per group, the median and range of the
page's times. Wall time only: the work is split between the page and its worker, whose
CPU time the page cannot see. Reduced motion is on, as it changes only the pacing of
the steps after the first one shown.

Run with ``.venv/bin/python benchmarks/real_marvin.py [--seeds 23,10]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
import test_real_marvin as entering
from realpage import table_game
from siteserver import CHROMIUM, CHROMIUM_ARGS, ensure_site_built, serve_site

from conftest import wait_until_ready

MEASURED = "document.querySelector('#play').dataset.entryToTable"
"""The page's own time from an entry's tap to the table showing it (JavaScript, ms)."""


def summary(times: list[int]) -> str:
    if not times:
        return "none"
    return f"median {statistics.median(times):.0f} ms, range {min(times)}-{max(times)} ms"


def run(
    browser: Browser, url: str, seed: int, exact: bool
) -> tuple[list[int], dict[str, list[int]]]:
    """Enter the game of ``seed``; return the taps of each turn and the times per group."""
    context = browser.new_context(
        has_touch=True, reduced_motion="reduce", viewport={"width": 390, "height": 844}
    )
    context.set_default_timeout(60_000)
    page = context.new_page()
    page.goto(f"{url}play/real-marvin/")
    wait_until_ready(page)
    times: list[int] = []
    original = entering.entered

    def entered(page: Page, count: int) -> None:
        """Wait for the entry as the tests do, then take the page's time for it."""
        original(page, count)
        page.wait_for_function(MEASURED)
        times.append(int(page.evaluate(MEASURED)))
        page.evaluate(f"delete {MEASURED}")

    _, turns = table_game(seed)
    entering.fresh_game(page, exact)
    taps: list[int] = []
    found: dict[str, list[int]] = {"power": [], "card": [], "target": []}
    entering.entered = entered
    try:
        for number, turn in enumerate(turns, 1):
            times.clear()
            taps.append(entering.enter_turn(page, turn, (number - 1) % 2, exact))
            groups = ["power"] * bool(turn.power) + ["card"] + ["target"] * bool(turn.choice)
            assert len(groups) == len(times), (number, groups, times)
            for group, took in zip(groups, times, strict=True):
                found[group].append(took)
    finally:
        entering.entered = original
        context.close()
    return taps, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="23,10", help="the games' seeds (23,10: the tests')")
    args = parser.parse_args()
    with serve_site(ensure_site_built()) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for seed in (int(seed) for seed in args.seeds.split(",")):
            for exact in (True, False):
                taps, found = run(browser, url, seed, exact)
                how = "exact cards" if exact else "kinds"
                middle = statistics.median(taps)
                print(f"seed {seed}, {how}: {len(taps)} turns;")
                print(f"  taps per turn: median {middle:g}, most {max(taps)}")
                for group, times in found.items():
                    print(f"  {group} entry to table ({len(times)}): {summary(times)}")
        browser.close()


if __name__ == "__main__":
    main()
