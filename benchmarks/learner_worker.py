"""Build it yourself: the learner's worker, its start time and its memory, on a phone's screen.

Serves ``site/`` (built first if missing) on 127.0.0.1 and opens chapter 1 in headless
Chromium at 412x915 (a phone), in a fresh browser context each run (a first visit):

* **first start**: "Check my code" with a wrong solution's part of chapter 1 (the checks
  only: they fail, no games), the learner's worker and the checks' Python starting
  together, as a learner meets them: the worker's own time from its creation to ready
  (``data-learner-seconds``: Pyodide started, a memory snapshot of it made, the agent
  installed) and the check's whole wall time;
* **start again**: a file that ends Python (``os._exit``) ends the worker; the next check
  starts a new one, restored from the snapshot the page keeps: its time to ready;
* **memory**: the resident memory (VmRSS, from ``/proc``) of the browser's renderer
  processes, where the page and its workers run, with the page and its editor open, with
  the checks' Python started alone, and once the learner's worker has answered a check;
  and the learner's Python heap (its WebAssembly memory), as the worker reports it.

Wall-clock only; every figure is the median of the runs, with their range. Run with
``.venv/bin/python benchmarks/learner_worker.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from course import CHAPTER_1, check, figure  # noqa: E402  (benchmarks/course.py)
from siteserver import CHROMIUM, CHROMIUM_ARGS, ensure_site_built, serve_site  # noqa: E402

WRONG = CHAPTER_1.replace("    return piles.draw.pop(0)", "    return piles.draw.pop()")
PHONE = {"width": 412, "height": 915}
MB = 1024 * 1024


def loadavg() -> float:
    """The machine's load average over the last minute."""
    return float(Path("/proc/loadavg").read_text().split()[0])


def renderers_rss(browser: Browser) -> float:
    """The resident memory of the browser's renderer processes, in MB."""
    session = browser.new_browser_cdp_session()
    processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
    session.detach()
    total = 0
    for process in processes:
        if process["type"] != "renderer":
            continue
        try:
            status = Path(f"/proc/{process['id']}/status").read_text()
        except OSError:
            continue
        total += next(int(line.split()[1]) for line in status.splitlines() if line[:6] == "VmRSS:")
    return total / 1024


def learner(page: Page, name: str) -> str:
    return page.locator("#course").get_attribute(f"data-learner-{name}") or ""


def run(browser: Browser, base: str, alone: bool) -> dict[str, float]:
    """One fresh visit; ``alone``: the checks' Python is started first, on its own."""
    found: dict[str, float] = {}
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{base}learn/build-it/deck/")
    page.hover("#course .course__code")  # the editor loads when the reader reaches it
    page.wait_for_selector("#course .cm-editor")
    page.wait_for_load_state("networkidle")
    found["page"] = renderers_rss(browser)
    if alone:
        page.evaluate(f"import('{base}assets/live/engine.mjs').then((engine) => engine.ready())")
        found["checks"] = renderers_rss(browser)
    wall, state = check(page, WRONG)
    assert state == "failed", state
    found["first wall"] = wall
    found["first ready"] = float(learner(page, "seconds"))
    found["heap"] = float(learner(page, "memory")) / MB
    found["both"] = renderers_rss(browser)
    _, state = check(page, "import os\nos._exit(0)\n" + WRONG)
    assert state == "fault", state
    wall, state = check(page, WRONG)
    assert state == "failed" and learner(page, "restored") == "true", state
    found["again ready"] = float(learner(page, "seconds"))
    found["again wall"] = wall
    context.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh visits of each kind (3)")
    args = parser.parse_args()
    load = [loadavg()]
    together: list[dict[str, float]] = []
    alone: list[dict[str, float]] = []
    with serve_site(ensure_site_built()) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(args.runs):  # in turn, so that a busy moment of the machine hits both
            together.append(run(browser, base, alone=False))
            alone.append(run(browser, base, alone=True))
        browser.close()
    load.append(loadavg())
    print(f"The learner's worker at 412x915, {args.runs} fresh visits of chapter 1 each way,")
    print(f"load average {load[0]:.1f} at the start and {load[1]:.1f} at the end (2 cores):")
    for name, runs in (("with the checks' Python", together), ("after it", alone)):
        print(f"  first check, both Pythons starting {name}:")
        print(f"    the learner's worker ready    {figure([r['first ready'] for r in runs])}")
        print(f"    the check, in all             {figure([r['first wall'] for r in runs])}")
    both = together + alone
    print("  started again after os._exit, from the page's snapshot:")
    print(f"    the learner's worker ready    {figure([r['again ready'] for r in both])}")
    print(f"    the check, in all             {figure([r['again wall'] for r in both])}")
    print("  memory (resident, the renderer processes of the page):")
    print(f"    page and editor               {figure([r['page'] for r in both], 'MB', 0)}")
    print(f"    and the checks' Python        {figure([r['checks'] for r in alone], 'MB', 0)}")
    print(f"    and the learner's worker      {figure([r['both'] for r in alone], 'MB', 0)}")
    grown = [r["both"] - r["checks"] for r in alone]
    print(f"    the learner's worker's share  {figure(grown, 'MB', 0)}")
    print(f"    its Python's heap             {figure([r['heap'] for r in both], 'MB', 1)}")


if __name__ == "__main__":
    main()
