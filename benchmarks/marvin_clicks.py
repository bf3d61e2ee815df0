"""How long the Marvin's Pirates Go! page takes from a click to showing its result.

Serves ``site/`` (run ``mkdocs build --strict`` first) on 127.0.0.1, opens the play
page in headless Chromium, plays games against the computer by clicking the first
choice, and reads what the page itself measured for each click: the time from the click
to the first animation frame that shows the move's first step on the table (the engine's
answer from the worker, plus drawing). The computer's own turns are not counted. Prints
the median and the range; wall time only (the work is split between the page and its
worker, whose CPU time the page cannot see).

Run with ``.venv/bin/python benchmarks/marvin_clicks.py [--clicks N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from marvinpage import RENDERS, your_turn
from siteserver import CHROMIUM, CHROMIUM_ARGS, ensure_site_built, serve_site

FAST = "40"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=40, help="clicks to time (40)")
    args = parser.parse_args()
    times: list[int] = []
    with serve_site(ensure_site_built()) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(f"{url}play/marvin/")
        page.wait_for_selector(".play--ready", state="attached", timeout=120_000)
        page.evaluate(
            f"""() => {{
                const pace = document.querySelector("[name=pace]");
                pace.append(new Option("fast", "{FAST}"));
                pace.value = "{FAST}";
            }}"""
        )
        while len(times) < args.clicks:
            if not your_turn(page):
                page.locator("#again").click()
                continue
            page.evaluate("delete document.querySelector('#play').dataset.clickToTable")
            before = page.evaluate(RENDERS)
            page.locator("#choices button").first.click()
            page.wait_for_function("document.querySelector('#play').dataset.clickToTable")
            times.append(int(page.get_attribute("#play", "data-click-to-table") or 0))
            page.wait_for_function(f"{RENDERS} > {before}")
        browser.close()
    print(f"click to table, {len(times)} clicks (ms): median {statistics.median(times):.0f},"
          f" range {min(times)}-{max(times)}")  # fmt: skip


if __name__ == "__main__":
    main()
