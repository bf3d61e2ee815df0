"""The "Learn to play" page: each lesson finished by a scripted child, by touch.

The child taps only what glows, and always the shortest way: each lesson then ends with
three stars, on a settled table that stays in sight. One wrong tap gets its nudge, the
places to tap pulse, and the lesson stays winnable (two stars); a tap on what does not
glow gets the same help. The nudges ask for the taps the answers take. The voice says
every step and the goal again on request. The lessons work offline after one visit, axe
finds nothing, and nothing moves under reduced motion. The answers come from the engine
(pirate_rules.web.lessons), played in CPython to know which places the child taps.
"""

from __future__ import annotations

import colorsys
import re
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from siteserver import SITE, ensure_site_built, serve_site
from speech import cut_lines, silent, speech, spoken
from test_pirate_screen import COUNT_ANIMATIONS
from throttle import rate

from conftest import (
    axe_problems,
    booted_page,
    wait_until_kept,
    wait_until_ready,
    watched_context,
)
from pirate_rules.web.lessons import LESSONS, Lesson, lesson_start, lesson_tap
from pirate_rules.web.pirate_lessons import PirateLesson

pytestmark = pytest.mark.browser

PACE = "40"
"""The steps' pace in the tests, in ms (the page's own is 900)."""


SLOW = 3
"""The fake voice's pace (speech.py), in ms a character: slower than the test's steps."""

VOICES = """[
  { name: "Roboter", lang: "de-DE", default: true, localService: true },
  { name: "Far English", lang: "en-US", default: false, localService: false },
  { name: "Near English", lang: "en-GB", default: false, localService: true },
]"""

REST = "Number(document.querySelector('#play').dataset.rests || 0)"

REST_MS = int(20_000 * rate())
"""How long a step may take to come to rest: its moves at ``PACE`` and the voice's words
at ``SLOW``, a few seconds at most when idle; longer in a throttled run (a limit on a
wait for a state, never a verdict on speed)."""


def _rested(page: Page, before: int) -> str:
    page.wait_for_function(f"{REST} > {before}", timeout=REST_MS)
    return str(page.locator("#play").get_attribute("data-state"))


def tap_glowing(page: Page, place: str) -> None:
    """Tap ``place`` as a child would, after checking that it glows."""
    target = page.locator(f"#{place}")
    expect(target).to_have_class(re.compile(r"\bis-choice\b"))
    target.tap()


def shortest_taps(lesson: Lesson) -> list[list[str]]:
    """The places of each of the lesson's answers, as the engine names them."""
    view = lesson_start(lesson.key)
    taps = []
    for turn in lesson.turns:
        choice = next(c for c in view["legal"] if c["move"] == turn.answers[0])
        taps.append([choice["element"]] if choice["element"] else choice["places"])
        view = lesson_tap(view["id"], turn.answers[0])
    return taps


def open_lesson(page: Page, key: str) -> str:
    before = page.evaluate(REST)
    page.locator(f"[data-lesson={key}]").tap()
    return _rested(page, before)


def play_lesson(
    page: Page,
    lesson: Lesson | PirateLesson,
    wrong: str | None = None,
    taps: list[list[str]] | None = None,
    quiet: bool = False,
) -> None:
    """Finish ``lesson`` from its list card: tap the pile when it waits, else the answer
    (the places of ``taps``, by default those of `shortest_taps`); with ``wrong``, tap
    that glowing place once first; with ``quiet``, tap only once the voice is silent."""
    state = open_lesson(page, lesson.key)
    answers = iter(taps or shortest_taps(lesson))  # type: ignore[arg-type]
    while state != "done":
        if quiet:
            silent(page)
        before = page.evaluate(REST)
        if state == "waiting":
            tap_glowing(page, "draw-pile")
        elif wrong:
            tap_glowing(page, wrong)
            wrong = None
        else:
            for place in next(answers):
                tap_glowing(page, place)
        state = _rested(page, before)


def lessons_page(browser: Browser, url: str, **options: Any) -> Iterator[Page]:
    """The lessons page in a context of its own (``options``), with its animations counted
    and the test pace."""
    voices = options.pop("voices", VOICES)
    script = COUNT_ANIMATIONS + speech(voices, ms_per_char=SLOW)
    with booted_page(browser, url, init_script=script, has_touch=True, **options) as (
        page,
        _,
    ):
        page.evaluate(f"document.querySelector('#play').dataset.pace = '{PACE}'")
        yield page


@pytest.fixture(scope="module")
def phone(browser: Browser, site_url: str) -> Iterator[Page]:
    """The lessons at 390 x 844 by touch, with motion."""
    yield from lessons_page(
        browser, f"{site_url}play/learn/", viewport={"width": 390, "height": 844}, is_mobile=True
    )


@pytest.fixture(scope="module")
def tablet(browser: Browser, site_url: str) -> Iterator[Page]:
    """The lessons at 1024 x 768 by touch, asking for reduced motion, with no voice."""
    yield from lessons_page(
        browser,
        f"{site_url}play/learn/",
        viewport={"width": 1024, "height": 768},
        reduced_motion="reduce",
        voices="[]",
    )


@pytest.fixture(autouse=True)
def _from_the_list(request: pytest.FixtureRequest) -> None:
    """Each test starts where a child opens the page: the list of lessons, the voice off
    and the fake voice at its slow pace, even after a test before it stopped mid-lesson
    (its own failure is then the only one)."""
    for name in ("phone", "tablet"):
        if name not in request.fixturenames:
            continue
        page: Page = request.getfixturevalue(name)
        if page.locator("#to-list").is_visible():
            page.locator("#to-list").tap()
        expect(page.locator(".lesson-card").first).to_be_visible()
        page.evaluate(f"window.msPerChar = {SLOW}")
        switch = page.locator("#voice")
        if switch.get_attribute("aria-pressed") == "true":
            switch.tap()
            expect(switch).to_have_attribute("aria-pressed", "false")


def finish_every_lesson(
    page: Page,
    lessons: Sequence[Lesson | PirateLesson],
    taps: Callable[[Any], list[list[str]] | None],
    size: str,
) -> None:
    """The scripted child finishes each of ``lessons`` the shortest way (the places of
    ``taps(lesson)``), with three stars, and says how long each took."""
    expect(page.locator(".lesson-card")).to_have_count(len(lessons))
    times = {}
    for lesson in lessons:
        started = time.monotonic()
        play_lesson(page, lesson, taps=taps(lesson))
        times[lesson.key] = time.monotonic() - started
        expect(page.locator("#done-stars")).to_have_attribute(
            "aria-label", "Well done! 3 of 3 stars"
        )
        expect(page.locator("#done-words")).to_have_text(f"Well done! {lesson.praise}")
        expect(page.locator("#nudge")).to_be_hidden()
        expect(page.locator("#table .is-choice")).to_have_count(0)  # nothing left to tap
        if isinstance(lesson, Lesson):
            # A settled table: no card drawn and left unplayed (the computer's turn half
            # done), and "Well done!" pushes no crew out of sight.
            expect(page.locator("#drawn")).to_have_attribute("data-card", "")
            table = page.locator("#table").bounding_box()
            height = page.viewport_size["height"] if page.viewport_size else 0
            assert table and table["y"] + table["height"] <= height + 0.5, (lesson.key, table)
        page.locator("#to-list").tap()
    print(f"{size}: seconds per lesson at a pace of {PACE} ms:",
          {key: round(seconds, 2) for key, seconds in times.items()})  # fmt: skip
    labels = page.locator(".lesson-card__stars").evaluate_all(
        "rows => rows.map((row) => row.getAttribute('aria-label'))"
    )
    assert labels == ["3 of 3 stars"] * len(lessons)


# One test per size, each naming its page: a module's page fetched by getfixturevalue from
# a parametrized test is not reused by the tests after it, which then boot their own.
def test_a_child_finishes_every_lesson_with_three_stars_the_shortest_way_on_a_phone(
    phone: Page,
) -> None:
    finish_every_lesson(phone, LESSONS, lambda lesson: None, "phone")


def test_a_child_finishes_every_lesson_with_three_stars_the_shortest_way_on_a_tablet(
    tablet: Page,
) -> None:
    finish_every_lesson(tablet, LESSONS, lambda lesson: None, "tablet")


def test_a_wrong_tap_gets_the_nudge_and_the_lesson_stays_winnable(tablet: Page) -> None:
    lesson = next(lesson for lesson in LESSONS if lesson.key == "fort")
    play_lesson(tablet, lesson)  # three stars first: the best is kept
    tablet.locator("#to-list").tap()
    state = open_lesson(tablet, "fort")
    assert state == "choosing"
    before = tablet.locator("#table").inner_html()
    rests = tablet.evaluate(REST)
    tap_glowing(tablet, "draw-pile")  # a move the rules allow, but not the goal's
    _rested(tablet, rests)
    # Where to tap pulses: the guard that was hit (the lesson's answer), and only it.
    expect(tablet.locator("#p0-GR")).to_have_class(re.compile(r"\bis-pointed\b"))
    expect(tablet.locator("#table .is-pointed")).to_have_count(1)
    expect(tablet.locator("#nudge")).to_have_text(lesson.turns[0].nudges["draw"])
    after = tablet.locator("#table").inner_html().replace(" is-pointed", "")
    assert after == before, "a refused move changes nothing"
    # Every legal move still glows, and the answer still wins, with one star less.
    assert tablet.locator("#table .is-choice").count() == 4  # two guards, the Fort, the pile
    rests = tablet.evaluate(REST)
    tap_glowing(tablet, "p0-GR")  # the only move that names it: one tap
    assert _rested(tablet, rests) == "done"
    expect(tablet.locator("#done-stars")).to_have_attribute("aria-label", "Well done! 2 of 3 stars")
    tablet.locator("#to-list").tap()
    fort = tablet.locator("[data-lesson=fort] .lesson-card__stars")
    expect(fort).to_have_attribute("aria-label", "3 of 3 stars")  # the best is kept


def test_nothing_moves_under_reduced_motion_and_the_stars_pop_otherwise(
    phone: Page, tablet: Page
) -> None:
    for page in (phone, tablet):
        play_lesson(page, LESSONS[1])  # a shield, then the computer's hit
        page.locator("#to-list").tap()
    assert tablet.evaluate("window.animationsStarted") == 0
    assert tablet.evaluate("document.getAnimations().length") == 0
    assert phone.evaluate("window.animationsStarted") > 0


@pytest.mark.parametrize("width,height", [(390, 844), (768, 1024), (1024, 768), (1280, 800)])
def test_the_goal_the_table_and_the_nudge_fit_the_screen(
    phone: Page, width: int, height: int
) -> None:
    phone.set_viewport_size({"width": width, "height": height})
    try:
        assert open_lesson(phone, "captain") == "waiting"
        rests = phone.evaluate(REST)
        tap_glowing(phone, "draw-pile")
        _rested(phone, rests)
        rests = phone.evaluate(REST)
        tap_glowing(phone, "p1-GR")
        _rested(phone, rests)
        expect(phone.locator("#nudge")).to_be_visible()
        boxes = {
            name: phone.locator(selector).bounding_box()
            for name, selector in [
                ("goal", ".lesson-goal"),
                ("nudge", "#nudge"),
                ("table", "#table"),
                ("pirate", "#p1-CL"),
            ]
        }
        for name, box in boxes.items():
            assert box is not None, name
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (name, box)
            assert box["y"] >= 48 and box["y"] + box["height"] <= height + 0.5, (name, box)
        assert boxes["pirate"]["width"] >= 44 and boxes["pirate"]["height"] >= 44
        phone.locator("#to-list").tap()
    finally:
        phone.set_viewport_size({"width": 390, "height": 844})


def test_axe_finds_nothing_on_the_list_nor_in_a_finished_lesson(phone: Page) -> None:
    assert axe_problems(phone, "#play") == []
    play_lesson(phone, LESSONS[4])
    assert axe_problems(phone, "#play") == []
    phone.locator("#to-list").tap()


def test_the_lessons_and_their_stars_are_there_offline_after_one_visit(browser: Browser) -> None:
    ensure_site_built()
    context, watch = watched_context(browser, has_touch=True)
    try:
        page = context.new_page()
        with serve_site(SITE) as base:
            page.goto(f"{base}play/learn/")
            wait_until_ready(page)
            page.evaluate(f"document.querySelector('#play').dataset.pace = '{PACE}'")
            play_lesson(page, LESSONS[0])
            wait_until_kept(page, "ready")
        context.set_offline(True)  # and the server is gone
        page.reload()
        wait_until_ready(page)
        first = page.locator(f"[data-lesson={LESSONS[0].key}] .lesson-card__stars")
        expect(first).to_have_attribute("aria-label", "3 of 3 stars")  # kept in the browser
        page.evaluate(f"document.querySelector('#play').dataset.pace = '{PACE}'")
        play_lesson(page, LESSONS[-1])
        expect(page.locator("#done-words")).to_contain_text("you won")
        page.locator("#to-list").tap()
        page.locator("#afresh").tap()
        page.locator("#afresh-yes").tap()
        expect(page.locator(".lesson-card__stars[aria-label='not played yet']")).to_have_count(
            len(LESSONS)
        )
        page.reload()
        wait_until_ready(page)
        expect(first).to_have_attribute("aria-label", "not played yet")
        watch.check()
    finally:
        context.close()


def said(view: dict[str, Any]) -> list[str]:
    """What the page says of a lesson's view: each step's words, then the view's."""
    return [step["say"] for step in view["steps"] if step["say"]] + [view["say"]]


def test_the_voice_says_the_family_words_of_a_lesson_slowly_and_stops_when_hidden(
    phone: Page,
) -> None:
    lesson = next(lesson for lesson in LESSONS if lesson.key == "shield")
    view = lesson_start("shield")
    expected = said(view) + said(lesson_tap(view["id"], "GR")) + said(lesson_tap(view["id"], "GL"))
    switch = phone.locator("#voice")
    expect(switch).to_have_text("Voice: off")
    switch.tap()
    expect(switch).to_have_attribute("aria-pressed", "true")
    phone.evaluate("window.spoken = []; window.cancelled = 0")
    play_lesson(phone, lesson, wrong="p0-GR", quiet=True)
    silent(phone)
    assert spoken(phone) == expected
    assert lesson.turns[0].nudge in expected and expected[-1].startswith("Well done!")
    assert {(line["rate"], line["voice"]) for line in phone.evaluate("window.spoken")} == {
        (0.8, "Near English")
    }
    # Each sentence waits for the one before: never two at once, none cut short.
    assert cut_lines(phone) == [] and phone.evaluate("window.overlaps") == 0
    cancelled = phone.evaluate("window.cancelled")
    phone.evaluate("""() => {
        Object.defineProperty(document, "hidden", { value: true, configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    assert phone.evaluate("window.cancelled") == cancelled + 1
    phone.evaluate("delete document.hidden")
    phone.locator("#to-list").tap()
    switch.tap()
    expect(switch).to_have_text("Voice: off")


def test_a_lesson_says_every_step_the_childs_own_joker_too(phone: Page) -> None:
    """Lesson 9: the child's own Joker is said as well as the computer's, in order, with
    the slow voice, and no line is cut while the child waits."""
    lesson = next(lesson for lesson in LESSONS if lesson.key == "joker")
    view = lesson_start("joker")
    expected = said(view)
    assert "Joker! You miss a turn." in expected
    assert expected.index("Joker! You miss a turn.") < expected.index(
        "Joker! The computer misses a turn."
    )
    switch = phone.locator("#voice")
    if switch.get_attribute("aria-pressed") != "true":
        switch.tap()
    phone.evaluate("window.spoken = []")
    state = open_lesson(phone, lesson.key)
    while state == "waiting":  # the child's draws: a Joker, then their card
        silent(phone)
        rests = phone.evaluate(REST)
        tap_glowing(phone, "draw-pile")
        state = _rested(phone, rests)
    silent(phone)
    assert spoken(phone) == expected
    assert cut_lines(phone) == []
    phone.locator("#to-list").tap()
    switch.tap()
    expect(switch).to_have_text("Voice: off")


def test_the_speakers_say_the_goal_and_the_last_step_again(phone: Page) -> None:
    """Big speaker buttons by the goal and by the table's caption say the goal, and what
    just happened with what to do, again (the voice switched off: the child asked); a
    tap of the child's cuts it short."""
    lesson = next(lesson for lesson in LESSONS if lesson.key == "hit")
    expect(phone.locator("#voice")).to_have_text("Voice: off")
    assert open_lesson(phone, lesson.key) == "waiting"
    goal = phone.locator(".lesson-goal .play-hear")
    hear = phone.locator("#table .play-hear")
    for button in (goal, hear):
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
    goal.tap()
    assert spoken(phone)[-1] == lesson.goal
    silent(phone)
    phone.evaluate("window.msPerChar = 0")  # the next line lasts until it is cut
    hear.tap()
    words = [phone.locator(selector).text_content() for selector in (".mpg-caption", "#status")]
    again = " ".join(str(text) for text in words if text)
    assert spoken(phone)[-1] == again
    tap_glowing(phone, "draw-pile")  # the child's tap, while the words are being said
    phone.wait_for_function("window.spoken.at(-1).cut")
    assert cut_lines(phone)[-1:] == [again]
    phone.evaluate(f"window.msPerChar = {SLOW}")
    phone.locator("#to-list").tap()


def test_well_done_leaves_the_table_in_sight_on_a_phone(phone: Page) -> None:
    """Lesson 2 ends with the computer's hit on the child's shielded guard, at the
    bottom: "Well done!" takes the goal's place and pushes that crew out of nothing."""
    play_lesson(phone, next(lesson for lesson in LESSONS if lesson.key == "shield"))
    table = phone.locator("#table").bounding_box()
    assert table and table["y"] + table["height"] <= 844 + 0.5, table
    expect(phone.locator("#done")).to_be_visible()
    phone.locator("#to-list").tap()


def test_a_tap_on_what_does_not_glow_shows_where_to_tap(tablet: Page) -> None:
    """Lesson 7: the Ship the goal is about, and a pirate of the computer's, do not glow:
    a tap on either gets the turn's nudge, the places to tap pulse, and it costs no star."""
    lesson = next(lesson for lesson in LESSONS if lesson.key == "ship")
    assert open_lesson(tablet, "ship") == "choosing"
    for place in ("prize-ship", "p1-GL"):
        nudges = int(tablet.locator("#play").get_attribute("data-nudges") or 0)
        tablet.locator(f"#{place}").tap(force=True)  # it does not glow: no move to play
        expect(tablet.locator("#play")).to_have_attribute("data-nudges", str(nudges + 1))
        expect(tablet.locator("#nudge")).to_have_text(lesson.turns[0].nudge)
        pointed = tablet.locator("#table .is-pointed").evaluate_all("nodes => nodes.map(n => n.id)")
        assert pointed == ["p0-GL", "p0-CL", "p0-CR"], (place, pointed)
    for place in shortest_taps(lesson)[0]:
        tap_glowing(tablet, place)
    tablet.wait_for_function("document.querySelector('#play').dataset.state === 'done'")
    expect(tablet.locator("#done-stars")).to_have_attribute("aria-label", "Well done! 3 of 3 stars")
    tablet.locator("#to-list").tap()


@pytest.mark.parametrize("key", ["cave", "fort"])
def test_the_nudge_asks_for_the_taps_the_answer_takes(tablet: Page, key: str) -> None:
    """The Cave and the Fort take one tap on the pirate here: the nudge says one tap
    ("tap X, then Y" would be two), and one tap does it."""
    lesson = next(lesson for lesson in LESSONS if lesson.key == key)
    assert open_lesson(tablet, key) == "choosing"
    rests = tablet.evaluate(REST)
    tap_glowing(tablet, "draw-pile")  # allowed, but not the lesson's goal
    _rested(tablet, rests)
    nudge = str(tablet.locator("#nudge").text_content())
    assert " tap " in nudge, nudge
    (taps,) = shortest_taps(lesson)
    assert 1 + nudge.count(", then ") == len(taps) == 1, nudge
    rests = tablet.evaluate(REST)
    tap_glowing(tablet, taps[0])
    assert _rested(tablet, rests) == "done"
    tablet.locator("#to-list").tap()


def test_a_knock_out_is_not_marked_with_the_stars_a_lesson_earns(phone: Page) -> None:
    """Five lesson cards show a knock-out in their goal: its mark is drawn in no colour
    near the yellow of the stars (the cards' own star rows are the only stars)."""
    marks = phone.evaluate("""() => [...document.querySelectorAll(".lesson-card .goal-ko use")]
        .map((use) => [...document.querySelector(use.getAttribute("href")).querySelectorAll("*")]
            .flatMap((node) => [node.getAttribute("fill"), node.getAttribute("stroke")])
            .filter((colour) => colour && colour.startsWith("#")))""")
    assert len(marks) == 5
    for colours in marks:
        for colour in colours:
            digits = colour[1:] if len(colour) == 7 else "".join(d * 2 for d in colour[1:])
            red, green, blue = (int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
            hue, _, saturation = colorsys.rgb_to_hls(red, green, blue)
            assert not (30 <= hue * 360 <= 70 and saturation > 0.4), colour


def test_a_browser_with_no_voice_says_so_on_the_switch(tablet: Page) -> None:
    switch = tablet.locator("#voice")
    expect(switch).to_have_text("No voice in this browser")
    expect(switch).to_be_disabled()
