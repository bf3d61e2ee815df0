"""The Pirate play page in real time: how soon a press shows and settles, moments per
second, and how long running out of cards takes.

Serves ``site/`` (built first if missing) on 127.0.0.1 and plays in headless Chromium:

* a scripted person against the "casual" computer: every 300 ms the person presses the
  quickest useful key (play what fits, claim, else turn), and never the skip button.
  Printed: the game's length in seconds, and for each key press the time to its pending
  mark on the button (``pirate:press-to-feedback``) and to its moment drawn on the
  table (``pirate:press-to-table``, the moment settled), median, 95th percentile, range;
* the same for taps: two people face to face on a 768x1024 touch screen, tapping their
  Turn buttons in turn every 300 ms (real touch input through the DevTools protocol);
* running out of cards: the left seat out of cards against "casual" (the first such
  moment of fast against casual, seed 1); the person claims whatever fits at once, and
  either presses "Skip ahead" whenever it is offered or never does. Printed: seconds
  and presses to the end;
* two "expert" computers watched at real speed: the game's length in seconds;
* the most moments per second the page sustains: two computers whose beats come every
  millisecond, and two people pressing both their turn keys every 5 ms, 8 s each.

Timings depend on the machine and on what else runs on it. Run with
``.venv/bin/python benchmarks/pirate_page.py [--seeds N ...] [--runs N] [--skip-games]
[--skip-experts]``.
All figures are wall-clock times: what a player at the page waits for.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from playpage import games_asked, wait_for_game
from siteserver import CHROMIUM, CHROMIUM_ARGS, ensure_site_built, serve_site

READY_MS = 120_000
GAME_MS = 1_800_000


def new_game(page: Page, seats: tuple[str, str], seed: int | str = "", **fields: Any) -> None:
    """Start a game from the options (which close again once it starts)."""
    if page.locator("details.play-options").get_attribute("open") is None:
        page.locator("details.play-options summary").click()
    page.locator("[name=plays0]").select_option(seats[0])
    page.locator("[name=plays1]").select_option(seats[1])
    page.locator("[name=seed]").fill(str(seed))
    record = fields.pop("record", None)
    if record is not None:
        page.locator("[name=record]").set_input_files(str(record))
        page.locator("[name=resume]").set_checked(True)
    for name, value in fields.items():
        page.locator(f"[name={name}]").set_checked(bool(value))
    asked = games_asked(page)
    page.locator(".play-setup button[type=submit]").click()
    wait_for_game(page, asked)


def set_clock(page: Page, milliseconds: int) -> None:
    """Choose the beat of two computers watched, adding it to the menu if need be."""
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


def timings(page: Page) -> tuple[list[float], list[float]]:
    """Every press since the measures were cleared: to its pending mark, to its moment drawn."""
    found = page.evaluate(
        """() => ["feedback", "table"].map((name) =>
            performance.getEntriesByName(`pirate:press-to-${name}`).map((m) => m.duration))"""
    )
    return found[0], found[1]


def person_against_casual(
    page: Page, seed: int
) -> tuple[float, int, list[float], list[float], str]:
    """Seconds, moments, press-to-feedback and press-to-table delays (ms), the ending."""
    new_game(page, ("person", "casual"), seed)
    page.evaluate("performance.clearMeasures()")
    page.locator(".play-title").click()
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
    feedback, settled = timings(page)
    return seconds, moment(page), feedback, settled, page.locator("#end-why").inner_text()


def taps(browser: Browser, url: str, count: int) -> tuple[list[float], list[float]]:
    """Two people face to face on a touch screen, tapping Turn in turn every 300 ms."""
    context = browser.new_context(viewport={"width": 768, "height": 1024}, has_touch=True)
    page = context.new_page()
    page.goto(url + "play/pirate/")
    page.wait_for_selector(".play--ready", timeout=READY_MS)
    new_game(page, ("person", "person"), 3, facing=True)
    page.wait_for_timeout(1000)  # the table has come into view
    cdp = page.context.new_cdp_session(page)
    page.evaluate("performance.clearMeasures()")
    for tap in range(count):
        box = page.locator(f".pir-action[data-seat='{tap % 2}'][data-action='T']").bounding_box()
        assert box is not None
        point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_timeout(300)
    page.wait_for_timeout(500)
    found = timings(page)
    context.close()
    return found


def running_out(page: Page, record: Path, skipping: bool) -> tuple[float, int, int, str]:
    """Seconds, claims and skips from the left seat running out of cards to the end."""
    new_game(page, ("person", "casual"), record=record)
    page.locator("#hints").check()
    claim = ".pir-action[data-seat='0'][data-action='C']"
    presses = {"claims": 0, "skips": 0}
    started = time.monotonic()
    page.locator("#pause").click()
    while True:
        state = page.evaluate(
            """(claim) => ({end: !document.querySelector("#end").hidden,
                lit: document.querySelector(claim).classList.contains("pir-action--ready"),
                skip: !document.querySelector("#skip").disabled})""",
            claim,
        )
        if state["end"]:
            break
        if state["lit"]:
            page.keyboard.press("s")
            presses["claims"] += 1
        elif skipping and state["skip"]:
            page.locator("#skip").dispatch_event("click")
            presses["skips"] += 1
        page.wait_for_timeout(50)
        if time.monotonic() - started > GAME_MS / 1000:
            raise TimeoutError("the game did not end")
    why = page.locator("#end-why").inner_text()
    return time.monotonic() - started, presses["claims"], presses["skips"], why


def out_of_cards_record(folder: Path) -> Path:
    """Fast against casual (seed 1), up to the moment fast first has nothing to do."""
    from pirate_rules import web

    view = web.pirate_new({"seed": 1, "seats": ["fast", "casual"]})
    while not view["stretch"]:
        view = web.pirate_tick(view["id"])
    path = folder / "out-of-cards.json"
    path.write_text(json.dumps(web.record(view["id"])["record"]), encoding="utf-8")
    return path


def computers(page: Page, seed: int, clock_ms: int) -> tuple[float, int, str]:
    """Seconds and moments of a game between two experts, a beat every ``clock_ms``."""
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
    page.locator(".play-title").click()
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


def delays(name: str, values: list[float]) -> str:
    """Median, 95th percentile and range of press delays in milliseconds."""
    return (
        f"  {name} over {len(values)} presses: median {statistics.median(values):.0f} ms,"
        f" 95th percentile {percentile(values, 0.95):.0f} ms,"
        f" range {min(values):.0f}-{max(values):.0f} ms"
    )


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
        lengths, feedback, settled = [], [], []
        for seed in args.seeds:
            seconds, moments, shown, drawn, why = person_against_casual(page, seed)
            lengths.append(seconds)
            feedback += shown
            settled += drawn
            print(f"person (every 300 ms) against casual, seed {seed}: {seconds:.1f} s,"
                  f" {moments} moments; {why}")  # fmt: skip
        print(f"  game length: {spread(lengths, ' s')}")
        print(delays("key press to its pending mark", feedback))
        print(delays("key press to its moment on the table", settled))
        shown, drawn = taps(browser, url, 40)
        print("two people tapping in turn every 300 ms, face to face at 768x1024:")
        print(delays("tap to its pending mark", shown))
        print(delays("tap to its moment on the table", drawn))
        with tempfile.TemporaryDirectory() as folder:
            record = out_of_cards_record(Path(folder))
            for skipping in (True, False):
                seconds, claims, skips, why = running_out(page, record, skipping)
                how = "skipping" if skipping else "not skipping"
                print(f"out of cards against casual, {how}: {seconds:.1f} s to the end,"
                      f" {claims} claims, {skips} skips; {why}")  # fmt: skip
        lengths = []
        for seed in [] if args.skip_experts else args.seeds:
            seconds, moments, why = computers(page, seed, 100)
            lengths.append(seconds)
            print(f"expert against expert at real speed, seed {seed}: {seconds:.1f} s,"
                  f" {moments} moments; {why}")  # fmt: skip
        if lengths:
            print(f"  game length: {spread(lengths, ' s')}")
        browser.close()


if __name__ == "__main__":
    main()
