"""The Pirate play page in real time: press-to-table delay, moments per second, game lengths.

Serves ``site/`` (built first if missing) on 127.0.0.1 and plays in headless Chromium:

* a scripted person against the "casual" computer at the Normal clock (0.7 s): every
  300 ms the person presses the quickest useful key (play what fits, claim, else turn),
  and never the skip button. Printed: the game's length in seconds, and the delay from
  each key press to the card drawn on the table (the page's ``pirate:press-to-table``
  measures), median and 95th percentile;
* two "expert" computers at the Normal clock: the game's length in seconds;
* the most moments per second the page sustains: two computers whose clock beats every
  millisecond, and two people pressing both their turn keys every 5 ms, 8 s each.

Timings depend on the machine and on what else runs on it. Run with
``.venv/bin/python benchmarks/pirate_page.py [--seeds N ...] [--runs N] [--skip-games]
[--skip-experts]``.
All figures are wall-clock times: what a player at the page waits for.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from siteserver import CHROMIUM, CHROMIUM_ARGS, ensure_site_built, serve_site

READY_MS = 120_000
GAME_MS = 1_800_000


def new_game(page: Page, seats: tuple[str, str], seed: int) -> None:
    page.locator("details.play-options summary").click()
    page.locator("[name=plays0]").select_option(seats[0])
    page.locator("[name=plays1]").select_option(seats[1])
    page.locator("[name=seed]").fill(str(seed))
    renders = int(page.locator("#play").get_attribute("data-renders") or 0)
    page.locator(".play-setup button[type=submit]").click()
    page.wait_for_function(f"Number(document.querySelector('#play').dataset.renders) > {renders}")
    page.locator("details.play-options summary").click()


def set_clock(page: Page, milliseconds: int) -> None:
    """Choose a clock, adding it to the menu if the page does not offer it."""
    page.evaluate(
        """(ms) => {
            const menu = document.querySelector("#clock");
            if (![...menu.options].some((o) => o.value === String(ms))) {
                menu.append(new Option(`${ms} ms`, String(ms)));
            }
            menu.value = String(ms);
            menu.dispatchEvent(new Event("change"));
        }""",
        milliseconds,
    )


def moment(page: Page) -> int:
    return int(page.locator("#play").get_attribute("data-moment") or 0)


def person_against_casual(page: Page, seed: int) -> tuple[float, int, list[float], str]:
    """Seconds, moments, press-to-table delays (ms) and the ending, for one game."""
    new_game(page, ("person", "casual"), seed)
    page.evaluate("performance.clearMeasures('pirate:press-to-table')")
    page.locator("h1").click()
    end = page.locator("#end")
    started = time.monotonic()
    while not end.is_visible():
        seat = page.locator(".pir-seat--0")
        if "pir-seat--idle" not in (seat.get_attribute("class") or ""):
            lit = ".pir-action--ready[data-seat='0'][data-action='{}']"
            ready = [action for action in ("P", "C") if page.locator(lit.format(action)).count()]
            page.keyboard.press({"P": "d", "C": "s"}[ready[0]] if ready else "f")
        page.wait_for_timeout(300)
        if time.monotonic() - started > GAME_MS / 1000:
            raise TimeoutError("the game did not end")
    seconds = time.monotonic() - started
    delays = page.evaluate(
        "performance.getEntriesByName('pirate:press-to-table').map((m) => m.duration)"
    )
    return seconds, moment(page), delays, page.locator("#end-why").inner_text()


def computers(page: Page, seed: int, clock_ms: int) -> tuple[float, int, str]:
    """Seconds and moments of a game between two experts at ``clock_ms``."""
    new_game(page, ("expert", "expert"), seed)
    set_clock(page, clock_ms)
    started = time.monotonic()
    page.locator("#pause").click()
    page.locator("#end").wait_for(state="visible", timeout=GAME_MS)
    return time.monotonic() - started, moment(page), page.locator("#end-why").inner_text()


def running_rate(page: Page, milliseconds: int) -> float:
    """Moments per second over ``milliseconds``, or until the game ends if sooner."""
    first, started = moment(page), time.monotonic()
    with contextlib.suppress(PlaywrightTimeout):
        page.locator("#end").wait_for(state="visible", timeout=milliseconds)
    return (moment(page) - first) / (time.monotonic() - started)


def sustained(page: Page, seed: int) -> tuple[float, float]:
    """Moments per second: two computers on a 1 ms clock, then two people pressing fast."""
    new_game(page, ("quick", "quick"), seed)
    set_clock(page, 1)
    page.locator("#pause").click()
    page.wait_for_timeout(1000)
    watched = running_rate(page, 8000)
    if page.locator("#pause").is_visible():
        page.locator("#pause").click()
    new_game(page, ("person", "person"), seed)
    page.locator("h1").click()
    first, started = moment(page), time.monotonic()
    page.evaluate(
        """() => new Promise((done) => {
            const until = performance.now() + 8000;
            const timer = setInterval(() => {
                for (const key of ["f", "j"]) {
                    const press = new KeyboardEvent("keydown", {key, bubbles: true});
                    document.activeElement.dispatchEvent(press);
                }
                if (performance.now() > until) { clearInterval(timer); done(); }
            }, 5);
        })"""
    )
    pressed = (moment(page) - first) / (time.monotonic() - started)
    page.locator("#pause").click()
    return watched, pressed


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def spread(values: list[float], unit: str) -> str:
    """Median and range, as the project's benchmarks report them."""
    low, high = min(values), max(values)
    return f"median {statistics.median(values):.1f}{unit}, range {low:.1f}-{high:.1f}{unit}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1], help="deals (default: 1)")
    parser.add_argument("--runs", type=int, default=3, help="runs of moments per second")
    parser.add_argument("--skip-games", action="store_true", help="only moments per second")
    parser.add_argument("--skip-experts", action="store_true", help="no expert games")
    args = parser.parse_args()
    with serve_site(ensure_site_built()) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url + "play/pirate/")
        page.wait_for_selector(".play--ready", timeout=READY_MS)
        runs = [sustained(page, args.seeds[0] + run) for run in range(args.runs)]
        print(f"moments per second over {args.runs} runs of 8 s (wall clock):")
        print(f"  two computers, 1 ms clock: {spread([run[0] for run in runs], '')}")
        print(f"  two people pressing every 5 ms: {spread([run[1] for run in runs], '')}")
        if args.skip_games:
            browser.close()
            return
        lengths, delays = [], []
        for seed in args.seeds:
            seconds, moments, pressed, why = person_against_casual(page, seed)
            lengths.append(seconds)
            delays += pressed
            print(f"person (every 300 ms) against casual, seed {seed}: {seconds:.1f} s,"
                  f" {moments} moments; {why}")  # fmt: skip
        print(f"  game length: {spread(lengths, ' s')}")
        print(f"  key press to card on the table over {len(delays)} presses:"
              f" median {statistics.median(delays):.0f} ms,"
              f" 95th percentile {percentile(delays, 0.95):.0f} ms,"
              f" range {min(delays):.0f}-{max(delays):.0f} ms")  # fmt: skip
        lengths = []
        for seed in [] if args.skip_experts else args.seeds:
            seconds, moments, why = computers(page, seed, 700)
            lengths.append(seconds)
            print(f"expert against expert at the Normal clock, seed {seed}: {seconds:.1f} s,"
                  f" {moments} moments; {why}")  # fmt: skip
        if lengths:
            print(f"  game length: {spread(lengths, ' s')}")
        browser.close()


if __name__ == "__main__":
    main()
