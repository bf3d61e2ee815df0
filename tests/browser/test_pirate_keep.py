"""Pirate in the browser keeps every game: a reload resumes it paused, a share link opens
the same game at the same point elsewhere, and the end screen shares it and opens it in
the record viewer."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playpage import wait_for_the_end
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_pirate import moment, new_game

from conftest import Watch, axe_problems, read_download, set_fast, wait_until_ready, watched_context
from pirate_rules import web

pytestmark = pytest.mark.browser

SAVED = "pirate-rules/pirate/saved"
MOMENT = "Number(document.querySelector('#play').dataset.moment)"


def open_pirate(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(url)
    wait_until_ready(page)
    return page


@pytest.fixture(scope="module")
def pirate(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch, Browser, str]]:
    """One browser context and Pirate page for the module; each test starts its own game."""
    context, watch = watched_context(browser)
    page = open_pirate(context, f"{site_url}play/pirate/")
    yield page, watch, browser, site_url
    context.close()


@contextlib.contextmanager
def another_browser(browser: Browser, url: str) -> Iterator[Page]:
    """The page at ``url`` in a browser context of its own (nothing saved), checked."""
    context, watch = watched_context(browser)
    try:
        yield open_pirate(context, url)
        watch.check()
    finally:
        context.close()


def turn_cards(page: Page, presses: int) -> None:
    """The left seat turns a card, one press at a time, each its own moment."""
    page.locator(".play-title").click()
    for _ in range(presses):
        before = moment(page)
        page.keyboard.press("f")
        page.wait_for_function(f"{MOMENT} > {before}")
    page.keyboard.press("Escape")


def saved_keep(page: Page) -> Any:
    return page.evaluate(f"JSON.parse(localStorage.getItem({SAVED!r})).keep")


def table_text(page: Page) -> str:
    return page.locator(".pir-table").inner_text()


def test_a_reload_resumes_the_game_paused(pirate: tuple[Page, Watch, Browser, str]) -> None:
    """About 20 s in the whole suite: twelve cards turned by hand, a reload that starts Python
    again, and a game that goes on from where it was."""
    page, watch, _, _ = pirate
    new_game(page, ("person", "child"), seed=12)
    page.locator("#hints").uncheck()  # on at first against a small child
    turn_cards(page, 12)
    assert moment(page) >= 12
    # Saved after every moment: the keep holds every moment played.
    assert len(saved_keep(page)["moves"]) == moment(page)
    record = read_download(page, "#save")
    table, at = table_text(page), moment(page)
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#notice")).to_contain_text("Welcome back")
    expect(page.locator("#pause")).to_have_text("Go on")
    assert moment(page) == at and table_text(page) == table
    expect(page.locator("#hints")).not_to_be_checked()  # the settings came back too
    page.wait_for_timeout(800)
    assert moment(page) == at, "a resumed game waits, paused, until someone goes on"
    assert read_download(page, "#save") == record
    # It goes on from there, the computer included.
    page.locator("#pause").click()
    page.wait_for_function(f"{MOMENT} >= {at + 2}")
    page.keyboard.press("Escape")
    # Nothing floats over the table once it runs: the welcome stays in the page's flow,
    # above it, so that the table does not move as the game starts.
    notice, board = (page.locator(selector).bounding_box() for selector in ("#notice", "#board"))
    assert notice and board and notice["y"] + notice["height"] <= board["y"], (notice, board)
    # Starting afresh, from the welcome after another reload, forgets it.
    page.reload()
    wait_until_ready(page)
    page.locator("#notice button", has_text="Start afresh").click()
    page.wait_for_function(
        f"(JSON.parse(localStorage.getItem({SAVED!r})) || {{}}).keep?.seed > 12"
        f" || (JSON.parse(localStorage.getItem({SAVED!r})) || {{}}).keep?.seed < 12"
    )
    assert moment(page) == 0
    watch.check()


def test_a_share_link_opens_the_same_game_at_the_same_point(
    pirate: tuple[Page, Watch, Browser, str],
) -> None:
    """About 20 s in the whole suite: the link opens in another browser, whose Python
    starts from nothing, and a game of the page's own comes back after it."""
    page, watch, browser, _ = pirate
    new_game(page, ("person", "quick"), seed=21)
    turn_cards(page, 8)
    record = read_download(page, "#save")
    table = table_text(page)
    page.locator("#share").click()
    link = page.locator("#notice .play-link").input_value()
    assert "#play=pirate&" in link
    expect(page.locator("#pause")).to_have_text("Go on")  # sharing pauses the game
    assert not axe_problems(page, "#notice")
    with another_browser(browser, link) as other:  # another device: nothing saved there
        expect(other.locator("#notice")).to_contain_text("Here is the shared game")
        assert moment(other) == len(record["moments"])
        assert table_text(other) == table
        assert read_download(other, "#save") == record
        assert "#" not in other.url, "the link is read once, then taken off the address"
    # The same browser, with a game of its own: the shared game opens, and the own game
    # comes back with "Back to my own game".
    new_game(page, ("person", "person"), seed=22)
    turn_cards(page, 3)
    own = saved_keep(page)
    mine = page.context.new_page()
    mine.goto(link)
    wait_until_ready(mine)
    expect(mine.locator("#notice")).to_contain_text("Here is the shared game")
    assert read_download(mine, "#save") == record
    mine.locator("#notice button", has_text="Back to my own game").click()
    mine.wait_for_function(f"{MOMENT} === {len(own['moves'])}")
    assert saved_keep(mine) == own
    mine.close()
    watch.check()


def test_a_damaged_share_link_is_told_and_a_new_game_starts(
    pirate: tuple[Page, Watch, Browser, str],
) -> None:
    page, watch, browser, site_url = pirate
    keep = {"seed": 3, "seats": ["person", "person"], "players": ["Ann", "Ben"]}
    bad = {**keep, "moves": ["TT", "PP"]}  # the second moment breaks a rule
    hash = page.evaluate(
        """async (keep) => {
            const url = new URL("../../assets/play/keep.mjs", document.baseURI).href;
            return (await import(url)).shareHash("pirate", keep);
        }""",
        bad,
    )
    with another_browser(browser, f"{site_url}play/pirate/{hash}") as other:
        expect(other.locator("#notice")).to_contain_text(
            "The shared game could not be opened: moment 2 of 2, 'PP' cannot be played"
        )
        expect(other.locator("#notice")).to_contain_text("A new game has started instead.")
        assert moment(other) == 0
    watch.check()


def game_near_its_end(directory: Path, seed: int, left: int) -> tuple[Path, Any]:
    """The record of a game between two expert computers (``seed``), played in CPython
    and cut ``left`` moments before its end, to be continued on the page with the same
    seed; and the whole record of that game as the engine continues it."""
    view = web.pirate_new({"seed": seed, "seats": ["expert", "expert"]})
    while not view["outcome"]:
        view = web.pirate_tick(view["id"])
    record = web.record(view["id"])["record"]
    assert len(record["moments"]) > left, len(record["moments"])
    record["moments"] = record["moments"][:-left]
    del record["result"]
    path = directory / f"expert-seed-{seed}-near-its-end.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    options = {"seed": seed, "seats": ["expert", "expert"], "record": record, "resume": True}
    view = web.pirate_new(options)
    while not view["outcome"]:
        view = web.pirate_tick(view["id"])
    return path, web.record(view["id"])["record"]


def test_the_end_screen_shares_the_game_and_opens_it_in_the_viewer(
    pirate: tuple[Page, Watch, Browser, str], tmp_path: Path
) -> None:
    """The end screen comes at the end of a game the page plays to its end: two expert
    computers, at the fastest pace, go on from the record of their game (seed 2) cut 40
    moments before its end, with the same seed, so that the page plays those 40 itself
    rather than the ~1,000 before them (a whole game from its seed is played on the page
    in test_pirate.py). The game goes on as the engine in CPython goes on with it, to a
    winner; it is shared whole, and then opened in the viewer, every moment of it."""
    page, watch, _, site_url = pirate
    near_the_end, whole = game_near_its_end(tmp_path, seed=2, left=40)
    new_game(page, ("expert", "expert"), record=near_the_end, resume=True, seed=2)
    played = moment(page)
    set_fast(page, "#clock", "5")
    page.locator("#pause").click()
    wait_for_the_end(page, "moment")
    assert moment(page) > played, "the page played the game's last moments itself"
    for button in ("#again", "#same-deal", "#end-share", "#download", "#watch"):
        expect(page.locator(button)).to_be_visible()
    record = read_download(page, "#download")
    assert record["result"]["winner"] in (0, 1)
    # The game shared is the whole game, every moment from the first, as the engine plays it.
    assert record["moments"] == whole["moments"] and record["result"] == whole["result"]
    page.locator("#end-share").click()
    link = page.locator("#notice .play-link").input_value()
    assert "#play=pirate&" in link
    page.locator("#notice button[aria-label='Close this message']").click()
    # A finished game is not resumed on reload: a reload starts a new one.
    assert page.evaluate(f"JSON.parse(localStorage.getItem({SAVED!r})).extra.finished")
    page.locator("#watch").click()
    page.wait_for_url("**/play/viewer/**")
    wait_until_ready(page)
    status = page.locator("#status")
    expect(status).to_contain_text("Pirate: Computer 1 against Computer 2 · as dealt")
    page.locator("#last").click()
    moments = len(record["moments"])
    expect(status).to_contain_text(f"moment {moments} of {moments}")
    winner = record["players"][record["result"]["winner"]]
    expect(page.locator("#summary")).to_have_text(
        f"End of the record: every move is legal; {winner} won."
    )
    page.goto(f"{site_url}play/pirate/")
    wait_until_ready(page)
    expect(page.locator("#notice")).to_be_hidden()
    assert moment(page) == 0
    watch.check()
