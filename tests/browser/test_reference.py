"""The reference's pages: a package's overview leads to its modules' pages, and an
address of the days when all its modules were on one page still finds its object."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from conftest import watched_context

pytestmark = pytest.mark.browser

MOVED = {
    "reference/marvin/#pirate_rules.marvin.game.MarvinGame.push": "reference/marvin/game/",
    "reference/pirate/#pirate_rules.pirate.ships.Ship": "reference/pirate/ships/",
    "reference/simulate/#pirate_rules.referee.Seat": "reference/simulate/referee/",
}
"""An old address (page and object) and the module page its object is on now."""


def test_an_old_address_of_an_object_opens_its_module_s_page(
    browser: Browser, site_url: str
) -> None:
    context, watch = watched_context(browser, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        for old, new in MOVED.items():
            anchor = old.split("#")[1]
            page.goto(site_url + old)
            page.wait_for_url(f"{site_url}{new}#{anchor}")
            heading = page.locator(f"[id='{anchor}']")
            expect(heading).to_be_in_viewport()
        # What is on the overview itself stays there, and the nav lists the module pages.
        page.goto(site_url + "reference/simulate/#pirate_rules.simulate.iter_games")
        expect(page.locator("[id='pirate_rules.simulate.iter_games']")).to_be_in_viewport()
        assert page.url.endswith("reference/simulate/#pirate_rules.simulate.iter_games")
        page.goto(site_url + "reference/marvin/")
        nav = page.locator(".md-nav--primary")
        for module in ("game", "moves", "puzzles"):
            assert nav.locator(f"a[href='{module}/']").count() == 1, module
        watch.check()
    finally:
        context.close()
