"""Helpers for the browser tests of the Marvin's Pirates Go! page."""

from __future__ import annotations

from playwright.sync_api import Page

RENDERS = "Number(document.querySelector('#play').dataset.renders || 0)"
"""How many views the page has drawn (JavaScript)."""

STEPS = "Number(document.querySelector('#play').dataset.steps || 0)"
"""How many steps the page has shown (JavaScript)."""


def your_turn(page: Page) -> bool:
    """Wait until the human has choices (True) or the game is over (False)."""
    page.wait_for_function(
        "!document.querySelector('#end').hidden || document.querySelector('#choices button')"
    )
    return page.locator("#end").is_hidden()


def play(page: Page, moves: int) -> None:
    """Make ``moves`` choices of ours (the first offered), letting the computer answer."""
    for _ in range(moves):
        if not your_turn(page):
            return
        before = page.evaluate(RENDERS)
        page.locator("#choices button").first.click()
        page.wait_for_function(f"{RENDERS} > {before}")
    your_turn(page)
