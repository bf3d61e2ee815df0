"""Pirate in the browser: real time with clicks and keys, and seed equality."""

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

SEED = 5


@pytest.fixture(scope="module")
def pirate(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch]]:
    """One booted Pirate page for the whole module."""
    with booted_page(browser, f"{site_url}play/pirate/") as booted:
        yield booted


def moment(page: Page) -> int:
    text = page.locator("#status").inner_text()
    return int(text.split()[1]) if text.startswith("Moment") else -1


def test_a_game_is_played_in_real_time_with_clicks_and_keys(pirate: tuple[Page, Watch]) -> None:
    page, watch = pirate
    start_game(page, mode="computer", seed=str(SEED), level="toddler")
    set_fast(page, "#clock", "120")
    turn = page.locator("#controls [data-action=T]")
    play = page.locator("#controls [data-action=P]")
    expect(turn).to_be_enabled()
    turn.click()  # the first action also starts the clock
    expect(page.locator("#pause")).to_have_text("Pause")
    placed = page.locator(".pir-slot--0")
    used_key = used_click = False
    for step in range(600):
        if placed.count() >= 2 and used_key and used_click:
            break
        if play.is_enabled():
            if step % 2:
                play.click()
                used_click = True
            else:
                page.keyboard.press("p")
                used_key = True
            page.wait_for_timeout(150)
        else:
            page.keyboard.press("t") if step % 2 else page.keyboard.press("Space")
            page.wait_for_timeout(130)
    assert placed.count() >= 1, "no card of ours reached a ship"
    assert used_key or used_click
    assert moment(page) > 10
    # Pause stops the clock.
    page.locator("#pause").click()
    stopped = moment(page)
    page.wait_for_timeout(500)
    assert moment(page) == stopped
    assert "Blue crew" in page.locator("#status").inner_text()
    watch.check()


def test_the_same_seed_gives_the_same_game_as_the_command_line(
    pirate: tuple[Page, Watch], tmp_path: Path
) -> None:
    page, watch = pirate
    start_game(page, mode="watch", seed=str(SEED), level="expert")
    set_fast(page, "#clock", "5")
    page.locator("#pause").click()
    expect(page.locator("#end")).to_be_visible(timeout=90_000)
    browser_record = read_download(page, "#download")
    command_line = cli_record("pirate", SEED, tmp_path, "expert,expert")
    for key in ("game", "low", "stocks", "moments", "result"):
        assert browser_record[key] == command_line[key], key
    watch.check()
