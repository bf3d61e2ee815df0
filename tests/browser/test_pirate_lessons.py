"""The "Learn to play Pirate" page: each lesson finished by a scripted child, by touch.

The child taps only what glows (the Turn, Play and Claim buttons the rules allow now),
and always the shortest way: each lesson then ends with three stars. One wrong tap gets
its nudge and leaves the lesson winnable (two stars). The lessons work offline after one
visit, axe finds nothing, nothing moves under reduced motion, and the voice says the
engine's family words. The answers come from the engine (pirate_rules.web.pirate_lessons).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from test_lessons import (
    PACE,
    REST,
    _rested,
    finish_every_lesson,
    lessons_page,
    open_lesson,
    play_lesson,
    tap_glowing,
)

from conftest import axe_problems, wait_until_kept, wait_until_ready
from pirate_rules.web.pirate_lessons import (
    PIRATE_LESSONS,
    PirateLesson,
    pirate_lesson_start,
    pirate_lesson_tap,
)

pytestmark = pytest.mark.browser

BY_KEY = {lesson.key: lesson for lesson in PIRATE_LESSONS}


def button(action: str) -> str:
    """The id of the child's button for ``action`` (T, P or C) on the lessons' table."""
    return f"action-{action}"


def taps(lesson: PirateLesson) -> list[list[str]]:
    """The shortest way through ``lesson``: one button per tap."""
    return [[button(tap.answer)] for tap in lesson.taps]


def play(page: Page, lesson: PirateLesson, wrong: str | None = None) -> None:
    play_lesson(page, lesson, wrong=wrong, taps=taps(lesson))


@pytest.fixture(scope="module")
def phone(browser: Browser, site_url: str) -> Iterator[Page]:
    """The Pirate lessons at 390 x 844 by touch, with motion and a voice (one page boots
    for every test here)."""
    yield from lessons_page(
        browser,
        f"{site_url}play/learn-pirate/",
        viewport={"width": 390, "height": 844},
        is_mobile=True,
    )


@pytest.fixture
def tablet(phone: Page) -> Iterator[Page]:
    """The same page at 1024 x 768, asking for reduced motion."""
    phone.set_viewport_size({"width": 1024, "height": 768})
    phone.emulate_media(reduced_motion="reduce")
    try:
        yield phone
    finally:
        phone.emulate_media(reduced_motion="no-preference")
        phone.set_viewport_size({"width": 390, "height": 844})


def test_a_child_finishes_every_pirate_lesson_with_three_stars_on_a_phone(phone: Page) -> None:
    finish_every_lesson(phone, PIRATE_LESSONS, taps, "phone")


def test_a_child_finishes_every_pirate_lesson_with_three_stars_on_a_tablet(tablet: Page) -> None:
    finish_every_lesson(tablet, PIRATE_LESSONS, taps, "tablet")


def test_a_wrong_tap_gets_the_nudge_and_the_pirate_lesson_stays_winnable(tablet: Page) -> None:
    lesson = BY_KEY["capture"]
    assert open_lesson(tablet, "capture") == "choosing"
    # Every legal action glows, not only the answer; Claim is not allowed, and cannot be tapped.
    expect(tablet.locator("#table .is-choice")).to_have_count(2)
    expect(tablet.locator(f"#{button('C')}")).to_be_disabled()
    before = tablet.locator("#table").inner_html()
    rests = tablet.evaluate(REST)
    tap_glowing(tablet, button("T"))  # a turn the rules allow, but not the goal's
    _rested(tablet, rests)
    expect(tablet.locator("#nudge")).to_have_text(lesson.taps[0].nudges["T"])
    assert tablet.locator("#table").inner_html() == before, "a refused action changes nothing"
    rests = tablet.evaluate(REST)
    tap_glowing(tablet, button("P"))
    assert _rested(tablet, rests) == "done"
    expect(tablet.locator("#done-stars")).to_have_attribute("aria-label", "Well done! 2 of 3 stars")
    expect(tablet.locator("#table .pir-seat--0 .pir-pile-ship")).to_have_count(1)  # captured
    tablet.locator("#to-list").tap()


def test_nothing_moves_under_reduced_motion_and_the_cards_fly_otherwise(phone: Page) -> None:
    moved = []
    for reduce in (True, False):
        phone.emulate_media(reduced_motion="reduce" if reduce else "no-preference")
        phone.evaluate("window.animationsStarted = 0")
        play(phone, BY_KEY["build"])  # turns and plays on both halves
        moved.append(phone.evaluate("window.animationsStarted"))
        if reduce:
            assert phone.evaluate("document.getAnimations().length") == 0
        phone.locator("#to-list").tap()
    assert moved[0] == 0 and moved[1] > 0, moved


def in_sight(page: Page, width: int, height: int, line: str) -> None:
    """The goal, the ``line`` under it, the table and the child's buttons are all on the
    screen at once, below the site's header, and the buttons are big enough to tap."""
    boxes = {
        name: page.locator(selector).bounding_box()
        for name, selector in [
            ("goal", ".lesson-goal"),
            ("line", line),
            ("ships", "#table .pir-ships"),
            ("computer", "#table .pir-seat--1"),
            ("turn", f"#{button('T')}"),
            ("play", f"#{button('P')}"),
        ]
    }
    for name, box in boxes.items():
        assert box is not None, name
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (name, box)
        assert box["y"] >= 48 and box["y"] + box["height"] <= height + 0.5, (name, box)
    for name in ("turn", "play"):
        assert boxes[name]["width"] >= 44 and boxes[name]["height"] >= 44, name  # type: ignore[index]


@pytest.mark.parametrize("width,height", [(390, 844), (768, 1024), (1024, 768), (1280, 800)])
def test_the_goal_the_ships_and_the_childs_buttons_fit_the_screen(
    phone: Page, width: int, height: int
) -> None:
    phone.set_viewport_size({"width": width, "height": height})
    try:
        assert open_lesson(phone, "sink") == "choosing"  # the longest goal
        in_sight(phone, width, height, "#status")
        rests = phone.evaluate(REST)
        tap_glowing(phone, button("T"))  # a wrong tap: the nudge takes the prompt's place
        _rested(phone, rests)
        in_sight(phone, width, height, "#nudge")
        phone.locator("#to-list").tap()
    finally:
        phone.set_viewport_size({"width": 390, "height": 844})


def test_a_tap_on_the_goals_button_picture_points_at_the_button_and_plays_nothing(
    phone: Page,
) -> None:
    assert open_lesson(phone, "keel") == "choosing"  # goal: the Ace, then Play, to the ship
    before = phone.locator("#table").inner_html()
    play_button = phone.locator(f"#{button('P')}")
    phone.locator("#goal-picture .goal-action").tap()
    expect(play_button).to_have_class(re.compile(r"\bis-pointed\b"))
    expect(play_button).not_to_have_class(re.compile(r"\bis-pointed\b"))  # it stops
    expect(phone.locator("#nudge")).to_be_hidden()  # no wrong tap was counted
    assert phone.locator("#table").inner_html() == before
    phone.locator("#to-list").tap()


def test_axe_finds_nothing_on_the_list_in_a_lesson_nor_at_its_end(phone: Page) -> None:
    assert axe_problems(phone, "#play") == []
    assert open_lesson(phone, "keel") == "choosing"
    assert axe_problems(phone, "#play") == []
    rests = phone.evaluate(REST)
    tap_glowing(phone, button("P"))
    assert _rested(phone, rests) == "done"
    assert axe_problems(phone, "#play") == []
    phone.locator("#to-list").tap()


def test_the_voice_says_the_family_words_of_a_pirate_lesson(phone: Page) -> None:
    lesson = BY_KEY["claim"]
    view = pirate_lesson_start("claim")
    expected = [view["say"], pirate_lesson_tap(view["id"], "T")["say"]]
    expected += [pirate_lesson_tap(view["id"], "P")["say"]]
    expected += [pirate_lesson_tap(view["id"], "C")["say"]]
    assert expected[1] == lesson.taps[0].nudges["T"]
    assert expected[2].startswith("You put the Two of spades on your ship.")
    assert expected[3].startswith("Well done! You claimed")
    switch = phone.locator("#voice")
    if switch.get_attribute("aria-pressed") != "true":
        switch.tap()
    expect(switch).to_have_attribute("aria-pressed", "true")
    phone.evaluate("window.spoken = []")
    play(phone, lesson, wrong=button("T"))
    assert [line["text"] for line in phone.evaluate("window.spoken")] == expected
    phone.locator("#to-list").tap()
    switch.tap()
    expect(switch).to_have_text("Voice: off")


def test_the_pirate_lessons_and_their_stars_are_there_offline_after_one_visit(
    phone: Page,
) -> None:
    """On the phone's page, visited once: a lesson played, then offline, and reloaded."""
    play(phone, PIRATE_LESSONS[0])
    phone.locator("#to-list").tap()
    wait_until_kept(phone, "ready")
    phone.context.set_offline(True)
    try:
        phone.reload()
        wait_until_ready(phone)
        first = phone.locator(f"[data-lesson={PIRATE_LESSONS[0].key}] .lesson-card__stars")
        expect(first).to_have_attribute("aria-label", "3 of 3 stars")  # kept in the browser
        phone.evaluate(f"document.querySelector('#play').dataset.pace = '{PACE}'")
        play(phone, BY_KEY["sink"])
        expect(phone.locator("#done-stars")).to_have_attribute(
            "aria-label", "Well done! 3 of 3 stars"
        )
        phone.locator("#to-list").tap()
        phone.locator("#afresh").tap()
        phone.locator("#afresh-yes").tap()
        expect(phone.locator(".lesson-card__stars[aria-label='not played yet']")).to_have_count(
            len(PIRATE_LESSONS)
        )
    finally:
        phone.context.set_offline(False)
