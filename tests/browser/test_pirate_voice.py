"""The Pirate play page's voice: in real time it says what matters, never two lines at
once, and never stale news. Two people share the keyboard in a kept game opened by its
link, one press at a time, so each press is one moment and the engine (played in
CPython to know them) gives the very same words: a player running out of cards, a
capture, "tap Claim!" (said at once, in place of the capture still waiting), and the
claim, said once the line before it is over. The log writes the same family words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from piratepage import eager
from playwright.sync_api import Browser, Page, expect
from speech import hide, show, speech, spoken

from conftest import (
    Watch,
    axe_problems,
    keep_python_snapshot,
    python_restored,
    wait_until_ready,
    watched_context,
)
from pirate_rules import web
from pirate_rules.web.sessions import find_session

pytestmark = pytest.mark.browser

SEED = 8
"""Two people, each playing a card whenever it fits: Blue crew (the left seat) soon has
one card left, and it fits."""
KEYS = [{"T": "f", "P": "d", "C": "s"}, {"T": "j", "P": "k", "C": "l"}]


def scenario() -> tuple[dict[str, Any], list[tuple[int, str, dict[str, Any] | None]]]:
    """The keep just before Blue crew's last card, and the presses that follow, one seat
    at a time, each with the voice's words for its moment: Blue crew plays its last
    card, then Red crew plays on until Blue crew may claim, and Blue crew claims."""
    view = web.pirate_new({"seed": SEED, "seats": ["person", "person"]})
    game = find_session(view["id"]).game
    while game.stock(0) or len(game.waste(0)) != 1 or not game.can_play(0):
        view = web.pirate_moment(view["id"], [eager(game, 0), eager(game, 1)])
    keep = view["keep"]
    presses = []
    view = web.pirate_moment(view["id"], ["P", None])
    presses.append((0, "P", view["say"]))
    while not game.can_claim(0):
        action = eager(game, 1)
        view = web.pirate_moment(view["id"], [None, action])
        presses.append((1, action, view["say"]))
    view = web.pirate_moment(view["id"], ["C", None])
    presses.append((0, "C", view["say"]))
    return keep, presses


@pytest.fixture(scope="module")
def opened(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch, Any]]:
    """The Pirate page with a voice, as wide as a laptop screen, booted once: on the
    link of the scenario's kept game (made on the home page, which starts no engine).
    Its context holds the snapshot of Python a first visit keeps (the voice is the
    matter here, not a first visit), so Python is restored."""
    keep, presses = scenario()
    context, watch = watched_context(browser, viewport={"width": 1280, "height": 800})
    keep_python_snapshot(browser, context, site_url)
    page = context.new_page()
    page.add_init_script(speech())
    page.goto(site_url)
    link = page.evaluate(
        "async ([keep, url]) => (await import(url)).shareHash('pirate', keep)",
        [keep, f"{site_url}assets/play/keep.mjs"],
    )
    page.goto(f"{site_url}play/pirate/{link}")
    wait_until_ready(page)
    assert python_restored(page), "Python started afresh despite the kept snapshot"
    yield page, watch, (keep, presses)
    watch.check()
    context.close()


def moment(page: Page) -> int:
    return int(page.locator("#play").get_attribute("data-moment") or 0)


def test_the_voice_says_what_matters_at_once_or_in_turn_and_never_stale_news(
    opened: tuple[Page, Watch, Any],
) -> None:
    page, watch, (keep, presses) = opened
    said = [say["text"] for _, _, say in presses if say]
    assert said[0] == "Blue crew is out of cards and can only claim Red crew's cards now."
    urgent = [say["text"] for _, _, say in presses if say and say["urgent"]]
    assert len(urgent) == 1 and urgent[0].startswith("Blue crew, Red crew's ")
    expect(page.locator("#play")).to_have_attribute("data-moment", str(len(keep["moves"])))
    switch = page.locator("#voice")
    if switch.get_attribute("aria-pressed") != "true":
        switch.click()
    expect(switch).to_have_text("Voice: on")
    page.evaluate("window.spoken = []; window.cancelled = 0; window.overlaps = 0")
    page.evaluate("document.activeElement.blur()")  # the keys go to the game
    expected: list[str] = []
    saying = waiting = ""
    for seat, action, say in presses:
        number = moment(page)
        page.keyboard.press(KEYS[seat][action])
        page.wait_for_function(f"Number(document.querySelector('#play').dataset.moment) > {number}")
        if say is None:
            continue
        if say["urgent"] or not saying:
            saying, waiting = say["text"], ""
            expected.append(saying)
        else:
            waiting = say["text"]  # a newer line replaces one still waiting
        assert spoken(page) == expected
    assert waiting, "the claim waits for the line before it"
    page.evaluate("window.endSpeaking()")
    expected.append(waiting)
    page.wait_for_function(f"window.spoken.length === {len(expected)}")
    assert spoken(page) == expected
    assert page.evaluate("window.overlaps") == 0
    # A capture was dropped for the news that followed, and nothing else was lost.
    assert len(expected) < len(said)
    # What is said is what the log writes.
    written = page.locator("#log li").all_inner_texts()
    for text in said:
        for sentence in text.split("! "):
            assert any(sentence.rstrip("!") in line for line in written), sentence
    assert not axe_problems(page, ".pir-bar")

    # Hidden, the page pauses the game and stops the voice at once.
    cancelled = page.evaluate("window.cancelled")
    hide(page)
    assert page.evaluate("window.cancelled") == cancelled + 1
    show(page)
    page.evaluate("window.setVoices([])")
    expect(switch).to_have_text("No voice")
    expect(switch).to_be_disabled()
    watch.check()
