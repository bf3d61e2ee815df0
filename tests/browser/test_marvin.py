"""Marvin's Pirates Go! in the browser: a whole game by clicks, and seed equality."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import (
    Watch,
    booted_page,
    cli_record,
    read_download,
    set_fast,
    start_game,
)

pytestmark = pytest.mark.browser

SEED = 2


@pytest.fixture(scope="module")
def marvin(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch]]:
    """One booted Marvin page for the whole module."""
    with booted_page(browser, f"{site_url}play/marvin/") as (page, watch):
        set_fast(page, "[name=pace]", "20")
        yield page, watch


def renders(page: Page) -> int:
    return int(page.locator("#play").get_attribute("data-renders") or 0)


def test_a_game_against_the_computer_is_played_to_its_end_by_clicks(
    marvin: tuple[Page, Watch],
) -> None:
    page, watch = marvin
    start_game(page, mode="computer", seed=str(SEED), pace="20")
    end = page.locator("#end")
    clicks = 0
    while not end.is_visible():
        page.wait_for_function(
            "!document.querySelector('#end').hidden"
            " || document.querySelector('#choices button:not([disabled])')"
        )
        if end.is_visible():
            break
        before = renders(page)
        # Prefer clicking the table itself (a pirate or a prize); else a choice button.
        target = page.locator(".pirate.is-choice, .prize.is-choice, .mpg-pile.is-choice")
        if clicks % 2 == 0 and target.count():
            target.first.click()
        else:
            page.locator("#choices button").first.click()
        clicks += 1
        page.wait_for_function(
            f"Number(document.querySelector('#play').dataset.renders) > {before}"
        )
        assert clicks < 400, "the game did not end"
    expect(page.locator("#end-text")).to_contain_text("wins")
    expect(page.locator("#status")).to_contain_text("wins the game")
    assert page.locator("#log li").count() > 10
    # The log has scrolled to its newest line.
    page.wait_for_function(
        "(log => log.scrollHeight > log.clientHeight"
        " && log.scrollTop + log.clientHeight >= log.scrollHeight - 2)"
        "(document.querySelector('#log'))"
    )
    # Nothing on the table can be clicked once the game is over.
    assert page.locator(".pirate:not([disabled]), .prize:not([disabled])").count() == 0
    record = read_download(page, "#download")
    assert record["game"] == "marvins-pirates-go"
    assert "winner" in record["result"]
    watch.check()


def test_only_legal_choices_can_be_clicked(marvin: tuple[Page, Watch]) -> None:
    page, watch = marvin
    start_game(page, mode="two", seed="11")
    page.wait_for_selector("#choices button")
    choices = page.locator("#choices button").count()
    enabled = page.locator(".pirate:not([disabled]), .prize:not([disabled])").count()
    assert enabled + choices > 0
    assert enabled <= choices
    # Keyboard: the first choice by its number key.
    before = renders(page)
    page.locator("h1").click()
    page.keyboard.press("1")
    page.wait_for_function(f"Number(document.querySelector('#play').dataset.renders) > {before}")
    watch.check()


def test_the_same_seed_gives_the_same_game_as_the_command_line(
    marvin: tuple[Page, Watch], tmp_path: Path
) -> None:
    page, watch = marvin
    start_game(page, mode="watch", seed=str(SEED), bot="random", bot0="random")
    expect(page.locator("#end")).to_be_visible(timeout=60_000)
    browser_record = read_download(page, "#download")
    command_line = cli_record("marvin", SEED, tmp_path, "random,random")
    for key in ("game", "options", "first", "deck", "turns", "result"):
        assert browser_record[key] == command_line[key], key
    watch.check()
