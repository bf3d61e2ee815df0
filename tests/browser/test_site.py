"""Every page of the built site: no console error, no request off 127.0.0.1, and
no serious or critical accessibility problem in the rules and the play areas."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Browser, BrowserContext, Page
from siteserver import SITE, ensure_site_built

from conftest import BOOT_TIMEOUT_MS, Watch, booted_page, wait_until_ready, watched_context

pytestmark = pytest.mark.browser

PLAY_PAGES = ("play/marvin/", "play/pirate/", "play/viewer/")
RULES_PAGES = ("rules/marvin/", "rules/pirate/", "rules/rulings/", "learn/moments/", "", "about/")


def site_pages() -> list[str]:
    """Every HTML page of the built site, as paths relative to its root."""
    ensure_site_built()
    pages = []
    for index in sorted(SITE.rglob("index.html")):
        relative = index.parent.relative_to(SITE).as_posix()
        if relative.startswith(("pyodide", "assets", "search")):
            continue
        pages.append("" if relative == "." else f"{relative}/")
    return pages


@pytest.fixture(scope="module")
def site(browser: Browser) -> Iterator[tuple[BrowserContext, Watch]]:
    context, watch = watched_context(browser)
    yield context, watch
    context.close()


@pytest.fixture(scope="module")
def reader(site: tuple[BrowserContext, Watch]) -> Iterator[tuple[Page, Watch]]:
    """One tab that goes from page to page, as a reader's does: a new tab for each page
    would cost a third more of the browser's time, for nothing these checks look at."""
    context, watch = site
    page = context.new_page()
    yield page, watch
    page.close()


def problems(results: Any, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """Axe's findings of the given impacts, one line each."""
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in impacts
    ]


def serious(results: Any) -> list[str]:
    """Axe's serious and critical findings, one line each."""
    return problems(results)


@pytest.mark.parametrize("path", site_pages())
def test_page_loads_cleanly_and_stays_on_this_machine(
    reader: tuple[Page, Watch], site_url: str, path: str
) -> None:
    page, watch = reader
    page.goto("about:blank")  # the page before is gone, with anything it still did
    watch.clear()
    page.goto(site_url + path, wait_until="load")
    if path in PLAY_PAGES:
        wait_until_ready(page)
    # A play page then keeps its runtime for offline use (16 MB through the service
    # worker): on a loaded machine that alone can take over a minute.
    page.wait_for_load_state("networkidle", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("h1").count() == 1
    watch.check()
    assert any(url.startswith(site_url + path) for url in watch.requests)


@pytest.mark.parametrize("path", RULES_PAGES)
def test_rules_content_has_no_serious_accessibility_problem(
    site: tuple[BrowserContext, Watch], site_url: str, path: str
) -> None:
    context, _ = site
    page = context.new_page()
    try:
        page.goto(site_url + path)
        assert not problems(Axe().run(page, context=".md-content")), path
    finally:
        page.close()


@pytest.mark.parametrize("path", PLAY_PAGES[:2])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_play_area_has_no_serious_accessibility_problem(
    browser: Browser, site_url: str, path: str, scheme: str
) -> None:
    with booted_page(browser, site_url + path, color_scheme=scheme) as (page, _):
        options = page.locator("details.play-options summary, #new-game")
        options.first.click()  # the options, open
        problems = serious(Axe().run(page, context="#play"))
        assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", ["", "about/"])
def test_whole_page_with_the_theme_frame_has_no_accessibility_problem(
    site: tuple[BrowserContext, Watch], site_url: str, path: str
) -> None:
    """The header, search dialog and footer too, not only the content: nothing at all."""
    context, _ = site
    page = context.new_page()
    try:
        page.goto(site_url + path, wait_until="load")
        everything = ("minor", "moderate", "serious", "critical")
        assert not problems(Axe().run(page), everything), path
    finally:
        page.close()
