"""Marvin's Pirates Go! on screen: one screen at four sizes, keyboard only, the computer
paused and stepped, no motion for those who ask, and the fixes of the first tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from marvinpage import RENDERS, STEPS, open_keep, play, your_turn
from playpage import wait_for_the_end
from playwright.sync_api import Browser, Page, expect
from test_site import serious

from conftest import Watch, booted_page, set_fast, start_game
from pirate_rules import web

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1024, 768), (768, 1024), (390, 844)]
PACE = "20"
ON_SCREEN = ("#table .mpg-side--0", "#table .mpg-side--1", "#drawn", "#choices",
             "#prize-cave", "#prize-ship", "#prize-fort")  # fmt: skip


@pytest.fixture(scope="module")
def marvin(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch]]:
    with booted_page(browser, f"{site_url}play/marvin/") as (page, watch):
        set_fast(page, "[name=pace]", PACE)
        yield page, watch


def outside(page: Page, width: int, height: int) -> list[str]:
    """The parts of the game that are not wholly inside the window."""
    problems = []
    for selector in ON_SCREEN:
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        inside = (
            box["x"] >= 0
            and box["y"] >= 0
            and box["x"] + box["width"] <= width + 0.5
            and box["y"] + box["height"] <= height + 0.5
        )
        if not inside:
            problems.append(f"{selector} at {box} in {width}x{height}")
    return problems


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_whole_game_fits_the_screen_at_the_start_and_mid_game(
    marvin: tuple[Page, Watch], width: int, height: int
) -> None:
    page, watch = marvin
    page.set_viewport_size({"width": width, "height": height})
    start_game(page, mode="computer", seed="40", bot="sensible", pace=PACE)
    your_turn(page)
    page.screenshot(path=f"/tmp/marvin-start-{width}x{height}.png")
    assert page.evaluate("scrollY") == 0
    assert not outside(page, width, height)
    play(page, 9)
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=f"/tmp/marvin-mid-{width}x{height}.png")
    assert not outside(page, width, height)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    watch.check()


def many_choices() -> dict[str, Any]:
    """A game's keep at a turn of ours with eleven choices (every power of all three prizes)."""
    view = web.marvin_new({"seed": 179, "mode": "computer", "bot": "random"})
    rng = random.Random(179)
    while not view["outcome"]:
        if view["computer_to_move"]:
            view = web.marvin_bot_move(view["id"])
            continue
        if len(view["legal"]) >= 11:
            return dict(view["keep"])
        takes = [choice for choice in view["legal"] if choice["kind"] == "take"]
        pick = takes[0] if takes and rng.random() < 0.7 else rng.choice(view["legal"])
        view = web.marvin_move(view["id"], pick["move"])
    raise AssertionError("no turn with eleven choices in this game")


@pytest.mark.parametrize(("width", "height"), [SIZES[3], SIZES[1]])
def test_a_turn_with_many_choices_still_fits(
    marvin: tuple[Page, Watch], site_url: str, width: int, height: int
) -> None:
    page, watch = marvin
    page.set_viewport_size({"width": width, "height": height})
    open_keep(page, site_url, many_choices())
    set_fast(page, "[name=pace]", PACE)
    your_turn(page)
    page.locator("#notice button[aria-label='Close this message']").click()
    assert page.locator("#choices button").count() == 11
    assert not outside(page, width, height)
    page.set_viewport_size({"width": 1280, "height": 800})
    watch.check()


def test_the_options_fit_a_small_phone_and_close_when_the_game_starts(
    marvin: tuple[Page, Watch],
) -> None:
    page, watch = marvin
    page.set_viewport_size({"width": 360, "height": 740})
    page.locator("#new-game").click()
    dialog = page.locator("#options")
    expect(dialog).to_be_visible()
    box = dialog.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360
    for select in dialog.locator("select").all():
        select_box = select.bounding_box()
        assert select_box is None or select_box["x"] + select_box["width"] <= 360
    page.locator("[name=mode]").select_option("two")
    expect(page.locator("[name=pace]")).to_be_hidden()  # no computer, no computer speed
    expect(page.locator("[name=takeback]")).to_be_hidden()
    page.locator("[name=mode]").select_option("computer")
    expect(page.locator("[name=pace]")).to_be_visible()
    before = page.evaluate(RENDERS)
    page.locator(".play-setup button[type=submit]").click()
    expect(dialog).to_be_hidden()
    page.wait_for_function(f"{RENDERS} > {before}")
    page.set_viewport_size({"width": 1280, "height": 800})
    watch.check()


def test_the_computers_first_turn_is_shown_and_logged(marvin: tuple[Page, Watch]) -> None:
    page, watch = marvin
    start_game(page, mode="computer", seed="48082", pace=PACE)
    your_turn(page)
    expect(page.locator("#log li").nth(1)).to_contain_text("Joker! The computer misses a turn.")
    expect(page.locator("#log")).to_contain_text("Turn 1: Computer draws JK")  # the details
    watch.check()


def test_the_computer_can_be_paused_and_stepped(marvin: tuple[Page, Watch]) -> None:
    page, watch = marvin
    set_fast(page, "[name=pace]", "300")
    start_game(page, mode="watch", seed="9")
    steps = STEPS
    page.wait_for_function(f"{steps} > 2")
    page.locator("#pause").click()
    expect(page.locator("#pause")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#status")).to_have_text(
        "Paused. Tap “Go on” to play on, or “Step” for one step."
    )
    # A step under way finishes; the next one is held (`data-held`) until Go on or Step.
    held = "document.querySelector('#play').hasAttribute('data-held')"
    page.wait_for_function(held)
    stopped = page.evaluate(steps)
    page.wait_for_timeout(900)
    assert page.evaluate(steps) == stopped
    for _ in range(3):
        page.locator("#step").click()
        # One step goes, and the next is held again.
        page.wait_for_function(f"{steps} > {stopped} && {held}")
        stopped += 1
        assert page.evaluate(steps) == stopped
    expect(page.locator("#status")).to_contain_text("Paused")
    page.locator("#pause").click()  # go on
    expect(page.locator("#status")).to_contain_text("is playing…")
    page.wait_for_function(f"{steps} > {stopped + 2}")
    set_fast(page, "[name=pace]", PACE)
    watch.check()


def test_a_whole_game_by_keyboard_alone(marvin: tuple[Page, Watch], site_url: str) -> None:
    page, watch = marvin
    page.locator("#new-game").focus()
    page.keyboard.press("Enter")
    page.locator("[name=mode]").focus()
    page.keyboard.type("Me")  # type-ahead: "Me against the computer"
    page.locator("[name=seed]").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("23")
    page.keyboard.press("Enter")
    expect(page.locator("#options")).to_be_hidden()
    assert page.locator("[name=mode]").input_value() == "computer"
    url = page.url
    pressed = 0
    while your_turn(page):
        # Focus is on the first new choice.
        assert page.evaluate("document.activeElement === document.querySelector('#choices button')")
        if pressed == 3:
            for key in ("n", "p", "s", "/", "f"):
                page.keyboard.press(key)
            page.wait_for_timeout(300)
            assert page.url == url, "a site shortcut left the page"
            assert not page.evaluate("document.querySelector('#__search').checked")
        before = page.evaluate(RENDERS)
        page.keyboard.press("Enter" if pressed % 2 else "1")
        page.wait_for_function(f"{RENDERS} > {before}")
        pressed += 1
        assert pressed < 300
    expect(page.locator("#end-text")).to_contain_text("won the game")
    # Focus is on "Play again"; Enter would start the next game.
    assert page.evaluate("document.activeElement.id") == "again"
    # After the game, the site's shortcuts work again.
    page.locator("h1").focus()
    page.keyboard.press("s")
    page.wait_for_function("document.querySelector('#__search').checked")
    page.keyboard.press("Escape")
    watch.check()


def test_the_game_mid_way_has_no_serious_accessibility_problem(
    marvin: tuple[Page, Watch], browser: Browser, site_url: str
) -> None:
    page, watch = marvin
    start_game(page, mode="computer", seed="12", pace=PACE)
    play(page, 6)
    assert page.locator("#log li a.rule-link").count() > 3
    problems = serious(Axe().run(page, context="#play"))
    page.locator("#new-game").click()
    problems += serious(Axe().run(page, context="#options"))
    page.locator("#options [data-close]").click()
    assert not problems, "\n".join(problems)
    watch.check()
    with booted_page(browser, f"{site_url}play/marvin/", color_scheme="dark") as (dark, _):
        set_fast(dark, "[name=pace]", PACE)
        start_game(dark, mode="computer", seed="12", pace=PACE)
        play(dark, 6)
        problems = serious(Axe().run(dark, context="#play"))
        assert not problems, "\n".join(problems)


WATCH_ANIMATIONS = """() => {
  window.animationsSeen = 0;
  if (window.watchingAnimations) return;
  window.watchingAnimations = true;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    window.animationsSeen += 1;
    return animate.apply(this, args);
  };
  const look = () => {
    const play = document.getElementById("play");
    if (play) window.animationsSeen += play.getAnimations({ subtree: true }).length;
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_nothing_moves_for_those_who_ask_for_reduced_motion(
    marvin: tuple[Page, Watch], motion: str
) -> None:
    page, watch = marvin
    page.emulate_media(reduced_motion=motion)
    set_fast(page, "[name=pace]", "250")
    start_game(page, mode="computer", seed="3", pace="250")
    your_turn(page)
    page.evaluate(WATCH_ANIMATIONS)
    before = page.evaluate(STEPS)
    play(page, 4)
    assert page.evaluate(STEPS) >= before + 8  # the steps are still shown one at a time
    seen = page.evaluate("window.animationsSeen")
    if motion == "reduce":
        assert seen == 0
    else:
        assert seen > 0
    page.emulate_media(reduced_motion="no-preference")
    set_fast(page, "[name=pace]", PACE)
    watch.check()


LAST_MARK = """() => {
  // The last move's places: how their mark looks, and how a choice glows.
  const last = [...document.querySelectorAll("#table .pirate.is-last, #table .prize.is-last")];
  const mark = (node) => {
    const after = getComputedStyle(node, "::after");
    return { id: node.id, style: after.borderTopStyle, color: after.borderTopColor };
  };
  const glow = document.querySelector("#table .is-choice");
  return {
    marks: last.map(mark),
    glow: glow && getComputedStyle(glow).borderTopColor,
    focused: document.activeElement.matches(".is-last") ? mark(document.activeElement) : null,
  };
}"""


def last_move_on_a_choice(seed: int) -> tuple[dict[str, Any], str, str]:
    """A game for two, played in CPython, just before a move whose marked pirate is one
    the next player may pick: (keep before the move, the move, that pirate's place)."""
    view = web.marvin_new({"seed": seed, "mode": "two"})
    rng = random.Random(seed)
    while not view["outcome"]:
        keep, move = dict(view["keep"]), rng.choice(view["legal"])["move"]
        view = web.marvin_move(view["id"], move)
        marks = {
            mark for step in view["steps"] if step["line"] is not None for mark in step["marks"]
        }
        for choice in view["legal"]:
            if choice["element"] in marks and choice["element"].startswith("p"):
                return keep, move, choice["element"]
    raise AssertionError(f"no such move in the game of seed {seed}")


def test_the_last_move_is_marked_apart_from_the_glow_and_stays_under_focus(
    marvin: tuple[Page, Watch], site_url: str
) -> None:
    page, watch = marvin
    keep, move, place = last_move_on_a_choice(13)
    open_keep(page, site_url, keep)
    set_fast(page, "[name=pace]", PACE)
    your_turn(page)
    before = page.evaluate(RENDERS)
    page.locator(f"#choices button[data-move='{move}']").click()
    page.wait_for_function(f"{RENDERS} > {before}")
    if page.locator(f"#{place}.is-choice").count() == 0:  # the next player's draw first
        assert page.locator("#choices button").count() == 1
        page.locator("#choices button[data-move='draw']").click()
    expect(page.locator(f"#{place}.is-choice")).to_have_count(1)
    marks = page.evaluate(LAST_MARK)
    assert place in [mark["id"] for mark in marks["marks"]]
    assert all(mark["style"] == "dotted" for mark in marks["marks"])
    assert all(mark["color"] != marks["glow"] for mark in marks["marks"])
    page.locator(f"#{place}").focus()
    focused = page.evaluate(LAST_MARK)["focused"]
    assert focused == next(mark for mark in marks["marks"] if mark["id"] == place)
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"  # the focus ring and the mark, both
    watch.check()


PLACES = """() => {
  // Where each pirate, the piles and the card in play are laid out (transforms aside:
  // motion.mjs shakes and flies them), after every step the page shows.
  const ids = ["draw-pile", "drawn", "discard"];
  for (const seat of [0, 1]) for (const at of ["GL", "GR", "CL", "CR"]) ids.push(`p${seat}-${at}`);
  const seen = { places: {}, lines: new Set(), held: new Set() };
  const layout = (node) => {
    let x = 0, y = 0;
    for (let at = node; at; at = at.offsetParent) { x += at.offsetLeft; y += at.offsetTop; }
    return `${x},${y},${node.offsetWidth}x${node.offsetHeight}`;
  };
  const record = () => {
    for (const id of ids) (seen.places[id] ||= new Set()).add(layout(document.getElementById(id)));
    const caption = document.querySelector(".mpg-caption");
    const words = document.createRange();
    words.selectNodeContents(caption);
    const tops = new Set([...words.getClientRects()].map((box) => Math.round(box.top)));
    if (caption.textContent) seen.lines.add(tops.size);
    for (const prize of document.querySelectorAll(".mpg-side .prize")) seen.held.add(prize.id);
  };
  record();
  const play = document.getElementById("play");
  new MutationObserver(record).observe(play, { attributeFilter: ["data-steps", "data-renders"] });
  window.tableSeen = () => ({
    places: Object.fromEntries(Object.entries(seen.places).map(([id, at]) => [id, [...at]])),
    lines: [...seen.lines].sort(),
    held: [...seen.held].sort(),
  });
}"""


@pytest.mark.parametrize(("width", "height"), [SIZES[3], SIZES[0]])
def test_nothing_on_the_table_moves_as_a_game_goes_on(
    marvin: tuple[Page, Watch], width: int, height: int
) -> None:
    """A prize won (the side's name and prizes share one line as tall as a prize, and the
    bank keeps each prize's place) and a caption of one line or two (two are kept for it
    on a phone) leave every pirate and pile where it was."""
    page, watch = marvin
    page.set_viewport_size({"width": width, "height": height})
    start_game(page, mode="watch", seed="11", pace=PACE)
    page.evaluate(PLACES)
    wait_for_the_end(page, "steps")
    seen = page.evaluate("tableSeen()")
    assert {"prize-cave", "prize-ship", "prize-fort"} & set(seen["held"]), "no prize was won"
    if width < 500:
        assert seen["lines"] == [1, 2], "the game had no captions of one line and of two"
    moved = {place: at for place, at in seen["places"].items() if len(at) > 1}
    assert not moved, f"at {width}x{height}, these moved: {moved}"
    page.set_viewport_size({"width": 1280, "height": 800})
    watch.check()
