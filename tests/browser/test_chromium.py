"""The browser the tests run in: Chromium keeps Playwright's settings and loses the parts
no test uses (siteserver.CHROMIUM_ARGS); the page clock the tests stop holds still."""

from __future__ import annotations

import contextlib
import os
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError
from siteserver import UNUSED_FEATURES, is_local

from conftest import OFF_HOST, pause_clock, watched_context

pytestmark = pytest.mark.browser


def test_chromium_keeps_every_feature_playwright_disables_and_drops_the_unused_ones(
    browser: Browser, site_url: str
) -> None:
    """Chromium keeps only the last ``--disable-features`` of its command line: ours must
    hold every feature of Playwright's own, whichever version of Playwright launched it."""
    arguments = browser_command_line()
    lists = [
        a.removeprefix("--disable-features=").split(",")
        for a in arguments
        if a.startswith("--disable-features=")
    ]
    assert len(lists) >= 2, arguments
    kept = set(lists[-1])
    for earlier in lists[:-1]:
        assert set(earlier) <= kept, sorted(set(earlier) - kept)
    assert set(UNUSED_FEATURES) <= kept

    cdp = browser.new_browser_cdp_session()
    context = browser.new_context()
    try:
        context.new_page().goto(site_url)
        targets = cdp.send("Target.getTargets")["targetInfos"]
    finally:
        context.close()
    assert [t["url"] for t in targets if t["type"] == "page"] == [site_url]
    assert not [t["url"] for t in targets if "top-chrome" in t["url"]]


def browser_command_line() -> list[str]:
    """The command line of the Chromium this test process launched: the descendant that
    Playwright drives through a pipe (Linux's /proc)."""
    todo = [os.getpid()]
    while todo:
        pid = todo.pop()
        with contextlib.suppress(OSError):
            arguments = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
            if "--remote-debugging-pipe" in arguments:
                return arguments
            for task in Path(f"/proc/{pid}/task").iterdir():
                todo += [int(child) for child in (task / "children").read_text().split()]
    raise AssertionError("no Chromium launched by this process")


ADDRESSES = [
    "http://127.0.0.1:8000/play/marvin/",
    "https://127.0.0.1/",
    "ws://127.0.0.1:9/socket",
    "http://127.0.0.1",
    "data:text/plain,kept",
    "blob:http://127.0.0.1:8000/0f1e",
    "https://fonts.googleapis.com/css",
    "http://localhost:8000/",
    "http://127.0.0.1.example.com/",
    "http://127.0.0.1@example.com/",
    "blob:https://example.com/0f1e",
    "chrome-extension://abc/x.js",
    "ws://example.com/",
]


@pytest.mark.parametrize("address", ADDRESSES)
def test_the_pattern_that_aborts_requests_is_the_test_of_what_stays_local(address: str) -> None:
    assert bool(OFF_HOST.search(address)) is not is_local(address)


def test_a_request_that_would_leave_the_machine_is_aborted_and_told(
    browser: Browser, site_url: str
) -> None:
    context, watch = watched_context(browser)
    failed: list[str] = []
    try:
        page = context.new_page()
        page.on("requestfailed", lambda request: failed.append(f"{request.url} {request.failure}"))
        page.goto(site_url)
        page.evaluate("() => fetch('https://example.com/x').catch(() => null)")
    finally:
        context.close()
    assert len(failed) == 1 and failed[0].startswith("https://example.com/x "), failed
    assert "ERR_BLOCKED_BY_CLIENT" in failed[0], failed
    assert watch.off_host == ["https://example.com/x"]


class _SlowReader:
    """A page whose first read of the time comes back ``late`` seconds after it was
    taken, as on a machine too busy to send the next call at once."""

    def __init__(self, page: Page, late: float) -> None:
        self.page, self.clock, self.late = page, page.clock, late

    def evaluate(self, expression: str) -> Any:
        value = self.page.evaluate(expression)
        time.sleep(self.late)
        self.late = 0
        return value


def test_the_page_clock_stops_even_when_more_than_its_margin_passed_since_it_was_read(
    browser: Browser,
) -> None:
    """``pause_clock`` reads the clock's time and stops it a second later; here 1.5 s pass
    between the two calls. Stopping it at the time read plus one second is refused; the
    helper stops it all the same, and the clock then stands still until it is run."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.clock.install()
        page.set_content("<p>clock</p>")
        now = page.evaluate("Date.now()") / 1000
        time.sleep(1.5)
        with pytest.raises(PlaywrightError, match="fast-forward to the past"):
            page.clock.pause_at(datetime.fromtimestamp(now + 1, tz=UTC))
        page.clock.resume()

        pause_clock(cast(Page, _SlowReader(page, late=1.5)))
        stopped = page.evaluate("Date.now()")
        time.sleep(0.3)
        assert page.evaluate("Date.now()") == stopped
        page.clock.run_for(250)
        assert page.evaluate("Date.now()") == stopped + 250
    finally:
        context.close()
