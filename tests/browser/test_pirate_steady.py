"""The Pirate table stays put under the players' fingers: face to face at 1024x768, a
whole game with sunk ships, captured ships and a seat out of cards never moves Turn,
Play or Claim; on a phone turned sideways (844x390, 667x375) both seats' buttons and
Pause are in reach, uncovered, and stay put across sinks and a seat running out of
cards; a shared game opened on a tablet shows both seats' buttons at once; and at the
end of a game at 1280x800 every captured ship can be seen, none under a Claim button.
One page (a touch screen, so that two people sit face to face) does it all."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from test_pirate import KEYS, STACKED, STRUCK_TOGETHER, new_game, settle_scroll
from test_pirate_screen import mid_game, stacked_until  # noqa: F401 (a fixture)

from conftest import Watch, booted_page

pytestmark = pytest.mark.browser

PLAY_THE_RECORD = """async ([moments, keys, from = 0, controls = ".pir-action"]) => {
    const together = STRUCK_TOGETHER;
    // Press each moment's keys in the page (the game being at moment `from`), wait until
    // it is drawn, and note where each shown control is then, and which of them are not
    // wholly in the window below the header or not what lies at their centre; the game's
    // last moment (its end) is not measured.
    const root = document.querySelector("#play");
    const header = document.querySelector(".md-header").getBoundingClientRect().bottom;
    const named = (button) => button.dataset.seat === undefined ? button.id
        : `seat ${button.dataset.seat} ${button.dataset.action}`;
    const outOfReach = (button, box) => {
        const inside = box.top >= header - 1 && box.left >= -1
            && box.bottom <= innerHeight + 1 && box.right <= innerWidth + 1;
        if (!inside) return `outside the ${innerWidth}x${innerHeight} window`;
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return !button.contains(hit) && `under ${hit?.outerHTML.slice(0, 60)}`;
    };
    const drawn = (number) => new Promise((done) => {
        const look = () => Number(root.dataset.moment) >= number;
        if (look()) return done();
        const watch = new MutationObserver(() => look() && (watch.disconnect(), done()));
        watch.observe(root, {attributes: true, attributeFilter: ["data-moment"]});
    });
    const places = [];
    for (const [index, letters] of moments.entries()) {
        // Both presses made before either is handled: one moment's presses bear one time,
        // however long the page takes over the first (a slow page must not split them).
        const presses = together([...letters].flatMap(
            (letter, seat) => letter === "W" ? [] : [keys[seat][letter]]));
        presses.forEach((press) => document.activeElement.dispatchEvent(press));
        await drawn(from + index + 1);
        if (!document.querySelector("#end").hidden) break;
        const shown = [...document.querySelectorAll(controls)].filter(
            (button) => button.checkVisibility({visibilityProperty: true}));
        const boxes = shown.map((button) => [button, button.getBoundingClientRect()]);
        places.push({
            moment: from + index + 1,
            sunk: document.querySelectorAll(".pir-sunk li").length,
            pending: [...document.querySelectorAll(".pir-action--pending")].map(named),
            buttons: Object.fromEntries(boxes.map(([button, box]) =>
                [named(button), [box.x, box.y, box.width, box.height].map(Math.round)])),
            out: boxes.filter(([button, box]) => outOfReach(button, box)).map(
                ([button, box]) => `${named(button)} at ${[box.x, box.y, box.width, box.height]
                    .map(Math.round)} ${outOfReach(button, box)}`),
        });
    }
    return places;
}""".replace("STRUCK_TOGETHER", STRUCK_TOGETHER)


@pytest.fixture(scope="module")
def won_by_the_near_seat(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole game (seed 1, expert against casual) that the left seat wins with five
    ships, out of cards at the end."""
    from pirate_rules import web

    view = web.pirate_new({"seed": 1, "seats": ["expert", "casual"]})
    while view["outcome"] is None:
        view = web.pirate_tick(view["id"])
    assert len(view["seats"][0]["captured"]) == 5 and view["seats"][0]["observer"]
    path = tmp_path_factory.mktemp("pirate") / "won.json"
    path.write_text(json.dumps(web.record(view["id"])["record"]), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def tablet(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch]]:
    """A Pirate page on a touch screen: two people there sit face to face."""
    url = f"{site_url}play/pirate/"
    with booted_page(browser, url, has_touch=True, reduced_motion="reduce") as (page, watch):
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")
        yield page, watch


def in_sight(page: Page, selector: str) -> dict[str, float]:
    """The box of ``selector``, asserted to lie wholly in the window below the header."""
    found = page.locator(selector).bounding_box()
    header = page.locator(".md-header").bounding_box()
    size = page.viewport_size
    assert found is not None and header is not None and size is not None
    top, bottom = header["y"] + header["height"], size["height"]
    assert found["y"] >= top - 1 and found["y"] + found["height"] <= bottom + 1, (selector, found)
    return found


def test_face_to_face_at_1024x768_the_buttons_never_move_through_a_whole_game(
    tablet: tuple[Page, Watch],
) -> None:
    page, watch = tablet
    page.set_viewport_size({"width": 1024, "height": 768})
    new_game(page, ("person", "person"), record=STACKED, facing=True)
    page.locator("#pause").click()  # the game runs, the table fills the screen
    settle_scroll(page)
    for seat in (0, 1):  # each seat's buttons in sight, to begin with
        for action in "TPC":
            in_sight(page, f".pir-action[data-seat='{seat}'][data-action='{action}']")
    moments = json.loads(STACKED.read_text(encoding="utf-8"))["moments"]
    places: list[dict[str, Any]] = page.evaluate(PLAY_THE_RECORD, [moments, KEYS])
    assert len(places) == len(moments) - 1  # every moment but the last, which ends it
    assert any(place["sunk"] for place in places)  # the game sank a ship mid-race
    assert len(places[0]["buttons"]) == 6, places[0]
    never_moved(places)
    watch.check()


def never_moved(places: list[dict[str, Any]]) -> None:
    """Every control noted by PLAY_THE_RECORD stays within 1 px of its first place (each
    measured with no press waiting for its moment: a pressed button sits 2 px lower)."""
    first = places[0]["buttons"]
    for place in places:
        assert not place["pending"], f"moment {place['moment']}: {place['pending']} pending"
        for name, box in place["buttons"].items():
            moved = max(abs(a - b) for a, b in zip(box, first[name], strict=True))
            assert moved <= 1, f"moment {place['moment']}: {name} moved from {first[name]} to {box}"


@pytest.fixture(scope="module")
def near_the_end(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The stacked record cut after 100 moments: in the next ones Ann runs out of cards
    (her Turn and Play go, Claim stays) and a second ship sinks."""
    return stacked_until(tmp_path_factory, 100)


PILE_LABELS_WRAPPED = """() => [...document.querySelectorAll(".pir-seat")].flatMap((seat) => {
    const column = seat.getBoundingClientRect();
    return [...seat.querySelectorAll(".pir-pile")].flatMap((pile) => {
        const box = pile.getBoundingClientRect();
        const label = pile.querySelector(":scope > span:last-child");
        const text = document.createRange();  // one box per line of the label's text
        if (label) text.selectNodeContents(label);
        const lines = label ? text.getClientRects().length : 0;
        const inside = box.left >= column.left - 1 && box.right <= column.right + 1;
        return lines === 1 && inside ? [] : [`${label?.textContent}: ${lines} lines, ` +
            `${Math.round(box.left)}-${Math.round(box.right)} in ` +
            `${Math.round(column.left)}-${Math.round(column.right)}`];
    });
})"""
"""Each pile whose label wraps, or that reaches past its seat's column, described."""


@pytest.mark.parametrize(("width", "height"), [(844, 390), (667, 375)])
def test_face_to_face_on_a_phone_on_its_side_every_control_is_in_reach_and_stays(
    tablet: tuple[Page, Watch], near_the_end: Path, width: int, height: int
) -> None:
    """A phone turned sideways between two players: from the start across the first
    sink, and from moment 100 across a seat running out of cards, the second sink and a
    refused claim, both seats' Turn, Play and Claim, and Pause, are wholly in the window,
    each is what lies at its centre, and none moves by more than 1 px."""
    page, watch = tablet
    page.set_viewport_size({"width": width, "height": height})
    moments = json.loads(STACKED.read_text(encoding="utf-8"))["moments"]
    controls = ".pir-action, #pause"
    for record, start, stop in ((STACKED, 0, 24), (near_the_end, 100, 124)):
        new_game(page, ("person", "person"), record=record, resume=start > 0, facing=True)
        page.locator("#pause").click()  # the game runs, the table fills the screen
        settle_scroll(page)
        if not start:  # each pile's name and count on one line, inside its seat's column
            assert page.evaluate(PILE_LABELS_WRAPPED) == [], f"{width}x{height}"
        places: list[dict[str, Any]] = page.evaluate(
            PLAY_THE_RECORD, [moments[start:stop], KEYS, start, controls]
        )
        assert len(places) == stop - start
        assert len(places[0]["buttons"]) == 7, places[0]
        assert places[-1]["sunk"] > places[0]["sunk"]  # a ship sank on the way
        if start:
            assert len(places[-1]["buttons"]) == 5  # Ann is out of cards: her Claim alone
            # Ben claims with cards in hand: refused, his seat says why, nothing moves.
            places += page.evaluate(PLAY_THE_RECORD, [["WC"], KEYS, stop, controls])
            expect(page.locator(".pir-seat--1 .pir-seat__note")).to_contain_text("Not now")
        for place in places:
            assert not place["out"], f"{width}x{height}, moment {place['moment']}: {place['out']}"
        never_moved(places)
    page.keyboard.press("Escape")
    watch.check()


@pytest.mark.parametrize(("width", "height"), [(844, 390), (667, 375)])
def test_a_finished_game_opened_face_to_face_on_a_phone_on_its_side_shows_its_end(
    tablet: tuple[Page, Watch], won_by_the_near_seat: Path, width: int, height: int
) -> None:
    """The end of a finished game, with what can be done next, lies above the table:
    opened face to face in a short window, it is the end that is brought into sight,
    with its first button focused, even after another finished game."""
    page, watch = tablet
    page.set_viewport_size({"width": width, "height": height})
    new_game(page, ("person", "person"), record=won_by_the_near_seat, resume=True, facing=True)
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#again")).to_be_focused()
    settle_scroll(page)
    in_sight(page, "#end-title")
    in_sight(page, "#again")
    watch.check()


def test_a_shared_game_opened_on_a_tablet_shows_both_seats_buttons(
    tablet: tuple[Page, Watch],
    mid_game: Path,  # noqa: F811 (the fixture imported above)
) -> None:
    page, watch = tablet
    page.set_viewport_size({"width": 768, "height": 1024})
    # A game in mid-race, with captured and sunk ships, shared from this page...
    new_game(page, ("person", "person"), record=mid_game, resume=True)
    page.locator("#log-share").click()
    shared = page.locator(".play-link").input_value()
    # ... and opened on the tablet, where two people sit face to face.
    page.goto("about:blank")
    page.goto(shared)
    page.wait_for_selector(".play--ready", state="attached")
    expect(page.locator("#play")).to_have_attribute("data-moment", "118")
    expect(page.locator("#board")).to_have_class(re.compile(r"\bpir-table--facing\b"))
    settle_scroll(page)
    shown = page.locator(".pir-action:visible")
    expect(shown).to_have_count(4)  # Ann is out of cards: her Claim alone, and Ben's three
    for number in range(4):
        button = shown.nth(number)
        seat, action = button.get_attribute("data-seat"), button.get_attribute("data-action")
        in_sight(page, f".pir-action[data-seat='{seat}'][data-action='{action}']")
    in_sight(page, "#pause")
    # Started, the game keeps them there.
    page.locator("#pause").click()
    settle_scroll(page)
    in_sight(page, ".pir-action[data-seat='0'][data-action='C']")
    page.keyboard.press("Escape")
    watch.check()


def test_at_the_end_at_1280x800_every_captured_ship_can_be_seen(
    tablet: tuple[Page, Watch], won_by_the_near_seat: Path
) -> None:
    page, watch = tablet
    page.set_viewport_size({"width": 1280, "height": 800})
    new_game(page, ("person", "person"), record=won_by_the_near_seat, resume=True, facing=False)
    expect(page.locator("#end")).to_be_visible()
    ships = page.locator(".pir-seat--0 .pir-captured li")
    expect(ships).to_have_count(5)
    # The "Ships:" label, then each ship: what is at its centre is the ship itself.
    targets = [(".pir-seat--0 .pir-captured", "label")]
    targets += [(f".pir-seat--0 .pir-captured li:nth-child({n})", "ship") for n in range(1, 6)]
    for selector, what in targets:
        found = page.locator(selector)
        # Scrolled to as a reader scrolling down meets it: at the window's bottom edge.
        found.evaluate("(node) => node.scrollIntoView({block: 'end'})")
        box = found.bounding_box()
        assert box is not None
        x = box["x"] + (8 if what == "label" else box["width"] / 2)
        y = box["y"] + (10 if what == "label" else box["height"] / 2)
        hit = page.evaluate(
            """([selector, x, y]) => {
                const found = document.elementFromPoint(x, y);
                return document.querySelector(selector).contains(found)
                    || (found && found.outerHTML.slice(0, 90));
            }""",
            [selector, x, y],
        )
        assert hit is True, f"the {what} {selector} at ({x:.0f}, {y:.0f}) is under {hit}"
    watch.check()
