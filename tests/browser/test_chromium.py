"""The browser the tests run in: Chromium keeps Playwright's settings and loses the parts
no test uses (siteserver.CHROMIUM_ARGS)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from siteserver import UNUSED_FEATURES

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
    """The command line of the Chromium this test process launched (Linux's /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int(
                    (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
                )
            except OSError:
                continue
    for pid in parents:
        ancestor = parents.get(pid)
        while ancestor is not None and ancestor != os.getpid():
            ancestor = parents.get(ancestor)
        if ancestor is None:
            continue
        try:
            arguments = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
        except OSError:
            continue
        if "--remote-debugging-pipe" in arguments:
            return arguments
    raise AssertionError("no Chromium launched by this process")
