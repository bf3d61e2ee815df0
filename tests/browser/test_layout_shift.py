"""Nothing on a page moves once it is drawn: no layout shift as it loads.

Controls added by a script after the first paint (the examples' panel, the rule book's
switch) used to push the whole page down, a cumulative layout shift of 0.13 to 0.19 on
a phone. The browser reports every shift; the test reads them all at the end of the load
(``buffered``), once the page's scripts have added what they add, so a slow machine only
makes it wait longer.

A game's page showed its loading panel only once its script ran, then swapped it for a
game still being drawn: a shift of 1.09 on a phone. Its panel now shows from the first
paint, and the game from its first view (site.css).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Route

from conftest import wait_until_ready, watched_context

pytestmark = pytest.mark.browser

PAGES = ("rules/marvin/", "learn/write-a-bot/")
VIEWPORTS = ({"width": 412, "height": 823}, {"width": 1280, "height": 800})
"""Lighthouse's phone, and a laptop."""

LIMIT = 0.02
"""The largest layout shift allowed while a page loads (Lighthouse calls 0.1 good)."""

SHIFTS = """() => new Promise((resolve) => {
  // Two frames after the page's scripts ran: every shift they caused has been reported.
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: "layout-shift", buffered: true });
    const entries = observer.takeRecords();
    observer.disconnect();
    resolve(entries.filter((entry) => !entry.hadRecentInput).map((entry) => ({
      value: entry.value,
      at: Math.round(entry.startTime),
      moved: entry.sources.map((source) => {
        const node = source.node;
        if (!node || node.nodeType !== 1) return String(node?.nodeName);
        return node.nodeName.toLowerCase() + (node.id ? "#" + node.id : "")
          + [...node.classList].map((name) => "." + name).join("");
      }),
    })));
  }));
})"""
"""Every layout shift of the page so far that no input caused, with what it moved."""

HIDDEN = "document.documentElement.classList.contains('rulebook-hide-examples')"
"""Are the page's examples hidden (the rule book's switch)?"""

TOP = "document.querySelector('.md-main__inner').getBoundingClientRect().top"
"""Where the page's main column starts (JavaScript)."""


def load_shifts(context: BrowserContext, url: str, hidden: bool) -> list[dict[str, Any]]:
    """Open ``url`` in a new page of ``context``; the layout shifts of its load.

    ``hidden``: whether the reader chose to hide the examples (checked)."""
    page = context.new_page()
    try:
        page.goto(url, wait_until="load")
        # The scripts have run: the Run bars exist and the lab (on write-a-bot) is set up.
        page.wait_for_selector("#live-example-1", state="attached")
        page.wait_for_function(
            "!document.getElementById('bot-lab')"
            " || document.querySelector('#bot-lab .live-lab__controls')"
        )
        shifts: list[dict[str, Any]] = page.evaluate(SHIFTS)
        assert page.evaluate(HIDDEN) == hidden, "the examples are not as the reader chose"
        return shifts
    finally:
        page.close()


def check(context: BrowserContext, url: str, hidden: bool = False) -> None:
    shifts = load_shifts(context, url, hidden)
    total = sum(shift["value"] for shift in shifts)
    assert total <= LIMIT, f"{url} moved by {total:.3f} as it loaded: {shifts}"


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda size: f"{size['width']}px")
def test_a_page_does_not_move_as_it_loads(
    browser: Browser, site_url: str, viewport: dict[str, int]
) -> None:
    context, watch = watched_context(browser, viewport=viewport)
    try:
        for path in PAGES:
            check(context, site_url + path)
        watch.check()
    finally:
        context.close()


def test_a_rules_page_read_without_its_examples_does_not_move_as_it_loads(
    browser: Browser, site_url: str
) -> None:
    """The reader's choice (the "Code examples" switch) is applied before the page shows."""
    context, watch = watched_context(browser, viewport=VIEWPORTS[0])
    try:
        context.add_init_script(  # every document, some of which may not have storage
            "try { localStorage.setItem('pirate-rules.hide-examples', '1') } catch {}"
        )
        check(context, site_url + PAGES[0], hidden=True)
        watch.check()
    finally:
        context.close()


GAMES = ("play/marvin/", "play/pirate/", "play/learn/")


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda size: f"{size['width']}px")
def test_a_game_page_does_not_move_as_its_game_starts(
    browser: Browser, site_url: str, viewport: dict[str, int]
) -> None:
    """From the first paint until the game is ready: the first visit, and a later one.

    About 25 s at 1280 px: each of the three game pages is started twice, watched for
    shifts until its game is ready; the first start of all is a first visit, with Python
    started from scratch."""
    context, watch = watched_context(browser, viewport=viewport)
    try:
        for path in GAMES:
            for _visit in ("first", "later"):
                page = context.new_page()
                page.goto(site_url + path)
                wait_until_ready(page)
                shifts = page.evaluate(SHIFTS)
                page.close()
                total = sum(shift["value"] for shift in shifts)
                assert total <= LIMIT, f"{path} moved by {total:.3f} as it started: {shifts}"
        watch.check()
    finally:
        context.close()


def test_a_game_page_has_its_spacing_before_the_browser_reads_its_game(
    browser: Browser, site_url: str
) -> None:
    """A browser may paint a page before it has read all of it (a loaded phone does).
    A game's page is drawn with the room above its game that it keeps once read: the
    page's HTML is cut just before the game's head, and the main column must already
    stand where it stands on the whole page."""
    context, watch = watched_context(browser, viewport=VIEWPORTS[0], service_workers="block")
    try:
        page = context.new_page()
        for path in (*GAMES, "play/viewer/", "learn/puzzles/"):
            page.goto(site_url + path)
            whole = page.evaluate(TOP)
            html = page.request.get(site_url + path).text()
            cut = html[: html.index('<div class="play-head"')]
            page.route(site_url + path, answer_with(cut))
            page.goto(site_url + path)
            assert page.evaluate("!document.querySelector('.play-head')")
            assert page.evaluate(TOP) == whole, f"{path}: the main column moves once read"
            page.unroute(site_url + path)
        watch.check()
    finally:
        context.close()


def answer_with(html: str) -> Callable[[Route], None]:
    """A route handler that answers with ``html``."""
    return lambda route: route.fulfill(status=200, content_type="text/html", body=html)
