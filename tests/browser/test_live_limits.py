"""Live examples at their limits, on one rules page: a huge answer is cut short with a
download of the whole; a recursion without end is shown in Python's short form under a
line that names it; a Python whose WebAssembly stack overflowed is restarted, and the page
says so; a deep recursion that the time limit or the reader's Stop stops is named, with
its depth; a failed edit does not leak into the examples after it, and an edit that
changed the state is named when a later example then differs. Once its answers are
shown, axe finds nothing serious in its answers (the rest of the page: test_site.py)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from livepages import (
    ENGINE_MODULE,
    RUN_TIMEOUT_MS,
    bar,
    edit,
    kept_limit,
    live_page,
    replace_text,
    result,
    run,
    serious_problems,
)
from playwright.sync_api import Browser, Locator, Page, expect

from conftest import Watch, scripts_ran
from pirate_rules.web.course import MOST_SLOWER

pytestmark = pytest.mark.browser

FATAL = (
    "Pyodide has suffered a fatal error",
    "The cause of the fatal error was",
    "RangeError: Maximum call stack size exceeded",
)
"""What Pyodide writes to the console as its stack overflows (the page then restarts it)."""


def check(watch: Watch) -> None:
    """The page's watch, less what Pyodide writes as the overflow of one test happens."""
    errors = watch.console_errors
    errors[:] = [error for error in errors if not any(word in error for word in FATAL)]
    watch.check()


@pytest.fixture(scope="module")
def rules(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch]]:
    """The Pirate rules page, in a context that holds the snapshot of Python a first
    visit keeps: its Python, and each Python that a test makes it start again, is
    restored from it (a first visit is test_live_pages' and test_live_snapshot's matter)."""
    url = f"{site_url}rules/pirate/"
    with live_page(browser, url, python_from=site_url) as (page, watch):
        yield page, watch


def editor(page: Page, number: int) -> Locator:
    """Example ``number``'s editor, opened by Edit unless it is open already."""
    if bar(page, number).get_by_role("button", name="Edit").count():
        return edit(page, number)
    return bar(page, number).locator("xpath=preceding-sibling::*[1]")


def shown_output(page: Page, number: int) -> str:
    return result(page, number).locator(".live-output").inner_text()


def test_a_huge_answer_is_cut_short_and_offered_whole(rules: tuple[Page, Watch]) -> None:
    page, watch = rules
    replace_text(page, editor(page, 1), '>>> print("x" * 10**7)\n')
    answer = run(page, 1)
    output = shown_output(page, 1)
    assert len(output) < 20_000, f"the page shows {len(output):,} characters of the answer"
    expect(answer.locator(".live-cut")).to_have_text(
        "9,990,001 more characters not shown (10,000,001 in all, 1 line)."
    )
    box = answer.bounding_box()
    assert box is not None and box["height"] < 2_000, box
    with page.expect_download() as download:
        answer.get_by_role("button", name="Download the whole output").click()
    assert Path(download.value.path()).stat().st_size == 10**7 + 1
    check(watch)


def test_a_recursion_without_end_is_named_and_shown_short(rules: tuple[Page, Watch]) -> None:
    page, watch = rules
    replace_text(page, editor(page, 1), ">>> def f():\n...     return f()\n>>> f()\n")
    answer = run(page, 1)
    expect(answer.locator(".live-summary")).to_contain_text(
        "A recursion without end: f() called itself"
    )
    output = shown_output(page, 1)
    assert "[Previous line repeated 9" in output, output[:2000]
    assert len(output) < 1_000, f"{len(output):,} characters"
    assert "RecursionError: maximum recursion depth exceeded" in output
    check(watch)


def test_a_python_whose_stack_overflowed_is_restarted(rules: tuple[Page, Watch]) -> None:
    page, watch = rules
    # Deep through C code (repr), with the limit raised: WebAssembly's stack overflows.
    text = (
        ">>> import sys\n>>> sys.setrecursionlimit(10**6)\n>>> class Loop:\n"
        "...     def __repr__(self):\n...         return repr(self)\n>>> Loop()\n"
    )
    replace_text(page, editor(page, 1), text)
    answer = run(page, 1)
    expect(answer.locator(".live-verdict")).to_contain_text(
        "overflowed the WebAssembly stack (the recursion limit was raised past what that"
        " stack holds), so Python was restarted."
    )
    # The fresh Python answers the next example, from the top of the page.
    expect(run(page, 2).locator(".live-verdict")).to_contain_text("✓")
    check(watch)


def test_a_deep_recursion_stopped_by_the_time_limit_is_named_with_its_depth(
    rules: tuple[Page, Watch],
) -> None:
    """The page's time limit (its panel's ``data-limit``, read at each run) is made 3 s
    here, so that the test does not wait the 10 s a reader would (3 s on a device of
    usual speed: a slower or busy one is given longer, and told how long)."""
    page, watch = rules
    panel = page.locator(".live-page")
    limit = panel.get_attribute("data-limit")
    # With the limit raised, a recursion slow enough never to reach it while the page
    # waits: 3 s on a device of usual speed, up to 8 times as long on a slow one.
    text = (
        ">>> import sys\n>>> sys.setrecursionlimit(10**6)\n>>> def down(n):\n"
        "...     for _ in range(3000):\n...         pass\n...     return down(n + 1)\n"
        ">>> down(0)\n"
    )
    replace_text(page, editor(page, 1), text)
    panel.evaluate("panel => { panel.dataset.limit = '3'; }")
    try:
        answer = run(page, 1)
        verdict = answer.locator(".live-verdict")
        expect(verdict).to_have_text(
            re.compile(
                r"Stopped after \d+ seconds while a recursion was [\d,]+ calls deep, in down\(\),"
                r" with the recursion limit raised to 1,000,000 \(a recursion without end\?\):"
                r" Python was restarted\."
            ),
            timeout=RUN_TIMEOUT_MS,
        )
        # 3 s on a device of usual speed; longer, and said so, on a slower one.
        expect(verdict).to_contain_text(f"Stopped after {kept_limit(page, 3)} seconds while")
    finally:
        panel.evaluate(f"panel => {{ panel.dataset.limit = '{limit}'; }}")
    found = re.search(r"was ([\d,]+) calls deep", verdict.inner_text())
    assert found is not None and int(found[1].replace(",", "")) > 1_000, found
    # The next example runs in a fresh Python (started again), from the top of the page,
    # where the page's own version of the stopped example runs first.
    expect(run(page, 2).locator(".live-verdict")).to_contain_text("✓")
    expect(bar(page, 1).locator(".live-note")).to_contain_text(
        # "Ran in N s." comes between when the run took a second or more (a busy machine).
        re.compile(
            r"^Python started in [\d.]+ s\. (Ran in [\d.]+ s\. )?"
            r"The page's own version ran here, since your"
        )
    )
    check(watch)


def test_a_slower_python_is_given_longer_in_proportion_up_to_eight_times(
    rules: tuple[Page, Watch],
) -> None:
    """A request's time limit is set for a device of usual speed. The page times each
    Python it starts on a fixed piece of the engine's work (pirate_rules.web.pace) before
    its first request with a limit, and lengthens the limit by as many times as that took
    longer than usual: never shorter, at most eight times."""
    page, watch = rules
    run(page, 1)  # a request with a limit: this Python's pace is measured first
    pace = float(page.evaluate("document.documentElement.dataset.pythonPace"))
    assert 0 < pace < 10, pace
    scaled = page.evaluate(
        f"""async () => {{
            const engine = await import(({ENGINE_MODULE})());
            const {{ scaledLimit, USUAL_PACE_S: usual, MOST_SLOWER }} = engine;
            return {{
                most: MOST_SLOWER,
                usual: scaledLimit(5000, usual),
                faster: scaledLimit(5000, usual / 3),
                twice: scaledLimit(5000, usual * 2),
                fourTimes: scaledLimit(5000, usual * 4),
                farSlower: scaledLimit(5000, usual * 100),
                unknown: scaledLimit(5000, NaN),
            }};
        }}"""
    )
    assert scaled == {
        "most": MOST_SLOWER,  # as the course gives the learner's calls
        "usual": 5000,
        "faster": 5000,
        "twice": 10_000,
        "fourTimes": 20_000,
        "farSlower": 40_000,
        "unknown": 5000,
    }
    check(watch)


DEPTHS = """
window.__depthTold = 0;
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", ({ data }) => {
      if (typeof data === "string" && data.startsWith("pirate-rules:depth ")) {
        window.__depthTold = JSON.parse(data.slice("pirate-rules:depth ".length)).depth;
      }
    });
  }
};
"""
"""Keeps the depth Python last told the page (pirate_rules.web.live.DEPTH) where a test
can wait for it: the same messages the page's engine.mjs reads."""


def test_a_deep_recursion_stopped_by_the_reader_is_named_with_its_depth(
    rules: tuple[Page, Watch],
) -> None:
    """Stop pressed while a recursion is deep, once Python has told the page how deep."""
    page, watch = rules
    page.add_init_script(DEPTHS)  # seen from the page's first worker on
    page.reload()
    scripts_ran(page)
    text = (
        ">>> import sys\n>>> sys.setrecursionlimit(10**6)\n>>> def down(n):\n"
        "...     for _ in range(300):\n...         pass\n...     return down(n + 1)\n"
        ">>> down(0)\n"
    )
    replace_text(page, editor(page, 1), text)
    bar(page, 1).get_by_role("button", name="Run").click()
    page.wait_for_function("window.__depthTold > 0", polling=50, timeout=RUN_TIMEOUT_MS)
    told = page.evaluate("window.__depthTold")
    bar(page, 1).get_by_role("button", name="Stop").click()
    verdict = result(page, 1).locator(".live-verdict")
    expect(verdict).to_have_text(
        re.compile(
            r"^Stopped while a recursion was [\d,]+ calls deep, in down\(\), with the"
            r" recursion limit raised to 1,000,000: Python was restarted\.$"
        )
    )
    found = re.search(r"was ([\d,]+) calls deep", verdict.inner_text())
    assert found is not None and int(found[1].replace(",", "")) >= told > 1_000, (found, told)
    expect(bar(page, 1).get_by_role("button", name="Stop")).to_be_hidden()
    # A fresh Python answers the next example, after the page's own version of this one.
    expect(run(page, 2).locator(".live-verdict")).to_contain_text("✓")
    expect(bar(page, 1).locator(".live-note")).to_contain_text(
        "The page's own version ran here, since your version was stopped"
    )
    check(watch)


def a_game_made_for_the_next_example() -> int:
    """The number of the first example of the Pirate rules page that makes a ``game``
    which the example after it goes on with (the page's examples are numbered in the
    order of its ``pycon`` blocks), so that the test follows the page as it grows."""
    page = Path(__file__).parents[2] / "docs" / "rules" / "pirate.md"
    blocks = re.findall(r"^[ \t]*```pycon\n(.*?)^[ \t]*```", page.read_text("utf-8"), re.M | re.S)
    for number, (made, goes_on) in enumerate(itertools.pairwise(blocks), start=1):
        if made.lstrip().startswith(">>> game = ") and goes_on.lstrip().startswith(">>> game."):
            return number
    raise AssertionError("no example of rules/pirate goes on with the game the one before made")


def test_a_failed_edit_does_not_leak_into_the_next_example(rules: tuple[Page, Watch]) -> None:
    page, watch = rules
    reset = page.get_by_role("button", name="Reset example 1")  # edited by a test before
    if reset.count():
        reset.click()
    made = a_game_made_for_the_next_example()
    maker = editor(page, made)
    replace_text(page, maker, ">>> x = [0] * (10**10)\n")
    run(page, made)
    # The next example was not edited: it runs on the state the page's own example leaves.
    expect(run(page, made + 1).locator(".live-verdict")).to_have_text(
        "✓ The engine's answer is the one on the page."
    )
    expect(page.locator(f"#live-example-{made} .live-note")).to_contain_text(
        "The page's own version ran here, since your version failed"
    )
    # An edit that runs and changes the state is named when a later example differs.
    replace_text(page, maker, ">>> game = None\n")
    run(page, made)
    expect(run(page, made + 1).locator(".live-verdict")).to_contain_text(
        f"Example {made} was edited and changed the state: reset it to compare (it changed game)."
    )
    check(watch)


def test_with_its_answers_shown_the_page_has_no_serious_accessibility_problem(
    rules: tuple[Page, Watch],
) -> None:
    page, watch = rules
    page.get_by_role("button", name="Check this page").click()  # every answer shown
    status = page.locator(".live-page .live-status")
    expect(status).to_have_attribute("data-total", re.compile(r"\d+"), timeout=RUN_TIMEOUT_MS)
    assert page.locator(".live-result").count() == int(status.get_attribute("data-total") or 0)
    for width, height in ((1280, 800), (390, 844)):  # on a phone, long lines scroll
        page.set_viewport_size({"width": width, "height": height})
        problems = serious_problems(page, ".live-bar, .live-result")
        assert not problems, f"{width}x{height}:\n" + "\n".join(problems)
    check(watch)
