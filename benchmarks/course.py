"""Build it yourself: "Check my code" in the browser, the run beside the engine, games per second.

Serves ``site/`` (built first if missing) on 127.0.0.1 and opens chapter 1 in headless
Chromium, in a fresh browser context each run (a first visit):

* the time of the first "Check my code" (Python starts in between) and of later ones,
  with the model solution's part of chapter 1 in the editor (the checks only: the
  page's own figure, ``data-check-seconds``);
* the time of the 200 games beside the real engine that follow;
* games per second of the model solution's engine, of the real engine through its plain
  code and of the real engine with its shortcuts: as the last page of the track measures
  them in the page's Python (the median of its three rounds), and in this CPython (CPU
  and wall).

Also prints the model solution's lines of code, chapter by chapter. Browser figures
are wall-clock only; every figure is the median of the runs, with their range. Run
with ``.venv/bin/python benchmarks/course.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from pirate_rules.course.agent import Agent
from pirate_rules.course.clock import Watch
from pirate_rules.course.speed import ENGINES, Speed, code_lines, measure, part_lines

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from siteserver import CHROMIUM, CHROMIUM_ARGS, ensure_site_built, serve_site  # noqa: E402

MODEL = (ROOT / "tests/course/solutions/my_engine.py").read_text("utf-8")
CHAPTER_1 = MODEL.split("# ── Chapter 2")[0].rstrip() + "\n"
LATER = 5
DONE = "['failed', 'fault', 'agreed', 'disagreed', 'stuck', 'stopped']"


def figure(values: list[float], unit: str = "s", digits: int = 2) -> str:
    """Median and range: ``1.23 s (1.10-1.40)``."""
    low, middle, high = min(values), statistics.median(values), max(values)
    return f"{middle:.{digits}f} {unit} ({low:.{digits}f}-{high:.{digits}f})"


def check(page: Page, source: str) -> tuple[float, str]:
    page.locator("#course .cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(source)
    page.evaluate("delete document.getElementById('course').dataset.state")
    started = time.perf_counter()
    page.get_by_role("button", name="Check my code").click()
    page.wait_for_function(f"{DONE}.includes(document.getElementById('course').dataset.state)",
                           timeout=600_000)  # fmt: skip
    wall = time.perf_counter() - started
    return wall, page.locator("#course").get_attribute("data-state") or ""


def browser_figures(base: str, runs: int) -> dict[str, list[float]]:
    found: dict[str, list[float]] = {"first": [], "later": [], "beside": []}
    for engine in ENGINES:
        found[f"speed {engine}"] = []
    wrong = CHAPTER_1.replace("    return piles.draw.pop(0)", "    return piles.draw.pop()")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(runs):
            context = browser.new_context()
            page = context.new_page()
            page.goto(f"{base}learn/build-it/deck/")
            page.hover("#course .course__code")  # the editor loads when the reader reaches it
            page.wait_for_selector("#course .cm-editor")
            _, state = check(page, wrong)  # the checks only: they fail
            assert state == "failed", state
            found["first"].append(
                float(page.locator("#course").get_attribute("data-check-seconds") or 0)
            )
            for _ in range(LATER):
                check(page, wrong)
                found["later"].append(
                    float(page.locator("#course").get_attribute("data-check-seconds") or 0)
                )
            _, state = check(page, CHAPTER_1)
            assert state == "agreed", state
            seconds = page.locator("#course .course__status").inner_text().split(", ")[-1]
            found["beside"].append(float(seconds.split(" s)")[0]))
            # The last page measures the three engines itself, in turn, three times.
            page.evaluate(f"localStorage.setItem('pirate-rules:course:my_engine.py:5', {MODEL!r})")
            page.goto(f"{base}learn/build-it/next/")
            page.get_by_role("button", name="Measure both engines").click()
            page.wait_for_selector("#course-speed[data-measured=true]", timeout=600_000)
            for engine in ENGINES:
                rate = page.locator(f"#course-speed td[data-engine={engine}]").get_attribute(
                    "data-rate"
                )
                found[f"speed {engine}"].append(float(rate or 0))
            context.close()
        browser.close()
    return found


def mine(seconds: float) -> Speed:
    """The model engine's games, as the agent plays them where the learner's code runs."""
    agent = Agent(Watch)
    agent.handle({"do": "load", "source": MODEL, "file": "my_engine.py", "seconds": 2.0})
    got = agent.handle({"do": "speed", "seconds": seconds, "seed": 0})["ok"]
    return Speed("mine", got["games"], got["turns"], got["wall"], got["cpu"])


def cpython_figures(runs: int) -> dict[str, list[tuple[float, float]]]:
    found: dict[str, list[tuple[float, float]]] = {engine: [] for engine in ENGINES}
    for _ in range(runs):
        for engine in ENGINES:  # in turn, so that a busy moment of the machine hits all
            gc.collect()
            speed = mine(1.0) if engine == "mine" else measure(engine, seconds=1.0)
            found[engine].append((speed.games / speed.cpu, speed.games / speed.wall))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each figure (3)")
    parser.add_argument("--no-browser", action="store_true", help="CPython figures only")
    args = parser.parse_args()
    print("The model solution, lines of code (not blank, comment or docstring):")
    for part, lines in part_lines(MODEL).items():
        print(f"  {part:<10} {lines:>4}")
    total = len(MODEL.splitlines())
    print(f"  {'in all':<10} {code_lines(MODEL):>4}  ({total} lines with docstrings)")
    print(
        f"\nGames per second in CPython {sys.version.split()[0]}, random moves, {args.runs} runs:"
    )
    for engine, figures in cpython_figures(args.runs).items():
        cpu, wall = [f[0] for f in figures], [f[1] for f in figures]
        print(f"  {engine:<6} CPU {figure(cpu, 'games/s', 0)}   wall {figure(wall, 'games/s', 0)}")
    if args.no_browser:
        return
    with serve_site(ensure_site_built()) as base:
        found = browser_figures(base, args.runs)
    print(f"\nIn headless Chromium (Pyodide), {args.runs} fresh visits of chapter 1:")
    print(f"  first Check my code (Python starts)  {figure(found['first'])}")
    print(f"  later Check my code ({LATER} a visit)     {figure(found['later'])}")
    print(f"  200 games beside the real engine     {figure(found['beside'])}")
    for engine in ENGINES:
        rate = figure(found[f"speed {engine}"], "games/s", 0)
        print(f"  games per second, {engine:<6}             {rate}")


if __name__ == "__main__":
    main()
