"""Pirate with real cards: the tie judge and scorer on a phone lying between two players.

Real multi-touch through Chromium's DevTools protocol (``Input.dispatchTouchEvent`` with
several touch points), timed by the clock the test holds (Playwright's): two fingers on
one suit inside and outside the tie window, on two suits at once; the win at five ships,
and at four once a ship has sunk; take-back; a reload; the layout at every size; axe.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playpage import games_asked, wait_for_game
from playwright.sync_api import Browser, CDPSession, Page, expect
from realpage import settle_layout

from conftest import Watch, axe_problems, booted_page, pause_clock, wait_until_ready

pytestmark = pytest.mark.browser

MOMENTS = "Number(document.querySelector('#play').dataset.moments || 0)"


@pytest.fixture(scope="module")
def table(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch, CDPSession]]:
    """The judge on a phone's touch screen, its clock in the test's hands."""
    with booted_page(
        browser,
        f"{site_url}play/real-pirate/",
        clock=True,
        has_touch=True,
        viewport={"width": 390, "height": 844},
    ) as (page, watch):
        yield page, watch, page.context.new_cdp_session(page)


def new_game(page: Page) -> None:
    """Ann (near) and Ben (far), Ann cut lower."""
    asked = games_asked(page)
    if not page.locator("#options").evaluate("dialog => dialog.open"):
        page.locator("#new-game").click()
    page.locator("[name=name0]").fill("Ann")
    page.locator("[name=name1]").fill("Ben")
    page.locator("[name=low]").select_option("0")
    page.locator("#options button[type=submit]").click()
    wait_for_game(page, asked)


def finger(page: Page, seat: int, suit: str, number: int) -> dict[str, Any]:
    """A touch point on ``seat``'s pad, on the suit ``suit``."""
    box = page.locator(f".rp-suit[data-seat='{seat}'][data-suit='{suit}']").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    size = page.viewport_size
    where = f"{seat}{suit} at {x:.0f},{y:.0f}"
    assert size and 0 < x < size["width"] and 0 < y < size["height"], f"{where} is out of sight"
    return {"x": x, "y": y, "id": number, "radiusX": 8, "radiusY": 8}


def press(page: Page, cdp: CDPSession, *fingers: tuple[int, str, int], ahead: float = 1) -> None:
    """Fingers ``(seat, suit, ms)`` land ``ms`` after the first, then all lift; then the
    tie windows close and the moments come back.

    The page's clock is stopped ``ahead`` seconds or more past its present
    (:func:`conftest.pause_clock`), and moves only as
    the test says: each finger's event is stamped with the clock's time as it lands
    (Playwright's clock stamps events), whatever the time between the test's calls.
    """
    before = int(page.evaluate(MOMENTS))
    pause_clock(page, ahead)
    down: list[dict[str, Any]] = []
    last = 0
    for ms in sorted({ms for _, _, ms in fingers}):
        if ms > last:
            page.clock.run_for(ms - last)
            last = ms
        for number, (seat, suit, at) in enumerate(fingers, 1):
            if at == ms:
                down.append(finger(page, seat, suit, number))
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": down})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.clock.run_for(300)
    page.clock.resume()
    page.wait_for_function(f"{MOMENTS} > {before}")
    page.wait_for_function("!document.querySelector('.rp-suit--pending')")


def score(page: Page) -> str:
    return page.locator("#score").inner_text()


def test_a_tie_inside_the_window_sinks_the_ship_and_a_late_tap_is_too_late(
    table: tuple[Page, Watch, CDPSession],
) -> None:
    page, watch, cdp = table
    new_game(page)
    clock = page.evaluate(
        "import('../../assets/play/pirate-clock.mjs').then((m) => m.TIE_WINDOW_MS)"
    )
    expect(page.locator("#window-words")).to_have_text(
        f"tie window of {clock} ms (a tenth of a second)"
    )
    # Both thumbs on hearts 40 ms apart: inside the window, both completed it, it sinks.
    press(page, cdp, (0, "H", 0), (1, "H", 40))
    expect(page.locator("#said")).to_contain_text("Both at once: the hearts ship sank")
    expect(page.locator("#said a")).to_have_text("P7")
    assert score(page) == "Ann 0 – 0 Ben · 1 sunk · 4 ships win"
    # Diamonds, the second thumb 300 ms later: the first captures, the second is too late.
    press(page, cdp, (0, "D", 0), (1, "D", 300))
    expect(page.locator("#said")).to_have_text(
        "Too late, Ben: Ann captured the diamonds ship 0.3 s before. P7"
    )
    assert score(page) == "Ann 1 – 0 Ben · 1 sunk · 4 ships win"
    assert int(page.evaluate(MOMENTS)) == 3
    # Two fingers in the very same instant on spades: one moment, sunk.
    press(page, cdp, (1, "S", 0), (0, "S", 0))
    assert score(page) == "Ann 1 – 0 Ben · 2 sunk · 4 ships win"
    # Two suits at once are two captures, in one moment.
    press(page, cdp, (0, "C", 0), (1, "H", 0), ahead=3)
    assert int(page.evaluate(MOMENTS)) == 5
    expect(page.locator("#said")).to_have_text(
        "Ben captured the hearts ship! P7 Ann captured the clubs ship! P7"
    )
    assert score(page) == "Ann 2 – 1 Ben · 2 sunk · 4 ships win"
    # The pads show each suit's next ship, its keels swapped (P8).
    expect(page.locator(".rp-suit[data-seat='0'][data-suit='H']")).to_contain_text("ship 3 · A↑")
    expect(page.locator(".rp-suit[data-seat='0'][data-suit='D']")).to_contain_text("ship 2 · K↓")
    # A reload keeps the game.
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#notice")).to_contain_text("Welcome back!")
    assert score(page) == "Ann 2 – 1 Ben · 2 sunk · 4 ships win"
    # Four ships win once a ship has sunk (P10).
    press(page, cdp, (0, "D", 0), ahead=3)
    press(page, cdp, (0, "S", 0), ahead=3)
    expect(page.locator("#end-text")).to_have_text("Ann won the game, with 4 ships!")
    expect(page.locator("#said a").last).to_have_text("P10")
    expect(page.locator(".rp-suit").first).to_be_disabled()
    watch.check()


def test_five_ships_win_and_a_slipped_finger_is_taken_back(
    table: tuple[Page, Watch, CDPSession],
) -> None:
    page, watch, cdp = table
    new_game(page)
    assert score(page) == "Ann 0 – 0 Ben · 5 ships win"
    for suit in "SHDC":
        press(page, cdp, (1, suit, 0), ahead=3)
    # Ann's finger slips onto clubs: taken back.
    press(page, cdp, (0, "C", 0), ahead=3)
    assert score(page) == "Ann 1 – 4 Ben · 5 ships win"
    page.locator("#undo").click()
    expect(page.locator("#notice")).to_contain_text("Taken back: Ann captured the clubs ship!")
    assert score(page) == "Ann 0 – 4 Ben · 5 ships win"
    press(page, cdp, (1, "S", 0), ahead=3)
    expect(page.locator("#end-text")).to_have_text("Ben won the game, with 5 ships!")
    watch.check()


SIZES = [(1280, 800), (1024, 768), (768, 1024), (390, 844), (844, 390), (667, 375)]

FITS = """() => {
  // Both pads' suits in sight and big enough, the score too; nothing wider than the window.
  const problems = [];
  for (const node of document.querySelectorAll(".rp-suit, #score, #undo, .rp-ship")) {
    const r = node.getBoundingClientRect();
    const out = r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5
      || r.bottom > innerHeight + 0.5;
    const name = `${node.dataset.seat ?? ""}${(node.dataset.suit ?? node.id) || node.title}`;
    if (out) problems.push(`${name} is out of the window`);
    if (node.matches(".rp-suit") && (r.width < 60 || r.height < 44)) {
      problems.push(`${name} is small: ${r.width}x${r.height}`);
    }
  }
  // The ships a player captured lie in a row by their name, clear of the suits.
  for (const ship of document.querySelectorAll(".rp-ship")) {
    const r = ship.getBoundingClientRect();
    for (const suit of ship.closest(".rp-pad").querySelectorAll(".rp-suit")) {
      const s = suit.getBoundingClientRect();
      if (r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom) {
        problems.push(`a captured ${ship.title} lies under ${suit.dataset.suit}`);
      }
    }
  }
  for (const list of document.querySelectorAll(".rp-pad__ships")) {
    const tops = new Set([...list.children].map((ship) => Math.round(ship.offsetTop)));
    if (list.children.length > 1 && tops.size > 1) problems.push("captured ships are stacked");
  }
  if (document.scrollingElement.scrollWidth > innerWidth + 1) {
    // The site's search box (hidden off the window on a phone) is named only when nothing
    // else reaches past the window.
    const past = (selector) => [...document.querySelectorAll(selector)]
      .filter((n) => n.getBoundingClientRect().right > innerWidth + 1).slice(0, 3);
    const wider = past("body *:not(.md-search *)");
    const named = (wider.length ? wider : past(".md-search *")).map((n) => n.id || n.className);
    problems.push(`wider than the window (${document.scrollingElement.scrollWidth} px): ${named}`);
  }
  return problems;
}"""


def test_the_pads_fit_every_size_and_axe_finds_nothing(
    table: tuple[Page, Watch, CDPSession],
) -> None:
    page, watch, cdp = table
    new_game(page)
    for suit in "SHDC":  # four ships by Ann's pad: not yet a win, with nothing sunk
        press(page, cdp, (0, suit, 0), ahead=3)
    assert score(page) == "Ann 4 – 0 Ben · 5 ships win"
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settle_layout(page)
        assert page.evaluate(FITS) == [], f"{width}x{height}"
    turned = page.locator(".rp-pad--1").evaluate("pad => getComputedStyle(pad).rotate")
    assert turned == "180deg"  # the far pad faces the far player
    assert axe_problems(page, "#play") == []
    page.set_viewport_size({"width": 390, "height": 844})
    watch.check()
