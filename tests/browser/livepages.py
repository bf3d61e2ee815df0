"""Helpers for the live examples' browser tests: which pages have examples, and running them."""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Iterator
from typing import Any

from axe_playwright_python.sync_playwright import (  # type: ignore[import-untyped]
    DEFAULT_OPTIONS,
    Axe,
)
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from siteserver import SITE, ensure_site_built
from throttle import rate

from conftest import Watch, keep_python_snapshot, scripts_ran, watched_context

RUN_TIMEOUT_MS = 180_000
"""Starting Python on a busy machine, then a slow example, may take a while."""

EDITOR_TIMEOUT_MS = int(30_000 * rate())
"""The editor's bundle (a few hundred kB) loads on the first Edit; a busy machine is slow.
A limit on a wait for a state, scaled like every other wait in a throttled run."""

RUNTIME = re.compile(r"/pyodide/|pirate_rules\.zip|/play/worker\.mjs")
EXAMPLE_BLOCK = re.compile(
    r'class="language-pycon highlight"|<code(?: tabindex="0")?>&gt;&gt;&gt; '
)
"""A console example in a built page (a plain block that may scroll can have the focus)."""


def pages_with_examples(prefixes: tuple[str, ...]) -> list[str]:
    """The built pages under ``prefixes`` that show console examples, as site paths."""
    ensure_site_built()
    found = []
    for index in sorted(SITE.rglob("index.html")):
        path = f"{index.parent.relative_to(SITE).as_posix()}/"
        if path.startswith(prefixes) and EXAMPLE_BLOCK.search(index.read_text("utf-8")):
            found.append(path)
    return found


@contextlib.contextmanager
def live_page(
    browser: Browser, url: str, *, python_from: str | None = None, **options: Any
) -> Iterator[tuple[Page, Watch]]:
    """A page in a fresh watched context, loaded; checked (no console error, nothing
    off 127.0.0.1) when the block ends without failing. With ``python_from`` (the
    session's site address), the context first holds the snapshot of Python a first
    visit to a play page keeps (:func:`keep_python_snapshot`), so Python is restored."""
    context, watch = watched_context(browser, **options)
    try:
        if python_from is not None:
            keep_python_snapshot(browser, context, python_from)
        page = context.new_page()
        page.goto(url)
        scripts_ran(page)
        yield page, watch
        watch.check()
    finally:
        context.close()


@contextlib.contextmanager
def reading(reader: tuple[BrowserContext, Watch], url: str) -> Iterator[tuple[Page, Watch]]:
    """A new page of ``reader``'s context (one that several tests share, so that Python
    starts once and every later page restores its snapshot), loaded, with the watch
    cleared before; checked (no console error, nothing off 127.0.0.1) when the block
    ends without failing. What the page kept (changed examples, a bot, a game) is
    forgotten as it closes, so that the next test's page starts as a first one would."""
    context, watch = reader
    watch.clear()
    page = context.new_page()
    try:
        page.goto(url)
        scripts_ran(page)
        yield page, watch
        watch.check()
    finally:
        page.evaluate("localStorage.clear()")
        page.close()


def pycon_blocks(path: str) -> int:
    """How many blocks of the built page are marked ``pycon``."""
    return (SITE / path / "index.html").read_text("utf-8").count('class="language-pycon highlight"')


def bar(page: Page, number: int) -> Locator:
    """The Run/Edit bar under example ``number`` (from 1)."""
    return page.locator(f"#live-example-{number}")


def result(page: Page, number: int) -> Locator:
    """The answer shown under example ``number`` (from 1)."""
    return page.locator(f"#live-example-{number} + .live-result")


def edit(page: Page, number: int) -> Locator:
    """Press Edit under example ``number``; returns its editor."""
    bar(page, number).get_by_role("button", name="Edit").click()
    editor = bar(page, number).locator("xpath=preceding-sibling::*[1]")
    expect(editor.locator(".cm-editor")).to_be_visible(timeout=EDITOR_TIMEOUT_MS)
    return editor


def run(page: Page, number: int) -> Locator:
    """Press Run under example ``number`` and wait for its answer."""
    bar(page, number).get_by_role("button", name="Run").click()
    answer = result(page, number)
    wait_visible(page, f"#live-example-{number} + .live-result .live-verdict")
    return answer


ENGINE_MODULE = """() => new URL("engine.mjs",
    document.querySelector('script[type="module"][src*="assets/live/live.mjs"]').src)"""
"""The page's own engine.mjs (the one its live.mjs imports), as a JavaScript function."""


def _kept(page: Page, seconds: float) -> float:
    """The seconds the page keeps for a limit of ``seconds`` on a device of usual speed, on
    the Python it last measured (engine.mjs ``scaledLimit`` of its pace)."""
    kept: float = page.evaluate(
        f"""async (seconds) => {{
            const {{ scaledLimit }} = await import(({ENGINE_MODULE})());
            const pace = Number(document.documentElement.dataset.pythonPace);
            return scaledLimit(seconds * 1000, pace) / 1000;
        }}""",
        seconds,
    )
    return kept


def kept_limit(page: Page, seconds: float) -> int:
    """The whole seconds the page kept for a time limit of ``seconds`` on a device of usual
    speed: what a page says when it stops a request that gave no sign of life for that long."""
    return math.floor(_kept(page, seconds) + 0.5)  # as JavaScript's Math.round


def slowness(page: Page) -> float:
    """How many times longer than on a device of usual speed the page keeps a limit, on the
    Python it last measured (engine.mjs ``slowness``): 1 to 8."""
    return _kept(page, 1)


def wait_visible(page: Page, selector: str, timeout: float = RUN_TIMEOUT_MS) -> None:
    """Wait until an element matching ``selector`` is shown, looked for every 50 ms (a long
    ``expect`` ends up looking once a second, so it would see a run end up to 1 s late)."""
    page.wait_for_function(
        """selector => [...document.querySelectorAll(selector)].some((e) => {
            const box = e.getBoundingClientRect();  // shown, as Playwright means it
            const shown = e.checkVisibility({ visibilityProperty: true });
            return box.width > 0 && box.height > 0 && shown;
        })""",
        arg=selector,
        polling=50,
        timeout=timeout,
    )


def check_page(page: Page) -> tuple[int, int]:
    """Press "Check this page"; returns (examples that agree, examples).

    A check that stops at an example (its run stopped as stuck, or Python failed) fails
    at once, with what the page says of that example, rather than after the whole wait.
    """
    page.get_by_role("button", name="Check this page").click()
    status = page.locator(".live-page .live-status")
    # Looked for every 50 ms, not every second as a long `expect` ends up doing: the
    # check ends with its last example, and each page of a part waits for it.
    page.wait_for_function(
        """() => {
            const status = document.querySelector('.live-page .live-status');
            return /^\\d+$/.test(status?.dataset.total ?? '')
                || (status?.textContent ?? '').startsWith('Checking stopped');
        }""",
        polling=50,
        timeout=RUN_TIMEOUT_MS * 3,
    )
    agree, total = status.get_attribute("data-agree"), status.get_attribute("data-total")
    if total is None:
        notes = page.locator(".live-note").all_inner_texts()
        raise AssertionError(f"{status.inner_text()} {notes[-1] if notes else ''}")
    return int(agree or -1), int(total or 0)


def assert_every_example_agrees(browser: Browser, site_url: str, path: str) -> None:
    """Open ``path`` in a fresh context: it asks for no runtime until "Check this page",
    then all its examples agree."""
    with live_page(browser, site_url + path) as (page, watch):
        assert_examples_agree_on(page, watch, path)


def assert_examples_agree_on(page: Page, watch: Watch, path: str) -> None:
    """The same for ``page``, opened at ``path``, with ``watch`` cleared before it was:
    the page asks for no runtime until "Check this page", then all its examples agree."""
    page.wait_for_load_state("networkidle")
    assert not [url for url in watch.page_requests if RUNTIME.search(url)], path
    examples = page.locator(".live-bar").count()
    assert examples > 0 and examples >= pycon_blocks(path), path
    assert check_page(page) == (examples, examples), path
    status = page.locator(".live-page .live-status")
    agree = "example agrees" if examples == 1 else "examples agree"
    expect(status).to_contain_text(f"{examples} of {examples} {agree}")
    assert page.locator(".live-result--agree").count() == examples, path


def replace_text(page: Page, editor: Locator, text: str) -> None:
    """Replace an editor's whole text, as if typed (keys that auto-indent are bypassed)."""
    editor.locator(".cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(text)


def serious_problems(
    page: Page, context: str, also: tuple[str, ...] = (), rules: str = ""
) -> list[str]:
    """Axe's serious and critical findings inside ``context``, and those of the rules
    named in ``also`` whatever their impact (such as ``landmark-unique``, moderate).

    With ``rules``, only axe's rules whose id starts with it are run (``"landmark"``: all
    of axe's landmark rules, as axe lists them): the same findings of those rules, sooner.
    """
    axe, options = Axe(), dict(DEFAULT_OPTIONS)
    if rules:
        page.evaluate(axe.axe_script)
        ids = page.evaluate(
            "prefix => axe.getRules().map(rule => rule.ruleId).filter(id => id.startsWith(prefix))",
            rules,
        )
        assert ids, f"axe has no rule whose id starts with {rules!r}"
        options["runOnly"] = {"type": "rule", "values": ids}
    results = axe.run(page, context=context, options=options)
    return [
        f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical") or v["id"] in also
    ]
