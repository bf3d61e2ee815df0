"""Two people around a tablet lying flat (or a phone on its side), both tapping at once:
real multi-touch input through Chromium's DevTools protocol (``Input.dispatchTouchEvent``
with several touch points), each finger counted once, on both halves of the table.

The time between the fingers is kept by a clock the test controls (Playwright's), not by
sleeping: this machine's timing swings twice over.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, CDPSession, Page, expect
from test_pirate import MOMENT, moment, new_game, settle_scroll

from conftest import Watch, booted_page, pause_clock

pytestmark = pytest.mark.browser

TABLETS = [(768, 1024), (1024, 768), (844, 390)]
"""Both ways up, and a phone on its side, where the seats sit beside the ships."""


@pytest.fixture(scope="module")
def tablet(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch, CDPSession]]:
    """One booted Pirate page on a touch screen, its clock in the test's hands, with
    reduced motion: a new game then scrolls its table into sight at once, not in a smooth
    scroll that a busy machine may begin only after the fingers were placed (the fingers
    would then land where the buttons no longer are)."""
    with booted_page(
        browser, f"{site_url}play/pirate/", clock=True, has_touch=True, reduced_motion="reduce"
    ) as (page, watch):
        yield page, watch, page.context.new_cdp_session(page)


def finger(page: Page, seat: int, action: str, number: int, shift: float = 0) -> dict[str, Any]:
    """A touch point on ``seat``'s ``action`` button (a little off its centre by ``shift``)."""
    box = page.locator(f".pir-action[data-seat='{seat}'][data-action='{action}']").bounding_box()
    assert box is not None
    return {
        "x": box["x"] + box["width"] * (0.5 + shift),
        "y": box["y"] + box["height"] / 2,
        "id": number,
        "radiusX": 8,
        "radiusY": 8,
    }


def touch(cdp: CDPSession, kind: str, *points: dict[str, Any]) -> None:
    """One touch event: ``kind`` is touchStart, touchMove or touchEnd; ``points`` are the
    fingers still on the screen afterwards."""
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": list(points)})


def wastes(page: Page) -> list[str]:
    """Each seat's waste, as written under it: "Waste (3)"."""
    return [page.locator(f".pir-seat--{seat} .pir-pile").nth(1).inner_text() for seat in (0, 1)]


def settled(page: Page, before: int, moments: int) -> None:
    """Let the clock run until the tie windows have closed, and the moments come back."""
    page.clock.run_for(300)
    page.clock.resume()
    page.wait_for_function(f"{MOMENT} >= {before + moments}")
    page.wait_for_function("!document.querySelector('.pir-action--pending')")
    assert moment(page) == before + moments


@pytest.mark.parametrize(("width", "height"), TABLETS)
def test_two_fingers_at_once_both_count_on_both_halves(
    tablet: tuple[Page, Watch, CDPSession], width: int, height: int
) -> None:
    page, watch, cdp = tablet
    page.set_viewport_size({"width": width, "height": height})
    new_game(page, ("person", "person"), seed=3, facing=True)
    expect(page.locator(".pir-table--facing")).to_have_count(1)
    settle_scroll(page)
    near, far = finger(page, 0, "T", 1), finger(page, 1, "T", 2)

    # Both fingers down in the same instant, then lifted.
    pause_clock(page)
    touch(cdp, "touchStart", near, far)
    touch(cdp, "touchEnd")
    settled(page, 0, 1)
    assert wastes(page) == ["Waste (1)", "Waste (1)"]

    # Overlapping: the near finger lands, the far one 10 ms later, the near one lifts
    # while the far one is still down. No click ever comes; both count, in one moment.
    pause_clock(page)
    touch(cdp, "touchStart", near)
    page.clock.run_for(10)
    touch(cdp, "touchStart", near, far)
    page.clock.run_for(10)
    touch(cdp, "touchEnd", far)
    touch(cdp, "touchEnd")
    settled(page, 1, 1)
    assert wastes(page) == ["Waste (2)", "Waste (2)"]

    # One tap, then the other 20 ms later: still one moment (the tie window is 100 ms).
    pause_clock(page)
    touch(cdp, "touchStart", far)
    touch(cdp, "touchEnd")
    page.clock.run_for(20)
    touch(cdp, "touchStart", near)
    touch(cdp, "touchEnd")
    settled(page, 2, 1)
    assert wastes(page) == ["Waste (3)", "Waste (3)"]

    # Three fingers at once, two of them on the far player's Turn: each counts once, so
    # the far player's second turn is the next moment.
    pause_clock(page)
    touch(cdp, "touchStart", near, far, finger(page, 1, "T", 3, shift=0.3))
    touch(cdp, "touchEnd")
    settled(page, 3, 2)
    assert wastes(page) == ["Waste (4)", "Waste (5)"]
    page.keyboard.press("Escape")
    watch.check()
