"""The home page in the browser: both games' tables drawn from the engine, the big
entries first, at four sizes and in both colour schemes, light on a first visit."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Browser, BrowserContext, FloatRect, Page, expect
from siteserver import ROOT, SITE, Traffic, ensure_site_built, serve_site

from conftest import Watch, wait_until_kept, watch_context, watched_context

SIZES = [(1280, 800), (1024, 768), (768, 1024), (390, 844)]
BUDGET = 1_000_000
"""The most a first visit of the home page may transfer, service worker included."""


def _hook() -> Any:
    """The hook that draws the tables, imported as MkDocs imports it: from its folder."""
    sys.path.insert(0, str(ROOT / "hooks"))
    import home_tables

    return home_tables


@pytest.fixture(scope="module")
def home(browser: Browser, site_url: str) -> Iterator[tuple[Page, Any]]:
    """The home page, opened once and watched; checked when the module's tests are done."""
    context, watch = watched_context(browser)
    page = context.new_page()
    page.goto(site_url, wait_until="load")
    yield page, watch
    watch.check()
    assert not [url for url in watch.requests if "svg-cards" in url]  # the card file: never
    context.close()


def box(page: Page, selector: str) -> FloatRect:
    found = page.locator(selector).first.bounding_box()
    assert found, f"{selector} is not drawn"
    return found


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_games_come_first_with_their_tables_and_big_entries(
    home: tuple[Page, Any], width: int, height: int
) -> None:
    page, _ = home
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll
    for index, game in enumerate(("marvin", "pirate")):
        card = box(page, f".home-game:nth-of-type({index + 1})")
        picture = box(page, f".home-table--{game} svg")
        play = box(page, f".home-game:nth-of-type({index + 1}) .md-button--primary")
        learn = box(
            page, f".home-game:nth-of-type({index + 1}) .md-button:not(.md-button--primary)"
        )
        assert picture["width"] >= min(300, card["width"] - 40), (game, picture)
        assert (
            card["x"] <= picture["x"]
            and picture["x"] + picture["width"] <= card["x"] + card["width"]
        )
        assert picture["y"] + picture["height"] <= play["y"]  # the table, then the entries
        for entry in (play, learn):
            assert entry["height"] >= 44 and entry["width"] >= 120, (game, entry)
            assert (
                card["x"] <= entry["x"] and entry["x"] + entry["width"] <= card["x"] + card["width"]
            )
        assert abs(play["y"] - learn["y"]) < 2 and play["x"] + play["width"] <= learn["x"]
    first_play = box(page, ".home-game .md-button--primary")
    if width <= 768:  # one screen to the first Play on phones and tablets held upright
        assert first_play["y"] + first_play["height"] <= height + 40, first_play
    paths = page.locator(".home-path")
    assert paths.count() == 4
    for i in range(4):
        assert paths.nth(i).is_visible()


def test_the_tables_are_the_engines_positions_drawn_whole(home: tuple[Page, Any]) -> None:
    page, _ = home
    hook = _hook()
    expected = hook.pictures()
    for game, picture in expected.items():
        svg = page.locator(f'svg[data-game="{game}"]')
        shown = svg.evaluate("s => [...s.querySelectorAll('[data-card]')].map(n => n.dataset.card)")
        whole = [c for c in shown if c == "back" or c in picture.cards]
        assert [c for c in shown if c != "back"] == [*picture.cards, *picture.corners]
        assert len(whole) >= 2
        # Every drawing points at something there, and comes out with a size.
        empty = svg.evaluate(
            "s => [...s.querySelectorAll('use')].filter(u => {"
            " const b = u.getBBox(); return !(b.width > 0 && b.height > 0); }).length"
        )
        assert empty == 0, game
        name = svg.evaluate(
            "s => s.getAttribute('aria-labelledby').split(' ')"
            ".map(id => document.getElementById(id).textContent).join(' ')"
        )
        assert picture.title in name and picture.words in name
    marvin = page.locator('svg[data-game="marvin"] [data-pirate]')
    assert marvin.count() == 8


def test_a_tap_on_a_games_picture_opens_the_game(
    watched: tuple[BrowserContext, Watch], site_url: str
) -> None:
    """Each table's picture is a way into its game, as its Play button is."""
    context, watch = watched
    for game in ("marvin", "pirate"):
        page = context.new_page()
        page.goto(site_url, wait_until="domcontentloaded")
        page.locator(f".home-table--{game} .home-table__svg").click()
        expect(page).to_have_url(f"{site_url}play/{game}/")
        page.close()
    assert not watch.off_host


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_home_page_has_no_accessibility_problem(
    browser: Browser, site_url: str, scheme: str
) -> None:
    context, watch = watched_context(
        browser, color_scheme=scheme, viewport={"width": 390, "height": 844}
    )
    try:
        page = context.new_page()
        page.goto(site_url, wait_until="load")
        results = Axe().run(page)
        found = [
            f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"]
        ]
        assert not found, "\n".join(found)
        watch.check()
    finally:
        context.close()


def test_a_first_visit_of_the_home_page_stays_light(browser: Browser) -> None:
    ensure_site_built()
    traffic = Traffic()
    context = browser.new_context()
    watch = watch_context(context, route=False)  # as the offline tests count a first visit
    try:
        page = context.new_page()
        with serve_site(SITE, traffic) as base:
            page.goto(base)
            wait_until_kept(page)
            page.wait_for_timeout(500)  # anything late is counted too
            paths, sent = traffic.take()
        assert sent <= BUDGET, f"{sent} bytes in {len(paths)} requests: {sorted(paths)}"
        assert not [p for p in paths if "svg-cards" in p or "pyodide" in p], sorted(paths)
        watch.check()
    finally:
        context.close()


def test_a_card_corner_looks_as_the_whole_cards_corner(browser: Browser) -> None:
    """A corner is cut with only what lies in it: drawn, it is the whole card's corner.

    Number cards and Aces match pixel for pixel; a face card's figure may reach into
    the corner by a few pixels (the King of spades' hand does; the corner leaves the
    figure out), never more.
    """
    hook = _hook()
    art = hook.CardArt()
    cards = [f"{rank}{suit}" for suit in "SHDC" for rank in "A29TJQK"]
    w, h = (int(v) for v in hook.CORNER)
    tiles = []
    for row, suffix in enumerate(("", "-corner")):
        for column, card in enumerate(cards):
            name = f"{hook.card_picture(card)}{suffix}"
            tiles.append(
                f'<svg x="{column * w}" y="{row * h}" width="{w}" height="{h}"'
                f' viewBox="0 0 {w} {h}"><use href="#hc-{name}"/></svg>'
            )
    image = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * len(cards)}" height="{2 * h}">'
        f'<rect width="100%" height="100%" fill="#fff"/><defs>{art.cut(cards, cards)}</defs>'
        f"{''.join(tiles)}</svg>"
    )
    page = browser.new_page()
    try:
        differing, inked = page.evaluate(
            """async ([image, w, h, n]) => {
                const picture = new Image();
                picture.src = "data:image/svg+xml," + encodeURIComponent(image);
                await picture.decode();
                const canvas = new OffscreenCanvas(w * n, 2 * h);
                const context = canvas.getContext("2d");
                context.drawImage(picture, 0, 0);
                const px = context.getImageData(0, 0, w * n, 2 * h).data;
                const at = (x, y, c) => px[(y * w * n + x) * 4 + c];
                const differing = [], inked = [];
                for (let t = 0; t < n; t += 1) {
                    let diff = 0, ink = 0;
                    for (let y = 0; y < h; y += 1) for (let x = t * w; x < (t + 1) * w; x += 1) {
                        const gap = (c) => Math.abs(at(x, y, c) - at(x, y + h, c));
                        if ([0, 1, 2].some((c) => gap(c) > 40)) diff += 1;
                        if (at(x, y + h, 0) < 128) ink += 1;
                    }
                    differing.push(diff / (w * h)); inked.push(ink / (w * h));
                }
                return [differing, inked];
            }""",
            [image, w, h, len(cards)],
        )
    finally:
        page.close()
    for card, diff, ink in zip(cards, differing, inked, strict=True):
        assert ink > 0.08, f"{card}: its corner is nearly blank"
        assert diff == 0 if card[0] in "A29T" else diff < 0.05, f"{card}: {diff:.1%} differs"
