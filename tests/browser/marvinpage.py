"""Helpers for the browser tests of the Marvin's Pirates Go! page."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page

from conftest import wait_until_ready
from pirate_rules import web

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


CHOICES = "Number(document.querySelector('#play').dataset.choices || 0)"
"""How many times the page has offered a person a choice (JavaScript)."""


def keep_where(seed: int, wanted: set[str]) -> dict[str, Any]:
    """The keep of a game for two, played in CPython, at the first turn whose choices
    include every kind in ``wanted`` (such as the Ship and the Cave): prizes are taken
    when offered, powers never used, else a move at random."""
    view = web.marvin_new({"seed": seed, "mode": "two"})
    rng = random.Random(seed)
    while not view["outcome"]:
        kinds = {choice["kind"] for choice in view["legal"]}
        if wanted <= kinds:
            return dict(view["keep"])
        takes = [choice for choice in view["legal"] if choice["kind"] == "take"]
        plain = [
            choice for choice in view["legal"] if choice["kind"] not in ("ship", "cave", "fort")
        ]
        pick = takes[0] if takes else rng.choice(plain or view["legal"])
        view = web.marvin_move(view["id"], pick["move"])
    raise AssertionError(f"no turn offers {sorted(wanted)} in the game of seed {seed}")


def open_keep(page: Page, site_url: str, keep: dict[str, Any]) -> None:
    """Open the game ``keep`` by its share link, as a visitor would: from another page, so
    that the play page loads afresh with the link (on the play page itself only the hash
    would change, and a reload then could fall between setting the player's game aside
    and keeping the shared one, to start a new game instead)."""
    link = page.evaluate(
        "async (keep) => (await import('../../assets/play/keep.mjs')).shareHash('marvin', keep)",
        keep,
    )
    page.goto(f"{site_url}about/")
    page.goto(f"{site_url}play/marvin/{link}")
    wait_until_ready(page)
