"""Build it yourself, in the browser: a chapter completed, a wrong rule named, a loop stopped,
and files that try to cheat refused, online and offline.

One booted page serves the checks that need Python (booting takes seconds), in the
order a learner would meet them; the layout and the edits kept across reloads need no
Python at all. The learner's file runs in a worker of its own, with a Python of its own
(learner-worker.mjs): started at the first check, kept for the next, started again after
a loop that no line can stop, an exit or a crash.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from livepages import (
    EDITOR_TIMEOUT_MS,
    RUN_TIMEOUT_MS,
    RUNTIME,
    live_page,
    reading,
    replace_text,
    slowness,
)
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from siteserver import SITE, ensure_site_built, serve_site

from conftest import Watch, axe_problems, wait_until_kept, watched_context
from pirate_rules.course.learner import CALL_SECONDS, OUTSIDE_SECONDS

pytestmark = pytest.mark.browser

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "course"))
from test_apart import CHEATS  # noqa: E402
from wrong_solutions import MODEL  # noqa: E402

CHAPTER_1 = MODEL["my_engine.py"].split("# ── Chapter 2")[0].rstrip() + "\n"
"""The model solution's part of chapter 1: the file's start and the deck and the draw."""
KEY = "pirate-rules:course:my_engine.py:1"
DONE = ("failed", "fault", "agreed", "disagreed", "stuck", "stopped")
SIZES = ((1280, 800), (1024, 768), (768, 1024), (390, 844))


@pytest.fixture(scope="module")
def reader(browser: Browser) -> Iterator[tuple[BrowserContext, Watch]]:
    """The browser context of the chapter's tests: the page's own Python (the checks')
    starts once, and every later page restores the snapshot it kept. Each page starts a
    learner's Python of its own all the same. (No kept snapshot is given to it: the
    first test checks that the page starts no Python before it is asked to.)"""
    context, watch = watched_context(browser)
    yield context, watch
    context.close()


@pytest.fixture
def chapter(reader: tuple[BrowserContext, Watch], site_url: str) -> Iterator[tuple[Page, Watch]]:
    """Chapter 1's page, its editor ready, in a new page whose storage is a first visit's."""
    with reading(reader, f"{site_url}learn/build-it/deck/") as (page, watch):
        open_editor(page)
        yield page, watch


def open_editor(page: Page) -> None:
    """Reach the chapter's code with the pointer: its editor loads, then holds the file."""
    code = page.locator("#course .course__code")
    expect(code).to_be_visible(timeout=EDITOR_TIMEOUT_MS)
    code.hover()
    expect(page.locator("#course .cm-editor")).to_be_visible(timeout=EDITOR_TIMEOUT_MS)


def editor(page: Page) -> Locator:
    return page.locator("#course .course__editor")


def check(page: Page, source: str) -> str:
    """Put ``source`` in the editor, press "Check my code", wait for the verdict."""
    replace_text(page, editor(page), source)
    page.evaluate("delete document.getElementById('course').dataset.state")
    page.get_by_role("button", name="Check my code").click()
    states = ", ".join(repr(state) for state in DONE)
    page.wait_for_function(
        f"[{states}].includes(document.getElementById('course').dataset.state)",
        timeout=RUN_TIMEOUT_MS * 2,
    )
    return page.locator("#course").get_attribute("data-state") or ""


def test_chapter_1_is_done_with_the_model_part_then_mistakes_are_named_and_loops_stopped(
    chapter: tuple[Page, Watch],
) -> None:
    """About 25 s: the module's first page, so the page's Python starts here, and so does
    the learner's; the model part is checked against the real engine in the 200 games the
    chapter promises, then a syntax error, a wrong rule, an endless loop and a missing
    function are each a check of a whole file, and axe looks at the findings."""
    page, watch = chapter
    page.wait_for_load_state("networkidle")
    assert not [url for url in watch.page_requests if RUNTIME.search(url)], "Python started early"
    status = page.locator("#course .course__status")

    # A syntax error: the file does not run, and its line is marked.
    broken = CHAPTER_1.replace("def rank(card: str) -> int:", "def rank(card: str) -> int")
    assert check(page, broken) == "fault"
    problem = page.locator("#course .live-lab__problem")
    line = next(n for n, text in enumerate(broken.splitlines(), 1) if text.startswith("def rank("))
    expect(problem).to_contain_text(f"my_engine.py does not run: line {line} has a syntax error")
    expect(editor(page).locator(".cm-live-error")).to_have_text("def rank(card: str) -> int")

    # The model solution's part: every check passes, and 200 games agree.
    assert check(page, CHAPTER_1) == "agreed"
    findings = page.locator("#course .course-finding")
    expect(findings).to_have_count(7)
    expect(page.locator("#course .course-finding--ok")).to_have_count(7)
    # new seeds on each run, shown so that the run can be played again
    expect(status).to_contain_text(
        re.compile(r"All 200 games agree with the real engine \(seeds (\d+) to \d+")
    )
    first = int(re.search(r"seeds (\d+) to (\d+)", status.inner_text()).group(1))  # type: ignore[union-attr]
    assert f"seeds {first} to {first + 199}" in status.inner_text()
    assert page.locator("#course").get_attribute("data-games") == "200"
    expect(page.locator("#course .course-next")).to_have_attribute("href", "../targets/")

    # A wrong solution: the rule it breaks is named, with a link to the rule.
    wrong = CHAPTER_1.replace("    return piles.draw.pop(0)", "    return piles.draw.pop()")
    assert check(page, wrong) == "failed"
    failing = page.locator("#course .course-finding--fail").first
    rule = failing.locator("a.course-rule")
    expect(rule).to_have_text("M9")
    assert (rule.get_attribute("href") or "").endswith("/rules/marvin/#M9")
    expect(failing).to_contain_text("draw() gives 'KD', not '7H'")
    expect(status).to_contain_text("Fix the first that fails.")
    expect(status).not_to_contain_text("marked")  # no line of the file is marked for it
    problems = axe_problems(page, "#course")
    assert not problems, "\n".join(problems)

    # A loop that never ends: stopped at its line, and the page goes on working.
    looping = CHAPTER_1.replace(
        "    return piles.draw.pop(0)", "    while piles.draw:\n        pass\n    return ''"
    )
    assert check(page, looping) == "failed"
    expect(page.locator("#course .course-finding--fail").first).to_contain_text(
        f"your draw() was still running after {call_seconds(page):g} seconds, so it was stopped"
    )
    expect(editor(page).locator(".cm-live-error").first).to_have_text(re.compile(r"while|pass"))
    missing = CHAPTER_1.replace("def new_deck(", "def a_deck(")
    assert check(page, missing) == "failed"
    expect(page.locator("#course .course-finding--fail").first).to_contain_text(
        "my_engine.py has no function new_deck(jokers): this chapter asks for it"
    )
    # One Python of the learner's, started at the first check and kept for every check
    # since (the loop was stopped at its line: no restart).
    assert learner_starts(page) == 1
    expect(page.locator("#course .course__apart")).to_contain_text(
        "a check of good faith, not a sandbox"
    )
    watch.check()


def learner_starts(page: Page) -> int:
    """How many workers of the learner's the page has started."""
    return int(page.locator("#course").get_attribute("data-learner-starts") or 0)


def call_seconds(page: Page) -> float:
    """How long the page's last check let one call into the learner's code run: the
    course's :data:`CALL_SECONDS`, as many times longer as the page measured its device
    slower than usual (to a tenth of a second)."""
    seconds = float(page.locator("#course").get_attribute("data-call-seconds") or "nan")
    assert seconds == round(CALL_SECONDS * slowness(page), 1), seconds
    return seconds


RANK = "    return 0 if card == JOKER"
LOOKS_AROUND = (
    "import sys\n"
    "found = sys.modules['pyodide_js'].constructor.constructor(\n"
    "    'return [typeof fetch, typeof XMLHttpRequest, typeof caches, typeof indexedDB,'\n"
    "    ' typeof navigator.storage, typeof Worker, typeof postMessage]')()\n"
    "assert any(kind != 'undefined' for kind in found), 'no way out of this worker'\n"
)
"""The browser's own ways to the engine: the site over the network (the engine's archive),
the browser's stores (the checks' Python is kept there, with the engine's files), another
worker, the page."""
BROWSER_CHEATS = {
    **{name: code for name, code in CHEATS.items() if name != "the package from disk"},
    "the package from the checks' Python's disk": (
        "import importlib.util\n"
        "spec = importlib.util.spec_from_file_location(\n"
        "    'engine', '/home/pyodide/pirate_rules/__init__.py')\n"
        "engine = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(engine)\n"
    ),
    "the network, the browser's stores, other workers, the page": LOOKS_AROUND,
}


def test_files_that_try_to_cheat_do_not_pass_and_a_dead_python_is_started_again(
    chapter: tuple[Page, Watch],
) -> None:
    """Each route of the command line's cheats, and the browser's own, on one page: the file
    does not run. A file that ends Python, crashes it or loops where no line can stop it
    is told in words, and the next check has a Python of its learner's own again.

    About 25 s: every cheat is a check of its own, and each file that ends, crashes or
    freezes Python is followed by a fresh start of the learner's Python."""
    page, watch = chapter
    problem = page.locator("#course .live-lab__problem")
    status = page.locator("#course .course__status")
    for name, cheat in BROWSER_CHEATS.items():
        assert check(page, cheat + CHAPTER_1) == "fault", name
        # The page writes the problem, then gives the verdict, in one step: a look.
        assert "my_engine.py does not run" in problem.inner_text(), name
    assert learner_starts(page) == 1

    # The pass text, printed, then Python ended with exit status 0: the verdict is the checks'.
    assert (
        check(page, "import os\nprint('All 7 checks pass.')\nos._exit(0)\n" + CHAPTER_1) == "fault"
    )
    expect(problem).to_contain_text("my_engine.py ended Python itself (exit status 0)")
    expect(status).not_to_contain_text("checks pass")
    assert check(page, "import sys\nsys.exit(0)\n" + CHAPTER_1) == "fault"
    expect(problem).to_contain_text(
        "my_engine.py does not run: it stops at line 2 with sys.exit: 0"
    )
    assert learner_starts(page) == 2

    # A recursion too deep for the browser's stack (in a built-in: repr), then a loop in a
    # built-in: each ends the learner's Python, is told, and the other checks go on.
    deep = "def deep():\n    x = []\n    for _ in range(100_000):\n        x = [x]\n"
    deep += "    return repr(x)\n\n"
    assert check(page, deep + CHAPTER_1.replace(RANK, "    deep()\n" + RANK)) == "failed"
    failing = page.locator("#course .course-finding--fail")
    expect(failing).to_have_count(1)
    expect(failing).to_contain_text("your rank() crashed Python (Maximum call stack size exceeded)")
    looping = CHAPTER_1.replace(RANK, "    sum(iter(int, 1))\n" + RANK)
    assert check(page, looping) == "failed"
    expect(failing).to_have_count(1)
    expect(failing).to_contain_text(
        f"your rank() was still running after {call_seconds(page) + OUTSIDE_SECONDS:g} seconds,"
        " so Python was stopped from outside"
    )
    assert learner_starts(page) == 4
    assert page.locator("#course").get_attribute("data-learner-restored") == "true"
    wrong = CHAPTER_1.replace("    return piles.draw.pop(0)", "    return piles.draw.pop()")
    assert check(page, wrong) == "failed"  # the Python started last answers
    expect(failing.first.locator("a.course-rule")).to_have_text("M9")
    assert learner_starts(page) == 4
    watch.check()


def test_the_learner_s_python_starts_offline_after_one_visit(browser: Browser) -> None:
    """About 20 s: a first visit (the page's Python and the learner's start from the
    network, and the runtime is kept for offline use), then, offline, a reload and two
    more starts of the learner's Python: what is kept on a first visit is the matter, so
    it cannot be a later one."""
    ensure_site_built()
    context, watch = watched_context(browser)
    wrong = CHAPTER_1.replace("    return piles.draw.pop(0)", "    return piles.draw.pop()")
    try:
        page = context.new_page()
        with serve_site(SITE) as base:
            page.goto(f"{base}learn/build-it/deck/")
            open_editor(page)
            assert check(page, wrong) == "failed"
            wait_until_kept(page, "ready")
        context.set_offline(True)  # and the server is gone
        page.reload()
        open_editor(page)
        assert check(page, "import os\nos._exit(0)\n" + wrong) == "fault"
        assert check(page, wrong) == "failed"  # a new Python of the learner's, offline
        expect(page.locator("#course .course-finding--fail").first).to_contain_text(
            "draw() gives 'KD', not '7H'"
        )
        assert learner_starts(page) == 2
        watch.check()
    finally:
        context.close()


def test_edits_are_kept_across_reloads_and_reset_brings_the_skeleton_back(
    chapter: tuple[Page, Watch],
) -> None:
    page, watch = chapter
    skeleton = editor_text(page, 'raise NotImplementedError("chapter 1: draw")')
    assert skeleton.startswith('"""my_engine.py: ')  # all of it, not the lines in view
    editor(page).locator(".cm-content").click()
    page.keyboard.press("Control+Home")
    page.keyboard.type("# my own change\n")
    page.reload()
    expect(page.locator("#course .course__code")).to_contain_text(
        "# my own change", timeout=EDITOR_TIMEOUT_MS
    )  # the file as it was left, before the editor is even loaded
    open_editor(page)
    expect(editor(page).locator(".cm-content")).to_contain_text("# my own change")
    assert page.evaluate(f"localStorage.getItem({KEY!r})").startswith("# my own change\n")
    page.get_by_role("button", name="Reset chapter 1").click()
    expect(editor(page).locator(".cm-content")).not_to_contain_text("# my own change")
    assert page.evaluate(f"localStorage.getItem({KEY!r})") is None
    expect(page.locator("#course .course__status")).to_contain_text("starts again")
    watch.check()


def test_a_later_chapter_starts_from_the_file_kept_for_the_chapter_before(
    chapter: tuple[Page, Watch], site_url: str
) -> None:
    page, watch = chapter
    page.evaluate(f"localStorage.setItem({KEY!r}, {CHAPTER_1!r})")
    page.goto(f"{site_url}learn/build-it/targets/")
    text = editor_text(page, "# ── Chapter 2 · Pirates, positions and targets")
    assert text.startswith(CHAPTER_1.rstrip())  # the learner's chapter 1, then chapter 2's part
    page.goto(f"{site_url}learn/build-it/hits/")  # nothing kept for chapter 2: its part is read
    text = editor_text(page, "# ── Chapter 3 · Hits, shields and fainting")
    assert text.startswith(CHAPTER_1.rstrip())
    assert 'raise NotImplementedError("chapter 2: new_crew")' in text
    assert text.index("# ── Chapter 2") < text.index("# ── Chapter 3")
    watch.check()


def editor_text(page: Page, waiting_for: str) -> str:
    """The whole text of the editor, as "Download" saves it, once it holds ``waiting_for``."""
    expect(page.get_by_role("button", name="Download my_engine.py")).to_be_visible(
        timeout=EDITOR_TIMEOUT_MS
    )
    for _ in range(50):
        with page.expect_download() as info:
            page.get_by_role("button", name="Download my_engine.py").click()
        text = Path(info.value.path()).read_text("utf-8")
        if waiting_for in text:
            return text
        page.wait_for_timeout(200)
    raise AssertionError(f"the editor never held {waiting_for!r}")


@pytest.fixture(scope="module")
def deck(browser: Browser, site_url: str) -> Iterator[Page]:
    """Chapter 1's page with its editor open, in a fresh context, for the four sizes:
    each test resizes it to its own."""
    with live_page(browser, f"{site_url}learn/build-it/deck/") as (page, _):
        open_editor(page)
        yield page


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_chapter_fits_each_screen(deck: Page, width: int, height: int, tmp_path: Path) -> None:
    page = deck
    page.set_viewport_size({"width": width, "height": height})
    content = page.locator(".md-content__inner").bounding_box()
    assert content is not None
    for selector in ("#course .cm-editor", "#course .live-lab__controls"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["width"] > 0
        assert (
            content["x"] - 1 <= box["x"]
            and box["x"] + box["width"] <= content["x"] + content["width"] + 1
        )
    for button in page.locator("#course .live-lab__controls button:visible").all():
        box = button.bounding_box()
        assert box is not None and box["height"] >= 31.5 and box["x"] + box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.locator("#course").scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / f"course-{width}x{height}.png"))


def test_the_last_page_measures_the_learners_engine_beside_the_real_one(
    browser: Browser, site_url: str
) -> None:
    """Python is restored from the snapshot a first visit keeps (a first visit is not the
    matter here); the learner's engine is measured in a Python of its own, started
    afresh."""
    url = f"{site_url}learn/build-it/next/"
    with live_page(browser, url, python_from=site_url) as (page, watch):
        page.evaluate(
            f"localStorage.setItem('pirate-rules:course:my_engine.py:5', {MODEL['my_engine.py']!r})"
        )
        page.reload()
        speed = page.locator("#course-speed")
        expect(speed).to_contain_text("Your engine is the my_engine.py of chapter 5")
        page.evaluate("document.getElementById('course-speed').dataset.seconds = '0.2'")  # lean
        speed.get_by_role("button", name="Measure both engines").click()
        expect(speed).to_have_attribute("data-measured", "true", timeout=RUN_TIMEOUT_MS)
        rates = {
            cell.get_attribute("data-engine"): float(cell.get_attribute("data-rate") or 0)
            for cell in speed.locator("td[data-engine]").all()
        }
        assert set(rates) == {"mine", "plain", "real"} and min(rates.values()) > 0, rates
        expect(speed.locator(".course-speed__ratio")).to_contain_text("times as many games")
        expect(speed).to_contain_text("3 rounds of about 0.2 s for each engine")
        watch.check()
