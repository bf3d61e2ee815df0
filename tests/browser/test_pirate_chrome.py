"""Nothing of the site floats over a game: on both play pages, at the four sizes, no part
of the site's own chrome (the header, Material's "Back to top" button, anything fixed
or sticky outside the game) covers a game control, before the game starts, while it
runs, and after a scroll up (which is when "Back to top" would show).

Each control is probed where a finger would land, with ``elementFromPoint`` at its
centre and at four inner points: what is on top there must belong to the game. After a
scroll of the reader's own, what has scrolled under the site's sticky header is not
counted: only what floats over the game is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from marvinpage import play
from playwright.sync_api import Browser, Page
from test_pirate import new_game, settle_scroll

from conftest import booted_page, set_fast, start_game

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1024, 768), (768, 1024), (390, 844)]

COVERED = """([area, scrolled]) => {
    const game = document.getElementById("play");
    const shown = (node) => {
        const style = getComputedStyle(node);
        const box = node.getBoundingClientRect();
        return style.visibility !== "hidden" && Number(style.opacity) > 0
            && box.width > 0 && box.height > 0 && !node.closest("[hidden]");
    };
    // The part of a control not scrolled out of sight inside the game (as in its log).
    const visible = (node) => {
        let { left, top, right, bottom } = node.getBoundingClientRect();
        for (let up = node.parentElement; up && up !== game; up = up.parentElement) {
            if (getComputedStyle(up).overflow === "visible") continue;
            const box = up.getBoundingClientRect();
            [left, top] = [Math.max(left, box.left), Math.max(top, box.top)];
            [right, bottom] = [Math.min(right, box.right), Math.min(bottom, box.bottom)];
        }
        return { left, top, width: right - left, height: bottom - top };
    };
    const controls = [...document.querySelectorAll(area)].flatMap((part) =>
        [...part.querySelectorAll("button, select, input, a[href], [tabindex='0']")]);
    const problems = [];
    let probed = 0;
    for (const control of controls.filter(shown)) {
        const box = visible(control);
        if (box.width <= 0 || box.height <= 0) continue;
        for (const [fx, fy] of [[0.5, 0.5], [0.2, 0.25], [0.8, 0.25], [0.2, 0.75], [0.8, 0.75]]) {
            const x = box.left + box.width * fx;
            const y = box.top + box.height * fy;
            if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
            probed += 1;
            const top = document.elementFromPoint(x, y);
            if (top && scrolled && top.closest(".md-header")) continue;
            if (top && !game.contains(top)) {
                const name = control.id || control.textContent.trim().slice(0, 30);
                const cover = `${top.tagName.toLowerCase()}.${[...top.classList].join(".")}`;
                problems.push(`${name} at (${Math.round(x)}, ${Math.round(y)}) under ${cover}`);
            }
        }
    }
    return { probed, problems };
}"""


def covered(page: Page, area: str, when: str, *, scrolled: bool = False) -> list[str]:
    """The points of the game's controls in ``area`` that the site's chrome covers; once
    the reader has ``scrolled``, not counting what went under the sticky header."""
    found = page.evaluate(COVERED, [area, scrolled])
    assert found["probed"] >= 10, (when, found)  # the controls were there to probe
    return [f"{when}: {problem}" for problem in found["problems"]]


def scrolled_up(page: Page) -> None:
    """Scroll down, then back up a little, as a reader does before "Back to top" shows."""
    page.mouse.move(10, page.viewport_size["height"] // 2 if page.viewport_size else 400)
    page.mouse.wheel(0, 600)
    settle_scroll(page)
    page.mouse.wheel(0, -150)
    settle_scroll(page)


def pirate_states(page: Page, width: int) -> list[str]:
    """Pirate: one player before Start, while it runs, scrolled up; face to face likewise."""
    area = ".pir-layout"
    problems = []
    modes: list[tuple[tuple[str, str], dict[str, Any]]] = [(("person", "child"), {})]
    if width < 1000:
        modes.append((("person", "person"), {"facing": True}))
    for seats, fields in modes:
        new_game(page, seats, seed=4, **fields)
        page.evaluate("scrollTo(0, 0)")
        settle_scroll(page)
        problems += covered(page, area, f"{seats} before Start")
        page.locator("#pause").click()
        settle_scroll(page)
        problems += covered(page, area, f"{seats} playing")
        scrolled_up(page)
        problems += covered(page, area, f"{seats} playing, scrolled up", scrolled=True)
        page.keyboard.press("Escape")
    return problems


def marvin_states(page: Page, width: int) -> list[str]:
    """Marvin: a game against the computer at its start and a few moves in, scrolled up."""
    area = ".play-area"
    start_game(page, mode="computer", seed="40", bot="sensible", pace="20")
    page.evaluate("scrollTo(0, 0)")
    settle_scroll(page)
    problems = covered(page, area, "start")
    play(page, 3)
    problems += covered(page, area, "mid-game")
    scrolled_up(page)
    problems += covered(page, area, "mid-game, scrolled up", scrolled=True)
    return problems


GAMES: dict[str, tuple[str, Callable[[Page, int], list[str]]]] = {
    "pirate": ("play/pirate/", pirate_states),
    "marvin": ("play/marvin/", marvin_states),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_no_site_chrome_overlaps_a_game_control_at_the_four_sizes(
    browser: Browser, site_url: str, game: str
) -> None:
    """About 20 s: at each of the four sizes a game is started and looked at in several
    states (before Start, playing, scrolled up), on one booted page."""
    path, states = GAMES[game]
    with booted_page(browser, f"{site_url}{path}") as (page, watch):
        if game == "marvin":
            set_fast(page, "[name=pace]", "20")
        problems = []
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            problems += [f"{width}x{height} {problem}" for problem in states(page, width)]
        assert not problems, "\n".join(problems)
        watch.check()
