"""What a player needs stays in sight on the play pages, at every size: the four usual
ones and a phone turned sideways (844 x 390, 667 x 375). Each check resizes one page
through all the sizes.

- Everything a child may tap on Marvin's table (the Cave's and the Fort's targets in
  their own crew, the prizes, the pile) is on the screen and uncovered.
- No notice covers a control or a heading: for every notice shown (welcome back, a link
  to share, a move taken back, a shared game, a damaged link) on both play pages,
  ``elementFromPoint`` at the centre of each button, link and heading of the main area
  returns that element.
- A share link pasted into a tab already on a play page (only the hash changes) opens
  its game, on both pages; on a tablet, Pirate's "Here is the shared game" covers
  nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from marvinpage import CHOICES, your_turn
from playwright.sync_api import Browser, Page, expect

from conftest import (
    Watch,
    keep_python_snapshot,
    set_fast,
    start_game,
    wait_until_ready,
    watched_context,
)
from pirate_rules import web

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1024, 768), (768, 1024), (390, 844), (844, 390), (667, 375)]
PACE = "20"

COVERED = """() => {
  const problems = [];
  const main = document.querySelector(".md-content"); // the page, without the site's menus
  for (const node of main.querySelectorAll("button, a[href], summary, h1, h2, h3, input, select")) {
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height || !node.checkVisibility({ visibilityProperty: true })) continue;
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit !== node && !node.contains(hit) && hit?.closest(".play-notice")) {
      const name = (element) => `${element.tagName.toLowerCase()}#${element.id}`;
      problems.push(`${name(node)} "${node.textContent.trim().slice(0, 30)}" under ${name(hit)}`);
    }
  }
  return problems;
}"""
"""The buttons, links and headings of the main area on the screen that a notice covers
(whatever else may lie over them is the pages' own layout, tested with each page)."""

TAPS = """() => [...document.querySelectorAll("#table .is-choice")].map((node) => {
  const box = node.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return { id: node.id, box: [box.left, box.top, box.right, box.bottom], hit: node.contains(hit) };
})"""
"""Every place on Marvin's table that glows for a tap: its box and whether it is on top."""


def keep_with_cave_and_fort(seed: int = 33) -> dict[str, Any]:
    """A game against Easy at the child's first turn that offers the Cave and the Fort
    (the child takes every prize offered)."""
    view = web.marvin_new({"seed": seed, "mode": "computer", "bot": "random"})
    while not view["outcome"]:
        if view["computer_to_move"]:
            view = web.marvin_bot_move(view["id"])
            continue
        legal = view["legal"]
        if {"cave", "fort"} <= {choice["kind"] for choice in legal}:
            return dict(view["keep"])
        takes = [choice for choice in legal if choice["kind"] == "take"]
        plain = [choice for choice in legal if choice["kind"] not in ("ship", "cave", "fort")]
        view = web.marvin_move(view["id"], (takes or plain or legal)[0]["move"])
    raise AssertionError(f"the game of seed {seed} never offers the Cave and the Fort")


def share_link(page: Page, game: str, keep: dict[str, Any]) -> str:
    return str(
        page.evaluate(
            "async ([game, keep]) => (await import('../../assets/play/keep.mjs'))"
            ".shareHash(game, keep)",
            [game, keep],
        )
    )


def kept(page: Page, game: str) -> Any:
    return page.evaluate(f"JSON.parse(localStorage.getItem('pirate-rules/{game}/saved')).keep")


def nothing_covered(page: Page, notice: str) -> None:
    """At every size, with the notice ``notice`` shown, nothing in the main area is under
    anything else."""
    expect(page.locator("#notice")).to_contain_text(notice)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        expect(page.locator("#notice")).to_be_visible()
        assert page.evaluate(COVERED) == [], f"{notice!r} at {width}x{height}"
    page.set_viewport_size({"width": 390, "height": 844})


@pytest.fixture(scope="module")
def pages(browser: Browser, site_url: str) -> Iterator[tuple[Page, Page, Watch, str]]:
    """Marvin's page and Pirate's, in one browser context that holds the snapshot of
    Python a first visit keeps (these tests are about what is in sight, not a first visit)."""
    context, watch = watched_context(
        browser, has_touch=True, viewport={"width": 390, "height": 844}
    )
    keep_python_snapshot(browser, context, site_url)
    marvin = context.new_page()
    marvin.goto(f"{site_url}play/marvin/")
    pirate = context.new_page()
    pirate.goto(f"{site_url}play/pirate/")
    for page in (marvin, pirate):
        wait_until_ready(page)
    set_fast(marvin, "[name=pace]", PACE)
    yield marvin, pirate, watch, site_url
    watch.check()
    context.close()


def open_link(page: Page, site_url: str, game: str, keep: dict[str, Any]) -> None:
    """Open the shared game ``keep`` as a visitor would: its link, from another page."""
    link = share_link(page, game, keep)
    page.goto(f"{site_url}about/")
    page.goto(f"{site_url}play/{game}/{link}")
    wait_until_ready(page)
    if game == "marvin":
        set_fast(page, "[name=pace]", PACE)


def test_everything_the_child_taps_is_in_sight_at_every_size_sideways_too(
    pages: tuple[Page, Page, Watch, str],
) -> None:
    page, _, _, site_url = pages
    open_link(page, site_url, "marvin", keep_with_cave_and_fort())
    your_turn(page)
    page.locator("#notice button[aria-label='Close this message']").tap()
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        taps = page.evaluate(TAPS)
        ids = {tap["id"] for tap in taps}
        assert {"draw-pile", "prize-cave", "prize-fort"} <= ids, ids
        assert {"p0-G", "p0-C"} <= {id[:4] for id in ids}, ids  # a guard, a captain
        for tap in taps:
            left, top, right, bottom = tap["box"]
            where = f"{tap['id']} at {width}x{height}: {tap['box']}"
            assert left >= 0 and top >= 0 and right <= width + 0.5, where
            assert bottom <= height + 0.5, where
            assert tap["hit"], f"{where} is covered"
    page.set_viewport_size({"width": 390, "height": 844})


def test_no_notice_covers_a_control_or_a_heading_on_either_play_page(
    pages: tuple[Page, Page, Watch, str],
) -> None:
    """Marvin's five notices and Pirate's two, each at the six sizes.

    About 30 s: each notice needs the moment of a game that shows it (a share, a
    take-back, a reload, a shared link, a link cut short), four of them a page load with
    Python restored, and each is measured at the six sizes."""
    marvin, pirate, watch, site_url = pages
    start_game(marvin, mode="computer", seed="31", bot="random", pace=PACE)
    while len(kept(marvin, "marvin")["moves"]) < 3:  # the computer's, the child's, the computer's
        your_turn(marvin)
        before = marvin.evaluate(CHOICES)
        marvin.locator("#choices button").first.tap()  # a draw that waits, or a move
        marvin.wait_for_function(f"{CHOICES} > {before}")
    your_turn(marvin)
    expect(marvin.locator("#undo")).to_be_enabled()
    marvin.locator("#share").tap()
    nothing_covered(marvin, "This link opens this game")
    marvin.locator("#undo").tap()
    nothing_covered(marvin, "Taken back: ")
    marvin.reload()
    wait_until_ready(marvin)
    nothing_covered(marvin, "Welcome back")
    shared = {"seed": 12, "mode": "two", "players": ["Ann", "Ben"], "jokers": 2, "moves": []}
    open_link(marvin, site_url, "marvin", shared)
    nothing_covered(marvin, "Here is the shared game")
    link = share_link(marvin, "marvin", shared)
    marvin.goto(f"{site_url}about/")
    marvin.goto(f"{site_url}play/marvin/{link[: link.index('&c=')]}")
    wait_until_ready(marvin)
    nothing_covered(marvin, "This link is incomplete")
    pirate.locator("#share:visible, #log-share:visible").first.tap()  # under the log on a phone
    nothing_covered(pirate, "This link opens this game")
    pirate.reload()
    wait_until_ready(pirate)
    nothing_covered(pirate, "Welcome back")
    watch.check()


def test_a_shared_game_opened_on_a_tablet_covers_nothing(
    pages: tuple[Page, Page, Watch, str],
) -> None:
    """Pirate at 768 x 1024: "Here is the shared game" leaves the title and every
    control uncovered."""
    _, pirate, watch, site_url = pages
    pirate.set_viewport_size({"width": 768, "height": 1024})
    try:
        open_link(pirate, site_url, "pirate", web.pirate_new({"seed": 6})["keep"])
        expect(pirate.locator("#notice")).to_contain_text("Here is the shared game")
        assert pirate.evaluate(COVERED) == []
    finally:
        pirate.set_viewport_size({"width": 390, "height": 844})
    watch.check()


def test_a_share_link_pasted_into_an_open_play_page_opens_its_game(
    pages: tuple[Page, Page, Watch, str],
) -> None:
    """Only the address's hash changes: no reload, and yet the link's game opens, on
    both pages, and the game it replaces is set aside, to come back."""
    marvin, pirate, watch, site_url = pages
    for page, game, keep in (
        (marvin, "marvin", {"seed": 9, "mode": "two", "players": ["Ann", "Ben"], "jokers": 2,
                            "moves": []}),
        (pirate, "pirate", web.pirate_new({"seed": 7})["keep"]),
    ):  # fmt: skip
        page.goto(f"{site_url}play/{game}/{share_link(page, game, keep)}")
        # The page takes the link out of the address once its game is on the table and
        # saved, and only then says so; the notice may still read the same from the link
        # opened before, so the address is what tells that this link was followed.
        page.wait_for_function("() => location.hash === ''")
        assert kept(page, game)["seed"] == keep["seed"]
        expect(page.locator("#notice")).to_contain_text("Here is the shared game")
        expect(page.locator("#notice button", has_text="Back to my own game")).to_be_visible()
    watch.check()
