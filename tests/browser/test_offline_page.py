"""Offline, a page that was never opened on this device gets the site's offline page at
its own address, not the browser's bare error: it says so, links to the pages that are
kept, and offers to keep the whole site. An address that is no page of the site (a
mistyped one) gets the same page, which then says that there is no such page."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Response, expect
from siteserver import SITE, ensure_site_built, serve_site
from test_offline import lists

from conftest import KEEP_TIMEOUT_MS, axe_problems, wait_until_kept, watched_context

pytestmark = pytest.mark.browser


@contextlib.contextmanager
def never_kept_page(
    browser: Browser, init_script: str = "", served: bool = False
) -> Iterator[tuple[Page, str, Response | None]]:
    """A page that opened Marvin's rules (so they are kept), then, offline, the Pirate
    rules, which were never opened on this device: the page, the site's address, and the
    answer to that last visit. The server is gone unless ``served``; the context's
    requests and console are checked when the block ends without failing."""
    ensure_site_built()
    context, watch = watched_context(browser)
    try:
        if init_script:
            context.add_init_script(init_script)
        page = context.new_page()
        with contextlib.ExitStack() as serving:
            base = serving.enter_context(serve_site(SITE))
            page.goto(f"{base}rules/marvin/")
            wait_until_kept(page)
            if not served:
                serving.close()
            context.set_offline(True)
            response = page.goto(f"{base}rules/pirate/")  # never opened on this device
            yield page, base, response
        watch.check()
    finally:
        context.close()


def test_offline_a_page_never_visited_says_so_and_links_to_the_kept_ones(
    browser: Browser,
) -> None:
    # The server is gone, and the browser is told it is offline.
    with never_kept_page(browser) as (page, base, response):
        assert response is not None and response.headers["x-offline-page"] == "not kept"
        assert page.url == f"{base}rules/pirate/"
        heading = page.get_by_role("heading", level=1)
        expect(heading).to_have_text("This page was not kept for offline use")
        expect(page.locator("#asked")).to_have_text("/rules/pirate/")
        kept = page.locator("#kept a")
        expect(kept).to_have_count(1)
        expect(kept).to_have_text("Marvin's Pirates Go!")
        keep = page.get_by_role("button", name="Keep the whole site")
        keep.click()
        expect(page.locator("#keep-status")).to_have_text(
            "This device is offline now: press it again once the network is back."
        )
        assert axe_problems(page, "html") == []
        # Its link opens the kept page, offline.
        kept.click()
        expect(page.locator("h1")).to_contain_text("Marvin's Pirates Go!")
        # A mistyped address is no page of the site: the page says so, not that it was
        # never opened here, and still links to the kept page and offers the whole site.
        response = page.goto(f"{base}rules/pirat/")
        assert response is not None and response.headers["x-offline-page"] == "no such page"
        expect(heading).to_have_text("There is no such page on this site")
        expect(page).to_have_title("There is no such page on this site - Pirate Rules")
        expect(page.locator("#asked-missing")).to_have_text("/rules/pirat/")
        expect(page.get_by_text("was never opened on this device")).to_be_hidden()
        expect(kept).to_have_text("Marvin's Pirates Go!")
        expect(page.get_by_role("button", name="Keep the whole site")).to_be_visible()
        assert axe_problems(page, "html") == []
        # A page of the site asked for without its last slash is that page, not kept.
        page.goto(f"{base}rules/pirate")
        expect(page).to_have_url(f"{base}rules/pirate/")
        expect(heading).to_have_text("This page was not kept for offline use")


OFFLINE_NOW = "This device is offline now: press it again once the network is back."

SAYS_ONLINE = """Object.defineProperty(Navigator.prototype, "onLine", {
    get: () => true, configurable: true,
});"""
"""The browser's word that it is online whatever the network does, as a busy device (or a
network with no way out) may give it: the offline page cannot take it for the truth."""


def record_status(page: Page) -> None:
    """Record every text that ``#keep-status`` shows from now on, in order."""
    page.evaluate(
        """() => {
            const status = document.getElementById("keep-status");
            window.statusSeen = [];
            new MutationObserver(() => statusSeen.push(status.textContent)).observe(status, {
                childList: true, characterData: true, subtree: true,
            });
        }"""
    )


def status_seen(page: Page) -> list[str]:
    """What :func:`record_status` recorded."""
    return list(page.evaluate("window.statusSeen"))


def test_offline_keeping_the_site_ends_saying_so_when_the_browser_thinks_it_is_online(
    browser: Browser,
) -> None:
    """The browser says that it is online, but no file can be downloaded: the keeping goes
    through every file, then says that the device is offline, and does not claim later
    that the whole site is kept."""
    with never_kept_page(browser, SAYS_ONLINE) as (page, _, _):
        expect(page.locator("#kept a")).to_have_text("Marvin's Pirates Go!")
        assert page.evaluate("navigator.onLine") is True
        record_status(page)
        keep = page.get_by_role("button", name="Keep the whole site")
        keep.click()
        status = page.locator("#keep-status")
        expect(status).to_have_text(OFFLINE_NOW, timeout=KEEP_TIMEOUT_MS)  # after every file
        expect(keep).to_be_enabled()
        seen = status_seen(page)
        total = sum(map(len, lists(SITE)))
        assert seen[0] == "Keeping the whole site…"
        assert seen[-2:] == [f"Keeping the whole site: {total} of {total} files…", OFFLINE_NOW]
        # Opened again, the page does not say that the whole site is kept: it is not.
        page.reload()
        expect(page.locator("#kept a")).to_have_text("Marvin's Pirates Go!")
        expect(page.locator("#size")).to_contain_text("is kept now")
        expect(status).to_have_text("")


def test_offline_page_keeps_the_whole_site_once_the_network_is_back(browser: Browser) -> None:
    """Pressed once the network is back, "Keep the whole site" keeps every file and says so."""
    with never_kept_page(browser, served=True) as (page, _, _):
        expect(page.get_by_role("heading", level=1)).to_have_text(
            "This page was not kept for offline use"
        )
        expect(page.locator("#kept a")).to_have_text("Marvin's Pirates Go!")
        page.context.set_offline(False)
        page.wait_for_function("navigator.onLine")
        record_status(page)
        page.get_by_role("button", name="Keep the whole site").click()
        status = page.locator("#keep-status")
        kept_all = "The whole site is kept on this device."
        expect(status).to_have_text(kept_all, timeout=KEEP_TIMEOUT_MS)
        seen = status_seen(page)
        total = sum(map(len, lists(SITE)))
        assert seen[-2:] == [
            f"Keeping the whole site: {total} of {total} files…",
            kept_all,
        ]
