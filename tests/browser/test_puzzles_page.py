"""The Puzzles page: a puzzle solved by taps shows every move's chance and why the best
wins, at four sizes, by keys, offline after one visit, axe clean, still for those who ask.

The page needs no Python in the browser (the engine wrote its data), so one page serves
most checks and none waits for a runtime to start."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from typing import Any, Final

import pytest
from playwright.sync_api import Browser, Page, expect
from siteserver import SITE, ensure_site_built, serve_site

from conftest import Watch, axe_problems, wait_until_kept, watched_context

pytestmark = pytest.mark.browser

DATA = json.loads((SITE.parent / "docs/learn/data/puzzles.json").read_text(encoding="utf-8"))
PUZZLES: list[dict[str, Any]] = DATA["puzzles"]
SIZES = [(1280, 800), (1024, 768), (768, 1024), (390, 844)]
REVEALED = "document.querySelector('#puzzles').dataset.revealed"


def tappable(puzzle: dict[str, Any]) -> bool:
    """Whether the best move has a place of its own on the table to tap."""
    return any(c["move"] == puzzle["best"] and c["element"] for c in puzzle["view"]["legal"])


def label(puzzle: dict[str, Any], move: str) -> str:
    return next(c["label"] for c in puzzle["view"]["legal"] if c["move"] == move)


PHONE: Final = {"viewport": {"width": 390, "height": 844}, "has_touch": True}


@contextlib.contextmanager
def puzzles_page(browser: Browser, url: str, **options: Any) -> Iterator[tuple[Page, Watch]]:
    """The page at ``url``, ready, in a watched context with ``options``; checked when closed."""
    context, watch = watched_context(browser, **options)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(".play--ready")
        yield page, watch
        watch.check()
    finally:
        context.close()


@pytest.fixture(scope="module")
def phone(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch]]:
    """The page on a phone-sized touch screen."""
    with puzzles_page(browser, f"{site_url}learn/puzzles/", **PHONE, is_mobile=True) as opened:
        yield opened


def open_puzzle(page: Page, number: int) -> None:
    """Open puzzle ``number`` afresh, as a link to it does (the same link reopens nothing)."""
    if page.evaluate("location.hash") == f"#{number}":
        page.evaluate("number => { location.hash = `#${number}`; }", number % len(PUZZLES) + 1)
    page.evaluate("number => { location.hash = `#${number}`; }", number)
    page.wait_for_function(
        f"document.querySelector('#puzzles').dataset.puzzle === '{number}'"
        " && document.querySelector('#puzzles').dataset.answered === ''"
    )


def shown_chances(page: Page) -> list[tuple[str, str]]:
    """Each row of the answer: its move and how often it wins, as the page says it."""
    return [
        (row.get_attribute("data-move") or "", row.locator(".puzzle-chance__wins").inner_text())
        for row in page.locator("#chances li").all()
    ]


def expected_chances(puzzle: dict[str, Any]) -> list[tuple[str, str]]:
    rows = sorted(puzzle["chances"], key=lambda row: -row["chance"])
    return [(row["move"], f"{round(100 * row['chance'])} in 100") for row in rows]


def test_a_puzzle_is_solved_by_taps_and_shows_every_chance(phone: tuple[Page, Watch]) -> None:
    page, watch = phone
    puzzle = next(p for p in PUZZLES if tappable(p))
    open_puzzle(page, puzzle["number"])
    expect(page.locator("#where")).to_have_text(f"Puzzle {puzzle['number']} of {len(PUZZLES)}")
    expect(page.locator("#status")).to_contain_text(puzzle["view"]["headline"])
    element = next(c["element"] for c in puzzle["view"]["legal"] if c["move"] == puzzle["best"])
    # Every legal move glows, not only the answer.
    glowing = page.locator("#table .is-choice")
    assert glowing.count() == sum(1 for c in puzzle["view"]["legal"] if c["element"])
    page.locator(f"#{element}").tap()
    page.wait_for_function(f"{REVEALED} === {json.dumps(puzzle['best'])}")
    expect(page.locator("#answer-title")).to_have_text("Well found: that is the best choice!")
    expect(page.locator("#why")).to_have_text(puzzle["why"])
    assert shown_chances(page) == expected_chances(puzzle)
    best = page.locator("#chances li.puzzle-chance--best")
    expect(best).to_have_attribute("data-move", puzzle["best"])
    expect(best).to_contain_text("(best, your choice)")
    assert page.locator("#table .is-choice").count() == 0  # answered: nothing glows
    tally = r"You found the best choice in [1-9]\d* of the [1-9]\d* puzzles? you tried\."
    expect(page.locator("#tally")).to_have_text(re.compile(tally))
    watch.check()


def test_a_wrong_choice_says_which_was_best_and_shows_what_it_did(
    phone: tuple[Page, Watch],
) -> None:
    page, watch = phone
    puzzle = PUZZLES[-1]
    open_puzzle(page, puzzle["number"])
    other = puzzle["runner_up"]
    page.locator(f"#choices button[data-move='{other}']").tap()
    page.wait_for_function(f"{REVEALED} === {json.dumps(other)}")
    expect(page.locator("#answer-title")).to_have_text(
        f"Good try! The best choice was: {label(puzzle, puzzle['best'])}."
    )
    expect(page.locator("#chances li.puzzle-chance--picked")).to_contain_text("(your choice)")
    assert shown_chances(page) == expected_chances(puzzle)
    # A choice's row shows on the table what that choice does, from the puzzle's table.
    step = puzzle["effects"][puzzle["best"]]
    page.locator(f"#chances li[data-move='{puzzle['best']}'] button").tap()
    if step:
        # The caption says it in family words, as the play page does.
        expect(page.locator(".mpg-caption")).to_have_text(step["family"])
    expect(page.locator("#next-after")).to_be_hidden()  # the last puzzle
    watch.check()


def test_keys_pick_a_choice_and_go_from_puzzle_to_puzzle(phone: tuple[Page, Watch]) -> None:
    page, watch = phone
    open_puzzle(page, 1)
    expect(page.locator("#previous")).to_be_disabled()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("location.hash === '#2'")
    expect(page.locator("#where")).to_have_text(f"Puzzle 2 of {len(PUZZLES)}")
    page.keyboard.press("1")
    first = PUZZLES[1]["view"]["legal"][0]["move"]
    page.wait_for_function(f"{REVEALED} === {json.dumps(first)}")
    page.locator("#next-after").click()
    page.wait_for_function("location.hash === '#3'")
    expect(page.locator("#answer")).to_be_hidden()
    watch.check()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_is_axe_clean_before_and_after_an_answer(
    browser: Browser, site_url: str, scheme: str
) -> None:
    url = f"{site_url}learn/puzzles/#1"
    with puzzles_page(browser, url, **PHONE, color_scheme=scheme) as (page, _):
        assert axe_problems(page, "#puzzles") == []
        page.locator("#choices button").first.tap()
        page.wait_for_function(f"{REVEALED}")
        assert axe_problems(page, "#puzzles") == []


@pytest.fixture(scope="module")
def desk(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch]]:
    """The page with a mouse, at the sizes of the tests."""
    with puzzles_page(browser, f"{site_url}learn/puzzles/") as opened:
        yield opened


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_puzzle_and_its_answer_fit_each_screen(
    desk: tuple[Page, Watch], width: int, height: int
) -> None:
    """The table, the question and the first choice are in view at once; after a tap,
    the whole answer is in view; nothing is wider than the screen."""
    page, watch = desk
    puzzle = max(PUZZLES, key=lambda p: len(p["chances"]))
    page.set_viewport_size({"width": width, "height": height})
    open_puzzle(page, puzzle["number"])
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=f"/tmp/puzzles-{width}x{height}.png")
    for selector in ("#table", "#status", "#choices button >> nth=0"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0, selector
        assert box["y"] + box["height"] <= height + 0.5, f"{selector} below {height}: {box}"
    page.locator("#choices button").first.click()
    page.wait_for_function(f"{REVEALED}")
    page.screenshot(path=f"/tmp/puzzles-answer-{width}x{height}.png")
    box = page.locator("#answer").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, box
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    watch.check()


def test_nothing_moves_for_those_who_ask_for_reduced_motion(desk: tuple[Page, Watch]) -> None:
    page, watch = desk
    page.emulate_media(reduced_motion="reduce")
    try:
        open_puzzle(page, 1)
        # The answer comes at once: in the click's own task, before a timer that the
        # click set for "as soon as possible" fires (no wall-clock limit: the order the
        # page itself shows). And no animation ran to bring it.
        page.evaluate(
            """() => document.addEventListener("click", () => setTimeout(() => {
                window.__revealedAfterClick = document.querySelector("#puzzles").dataset.revealed;
            }), { capture: true, once: true })"""
        )
        page.locator("#choices button").first.click()
        page.wait_for_function("window.__revealedAfterClick !== undefined")
        assert page.evaluate("window.__revealedAfterClick"), "the answer waited for a timer"
        assert page.evaluate(REVEALED)
        assert page.evaluate("document.getAnimations().length") == 0
    finally:
        page.emulate_media(reduced_motion="no-preference")
    watch.check()


def test_the_puzzles_work_offline_after_one_visit(browser: Browser) -> None:
    ensure_site_built()
    context, watch = watched_context(browser)
    try:
        page = context.new_page()
        with serve_site(SITE) as base:
            page.goto(f"{base}learn/puzzles/#1")
            page.wait_for_selector(".play--ready")
            # The service worker keeps the page and what it loaded, its puzzles included.
            wait_until_kept(page)
            # The card pictures among them: the page is kept once its cards are drawn.
            kept = page.evaluate(
                """async () => {
                    for (const name of await caches.keys()) {
                        const cache = await caches.open(name);
                        for (const request of await cache.keys()) {
                            if (request.url.includes('svg-cards.svg')) return true;
                        }
                    }
                    return false;
                }"""
            )
            assert kept
        context.set_offline(True)  # and the server is gone
        page.reload()
        page.wait_for_selector(".play--ready")
        page.locator("#choices button").first.click()
        page.wait_for_function(f"{REVEALED}")
        assert shown_chances(page) == expected_chances(PUZZLES[0])
        watch.check()
    finally:
        context.close()
