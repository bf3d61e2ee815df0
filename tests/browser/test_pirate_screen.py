"""The Pirate table as people see it: the card pictures of the Marvin page, cards that
move (and do not, for those who ask for reduced motion), captured and sunk ships as
piles, the roles line, and the whole table in sight at four sizes: before Start, for two
players mid-game (face to face on a tablet or a phone), and out of cards."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from test_pirate import STACKED, first_stretch_record, new_game, settle_scroll

from conftest import Watch, axe_problems, booted_page

pytestmark = pytest.mark.browser

CARDS = "/assets/vendor/svg-cards/svg-cards.svg#"
SIZES = [(1280, 800), (1024, 768), (768, 1024), (390, 844)]
# Count the animations the page starts, so that a test need not catch one in flight.
COUNT_ANIMATIONS = """
    window.animationsStarted = 0;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
        window.animationsStarted += 1;
        return animate.apply(this, args);
    };
"""


@pytest.fixture(scope="module")
def out_of_cards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game in which the left seat has just run out of cards (fast against casual)."""
    return first_stretch_record(tmp_path_factory.mktemp("pirate"))


def stacked_until(tmp_path_factory: pytest.TempPathFactory, moments: int) -> Path:
    """The stacked record cut after ``moments`` moments, to be continued."""
    record = json.loads(STACKED.read_text(encoding="utf-8"))
    record["moments"] = record["moments"][:moments]
    del record["result"]
    path = tmp_path_factory.mktemp("pirate") / f"until-{moments}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def mid_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The stacked record cut after 118 moments: three ships captured, two sunk."""
    return stacked_until(tmp_path_factory, 118)


def picture(page: Page, selector: str) -> str:
    """The card picture an element shows: the name after '#' in its <use>."""
    href = page.locator(f"{selector} use").first.get_attribute("href") or ""
    assert CARDS in href, href
    return href.split("#")[1]


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def wholly_in_view(page: Page, parts: list[str], when: str) -> None:
    """Each of ``parts`` lies wholly inside the window, below the site's header."""
    size = page.viewport_size
    assert size is not None
    header = box(page, ".md-header")
    top = header["y"] + header["height"]
    for part in parts:
        found = box(page, part)
        assert found["y"] >= top - 1, (when, part, found, top)
        assert found["y"] + found["height"] <= size["height"] + 1, (when, part, found)
        assert found["x"] >= 0 and found["x"] + found["width"] <= size["width"] + 1, (when, part)


def test_the_table_fits_before_start_mid_game_and_out_of_cards_at_every_size(
    browser: Browser, site_url: str, mid_game: Path, out_of_cards: Path
) -> None:
    """About 25 s: one page is resized through the four sizes, as it opened (before
    Start), then at each size in the middle of a game for two and out of cards, eight
    games in all: each state is measured at every size, which a page per size would
    only make dearer (a play page each)."""
    # No smooth scrolling (as asked for by reduced motion): where the table comes to rest
    # is measured, not a moment of its way there.
    url = f"{site_url}play/pirate/"
    with booted_page(browser, url, reduced_motion="reduce") as (page, watch):
        # The game the page opens with, against the computer, before Start: on a laptop
        # its buttons are in sight at once. "Show what fits" is big enough to tap.
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            expect(page.locator("#pause")).to_have_text("Start")
            buttons = [f".pir-action[data-seat='0'][data-action='{a}']" for a in "TPC"]
            if width >= 1000:
                wholly_in_view(page, buttons, f"before Start at {width}x{height}")
            hints = box(page, ".pir-hints")
            assert hints["width"] >= 44 and hints["height"] >= 44, (width, height, hints)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            fits_mid_game_and_out_of_cards(page, width, height, mid_game, out_of_cards)
        watch.check()


def fits_mid_game_and_out_of_cards(
    page: Page, width: int, height: int, mid_game: Path, out_of_cards: Path
) -> None:
    """At ``width`` x ``height``: the table of two people in mid-game, then of one out
    of cards against the computer, is wholly in sight."""
    size = f"at {width}x{height}"
    facing = width < 1280  # a tablet (either way up) or a phone lies flat between them
    # Two people in mid-game: Ann is out of cards, Ben has his.
    new_game(page, ("person", "person"), record=mid_game, resume=True, facing=facing)
    page.locator("#pause").click()  # the game runs: the table comes into sight
    page.keyboard.press("Escape")
    expect(page.locator("#pause")).to_have_text("Go on")
    settle_scroll(page)
    parts = [".pir-ships", ".pir-roles", ".pir-sunk", "#status", "#pause"]
    parts += [".pir-seat--0 .pir-watching", ".pir-action[data-seat='0'][data-action='C']"]
    parts += [".pir-seat--1 .pir-piles"]
    parts += [f".pir-action[data-seat='1'][data-action='{a}']" for a in "TPC"]
    parts += [f".pir-seat--{seat} .pir-captured" for seat in (0, 1)]
    wholly_in_view(page, parts, f"mid-game {size}")
    # Ship places are wide enough to show a card's corner, and cards stay card-shaped.
    slot = box(page, ".pir-ship .pir-slot")
    assert slot["width"] >= 20 and slot["height"] >= 30, (size, slot)
    waste = box(page, ".pir-seat--1 .pir-pile:nth-child(2) svg")
    assert abs(waste["height"] / waste["width"] - 245 / 169) < 0.02, (size, waste)
    if width in (1280, 390):
        assert not axe_problems(page, "#play"), size

    # Out of cards against the computer, which plays on: Claim is in sight (starting
    # a game brings the table into view, as it stays while it runs).
    new_game(page, ("person", "casual"), record=out_of_cards, resume=True)
    settle_scroll(page)
    claim = ".pir-action[data-seat='0'][data-action='C']"
    parts = [".pir-ships", "#status", ".pir-seat--0 .pir-watching", "#skip", claim]
    wholly_in_view(page, [*parts, ".pir-seat--1 .pir-piles"], f"out of cards {size}")


def test_the_cards_are_the_pictures_of_the_marvin_page(
    pirate_mid: tuple[Page, list[str]],
) -> None:
    page, requests = pirate_mid
    ace = ".pir-ship:nth-child(1) .pir-slot:nth-child(2)"
    assert picture(page, ace) == "spade_1"
    assert page.locator(f"{ace} svg").get_attribute("aria-label") == "Ace of spades"
    assert picture(page, ".pir-ship:nth-child(3) .pir-slot:nth-child(14)") == "diamond_king"
    assert picture(page, ".pir-seat--1 .pir-pile:nth-child(1)") == "back"
    assert picture(page, ".pir-seat--1 .pir-pile:nth-child(2)") == "diamond_7"
    # The pictures come from this site, once.
    fetched = [url for url in requests if url.endswith("/svg-cards.svg")]
    assert len(fetched) == 1 and fetched[0].startswith("http://127.0.0.1:"), fetched
    # Captured ships lie beside their captor, sunk ones under the ships.
    captured = page.locator(".pir-seat--1 .pir-captured li")
    expect(captured).to_have_count(3)
    assert [captured.nth(i).get_attribute("aria-label") for i in range(3)] == [
        "the hearts ship (ship 1)",
        "the diamonds ship (ship 1)",
        "the clubs ship (ship 1)",
    ]
    expect(page.locator(".pir-seat--0 .pir-captured li")).to_have_count(0)
    expect(page.locator(".pir-sunk")).to_contain_text("Sunk, nobody scores:")
    expect(page.locator(".pir-sunk li")).to_have_count(2)
    # The roles, and the swapped ends of the later ships, in a line on the table.
    expect(page.locator(".pir-roles")).to_have_text(
        "Ann is low, Ben is high: on a suit's first ship Ann lays the Ace and builds up,"
        " Ben lays the King and builds down; the suit's next ship swaps the ends."
        " Swapped now: spades, diamonds, clubs (Ann from the King, Ben from the Ace)."
    )


@pytest.fixture(scope="module")
def table(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch]]:
    """One play page at 1280 x 800 for the tests of a single table, each of which starts
    a game of its own; it counts the animations it starts (``window.animationsStarted``)."""
    url = f"{site_url}play/pirate/"
    with booted_page(browser, url, COUNT_ANIMATIONS) as (page, watch):
        page.set_viewport_size({"width": 1280, "height": 800})
        yield page, watch


@pytest.fixture
def pirate_mid(table: tuple[Page, Watch], mid_game: Path) -> tuple[Page, list[str]]:
    page, watch = table
    new_game(page, ("person", "person"), record=mid_game, resume=True)
    return page, watch.page_requests  # the service worker may keep a copy of its own


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_cards_move_from_stock_to_waste_to_ship_unless_asked_not_to(
    table: tuple[Page, Watch], motion: str
) -> None:
    page, watch = table
    page.emulate_media(reduced_motion=motion)  # read by the page at each move
    try:
        page.evaluate("window.animationsStarted = 0")  # counted from this game's start
        new_game(page, ("person", "person"), record=STACKED)
        page.locator(".play-title").click()
        page.keyboard.press("f")  # Ann turns the Ace of spades
        page.wait_for_function("document.querySelector('#play').dataset.moment === '1'")
        turned = page.evaluate("window.animationsStarted")
        page.keyboard.press("d")  # and plays it
        page.wait_for_function("document.querySelector('#play').dataset.moment === '2'")
        expect(page.locator(".pir-ship:nth-child(1) .pir-slot").first).to_have_attribute(
            "aria-label", "A: Ann's half"
        )
        played = page.evaluate("window.animationsStarted")
        copies = page.locator(".motion-copy").count()
        if motion == "reduce":
            assert turned == played == 0 and copies == 0
        else:
            assert turned >= 1 and played > turned
        page.keyboard.press("Escape")
    finally:
        page.emulate_media(reduced_motion="no-preference")
    watch.check()
