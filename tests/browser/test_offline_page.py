"""Offline, a page that was never opened on this device gets the site's offline page at
its own address, not the browser's bare error: it says so, links to the pages that are
kept, and offers to keep the whole site. An address that is no page of the site (a
mistyped one) gets the same page, which then says that there is no such page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from siteserver import SITE, ensure_site_built, serve_site

from conftest import axe_problems, watched_context

pytestmark = pytest.mark.browser


def test_offline_a_page_never_visited_says_so_and_links_to_the_kept_ones(
    browser: Browser,
) -> None:
    ensure_site_built()
    context, watch = watched_context(browser)
    try:
        page = context.new_page()
        with serve_site(SITE) as base:
            page.goto(f"{base}rules/marvin/")
            page.wait_for_function("document.documentElement.dataset.offline === 'page'")
        # The server is gone, and the browser is told it is offline.
        context.set_offline(True)
        response = page.goto(f"{base}rules/pirate/")  # never opened on this device
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
        watch.check()
    finally:
        context.close()
